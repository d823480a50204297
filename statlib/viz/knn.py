"""Figures, tables and the explorer for the k-nearest-neighbour chapter (Li Hang ch. 3)."""

import numpy as np

from ..neighbors import KDTree, KNeighborsClassifier
from ._common import plot_decision_regions

_AXIS_NAMES = ("$x^{(1)}$", "$x^{(2)}$")


def _check_book_tree(tree):
    """The figures and tables of algorithms 3.2-3.3 draw the book's tree: one point per node, regions cut out by
    the splitting planes. A tree with leaf buckets or bounding-box pruning would be drawn wrongly, so refuse it."""
    if not isinstance(tree, KDTree):
        raise TypeError(f"tree must be a statlib.neighbors.KDTree, got {type(tree).__name__}")
    if tree.bounds != "book" or tree.leaf_size != 1:
        raise ValueError(
            f'tree must be the book\'s tree, KDTree(X, bounds="book") with one point per node; got '
            f"bounds={tree.bounds!r}, leaf_size={tree.leaf_size}"
        )


def plot_unit_balls(ax, ps=(1, 2, 3, 4, np.inf)):
    """Li Hang's Figure 3.2: the points at L_p distance 1 from the origin, for each p in ``ps``."""
    t = np.linspace(0, 2 * np.pi, 721)
    directions = np.c_[np.cos(t), np.sin(t)]
    for p in ps:
        if np.isinf(p):
            norms = np.abs(directions).max(axis=1)
            label = r"$p=\infty$"
        else:
            norms = (np.abs(directions) ** p).sum(axis=1) ** (1 / p)
            label = f"$p={p:g}$"
        ax.plot(*(directions / norms[:, None]).T, label=label)
    ax.set(aspect="equal", xlabel=_AXIS_NAMES[0], ylabel=_AXIS_NAMES[1], xlim=(-1.2, 1.2), ylim=(-1.2, 1.2))
    ax.axhline(0, color="grey", lw=0.5)
    ax.axvline(0, color="grey", lw=0.5)
    ax.legend(loc="upper right", fontsize=8)
    return ax


def plot_nn_cells(ax, X, y, *, names=None, padding=1.0, resolution=400):
    """Li Hang's Figure 3.1: the 1-NN cells of the points ``X``, each shaded by its point's class ``y``."""
    import matplotlib.pyplot as plt

    own = np.arange(len(X))
    nearest = KNeighborsClassifier(n_neighbors=1).fit(X, own)
    x0, x1 = X[:, 0].min() - padding, X[:, 0].max() + padding
    y0, y1 = X[:, 1].min() - padding, X[:, 1].max() + padding
    gx, gy = np.meshgrid(np.linspace(x0, x1, resolution), np.linspace(y0, y1, resolution))
    cell = nearest.predict(np.c_[gx.ravel(), gy.ravel()]).reshape(gx.shape)
    classes = np.unique(y)
    colours = plt.get_cmap("coolwarm")(np.linspace(0, 1, len(classes)))
    cls = np.searchsorted(classes, np.asarray(y)[cell])
    ax.contourf(gx, gy, cls, levels=np.arange(len(classes) + 1) - 0.5, colors=colours, alpha=0.25)
    ax.contour(gx, gy, cell, levels=np.arange(len(X)) + 0.5, colors="k", linewidths=0.6)  # cell boundaries
    for k, c in enumerate(classes):
        ax.scatter(*X[np.asarray(y) == c].T, color=colours[k], edgecolor="k", s=40, zorder=3, label=f"class {c}")
    if names is not None:
        for name, point in zip(names, X):
            ax.annotate(name, point, textcoords="offset points", xytext=(5, 4), fontsize=8)
    ax.set(xlim=(x0, x1), ylim=(y0, y1), aspect="equal", xlabel=_AXIS_NAMES[0], ylabel=_AXIS_NAMES[1])
    return ax


def node_cells(tree, box):
    """The hyper-rectangle of every node of a 2-D ``tree``, starting from ``box = (low, high)`` at the root.

    Returns arrays ``low, high`` of shape (n_nodes, 2): node i's region is low[i] <= x <= high[i].
    """
    _check_book_tree(tree)
    low = np.empty((tree.n_nodes, 2))
    high = np.empty((tree.n_nodes, 2))
    low[0], high[0] = box
    for node in range(tree.n_nodes):  # level order: a parent comes before its children
        a, s = tree.node_axis[node], tree.node_split[node]
        for child, is_left in ((tree.left[node], True), (tree.right[node], False)):
            if child < 0:
                continue
            low[child], high[child] = low[node], high[node]
            if is_left:
                high[child, a] = s
            else:
                low[child, a] = s
    return low, high


def plot_kd_partition(ax, tree, box, *, names=None, label_splits=True):
    """Li Hang's Figure 3.3: the rectangles cut by the splitting lines of a 2-D kd tree."""
    low, high = node_cells(tree, box)
    for node in range(tree.n_nodes):
        a, s = tree.node_axis[node], tree.node_split[node]
        if a < 0:
            continue
        lw = 2.2 - 0.5 * min(tree.depth[node], 3)
        if a == 0:
            ax.plot([s, s], [low[node, 1], high[node, 1]], color="tab:green", lw=lw)
        else:
            ax.plot([low[node, 0], high[node, 0]], [s, s], color="tab:purple", lw=lw)
        if label_splits:
            point = tree.data[tree.node_point[node]]
            text = f"$x^{{({a + 1})}}={s:g}$"
            right_half = point[0] > (box[0][0] + box[1][0]) / 2
            ax.annotate(
                text,
                point,
                textcoords="offset points",
                xytext=(-4 if right_half else 4, -12),
                fontsize=7,
                color="dimgrey",
                ha="right" if right_half else "left",
            )
    ax.scatter(*tree.data.T, color="k", s=25, zorder=3)
    if names is not None:
        for name, point in zip(names, tree.data):
            ax.annotate(name, point, textcoords="offset points", xytext=(5, 4), fontsize=9)
    ax.set(
        xlim=(box[0][0], box[1][0]),
        ylim=(box[0][1], box[1][1]),
        aspect="equal",
        xlabel=_AXIS_NAMES[0],
        ylabel=_AXIS_NAMES[1],
    )
    return ax


def node_label(tree, node, names=None):
    """A node's text: its name or its point, and the axis it splits."""
    point = tree.node_point[node]
    what = names[point] if names is not None else "(" + ", ".join(f"{v:g}" for v in tree.data[point]) + ")"
    a = tree.node_axis[node]
    return what + (f"\nsplit $x^{{({a + 1})}}$" if a >= 0 else "")


def plot_kd_tree(ax, tree, *, names=None):
    """Li Hang's Figure 3.4: the kd tree as a diagram (in-order position across, depth down)."""
    _check_book_tree(tree)
    order = []

    def in_order(node):
        if node < 0:
            return
        in_order(tree.left[node])
        order.append(node)
        in_order(tree.right[node])

    in_order(0)
    x = np.empty(tree.n_nodes)
    x[order] = np.arange(tree.n_nodes)
    for node in range(tree.n_nodes):
        for child, side in ((tree.left[node], "left: <"), (tree.right[node], "right: ≥")):
            if child >= 0:
                ax.plot([x[node], x[child]], [-tree.depth[node], -tree.depth[child]], color="grey", zorder=1)
    for node in range(tree.n_nodes):
        ax.text(
            x[node],
            -tree.depth[node],
            node_label(tree, node, names),
            ha="center",
            va="center",
            fontsize=9,
            bbox=dict(boxstyle="round", facecolor="white", edgecolor="k"),
            zorder=2,
        )
    ax.set_xlim(-0.7, tree.n_nodes - 0.3)
    ax.set_ylim(-tree.depth.max() - 0.6, 0.6)
    ax.set_yticks(-np.arange(tree.depth.max() + 1), [f"depth {d}" for d in range(tree.depth.max() + 1)])
    ax.set_xticks([])
    for side in ("top", "right", "bottom"):
        ax.spines[side].set_visible(False)
    return ax


def search_table(tree, x, steps, *, names=None):
    """Algorithm 3.3's steps as a table: what was done where, the distance involved and the radius after.

    "distance" is, for a point, its distance to ``x``; for a region, the distance from ``x`` to the region.
    """
    import pandas as pd

    _check_book_tree(tree)
    x = np.asarray(x, dtype=float)
    parent = np.full(tree.n_nodes, -1)
    for node in range(tree.n_nodes):
        for child in (tree.left[node], tree.right[node]):
            if child >= 0:
                parent[child] = node

    def name(node):
        return node_label(tree, node, names).split("\n")[0]

    def is_far(node):  # the child on the other side of its parent's cut from x
        up = parent[node]
        if up < 0:
            return False
        on_left = x[tree.node_axis[up]] < tree.node_split[up]
        return (tree.left[up] == node) != on_left

    rows = []
    for s in steps:
        if s.event == "enter" and not is_far(s.node):
            step, what = "(1)", "go down into"
        elif s.event == "enter":
            step, what = "(3b)", "sphere meets the region: search"
        elif s.event == "prune":
            step, what = "(3b)", "sphere misses the region: skip"
        elif tree.node_axis[s.node] < 0:
            step, what = "(2)", "leaf: distance to its point"
        else:
            step, what = "(3a)", "back up: distance to the point of"
        rows.append([step, what, name(s.node), round(s.distance, 4), round(s.radius, 4)])
    return pd.DataFrame(
        rows,
        columns=["step", "action", "node", "distance", "radius after"],
        index=pd.RangeIndex(1, len(rows) + 1, name="#"),
    )


def plot_search(ax, tree, x, steps, box, *, names=None):
    """Algorithm 3.3 on a 2-D kd tree: the partition, the hypersphere each time it shrinks, the regions pruned
    (hatched) and the nearest neighbour found."""
    from matplotlib.patches import Circle, Rectangle

    plot_kd_partition(ax, tree, box, names=names, label_splits=False)
    low, high = node_cells(tree, box)
    radii = []
    for s in steps:
        if s.event == "check" and np.isfinite(s.radius) and (not radii or s.radius < radii[-1]):
            radii.append(s.radius)
            ax.add_patch(Circle(x, s.radius, fill=False, ls="--", color="tab:orange", lw=1.2))
        if s.event == "prune":
            ax.add_patch(
                Rectangle(
                    low[s.node],
                    *(high[s.node] - low[s.node]),
                    facecolor="none",
                    hatch="///",
                    edgecolor="tab:grey",
                    lw=0,
                )
            )
    nearest = steps and [s for s in steps if s.event == "check" and s.radius == radii[-1] and s.distance == radii[-1]]
    ax.scatter(*x, marker="*", s=160, color="tab:orange", edgecolor="k", zorder=4)
    ax.annotate("target", x, textcoords="offset points", xytext=(6, -12), fontsize=9)
    if nearest:
        ax.scatter(*tree.data[nearest[-1].point], s=220, facecolor="none", edgecolor="tab:red", lw=2, zorder=4)
    return ax


def plot_k_panels(X, y, ks, *, feature_names, class_names, p=2, X_test=None, y_test=None):
    """Decision regions of k-NN for each k in ``ks``, with training (and test) error in each title."""
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, len(ks), figsize=(3.6 * len(ks), 3.6), constrained_layout=True, sharey=True)
    axes = np.atleast_1d(axes)
    for ax, k in zip(axes, ks):
        draw_regions(
            ax, X, y, k, feature_names=feature_names, class_names=class_names, p=p, X_test=X_test, y_test=y_test
        )
    # One key for all panels: the classes' markers are the same in each.
    handles, labels = axes[0].get_legend_handles_labels()
    fig.legend(handles, labels, loc="outside lower center", ncols=len(labels), title="training points")
    return fig


def draw_regions(ax, X, y, k, *, feature_names, class_names, p=2, X_test=None, y_test=None):
    """One panel of :func:`plot_k_panels`."""
    model = KNeighborsClassifier(n_neighbors=k, p=p).fit(X, y)
    plot_decision_regions(ax, model.predict, X, y, resolution=200, padding=0.3, labels=class_names)
    title = f"k = {k}: training error {np.mean(model.predict(X) != y):.2f}"
    if X_test is not None:
        title += f", test error {np.mean(model.predict(X_test) != y_test):.2f}"
    ax.set_title(title, fontsize=9)
    ax.set_xlabel(feature_names[0])
    ax.set_ylabel(feature_names[1])
    return model


def explorer(X, y, *, feature_names, class_names, X_test=None, y_test=None):
    """Widget: choose k and p, and see the decision regions of the k-NN classifier change."""
    import ipywidgets as widgets
    import matplotlib.pyplot as plt

    from ._common import explorer_panel

    k = widgets.IntSlider(value=1, min=1, max=min(60, len(X)), description="k")
    p = widgets.Dropdown(
        options=[("1 (Manhattan)", 1.0), ("2 (Euclidean)", 2.0), ("∞ (max)", np.inf)], value=2.0, description="p"
    )

    def draw():
        fig, ax = plt.subplots(figsize=(5, 4))
        draw_regions(
            ax,
            X,
            y,
            k.value,
            feature_names=feature_names,
            class_names=class_names,
            p=p.value,
            X_test=X_test,
            y_test=y_test,
        )
        ax.legend(fontsize=8, loc="upper left")
        return fig

    return explorer_panel([[k, p]], draw)


def demo_explorer():
    """The chapter's explorer on its data: iris, sepal length and width, the same split as the chapter."""
    from sklearn.datasets import load_iris
    from sklearn.model_selection import train_test_split

    iris = load_iris()
    X_tr, X_te, y_tr, y_te = train_test_split(
        iris.data[:, [0, 1]], iris.target, test_size=1 / 3, random_state=0, stratify=iris.target
    )
    return explorer(
        X_tr,
        y_tr,
        feature_names=[iris.feature_names[0], iris.feature_names[1]],
        class_names=list(iris.target_names),
        X_test=X_te,
        y_test=y_te,
    )
