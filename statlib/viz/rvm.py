"""Figures and the explorer of the relevance vector machine chapter (PRML section 7.2)."""

import numpy as np

from ..datasets import make_sine


def plot_regression(ax, model, x, t, *, grid=None, truth=np.sin, title=None, band=True):
    """An RVM (or any regressor with ``predict(X, return_std=True)``) on 1-D data: the predictive mean, a band
    of one predictive standard deviation, the data, and the relevance vectors circled (PRML Fig. 7.9)."""
    x = np.asarray(x, dtype=float)
    grid = np.linspace(x.min(), x.max(), 300) if grid is None else np.asarray(grid, dtype=float)
    mean, std = model.predict(grid[:, None], return_std=True)
    if band:
        ax.fill_between(grid, mean - std, mean + std, color="C3", alpha=0.2, label="±1 predictive std")
    if truth is not None:
        ax.plot(grid, truth(2 * np.pi * grid), color="C2", lw=1, label="sin 2πx")
    ax.plot(grid, mean, color="C3", label="predictive mean")
    ax.plot(x, t, "o", color="C0", mfc="none", ms=5, label="data")
    rv = getattr(model, "relevance_", None)
    if rv is not None:
        ax.plot(x[rv], t[rv], "o", ms=11, mfc="none", mec="k", mew=1.5, label=f"{len(rv)} relevance vectors")
    ax.set(xlabel="$x$", ylabel="$t$")
    if title:
        ax.set_title(title)
    return ax


def ellipse(C, radius=1.0, n=200):
    """Points of the ellipse x^T C^{-1} x = radius^2 (unit Mahalanobis distance for radius 1)."""
    values, vectors = np.linalg.eigh(np.asarray(C, dtype=float))
    angle = np.linspace(0, 2 * np.pi, n)
    circle = np.vstack([np.cos(angle), np.sin(angle)])
    return (vectors * np.sqrt(values)) @ circle * radius


def plot_ard_geometry(ax, t, phi, beta, alpha, title=None):
    """PRML Fig. 7.10: the N = 2 marginal covariance C = beta^{-1} I + alpha^{-1} phi phi^T (red ellipse at unit
    Mahalanobis distance), the noise alone (green dashed circle), the basis vector phi and the data t (cross)."""
    phi = np.asarray(phi, dtype=float)
    C = np.eye(2) / beta + (np.outer(phi, phi) / alpha if np.isfinite(alpha) else 0.0)
    e = ellipse(C)
    ax.plot(*e, color="C3", label="C (unit Mahalanobis distance)")
    c = ellipse(np.eye(2) / beta)
    ax.plot(*c, color="C2", ls="--", label=r"noise $\beta^{-1}I$")
    ax.annotate("", xy=phi, xytext=(0, 0), arrowprops=dict(arrowstyle="->", color="C0", lw=1.5))
    ax.text(*(1.08 * phi), r"$\varphi$", color="C0")
    ax.plot(*t, "kx", ms=10, mew=2, label=r"$\mathbf{t}$")
    lim = 1.15 * max(np.abs(e).max(), np.abs(t).max(), np.abs(phi).max())
    ax.set(xlim=(-lim, lim), ylim=(-lim, lim), xlabel="$t_1$", ylabel="$t_2$", aspect="equal")
    if title:
        ax.set_title(title)
    return ax


def plot_classifier(ax, model, X, y, *, vectors, label, resolution=200, proba=True):
    """Two-class data, the decision boundary (and with ``proba`` the p = 0.25 and 0.75 contours) of a fitted
    classifier with a ``decision_function``, and the training points ``vectors`` circled (PRML Fig. 7.12)."""
    X = np.asarray(X, dtype=float)
    pad = 0.4
    gx, gy = np.meshgrid(
        np.linspace(X[:, 0].min() - pad, X[:, 0].max() + pad, resolution),
        np.linspace(X[:, 1].min() - pad, X[:, 1].max() + pad, resolution),
    )
    grid = np.c_[gx.ravel(), gy.ravel()]
    if proba and hasattr(model, "predict_proba"):
        p = model.predict_proba(grid)[:, 1].reshape(gx.shape)
        ax.contourf(gx, gy, p, levels=np.linspace(0, 1, 11), cmap="coolwarm", alpha=0.35)
        ax.contour(gx, gy, p, levels=[0.25, 0.75], colors="k", linewidths=0.8, linestyles="--")
    ax.contour(gx, gy, model.decision_function(grid).reshape(gx.shape), levels=[0.0], colors="k", linewidths=1.5)
    for k, colour in ((0, "C0"), (1, "C3")):
        ax.scatter(*X[y == k].T, s=14, color=colour, edgecolor="none")
    ax.scatter(*X[vectors].T, s=90, facecolor="none", edgecolor="k", linewidth=1.3, label=f"{len(vectors)} {label}")
    ax.set(xlabel="$x_1$", ylabel="$x_2$")
    ax.legend(loc="lower left", fontsize=8)
    return ax


def draw_rvm_fit(log10_gamma=1.0, n_samples=50, noise=0.2, seed=0, *, tol=1e-9, max_iter=5000):
    """The explorer's view: an RVM fitted to ``n_samples`` noisy points of sin(2 pi x), with its relevance
    vectors and predictive band, over an input range wider than the data (so that the band's shrinking away
    from the data shows).

    The fit runs to a tight tolerance, so that the count of relevance vectors is that of the converged fit (at
    a loose tolerance, some alpha_i are still on their way to infinity and the count depends on where the loop
    stopped); a fit that reaches ``max_iter`` first says so in the title.
    """
    import warnings

    import matplotlib.pyplot as plt
    from sklearn.exceptions import ConvergenceWarning

    from ..svm import RelevanceVectorRegressor

    x, t = make_sine(n_samples, noise=noise, random_state=seed, evenly_spaced=False)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", ConvergenceWarning)
        model = RelevanceVectorRegressor(gamma=10.0**log10_gamma, tol=tol, max_iter=max_iter).fit(x[:, None], t)
    stopped = any(issubclass(w.category, ConvergenceWarning) for w in caught)
    fig, ax = plt.subplots(figsize=(7, 3.6))
    plot_regression(ax, model, x, t, grid=np.linspace(-0.4, 1.4, 400))
    ax.set_ylim(-2.2, 2.2)
    ax.set_title(
        f"RVM, Gaussian kernel γ = {10.0**log10_gamma:.3g}: {len(model.relevance_)} relevance vectors"
        + (f" (not converged in {max_iter} iterations)" if stopped else "")
    )
    ax.legend(fontsize=7, loc="lower left")
    fig.tight_layout()
    return fig


def rvm_explorer():
    """Sliders for the kernel width and the number of points; the RVM fit redrawn."""
    import ipywidgets as widgets

    from ._common import explorer_panel

    log_gamma = widgets.FloatSlider(value=1.0, min=-0.5, max=2.5, step=0.25, description="log10 γ")
    n = widgets.IntSlider(value=50, min=10, max=150, step=10, description="N")
    noise = widgets.FloatSlider(value=0.2, min=0.05, max=0.5, step=0.05, description="noise std")

    def draw():
        return draw_rvm_fit(log_gamma.value, n.value, noise.value)

    return explorer_panel([[log_gamma, n, noise]], draw)


def demo_explorer():
    """The explorer on noisy samples of sin(2 pi x)."""
    return rvm_explorer()
