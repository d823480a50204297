"""Labels of the figures of chapters 9, 11, 13-14, 17, 18 and 20 stay inside their axes, clear of each other and of
the markers they name; blank cells and colour bars follow their stated rules (statlib.viz.lsa, crf, clustering,
plsa, mixture, lda)."""

import matplotlib
import matplotlib.text

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402

from statlib.datasets import load_example  # noqa: E402
from statlib.decomposition import svd  # noqa: E402
from statlib.mixture import ThreeCoinEM  # noqa: E402
from statlib.viz import clustering as viz_clustering  # noqa: E402
from statlib.viz import crf as viz_crf  # noqa: E402
from statlib.viz import lsa as viz_lsa  # noqa: E402
from statlib.viz import mixture as viz_mixture  # noqa: E402
from statlib.viz import plsa as viz_plsa  # noqa: E402


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


def _labels(ax):
    return [t for t in ax.texts if t.get_text()]


def _overlap(a, b):
    return a.x0 < b.x1 and b.x0 < a.x1 and a.y0 < b.y1 and b.y0 < a.y1


def test_topic_map_labels_are_inside_and_apart():
    # §17.2.2: "rich" sat past the right edge, "real" and "estate" on top of each other
    ex = load_example("lihang", "section-17.2.2")
    U, s, Vt = svd(ex.X, kind="truncated", k=3)
    fig, ax = plt.subplots(figsize=(7, 5.5))
    viz_lsa.plot_topic_map(ax, np.diag(s) @ Vt, ex.documents, ex.words, U * s, title="topics 2 and 3")
    fig.canvas.draw()
    box = ax.get_window_extent()
    texts = _labels(ax)
    names = [t.get_text() for t in texts]
    assert "estate / real" in names and "real" not in names  # equal rows share one label
    assert len(texts) == len(ex.documents) + len(ex.words) - 1
    extents = [t.get_window_extent() for t in texts]
    for text, extent in zip(texts, extents):
        assert box.x0 <= extent.x0 and extent.x1 <= box.x1 and box.y0 <= extent.y0 and extent.y1 <= box.y1, text
    for i in range(len(extents)):
        for j in range(i):
            assert not _overlap(extents[i], extents[j]), (names[i], names[j])


def test_word_document_blanks_below_the_threshold_and_validates_it():
    X = np.array([[0.0, 1e-300, 0.004], [0.006, 0.5, 1.0]])
    fig, ax = plt.subplots()
    viz_lsa.plot_word_document(ax, X, ["a", "b"], ["d1", "d2", "d3"], fmt="{:.2f}", blank_below=0.005)
    assert sorted(t.get_text() for t in _labels(ax)) == ["0.01", "0.50", "1.00"]
    fig, ax = plt.subplots()
    viz_lsa.plot_word_document(ax, X, ["a", "b"], ["d1", "d2", "d3"], fmt="{:.2f}")  # default: exact zeros only
    assert len(_labels(ax)) == 5
    for bad, error in [(-1.0, ValueError), ("0.1", TypeError), (np.nan, ValueError)]:
        with pytest.raises(error, match="blank_below"):
            viz_lsa.plot_word_document(ax, X, ["a", "b"], ["d1", "d2", "d3"], blank_below=bad)


def test_nmf_state_titles_carry_no_loss_value():
    ex = load_example("lihang", "section-17.2.2")
    path, losses = viz_lsa.nmf_path(ex.X, 3, 5)
    fig, axes = plt.subplots(1, 3)
    viz_lsa.plot_nmf_state(axes, ex.X, path, losses, 5, ex.words, ex.documents)
    assert f"{losses[5]:.3f}" not in axes[2].get_title()
    assert all("book's" not in ax.get_title() for ax in axes)


def test_decoding_counts_errors_in_words_and_draws_its_colour_bar():
    rng = np.random.default_rng(0)
    images, unary = rng.uniform(0, 16, size=(4, 64)), rng.normal(size=(4, 3))
    trans = np.zeros((3, 3))
    path = np.argmax(unary, axis=1)
    truth = path.copy()
    truth[0] = (truth[0] + 1) % 3
    fig, axes = plt.subplots(2, 1)
    viz_crf.draw_decoding(axes, images, unary, trans, 0.0, truth)
    assert "1 error on" in axes[1].get_title()
    assert len(fig.axes) == 3  # the two panels and the colour bar
    fig, axes = plt.subplots(2, 1)
    viz_crf.draw_decoding((None, axes[1]), images, unary, trans, 0.0, truth, colorbar=False)
    assert len(fig.axes) == 2 and not axes[0].images
    assert "1 error on" in axes[1].get_title()
    with pytest.raises(TypeError, match="colorbar"):
        viz_crf.draw_decoding(axes, images, unary, trans, 0.0, truth, colorbar="yes")


def test_lattice_labels_do_not_cover_their_edges():
    M = np.array([[[1, 1], [0, 0]], [[1, 1], [1, 1]], [[1, 1], [1, 1]], [[1, 0], [1, 0]]], dtype=float) * 2.0
    fig, ax = plt.subplots(figsize=(7, 3), constrained_layout=True)
    viz_crf.plot_lattice(ax, M, start=0, stop=0, highlight=[0, 1, 0])
    fig.canvas.draw()
    edge_labels = [t for t in _labels(ax) if isinstance(t, matplotlib.text.Annotation)]
    assert len(edge_labels) == 12
    for text in edge_labels:  # the point of the edge a label names lies outside the label
        extent = text.get_window_extent()
        x, y = ax.transData.transform(text.xy)
        assert not (extent.x0 < x < extent.x1 and extent.y0 < y < extent.y1), text.get_text()


def test_kmeans_names_clear_the_centre_crosses():
    # Example 14.2: at the start x1, x2 the centres sit on x1 and x2
    X = np.array([[0.0, 2.0], [0.0, 0.0], [1.0, 0.0], [5.0, 0.0], [5.0, 2.0]])
    fig, ax = plt.subplots(figsize=(3.3, 3.3))
    viz_clustering.plot_kmeans_state(ax, X, X[[0, 1]], np.array([0, 1, 1, 1, 0]), point_names=list("ABCDE"))
    ax.set(xlim=(-1, 6.2), ylim=(-0.7, 2.8))
    fig.canvas.draw()
    radius = 0.5 * np.sqrt(160) * fig.dpi / 72 + 1  # the cross's half size (marker area 160 points^2) in pixels
    for centre in ax.transData.transform(X[[0, 1]]):
        for text in _labels(ax):
            extent = text.get_window_extent()
            nearest = np.clip(centre, [extent.x0, extent.y0], [extent.x1, extent.y1])
            assert np.linalg.norm(nearest - centre) > radius, text.get_text()


def test_simplex_corner_names_lie_inside_the_axes():
    Xs, true_topics, _ = viz_plsa.simplex_corpus()
    path, _ = viz_plsa.plsa_path(Xs, 2, 3, random_state=0)
    fig, ax = plt.subplots(figsize=(5, 4.4))
    viz_plsa.plot_simplex(ax, Xs, *path[3], true_topics=true_topics)
    fig.tight_layout()
    fig.canvas.draw()
    box = ax.get_window_extent()
    for text in _labels(ax):
        extent = text.get_window_extent()
        assert box.x0 <= extent.x0 and extent.x1 <= box.x1 and box.y0 <= extent.y0 and extent.y1 <= box.y1, text


def test_three_coin_panels_share_the_unit_square():
    y = np.array([1, 1, 0, 1, 0, 0, 1, 0, 1, 1])
    fits = [ThreeCoinEM(*start).fit(y) for start in [(0.5, 0.5, 0.5), (0.4, 0.6, 0.7), (0.7, 0.3, 0.9)]]
    fig, axes = plt.subplots(1, 3)
    viz_mixture.plot_three_coin_ridge(axes, y, fits, ["a", "b", "c"])
    for ax in axes:
        assert ax.get_xlim() == (0.0, 1.0) and ax.get_ylim() == (0.0, 1.0)
