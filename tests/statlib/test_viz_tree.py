"""statlib.viz.tree: the chapter's figures and explorer draw without error and show what they claim."""

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402
import pytest  # noqa: E402
from sklearn.datasets import load_iris  # noqa: E402

from statlib.datasets import load_example  # noqa: E402
from statlib.tree import DecisionTreeClassifier, DecisionTreeRegressor, ID3Classifier  # noqa: E402
from statlib.viz import tree as viz  # noqa: E402


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


def _texts(ax):
    return [t.get_text() for t in ax.texts]


def test_plot_tree_id3_shows_figure_5_5():
    loans = load_example("lihang", "5.3")
    model = ID3Classifier().fit(pd.DataFrame(loans.X, columns=loans.feature_names), loans.y)
    ax = viz.plot_tree(model)
    texts = _texts(ax)
    assert "owns_house?\n[6, 9]" in texts and "has_job?\n[6, 3]" in texts
    assert sum(t.startswith(("yes\n", "no\n")) for t in texts) == 3  # three leaves
    assert {"yes", "no"} <= set(texts)  # edge labels


def test_plot_tree_cart_and_pruned_subtree():
    iris = load_iris()
    model = DecisionTreeClassifier(max_depth=2).fit(iris.data[:, 2:], iris.target)
    ax = viz.plot_tree(model, feature_names=["pl", "pw"], class_names=list(iris.target_names))
    assert sum("N = " in t for t in _texts(ax)) == model.tree_.node_count
    _, root_only = model.pruning_sequence()[-1]
    ax = viz.plot_tree(model, tree=root_only)
    assert len(ax.texts) == 1
    reg = DecisionTreeRegressor(max_depth=1).fit(np.arange(10.0)[:, None], np.arange(10.0))
    assert any(t.startswith("c = ") for t in _texts(viz.plot_tree(reg)))


def test_partition_impurities_regression_and_explorer():
    iris = load_iris()
    X, y = iris.data[:, 2:], iris.target
    model = DecisionTreeClassifier().fit(X, y)
    fig, axes = plt.subplots(1, 3)
    viz.plot_partition(axes[0], model, X, y, feature_names=["pl", "pw"])
    viz.plot_impurities(axes[1])
    assert len(axes[1].lines) == 4
    data = load_example("lihang", "exercise-5.2")
    viz.plot_regression_tree(axes[2], DecisionTreeRegressor(max_depth=1).fit(data.X, data.y), data.X, data.y)
    step = axes[2].lines[0].get_ydata()
    np.testing.assert_allclose(np.unique(step), [5.06, 8.176])


def test_pruning_explorer_redraws_when_the_subtree_changes():
    import ipywidgets as widgets

    iris = load_iris()
    X, y = iris.data[:, 2:], iris.target
    model = DecisionTreeClassifier().fit(X, y)
    panel = viz.pruning_explorer(model, X, y, X, y)
    assert isinstance(panel.image, widgets.Image) and panel.image.value[:4] == b"\x89PNG"
    step = panel.children[0].children[1]
    assert isinstance(step, widgets.IntSlider) and step.max == len(model.pruning_sequence()) - 1
    seen = {panel.image.value}
    for k in range(1, step.max + 1):
        step.value = k
        seen.add(panel.image.value)
    assert len(seen) == step.max + 1  # every subtree draws a different picture
