"""The feature-selection chapter's weight bars: vertical with rotated names (the default) or horizontal with level
names, the selected features in red, and a bad orientation refused by name."""

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402

from statlib.viz.feature_selection import plot_weights  # noqa: E402

NAMES = ["alcohol", "malic_acid", "od280/od315_of_diluted_wines"]


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


def test_vertical_bars_are_the_default():
    fig, ax = plt.subplots()
    plot_weights(ax, [0.1, 0.3, 0.2], NAMES, [False, True, False])
    assert [label.get_text() for label in ax.get_xticklabels()] == NAMES
    assert ax.get_xticklabels()[0].get_rotation() == 70
    heights = [bar.get_height() for bar in ax.patches]
    np.testing.assert_allclose(heights, [0.1, 0.3, 0.2])


def test_horizontal_bars_list_the_names_level_from_the_top():
    fig, ax = plt.subplots()
    plot_weights(ax, [0.1, 0.3, 0.2], NAMES, [False, True, False], ylabel="weight", orientation="horizontal")
    assert [label.get_text() for label in ax.get_yticklabels()] == NAMES
    assert all(label.get_rotation() == 0 for label in ax.get_yticklabels())
    bottom, top = ax.get_ylim()
    assert bottom > top  # the first name at the top
    np.testing.assert_allclose([bar.get_width() for bar in ax.patches], [0.1, 0.3, 0.2])
    red = [bar.get_facecolor() for bar in ax.patches]
    assert red[1] != red[0] and red[0] == red[2]
    assert ax.get_xlabel() == "weight" and ax.get_ylabel() == "feature"


def test_a_bad_orientation_is_refused_by_name():
    fig, ax = plt.subplots()
    with pytest.raises(ValueError, match="orientation"):
        plot_weights(ax, [0.1, 0.3, 0.2], NAMES, orientation="sideways")
