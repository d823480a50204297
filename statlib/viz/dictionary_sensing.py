"""Figures and the explorer of the lecture chapter on dictionary learning and compressed sensing."""

import numpy as np

__all__ = [
    "measurement_matrix",
    "dct_basis",
    "sensing_problem",
    "recover",
    "phase_transition",
    "plot_phase_transition",
    "psnr",
    "sensing_explorer",
    "demo_explorer",
]

KINDS = ("gaussian", "bernoulli", "partial DCT")


def dct_basis(n):
    """The orthonormal DCT-II synthesis basis Psi (n x n): x = Psi s has DCT coefficients s."""
    from scipy.fft import idct

    return idct(np.eye(n), norm="ortho", axis=0)


def measurement_matrix(kind, n_measurements, n_features, rng):
    """A random (M, D) measurement matrix Phi of one of three kinds, scaled so that E ||Phi x||^2 = ||x||^2:
    ``"gaussian"`` N(0, 1/M) entries; ``"bernoulli"`` +-1/sqrt(M); ``"partial DCT"`` M rows of the identity
    chosen at random, times sqrt(D/M): the signal is sampled at M random places (with a DCT-sparse signal the
    sensing matrix A = Phi Psi is then M random rows of the DCT basis)."""
    M, D = n_measurements, n_features
    if kind == "gaussian":
        return rng.standard_normal((M, D)) / np.sqrt(M)
    if kind == "bernoulli":
        return rng.choice([-1.0, 1.0], size=(M, D)) / np.sqrt(M)
    if kind == "partial DCT":
        rows = np.sort(rng.choice(D, size=M, replace=False))
        return np.eye(D)[rows] * np.sqrt(D / M)
    raise ValueError(f"kind must be one of {KINDS}, got {kind!r}")


def sensing_problem(kind, n_features, n_nonzero, n_measurements, seed):
    """y = Phi x = Phi Psi s = A s: a k-sparse DCT coefficient vector s (Gaussian non-zeros at random places), the
    signal x = Psi s, a measurement matrix Phi of the given kind; returns (s, x, Phi, A, y)."""
    rng = np.random.default_rng(seed)
    s = np.zeros(n_features)
    s[rng.choice(n_features, n_nonzero, replace=False)] = rng.standard_normal(n_nonzero)
    Psi = dct_basis(n_features)
    x = Psi @ s
    Phi = measurement_matrix(kind, n_measurements, n_features, rng)
    return s, x, Phi, Phi @ Psi, Phi @ x


def recover(A, y, method, n_nonzero=None):
    """Recover s from y = A s: ``"l1"`` basis pursuit, ``"omp"`` orthogonal matching pursuit with ``n_nonzero``
    atoms (the columns of A are normalised for OMP and the coefficients scaled back)."""
    from statlib.sparse_coding import basis_pursuit, sparse_encode

    if method == "l1":
        return basis_pursuit(A, y)
    norms = np.linalg.norm(A, axis=0)
    z = sparse_encode(y[None, :], (A / norms).T, algorithm="omp", n_nonzero_coefs=n_nonzero)[0]
    return z / norms


def phase_transition(n_features, measurements, sparsities, n_trials, kind="gaussian", seed=0):
    """Success rates of l1 and OMP recovery over a grid: ``measurements`` (values of M) x ``sparsities`` (values of
    k); a trial succeeds when the relative error is below 1e-4. Returns (rate_l1, rate_omp), each
    (len(measurements), len(sparsities)); cells with k > M are NaN."""
    rates = {m: np.full((len(measurements), len(sparsities)), np.nan) for m in ("l1", "omp")}
    for i, M in enumerate(measurements):
        for j, k in enumerate(sparsities):
            if k > M:
                continue
            ok = {"l1": 0, "omp": 0}
            for t in range(n_trials):
                s, _, _, A, y = sensing_problem(kind, n_features, k, M, seed=seed + 1000 * t + 7 * i + 131 * j)
                for m in ok:
                    s_hat = recover(A, y, m, k)
                    ok[m] += np.linalg.norm(s_hat - s) <= 1e-4 * np.linalg.norm(s)
            for m in ok:
                rates[m][i, j] = ok[m] / n_trials
    return rates["l1"], rates["omp"]


def plot_phase_transition(ax, n_features, measurements, sparsities, rate, title):
    """Success rate as coloured squares over delta = M/D (x) and rho = k/M (y); returns the scatter for a colour bar."""
    M = np.asarray(measurements, float)[:, None]
    k = np.asarray(sparsities, float)[None, :]
    delta, rho = np.broadcast_to(M / n_features, rate.shape), k / M
    sc = ax.scatter(delta.ravel(), rho.ravel(), c=rate.ravel(), cmap="viridis", vmin=0, vmax=1, s=60, marker="s")
    ax.set_xlabel(r"$\delta = M/D$ (undersampling)")
    ax.set_ylabel(r"$\rho = k/M$ (sparsity per measurement)")
    ax.set_xlim(0, 1.05)  # room for the squares at delta = 1 and rho = 1, whose halves the edge cut off at 1.02
    ax.set_ylim(0, 1.05)
    ax.set_title(title)
    return sc


def psnr(reference, estimate, peak=1.0):
    """Peak signal-to-noise ratio 10 log10(peak^2 / mean squared error), in dB."""
    mse = np.mean((np.asarray(reference) - np.asarray(estimate)) ** 2)
    return float(10 * np.log10(peak**2 / mse))


def sensing_explorer(n_features=128):
    """A dropdown for the measurement matrix and sliders for M and k: a DCT-sparse signal's coefficients
    against their basis-pursuit and OMP recoveries."""
    import ipywidgets as widgets
    import matplotlib.pyplot as plt

    from statlib.sparse_coding import mutual_coherence

    from ._common import explorer_panel

    kind = widgets.Dropdown(options=list(KINDS), value="gaussian", description="Phi")
    m_slider = widgets.IntSlider(value=40, min=8, max=96, step=8, description="M")
    k_slider = widgets.IntSlider(value=8, min=2, max=24, step=2, description="k")

    def draw():
        s, _, _, A, y = sensing_problem(kind.value, n_features, k_slider.value, m_slider.value, seed=0)
        fig, axes = plt.subplots(1, 2, figsize=(11, 3.4), sharey=True)
        idx = np.arange(n_features)
        for ax, method in zip(axes, ("l1", "omp")):
            s_hat = recover(A, y, method, k_slider.value)
            err = np.linalg.norm(s_hat - s) / np.linalg.norm(s)
            ax.vlines(idx, 0, s, color="0.6", lw=2, label="true s")
            ax.plot(idx, s_hat, ".", color="C3", ms=5, label="recovered")
            ax.axhline(0, color="k", lw=0.5)
            ax.set_xlabel("DCT index j")
            ax.set_title(f"{'basis pursuit' if method == 'l1' else 'OMP'}: relative error {err:.2f}")
            ax.legend(loc="upper right", fontsize=8)
        axes[0].set_ylabel(r"$s_j$")
        fig.suptitle(
            f"{kind.value} Phi, M = {m_slider.value}, D = {n_features}, k = {k_slider.value}; "
            f"coherence of A = {mutual_coherence(A):.2f}"
        )
        fig.tight_layout()
        return fig

    return explorer_panel([[kind, m_slider, k_slider]], draw)


def demo_explorer():
    """The compressed-sensing explorer on a 128-dimensional DCT-sparse signal."""
    return sensing_explorer()
