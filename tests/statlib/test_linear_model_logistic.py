"""statlib.linear_model.LogisticRegression (Li Hang section 6.1) against scikit-learn."""

import warnings

import numpy as np
import pytest
from scipy.special import expit
from sklearn._loss.loss import HalfBinomialLoss
from sklearn.datasets import load_breast_cancer, load_iris
from sklearn.exceptions import ConvergenceWarning
from sklearn.linear_model import LogisticRegression as SkLogisticRegression
from sklearn.linear_model._linear_loss import LinearModelLoss
from sklearn.preprocessing import StandardScaler
from sklearn.utils.estimator_checks import parametrize_with_checks

from statlib.exercises import check
from statlib.exercises.lihang_ch06 import EXERCISE_6_2_ANSWER
from statlib.linear_model import LogisticRegression
from statlib.linear_model._logistic import (
    _binary_hessian,
    _binary_newton_terms,
    _binary_objective,
    _softmax_hessian,
    _softmax_objective,
    _weighted_gram,
)
from statlib.optim import approx_grad, minimize


def _sk(C, **kw):
    # scikit-learn's objective is C * sum(log-loss) + ||w||^2 / 2: the same minimiser as ours.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", FutureWarning)
        return SkLogisticRegression(C=C, tol=1e-12, max_iter=10_000, **kw)


@parametrize_with_checks(
    [LogisticRegression(), LogisticRegression(solver="bfgs", C=0.5), LogisticRegression(penalty=None, max_iter=200)]
)
def test_sklearn_compatible(estimator, check):
    with warnings.catch_warnings():
        # Unpenalised fits on the separable toy data of some checks diverge by design: the MLE does not exist.
        warnings.simplefilter("ignore", ConvergenceWarning)
        check(estimator)


@pytest.fixture(scope="module")
def cancer():
    data = load_breast_cancer()
    return StandardScaler().fit_transform(data.data), data.target


@pytest.fixture(scope="module")
def iris():
    data = load_iris()
    return StandardScaler().fit_transform(data.data), data.target


@pytest.mark.parametrize("solver", ["newton", "bfgs"])
@pytest.mark.parametrize("C", [0.1, 1.0])
def test_binary_matches_sklearn_on_breast_cancer(cancer, solver, C):
    X, y = cancer
    ours = LogisticRegression(C=C, solver=solver, tol=1e-10, max_iter=1000).fit(X, y)
    ref = _sk(C, solver="newton-cholesky").fit(X, y)
    np.testing.assert_allclose(ours.coef_, ref.coef_, atol=1e-6)
    np.testing.assert_allclose(ours.intercept_, ref.intercept_, atol=1e-6)
    np.testing.assert_allclose(ours.predict_proba(X), ref.predict_proba(X), atol=1e-7)
    assert ours.converged_


@pytest.mark.parametrize("solver", ["newton", "bfgs"])
def test_multinomial_matches_sklearn_on_iris(iris, solver):
    X, y = iris
    ours = LogisticRegression(C=1.0, solver=solver, tol=1e-10, max_iter=1000).fit(X, y)
    ref = _sk(1.0, solver="lbfgs").fit(X, y)
    np.testing.assert_allclose(ours.coef_, ref.coef_, atol=1e-5)
    np.testing.assert_allclose(ours.intercept_, ref.intercept_, atol=1e-5)
    # With an L2 penalty on all K vectors, the optimum has sum_k w_k = 0.
    np.testing.assert_allclose(ours.coef_.sum(axis=0), 0.0, atol=1e-8)


def test_unpenalised_binary_matches_sklearn_on_overlapping_classes():
    data = load_iris()
    mask = data.target > 0
    X, y = data.data[mask][:, 2:], data.target[mask]
    ours = LogisticRegression(penalty=None, tol=1e-12).fit(X, y)
    ref = _sk(np.inf, solver="newton-cholesky").fit(X, y)
    np.testing.assert_allclose(ours.coef_, ref.coef_, rtol=1e-6)
    # C = inf is the same as penalty=None.
    np.testing.assert_allclose(LogisticRegression(C=np.inf, tol=1e-12).fit(X, y).coef_, ours.coef_, rtol=1e-10)


def test_unpenalised_multinomial_uses_the_reference_class():
    rng = np.random.default_rng(0)
    X = rng.normal(size=(60, 2))
    y = rng.integers(0, 3, size=60)
    model = LogisticRegression(penalty=None, tol=1e-12).fit(X, y)
    np.testing.assert_array_equal(model.coef_[-1], 0.0)
    assert model.intercept_[-1] == 0.0
    # At the MLE the gradient of the log-likelihood vanishes: sum_i (P_ik - [y_i = k]) x_i = 0.
    P = model.predict_proba(X)
    Y = np.eye(3)[y]
    np.testing.assert_allclose((P - Y).T @ np.hstack([X, np.ones((60, 1))]), 0.0, atol=1e-9)


def test_exercise_6_2_answer_is_the_penalised_mle():
    data = load_iris()
    mask = data.target > 0
    X, y = StandardScaler().fit_transform(data.data[mask][:, 2:]), (data.target[mask] == 2).astype(int)
    ref = _sk(1.0, solver="newton-cholesky").fit(X, y)
    expected = np.concatenate([ref.coef_.ravel(), ref.intercept_])
    np.testing.assert_allclose(EXERCISE_6_2_ANSWER, expected, atol=1e-6)
    ours = LogisticRegression(C=1.0, solver="gd", max_iter=10_000, tol=1e-8).fit(X, y)
    assert check("lihang-6.2", np.concatenate([ours.coef_.ravel(), ours.intercept_])).correct


@pytest.mark.parametrize("seed", range(3))
def test_kernels_gradients_and_hessians_by_finite_differences(seed):
    rng = np.random.default_rng(seed)
    X = np.hstack([rng.normal(size=(30, 3)), np.ones((30, 1))])
    pen = np.array([1.0, 1.0, 1.0, 0.0])
    yb = rng.integers(0, 2, size=30).astype(float)
    theta = rng.normal(size=4)
    f = lambda t: _binary_objective(X, yb, t, pen, 0.1)[0]  # noqa: E731
    np.testing.assert_allclose(_binary_objective(X, yb, theta, pen, 0.1)[1], approx_grad(f, theta), atol=1e-8)
    H_fd = np.array([approx_grad(lambda t, i=i: _binary_objective(X, yb, t, pen, 0.1)[1][i], theta) for i in range(4)])
    np.testing.assert_allclose(_binary_hessian(X, theta, pen, 0.1), H_fd, atol=1e-7)

    yk = rng.integers(0, 3, size=30)
    W = rng.normal(size=(3, 4))
    g = lambda t: _softmax_objective(X, yk, t.reshape(3, 4), pen, 0.1)  # noqa: E731
    np.testing.assert_allclose(g(W.ravel())[1].ravel(), approx_grad(lambda t: g(t)[0], W.ravel()), atol=1e-8)
    H_fd = np.array([approx_grad(lambda t, i=i: g(t)[1].ravel()[i], W.ravel()) for i in range(12)])
    np.testing.assert_allclose(_softmax_hessian(X, W, pen, 0.1, 3), H_fd, atol=1e-7)


@pytest.mark.parametrize("seed", range(3))
def test_fused_newton_terms_are_the_objective_and_hessian(seed):
    # The fused kernel returns exactly _binary_objective's value and gradient, and its weights give exactly
    # _binary_hessian's matrix: the same operations in the same order, so equality is bitwise.
    rng = np.random.default_rng(seed)
    X = np.hstack([rng.normal(size=(200, 4)), np.ones((200, 1))])
    pen = np.array([1.0, 1.0, 1.0, 1.0, 0.0])
    yb = rng.integers(0, 2, size=200).astype(float)
    for theta in (np.zeros(5), rng.normal(size=5), 40.0 * rng.normal(size=5)):  # large |z|: both branches
        weights, work = np.empty(200), np.empty((200, 5))
        value, grad = _binary_newton_terms(X, yb, theta, pen, 0.05, weights)
        ref_value, ref_grad = _binary_objective(X, yb, theta, pen, 0.05)
        assert value == ref_value
        np.testing.assert_array_equal(grad, ref_grad)
        np.testing.assert_array_equal(_weighted_gram(X, weights, pen, 0.05, work), _binary_hessian(X, theta, pen, 0.05))


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("scale", [0.3, 40.0])  # 40: large |z|, many weights pi (1 - pi) / N round to 0
def test_hessian_is_the_weighted_gram_matrix_and_exactly_symmetric(seed, scale):
    # Newton's matrix X^T diag(pi_i (1 - pi_i)) X / N + lam diag(penalised) (section 6.1.3), formed from
    # G = sqrt(w) X as G^T G by one symmetric rank-k update: NumPy's X^T (w X) to rounding, scikit-learn's
    # Hessian of the same objective (the mean log-loss plus lam / 2 ||w||^2, intercept unpenalised: its
    # newton-cholesky solver's matrix) to rounding, and symmetric exactly, entry for entry.
    rng = np.random.default_rng(seed)
    n, d, lam = 2000, 30, 0.1
    X = rng.normal(size=(n, d))
    X1 = np.hstack([X, np.ones((n, 1))])
    pen = np.r_[np.ones(d), 0.0]
    theta = scale * rng.normal(size=d + 1) / np.sqrt(d)
    H = _binary_hessian(X1, theta, pen, lam)
    pi = expit(X1 @ theta)
    w = pi * (1.0 - pi) / n
    np.testing.assert_allclose(H, X1.T @ (w[:, None] * X1) + lam * np.diag(pen), rtol=1e-12, atol=1e-15)
    sk_loss = LinearModelLoss(base_loss=HalfBinomialLoss(), fit_intercept=True)
    y = rng.integers(0, 2, size=n).astype(float)  # the Hessian does not depend on y
    np.testing.assert_allclose(H, sk_loss.gradient_hessian(theta, X, y, l2_reg_strength=lam)[1], rtol=1e-12, atol=1e-15)
    np.testing.assert_array_equal(H, H.T)


def _generic_newton(X, y, C, penalised, max_iter, tol=1e-8):
    """The binomial fit through statlib.optim.minimize, as LogisticRegression did before its own Newton loop."""
    n, d = X.shape
    X1 = np.hstack([X, np.ones((n, 1))])
    pen = np.r_[np.ones(d), 0.0]
    lam = 1.0 / (C * n) if penalised else 0.0
    yb = np.unique(y, return_inverse=True)[1].astype(float)
    return minimize(
        lambda t: _binary_objective(X1, yb, t, pen, lam),
        np.zeros(d + 1),
        jac=True,
        hess=lambda t: _binary_hessian(X1, t, pen, lam),
        method="newton",
        tol=tol,
        max_iter=max_iter,
    )


@pytest.mark.parametrize(
    "C, penalty, max_iter", [(1.0, "l2", 1000), (0.01, "l2", 1000), (1.0, "l2", 2), (1.0, None, 1000), (1.0, None, 7)]
)
def test_binary_newton_is_minimize_newton(cancer, C, penalty, max_iter):
    # The fused objective kernels (loss, gradient and Hessian weights in one pass) take exactly the steps of the
    # generic objective under statlib.optim.minimize(method="newton") (algorithm B.1
    # with Armijo backtracking): same iterates, step lengths, evaluation counts, stopping status. The
    # unpenalised fit on the separable breast-cancer subset backtracks and may stop without converging.
    X, y = cancer
    if penalty is None:
        X, y = X[:, :3], y  # overlapping classes: the MLE exists
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        res = LogisticRegression(C=C, penalty=penalty, max_iter=max_iter).fit(X, y).optimize_result_
    ref = _generic_newton(X, y, C, penalty is not None, max_iter)
    assert set(res) == set(ref)
    for key in ref:
        np.testing.assert_array_equal(np.asarray(res[key]), np.asarray(ref[key]), err_msg=key)


def test_binary_newton_separable_data_like_minimize():
    # Separable data without a penalty: no minimiser, w grows while the gradient vanishes; the iterates, the
    # stopping status and the warning are minimize's (chapter 6 shows this on iris petal lengths).
    iris = load_iris()
    sep = iris.target < 2
    X, y = iris.data[sep][:, [2]], iris.target[sep]
    statuses = set()
    for max_iter in (5, 10, 40):
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            model = LogisticRegression(penalty=None, max_iter=max_iter).fit(X, y)
        ref = _generic_newton(X, y, 1.0, False, max_iter)
        np.testing.assert_array_equal(model.optimize_result_.path, ref.path)
        assert model.n_iter_ == ref.nit and model.optimize_result_.status == ref.status
        assert any(issubclass(w.category, ConvergenceWarning) for w in caught) == (ref.status != 0)
        statuses.add(ref.status)
    assert 1 in statuses  # at least one fit stops at max_iter and warns


def test_binary_probabilities_follow_6_3_and_6_4(cancer):
    X, y = cancer
    model = LogisticRegression().fit(X, y)
    z = X @ model.coef_[0] + model.intercept_[0]
    np.testing.assert_allclose(model.predict_proba(X)[:, 1], np.exp(z) / (1 + np.exp(z)), rtol=1e-12)
    np.testing.assert_allclose(
        model.decision_function(X), np.log(model.predict_proba(X)[:, 1] / model.predict_proba(X)[:, 0]), atol=1e-9
    )


def test_convergence_warning_sets_n_iter(cancer):
    X, y = cancer
    with pytest.warns(ConvergenceWarning, match="max_iter"):
        model = LogisticRegression(solver="bfgs", max_iter=2).fit(X, y)
    assert model.n_iter_ == 2 and not model.converged_


@pytest.mark.parametrize(
    "params, error, match",
    [
        ({"C": 0.0}, ValueError, "C"),
        ({"C": -1.0}, ValueError, "C"),
        ({"C": "big"}, TypeError, "C"),
        ({"penalty": "l1"}, ValueError, "penalty"),
        ({"solver": "lbfgs"}, ValueError, "solver"),
        ({"tol": 0.0}, ValueError, "tol"),
        ({"max_iter": 0}, ValueError, "max_iter"),
        ({"fit_intercept": "yes"}, TypeError, "fit_intercept"),
    ],
)
def test_bad_hyperparameters(params, error, match):
    with pytest.raises(error, match=match):
        LogisticRegression(**params).fit(np.array([[0.0], [1.0], [2.0], [3.0]]), [0, 1, 0, 1])


def test_bad_data():
    X = np.array([[0.0], [1.0], [2.0], [3.0]])
    with pytest.raises(ValueError, match="class"):
        LogisticRegression().fit(X, [1, 1, 1, 1])
    with pytest.raises(ValueError, match="NaN"):
        LogisticRegression().fit(np.array([[np.nan], [1.0]]), [0, 1])
    with pytest.raises(ValueError):
        LogisticRegression().fit(np.array([["a"], ["b"]]), [0, 1])
    with pytest.raises(ValueError, match="inconsistent"):
        LogisticRegression().fit(X, [0, 1])
    with pytest.raises(ValueError):
        LogisticRegression().fit(np.empty((0, 1)), [])
    model = LogisticRegression().fit(X, [0, 1, 0, 1])
    with pytest.raises(ValueError, match="features"):
        model.predict(np.ones((2, 3)))


def test_exercise_6_1_checker():
    assert check("lihang-6.1", lambda eta: np.log1p(np.exp(eta))).correct
    assert not check("lihang-6.1", lambda eta: np.exp(eta)).correct
    assert not check("lihang-6.1", 3.0).correct
