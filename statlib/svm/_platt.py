"""Platt's SMO with the book's choice of the two variables (Li Hang section 7.4.2, algorithm 7.5).

This is SMO as Li Hang (section 7.4.2) and Platt (1998) describe it, kept beside the libsvm-style solver of
``_smo.py`` so that the two can be compared step by step:

* the errors E_i = g(x_i) - y_i (7.105) of every point are kept in a list, and the threshold b is
  updated after every step by (7.114)-(7.116);
* the outer loop (first variable alpha_1) sweeps the points whose alpha is strictly inside (0, C), the
  support vectors on the margin, and takes any that violates the KKT conditions (7.111)-(7.113) by more
  than epsilon; when a sweep over them changes nothing, it sweeps the whole training set; the algorithm
  stops when a sweep of the whole set changes nothing;
* the inner loop (second variable alpha_2) takes the point with the largest |E_1 - E_2| (the smallest E_i
  when E_1 > 0, the largest when E_1 < 0); if that step makes no progress, it tries the margin support
  vectors in turn, then the whole set, and if none makes progress it gives up alpha_1;
* the pair is solved in closed form by Theorem 7.6, (7.106)-(7.109): the same routine as the default
  solver's; then b and all E_i are refreshed, (7.114)-(7.117).

Where Platt's pseudo-code differs from the book, the book is followed: Platt tries the largest |E_1 - E_2| only
when more than one alpha is strictly inside (0, C), and starts his two fall-back loops at a random point; here
the largest |E_1 - E_2| is taken over all E_i and the fall-backs start at the first point, so that the run is a
deterministic function of the data.
"""

import numpy as np
from numba import njit

from ._kernel_functions import _gram_setup
from ._smo import _get_row, _two_variable_update

# A step that moves alpha_2 by less than _PROGRESS * (alpha_2^new + alpha_2^old + _PROGRESS) counts as no
# progress ("不能使目标函数有足够的下降"), Platt's test.
_PROGRESS = 1e-10

# How the second variable was found (recorded in the trace).
CHOICE_MAX_DELTA_E = 0  # the largest |E_1 - E_2|
CHOICE_MARGIN_SWEEP = 1  # fall-back 1: the margin support vectors in turn
CHOICE_FULL_SWEEP = 2  # fall-back 2: the whole training set in turn


@njit(cache=True)
def _violates_kkt(a, yi, Ei, C, tol):
    """Whether point i violates the KKT conditions (7.111)-(7.113) by more than ``tol``.

    With r = y_i E_i = y_i g(x_i) - 1: alpha_i < C needs y_i g(x_i) >= 1 (r >= -tol), and alpha_i > 0
    needs y_i g(x_i) <= 1 (r <= tol).
    """
    r = yi * Ei  # = y_i g(x_i) - 1 by (7.105); (7.111)-(7.113) within tol:
    return (r < -tol and a < C) or (r > tol and a > 0.0)


@njit(cache=True)
def _take_step(i1, i2, alpha, y, E, b, C, Ki1, Ki2, diag):
    """One analytic step on the pair (i1, i2): Theorem 7.6, then b (7.114)-(7.116) and E (7.117).

    ``Ki1`` and ``Ki2`` are the kernel rows of i1 and i2. Returns (moved, new b); alpha and E are
    updated in place when the step moves.
    """
    if i1 == i2:
        return False, b
    a1_old = alpha[i1]
    a2_old = alpha[i2]
    y1 = y[i1]
    y2 = y[i2]
    E1 = E[i1]
    E2 = E[i2]
    # (7.106)-(7.109); the routine takes G_t = y_t (E_t - b) (svm-smo-gradient) and uses only
    # y_1 G_1 - y_2 G_2 = E_1 - E_2, in which b cancels, so y_t E_t may be passed for G_t.
    a1_new, a2_new = _two_variable_update(a1_old, a2_old, y1, y2, y1 * E1, y2 * E2, diag[i1], diag[i2], Ki1[i2], C)
    if abs(a2_new - a2_old) < _PROGRESS * (a2_new + a2_old + _PROGRESS):
        return False, b
    d1 = a1_new - a1_old
    d2 = a2_new - a2_old
    # (7.115) and (7.116): the thresholds that make y_1 g(x_1) = 1, resp. y_2 g(x_2) = 1, hold.
    b1 = -E1 - y1 * diag[i1] * d1 - y2 * Ki1[i2] * d2 + b
    b2 = -E2 - y1 * Ki1[i2] * d1 - y2 * diag[i2] * d2 + b
    if 0.0 < a1_new < C:
        b_new = b1
    elif 0.0 < a2_new < C:
        b_new = b2
    else:  # both at a bound: every b between b1 and b2 satisfies the KKT conditions; take the midpoint
        b_new = 0.5 * (b1 + b2)
    alpha[i1] = a1_new
    alpha[i2] = a2_new
    # (7.117): E_t = sum_S y_j alpha_j K(x_t, x_j) + b - y_t; only alpha_1, alpha_2 and b changed, so
    # E_t moves by y_1 d_1 K_t1 + y_2 d_2 K_t2 + (b_new - b).
    db = b_new - b
    for t in range(y.shape[0]):
        E[t] += y1 * d1 * Ki1[t] + y2 * d2 * Ki2[t] + db
    return True, b_new


@njit(cache=True)
def _platt_solve(X, y, C, kernel, gamma, degree, coef0, tol, max_iter, n_slots, trace_cap):
    """Solve the dual (7.98)-(7.100) by Platt's SMO with the heuristics of section 7.4.2 (algorithm 7.5).

    Returns (alpha, b, steps, converged, kernel rows computed, trace_info, trace_alpha, trace_b,
    trace_E, n_traced). The trace keeps the first ``trace_cap`` steps: for each, (i1, i2, sweep,
    choice) with sweep 1 for a sweep of the whole set and 0 for one of the margin support vectors, and
    choice one of CHOICE_*; then alpha, b and the errors E after the step.
    """
    n = X.shape[0]
    XT, sq_norms, diag = _gram_setup(X, kernel, gamma, degree, coef0)
    cache = np.empty((n_slots, n))
    slot_of = np.full(n, -1, dtype=np.int64)
    row_in_slot = np.full(n_slots, -1, dtype=np.int64)
    last_used = np.full(n_slots, -1, dtype=np.int64)
    clock = 0
    rows_computed = 0

    trace_info = np.zeros((trace_cap, 4), dtype=np.int64)
    trace_alpha = np.zeros((trace_cap, n))
    trace_b = np.zeros(trace_cap)
    trace_E = np.zeros((trace_cap, n))
    n_traced = 0

    alpha = np.zeros(n)  # step (1) of algorithm 7.5: alpha^(0) = 0
    b = 0.0
    E = np.empty(n)  # (7.105) at alpha = 0, b = 0: g = 0, so E_i = -y_i
    for t in range(n):
        E[t] = -y[t]
    steps = 0
    examine_all = True
    converged = False
    while steps < max_iter:
        changed = 0
        for i1 in range(n):
            if steps >= max_iter:
                break
            a1 = alpha[i1]
            # outer loop (7.111)-(7.113): the margin support vectors first, the whole set when they all satisfy them
            if not examine_all and not (0.0 < a1 < C):
                continue
            if not _violates_kkt(a1, y[i1], E[i1], C, tol):
                continue
            moved = False
            choice = CHOICE_MAX_DELTA_E
            # inner loop: the largest |E_1 - E_2| ...
            i2 = -1
            best = -1.0
            for t in range(n):
                if t != i1:
                    gap = abs(E[i1] - E[t])
                    if gap > best:
                        best = gap
                        i2 = t
            candidates = np.empty(0, dtype=np.int64)
            for attempt in range(3):
                if attempt == 0:
                    candidates = np.array([i2], dtype=np.int64)
                elif attempt == 1:  # ... else the margin support vectors in turn ...
                    choice = CHOICE_MARGIN_SWEEP
                    candidates = np.flatnonzero((alpha > 0.0) & (alpha < C))
                else:  # ... else the whole training set
                    choice = CHOICE_FULL_SWEEP
                    candidates = np.arange(n)
                for c in range(candidates.shape[0]):
                    j = candidates[c]
                    if j == i1 or (attempt > 0 and j == i2):
                        continue
                    # Row i1 is touched just before row j is fetched, so that it is the most recently used
                    # row and j (with at least two slots) never evicts it, however long the sweep.
                    if slot_of[i1] < 0:
                        rows_computed += 1
                    clock += 1
                    si = _get_row(
                        i1, XT, sq_norms, kernel, gamma, degree, coef0, cache, slot_of, row_in_slot, last_used, clock
                    )
                    if slot_of[j] < 0:
                        rows_computed += 1
                    clock += 1
                    sj = _get_row(
                        j, XT, sq_norms, kernel, gamma, degree, coef0, cache, slot_of, row_in_slot, last_used, clock
                    )
                    moved, b = _take_step(i1, j, alpha, y, E, b, C, cache[si], cache[sj], diag)
                    if moved:
                        i2 = j
                        break
                if moved:
                    break
            if moved:
                changed += 1
                steps += 1
                if n_traced < trace_cap:
                    trace_info[n_traced, 0] = i1
                    trace_info[n_traced, 1] = i2
                    trace_info[n_traced, 2] = 1 if examine_all else 0
                    trace_info[n_traced, 3] = choice
                    trace_alpha[n_traced] = alpha
                    trace_b[n_traced] = b
                    trace_E[n_traced] = E
                    n_traced += 1
        if examine_all and changed == 0:
            converged = True
            break
        if examine_all:
            examine_all = False
        elif changed == 0:
            examine_all = True
    return (
        alpha,
        b,
        steps,
        converged,
        rows_computed,
        trace_info[:n_traced],
        trace_alpha[:n_traced],
        trace_b[:n_traced],
        trace_E[:n_traced],
        n_traced,
    )


class SMOTrace:
    """The steps of an SMO run (see :func:`smo_trace`); arrays have one row per step, points 0-based.

    Attributes
    ----------
    first, second : ndarray of int, shape (n_steps,)
        The pair optimised at each step: the book's alpha_1 (outer loop) and alpha_2 (inner loop); for
        the libsvm rules, i from I_up and j from I_low.
    alpha : ndarray of shape (n_steps, n_samples)
        The multipliers after each step.
    b : ndarray of shape (n_steps,)
        The threshold after each step: (7.114)-(7.116) for "platt"; for the libsvm rules, the b that
        libsvm would report if it stopped there (the mean of (7.51) over the free vectors).
    E : ndarray of shape (n_steps, n_samples)
        The errors E_i = g(x_i) - y_i (7.105) after each step.
    sweep : list of str or None
        For "platt": "all" when the step came from a sweep of the whole set, "margin" from a sweep of
        the margin support vectors 0 < alpha_i < C; None for the libsvm rules.
    rule : list of str or None
        For "platt": how alpha_2 was found, "max |E1-E2|", "margin sweep" or "full sweep"; None for the
        libsvm rules.
    alpha_final : ndarray of shape (n_samples,)
        The multipliers at the end of the run.
    b_final : float
        The threshold at the end of the run.
    converged : bool
        Whether the run met ``tol`` before ``max_steps``.
    n_steps : int
        The number of steps taken.
    """

    def __init__(self, first, second, alpha, b, E, sweep, rule, alpha_final, b_final, converged):
        self.first = first
        self.second = second
        self.alpha = alpha
        self.b = b
        self.E = E
        self.sweep = sweep
        self.rule = rule
        self.alpha_final = alpha_final
        self.b_final = b_final
        self.converged = converged
        self.n_steps = len(first)

    def __repr__(self):
        return f"SMOTrace(n_steps={self.n_steps}, converged={self.converged}, b_final={self.b_final:.6g})"


def smo_trace(
    X, y, *, C=1.0, kernel="linear", gamma=1.0, degree=3, coef0=0.0, tol=1e-3, working_set="platt", max_steps=1000
):
    """Run SMO (Li Hang algorithm 7.5) on a small binary problem and record every step.

    Parameters
    ----------
    X : array of shape (n_samples, n_features)
    y : array of shape (n_samples,)
        Labels +1 and -1, as in the book.
    C : float or np.inf, default=1.0
        The box 0 <= alpha_i <= C of (7.100); ``np.inf`` for the hard margin.
    kernel, gamma, degree, coef0 :
        As in :class:`SVC` (``"linear"``, ``"poly"`` or ``"rbf"``); the default is the inner product.
    tol : float, default=1e-3
        "platt": the epsilon of (7.111)-(7.113); the libsvm rules: the bound on the KKT gap m - M.
    working_set : {"platt", "second-order", "first-order"}, default="platt"
        Platt's heuristics of section 7.4.2, or libsvm's second-order rule or the maximal violating
        pair (the solvers of ``SVC(working_set=...)``).
    max_steps : int, default=1000
        Most steps; a run stopped there has ``converged=False``.

    Returns
    -------
    SMOTrace
        The pair, alpha, b and E after every step, and the final solution.

    Examples
    --------
    Example 7.2 of the book (hard margin) takes one step of Platt's SMO, on the pair (x1, x3):

    >>> import numpy as np
    >>> trace = smo_trace([[3.0, 3.0], [4.0, 3.0], [1.0, 1.0]], [1.0, 1.0, -1.0], C=np.inf)
    >>> trace.n_steps, (int(trace.first[0]), int(trace.second[0])), trace.alpha[0].tolist(), trace.b_final
    (1, (0, 2), [0.25, 0.0, 0.25], -2.0)
    """
    from .._validation import (
        check_array,
        check_choice,
        check_int,
        check_real,
        check_same_length,
        check_scale,
        check_vector,
    )
    from ._kernel_functions import _KERNEL_CODE, KERNELS
    from ._smo import WSS_MAX_VIOLATING_PAIR, WSS_SECOND_ORDER, _smo_solve, _threshold

    X = np.ascontiguousarray(check_scale(check_array(X, "X"), "X"))  # the kernel values x . z
    y = check_vector(y, "y")
    check_same_length(X=X, y=y)
    if not np.all((y == 1.0) | (y == -1.0)):
        raise ValueError("y must hold the labels +1 and -1 only")
    if not (np.any(y == 1.0) and np.any(y == -1.0)):
        raise ValueError("y must contain both labels +1 and -1")
    if isinstance(C, (float, np.floating)) and C == np.inf:
        C = np.inf
    else:
        C = check_real(C, "C", low=0.0, low_inclusive=False)
    code = _KERNEL_CODE[check_choice(kernel, "kernel", KERNELS)]
    gamma = check_real(gamma, "gamma", low=0.0, low_inclusive=False)
    degree = check_int(degree, "degree", low=0)
    coef0 = check_real(coef0, "coef0")
    tol = check_real(tol, "tol", low=0.0, low_inclusive=False)
    working_set = check_choice(working_set, "working_set", ("platt", "second-order", "first-order"))
    max_steps = check_int(max_steps, "max_steps", low=1)
    n = X.shape[0]
    if working_set == "platt":
        alpha, b, steps, ok, _, info, tr_alpha, tr_b, tr_E, _ = _platt_solve(
            X, y, C, code, gamma, float(degree), coef0, tol, max_steps, n, max_steps
        )
        rules = ("max |E1-E2|", "margin sweep", "full sweep")
        return SMOTrace(
            info[:, 0].copy(),
            info[:, 1].copy(),
            tr_alpha,
            tr_b,
            tr_E,
            ["all" if s else "margin" for s in info[:, 2]],
            [rules[r] for r in info[:, 3]],
            alpha,
            float(b),
            bool(ok),
        )
    wss = WSS_SECOND_ORDER if working_set == "second-order" else WSS_MAX_VIOLATING_PAIR
    alpha, b, steps, ok, _, pairs, tr_alpha, tr_G = _smo_solve(
        X, y, C, code, gamma, float(degree), coef0, tol, max_steps, wss, n, max_steps
    )
    tr_b = np.array([_threshold(a, y, G, C) for a, G in zip(tr_alpha, tr_G)])
    tr_E = y * tr_G + tr_b[:, None]  # (svm-smo-gradient): y_i G_i = E_i - b
    return SMOTrace(pairs[:, 0].copy(), pairs[:, 1].copy(), tr_alpha, tr_b, tr_E, None, None, alpha, float(b), bool(ok))
