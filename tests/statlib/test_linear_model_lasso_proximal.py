"""Proximal gradient (ISTA, FISTA) and EM for the lasso (MLAPP sections 13.4.3-13.4.4).

Every solver is checked against coordinate descent and scikit-learn's Lasso (same optimum within a stated
tolerance), against the subgradient optimality conditions (13.53) at the answer, against MLAPP's Listing 13.1
on the prostate data, and against the known rates: after the same number of iterations FISTA's objective gap
is below ISTA's, and EM never raises the objective.
"""

import warnings

import numpy as np
import pytest
from sklearn.exceptions import ConvergenceWarning
from sklearn.linear_model import Lasso as SkLasso
from sklearn.utils.estimator_checks import parametrize_with_checks

from statlib.datasets import load_example
from statlib.linear_model import Lasso, lasso_em, lasso_path, lasso_proximal

TIGHT = {"tol": 1e-12, "max_iter": 200_000}


def _data(seed, n=60, p=12, sparse=4):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, p)) @ np.diag(rng.uniform(0.5, 2.0, p)) + rng.normal(size=p)
    w = np.zeros(p)
    w[:sparse] = rng.normal(scale=2.0, size=min(sparse, p))
    y = X @ w + 0.5 * rng.normal(size=n) + 1.0
    return X, y


def _alpha_max(X, y):
    return np.abs((X - X.mean(0)).T @ (y - y.mean())).max() / len(y)


def _objective(X, y, coef, intercept, alpha):
    r = y - X @ coef - intercept
    return 0.5 * np.mean(r**2) + alpha * np.abs(coef).sum()


def _assert_kkt(X, y, coef, intercept, alpha, atol):
    """(13.53): |x_j^T r| / n <= alpha, with x_j^T r / n = alpha sign(w_j) where w_j != 0."""
    r = y - X @ coef - intercept
    corr = (X - X.mean(0)).T @ r / len(y)
    assert np.all(np.abs(corr) <= alpha + atol)
    on = coef != 0
    np.testing.assert_allclose(corr[on], alpha * np.sign(coef[on]), atol=atol)


@pytest.mark.parametrize("solver", ["ista", "fista"])
@pytest.mark.parametrize("seed, fraction", [(0, 0.05), (1, 0.2), (2, 0.5)])
def test_proximal_solvers_reach_the_coordinate_descent_and_scikit_learn_optimum(solver, seed, fraction):
    X, y = _data(seed)
    alpha = fraction * _alpha_max(X, y)
    ours = Lasso(alpha=alpha, solver=solver, **TIGHT).fit(X, y)
    cd = Lasso(alpha=alpha, **TIGHT).fit(X, y)
    sk = SkLasso(alpha=alpha, tol=1e-12, max_iter=200_000).fit(X, y)
    np.testing.assert_allclose(ours.coef_, cd.coef_, atol=1e-6)
    np.testing.assert_allclose(ours.coef_, sk.coef_, atol=1e-6)
    np.testing.assert_allclose(ours.intercept_, sk.intercept_, atol=1e-6)
    np.testing.assert_array_equal(ours.coef_ == 0, sk.coef_ == 0)  # the same support


@pytest.mark.parametrize("solver", ["ista", "fista"])
@pytest.mark.parametrize("fraction", [0.02, 0.3, 0.9])
def test_proximal_solutions_satisfy_the_subgradient_conditions(solver, fraction):
    X, y = _data(3)
    alpha = fraction * _alpha_max(X, y)
    model = Lasso(alpha=alpha, solver=solver, tol=1e-14, max_iter=1_000_000).fit(X, y)
    # a duality gap g bounds each |x_j^T r| / n away from its optimal value by about ||x_j|| sqrt(2 g) / n
    _assert_kkt(X, y, model.coef_, model.intercept_, alpha, atol=1e-6)


def test_lasso_proximal_without_intercept_matches_scikit_learn():
    X, y = _data(4)
    alpha = 0.1 * np.abs(X.T @ y).max() / len(y)
    coef, b, _ = lasso_proximal(X, y, alpha, method="fista", fit_intercept=False, tol=1e-14, max_iter=100_000)
    sk = SkLasso(alpha=alpha, fit_intercept=False, tol=1e-14, max_iter=100_000).fit(X, y)
    assert b == 0.0
    np.testing.assert_allclose(coef, sk.coef_, atol=1e-7)


def test_fista_objective_gap_is_below_ista_after_the_same_iterations():
    """Beck and Teboulle (2009): O(1/k) for ISTA, O(1/k^2) for FISTA; on a fixed, ill-conditioned problem the
    accelerated gap is far smaller after 200 iterations."""
    rng = np.random.default_rng(5)
    X = rng.normal(size=(100, 40)) @ np.diag(np.geomspace(1, 30, 40))
    y = X[:, :5].sum(1) + rng.normal(size=100)
    alpha = 0.05 * _alpha_max(X, y)
    best = Lasso(alpha=alpha, **TIGHT).fit(X, y)
    f_star = _objective(X, y, best.coef_, best.intercept_, alpha)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        _, _, ista = lasso_proximal(X, y, alpha, method="ista", max_iter=200, tol=0.0)
        _, _, fista = lasso_proximal(X, y, alpha, method="fista", max_iter=200, tol=0.0)
    assert len(ista) == len(fista) == 200
    assert fista[-1] - f_star < 0.1 * (ista[-1] - f_star)
    assert np.all(np.diff(ista) <= 1e-12 * ista[0])  # ISTA is a descent method
    assert ista[-1] >= f_star - 1e-12 and fista[-1] >= f_star - 1e-12


def test_history_is_the_objective_of_the_iterates():
    X, y = _data(6)
    alpha = 0.2 * _alpha_max(X, y)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        coef, b, history = lasso_proximal(X, y, alpha, method="ista", max_iter=7, tol=0.0)
    np.testing.assert_allclose(history[-1], _objective(X, y, coef, b, alpha), rtol=1e-12)


@pytest.mark.parametrize("fraction", [0.05, 0.3])
def test_em_reaches_the_lasso_optimum_and_never_raises_the_objective(fraction):
    X, y = _data(7)
    alpha = fraction * _alpha_max(X, y)
    coef, b, history = lasso_em(X, y, alpha, max_iter=5000, tol=1e-15)
    sk = SkLasso(alpha=alpha, tol=1e-12, max_iter=200_000).fit(X, y)
    assert np.all(np.diff(history) <= 1e-12 * history[0])
    f_star = _objective(X, y, sk.coef_, sk.intercept_, alpha)
    assert history[-1] - f_star < 1e-8 * f_star
    np.testing.assert_allclose(coef, sk.coef_, atol=1e-4)
    # EM's zeros are only approached: the coefficients that are zero at the optimum are small, not exactly 0
    assert np.all(np.abs(coef[sk.coef_ == 0]) < 1e-4)


def test_em_on_an_orthonormal_design_gives_the_soft_threshold():
    """MLAPP (13.63): with X^T X = I the lasso is soft(w_ols, lambda/2), here soft(w_ols, n alpha)."""
    Q, _ = np.linalg.qr(np.random.default_rng(8).normal(size=(30, 4)))
    y = Q @ np.array([3.0, -2.0, 0.2, 1.0])
    alpha = 0.5 / 30
    coef, _, _ = lasso_em(Q, y, alpha, fit_intercept=False, max_iter=5000, tol=1e-15)
    w_ols = Q.T @ y
    expected = np.sign(w_ols) * np.maximum(np.abs(w_ols) - 0.5, 0.0)
    np.testing.assert_allclose(coef, expected, atol=1e-6)


@pytest.mark.parametrize("solver", ["ista", "fista"])
def test_proximal_solvers_reproduce_listing_13_1(solver):
    """Every row of MLAPP's Listing 13.1 (prostate data) at the LARS breakpoints, to the printed 4 decimals."""
    d = load_example("mlapp", "listing-13.1")
    y = d.y_train - d.y_train.mean()
    alphas, _ = lasso_path(d.X_train, y, method="lars")
    for alpha, row in zip(alphas[1:-1], d.printed[1:-1]):
        model = Lasso(alpha=alpha, solver=solver, **TIGHT).fit(d.X_train, d.y_train)
        np.testing.assert_array_equal(np.round(model.coef_, 4) + 0.0, row)


def test_em_reproduces_listing_13_1_row_8():
    d = load_example("mlapp", "listing-13.1")
    alphas, _ = lasso_path(d.X_train, d.y_train - d.y_train.mean(), method="lars")
    coef, _, _ = lasso_em(d.X_train, d.y_train, (alphas[-2] + alphas[-3]) / 2, max_iter=20000, tol=1e-15)
    lars = Lasso(alpha=(alphas[-2] + alphas[-3]) / 2, **TIGHT).fit(d.X_train, d.y_train)
    np.testing.assert_allclose(coef, lars.coef_, atol=1e-5)


def test_table_13_1_least_squares_column_and_its_test_error():
    """Table 13.1's LS coefficients are reproduced; its LS test error 0.586 is not: the MSE is 0.521."""
    d = load_example("mlapp", "table-13.1")
    X1 = np.c_[np.ones(len(d.X_train)), d.X_train]
    w = np.linalg.lstsq(X1, d.y_train, rcond=None)[0]
    np.testing.assert_array_equal(np.round(w, 3), np.r_[d.intercept[0], d.printed[:, 0]])
    mse = np.mean((d.y_test - w[0] - d.X_test @ w[1:]) ** 2)
    assert round(mse, 3) == 0.521 and d.test_error[0] == 0.586


def test_warm_start_and_convergence_warning():
    X, y = _data(9)
    alpha = 0.1 * _alpha_max(X, y)
    with pytest.warns(ConvergenceWarning, match="FISTA"):
        Lasso(alpha=alpha, solver="fista", max_iter=3, tol=1e-14).fit(X, y)
    model = Lasso(alpha=alpha, solver="ista", warm_start=True, **TIGHT).fit(X, y)
    again = model.fit(X, y)
    assert again.n_iter_ == 0  # started at the optimum: the gap is already below tol
    with pytest.warns(ConvergenceWarning, match="EM"):
        lasso_em(X, y, alpha, max_iter=2, tol=0.0)


def test_constant_columns_give_zero_coefficients():
    X = np.ones((5, 3))
    y = np.arange(5.0)
    for solver in ("ista", "fista"):
        model = Lasso(alpha=0.1, solver=solver).fit(X, y)
        np.testing.assert_array_equal(model.coef_, 0.0)
        assert model.intercept_ == 2.0


@pytest.mark.parametrize(
    "call, name",
    [
        (lambda X, y: Lasso(solver="newton").fit(X, y), "solver"),
        (lambda X, y: Lasso(solver=None).fit(X, y), "solver"),
        (lambda X, y: lasso_proximal(X, y, 0.1, method="pgd"), "method"),
        (lambda X, y: lasso_proximal(X, y, 0.0), "alpha"),
        (lambda X, y: lasso_proximal(X, y, 0.1, max_iter=0), "max_iter"),
        (lambda X, y: lasso_proximal(X, y, 0.1, tol=-1.0), "tol"),
        (lambda X, y: lasso_proximal(X[:, 0], y, 0.1), "X"),
        (lambda X, y: lasso_proximal(X, y[:-1], 0.1), "X and y"),
        (lambda X, y: lasso_em(X, y, -1.0), "alpha"),
        (lambda X, y: lasso_em(X, y, 0.1, fit_intercept="no"), "fit_intercept"),
        (lambda X, y: lasso_em(X, np.full(len(y), np.nan), 0.1), "y"),
    ],
)
def test_bad_input_is_named(call, name):
    X, y = _data(10, n=10, p=3)
    with pytest.raises((ValueError, TypeError), match=name):
        call(X, y)


@parametrize_with_checks([Lasso(solver="ista"), Lasso(solver="fista")])
def test_scikit_learn_contract(estimator, check):
    check(estimator)


def test_proximal_lasso_refuses_data_whose_squares_overflow():
    rng = np.random.default_rng(0)
    X = rng.normal(size=(20, 3))
    y = X @ [1.0, -2.0, 0.5] + 0.1 * rng.normal(size=20)
    with pytest.raises(ValueError, match="X is too large"):  # was OverflowError from ||X||_2 ** 2
        lasso_proximal(X * 1e300, y, 0.1)
    with pytest.raises(ValueError, match="X is too small"):
        lasso_em(X * 1e-300, y, 0.1)
