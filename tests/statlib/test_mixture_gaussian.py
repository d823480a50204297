"""Gaussian mixtures by EM (Li Hang §9.3, Algorithm 9.2): against scikit-learn and SciPy, Exercise 9.3,
the GEM variants, degenerate components, and the estimator contract."""

import warnings

import numpy as np
import pytest
from scipy.special import logsumexp
from scipy.stats import multivariate_normal, norm
from sklearn.datasets import load_iris, load_wine
from sklearn.exceptions import ConvergenceWarning
from sklearn.mixture import GaussianMixture as SkGaussianMixture
from sklearn.preprocessing import StandardScaler
from sklearn.utils.estimator_checks import parametrize_with_checks

from statlib.datasets import load_example
from statlib.exercises import check
from statlib.mixture import GaussianMixture, em_gmm_1d
from statlib.mixture._gaussian_mixture import _em_pass_full, _m_step_full

EX_9_3 = np.array([-67, -48, 6, 8, 14, 16, 23, 24, 28, 29, 41, 49, 56, 60, 75], dtype=float)


def _assert_same_fit(ours, ref, rtol=1e-7, atol=1e-9, first_bound_shift=0.0):
    np.testing.assert_allclose(ours.weights_, ref.weights_, rtol=rtol, atol=atol)
    np.testing.assert_allclose(ours.means_, ref.means_, rtol=rtol, atol=atol)
    np.testing.assert_allclose(ours.covariances_, ref.covariances_, rtol=rtol, atol=atol)
    np.testing.assert_allclose(ours.precisions_, ref.precisions_, rtol=rtol, atol=atol)
    np.testing.assert_allclose(ours.precisions_cholesky_, ref.precisions_cholesky_, rtol=rtol, atol=atol)
    assert ours.lower_bound_ == pytest.approx(ref.lower_bound_, rel=1e-10)
    np.testing.assert_allclose(ours.lower_bounds_[1:], ref.lower_bounds_[1:], rtol=1e-10)
    assert ours.lower_bounds_[0] - ref.lower_bounds_[0] == pytest.approx(first_bound_shift, rel=1e-9, abs=1e-9)
    assert ours.n_iter_ == ref.n_iter_ and ours.converged_ == ref.converged_


@pytest.mark.parametrize("covariance_type", ["full", "diag", "spherical"])
@pytest.mark.parametrize("init_params", ["kmeans", "k-means++", "random", "random_from_data"])
def test_matches_scikit_learn_on_iris(covariance_type, init_params):
    X = load_iris().data
    kw = dict(covariance_type=covariance_type, init_params=init_params, random_state=0, tol=1e-6, max_iter=500)
    ours = GaussianMixture(3, **kw).fit(X)
    ref = SkGaussianMixture(3, **kw).fit(X)
    # With "k-means++" and "random_from_data", scikit-learn's initial responsibilities pick K samples and
    # its initial weights are N_k / n, which sum to K / n instead of 1. Responsibilities do not see a common
    # factor, so every parameter agrees, but its first log-likelihood is lower by log(n / K).
    single_points = init_params in ("k-means++", "random_from_data")
    if single_points and covariance_type != "full":
        # Each component then starts as one sample with variance reg_covar = 1e-6. scikit-learn computes a
        # diagonal variance as E[x^2] - mu^2, which leaves ~1e-13 of rounding in place of the exact 0
        # scatter; the first E-step amplifies it (distances are divided by 1e-6). We compute the scatter
        # about the mean, which is exactly 0 here, so both end at the same maximum, but only to ~1e-4.
        start = GaussianMixture(3, **{**kw, "max_iter": 0}).fit(X)
        np.testing.assert_array_equal(start.covariances_, 1e-6)
        np.testing.assert_allclose(ours.means_, ref.means_, atol=1e-3)
        np.testing.assert_allclose(ours.covariances_, ref.covariances_, atol=1e-3)
        assert ours.score(X) == pytest.approx(ref.score(X), abs=1e-5)
        return
    shift = np.log(len(X) / 3) if single_points else 0.0
    _assert_same_fit(ours, ref, first_bound_shift=shift)
    np.testing.assert_allclose(ours.score_samples(X), ref.score_samples(X), rtol=1e-9)
    np.testing.assert_allclose(ours.predict_proba(X), ref.predict_proba(X), atol=1e-8)
    np.testing.assert_array_equal(ours.predict(X), ref.predict(X))
    assert ours.bic(X) == pytest.approx(ref.bic(X), rel=1e-10)
    assert ours.aic(X) == pytest.approx(ref.aic(X), rel=1e-10)


@pytest.mark.parametrize("covariance_type", ["full", "diag", "spherical"])
def test_matches_scikit_learn_from_given_initial_parameters(covariance_type):
    X = StandardScaler().fit_transform(load_wine().data[:, :5])
    rng = np.random.default_rng(1)
    K, d = 4, X.shape[1]
    weights = rng.dirichlet(np.ones(K))
    means = X[rng.choice(len(X), K, replace=False)]
    if covariance_type == "full":
        A = rng.normal(size=(K, d, d))
        precisions = A @ A.transpose(0, 2, 1) + d * np.eye(d)
    elif covariance_type == "diag":
        precisions = rng.uniform(0.5, 2.0, size=(K, d))
    else:
        precisions = rng.uniform(0.5, 2.0, size=K)
    kw = dict(
        covariance_type=covariance_type,
        weights_init=weights,
        means_init=means,
        precisions_init=precisions,
        tol=1e-9,
        max_iter=1000,
    )
    ours = GaussianMixture(K, **kw).fit(X)
    ref = SkGaussianMixture(K, **kw).fit(X)
    _assert_same_fit(ours, ref, rtol=1e-6, atol=1e-8)


@pytest.mark.parametrize("covariance_type", ["full", "spherical"])
def test_several_initialisations_keep_the_best_like_scikit_learn(covariance_type):
    X = load_wine().data[:, [0, 6, 9, 12]]
    X = (X - X.mean(axis=0)) / X.std(axis=0)
    kw = dict(covariance_type=covariance_type, n_init=4, init_params="random", random_state=5, tol=1e-8, max_iter=1000)
    ours = GaussianMixture(4, **kw).fit(X)
    ref = SkGaussianMixture(4, **kw).fit(X)
    _assert_same_fit(ours, ref, rtol=1e-6, atol=1e-8)
    # With the same seed, n_init=1 runs only the first of these initialisations.
    assert ours.lower_bound_ >= GaussianMixture(4, **{**kw, "n_init": 1}).fit(X).lower_bound_ - 1e-12


@pytest.mark.parametrize("n_iter", [1, 2, 5])
def test_each_iteration_matches_scikit_learn(n_iter):
    X = load_iris().data
    kw = dict(max_iter=n_iter, random_state=3, tol=0.0)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        ours = GaussianMixture(3, **kw).fit(X)
        ref = SkGaussianMixture(3, **kw).fit(X)
    _assert_same_fit(ours, ref, rtol=1e-10, atol=1e-12)


def test_fused_pass_against_scipy():
    # The fused E-step returns sum_j log sum_k alpha_k N(y_j | mu_k, Sigma_k) and the responsibilities'
    # sums N_k, T_k, S_k about the current means; check all of them against SciPy and NumPy.
    rng = np.random.default_rng(0)
    n, d, K = 300, 3, 4
    X = rng.normal(size=(n, d)) * 2
    weights = rng.dirichlet(np.ones(K))
    means = rng.normal(size=(K, d))
    A = rng.normal(size=(K, d, d))
    covs = A @ A.transpose(0, 2, 1) + np.eye(d)
    prec_chol = np.array([np.linalg.inv(np.linalg.cholesky(c)).T for c in covs])
    log_det = np.log(np.diagonal(prec_chol, axis1=1, axis2=2)).sum(axis=1)
    nk, t1, s2 = np.empty(K), np.empty((K, d)), np.empty((K, d, d))
    total = _em_pass_full(X, np.log(weights), means, prec_chol, log_det, nk, t1, s2, np.empty((K, d)), np.empty(K))
    logp = np.column_stack([np.log(w) + multivariate_normal(m, c).logpdf(X) for w, m, c in zip(weights, means, covs)])
    assert total == pytest.approx(logsumexp(logp, axis=1).sum(), rel=1e-12)
    gamma = np.exp(logp - logsumexp(logp, axis=1, keepdims=True))
    np.testing.assert_allclose(nk, gamma.sum(axis=0), rtol=1e-12)
    for k in range(K):
        diff = X - means[k]
        np.testing.assert_allclose(t1[k], gamma[:, k] @ diff, rtol=1e-11, atol=1e-12)
        np.testing.assert_allclose(np.triu(s2[k]), np.triu((gamma[:, k] * diff.T) @ diff), rtol=1e-11)


def test_m_step_uses_the_new_mean_in_the_covariance():
    # (9.31) with the freshly updated mean (9.30): S_k - T_k T_k^T / N_k is the scatter about mu_k.
    rng = np.random.default_rng(2)
    n, d, K = 200, 2, 2
    X = rng.normal(size=(n, d)) + 5.0
    gamma = rng.dirichlet(np.ones(K), size=n)
    old_means = rng.normal(size=(K, d))
    nk = gamma.sum(axis=0)
    t1 = np.array([gamma[:, k] @ (X - old_means[k]) for k in range(K)])
    s2 = np.array([(gamma[:, k] * (X - old_means[k]).T) @ (X - old_means[k]) for k in range(K)])
    weights, means, covs = np.empty(K), old_means.copy(), np.empty((K, d, d))
    ok = _m_step_full(nk, t1, s2, 0.0, weights, means, covs, np.empty((K, d, d)), np.empty(K), np.empty((d, d)))
    assert ok
    new_means = gamma.T @ X / nk[:, None]
    np.testing.assert_allclose(means, new_means, rtol=1e-12)
    np.testing.assert_allclose(weights, nk / n, rtol=1e-12)
    for k in range(K):
        np.testing.assert_allclose(covs[k], np.cov(X.T, aweights=gamma[:, k], bias=True), rtol=1e-10)


def test_exercise_9_3_from_the_stated_start():
    y = load_example("lihang", "9.3").y
    np.testing.assert_array_equal(y, EX_9_3)
    v = y.var()
    start = dict(weights_init=[0.5, 0.5], means_init=[[-67.0], [75.0]], precisions_init=[[[1 / v]], [[1 / v]]])
    ref = SkGaussianMixture(2, reg_covar=0.0, tol=1e-12, max_iter=1000, **start).fit(y[:, None])
    ours = GaussianMixture(2, reg_covar=0.0, tol=1e-12, max_iter=1000, **start).fit(y[:, None])
    _assert_same_fit(ours, ref, rtol=1e-8, atol=1e-10)
    book = em_gmm_1d(y, [0.5, 0.5], [-67, 75], [v, v], tol=1e-12, max_iter=1000)
    np.testing.assert_allclose(book.mu[-1], ref.means_.ravel(), rtol=1e-8)
    np.testing.assert_allclose(book.sigma2[-1], ref.covariances_.ravel(), rtol=1e-8)
    np.testing.assert_allclose(book.alpha[-1], ref.weights_, rtol=1e-8)
    answer = [ref.weights_[0], ref.means_[0, 0], ref.means_[1, 0], ref.covariances_[0, 0, 0], ref.covariances_[1, 0, 0]]
    assert check("lihang-9.3", np.round(answer, 4)).correct
    swapped = [answer[0] and 1 - answer[0], answer[2], answer[1], answer[4], answer[3]]
    assert check("lihang-9.3", swapped).correct
    assert not check("lihang-9.3", [0.3423, 19.72, 21.56, 68.89, 1984.70]).correct  # another local maximum


def test_em_gmm_1d_first_iteration_by_hand():
    # One step of Algorithm 9.2 written out with SciPy's normal density.
    y = EX_9_3
    alpha, mu, s2 = np.array([0.3, 0.7]), np.array([-50.0, 30.0]), np.array([200.0, 600.0])
    dens = alpha * norm.pdf(y[:, None], mu, np.sqrt(s2))
    gamma = dens / dens.sum(axis=1, keepdims=True)
    nk = gamma.sum(axis=0)
    mu1 = gamma.T @ y / nk
    s2_new = (gamma * (y[:, None] - mu1) ** 2).sum(axis=0) / nk
    s2_old = (gamma * (y[:, None] - mu) ** 2).sum(axis=0) / nk
    em = em_gmm_1d(y, alpha, mu, s2, max_iter=1, tol=None)
    np.testing.assert_allclose(em.alpha[1], nk / len(y), rtol=1e-13)
    np.testing.assert_allclose(em.mu[1], mu1, rtol=1e-13)
    np.testing.assert_allclose(em.sigma2[1], s2_new, rtol=1e-13)
    assert em.log_likelihood[0] == pytest.approx(np.log(dens.sum(axis=1)).sum(), rel=1e-13)
    ecm = em_gmm_1d(y, alpha, mu, s2, max_iter=1, tol=None, m_step="ecm")
    np.testing.assert_allclose(ecm.sigma2[1], s2_old, rtol=1e-13)
    # The two differ exactly by the squared shift of the mean: sum gamma (y - mu)^2 / n = s2_new + (mu1 - mu)^2.
    np.testing.assert_allclose(s2_old, s2_new + (mu1 - mu) ** 2, rtol=1e-12)


@pytest.mark.parametrize("m_step", ["em", "ecm", "damped"])
@pytest.mark.parametrize("seed", range(5))
def test_em_and_gem_variants_increase_Q_and_the_likelihood(m_step, seed):
    # Theorem 9.1 for EM, and its GEM generalisation (Algorithms 9.4, 9.5): Q(theta^(i+1), theta^(i)) >=
    # Q(theta^(i), theta^(i)) implies log P(Y | theta^(i+1)) >= log P(Y | theta^(i)).
    rng = np.random.default_rng(seed)
    y = np.r_[rng.normal(-2, 1, 60), rng.normal(3, 2, 90)]
    em = em_gmm_1d(y, [0.5, 0.5], rng.normal(size=2), [1.0, 1.0], m_step=m_step, max_iter=500, tol=1e-11)
    assert np.all(em.q_gain >= -1e-10)
    assert np.all(np.diff(em.log_likelihood) >= -1e-10)
    assert em.converged
    reference = em_gmm_1d(y, [0.5, 0.5], em.mu[0], [1.0, 1.0], max_iter=500, tol=1e-11)
    assert em.log_likelihood[-1] == pytest.approx(reference.log_likelihood[-1], abs=1e-6)


def test_em_gmm_1d_warns_at_max_iter_unless_tol_is_none():
    with pytest.warns(ConvergenceWarning, match="did not converge"):
        em = em_gmm_1d(EX_9_3, [0.5, 0.5], [-67.0, 75.0], [1000.0, 1000.0], max_iter=2)
    assert em.n_iter == 2 and not em.converged and em.alpha.shape == (3, 2)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        em = em_gmm_1d(EX_9_3, [0.5, 0.5], [-67.0, 75.0], [1000.0, 1000.0], max_iter=2, tol=None)
    assert em.n_iter == 2 and em.log_likelihood.shape == (3,)


def test_em_gmm_1d_reports_a_collapse():
    with pytest.raises(ValueError, match="collapsed|lost all"):
        em_gmm_1d([0.0, 0.0, 0.0, 5.0, 6.0], [0.5, 0.5], [0.0, 5.5], [1e-3, 1.0], max_iter=200)


@pytest.mark.parametrize(
    "kwargs, match",
    [
        (dict(alpha=[0.5, 0.6]), "alpha must be a probability vector"),
        (dict(mu=[0.0]), "mu must have the same length"),
        (dict(sigma2=[1.0, -1.0]), "sigma2 must be positive"),
        (dict(m_step="newton"), "m_step must be one of"),
        (dict(step=0.0), "step must be > 0"),
        (dict(max_iter=0), "max_iter must be >= 1"),
    ],
)
def test_em_gmm_1d_bad_input(kwargs, match):
    args = dict(alpha=[0.5, 0.5], mu=[0.0, 1.0], sigma2=[1.0, 1.0])
    args.update(kwargs)
    with pytest.raises(ValueError, match=match):
        em_gmm_1d(EX_9_3, **args)


@pytest.mark.parametrize("covariance_type", ["full", "diag", "spherical"])
def test_likelihood_never_decreases(covariance_type):
    X = load_iris().data
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        gm = GaussianMixture(
            5, covariance_type=covariance_type, init_params="random", random_state=1, tol=0.0, max_iter=60
        ).fit(X)
    assert len(gm.lower_bounds_) == 60
    assert np.all(np.diff(gm.lower_bounds_) >= -1e-12)


@pytest.mark.parametrize("covariance_type", ["full", "diag", "spherical"])
def test_component_far_from_the_data_collapses_without_nan(covariance_type):
    # The third component starts 1e3 standard deviations away: its responsibilities underflow to 0, so
    # N_k = 0. The floor on N_k and reg_covar keep every parameter finite.
    rng = np.random.default_rng(0)
    X = rng.normal(size=(100, 2))
    means = np.array([[-0.5, 0.0], [0.5, 0.0], [1e3, 1e3]])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        gm = GaussianMixture(
            3, covariance_type=covariance_type, means_init=means, random_state=0, max_iter=20, tol=1e-6
        ).fit(X)
    for value in (gm.weights_, gm.means_, gm.covariances_, gm.precisions_cholesky_, gm.lower_bounds_):
        assert np.all(np.isfinite(value))
    assert gm.weights_[2] < 1e-12
    assert np.all(np.isfinite(gm.score_samples(X))) and np.all(np.isfinite(gm.predict_proba(X)))


def test_component_on_repeated_points_keeps_reg_covar():
    # Ten copies of one point: that component's covariance collapses to reg_covar * I, not to 0 or NaN.
    rng = np.random.default_rng(1)
    X = np.vstack([rng.normal(size=(50, 2)) + 10.0, np.zeros((10, 2))])
    gm = GaussianMixture(2, random_state=0, reg_covar=1e-4).fit(X)
    k = int(np.argmin(np.linalg.norm(gm.means_, axis=1)))
    np.testing.assert_allclose(gm.covariances_[k], 1e-4 * np.eye(2), atol=1e-12)
    assert np.all(np.isfinite(gm.score_samples(X)))
    with pytest.raises(ValueError, match="reg_covar"):
        GaussianMixture(2, random_state=0, reg_covar=0.0).fit(X)


def test_stops_at_max_iter_with_warning():
    X = load_iris().data
    with pytest.warns(ConvergenceWarning, match="did not converge"):
        gm = GaussianMixture(3, max_iter=2, tol=0.0, random_state=0).fit(X)
    assert gm.n_iter_ == 2 and not gm.converged_ and len(gm.lower_bounds_) == 2


def test_max_iter_zero_keeps_the_start():
    X = load_iris().data
    gm = GaussianMixture(3, max_iter=0, random_state=0).fit(X)
    ref = SkGaussianMixture(3, max_iter=0, random_state=0).fit(X)
    np.testing.assert_allclose(gm.means_, ref.means_, rtol=1e-12)
    assert gm.n_iter_ == 0 and gm.lower_bounds_ == []


def test_one_dimensional_book_model_and_seeded_sampling():
    gm = GaussianMixture(2, random_state=0).fit(EX_9_3[:, None])
    assert gm.means_.shape == (2, 1) and gm.covariances_.shape == (2, 1, 1)
    a, la = gm.sample(40)
    b, lb = gm.sample(40)
    np.testing.assert_array_equal(a, b)
    np.testing.assert_array_equal(la, lb)
    assert a.shape == (40, 1) and set(np.unique(la)) <= {0, 1}
    np.testing.assert_array_equal(gm.fit_predict(EX_9_3[:, None]), gm.predict(EX_9_3[:, None]))


def test_fit_is_reproducible_bit_for_bit():
    X = load_wine().data
    a = GaussianMixture(3, covariance_type="diag", random_state=7).fit(X)
    b = GaussianMixture(3, covariance_type="diag", random_state=7).fit(X)
    np.testing.assert_array_equal(a.means_, b.means_)
    np.testing.assert_array_equal(a.covariances_, b.covariances_)


@pytest.mark.parametrize(
    "params, error, match",
    [
        ({"n_components": 0}, ValueError, "n_components must be >= 1"),
        ({"n_components": 2.0}, TypeError, "n_components must be an integer"),
        ({"covariance_type": "tied"}, ValueError, "covariance_type must be one of"),
        ({"tol": -1.0}, ValueError, "tol must be >= 0"),
        ({"reg_covar": -1e-6}, ValueError, "reg_covar must be >= 0"),
        ({"max_iter": -1}, ValueError, "max_iter must be >= 0"),
        ({"init_params": "pca"}, ValueError, "init_params must be one of"),
        ({"n_init": 0}, ValueError, "n_init must be >= 1"),
        ({"weights_init": [0.5, 0.6]}, ValueError, "weights_init must be a probability vector"),
        ({"weights_init": [1.0]}, ValueError, r"weights_init must have shape \(2,\)"),
        ({"means_init": [[0.0, 0.0]]}, ValueError, r"means_init must have shape \(2, 4\)"),
        ({"means_init": [[0.0] * 4, [np.nan] * 4]}, ValueError, "means_init must contain only finite"),
        ({"precisions_init": np.ones((2, 4))}, ValueError, r"precisions_init must have shape \(2, 4, 4\)"),
        ({"precisions_init": -np.stack([np.eye(4)] * 2)}, ValueError, "symmetric positive-definite"),
        ({"covariance_type": "diag", "precisions_init": np.zeros((2, 4))}, ValueError, "must be positive"),
    ],
)
def test_bad_hyperparameters(params, error, match):
    X = load_iris().data
    with pytest.raises(error, match=match):
        GaussianMixture(**{"n_components": 2, **params}).fit(X)


@pytest.mark.parametrize(
    "X, match",
    [
        (np.array([[1.0, np.nan], [2.0, 3.0], [0.0, 1.0]]), "NaN"),
        (np.arange(5.0), "2D array"),
        (np.empty((0, 2)), "0 sample"),
        (np.array([["a", "b"], ["c", "d"]], dtype=object), "could not convert"),
        (np.array([[1.0, 2.0]]), "1 sample"),
        (np.array([[1.0], [2.0]]), "at least n_components=3 samples"),
    ],
)
def test_bad_data(X, match):
    with pytest.raises(ValueError, match=match):
        GaussianMixture(3).fit(X)


def test_predict_rejects_wrong_width():
    gm = GaussianMixture(2, random_state=0).fit(load_iris().data)
    with pytest.raises(ValueError, match="features"):
        gm.predict(np.zeros((3, 2)))


@parametrize_with_checks(
    [
        GaussianMixture(),
        GaussianMixture(2, covariance_type="diag", random_state=0),
        GaussianMixture(2, covariance_type="spherical", init_params="random", random_state=0),
    ]
)
def test_scikit_learn_contract(estimator, check):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        check(estimator)
