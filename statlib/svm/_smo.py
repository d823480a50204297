"""Sequential minimal optimisation (Platt 1998; Li Hang section 7.4, algorithm 7.5) for the SVM dual.

Equation, theorem and algorithm numbers in this module are Li Hang's (chapter 7), wherever the solver is used.

The dual, Li Hang (7.98)-(7.100), is written as libsvm writes it (Chang & Lin 2011):

    min_alpha f(alpha) = 1/2 alpha^T Q alpha - e^T alpha,   Q_ij = y_i y_j K(x_i, x_j),
    subject to y^T alpha = 0 and 0 <= alpha_i <= C.

The solver keeps the gradient G = Q alpha - e up to date instead of Li Hang's errors E_i (7.105);
the two carry the same information, because y_i G_i = g(x_i) - b - y_i = E_i - b, so
E_i - E_j = y_i G_i - y_j G_j and the threshold b never has to be tracked during the iterations.
"""

import numpy as np
from numba import njit

from ._kernel_functions import _gram_setup, _kernel_row

# Working-set selection rules.
WSS_MAX_VIOLATING_PAIR = 0  # first order: Keerthi et al. (2001)
WSS_SECOND_ORDER = 1  # Fan, Chen & Lin (2005), as in libsvm
_TAU = 1e-12  # replaces a non-positive curvature eta (7.107), as in libsvm


@njit(cache=True)
def _get_row(i, XT, sq_norms, kernel, gamma, degree, coef0, cache, slot_of, row_in_slot, last_used, clock):
    """Return the cache slot holding kernel row i, computing the row if it is not cached.

    ``cache`` has one row per slot; a missing row replaces the least recently used one.
    """
    s = slot_of[i]
    if s < 0:
        s = 0
        oldest = last_used[0]
        for k in range(1, last_used.shape[0]):
            if last_used[k] < oldest:
                oldest = last_used[k]
                s = k
        if row_in_slot[s] >= 0:
            slot_of[row_in_slot[s]] = -1
        row_in_slot[s] = i
        slot_of[i] = s
        _kernel_row(XT, sq_norms, i, kernel, gamma, degree, coef0, cache[s])
    last_used[s] = clock
    return s


@njit(cache=True)
def _two_variable_update(a_i, a_j, y_i, y_j, G_i, G_j, Kii, Kjj, Kij, C):
    """Analytic solution of the two-variable subproblem (7.101)-(7.103), Theorem 7.6 of Li Hang.

    Moving along the constraint line y_i a_i + y_j a_j = const, the objective is a parabola in a_j
    with curvature eta = K_ii + K_jj - 2 K_ij (7.107) and slope -(y_j)(E_i - E_j) at the start, where
    E_i - E_j = y_i G_i - y_j G_j. Its minimiser (7.106) is clipped to the segment [L, H] of the box
    (7.108) and a_i follows from the equality constraint (7.109). Returns the new (a_i, a_j).
    """
    eta = Kii + Kjj - 2.0 * Kij
    if eta <= 0.0:
        eta = _TAU
    delta_E = y_i * G_i - y_j * G_j  # E_i - E_j
    a_j_unc = a_j + y_j * delta_E / eta  # (7.106)
    # Clip to [L, H] (7.108). At an end of the segment one variable sits on a side of the box; it is
    # set to that side exactly and the other follows from the constraint, so that no rounding error
    # leaves a variable a hair inside the box (it would be selected again and again).
    if y_i != y_j:  # (7.108), L = max(0, a_j - a_i), H = min(C, C + a_j - a_i)
        k = a_i - a_j  # a_i - a_j is constant along the line
        L = max(0.0, -k)
        H = min(C, C - k)
        if a_j_unc <= L:
            if k < 0.0:
                return 0.0, -k  # a_i reaches 0
            return k, 0.0  # a_j reaches 0
        if a_j_unc >= H:
            if k > 0.0:
                return C, C - k  # a_i reaches C
            return C + k, C  # a_j reaches C
    else:  # (7.108), L = max(0, a_j + a_i - C), H = min(C, a_j + a_i)
        k = a_i + a_j  # a_i + a_j is constant along the line
        L = max(0.0, k - C)
        H = min(C, k)
        if a_j_unc <= L:
            if k > C:
                return C, k - C  # a_i reaches C
            return k, 0.0  # a_j reaches 0
        if a_j_unc >= H:
            if k < C:
                return 0.0, k  # a_i reaches 0
            return k - C, C  # a_j reaches C
    a_j_new = a_j_unc
    a_i_new = a_i + y_i * y_j * (a_j - a_j_new)  # (7.109)
    return min(max(a_i_new, 0.0), C), a_j_new


@njit(cache=True)
def _smo_dual(X, y, p, row, C, kernel, gamma, degree, coef0, tol, max_iter, wss, n_slots, trace_cap):
    """Solve libsvm's dual min 1/2 alpha^T Q alpha + p^T alpha, y^T alpha = 0, 0 <= alpha_t <= C, by SMO.

    Q_st = y_s y_t K(x_row[s], x_row[t]): variable t has the label y_t = +1 or -1 and sits on data point
    row[t] of ``X``, so that kernel rows are cached per data point. The classifier's dual, Li Hang (7.98)-(7.100), is
    p = -e with the identity row map (:func:`_smo_solve`); the SVR dual of PRML section 7.1.4 has 2n variables
    (:func:`statlib.svm._svr._svr_solve`). At alpha = 0 the gradient G = Q alpha + p is p. Each iteration

      1. picks i = argmax over I_up of -y_t G_t, the worst violator of the KKT conditions
         Li Hang (7.111)-(7.113) from above, and stops when m(alpha) - M(alpha) < tol, where
         m = max_{I_up} -y_t G_t and M = min_{I_low} -y_t G_t (the KKT gap);
      2. picks j in I_low with -y_j G_j < m: with ``wss`` = 0 the other end of the maximal violating
         pair (largest |E_i - E_j|, the book's rule for the second variable), with ``wss`` = 1 the j
         whose step decreases f the most, -(m + y_j G_j)^2 / eta_ij (Fan, Chen & Lin 2005);
      3. solves the pair analytically (Li Hang's Theorem 7.6, (7.106)-(7.109)) and updates G_t += Q_ti d_i + Q_tj d_j.

    I_up = {t : y_t = +1, a_t < C or y_t = -1, a_t > 0}, I_low = {t : y_t = +1, a_t > 0 or
    y_t = -1, a_t < C}. Returns (alpha, b, iterations, converged, kernel rows computed, trace_pairs,
    trace_alpha, trace_G); b is given by :func:`_threshold`. The trace keeps the pair (i, j), alpha and
    the gradient G after each of the first ``trace_cap`` steps.
    """
    n_var = y.shape[0]
    XT, sq_norms, diag = _gram_setup(X, kernel, gamma, degree, coef0)

    n_points = X.shape[0]
    cache = np.empty((n_slots, n_points))
    slot_of = np.full(n_points, -1, dtype=np.int64)
    row_in_slot = np.full(n_slots, -1, dtype=np.int64)
    last_used = np.full(n_slots, -1, dtype=np.int64)

    trace_pairs = np.zeros((trace_cap, 2), dtype=np.int64)
    trace_alpha = np.zeros((trace_cap, n_var))
    trace_G = np.zeros((trace_cap, n_var))

    dq = np.empty(n_points)
    identity_rows = n_var == n_points
    for t in range(n_var):
        if row[t] != t:
            identity_rows = False
    alpha = np.zeros(n_var)
    G = p.copy()  # gradient of f at alpha = 0
    it = 0
    converged = False
    rows_computed = 0
    clock = 0
    while it < max_iter:
        # --- step 1: first variable, the maximal violator of Li Hang (7.111)-(7.113) from I_up
        Gmax = -np.inf
        i = -1
        for t in range(n_var):
            if y[t] > 0.0:
                if alpha[t] < C:
                    v = -G[t]
                    if v >= Gmax:
                        Gmax = v
                        i = t
            else:
                if alpha[t] > 0.0:
                    v = G[t]
                    if v >= Gmax:
                        Gmax = v
                        i = t
        # --- step 2: second variable from I_low
        Gmin = np.inf  # M(alpha) = min over I_low of -y_t G_t
        j = -1
        best = np.inf
        if i >= 0:
            ri = row[i]
            if slot_of[ri] < 0:
                rows_computed += 1
            clock += 1
            si = _get_row(ri, XT, sq_norms, kernel, gamma, degree, coef0, cache, slot_of, row_in_slot, last_used, clock)
            Ki = cache[si]
            for t in range(n_var):
                in_low = (y[t] > 0.0 and alpha[t] > 0.0) or (y[t] < 0.0 and alpha[t] < C)
                if not in_low:
                    continue
                v = -y[t] * G[t]
                if v < Gmin:
                    Gmin = v
                grad_diff = Gmax - v  # = E_t - E_i by y_t G_t = E_t - b: the violation of the pair
                if grad_diff > 0.0:
                    if wss == WSS_MAX_VIOLATING_PAIR:
                        score = -grad_diff
                    else:
                        curv = diag[ri] + diag[row[t]] - 2.0 * Ki[row[t]]  # eta, Li Hang (7.107)
                        if curv <= 0.0:
                            curv = _TAU
                        score = -(grad_diff * grad_diff) / curv
                    if score <= best:
                        best = score
                        j = t
        if i < 0 or j < 0 or Gmax - Gmin < tol:
            converged = True
            break
        it += 1
        ri = row[i]
        rj = row[j]
        if slot_of[rj] < 0:
            rows_computed += 1
        clock += 1
        sj = _get_row(rj, XT, sq_norms, kernel, gamma, degree, coef0, cache, slot_of, row_in_slot, last_used, clock)
        si = slot_of[ri]  # still cached: n_slots >= 2 and it is the most recently used row
        Ki = cache[si]
        Kj = cache[sj]
        # --- step 3: the two-variable step of Li Hang (7.101)-(7.109) along y_i a_i + y_j a_j = const, then the
        # gradient update, which plays the part of Li Hang's error update (7.117)
        a_i_old = alpha[i]
        a_j_old = alpha[j]
        a_i_new, a_j_new = _two_variable_update(a_i_old, a_j_old, y[i], y[j], G[i], G[j], diag[ri], diag[rj], Ki[rj], C)
        alpha[i] = a_i_new
        alpha[j] = a_j_new
        di = (a_i_new - a_i_old) * y[i]
        dj = (a_j_new - a_j_old) * y[j]
        if identity_rows:  # the classifier: Q_ti d_i + Q_tj d_j = y_t (K_ti d_i + K_tj d_j)
            for t in range(n_var):
                G[t] += y[t] * (Ki[t] * di + Kj[t] * dj)
        else:  # the kernel part once per data point, then y_t times it for each variable on that point
            for r in range(n_points):
                dq[r] = Ki[r] * di + Kj[r] * dj
            for t in range(n_var):
                G[t] += y[t] * dq[row[t]]
        if it <= trace_cap:
            trace_pairs[it - 1, 0] = i
            trace_pairs[it - 1, 1] = j
            trace_alpha[it - 1] = alpha
            trace_G[it - 1] = G
    n_traced = min(it, trace_cap)
    return (
        alpha,
        _threshold(alpha, y, G, C),
        it,
        converged,
        rows_computed,
        trace_pairs[:n_traced],
        trace_alpha[:n_traced],
        trace_G[:n_traced],
    )


@njit(cache=True)
def _smo_solve(X, y, C, kernel, gamma, degree, coef0, tol, max_iter, wss, n_slots, trace_cap=0):
    """Solve the classifier's dual, Li Hang (7.98)-(7.100), by SMO (his algorithm 7.5): :func:`_smo_dual` with p = -e.

    In libsvm's form the dual is min 1/2 alpha^T Q alpha - e^T alpha with Q_ij = y_i y_j K(x_i, x_j): one
    variable per data point (the identity row map) and the linear term p = -e. Returns what
    :func:`_smo_dual` returns.
    """
    n = X.shape[0]
    p = np.full(n, -1.0)  # the -sum_i alpha_i of Li Hang (7.98), sign changed to a minimisation
    row = np.arange(n)
    return _smo_dual(X, y, p, row, C, kernel, gamma, degree, coef0, tol, max_iter, wss, n_slots, trace_cap)


@njit(cache=True)
def _threshold(alpha, y, G, C):
    """The threshold b from the KKT conditions (Li Hang's Theorem 7.3 / libsvm's calculate_rho).

    b = -rho is the mean of -y_t G_t over the free vectors, Li Hang (7.51) averaged, or the midpoint of the
    feasible interval when no alpha is free.
    """
    n = alpha.shape[0]
    ub = np.inf
    lb = -np.inf
    n_free = 0
    sum_free = 0.0
    for t in range(n):
        yG = y[t] * G[t]
        if alpha[t] >= C:
            if y[t] < 0.0:
                ub = min(ub, yG)
            else:
                lb = max(lb, yG)
        elif alpha[t] <= 0.0:
            if y[t] > 0.0:
                ub = min(ub, yG)
            else:
                lb = max(lb, yG)
        else:
            n_free += 1
            sum_free += yG
    if n_free > 0:
        rho = sum_free / n_free
    else:
        rho = 0.5 * (ub + lb)
    return -rho


def two_variable_update(alpha1, alpha2, y1, y2, E1, E2, K11, K22, K12, C):
    """The SMO step of Theorem 7.6 in the book's notation: returns (alpha1_new, alpha2_new).

    alpha2_new,unc = alpha2 + y2 (E1 - E2) / eta with eta = K11 + K22 - 2 K12 (7.106)-(7.107), clipped to
    [L, H] (7.108); alpha1_new = alpha1 + y1 y2 (alpha2 - alpha2_new) (7.109). ``C`` may be ``np.inf``.
    """
    from .._validation import check_real

    y1 = check_real(y1, "y1")
    y2 = check_real(y2, "y2")
    if y1 not in (-1.0, 1.0) or y2 not in (-1.0, 1.0):
        raise ValueError(f"y1 and y2 must be +1 or -1, got {y1} and {y2}")
    C = np.inf if C == np.inf else check_real(C, "C", low=0.0, low_inclusive=False)
    alpha1 = check_real(alpha1, "alpha1", low=0.0, high=C)
    alpha2 = check_real(alpha2, "alpha2", low=0.0, high=C)
    vals = [check_real(v, name) for v, name in ((E1, "E1"), (E2, "E2"), (K11, "K11"), (K22, "K22"), (K12, "K12"))]
    E1, E2, K11, K22, K12 = vals
    # The kernel takes gradients G_i with y_i G_i = E_i - b; b cancels in E1 - E2.
    a1, a2 = _two_variable_update(alpha1, alpha2, y1, y2, y1 * E1, y2 * E2, K11, K22, K12, C)
    return float(a1), float(a2)
