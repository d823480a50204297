"""FactorAnalysis(algorithm="eigen"), the default for complete data: Barber's eigen fixed point (BRML §21.2.1).

Expected values come from outside the iteration: scikit-learn's FactorAnalysis (the SVD form of the same fixed
point) and statlib's EM (MLAPP §12.1.5) run to the same maximum, LAPACK's SVD of the scaled N x D data (whose
right singular vectors and squared singular values the D x D eigendecomposition must reproduce), the gradient of
the Gaussian log-likelihood, and the identity that makes the iteration monotone: one EM step from (W, Psi), with
W the exact maximiser over W for fixed Psi, keeps W and sets Psi = diag(S - W W^T).
"""

import warnings

import numpy as np
import pytest
from scipy import linalg
from sklearn import decomposition as skd
from sklearn.exceptions import ConvergenceWarning

from statlib.decomposition import FactorAnalysis
from statlib.decomposition._factor_analysis import _eigen_fixed_point, _em_step, _mean_loglik


def _data(n, D, L, seed):
    rng = np.random.default_rng(seed)
    W = rng.normal(size=(D, L))
    psi = rng.uniform(0.1, 1.5, size=D)
    return rng.normal(size=(n, L)) @ W.T + rng.normal(size=(n, D)) * np.sqrt(psi) + rng.normal(size=D)


def _cov(X):
    Xc = X - X.mean(axis=0)
    return Xc.T @ Xc / len(X)


def _eigen_loadings(S, psi, L):
    """(E1) for a fixed Psi, from one iteration of the fixed point started there (N = 1: the mean log-likelihood)."""
    W, _, loglike, _ = _eigen_fixed_point(S, np.array(psi, dtype=float), L, 1.0, 0.0, 1)
    return W, loglike[0]


DATA = [(500, 8, 2, 0), (300, 12, 3, 1), (2000, 20, 5, 2), (800, 6, 1, 3)]


@pytest.mark.parametrize(("n", "D", "L", "seed"), DATA)
def test_same_maximum_as_em_and_scikit_learn(n, D, L, seed):
    X = _data(n, D, L, seed)
    eig = FactorAnalysis(L, tol=1e-10, max_iter=100_000, algorithm="eigen").fit(X)
    em = FactorAnalysis(L, tol=1e-10, max_iter=100_000, algorithm="em").fit(X)
    ref = skd.FactorAnalysis(L, tol=1e-10, max_iter=100_000, svd_method="lapack").fit(X)
    for other in (em, ref):
        assert eig.score(X) == pytest.approx(other.score(X), abs=1e-8)
        scale = np.abs(other.get_covariance()).max()
        np.testing.assert_allclose(eig.get_covariance(), other.get_covariance(), atol=1e-4 * scale)
        np.testing.assert_allclose(eig.noise_variance_, other.noise_variance_, atol=1e-4 * scale)
    # the recorded log-likelihood is that of the returned parameters
    assert eig.loglike_[-1] == pytest.approx(n * eig.score(X), abs=1e-8 * n)
    assert eig.n_iter_ == len(eig.loglike_)
    # a stationary point: the gradient C^{-1} (S - C) C^{-1} W of the mean log-likelihood vanishes
    C = eig.get_covariance()
    Ci = np.linalg.inv(C)
    assert np.abs(Ci @ (_cov(X) - C) @ Ci @ eig.components_.T).max() < 1e-4
    # and the default picks the eigen iteration on complete data
    default = FactorAnalysis(L, tol=1e-10, max_iter=100_000).fit(X)
    assert default.loglike_ == eig.loglike_


@pytest.mark.parametrize(("n", "D", "L", "seed"), DATA)
def test_likelihood_is_non_decreasing(n, D, L, seed):
    X = _data(n, D, L, seed)
    fa = FactorAnalysis(L, tol=0.0, max_iter=150, algorithm="eigen")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        fa.fit(X)
    ll = np.asarray(fa.loglike_)
    assert np.all(np.diff(ll) >= -1e-9 * np.abs(ll[:-1]))
    assert ll[-1] > ll[0]


@pytest.mark.parametrize(("n", "D", "L", "seed"), DATA)
def test_eigen_step_is_the_svd_of_the_scaled_data(n, D, L, seed):
    # (E1) from the D x D eigendecomposition equals scikit-learn's update from the SVD of Xc Psi^{-1/2} / sqrt(N)
    X = _data(n, D, L, seed)
    Xc = X - X.mean(axis=0)
    psi = np.random.default_rng(seed + 100).uniform(0.3, 2.0, size=D)
    _, s, Vt = linalg.svd(Xc / (np.sqrt(psi) * np.sqrt(n)), full_matrices=False)
    W_svd = (np.sqrt(np.maximum(s[:L] ** 2 - 1.0, 0.0))[:, None] * Vt[:L] * np.sqrt(psi)).T
    W, ll = _eigen_loadings(_cov(X), psi, L)
    assert ll == pytest.approx(_mean_loglik(_cov(X), W, psi), abs=1e-10)  # the likelihood it reports
    np.testing.assert_allclose(W @ W.T, W_svd @ W_svd.T, atol=1e-10 * np.abs(W_svd).max() ** 2)


@pytest.mark.parametrize(("n", "D", "L", "seed"), DATA)
def test_eigen_step_maximises_over_w_and_em_then_keeps_w(n, D, L, seed):
    X = _data(n, D, L, seed)
    S = _cov(X)
    rng = np.random.default_rng(seed + 200)
    psi = rng.uniform(0.3, 2.0, size=D)
    W, best = _eigen_loadings(S, psi, L)
    assert best == pytest.approx(_mean_loglik(S, W, psi), abs=1e-10)
    # no other W beats it for this Psi: random loadings, small perturbations, and EM in W from a random start
    for _ in range(20):
        assert _mean_loglik(S, rng.normal(size=(D, L)), psi) < best
        assert _mean_loglik(S, W + 1e-3 * rng.normal(size=(D, L)), psi) < best
    # one EM step (12.23)-(12.24) from (W, Psi) keeps W and sets Psi = diag(S - W W^T) (E2)
    W_em, psi_em = _em_step(S, W, psi)
    np.testing.assert_allclose(W_em @ W_em.T, W @ W.T, atol=1e-9 * np.abs(W).max() ** 2)
    np.testing.assert_allclose(psi_em, np.diag(S) - np.sum(W * W, axis=1), atol=1e-9 * np.abs(S).max())


def test_auto_runs_em_with_missing_values():
    X = _data(400, 8, 2, 5)
    X[np.random.default_rng(6).random(X.shape) < 0.1] = np.nan
    auto = FactorAnalysis(2, tol=1e-6).fit(X)
    em = FactorAnalysis(2, tol=1e-6, algorithm="em").fit(X)
    assert auto.loglike_ == em.loglike_
    np.testing.assert_array_equal(auto.components_, em.components_)
    with pytest.raises(ValueError, match="algorithm"):
        FactorAnalysis(2, algorithm="eigen").fit(X)


@pytest.mark.parametrize("value", ["svd", "EM", "", None, 1])
def test_bad_algorithm_is_named(value):
    with pytest.raises(ValueError, match="algorithm"):
        FactorAnalysis(2, algorithm=value).fit(_data(50, 5, 2, 7))
