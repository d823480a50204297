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
    names_drawn = []
    for (u, v), name in zip(loadings * scale, names, strict=True):
        ax.annotate("", xy=(u, v), xytext=(0, 0), arrowprops={"arrowstyle": "->", "color": "C0", "lw": 1.2})
        names_drawn.append(
            ax.annotate(
                name,
                (1.08 * u, 1.08 * v),
                xytext=(0, 0),
                textcoords="offset points",
                color="C0",
                fontsize=8,
                ha="center",
                va="center",
                zorder=4,  # over every arrow, on a pale ground so that a crossing arrow does not hide it
                bbox={"boxstyle": "square,pad=0.1", "facecolor": "white", "edgecolor": "none", "alpha": 0.75},
            )
        )
    for i in highlight or ():
        ax.scatter(*scores[i], color="C3", s=25)
        ax.text(scores[i, 0], scores[i, 1], f" {labels[i] if labels is not None else i}", color="C3", fontsize=8)
    ax.axhline(0, color="0.85", lw=0.8, zorder=0)
    ax.axvline(0, color="0.85", lw=0.8, zorder=0)
    # limits that hold the points and the loading labels, with room for the labels' width
    shown = np.vstack([scores[:, :2], 1.08 * loadings * scale])
    lo, hi = shown.min(axis=0), shown.max(axis=0)
    pad = 0.12 * (hi - lo) + 1e-12
    ax.set_xlim(lo[0] - 1.5 * pad[0], hi[0] + 1.5 * pad[0])
    ax.set_ylim(lo[1] - pad[1], hi[1] + pad[1])
    ax.set_xlabel("factor 1")
    ax.set_ylabel("factor 2")
    _spread_labels(ax, names_drawn)
    return ax


def _spread_labels(ax, texts, *, pad=2.0, max_sweeps=200):
    """Shift the labels ``texts`` (annotations placed with offsets in points) apart until no two overlap.

    Each overlapping pair is pushed apart, half each, along the direction in which they overlap least, with
    ``pad`` points between them; the labels are then kept inside the axes. The shifts are in points, so they
    hold when a layout later resizes the axes. Deterministic: the same labels always land in the same places.
    """
    if len(texts) < 2:
        return
    fig = ax.figure
    renderer = fig.canvas.get_renderer()
    to_points = 72.0 / fig.dpi
    boxes = [text.get_window_extent(renderer) for text in texts]
    centre = np.array([[0.5 * (b.x0 + b.x1), 0.5 * (b.y0 + b.y1)] for b in boxes]) * to_points
    half = np.array([[0.5 * b.width, 0.5 * b.height] for b in boxes]) * to_points + 0.5 * pad
    shift = np.zeros_like(centre)
    for _ in range(max_sweeps):
        moved = False
        for i in range(len(texts)):
            for j in range(i + 1, len(texts)):
                gap = centre[j] + shift[j] - centre[i] - shift[i]
                overlap = half[i] + half[j] - np.abs(gap)
                if overlap[0] > 0 and overlap[1] > 0:
                    k = int(np.argmin(overlap))
                    sign = 1.0 if gap[k] >= 0 else -1.0
                    shift[i, k] -= 0.5 * sign * overlap[k]
                    shift[j, k] += 0.5 * sign * overlap[k]
                    moved = True
        if not moved:
            break
    frame = ax.get_window_extent(renderer)
    low = np.array([frame.x0, frame.y0]) * to_points + half
    high = np.array([frame.x1, frame.y1]) * to_points - half
    shift = np.clip(centre + shift, low, high) - centre
    for text, (dx, dy) in zip(texts, shift, strict=True):
        text.xyann = (float(dx), float(dy))


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
