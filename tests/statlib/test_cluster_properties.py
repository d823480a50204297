"""Property-based tests for statlib.cluster: generated valid inputs give finite answers of the right shape, and
generated invalid inputs are refused with ValueError/TypeError naming the argument (see
tests/statlib/test_estimators_properties.py)."""

from collections import Counter

import numpy as np
from hypothesis import given
from hypothesis import strategies as st
from property_support import SETTINGS
from property_support import quietly as _quietly
from property_support import refused as _assert_clear_error

from statlib.cluster import (
    AgglomerativeClustering,
    KMeans,
    correlation_coefficients,
    cosine_similarities,
    kmeans_plusplus,
    linkage,
    mahalanobis_distances,
    minkowski_distances,
    pairwise_distances,
)

CASES = Counter()  # (estimator, kind) -> number of generated cases; reported by conftest.py


# Every refusal of a bad data matrix names X (the estimators prefix scikit-learn's validation messages).
X_NAMES = ["X"]


@st.composite
def data(draw, min_rows=2, max_rows=40):
    n = draw(st.integers(min_rows, max_rows))
    d = draw(st.integers(1, 5))
    scale = draw(st.sampled_from([1e-3, 1.0, 1e3]))
    offset = draw(st.sampled_from([0.0, 1e6]))
    rng = np.random.default_rng(draw(st.integers(0, 2**16)))
    X = rng.normal(size=(n, d)) * scale + offset
    if draw(st.booleans()):  # repeated rows and ties
        X = np.round(X / scale) * scale
    return X


def _corrupt(draw, X):
    """An invalid data matrix and the names an error should mention."""
    kind = draw(st.sampled_from(["nan", "inf", "empty", "1d", "3d", "text", "none"]))
    X = X.copy()
    if kind == "nan":
        X[draw(st.integers(0, len(X) - 1)), draw(st.integers(0, X.shape[1] - 1))] = np.nan
    elif kind == "inf":
        X[0, 0] = draw(st.sampled_from([np.inf, -np.inf]))
    elif kind == "empty":
        X = X[:0]
    elif kind == "1d":
        X = X[:, 0]
    elif kind == "3d":
        X = X[:, :, None]
    elif kind == "text":
        X = np.full(X.shape, "abc", dtype=object)
    else:
        X = None
    return X


# ------------------------------------------------------------------------------------ KMeans
@SETTINGS
@given(
    X=data(),
    k=st.integers(1, 5),
    init=st.sampled_from(["k-means++", "random", "array"]),
    seed=st.integers(0, 2**16),
    max_iter=st.integers(0, 30),
    tol=st.sampled_from([0.0, 1e-4]),
)
def test_kmeans_on_valid_data(X, k, init, seed, max_iter, tol):
    CASES[("KMeans", "valid")] += 1
    k = min(k, len(X))
    start = X[np.random.default_rng(seed).choice(len(X), size=k, replace=False)] if init == "array" else init
    km = _quietly(
        lambda: KMeans(
            k, init=start, n_init=2 if init != "array" else 1, max_iter=max_iter, tol=tol, random_state=seed
        ).fit(X)
    )
    assert km.cluster_centers_.shape == (k, X.shape[1]) and np.all(np.isfinite(km.cluster_centers_))
    assert km.labels_.shape == (len(X),) and km.labels_.min() >= 0 and km.labels_.max() < k
    assert np.isfinite(km.inertia_) and km.inertia_ >= 0 and 0 <= km.n_iter_ <= max_iter
    np.testing.assert_array_equal(km.predict(X), km.labels_)
    assert km.transform(X).shape == (len(X), k) and np.all(np.isfinite(km.transform(X)))


@SETTINGS
@given(
    X=data(min_rows=3),
    kind=st.sampled_from(["data", "n_clusters", "init", "n_init", "max_iter", "tol"]),
    data_=st.data(),
)
def test_kmeans_refuses_invalid_input(X, kind, data_):
    CASES[("KMeans", "invalid")] += 1
    draw = data_.draw
    if kind == "data":
        X_bad = _corrupt(draw, X)
        _assert_clear_error(lambda: KMeans(2).fit(X_bad), X_NAMES)
        return
    bad = {
        "n_clusters": [0, -1, 2.5, "2", len(X) + 1],
        "init": ["kmeans", None, np.zeros((5, X.shape[1] + 1)), [[np.nan] * X.shape[1]] * 2, "k-means+"],
        "n_init": [0, -3, 1.5, "often"],
        "max_iter": [-1, 2.0, "10"],
        "tol": [-1e-3, np.nan, "0", np.inf],
    }[kind]
    value = draw(st.sampled_from(bad))
    params = {"n_clusters": 2, kind: value}
    _assert_clear_error(lambda: KMeans(**params).fit(X), [kind])


# --------------------------------------------------------------------- AgglomerativeClustering
@SETTINGS
@given(
    X=data(),
    method=st.sampled_from(["single", "complete", "average", "ward"]),
    metric=st.sampled_from(["euclidean", "manhattan", "chebyshev", "precomputed"]),
    k=st.integers(1, 6),
    threshold=st.one_of(st.none(), st.floats(0.0, 10.0)),
)
def test_agglomerative_on_valid_data(X, method, metric, k, threshold):
    CASES[("AgglomerativeClustering", "valid")] += 1
    if method == "ward":
        metric = "euclidean"
    if metric == "precomputed":
        X = pairwise_distances(X)
    k = None if threshold is not None else min(k, len(X))
    model = AgglomerativeClustering(k, linkage=method, metric=metric, distance_threshold=threshold).fit(X)
    n = len(X)
    assert model.labels_.shape == (n,) and model.labels_.dtype == np.int64
    assert len(np.unique(model.labels_)) == model.n_clusters_ and model.labels_.max() == model.n_clusters_ - 1
    assert model.children_.shape == (n - 1, 2) and np.all(np.isfinite(model.distances_))
    assert np.all(np.diff(model.distances_) >= 0)
    if k is not None:
        assert model.n_clusters_ == k


@SETTINGS
@given(
    X=data(min_rows=3),
    kind=st.sampled_from(["data", "precomputed", "n_clusters", "linkage", "metric", "distance_threshold"]),
    data_=st.data(),
)
def test_agglomerative_refuses_invalid_input(X, kind, data_):
    CASES[("AgglomerativeClustering", "invalid")] += 1
    draw = data_.draw
    if kind == "data":
        X_bad = _corrupt(draw, X)
        _assert_clear_error(lambda: AgglomerativeClustering(2).fit(X_bad), X_NAMES)
        return
    if kind == "precomputed":
        D = pairwise_distances(X)
        how = draw(st.sampled_from(["asymmetric", "negative", "diagonal", "rectangular"]))
        if how == "asymmetric":
            D[0, 1] += 1.0
        elif how == "negative":
            D = -D - 1.0
        elif how == "diagonal":
            D[0, 0] = 1.0
        else:
            D = D[:, :-1]
        _assert_clear_error(lambda: AgglomerativeClustering(2, metric="precomputed", linkage="average").fit(D), ["X"])
        return
    bad = {
        "n_clusters": [0, -2, 1.5, "3", len(X) + 1],
        "linkage": ["weighted", "median", 1, None],
        "metric": ["cosine", "l2", 3, None],
        "distance_threshold": [-1.0, "far", np.nan],
    }[kind]
    params = {kind: draw(st.sampled_from(bad))}
    if kind == "distance_threshold":
        params["n_clusters"] = None
    _assert_clear_error(lambda: AgglomerativeClustering(**params).fit(X), [kind, "n_clusters"])


# ---------------------------------------------------------------------------------- functions
@SETTINGS
@given(
    X=data(),
    method=st.sampled_from(["single", "complete", "average", "ward"]),
    metric=st.sampled_from(["euclidean", "manhattan", "chebyshev"]),
    condensed=st.booleans(),
)
def test_linkage_on_valid_data(X, method, metric, condensed):
    CASES[("linkage", "valid")] += 1
    if method == "ward":
        Z = linkage(X, method)
    else:
        D = pairwise_distances(X, metric=metric)
        Z = linkage(D[np.triu_indices(len(X), 1)] if condensed else D, method, metric="precomputed")
        np.testing.assert_allclose(Z[:, 2], linkage(X, method, metric=metric)[:, 2], rtol=1e-12, atol=0)
    n = len(X)
    assert Z.shape == (n - 1, 4) and np.all(np.isfinite(Z))
    assert Z[-1, 3] == n and np.all(Z[:, 0] < Z[:, 1]) and np.all(np.diff(Z[:, 2]) >= 0)
    assert sorted(Z[:, :2].ravel().astype(int)) == list(range(2 * n - 2))


@SETTINGS
@given(X=data(min_rows=3), kind=st.sampled_from(["data", "method", "metric", "condensed"]), data_=st.data())
def test_linkage_refuses_invalid_input(X, kind, data_):
    CASES[("linkage", "invalid")] += 1
    draw = data_.draw
    if kind == "data":
        X_bad = _corrupt(draw, X)
        if X_bad is not None and np.ndim(X_bad) == 1 and X_bad.dtype != object:
            X_bad = X_bad[:, None, None]  # a 1-D X is a legitimate condensed matrix only with "precomputed"
        _assert_clear_error(lambda: linkage(X_bad), ["X"])
    elif kind == "method":
        _assert_clear_error(lambda: linkage(X, draw(st.sampled_from(["weighted", "median", "", 3]))), ["method"])
    elif kind == "metric":
        _assert_clear_error(lambda: linkage(X, "single", metric=draw(st.sampled_from(["cosine", 2, None]))), ["metric"])
    else:
        y = pairwise_distances(X)[np.triu_indices(len(X), 1)]
        y = draw(st.sampled_from([y[:-1], -y - 1.0, np.r_[y, np.nan]])) if len(y) > 1 else np.r_[y, 1.0]
        _assert_clear_error(lambda: linkage(y, "single", metric="precomputed"), ["X"])


@SETTINGS
@given(X=data(), k=st.integers(1, 6), seed=st.integers(0, 2**16))
def test_kmeans_plusplus_on_valid_data(X, k, seed):
    CASES[("kmeans_plusplus", "valid")] += 1
    k = min(k, len(X))
    centres, indices = kmeans_plusplus(X, k, random_state=seed)
    assert centres.shape == (k, X.shape[1]) and indices.shape == (k,)
    assert indices.min() >= 0 and indices.max() < len(X)
    np.testing.assert_array_equal(centres, X[indices])


@SETTINGS
@given(X=data(min_rows=3), kind=st.sampled_from(["data", "n_clusters", "n_local_trials"]), data_=st.data())
def test_kmeans_plusplus_refuses_invalid_input(X, kind, data_):
    CASES[("kmeans_plusplus", "invalid")] += 1
    draw = data_.draw
    if kind == "data":
        X_bad = _corrupt(draw, X)
        _assert_clear_error(lambda: kmeans_plusplus(X_bad, 2), ["X"])
    elif kind == "n_clusters":
        _assert_clear_error(
            lambda: kmeans_plusplus(X, draw(st.sampled_from([0, len(X) + 1, 2.0, "2"]))), ["n_clusters"]
        )
    else:
        _assert_clear_error(
            lambda: kmeans_plusplus(X, 2, n_local_trials=draw(st.sampled_from([0, -1, 1.5]))), ["n_local_trials"]
        )


@SETTINGS
@given(
    X=data(),
    metric=st.sampled_from(
        [
            "euclidean",
            "sqeuclidean",
            "manhattan",
            "cityblock",
            "chebyshev",
            "minkowski",
            "mahalanobis",
            "cosine",
            "correlation",
        ]
    ),
    p=st.floats(1.0, 30.0),
    cross=st.booleans(),
)
def test_pairwise_distances_on_valid_data(X, metric, p, cross):
    CASES[("pairwise_distances", "valid")] += 1
    kwargs = {"minkowski": {"p": p}, "mahalanobis": {"VI": np.eye(X.shape[1])}}.get(metric, {})
    if metric in ("cosine", "correlation"):
        X = _nonconstant(X)
    Y = X[::-1] if cross else None
    D = pairwise_distances(X, Y, metric=metric, **kwargs)
    assert D.shape == (len(X), len(X)) and np.all(np.isfinite(D)) and np.all(D >= 0)
    if metric in ("cosine", "correlation"):
        assert np.all(D <= 2.0)
    if cross:  # the same pairs in the other order
        np.testing.assert_allclose(
            D[:, ::-1],
            pairwise_distances(X, metric=metric, **kwargs),
            rtol=1e-12,
            atol=1e-12 * max(1.0, np.abs(D).max()),
        )
    else:
        np.testing.assert_array_equal(D, D.T)
        np.testing.assert_array_equal(np.diag(D), 0.0)


@SETTINGS
@given(X=data(min_rows=3), kind=st.sampled_from(["data", "metric", "kwargs", "Y"]), data_=st.data())
def test_pairwise_distances_refuses_invalid_input(X, kind, data_):
    CASES[("pairwise_distances", "invalid")] += 1
    if kind == "data":
        X_bad = _corrupt(data_.draw, X)
        _assert_clear_error(lambda: pairwise_distances(X_bad), ["X"])
    elif kind == "metric":
        _assert_clear_error(
            lambda: pairwise_distances(X, metric=data_.draw(st.sampled_from(["hamming", 1, None]))), ["metric"]
        )
    elif kind == "kwargs":
        name = data_.draw(st.sampled_from(["p", "VI", "w"]))
        _assert_clear_error(lambda: pairwise_distances(X, metric="euclidean", **{name: 2.0}), [name])
    else:
        Y_bad = data_.draw(st.sampled_from([np.ones((2, X.shape[1] + 1)), "euclidean", np.ones(3)]))
        _assert_clear_error(lambda: pairwise_distances(X, Y_bad), ["Y"])


# ------------------------------------------------------------- centroid linkage (14.16) and §14.1 measures
@SETTINGS
@given(X=data(), precomputed=st.booleans())
def test_centroid_linkage_on_valid_data(X, precomputed):
    CASES[("linkage", "valid")] += 1
    Z = linkage(pairwise_distances(X), "centroid", metric="precomputed") if precomputed else linkage(X, "centroid")
    n = len(X)
    assert Z.shape == (n - 1, 4) and np.all(np.isfinite(Z)) and np.all(Z[:, 2] >= 0)
    assert Z[-1, 3] == n and np.all(Z[:, 0] < Z[:, 1])
    assert sorted(Z[:, :2].ravel().astype(int)) == list(range(2 * n - 2))
    assert np.all(Z[:, :2] < n + np.arange(n - 1)[:, None])  # a row merges clusters made before it


@SETTINGS
@given(X=data(), p=st.one_of(st.sampled_from([1, 2, np.inf]), st.floats(1.0, 30.0)))
def test_minkowski_distances_on_valid_data(X, p):
    CASES[("minkowski_distances", "valid")] += 1
    D = minkowski_distances(X, p=p)
    assert D.shape == (len(X), len(X)) and np.all(np.isfinite(D)) and np.all(D >= 0)
    np.testing.assert_array_equal(D, D.T)
    np.testing.assert_array_equal(np.diag(D), 0.0)
    cheb, manh = minkowski_distances(X, p=np.inf), minkowski_distances(X, p=1)
    assert np.all(cheb <= D * (1 + 1e-12) + 1e-300) and np.all(D <= manh * (1 + 1e-12) + 1e-300)


@SETTINGS
@given(X=data(), kind=st.sampled_from(["data", "p"]), data_=st.data())
def test_minkowski_distances_refuses_invalid_input(X, kind, data_):
    CASES[("minkowski_distances", "invalid")] += 1
    if kind == "data":
        X_bad = _corrupt(data_.draw, X)
        _assert_clear_error(lambda: minkowski_distances(X_bad), ["X"])
    else:
        p = data_.draw(st.sampled_from([0.5, 0, -1, np.nan, "2", None, True]))
        _assert_clear_error(lambda: minkowski_distances(X, p=p), ["p"])


@SETTINGS
@given(X=data(), seed=st.integers(0, 2**16), c=st.sampled_from([0.25, 1.0, 4.0]))
def test_mahalanobis_distances_on_valid_data(X, seed, c):
    CASES[("mahalanobis_distances", "valid")] += 1
    d = X.shape[1]
    A = np.random.default_rng(seed).normal(size=(d, d))
    S = A @ A.T + np.eye(d)
    D = mahalanobis_distances(X, cov=S)
    assert D.shape == (len(X), len(X)) and np.all(np.isfinite(D)) and np.all(D >= 0)
    np.testing.assert_allclose(D, D.T, rtol=1e-12, atol=0)
    np.testing.assert_array_equal(np.diag(D), 0.0)
    E = pairwise_distances(X - X.mean(axis=0))
    np.testing.assert_allclose(
        mahalanobis_distances(X, cov=c * np.eye(d)), E / np.sqrt(c), rtol=1e-9, atol=1e-12 * E.max()
    )


@SETTINGS
@given(X=data(min_rows=3), kind=st.sampled_from(["data", "cov", "estimated"]), data_=st.data())
def test_mahalanobis_distances_refuses_invalid_input(X, kind, data_):
    CASES[("mahalanobis_distances", "invalid")] += 1
    d = X.shape[1]
    if kind == "data":
        X_bad = _corrupt(data_.draw, X)
        _assert_clear_error(lambda: mahalanobis_distances(X_bad, cov=np.eye(d)), ["X"])
    elif kind == "cov":
        how = data_.draw(st.sampled_from(["shape", "asymmetric", "indefinite", "nan", "text"]))
        S = {
            "shape": np.eye(d + 1),
            "asymmetric": np.eye(d) + np.triu(np.ones((d, d)), 1) if d > 1 else -np.eye(1),
            "indefinite": -np.eye(d),
            "nan": np.full((d, d), np.nan),
            "text": "identity",
        }[how]
        _assert_clear_error(lambda: mahalanobis_distances(X, cov=S), ["cov"])
    else:  # the sample covariance of repeated copies of one sample is zero
        _assert_clear_error(lambda: mahalanobis_distances(np.repeat(X[:1], 3, axis=0)), ["X"])


def _nonconstant(X):
    """X with two or more features and no constant or zero row (a ramp added along the features)."""
    if X.shape[1] < 2:
        X = np.hstack([X, X])
    scale = max(np.abs(X).max(), 1e-3)
    X = X + np.sqrt(2.0 + np.arange(X.shape[1])) * 1e-3 * scale  # an irrational ramp: rounded data cannot cancel it
    centred = X - X.mean(axis=1, keepdims=True)
    assert np.all(np.abs(centred).max(axis=1) > 1e-9 * scale)
    return X


def _check_similarity(S, n):
    assert S.shape == (n, n) and np.all(np.abs(S) <= 1.0)
    np.testing.assert_array_equal(S, S.T)
    np.testing.assert_array_equal(np.diag(S), 1.0)
    assert np.all(np.linalg.eigvalsh(S) > -1e-8 * n)  # a Gram matrix of unit vectors


@SETTINGS
@given(X=data())
def test_cosine_similarities_on_valid_data(X):
    CASES[("cosine_similarities", "valid")] += 1
    X = _nonconstant(X)
    S = cosine_similarities(X)
    _check_similarity(S, len(X))
    np.testing.assert_allclose(cosine_similarities(3.0 * X), S, rtol=0, atol=1e-12)  # scale invariant


@SETTINGS
@given(X=data())
def test_correlation_coefficients_on_valid_data(X):
    CASES[("correlation_coefficients", "valid")] += 1
    X = _nonconstant(X)
    R = correlation_coefficients(X)
    _check_similarity(R, len(X))


@SETTINGS
@given(X=data(min_rows=3), kind=st.sampled_from(["data", "degenerate"]), data_=st.data())
def test_cosine_similarities_refuses_invalid_input(X, kind, data_):
    CASES[("cosine_similarities", "invalid")] += 1
    _refuse_similarity(cosine_similarities, X, kind, data_, 0.0)


@SETTINGS
@given(X=data(min_rows=3), kind=st.sampled_from(["data", "degenerate", "one feature"]), data_=st.data())
def test_correlation_coefficients_refuses_invalid_input(X, kind, data_):
    CASES[("correlation_coefficients", "invalid")] += 1
    if kind == "one feature":
        _assert_clear_error(lambda: correlation_coefficients(X[:, :1]), ["X"])
        return
    _refuse_similarity(correlation_coefficients, X, kind, data_, 5.0)


def _refuse_similarity(fn, X, kind, data_, constant):
    if kind == "data":
        X_bad = _corrupt(data_.draw, X)
        _assert_clear_error(lambda: fn(X_bad), ["X"])
    else:
        X = _nonconstant(X)
        X[data_.draw(st.integers(0, len(X) - 1))] = constant
        _assert_clear_error(lambda: fn(X), ["X"])
