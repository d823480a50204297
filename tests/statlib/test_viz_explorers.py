"""Every chapter's explorer, driven through the ipywidgets API: change a control, the picture changes."""

import ipywidgets as widgets
import matplotlib
import pytest

matplotlib.use("Agg")


def _explorer_modules():
    """Every statlib.viz module with a ``demo_explorer()``: one per chapter that has an explorer."""
    from statlib._discovery import import_submodules

    return sorted(name for name, module in import_submodules("statlib.viz").items() if hasattr(module, "demo_explorer"))


EXPLORERS = _explorer_modules()


def _build(name):
    import importlib

    return importlib.import_module(f"statlib.viz.{name}").demo_explorer()


def test_the_chapters_have_explorers():
    assert {"introduction", "perceptron"} <= set(EXPLORERS)


def _controls(panel):
    found, stack = [], [panel]
    while stack:
        w = stack.pop()
        stack.extend(getattr(w, "children", ()))
        if isinstance(w, (widgets.IntSlider, widgets.FloatSlider, widgets.Dropdown)):
            found.append(w)
    return found


def _another_value(control):
    if isinstance(control, widgets.Dropdown):
        options = [o if not isinstance(o, tuple) else o[1] for o in control.options]
        return next(o for o in options if o != control.value)
    return control.max if control.value != control.max else control.min


@pytest.mark.parametrize("name", EXPLORERS)
def test_every_control_changes_the_picture(name):
    panel = _build(name)
    assert isinstance(panel.image, widgets.Image) and panel.image.value[:4] == b"\x89PNG"
    controls = _controls(panel)
    assert controls, "the explorer has no controls"
    changed = 0
    for control in controls:
        before = panel.image.value
        control.value = _another_value(control)
        changed += panel.image.value != before
    # A control may leave the picture unchanged in some states (e.g. a step slider beyond the last update);
    # most must change it.
    assert changed >= max(1, len(controls) - 1), f"only {changed} of {len(controls)} controls changed the picture"


def test_perceptron_step_slider_walks_through_table_2_1():
    panel = _build("perceptron")
    step = next(c for c in _controls(panel) if getattr(c, "description", "") == "update k")
    assert step.max == 7  # seven updates in Example 2.1, so steps 0..7
    pictures = set()
    for k in range(step.max + 1):
        step.value = k
        pictures.add(panel.image.value)
    # Each row of Table 2.1 has its own (w, b) or circled point, so the eight steps give eight pictures.
    assert len(pictures) == 8
