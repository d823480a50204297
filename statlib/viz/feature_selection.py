"""Figures and the explorer of the feature-selection chapter (lecture): Relief-F weights, selection curves."""

import numpy as np

from .._validation import check_choice


def plot_weights(ax, scores, names, selected=None, *, title=None, ylabel="weight", orientation="vertical"):
    """A bar chart of per-feature scores; the ``selected`` features (a boolean mask) in a strong colour.

    ``orientation="horizontal"`` draws one horizontal bar per feature, the names written level down the vertical
    axis in the given order (first at the top) and ``ylabel`` on the horizontal axis: long names then need no
    rotation and take no height from the bars.
    """
    check_choice(orientation, "orientation", ("vertical", "horizontal"))
    scores = np.asarray(scores, dtype=float)
    selected = np.zeros(len(scores), dtype=bool) if selected is None else np.asarray(selected, dtype=bool)
    colours = np.where(selected, "C3", "0.7")
    where = np.arange(len(scores))
    if orientation == "horizontal":
        ax.barh(where, scores, color=colours)
        ax.axvline(0.0, color="k", lw=0.6)
        ax.set_yticks(where)
        ax.set_yticklabels(names, fontsize=8)
        ax.set_ylim(len(scores) - 0.5, -0.5)
        ax.set(xlabel=ylabel, ylabel="feature")
    else:
        ax.bar(where, scores, color=colours)
        ax.axhline(0.0, color="k", lw=0.6)
        ax.set_xticks(where)
        ax.set_xticklabels(names, rotation=70, ha="right", fontsize=8)
        ax.set(xlabel="feature", ylabel=ylabel)
    if title:
        ax.set_title(title)
    return ax


def relieff_explorer(X, y, names):
    """Sliders for the number of neighbours of Relief-F and the number k of features kept."""
    import ipywidgets as widgets
    import matplotlib.pyplot as plt

    from ..feature_selection import ReliefF
    from ._common import explorer_panel

    d = X.shape[1]
    neighbours = widgets.IntSlider(value=10, min=1, max=40, description="neighbours")
    k = widgets.IntSlider(value=min(5, d), min=1, max=d, description="keep k")
    cache = {}

    def draw():
        key = neighbours.value
        if key not in cache:
            cache[key] = ReliefF(n_neighbors=key).fit(X, y).feature_importances_
        w = cache[key]
        top = np.zeros(d, dtype=bool)
        top[np.argsort(-w, kind="stable")[: k.value]] = True
        fig, ax = plt.subplots(figsize=(8, 3.6))
        plot_weights(
            ax, w, names, top, title=f"Relief-F weights, {neighbours.value} neighbours per class; top {k.value} in red"
        )
        fig.tight_layout()
        return fig

    return explorer_panel([[neighbours, k]], draw)


def demo_explorer():
    """The chapter's explorer on the wine data (13 features, 3 classes)."""
    from sklearn.datasets import load_wine

    data = load_wine()
    return relieff_explorer(data.data, data.target, data.feature_names)
