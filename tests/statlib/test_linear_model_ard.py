"""ARDRegression and the evidence re-estimation core (PRML 7.2.1, MLAPP 13.7).

References from outside the code under test: scikit-learn's ARDRegression (the same MacKay updates with its
Gamma hyperpriors switched off), direct N x N evaluations of the evidence (7.85)-(7.86), direct solves of
(7.81)-(7.83), finite differences of the evidence, and the monotonicity of EM.
"""

import warnings

import numpy as np
import pytest
from sklearn import linear_model as skl
from sklearn.datasets import load_diabetes
from sklearn.utils.estimator_checks import parametrize_with_checks

from statlib.linear_model import ARDClassifier, ARDRegression, ard_fit, ard_reweighted_l1, log_evidence


def _diabetes():
    X, y = load_diabetes(return_X_y=True)
    return X / X.std(axis=0), y


def _sparse(n=40, d=60, seed=0):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, d))
    w = np.zeros(d)
    w[[1, 5, 8]] = [2.0, -1.5, 1.0]
    return X, X @ w + 0.1 * rng.normal(size=n) + 0.7, w


def _direct_evidence(Phi, t, alpha, beta):
    keep = np.isfinite(alpha)
    C = np.eye(len(t)) / beta + (Phi[:, keep] / alpha[keep]) @ Phi[:, keep].T  # (7.86)
    sign, logdet = np.linalg.slogdet(C)
    assert sign > 0
    return -0.5 * (len(t) * np.log(2 * np.pi) + logdet + t @ np.linalg.solve(C, t))  # (7.85)


@pytest.mark.parametrize("data", ["diabetes", "sparse"])
def test_matches_scikit_learn_ard(data):
    X, y = _diabetes() if data == "diabetes" else _sparse()[:2]
    # With fewer samples than features scikit-learn inverts through the Woodbury identity and a
    # pseudo-inverse, we by a Cholesky factorisation of the M x M precision: the same numbers up to round-off
    # amplified by the conditioning of the early iterations.
    rtol = 1e-7 if data == "diabetes" else 1e-5
    ours = ARDRegression().fit(X, y)
    ref = skl.ARDRegression(alpha_1=0.0, alpha_2=0.0, lambda_1=0.0, lambda_2=0.0).fit(X, y)
    assert ours.n_iter_ == ref.n_iter_
    np.testing.assert_allclose(ours.coef_, ref.coef_, rtol=rtol, atol=1e-8)
    np.testing.assert_allclose(ours.intercept_, ref.intercept_, rtol=rtol, atol=1e-8)
    np.testing.assert_allclose(ours.beta_, ref.alpha_, rtol=rtol)  # noise precision: sklearn's alpha_
    kept = ref.lambda_ < ref.threshold_lambda
    np.testing.assert_array_equal(ours.active_, kept)
    np.testing.assert_allclose(ours.alpha_[kept], ref.lambda_[kept], rtol=100 * rtol)  # weight precisions: lambda_
    assert np.all(np.isinf(ours.alpha_[~kept]))
    np.testing.assert_allclose(ours.sigma_, ref.sigma_, rtol=100 * rtol, atol=1e-12)
    m1, s1 = ours.predict(X[:20], return_std=True)
    m2, s2 = ref.predict(X[:20], return_std=True)
    np.testing.assert_allclose(m1, m2, rtol=rtol)
    np.testing.assert_allclose(s1, s2, rtol=rtol)


def test_sparse_support_recovered():
    X, y, w = _sparse(n=100, d=30)
    model = ARDRegression().fit(X, y)
    kept = set(np.flatnonzero(model.active_).tolist())
    assert {1, 5, 8} <= kept and len(kept) <= 6  # the true support, and at most a few of the 27 others
    spurious = sorted(kept - {1, 5, 8})
    assert np.all(np.abs(model.coef_[spurious]) < 0.05)
    np.testing.assert_allclose(model.coef_[[1, 5, 8]], w[[1, 5, 8]], atol=0.1)
    assert abs(model.intercept_ - 0.7) < 0.1
    assert 0.05 < model.beta_**-0.5 < 0.2  # the noise std is 0.1


def test_posterior_against_direct_solve():
    """(7.81)-(7.83): Sigma = (A + beta Phi^T Phi)^{-1}, m = beta Sigma Phi^T t, by a linear solve."""
    X, y = _diabetes()
    Xc, yc = X - X.mean(axis=0), y - y.mean()
    model = ARDRegression().fit(X, y)
    Phi = Xc[:, model.active_]
    A = np.diag(model.alpha_[model.active_])
    precision = A + model.beta_ * Phi.T @ Phi
    np.testing.assert_allclose(model.sigma_ @ precision, np.eye(len(A)), atol=1e-9)
    m = np.linalg.solve(precision, model.beta_ * Phi.T @ yc)
    np.testing.assert_allclose(model.coef_[model.active_], m, rtol=1e-9)
    np.testing.assert_allclose(model.well_determined_, 1 - np.diag(A) * np.diag(model.sigma_), rtol=1e-12)


def test_log_evidence_against_direct_formula():
    rng = np.random.default_rng(3)
    Phi = rng.normal(size=(12, 5))
    t = rng.normal(size=12)
    alpha = np.array([0.5, 2.0, np.inf, 10.0, 0.1])
    np.testing.assert_allclose(log_evidence(Phi, t, alpha, 3.0), _direct_evidence(Phi, t, alpha, 3.0), rtol=1e-12)
    alpha_all_pruned = np.full(5, np.inf)
    np.testing.assert_allclose(
        log_evidence(Phi, t, alpha_all_pruned, 3.0), _direct_evidence(Phi, t, alpha_all_pruned, 3.0), rtol=1e-12
    )


def test_scores_are_the_evidence_and_never_fall():
    X, y = _diabetes()
    Xc, yc = X - X.mean(axis=0), y - y.mean()
    for update in ("mackay", "em"):
        res = ard_fit(Xc, yc, max_iter=200, tol=1e-6, threshold_alpha=1e8, update=update)
        assert np.all(np.diff(res.scores) >= -1e-9 * np.abs(res.scores[1:])), update
    # EM is monotone by construction; check it on random designs too, where MacKay's fixed point has no such guarantee
    rng = np.random.default_rng(0)
    for _ in range(5):
        Phi, t = rng.normal(size=(15, 8)), rng.normal(size=15)
        res = ard_fit(Phi, t, max_iter=100, tol=0.0, threshold_alpha=1e8, update="em")
        assert np.all(np.diff(res.scores) >= -1e-9 * np.abs(res.scores[1:]))
    # the first score is the evidence at the initial hyperparameters (alpha_i = 1, beta = 1 / var(t))
    res = ard_fit(Phi, t, max_iter=1)
    np.testing.assert_allclose(res.scores[0], _direct_evidence(Phi, t, np.ones(8), 1 / np.var(t)), rtol=1e-12)


def test_converged_hyperparameters_are_a_stationary_point_of_the_evidence():
    """At MacKay's fixed point d ln p(t | alpha, beta) / d ln alpha_i = 0 = d / d ln beta (finite differences)."""
    X, y = _diabetes()
    Xc, yc = X - X.mean(axis=0), y - y.mean()
    res = ard_fit(Xc, yc, max_iter=2000, tol=1e-10, threshold_alpha=1e10)
    alpha, beta, h = res.alpha.copy(), res.beta, 1e-5
    keep = np.flatnonzero(np.isfinite(alpha))
    for i in keep:
        up, down = alpha.copy(), alpha.copy()
        up[i] *= np.exp(h)
        down[i] *= np.exp(-h)
        grad = (log_evidence(Xc, yc, up, beta) - log_evidence(Xc, yc, down, beta)) / (2 * h)
        assert abs(grad) < 1e-5, (i, grad)
    grad_beta = (log_evidence(Xc, yc, alpha, beta * np.exp(h)) - log_evidence(Xc, yc, alpha, beta * np.exp(-h))) / (
        2 * h
    )
    assert abs(grad_beta) < 1e-5


def test_em_and_mackay_reach_the_same_maximum():
    X, y, _ = _sparse(n=60, d=10, seed=2)
    Xc, yc = X - X.mean(axis=0), y - y.mean()
    a = ard_fit(Xc, yc, max_iter=5000, tol=1e-9, threshold_alpha=1e8, update="mackay")
    b = ard_fit(Xc, yc, max_iter=30000, tol=1e-9, threshold_alpha=1e8, update="em")
    # EM drives the irrelevant alpha_i up only slowly (it has not pruned them yet), but the weights and the
    # evidence agree with MacKay's fixed point, reached in far fewer iterations (PRML 7.2.1)
    np.testing.assert_allclose(a.mean, b.mean, atol=1e-4)
    np.testing.assert_allclose(a.scores[-1], b.scores[-1], rtol=1e-5)
    assert b.n_iter > 10 * a.n_iter


def test_predictive_variance_formula():
    """(7.91): sigma^2(x) = 1/beta + phi(x)^T Sigma phi(x), with phi(x) the centred kept features."""
    X, y = _diabetes()
    model = ARDRegression().fit(X, y)
    phi = (X[:7] - X.mean(axis=0))[:, model.active_]
    expected = 1 / model.beta_ + np.array([p @ model.sigma_ @ p for p in phi])
    np.testing.assert_allclose(model.predict(X[:7], return_std=True)[1] ** 2, expected, rtol=1e-12)


def test_bad_input_names_the_argument():
    X, y = _diabetes()
    with pytest.raises(ValueError, match="threshold_alpha"):
        ARDRegression(threshold_alpha=-1.0).fit(X, y)
    with pytest.raises(ValueError, match="update"):
        ARDRegression(update="newton").fit(X, y)
    with pytest.raises(TypeError, match="max_iter"):
        ARDRegression(max_iter=2.5).fit(X, y)
    with pytest.raises(TypeError, match="fit_intercept"):
        ARDRegression(fit_intercept="yes").fit(X, y)
    with pytest.raises(ValueError, match="X"):
        ARDRegression().fit(X[:, 0], y)
    with pytest.raises(ValueError, match="alpha"):
        log_evidence(X[:5, :2], y[:5], [1.0, -1.0], 1.0)
    with pytest.raises(ValueError, match="beta"):
        log_evidence(X[:5, :2], y[:5], [1.0, 1.0], 0.0)
    with pytest.raises(ValueError, match="t must have"):
        ard_fit(X[:5], y[:4])
    with pytest.raises(ValueError, match="Phi"):
        ard_fit(np.full((3, 2), np.nan), y[:3])


def test_convergence_warning_and_n_iter():
    X, y = _diabetes()
    with pytest.warns(Warning, match="did not converge"):
        model = ARDRegression(max_iter=2).fit(X, y)
    assert model.n_iter_ == 2 and not model.converged_


@parametrize_with_checks([ARDRegression(), ARDClassifier()])
def test_scikit_learn_contract(estimator, check):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check(estimator)


# --- Tipping and Faul's sequential algorithm (update="sequential") -----------------------------------------------
def _sine_design():
    rng = np.random.default_rng(0)
    x = np.sort(rng.uniform(0, 1, 50))
    t = np.sin(2 * np.pi * x) + 0.2 * rng.normal(size=50)
    K = np.exp(-10.0 * (x[:, None] - x[None, :]) ** 2)
    return np.hstack([K, np.ones((50, 1))]), t


def test_sequential_result_is_a_coordinatewise_maximum_of_the_evidence():
    """At convergence every alpha_i is the maximiser of the evidence over alpha_i alone (PRML 7.2.2), computed
    here from the N x N matrices: C_{-i} directly, s_i = phi_i^T C_{-i}^{-1} phi_i, q_i = phi_i^T C_{-i}^{-1} t."""
    Phi, t = _sine_design()
    res = ard_fit(Phi, t, max_iter=2000, tol=1e-8, update="sequential")
    assert res.converged
    inv_alpha = np.where(res.active, 1 / res.alpha, 0.0)
    C = np.eye(len(t)) / res.beta + (Phi * inv_alpha) @ Phi.T
    for i in range(Phi.shape[1]):
        C_minus = C - inv_alpha[i] * np.outer(Phi[:, i], Phi[:, i])
        s = Phi[:, i] @ np.linalg.solve(C_minus, Phi[:, i])
        q = Phi[:, i] @ np.linalg.solve(C_minus, t)
        if q**2 > s:
            np.testing.assert_allclose(res.alpha[i], s**2 / (q**2 - s), rtol=1e-4)  # beta moved after the last step
        else:
            assert np.isinf(res.alpha[i])
    assert 2 <= res.active.sum() <= 10
    assert np.all(np.diff(res.scores) >= -1e-9 * np.abs(res.scores[1:]))


def test_sequential_agrees_with_mackay_on_diabetes():
    X, y = _diabetes()
    batch = ARDRegression().fit(X, y)
    seq = ARDRegression(update="sequential", tol=1e-6).fit(X, y)
    np.testing.assert_array_equal(seq.active_, batch.active_)
    np.testing.assert_allclose(seq.coef_, batch.coef_, atol=0.01 * np.abs(batch.coef_).max())


# --- MLAPP section 13.7: Gamma hyperpriors, EM identity, reweighted l1, logistic ARD --------------------------------

HYPER = dict(a=0.5, b=0.02, c=1.0, d=0.3)


def _objective(Phi, t, alpha, beta, a, b, c, d):
    """MLAPP (13.155) as a quantity to maximise:
    ln p(t | alpha, beta) + sum (a ln alpha - b alpha) + c ln beta - d beta."""
    keep = np.isfinite(alpha)
    prior = np.sum(a * np.log(alpha[keep]) - b * alpha[keep]) + c * np.log(beta) - d * beta
    return _direct_evidence(Phi, t, alpha, beta) + prior


def test_em_step_is_mlapp_13_166_and_13_168_by_hand():
    """One EM step from alpha_i = 1, beta = 2, against (13.166) and (13.168) evaluated here with NumPy, and the
    identity Sigma X^T X beta = I - A Sigma of Exercise 13.2 (13.185)-(13.188)."""
    rng = np.random.default_rng(4)
    X, y = rng.normal(size=(12, 4)), rng.normal(size=12)
    alpha0, beta0 = np.ones(4), 2.0
    Sigma = np.linalg.inv(beta0 * X.T @ X + np.diag(alpha0))  # (13.157)
    mu = beta0 * Sigma @ X.T @ y  # (13.158)
    # Exercise 13.2's identity, with unequal alpha_i: Sigma X^T X beta = I - Sigma A (its transpose X^T X Sigma beta
    # is I - A Sigma, as (13.188) prints it); the traces agree, which is all (13.168) needs
    A = np.diag(rng.uniform(0.5, 3.0, size=4))
    S = np.linalg.inv(beta0 * X.T @ X + A)
    np.testing.assert_allclose(S @ X.T @ X * beta0, np.eye(4) - S @ A, atol=1e-12)
    np.testing.assert_allclose(X.T @ X @ S * beta0, np.eye(4) - A @ S, atol=1e-12)
    assert np.abs((np.eye(4) - A @ S) - (np.eye(4) - S @ A)).max() > 1e-3
    for hyper in (dict(a=0.0, b=0.0, c=0.0, d=0.0), HYPER):
        a, b, c, d = hyper["a"], hyper["b"], hyper["c"], hyper["d"]
        alpha_em = (1 + 2 * a) / (mu**2 + np.diag(Sigma) + 2 * b)  # (13.166)
        resid = y - X @ mu
        inv_beta = (resid @ resid + (1 / beta0) * np.sum(1 - alpha0 * np.diag(Sigma)) + 2 * d) / (len(y) + 2 * c)
        # the same as the textbook's E||y - Xw||^2 form with tr(X^T X Sigma)
        np.testing.assert_allclose(
            resid @ resid + np.trace(X.T @ X @ Sigma), resid @ resid + np.sum(1 - alpha0 * np.diag(Sigma)) / beta0
        )
        res = ard_fit(X, y, alpha_init=1.0, beta_init=beta0, max_iter=1, threshold_alpha=np.inf, update="em", **hyper)
        np.testing.assert_allclose(res.alpha, alpha_em, rtol=1e-12)
        np.testing.assert_allclose(1 / res.beta, inv_beta, rtol=1e-12)
        # and the fixed point (13.169)-(13.170)
        gamma = 1 - alpha0 * np.diag(Sigma)
        res = ard_fit(X, y, alpha_init=1.0, beta_init=beta0, max_iter=1, threshold_alpha=np.inf, **hyper)
        np.testing.assert_allclose(res.alpha, (gamma + 2 * a) / (mu**2 + 2 * b), rtol=1e-12)
        np.testing.assert_allclose(1 / res.beta, (resid @ resid + 2 * d) / (len(y) - gamma.sum() + 2 * c), rtol=1e-12)


def test_em_with_hyperpriors_never_decreases_the_penalised_evidence():
    rng = np.random.default_rng(1)
    for _ in range(3):
        Phi, t = rng.normal(size=(15, 6)), rng.normal(size=15)
        res = ard_fit(Phi, t, max_iter=60, tol=0.0, threshold_alpha=np.inf, update="em", **HYPER)
        assert np.all(np.diff(res.scores) >= -1e-9 * np.abs(res.scores[1:]))
    first = ard_fit(Phi, t, max_iter=1, update="em", **HYPER).scores[0]
    np.testing.assert_allclose(first, _objective(Phi, t, np.ones(6), 1 / np.var(t), **HYPER), rtol=1e-12)


def test_fixed_point_with_hyperpriors_zeroes_the_gradient_of_13_155():
    X, y = _diabetes()
    Xc, yc = X - X.mean(axis=0), y - y.mean()
    res = ard_fit(Xc, yc, max_iter=5000, tol=1e-11, threshold_alpha=np.inf, **HYPER)
    assert res.active.all()
    alpha, beta, h = res.alpha, res.beta, 1e-5
    for i in range(len(alpha)):
        up, down = alpha.copy(), alpha.copy()
        up[i] *= np.exp(h)
        down[i] *= np.exp(-h)
        grad = (_objective(Xc, yc, up, beta, **HYPER) - _objective(Xc, yc, down, beta, **HYPER)) / (2 * h)
        assert abs(grad) < 1e-4, (i, grad)
    grad = (
        _objective(Xc, yc, alpha, beta * np.exp(h), **HYPER) - _objective(Xc, yc, alpha, beta * np.exp(-h), **HYPER)
    ) / (2 * h)
    assert abs(grad) < 1e-4


def test_reweighted_l1_reaches_the_ard_fixed_point():
    X, y, w_true = _sparse(n=60, d=10, seed=0)
    Xc, yc = X - X.mean(axis=0), y - y.mean()
    mk = ard_fit(Xc, yc, max_iter=5000, tol=1e-10, threshold_alpha=1e8)
    em = ard_fit(Xc, yc, max_iter=5000, tol=1e-8, update="em")
    rl = ard_reweighted_l1(Xc, yc, beta=mk.beta, tol=1e-10)
    assert rl.converged
    # the planted features (1, 5, 8) and one spurious one, the same support as EM's and MacKay's
    np.testing.assert_array_equal(np.flatnonzero(rl.active), [0, 1, 5, 8])
    np.testing.assert_array_equal(rl.active, em.active)
    np.testing.assert_array_equal(rl.active, mk.active)
    np.testing.assert_allclose(rl.mean, mk.mean, atol=1e-6)
    # w is the posterior mean (13.158) at alpha_i = lambda_i / |w_i| (a direct solve)
    keep = rl.active
    Sigma = np.linalg.inv(rl.beta * Xc[:, keep].T @ Xc[:, keep] + np.diag(rl.alpha[keep]))
    np.testing.assert_allclose(rl.mean[keep], rl.beta * Sigma @ Xc[:, keep].T @ yc, rtol=1e-6)
    # and those alpha_i are a stationary point of the evidence at this beta (finite differences)
    h = 1e-5
    for i in np.flatnonzero(keep):
        up, down = rl.alpha.copy(), rl.alpha.copy()
        up[i] *= np.exp(h)
        down[i] *= np.exp(-h)
        grad = (log_evidence(Xc, yc, up, rl.beta) - log_evidence(Xc, yc, down, rl.beta)) / (2 * h)
        assert abs(grad) < 1e-5, (i, grad)
    np.testing.assert_allclose(rl.scores[-1], _direct_evidence(Xc, yc, rl.alpha, rl.beta), rtol=1e-10)


def test_ard_classifier_mode_is_l2_logistic_regression_at_its_alphas():
    """At the final alpha the mode w* is an L2-penalised logistic regression with penalty (1/2) sum alpha_i w_i^2,
    i.e. scikit-learn's LogisticRegression(C=1) on the columns x_i / sqrt(alpha_i) (intercept column included)."""
    from sklearn.datasets import load_breast_cancer

    X, y = load_breast_cancer(return_X_y=True)
    X = (X - X.mean(axis=0)) / X.std(axis=0)
    model = ARDClassifier(tol=1e-8, max_iter=2000).fit(X, y)
    assert model.converged_ and 0 < model.active_.sum() < X.shape[1]
    # the intercept has an ARD prior too and may be pruned (here the features are centred)
    with_bias = np.isfinite(model.intercept_alpha_)
    Phi = np.column_stack([X[:, model.active_], np.ones(len(X))]) if with_bias else X[:, model.active_]
    alpha = np.append(model.alpha_[model.active_], model.intercept_alpha_) if with_bias else model.alpha_[model.active_]
    ref = skl.LogisticRegression(C=1.0, fit_intercept=False, tol=1e-12, max_iter=10000).fit(Phi / np.sqrt(alpha), y)
    v = ref.coef_.ravel() / np.sqrt(alpha)
    np.testing.assert_allclose(model.coef_[model.active_], v[: model.active_.sum()], rtol=1e-4, atol=1e-6)
    np.testing.assert_allclose(model.intercept_, v[-1] if with_bias else 0.0, rtol=1e-4, atol=1e-6)
    assert np.all(model.coef_[~model.active_] == 0) and np.all(np.isinf(model.alpha_[~model.active_]))
    assert (model.predict(X) == y).mean() > 0.95


def test_new_inputs_are_validated():
    X, y = _diabetes()
    with pytest.raises(ValueError, match="a must"):
        ard_fit(X, y, a=-1.0)
    with pytest.raises(TypeError, match="d must"):
        ard_fit(X, y, d="x")
    with pytest.raises(ValueError, match="sequential"):
        ard_fit(X, y, update="sequential", b=1.0)
    with pytest.raises(ValueError, match="beta"):
        ard_reweighted_l1(X, y, beta=0.0)
    with pytest.raises(TypeError, match="n_inner"):
        ard_reweighted_l1(X, y, beta=1.0, n_inner=1.5)
    with pytest.raises(ValueError, match="t must have"):
        ard_reweighted_l1(X, y[:-1], beta=1.0)
    with pytest.raises(ValueError, match="binary"):
        ARDClassifier().fit(X[:30], np.arange(30) % 3)
    with pytest.raises(ValueError, match="two classes"):
        ARDClassifier().fit(X[:30], np.zeros(30))
    with pytest.raises(ValueError, match="threshold_alpha"):
        ARDClassifier(threshold_alpha=0.0).fit(X[:30], np.arange(30) % 2)


def test_exercise_checkers_13_2_and_13_3_agree_with_ard_fit():
    """The checkers' answers are one EM step and one fixed-point step of ard_fit on the exercises' toy problem."""
    from statlib.exercises import check

    x, y = np.array([[1.0], [2.0]]), np.array([1.0, 1.0])
    em = ard_fit(x, y, alpha_init=1.0, beta_init=1.0, max_iter=1, threshold_alpha=np.inf, update="em")
    fp = ard_fit(x, y, alpha_init=1.0, beta_init=1.0, max_iter=1, threshold_alpha=np.inf)
    np.testing.assert_allclose([em.alpha[0], em.beta], [12 / 5, 24 / 13], rtol=1e-12)
    np.testing.assert_allclose([fp.alpha[0], fp.beta], [10 / 3, 14 / 3], rtol=1e-12)
    assert check("mlapp-13.2", [em.alpha[0], em.beta]).correct
    assert check("mlapp-13.3", [fp.alpha[0], fp.beta]).correct
    assert not check("mlapp-13.2", [fp.alpha[0], fp.beta]).correct
    assert not check("mlapp-13.3", [em.alpha[0], em.beta]).correct
    # the exercises ask for no precision: two-decimal roundings of the right answers are accepted
    assert check("mlapp-13.2", [2.4, 1.85]).correct
    assert check("mlapp-13.3", [3.33, 4.67]).correct
    assert not check("mlapp-13.2", [2.4, 1.8]).correct


def test_ard_refuses_data_whose_squares_leave_float64():
    rng = np.random.default_rng(0)
    X = rng.normal(size=(20, 3))
    y = X @ [1.0, -2.0, 0.5] + 0.1 * rng.normal(size=20)
    with pytest.raises(ValueError, match="X is too small"):  # beta_ and the evidence were NaN
        ARDRegression().fit(X * 1e-160, y)
    with pytest.raises(ValueError, match="X is too small"):
        ARDClassifier().fit(X * 1e-160, (y > 0).astype(int))
    with pytest.raises(ValueError, match="t is too large"):
        ard_fit(X, y * 1e300)
