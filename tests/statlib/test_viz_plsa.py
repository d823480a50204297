"""statlib.viz.plsa: the simplex coordinates and the EM path drawn by chapter 18."""

import warnings

import matplotlib
import numpy as np
import pytest

from statlib.topic import PLSA
from statlib.viz import plsa as viz

matplotlib.use("Agg")


def test_to_ternary_maps_the_corners_and_the_centre():
    # The corners of the simplex go to an equilateral triangle with unit sides; the uniform distribution to its
    # centroid (1/2, sqrt(3)/6).
    corners = viz.to_ternary(np.eye(3))
    np.testing.assert_allclose(corners, [[0, 0], [1, 0], [0.5, np.sqrt(3) / 2]], atol=1e-15)
    np.testing.assert_allclose(viz.to_ternary([1 / 3, 1 / 3, 1 / 3]), [[0.5, np.sqrt(3) / 6]], atol=1e-15)
    with pytest.raises(ValueError, match="P must have 3 columns"):
        viz.to_ternary(np.ones((2, 4)) / 4)


def test_plsa_path_is_the_fit_one_iteration_at_a_time():
    # The path must be PLSA's own run from the same seed: same log-likelihood trace, same final parameters.
    X, topics, mixtures = viz.simplex_corpus(n_documents=12, length=30, random_state=1)
    assert X.shape == (12, 3) and np.all(X.sum(axis=1) == 30)
    np.testing.assert_allclose(mixtures.sum(axis=1), 1.0)
    path, logliks = viz.plsa_path(X, 2, 15, random_state=3)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        model = PLSA(2, max_iter=15, tol=0.0, random_state=3).fit(X)
    assert len(path) == 16 and len(logliks) == 16
    np.testing.assert_allclose(logliks[:15], model.loglikelihoods_, rtol=1e-12)
    np.testing.assert_allclose(logliks[15], model.loglikelihood_, rtol=1e-12)
    np.testing.assert_allclose(path[-1][0], model.components_, atol=1e-12)
    np.testing.assert_allclose(path[-1][1], model.doc_topic_, atol=1e-12)
    with pytest.raises(ValueError, match="n_iter"):
        viz.plsa_path(X, 2, -1)
    with pytest.raises(ValueError, match="n_documents"):
        viz.simplex_corpus(n_documents=0)


def test_plot_simplex_names_the_argument_it_refuses():
    import matplotlib.pyplot as plt

    X, topics, mixtures = viz.simplex_corpus(n_documents=5, length=10, random_state=0)
    fig, ax = plt.subplots()
    try:
        viz.plot_simplex(ax, X, topics, mixtures, true_topics=topics)  # the true model draws without complaint
        with pytest.raises(ValueError, match="X must"):
            viz.plot_simplex(ax, X[:, :2], topics, mixtures)
        with pytest.raises(ValueError, match="topic_word"):
            viz.plot_simplex(ax, X, topics[:, :2], mixtures)
        with pytest.raises(ValueError, match="doc_topic"):
            viz.plot_simplex(ax, X, topics, mixtures[:3])
    finally:
        plt.close(fig)
