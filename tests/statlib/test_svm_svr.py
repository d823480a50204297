"""Tests for statlib.svm.SVR (PRML section 7.1.4): agreement with libsvm, the dual's constraints and KKT conditions."""

import warnings

import numpy as np
import pytest
from scipy.optimize import minimize
from sklearn import svm as sk_svm
from sklearn.datasets import load_diabetes
from sklearn.exceptions import ConvergenceWarning
from sklearn.metrics.pairwise import linear_kernel, polynomial_kernel, rbf_kernel
from sklearn.utils.estimator_checks import parametrize_with_checks

from statlib.svm import SVR


@pytest.fixture(scope="module")
def diabetes():
    X, y = load_diabetes(return_X_y=True)
    return X, (y - y.mean()) / y.std()


def _gram(X, model):
    if model.kernel == "linear":
        return linear_kernel(X)
    if model.kernel == "poly":
        return polynomial_kernel(X, degree=model.degree, gamma=model.gamma_, coef0=model.coef0)
    return rbf_kernel(X, gamma=model.gamma_)


PARAMS = [
    {"kernel": "rbf", "C": 1.0, "epsilon": 0.1},
    {"kernel": "rbf", "C": 10.0, "epsilon": 0.5, "gamma": 0.5},
    {"kernel": "poly", "C": 1.0, "epsilon": 0.3, "degree": 2, "coef0": 1.0, "gamma": 1.0},
    {"kernel": "linear", "C": 10.0, "epsilon": 0.2},
]


@pytest.mark.parametrize("params", PARAMS)
def test_matches_libsvm_on_diabetes(diabetes, params):
    X, t = diabetes
    ours = SVR(tol=1e-3, **params).fit(X, t)
    ref = sk_svm.SVR(tol=1e-3, **params).fit(X, t)
    np.testing.assert_array_equal(ours.support_, ref.support_)
    np.testing.assert_array_equal(ours.n_support_, ref.n_support_)
    # Both stop within tol of the optimum; the predictions agree to the stopping tolerance.
    np.testing.assert_allclose(ours.predict(X), ref.predict(X), atol=5e-3)
    np.testing.assert_allclose(ours.intercept_, ref.intercept_, atol=5e-3)
    if params["kernel"] != "linear":  # with a linear kernel on 10 features the dual is not unique
        np.testing.assert_allclose(ours.dual_coef_, ref.dual_coef_, atol=2e-2)


def test_tight_tolerance_gives_libsvm_dual(diabetes):
    X, t = diabetes
    X, t = X[:150], t[:150]
    ours = SVR(C=2.0, epsilon=0.2, tol=1e-8).fit(X, t)
    ref = sk_svm.SVR(C=2.0, epsilon=0.2, tol=1e-8).fit(X, t)
    np.testing.assert_array_equal(ours.support_, ref.support_)
    np.testing.assert_allclose(ours.dual_coef_, ref.dual_coef_, atol=1e-4)  # ill-conditioned Gram matrix
    np.testing.assert_allclose(ours.intercept_, ref.intercept_, atol=1e-6)


def test_dual_feasibility_and_kkt_conditions(diabetes):
    X, t = diabetes
    C, eps, tol = 3.0, 0.25, 1e-6
    m = SVR(C=C, epsilon=eps, tol=tol).fit(X, t)
    a, a_hat = m.a_, m.a_hat_
    # the box 0 <= a_n, a_hat_n <= C and sum_n (a_n - a_hat_n) = 0
    assert np.all((a >= 0) & (a <= C)) and np.all((a_hat >= 0) & (a_hat <= C))
    assert abs(np.sum(a - a_hat)) < 1e-10
    assert np.all(a * a_hat == 0)  # a point cannot lie above and below the tube at once
    # KKT complementarity, residual r_n = t_n - y_n: a_n > 0 needs eps + xi_n + y_n - t_n = 0, i.e. r_n = eps + xi_n
    # >= eps (free a_n: xi_n = 0, r_n = eps); a_hat_n > 0 needs r_n = -eps - xi_hat_n; a_n = a_hat_n = 0 inside or on.
    r = t - m.predict(X)
    slack = 10 * tol
    assert np.all(r[(a > 0) & (a < C)] == pytest.approx(eps, abs=slack))
    assert np.all(r[(a_hat > 0) & (a_hat < C)] == pytest.approx(-eps, abs=slack))
    assert np.all(r[a == C] >= eps - slack) and np.all(r[a_hat == C] <= -eps + slack)
    inside = (a == 0) & (a_hat == 0)
    assert np.all(np.abs(r[inside]) <= eps + slack)
    # the support vectors are exactly the points with a_n - a_hat_n != 0
    np.testing.assert_array_equal(m.support_, np.flatnonzero(a - a_hat))


def test_dual_optimum_against_a_general_solver():
    """The SVR dual maximised by SciPy's SLSQP over (a, a_hat) gives the same value and predictions."""
    rng = np.random.default_rng(0)
    x = np.sort(rng.uniform(0, 1, 20))
    t = np.sin(2 * np.pi * x) + 0.2 * rng.normal(size=20)
    X = x[:, None]
    C, eps = 5.0, 0.15
    m = SVR(C=C, epsilon=eps, gamma=10.0, tol=1e-9).fit(X, t)
    K = rbf_kernel(X, gamma=10.0)

    def neg_dual(v):  # minus the SVR dual
        d = v[:20] - v[20:]
        return 0.5 * d @ K @ d + eps * v.sum() - d @ t

    res = minimize(
        neg_dual,
        np.zeros(40),
        method="SLSQP",
        bounds=[(0, C)] * 40,
        constraints=[{"type": "eq", "fun": lambda v: np.sum(v[:20] - v[20:])}],
        options={"ftol": 1e-14, "maxiter": 1000},
    )
    ours = neg_dual(np.concatenate([m.a_, m.a_hat_]))
    assert ours <= res.fun + 1e-7
    assert ours == pytest.approx(res.fun, abs=1e-6)
    d_ref = res.x[:20] - res.x[20:]
    np.testing.assert_allclose(m.a_ - m.a_hat_, d_ref, atol=1e-4)


def test_linear_exact_fit_inside_the_tube():
    """Noise-free line with a tube wider than zero: the flattest line through the tube, found by hand.

    Targets t = 2x + 1 on [0, 1] with epsilon = 0.5: the flattest w with |w x + b - t| <= 0.5 for all
    points is w = 1 (the tube's ends pin |(2 - w) / 2| <= 0.5), b = 1.5; C large enough to enforce it.
    """
    x = np.linspace(0.0, 1.0, 11)[:, None]
    t = 2.0 * x.ravel() + 1.0
    m = SVR(kernel="linear", C=100.0, epsilon=0.5, tol=1e-9).fit(x, t)
    np.testing.assert_allclose(m.coef_, [[1.0]], atol=1e-7)
    np.testing.assert_allclose(m.intercept_, [1.5], atol=1e-7)
    np.testing.assert_array_equal(m.support_, [0, 10])


def test_epsilon_larger_than_the_spread_gives_a_constant():
    """If every target fits in a tube around one constant, w = 0 and no point is a support vector."""
    X = np.arange(5.0)[:, None]
    t = np.array([0.1, -0.1, 0.05, 0.0, -0.05])
    m = SVR(epsilon=1.0).fit(X, t)
    assert m.support_.size == 0
    assert np.all(np.abs(m.predict(X) - t) <= 1.0)


def test_first_and_second_order_reach_the_same_solution(diabetes):
    X, t = diabetes
    a = SVR(C=1.0, epsilon=0.2, tol=1e-7, working_set="second-order").fit(X, t)
    b = SVR(C=1.0, epsilon=0.2, tol=1e-7, working_set="first-order").fit(X, t)
    np.testing.assert_array_equal(a.support_, b.support_)
    np.testing.assert_allclose(a.predict(X), b.predict(X), atol=1e-5)


def test_small_cache_gives_the_same_solution(diabetes):
    X, t = diabetes
    a = SVR(tol=1e-3).fit(X, t)
    b = SVR(tol=1e-3, cache_size=1e-4).fit(X, t)
    np.testing.assert_array_equal(a.a_, b.a_)
    np.testing.assert_array_equal(a.a_hat_, b.a_hat_)


def test_max_iter_warns(diabetes):
    X, t = diabetes
    with pytest.warns(ConvergenceWarning):
        m = SVR(max_iter=3).fit(X, t)
    assert m.n_iter_ == 3 and not m.converged_


def test_coef_only_for_linear(diabetes):
    X, t = diabetes
    with pytest.raises(AttributeError):
        _ = SVR().fit(X[:50], t[:50]).coef_
    m = SVR(kernel="linear", tol=1e-6).fit(X[:50], t[:50])
    ref = sk_svm.SVR(kernel="linear", tol=1e-6).fit(X[:50], t[:50])
    np.testing.assert_allclose(m.predict(X), ref.predict(X), atol=1e-4)
    np.testing.assert_allclose(m.predict(X), X @ m.coef_[0] + m.intercept_[0], atol=1e-12)


@pytest.mark.parametrize(
    ("params", "word"),
    [
        ({"C": 0.0}, "C"),
        ({"C": -1.0}, "C"),
        ({"C": np.inf}, "C"),
        ({"epsilon": -0.1}, "epsilon"),
        ({"epsilon": np.nan}, "epsilon"),
        ({"kernel": "sigmoid"}, "kernel"),
        ({"gamma": 0.0}, "gamma"),
        ({"gamma": "big"}, "gamma"),
        ({"tol": 0.0}, "tol"),
        ({"max_iter": 0}, "max_iter"),
        ({"degree": -1}, "degree"),
        ({"cache_size": 0}, "cache_size"),
        ({"working_set": "platt"}, "working_set"),
    ],
)
def test_bad_hyperparameters(params, word):
    with pytest.raises((ValueError, TypeError), match=word):
        SVR(**params).fit(np.eye(3), [0.0, 1.0, 2.0])


def test_bad_data():
    with pytest.raises(ValueError, match="X"):
        SVR().fit([[np.nan, 1.0], [0.0, 1.0]], [0.0, 1.0])
    with pytest.raises(ValueError, match="X"):
        SVR().fit(np.eye(3), [0.0, 1.0])
    with pytest.raises(ValueError):
        SVR().fit(np.eye(2), ["a", "b"])
    m = SVR().fit(np.eye(3), [0.0, 1.0, 2.0])
    with pytest.raises(ValueError, match="X|feature"):
        m.predict(np.eye(2))


@parametrize_with_checks([SVR(), SVR(kernel="linear"), SVR(kernel="poly", degree=2, coef0=1.0)])
def test_sklearn_compatible(estimator, check):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        check(estimator)


def test_sinusoidal_data_kkt_b_and_strong_duality():
    """The chapter's PRML Fig. 7.7 fit: b = t_n -+ eps - w^T phi(x_n) at every free multiplier, primal = dual."""
    from statlib.datasets import load_example

    data = load_example("prml", "figure-7.8")
    assert data.X.shape == (40, 1) and data.y.shape == (40,)
    C, eps, gamma = 3.0, 0.25, 10.0
    m = SVR(C=C, epsilon=eps, gamma=gamma, tol=1e-9).fit(data.X, data.y)
    K = rbf_kernel(data.X, gamma=gamma)
    d = m.a_ - m.a_hat_
    r = data.y - m.predict(data.X)
    free, free_hat = (m.a_ > 0) & (m.a_ < C), (m.a_hat_ > 0) & (m.a_hat_ < C)
    assert free.any() and free_hat.any()
    np.testing.assert_allclose(data.y[free] - eps - K[free] @ d, m.intercept_[0], atol=1e-6)
    np.testing.assert_allclose(data.y[free_hat] + eps - K[free_hat] @ d, m.intercept_[0], atol=1e-6)
    primal = C * np.sum(np.maximum(0.0, np.abs(r) - eps)) + 0.5 * d @ K @ d
    dual = -0.5 * d @ K @ d - eps * np.sum(m.a_ + m.a_hat_) + d @ data.y
    assert primal == pytest.approx(dual, abs=1e-6)
    ref = sk_svm.SVR(C=C, epsilon=eps, gamma=gamma, tol=1e-9).fit(data.X, data.y)
    np.testing.assert_array_equal(m.support_, ref.support_)


@pytest.mark.parametrize("k", [-1000, -530, 530, 1000])
def test_svr_rbf_at_extreme_scales_is_the_unit_scale_svr(k):
    # near 1e-301 gamma='scale' was inf (refused) and near 1e160 the squared distances overflowed (refused): the kernel
    # is computed on X scaled by a power of two with gamma scaled by 4^e, the same kernel, so the predictions are the
    # unit-scale data's bit for bit, and libsvm's (scikit-learn) there
    rng = np.random.default_rng(0)
    X = rng.normal(size=(40, 2))
    Q = rng.normal(size=(15, 2))
    t = np.sin(2 * X[:, 0]) + 0.1 * X[:, 1]
    unit = SVR(tol=1e-8).fit(X, t)
    model = SVR(tol=1e-8).fit(np.ldexp(X, k), t)
    np.testing.assert_array_equal(model.support_, unit.support_)
    np.testing.assert_array_equal(model.predict(np.ldexp(Q, k)), unit.predict(Q))
    np.testing.assert_allclose(model.predict(np.ldexp(Q, k)), sk_svm.SVR(tol=1e-8).fit(X, t).predict(Q), atol=1e-6)
    SVR(gamma=1.0).fit(X, t)  # a given gamma is used as it is


def test_svr_refuses_data_whose_kernel_or_targets_overflow():
    rng = np.random.default_rng(0)
    X = rng.normal(size=(20, 2))
    y = np.sin(X[:, 0])
    with pytest.raises(ValueError, match="X is too large for squared norms"):
        SVR(kernel="linear").fit(X * 1e300, y)
    with pytest.raises(ValueError, match="y is too large"):  # score() was NaN
        SVR(kernel="linear").fit(X, y * 1e300)
