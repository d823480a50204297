"""Property-based tests for statlib's maximum-likelihood ICA (MLAPP §12.6.1).

The log-likelihood (12.101) is invariant to what the model cannot identify: the order and signs of the rows of V
(the densities are symmetric), and a rotation of the data undone by V (x -> R x, V -> V R^T, |det R| = 1);
rescaling the data by a changes it by -L log a (the Jacobian of (12.100)). A fit on valid data gives finite,
white, invertible estimates; invalid data raise ValueError or TypeError naming the argument.
IndependentFactorAnalysis (§12.6.3) never decreases the likelihood, keeps variances positive and weights summing to 1.
The number of cases is printed at the end of the run (see conftest.py).
"""

from collections import Counter

import numpy as np
from hypothesis import given
from hypothesis import strategies as st
from property_support import SETTINGS, bad_array, quietly, refused

from statlib.decomposition import IndependentFactorAnalysis, NaturalGradientICA, ica_log_likelihood

CASES = Counter()  # (name, kind) -> number of generated cases; reported by conftest.py


@st.composite
def problem(draw):
    L = draw(st.integers(1, 4))
    n = draw(st.integers(L + 2, 60))
    rng = np.random.default_rng(draw(st.integers(0, 2**16)))
    V = rng.normal(size=(L, L)) + 2.0 * np.eye(L)
    X = rng.laplace(size=(n, L)) * draw(st.sampled_from([0.1, 1.0, 10.0]))
    density = draw(st.sampled_from(["logistic", "laplace"]))
    return V, X, density, rng


@SETTINGS
@given(case=problem())
def test_log_likelihood_invariances(case):
    CASES[("ica_log_likelihood", "valid")] += 1
    V, X, density, rng = case
    L = len(V)
    base = ica_log_likelihood(V, X, density)
    perm = rng.permutation(L)
    signs = rng.choice([-1.0, 1.0], size=L)
    tol = 1e-9 * (1 + abs(base))
    assert abs(ica_log_likelihood(signs[:, None] * V[perm], X, density) - base) <= tol
    R = np.linalg.qr(rng.normal(size=(L, L)))[0]
    assert abs(ica_log_likelihood(V @ R.T, X @ R.T, density) - base) <= tol
    a = 3.0
    assert abs(ica_log_likelihood(V / a, a * X, density) - (base - L * np.log(a))) <= tol


@SETTINGS
@given(case=problem())
def test_natural_gradient_ica_on_valid_input(case):
    CASES[("NaturalGradientICA", "valid")] += 1
    _, X, density, rng = case
    model = quietly(lambda: NaturalGradientICA(density=density, max_iter=50, random_state=0).fit(X))
    L = X.shape[1]
    assert model.components_.shape == (L, L) and np.all(np.isfinite(model.components_))
    Z = (X - X.mean(axis=0)) @ model.whitening_.T
    np.testing.assert_allclose(Z.T @ Z / len(X), np.eye(L), atol=1e-8)
    np.testing.assert_allclose(model.inverse_transform(model.transform(X)), X, atol=1e-8 * (1 + np.abs(X).max()))
    assert np.all(np.isfinite(model.loglike_))


@SETTINGS
@given(case=problem(), data_=st.data())
def test_natural_gradient_ica_refuses_invalid_input(case, data_):
    CASES[("NaturalGradientICA", "invalid")] += 1
    _, X, _, _ = case
    which = data_.draw(st.sampled_from(["X", "learning_rate", "density", "n_components"]))
    if which == "X":
        kind = data_.draw(st.sampled_from(["nan", "inf", "text", "rank", "empty"]))
        bad = bad_array(np.random.default_rng(data_.draw(st.integers(0, 99))), kind, X.shape)
        refused(lambda: NaturalGradientICA().fit(bad), ["X"])
    elif which == "learning_rate":
        value = data_.draw(st.sampled_from([0.0, -0.1, 2.0, np.nan, "fast"]))
        refused(lambda: NaturalGradientICA(learning_rate=value).fit(X), ["learning_rate"])
    elif which == "density":
        refused(lambda: NaturalGradientICA(density=data_.draw(st.sampled_from(["gaussian", 1]))).fit(X), ["density"])
    else:
        value = data_.draw(st.sampled_from([0, -1, X.shape[1] + 1, 1.5, "2"]))
        refused(lambda: NaturalGradientICA(n_components=value).fit(X), ["n_components"])


@SETTINGS
@given(case=problem(), K=st.integers(1, 3))
def test_independent_factor_analysis_on_valid_input(case, K):
    CASES[("IndependentFactorAnalysis", "valid")] += 1
    _, X, _, _ = case
    model = quietly(lambda: IndependentFactorAnalysis(n_mixture=K, max_iter=15, random_state=0).fit(X))
    L = X.shape[1]
    assert model.mixing_.shape == (L, L) and np.all(np.isfinite(model.mixing_))
    assert np.all(model.noise_variance_ > 0) and np.all(model.variances_ > 0)
    np.testing.assert_allclose(model.weights_.sum(axis=1), 1.0, atol=1e-12)
    ll = np.asarray(model.loglike_)
    assert np.all(np.diff(ll) >= -1e-8 * (1 + np.abs(ll[:-1])))  # EM never decreases the likelihood
    assert model.transform(X).shape == (len(X), L)


@SETTINGS
@given(case=problem(), data_=st.data())
def test_independent_factor_analysis_refuses_invalid_input(case, data_):
    CASES[("IndependentFactorAnalysis", "invalid")] += 1
    _, X, _, _ = case
    which = data_.draw(st.sampled_from(["X", "n_mixture", "n_components"]))
    if which == "X":
        kind = data_.draw(st.sampled_from(["nan", "inf", "text", "rank", "empty"]))
        bad = bad_array(np.random.default_rng(data_.draw(st.integers(0, 99))), kind, X.shape)
        refused(lambda: IndependentFactorAnalysis().fit(bad), ["X"])
    elif which == "n_mixture":
        value = data_.draw(st.sampled_from([0, -2, 1.5, "2"]))
        refused(lambda: IndependentFactorAnalysis(n_mixture=value).fit(X), ["n_mixture"])
    else:
        value = data_.draw(st.sampled_from([0, -1, X.shape[1] + 1, 1.5, "2"]))
        refused(lambda: IndependentFactorAnalysis(n_components=value).fit(X), ["n_components"])
