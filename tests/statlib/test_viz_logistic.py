"""Smoke tests for the figure and widget helpers of ch. 6 and the optimisation appendix (statlib.viz)."""

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402
from sklearn.datasets import load_iris  # noqa: E402

from statlib.linear_model import LogisticRegression  # noqa: E402
from statlib.optim import minimize, rosenbrock, rosenbrock_grad  # noqa: E402
from statlib.viz import logistic as viz_logistic  # noqa: E402
from statlib.viz import optim as viz_optim  # noqa: E402


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


def test_logistic_distribution_functions():
    x = np.linspace(-5, 5, 11)
    np.testing.assert_allclose(viz_logistic.logistic_cdf(0.0, 0.0, 2.0), 0.5)
    np.testing.assert_allclose(viz_logistic.logistic_pdf(x, 1.0, 0.5), viz_logistic.logistic_pdf(2.0 - x, 1.0, 0.5))
    assert viz_logistic.plot_logistic_distribution() is not None


def test_simplex_and_probability_map():
    fig, ax = plt.subplots()
    viz_logistic.plot_simplex(ax, [([1, 1, 0], 0.3, "a"), ([1, 0, 1], 0.8, "b")])
    iris = load_iris()
    mask = iris.target > 0
    X, y = iris.data[mask][:, 2:], iris.target[mask]
    viz_logistic.plot_probability_map(ax, LogisticRegression().fit(X, y), X, y)
    assert viz_logistic.explorer(X, y) is not None


def test_optim_figures_and_explorer():
    res = minimize(rosenbrock, [-1.2, 1.0], jac=rosenbrock_grad)
    fig, (a, b) = plt.subplots(1, 2)
    viz_optim.rosenbrock_contours(a)
    viz_optim.plot_path(a, res.path, colour="k", label="bfgs", upto=3)
    viz_optim.plot_convergence(a, b, {"bfgs": res})
    assert viz_optim.explorer() is not None


def _controls(panel):
    import ipywidgets as widgets

    found, stack = [], [panel]
    while stack:
        w = stack.pop()
        stack.extend(getattr(w, "children", ()))
        if isinstance(w, (widgets.IntSlider, widgets.FloatSlider, widgets.Dropdown)):
            found.append(w)
    return found


@pytest.mark.parametrize("which", ["logistic", "optim"])
def test_explorers_redraw_when_a_control_changes(which):
    import ipywidgets as widgets

    if which == "logistic":
        iris = load_iris()
        mask = iris.target > 0
        panel = viz_logistic.explorer(iris.data[mask][:, 2:], iris.target[mask])
    else:
        panel = viz_optim.explorer()
    assert isinstance(panel.image, widgets.Image) and panel.image.value[:4] == b"\x89PNG"
    controls = _controls(panel)
    changed = 0
    for control in controls:
        before = panel.image.value
        if isinstance(control, widgets.Dropdown):
            options = [o[1] if isinstance(o, tuple) else o for o in control.options]
            control.value = next(o for o in options if o != control.value)
        else:
            control.value = control.min if control.value != control.min else min(control.max, control.min + 5)
        changed += panel.image.value != before
    # One control may leave the picture unchanged in some states (C does not matter without a penalty).
    assert changed >= len(controls) - 1
