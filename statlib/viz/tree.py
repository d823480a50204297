"""Figures and the explorer for the decision-tree chapter (Li Hang ch. 5).

``plot_tree`` draws ID3/C4.5 trees and CART trees in the book's style (internal nodes as ellipses,
leaves as boxes, branch labels on the edges); ``plot_partition`` draws the rectangles a CART tree
cuts a 2-D feature space into (Figure 5.2 (a)); ``plot_impurities`` is Figures 5.4 and 5.7;
``pruning_explorer`` steps through the subtrees of Algorithm 5.7.
"""

import numpy as np

from ..tree import ID3Classifier


class _Box:
    def __init__(self, text, leaf, children=(), colour=None):
        self.text, self.leaf, self.children, self.colour = text, leaf, list(children), colour


def _fmt(v):
    return f"{v:.4g}"


def _id3_boxes(model, class_names, feature_names, root=None):
    names = feature_names or [model.feature_name(j) for j in range(model.n_features_in_)]
    classes = class_names or [str(c) for c in model.classes_]

    def build(node):
        counts = ", ".join(f"{int(c)}" for c in node.class_counts)
        if node.is_leaf:
            return _Box(f"{classes[node.prediction]}\n[{counts}]", True, colour=node.prediction)
        kids = [
            (str(model.categories_[node.feature][code]), build(child)) for code, child in sorted(node.children.items())
        ]
        return _Box(f"{names[node.feature]}?\n[{counts}]", False, kids)

    return build(root if root is not None else model.tree_)


def _cart_boxes(tree, classes, feature_names, regression):
    def build(t):
        n = int(tree.n_node_samples[t])
        if regression:
            body, colour = f"c = {_fmt(tree.value[t])}\nN = {n}", None
        else:
            k = int(np.argmax(tree.value[t]))
            body, colour = f"{classes[k]}\nN = {n}", k
        if tree.children_left[t] < 0:
            return _Box(body, True, colour=colour)
        name = feature_names[tree.feature[t]] if feature_names is not None else f"x({tree.feature[t] + 1})"
        kids = [
            (f"≤ {_fmt(tree.threshold[t])}", build(tree.children_left[t])),
            (f"> {_fmt(tree.threshold[t])}", build(tree.children_right[t])),
        ]
        return _Box(f"{name}\nN = {n}", False, kids)

    return build(0)


def _layout(box, depth=0, next_x=None, out=None):
    """Leaves at consecutive x positions, a parent centred above its children; y = -depth."""
    if out is None:
        out, next_x = [], [0]
    if box.leaf:
        box.x = next_x[0]
        next_x[0] += 1
    else:
        for _, child in box.children:
            _layout(child, depth + 1, next_x, out)
        box.x = np.mean([child.x for _, child in box.children])
    box.y = -depth
    out.append(box)
    return out


def plot_tree(model, ax=None, *, tree=None, feature_names=None, class_names=None, title=None, fontsize=9):
    """Draw a fitted tree: an :class:`~statlib.tree.ID3Classifier` (or C4.5), or a CART estimator.

    For CART, ``tree`` may be a pruned :class:`~statlib.tree.Tree` (e.g. from ``pruning_sequence``)
    to draw instead of ``model.tree_``. Leaves show the predicted class (or value c_m) and either the
    class counts (ID3) or the number of samples N; edges show the branch's value or threshold.
    """
    import matplotlib.pyplot as plt
    from matplotlib.patches import Ellipse, FancyBboxPatch

    if ax is None:
        _, ax = plt.subplots(figsize=(7, 4))
    if isinstance(model, ID3Classifier):
        root = _id3_boxes(model, class_names, feature_names, root=tree)
    else:
        regression = not hasattr(model, "classes_")
        classes = class_names or ([] if regression else [str(c) for c in model.classes_])
        root = _cart_boxes(tree if tree is not None else model.tree_, classes, feature_names, regression)
    boxes = _layout(root)
    width = max(b.x for b in boxes) + 1
    depth = -min(b.y for b in boxes) + 1
    cmap = plt.get_cmap("tab10")
    for b in boxes:
        for label, child in b.children:
            ax.plot([b.x, child.x], [b.y - 0.18, child.y + 0.18], color="0.35", lw=1, zorder=1)
            ax.text(
                0.4 * b.x + 0.6 * child.x,
                0.4 * b.y + 0.6 * child.y,
                label,
                ha="center",
                va="center",
                fontsize=fontsize - 1,
                bbox=dict(boxstyle="round,pad=0.15", fc="white", ec="none"),
                zorder=3,
            )
    for b in boxes:
        face = "white" if b.colour is None else (*cmap(b.colour % 10)[:3], 0.25)
        if b.leaf:
            patch = FancyBboxPatch((b.x - 0.4, b.y - 0.2), 0.8, 0.4, boxstyle="square,pad=0", fc=face, ec="k", zorder=2)
        else:
            patch = Ellipse((b.x, b.y), 0.95, 0.42, fc="#eef3fb", ec="k", zorder=2)
        ax.add_patch(patch)
        ax.text(b.x, b.y, b.text, ha="center", va="center", fontsize=fontsize, zorder=4)
    ax.set_xlim(-0.6, width - 0.4)
    ax.set_ylim(-depth + 0.5, 0.5)
    ax.set_axis_off()
    if title:
        ax.set_title(title)
    return ax


def plot_partition(ax, model, X, y, *, tree=None, feature_names=None, class_names=None, resolution=300, padding=0.3):
    """The rectangles R_m a CART classifier on two features cuts the plane into (Figure 5.2 (a)).

    Regions are shaded by their predicted class; the training points are drawn on top.
    """
    import matplotlib.pyplot as plt

    t = tree if tree is not None else model.tree_
    X = np.asarray(X, dtype=float)
    x0, x1 = X[:, 0].min() - padding, X[:, 0].max() + padding
    y0, y1 = X[:, 1].min() - padding, X[:, 1].max() + padding
    gx, gy = np.meshgrid(np.linspace(x0, x1, resolution), np.linspace(y0, y1, resolution))
    leaves = t.apply(np.ascontiguousarray(np.c_[gx.ravel(), gy.ravel()]))
    z = np.argmax(t.value[leaves], axis=1).reshape(gx.shape)
    cmap = plt.get_cmap("tab10")
    k = t.value.shape[1]
    ax.contourf(gx, gy, z, levels=np.arange(k + 1) - 0.5, colors=[cmap(i) for i in range(k)], alpha=0.22)
    ax.contour(gx, gy, leaves.reshape(gx.shape), levels=np.unique(leaves)[:-1] + 0.5, colors="k", linewidths=0.6)
    names = class_names or [str(c) for c in model.classes_]
    codes = np.searchsorted(model.classes_, y)
    for i in range(k):
        ax.scatter(*X[codes == i].T, color=cmap(i), edgecolor="k", s=22, label=names[i])
    ax.set_xlim(x0, x1)
    ax.set_ylim(y0, y1)
    if feature_names is not None:
        ax.set_xlabel(feature_names[0])
        ax.set_ylabel(feature_names[1])
    return ax


def plot_impurities(ax):
    """Figures 5.4 and 5.7: for two classes with P(class 1) = p, the entropy H(p) in bits (5.4), half of
    it, the Gini index 2p(1 - p) (5.23) and the classification error min(p, 1 - p)."""
    p = np.linspace(0, 1, 401)
    with np.errstate(divide="ignore", invalid="ignore"):
        h = np.nan_to_num(-p * np.log2(p) - (1 - p) * np.log2(1 - p))
    ax.plot(p, h, color="0.6", ls=":", label="entropy $H(p)$ (bits), Fig. 5.4")
    ax.plot(p, h / 2, label="half the entropy $H(p)/2$")
    ax.plot(p, 2 * p * (1 - p), label="Gini index $2p(1-p)$")
    ax.plot(p, np.minimum(p, 1 - p), label="classification error $\\min(p, 1-p)$")
    ax.set_xlabel("$p$")
    ax.set_ylabel("impurity")
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1.05)
    ax.legend(fontsize=8)
    return ax


def plot_regression_tree(ax, model, X, y, *, tree=None, label=None, **style):
    """The piecewise-constant f(x) = sum_m c_m I(x in R_m) (5.16) of a one-feature regression tree, over the data."""
    t = tree if tree is not None else model.tree_
    X = np.asarray(X, dtype=float)
    lo, hi = X[:, 0].min(), X[:, 0].max()
    grid = np.linspace(lo - 0.05 * (hi - lo), hi + 0.05 * (hi - lo), 1000)[:, None]
    ax.plot(grid[:, 0], t.value[t.apply(np.ascontiguousarray(grid))], label=label, **style)
    ax.scatter(X[:, 0], y, color="k", s=18, zorder=3)
    return ax


def pruning_explorer(model, X, y, X_test, y_test, *, feature_names=None, class_names=None):
    """Widget: step through the subtrees T_0 > T_1 > ... > T_n of Algorithm 5.7 for a CART classifier
    fitted on two features; shows the partition, the tree, and the training and test accuracy."""
    import ipywidgets as widgets
    import matplotlib.pyplot as plt

    from ._common import explorer_panel

    sequence = model.pruning_sequence()
    step = widgets.IntSlider(value=0, min=0, max=len(sequence) - 1, description="subtree k")
    play = widgets.Play(interval=900, min=0, max=len(sequence) - 1)
    widgets.jslink((play, "value"), (step, "value"))

    def draw():
        alpha, t = sequence[step.value]
        fig, axes = plt.subplots(1, 2, figsize=(11, 4.2), constrained_layout=True)
        plot_partition(axes[0], model, X, y, tree=t, feature_names=feature_names, class_names=class_names)
        train = _accuracy(t, model.classes_, X, y)
        test = _accuracy(t, model.classes_, X_test, y_test)
        axes[0].set_title(
            f"T_{step.value}: alpha = {alpha:.4f}, |T| = {t.n_leaves}; accuracy train {train:.3f}, test {test:.3f}",
            fontsize=9,
        )
        plot_tree(model, axes[1], tree=t, feature_names=feature_names, class_names=class_names, fontsize=7)
        return fig

    return explorer_panel([[play, step]], draw)


def _accuracy(tree, classes, X, y):
    leaves = tree.apply(np.ascontiguousarray(X, dtype=float))
    return float(np.mean(classes[np.argmax(tree.value[leaves], axis=1)] == y))


def demo_explorer():
    """The chapter's explorer on its own data: a full CART tree on 100 iris flowers (petal length and
    width), with the other 50 held out."""
    from sklearn.datasets import load_iris
    from sklearn.model_selection import train_test_split

    from ..tree import DecisionTreeClassifier

    iris = load_iris()
    X_fit, X_held, y_fit, y_held = train_test_split(
        iris.data[:, 2:], iris.target, test_size=50, random_state=0, stratify=iris.target
    )
    full = DecisionTreeClassifier().fit(X_fit, y_fit)
    return pruning_explorer(
        full,
        X_fit,
        y_fit,
        X_held,
        y_held,
        feature_names=["petal length (cm)", "petal width (cm)"],
        class_names=list(iris.target_names),
    )
