"""statlib.viz.hmm: the trellis holds its numbers inside the nodes, and Figures 10.1 / 10.3 say what they claim."""

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402

from statlib.datasets import load_example  # noqa: E402
from statlib.hmm import CategoricalHMM  # noqa: E402
from statlib.viz import hmm as viz  # noqa: E402


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


def _example_10_3():
    ex = load_example("lihang", "10.3")
    return CategoricalHMM(ex.startprob, ex.transmat, ex.emissionprob), ex.obs


@pytest.mark.parametrize(
    "values",
    [
        np.array([[0.10, 0.16, 0.28], [0.028, 0.0504, 0.042], [0.00756, 0.01008, 0.0147]]),  # delta of Example 10.3
        np.array([[0.10, 0.16, 0.28], [0.077, 0.1104, 0.0606], [0.04187, 0.03551, 0.05284]]),  # alpha of Example 10.2
        np.array([[1.5e-07, 0.5], [0.123456, 2.5e-12]]),
    ],
)
def test_every_number_fits_inside_its_circle(values):
    fig, ax = plt.subplots(figsize=(6, 3.4), dpi=100)
    viz.draw_trellis(ax, values)
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    nodes = ax.collections  # one scatter per node
    assert len(nodes) == values.size
    sizes = np.concatenate([c.get_sizes() for c in nodes])
    assert np.all(sizes == sizes[0])  # every node the same size
    radius_px = np.sqrt(sizes[0]) / 2 * fig.dpi / 72  # marker size is in points squared
    centres = ax.transData.transform(np.vstack([c.get_offsets() for c in nodes]))
    for text in ax.texts:
        box = text.get_window_extent(renderer)
        centre = centres[np.argmin(np.linalg.norm(centres - [box.x0 + box.width / 2, box.y0 + box.height / 2], axis=1))]
        corners = np.array([[box.x0, box.y0], [box.x0, box.y1], [box.x1, box.y0], [box.x1, box.y1]])
        assert np.all(np.linalg.norm(corners - centre, axis=1) < radius_px), text.get_text()


def test_trellis_writes_the_book_values_and_arrows_of_example_10_3():
    model, obs = _example_10_3()
    path, _, delta, psi = model.viterbi(obs, return_trellis=True)
    fig, ax = plt.subplots()
    viz.draw_trellis(ax, delta, psi=psi, path=path)
    texts = {t.get_text() for t in ax.texts}
    assert {"0.1", "0.16", "0.28", "0.028", "0.0504", "0.042", "0.00756", "0.01008", "0.0147"} <= texts
    assert len([c for c in ax.get_children() if isinstance(c, matplotlib.text.Annotation)]) == 6  # Psi, t = 2, 3


def test_draw_recursion_labels_the_transitions_of_10_16_and_10_20():
    fig, (fwd, bwd) = plt.subplots(1, 2)
    viz.draw_recursion(fwd, "forward")
    viz.draw_recursion(bwd, "backward")
    f, b = {t.get_text() for t in fwd.texts}, {t.get_text() for t in bwd.texts}
    assert {"$a_{1i}$", "$a_{2i}$", "$a_{Ni}$", r"$\alpha_t(1)$", "$q_i$"} <= f
    assert {"$a_{i1}$", "$a_{i2}$", "$a_{iN}$", r"$\beta_t(i)$", "$q_i$"} <= b
    assert "(10.16)" in fwd.get_xlabel() and "(10.20)" in bwd.get_xlabel()


def test_draw_recursion_rejects_an_unknown_kind():
    fig, ax = plt.subplots()
    with pytest.raises(ValueError, match="kind"):
        viz.draw_recursion(ax, "sideways")
