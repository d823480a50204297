"""statlib.sampling against exact answers: Li Hang ch. 19's examples, hand-solved stationary distributions,
moments of known targets, and the same chains replayed by plain NumPy/SciPy from the same random numbers."""

import math

import numpy as np
import pytest
from scipy import stats

from statlib.exercises import check
from statlib.exercises.lihang_ch19 import exercise_19_8_moments
from statlib.graph import transition_matrix
from statlib.sampling import (
    autocorrelation,
    check_transition_matrix,
    communicating_classes,
    detailed_balance_gap,
    distribution_path,
    effective_sample_size,
    ergodic_mean,
    estimate_burn_in,
    geweke_z,
    gibbs_bivariate_normal,
    gibbs_sampler,
    integrated_autocorrelation_time,
    is_aperiodic,
    is_irreducible,
    is_reversible,
    metropolis_hastings,
    monte_carlo_expectation,
    monte_carlo_integrate,
    periods,
    rejection_sample,
    simulate_chain,
    single_component_metropolis_hastings,
    stationary_distribution,
    stationary_distributions,
)

WEATHER = np.array([[0.9, 0.5], [0.1, 0.5]])
EX_19_3 = np.array([[1 / 2, 1 / 2, 1 / 4], [1 / 4, 0, 1 / 4], [1 / 4, 1 / 2, 1 / 2]])
EX_19_4 = np.array([[1, 1 / 3, 0], [0, 1 / 3, 0], [0, 1 / 3, 1]])
EX_19_5 = np.array([[0, 1 / 2, 0], [1, 0, 0], [0, 1 / 2, 1]])
EX_19_6 = np.array([[0, 0, 1], [1, 0, 0], [0, 1, 0]], dtype=float)
EX_19_8 = np.array([[1 / 4, 1 / 2, 1 / 4], [1 / 4, 0, 1 / 2], [1 / 2, 1 / 2, 1 / 4]])
EXERCISE_19_3 = np.array([[1 / 2, 1 / 2, 0, 0], [1 / 2, 0, 1 / 2, 0], [0, 1 / 2, 0, 0], [0, 0, 1 / 2, 1]])
EXERCISE_19_4 = np.array([[0, 1 / 2, 0, 0], [1, 0, 1 / 2, 0], [0, 1 / 2, 0, 1], [0, 0, 1 / 2, 0]])


# -- §19.2 Markov chains ------------------------------------------------------------------------------------------


def test_weather_chain_distributions_as_printed():
    # §19.2.1: pi(1) = (0.9, 0.1), pi(2) = P^2 pi(0) = (0.86, 0.14)
    path = distribution_path(WEATHER, [1, 0], 2)
    np.testing.assert_allclose(path, [[1, 0], [0.9, 0.1], [0.86, 0.14]], atol=1e-15)
    # stationary by hand: 0.1 x1 = 0.5 x2 with x1 + x2 = 1 gives (5/6, 1/6)
    np.testing.assert_allclose(stationary_distribution(WEATHER), [5 / 6, 1 / 6], atol=1e-14)


def test_example_19_3_unique_stationary_and_reversible():
    pi = stationary_distribution(EX_19_3)
    np.testing.assert_allclose(pi, [2 / 5, 1 / 5, 2 / 5], atol=1e-14)
    assert is_irreducible(EX_19_3) and is_aperiodic(EX_19_3) and is_reversible(EX_19_3)
    # detailed balance: every off-diagonal flow p_ij pi_j equals 1/10
    flow = EX_19_3 * pi[None, :]
    off = ~np.eye(3, dtype=bool) & (EX_19_3 > 0)
    np.testing.assert_allclose(flow[off], 0.1, atol=1e-14)


def test_example_19_3_from_its_transition_graph():
    # the chain of Fig. 19.4 given as a weighted graph w[i, j] (move i -> j) is P = transition_matrix(w)
    np.testing.assert_allclose(transition_matrix(EX_19_3.T * 4, dangling="error"), EX_19_3, atol=1e-15)


def test_example_19_4_stationary_not_unique():
    rows = stationary_distributions(EX_19_4)
    np.testing.assert_allclose(rows, [[1, 0, 0], [0, 0, 1]], atol=1e-14)
    for a in (3 / 4, 2 / 3):  # the book's two examples
        pi = np.array([a, 0, 1 - a])
        np.testing.assert_allclose(EX_19_4 @ pi, pi, atol=1e-15)
    with pytest.raises(ValueError, match="not unique"):
        stationary_distribution(EX_19_4)


def test_example_19_5_reducible_absorbing():
    assert not is_irreducible(EX_19_5)
    np.testing.assert_allclose(stationary_distribution(EX_19_5), [0, 0, 1], atol=1e-15)
    classes, closed = communicating_classes(EX_19_5)
    assert [c.tolist() for c in classes] == [[0, 1], [2]] and closed.tolist() == [False, True]


def test_example_19_6_periodic():
    assert is_irreducible(EX_19_6) and not is_aperiodic(EX_19_6)
    assert periods(EX_19_6).tolist() == [3, 3, 3]
    np.testing.assert_allclose(stationary_distribution(EX_19_6), [1 / 3] * 3, atol=1e-15)
    # returns to state 0 only at t = 3, 6, 9, ...
    path = distribution_path(EX_19_6, [1, 0, 0], 9)
    assert [t for t in range(1, 10) if path[t, 0] > 0] == [3, 6, 9]


def test_example_19_7_birth_death_truncated():
    # Fig. 19.8 in the book's orientation: down with probability p, up with q, p at the bottom stays. Truncated
    # at N states (q at the top stays), the stationary law is pi_i = (q/p)^i (1 - q/p) / (1 - (q/p)^N),
    # which tends to the book's (q/p)^i (p - q)/p (i = 0, 1, ...) as N grows, for p > q.
    p, q, N = 0.7, 0.3, 60
    P = np.zeros((N, N))
    P[0, 0] = p
    P[N - 1, N - 1] = q
    for j in range(N):
        if j + 1 < N:
            P[j + 1, j] = q
        if j > 0:
            P[j - 1, j] = p
    pi = stationary_distribution(P)
    r = q / p
    expected = (1 - r) * r ** np.arange(N) / (1 - r**N)
    np.testing.assert_allclose(pi, expected, rtol=1e-9, atol=1e-14)
    np.testing.assert_allclose(pi[:3], [(p - q) / p, r * (p - q) / p, r**2 * (p - q) / p], rtol=1e-12)
    assert is_reversible(P)


def test_example_19_8_not_reversible():
    pi = stationary_distribution(EX_19_8)
    np.testing.assert_allclose(pi, [8 / 25, 7 / 25, 2 / 5], atol=1e-14)
    assert not is_reversible(EX_19_8)
    # p_12 pi_2 = 0.14 but p_21 pi_1 = 0.08
    assert math.isclose(EX_19_8[0, 1] * pi[1], 0.14) and math.isclose(EX_19_8[1, 0] * pi[0], 0.08)
    # the largest imbalance: flows 1<->2 are 0.14 vs 0.08, 1<->3 are 0.1 vs 0.16, 2<->3 are 0.2 vs 0.14
    assert math.isclose(detailed_balance_gap(EX_19_8, pi), 0.06, abs_tol=1e-14)


def test_exercises_19_3_and_19_4():
    assert not is_irreducible(EXERCISE_19_3) and is_aperiodic(EXERCISE_19_3)
    assert check("lihang-19.3", (is_irreducible(EXERCISE_19_3), is_aperiodic(EXERCISE_19_3)))
    assert is_irreducible(EXERCISE_19_4) and not is_aperiodic(EXERCISE_19_4)
    assert periods(EXERCISE_19_4).tolist() == [2, 2, 2, 2]
    assert check("lihang-19.4", (True, False)) and not check("lihang-19.4", (True, True))
    assert check("lihang-19.4b", 2) and not check("lihang-19.3b", True)


def test_simulated_chain_replays_from_uniforms_and_obeys_ergodic_theorem():
    path = simulate_chain(EX_19_3, 0, 200_000, random_state=1)
    # the same uniforms through a plain inverse-CDF loop give the same path
    u = np.random.RandomState(1).random_sample(200_000)
    x, ref = 0, [0]
    cdf = np.cumsum(EX_19_3, axis=0)
    for t in range(2000):
        x = int(np.searchsorted(cdf[:, x], u[t], side="right"))
        ref.append(x)
    assert path[:2001].tolist() == ref
    freq = np.bincount(path, minlength=3) / path.size  # ergodic theorem (19.25)
    np.testing.assert_allclose(freq, [0.4, 0.2, 0.4], atol=0.01)
    np.testing.assert_array_equal(path, simulate_chain(EX_19_3, 0, 200_000, random_state=1))


def test_transition_matrix_validation_names_columns():
    with pytest.raises(ValueError, match="P must be column-stochastic"):
        check_transition_matrix(WEATHER.T)
    with pytest.raises(ValueError, match="square"):
        check_transition_matrix(np.ones((2, 3)) / 2)
    with pytest.raises(ValueError, match="pi0"):
        distribution_path(WEATHER, [0.5, 0.6], 1)
    with pytest.raises(ValueError, match="x0"):
        simulate_chain(WEATHER, 2, 5)


# -- §19.1 Monte Carlo ---------------------------------------------------------------------------------------------


def test_example_19_1_integral_converges():
    exact = math.sqrt(2 * math.pi) * (stats.norm.cdf(1) - 0.5)  # 0.855624...
    est, se = monte_carlo_integrate(lambda x: np.exp(-(x**2) / 2), 0, 1, 200_000, random_state=0, return_std=True)
    assert abs(est - exact) < 4 * se and se < 1e-3
    # the same uniforms by hand
    u = np.random.RandomState(0).random_sample(200_000)
    assert est == pytest.approx(np.exp(-(u**2) / 2).mean(), abs=1e-12)


def test_example_19_2_and_exercise_19_1():
    est, se = monte_carlo_expectation(
        lambda x: x, lambda rng, n: rng.standard_normal(n), 100_000, random_state=2, return_std=True
    )
    assert abs(est) < 4 * se
    est = math.sqrt(2 * math.pi) * monte_carlo_expectation(
        lambda x: x**2, lambda rng, n: rng.standard_normal(n), 100_000, random_state=3
    )
    assert check("lihang-19.1", est) and abs(est - math.sqrt(2 * math.pi)) < 0.05


def test_rejection_sampling_beta():
    # Beta(2, 5) under the envelope c * U(0, 1) with c = max density at the mode 1/5
    c = stats.beta(2, 5).pdf(0.2)
    x, n_prop = rejection_sample(
        stats.beta(2, 5).pdf,
        lambda rng, n: rng.random_sample(n),
        lambda x: np.ones_like(x),
        c,
        20_000,
        random_state=0,
        return_n_proposed=True,
    )
    assert x.shape == (20_000,)
    assert stats.kstest(x, stats.beta(2, 5).cdf).pvalue > 1e-3
    assert abs(20_000 / n_prop - 1 / c) < 0.02  # acceptance rate 1/c for a normalised p
    with pytest.raises(ValueError, match="c is too small"):
        rejection_sample(
            stats.beta(2, 5).pdf,
            lambda rng, n: rng.random_sample(n),
            lambda x: np.ones_like(x),
            1.0,
            10,
            random_state=0,
        )


# -- §19.4 Metropolis-Hastings ---------------------------------------------------------------------------------


def _log_beta_5_7(x):
    t = x[0]
    return 4 * math.log(t) + 6 * math.log(1 - t) if 0 < t < 1 else -math.inf


def test_exercise_19_7_metropolis_beta_posterior():
    s, rate = metropolis_hastings(_log_beta_5_7, 0.5, 60_000, burn_in=1_000, scale=0.3, random_state=0)
    assert 0.2 < rate < 0.8
    assert check("lihang-19.7", (s.mean(), s.var()))
    assert abs(s.mean() - 5 / 12) < 0.005 and abs(s.var() - 35 / 1872) < 0.001


def test_random_walk_replays_from_the_same_numbers():
    log_p = lambda x: -0.5 * float(x @ x)  # noqa: E731
    s, _ = metropolis_hastings(log_p, [1.0, -1.0], 500, scale=[0.5, 2.0], random_state=7)
    rng = np.random.RandomState(7)
    z, u = rng.standard_normal((500, 2)), rng.random_sample(500)
    x, ref = np.array([1.0, -1.0]), []
    for t in range(500):
        y = x + z[t] * [0.5, 2.0]
        if u[t] <= min(1.0, math.exp(log_p(y) - log_p(x))):  # (19.43)
            x = y
        ref.append(x)
    np.testing.assert_array_equal(s, np.array(ref))


def test_independence_sampler_moments_and_replay():
    # target N(1, 0.5^2), proposal N(0, 2^2): w = p / q is bounded, so the chain mixes
    log_p = lambda x: -0.5 * ((x[0] - 1) / 0.5) ** 2  # noqa: E731
    s, rate = metropolis_hastings(
        log_p, 0.0, 40_000, proposal="independence", scale=2.0, proposal_mean=[0.0], random_state=3
    )
    np.testing.assert_allclose([s.mean(), s.std()], [1.0, 0.5], atol=0.02)
    assert 0.1 < rate < 0.6
    rng = np.random.RandomState(3)
    z, u = rng.standard_normal((40_000, 1))[:, 0], rng.random_sample(40_000)
    x, ref = 0.0, []
    lw = lambda v: log_p([v]) - stats.norm(0, 2).logpdf(v)  # noqa: E731
    for t in range(200):
        y = 2.0 * z[t]
        if u[t] <= min(1.0, math.exp(lw(y) - lw(x))):  # (19.44)
            x = y
        ref.append(x)
    np.testing.assert_allclose(s[:200], ref, rtol=0, atol=1e-15)


def test_single_component_mh_bivariate_normal():
    cov = np.array([[1.0, 0.6], [0.6, 2.0]])
    prec = np.linalg.inv(cov)
    log_p = lambda x: -0.5 * float(x @ prec @ x)  # noqa: E731
    s, rates = single_component_metropolis_hastings(
        log_p, [0.0, 0.0], 30_000, burn_in=500, scale=[1.5, 2.0], random_state=0
    )
    assert rates.shape == (2,) and np.all((rates > 0.2) & (rates < 0.9))
    np.testing.assert_allclose(np.cov(s.T), cov, atol=0.12)
    np.testing.assert_allclose(s.mean(axis=0), 0.0, atol=0.08)


def test_exercise_19_8_exact_and_by_single_component_mh():
    moments = exercise_19_8_moments()
    np.testing.assert_allclose(moments, [0.5199550925, 0.0177629225, 0.1231699095, 0.0065520542], atol=1e-9)

    def log_post(x):
        t, e = x
        if t <= 0 or e <= 0 or t + e >= 1:
            return -math.inf
        return 14 * math.log(2 * t + 1) + math.log(t) + math.log(e) + math.log(2 * e + 3) + 5 * math.log(1 - t - e)

    s, _ = single_component_metropolis_hastings(
        log_post, [0.4, 0.1], 30_000, burn_in=1_000, scale=[0.15, 0.1], random_state=0
    )
    answer = (s[:, 0].mean(), s[:, 0].var(), s[:, 1].mean(), s[:, 1].var())
    assert check("lihang-19.8", answer)


# -- §19.5 Gibbs sampling ----------------------------------------------------------------------------------------


def test_example_19_10_gibbs_bivariate_normal_replay_and_moments():
    rho = 0.5
    s = gibbs_bivariate_normal([0, 0], [[1, rho], [rho, 1]], 100_000, burn_in=100, random_state=0)
    np.testing.assert_allclose(np.cov(s.T), [[1, rho], [rho, 1]], atol=0.02)
    z = np.random.RandomState(0).standard_normal((100_100, 2))
    x1 = x2 = 0.0
    ref = []
    for i in range(300):
        x1 = rho * x2 + math.sqrt(1 - rho**2) * z[i, 0]  # x1 | x2 ~ N(rho x2, 1 - rho^2)
        x2 = rho * x1 + math.sqrt(1 - rho**2) * z[i, 1]
        ref.append((x1, x2))
    np.testing.assert_allclose(s[:200], np.array(ref)[100:], rtol=0, atol=1e-14)


def test_gibbs_sampler_general_matches_bivariate_kernel():
    rho, c = 0.8, math.sqrt(1 - 0.8**2)
    conds = [lambda x, u: rho * x[1] + c * stats.norm.ppf(u), lambda x, u: rho * x[0] + c * stats.norm.ppf(u)]
    s = gibbs_sampler(conds, [0.0, 0.0], 20_000, burn_in=200, random_state=5)
    np.testing.assert_allclose(np.corrcoef(s.T)[0, 1], rho, atol=0.03)
    np.testing.assert_allclose(s.var(axis=0), 1.0, atol=0.08)


def test_bivariate_normal_gibbs_with_mean_and_scales():
    mean, cov = np.array([1.0, -2.0]), np.array([[4.0, -1.8], [-1.8, 1.0]])
    s = gibbs_bivariate_normal(mean, cov, 200_000, x0=[10.0, 10.0], burn_in=200, random_state=1)
    np.testing.assert_allclose(s.mean(axis=0), mean, atol=0.03)
    np.testing.assert_allclose(np.cov(s.T), cov, atol=0.05)


# -- diagnostics ------------------------------------------------------------------------------------------------


def test_autocorrelation_of_ar1_and_ess():
    # an AR(1) chain x_t = phi x_{t-1} + e_t has rho_k = phi^k and tau = (1 + phi) / (1 - phi)
    phi, n = 0.7, 200_000
    e = np.random.default_rng(0).standard_normal(n)
    x = np.empty(n)
    x[0] = e[0] / math.sqrt(1 - phi**2)
    for t in range(1, n):
        x[t] = phi * x[t - 1] + e[t]
    rho = autocorrelation(x, 5)
    np.testing.assert_allclose(rho, phi ** np.arange(6), atol=0.01)
    tau = integrated_autocorrelation_time(x)
    assert abs(tau - (1 + phi) / (1 - phi)) < 0.3
    assert abs(effective_sample_size(x) - n / ((1 + phi) / (1 - phi))) < 0.06 * n / 5.67
    # against the definition by numpy.correlate
    c = x[:1000] - x[:1000].mean()
    full = np.correlate(c, c, mode="full")[999:] / (c @ c)
    np.testing.assert_allclose(autocorrelation(x[:1000], 50), full[:51], atol=1e-12)


def test_ergodic_mean_and_burn_in():
    x = np.arange(1.0, 11.0)
    np.testing.assert_allclose(ergodic_mean(x, burn_in=2), np.cumsum(x[2:]) / np.arange(1, 9))
    rng = np.random.default_rng(1)
    drift = np.concatenate([np.linspace(20, 0, 1000), np.zeros(4000)]) + rng.standard_normal(5000)
    assert abs(geweke_z(drift)) > 5
    m = estimate_burn_in(drift)
    assert 750 <= m <= 2000 and abs(geweke_z(drift[m:])) < 2


def test_invalid_input_names_the_argument():
    with pytest.raises(TypeError, match="log_prob"):
        metropolis_hastings(1.0, 0.0, 10)
    with pytest.raises(ValueError, match="burn_in"):
        metropolis_hastings(lambda x: 0.0, 0.0, 10, burn_in=10)
    with pytest.raises(ValueError, match="x0"):
        metropolis_hastings(lambda x: -math.inf if x[0] < 1 else 0.0, 0.0, 10)
    with pytest.raises(ValueError, match="proposal"):
        metropolis_hastings(lambda x: 0.0, 0.0, 10, proposal="gibbs")
    with pytest.raises(ValueError, match="scale"):
        metropolis_hastings(lambda x: 0.0, [0.0, 0.0], 10, scale=[1.0])
    with pytest.raises(ValueError, match="cov"):
        gibbs_bivariate_normal([0, 0], [[1, 1], [1, 1]], 10)
    with pytest.raises(ValueError, match="conditionals"):
        gibbs_sampler([lambda x, u: u], [0.0, 0.0], 10)
    with pytest.raises(ValueError, match="b must be greater"):
        monte_carlo_integrate(np.exp, 1, 0, 10)
    with pytest.raises(ValueError, match="max_lag"):
        autocorrelation([1.0, 2.0, 3.0], 5)


@pytest.mark.parametrize("scale, words", [(1e-300, "too small"), (1e300, "too large")])
def test_chain_diagnostics_refuse_chains_whose_squares_leave_float64(scale, words):
    # the autocovariances overflowed (NaN autocorrelations, ESS and z) or underflowed (geweke_z NaN)
    x = np.tile([1.0, -1.0, 0.3, 0.2], 10) * scale
    for diagnostic in (autocorrelation, effective_sample_size, integrated_autocorrelation_time, geweke_z):
        with pytest.raises(ValueError, match=f"x is {words}"):
            diagnostic(x)
