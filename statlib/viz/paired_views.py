"""Figures and the explorer of the paired-views chapter (MLAPP §12.4-12.5): logistic-normal densities on the
simplex (Fig. 12.17), the graphical models of supervised PCA, PLS and CCA (Fig. 12.19), and CCA against PLS on
two views that share a latent signal."""

import numpy as np

from .._validation import check_array, check_choice, check_int, check_real, check_vector
from ._common import explorer_panel

__all__ = [
    "demo_explorer",
    "explorer",
    "logistic_normal_samples",
    "make_views",
    "plot_graphical_model",
    "plot_scores",
    "plot_simplex",
]


def logistic_normal_samples(mean, cov, n=20_000, random_state=0):
    """Draws of the additive logistic-normal distribution on the 3-simplex (Aitchison 1982; MLAPP Fig. 12.17).

    eta ~ N(mean, cov) in R^2 and theta = softmax((eta_1, eta_2, 0)): the third logit is pinned at zero, so that
    ``mean`` and ``cov`` speak of log(theta_1 / theta_3) and log(theta_2 / theta_3). Returns an (n, 3) array."""
    mean = check_vector(mean, "mean")
    cov = check_array(cov, "cov")
    if mean.shape != (2,) or cov.shape != (2, 2):
        raise ValueError(f"mean must have shape (2,) and cov shape (2, 2); got {mean.shape} and {cov.shape}")
    if not np.allclose(cov, cov.T) or np.linalg.eigvalsh(cov).min() <= 0:
        raise ValueError("cov must be symmetric positive definite")
    n = check_int(n, "n", low=1)
    eta = np.random.default_rng(random_state).multivariate_normal(mean, cov, size=n, method="cholesky")
    logits = np.column_stack([eta, np.zeros(n)])
    logits -= logits.max(axis=1, keepdims=True)
    e = np.exp(logits)
    return e / e.sum(axis=1, keepdims=True)


def _ternary(P):
    return P[:, 1] + 0.5 * P[:, 2], np.sqrt(3.0) / 2.0 * P[:, 2]


def plot_simplex(ax, P, *, title=None, gridsize=40):
    """Density of points ``P`` (rows on the 3-simplex) as a hexagonal histogram on the triangle."""
    P = check_array(P, "P")
    x, y = _ternary(P)
    ax.hexbin(x, y, gridsize=gridsize, extent=(0, 1, 0, np.sqrt(3) / 2), cmap="viridis", mincnt=1, bins="log")
    ax.plot([0, 1, 0.5, 0], [0, 0, np.sqrt(3) / 2, 0], color="k", lw=1)
    for (cx, cy), name in zip([(0, 0), (1, 0), (0.5, np.sqrt(3) / 2)], ["θ₁ = 1", "θ₂ = 1", "θ₃ = 1"]):
        ax.annotate(name, (cx, cy), textcoords="offset points", xytext=(0, -12 if cy == 0 else 5), ha="center")
    ax.set_xlim(-0.08, 1.08)
    ax.set_ylim(-0.1, 0.95)
    ax.set_aspect("equal")
    ax.set_xlabel("ternary coordinate θ₂ + θ₃/2")
    ax.set_ylabel("ternary coordinate (√3/2) θ₃")
    if title:
        ax.set_title(title, fontsize=10)


def plot_graphical_model(ax, kind):
    """MLAPP Fig. 12.19, drawn simply: ``kind`` is "supervised_pca", "pls" or "cca"."""
    from matplotlib.patches import Circle, Rectangle

    kind = check_choice(kind, "kind", ("supervised_pca", "pls", "cca"))
    nodes = {
        "supervised_pca": {"z_i": (0.5, 0.75, False), "x_i": (0.25, 0.25, True), "y_i": (0.75, 0.25, True)},
        "pls": {
            "z_i^s": (0.35, 0.75, False),
            "z_i^x": (0.0, 0.75, False),
            "x_i": (0.15, 0.25, True),
            "y_i": (0.6, 0.25, True),
        },
        "cca": {
            "z_i^x": (0.0, 0.75, False),
            "z_i^s": (0.45, 0.75, False),
            "z_i^y": (0.9, 0.75, False),
            "x_i": (0.2, 0.25, True),
            "y_i": (0.7, 0.25, True),
        },
    }[kind]
    edges = {
        "supervised_pca": [("z_i", "x_i"), ("z_i", "y_i")],
        "pls": [("z_i^s", "x_i"), ("z_i^s", "y_i"), ("z_i^x", "x_i")],
        "cca": [("z_i^s", "x_i"), ("z_i^s", "y_i"), ("z_i^x", "x_i"), ("z_i^y", "y_i")],
    }[kind]
    r = 0.11
    for name, (x, y, observed) in nodes.items():
        ax.add_patch(Circle((x, y), r, facecolor="0.8" if observed else "white", edgecolor="k", lw=1.2))
        base, _, sup = name.partition("^")
        label = f"${base}^{{{sup}}}$" if sup else f"${base}$"
        ax.text(x, y, label, ha="center", va="center", fontsize=12)
    for a, b in edges:
        (x0, y0, _), (x1, y1, _) = nodes[a], nodes[b]
        d = np.hypot(x1 - x0, y1 - y0)
        ux, uy = (x1 - x0) / d, (y1 - y0) / d
        ax.annotate(
            "",
            xy=(x1 - r * ux, y1 - r * uy),
            xytext=(x0 + r * ux, y0 + r * uy),
            arrowprops=dict(arrowstyle="-|>", color="k", lw=1.2),
        )
    xs = [v[0] for v in nodes.values()]
    ax.add_patch(Rectangle((min(xs) - 0.17, 0.05), max(xs) - min(xs) + 0.34, 0.88, fill=False, lw=0.8))
    ax.text(max(xs) + 0.12, 0.08, "N", fontsize=10)
    ax.set_xlim(min(xs) - 0.2, max(xs) + 0.2)
    ax.set_ylim(0.0, 1.0)
    ax.set_aspect("equal")
    ax.axis("off")
    ax.set_title(
        {"supervised_pca": "(a) supervised PCA", "pls": "(b) partial least squares", "cca": "(c) CCA"}[kind],
        fontsize=10,
    )


def make_views(n=200, noise=1.0, loud=3.0, random_state=0):
    """Two views of n samples sharing one latent signal z: x = (z + e1, loud * (u + z / 2) + e2, e3),
    y = (z + e4, e5), with u independent of everything else.

    The second column of X is loud (scaled by ``loud``) but only weakly related to z: its covariance with y grows
    with ``loud``, its correlation does not. PLS (covariance, no scaling) leans toward it as it gets louder; CCA
    (correlation) is unmoved. Noise has standard deviation ``noise``."""
    n = check_int(n, "n", low=5)
    noise = check_real(noise, "noise", low=0.0)
    loud = check_real(loud, "loud", low=0.0)
    rng = np.random.default_rng(random_state)
    z, u = rng.normal(size=n), rng.normal(size=n)
    E = noise * rng.normal(size=(n, 5))
    X = np.column_stack([z + E[:, 0], loud * (u + 0.5 * z) + E[:, 1], E[:, 2]])
    Y = np.column_stack([z + E[:, 3], E[:, 4]])
    return X, Y


def plot_scores(ax, X, Y, method, *, title=None):
    """First x-score against first y-score of ``method`` ("CCA" or "PLS"), fitted without scaling."""
    from ..cross_decomposition import CCA, PLSCanonical

    method = check_choice(method, "method", ("CCA", "PLS"))
    est = (CCA if method == "CCA" else PLSCanonical)(1, scale=False).fit(X, Y)
    t, u = est.transform(X, Y)
    r = np.corrcoef(t[:, 0], u[:, 0])[0, 1]
    ax.scatter(t[:, 0], u[:, 0], s=8, alpha=0.6)
    ax.set_xlabel("first x-score")
    ax.set_ylabel("first y-score")
    w = est.x_weights_[:, 0]
    ax.set_title(title or f"{method}: corr = {r:.2f}, x-weights ({w[0]:.2f}, {w[1]:.2f}, {w[2]:.2f})", fontsize=9)
    return r


def explorer(*, n=200, random_state=0):
    """Slider: how loud the second column of X is; slider: noise. Left CCA's, right PLS's first pair of scores."""
    import ipywidgets as widgets
    import matplotlib.pyplot as plt

    loud = widgets.FloatSlider(value=3.0, min=0.0, max=6.0, step=0.5, description="loudness of x₂")
    noise = widgets.FloatSlider(value=0.5, min=0.1, max=2.0, step=0.1, description="noise s.d.")

    def draw():
        X, Y = make_views(n, noise.value, loud.value, random_state)
        fig, (a0, a1) = plt.subplots(1, 2, figsize=(10, 4.2))
        plot_scores(a0, X, Y, "CCA")
        plot_scores(a1, X, Y, "PLS")
        fig.tight_layout()
        return fig

    return explorer_panel([[loud, noise]], draw)


def demo_explorer():
    """The chapter's explorer on 200 seeded samples."""
    return explorer()
