"""Figures and the explorer of the factor-analysis chapter (MLAPP §12.1)."""

import numpy as np


def rotation(theta):
    """The 2 x 2 rotation matrix R(theta); R R^T = I, the ambiguity of (12.10)-(12.11)."""
    c, s = np.cos(theta), np.sin(theta)
    return np.array([[c, -s], [s, c]])


def plot_biplot(ax, scores, loadings, names, *, scale=None, highlight=None, labels=None):
    """A biplot (MLAPP Fig. 12.2): posterior means m_i as points, each variable's loading row as an arrow.

    ``scores`` is (n, 2) (the posterior means), ``loadings`` (D, 2) (the rows w_j of W, with cov(x_j, z) = w_j^T
    under (12.1)-(12.2) with Sigma_0 = I); ``highlight`` lists sample indices to label with ``labels``.
    """
    scores = np.asarray(scores)
    loadings = np.asarray(loadings)
    if scale is None:
        scale = 0.9 * np.abs(scores).max() / max(np.abs(loadings).max(), 1e-12)
    ax.scatter(scores[:, 0], scores[:, 1], s=10, color="0.6", label="posterior means $m_i$")
    tips = loadings * scale
    for u, v in tips:
        ax.annotate("", xy=(u, v), xytext=(0, 0), arrowprops={"arrowstyle": "->", "color": "C0", "lw": 1.2})
    for i in highlight or ():
        ax.scatter(*scores[i], color="C3", s=25)
        ax.text(scores[i, 0], scores[i, 1], f" {labels[i] if labels is not None else i}", color="C3", fontsize=8)
    ax.axhline(0, color="0.85", lw=0.8, zorder=0)
    ax.axvline(0, color="0.85", lw=0.8, zorder=0)
    # limits that hold the points and the loading labels, with room for the labels' width
    shown = np.vstack([scores[:, :2], 1.08 * tips])
    lo, hi = shown.min(axis=0), shown.max(axis=0)
    pad = 0.12 * (hi - lo) + 1e-12
    ax.set_xlim(lo[0] - 1.5 * pad[0], hi[0] + 1.5 * pad[0])
    ax.set_ylim(lo[1] - pad[1], hi[1] + pad[1])
    ax.set_xlabel("factor 1")
    ax.set_ylabel("factor 2")
    _label_arrows(ax, tips, names)
    return ax


# Directions tried for a variable's name, in degrees from its arrow's own direction, in order of preference: past
# the tip, then turned further and further to either side; and the distances, in points, of the name's near edge
# from the tip.
_TURNS = (0, 15, -15, 30, -30, 45, -45, 60, -60, 75, -75, 90, -90, 110, -110, 135, -135, 160, -160, 180)
_REACHES = (3.0, 8.0, 14.0, 22.0, 32.0)


def _label_arrows(ax, tips, names):
    """Write each variable's name beside the tip of its arrow, on a pale ground, at the first free spot (of
    :func:`statlib.viz._common._place_beside`): past the tip along the arrow where that is inside the axes and
    crosses no arrow and no name placed before, else turned to either side of it or moved further out (where every
    spot is crossed by an arrow, the one crossed by the fewest). The names of the longest arrows are placed first.
    The offsets are in points, so they hold when a layout later resizes the axes."""
    from ._common import _place_beside, _text_size

    to_pixels = ax.figure.dpi / 72.0
    sizes = []
    for name in names:
        w, h = _text_size(ax, name, fontsize=8)
        sizes.append((w + 3.6 * to_pixels, h + 3.6 * to_pixels))  # the ground (pad 0.1 em) and a point of space around
    if len(sizes) != len(tips):
        raise ValueError(f"names must name every variable: got {len(sizes)} names for {len(tips)} loadings")

    def offsets(tip, origin, w, h):
        heading = np.arctan2(*(tip - origin)[::-1]) if np.any(tip != origin) else 0.0
        found = []
        for reach in _REACHES:
            for turn in _TURNS:
                angle = heading + np.deg2rad(turn)
                d = np.array([np.cos(angle), np.sin(angle)])
                # from the box's centre to its edge along d, so that the near edge is `reach` points from the tip
                half = min(w / 2 / max(abs(d[0]), 1e-12), h / 2 / max(abs(d[1]), 1e-12))
                found.append(tuple((reach * to_pixels + half) * d))
        return found

    origin, pixels = ax.transData.transform((0.0, 0.0)), ax.transData.transform(tips)
    candidates = [offsets(tip, origin, w, h) for tip, (w, h) in zip(pixels, sizes)]
    arrows = [((0.0, 0.0), (u, v)) for u, v in tips]
    order = np.argsort(-np.hypot(*(pixels - origin).T), kind="stable")
    choices, _ = _place_beside(ax, tips, sizes, candidates, segments=arrows, order=order, inset=1.0)
    to_points = 1.0 / to_pixels
    for i in order:
        dx, dy = candidates[i][choices[i] or 0]
        ax.annotate(
            names[i],
            tuple(tips[i]),
            xytext=(dx * to_points, dy * to_points),
            textcoords="offset points",
            color="C0",
            fontsize=8,
            ha="center",
            va="center",
            zorder=4,  # over every arrow, on a pale ground so that a crossing arrow does not hide it
            bbox={"boxstyle": "square,pad=0.1", "facecolor": "white", "edgecolor": "none", "alpha": 0.75},
        )


def plot_loglik(ax, loglike, *, n_samples=1, label=None):
    """The EM log-likelihood per iteration (per sample when ``n_samples`` is given): non-decreasing."""
    ll = np.asarray(loglike) / n_samples
    ax.plot(np.arange(1, len(ll) + 1), ll, marker=".", label=label)
    ax.set_xlabel("EM iteration")
    ax.set_ylabel("mean log-likelihood")
    return ax


def em_explorer(X, names, *, max_iter=60):
    """Step through EM for a two-factor model on ``X`` and rotate its loadings by an angle.

    The iteration slider refits with ``max_iter = k`` (the same deterministic start each time) and shows the
    biplot after k EM steps beside the log-likelihood curve; the angle slider replaces W by W R(theta), which
    turns the biplot and leaves the likelihood exactly as it was (12.11).
    """
    import warnings

    import ipywidgets as widgets
    import matplotlib.pyplot as plt
    from sklearn.exceptions import ConvergenceWarning

    from statlib.decomposition import FactorAnalysis

    from ._common import explorer_panel

    step = widgets.IntSlider(value=max_iter, min=1, max=max_iter, description="EM steps")
    angle = widgets.IntSlider(value=0, min=-90, max=90, step=5, description="rotate (deg)")

    def draw():
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ConvergenceWarning)
            fa = FactorAnalysis(2, tol=0.0, max_iter=step.value, algorithm="em").fit(X)
        R = rotation(np.deg2rad(angle.value))
        fa.components_ = (fa.components_.T @ R).T
        fig, (left, right) = plt.subplots(1, 2, figsize=(10, 4.2))
        plot_biplot(left, fa.transform(X), fa.components_.T, names)
        left.set_title(f"after {step.value} EM steps, rotated by {angle.value}°")
        plot_loglik(right, fa.loglike_, n_samples=len(X))
        right.set_title(f"mean log-likelihood {fa.score(X):.4f}")
        fig.tight_layout()
        plt.close(fig)
        return fig

    return explorer_panel([[step, angle]], draw)


def demo_explorer():
    """The explorer on scikit-learn's wine data, standardised (13 variables)."""
    from sklearn.datasets import load_wine

    wine = load_wine()
    X = (wine.data - wine.data.mean(axis=0)) / wine.data.std(axis=0)
    return em_explorer(X, wine.feature_names, max_iter=30)
