"""statlib.viz.pagerank: the drawn graphs of Li Hang ch. 21 label each link with its own probability."""

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
from matplotlib.patches import FancyArrowPatch  # noqa: E402

from statlib.datasets import load_example  # noqa: E402
from statlib.viz import pagerank as viz  # noqa: E402


def _labels_beside_arcs(key):
    """For every drawn link, the probability label nearest to the middle of its arc."""
    ex = load_example("lihang", key)
    fig, ax = plt.subplots()
    viz.draw_digraph(ax, ex.adjacency, ex.nodes)
    fig.canvas.draw()
    texts = [(t.get_text(), np.array(t.get_position())) for t in ax.texts if t.get_text().startswith("1")]
    to_data = ax.transData.inverted()
    found = {}
    positions = np.array(viz._positions(ex.nodes))
    for patch in ax.patches:
        if not isinstance(patch, FancyArrowPatch):
            continue
        start, end = (np.asarray(p, dtype=float) for p in patch._posA_posB)
        # The arc as matplotlib draws it: a quadratic Bezier through the connection style's control point.
        arc = patch.get_connectionstyle()(*ax.transData.transform([start, end]), shrinkA=0, shrinkB=0)
        a, c, b = to_data.transform(arc.vertices[:3])
        middle = 0.25 * a + 0.5 * c + 0.25 * b
        src = ex.nodes[int(np.argmin(np.linalg.norm(positions - start, axis=1)))]
        dst = ex.nodes[int(np.argmin(np.linalg.norm(positions - end, axis=1)))]
        found[(src, dst)] = min(texts, key=lambda t: np.linalg.norm(t[1] - middle))[0]
    plt.close(fig)
    return found


def test_figure_21_1_links_carry_the_books_probabilities():
    # Li Hang Fig. 21.1: A -> B, C, D with 1/3 each; B -> A, D with 1/2; C -> A with 1; D -> B, C with 1/2.
    assert _labels_beside_arcs("21.1") == {
        ("A", "B"): "1/3",
        ("A", "C"): "1/3",
        ("A", "D"): "1/3",
        ("B", "A"): "1/2",
        ("B", "D"): "1/2",
        ("C", "A"): "1",
        ("D", "B"): "1/2",
        ("D", "C"): "1/2",
    }


def test_figure_21_5_links_carry_the_books_probabilities():
    # Li Hang Fig. 21.5: A -> B, C with 1/2 each; B -> C with 1; C -> A with 1.
    assert _labels_beside_arcs("21.4") == {("A", "B"): "1/2", ("A", "C"): "1/2", ("B", "C"): "1", ("C", "A"): "1"}
