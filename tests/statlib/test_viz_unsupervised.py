"""The summary of unsupervised learning (Li Hang ch. 22): its figures, its method runner and its exercises."""

import math

import matplotlib
import matplotlib.pyplot as plt
import numpy as np
import pytest
from matplotlib.patches import Circle, FancyBboxPatch
from scipy.optimize import minimize
from sklearn.decomposition import NMF as SkNMF
from sklearn.metrics import normalized_mutual_info_score

from statlib.exercises import check
from statlib.viz import unsupervised as viz

# Companion 22.1 and 22.2: three words, two documents.
D = np.array([[2.0, 0.0], [1.0, 1.0], [0.0, 2.0]])


def test_companion_22_1_lsa_and_nmf_losses_with_one_topic():
    sigma = np.linalg.svd(D, compute_uv=False)
    lsa = float(np.sum(sigma[1:] ** 2))  # Eckart-Young: the discarded squared singular values
    model = SkNMF(1, init="random", random_state=0, max_iter=5000, tol=1e-12)
    W = model.fit_transform(D)
    nmf = float(np.sum((D - W @ model.components_) ** 2))
    assert lsa == pytest.approx(4.0, abs=1e-12)
    assert nmf == pytest.approx(4.0, abs=1e-6)  # a reference NMF reaches the SVD's loss: D is non-negative
    assert check("companion-22.1", [lsa, nmf]).correct
    assert not check("companion-22.1", [4.0, 5.0]).correct


def test_companion_22_2_the_smallest_scaled_loss_is_the_mutual_information():
    P = D / D.sum()
    p_doc = P.sum(axis=0)

    def loss(theta):  # P(w) = softmax(theta); one topic, V scaled by the document margin
        p_word = np.exp(theta) / np.exp(theta).sum()
        model = np.outer(p_word, p_doc)
        nz = P > 0
        return float(np.sum(P[nz] * np.log(P[nz] / model[nz])))

    best = minimize(loss, x0=np.array([1.0, -0.5, 0.3]), method="Nelder-Mead", options={"xatol": 1e-10, "fatol": 1e-12})
    p_word = np.exp(best.x) / np.exp(best.x).sum()
    np.testing.assert_allclose(p_word, P.sum(axis=1), atol=1e-5)  # the row margin
    mutual_information = sum(
        P[m, n] * math.log(P[m, n] / (P[m].sum() * P[:, n].sum())) for m in range(3) for n in range(2) if P[m, n] > 0
    )
    assert best.fun == pytest.approx(mutual_information, abs=1e-9)
    assert check("companion-22.2", best.fun).correct
    # The unscaled loss is smaller by the entropy of the document margin, log 2: not the asked-for value.
    assert not check("companion-22.2", best.fun - math.log(2)).correct


def test_companion_22_4_power_method_iterations():
    t = next(t for t in range(1, 1000) if 0.85**t <= 1e-8)
    assert t == 114
    assert check("companion-22.4", t).correct
    assert not check("companion-22.4", t - 1).correct


def test_the_method_map_shades_part_i_and_draws_the_books_dependencies():
    fig, ax = plt.subplots()
    viz.plot_method_map(ax)
    boxes = [p for p in ax.patches if isinstance(p, FancyBboxPatch)]
    assert len(boxes) == 8 + 6  # eight unsupervised methods, six basic methods
    dark = [p for p in boxes if matplotlib.colors.to_hex(p.get_facecolor()) == viz.PART_I_COLOUR]
    assert len(dark) == 2  # the Gaussian mixture and EM (chapter 9)
    texts = " ".join(t.get_text() for t in ax.texts)
    for name in ("hierarchical", "k-means", "Gaussian", "PCA", "LSA", "PLSA", "LDA", "PageRank", "SVD", "NMF", "EM"):
        assert name in texts
    arrows = [a for a in ax.texts if isinstance(a, matplotlib.text.Annotation) and a.arrow_patch is not None]
    assert len(arrows) == 8
    plt.close(fig)


def test_the_method_map_names_fit_their_boxes():
    fig, ax = plt.subplots(figsize=(13, 4.4))  # the chapter's size
    viz.plot_method_map(ax)
    fig.canvas.draw()
    boxes = [p for p in ax.patches if isinstance(p, FancyBboxPatch)]
    for box in boxes:
        inner = box.get_window_extent()
        inside = [t for t in ax.texts if inner.contains(*t.get_window_extent().get_points().mean(axis=0))]
        assert len(inside) == 1
        extent = inside[0].get_window_extent()
        assert inner.x0 < extent.x0 and extent.x1 < inner.x1, inside[0].get_text()
        assert inner.y0 < extent.y0 and extent.y1 < inner.y1, inside[0].get_text()
        assert inside[0].get_fontsize() == 8.5  # at the chapter's size no name needs a smaller font
    plt.close(fig)


@pytest.mark.parametrize("figsize", [(8, 3), (5, 2.5), (3, 1.5), (13, 2.2), (6, 6)])
def test_the_method_map_fits_any_figure(figsize):
    # in a figure narrower than the chapter's the names ran over their boxes (the font stopped shrinking at 5 points)
    # and the headings, group captions and legend, which kept their size, ran into one another and into the boxes
    fig, ax = plt.subplots(figsize=figsize)
    viz.plot_method_map(ax)
    fig.canvas.draw()
    boxes = [p.get_window_extent() for p in ax.patches if isinstance(p, FancyBboxPatch)]
    names, others = [], []
    for text in ax.texts:
        if not text.get_text():
            continue
        extent = text.get_window_extent()
        holder = [b for b in boxes if b.contains(*extent.get_points().mean(axis=0))]
        (names if holder else others).append((text, extent, holder))
    assert len(names) == len(boxes) == 14
    for text, extent, (box,) in names:
        assert box.x0 < extent.x0 and extent.x1 < box.x1 and box.y0 < extent.y0 and extent.y1 < box.y1, text.get_text()
    sizes = {text.get_fontsize() for text, _, _ in names}
    assert len(sizes) == 1  # one font for every name, so the drawing keeps its proportions
    legend = ax.get_legend().get_window_extent()
    free = [extent for _, extent, _ in others] + [legend]
    for i, a in enumerate(free):
        assert not any(a.overlaps(b) for b in boxes), i
        assert not any(a.overlaps(b) for b in free[i + 1 :]), i
    plt.close(fig)


def test_assignment_names_neither_overlap_nor_leave_the_axes():
    # eight groups whose centres crowd together, as the subpackages do near the origin of the chapter's map
    rng = np.random.default_rng(0)
    centres = np.array([[0.05, 0.15], [0.02, 0.09], [0.05, 0.07], [0.06, 0.06], [0.04, 0.05], [0.07, 0.05],
                        [-0.05, 0.02], [0.15, -0.08]])  # fmt: skip
    names = [f"pkg.sub{i}" for i in range(8)]
    Y2 = np.vstack([c + 0.05 * rng.standard_normal((40, 2)) for c in centres])
    labels = np.repeat(names, 40)
    fig, axes = plt.subplots(2, 3, figsize=(13, 8), constrained_layout=True, sharex=True, sharey=True)
    for ax in axes.ravel():
        viz.plot_assignments(ax, Y2, rng.integers(0, 8, len(Y2)), labels, title="t")
    fig.canvas.draw()
    for ax in axes.ravel():
        assert sorted(t.get_text() for t in ax.texts) == [f"sub{i}" for i in range(8)]
        extents = [matplotlib.text.Text.get_window_extent(t) for t in ax.texts]  # the name, not its line
        frame = ax.get_window_extent()
        for i, a in enumerate(extents):
            assert frame.x0 <= a.x0 and a.x1 <= frame.x1 and frame.y0 <= a.y0 and a.y1 <= frame.y1
            for b in extents[i + 1 :]:
                assert not a.overlaps(b)
    plt.close(fig)


def test_the_plate_has_one_observed_node():
    fig, ax = plt.subplots()
    viz.plot_gaussian_plate(ax)
    circles = [p for p in ax.patches if isinstance(p, Circle)]
    assert len(circles) == 3
    shaded = [c for c in circles if matplotlib.colors.to_hex(c.get_facecolor()) != "#ffffff"]
    assert len(shaded) == 1 and shaded[0].center == (3.4, 1.2)  # d_n, the observed document
    plt.close(fig)


def _three_topic_corpus():
    """30 documents in three groups; each group uses its own five words only."""
    rng = np.random.default_rng(0)
    counts = np.zeros((30, 15))
    truth = np.repeat(np.arange(3), 10)
    for i, g in enumerate(truth):
        counts[i, 5 * g : 5 * g + 5] = rng.integers(1, 6, size=5)
    return counts, truth


@pytest.mark.parametrize("method", viz.METHODS)
def test_every_method_recovers_disjoint_vocabularies(method):
    counts, truth = _three_topic_corpus()
    found = viz.fit_assignments(method, counts, counts / counts.sum(axis=1, keepdims=True), 3)
    assert normalized_mutual_info_score(truth, found) == pytest.approx(1.0)


def test_fit_assignments_validates_its_arguments():
    counts, _ = _three_topic_corpus()
    with pytest.raises(ValueError, match="method"):
        viz.fit_assignments("spectral", counts, counts, 3)
    with pytest.raises(ValueError, match="n_clusters"):
        viz.fit_assignments("k-means", counts, counts, 1)
    with pytest.raises(TypeError, match="n_clusters"):
        viz.fit_assignments("k-means", counts, counts, 2.5)
    with pytest.raises(ValueError, match="counts and tfidf"):
        viz.fit_assignments("k-means", counts, counts[:-1], 3)
    empty = counts.copy()
    empty[0] = 0
    with pytest.raises(ValueError, match="tfidf"):
        viz.fit_assignments("k-means", counts, empty, 3)


def test_method_explorer_validates_its_arguments():
    counts, truth = _three_topic_corpus()
    with pytest.raises(ValueError, match="Y2"):
        viz.method_explorer(counts, counts, truth, np.zeros((30, 3)))
    with pytest.raises(ValueError, match="methods"):
        viz.method_explorer(counts, counts, truth, np.zeros((30, 2)), methods=("k-means", "spectral"))
