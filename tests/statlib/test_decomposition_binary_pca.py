"""Binary PCA by variational EM (MLAPP §12.4; Tipping 1999).

References from outside the code under test: the exact log-likelihood of a one-factor model by Gauss-Hermite
quadrature (the variational bound must lie below it, and the bound at the data-optimal xi is tight for a single bit
with known z), the logistic function itself for the Jaakkola-Jordan bound, and the example data's known prototypes.

BinaryPCA accepts only 0/1 data, so scikit-learn's generic estimator checks (which feed real-valued X) do not apply;
the parts of the contract they would test (get_params/clone, fit returning self, NotFittedError) are tested here.
"""

import warnings

import numpy as np
import pytest
from sklearn.base import clone
from sklearn.exceptions import ConvergenceWarning, NotFittedError

from statlib.datasets import load_example
from statlib.decomposition import BinaryPCA, jaakkola_jordan_lambda
from statlib.decomposition._binary_pca import _variational_em

BITS = load_example("mlapp", "figure-12.18")


def _sigmoid(a):
    return 1.0 / (1.0 + np.exp(-a))


def test_jaakkola_jordan_bound_holds_and_is_tight():
    a = np.linspace(-8, 8, 401)
    for xi in [0.0, 0.5, 2.0, 5.0]:
        lam = jaakkola_jordan_lambda(xi)
        bound = _sigmoid(xi) * np.exp((a - xi) / 2 - lam * (a**2 - xi**2))
        assert np.all(bound <= _sigmoid(a) + 1e-15)
        for at in (xi, -xi):  # equality at a = +-xi
            tight = _sigmoid(xi) * np.exp((at - xi) / 2 - lam * (at**2 - xi**2))
            assert tight == pytest.approx(_sigmoid(at), rel=1e-12)
    assert jaakkola_jordan_lambda(0.0) == 0.125
    np.testing.assert_allclose(jaakkola_jordan_lambda([1e-8, 1.0]), [0.125, np.tanh(0.5) / 4], rtol=1e-12)


def _exact_loglik(S, W, b, n_points=200):
    """log p(x_n) = log int N(z | 0, 1) prod_d sigma(s_nd (w_d z + b_d)) dz, one factor, by Gauss-Hermite."""
    x, w = np.polynomial.hermite_e.hermegauss(n_points)
    w = w / np.sqrt(2 * np.pi)
    a = x[:, None, None] * W[None, None, :, 0] + b
    return np.log((w[:, None] * np.exp(-np.logaddexp(0, -S[None] * a).sum(axis=2))).sum(axis=0))


def test_bound_lies_below_the_exact_likelihood_and_rises():
    X = BITS.X[:, :6]
    m = BinaryPCA(1, tol=1e-9, random_state=0).fit(X)
    assert np.all(np.diff(m.bound_) > -1e-9)
    exact = _exact_loglik(2.0 * X - 1, m.components_.T, m.intercept_).sum()
    assert m.bound_[-1] <= exact
    # the bound is a fair approximation: within 5% of the exact log-likelihood here
    assert m.bound_[-1] > 1.05 * exact
    # and the fit beats the independent-bits model (W = 0) in exact likelihood
    p = X.mean(axis=0)
    independent = np.sum(X * np.log(p) + (1 - X) * np.log(1 - p))
    assert exact > independent


def test_zero_loadings_reduce_to_independent_bits():
    # with W = 0 the bound is exact once xi = |b| and the logits are b: sum of log sigma(s b)
    S = 2.0 * BITS.X[:20, :5] - 1
    b = np.array([0.3, -1.0, 0.0, 2.0, -0.5])
    _, _, mu, _, bounds, _, _ = _variational_em(S, np.zeros((5, 1)), b, 50, 1e-14, False)
    np.testing.assert_allclose(bounds[-1], -np.logaddexp(0, -S * b).sum(), rtol=1e-10)
    np.testing.assert_allclose(mu, 0.0, atol=1e-14)


def test_embedding_separates_the_three_prototypes():
    m = BinaryPCA(2, random_state=0).fit(BITS.X)
    Z = m.embedding_
    centroids = np.array([Z[BITS.labels == k].mean(axis=0) for k in range(3)])
    nearest = np.argmin(((Z[:, None] - centroids[None]) ** 2).sum(axis=2), axis=1)
    assert np.sum(nearest == BITS.labels) >= 145
    np.testing.assert_allclose(m.transform(BITS.X), Z, atol=1e-3)  # training stops at a tolerance
    # bits predicted from the embedding: the decoded logits match the data far better than chance
    logits = Z @ m.components_ + m.intercept_
    assert np.mean((logits > 0) == (BITS.X == 1)) > 0.85


def test_estimator_contract_parts():
    m = BinaryPCA(2, random_state=0)
    assert clone(m).get_params() == m.get_params()
    with pytest.raises(NotFittedError):
        m.transform(BITS.X)
    assert m.fit(BITS.X) is m
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        a = BinaryPCA(2, random_state=3).fit(BITS.X).components_
        b = BinaryPCA(2, random_state=3).fit(BITS.X).components_
    np.testing.assert_array_equal(a, b)
    with pytest.warns(ConvergenceWarning):
        m2 = BinaryPCA(2, max_iter=1, tol=0.0, random_state=0).fit(BITS.X)
    assert m2.n_iter_ == 1


def test_bad_input_names_the_argument():
    with pytest.raises(ValueError, match="X"):
        BinaryPCA(1).fit(np.array([[0.0, 0.5], [1.0, 0.0]]))
    with pytest.raises(ValueError, match="X"):
        BinaryPCA(1).fit(np.array([[0.0, np.nan], [1.0, 0.0]]))
    with pytest.raises(ValueError, match="sample"):
        BinaryPCA(1).fit(np.array([[0.0, 1.0]]))
    with pytest.raises((ValueError, TypeError), match="n_components"):
        BinaryPCA(3).fit(np.array([[0.0, 1.0], [1.0, 0.0]]))
    with pytest.raises((ValueError, TypeError), match="tol"):
        BinaryPCA(1, tol=-1).fit(np.array([[0.0, 1.0], [1.0, 0.0]]))
    m = BinaryPCA(1, random_state=0).fit(np.array([[0.0, 1.0], [1.0, 0.0], [1.0, 1.0]]))
    with pytest.raises(ValueError, match="X"):
        m.transform(np.ones((2, 3)))
    with pytest.raises((ValueError, TypeError), match="xi"):
        jaakkola_jordan_lambda("a")
