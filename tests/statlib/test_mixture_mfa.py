"""statlib.mixture.MixtureOfFactorAnalysers (MLAPP §12.1.4-12.1.5, eqs. (12.14)-(12.25)).

Expected values come from SciPy's multivariate normal density (the mixture density with covariances
W_c W_c^T + Psi), from statlib's single FactorAnalysis (K = 1 must retrace its EM path: the updates (12.23)-(12.24)
with r_ic = 1 are the single-FA ones), from scikit-learn's FactorAnalysis, from the monotone likelihood of EM, and
from data with known, well-separated components.
"""

import warnings

import numpy as np
import pytest
from scipy import stats
from scipy.special import logsumexp
from sklearn import decomposition as skd
from sklearn.exceptions import ConvergenceWarning
from sklearn.utils.estimator_checks import parametrize_with_checks

from statlib.decomposition import FactorAnalysis
from statlib.mixture import MixtureOfFactorAnalysers


def _two_planes(n=300, seed=0):
    rng = np.random.default_rng(seed)
    parts = []
    for shift in (np.array([8.0, 0, 0, 0]), np.array([-8.0, 0, 0, 0])):
        W = rng.normal(size=(4, 1)) * 2
        parts.append(rng.normal(size=(n, 1)) @ W.T + 0.3 * rng.normal(size=(n, 4)) + shift)
    return np.vstack(parts)


@parametrize_with_checks([MixtureOfFactorAnalysers(n_components=2, n_factors=1, max_iter=50, random_state=0)])
def test_scikit_learn_contract(estimator, check):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        check(estimator)


def test_one_component_is_factor_analysis():
    rng = np.random.default_rng(1)
    X = rng.normal(size=(200, 2)) @ rng.normal(size=(2, 5)) + rng.normal(size=(200, 5))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        mfa = MixtureOfFactorAnalysers(1, 2, tol=0.0, max_iter=50).fit(X)
        fa = FactorAnalysis(2, tol=0.0, max_iter=50, algorithm="em").fit(X)
    np.testing.assert_allclose(mfa.loglike_, np.asarray(fa.loglike_) / len(X), atol=1e-9)
    np.testing.assert_allclose(mfa.covariances()[0], fa.get_covariance(), atol=1e-9)
    np.testing.assert_allclose(mfa.means_[0], X.mean(axis=0), atol=1e-9)
    ref = skd.FactorAnalysis(2, tol=1e-10, max_iter=100_000).fit(X)
    long = MixtureOfFactorAnalysers(1, 2, tol=1e-12, max_iter=100_000).fit(X)
    assert long.score(X) == pytest.approx(ref.score(X), abs=1e-6)


def test_score_samples_is_the_mixture_density():
    X = _two_planes()
    mfa = MixtureOfFactorAnalysers(2, 1, random_state=0).fit(X)
    dens = np.column_stack(
        [
            np.log(w) + stats.multivariate_normal(m, C).logpdf(X)
            for w, m, C in zip(mfa.weights_, mfa.means_, mfa.covariances(), strict=True)
        ]
    )
    np.testing.assert_allclose(mfa.score_samples(X), logsumexp(dens, axis=1), atol=1e-9)
    np.testing.assert_allclose(mfa.predict_proba(X), np.exp(dens - logsumexp(dens, axis=1, keepdims=True)), atol=1e-9)


def test_recovers_separated_components_and_likelihood_is_monotone():
    X = _two_planes()
    mfa = MixtureOfFactorAnalysers(2, 1, tol=1e-8, max_iter=2000, random_state=3).fit(X)
    np.testing.assert_allclose(np.sort(mfa.means_[:, 0]), [-8.0, 8.0], atol=0.5)
    np.testing.assert_allclose(mfa.weights_, [0.5, 0.5], atol=0.01)
    np.testing.assert_allclose(mfa.noise_variance_, 0.09, atol=0.03)
    labels = mfa.predict(X)
    assert len(set(labels[:300])) == 1 and len(set(labels[300:])) == 1 and labels[0] != labels[-1]
    ll = np.asarray(mfa.loglike_)
    assert np.all(np.diff(ll) >= -1e-10)
    # two components explain these data far better than one
    one = MixtureOfFactorAnalysers(1, 1, tol=1e-8, max_iter=2000).fit(X)
    assert mfa.score(X) > one.score(X) + 1.0


def test_converged_fit_is_a_stationary_point_of_the_likelihood():
    # A fixed point of EM is a stationary point of the observed-data log-likelihood. Central finite differences
    # of score(X) (calculus, not the update formulas) must vanish in mu_c, W_c and the shared Psi; this fails if
    # (12.24) drops the sum over c or uses a per-component Psi_c in (12.19)-(12.20). On the simplex the gradient
    # in pi_c is (1/N) sum_i r_ic / pi_c = 1 for every c at (12.25).
    X = _two_planes(n=150, seed=2)
    mfa = MixtureOfFactorAnalysers(2, 1, tol=1e-13, max_iter=20_000, random_state=0).fit(X)
    h = 1e-6

    def gradient(name):
        values = getattr(mfa, name)
        grad = np.zeros_like(values)
        for idx in np.ndindex(values.shape):
            old = values[idx]
            values[idx] = old + h
            up = mfa.score(X)
            values[idx] = old - h
            down = mfa.score(X)
            values[idx] = old
            grad[idx] = (up - down) / (2 * h)
        return grad

    for name in ("means_", "loadings_", "noise_variance_"):
        assert np.abs(gradient(name)).max() < 1e-5, name
    np.testing.assert_allclose(gradient("weights_"), 1.0, atol=1e-5)


def test_random_state_reproducible():
    X = _two_planes(seed=4)
    a = MixtureOfFactorAnalysers(3, 1, random_state=7).fit(X)
    b = MixtureOfFactorAnalysers(3, 1, random_state=7).fit(X)
    np.testing.assert_array_equal(a.means_, b.means_)
    np.testing.assert_array_equal(a.loadings_, b.loadings_)


@pytest.mark.parametrize(
    ("params", "name"),
    [
        ({"n_components": 0}, "n_components"),
        ({"n_components": 1000}, "n_components"),
        ({"n_factors": 0}, "n_factors"),
        ({"n_factors": 5}, "n_factors"),
        ({"tol": -1.0}, "tol"),
        ({"max_iter": 0}, "max_iter"),
    ],
)
def test_bad_hyperparameters_are_named(params, name):
    with pytest.raises((ValueError, TypeError), match=name):
        MixtureOfFactorAnalysers(**params).fit(_two_planes())


def test_bad_data_is_named():
    X = _two_planes()
    bad = X.copy()
    bad[0, 0] = np.nan
    with pytest.raises(ValueError, match="X"):
        MixtureOfFactorAnalysers().fit(bad)
    with pytest.raises(ValueError, match="X"):
        MixtureOfFactorAnalysers().fit(X[:, 0])


@pytest.mark.parametrize("row", [[0.1, 7.0, 1e4], [1.0, 2.0, 3.0], [0.0, 0.0, 0.0]])
@pytest.mark.parametrize("K", [1, 2, 3])
def test_identical_rows_are_refused_naming_X(row, K):
    # every feature constant: the likelihood is unbounded as Psi -> 0, so there is no fit to return; EM used to stop
    # on numpy's LinAlgError ("Singular matrix") for some rows and return a fit scaled by an arbitrary 1e-306 floor
    # for others
    X = np.tile(row, (30, 1))
    with pytest.raises(ValueError, match="X must have at least two distinct rows"):
        MixtureOfFactorAnalysers(K, 1, random_state=0).fit(X)


def test_repeated_rows_with_two_distinct_points_still_fit():
    # two points, each repeated: the data have a variance, which sets the noise floor; each component sits on one point
    X = np.repeat([[1.0, 2.0, 3.0], [5.0, 0.0, 1.0]], 10, axis=0)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        mfa = MixtureOfFactorAnalysers(2, 1, random_state=0).fit(X)
    np.testing.assert_allclose(np.sort(mfa.means_[:, 0]), [1.0, 5.0], atol=1e-6)
    np.testing.assert_allclose(mfa.noise_variance_, 1e-6 * np.mean(np.var(X, axis=0)))
