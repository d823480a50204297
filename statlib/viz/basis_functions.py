"""Figures and the explorer of the linear basis function chapter (PRML section 3.1)."""

import numpy as np

from ..datasets import make_sine
from ..linear_model import GaussianBasis, PolynomialBasis, Ridge, SigmoidBasis

FAMILIES = {"polynomial": PolynomialBasis, "Gaussian": GaussianBasis, "sigmoid": SigmoidBasis}


def make_basis(family, n_basis, x_range=(0.0, 1.0)):
    """A basis of ``n_basis`` functions of one family; centres spread evenly over ``x_range``.

    Polynomial bases take powers 1..n_basis on x rescaled to [-1, 1] over ``x_range`` (so that high powers stay
    well conditioned); Gaussian and sigmoid bases take the centre spacing as their width (sigmoids: a quarter
    of it, so that each one switches between neighbouring centres).
    """
    if family not in FAMILIES:
        raise ValueError(f"family must be one of {sorted(FAMILIES)}, got {family!r}")
    lo, hi = x_range
    if family == "polynomial":
        from sklearn.pipeline import make_pipeline
        from sklearn.preprocessing import FunctionTransformer

        rescale = FunctionTransformer(lambda X: 2 * (np.asarray(X) - lo) / (hi - lo) - 1)
        return make_pipeline(rescale, PolynomialBasis(n_basis))
    centres = np.linspace(lo, hi, n_basis)
    spacing = (hi - lo) / max(n_basis - 1, 1)
    width = spacing if family == "Gaussian" else spacing / 4
    return FAMILIES[family](centers=centres, width=width)


def plot_basis_families(axes=None):
    """PRML Fig. 3.1: polynomials x^j, Gaussians (3.4) and sigmoids (3.5) on [-1, 1]."""
    import matplotlib.pyplot as plt

    if axes is None:
        _, axes = plt.subplots(1, 3, figsize=(12, 3.4))
    x = np.linspace(-1, 1, 401).reshape(-1, 1)
    panels = [
        ("polynomials $x^j$, $j=1..11$", PolynomialBasis(11).fit(x)),
        ("Gaussians (3.4), $s=0.1$", GaussianBasis(centers=np.linspace(-1, 1, 11), width=0.1).fit(x)),
        ("sigmoids (3.5), $s=0.1$", SigmoidBasis(centers=np.linspace(-1, 1, 11), width=0.1).fit(x)),
    ]
    for ax, (title, basis) in zip(axes, panels):
        ax.plot(x.ravel(), basis.transform(x), lw=1.2)
        ax.set(title=title, xlabel="$x$", ylabel=r"$\phi_j(x)$", xlim=(-1, 1))
    return axes


def fit_curve(family, n_basis, lam, x, t, grid):
    """Fit ``t`` on ``x`` with ``n_basis`` functions of ``family`` and ridge penalty ``lam``; predict on ``grid``."""
    from sklearn.pipeline import make_pipeline

    model = make_pipeline(make_basis(family, n_basis), Ridge(alpha=lam)).fit(x.reshape(-1, 1), t)
    return model, model.predict(grid.reshape(-1, 1))


def draw_fit(family="Gaussian", n_basis=9, log10_lambda=-3.0, n_samples=15, seed=0):
    """The fit of noisy sin(2 pi x) (left) and the train/test error against log10 lambda (right)."""
    import matplotlib.pyplot as plt

    x, t = make_sine(n_samples, random_state=seed)
    xt, tt = make_sine(200, random_state=seed + 1, evenly_spaced=False)
    grid = np.linspace(0, 1, 300)
    lam = 10.0**log10_lambda
    _, curve = fit_curve(family, n_basis, lam, x, t, grid)
    fig, (a0, a1) = plt.subplots(1, 2, figsize=(11, 3.8))
    a0.plot(grid, np.sin(2 * np.pi * grid), color="C2", label=r"$\sin 2\pi x$")
    a0.plot(x, t, "o", mfc="none", color="C0", label="training data")
    a0.plot(grid, curve, color="C3", label="fit")
    title = f"{family}, M-1 = {n_basis}, log10 λ = {log10_lambda:.1f}"
    a0.set(xlabel="$x$", ylabel="$t$", ylim=(-1.6, 1.6), title=title)
    a0.legend(loc="upper right", fontsize=8)
    logs = np.linspace(-8, 1, 37)
    rms = np.array([train_test_rms(family, n_basis, 10.0**g, x, t, xt, tt) for g in logs])
    a1.plot(logs, rms[:, 0], color="C0", label="training")
    a1.plot(logs, rms[:, 1], color="C3", label="test")
    a1.axvline(log10_lambda, color="0.5", ls=":")
    a1.set(xlabel=r"$\log_{10}\lambda$", ylabel=r"$E_{\mathrm{RMS}}$", title="error against the penalty")
    a1.legend(fontsize=8)
    fig.tight_layout()
    return fig


def train_test_rms(family, n_basis, lam, x, t, xt, tt):
    """Root-mean-square error (E_RMS) on the training points ``x``, ``t`` and on the test points ``xt``, ``tt``."""
    model, _ = fit_curve(family, n_basis, lam, x, t, x[:1])
    train = np.sqrt(np.mean((model.predict(x.reshape(-1, 1)) - t) ** 2))
    test = np.sqrt(np.mean((model.predict(xt.reshape(-1, 1)) - tt) ** 2))
    return train, test


def basis_explorer():
    """A basis family menu, a slider for the number of basis functions and one for log10 lambda."""
    import ipywidgets as widgets

    from ._common import explorer_panel

    family = widgets.Dropdown(options=list(FAMILIES), value="Gaussian", description="basis")
    n_basis = widgets.IntSlider(value=9, min=1, max=14, description="M - 1")
    log_lambda = widgets.FloatSlider(value=-3.0, min=-8.0, max=1.0, step=0.5, description="log10 λ")

    def draw():
        return draw_fit(family.value, n_basis.value, log_lambda.value)

    return explorer_panel([[family, n_basis, log_lambda]], draw)


def demo_explorer():
    """The basis explorer on noisy sin(2 pi x)."""
    return basis_explorer()


def q_ball(q, n=721):
    """Points (w1, w2) on the unit q-norm sphere |w1|^q + |w2|^q = 1."""
    theta = np.linspace(0, 2 * np.pi, n)
    c, s = np.cos(theta), np.sin(theta)
    r = (np.abs(c) ** q + np.abs(s) ** q) ** (-1.0 / q)
    return r * c, r * s


def plot_q_contours(qs=(0.5, 1.0, 2.0, 4.0), axes=None):
    """PRML Fig. 3.3: contours of the regulariser sum_j |w_j|^q of (3.29) for several q."""
    import matplotlib.pyplot as plt

    if axes is None:
        _, axes = plt.subplots(1, len(qs), figsize=(3 * len(qs), 3.1))
    for ax, q in zip(axes, qs):
        for level in (0.25, 0.5, 0.75, 1.0):
            u, v = q_ball(q)
            ax.plot(level ** (1 / q) * u, level ** (1 / q) * v, color="C0", lw=1.0 if level < 1 else 2.0)
        ax.set(title=f"q = {q:g}", xlabel="$w_1$", ylabel="$w_2$", xlim=(-1.2, 1.2), ylim=(-1.2, 1.2), aspect="equal")
    return axes


def constrained_minimum(center, A, q, radius=1.0, n=20001):
    """The minimiser of (w - c)^T A (w - c) over the q-ball sum |w_j|^q <= radius^q (by a dense search of its
    boundary, for a centre outside the ball)."""
    u, v = q_ball(q, n)
    W = radius * np.column_stack([u, v]) - center
    values = np.einsum("ij,jk,ik->i", W, A, W)
    i = int(np.argmin(values))
    return radius * np.array([u[i], v[i]])


def plot_constraint_regions(center=(1.5, 0.3), A=((1.0, 0.6), (0.6, 0.9)), axes=None):
    """PRML Fig. 3.4: error contours around w_ML and the constraint regions for q = 2 and q = 1; the lasso's
    constrained optimum lies on a corner (w_1 axis), where w_2 = 0."""
    import matplotlib.pyplot as plt

    center, A = np.asarray(center, float), np.asarray(A, float)
    if axes is None:
        _, axes = plt.subplots(1, 2, figsize=(8, 3.9))
    g1, g2 = np.meshgrid(np.linspace(-1.5, 2.5, 241), np.linspace(-1.5, 2.0, 211))
    D = np.stack([g1 - center[0], g2 - center[1]], axis=-1)
    E = np.einsum("...i,ij,...j->...", D, A, D)
    for ax, q in zip(axes, (2.0, 1.0)):
        w = constrained_minimum(center, A, q)
        level = (w - center) @ A @ (w - center)
        ax.contour(g1, g2, E, levels=level * np.array([0.25, 0.6, 1.0, 1.6]), colors="C3", linewidths=1)
        u, v = q_ball(q)
        ax.fill(u, v, color="C0", alpha=0.25)
        ax.plot(*center, "x", color="C3")
        ax.annotate(r"$\mathbf{w}_{\mathrm{ML}}$", center + [0.05, 0.08], color="C3")
        ax.plot(*w, "o", color="k", ms=5)
        ax.annotate(r"$\mathbf{w}^{*}$", w + [0.07, 0.07])
        ax.axhline(0, color="0.6", lw=0.6)
        ax.axvline(0, color="0.6", lw=0.6)
        ax.set(title=f"q = {q:g}", xlabel="$w_1$", ylabel="$w_2$", aspect="equal", xlim=(-1.5, 2.5), ylim=(-1.5, 2))
    return axes


def plot_projection(Phi, t, ax=None):
    """PRML Fig. 3.2 for N = 3, M = 2: the plane S spanned by the columns of Phi, the target t, and its
    orthogonal projection y = Phi w_ML."""
    import matplotlib.pyplot as plt

    Phi, t = np.asarray(Phi, float), np.asarray(t, float)
    if ax is None:
        fig = plt.figure(figsize=(6, 5))
        ax = fig.add_subplot(projection="3d")
    w = np.linalg.lstsq(Phi, t, rcond=None)[0]
    y = Phi @ w
    a, b = np.meshgrid(np.linspace(-0.4, 1.4, 2), np.linspace(-0.4, 1.4, 2))
    plane = a[..., None] * Phi[:, 0] + b[..., None] * Phi[:, 1]
    ax.plot_surface(plane[..., 0], plane[..., 1], plane[..., 2], alpha=0.25, color="C0")
    for vec, colour, label in (
        (Phi[:, 0], "C0", r"$\varphi_1$"),
        (Phi[:, 1], "C0", r"$\varphi_2$"),
        (t, "C3", r"$\mathbf{t}$"),
        (y, "C2", r"$\mathbf{y}$"),
    ):
        ax.quiver(0, 0, 0, *vec, color=colour, arrow_length_ratio=0.08)
        ax.text(*(vec * 1.05), label, color=colour)
    ax.plot(*np.column_stack([y, t]), color="0.3", ls="--")
    ax.set(xlabel="$n=1$", ylabel="$n=2$", zlabel="$n=3$", title="least squares as projection onto $S$")
    return ax
