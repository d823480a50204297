"""The boosting chapter's figures and explorer (statlib.viz.boosting), driven without a kernel."""

import ipywidgets as widgets
import matplotlib
import numpy as np
import pytest
from sklearn.datasets import make_moons

from statlib.datasets import load_example
from statlib.ensemble import AdaBoostClassifier, BoostingTreeRegressor
from statlib.viz import boosting

matplotlib.use("Agg")


@pytest.fixture(autouse=True)
def _close_figures():
    import matplotlib.pyplot as plt

    yield
    plt.close("all")


def test_explorer_round_slider_changes_the_picture():
    X, y = make_moons(n_samples=60, noise=0.25, random_state=0)
    panel = boosting.explorer(X, y, n_estimators=8)
    assert isinstance(panel.image, widgets.Image) and panel.image.value[:4] == b"\x89PNG"
    step = next(w for w in panel.children[0].children if isinstance(w, widgets.IntSlider))
    assert (step.min, step.max) == (1, 8)
    pictures = set()
    for m in range(1, step.max + 1):
        step.value = m
        pictures.add(panel.image.value)
    assert len(pictures) == 8


def test_example_8_1_figure_has_one_row_per_round():
    ex = load_example("lihang", "8.1")
    clf = AdaBoostClassifier(n_estimators=3).fit(ex.X, ex.y)
    fig = boosting.plot_adaboost_rounds_1d(ex.X[:, 0], ex.y, clf, clf.weight_history(ex.X, ex.y))
    assert len(fig.axes) == 6
    # The first bar panel shows D_1 (all 0.1) and the first threshold 2.5.
    heights = [p.get_height() for p in fig.axes[0].patches]
    np.testing.assert_allclose(heights, 0.1)
    assert "2.5" in fig.axes[0].get_title()
    assert "0 training mistakes" in fig.axes[5].get_title()


def test_boosting_tree_figure_and_bound_plot():
    ex = load_example("lihang", "8.2")
    reg = BoostingTreeRegressor(n_estimators=6, book_rounding=True).fit(ex.X, ex.y)
    grid = np.linspace(0.5, 10.5, 101).reshape(-1, 1)
    fig = boosting.plot_boosting_tree_rounds(
        ex.X[:, 0], ex.y, [(grid[:, 0], f) for f in reg.staged_predict(grid)], losses={"book": reg.train_loss_}
    )
    assert len(fig.axes[0].lines) == 6
    np.testing.assert_allclose(fig.axes[1].lines[0].get_ydata(), reg.train_loss_)
    ax = boosting.plot_bound(np.array([0.3, 0.0]), np.array([0.9, 0.8]), np.array([0.3, 0.2]))
    # The zero training error is not drawn on the log scale but marked.
    assert np.isnan(ax.lines[0].get_ydata()[1])
