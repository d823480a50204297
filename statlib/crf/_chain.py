"""Probability computation and decoding on a linear chain (Li Hang §11.2.4, §11.3, §11.5).

A linear-chain CRF scores a label sequence y = (y_1, ..., y_n) of a fixed input x by

    w . F(y, x) = sum_i U[i, y_i] + sum_{i>=2} T_i[y_{i-1}, y_i],

where ``U[i, j]`` collects every state feature s_l(y_i = j, x, i) times its weight mu_l, and
``T_i[a, b]`` every transition feature t_k(y_{i-1} = a, y_i = b, x, i) times lambda_k; together they
are the local scores W_i(y_{i-1}, y_i | x) of eq. (11.23). Positions are 0-based in code
(book position i is row i-1 of ``U``). ``trans`` is either one (m, m) matrix shared by every position
(the usual, position-independent CRF) or a stack (n-1, m, m) with one matrix per pair of neighbours
(the position-dependent features of Example 11.1).

The kernels work with exponentiated scores, rescaled at every position so that sequences of any
length neither overflow nor underflow: each row of ``U`` and each transition matrix is shifted by its
maximum before ``exp`` (the shifts are added back to log Z), and the forward and backward vectors are
renormalised to sum to one at each step with their logarithmic scale factors accumulated.
"""

import itertools

import numpy as np
from numba import njit

from .._validation import check_array, check_int

__all__ = [
    "sequence_score",
    "log_partition",
    "marginals",
    "viterbi",
    "matrix_form",
    "normalizer",
    "path_probabilities",
    "forward_vectors",
    "backward_vectors",
]


# ---------------------------------------------------------------------------------------------
# Kernels (no validation inside: callers pass checked, contiguous float64 / int64 arrays)
# ---------------------------------------------------------------------------------------------


@njit(cache=True)
def _exp_shifted(U, trans, expU, expT):
    """expU = exp(U - rowmax U), expT[t] = exp(T_t - max T_t); returns the sum of all the shifts.

    Every shift is the maximum of the row (matrix) it is taken from, so each exponentiated row has a
    largest entry equal to 1 and nothing overflows. Returns (sum of row shifts of U, shifts of T per
    position as an array) so that log Z can be restored exactly.
    """
    n, m = U.shape
    shift_u = 0.0
    for i in range(n):
        mx = U[i, 0]
        for j in range(1, m):
            if U[i, j] > mx:
                mx = U[i, j]
        shift_u += mx
        for j in range(m):
            expU[i, j] = np.exp(U[i, j] - mx)
    nt = trans.shape[0]
    shift_t = np.empty(nt)
    for t in range(nt):
        mx = trans[t, 0, 0]
        for a in range(m):
            for b in range(m):
                if trans[t, a, b] > mx:
                    mx = trans[t, a, b]
        shift_t[t] = mx
        for a in range(m):
            for b in range(m):
                expT[t, a, b] = np.exp(trans[t, a, b] - mx)
    return shift_u, shift_t


@njit(cache=True)
def _forward(expU, expT, alpha, log_scale):
    """Scaled forward recursion, eqs. (11.26)-(11.28): alpha_i^T = alpha_{i-1}^T M_i.

    ``alpha[i]`` is the forward vector of position i divided by its sum c_i, and
    ``log_scale[i] = log c_1 + ... + log c_i`` (0-based), so the unscaled alpha_i equals
    ``alpha[i] * exp(log_scale[i])`` (times the shifts). Returns log of alpha_n^T 1 (eq. 11.32's Z).
    """
    n, m = expU.shape
    nt = expT.shape[0]
    s = 0.0
    for j in range(m):  # alpha_1(j) = M_1(start, j) = exp(W_1(start, j))
        alpha[0, j] = expU[0, j]
        s += alpha[0, j]
    for j in range(m):
        alpha[0, j] /= s
    acc = np.log(s)
    log_scale[0] = acc
    for i in range(1, n):  # recursion (11.26)-(11.28): alpha_i^T = alpha_{i-1}^T M_i
        t = i - 1 if nt > 1 else 0
        s = 0.0
        for b in range(m):
            v = 0.0
            for a in range(m):
                v += alpha[i - 1, a] * expT[t, a, b]
            v *= expU[i, b]
            alpha[i, b] = v
            s += v
        for b in range(m):
            alpha[i, b] /= s  # normalised by c_i = s
        acc += np.log(s)  # log Z(x) = sum_i log c_i
        log_scale[i] = acc
    return acc


@njit(cache=True)
def _backward(expU, expT, beta, log_scale):
    """Scaled backward recursion, eqs. (11.29)-(11.31): beta_i = M_{i+1} beta_{i+1}.

    ``beta[i]`` is the backward vector of position i divided by its sum, with the logarithm of the
    product of the divisors from the end down to i in ``log_scale[i]``; beta_n = 1 (the stop column
    of M_{n+1} is all ones). Returns log of 1^T beta_1 weighted by M_1(start, .), i.e. log Z (Exercise 11.2).
    """
    n, m = expU.shape
    nt = expT.shape[0]
    for j in range(m):
        beta[n - 1, j] = 1.0
    acc = 0.0
    log_scale[n - 1] = 0.0
    nxt = np.empty(m)
    for i in range(n - 2, -1, -1):
        t = i if nt > 1 else 0
        for b in range(m):  # M_{i+1}(a, b) = expT[a, b] expU[i+1, b]; fold the column factor in once
            nxt[b] = expU[i + 1, b] * beta[i + 1, b]
        s = 0.0
        for a in range(m):
            v = 0.0
            for b in range(m):
                v += expT[t, a, b] * nxt[b]
            beta[i, a] = v
            s += v
        for a in range(m):
            beta[i, a] /= s
        acc += np.log(s)
        log_scale[i] = acc
    s = 0.0
    for j in range(m):  # Z = sum_j M_1(start, j) beta_1(j)
        s += expU[0, j] * beta[0, j]
    return acc + np.log(s)


@njit(cache=True)
def _posteriors(expU, expT, alpha, la, beta, lb, log_z_scaled, node, pair_sum):
    """Marginals (11.32) into ``node`` (n, m); pair marginals (11.33) summed over positions into ``pair_sum``.

    P(Y_i = j | x) = alpha_i(j) beta_i(j) / Z and
    P(Y_{i-1} = a, Y_i = b | x) = alpha_{i-1}(a) M_i(a, b) beta_i(b) / Z, with the scale factors put back.
    ``pair_sum`` has shape (nt, m, m): per position when the transitions are position-dependent, else
    summed over positions (what the expected transition-feature counts (11.34) need).
    """
    n, m = expU.shape
    nt = expT.shape[0]
    for i in range(n):
        f = np.exp(la[i] + lb[i] - log_z_scaled)
        for j in range(m):
            node[i, j] = alpha[i, j] * beta[i, j] * f
    col = np.empty(m)
    for i in range(1, n):
        t = i - 1 if nt > 1 else 0
        f = np.exp(la[i - 1] + lb[i] - log_z_scaled)
        for b in range(m):
            col[b] = expU[i, b] * beta[i, b] * f
        for a in range(m):
            fa = alpha[i - 1, a]
            for b in range(m):
                pair_sum[t, a, b] += fa * expT[t, a, b] * col[b]


@njit(cache=True)
def _viterbi(U, trans, delta, psi, path):
    """Algorithm 11.3 on additive scores: delta_1(j) = W_1(start, j) (11.54);
    delta_i(l) = max_j {delta_{i-1}(j) + W_i(j, l)} (11.55) with argmax Psi_i(l) (11.56);
    y_n* = argmax_j delta_n(j) (11.58); y_i* = Psi_{i+1}(y_{i+1}*) (11.59).

    Ties go to the smallest label, as in the book's worked example. Returns max_y w . F(y, x) (11.57).
    """
    n, m = U.shape
    nt = trans.shape[0]
    for j in range(m):
        delta[0, j] = U[0, j]  # step 1, (11.54)
        psi[0, j] = -1
    for i in range(1, n):  # step 2, (11.55)-(11.56)
        t = i - 1 if nt > 1 else 0
        for b in range(m):
            best = delta[i - 1, 0] + trans[t, 0, b]
            arg = 0
            for a in range(1, m):
                v = delta[i - 1, a] + trans[t, a, b]
                if v > best:
                    best = v
                    arg = a
            delta[i, b] = best + U[i, b]
            psi[i, b] = arg
    best = delta[n - 1, 0]  # step 3, (11.57)-(11.58)
    arg = 0
    for j in range(1, m):
        if delta[n - 1, j] > best:
            best = delta[n - 1, j]
            arg = j
    path[n - 1] = arg
    for i in range(n - 1, 0, -1):  # step 4, (11.59)
        path[i - 1] = psi[i, path[i]]
    return best


# ---------------------------------------------------------------------------------------------
# Validation helpers
# ---------------------------------------------------------------------------------------------


def _numeric(value, name):
    if isinstance(value, (str, bytes)):
        raise TypeError(f"{name} must be array-like of numbers, got a {type(value).__name__}")
    try:
        return np.asarray(value, dtype=float)
    except (TypeError, ValueError) as exc:
        raise TypeError(f"{name} must be array-like of numbers; could not convert it ({exc})") from None


def _check_scores(unary, trans):
    unary = check_array(unary, "unary", ndim=2)
    n, m = unary.shape
    trans_arr = _numeric(trans, "trans")
    if trans_arr.ndim == 3 and trans_arr.shape[0] == 0 and n == 1:  # a single position has no transitions
        trans_arr = np.zeros((1, m, m)) if trans_arr.shape[1:] == (m, m) else trans_arr
    if trans_arr.ndim not in (2, 3):
        raise ValueError("trans must be an (m, m) matrix or an (n-1, m, m) stack of matrices")
    if trans_arr.ndim == 2:
        trans_arr = check_array(trans_arr, "trans", ndim=2)[None]
    else:
        if not np.all(np.isfinite(trans_arr)):
            raise ValueError("trans must contain only finite numbers; found NaN or infinity")
        if trans_arr.shape[0] != max(n - 1, 1) and trans_arr.shape[0] != 1:
            raise ValueError(
                f"trans must hold n-1 = {n - 1} matrices (one per neighbouring pair), got {trans_arr.shape[0]}"
            )
        trans_arr = np.ascontiguousarray(trans_arr)
    if trans_arr.shape[1:] != (m, m):
        raise ValueError(f"trans must have shape ({m}, {m}) to match unary's {m} labels, got {trans_arr.shape[1:]}")
    return unary, trans_arr


def _check_labels(y, n, m):
    y = check_array(y, "y", ndim=1, dtype=np.int64)
    if y.shape[0] != n:
        raise ValueError(f"y must have length {n} (one label per position), got {y.shape[0]}")
    if y.min() < 0 or y.max() >= m:
        raise ValueError(f"y must hold labels 0..{m - 1}; found {y.min() if y.min() < 0 else y.max()}")
    return y


# ---------------------------------------------------------------------------------------------
# Public functions
# ---------------------------------------------------------------------------------------------


def sequence_score(unary, trans, y):
    """w . F(y, x) of eq. (11.19): the log of the unnormalised probability of labels ``y``.

    Parameters
    ----------
    unary : array (n, m)
        State scores: ``unary[i, j]`` = sum_l mu_l s_l(y_i = j, x, i).
    trans : array (m, m) or (n-1, m, m)
        Transition scores: ``trans[a, b]`` = sum_k lambda_k t_k(y_{i-1} = a, y_i = b, x, i).
    y : array of int (n,)
        Labels 0..m-1.
    """
    unary, trans = _check_scores(unary, trans)
    y = _check_labels(y, *unary.shape)
    score = unary[np.arange(len(y)), y].sum()
    if len(y) > 1:
        idx = np.arange(len(y) - 1) if trans.shape[0] > 1 else np.zeros(len(y) - 1, dtype=int)
        score += trans[idx, y[:-1], y[1:]].sum()
    return float(score)


def log_partition(unary, trans, *, direction="forward"):
    """log Z(x) (11.11) by the scaled forward (11.27) or backward (11.30) recursion.

    Both give the same number (Exercise 11.2); a sequence of 100 000 positions is no problem, because
    the vectors are renormalised at every step and only the logarithms of the scale factors add up.
    """
    unary, trans = _check_scores(unary, trans)
    if direction not in ("forward", "backward"):
        raise ValueError(f"direction must be 'forward' or 'backward', got {direction!r}")
    n, m = unary.shape
    expU, expT = np.empty_like(unary), np.empty_like(trans)
    shift_u, shift_t = _exp_shifted(unary, trans, expU, expT)
    shift = shift_u + (shift_t.sum() if trans.shape[0] > 1 else shift_t[0] * (n - 1))
    vec, log_scale = np.empty_like(unary), np.empty(n)
    kernel = _forward if direction == "forward" else _backward
    return float(kernel(expU, expT, vec, log_scale) + shift)


def marginals(unary, trans):
    """Forward-backward (§11.3): log Z(x), P(Y_i = j | x) (11.32) and P(Y_{i-1} = a, Y_i = b | x) (11.33).

    Returns
    -------
    log_z : float
        log Z(x), from the forward pass.
    node : array (n, m)
        ``node[i, j] = P(Y_i = j | x)``; each row sums to one.
    pair : array (n-1, m, m)
        ``pair[i-1, a, b] = P(Y_{i-1} = a, Y_i = b | x)`` for i = 1..n-1 (0-based).
    """
    unary, trans = _check_scores(unary, trans)
    n, m = unary.shape
    expU, expT = np.empty_like(unary), np.empty_like(trans)
    shift_u, shift_t = _exp_shifted(unary, trans, expU, expT)
    alpha, beta = np.empty_like(unary), np.empty_like(unary)
    la, lb = np.empty(n), np.empty(n)
    log_z_scaled = _forward(expU, expT, alpha, la)
    _backward(expU, expT, beta, lb)
    node = np.empty_like(unary)
    # One matrix per neighbouring pair, so that every position's pair marginal comes back separately.
    stacked = expT if trans.shape[0] > 1 else np.ascontiguousarray(np.broadcast_to(expT, (max(n - 1, 1), m, m)))
    pair = np.zeros((stacked.shape[0], m, m))
    _posteriors(expU, stacked, alpha, la, beta, lb, log_z_scaled, node, pair)
    pair = pair[: n - 1]
    shift = shift_u + (shift_t.sum() if trans.shape[0] > 1 else shift_t[0] * (n - 1))
    return float(log_z_scaled + shift), node, pair


def viterbi(unary, trans):
    """Algorithm 11.3 (Viterbi): the best label sequence y* = argmax_y w . F(y, x) (11.52).

    Returns
    -------
    path : array of int (n,)
        y*, 0-based labels.
    score : float
        max_y w . F(y, x) (11.57), the log of the largest unnormalised probability.
    delta : array (n, m)
        delta_i(l) of (11.54)-(11.55).
    psi : array of int (n, m)
        Psi_i(l) of (11.56); row 0 is -1 (no predecessor).
    """
    unary, trans = _check_scores(unary, trans)
    n, m = unary.shape
    delta = np.empty_like(unary)
    psi = np.empty((n, m), dtype=np.int64)
    path = np.empty(n, dtype=np.int64)
    score = _viterbi(unary, trans, delta, psi, path)
    return path, float(score), delta, psi


def matrix_form(unary, trans, *, start=0, stop=0):
    """The n+1 matrices M_i(x) = [exp W_i(y_{i-1}, y_i | x)] of eqs. (11.21)-(11.23).

    ``M[0]`` is M_1: only its row ``start`` is non-zero, holding exp W_1(start, j). ``M[n]`` is
    M_{n+1}: its column ``stop`` is all ones (no feature looks at the stop label), the rest zero.
    With these, P(y | x) = prod_i M_i(y_{i-1}, y_i | x) / Z (11.24) and Z = [M_1 ... M_{n+1}]_{start,stop}
    (11.25). Entries overflow for large scores: use it for small examples; use :func:`log_partition` otherwise.
    """
    unary, trans = _check_scores(unary, trans)
    n, m = unary.shape
    start = check_int(start, "start", low=0, high=m - 1)
    stop = check_int(stop, "stop", low=0, high=m - 1)
    M = np.zeros((n + 1, m, m))
    M[0, start] = np.exp(unary[0])
    for i in range(1, n):
        t = trans[i - 1] if trans.shape[0] > 1 else trans[0]
        M[i] = np.exp(t + unary[i][None, :])
    M[n, :, stop] = 1.0
    return M


def _check_matrices(M, start, stop):
    M = _numeric(M, "M")
    if M.ndim != 3 or M.shape[1] != M.shape[2] or M.shape[0] < 2:
        raise ValueError("M must be a stack (n+1, m, m) of at least two square matrices M_1, ..., M_{n+1}")
    if not np.all(np.isfinite(M)) or np.any(M < 0):
        raise ValueError("M must hold finite, non-negative entries (exponentiated scores)")
    m = M.shape[1]
    start = check_int(start, "start", low=0, high=m - 1)
    stop = check_int(stop, "stop", low=0, high=m - 1)
    return np.ascontiguousarray(M), start, stop


def normalizer(M, *, start=0, stop=0, log=False):
    """Z(x) = [M_1(x) M_2(x) ... M_{n+1}(x)]_{start, stop}, eq. (11.25).

    With ``log=True`` the product is renormalised after every factor and log Z is returned, so long
    chains do not overflow.
    """
    M, start, stop = _check_matrices(M, start, stop)
    prod = M[0].copy()
    log_scale = 0.0
    for Mi in M[1:]:
        prod = prod @ Mi
        if log:
            s = prod.max()
            if s > 0:
                prod /= s
                log_scale += np.log(s)
    value = prod[start, stop]
    return float(np.log(value) + log_scale) if log else float(value)


def path_probabilities(M, *, start=0, stop=0):
    """Every path start -> y_1 ... y_n -> stop with its unnormalised weight and probability (11.24).

    Enumerates all m**n label sequences (a check for small examples, as in Examples 11.2 and
    Exercise 11.4). Returns ``(paths, weights, probs)`` with ``paths`` of shape (m**n, n) in
    lexicographic order (0-based labels), ``weights[p] = prod_i M_i(y_{i-1}, y_i)`` and
    ``probs = weights / weights.sum()``.
    """
    M, start, stop = _check_matrices(M, start, stop)
    n, m = M.shape[0] - 1, M.shape[1]
    if m**n > 2_000_000:
        raise ValueError(f"M describes {m}**{n} paths; enumerate only small examples (use normalizer)")
    paths = np.array(list(itertools.product(range(m), repeat=n)), dtype=np.int64).reshape(-1, n)
    full = np.column_stack([np.full(len(paths), start), paths, np.full(len(paths), stop)])
    weights = np.ones(len(paths))
    for i in range(n + 1):
        weights *= M[i][full[:, i], full[:, i + 1]]
    total = weights.sum()
    return paths, weights, weights / total


def forward_vectors(M, *, start=0):
    """The unscaled forward vectors alpha_0, ..., alpha_{n+1} of eqs. (11.26)-(11.28), shape (n+2, m).

    Direct transcription for small examples (no rescaling). alpha_{n+1}(stop) = Z, and
    alpha_n^T 1 = Z when M_{n+1} has an all-ones stop column (Exercise 11.2).
    """
    M, start, _ = _check_matrices(M, start, 0)
    n1, m = M.shape[0], M.shape[1]
    alpha = np.zeros((n1 + 1, m))
    alpha[0, start] = 1.0  # (11.26)
    for i in range(1, n1 + 1):
        alpha[i] = alpha[i - 1] @ M[i - 1]  # (11.28)
    return alpha


def backward_vectors(M, *, stop=0):
    """The unscaled backward vectors beta_0, ..., beta_{n+1} of eqs. (11.29)-(11.31), shape (n+2, m).

    beta_0(start) = Z, and 1^T beta_1 weighted by M_1(start, .) = Z (Exercise 11.2).
    """
    M, _, stop = _check_matrices(M, 0, stop)
    n1, m = M.shape[0], M.shape[1]
    beta = np.zeros((n1 + 1, m))
    beta[n1, stop] = 1.0  # (11.29)
    for i in range(n1 - 1, -1, -1):
        beta[i] = M[i] @ beta[i + 1]  # (11.31)
    return beta
