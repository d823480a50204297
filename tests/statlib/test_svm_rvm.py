"""Relevance vector machines (PRML 7.2): RelevanceVectorRegressor and RelevanceVectorClassifier.

References from outside the code under test: the kernel design matrix from scikit-learn's pairwise kernels,
direct solves of (7.81)-(7.83) and (7.91), finite differences of the evidence (7.85) (the fitted alpha is a
stationary point), a general-purpose optimiser (SciPy's BFGS) for the posterior mode (7.109), the
identities (7.112)-(7.113) at the mode, and the consistent form of (7.118)-(7.119).
"""

import warnings

import numpy as np
import pytest
from scipy import optimize
from scipy.special import expit, log_expit
from sklearn.datasets import make_moons
from sklearn.metrics.pairwise import rbf_kernel
from sklearn.utils.estimator_checks import parametrize_with_checks

from statlib.linear_model import log_evidence
from statlib.svm import RelevanceVectorClassifier, RelevanceVectorRegressor


def _sine(n=60, seed=0, noise=0.2):
    rng = np.random.default_rng(seed)
    x = rng.uniform(0, 1, n)
    return x[:, None], np.sin(2 * np.pi * x) + noise * rng.normal(size=n)


def _design(model, X):
    Phi = np.hstack([rbf_kernel(X, X, gamma=model.gamma_), np.ones((len(X), 1))])
    keep = np.r_[np.isfinite(model.alpha_), np.isfinite(model.intercept_alpha_)]
    alpha = np.r_[model.alpha_, model.intercept_alpha_]
    return Phi, keep, alpha


def test_regressor_is_sparse_and_fits_the_sine():
    X, t = _sine(100)
    model = RelevanceVectorRegressor(gamma=10.0).fit(X, t)
    assert model.converged_
    assert 3 <= len(model.relevance_) <= 10  # PRML Fig. 7.9: a handful of relevance vectors
    grid = np.linspace(0, 1, 200)[:, None]
    rmse = np.sqrt(np.mean((model.predict(grid) - np.sin(2 * np.pi * grid[:, 0])) ** 2))
    assert rmse < 0.1
    assert 0.15 < model.beta_**-0.5 < 0.25  # the noise std is 0.2
    np.testing.assert_array_equal(model.relevance_vectors_, X[model.relevance_])


def test_regressor_posterior_and_predictive_variance_by_direct_solve():
    X, t = _sine()
    model = RelevanceVectorRegressor(gamma=10.0).fit(X, t)
    Phi, keep, alpha = _design(model, X)
    P = Phi[:, keep]
    precision = np.diag(alpha[keep]) + model.beta_ * P.T @ P  # (7.83)
    sigma = np.linalg.inv(precision)
    m = model.beta_ * sigma @ P.T @ t  # (7.82)
    np.testing.assert_allclose(np.r_[model.coef_, model.intercept_][: keep.sum()], m, rtol=1e-7, atol=1e-9)
    Xs = np.linspace(-0.5, 1.5, 9)[:, None]
    Ps = np.hstack([rbf_kernel(Xs, X, gamma=model.gamma_), np.ones((9, 1))])[:, keep]
    mean, std = model.predict(Xs, return_std=True)
    np.testing.assert_allclose(mean, Ps @ m, rtol=1e-7, atol=1e-9)  # (7.90)
    np.testing.assert_allclose(std**2, 1 / model.beta_ + np.einsum("ij,jk,ik->i", Ps, sigma, Ps), rtol=1e-7)  # (7.91)


def test_regressor_alpha_is_a_stationary_point_of_the_evidence():
    X, t = _sine()
    model = RelevanceVectorRegressor(gamma=10.0, tol=1e-10, max_iter=5000).fit(X, t)
    Phi, keep, alpha = _design(model, X)
    h = 1e-5
    for i in np.flatnonzero(keep):
        up, down = alpha.copy(), alpha.copy()
        up[i] *= np.exp(h)
        down[i] *= np.exp(-h)
        grad = (log_evidence(Phi, t, up, model.beta_) - log_evidence(Phi, t, down, model.beta_)) / (2 * h)
        assert abs(grad) < 1e-4, (i, grad)


def test_predictive_std_shrinks_away_from_the_data():
    """PRML 7.2.1: with localised basis functions, sigma^2(x) falls to 1/beta far from the data."""
    X, t = _sine()
    model = RelevanceVectorRegressor(gamma=10.0).fit(X, t)
    _, std_far = model.predict(np.array([[5.0]]), return_std=True)
    _, std_near = model.predict(np.array([[0.5]]), return_std=True)
    np.testing.assert_allclose(std_far, model.beta_**-0.5, rtol=1e-9)
    assert std_near > std_far


def _moons():
    X, y = make_moons(120, noise=0.25, random_state=0)
    return X, y


def test_classifier_mode_and_covariance_against_a_direct_solve():
    X, y = _moons()
    model = RelevanceVectorClassifier(gamma=2.0).fit(X, y)
    assert model.converged_
    Phi, keep, alpha = _design(model, X)
    P, A = Phi[:, keep], alpha[keep]
    t = (y == model.classes_[1]).astype(float)

    def negative_log_posterior(w):  # -(7.109)
        a = P @ w
        return -(np.sum(t * log_expit(a) + (1 - t) * log_expit(-a)) - 0.5 * w @ (A * w))

    def gradient(w):
        return -(P.T @ (t - expit(P @ w)) - A * w)

    res = optimize.minimize(
        negative_log_posterior, np.zeros(len(A)), jac=gradient, method="BFGS", options={"gtol": 1e-10}
    )
    w = np.r_[model.coef_, model.intercept_][: keep.sum()]
    np.testing.assert_allclose(w, res.x, rtol=1e-5, atol=1e-6)
    yv = expit(P @ w)
    np.testing.assert_allclose(w, (P.T @ (t - yv)) / A, rtol=1e-8, atol=1e-10)  # (7.112)
    B = yv * (1 - yv)
    np.testing.assert_allclose(
        model.sigma_, np.linalg.inv((P.T * B) @ P + np.diag(A)), rtol=1e-7, atol=1e-12
    )  # (7.113)


def test_classifier_alpha_solves_7_115():
    X, y = _moons()
    model = RelevanceVectorClassifier(gamma=2.0, tol=1e-10, max_iter=5000).fit(X, y)
    _, keep, alpha = _design(model, X)
    w = np.r_[model.coef_, model.intercept_][: keep.sum()]
    residual = -0.5 * w**2 + 0.5 / alpha[keep] - 0.5 * np.diag(model.sigma_)  # (7.115)
    np.testing.assert_allclose(residual * alpha[keep], 0.0, atol=1e-6)


def test_classifier_gaussian_evidence_7_118_uses_the_inverse_matrices():
    """(7.117)-(7.119): at the mode, ln N(t_hat | 0, C) with C = B^{-1} + Phi A^{-1} Phi^T has the alpha-gradient
    (1/2)(1/alpha_i - Sigma_ii - w_i^2), the left side of (7.115); the printed C = B + Phi A Phi^T does not."""
    X, y = _moons()
    model = RelevanceVectorClassifier(gamma=2.0).fit(X, y)
    Phi, keep, alpha = _design(model, X)
    P, A = Phi[:, keep], alpha[keep]
    t = (y == model.classes_[1]).astype(float)
    w = np.r_[model.coef_, model.intercept_][: keep.sum()]
    yv = expit(P @ w)
    B = yv * (1 - yv)
    t_hat = P @ w + (t - yv) / B  # (7.117)

    def gaussian_log_evidence(a, printed=False):
        C = np.diag(B) + (P * a) @ P.T if printed else np.diag(1 / B) + (P / a) @ P.T
        sign, logdet = np.linalg.slogdet(C)
        return -0.5 * (len(t) * np.log(2 * np.pi) + logdet + t_hat @ np.linalg.solve(C, t_hat))  # (7.118)

    def log_derivative(i, printed=False):  # d (7.118) / d ln alpha_i by central differences
        h = 1e-4
        up, down = A.copy(), A.copy()
        up[i] *= np.exp(h)
        down[i] *= np.exp(-h)
        return (gaussian_log_evidence(up, printed) - gaussian_log_evidence(down, printed)) / (2 * h)

    expected = 0.5 * (1 - A * np.diag(model.sigma_) - A * w**2)  # alpha_i times the left side of (7.115)
    got = np.array([log_derivative(i) for i in range(len(A))])
    np.testing.assert_allclose(got, expected, rtol=1e-5, atol=1e-7)
    # the printed form is a different function of alpha: its gradient does not match
    printed = np.array([log_derivative(i, printed=True) for i in range(len(A))])
    assert np.max(np.abs(printed - expected)) > 0.1


def test_classifier_sparse_accurate_and_labels():
    X, y = _moons()
    labels = np.where(y == 1, "plus", "minus")
    model = RelevanceVectorClassifier(gamma=2.0).fit(X, labels)
    assert model.classes_.tolist() == ["minus", "plus"]
    assert len(model.relevance_) <= 15  # PRML Fig. 7.12: far fewer vectors than the 120 points
    assert model.score(X, labels) > 0.85
    proba = model.predict_proba(X)
    np.testing.assert_allclose(proba.sum(axis=1), 1.0)
    np.testing.assert_array_equal(model.predict(X), model.classes_[(proba[:, 1] > 0.5).astype(int)])


def test_linear_and_poly_kernels():
    X, t = _sine(40)
    for kernel in ("linear", "poly"):
        model = RelevanceVectorRegressor(kernel=kernel, gamma=1.0, degree=3, coef0=1.0).fit(X, t)
        assert np.all(np.isfinite(model.predict(X)))
    Xc, y = _moons()
    model = RelevanceVectorClassifier(kernel="linear").fit(Xc, y)
    assert model.score(Xc, y) > 0.8  # the moons are roughly linearly separable


def test_bad_input_names_the_argument():
    X, t = _sine(20)
    with pytest.raises(ValueError, match="kernel"):
        RelevanceVectorRegressor(kernel="sigmoid").fit(X, t)
    with pytest.raises(ValueError, match="gamma"):
        RelevanceVectorRegressor(gamma=-1.0).fit(X, t)
    with pytest.raises(TypeError, match="bias"):
        RelevanceVectorRegressor(bias=1).fit(X, t)
    with pytest.raises(ValueError, match="threshold_alpha"):
        RelevanceVectorClassifier(threshold_alpha=0.0).fit(X, t > 0)
    with pytest.raises(ValueError, match="Only binary"):
        RelevanceVectorClassifier().fit(*make_moons(30, random_state=0)[:1], np.arange(30) % 3)
    with pytest.raises(ValueError, match="X"):
        RelevanceVectorRegressor().fit(X[:, 0], t)
    with pytest.raises(ValueError, match="features|X"):
        RelevanceVectorRegressor().fit(X, t).predict(np.ones((2, 3)))


@parametrize_with_checks([RelevanceVectorRegressor(), RelevanceVectorClassifier()])
def test_scikit_learn_contract(estimator, check):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check(estimator)


# --- the chapter's own exercises (companion-7.10 to 7.14): hand-derived answers, recomputed independently --------
def test_exercise_answers_recomputed_and_accepted():
    from statlib.exercises import check

    def lam(a, s, q):  # the evidence's dependence on one alpha_i (PRML 7.2.2)
        return 0.5 * (np.log(a) - np.log(a + s) + q**2 / (a + s))

    best = optimize.minimize_scalar(lambda la: -lam(np.exp(la), 2.0, 3.0), bounds=(-10, 10), method="bounded").x
    np.testing.assert_allclose(np.exp(best), 4 / 7, rtol=1e-4)
    assert check("companion-7.10", 4 / 7).correct and not check("companion-7.10", 0.5).correct

    phi, t = np.array([[1.0], [1.0]]), np.array([2.0, 2.0])
    best = optimize.minimize_scalar(
        lambda la: -log_evidence(phi, t, [np.exp(la)], 1.0), bounds=(-10, 10), method="bounded"
    ).x
    np.testing.assert_allclose(np.exp(best), 2 / 7, rtol=1e-4)
    assert check("companion-7.11", [2.0, 4.0, 2 / 7]).correct

    sigma = 1 / (4.0 + 4.0)
    assert (
        check("companion-7.12", [sigma, 1 - 4.0 * sigma]).correct and not check("companion-7.12", [0.25, 0.5]).correct
    )

    X, y = _sine()
    model = RelevanceVectorRegressor(gamma=10.0).fit(X, y)
    np.testing.assert_allclose(model.predict(np.array([[50.0]]), return_std=True)[1] ** 2, 1 / model.beta_, rtol=1e-9)
    assert check("companion-7.13", [0.04, 1.04]).correct

    assert check("companion-7.14", (1 - 2.0 * 0.2) / 0.25).correct and not check("companion-7.14", 2.0).correct


def test_rvm_refuses_what_its_kernel_and_evidence_cannot_hold():
    rng = np.random.default_rng(0)
    X = rng.normal(size=(20, 2))
    y = np.sin(X[:, 0])
    with pytest.raises(ValueError, match="y is too large"):  # the evidence scores_ were NaN
        RelevanceVectorRegressor().fit(X, y * 1e300)
    with pytest.raises(ValueError, match="X is too small for gamma='scale'"):
        RelevanceVectorRegressor().fit(X * 1e-160, y)
