"""Figures for the appendix on the KL divergence and the Dirichlet distribution (Li Hang appendix E)."""

import numpy as np

_CORNERS = np.array([[0.0, 0.0], [1.0, 0.0], [0.5, np.sqrt(3.0) / 2.0]])


def _check_alpha(alpha):
    alpha = np.asarray(alpha, dtype=float)
    if alpha.shape != (3,):
        raise ValueError(
            f"alpha must hold three concentration parameters (a density on the 2-simplex), got shape {alpha.shape}"
        )
    if not np.all(np.isfinite(alpha)) or np.any(alpha <= 0):
        raise ValueError(f"alpha must be finite and positive, got {alpha}")
    return alpha


def dirichlet_logpdf(theta, alpha):
    """log Dir(theta | alpha) (Li Hang (E.6)) for the rows of ``theta``, points of the open simplex."""
    from scipy.special import gammaln

    alpha = np.asarray(alpha, dtype=float)
    theta = np.asarray(theta, dtype=float)
    log_norm = gammaln(alpha.sum()) - gammaln(alpha).sum()
    return log_norm + np.sum((alpha - 1.0) * np.log(theta), axis=-1)


def simplex_grid(resolution=120):
    """Points strictly inside the 2-simplex on a triangular grid: barycentric ``theta`` (n, 3) and their
    positions ``xy`` (n, 2) in the equilateral triangle with corners (0, 0), (1, 0), (1/2, sqrt(3)/2)."""
    if isinstance(resolution, bool) or not isinstance(resolution, (int, np.integer)) or resolution < 3:
        raise ValueError(f"resolution must be an integer >= 3, got {resolution!r}")
    i, j = np.meshgrid(np.arange(1, resolution), np.arange(1, resolution), indexing="ij")
    keep = i + j < resolution
    theta = np.column_stack([i[keep], j[keep], resolution - i[keep] - j[keep]]) / resolution
    return theta, theta @ _CORNERS


def plot_simplex_density(ax, alpha, *, resolution=120, levels=14, cmap="viridis", samples=None):
    """Draw the density of Dir(alpha), alpha of length 3, on the triangle (a corner per component; the point
    theta sits at theta_1 e_1 + theta_2 e_2 + theta_3 e_3). ``samples`` (n, 3), if given, are scattered on top."""
    import matplotlib.tri as mtri

    alpha = _check_alpha(alpha)
    theta, xy = simplex_grid(resolution)
    density = np.exp(dirichlet_logpdf(theta, alpha))
    cap = np.quantile(density, 0.98)  # densities with some alpha_k < 1 are unbounded at the edges
    triang = mtri.Triangulation(xy[:, 0], xy[:, 1])
    ax.tricontourf(triang, np.minimum(density, cap), levels=levels, cmap=cmap)
    if samples is not None:
        pts = np.asarray(samples, dtype=float) @ _CORNERS
        ax.scatter(pts[:, 0], pts[:, 1], s=2, color="white", alpha=0.5)
    ax.plot(*np.vstack([_CORNERS, _CORNERS[:1]]).T, color="k", lw=1)
    for k, (x, y) in enumerate(_CORNERS):
        ax.text(
            x + (-0.04 if k == 0 else 0.04 if k == 1 else 0.0),
            y + (0.04 if k == 2 else -0.05),
            rf"$\theta_{k + 1} = 1$",
            ha="center",
            va="center",
            fontsize=9,
        )
    mean = alpha / alpha.sum() @ _CORNERS
    ax.scatter(*mean, marker="x", color="tab:red", s=40, zorder=3)
    ax.set(xlim=(-0.12, 1.12), ylim=(-0.1, 0.95), aspect="equal")
    ax.set_axis_off()
    ax.set_title(r"$\alpha$ = (" + ", ".join(f"{a:g}" for a in alpha) + ")", fontsize=10)
    return ax


def plot_bernoulli_kl(ax, p, *, num=399):
    """D(Q||P) and D(P||Q) for P = Bernoulli(p) and Q = Bernoulli(q), as functions of q (eq. (E.1))."""
    p = float(p)
    if not 0.0 < p < 1.0:
        raise ValueError(f"p must lie strictly between 0 and 1, got {p}")
    q = np.linspace(0.0025, 0.9975, int(num))
    d_qp = q * np.log(q / p) + (1 - q) * np.log((1 - q) / (1 - p))
    d_pq = p * np.log(p / q) + (1 - p) * np.log((1 - p) / (1 - q))
    ax.plot(q, d_qp, label=rf"$D(Q\,\|\,P)$, $P$ = Bernoulli({p:g})")
    ax.plot(q, d_pq, label=r"$D(P\,\|\,Q)$", ls="--")
    ax.axvline(p, color="0.7", lw=0.8)
    ax.set(xlabel=r"$q = Q(1)$", ylabel="divergence (nats)", ylim=(0, 2.5))
    ax.legend(fontsize=9)
    return ax


def explorer(alpha=(2.0, 3.0, 4.0), *, n_samples=300, random_state=0):
    """Widget: three sliders set alpha = (alpha_1, alpha_2, alpha_3), and the Dirichlet density on the simplex,
    its mean alpha / alpha_0 (red cross) and ``n_samples`` draws (white dots) follow."""
    import ipywidgets as widgets
    import matplotlib.pyplot as plt

    from ._common import explorer_panel

    alpha = _check_alpha(alpha)
    if isinstance(n_samples, bool) or not isinstance(n_samples, (int, np.integer)) or n_samples < 0:
        raise ValueError(f"n_samples must be a non-negative integer, got {n_samples!r}")
    sliders = [
        widgets.FloatSlider(value=float(np.clip(a, 0.2, 20.0)), min=0.2, max=20.0, step=0.1, description=f"α{k + 1}")
        for k, a in enumerate(alpha)
    ]

    def draw():
        a = np.array([s.value for s in sliders])
        draws = np.random.default_rng(random_state).dirichlet(a, size=n_samples) if n_samples else None
        fig, ax = plt.subplots(figsize=(5, 4.4))
        plot_simplex_density(ax, a, samples=draws)
        a0 = a.sum()
        ax.set_title(
            rf"$\alpha$ = ({a[0]:g}, {a[1]:g}, {a[2]:g}),  $\alpha_0$ = {a0:g},  mean = ("
            + ", ".join(f"{x:.2f}" for x in a / a0)
            + ")",
            fontsize=9,
        )
        return fig

    return explorer_panel([sliders], draw)


def demo_explorer():
    """The appendix's explorer, started at the alpha = (2, 3, 4) of its checks."""
    return explorer((2.0, 3.0, 4.0))
