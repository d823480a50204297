"""Numba kernels of the hidden Markov model (Li Hang ch. 10).

Every kernel receives validated, C-contiguous arrays: ``startprob`` (N,), ``transmat`` (N, N) with
``transmat[i, j] = a_ij = P(i_{t+1} = j | i_t = i)``, and the emission matrix stored *transposed*,
``emission_t`` (M, N) with ``emission_t[k, j] = b_j(k)``, so that the column of B needed at time t,
``b_.(o_t)``, is the contiguous row ``emission_t[o_t]``. Observations ``obs`` are int64 symbols in
``0..M-1``. No kernel allocates inside its time loop.
"""

import math

import numpy as np
from numba import njit

from . import _vector

_HUGE = 2.0**128  # the forward pass rescales by this power of two when its sum drops below _TINY
_TINY = 2.0**-128
_LOG2 = math.log(2.0)
_PAIRS_MIN_STEPS = 4  # the forward pass goes two steps per link from T >= 4 M N^2 on (see _forward_vector),
_PAIRS_MAX_ENTRIES = 1 << 15  # with at most 256 KiB of tables: at 2 MiB (N = 8, M = 4096) a link was slower


@njit(cache=True, inline="always")
def _zero_rows_from(alpha, scale, t, T):
    """Rows t..T-1 of ``alpha`` and ``scale`` set to zero (the sequence is impossible from step t on)."""
    for q in range(t, T):
        scale[q] = 0.0
        for i in range(alpha.shape[1]):
            alpha[q, i] = 0.0


@njit(cache=True, inline="always")
def _rescaled(u, s, shift):
    """``u``, its sum ``s`` and ``shift`` after multiplying ``u`` by 2**128 until ``s`` is at least 2**-128: an exact
    rescaling of a vector of :mod:`statlib.hmm._vector` (u_t = alpha_t * 2**shift stays true)."""
    while s < _TINY:
        u = _vector.scaled(u, _HUGE)
        s *= _HUGE
        shift += 128
    return u, s, shift


@njit(cache=True, inline="always")
def _times_scale(p, s, shift):
    """``p * s`` and ``shift`` after multiplying the product by 2**128 until it is at least 2**-128: an exact
    rescaling that keeps a running product of the backward pass's scales (true product = p * 2**-shift) in range, so
    that log prod_t s_t = log p - shift log 2 takes one logarithm instead of one per step. The product never grows
    out of range: from step T - 1 back to step t it is sum_i beta_t(i) of (10.18), at most N."""
    p *= s
    while p < _TINY:
        p *= _HUGE
        shift += 128
    return p, shift


@njit(cache=True, inline="always")
def _forward_recursion(startprob, transmat, transmat_t, emission_t, obs, alpha, scale, N):
    """Algorithm 10.2 with scaling (Rabiner 1989, sec. V.A) for N states; returns log P(O | lambda).

    The recursion (10.15)-(10.16) runs on u_t = alpha_t * 2**shift, the forward probabilities (10.14)
    times a power of two: whenever their sum s_t = sum_i u_t(i) falls below 2**-128, u_t is multiplied
    by 2**128 and ``shift`` grows by 128. Multiplying by a power of two is exact, so the rescaling adds
    no rounding, and the step from u_{t-1} to u_t waits for no sum and no division: the normalised
    row and the scale are formed beside the recursion, not on it. The kernel writes
    ``alpha[t] = u_t / s_t = alpha_t / P(o_1..o_t)``, the forward probabilities normalised to sum to
    one (the filtering distribution P(i_t | o_1..o_t)); each row is written one step later, while the
    next step runs. It writes ``scale[t] = s_t / s_{t-1} = P(o_t | o_1..o_{t-1})`` (s_{-1} = 1); the
    unscaled recursion is recovered from alpha_t = alpha[t] * scale[0] * ... * scale[t]. (10.17)
    becomes log P(O | lambda) = log sum_i alpha_T(i) = log s_T - shift log 2.
    The first N mod 4 states i take one dot product each, with the contiguous row i of ``transmat_t``
    (A transposed, ``transmat_t[i, j] = a_ji``); the others go four at a time: for each j, u_{t-1}(j)
    is loaded once and multiplied into the contiguous a_ji of row j of ``transmat`` for the four i,
    and the four sums run side by side, each adding its terms in the order j = 0, 1, ...
    If the sequence is impossible under the model (some s_t is 0), the rows from that step on are set
    to zero and -inf is returned.

    To compute only log P(O | lambda) (``score``), pass ``alpha`` with 2 rows and ``scale`` with 1:
    neither is written then, and no table of size T is.
    """
    T = obs.shape[0]
    keep = alpha.shape[0] >= T and scale.shape[0] >= T
    r = N % 4  # states 0..r-1 go one at a time, the others four at a time
    u = np.empty((2, N))  # u_t in row t % 2
    shift = 0  # u_t = alpha_t * 2**shift
    s = 0.0  # s_t = sum_i u_t(i)
    inv = 1.0  # 1 / s_{t-1}
    for t in range(T):
        o = obs[t]
        cur, prev = t & 1, (t - 1) & 1  # rows of u
        if t == 0:
            for i in range(N):
                u[cur, i] = startprob[i] * emission_t[o, i]  # (10.15)
        else:
            for i in range(r):
                v = 0.0
                for j in range(N):
                    v += u[prev, j] * transmat_t[i, j]  # sum_j u_{t-1}(j) a_ji, (10.16)
                u[cur, i] = v * emission_t[o, i]  # (10.16), for the first N mod 4 states
            for i in range(r, N, 4):
                v0 = v1 = v2 = v3 = 0.0
                for j in range(N):
                    p = u[prev, j]
                    v0 += p * transmat[j, i]  # sum_j u_{t-1}(j) a_ji, (10.16)
                    v1 += p * transmat[j, i + 1]
                    v2 += p * transmat[j, i + 2]
                    v3 += p * transmat[j, i + 3]
                u[cur, i] = v0 * emission_t[o, i]  # (10.16)
                u[cur, i + 1] = v1 * emission_t[o, i + 1]
                u[cur, i + 2] = v2 * emission_t[o, i + 2]
                u[cur, i + 3] = v3 * emission_t[o, i + 3]
            if keep:  # the previous row, normalised
                for i in range(N):
                    alpha[t - 1, i] = u[prev, i] * inv
        s = 0.0
        for i in range(N):
            s += u[cur, i]
        if s == 0.0:  # the sequence is impossible under the model from step t on
            if keep:
                _zero_rows_from(alpha, scale, t, T)
            return -np.inf
        if keep:
            scale[t] = s * inv  # c_t = P(o_t | o_1..o_{t-1}) = s_t / s_{t-1}
        while s < _TINY:  # rescale by an exact power of two
            for i in range(N):
                u[cur, i] *= _HUGE
            s *= _HUGE
            shift += 128
        inv = 1.0 / s
    if keep:
        for i in range(N):
            alpha[T - 1, i] = u[(T - 1) & 1, i] * inv
    return math.log(s) - shift * _LOG2  # (10.17): log sum_i alpha_T(i)


@njit(cache=True, inline="always")
def _forward_recursion_vector(startprob, transmat, emission_t, obs, alpha, scale, N, keep):
    """:func:`_forward_recursion` for N = 2, 4 or 8 states (N a compile-time constant), u_t held in registers.

    The same u_t, s_t, shift, ``alpha`` and ``scale`` as :func:`_forward_recursion`, with two sums added in
    another order. The sum over the predecessors j in (10.16) is re-indexed by k = i ^ j (bitwise exclusive
    or, a one-to-one map of 0..N-1 for N a power of two): sum_j u_{t-1}(j) a_ji = sum_k u_{t-1}(i ^ k) d[k, i]
    with d[k, i] = a_{i^k, i}. For each k that is u_{t-1} with its entries permuted, times row k of d, for all
    i at once; the N products are added as a balanced tree, so that one step of the recursion waits for a
    shuffle, a multiply, log2(N) adds and a multiply (:func:`statlib.hmm._vector.xor_products_sum`). u_t is
    a vector of N numbers that stays in registers from one step to the next (:mod:`statlib.hmm._vector`), and
    s_t = sum_i u_t(i) is a balanced tree too (:func:`statlib.hmm._vector.total`).
    """
    T = obs.shape[0]
    d = _vector.xor_columns(transmat, N)  # d[k, i] = a_{i^k, i}
    shift = 0  # u_t = alpha_t * 2**shift
    s = 0.0  # s_t = sum_i u_t(i)
    inv = 1.0  # 1 / s_{t-1}
    u = _vector.times(_vector.head(startprob, N), _vector.row(emission_t, obs[0], N))  # (10.15)
    for t in range(T):
        if t > 0:
            v = _vector.xor_products_sum(u, d)  # sum_j u_{t-1}(j) a_ji for every i, (10.16)
            v = _vector.times(v, _vector.row(emission_t, obs[t], N))  # times b_i(o_t), (10.16)
            if keep:  # the previous row, normalised
                _vector.store_row(alpha, t - 1, u, inv)
            u = v
        s = _vector.total(u)
        if s == 0.0:  # the sequence is impossible under the model from step t on
            if keep:
                _zero_rows_from(alpha, scale, t, T)
            return -np.inf
        if keep:
            scale[t] = s * inv  # c_t = P(o_t | o_1..o_{t-1}) = s_t / s_{t-1}
        u, s, shift = _rescaled(u, s, shift)  # by an exact power of two
        inv = 1.0 / s
    if keep:
        _vector.store_row(alpha, T - 1, u, inv)
    return math.log(s) - shift * _LOG2  # (10.17): log sum_i alpha_T(i)


@njit(cache=True)
def _pair_tables(transmat, emission_t, N):
    """For each symbol o, the table of :func:`statlib.hmm._vector.xor_columns` for C_o = A diag(b_.(o)) A:
    ``pairs[o, k * N + i] = C_o[i ^ k, i] = sum_j a_{i^k, j} b_j(o) a_ji``, the sum in the order j = 0, 1, ...

    Two steps of (10.16) are one product with C: sum_l u_{t-1}(l) C_{o_t}[l, i] times b_i(o_{t+1}) is u_{t+1}(i).
    """
    M = emission_t.shape[0]
    pairs = np.empty((M, N * N))
    for o in range(M):
        for k in range(N):
            for i in range(N):
                r = i ^ k
                c = 0.0
                for j in range(N):
                    c += transmat[r, j] * emission_t[o, j] * transmat[j, i]
                pairs[o, k * N + i] = c
    return pairs


@njit(cache=True, inline="always")
def _forward_recursion_pairs(startprob, transmat, emission_t, obs, alpha, scale, N, NN, keep, pairs):
    """:func:`_forward_recursion_vector` taking the recursion two steps per dependent link.

    u_{t+1} is computed from u_{t-1} by one product with C_{o_t} = A diag(b_.(o_t)) A (:func:`_pair_tables`) and
    the emission factor b_.(o_{t+1}); u_t, which the table of alphas and the scale c_t need, is computed from
    u_{t-1} beside it, off the chain. A step of the chain then waits for a shuffle, a multiply, log2(N) adds and a
    multiply, as one step of (10.16) does, but the chain has half as many links (one more for each rescaling of
    u_t). The same u_t, s_t, shift, ``alpha`` and ``scale`` as :func:`_forward_recursion_vector` up to rounding,
    the sums for u_{t+1} being associated otherwise. Where that recursion rescales u_t (s_t below 2**-128),
    u_{t+1} is taken from the rescaled u_t instead, so both rescale at the same steps (barring a sum within
    rounding of 2**-128).
    """
    T = obs.shape[0]
    d = _vector.xor_columns(transmat, N)  # d[k, i] = a_{i^k, i}
    shift = 0  # u_t = alpha_t * 2**shift
    u = _vector.times(_vector.head(startprob, N), _vector.row(emission_t, obs[0], N))  # (10.15)
    s = _vector.total(u)
    if s == 0.0:
        if keep:
            _zero_rows_from(alpha, scale, 0, T)
        return -np.inf
    if keep:
        scale[0] = s
    u, s, shift = _rescaled(u, s, shift)
    inv = 1.0 / s  # 1 / s_{t-1}
    t = 1
    while t < T:
        # u is u_{t-1}; v is u_t, off the chain
        v = _vector.times(_vector.xor_products_sum(u, d), _vector.row(emission_t, obs[t], N))  # (10.16)
        two = t + 1 < T
        if two:  # u_{t+1} = (u_{t-1} C_{o_t}) b_.(o_{t+1}): two steps of (10.16) in one link
            w = _vector.times(
                _vector.xor_products_sum(u, _vector.row(pairs, obs[t], NN)), _vector.row(emission_t, obs[t + 1], N)
            )
        else:
            w = v
        if keep:
            _vector.store_row(alpha, t - 1, u, inv)
        s = _vector.total(v)
        if s == 0.0:
            if keep:
                _zero_rows_from(alpha, scale, t, T)
            return -np.inf
        if keep:
            scale[t] = s * inv
        if not two:  # the last step, t = T - 1, alone
            u, s, shift = _rescaled(v, s, shift)
            inv = 1.0 / s
            break
        if s < _TINY:  # the one-step recursion rescales u_t here: take u_{t+1} from the rescaled u_t
            v, s, shift = _rescaled(v, s, shift)
            w = _vector.times(_vector.xor_products_sum(v, d), _vector.row(emission_t, obs[t + 1], N))
        inv = 1.0 / s  # 1 / s_t
        if keep:
            _vector.store_row(alpha, t, v, inv)
        s = _vector.total(w)
        if s == 0.0:
            if keep:
                _zero_rows_from(alpha, scale, t + 1, T)
            return -np.inf
        if keep:
            scale[t + 1] = s * inv
        u, s, shift = _rescaled(w, s, shift)
        inv = 1.0 / s
        t += 2
    if keep:
        _vector.store_row(alpha, T - 1, u, inv)
    return math.log(s) - shift * _LOG2  # (10.17): log sum_i alpha_T(i)


@njit(cache=True)
def _forward_scaled(startprob, transmat, transmat_t, emission_t, obs, alpha, scale, pair_steps=_PAIRS_MIN_STEPS):
    """:func:`_forward_recursion` (algorithm 10.2 with scaling); returns log P(O | lambda).

    For N = 2, 4 and 8 states the recursion is :func:`_forward_recursion_vector`, compiled with N a constant:
    u_t stays in registers and the sums are balanced trees; a long sequence takes two steps per link
    (:func:`_forward_vector`, from ``pair_steps`` M N^2 steps on: 0 sends every sequence whose tables fit that way,
    a number beyond T none). Any other N runs :func:`_forward_recursion`, whose sums add their terms in the order
    j = 0, 1, ...; all agree to rounding.
    """
    N = startprob.shape[0]
    if N == 2:
        return _forward_vector(startprob, transmat, emission_t, obs, alpha, scale, 2, 4, pair_steps)
    if N == 4:
        return _forward_vector(startprob, transmat, emission_t, obs, alpha, scale, 4, 16, pair_steps)
    if N == 8:
        return _forward_vector(startprob, transmat, emission_t, obs, alpha, scale, 8, 64, pair_steps)
    return _forward_recursion(startprob, transmat, transmat_t, emission_t, obs, alpha, scale, N)


@njit(cache=True, inline="always")
def _forward_vector(startprob, transmat, emission_t, obs, alpha, scale, N, NN, pair_steps):
    """The vector recursion for N = 2, 4, 8 (``NN`` = N * N; both compile-time constants), compiled with ``keep``
    (write ``alpha`` and ``scale``) a constant: for ``score`` (``keep`` False) the loop then holds no test of it.

    A sequence of at least ``pair_steps`` M N^2 steps (M symbols; 4 by default) runs
    :func:`_forward_recursion_pairs`, two steps per dependent link, if its M N^2 table entries fit in
    ``_PAIRS_MAX_ENTRIES``; a shorter one, or one with larger tables, :func:`_forward_recursion_vector`. With the
    default, building the tables (M N^3 products) costs at most a quarter of a product per entry of the T x N table
    of alpha.
    """
    T = obs.shape[0]
    keep = alpha.shape[0] >= T and scale.shape[0] >= T
    entries = emission_t.shape[0] * NN
    if T // entries >= pair_steps and entries <= _PAIRS_MAX_ENTRIES:  # T >= pair_steps M N^2, without overflow
        pairs = _pair_tables(transmat, emission_t, N)
        if keep:
            return _forward_recursion_pairs(startprob, transmat, emission_t, obs, alpha, scale, N, NN, True, pairs)
        return _forward_recursion_pairs(startprob, transmat, emission_t, obs, alpha, scale, N, NN, False, pairs)
    if keep:
        return _forward_recursion_vector(startprob, transmat, emission_t, obs, alpha, scale, N, True)
    return _forward_recursion_vector(startprob, transmat, emission_t, obs, alpha, scale, N, False)


@njit(cache=True)
def _successor_sums(transmat, transmat_t, b, nxt, cur):
    """cur[i] = sum_j a_ij b_j(o_{t+1}) nxt[j], the sum of (10.20), for every state i, terms added in the order j.

    The first N mod 4 states take one dot product each with their row of ``transmat``; the others go four at a
    time over the rows of ``transmat_t`` (A transposed, ``transmat_t[j, i] = a_ij``), four sums advancing together.
    """
    N = transmat.shape[0]
    r = N % 4
    for i in range(r):
        row = transmat[i]
        v = 0.0
        for j in range(N):
            v += row[j] * b[j] * nxt[j]  # (10.20)
        cur[i] = v
    for i in range(r, N, 4):
        v0 = v1 = v2 = v3 = 0.0
        for j in range(N):
            bj, nj = b[j], nxt[j]
            a_j = transmat_t[j]
            v0 += a_j[i] * bj * nj  # (10.20)
            v1 += a_j[i + 1] * bj * nj
            v2 += a_j[i + 2] * bj * nj
            v3 += a_j[i + 3] * bj * nj
        cur[i] = v0
        cur[i + 1] = v1
        cur[i + 2] = v2
        cur[i + 3] = v3


@njit(cache=True)
def _backward_scaled(startprob, transmat, transmat_t, emission_t, obs, beta, scale):
    """Algorithm 10.3 with scaling; returns log P(O | lambda) by (10.21).

    Independent of the forward pass: each row of the backward probabilities (10.18) is normalised
    by its own sum, ``beta[t] = beta_t / (scale[t] * scale[t+1] * ... * scale[T-1])``, starting
    from beta_T = 1 (10.19), so ``scale[T-1] = N``; the recursion is (10.20). Then
    log P(O | lambda) = log sum_i pi_i b_i(o_1) beta[0, i] + sum_t log scale[t] (10.21), the sum taken as the
    logarithm of the scales' product, kept in range by exact powers of two (:func:`_times_scale`): one logarithm
    per pass instead of one per step. Returns -inf (rows of zeros from the failing step back) if the sequence is
    impossible.
    For N = 2, 4 and 8 states the recursion is :func:`_backward_scaled_vector`. For other N, the first
    N mod 4 states i take one dot product each with their row of ``transmat``, the others go four at a
    time over the rows of ``transmat_t`` (A transposed, ``transmat_t[j, i] = a_ij``); each sum adds its
    terms in the order j = 0, 1, ...
    """
    T = obs.shape[0]
    N = startprob.shape[0]
    if N == 2:
        return _backward_scaled_vector(startprob, transmat, emission_t, obs, beta, scale, 2)
    if N == 4:
        return _backward_scaled_vector(startprob, transmat, emission_t, obs, beta, scale, 4)
    if N == 8:
        return _backward_scaled_vector(startprob, transmat, emission_t, obs, beta, scale, 8)
    for i in range(N):
        beta[T - 1, i] = 1.0 / N  # (10.19), normalised
    scale[T - 1] = N
    product, shift = float(N), 0  # prod_t scale[t] = product * 2**-shift
    for t in range(T - 2, -1, -1):
        b = emission_t[obs[t + 1]]
        nxt = beta[t + 1]
        cur = beta[t]
        _successor_sums(transmat, transmat_t, b, nxt, cur)
        s = 0.0
        for i in range(N):
            s += cur[i]
        if s == 0.0:
            _zero_rows_up_to(beta, scale, t)
            return -np.inf
        scale[t] = s
        inv = 1.0 / s
        for i in range(N):
            cur[i] *= inv
        product, shift = _times_scale(product, s, shift)
    return _backward_termination(startprob, emission_t, obs, beta, math.log(product) - shift * _LOG2)


@njit(cache=True, inline="always")
def _backward_scaled_vector(startprob, transmat, emission_t, obs, beta, scale, N):
    """:func:`_backward_scaled` for N = 2, 4 or 8 states (N a compile-time constant).

    The sum of (10.20) is re-indexed by k = i ^ j, its N products added as a balanced tree (as in
    :func:`_backward_with_forward_scales_vector`); each row's sum is a balanced tree too. The recursion runs on
    unnormalised rows v_t = 2**shift beta_t / N, held in registers and rescaled by an exact power of two only when
    their sum drops below 2**-128 (:func:`_rescaled`, as in the forward pass; max_i beta_t(i) never grows from one
    step back to the next, so the sum stays below N), so that no division waits on the chain from one step to the
    next. Each stored row is v_t divided by its own sum, and scale[t] is that sum over the sum of v_{t+1}.
    Agrees with the general loop to rounding.
    """
    T = obs.shape[0]
    e = _vector.xor_rows(transmat, N)  # e[k, i] = a_{i, i^k}
    for i in range(N):
        beta[T - 1, i] = 1.0 / N  # (10.19), normalised
    scale[T - 1] = N
    v = _vector.row(beta, T - 1, N)
    s, inv, shift = 1.0, 1.0, 0  # the sum of v, its inverse, and v's power of two
    for t in range(T - 2, -1, -1):
        w = _vector.times(_vector.row(emission_t, obs[t + 1], N), v)  # b_j(o_{t+1}) v_{t+1}(j)
        v = _vector.xor_products_sum(w, e)  # (10.20)
        s = _vector.total(v)
        if s == 0.0:
            _zero_rows_up_to(beta, scale, t)
            return -np.inf
        scale[t] = s * inv
        v, s, shift = _rescaled(v, s, shift)
        inv = 1.0 / s
        _vector.store_row(beta, t, v, inv)
    # the product of the scales telescopes: N (the last row's) times the final sum, less the powers of two
    return _backward_termination(startprob, emission_t, obs, beta, math.log(N) + math.log(s) - shift * _LOG2)


@njit(cache=True, inline="always")
def _zero_rows_up_to(beta, scale, t):
    """Rows 0..t of ``beta`` and ``scale`` set to zero (the sequence is impossible from step t back)."""
    for u in range(0, t + 1):
        scale[u] = 0.0
        for i in range(beta.shape[1]):
            beta[u, i] = 0.0


@njit(cache=True, inline="always")
def _backward_termination(startprob, emission_t, obs, beta, log_scale):
    """log P(O | lambda) = log sum_i pi_i b_i(o_1) beta[0, i] + log_scale, (10.21); -inf if it is 0."""
    b = emission_t[obs[0]]
    p = 0.0
    for i in range(startprob.shape[0]):
        p += startprob[i] * b[i] * beta[0, i]  # (10.21)
    if p == 0.0:
        return -np.inf
    return math.log(p) + log_scale


@njit(cache=True)
def _backward_with_forward_scales(transmat, transmat_t, emission_t, obs, scale, beta):
    """The backward recursion (10.20) scaled by the forward pass's ``scale`` (Rabiner's scaling).

    ``beta[t] = beta_t / (scale[t+1] * ... * scale[T-1])``, so that alpha[t] * beta[t] (with the
    scaled ``alpha`` of :func:`_forward_scaled`) is exactly gamma_t of (10.24). Needs every scale > 0.
    For N = 2, 4 and 8 states the recursion is :func:`_backward_with_forward_scales_vector`; for other N,
    the first N mod 4 states go one at a time over their rows of ``transmat``, the others four at a
    time over the rows of ``transmat_t`` (A transposed), as in :func:`_backward_scaled`.
    """
    T = obs.shape[0]
    N = transmat.shape[0]
    if N == 2:
        return _backward_with_forward_scales_vector(transmat, emission_t, obs, scale, beta, 2)
    if N == 4:
        return _backward_with_forward_scales_vector(transmat, emission_t, obs, scale, beta, 4)
    if N == 8:
        return _backward_with_forward_scales_vector(transmat, emission_t, obs, scale, beta, 8)
    for i in range(N):
        beta[T - 1, i] = 1.0  # (10.19)
    for t in range(T - 2, -1, -1):
        b = emission_t[obs[t + 1]]
        nxt = beta[t + 1]
        inv = 1.0 / scale[t + 1]
        cur = beta[t]
        _successor_sums(transmat, transmat_t, b, nxt, cur)
        for i in range(N):
            cur[i] *= inv


@njit(cache=True, inline="always")
def _backward_with_forward_scales_vector(transmat, emission_t, obs, scale, beta, N):
    """:func:`_backward_with_forward_scales` for N = 2, 4 or 8 states (N a compile-time constant).

    As in :func:`_forward_recursion_vector`, the row beta[t + 1] stays in registers and the sum of (10.20) is
    re-indexed by k = i ^ j: sum_j a_ij w(j) = sum_k e[k, i] w(i ^ k) with w(j) = b_j(o_{t+1}) beta[t+1, j] and
    e[k, i] = a_{i, i^k}, its N products added as a balanced tree. Agrees with the general loop to rounding.
    """
    T = obs.shape[0]
    e = _vector.xor_rows(transmat, N)  # e[k, i] = a_{i, i^k}
    for i in range(N):
        beta[T - 1, i] = 1.0  # (10.19)
    v = _vector.row(beta, T - 1, N)
    for t in range(T - 2, -1, -1):
        w = _vector.times(_vector.row(emission_t, obs[t + 1], N), v)  # b_j(o_{t+1}) beta[t+1, j]
        v = _vector.scaled(_vector.xor_products_sum(w, e), 1.0 / scale[t + 1])  # (10.20), scaled
        _vector.store_row(beta, t, v, 1.0)


@njit(cache=True)
def _baum_welch_stats(
    startprob, transmat, transmat_t, emission_t, obs, offsets, alpha, beta, scale, start_acc, trans_acc, emit_acc
):
    """E-step of algorithm 10.4 over several sequences; returns the total log-likelihood.

    ``transmat_t`` is ``transmat`` transposed (for the forward and backward passes). Sequence s is
    ``obs[offsets[s]:offsets[s+1]]``; ``alpha``, ``beta``, ``scale`` are work buffers
    at least as long as the longest sequence. Adds to the accumulators the expected counts
    gamma_1(i) (for (10.41)), sum_t xi_t(i, j) (the numerator of (10.39), (10.29)) and
    sum_{t: o_t = k} gamma_t(j) (the numerator of (10.40)); the denominators are their row sums.
    gamma_t(i) = alpha[t, i] * beta[t, i] (10.24) and
    xi_t(i, j) = alpha[t, i] a_ij b_j(o_{t+1}) beta[t+1, j] / scale[t+1] (10.26), in scaled form.
    Returns -inf as soon as one sequence is impossible under the current parameters.
    """
    N = startprob.shape[0]
    w = np.empty(N)  # b_j(o_{t+1}) beta[t+1, j] / scale[t+1], one row of xi_t at a time
    total = 0.0
    for s in range(offsets.shape[0] - 1):
        seq = obs[offsets[s] : offsets[s + 1]]
        T = seq.shape[0]
        log_prob = _forward_scaled(startprob, transmat, transmat_t, emission_t, seq, alpha, scale)
        if log_prob == -np.inf:
            return -np.inf
        total += log_prob
        _backward_with_forward_scales(transmat, transmat_t, emission_t, seq, scale, beta)
        for i in range(N):
            start_acc[i] += alpha[0, i] * beta[0, i]  # gamma_1(i) (10.24, scaled): numerator of (10.41)
        for t in range(T):
            o = seq[t]
            for i in range(N):
                emit_acc[i, o] += alpha[t, i] * beta[t, i]  # gamma_t(i) (10.24, scaled): numerator of (10.40)
            if t + 1 < T:
                b = emission_t[seq[t + 1]]
                inv = 1.0 / scale[t + 1]
                for j in range(N):
                    w[j] = b[j] * beta[t + 1, j] * inv
                for i in range(N):  # row i of trans_acc and of A, contiguous
                    alpha_ti = alpha[t, i]
                    for j in range(N):
                        trans_acc[i, j] += alpha_ti * transmat[i, j] * w[j]  # xi_t(i, j) (10.26, scaled), for (10.39)
    return total


@njit(cache=True)
def _viterbi_log(log_startprob, log_transmat, log_transmat_t, log_emission_t, obs, delta, psi, path):
    """Algorithm 10.5 in log space; returns log P* and writes the optimal path to ``path``.

    ``log_transmat[j, i] = log a_ji`` and its transpose ``log_transmat_t[i, j] = log a_ji``.
    log delta_1(i) = log pi_i + log b_i(o_1); then for t = 2..T (10.45), (10.46):
    log delta_t(i) = max_j [log delta_{t-1}(j) + log a_ji] + log b_i(o_t) and psi[t, i] is the
    maximising j (the first one on ties); psi[0] = -1 (no predecessor). ``psi`` may be any signed
    integer type wide enough for N (int8 for up to 127 states keeps the table small). Backtracking is
    i*_t = psi[t+1, i*_{t+1}] (step (4), with the book's misprinted bar removed). ``delta`` has
    T rows (the whole trellis is kept) or 2 rows (only the last two are kept, used in turn).
    Logarithms of zero probabilities are -inf, which the max handles. As in the forward pass, the
    first N mod 4 states go one at a time over their row of ``log_transmat_t`` and the others four
    at a time over the contiguous rows j of ``log_transmat``, each maximum scanning j = 0, 1, ... in
    order, so ties still go to the first j.
    """
    T = obs.shape[0]
    N = log_startprob.shape[0]
    keep = delta.shape[0] == T
    r = N % 4  # states 0..r-1 go one at a time, the others four at a time
    b = log_emission_t[obs[0]]
    for i in range(N):
        delta[0, i] = log_startprob[i] + b[i]  # step (1)
        psi[0, i] = -1
    for t in range(1, T):  # step (2): (10.45), (10.46)
        prev = delta[t - 1] if keep else delta[(t - 1) & 1]
        cur = delta[t] if keep else delta[t & 1]
        b = log_emission_t[obs[t]]
        back = psi[t]
        a_0 = log_transmat[0]
        for i in range(r):
            into_i = log_transmat_t[i]
            best = prev[0] + into_i[0]
            arg = 0
            for j in range(1, N):
                v = prev[j] + into_i[j]
                if v > best:
                    best = v
                    arg = j
            cur[i] = best + b[i]
            back[i] = arg
        for i in range(r, N, 4):
            p = prev[0]
            best0, best1, best2, best3 = p + a_0[i], p + a_0[i + 1], p + a_0[i + 2], p + a_0[i + 3]
            arg0 = arg1 = arg2 = arg3 = 0
            for j in range(1, N):
                p = prev[j]
                a_j = log_transmat[j]
                v0, v1, v2, v3 = p + a_j[i], p + a_j[i + 1], p + a_j[i + 2], p + a_j[i + 3]
                if v0 > best0:
                    best0, arg0 = v0, j
                if v1 > best1:
                    best1, arg1 = v1, j
                if v2 > best2:
                    best2, arg2 = v2, j
                if v3 > best3:
                    best3, arg3 = v3, j
            for k, (best, arg) in enumerate(((best0, arg0), (best1, arg1), (best2, arg2), (best3, arg3))):
                cur[i + k] = best + b[i + k]
                back[i + k] = arg
    last = delta[T - 1] if keep else delta[(T - 1) & 1]  # step (3): P* and i*_T
    best = last[0]
    arg = 0
    for i in range(1, N):
        if last[i] > best:
            best = last[i]
            arg = i
    path[T - 1] = arg
    for t in range(T - 2, -1, -1):  # step (4): backtracking
        path[t] = psi[t + 1, path[t + 1]]
    return best


@njit(cache=True)
def _sample(start_cdf, trans_cdf, emit_cdf, u_state, u_obs, states, obs):
    """Algorithm 10.1, emitting exactly T = len(obs) observations (the book's loop stops one short).

    ``*_cdf`` are cumulative sums along the last axis of pi, A and B; ``u_state`` and ``u_obs`` are
    uniform draws on [0, 1) made in NumPy, so the result is reproducible from the seed. Each draw is
    inverted by a linear scan: the first k with u < cdf[k] (the last k if rounding leaves u above
    every cdf value; the caller normalises each cdf so its last entry is exactly 1, which makes that
    unreachable).
    """
    T = obs.shape[0]
    N = start_cdf.shape[0]
    M = emit_cdf.shape[1]
    state = _invert(start_cdf, u_state[0], N)  # step (1)
    for t in range(T):  # steps (2)-(5), for t = 1..T
        states[t] = state
        obs[t] = _invert(emit_cdf[state], u_obs[t], M)  # step (3)
        if t + 1 < T:
            state = _invert(trans_cdf[state], u_state[t + 1], N)  # step (4)


@njit(cache=True)
def _invert(cdf, u, n):
    for k in range(n):
        if u < cdf[k]:
            return k
    return n - 1
