"""Probabilistic PCA (MLAPP §12.2.4-12.2.5): ProbabilisticPCA and ppca_log_likelihood.

References from outside the code under test: scikit-learn's PCA (whose ``score`` is the PPCA log-likelihood of
Tipping and Bishop), SciPy's multivariate normal density, the closed-form maximum of (12.60) derived by hand,
finite-difference gradients of the log-likelihood at the estimate, and exact matrix identities.
"""

import warnings

import numpy as np
import pytest
from scipy.stats import multivariate_normal
from sklearn import decomposition as skd
from sklearn.exceptions import ConvergenceWarning
from sklearn.utils.estimator_checks import parametrize_with_checks

from statlib.decomposition import ProbabilisticPCA, ppca_log_likelihood


def _low_rank_data(n=400, d=12, L=3, noise=0.5, seed=0):
    rng = np.random.default_rng(seed)
    W = rng.normal(size=(d, L)) * np.array([5.0, 3.0, 2.0, 1.5, 1.2][:L])
    return rng.normal(size=(n, L)) @ W.T + noise * rng.normal(size=(n, d)) + rng.normal(size=d)


@parametrize_with_checks(
    [ProbabilisticPCA(n_components=1), ProbabilisticPCA(n_components=1, method="em", random_state=0)]
)
def test_scikit_learn_contract(estimator, check):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        check(estimator)


def test_docstring_example_by_hand():
    # S = diag(2, 1/2, 0): lambda_1 = 2, sigma^2 = (1/2 + 0)/2 = 1/4 (12.62), W = sqrt(2 - 1/4) e_1 (12.61)
    X = np.array([[2.0, 0, 0], [-2, 0, 0], [0, 1, 0], [0, -1, 0]])
    m = ProbabilisticPCA(1).fit(X)
    np.testing.assert_allclose(m.explained_variance_, [2.0], rtol=1e-14)
    assert m.noise_variance_ == pytest.approx(0.25, rel=1e-14)
    np.testing.assert_allclose(m.components_, [[np.sqrt(1.75), 0, 0]], atol=1e-14)


@pytest.mark.parametrize("method", ["closed_form", "em"])
def test_score_equals_scikit_learns_pca_score_with_the_same_parameters(method):
    # scikit-learn's PCA.score_samples is the PPCA log-likelihood with C = V diag(lambda - s2) V^T + s2 I. Handing
    # its fitted lambda (divisor n - 1), V and s2 to (12.60) must give the same numbers.
    X = _low_rank_data()
    sk = skd.PCA(n_components=3).fit(X)
    W = sk.components_.T * np.sqrt(sk.explained_variance_ - sk.noise_variance_)
    ours = ppca_log_likelihood(X, sk.mean_, W, sk.noise_variance_)
    np.testing.assert_allclose(ours, sk.score_samples(X), rtol=1e-11)
    # and our fitted model is the same Gaussian up to the divisor: C_ours * n / (n - 1) = C_sklearn
    m = ProbabilisticPCA(3, method=method, random_state=0).fit(X)
    n = len(X)
    np.testing.assert_allclose(m.get_covariance() * n / (n - 1), sk.get_covariance(), rtol=1e-8, atol=1e-10)
    np.testing.assert_allclose(m.explained_variance_ * n / (n - 1), sk.explained_variance_, rtol=1e-9)


def test_log_likelihood_equals_scipys_multivariate_normal():
    X = _low_rank_data(n=50, d=6, L=2)
    m = ProbabilisticPCA(2).fit(X)
    ref = multivariate_normal(m.mean_, m.get_covariance()).logpdf(X)
    np.testing.assert_allclose(m.score_samples(X), ref, rtol=1e-12)
    assert m.score(X) == pytest.approx(ref.mean(), rel=1e-12)


def test_maximum_log_likelihood_has_tipping_bishops_closed_form():
    # At the MLE, mean log-likelihood = -1/2 [D log 2 pi + sum_{k<=L} log lambda_k + (D - L) log s2 + D]
    # (substitute (12.61)-(12.62) into (12.60): tr(C^{-1} S) = D at the optimum).
    X = _low_rank_data()
    n, D = X.shape
    lam = np.linalg.eigvalsh(np.cov(X.T, bias=True))[::-1]
    for L in (1, 3, 5):
        s2 = lam[L:].mean()
        expected = -0.5 * (D * np.log(2 * np.pi) + np.log(lam[:L]).sum() + (D - L) * np.log(s2) + D)
        m = ProbabilisticPCA(L).fit(X)
        assert m.score(X) == pytest.approx(expected, rel=1e-12)
        assert m.noise_variance_ == pytest.approx(s2, rel=1e-12)


def test_the_estimate_is_a_stationary_point_and_a_maximum():
    X = _low_rank_data(n=200, d=5, L=2)
    m = ProbabilisticPCA(2).fit(X)
    W, s2 = m.components_.T.copy(), m.noise_variance_

    def ll(Wf, log_s2):
        return ppca_log_likelihood(X, m.mean_, Wf.reshape(W.shape), np.exp(log_s2)).mean()

    h = 1e-6
    theta = np.concatenate([W.ravel(), [np.log(s2)]])
    grad = np.empty_like(theta)
    for i in range(len(theta)):
        e = np.zeros_like(theta)
        e[i] = h
        grad[i] = (ll(theta[:-1] + e[:-1], theta[-1] + e[-1]) - ll(theta[:-1] - e[:-1], theta[-1] - e[-1])) / (2 * h)
    assert np.abs(grad).max() < 1e-6
    rng = np.random.default_rng(1)
    best = m.score(X)
    for _ in range(20):
        assert ll(W.ravel() + 0.05 * rng.normal(size=W.size), np.log(s2) + 0.05 * rng.normal()) < best


def test_closed_form_and_em_agree():
    X = _low_rank_data(n=300, d=30, L=4, seed=3)
    a = ProbabilisticPCA(4).fit(X)
    b = ProbabilisticPCA(4, method="em", random_state=5).fit(X)
    assert 0 < b.n_iter_ < 1000
    # the same subspace: the projectors onto span(W) agree
    Pa = a.principal_axes_.T @ a.principal_axes_
    Pb = b.principal_axes_.T @ b.principal_axes_
    np.testing.assert_allclose(Pa, Pb, atol=1e-5)
    # ordered the same way, with the same sign convention, and the same likelihood
    np.testing.assert_allclose(a.principal_axes_, b.principal_axes_, atol=1e-5)
    np.testing.assert_allclose(a.explained_variance_, b.explained_variance_, rtol=1e-8)
    assert a.noise_variance_ == pytest.approx(b.noise_variance_, rel=1e-8)
    assert a.score(X) == pytest.approx(b.score(X), rel=1e-10)


def test_principal_axes_match_scikit_learn_up_to_sign():
    X = _low_rank_data()
    ours = ProbabilisticPCA(3).fit(X).principal_axes_
    theirs = skd.PCA(3).fit(X).components_
    np.testing.assert_allclose(np.abs(ours @ theirs.T), np.eye(3), atol=1e-10)


def test_covariance_identities():
    # C = W W^T + s2 I; its eigenvalues are lambda_1..L and s2 (D - L times); W^T W = Lambda - s2 I (R = I)
    X = _low_rank_data()
    m = ProbabilisticPCA(3).fit(X)
    C = m.get_covariance()
    ev = np.sort(np.linalg.eigvalsh(C))[::-1]
    np.testing.assert_allclose(ev[:3], m.explained_variance_, rtol=1e-10)
    np.testing.assert_allclose(ev[3:], m.noise_variance_, rtol=1e-10)
    W = m.components_.T
    np.testing.assert_allclose(W.T @ W, np.diag(m.explained_variance_ - m.noise_variance_), atol=1e-10)
    np.testing.assert_allclose(m.principal_axes_ @ m.principal_axes_.T, np.eye(3), atol=1e-12)
    # tr C = tr S: the model keeps the total variance
    assert np.trace(C) == pytest.approx(np.trace(np.cov(X.T, bias=True)), rel=1e-12)


def test_posterior_matches_gaussian_conditioning():
    # p(z | x) from the joint Gaussian [z; x] ~ N([0; mu], [[I, W^T], [W, C]]): mean W^T C^{-1}(x - mu),
    # covariance I - W^T C^{-1} W; (12.63)-(12.64) must give the same.
    X = _low_rank_data(n=40, d=6, L=2)
    m = ProbabilisticPCA(2).fit(X)
    W, C = m.components_.T, m.get_covariance()
    means, cov = m.posterior(X)
    np.testing.assert_allclose(means, (X - m.mean_) @ np.linalg.solve(C, W), atol=1e-10)
    np.testing.assert_allclose(cov, np.eye(2) - W.T @ np.linalg.solve(C, W), atol=1e-12)
    np.testing.assert_allclose(m.transform(X), means)


def test_zero_noise_limit_is_orthogonal_projection():
    # sigma^2 -> 0: F -> W^T W and the posterior mean -> (W^T W)^{-1} W^T (x - mu), PCA's projection, in the scale
    # of W: sqrt(Lambda) z = V^T (x - mu). Data of exact rank 2 in 5-D give sigma^2 = 0 at L = 2.
    rng = np.random.default_rng(0)
    X = rng.normal(size=(30, 2)) @ rng.normal(size=(2, 5))
    m = ProbabilisticPCA(2).fit(X)
    assert m.noise_variance_ < 1e-12
    z = m.transform(X) * np.sqrt(m.explained_variance_)
    np.testing.assert_allclose(z, (X - m.mean_) @ m.principal_axes_.T, atol=1e-9)


def test_em_warns_and_reports_n_iter_when_stopped_early():
    X = _low_rank_data(n=100, d=20, L=3)
    with pytest.warns(ConvergenceWarning):
        m = ProbabilisticPCA(3, method="em", max_iter=1, tol=0.0, random_state=0).fit(X)
    assert m.n_iter_ == 1


def test_em_is_reproducible_from_random_state():
    X = _low_rank_data(n=100, d=20, L=3)
    a = ProbabilisticPCA(3, method="em", tol=1e-3, random_state=4).fit(X)
    b = ProbabilisticPCA(3, method="em", tol=1e-3, random_state=4).fit(X)
    np.testing.assert_array_equal(a.components_, b.components_)


@pytest.mark.parametrize(
    ("params", "error", "name"),
    [
        ({"n_components": 0}, ValueError, "n_components"),
        ({"n_components": 13}, ValueError, "n_components"),
        ({"n_components": 1.5}, TypeError, "n_components"),
        ({"n_components": True}, TypeError, "n_components"),
        ({"method": "svd"}, ValueError, "method"),
        ({"max_iter": 0}, ValueError, "max_iter"),
        ({"tol": -1.0}, ValueError, "tol"),
    ],
)
def test_bad_hyperparameters_are_named(params, error, name):
    X = _low_rank_data()
    with pytest.raises(error, match=name):
        ProbabilisticPCA(**params).fit(X)


def test_bad_input_is_named():
    X = _low_rank_data(n=20, d=4)
    with pytest.raises(ValueError, match="X"):
        ProbabilisticPCA(2).fit(X[:1])
    bad = X.copy()
    bad[0, 0] = np.nan
    with pytest.raises(ValueError, match="X"):
        ProbabilisticPCA(2).fit(bad)
    m = ProbabilisticPCA(2).fit(X)
    with pytest.raises(ValueError, match="X"):
        m.score(X[:, :3])
    with pytest.raises(ValueError, match="Z"):
        m.inverse_transform(np.zeros((3, 3)))
    with pytest.raises(ValueError, match="noise_variance"):
        ppca_log_likelihood(X, X.mean(0), np.ones((4, 1)), 0.0)
    with pytest.raises(ValueError, match="noise_variance"):
        ppca_log_likelihood(X, X.mean(0), np.ones((4, 1)), -1.0)
    with pytest.raises(ValueError, match="D = 4"):
        ppca_log_likelihood(X, X.mean(0)[:3], np.ones((4, 1)), 1.0)


def test_em_on_data_of_rank_below_n_components_names_the_argument():
    # 6-D data of exact rank 2: Z Z^T in the M-step (12.66) is singular for L = 3
    rng = np.random.default_rng(0)
    X = rng.normal(size=(50, 2)) @ rng.normal(size=(2, 6))
    with pytest.raises(ValueError, match="n_components"):
        ProbabilisticPCA(3, method="em", random_state=0).fit(X)
    m = ProbabilisticPCA(2, method="em", random_state=0).fit(X)  # L = rank works: sigma^2 = 0
    assert m.noise_variance_ < 1e-12


@pytest.mark.parametrize("L", [4, 5])
def test_closed_form_on_tall_data_is_the_svds(L):
    # tall data (n >= 10 d) take the eigen-decomposition of S itself; the fit is the one from the SVD of the
    # centred data (scikit-learn's full-SVD PCA, whose variances divide by n - 1 instead of n). L = 4 of d = 40
    # computes the 4 leading eigenpairs alone and the noise variance from tr S; L = 5 takes every eigenpair
    rng = np.random.default_rng(7)
    n, d = 3000, 40
    X = rng.normal(size=(n, L)) @ (rng.normal(size=(L, d)) * 3) + rng.normal(size=(n, d)) + 100.0
    ours = ProbabilisticPCA(L).fit(X)
    ref = skd.PCA(L, svd_solver="full").fit(X)
    np.testing.assert_allclose(ours.principal_axes_, ref.components_, atol=1e-9)
    np.testing.assert_allclose(ours.explained_variance_ * n / (n - 1), ref.explained_variance_, rtol=1e-10)
    np.testing.assert_allclose(ours.noise_variance_ * n / (n - 1), ref.noise_variance_, rtol=1e-10)
    np.testing.assert_allclose(ours.mean_, ref.mean_, rtol=1e-12)


@pytest.mark.parametrize("scale, words", [(1e-160, "too small"), (1e300, "too large")])
def test_ppca_refuses_data_whose_squares_leave_float64(scale, words):
    # at 1e-160 transform gave NaN with no error; at 1e300 it failed in LAPACK ('SVD did not converge')
    X = np.random.default_rng(0).normal(size=(20, 3)) * scale
    with pytest.raises(ValueError, match=f"X is {words}"):
        ProbabilisticPCA(n_components=1).fit(X)


def test_ppca_log_likelihood_refuses_data_whose_squares_overflow():
    X = np.random.default_rng(0).normal(size=(8, 3)) * 1e300  # the log-likelihood was NaN
    with pytest.raises(ValueError, match="X is too large"):
        ppca_log_likelihood(X, X.mean(axis=0), np.ones((3, 1)), 1.0)


@pytest.mark.parametrize("scale, words", [(1e-160, "too small"), (1e300, "too large")])
def test_ppca_on_tall_data_refuses_data_whose_squares_leave_float64(scale, words):
    X = np.random.default_rng(0).normal(size=(200, 3)) * scale  # tall: the covariance route
    with pytest.raises(ValueError, match=f"X is {words}"):
        ProbabilisticPCA(n_components=1).fit(X)
