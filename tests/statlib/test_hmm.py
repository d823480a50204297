"""Tests of statlib.hmm against the book's printed numbers, brute-force enumeration and exact identities."""

import itertools
import warnings

import numpy as np
import pytest
from scipy.special import logsumexp
from sklearn.exceptions import ConvergenceWarning, NotFittedError
from sklearn.utils.estimator_checks import parametrize_with_checks

from statlib.datasets import load_example
from statlib.exercises import check
from statlib.hmm import CategoricalHMM, estimate_from_labelled


@pytest.fixture
def ex102():
    d = load_example("lihang", "10.2")
    return CategoricalHMM(d.startprob, d.transmat, d.emissionprob), d.obs


def _random_model(rng, N, M):
    return CategoricalHMM(
        rng.dirichlet(np.ones(N)), rng.dirichlet(np.ones(N), size=N), rng.dirichlet(np.ones(M), size=N)
    )


def _joint(pi, A, B, states, obs):
    """P(O, I | lambda), eq. (10.12), for one state path."""
    p = pi[states[0]] * B[states[0], obs[0]]
    for t in range(1, len(obs)):
        p *= A[states[t - 1], states[t]] * B[states[t], obs[t]]
    return p


def _enumerate(model, obs):
    """All N^T state paths with their joint probabilities (10.12): the direct computation of sec. 10.2.1."""
    pi, A, B = (np.asarray(p) for p in (model.startprob, model.transmat, model.emissionprob))
    paths = list(itertools.product(range(len(pi)), repeat=len(obs)))
    return paths, np.array([_joint(pi, A, B, s, obs) for s in paths])


# --------------------------------------------------------------------------------------------------
# Example 10.2 (forward), the book's printed numbers
def test_example_10_2_forward_matches_book(ex102):
    model, obs = ex102
    alpha, prob = model.forward(obs)
    book_alpha = [[0.10, 0.16, 0.28], [0.077, 0.1104, 0.0606], [0.04187, 0.03551, 0.05284]]
    np.testing.assert_allclose(alpha, book_alpha, atol=5e-6)
    assert prob == pytest.approx(0.13022, abs=5e-6)
    # the bracketed sums of (10.16) at t = 2, as printed: 0.154, 0.184, 0.202
    np.testing.assert_allclose(alpha[0] @ model.transmat, [0.154, 0.184, 0.202], atol=1e-12)


def test_example_10_2_backward_by_hand(ex102):
    model, obs = ex102
    beta, prob = model.backward(obs)
    # by hand from (10.19)-(10.20): beta_2(1) = 0.5*0.5 + 0.2*0.4 + 0.3*0.7 = 0.54, etc.
    np.testing.assert_allclose(beta, [[0.2451, 0.2622, 0.2277], [0.54, 0.49, 0.57], [1, 1, 1]], atol=1e-12)
    assert prob == pytest.approx(0.130218, abs=5e-7)
    assert prob == pytest.approx(model.forward(obs)[1], rel=1e-12)


def test_example_10_2_gamma_and_approximate_decoding(ex102):
    model, obs = ex102
    gamma = model.gamma(obs)
    np.testing.assert_allclose(
        gamma,
        [[0.188223, 0.322167, 0.489610], [0.319311, 0.415426, 0.265263], [0.321538, 0.272712, 0.405750]],
        atol=5e-7,
    )
    assert (model.decode(obs, algorithm="posterior") + 1).tolist() == [3, 2, 3]
    assert (model.decode(obs, algorithm="viterbi") + 1).tolist() == [3, 3, 3]


# --------------------------------------------------------------------------------------------------
# Example 10.3 (Viterbi), the book's printed numbers
def test_example_10_3_viterbi_matches_book():
    d = load_example("lihang", "10.3")
    model = CategoricalHMM(d.startprob, d.transmat, d.emissionprob)
    path, prob, delta, psi = model.viterbi(d.obs, return_trellis=True)
    assert (path + 1).tolist() == [3, 3, 3]
    assert prob == pytest.approx(0.0147, abs=5e-12)
    np.testing.assert_allclose(
        delta, [[0.10, 0.16, 0.28], [0.028, 0.0504, 0.042], [0.00756, 0.01008, 0.0147]], atol=1e-12
    )
    assert (psi[1:] + 1).tolist() == [[3, 3, 3], [2, 2, 3]]
    assert psi[0].tolist() == [-1, -1, -1]
    path_log, log_prob, log_delta, _ = model.viterbi(d.obs, log=True, return_trellis=True)
    assert log_prob == pytest.approx(np.log(0.0147), rel=1e-12)
    np.testing.assert_allclose(np.exp(log_delta), delta, rtol=1e-12)
    np.testing.assert_array_equal(path_log, path)


# --------------------------------------------------------------------------------------------------
# Example 10.1: only the model is asked for; the derived values are checked by enumeration
def test_example_10_1_model_and_derived_values():
    d = load_example("lihang", "10.1")
    np.testing.assert_allclose(d.emissionprob, d.balls / d.balls.sum(axis=1, keepdims=True))
    model = CategoricalHMM(d.startprob, d.transmat, d.emissionprob)
    paths, joint = _enumerate(model, d.obs)
    assert model.forward(d.obs)[1] == pytest.approx(joint.sum(), rel=1e-12)
    assert model.forward(d.obs)[1] == pytest.approx(0.026862016, rel=1e-9)
    path, prob = model.viterbi(d.obs)
    assert (path + 1).tolist() == [4, 3, 2, 3, 4]
    assert prob == pytest.approx(0.00193536, rel=1e-9)
    assert list(paths[int(np.argmax(joint))]) == path.tolist()


# --------------------------------------------------------------------------------------------------
# identities on random models
@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize(("N", "T"), [(3, 5), (2, 6), (4, 5), (8, 4)])  # N = 2, 4, 8: the vector recursions
def test_forward_backward_against_enumeration(seed, N, T):
    rng = np.random.default_rng(seed)
    M = 4
    model = _random_model(rng, N, M)
    obs = rng.integers(0, M, size=T)
    paths, joint = _enumerate(model, obs)
    alpha, p_fwd = model.forward(obs)
    beta, p_bwd = model.backward(obs)
    assert p_fwd == pytest.approx(joint.sum(), rel=1e-12)  # (10.13) = (10.17)
    assert p_bwd == pytest.approx(joint.sum(), rel=1e-12)  # (10.21)
    np.testing.assert_allclose((alpha * beta).sum(axis=1), p_fwd, rtol=1e-12)
    A, B = model.transmat, model.emissionprob
    for t in range(T - 1):  # (10.22), exercise 10.4
        s = np.einsum("i,ij,j,j->", alpha[t], A, B[:, obs[t + 1]], beta[t + 1])
        assert s == pytest.approx(p_fwd, rel=1e-12)
    # gamma and xi are the posterior marginals of the enumeration
    post = joint / joint.sum()
    paths = np.array(paths)
    gamma = np.array([[post[paths[:, t] == i].sum() for i in range(N)] for t in range(T)])
    np.testing.assert_allclose(model.gamma(obs), gamma, atol=1e-12)
    xi = np.array(
        [
            [[post[(paths[:, t] == i) & (paths[:, t + 1] == j)].sum() for j in range(N)] for i in range(N)]
            for t in range(T - 1)
        ]
    )
    np.testing.assert_allclose(model.xi(obs), xi, atol=1e-12)
    # Viterbi is the argmax of the enumeration
    path, prob = model.viterbi(obs)
    assert prob == pytest.approx(joint.max(), rel=1e-12)
    assert tuple(path) == tuple(paths[np.argmax(joint)])


def test_scaled_matches_unscaled(ex102):
    model, obs = ex102
    alpha, prob = model.forward(obs)
    alpha_hat, log_prob = model.forward(obs, scaled=True)
    np.testing.assert_allclose(alpha_hat, alpha / alpha.sum(axis=1, keepdims=True), rtol=1e-12)
    assert log_prob == pytest.approx(np.log(prob), rel=1e-12)
    beta, _ = model.backward(obs)
    beta_hat, log_prob_b = model.backward(obs, scaled=True)
    np.testing.assert_allclose(beta_hat, beta / beta.sum(axis=1, keepdims=True), rtol=1e-12)
    assert log_prob_b == pytest.approx(log_prob, rel=1e-12)


def _log_forward_reference(model, obs):
    """Plain NumPy log-space forward pass: log alpha_{t+1} = logsumexp(log alpha_t + log A) + log b(o_{t+1})."""
    with np.errstate(divide="ignore"):  # log 0 = -inf is what we want
        log_A, log_B, log_pi = np.log(model.transmat), np.log(model.emissionprob), np.log(model.startprob)
    la = log_pi + log_B[:, obs[0]]
    for o in obs[1:]:
        la = logsumexp(la[:, None] + log_A, axis=0) + log_B[:, o]
    return logsumexp(la)


@pytest.mark.parametrize("N", [2, 3, 4, 5, 8])
def test_scaled_forward_against_normalise_every_step(N):
    # N = 2, 4, 8 run the vector recursion (sums as balanced trees), 3 and 5 the general loop: both must agree
    # with the textbook normalise-every-step recursion to rounding, over a sequence long enough to rescale
    rng = np.random.default_rng(N)
    model = _random_model(rng, N, 7)
    obs = rng.integers(0, 7, size=3_000)
    alpha_hat, log_prob = model.forward(obs, scaled=True)
    A, B, pi = np.asarray(model.transmat), np.asarray(model.emissionprob), np.asarray(model.startprob)
    v = pi * B[:, obs[0]]
    rows, log_c = [v / v.sum()], [np.log(v.sum())]
    for o in obs[1:]:
        v = (rows[-1] @ A) * B[:, o]
        rows.append(v / v.sum())
        log_c.append(np.log(v.sum()))
    np.testing.assert_allclose(alpha_hat, np.array(rows), rtol=1e-12, atol=1e-15)
    assert log_prob == pytest.approx(np.sum(log_c), rel=1e-12)
    assert log_prob < -128 * 3 * np.log(2.0)  # the unnormalised sums were rescaled several times
    assert model.score(obs) == pytest.approx(log_prob, rel=1e-14)  # score keeps two rows only


@pytest.mark.parametrize("factor", [2.0**-100, 1 / 3])
def test_running_product_of_scales_stays_in_range(factor):
    # the backward pass multiplies its scales into one number, rescaled by exact powers of two, and takes one
    # logarithm at the end: 40 factors of 2**-100 multiply to 2**-4000, far below float64, whose logarithm is
    # -4000 log 2 exactly; 2 000 factors of 1/3, -2000 log 3 to rounding
    from statlib.hmm._kernels import _HUGE, _TINY, _times_scale

    steps = 40 if factor == 2.0**-100 else 2_000
    product, shift = 1.0, 0
    for _ in range(steps):
        product, shift = _times_scale(product, factor, shift)
        assert _TINY <= product <= _HUGE
    assert np.log(product) - shift * np.log(2.0) == pytest.approx(steps * np.log(factor), rel=1e-12)


@pytest.mark.parametrize("N", [2, 3, 4, 5, 8])
def test_posteriors_against_normalise_every_step(N):
    # beta (10.18), gamma (10.24) and xi (10.26) from the scaled passes (N = 2, 4, 8: the vector forward and
    # backward recursions) against a NumPy pass that normalises alpha and beta at every step, over 2 000 steps
    rng = np.random.default_rng(20 + N)
    model = _random_model(rng, N, 5)
    obs = rng.integers(0, 5, size=2_000)
    A, B, pi = np.asarray(model.transmat), np.asarray(model.emissionprob), np.asarray(model.startprob)
    T = obs.shape[0]
    alpha, beta = np.empty((T, N)), np.empty((T, N))
    v = pi * B[:, obs[0]]
    alpha[0] = v / v.sum()
    for t in range(1, T):
        v = (alpha[t - 1] @ A) * B[:, obs[t]]
        alpha[t] = v / v.sum()
    beta[T - 1] = 1.0 / N
    for t in range(T - 2, -1, -1):
        v = A @ (B[:, obs[t + 1]] * beta[t + 1])
        beta[t] = v / v.sum()
    beta_hat, log_prob_backward = model.backward(obs, scaled=True)  # each row normalised by its own sum
    np.testing.assert_allclose(beta_hat, beta, rtol=1e-10, atol=1e-15)
    assert log_prob_backward == pytest.approx(model.forward(obs, scaled=True)[1], rel=1e-12)
    gamma = alpha * beta
    gamma /= gamma.sum(axis=1, keepdims=True)
    np.testing.assert_allclose(model.gamma(obs), gamma, rtol=1e-10, atol=1e-15)
    xi = alpha[:-1, :, None] * A[None] * (B[:, obs[1:]].T * beta[1:])[:, None, :]
    xi /= xi.sum(axis=(1, 2), keepdims=True)
    np.testing.assert_allclose(model.xi(obs), xi, rtol=1e-10, atol=1e-15)


def _normalised_forward(pi, A, B, obs):
    """(10.15)-(10.16) in NumPy with every row normalised: the rows alpha_t / P(o_1..o_t) and the scales
    c_t = P(o_t | o_1..o_{t-1}), whose logarithms add up to log P(O | lambda) (10.17)."""
    T = len(obs)
    alpha, scale = np.empty((T, len(pi))), np.empty(T)
    a = pi * B[:, obs[0]]
    for t in range(T):
        if t:
            a = (alpha[t - 1] @ A) * B[:, obs[t]]
        scale[t] = a.sum()
        alpha[t] = a / scale[t]
    return alpha, scale, np.log(scale).sum()


# The forward kernel's two paths for N = 2, 4, 8: one step per dependent link, and two (on long sequences). The
# kernel's last argument, pair_steps, picks the path: 0 takes two steps per link at any length, 2**62 never.
_PATHS = {"one step per link": 2**62, "two steps per link": 0}


@pytest.mark.parametrize("N", [2, 4, 8])
def test_pair_tables_are_two_steps_of_the_recursion(N):
    from statlib.hmm._kernels import _pair_tables

    rng = np.random.default_rng(7)
    M = 3
    A, B = rng.dirichlet(np.ones(N), size=N), rng.dirichlet(np.ones(M), size=N)
    pairs = _pair_tables(A, np.ascontiguousarray(B.T), N)
    for o in range(M):
        C = A @ np.diag(B[:, o]) @ A
        expected = [[C[i ^ k, i] for i in range(N)] for k in range(N)]
        np.testing.assert_allclose(pairs[o].reshape(N, N), expected, rtol=1e-14)


@pytest.mark.parametrize("path", _PATHS)
@pytest.mark.parametrize("N", [2, 4, 8])
@pytest.mark.parametrize("T", [500, 501])  # after the first step, an odd and an even number of steps
@pytest.mark.parametrize("rare", [1e-40, 1e-200])
def test_forward_matches_the_normalised_recursion_through_rescalings(path, N, T, rare):
    # A rare symbol (probability `rare` in every state) makes the sum fall below 2**-128 at steps of both parities,
    # and at the last step, so every rescaling branch runs. Two rare steps of 1e-200 each would underflow any
    # number, unless a two-step link is taken from the rescaled u_t and u_{t+1} is rescaled before the next link.
    from statlib.hmm._kernels import _forward_scaled

    rng = np.random.default_rng(20 + N)
    M = 3
    pi, A = rng.dirichlet(np.ones(N)), rng.dirichlet(np.ones(N), size=N)
    B = rng.dirichlet(np.ones(M), size=N)
    B[:, 2] = rare
    B /= B.sum(axis=1, keepdims=True)
    obs = rng.integers(0, M, size=T)
    obs[-1] = 2
    alpha, scale = np.empty((T, N)), np.empty(T)
    A_t, B_t = np.ascontiguousarray(A.T), np.ascontiguousarray(B.T)
    log_p = _forward_scaled(pi, A, A_t, B_t, obs, alpha, scale, _PATHS[path])
    alpha_ref, scale_ref, log_p_ref = _normalised_forward(pi, A, B, obs)
    np.testing.assert_allclose(alpha, alpha_ref, rtol=1e-11, atol=1e-300)
    np.testing.assert_allclose(scale, scale_ref, rtol=1e-11)
    assert log_p == pytest.approx(log_p_ref, rel=1e-12)
    # the score alone (no table written) is the same number
    assert _forward_scaled(pi, A, A_t, B_t, obs, np.empty((2, N)), np.empty(1), _PATHS[path]) == log_p


@pytest.mark.parametrize("path", _PATHS)
@pytest.mark.parametrize("N", [2, 4, 8])
@pytest.mark.parametrize("stop", [1, 2, 101, 102])
def test_forward_stops_where_the_sequence_becomes_impossible(path, N, stop):
    from statlib.hmm._kernels import _forward_scaled

    rng = np.random.default_rng(30 + N)
    M = 3
    pi, A = rng.dirichlet(np.ones(N)), rng.dirichlet(np.ones(N), size=N)
    B = rng.dirichlet(np.ones(M), size=N)
    B[:, 2] = 0.0  # symbol 2 impossible in every state
    B /= B.sum(axis=1, keepdims=True)
    T = 300
    obs = rng.integers(0, 2, size=T)
    obs[stop] = 2
    A_t, B_t = np.ascontiguousarray(A.T), np.ascontiguousarray(B.T)
    alpha, scale = np.full((T, N), np.nan), np.full(T, np.nan)
    assert _forward_scaled(pi, A, A_t, B_t, obs, alpha, scale, _PATHS[path]) == -np.inf
    assert np.all(alpha[stop:] == 0.0) and np.all(scale[stop:] == 0.0)
    alpha_ref, scale_ref, _ = _normalised_forward(pi, A, B, obs[:stop])
    np.testing.assert_allclose(alpha[:stop], alpha_ref, rtol=1e-11)
    np.testing.assert_allclose(scale[:stop], scale_ref, rtol=1e-11)
    assert _forward_scaled(pi, A, A_t, B_t, obs, np.empty((2, N)), np.empty(1), _PATHS[path]) == -np.inf


@pytest.mark.parametrize("N", [2, 4, 8])
def test_forward_takes_two_steps_per_link_from_4_m_n_squared_steps_on(N):
    # By default a sequence of 4 M N^2 steps or more takes two steps per link, a shorter one one step.
    from statlib.hmm._kernels import _PAIRS_MIN_STEPS, _forward_scaled

    rng = np.random.default_rng(40 + N)
    M = 16
    pi, A, B = rng.dirichlet(np.ones(N)), rng.dirichlet(np.ones(N), size=N), rng.dirichlet(np.ones(M), size=N)
    A_t, B_t = np.ascontiguousarray(A.T), np.ascontiguousarray(B.T)
    threshold = _PAIRS_MIN_STEPS * M * N * N
    for T, expected in ((threshold - 1, "one step per link"), (threshold, "two steps per link")):
        obs = rng.integers(0, M, size=T)
        runs = {}
        for name, pair_steps in [("default", None), *_PATHS.items()]:
            alpha, scale = np.empty((T, N)), np.empty(T)
            args = () if pair_steps is None else (pair_steps,)
            runs[name] = _forward_scaled(pi, A, A_t, B_t, obs, alpha, scale, *args), alpha
        # the two paths round differently (else this test could not tell them apart), and the default is one
        assert not np.array_equal(runs["one step per link"][1], runs["two steps per link"][1])
        assert runs["default"][0] == runs[expected][0]
        np.testing.assert_array_equal(runs["default"][1], runs[expected][1])


@pytest.mark.parametrize("path", _PATHS)
@pytest.mark.parametrize("N", [2, 4, 8])
def test_vector_recursions_read_any_layout_and_stop_on_impossible_sequences(path, N):
    from statlib.hmm._kernels import _backward_scaled, _forward_scaled

    rng = np.random.default_rng(10 + N)
    pi, A, B = rng.dirichlet(np.ones(N)), rng.dirichlet(np.ones(N), size=N), rng.dirichlet(np.ones(5), size=N)
    obs = rng.integers(0, 5, size=400)
    T = obs.shape[0]
    out_c = np.empty((T, N)), np.empty(T)
    log_c = _forward_scaled(pi, A, np.ascontiguousarray(A.T), np.ascontiguousarray(B.T), obs, *out_c, _PATHS[path])
    # the same arrays in Fortran order (and alpha a strided view): entry by entry, the same numbers
    alpha_f = np.empty((T, 2 * N))[:, ::2]
    scale_f = np.empty(T)
    log_f = _forward_scaled(
        pi, np.asfortranarray(A), np.asfortranarray(A.T), np.asfortranarray(B.T), obs, alpha_f, scale_f, _PATHS[path]
    )
    assert log_f == log_c
    np.testing.assert_array_equal(alpha_f, out_c[0])
    np.testing.assert_array_equal(scale_f, out_c[1])
    # symbol 4 impossible in every state, observed at t = 100: forward rows from there on are zero, log P = -inf
    B[:, 4] = 0.0
    B /= B.sum(axis=1, keepdims=True)
    obs = np.minimum(obs, 3)
    obs[100] = 4  # the only impossible symbol
    alpha, scale = np.full((T, N), np.nan), np.full(T, np.nan)
    A_t, B_t = np.ascontiguousarray(A.T), np.ascontiguousarray(B.T)
    assert _forward_scaled(pi, A, A_t, B_t, obs, alpha, scale, _PATHS[path]) == -np.inf
    assert np.all(alpha[100:] == 0.0) and np.all(scale[100:] == 0.0)
    np.testing.assert_allclose(alpha[:100].sum(axis=1), 1.0, rtol=1e-12)
    # the backward pass fails at t = 99 (it needs b(o_100)): rows 0..99 are zero, the later ones normalised
    beta, scale = np.full((T, N), np.nan), np.full(T, np.nan)
    assert _backward_scaled(pi, A, np.ascontiguousarray(A.T), np.ascontiguousarray(B.T), obs, beta, scale) == -np.inf
    assert np.all(beta[:100] == 0.0) and np.all(scale[:100] == 0.0)
    np.testing.assert_allclose(beta[100:].sum(axis=1), 1.0, rtol=1e-12)


def test_long_sequence_does_not_underflow():
    rng = np.random.default_rng(0)
    model = _random_model(rng, 4, 6)
    obs, states = model.sample(100_000, random_state=1)
    alpha_hat, log_prob = model.forward(obs, scaled=True)
    assert np.isfinite(log_prob) and log_prob < -50_000
    np.testing.assert_allclose(alpha_hat.sum(axis=1), 1.0, rtol=1e-12)
    _, log_prob_b = model.backward(obs, scaled=True)
    assert log_prob_b == pytest.approx(log_prob, rel=1e-10)
    assert model.score(obs) == pytest.approx(log_prob, rel=1e-12)
    assert _log_forward_reference(model, obs[:5000]) == pytest.approx(
        model.forward(obs[:5000], scaled=True)[1], rel=1e-10
    )
    path, log_p = model.viterbi(obs, log=True)
    assert np.isfinite(log_p) and log_p < log_prob  # the best single path is less likely than all paths together
    with pytest.warns(RuntimeWarning, match="underflows"):
        _, prob = model.forward(obs)
    assert prob == 0.0


def _path_log_prob(model, path, obs):
    pi, A, B = model.startprob, model.transmat, model.emissionprob
    return np.log(pi[path[0]]) + np.log(A[path[:-1], path[1:]]).sum() + np.log(B[path, obs]).sum()


def test_tiny_probabilities_match_log_space_reference():
    # emission probabilities of 1e-120 make single scale factors far below the running product's floor
    B = np.array([[1 - 1e-120, 1e-120], [0.5, 0.5], [1e-120, 1 - 1e-120]])
    A = np.array([[0.98, 0.01, 0.01], [0.01, 0.98, 0.01], [0.01, 0.01, 0.98]])
    model = CategoricalHMM([0.5, 0.0, 0.5], A, B)
    obs = np.tile([0, 1, 1, 0, 1, 0, 0, 0], 300)
    expected = _log_forward_reference(model, obs)
    assert model.forward(obs, scaled=True)[1] == pytest.approx(expected, rel=1e-12)
    assert model.backward(obs, scaled=True)[1] == pytest.approx(expected, rel=1e-12)
    assert model.score(obs) == pytest.approx(expected, rel=1e-12)


def test_viterbi_log_probability_is_path_probability():
    rng = np.random.default_rng(3)
    model = _random_model(rng, 5, 3)
    obs, _ = model.sample(2000, random_state=4)
    path, log_p = model.viterbi(obs, log=True)
    assert log_p == pytest.approx(_path_log_prob(model, path, obs), rel=1e-12)


def test_impossible_sequence():
    model = CategoricalHMM([1.0, 0.0], [[1.0, 0.0], [0.0, 1.0]], [[1.0, 0.0], [0.0, 1.0]])
    alpha, prob = model.forward([0, 1, 0])
    assert prob == 0.0 and not np.any(np.isnan(alpha))
    beta, prob_b = model.backward([0, 1, 0])
    assert prob_b == 0.0
    assert model.forward([0, 1], scaled=True)[1] == -np.inf
    assert model.viterbi([0, 1], log=True)[1] == -np.inf
    with pytest.raises(ValueError, match="probability zero"):
        model.gamma([0, 1])


# --------------------------------------------------------------------------------------------------
# generation (algorithm 10.1)
def test_sample_emits_n_observations_reproducibly(ex102):
    model, _ = ex102
    obs, states = model.sample(5, random_state=0)
    assert obs.shape == (5,) and states.shape == (5,)
    obs2, states2 = model.sample(5, random_state=0)
    np.testing.assert_array_equal(obs, obs2)
    np.testing.assert_array_equal(states, states2)


def test_sample_frequencies(ex102):
    model, _ = ex102
    obs, states = model.sample(200_000, random_state=0)
    fitted = estimate_from_labelled(obs, states, n_states=3, n_symbols=2)
    np.testing.assert_allclose(fitted.transmat, model.transmat, atol=0.01)
    np.testing.assert_allclose(fitted.emissionprob, model.emissionprob, atol=0.01)


def test_sample_respects_zero_probabilities():
    d = load_example("lihang", "10.1")
    model = CategoricalHMM(d.startprob, d.transmat, d.emissionprob)
    obs, states = model.sample(5000, random_state=2)
    assert np.all(d.transmat[states[:-1], states[1:]] > 0)


def test_estimate_from_labelled_counts():
    X = [[0, 1, 1], [1, 0, 0]]
    states = [[0, 0, 1], [1, 1, 0]]
    model = estimate_from_labelled(X, states)
    np.testing.assert_allclose(model.startprob, [0.5, 0.5])
    # transitions 0->0, 0->1, 1->1, 1->0: (10.30)
    np.testing.assert_allclose(model.transmat, [[0.5, 0.5], [0.5, 0.5]])
    # state 0 emits 0, 1, 0; state 1 emits 1, 1, 0: (10.31)
    np.testing.assert_allclose(model.emissionprob, [[2 / 3, 1 / 3], [1 / 3, 2 / 3]])
    with pytest.raises(ValueError, match="same layout"):
        estimate_from_labelled(X, [[0, 0], [1, 1]])


# --------------------------------------------------------------------------------------------------
# learning (algorithm 10.4)
def _baum_welch_step_by_enumeration(model, sequences):
    """One step of (10.39)-(10.41), with gamma and xi taken from the brute-force posterior."""
    N, M = model.emissionprob.shape
    start, trans, emit = np.zeros(N), np.zeros((N, N)), np.zeros((N, M))
    for obs in sequences:
        paths, joint = _enumerate(model, obs)
        post = joint / joint.sum()
        for p, w in zip(paths, post):
            start[p[0]] += w
            for t in range(len(obs)):
                emit[p[t], obs[t]] += w
                if t + 1 < len(obs):
                    trans[p[t], p[t + 1]] += w
    return start / start.sum(), trans / trans.sum(1, keepdims=True), emit / emit.sum(1, keepdims=True)


def test_baum_welch_one_step_matches_formulas():
    rng = np.random.default_rng(7)
    init = _random_model(rng, 2, 3)
    sequences = [rng.integers(0, 3, size=4), rng.integers(0, 3, size=3)]
    pi, A, B = _baum_welch_step_by_enumeration(init, sequences)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        fitted = CategoricalHMM(init.startprob, init.transmat, init.emissionprob, max_iter=1).fit(sequences)
    np.testing.assert_allclose(fitted.startprob_, pi, atol=1e-12)
    np.testing.assert_allclose(fitted.transmat_, A, atol=1e-12)
    np.testing.assert_allclose(fitted.emissionprob_, B, atol=1e-12)
    assert fitted.log_likelihoods_[0] == pytest.approx(init.score(sequences), rel=1e-12)


def test_baum_welch_increases_likelihood_and_converges(ex102):
    model, _ = ex102
    X = np.array([model.sample(50, random_state=s)[0] for s in range(20)])
    fitted = CategoricalHMM(n_states=3, random_state=0, max_iter=5000, tol=1e-4).fit(X)
    assert fitted.converged_
    assert np.all(np.diff(fitted.log_likelihoods_) >= -1e-9)
    assert fitted.score(X) >= fitted.log_likelihoods_[-1] - 1e-9
    assert fitted.score(X) > model.score(X)  # the MLE fits its own data at least as well as the truth
    np.testing.assert_allclose(fitted.transmat_.sum(1), 1.0)
    np.testing.assert_allclose(fitted.emissionprob_.sum(1), 1.0)


def test_fit_is_reproducible_and_accepts_layouts():
    rng = np.random.default_rng(0)
    seqs = [rng.integers(0, 3, size=n) for n in (5, 9, 7)]
    with pytest.warns(ConvergenceWarning):
        a = CategoricalHMM(n_states=2, random_state=3, max_iter=20, tol=0).fit(seqs)
    with pytest.warns(ConvergenceWarning):
        b = CategoricalHMM(n_states=2, random_state=3, max_iter=20, tol=0).fit(seqs)
    np.testing.assert_array_equal(a.transmat_, b.transmat_)
    assert a.n_symbols_ == 3 and a.n_states_ == 2
    paths = a.predict(seqs)
    assert [len(p) for p in paths] == [5, 9, 7]
    assert a.predict(seqs[0]).shape == (5,)
    assert a.score_samples(seqs).shape == (3,)
    assert a.score(seqs) == pytest.approx(a.score_samples(seqs).sum())


def test_convergence_warning():
    rng = np.random.default_rng(0)
    with pytest.warns(ConvergenceWarning, match="max_iter=2"):
        model = CategoricalHMM(n_states=3, random_state=0, max_iter=2, tol=0.0).fit(rng.integers(0, 4, size=200))
    assert model.n_iter_ == 2 and not model.converged_


def test_fit_from_given_parameters_keeps_hyperparameters(ex102):
    model, obs = ex102
    before = model.get_params()
    X = [model.sample(30, random_state=s)[0] for s in range(5)]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        model.fit(X)
    after = model.get_params()
    for key in ("startprob", "transmat", "emissionprob"):
        np.testing.assert_array_equal(before[key], after[key])
    # the fitted parameters are now the ones used
    assert model.forward(obs)[1] == pytest.approx(
        CategoricalHMM(model.startprob_, model.transmat_, model.emissionprob_).forward(obs)[1], rel=1e-12
    )


def test_against_hmmlearn():
    hmm = pytest.importorskip("hmmlearn.hmm")
    rng = np.random.default_rng(0)
    model = _random_model(rng, 4, 5)
    obs, _ = model.sample(3000, random_state=0)
    ref = hmm.CategoricalHMM(n_components=4, n_features=5, init_params="", params="ste")
    ref.startprob_, ref.transmat_, ref.emissionprob_ = model.startprob, model.transmat, model.emissionprob
    assert model.score(obs) == pytest.approx(ref.score(obs[:, None]), rel=1e-10)
    log_p, path = ref.decode(obs[:, None], algorithm="viterbi")
    mine, my_log_p = model.viterbi(obs, log=True)
    assert my_log_p == pytest.approx(log_p, rel=1e-10)
    # Paths may differ where two paths tie to rounding; then both have the optimal probability.
    assert np.mean(mine == path) > 0.99
    assert _path_log_prob(model, path, obs) == pytest.approx(_path_log_prob(model, mine, obs), rel=1e-12)
    np.testing.assert_allclose(model.gamma(obs), ref.predict_proba(obs[:, None]), atol=1e-10)


# --------------------------------------------------------------------------------------------------
# validation
def test_bad_parameters():
    with pytest.raises(ValueError, match="startprob"):
        CategoricalHMM([0.5, 0.6], [[1, 0], [0, 1]], [[1, 0], [0, 1]]).forward([0])
    with pytest.raises(ValueError, match="transmat"):
        CategoricalHMM([0.5, 0.5], [[1, 0, 0], [0, 1, 0], [0, 0, 1]], [[1, 0], [0, 1]]).forward([0])
    with pytest.raises(ValueError, match="transmat"):
        CategoricalHMM([0.5, 0.5], [[0.5, 0.6], [0, 1]], [[1, 0], [0, 1]]).forward([0])
    with pytest.raises(ValueError, match="emissionprob"):
        CategoricalHMM([0.5, 0.5], [[1, 0], [0, 1]], [[1, 0]]).forward([0])
    with pytest.raises(ValueError, match="emissionprob"):
        CategoricalHMM([0.5, 0.5], [[1, 0], [0, 1]], [[np.nan, 1], [0, 1]]).forward([0])
    with pytest.raises(TypeError, match="startprob"):
        CategoricalHMM("abc", [[1, 0], [0, 1]], [[1, 0], [0, 1]]).forward([0])
    with pytest.raises(ValueError, match="n_states"):
        CategoricalHMM([0.5, 0.5], [[1, 0], [0, 1]], [[1, 0], [0, 1]], n_states=3).fit([0, 1])
    with pytest.raises(ValueError, match="n_symbols"):
        CategoricalHMM(emissionprob=[[1, 0], [0, 1]], n_symbols=3).fit([0, 1])
    with pytest.raises(ValueError, match="n_states"):
        CategoricalHMM(n_states=0).fit([0, 1])
    with pytest.raises(TypeError, match="max_iter"):
        CategoricalHMM(max_iter=1.5).fit([0, 1])
    with pytest.raises(ValueError, match="tol"):
        CategoricalHMM(tol=-1.0).fit([0, 1])
    with pytest.raises(NotFittedError):
        CategoricalHMM().forward([0, 1])


def test_bad_observations(ex102):
    model, _ = ex102
    with pytest.raises(ValueError, match="obs must hold symbols 0..1"):
        model.forward([0, 2])
    with pytest.raises(ValueError, match="obs"):
        model.viterbi([0, -1])
    with pytest.raises(ValueError, match="obs"):
        model.backward([])
    with pytest.raises(ValueError, match="obs"):
        model.forward([0.5, 1])
    with pytest.raises(ValueError, match="obs"):
        model.forward([0, np.nan])
    with pytest.raises(TypeError, match="obs"):
        model.forward("red")
    with pytest.raises(ValueError, match="obs"):
        model.forward([[0, 1]])
    with pytest.raises(ValueError, match="X must hold symbols 0..1"):
        model.score([[0, 1], [1, 3]])
    with pytest.raises(ValueError, match="X"):
        CategoricalHMM(n_states=2).fit([])
    with pytest.raises(ValueError, match="X"):
        CategoricalHMM(n_states=2).fit(np.zeros((2, 2, 2), dtype=int))
    with pytest.raises(ValueError, match=r"X\[1\]"):
        CategoricalHMM(n_states=2).fit([[0, 1, 0], [1, np.nan]])
    with pytest.raises(TypeError, match="scaled"):
        model.forward([0, 1], scaled="yes")
    with pytest.raises(ValueError, match="algorithm"):
        model.decode([0, 1], algorithm="map")
    with pytest.raises(ValueError, match="n must be"):
        model.sample(0)
    with pytest.raises(ValueError, match="probability zero"):
        CategoricalHMM(emissionprob=[[1.0, 0.0], [1.0, 0.0]]).fit([0, 1, 1])


# --------------------------------------------------------------------------------------------------
# exercises
def test_exercises_check_with_statlib_answers():
    d = load_example("lihang", "10.2")
    model = CategoricalHMM(d.startprob, d.transmat, d.emissionprob)
    obs = [0, 1, 0, 1]
    _, p = model.backward(obs)
    assert check("lihang-10.1", p)
    assert not check("lihang-10.1", 0.13022)
    m2 = CategoricalHMM([0.2, 0.3, 0.5], [[0.5, 0.1, 0.4], [0.3, 0.5, 0.2], [0.2, 0.2, 0.6]], d.emissionprob)
    assert check("lihang-10.2", m2.gamma([0, 1, 0, 0, 1, 0, 1, 1])[3, 2])
    path, _ = model.viterbi(obs)
    assert check("lihang-10.3", path + 1)
    assert not check("lihang-10.3", path)
    alpha, _ = model.forward(obs)
    beta, _ = model.backward(obs)
    A, B = model.transmat, model.emissionprob
    sums = [alpha[t] @ A @ (B[:, obs[t + 1]] * beta[t + 1]) for t in range(3)]
    assert check("lihang-10.4", sums)
    assert not check("lihang-10.4", [p, p, 0.1])
    # Exercise 10.5 against the book's printed numbers: P* of Example 10.3, P(O | lambda) of Example 10.2.
    best_prob = model.viterbi(d.obs)[1]
    total_prob = model.forward(d.obs)[1]
    assert check("lihang-10.5", [best_prob, total_prob])
    assert check("lihang-10.5", [0.0147, 0.130218])
    assert not check("lihang-10.5", [total_prob, best_prob])


# --------------------------------------------------------------------------------------------------
# the scikit-learn estimator contract
# Rows of X are observation sequences, so their length is not a number of features: a model fitted on
# sequences of length T must accept sequences of any length, and a 1-D X is one sequence, not an error.
_EXPECTED_FAILED = {
    "check_n_features_in": "the length of the training sequences is not a fixed number of features",
    "check_n_features_in_after_fitting": "sequences of any length are accepted after fitting",
    "check_fit2d_predict1d": "a 1-D X is one observation sequence, a valid input",
}


@parametrize_with_checks(
    [CategoricalHMM(n_states=2, random_state=0, max_iter=10)], expected_failed_checks=lambda est: _EXPECTED_FAILED
)
def test_sklearn_contract(estimator, check):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        check(estimator)


# --------------------------------------------------------------------------------------------------
# the chapter's figure helpers run (their output is checked by eye in the chapter)
def test_figure_helpers_run(ex102):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from statlib.viz import hmm as viz

    model, obs = ex102
    fig = viz.viterbi_steps(model, obs)
    assert len([ax for ax in fig.axes if ax.axison]) == len(obs) + 1
    plt.close(fig)
    long_obs, states = model.sample(50, random_state=0)
    fig = viz.plot_decoding(long_obs, states, {"Viterbi": model.decode(long_obs)}, model.gamma(long_obs))
    plt.close(fig)
    fig, ax = plt.subplots()
    viz.plot_emissions(model.emissionprob, ["red", "white"], ax=ax)
    plt.close(fig)


def test_viterbi_explorer_steps_through_the_trellis(ex102):
    import ipywidgets as widgets
    import matplotlib

    matplotlib.use("Agg")
    from statlib.viz import hmm as viz

    model, obs = ex102
    panel = viz.viterbi_explorer(model, obs)
    assert isinstance(panel.image, widgets.Image) and panel.image.value[:4] == b"\x89PNG"
    step = next(w for w in panel.children[0].children if isinstance(w, widgets.IntSlider))
    assert (step.min, step.max) == (1, len(obs) + 1)  # one step per column, then backtracking
    pictures = set()
    for t in range(step.min, step.max + 1):
        step.value = t
        pictures.add(panel.image.value)
    assert len(pictures) == len(obs) + 1
