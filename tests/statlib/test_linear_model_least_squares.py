"""Least squares and ridge (Li Hang (1.23), (1.25)) against scikit-learn and NumPy."""

import warnings

import numpy as np
import pytest
from sklearn.linear_model import LinearRegression as SkLinearRegression
from sklearn.linear_model import Ridge as SkRidge
from sklearn.utils.estimator_checks import parametrize_with_checks

from statlib.datasets import make_sine
from statlib.linear_model import LinearRegression, Ridge


@pytest.mark.parametrize("alpha", [1e-6, 0.1, 1.0, 10.0])
def test_ridge_matches_scikit_learn(alpha):
    rng = np.random.default_rng(0)
    X, y = rng.normal(size=(50, 6)), rng.normal(size=50)
    ours, ref = Ridge(alpha=alpha).fit(X, y), SkRidge(alpha=alpha).fit(X, y)
    np.testing.assert_allclose(ours.coef_, ref.coef_, rtol=1e-9, atol=1e-12)
    np.testing.assert_allclose(ours.intercept_, ref.intercept_, rtol=1e-9, atol=1e-12)


def test_ridge_solves_the_regularised_normal_equations():
    # Gradient of (1/2)||Xw + b - y||^2 + (alpha/2)||w||^2 vanishes at the solution.
    rng = np.random.default_rng(1)
    X, y, alpha = rng.normal(size=(30, 4)), rng.normal(size=30), 2.5
    m = Ridge(alpha=alpha).fit(X, y)
    r = X @ m.coef_ + m.intercept_ - y
    np.testing.assert_allclose(X.T @ r + alpha * m.coef_, 0, atol=1e-10)
    np.testing.assert_allclose(r.sum(), 0, atol=1e-10)


@pytest.mark.parametrize("alpha", [1e-12, 1e-6, 1.0, 1e7, 1e9])
def test_both_ridge_solvers_give_the_svd_minimiser(alpha):
    # Cholesky on the normal equations where the penalty keeps them well conditioned, the SVD elsewhere: either
    # way the weights are V diag(s / (s^2 + alpha)) U^T y_c, here on columns of very different scales (a design
    # whose X^T X has condition number 1e12), with one and with two targets
    from statlib.linear_model._least_squares import _WELL_CONDITIONED

    rng = np.random.default_rng(2)
    X = rng.normal(size=(200, 8)) * np.logspace(0, 6, 8)
    Y = rng.normal(size=(200, 2))
    Xc, Yc = X - X.mean(axis=0), Y - Y.mean(axis=0)
    U, s, Vt = np.linalg.svd(Xc, full_matrices=False)
    exact = Vt.T @ ((s / (s**2 + alpha))[:, None] * (U.T @ Yc))
    cholesky = np.trace(Xc.T @ Xc) + alpha <= _WELL_CONDITIONED * alpha
    assert cholesky == (alpha >= 1e7)  # the test covers both solvers
    np.testing.assert_allclose(Ridge(alpha=alpha).fit(X, Y).coef_, exact.T, rtol=1e-8, atol=1e-14)
    np.testing.assert_allclose(Ridge(alpha=alpha).fit(X, Y[:, 0]).coef_, exact[:, 0], rtol=1e-8, atol=1e-14)


def test_least_squares_polynomial_matches_polyfit():
    x, t = make_sine(10, random_state=0)
    V = np.vander(x, 4, increasing=True)[:, 1:]  # x, x^2, x^3 (the bias is the intercept)
    m = LinearRegression().fit(V, t)
    expected = np.polynomial.polynomial.polyfit(x, t, 3)
    np.testing.assert_allclose(np.r_[m.intercept_, m.coef_], expected, rtol=1e-8)
    ref = SkLinearRegression().fit(V, t)
    np.testing.assert_allclose(m.coef_, ref.coef_, rtol=1e-8)


def test_degree_nine_interpolates_ten_points():
    # Li Hang Example 1.1: with M = 9 the polynomial passes through all ten points (training error 0).
    x, t = make_sine(10, random_state=0)
    V = np.vander(x, 10, increasing=True)[:, 1:]
    m = LinearRegression().fit(V, t)
    np.testing.assert_allclose(m.predict(V), t, atol=1e-6)


def test_linear_regression_has_only_fit_intercept_parameter():
    assert LinearRegression().get_params() == {"fit_intercept": True}
    m = LinearRegression(fit_intercept=False).fit([[1.0], [2.0]], [2.0, 4.0])
    assert m.intercept_ == 0.0 and np.isclose(m.coef_[0], 2.0)


@pytest.mark.parametrize(
    "params, error, match",
    [
        ({"alpha": -1.0}, ValueError, "alpha must be >= 0"),
        ({"alpha": "big"}, TypeError, "alpha must be a real"),
        ({"fit_intercept": 1}, TypeError, "fit_intercept must be True or False"),
    ],
)
def test_bad_hyperparameters(params, error, match):
    with pytest.raises(error, match=match):
        Ridge(**params).fit([[1.0], [2.0]], [1.0, 2.0])


def test_bad_data():
    with pytest.raises(ValueError, match="NaN"):
        Ridge().fit([[1.0], [np.nan]], [1.0, 2.0])
    with pytest.raises(ValueError, match="2D array"):
        Ridge().fit([1.0, 2.0], [1.0, 2.0])


@parametrize_with_checks([Ridge(), LinearRegression()])
def test_scikit_learn_contract(estimator, check):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check(estimator)
