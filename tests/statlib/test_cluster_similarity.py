"""Li Hang §14.1: the distances and similarities (14.2)-(14.9) against scipy.spatial.distance and exact
identities, and centroid linkage (14.16) against scipy.cluster.hierarchy and by hand on Example 14.2."""

import numpy as np
import pytest
from scipy.cluster.hierarchy import linkage as scipy_linkage
from scipy.spatial.distance import cdist, pdist, squareform

from statlib.cluster import (
    AgglomerativeClustering,
    correlation_coefficients,
    cosine_similarities,
    linkage,
    mahalanobis_distances,
    minkowski_distances,
    pairwise_distances,
)
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
    np.testing.assert_allclose(minkowski_distances(X, p=p), ref, rtol=1e-12, atol=1e-13)


def test_minkowski_special_cases_are_the_books_distances():
    X = EX_14_2.X  # x1 = (0, 2), x4 = (5, 0): |dx| = 5, |dy| = 2
    assert minkowski_distances(X, p=1)[0, 3] == 7.0  # (14.4)
    assert minkowski_distances(X, p=2)[0, 3] == pytest.approx(np.sqrt(29.0), rel=1e-15)  # (14.3)
    assert minkowski_distances(X, p=np.inf)[0, 3] == 5.0  # (14.5)
    np.testing.assert_array_equal(minkowski_distances(X, p=2), pairwise_distances(X))


def test_minkowski_decreases_in_p_and_tends_to_chebyshev():
    X = _data(seed=3)
    ps = [1, 1.5, 2, 4, 16, 256]
    mats = [minkowski_distances(X, p=p) for p in ps]
    for a, b in zip(mats, mats[1:]):
        assert np.all(b <= a + 1e-12)
    np.testing.assert_allclose(mats[-1], minkowski_distances(X, p=np.inf), rtol=0.03)


def test_minkowski_large_p_does_not_overflow():
    X = np.array([[0.0, 0.0], [1e200, 1e200]])
    assert np.isclose(minkowski_distances(X, p=50)[0, 1], 1e200 * 2 ** (1 / 50))


def test_mahalanobis_matches_scipy_with_given_and_estimated_covariance():
    X = _data()
    S = np.cov(X, rowvar=False) + np.eye(4)
    np.testing.assert_allclose(
        mahalanobis_distances(X, cov=S), cdist(X, X, "mahalanobis", VI=np.linalg.inv(S)), rtol=1e-10, atol=1e-12
    )
    np.testing.assert_allclose(mahalanobis_distances(X), squareform(pdist(X, "mahalanobis")), rtol=1e-10, atol=1e-12)


def test_mahalanobis_with_identity_is_euclidean_and_is_affine_invariant():
    X = _data(seed=1)
    np.testing.assert_allclose(mahalanobis_distances(X, cov=np.eye(4)), pairwise_distances(X), rtol=1e-12, atol=1e-13)
    A = np.random.default_rng(2).normal(size=(4, 4))  # invertible with probability 1
    np.testing.assert_allclose(mahalanobis_distances(X @ A.T + 5.0), mahalanobis_distances(X), rtol=1e-8, atol=1e-10)


# --------------------------------------------------------------------------- similarities (14.8), (14.9)
def test_cosine_and_correlation_match_scipy():
    X = _data(seed=4)
    np.testing.assert_allclose(cosine_similarities(X), 1 - cdist(X, X, "cosine"), atol=1e-12)
    np.testing.assert_allclose(correlation_coefficients(X), 1 - cdist(X, X, "correlation"), atol=1e-12)


def test_correlation_is_the_cosine_of_centred_samples_and_numpy_corrcoef():
    X = _data(seed=5)
    np.testing.assert_allclose(
        correlation_coefficients(X), cosine_similarities(X - X.mean(axis=1, keepdims=True)), atol=1e-12
    )
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
@pytest.mark.parametrize(
    "call, error, match",
    [
        (lambda: minkowski_distances([[0.0], [1.0]], p=0.5), ValueError, "p must be >= 1"),
        (lambda: minkowski_distances([[0.0], [1.0]], p="2"), TypeError, "p must be"),
        (lambda: minkowski_distances([[0.0], [1.0]], p=np.nan), ValueError, "p must be"),
        (lambda: minkowski_distances([[0.0], [np.nan]]), ValueError, "X"),
        (lambda: mahalanobis_distances([[0.0, 1.0], [1.0, 2.0]], cov=np.eye(3)), ValueError, "cov must have shape"),
        (
            lambda: mahalanobis_distances([[0.0, 1.0], [1.0, 2.0]], cov=[[1.0, 2.0], [0.0, 1.0]]),
            ValueError,
            "symmetric",
        ),
        (
            lambda: mahalanobis_distances([[0.0, 1.0], [1.0, 2.0]], cov=[[1.0, 2.0], [2.0, 1.0]]),
            ValueError,
            "positive definite",
        ),
        (lambda: mahalanobis_distances([[0.0, 1.0], [1.0, 2.0]]), ValueError, "X"),  # singular sample covariance
        (lambda: mahalanobis_distances([[0.0, 1.0]]), ValueError, "at least 2 samples"),
        (lambda: cosine_similarities([[0.0, 0.0], [1.0, 2.0]]), ValueError, "X row 0 is all zero"),
        (lambda: correlation_coefficients([[1.0, 2.0], [3.0, 3.0]]), ValueError, "X row 1 is constant"),
        (lambda: correlation_coefficients([[1.0], [2.0]]), ValueError, "at least 2 features"),
        (lambda: cosine_similarities("abc"), TypeError, "X"),
    ],
)
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


# ------------------------------------------------------ extreme magnitudes: expected values worked by hand
@pytest.mark.parametrize("scale", [1e200, 1e-200, 1.0])
def test_cosine_and_correlation_of_huge_and_tiny_rows(scale):
    # cos((1, 2), (3, -1)) = (3 - 2) / (sqrt(5) sqrt(10)) = 1 / sqrt(50), whatever the common scale
    S = cosine_similarities(scale * np.array([[1.0, 2.0], [3.0, -1.0]]))
    np.testing.assert_allclose(S, [[1.0, 1 / np.sqrt(50)], [1 / np.sqrt(50), 1.0]], rtol=1e-14)
    # (1, 2, 4) and (3, -1, 0), centred: (-4, -1, 5)/3 and (7, -5, -2)/3: r = -33 / sqrt(42 * 78)
    R = correlation_coefficients(scale * np.array([[1.0, 2.0, 4.0], [3.0, -1.0, 0.0]]))
    np.testing.assert_allclose(R[0, 1], -33 / np.sqrt(42 * 78), rtol=1e-14)
    # one huge row and one tiny row: only the directions count
    S = cosine_similarities([[1e200, 2e200], [3e-200, -1e-200]])
    np.testing.assert_allclose(S[0, 1], 1 / np.sqrt(50), rtol=1e-14)


@pytest.mark.parametrize("p", [1, 1.5, 2, 3, np.inf])
@pytest.mark.parametrize("scale", [1e200, 1e-200])
def test_minkowski_of_huge_and_tiny_differences(p, scale):
    # the difference (3, 4): (3^p + 4^p)^(1/p), i.e. 7, 5, 4 at p = 1, 2, inf, times the scale
    expected = {1: 7.0, 2: 5.0, np.inf: 4.0}.get(p, (3.0**p + 4.0**p) ** (1 / p)) * scale
    X = np.array([[0.0, 0.0], [3.0 * scale, 4.0 * scale]])
    np.testing.assert_allclose(minkowski_distances(X, p=p)[0, 1], expected, rtol=1e-14)
    metric = {1: "manhattan", 2: "euclidean", np.inf: "chebyshev"}.get(p)
    D = pairwise_distances(X, metric=metric) if metric else pairwise_distances(X, metric="minkowski", p=p)
    np.testing.assert_allclose(D[0, 1], expected, rtol=1e-14)


@pytest.mark.parametrize(
    "call, match",
    [
        (lambda: cosine_similarities([[1.0, 2.0], [0.0, 0.0]]), "X row 1 is all zero"),
        (lambda: cosine_similarities([[1.0, 2.0]], [[0.0, 0.0]]), "Y row 0 is all zero"),
        (lambda: correlation_coefficients([[1e200, 1e200], [1.0, 2.0]]), "X row 0 is constant"),
        (lambda: correlation_coefficients([[5e-200, 5e-200, 5e-200], [1.0, 2.0, 3.0]]), "X row 0 is constant"),
        (lambda: pairwise_distances([[0.0, 0.0], [1.0, 2.0]], metric="cosine"), "X row 0 is all zero"),
    ],
)
def test_zero_and_constant_rows_are_refused(call, match):
    with pytest.raises(ValueError, match=match):
        call()


# ---------------------------------------------------- pairwise_distances: one front door, scikit-learn's form
@pytest.mark.parametrize(
    "metric, kwargs",
    [
        ("euclidean", {}),
        ("sqeuclidean", {}),
        ("manhattan", {}),
        ("cityblock", {}),
        ("chebyshev", {}),
        ("minkowski", {"p": 3.0}),
        ("cosine", {}),
        ("correlation", {}),
        ("mahalanobis", {}),
    ],
)
def test_pairwise_distances_matches_scipy_and_sklearn(metric, kwargs):
    from sklearn.metrics import pairwise_distances as sk_pairwise_distances

    X, Y = _data(30, 4, 0), _data(12, 4, 1)
    VI = np.linalg.inv(np.cov(X, rowvar=False))
    ref_kwargs = {"VI": VI} if metric == "mahalanobis" else kwargs
    ref_metric = "cityblock" if metric == "manhattan" else metric
    np.testing.assert_allclose(
        pairwise_distances(X, Y, metric=metric, **kwargs), cdist(X, Y, ref_metric, **ref_kwargs), rtol=1e-10, atol=1e-12
    )
    np.testing.assert_allclose(
        pairwise_distances(X, metric=metric, **kwargs),
        sk_pairwise_distances(X, metric=metric, **ref_kwargs),
        rtol=1e-10,
        atol=1e-10,
    )
    if metric == "mahalanobis":  # the inverse given, or the covariance estimated from X: the same distances
        np.testing.assert_allclose(
            pairwise_distances(X, Y, metric=metric, VI=VI), mahalanobis_distances(X, Y), rtol=1e-10
        )


def test_named_functions_and_pairwise_distances_agree_with_y():
    X, Y = _data(20, 3, 2), _data(7, 3, 3)
    np.testing.assert_array_equal(minkowski_distances(X, Y, p=1), pairwise_distances(X, Y, metric="manhattan"))
    np.testing.assert_array_equal(minkowski_distances(X, Y), pairwise_distances(X, Y))
    np.testing.assert_allclose(cosine_similarities(X, Y), 1 - pairwise_distances(X, Y, metric="cosine"), atol=1e-15)
    np.testing.assert_allclose(correlation_coefficients(X, Y), 1 - cdist(X, Y, "correlation"), atol=1e-12)
    S = np.cov(X, rowvar=False)
    np.testing.assert_allclose(
        mahalanobis_distances(X, Y, cov=S), cdist(X, Y, "mahalanobis", VI=np.linalg.inv(S)), rtol=1e-10
    )
    np.testing.assert_allclose(minkowski_distances(X, X), minkowski_distances(X), rtol=0, atol=1e-12)


@pytest.mark.parametrize(
    "call, error, match",
    [
        (lambda: pairwise_distances([[0.0], [1.0]], "manhattan"), TypeError, "Y must be array-like"),
        (lambda: pairwise_distances([[0.0], [1.0]], metric="hamming"), ValueError, "metric must be one of"),
        (lambda: pairwise_distances([[0.0], [1.0]], metric="euclidean", p=3), TypeError, "'p'"),
        (lambda: pairwise_distances([[0.0], [1.0]], [[0.0, 1.0]]), ValueError, "Y must have as many features"),
        (
            lambda: mahalanobis_distances([[0.0, 1.0], [1.0, 3.0], [2.0, 2.0]], cov=np.eye(2), VI=np.eye(2)),
            ValueError,
            "at most one",
        ),
    ],
)
def test_pairwise_distances_refuses_bad_arguments(call, error, match):
    with pytest.raises(error, match=match):
        call()


# ------------------------------------------------- centroid linkage cut at a height, as scipy's fcluster does
def test_centroid_distance_threshold_cuts_the_tree_as_scipy_on_the_triangle():
    from scipy.cluster.hierarchy import fcluster

    # the merge at height 1 lies above t = 0.9, and so does the later merge at sqrt(3)/2 on top of it:
    # no merge is below the threshold on the tree, three singletons (taking the rows below t would merge)
    X = np.array([[0.0, 0.0], [1.0, 0.0], [0.5, np.sqrt(3) / 2]])
    model = AgglomerativeClustering(None, linkage="centroid", distance_threshold=0.9).fit(X)
    theirs = fcluster(scipy_linkage(X, "centroid"), 0.9, "distance")
    assert model.n_clusters_ == 3 == len(set(theirs))
    from sklearn.metrics import adjusted_rand_score

    assert adjusted_rand_score(model.labels_, theirs) == 1.0


@pytest.mark.parametrize("seed", range(6))
def test_centroid_distance_threshold_matches_fcluster_on_random_data(seed):
    from scipy.cluster.hierarchy import fcluster
    from sklearn.metrics import adjusted_rand_score

    rng = np.random.default_rng(seed)
    X = rng.normal(size=(60, 2))
    Z = scipy_linkage(X, "centroid")
    for t in np.quantile(Z[:, 2], [0.3, 0.6, 0.8, 0.95]) + 1e-9:
        model = AgglomerativeClustering(None, linkage="centroid", distance_threshold=t).fit(X)
        theirs = fcluster(Z, t, "distance")
        assert model.n_clusters_ == len(set(theirs))
        assert adjusted_rand_score(model.labels_, theirs) == 1.0


@pytest.mark.parametrize("seed", range(5))
def test_precomputed_centroid_on_non_euclidean_matrices_is_scipys_recurrence(seed):
    # random symmetric matrices, most violating the triangle inequality: the update of (14.16) stays
    # non-negative (the merged pair is the closest, so the squared value is >= 3/4 d_pq^2) and statlib's
    # heights are scipy's, which applies the same recurrence to any matrix
    rng = np.random.default_rng(seed)
    A = rng.uniform(0.1, 3.0, size=(12, 12))
    D = np.triu(A, 1) + np.triu(A, 1).T
    ours, theirs = linkage(D, "centroid", metric="precomputed"), scipy_linkage(squareform(D), "centroid")
    np.testing.assert_array_equal(ours[:, [0, 1, 3]], theirs[:, [0, 1, 3]])
    np.testing.assert_allclose(ours[:, 2], theirs[:, 2], rtol=1e-12)
    assert np.all(ours[:, 2] > 0)


def test_mahalanobis_refuses_data_whose_covariance_overflows():
    # was a LinAlgError ('Eigenvalues did not converge') naming nothing
    X = np.random.default_rng(0).normal(size=(8, 3)) * 1e300
    with pytest.raises(ValueError, match="X is too large"):
        mahalanobis_distances(X)
