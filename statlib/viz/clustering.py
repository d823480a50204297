"""Figures and the explorer of the clustering chapter (Li Hang ch. 14): k-means step by step (Algorithm 14.2)."""

import warnings

import numpy as np


def kmeans_iterates(X, init, n_steps):
    """The states of Algorithm 14.2 from the centres ``init``: a list of (centres, labels, W) after 0..n_steps
    iterations, stopping early once the partition no longer changes. W is the loss W(C, m) at the current
    centres m (the initial centres at t = 0), not W(C) of (14.19), which puts the centres at the means.
    Each state is a fit of :class:`statlib.cluster.KMeans` with ``max_iter=t`` and ``tol=0``, so the figures show
    the library's iterates.
    """
    from sklearn.exceptions import ConvergenceWarning

    from ..cluster import KMeans

    states = []
    for t in range(n_steps + 1):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ConvergenceWarning)
            km = KMeans(len(init), init=np.asarray(init, dtype=float), n_init=1, max_iter=t, tol=0.0).fit(X)
        states.append((km.cluster_centers_, km.labels_, km.inertia_))
        if t > 0 and km.converged_:
            break
    return states


# Room kept around the samples when they are named, as a fraction of the data range on each side: a name sits
# beside its sample, away from the nearest centre, and a sample on the edge of the data would otherwise push it out
# of the axes.
_NAME_MARGIN = 0.15


def _name_samples(ax, X, centres, previous, point_names):
    """Write each sample's name nine points across and seven up or down from it, on a pale backing: on the side away
    from the nearest centre (up and right when the centre sits on the sample, as at a start drawn from the samples),
    clear of the centre's cross, whose tips reach about 7 points from its middle. Where that corner would cover a
    centre's move, another sample, a cross or a name already written, the name takes the first free corner of the
    others (flipped across, then up or down, then both)."""
    from ._common import _place_beside, _text_size

    backing = {"boxstyle": "round,pad=0.1", "fc": "white", "ec": "none", "alpha": 0.7}  # legible over a move
    to_pixels = ax.figure.dpi / 72.0
    corners, sizes, candidates = [], [], []
    for name, point in zip(point_names, X):
        away = point - centres[np.argmin(np.sum((centres - point) ** 2, axis=1))]
        sx, sy = (-1 if away[0] < 0 else 1), (-1 if away[1] < 0 else 1)
        w, h = _text_size(ax, name, fontsize=9)
        w, h = w + 0.2 * 9 * to_pixels, h + 0.2 * 9 * to_pixels  # with the backing's pad
        options = [(sx, sy), (-sx, sy), (sx, -sy), (-sx, -sy)]
        corners.append(options)
        sizes.append((w, h))
        candidates.append([(a * (9 * to_pixels + w / 2), b * (7 * to_pixels + h / 2)) for a, b in options])
    moves = [] if previous is None else [(a, b) for a, b in zip(previous, centres)]
    marks = np.vstack([X, centres])
    cross = 0.5 * np.sqrt(160) * to_pixels  # the half size of a centre's cross (marker area 160 points^2)
    margin = np.r_[np.full(len(X), 2.0), np.full(len(centres), cross)]
    # Not tested against the axes' edges: the margins keep the names inside, and a chapter may widen the limits later.
    choices, _ = _place_beside(ax, X, sizes, candidates, marks=marks, margin=margin, segments=moves, inside=False)
    for name, point, options, choice in zip(point_names, X, corners, choices):
        sx, sy = options[choice or 0]
        ax.annotate(
            name,
            point,
            textcoords="offset points",
            xytext=(9 * sx, 7 * sy),
            ha="left" if sx > 0 else "right",
            va="bottom" if sy > 0 else "top",
            fontsize=9,
            zorder=4,
            bbox=backing,
        )


def plot_kmeans_state(ax, X, centres, labels, *, previous=None, point_names=None, title=None):
    """Samples coloured by cluster, centres as crosses, and (optionally) the move of each centre from ``previous``.

    ``point_names`` (one per sample) are written beside the samples, on a pale backing above the centres, at the
    first corner of each sample that covers no move, sample, cross or other name; the axes then keep a margin of
    ``_NAME_MARGIN`` of the data range on each side, so that the name of a sample on the edge stays inside the axes
    (limits set afterwards with ``ax.set`` win over the margin).
    """
    k = len(centres)
    for c in range(k):
        members = X[labels == c]
        ax.scatter(members[:, 0], members[:, 1], s=28, color=f"C{c}", edgecolor="k", lw=0.4, label=f"$G_{c + 1}$")
    if previous is not None:
        for a, b in zip(previous, centres):
            ax.annotate("", b, a, arrowprops={"arrowstyle": "->", "color": "0.4"})
    ax.scatter(
        centres[:, 0],
        centres[:, 1],
        marker="X",
        s=160,
        color=[f"C{c}" for c in range(k)],
        edgecolor="k",
        lw=1.2,
        zorder=3,
    )
    if point_names is not None:
        if len(point_names) != len(X):
            raise ValueError(f"point_names must name every sample: got {len(point_names)} names for {len(X)} samples")
        # The margins first, so that the names are placed at the axes' final limits.
        xmargin, ymargin = ax.margins()
        ax.margins(x=max(xmargin, _NAME_MARGIN), y=max(ymargin, _NAME_MARGIN))
        ax.autoscale_view()
        _name_samples(ax, X, centres, previous, point_names)
    if title is not None:
        ax.set_title(title, fontsize=10)
    return ax


def kmeans_explorer(X, starts, *, n_steps=20, xlabel="$x^{(1)}$", ylabel="$x^{(2)}$", point_names=None):
    """Explorer over the iterations of Algorithm 14.2 (statlib.cluster.KMeans) from several starts.

    ``starts`` maps a name to initial centres (k, 2). Controls: the start and the iteration (with a play
    button). The picture: the partition and centres after the chosen iteration, and the loss W(C, m) at the
    current centres so far (at t = 0 the initial centres: not yet W(C) of (14.19)).
    """
    import ipywidgets as widgets
    import matplotlib.pyplot as plt

    from ._common import explorer_panel

    X = np.asarray(X, dtype=float)
    runs = {name: kmeans_iterates(X, init, n_steps) for name, init in starts.items()}
    start = widgets.Dropdown(options=list(starts), value=list(starts)[0], description="start")
    last = max(len(r) for r in runs.values()) - 1
    step = widgets.IntSlider(value=0, min=0, max=last, description="iteration")
    play = widgets.Play(value=0, min=0, max=last, interval=700)
    widgets.jslink((play, "value"), (step, "value"))

    def draw():
        states = runs[start.value]
        t = min(step.value, len(states) - 1)
        centres, labels, _ = states[t]
        fig, (a0, a1) = plt.subplots(1, 2, figsize=(10, 3.8), gridspec_kw={"width_ratios": [1.5, 1]})
        plot_kmeans_state(
            a0,
            X,
            centres,
            labels,
            previous=states[t - 1][0] if t > 0 else None,
            point_names=point_names,
            title=f"{start.value}: after iteration {step.value} (settled at {len(states) - 1})",
        )
        a0.set(xlabel=xlabel, ylabel=ylabel)
        W = [s[2] for s in states]
        a1.plot(range(len(W)), W, color="0.75")
        a1.plot(range(t + 1), W[: t + 1], "o-", color="C3", ms=4)
        a1.set(
            xlabel="iteration $t$",
            ylabel="$W(C^{(t)}, m^{(t)})$, loss at the current centres",
            title="the loss never increases",
        )
        fig.tight_layout()
        return fig

    return explorer_panel([[start, step, play]], draw)


def demo_explorer():
    """The chapter's explorer on its data: Example 14.2 from the book's two starts and from x4, x5."""
    from ..datasets import load_example

    ex = load_example("lihang", "14.2")
    starts = {
        "start x1, x2 (Example 14.2)": ex.init,
        "start x1, x5 (§14.3.4)": ex.init_alternative,
        "start x4, x5": ex.X[[3, 4]],
    }
    return kmeans_explorer(ex.X, starts, point_names=[f"$x_{i}$" for i in range(1, 6)])
