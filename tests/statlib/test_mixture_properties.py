"""Property-based tests for statlib.mixture: one-dimensional EM for Gaussian mixtures, the three-coin model
(ThreeCoinEM and its log-likelihood) and GaussianMixture.

What the generated cases must satisfy, and how they are registered and run: ``property_support``.
"""

from collections import Counter

import numpy as np
from hypothesis import given
from hypothesis import strategies as st
from property_support import SEEDS, SETTINGS, bad_array, finite, harness, quietly, random_bad, refused, registry

from statlib import mixture
from statlib.mixture import GaussianMixture, ThreeCoinEM

CASES = Counter()  # (name, kind) -> number of generated cases; reported by conftest.py
VALID, INVALID, valid, invalid = registry()


# -- mixtures -------------------------------------------------------------------------------------------------


@valid("em_gmm_1d")
def _(rng):
    N, K = int(rng.integers(2, 15)), int(rng.integers(1, 4))
    y = rng.normal(scale=3, size=N)
    alpha = rng.dirichlet(np.ones(K))
    mu, sigma2 = rng.normal(size=K), rng.uniform(0.5, 3, size=K)
    m_step = ["em", "ecm", "damped"][rng.integers(3)]
    T = int(rng.integers(1, 10))
    try:
        res = mixture.em_gmm_1d(y, alpha, mu, sigma2, max_iter=T, tol=None, m_step=m_step)
    except ValueError as error:  # a documented outcome on tiny samples: the likelihood is unbounded there
        assert "collapsed" in str(error)
        return
    assert res.alpha.shape == res.mu.shape == res.sigma2.shape == (T + 1, K) and res.n_iter == T
    assert res.log_likelihood.shape == (T + 1,) and res.q_gain.shape == (T,) and res.gamma.shape == (N, K)
    for a in (res.alpha, res.mu, res.sigma2, res.log_likelihood, res.gamma):
        assert finite(a)
    assert np.allclose(res.alpha.sum(axis=1), 1) and np.all(res.sigma2 > 0) and np.allclose(res.gamma.sum(1), 1)
    scale = 1e-9 * max(1.0, np.abs(res.log_likelihood).max())
    assert np.all(np.diff(res.log_likelihood) >= -scale)  # EM and GEM never decrease the likelihood


@invalid("em_gmm_1d")
def _(rng):
    K = int(rng.integers(1, 4))
    y = rng.normal(size=6)
    alpha, mu, s2 = np.full(K, 1 / K), np.zeros(K), np.ones(K)
    em = mixture.em_gmm_1d
    return [
        (lambda: em(random_bad(rng, (6,)), alpha, mu, s2), ["y"]),
        (lambda: em(y, random_bad(rng, (K,), ("nan", "inf", "text", "empty")), mu, s2), ["alpha"]),
        (lambda: em(y, alpha + 0.5, mu, s2), ["alpha"]),
        (lambda: em(y, alpha, random_bad(rng, (K,), ("nan", "inf", "text", "empty")), s2), ["mu"]),
        (lambda: em(y, alpha, np.zeros(K + 1), s2), ["mu"]),
        (lambda: em(y, alpha, mu, -s2 if rng.integers(2) else 0 * s2), ["sigma2"]),
        (lambda: em(y, alpha, mu, np.ones(K + 1)), ["sigma2"]),
        (lambda: em(y, alpha, mu, s2, max_iter=[0, -1, 1.5][rng.integers(3)]), ["max_iter"]),
        (lambda: em(y, alpha, mu, s2, tol=[-1.0, np.nan, "a"][rng.integers(3)]), ["tol"]),
        (lambda: em(y, alpha, mu, s2, m_step=["EM", "gem", None][rng.integers(3)]), ["m_step"]),
        (lambda: em(y, alpha, mu, s2, m_step="damped", step=[0.0, 1.5, np.nan][rng.integers(3)]), ["step"]),
    ]


@valid("three_coin_log_likelihood")
def _(rng):
    y = rng.integers(0, 2, size=int(rng.integers(1, 20)))
    shape = [(), (int(rng.integers(1, 5)),)][rng.integers(2)]
    pi, p, q = (rng.uniform(0.01, 0.99, size=shape) for _ in range(3))
    ll = mixture.three_coin_log_likelihood(y, pi, p, q)
    assert np.shape(ll) == shape and finite(ll) and np.all(np.asarray(ll) <= 1e-12)
    h = pi * p + (1 - pi) * q
    assert np.allclose(ll, y.sum() * np.log(h) + (len(y) - y.sum()) * np.log(1 - h))


@invalid("three_coin_log_likelihood")
def _(rng):
    y = rng.integers(0, 2, size=5)
    ll = mixture.three_coin_log_likelihood
    bad_theta = [-0.1, 1.1, np.nan, "a"]
    out = [
        (lambda: ll(random_bad(rng, (5,), ("nan", "inf", "text", "empty", "rank")), 0.5, 0.5, 0.5), ["y"]),
        (lambda: ll(np.array([0, 1, 2]), 0.5, 0.5, 0.5), ["y"]),
        (lambda: ll(np.array([0, 0.5]), 0.5, 0.5, 0.5), ["y"]),
    ]
    for i, name in enumerate(["pi", "p", "q"]):

        def call(i=i):
            theta = [0.5, 0.5, 0.5]
            theta[i] = bad_theta[rng.integers(len(bad_theta))]
            return ll(y, *theta)

        out.append((call, [name]))
    return out


BAD_KINDS = st.sampled_from(["nan", "inf", "text", "rank", "empty"])


# -- Gaussian mixture: more varied invalid data -------------------------------------------------------------


@SETTINGS
@given(seed=SEEDS, kind=BAD_KINDS, k=st.integers(1, 3))
def test_gaussian_mixture_refuses_invalid_data(seed, kind, k):
    CASES[("GaussianMixture", "invalid")] += 1
    rng = np.random.default_rng(seed)
    n, d = int(rng.integers(5, 40)), int(rng.integers(1, 4))
    refused(lambda: GaussianMixture(n_components=k).fit(bad_array(rng, kind, (n, d))), ["X"])


@SETTINGS
@given(
    n_components=st.sampled_from([0, -1, 2.5, "two", 10_000]),
    reg=st.sampled_from([-1.0, np.nan, "small"]),
    which=st.sampled_from(["n_components", "reg_covar", "covariance_type", "max_iter"]),
)
def test_gaussian_mixture_refuses_bad_hyperparameters(n_components, reg, which):
    CASES[("GaussianMixture", "invalid")] += 1
    X = np.random.default_rng(0).normal(size=(20, 2))
    params = {
        "n_components": {"n_components": n_components},
        "reg_covar": {"reg_covar": reg},
        "covariance_type": {"covariance_type": "round"},
        "max_iter": {"max_iter": -1},
    }[which]
    refused(lambda: GaussianMixture(**params).fit(X), list(params) + (["X"] if n_components == 10_000 else []))


# -- three-coin EM ------------------------------------------------------------------------------------------


@SETTINGS
@given(seed=SEEDS, start=st.tuples(*[st.floats(0.01, 0.99)] * 3))
def test_three_coin_em_on_valid_data(seed, start):
    CASES[("ThreeCoinEM", "valid")] += 1
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 2, size=int(rng.integers(1, 60)))
    model = quietly(lambda: ThreeCoinEM(*start, max_iter=50).fit(y))
    assert all(0.0 <= v <= 1.0 for v in (model.pi_, model.p_, model.q_))
    # EM never decreases the likelihood (Theorem 9.1).
    assert np.all(np.diff(model.log_likelihoods_) >= -1e-10)
    assert model.predict_proba(y).shape == (len(y), 2)


@SETTINGS
@given(
    seed=SEEDS,
    kind=st.sampled_from(["nan", "inf", "text", "empty", "two_columns", "not_binary", "pi", "p", "q", "max_iter"]),
)
def test_three_coin_em_refuses_invalid_input(seed, kind):
    CASES[("ThreeCoinEM", "invalid")] += 1
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 2, size=int(rng.integers(2, 30))).astype(float)
    if kind in ("pi", "p", "q"):
        refused(lambda: ThreeCoinEM(**{kind: float(rng.choice([0.0, 1.0, -0.5, 1.5]))}).fit(y), [kind])
    elif kind == "max_iter":
        refused(lambda: ThreeCoinEM(max_iter=0).fit(y), ["max_iter"])
    elif kind == "two_columns":
        refused(lambda: ThreeCoinEM().fit(np.column_stack([y, y])), ["X"])
    elif kind == "not_binary":
        y[0] = 2.0
        refused(lambda: ThreeCoinEM().fit(y), ["X"])
    else:
        refused(lambda: ThreeCoinEM().fit(bad_array(rng, kind, (len(y), 1))), ["X"])


# -- the two tests -----------------------------------------------------------------------------------------------


# The two tests every family's property module runs over the names it registered.
test_valid_inputs_give_finite_answers, test_invalid_inputs_are_refused = harness(VALID, INVALID, CASES)
