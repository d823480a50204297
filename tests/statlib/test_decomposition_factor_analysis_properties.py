"""Property-based tests for statlib.decomposition.FactorAnalysis and max_factors (MLAPP §12.1).

Valid inputs (random shapes, scales, numbers of factors, missing entries) give finite parameters, a positive
noise variance, a non-decreasing EM log-likelihood and score_samples equal to the Gaussian density of the
observed coordinates under N(mu, W W^T + Psi); invalid inputs raise ValueError or TypeError naming the argument.
The number of cases is printed at the end of the run (see conftest.py).
"""

from collections import Counter

import numpy as np
from hypothesis import given
from hypothesis import strategies as st
from property_support import SETTINGS, bad_array, quietly, refused
from scipy import stats

from statlib.decomposition import FactorAnalysis, max_factors

CASES = Counter()  # (name, kind) -> number of generated cases; reported by conftest.py


@st.composite
def data(draw):
    n = draw(st.integers(5, 40))
    D = draw(st.integers(1, 6))
    L = draw(st.integers(1, D))
    scale = draw(st.sampled_from([1e-2, 1.0, 1e2]))
    rng = np.random.default_rng(draw(st.integers(0, 2**16)))
    X = (rng.normal(size=(n, L)) @ rng.normal(size=(L, D)) + rng.normal(size=(n, D))) * scale
    if draw(st.booleans()):
        mask = rng.random(X.shape) < 0.15
        mask[0] = False  # every column keeps an observed value
        X[mask] = np.nan
    return X, L


@SETTINGS
@given(case=data())
def test_factor_analysis_on_valid_input(case):
    CASES[("FactorAnalysis", "valid")] += 1
    X, L = case
    fa = quietly(lambda: FactorAnalysis(L, max_iter=30).fit(X))
    assert fa.components_.shape == (L, X.shape[1])
    assert np.all(np.isfinite(fa.components_)) and np.all(fa.noise_variance_ > 0)
    ll = np.asarray(fa.loglike_)
    assert np.all(np.diff(ll) >= -1e-7 * (1 + np.abs(ll[:-1])))
    row = X[1]
    o = ~np.isnan(row)
    if o.any():
        C = fa.get_covariance()[np.ix_(o, o)]
        expected = stats.multivariate_normal(fa.mean_[o], C, allow_singular=True).logpdf(row[o])
        got = fa.score_samples(X[1:2])[0]
        assert abs(got - expected) <= 1e-6 * (1 + abs(expected))
    assert fa.transform(X).shape == (X.shape[0], L)


@SETTINGS
@given(case=data(), data_=st.data())
def test_factor_analysis_refuses_invalid_input(case, data_):
    CASES[("FactorAnalysis", "invalid")] += 1
    X, L = case
    which = data_.draw(st.sampled_from(["X", "n_components", "tol", "max_iter", "noise_variance_init"]))
    if which == "X":
        kind = data_.draw(st.sampled_from(["inf", "text", "rank", "empty", "allnan"]))
        if kind == "allnan":
            bad = np.array(X)
            bad[:, 0] = np.nan
        else:
            bad = bad_array(np.random.default_rng(data_.draw(st.integers(0, 99))), kind, X.shape)
        refused(lambda: FactorAnalysis(1).fit(bad), ["X"])
    elif which == "n_components":
        value = data_.draw(st.sampled_from([0, -1, X.shape[1] + 1, 1.5, "2"]))
        refused(lambda: FactorAnalysis(value).fit(X), ["n_components"])
    elif which == "tol":
        refused(lambda: FactorAnalysis(1, tol=data_.draw(st.sampled_from([-1.0, np.nan, "small"]))).fit(X), ["tol"])
    elif which == "max_iter":
        refused(
            lambda: FactorAnalysis(1, max_iter=data_.draw(st.sampled_from([0, -3, 2.5, "10"]))).fit(X), ["max_iter"]
        )
    else:
        value = data_.draw(
            st.sampled_from([np.ones(X.shape[1] + 1), -np.ones(X.shape[1]), np.full(X.shape[1], np.nan)])
        )
        refused(lambda: FactorAnalysis(1, noise_variance_init=value).fit(X), ["noise_variance_init"])


@SETTINGS
@given(D=st.integers(1, 500))
def test_max_factors_on_valid_input(D):
    CASES[("max_factors", "valid")] += 1
    L = max_factors(D)
    assert D + L * D - L * (L - 1) / 2 <= D * (D + 1) / 2
    assert L == D or D + (L + 1) * D - (L + 1) * L / 2 > D * (D + 1) / 2


@SETTINGS
@given(
    value=st.one_of(
        st.integers(max_value=0),
        st.floats(allow_nan=True).filter(lambda v: not float(v).is_integer()),
        st.text(max_size=3),
        st.none(),
    )
)
def test_max_factors_refuses_invalid_input(value):
    CASES[("max_factors", "invalid")] += 1
    refused(lambda: max_factors(value), ["n_features"])
