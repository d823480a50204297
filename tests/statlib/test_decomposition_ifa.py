"""statlib.decomposition.IndependentFactorAnalysis: ICA by EM with mixture-of-Gaussians sources (MLAPP §12.6.3).

Expected values come from outside the code under test: the likelihood summed over the K^L configurations with
SciPy's Gaussian densities, the posterior mean by brute-force integration over the plane, the Gaussian maximum
likelihood (K = 1), the monotonicity of EM, and the true sources.
"""

import warnings
from itertools import product

import numpy as np
import pytest
from scipy import stats
from sklearn.exceptions import ConvergenceWarning
from sklearn.utils.estimator_checks import parametrize_with_checks

from statlib.decomposition import IndependentFactorAnalysis


def _data(n=1500, seed=0, noise=0.05):
    rng = np.random.default_rng(seed)
    S = np.column_stack([rng.laplace(size=n), rng.choice([-1.0, 1.0], n) + 0.3 * rng.normal(size=n)])
    X = S @ np.array([[2.0, 3.0], [2.0, 1.0]]).T + noise * rng.normal(size=(n, 2))
    return S, X


def _fit(X, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        return IndependentFactorAnalysis(**kwargs).fit(X)


def test_separates_a_super_and_a_sub_gaussian_source():
    S, X = _data()
    model = _fit(X, random_state=0)
    C = np.abs(np.corrcoef(S.T, model.transform(X).T)[:2, 2:])
    assert np.all(C.max(axis=1) > 0.98) and sorted(C.argmax(axis=1)) == [0, 1]


def test_em_never_decreases_the_likelihood():
    _, X = _data(n=600, seed=1, noise=0.2)
    ll = np.array(_fit(X, n_mixture=3, random_state=2, max_iter=60).loglike_)
    assert np.all(np.diff(ll) >= -1e-10) and ll[-1] > ll[0]


def test_score_and_transform_are_the_sum_over_configurations():
    _, X = _data(n=300, seed=2, noise=0.3)
    model = _fit(X, random_state=1, max_iter=30)
    W, psi = model.mixing_, model.noise_variance_
    pi, mu, var = model.weights_, model.means_, model.variances_
    Xc = X - X.mean(axis=0)
    dens = np.zeros(len(X))
    for q in product(range(2), repeat=2):
        m = mu[[0, 1], q]
        S = np.diag(var[[0, 1], q])
        dens += np.prod(pi[[0, 1], q]) * stats.multivariate_normal(W @ m, W @ S @ W.T + np.diag(psi)).pdf(Xc)
    assert model.score(X) == pytest.approx(np.log(dens).mean(), abs=1e-10)
    # E[z | x] by integrating z p(z) p(x | z) over a grid
    g = np.linspace(-8, 8, 801)
    Z1, Z2 = np.meshgrid(g, g, indexing="ij")
    prior = sum(pi[0, k] * stats.norm(mu[0, k], np.sqrt(var[0, k])).pdf(Z1) for k in range(2)) * sum(
        pi[1, k] * stats.norm(mu[1, k], np.sqrt(var[1, k])).pdf(Z2) for k in range(2)
    )
    for x in Xc[:3]:
        r1 = x[0] - W[0, 0] * Z1 - W[0, 1] * Z2
        r2 = x[1] - W[1, 0] * Z1 - W[1, 1] * Z2
        joint = prior * np.exp(-0.5 * (r1**2 / psi[0] + r2**2 / psi[1]))
        brute = np.array([(Z1 * joint).sum(), (Z2 * joint).sum()]) / joint.sum()
        np.testing.assert_allclose(model.transform((x + X.mean(axis=0))[None])[0], brute, atol=1e-6)


def test_one_component_per_source_is_the_gaussian_maximum_likelihood():
    _, X = _data(n=400, seed=3)
    model = _fit(X, n_mixture=1, random_state=0, max_iter=3000, tol=1e-12)
    gauss = stats.multivariate_normal(X.mean(axis=0), np.cov(X.T, bias=True)).logpdf(X).mean()
    assert model.score(X) == pytest.approx(gauss, abs=1e-7)


def test_reproducible_and_warns():
    _, X = _data(n=200)
    a, b = _fit(X, random_state=4, max_iter=5), _fit(X, random_state=4, max_iter=5)
    np.testing.assert_array_equal(a.mixing_, b.mixing_)
    with pytest.warns(ConvergenceWarning, match="max_iter"):
        IndependentFactorAnalysis(max_iter=2, random_state=0).fit(X)


@parametrize_with_checks([IndependentFactorAnalysis(max_iter=10, random_state=0)])
def test_scikit_learn_contract(estimator, check):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        check(estimator)


def test_bad_input_names_the_argument():
    _, X = _data(n=50)
    for kwargs, name in [
        (dict(n_mixture=0), "n_mixture"),
        (dict(n_mixture=2.5), "n_mixture"),
        (dict(n_components=3), "n_components"),
        (dict(max_iter=0), "max_iter"),
        (dict(tol=-1.0), "tol"),
    ]:
        with pytest.raises((ValueError, TypeError), match=name):
            IndependentFactorAnalysis(**kwargs).fit(X)
    with pytest.raises(ValueError, match="n_mixture"):
        IndependentFactorAnalysis(n_mixture=20).fit(np.random.default_rng(0).normal(size=(30, 3)))
    with pytest.raises(ValueError, match="constant feature"):
        IndependentFactorAnalysis().fit(np.column_stack([X[:, 0], np.ones(len(X))]))
    with pytest.raises(ValueError, match="X"):
        IndependentFactorAnalysis().fit(np.array([[1.0, np.nan], [2.0, 3.0]]))


@pytest.mark.parametrize("scale, words", [(1e-160, "too small"), (1e300, "too large")])
def test_ifa_refuses_data_whose_squares_leave_float64(scale, words):
    # at 1e-160 every fitted parameter was NaN with no error; at 1e300 a LinAlgError named nothing
    X = np.random.default_rng(0).normal(size=(30, 2)) * scale
    with pytest.raises(ValueError, match=f"X is {words}"):
        IndependentFactorAnalysis(n_components=2, random_state=0).fit(X)
