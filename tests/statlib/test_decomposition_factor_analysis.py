"""statlib.decomposition.FactorAnalysis (MLAPP §12.1): EM for factor analysis, with missing data.

Expected values come from scikit-learn's FactorAnalysis (an SVD-based maximiser of the same likelihood) on the
same data, from SciPy's multivariate normal density, and from exact identities: the marginal covariance
W W^T + Psi (12.6), the Gaussian posterior of the factors (12.7)-(12.9) computed by conditioning the joint
Gaussian of (z, x), the invariance of the likelihood under a rotation W R (12.10)-(12.11), the monotone
likelihood of EM, and the corrected parameter-count bound (12.12).
"""

import warnings

import numpy as np
import pytest
from scipy import stats
from sklearn import decomposition as skd
from sklearn.datasets import load_wine
from sklearn.exceptions import ConvergenceWarning
from sklearn.utils.estimator_checks import parametrize_with_checks

from statlib.decomposition import FactorAnalysis, max_factors
from statlib.decomposition._factor_analysis import _em_step, _missing_m_step, _missing_pass


def _wine():
    X = load_wine().data
    return (X - X.mean(axis=0)) / X.std(axis=0)


def _synthetic(n=400, D=6, L=2, seed=0):
    rng = np.random.default_rng(seed)
    W = rng.normal(size=(D, L))
    psi = rng.uniform(0.2, 1.0, size=D)
    Z = rng.normal(size=(n, L))
    return Z @ W.T + rng.normal(size=(n, D)) * np.sqrt(psi) + rng.normal(size=D)


@parametrize_with_checks([FactorAnalysis(1, max_iter=200), FactorAnalysis(1, max_iter=200, algorithm="em")])
def test_scikit_learn_contract(estimator, check):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        check(estimator)


@pytest.mark.parametrize("algorithm", ["eigen", "em"])
@pytest.mark.parametrize("L", [1, 2, 3])
def test_same_maximum_as_scikit_learn_on_wine(L, algorithm):
    X = _wine()
    ours = FactorAnalysis(L, tol=1e-10, max_iter=100_000, algorithm=algorithm).fit(X)
    # like for like: scikit-learn's exact SVD runs the eigen fixed point itself, from the same start (Psi = I on
    # standardised data) and with the same stopping rule. Its default randomized SVD makes the recorded
    # log-likelihood jitter by about 1e-6, and its rule (stop at the first rise below tol, a drop included) then
    # ends the run early: at L = 2 the covariance is still 1e-4 away from the maximum.
    ref = skd.FactorAnalysis(L, tol=1e-10, max_iter=100_000, svd_method="lapack").fit(X)
    assert ours.score(X) == pytest.approx(ref.score(X), abs=1e-10)
    assert ours.score(X) >= ref.score(X) - 1e-10  # at least scikit-learn's maximum
    # the loadings are defined only up to a rotation (12.10)-(12.11): compare W W^T + Psi. The eigen iteration takes
    # scikit-learn's steps (its log-likelihoods agree at every step), but round-off in the last rises below tol can
    # stop the two a step or two apart (7.8e-8 in C under OPENBLAS_CORETYPE=Prescott); EM takes other steps to the
    # same maximum and stops 3e-6 short of it in C at L = 1.
    atol = 1e-6 if algorithm == "eigen" else 1e-5
    np.testing.assert_allclose(ours.get_covariance(), ref.get_covariance(), atol=atol)
    np.testing.assert_allclose(ours.noise_variance_, ref.noise_variance_, atol=atol)
    np.testing.assert_allclose(ours.mean_, X.mean(axis=0), atol=1e-12)
    if algorithm == "eigen":
        k = min(ours.n_iter_, ref.n_iter_)
        np.testing.assert_allclose(ours.loglike_[:k], ref.loglike_[:k], atol=1e-9 * len(X))


def test_score_samples_is_the_gaussian_density_of_12_6():
    X = _synthetic()
    fa = FactorAnalysis(2, tol=1e-6).fit(X)
    C = fa.components_.T @ fa.components_ + np.diag(fa.noise_variance_)
    np.testing.assert_allclose(fa.get_covariance(), C, atol=1e-12)
    np.testing.assert_allclose(fa.get_precision(), np.linalg.inv(C), atol=1e-9)
    expected = stats.multivariate_normal(fa.mean_, C).logpdf(X)
    np.testing.assert_allclose(fa.score_samples(X), expected, atol=1e-9)
    assert fa.score(X) == pytest.approx(expected.mean(), abs=1e-9)
    # and the same as scikit-learn's formula with our parameters plugged in
    ref = skd.FactorAnalysis(2).fit(X)
    ref.components_, ref.noise_variance_, ref.mean_ = fa.components_, fa.noise_variance_, fa.mean_
    np.testing.assert_allclose(ref.score_samples(X), expected, atol=1e-9)


def test_posterior_is_gaussian_conditioning_12_7_to_12_9():
    X = _synthetic(seed=1)
    fa = FactorAnalysis(2, tol=1e-6).fit(X)
    W, psi, mu = fa.components_.T, fa.noise_variance_, fa.mean_
    # joint Gaussian of (z, x): cov(z, x) = W^T, cov(x) = W W^T + Psi; condition z on x
    C = W @ W.T + np.diag(psi)
    gain = W.T @ np.linalg.inv(C)
    np.testing.assert_allclose(fa.transform(X), (X - mu) @ gain.T, atol=1e-9)
    np.testing.assert_allclose(fa.posterior_covariance(), np.eye(2) - gain @ W, atol=1e-9)
    # and scikit-learn's transform with the same parameters
    ref = skd.FactorAnalysis(2).fit(X)
    ref.components_, ref.noise_variance_, ref.mean_ = fa.components_, psi, mu
    np.testing.assert_allclose(fa.transform(X), ref.transform(X), atol=1e-9)


def test_rotation_leaves_the_likelihood_unchanged_12_11():
    X = _synthetic(seed=2)
    fa = FactorAnalysis(2, tol=1e-6).fit(X)
    theta = 0.7
    R = np.array([[np.cos(theta), -np.sin(theta)], [np.sin(theta), np.cos(theta)]])
    before = fa.score(X)
    fa.components_ = (fa.components_.T @ R).T
    assert fa.score(X) == pytest.approx(before, abs=1e-10)


@pytest.mark.parametrize("missing", [0.0, 0.2])
def test_em_likelihood_is_monotone(missing):
    X = _synthetic(seed=3)
    rng = np.random.default_rng(4)
    X[rng.random(X.shape) < missing] = np.nan
    fa = FactorAnalysis(2, tol=0.0, max_iter=300, algorithm="em")
    with pytest.warns(ConvergenceWarning):
        fa.fit(X)
    assert fa.n_iter_ == 300
    assert np.all(np.diff(fa.loglike_) >= -1e-8 * np.abs(fa.loglike_[:-1]))
    assert fa.loglike_[-1] > fa.loglike_[0]


def test_missing_data_pass_equals_complete_data_pass_without_nan():
    X = _synthetic(seed=5)
    rng = np.random.default_rng(6)
    W, psi, mu = rng.normal(size=(6, 2)), rng.uniform(0.5, 1.5, size=6), X.mean(axis=0)
    _, _, xb, cc, xx = _missing_pass(X, np.ones(X.shape, dtype=bool), W, mu, psi, True)
    W1, mu1, psi1 = _missing_m_step(xb, cc, xx, np.full(6, float(len(X))))
    S = (X - mu).T @ (X - mu) / len(X)
    W2, psi2 = _em_step(S, W, psi)
    np.testing.assert_allclose(W1, W2, atol=1e-10)
    np.testing.assert_allclose(psi1, psi2, atol=1e-10)
    np.testing.assert_allclose(mu1, mu, atol=1e-10)


def test_missing_data_likelihood_is_the_marginal_of_the_observed_part():
    X = _synthetic(seed=7)
    fa = FactorAnalysis(2, tol=1e-6).fit(X)
    Xm = X.copy()
    Xm[0, [1, 4]] = np.nan
    Xm[1, 0] = np.nan
    C = fa.get_covariance()
    for i in range(2):
        o = ~np.isnan(Xm[i])
        expected = stats.multivariate_normal(fa.mean_[o], C[np.ix_(o, o)]).logpdf(Xm[i, o])
        assert fa.score_samples(Xm[i : i + 1])[0] == pytest.approx(expected, abs=1e-9)
        W_o, psi_o = fa.components_.T[o], fa.noise_variance_[o]
        gain = W_o.T @ np.linalg.inv(W_o @ W_o.T + np.diag(psi_o))
        np.testing.assert_allclose(fa.transform(Xm[i : i + 1])[0], gain @ (Xm[i, o] - fa.mean_[o]), atol=1e-9)


def test_missing_data_fit_is_a_stationary_point_of_the_observed_likelihood():
    # EM converges to a stationary point of sum_i log N(x_o | mu_o, C_oo): central finite differences of that
    # likelihood (calculus, independent of the M-step formulas of section 12.1.6) vanish in W, mu, Psi.
    X = _synthetic(n=300, seed=10)
    X[np.random.default_rng(11).random(X.shape) < 0.15] = np.nan
    fa = FactorAnalysis(2, tol=1e-11, max_iter=50_000).fit(X)
    h = 1e-6
    for name in ("components_", "mean_", "noise_variance_"):
        values = getattr(fa, name)
        for idx in np.ndindex(values.shape):
            old = values[idx]
            values[idx] = old + h
            up = fa.score(X)
            values[idx] = old - h
            down = fa.score(X)
            values[idx] = old
            assert abs(up - down) / (2 * h) < 1e-5, (name, idx)


def test_likelihood_is_accurate_in_a_heywood_case():
    # Five factors for six variables on five tiny rows: psi_j falls to ~1e-10 and K = I + W^T Psi^{-1} W is
    # ill-conditioned. The log-likelihood must still match SciPy's dense evaluation of N(mu, W W^T + Psi) (12.6);
    # the cancelling form r^T Psi^{-1} r - v^T K^{-1} v was off by 1e-4 here (a case found by the property tests).
    nan = np.nan
    X = np.array(
        [
            [-0.00270933, 0.00695797, 0.02079462, -0.01921027, 0.00142565, 0.01264056],
            [-0.03745324, 0.01367037, 0.03040412, nan, -0.00491957, 0.02002907],
            [-0.0025497, -0.01235715, -0.03504803, 0.02960102, -0.04205587, -0.0031199],
            [0.01160718, 0.02686572, -0.02801123, nan, 0.01592825, 0.0011699],
            [nan, -0.00039145, nan, 0.01320602, -0.00358743, -0.03467315],
        ]
    )
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        fa = FactorAnalysis(5, max_iter=30).fit(X)
    assert fa.noise_variance_.max() < 1e-6
    C = fa.get_covariance()
    for i in range(len(X)):
        o = ~np.isnan(X[i])
        expected = stats.multivariate_normal(fa.mean_[o], C[np.ix_(o, o)]).logpdf(X[i, o])
        assert fa.score_samples(X[i : i + 1])[0] == pytest.approx(expected, abs=1e-6)
    complete = X[[0, 2]]
    expected = stats.multivariate_normal(fa.mean_, C).logpdf(complete)
    np.testing.assert_allclose(fa.score_samples(complete), expected, atol=1e-6)


def test_missing_data_fit_recovers_the_covariance():
    X = _synthetic(n=3000, seed=8)
    full = FactorAnalysis(2, tol=1e-8, max_iter=20_000).fit(X)
    Xm = X.copy()
    Xm[np.random.default_rng(9).random(X.shape) < 0.1] = np.nan
    part = FactorAnalysis(2, tol=1e-8, max_iter=20_000).fit(Xm)
    scale = np.abs(full.get_covariance()).max()
    np.testing.assert_allclose(part.get_covariance(), full.get_covariance(), atol=0.1 * scale)


def test_hinton_example_exercise_12_11():
    rng = np.random.default_rng(0)
    Z = rng.normal(size=(200, 3))
    X = np.column_stack([Z[:, 0], Z[:, 0] + 0.001 * Z[:, 1], 10 * Z[:, 2]])
    fa = FactorAnalysis(1, tol=1e-8, max_iter=500, algorithm="em")
    with pytest.warns(ConvergenceWarning):  # a Heywood case: psi_1, psi_2 -> 0, EM creeps
        fa.fit(X)
    # share of each variable's variance carried by the factor (the communality w_j^2 / C_jj)
    share = fa.components_[0] ** 2 / np.diag(fa.get_covariance())
    assert share[0] > 0.999 and share[1] > 0.999 and share[2] < 0.01
    # the eigen fixed point (the default) reaches the same boundary point
    eig = FactorAnalysis(1, tol=1e-8, max_iter=500).fit(X)
    share_eig = eig.components_[0] ** 2 / np.diag(eig.get_covariance())
    assert share_eig[0] > 0.999 and share_eig[1] > 0.999 and share_eig[2] < 0.01
    assert eig.score(X) >= fa.score(X) - 1e-6
    v = skd.PCA(1).fit(X).components_[0]
    assert abs(v[2]) > 0.99


def test_max_factors_12_12():
    # floor(D + (1 - sqrt(1 + 8 D)) / 2), checked against the parameter count directly
    for D in range(1, 40):
        count_ok = [L for L in range(D + 1) if D + L * D - L * (L - 1) / 2 <= D * (D + 1) / 2]
        assert max_factors(D) == max(count_ok)
    assert max_factors(6) == 3  # the book's example
    assert [max_factors(d) for d in range(1, 12)] == [0, 0, 1, 1, 2, 3, 3, 4, 5, 6, 6]


@pytest.mark.parametrize(
    ("params", "name"),
    [
        ({"n_components": 0}, "n_components"),
        ({"n_components": 7}, "n_components"),
        ({"n_components": 1.5}, "n_components"),
        ({"tol": -1.0}, "tol"),
        ({"max_iter": 0}, "max_iter"),
        ({"noise_variance_init": [1.0, 2.0]}, "noise_variance_init"),
        ({"noise_variance_init": -np.ones(6)}, "noise_variance_init"),
    ],
)
def test_bad_hyperparameters_are_named(params, name):
    with pytest.raises((ValueError, TypeError), match=name):
        FactorAnalysis(**params).fit(_synthetic())


def test_bad_data_is_named():
    X = _synthetic()
    with pytest.raises(ValueError, match="X"):
        FactorAnalysis(1).fit(X[:, 0])
    bad = X.copy()
    bad[0, 0] = np.inf
    with pytest.raises(ValueError, match="X"):
        FactorAnalysis(1).fit(bad)
    bad = X.copy()
    bad[:, 2] = np.nan
    with pytest.raises(ValueError, match="X"):
        FactorAnalysis(1).fit(bad)
    with pytest.raises(ValueError, match="max_factors|n_features"):
        max_factors(0)


def test_factor_analysis_refuses_data_whose_covariance_overflows():
    # was a LinAlgError ('Array must not contain infs or NaNs') from inside the fit
    X = np.random.default_rng(0).normal(size=(30, 4)) * 1e300
    with pytest.raises(ValueError, match="X is too large for squared norms"):
        FactorAnalysis(1).fit(X)


def test_factor_analysis_refuses_data_whose_covariance_underflows():
    # at 1e-300 the covariance was 0 and the scores differed from those of the unscaled data, without an error
    X = np.random.default_rng(0).normal(size=(30, 4)) * 1e-300
    with pytest.raises(ValueError, match="X is too small for squares"):
        FactorAnalysis(1).fit(X)
