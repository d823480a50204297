"""Property-based tests for statlib.mixture.MixtureOfFactorAnalysers (MLAPP §12.1.4-12.1.5).

Valid inputs (random shapes, scales, K, L) give finite parameters, weights that sum to one, a positive noise
variance, a non-decreasing EM log-likelihood and responsibilities that sum to one; invalid inputs raise ValueError
or TypeError naming the argument. The number of cases is printed at the end of the run (see conftest.py).
"""

from collections import Counter

import numpy as np
from hypothesis import given
from hypothesis import strategies as st
from property_support import SETTINGS, bad_array, quietly, refused

from statlib.mixture import MixtureOfFactorAnalysers

CASES = Counter()  # (name, kind) -> number of generated cases; reported by conftest.py


@st.composite
def data(draw):
    n = draw(st.integers(6, 40))
    D = draw(st.integers(1, 5))
    K = draw(st.integers(1, 3))
    L = draw(st.integers(1, D))
    scale = draw(st.sampled_from([1e-2, 1.0, 1e2]))
    rng = np.random.default_rng(draw(st.integers(0, 2**16)))
    X = (rng.normal(size=(n, D)) + rng.integers(0, K, size=n)[:, None] * 4.0) * scale
    return X, K, L, draw(st.integers(0, 2**16))


@SETTINGS
@given(case=data())
def test_mfa_on_valid_input(case):
    CASES[("MixtureOfFactorAnalysers", "valid")] += 1
    X, K, L, seed = case
    mfa = quietly(lambda: MixtureOfFactorAnalysers(K, L, max_iter=20, random_state=seed).fit(X))
    assert mfa.means_.shape == (K, X.shape[1]) and mfa.loadings_.shape == (K, X.shape[1], L)
    assert np.all(np.isfinite(mfa.loadings_)) and np.all(mfa.noise_variance_ > 0)
    assert abs(mfa.weights_.sum() - 1.0) < 1e-9
    ll = np.asarray(mfa.loglike_)
    assert np.all(np.diff(ll) >= -1e-7 * (1 + np.abs(ll[:-1])))
    np.testing.assert_allclose(mfa.predict_proba(X).sum(axis=1), 1.0, atol=1e-9)
    assert np.isfinite(mfa.score(X))


@SETTINGS
@given(case=data(), data_=st.data())
def test_mfa_refuses_invalid_input(case, data_):
    CASES[("MixtureOfFactorAnalysers", "invalid")] += 1
    X, K, L, seed = case
    which = data_.draw(st.sampled_from(["X", "n_components", "n_factors", "tol", "max_iter"]))
    if which == "X":
        kind = data_.draw(st.sampled_from(["nan", "inf", "text", "rank", "empty"]))
        bad = bad_array(np.random.default_rng(data_.draw(st.integers(0, 99))), kind, X.shape)
        refused(lambda: MixtureOfFactorAnalysers(1, 1).fit(bad), ["X"])
    elif which == "n_components":
        value = data_.draw(st.sampled_from([0, -1, X.shape[0] + 1, 1.5, "2"]))
        refused(lambda: MixtureOfFactorAnalysers(value, 1).fit(X), ["n_components"])
    elif which == "n_factors":
        value = data_.draw(st.sampled_from([0, -1, X.shape[1] + 1, 1.5, "2"]))
        refused(lambda: MixtureOfFactorAnalysers(1, value).fit(X), ["n_factors"])
    elif which == "tol":
        value = data_.draw(st.sampled_from([-1.0, np.nan, "small"]))
        refused(lambda: MixtureOfFactorAnalysers(1, 1, tol=value).fit(X), ["tol"])
    else:
        value = data_.draw(st.sampled_from([0, -3, 2.5, "10"]))
        refused(lambda: MixtureOfFactorAnalysers(1, 1, max_iter=value).fit(X), ["max_iter"])
