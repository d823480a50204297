"""Property-based tests for statlib.sampling: Markov-chain tools, Monte Carlo, MCMC samplers and diagnostics.

Valid cases: random column-stochastic matrices (dense or with zeros, reducible or not), random starting points,
targets and seeds; each answer must be finite, of the right shape, and satisfy an exact identity where one is
cheap (pi = P pi, rows of distribution_path moved by P, replay from the seed). Invalid cases: NaN, infinite, text,
wrongly shaped or non-stochastic matrices, bad counts, scales and callables; each must raise ValueError/TypeError
naming the argument. How the cases are registered and run: ``property_support``.
"""

from collections import Counter

import numpy as np
from property_support import finite, finite_float, harness, random_bad, registry

from statlib import sampling

CASES = Counter()  # (name, kind) -> number of generated cases; reported by conftest.py
VALID, INVALID, valid, invalid = registry()


def _random_P(rng, n=None, sparse=None):
    n = int(rng.integers(1, 7)) if n is None else n
    P = rng.random((n, n))
    if sparse if sparse is not None else rng.integers(2):
        P *= rng.random((n, n)) < 0.5
        P[rng.integers(n, size=n), np.arange(n)] += 0.1  # every column keeps a positive entry
    return P / P.sum(axis=0)


def _bad_P(rng):
    n = int(rng.integers(2, 5))
    P = _random_P(rng, n)
    kind = int(rng.integers(5))
    if kind == 0:
        return random_bad(rng, (n, n))
    if kind == 1:
        return P.T * 2  # columns do not sum to one
    if kind == 2:
        return P[:, :-1]  # not square
    if kind == 3:
        Q = P.copy()
        Q[0, 0] = -0.5
        return Q
    return P * 1.5


# -- Markov chains ---------------------------------------------------------------------------------------------


@valid("stationary_distributions")
def _(rng):
    P = _random_P(rng)
    rows = sampling.stationary_distributions(P)
    assert rows.ndim == 2 and rows.shape[1] == P.shape[0] and rows.shape[0] >= 1 and finite(rows)
    np.testing.assert_allclose(rows.sum(axis=1), 1.0, atol=1e-9)
    np.testing.assert_allclose(rows @ P.T, rows, atol=1e-8)  # pi = P pi (19.15)


@valid("stationary_distribution")
def _(rng):
    P = _random_P(rng, sparse=False)  # all entries positive: irreducible and aperiodic (Theorem 19.2)
    pi = sampling.stationary_distribution(P)
    assert pi.shape == (P.shape[0],) and np.all(pi > 0)
    np.testing.assert_allclose(P @ pi, pi, atol=1e-9)
    assert sampling.is_irreducible(P) and sampling.is_aperiodic(P)


@valid("distribution_path")
def _(rng):
    P = _random_P(rng)
    pi0 = rng.dirichlet(np.ones(P.shape[0]))
    n = int(rng.integers(0, 6))
    path = sampling.distribution_path(P, pi0, n)
    assert path.shape == (n + 1, P.shape[0]) and finite(path)
    np.testing.assert_allclose(path[-1], np.linalg.matrix_power(P, n) @ pi0, atol=1e-12)


@valid("periods")
def _(rng):
    n = int(rng.integers(2, 7))
    perm = rng.permutation(n)
    P = np.zeros((n, n))
    P[perm[(np.arange(n) + 1) % n], perm] = 1.0  # a cycle through all states: period n
    assert sampling.periods(P).tolist() == [n] * n
    P[perm[0], perm[0]] = 1.0  # a self-loop makes it aperiodic
    P /= P.sum(axis=0)
    assert sampling.periods(P).tolist() == [1] * n and sampling.is_irreducible(P)


@valid("is_reversible")
def _(rng):
    n = int(rng.integers(1, 6))
    W = rng.random((n, n))
    W = W + W.T  # a random walk on a weighted undirected graph is reversible
    P = W / W.sum(axis=0)
    assert sampling.is_reversible(P, atol=1e-12)
    assert sampling.detailed_balance_gap(P, sampling.stationary_distribution(P)) < 1e-12


@valid("simulate_chain")
def _(rng):
    P = _random_P(rng)
    seed = int(rng.integers(2**31))
    x0 = int(rng.integers(P.shape[0]))
    path = sampling.simulate_chain(P, x0, 50, random_state=seed)
    assert path.shape == (51,) and path[0] == x0 and np.all(P[path[1:], path[:-1]] > 0)
    np.testing.assert_array_equal(path, sampling.simulate_chain(P, x0, 50, random_state=seed))


for _name in (
    "stationary_distribution",
    "stationary_distributions",
    "periods",
    "is_irreducible",
    "is_aperiodic",
    "communicating_classes",
):
    INVALID[_name] = (lambda fn: lambda rng: [(lambda: fn(_bad_P(rng)), ["P"])])(getattr(sampling, _name))


@valid("communicating_classes")
def _(rng):
    P = _random_P(rng)
    classes, closed = sampling.communicating_classes(P)
    assert sorted(np.concatenate(classes).tolist()) == list(range(P.shape[0])) and closed.any()
    assert sampling.is_irreducible(P) == (len(classes) == 1)
    assert len(sampling.stationary_distributions(P)) == int(closed.sum())


@valid("is_aperiodic")
def _(rng):
    P = _random_P(rng)
    p = sampling.periods(P)
    assert sampling.is_aperiodic(P) == bool(np.all(p[p > 0] == 1))
    if np.all(np.diag(P) > 0):
        assert sampling.is_aperiodic(P)


VALID["is_irreducible"] = VALID["communicating_classes"]


@valid("check_transition_matrix")
def _(rng):
    P = _random_P(rng)
    np.testing.assert_array_equal(sampling.check_transition_matrix(P.tolist()), P)


INVALID["check_transition_matrix"] = lambda rng: [(lambda: sampling.check_transition_matrix(_bad_P(rng)), ["P"])]


@invalid("distribution_path")
def _(rng):
    P = _random_P(rng, 3)
    return [
        (lambda: sampling.distribution_path(_bad_P(rng), [1, 0], 2), ["P"]),
        (lambda: sampling.distribution_path(P, [0.5, 0.7, 0.1], 2), ["pi0"]),
        (lambda: sampling.distribution_path(P, [1, 0], 2), ["pi0"]),
        (lambda: sampling.distribution_path(P, [1, 0, 0], [-1, 2.5, "a"][rng.integers(3)]), ["n_steps"]),
    ]


@invalid("simulate_chain")
def _(rng):
    P = _random_P(rng, 3)
    return [
        (lambda: sampling.simulate_chain(_bad_P(rng), 0, 5), ["P"]),
        (lambda: sampling.simulate_chain(P, [3, -1, 1.5, "a"][rng.integers(4)], 5), ["x0"]),
        (lambda: sampling.simulate_chain(P, 0, [-1, 2.5][rng.integers(2)]), ["n_steps"]),
    ]


@invalid("is_reversible")
def _(rng):
    P = _random_P(rng, 3)
    return [
        (lambda: sampling.is_reversible(_bad_P(rng)), ["P"]),
        (lambda: sampling.is_reversible(P, [0.2, 0.8]), ["pi"]),
        (lambda: sampling.is_reversible(P, [0.5, 0.6, -0.1]), ["pi"]),
        (lambda: sampling.is_reversible(P, atol=[-1.0, np.nan, "x"][rng.integers(3)]), ["atol"]),
    ]


# -- Monte Carlo -------------------------------------------------------------------------------------------------


@valid("monte_carlo_integrate")
def _(rng):
    a = float(rng.normal())
    b = a + float(rng.uniform(0.1, 3))
    k = int(rng.integers(0, 4))
    est = sampling.monte_carlo_integrate(lambda x: x**k, a, b, 20_000, random_state=int(rng.integers(2**31)))
    exact = (b ** (k + 1) - a ** (k + 1)) / (k + 1)
    assert finite_float(est) and abs(est - exact) < 0.1 * (b - a) * max(abs(a), abs(b), 1) ** k


@valid("rejection_sample")
def _(rng):
    alpha, beta = rng.uniform(1, 4, size=2)
    mode = (alpha - 1) / (alpha + beta - 2) if alpha + beta > 2 else 0.5
    dens = lambda x: x ** (alpha - 1) * (1 - x) ** (beta - 1)  # noqa: E731 (unnormalised Beta)
    x = sampling.rejection_sample(
        dens,
        lambda r, n: r.random_sample(n),
        np.ones_like,
        dens(mode) * 1.01,
        200,
        random_state=int(rng.integers(2**31)),
    )
    assert x.shape == (200,) and np.all((x >= 0) & (x <= 1))


@invalid("monte_carlo_integrate")
def _(rng):
    h = np.exp
    return [
        (lambda: sampling.monte_carlo_integrate("h", 0, 1, 10), ["h"]),
        (lambda: sampling.monte_carlo_integrate(h, [np.nan, "a", None][rng.integers(3)], 1, 10), ["a"]),
        (lambda: sampling.monte_carlo_integrate(h, 0, [np.inf, -1.0, 0.0][rng.integers(3)], 10), ["b"]),
        (lambda: sampling.monte_carlo_integrate(h, 0, 1, [0, -3, 1.5][rng.integers(3)]), ["n_samples"]),
        (lambda: sampling.monte_carlo_integrate(lambda x: x[:1], 0, 1, 10), ["h"]),
        (lambda: sampling.monte_carlo_integrate(lambda x: x / 0.0, 0, 1, 10), ["h"]),
    ]


@invalid("rejection_sample")
def _(rng):
    u = lambda r, n: r.random_sample(n)  # noqa: E731
    return [
        (lambda: sampling.rejection_sample(None, u, np.ones_like, 2.0, 5), ["density"]),
        (lambda: sampling.rejection_sample(np.ones_like, 3, np.ones_like, 2.0, 5), ["proposal_sampler"]),
        (lambda: sampling.rejection_sample(np.ones_like, u, "q", 2.0, 5), ["proposal_density"]),
        (
            lambda: sampling.rejection_sample(np.ones_like, u, np.ones_like, [0.0, -1, np.nan][rng.integers(3)], 5),
            ["c"],
        ),
        (lambda: sampling.rejection_sample(lambda x: 3 * np.ones_like(x), u, np.ones_like, 2.0, 5), ["c"]),
        (
            lambda: sampling.rejection_sample(np.ones_like, u, np.ones_like, 2.0, [0, 2.5][rng.integers(2)]),
            ["n_samples"],
        ),
    ]


@valid("monte_carlo_expectation")
def _(rng):
    mu, sd = float(rng.normal()), float(rng.uniform(0.1, 2))
    est, se = sampling.monte_carlo_expectation(
        lambda x: x,
        lambda r, n: mu + sd * r.standard_normal(n),
        5_000,
        random_state=int(rng.integers(2**31)),
        return_std=True,
    )
    assert finite_float(est) and finite_float(se) and abs(est - mu) < 6 * sd / np.sqrt(5_000) + 1e-12


@invalid("monte_carlo_expectation")
def _(rng):
    smp = lambda r, n: r.standard_normal(n)  # noqa: E731
    return [
        (lambda: sampling.monte_carlo_expectation(1.0, smp, 10), ["f"]),
        (lambda: sampling.monte_carlo_expectation(np.sin, "s", 10), ["sampler"]),
        (lambda: sampling.monte_carlo_expectation(np.sin, lambda r, n: r.standard_normal(n + 1), 10), ["sampler"]),
        (lambda: sampling.monte_carlo_expectation(np.sin, smp, [0, 1.5, "a"][rng.integers(3)]), ["n_samples"]),
        (lambda: sampling.monte_carlo_expectation(lambda x: x * np.nan, smp, 10), ["f"]),
    ]


# -- MCMC --------------------------------------------------------------------------------------------------------


def _gaussian(rng):
    d = int(rng.integers(1, 4))
    mu = rng.normal(size=d)
    return d, mu, (lambda x: -0.5 * float(np.sum((x - mu) ** 2)))


@valid("metropolis_hastings")
def _(rng):
    d, mu, log_p = _gaussian(rng)
    proposal = ["random_walk", "independence"][rng.integers(2)]
    seed = int(rng.integers(2**31))
    n, m = int(rng.integers(2, 60)), 0
    m = int(rng.integers(0, n))
    s, rate = sampling.metropolis_hastings(
        log_p,
        mu + rng.normal(size=d),
        n,
        burn_in=m,
        proposal=proposal,
        scale=float(rng.uniform(0.1, 3)),
        random_state=seed,
    )
    assert s.shape == (n - m, d) and finite(s) and 0 <= rate <= 1
    s2, _ = sampling.metropolis_hastings(log_p, mu + 0.0, n, burn_in=m, proposal=proposal, random_state=seed)
    assert finite(s2)


@valid("single_component_metropolis_hastings")
def _(rng):
    d, mu, log_p = _gaussian(rng)
    n = int(rng.integers(2, 40))
    s, rates = sampling.single_component_metropolis_hastings(
        log_p, mu, n, scale=rng.uniform(0.1, 2, size=d), random_state=int(rng.integers(2**31))
    )
    assert s.shape == (n, d) and finite(s) and rates.shape == (d,) and np.all((rates >= 0) & (rates <= 1))


@valid("gibbs_bivariate_normal")
def _(rng):
    sd = rng.uniform(0.1, 3, size=2)
    rho = float(rng.uniform(-0.99, 0.99))
    cov = np.array([[sd[0] ** 2, rho * sd[0] * sd[1]], [rho * sd[0] * sd[1], sd[1] ** 2]])
    n = int(rng.integers(2, 200))
    seed = int(rng.integers(2**31))
    s = sampling.gibbs_bivariate_normal(rng.normal(size=2), cov, n, random_state=seed)
    assert s.shape == (n, 2) and finite(s)


@valid("gibbs_sampler")
def _(rng):
    k = int(rng.integers(1, 4))
    conds = [lambda x, u, j=j: float(np.mean(np.delete(x, j))) * 0.5 + u if k > 1 else u for j in range(k)]
    n = int(rng.integers(1, 30))
    s = sampling.gibbs_sampler(conds, rng.normal(size=k), n, random_state=int(rng.integers(2**31)))
    assert s.shape == (n, k) and finite(s)


@invalid("metropolis_hastings")
def _(rng):
    log_p = lambda x: -0.5 * float(x @ x)  # noqa: E731
    mh = sampling.metropolis_hastings
    return [
        (lambda: mh([None, 1.0, "f"][rng.integers(3)], 0.0, 10), ["log_prob"]),
        (lambda: mh(log_p, random_bad(rng, (2,), ("nan", "inf", "text", "empty")), 10), ["x0"]),
        (lambda: mh(log_p, 0.0, [0, -1, 2.5][rng.integers(3)]), ["n_iter"]),
        (lambda: mh(log_p, 0.0, 10, burn_in=[10, -1, 1.5][rng.integers(3)]), ["burn_in"]),
        (lambda: mh(log_p, 0.0, 10, proposal=["rw", 1, None][rng.integers(3)]), ["proposal"]),
        (lambda: mh(log_p, [0.0, 0.0], 10, scale=[0.0, -1.0, np.nan, [1.0, 2.0, 3.0]][rng.integers(4)]), ["scale"]),
        (lambda: mh(log_p, [0.0, 0.0], 10, proposal="independence", proposal_mean=[0.0]), ["proposal_mean"]),
        (lambda: mh(lambda x: np.nan, 0.0, 10), ["log_prob"]),
        (lambda: mh(lambda x: -np.inf, 0.0, 10), ["x0"]),
    ]


@invalid("single_component_metropolis_hastings")
def _(rng):
    log_p = lambda x: -0.5 * float(x @ x)  # noqa: E731
    sc = sampling.single_component_metropolis_hastings
    return [
        (lambda: sc("f", [0.0], 10), ["log_prob"]),
        (lambda: sc(log_p, random_bad(rng, (2,), ("nan", "inf", "text", "empty")), 10), ["x0"]),
        (lambda: sc(log_p, [0.0], [0, 1.5][rng.integers(2)]), ["n_iter"]),
        (lambda: sc(log_p, [0.0, 1.0], 10, scale=[[1.0], -2.0][rng.integers(2)]), ["scale"]),
    ]


@invalid("gibbs_bivariate_normal")
def _(rng):
    g = sampling.gibbs_bivariate_normal
    cov = [[1.0, 0.3], [0.3, 1.0]]
    return [
        (lambda: g(random_bad(rng, (2,), ("nan", "inf", "text", "empty")), cov, 10), ["mean"]),
        (lambda: g([0.0, 0.0, 0.0], cov, 10), ["mean"]),
        (
            lambda: g(
                [0, 0], [[[1, 2], [2, 1]], [[1, 0.2], [0.3, 1]], [[-1, 0], [0, 1]], np.eye(3)][rng.integers(4)], 10
            ),
            ["cov"],
        ),
        (lambda: g([0, 0], cov, 10, x0=[0.0]), ["x0"]),
        (lambda: g([0, 0], cov, [0, 2.5][rng.integers(2)]), ["n_iter"]),
    ]


@invalid("gibbs_sampler")
def _(rng):
    gs = sampling.gibbs_sampler
    ok = [lambda x, u: u, lambda x, u: u]
    return [
        (lambda: gs(lambda x, u: u, [0.0], 10), ["conditionals"]),
        (lambda: gs([lambda x, u: u, 3], [0.0, 0.0], 10), ["conditionals"]),
        (lambda: gs(ok, [0.0], 10), ["conditionals"]),
        (lambda: gs(ok, random_bad(rng, (2,), ("nan", "inf", "text", "empty")), 10), ["x0", "conditionals"]),
        (lambda: gs([lambda x, u: np.inf, lambda x, u: u], [0.0, 0.0], 10), ["conditionals"]),
        (lambda: gs(ok, [0.0, 0.0], 10, burn_in=[12, -1][rng.integers(2)]), ["burn_in"]),
    ]


# -- diagnostics ---------------------------------------------------------------------------------------------------


@valid("autocorrelation")
def _(rng):
    n = int(rng.integers(2, 300))
    x = rng.normal(size=n).cumsum() if rng.integers(2) else rng.normal(size=n)
    k = int(rng.integers(0, n))
    rho = sampling.autocorrelation(x, k)
    assert rho.shape == (k + 1,) and finite(rho) and rho[0] == 1.0 and np.all(np.abs(rho) <= 1 + 1e-12)


@valid("effective_sample_size")
def _(rng):
    n = int(rng.integers(2, 300))
    x = rng.normal(size=n)
    ess = sampling.effective_sample_size(x)
    assert finite_float(ess) and ess > 0
    tau = sampling.integrated_autocorrelation_time(x)
    assert finite_float(tau) and tau > 0


@valid("estimate_burn_in")
def _(rng):
    n = int(rng.integers(40, 400))
    x = rng.normal(size=n)
    x[: n // 10] += float(rng.uniform(0, 5))
    try:
        m = sampling.estimate_burn_in(x)
    except ValueError as error:
        assert "longer" in str(error)
    else:
        assert 0 <= m <= n // 2 and finite_float(sampling.geweke_z(x[m:]))


@invalid("autocorrelation")
def _(rng):
    return [
        (lambda: sampling.autocorrelation(random_bad(rng, (5,), ("nan", "inf", "text", "empty", "rank"))), ["x"]),
        (lambda: sampling.autocorrelation([1.0]), ["x"]),
        (lambda: sampling.autocorrelation(np.arange(5.0), [5, -1, 1.5][rng.integers(3)]), ["max_lag"]),
    ]


@invalid("effective_sample_size")
def _(rng):
    return [(lambda: sampling.effective_sample_size(random_bad(rng, (5,), ("nan", "inf", "text", "empty"))), ["x"])]


@invalid("estimate_burn_in")
def _(rng):
    x = rng.normal(size=100)
    return [
        (lambda: sampling.estimate_burn_in(random_bad(rng, (50,), ("nan", "inf", "text", "empty"))), ["x"]),
        (lambda: sampling.estimate_burn_in(x[:10]), ["x"]),
        (lambda: sampling.estimate_burn_in(x, step=[0, -2, 1.5][rng.integers(3)]), ["step"]),
        (lambda: sampling.estimate_burn_in(x, threshold=[0.0, np.nan][rng.integers(2)]), ["threshold"]),
        (lambda: sampling.geweke_z(x, first=0.6, last=0.6), ["first + last"]),
    ]


@valid("ergodic_mean")
def _(rng):
    n = int(rng.integers(1, 100))
    x = rng.normal(size=n)
    m = int(rng.integers(0, n))
    out = sampling.ergodic_mean(x, burn_in=m)
    assert out.shape == (n - m,) and abs(out[-1] - x[m:].mean()) < 1e-12


@valid("geweke_z")
def _(rng):
    x = rng.normal(size=int(rng.integers(20, 500)))
    assert finite_float(sampling.geweke_z(x))


@invalid("ergodic_mean")
def _(rng):
    return [
        (lambda: sampling.ergodic_mean(random_bad(rng, (5,), ("nan", "inf", "text", "empty"))), ["samples"]),
        (lambda: sampling.ergodic_mean(np.ones(5), burn_in=[5, -1, 1.5][rng.integers(3)]), ["burn_in"]),
    ]


@invalid("geweke_z")
def _(rng):
    x = rng.normal(size=100)
    return [
        (lambda: sampling.geweke_z(random_bad(rng, (30,), ("nan", "inf", "text", "empty"))), ["x"]),
        (lambda: sampling.geweke_z(x, first=[0.0, 1.0, np.nan][rng.integers(3)]), ["first"]),
        (lambda: sampling.geweke_z(x, last=[0.0, 1.5, "a"][rng.integers(3)]), ["last"]),
    ]


# The two tests every family's property module runs over the names it registered.
test_valid_inputs_give_finite_answers, test_invalid_inputs_are_refused = harness(VALID, INVALID, CASES)
