"""Li Hang §14.1: the distances and similarities (14.2)-(14.9) against scipy.spatial.distance and exact
identities, and centroid linkage (14.16) against scipy.cluster.hierarchy and by hand on Example 14.2."""

import numpy as np
import pytest
from scipy.cluster.hierarchy import linkage as scipy_linkage
from scipy.spatial.distance import cdist, pdist, squareform

from statlib.cluster import (AgglomerativeClustering, correlation_coefficients, cosine_similarities, linkage,
                             mahalanobis_distances, minkowski_distances, pairwise_distances)
from statlib.datasets import load_example

EX_14_2 = load_example("lihang", "14.2")


def _data(n=30, d=4, seed=0):
    rng = np.random.default_rng(seed)
    return rng.normal(size=(n, d)) @ rng.normal(size=(d, d)) + rng.normal(size=d)


# ----------------------------------------------------------------------------- distances (14.2)-(14.6)
@pytest.mark.parametrize("p", [1, 1.5, 2, 3, 7.5, np.inf])
def test_minkowski_matches_scipy(p):
    X = _data()
    ref = cdist(X, X, "chebyshev") if np.isinf(p) else cdist(X, X, "minkowski", p=p)
    np.testing.assert_allclose(minkowski_distances(X, p), ref, rtol=1e-12, atol=1e-13)


def test_minkowski_special_cases_are_the_books_distances():
    X = EX_14_2.X  # x1 = (0, 2), x4 = (5, 0): |dx| = 5, |dy| = 2
    assert minkowski_distances(X, 1)[0, 3] == 7.0      # (14.4)
    assert minkowski_distances(X, 2)[0, 3] == np.sqrt(29.0)  # (14.3)
    assert minkowski_distances(X, np.inf)[0, 3] == 5.0  # (14.5)
    np.testing.assert_array_equal(minkowski_distances(X, 2), pairwise_distances(X))


def test_minkowski_decreases_in_p_and_tends_to_chebyshev():
    X = _data(seed=3)
    ps = [1, 1.5, 2, 4, 16, 256]
    mats = [minkowski_distances(X, p) for p in ps]
    for a, b in zip(mats, mats[1:]):
        assert np.all(b <= a + 1e-12)
    np.testing.assert_allclose(mats[-1], minkowski_distances(X, np.inf), rtol=0.03)


def test_minkowski_large_p_does_not_overflow():
    X = np.array([[0.0, 0.0], [1e200, 1e200]])
    assert np.isclose(minkowski_distances(X, 50)[0, 1], 1e200 * 2 ** (1 / 50))


def test_mahalanobis_matches_scipy_with_given_and_estimated_covariance():
    X = _data()
    S = np.cov(X, rowvar=False) + np.eye(4)
    np.testing.assert_allclose(mahalanobis_distances(X, S), cdist(X, X, "mahalanobis", VI=np.linalg.inv(S)),
                               rtol=1e-10, atol=1e-12)
    np.testing.assert_allclose(mahalanobis_distances(X), squareform(pdist(X, "mahalanobis")), rtol=1e-10,
                               atol=1e-12)


def test_mahalanobis_with_identity_is_euclidean_and_is_affine_invariant():
    X = _data(seed=1)
    np.testing.assert_allclose(mahalanobis_distances(X, np.eye(4)), pairwise_distances(X), rtol=1e-12, atol=1e-13)
    A = np.random.default_rng(2).normal(size=(4, 4))  # invertible with probability 1
    np.testing.assert_allclose(mahalanobis_distances(X @ A.T + 5.0), mahalanobis_distances(X), rtol=1e-8,
                               atol=1e-10)


# --------------------------------------------------------------------------- similarities (14.8), (14.9)
def test_cosine_and_correlation_match_scipy():
    X = _data(seed=4)
    np.testing.assert_allclose(cosine_similarities(X), 1 - cdist(X, X, "cosine"), atol=1e-12)
    np.testing.assert_allclose(correlation_coefficients(X), 1 - cdist(X, X, "correlation"), atol=1e-12)


def test_correlation_is_the_cosine_of_centred_samples_and_numpy_corrcoef():
    X = _data(seed=5)
    np.testing.assert_allclose(correlation_coefficients(X), cosine_similarities(X - X.mean(axis=1, keepdims=True)),
                               atol=1e-12)
    np.testing.assert_allclose(correlation_coefficients(X), np.corrcoef(X), atol=1e-12)  # rows are samples


def test_similarity_values_by_hand():
    # x = (1, 2, 3), y = (2, 4, 6): the same direction; z = (3, 2, 1): reversed trend
    X = np.array([[1.0, 2.0, 3.0], [2.0, 4.0, 6.0], [3.0, 2.0, 1.0]])
    S = cosine_similarities(X)
    R = correlation_coefficients(X)
    np.testing.assert_allclose([S[0, 1], R[0, 1], R[0, 2]], [1.0, 1.0, -1.0], rtol=1e-14)
    assert np.isclose(S[0, 2], 10 / 14)  # (3 + 4 + 3) / (sqrt(14) sqrt(14))
    np.testing.assert_array_equal(np.diag(S), 1.0)


def test_figure_14_1_distance_and_correlation_disagree():
    # A and C have the same shape at different levels; B is close to A but reversed
    X = np.array([[1.0, 3.0, 2.0, 4.0], [2.0, 1.5, 3.0, 2.5], [11.0, 13.0, 12.0, 14.0]])
    D = pairwise_distances(X)
    R = correlation_coefficients(X)
    assert D[0, 1] < D[0, 2] and R[0, 2] > R[0, 1]


# ----------------------------------------------------------------------------------- bad input
@pytest.mark.parametrize("call, error, match", [
    (lambda: minkowski_distances([[0.0], [1.0]], p=0.5), ValueError, "p must be >= 1"),
    (lambda: minkowski_distances([[0.0], [1.0]], p="2"), TypeError, "p must be"),
    (lambda: minkowski_distances([[0.0], [1.0]], p=np.nan), ValueError, "p must be"),
    (lambda: minkowski_distances([[0.0], [np.nan]]), ValueError, "X"),
    (lambda: mahalanobis_distances([[0.0, 1.0], [1.0, 2.0]], np.eye(3)), ValueError, "cov must have shape"),
    (lambda: mahalanobis_distances([[0.0, 1.0], [1.0, 2.0]], [[1.0, 2.0], [0.0, 1.0]]), ValueError, "symmetric"),
    (lambda: mahalanobis_distances([[0.0, 1.0], [1.0, 2.0]], [[1.0, 2.0], [2.0, 1.0]]), ValueError, "positive definite"),
    (lambda: mahalanobis_distances([[0.0, 1.0], [1.0, 2.0]]), ValueError, "X"),  # singular sample covariance
    (lambda: mahalanobis_distances([[0.0, 1.0]]), ValueError, "at least 2 samples"),
    (lambda: cosine_similarities([[0.0, 0.0], [1.0, 2.0]]), ValueError, "X row 0 is all zero"),
    (lambda: correlation_coefficients([[1.0, 2.0], [3.0, 3.0]]), ValueError, "X row 1 is constant"),
    (lambda: correlation_coefficients([[1.0], [2.0]]), ValueError, "at least 2 features"),
    (lambda: cosine_similarities("abc"), TypeError, "X"),
])
def test_bad_input_is_refused_naming_the_argument(call, error, match):
    with pytest.raises(error, match=match):
        call()


# ------------------------------------------------------------------------------ centroid linkage (14.16)
@pytest.mark.parametrize("n", [5, 40, 300])
@pytest.mark.parametrize("seed", range(4))
def test_centroid_linkage_matches_scipy(n, seed):
    X = np.random.default_rng(seed).normal(size=(n, 3))
    ours, theirs = linkage(X, "centroid"), scipy_linkage(X, "centroid")
    np.testing.assert_array_equal(ours[:, [0, 1, 3]], theirs[:, [0, 1, 3]])
    np.testing.assert_allclose(ours[:, 2], theirs[:, 2], rtol=1e-9)
    pre = linkage(squareform(pdist(X)), "centroid", metric="precomputed")
    np.testing.assert_array_equal(pre[:, [0, 1, 3]], theirs[:, [0, 1, 3]])


def test_centroid_linkage_heights_are_distances_between_centres():
    # every merge height is the Euclidean distance between the means (14.10) of the two clusters merged
    X = np.random.default_rng(7).normal(size=(25, 2))
    Z = linkage(X, "centroid")
    members = {i: [i] for i in range(len(X))}
    for i, (a, b, h, size) in enumerate(Z):
        A, B = members[int(a)], members[int(b)]
        assert np.isclose(h, np.linalg.norm(X[A].mean(axis=0) - X[B].mean(axis=0)), rtol=1e-10)
        members[len(X) + i] = A + B
        assert len(A + B) == size


def test_centroid_linkage_on_example_14_2_by_hand():
    # x2, x3 at distance 1 merge first (centre (0.5, 0)); x4, x5 at 2; then x1 joins {x2, x3} at
    # |(0, 2) - (0.5, 0)| = sqrt(4.25); last the centres (1/3, 2/3) and (5, 1): sqrt((14/3)^2 + (1/3)^2)
    Z = linkage(EX_14_2.X, "centroid")
    np.testing.assert_array_equal(Z[:, [0, 1, 3]], [[1, 2, 2], [3, 4, 2], [0, 5, 3], [6, 7, 5]])
    np.testing.assert_allclose(Z[:, 2], [1, 2, np.sqrt(4.25), np.sqrt(197) / 3], rtol=1e-12)


def test_centroid_linkage_can_invert_and_keeps_the_merge_order():
    # an equilateral triangle: two corners merge at 1, the third is sqrt(3)/2 < 1 from their centre
    X = np.array([[0.0, 0.0], [1.0, 0.0], [0.5, np.sqrt(3) / 2]])
    Z = linkage(X, "centroid")
    np.testing.assert_allclose(Z[:, 2], [1.0, np.sqrt(3) / 2], rtol=1e-12)
    np.testing.assert_array_equal(Z, scipy_linkage(X, "centroid"))


def test_centroid_needs_euclidean_and_is_offered_by_the_estimator():
    with pytest.raises(ValueError, match="method='centroid' needs metric='euclidean'"):
        linkage(EX_14_2.X, "centroid", metric="manhattan")
    labels = AgglomerativeClustering(2, linkage="centroid").fit(EX_14_2.X).labels_
    np.testing.assert_array_equal(labels, [0, 0, 0, 1, 1])
