"""Property-based tests for CCA, PLSCanonical, PLSRegression, ProbabilisticCCA and canonical_correlations.

Valid paired views (random sizes, scales, numbers of components) give finite outputs of the right shapes,
canonical correlations in [0, 1] and non-increasing, training scores reproduced by ``transform``, and a
probabilistic CCA whose model covariance has the data's diagonal blocks; invalid inputs raise ValueError or
TypeError whose message names the argument.
"""

from collections import Counter

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from property_support import SETTINGS
from property_support import quietly as _quietly
from property_support import refused as _assert_clear_error

from statlib.cross_decomposition import (
    CCA,
    PLSCanonical,
    PLSRegression,
    ProbabilisticCCA,
    canonical_correlations,
)
from statlib.decomposition import BinaryPCA, SupervisedPCA

CASES = Counter()  # (estimator, kind) -> number of generated cases; reported by conftest.py
ESTIMATORS = [CCA, PLSCanonical, PLSRegression, ProbabilisticCCA]


@st.composite
def views(draw, min_rows=8, max_rows=40):
    n = draw(st.integers(min_rows, max_rows))
    p = draw(st.integers(1, 5))
    q = draw(st.integers(1, 4))
    scale = draw(st.sampled_from([1e-2, 1.0, 1e2]))
    rng = np.random.default_rng(draw(st.integers(0, 2**16)))
    z = rng.normal(size=(n, 1))
    X = (z @ rng.normal(size=(1, p)) + rng.normal(size=(n, p))) * scale
    Y = (z @ rng.normal(size=(1, q)) + rng.normal(size=(n, q))) * rng.uniform(0.5, 2.0, size=q)
    return X, Y


def _bound(cls, n, p, q):
    if cls is ProbabilisticCCA:
        return min(p, q)
    return min(n, p) if cls is PLSRegression else min(n, p, q)


@pytest.mark.parametrize("cls", ESTIMATORS, ids=lambda c: c.__name__)
@SETTINGS
@given(XY=views(), data=st.data())
def test_valid_views(cls, XY, data):
    CASES[(cls.__name__, "valid")] += 1
    X, Y = XY
    n, p = X.shape
    q = Y.shape[1]
    K = data.draw(st.integers(1, _bound(cls, n, p, q)))
    if cls is ProbabilisticCCA and p + q > n - 1:
        # the centred column spaces intersect: rho_1 = 1 and the likelihood is unbounded
        _assert_clear_error(lambda: cls(K).fit(X, Y), ["canonical correlation of 1"])
        return
    if cls is ProbabilisticCCA:
        method = data.draw(st.sampled_from(["closed_form", "em"]))
        m = _quietly(lambda: cls(K, method=method, max_iter=200, random_state=0).fit(X, Y))
        assert m.Wx_.shape == (p, K) and m.Wy_.shape == (q, K)
        rho = m.canonical_correlations_
        C = m.get_covariance()
        Sxx = np.cov(X.T, bias=True).reshape(p, p)
        if method == "closed_form":
            np.testing.assert_allclose(C[:p, :p], Sxx, rtol=1e-6, atol=1e-9 * np.abs(Sxx).max())
        Z = m.transform(X, Y)
        assert Z.shape == (n, K) and np.all(np.isfinite(Z))
        assert np.isfinite(m.score(X, Y))
    else:
        m = cls(K).fit(X, Y)
        t, u = m.transform(X, Y)
        assert t.shape == (n, K) and u.shape == (n, K)
        np.testing.assert_allclose(t, m._x_scores, atol=1e-8 * max(1.0, np.abs(t).max()))
        assert m.predict(X).shape == Y.shape
        assert np.all(np.isfinite(m.coef_)) and m.coef_.shape == (q, p)
        rho = getattr(m, "canonical_correlations_", None)
    if rho is not None:
        assert np.all((rho >= 0) & (rho <= 1.0))
        assert np.all(np.diff(rho) <= 1e-9)


@pytest.mark.parametrize("cls", ESTIMATORS, ids=lambda c: c.__name__)
@SETTINGS
@given(XY=views(), data=st.data())
def test_invalid_input(cls, XY, data):
    CASES[(cls.__name__, "invalid")] += 1
    X, Y = XY
    n, p = X.shape
    q = Y.shape[1]
    which = data.draw(st.sampled_from(["X", "y", "length", "n_components", "missing_y", "transform"]))
    if which in ("X", "y"):
        kind = data.draw(st.sampled_from(["nan", "inf", "text", "empty"]))
        bad = (X if which == "X" else Y).copy()
        if kind == "nan":
            bad[0, 0] = np.nan
        elif kind == "inf":
            bad[-1, -1] = -np.inf
        elif kind == "text":
            bad = np.full(bad.shape, "abc", dtype=object)
        else:
            bad = bad[:0]
        args = (bad, Y) if which == "X" else (X, bad)
        _assert_clear_error(lambda: cls(1).fit(*args), [which, "sample"])
    elif which == "length":
        _assert_clear_error(lambda: cls(1).fit(X, Y[:-1]), ["same number of samples"])
    elif which == "missing_y":
        _assert_clear_error(lambda: cls(1).fit(X), ["y"])
    elif which == "transform":
        if cls is ProbabilisticCCA and p + q > n - 1:
            # keep the fit well-posed (the unbounded case is the valid-input test's): one column of each view
            X, Y, p = X[:, :1], Y[:, :1], 1
        m = _quietly(lambda: cls(1).fit(X, Y))
        _assert_clear_error(lambda: m.transform(np.ones((3, p + 1))), ["X", "feature"])
    else:
        value = data.draw(st.sampled_from([0, -1, _bound(cls, n, p, q) + 1, 1.5, "2", True]))
        _assert_clear_error(lambda: cls(value).fit(X, Y), ["n_components"])


@SETTINGS
@given(XY=views())
def test_canonical_correlations_valid(XY):
    CASES[("canonical_correlations", "valid")] += 1
    X, Y = XY
    rho = canonical_correlations(X, Y)
    assert rho.shape == (min(X.shape[1], Y.shape[1]),)
    assert np.all((rho >= 0) & (rho <= 1)) and np.all(np.diff(rho) <= 1e-9)
    # symmetric in the two views
    np.testing.assert_allclose(canonical_correlations(Y, X), rho, atol=1e-8)


@SETTINGS
@given(XY=views(), data=st.data())
def test_canonical_correlations_invalid(XY, data):
    CASES[("canonical_correlations", "invalid")] += 1
    X, Y = XY
    which = data.draw(st.sampled_from(["X", "Y", "length", "n_components"]))
    if which == "X":
        _assert_clear_error(lambda: canonical_correlations(X[:, 0], Y), ["X"])
    elif which == "Y":
        bad = Y.copy()
        bad[0, 0] = np.nan
        _assert_clear_error(lambda: canonical_correlations(X, bad), ["Y"])
    elif which == "length":
        _assert_clear_error(lambda: canonical_correlations(X[1:], Y), ["same number of samples"])
    else:
        value = data.draw(st.sampled_from([0, 99, 1.5, "1"]))
        _assert_clear_error(lambda: canonical_correlations(X, Y, n_components=value), ["n_components"])


# ----------------------------------------------------------------------------------------------- BinaryPCA
@st.composite
def bit_matrices(draw):
    n = draw(st.integers(2, 25))
    d = draw(st.integers(1, 6))
    rng = np.random.default_rng(draw(st.integers(0, 2**16)))
    return (rng.random((n, d)) < rng.uniform(0.1, 0.9, size=d)).astype(float)


@SETTINGS
@given(X=bit_matrices(), data=st.data())
def test_binary_pca_valid(X, data):
    CASES[("BinaryPCA", "valid")] += 1
    n, d = X.shape
    L = data.draw(st.integers(1, d))
    m = _quietly(lambda: BinaryPCA(L, max_iter=30, random_state=0).fit(X))
    assert m.components_.shape == (L, d) and m.embedding_.shape == (n, L)
    assert np.all(np.isfinite(m.embedding_)) and np.all(np.diff(m.bound_) > -1e-8 * abs(m.bound_[0]) - 1e-9)
    # the bound is a lower bound on a log-probability of bits: never positive
    assert m.bound_[-1] <= 1e-9


@SETTINGS
@given(X=bit_matrices(), data=st.data())
def test_binary_pca_invalid(X, data):
    CASES[("BinaryPCA", "invalid")] += 1
    n, d = X.shape
    which = data.draw(st.sampled_from(["X", "n_components", "max_iter", "tol"]))
    if which == "X":
        bad = X.copy()
        kind = data.draw(st.sampled_from(["half", "nan", "two", "text", "1d"]))
        if kind == "half":
            bad[0, 0] = 0.5
        elif kind == "nan":
            bad[0, 0] = np.nan
        elif kind == "two":
            bad[-1, -1] = 2.0
        elif kind == "text":
            bad = np.full(bad.shape, "one", dtype=object)
        else:
            bad = bad[:, 0]
        _assert_clear_error(lambda: BinaryPCA(1).fit(bad), ["X"])
    else:
        value = data.draw(
            st.sampled_from(
                {"n_components": [0, d + 1, 1.5, "1"], "max_iter": [0, -1, 2.5], "tol": [-1.0, "x", np.inf]}[which]
            )
        )
        _assert_clear_error(lambda: BinaryPCA(1, **{which: value}).fit(X), [which])


# ------------------------------------------------------------------------------------------- SupervisedPCA
@SETTINGS
@given(XY=views(), data=st.data())
def test_supervised_pca_valid(XY, data):
    CASES[("SupervisedPCA", "valid")] += 1
    X, Y = XY
    n, p = X.shape
    q = Y.shape[1]
    L = data.draw(st.integers(1, p + q - 1))
    m = _quietly(lambda: SupervisedPCA(L, max_iter=200).fit(X, Y))
    assert m.coef_.shape == (q, p) and m.predict(X).shape == (n, q)
    assert np.all(np.isfinite(m.coef_)) and np.all(np.diff(m.loglike_) > -1e-8 * abs(m.loglike_[0]) - 1e-9)
    assert m.noise_variance_x_ > 0 and m.noise_variance_y_ > 0
    assert m.transform(X).shape == (n, L)


@SETTINGS
@given(XY=views(), data=st.data())
def test_supervised_pca_invalid(XY, data):
    CASES[("SupervisedPCA", "invalid")] += 1
    X, Y = XY
    n, p = X.shape
    q = Y.shape[1]
    which = data.draw(st.sampled_from(["X", "y", "n_components", "max_iter", "tol"]))
    if which in ("X", "y"):
        bad = (X if which == "X" else Y).copy()
        bad[0, 0] = data.draw(st.sampled_from([np.nan, np.inf]))
        args = (bad, Y) if which == "X" else (X, bad)
        _assert_clear_error(lambda: SupervisedPCA(1).fit(*args), [which])
    else:
        value = data.draw(
            st.sampled_from(
                {"n_components": [0, p + q, 1.5, "1"], "max_iter": [0, -1, 2.5], "tol": [-1.0, "x", np.inf]}[which]
            )
        )
        _assert_clear_error(lambda: SupervisedPCA(**{"n_components": 1, which: value}).fit(X, Y), [which])
