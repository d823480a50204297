"""Figures and the explorer of the PCA/PPCA chapter (MLAPP §12.2-12.3): PCA versus PPCA projections in 2-D
(MLAPP Fig. 12.5), Roweis' EM for PCA step by step (Fig. 12.11), and the profile likelihood (12.70)-(12.72)."""

import numpy as np

from .._validation import check_array, check_int, check_real, check_vector
from ._common import explorer_panel

__all__ = [
    "demo_data",
    "demo_explorer",
    "em_pca_iterates",
    "explorer",
    "plot_em_state",
    "plot_projection",
    "ppca_reconstruction",
    "profile_log_likelihood",
]


def demo_data(n=40, random_state=0):
    """A 2-D Gaussian cloud elongated along (1, 1): the kind of data of MLAPP Figs. 12.5 and 12.11."""
    n = check_int(n, "n", low=2)
    rng = np.random.default_rng(random_state)
    R = np.array([[1.0, -1.0], [1.0, 1.0]]) / np.sqrt(2.0)
    return rng.normal(size=(n, 2)) * [2.0, 0.6] @ R.T + [1.0, 2.0]


def ppca_reconstruction(X, noise_variance, n_components=1):
    """PPCA with a given sigma^2: W = V_L (Lambda_L - sigma^2 I)^{1/2} (12.61), the posterior means
    E[z | x] = F^{-1} W^T (x - mu) (12.63)-(12.64) and the reconstructions W E[z | x] + mu.

    ``noise_variance`` must lie in [0, lambda_L); sigma^2 = 0 is PCA's orthogonal projection. Returns
    ``(Z, X_hat, W)``."""
    X = check_array(X, "X", min_rows=2)
    L = check_int(n_components, "n_components", low=1, high=X.shape[1])
    mu = X.mean(axis=0)
    lam, V = np.linalg.eigh(np.cov(X.T, bias=True).reshape(X.shape[1], X.shape[1]))
    lam, V = lam[::-1][:L], V[:, ::-1][:, :L]
    s2 = check_real(noise_variance, "noise_variance", low=0.0)
    if s2 >= lam[-1]:
        raise ValueError(f"noise_variance must be below lambda_L = {lam[-1]:.4g}, got {s2}")
    W = V * np.sqrt(lam - s2)  # (12.61), R = I
    F = W.T @ W + s2 * np.eye(L)  # (12.64)
    Z = np.linalg.solve(F, W.T @ (X - mu).T).T  # (12.63)
    return Z, Z @ W.T + mu, W


def plot_projection(ax, X, noise_variance, *, title=None):
    """MLAPP Fig. 12.5: data (circles), reconstructions (crosses) joined to their data points, the principal line
    and the mean (star), for PPCA with the given sigma^2 (0 is PCA)."""
    _, X_hat, W = ppca_reconstruction(X, noise_variance)
    mu = X.mean(axis=0)
    d = W[:, 0] / np.linalg.norm(W[:, 0])
    t = np.array([-1.0, 1.0]) * 1.3 * np.abs((X - mu) @ d).max()
    ax.plot(mu[0] + t * d[0], mu[1] + t * d[1], color="C0", lw=1.5, label="principal direction")
    for a, b in zip(X, X_hat):
        ax.plot([a[0], b[0]], [a[1], b[1]], color="0.6", lw=0.7)
    ax.scatter(X[:, 0], X[:, 1], facecolors="none", edgecolors="C2", s=30, label="data $x_i$")
    ax.scatter(X_hat[:, 0], X_hat[:, 1], marker="x", color="k", s=25, label=r"reconstruction $W\,E[z_i|x_i]+\mu$")
    ax.scatter(*mu, marker="*", color="C3", s=200, zorder=5, label=r"mean $\bar{x}$")
    ax.set(xlabel="$x_1$", ylabel="$x_2$", aspect="equal")
    if title:
        ax.set_title(title)


def em_pca_iterates(X, w0, n_steps):
    """Roweis' EM for PCA in the D x 1 case: the rod w and the attachment points z after each E-step (12.65) and
    each M-step (12.66). Returns a list of ``(label, w, z)``, starting with the E-step at ``w0``."""
    X = check_array(X, "X", min_rows=2)
    w = check_vector(w0, "w0").copy()
    if w.shape[0] != X.shape[1] or not np.any(w):
        raise ValueError(f"w0 must be a non-zero vector of length {X.shape[1]}")
    n_steps = check_int(n_steps, "n_steps", low=1)
    Xc = X - X.mean(axis=0)
    states = []
    for t in range(1, n_steps + 1):
        z = Xc @ w / (w @ w)  # (12.65) E-step
        states.append((f"E-step {t}", w.copy(), z))
        w = Xc.T @ z / (z @ z)  # (12.66) M-step
        states.append((f"M-step {t}", w.copy(), z))
    return states


def plot_em_state(ax, X, w, z, *, title=None):
    """MLAPP Fig. 12.11: data (stars), the rod w through the mean, and the attachment points mu + z_i w."""
    mu = X.mean(axis=0)
    P = mu + np.outer(z, w)
    d = w / np.linalg.norm(w)
    t = np.array([-1.0, 1.0]) * 1.3 * np.abs(X - mu).max() * np.sqrt(2.0)
    ax.plot(mu[0] + t * d[0], mu[1] + t * d[1], color="C0", lw=1.5, label="rod $w$")
    for a, b in zip(X, P):
        ax.plot([a[0], b[0]], [a[1], b[1]], color="0.6", lw=0.7)
    ax.scatter(X[:, 0], X[:, 1], marker="*", color="C2", s=40, label="data")
    ax.scatter(P[:, 0], P[:, 1], facecolors="none", edgecolors="k", s=25, label=r"$\mu + z_i w$")
    ax.set(xlabel="$x_1$", ylabel="$x_2$", aspect="equal")
    lim = np.abs(X - mu).max() * 1.4
    ax.set(xlim=(mu[0] - lim, mu[0] + lim), ylim=(mu[1] - lim, mu[1] + lim))
    if title:
        ax.set_title(title)


def profile_log_likelihood(lam):
    """The profile log-likelihood l(L) of Zhu and Ghodsi (2006), MLAPP (12.70)-(12.72), for L = 1, ..., K - 1.

    ``lam`` are the K values lambda_1 >= ... >= lambda_K (eigenvalues, or any decreasing error measure). The first
    L and the last K - L are modelled as Gaussians with means mu_1(L), mu_2(L) (12.70) and a pooled variance
    sigma^2(L) with divisor K (12.71); l(L) sums their log-densities (12.72). Returns an array of length K - 1
    (entry L - 1 is l(L)).
    """
    lam = check_vector(lam, "lam", min_length=2)
    if np.any(np.diff(lam) > 0):
        raise ValueError("lam must be sorted in decreasing order")
    K = len(lam)
    out = np.empty(K - 1)
    for L in range(1, K):
        a, b = lam[:L], lam[L:]
        m1, m2 = a.mean(), b.mean()  # (12.70)
        s2 = (((a - m1) ** 2).sum() + ((b - m2) ** 2).sum()) / K  # (12.71)
        s2 = max(s2, np.finfo(float).tiny)
        r = np.concatenate([a - m1, b - m2])
        out[L - 1] = -0.5 * K * np.log(2 * np.pi * s2) - 0.5 * (r**2).sum() / s2  # (12.72)
    return out


def explorer(X, w0, *, n_steps=6):
    """Left: PPCA's reconstructions as sigma^2 moves from 0 (PCA) toward lambda_1 (shrinkage to the mean, Fig.
    12.5). Right: EM for PCA step by step from the rod ``w0`` (Fig. 12.11)."""
    import ipywidgets as widgets
    import matplotlib.pyplot as plt

    X = check_array(X, "X", min_rows=2)
    lam = np.linalg.eigvalsh(np.cov(X.T, bias=True))[::-1]
    states = em_pca_iterates(X, w0, n_steps)
    frac = widgets.FloatSlider(
        value=lam[1] / lam[0], min=0.0, max=0.95, step=0.05, description="σ² / λ₁", readout_format=".2f"
    )
    step = widgets.IntSlider(value=0, min=0, max=len(states) - 1, description="EM half-step")

    def draw():
        fig, (a0, a1) = plt.subplots(1, 2, figsize=(10, 4.4))
        s2 = frac.value * lam[0]
        plot_projection(a0, X, s2, title=f"PPCA with σ² = {s2:.2f} (the MLE is {lam[1]:.2f})")
        label, w, z = states[step.value]
        plot_em_state(a1, X, w, z, title=f"EM for PCA: {label}")
        a0.legend(loc="upper left", fontsize=7)
        fig.tight_layout()
        return fig

    return explorer_panel([[frac, step]], draw)


def demo_explorer():
    """The chapter's explorer on its 2-D data, EM started from the rod w = (1, -0.3)."""
    return explorer(demo_data(), np.array([1.0, -0.3]))
