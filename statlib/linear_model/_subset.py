"""Subset selection for linear regression: Bayesian variable selection and greedy search (MLAPP section 13.2).

Every method here moves through the lattice of subsets one variable at a time. A move that may add or remove a
variable is one *sweep* of the augmented cross-product matrix

    G = [[X^T X + r I,  X^T y],
         [y^T X,        y^T y]]

(Goodnight 1979; Dempster's symmetric form). Sweeping a pivot ``k`` that is not in the model adds variable k;
sweeping it again (the reverse sweep) removes it. After the variables of a set ``S`` have been swept in,

- ``G[y, y] = y^T y - b_S^T A_S^{-1} b_S`` with ``A_S = X_S^T X_S + r I`` and ``b_S = X_S^T y``: the residual sum
  of squares ``S(gamma)`` of (13.17) (for ``r = 0``, the least-squares RSS);
- ``G[j, y]`` for ``j`` in ``S`` is the coefficient ``(A_S^{-1} b_S)_j``; for ``j`` not in ``S`` it is
  ``x_j^T r_S``, the correlation of column j with the current residual (what OMP (13.30) maximises);
- ``G[j, j]`` for ``j`` not in ``S`` is ``x_j^T (I - X_S A_S^{-1} X_S^T) x_j + r``; for ``r = 0`` this is
  ``||x_j - P_S x_j||^2`` (``P_S`` the projection onto the columns of ``X_S``), and adding j lowers the RSS by
  ``G[j, y]^2 / G[j, j]`` (what orthogonal least squares (13.28) minimises); the pivot ``G[k, k]`` at the
  moment k is swept in is the Schur complement, and the log-determinant of ``A_S`` is the sum of the logs
  of the pivots.

A sweep is a rank-one update of a (D+1) x (D+1) matrix: O(D^2) work per move, instead of O(D^3) for a fresh
fit. Enumerating the 2^D models in Gray-code order (each model differs from the previous one in a single
bit) costs one sweep per model, the scheme MLAPP describes in section 13.2.3. The forward searches (OLS, OMP)
only ever add, and need only G[j, y], G[j, j] and G[y, y]: they keep those by Gram-Schmidt in Gram form (a
Cholesky factor of X_S^T X_S grown one row per move), O(D t) per move instead of O(D^2).
"""

import math
import warnings

import numpy as np
from numba import njit
from scipy.special import gammaln, logsumexp
from sklearn.base import BaseEstimator, RegressorMixin
from sklearn.utils.validation import check_is_fitted

from .._validation import (
    check_array,
    check_bool,
    check_choice,
    check_int,
    check_real,
    check_scale,
    check_vector,
    validate_data,
)

__all__ = [
    "BayesianVariableSelection",
    "OrthogonalMatchingPursuit",
    "all_subsets",
    "backward_selection",
    "best_subset",
    "forward_selection",
    "gray_code",
    "l0_objective",
    "matching_pursuit",
    "single_best_replacement",
]

MAX_ENUMERATE = 20  # 2^20 models; the per-model coefficients are kept only up to MAX_COEF_TABLE
MAX_COEF_TABLE = 16
# A column is linearly dependent on the model when its residual norm ||x_j - P_S x_j||^2 is below this fraction of
# ||x_j||^2: a relative test, so rescaling a column does not change the decision.
_DEPENDENT = 1e-12
_REFRESH = 4096  # rebuild the swept matrix from scratch this often, so round-off cannot accumulate
PRIOR_CODES = {"spike_slab": 0, "g": 2, "bic": 3}


# ---------------------------------------------------------------------------------------------- kernels
@njit(cache=True)
def _sweep(G, k, forward):
    """Sweep (forward=True: add variable k) or reverse-sweep (remove it) the symmetric matrix G in place.

    Returns the pivot G[k, k] before the sweep. A rank-one update: h_ij = g_ij - g_ik g_kj / g_kk,
    h_ik = +-g_ik / g_kk, h_kk = -1 / g_kk.
    """
    p = G.shape[0]
    d = G[k, k]
    s = 1.0 if forward else -1.0
    for i in range(p):
        if i == k:
            continue
        gik = G[i, k]
        if gik == 0.0:
            continue
        f = gik / d
        for j in range(p):
            if j != k:
                G[i, j] -= f * G[k, j]
    for i in range(p):
        if i != k:
            G[i, k] = s * G[i, k] / d
            G[k, i] = G[i, k]
    G[k, k] = -1.0 / d
    return d


@njit(cache=True)
def _fresh(G0, mask):
    """Sweep the variables of ``mask`` into a copy of G0; returns (G, log det A_S)."""
    G = G0.copy()
    logdet = 0.0
    for j in range(mask.shape[0]):
        if mask[j]:
            logdet += math.log(_sweep(G, j, True))
    return G, logdet


@njit(cache=True)
def _score(code, rss, logdet, size, params):
    """log p(D | gamma) + log p(gamma), up to a constant that does not depend on gamma.

    params = (n, n_eff, sigma2, slab_variance, a, b, g, yty, log_pi0, log_1m_pi0, known_noise, D log(1 - pi0),
    const of the IG-integrated marginal).
    """
    n, n_eff, sigma2, slab = params[0], params[1], params[2], params[3]
    a, b, g, yty = params[4], params[5], params[6], params[7]
    # (13.7): log p(gamma) = ||gamma||_0 log pi0 + (D - ||gamma||_0) log(1 - pi0); D log(1 - pi0) is in params[11]
    log_prior = size * (params[8] - params[9]) + params[11]
    if code == 0:
        if params[10] > 0.0:
            # (13.13)-(13.14): log N(y | 0, C_gamma), C_gamma = sigma^2 (sigma_w^2 X_g X_g^T + I);
            # log|C_gamma| = N log sigma^2 + |g| log sigma_w^2 + log|X_g^T X_g + I / sigma_w^2|,
            # y^T C_gamma^{-1} y = S(gamma) / sigma^2 with S(gamma) of (13.17)
            ll = -0.5 * (n_eff * math.log(2.0 * math.pi * sigma2) + size * math.log(slab) + logdet + rss / sigma2)
        else:
            # (13.16) with Sigma_gamma = sigma_w^2 I:
            # |X^T X + Sigma^{-1}|^{-1/2} |Sigma|^{-1/2} (2 b + S)^{-(2a + N - 1)/2}
            ll = params[12] - 0.5 * (logdet + size * math.log(slab)) - 0.5 * (2.0 * a + n_eff) * math.log(2.0 * b + rss)
    elif code == 2:
        # g-prior, Exercise 13.4 (13.190)-(13.191): (1 + g)^{-|g|/2} (2 b + S)^{-(2a + N - 1)/2},
        # S = y^T y - g / (1 + g) y^T X_g (X_g^T X_g)^{-1} X_g^T y
        s = yty - g / (1.0 + g) * (yty - rss)
        ll = params[12] - 0.5 * size * math.log(1.0 + g) - 0.5 * (2.0 * a + n_eff) * math.log(2.0 * b + s)
    else:
        # (13.18): log p(y | X, w_hat, sigma_hat^2) - (||gamma||_0 / 2) log N, sigma_hat^2 = RSS / N
        ll = -0.5 * n * (math.log(2.0 * math.pi * rss / n) + 1.0) - 0.5 * size * math.log(n)
    return ll + log_prior


@njit(cache=True)
def _enumerate(G0, flips, code, params, keep_coefs):
    """Visit all 2^D models in the order given by ``flips`` (Gray code: one bit per step), one sweep each.

    Returns (rss, log det A, size, score, coefs) per model; coefs is (n_models, D) if keep_coefs else (1, D).
    """
    p = G0.shape[0]
    D = p - 1
    n_models = flips.shape[0] + 1
    rss = np.empty(n_models)
    logdets = np.empty(n_models)
    sizes = np.empty(n_models, dtype=np.int64)
    scores = np.empty(n_models)
    coefs = np.zeros((n_models if keep_coefs else 1, D))
    mask = np.zeros(D, dtype=np.bool_)
    G = G0.copy()
    logdet = 0.0
    size = 0
    for t in range(n_models):
        if t > 0:
            # (13.2.3): the next Gray-code model differs in one bit, so one rank-one update moves there
            k = flips[t - 1]
            if mask[k]:
                logdet += math.log(-_sweep(G, k, False))  # pivot = -1 / Schur complement of k
                mask[k] = False
                size -= 1
            else:
                logdet += math.log(_sweep(G, k, True))  # pivot = Schur complement of k
                mask[k] = True
                size += 1
            if t % 4096 == 0:
                G, logdet = _fresh(G0, mask)
        rss[t] = G[D, D]
        logdets[t] = logdet
        sizes[t] = size
        scores[t] = _score(code, G[D, D], logdet, size, params)
        if keep_coefs:
            for j in range(D):
                if mask[j]:
                    coefs[t, j] = G[j, D]
    return rss, logdets, sizes, scores, coefs


@njit(cache=True)
def _mh_chain(G0, code, params, start, proposals, log_u):
    """Metropolis-Hastings over models with single-bit-flip proposals (section 13.2.3.2).

    ``proposals[t]`` is the bit to flip at step t and ``log_u[t]`` the log of a uniform draw, both drawn in
    NumPy. Returns the visited models as bit codes (bit j = variable j), their scores, and the number of
    accepted moves.
    """
    D = G0.shape[0] - 1
    mask = start.copy()
    G, logdet = _fresh(G0, mask)
    size = 0
    for j in range(D):
        size += mask[j]
    current = _score(code, G[D, D], logdet, size, params)
    n_steps = proposals.shape[0]
    codes = np.empty(n_steps, dtype=np.int64)
    scores = np.empty(n_steps)
    accepted = 0
    for t in range(n_steps):
        k = proposals[t]
        forward = not mask[k]
        piv = _sweep(G, k, forward)
        new_logdet = logdet + (math.log(piv) if forward else math.log(-piv))
        new_size = size + (1 if forward else -1)
        proposal = _score(code, G[D, D], new_logdet, new_size, params)
        # the proposal is symmetric, so accept with probability min(1, p(gamma' | D) / p(gamma | D))
        if log_u[t] < proposal - current:
            mask[k] = forward
            logdet, size, current = new_logdet, new_size, proposal
            accepted += 1
        else:
            _sweep(G, k, not forward)  # undo the move
        if (t + 1) % 4096 == 0:
            G, logdet = _fresh(G0, mask)
        c = 0
        for j in range(D):
            if mask[j]:
                c |= 1 << j
        codes[t] = c
        scores[t] = current
    return codes, scores, accepted


@njit(cache=True)
def _forward(G0, rule, n_steps):
    """Greedy forward moves from the empty model. rule 0: orthogonal least squares (13.28), add the j with the
    largest RSS drop (x_j^T r)^2 / ||x_j - P_S x_j||^2; rule 1: OMP (13.29)-(13.30), add the j with the largest
    |x_j^T r|. Returns (order of the moves, RSS after each move, coefficients after each move).

    A move needs only the residual correlations x_j^T r_S and the residual norms ||x_j - P_S x_j||^2, which
    Gram-Schmidt on the columns of X, done in Gram form, keeps up to date: row t of ``C`` holds the
    cross-products q_t^T x_j of the t-th orthonormal direction with every column, and the cross-products of the
    active columns form the Cholesky factor L of X_S^T X_S (MLAPP's rank-one update of a QR factorisation, with
    R = L^T). Move t costs O(D t), where a sweep of the whole (D+1) x (D+1) matrix costs O(D^2); the quantities
    are the sweep's G[j, y], G[j, j] and G[y, y] of the module docstring.
    """
    D = G0.shape[0] - 1
    order = np.full(n_steps, -1, dtype=np.int64)
    rss = np.empty(n_steps)
    coefs = np.zeros((n_steps, D))
    C = np.zeros((n_steps, D))
    L = np.zeros((n_steps, n_steps))
    z = np.zeros(n_steps)  # z = L^{-1} X_S^T y: the coordinates of y on the orthonormal directions
    w = np.zeros(n_steps)
    corr = G0[:D, D].copy()  # x_j^T r_S
    norms = np.empty(D)  # ||x_j - P_S x_j||^2
    for j in range(D):
        norms[j] = G0[j, j]
    active = np.zeros(D, dtype=np.bool_)
    current = G0[D, D]
    for t in range(n_steps):
        best = -1
        best_val = -1.0
        for j in range(D):
            if active[j] or norms[j] <= _DEPENDENT * G0[j, j]:
                continue  # in the model already, or linearly dependent on it
            if rule == 0:
                val = corr[j] * corr[j] / norms[j]  # (13.28): the RSS drop from adding j
            else:
                val = abs(corr[j])  # (13.30): |x_j^T r_t|
            if best < 0 or val > best_val:
                best, best_val = j, val
        if best < 0:
            break
        k = best
        pivot = math.sqrt(norms[k])
        q = C[t]  # q_t^T x_j = (x_k^T x_j - sum_{r<t} (q_r^T x_k)(q_r^T x_j)) / pivot
        for j in range(D):
            q[j] = G0[k, j]
        for r in range(t):
            f = C[r, k]
            L[t, r] = f
            for j in range(D):
                q[j] -= f * C[r, j]
        L[t, t] = pivot
        for j in range(D):
            q[j] /= pivot
        z[t] = corr[k] / pivot  # q_t^T y = x_k^T r_S / pivot
        for j in range(D):
            corr[j] -= q[j] * z[t]
            norms[j] -= q[j] * q[j]
        current -= z[t] * z[t]
        active[k] = True
        order[t] = k
        rss[t] = current
        for i in range(t, -1, -1):  # w = L^{-T} z, the least-squares coefficients on the active set
            v = z[i]
            for r in range(i + 1, t + 1):
                v -= L[r, i] * w[r]
            w[i] = v / L[i, i]
        for i in range(t + 1):
            coefs[t, order[i]] = w[i]
    return order, rss, coefs


@njit(cache=True)
def _backward(G0, n_steps):
    """Greedy backward moves from the full model, one reverse sweep per move: remove the j whose removal raises
    the RSS least, w_j^2 / (A^{-1})_jj. Returns (order of the moves, RSS after each move)."""
    D = G0.shape[0] - 1
    mask = np.ones(D, dtype=np.bool_)
    G, _ = _fresh(G0, mask)
    order = np.full(n_steps, -1, dtype=np.int64)
    rss = np.empty(n_steps)
    for t in range(n_steps):
        best = -1
        best_val = -1.0
        for j in range(D):
            if not mask[j]:
                continue
            # (A_S^{-1})_jj = -G[j, j]; removing j raises the RSS by w_j^2 / (A_S^{-1})_jj
            val = -(G[j, D] * G[j, D]) / (-G[j, j])
            if best < 0 or val > best_val:
                best, best_val = j, val
        _sweep(G, best, False)
        mask[best] = False
        order[t] = best
        rss[t] = G[D, D]
    return order, rss


@njit(cache=True)
def _sbr(G0, lam, max_moves):
    """Single best replacement for the l0 objective (13.26): from the empty model, make the single flip
    (add or remove) that lowers ||y - X_g w_g||^2 + lam ||g||_0 most; stop when no flip lowers it."""
    D = G0.shape[0] - 1
    mask = np.zeros(D, dtype=np.bool_)
    G = G0.copy()
    objective = np.empty(max_moves + 1)
    objective[0] = G[D, D]
    size = 0
    n_moves = 0
    for t in range(max_moves):
        current = G[D, D] + lam * size
        best = -1
        best_val = current
        for j in range(D):
            if mask[j]:
                val = G[D, D] + G[j, D] * G[j, D] / (-G[j, j]) + lam * (size - 1)
            else:
                if G[j, j] <= _DEPENDENT * G0[j, j]:
                    continue
                val = G[D, D] - G[j, D] * G[j, D] / G[j, j] + lam * (size + 1)
            if val < best_val - 1e-12 * (1.0 + abs(best_val)):
                best, best_val = j, val
        if best < 0:
            break
        forward = not mask[best]
        _sweep(G, best, forward)
        mask[best] = forward
        size += 1 if forward else -1
        n_moves += 1
        objective[n_moves] = G[D, D] + lam * size
    return mask, objective[: n_moves + 1]


# ---------------------------------------------------------------------------------------------- helpers
def gray_code(n_features):
    """The 2^D bit vectors of length D in binary-reflected Gray-code order (MLAPP Figure 13.1(a)).

    Row m is ``gray(m) = m XOR (m >> 1)`` with bit j (least significant first) standing for variable j + 1;
    consecutive rows differ in exactly one bit. MLAPP's "model" number in the table of section 13.2 is
    m + 1.

    Parameters
    ----------
    n_features : int
        D, from 1 to 20.

    Returns
    -------
    models : ndarray of bool, shape (2^D, D)
    flips : ndarray of int, shape (2^D - 1,)
        ``flips[t]`` is the (0-based) variable that changes between rows t and t + 1.

    Examples
    --------
    >>> models, flips = gray_code(2)
    >>> models.astype(int).tolist(), flips.tolist()
    ([[0, 0], [1, 0], [1, 1], [0, 1]], [0, 1, 0])
    """
    D = check_int(n_features, "n_features", low=1, high=MAX_ENUMERATE)
    m = np.arange(2**D, dtype=np.int64)
    g = m ^ (m >> 1)
    models = ((g[:, None] >> np.arange(D)) & 1).astype(bool)
    # the bit that changes from m to m + 1 is the number of trailing zeros of m + 1
    changed = g[1:] ^ g[:-1]
    flips = np.log2(changed).astype(np.int64)
    return models, flips


def _prepare(X, y, fit_intercept, name_X="X", name_y="y"):
    X = check_array(X, name_X)
    y = check_vector(y, name_y)
    if X.shape[0] != y.shape[0]:
        raise ValueError(f"{name_X} and {name_y} must have the same number of rows, got {X.shape[0]} and {y.shape[0]}")
    check_scale(X, name_X, small=True)  # the sweeps pivot on entries of the Gram matrix X^T X
    check_scale(y, name_y)
    fit_intercept = check_bool(fit_intercept, "fit_intercept")
    if fit_intercept:
        x_mean, y_mean = X.mean(axis=0), float(y.mean())
    else:
        x_mean, y_mean = np.zeros(X.shape[1]), 0.0
    return X - x_mean, y - y_mean, x_mean, y_mean


@njit(cache=True)
def _mirror_upper(G, D):
    """Copy the upper triangle of ``G[:D, :D]`` onto its lower triangle, in 64 x 64 tiles (a cache-friendly
    transpose): the cross-products are then exactly symmetric, whatever order the product summed them in."""
    for a0 in range(0, D, 64):
        for b0 in range(a0, D, 64):
            for a in range(a0, min(a0 + 64, D)):
                for b in range(max(b0, a + 1), min(b0 + 64, D)):
                    G[b, a] = G[a, b]


def _gram(Xc, yc, ridge=0.0):
    """The cross-product matrix [Xc yc]^T [Xc yc] of the centred data, plus ``ridge`` on the diagonal of its
    Xc^T Xc block. Xc^T Xc is one symmetric rank-k product (BLAS syrk, half the work of a general product)."""
    D = Xc.shape[1]
    G = np.empty((D + 1, D + 1))
    G[:D, :D] = Xc.T @ Xc
    _mirror_upper(G, D)
    if ridge:
        G[np.arange(D), np.arange(D)] += ridge
    G[:D, D] = G[D, :D] = Xc.T @ yc
    G[D, D] = yc @ yc
    return G


def _require_full_rank(Xc, fit_intercept, what):
    n, D = Xc.shape
    if n - int(fit_intercept) <= D or np.linalg.matrix_rank(Xc) < D:
        extra = " (plus one for the intercept)" if fit_intercept else ""
        raise ValueError(
            f"X must have linearly independent columns and more rows than columns{extra} for {what}: every "
            f"subset's least-squares fit must be unique; got X of shape {Xc.shape}"
        )


def all_subsets(X, y, *, fit_intercept=True):
    """The least-squares RSS of every one of the 2^D subsets of the columns of X, in Gray-code order.

    One sweep (rank-one update) per subset; the subsets are the rows of ``gray_code(D)[0]``. With
    ``fit_intercept`` every model has an unpenalised intercept (the data are centred). This is the
    computation behind MLAPP Figure 13.2(b).

    Parameters
    ----------
    X : array of shape (n_samples, n_features), n_features <= 20, full column rank
    y : array of shape (n_samples,)
    fit_intercept : bool, default=True

    Returns
    -------
    models : ndarray of bool, shape (2^D, D)
    rss : ndarray of shape (2^D,)
    """
    Xc, yc, _, _ = _prepare(X, y, fit_intercept)
    if Xc.shape[1] > MAX_ENUMERATE:
        raise ValueError(f"X must have at most {MAX_ENUMERATE} columns to enumerate all subsets, got {Xc.shape[1]}")
    _require_full_rank(Xc, fit_intercept, "all-subsets regression")
    models, flips = gray_code(Xc.shape[1])
    params = _params(Xc.shape[0], Xc.shape[0], 1.0, 1.0, 0.0, 0.0, 1.0, float(yc @ yc), 0.5, False, Xc.shape[1])
    rss, _, _, _, _ = _enumerate(_gram(Xc, yc), flips, 3, params, False)
    return models, np.maximum(rss, 0.0)


def best_subset(X, y, *, fit_intercept=True):
    """Best-subset regression: for each size k = 0..D the subset of k columns with the smallest RSS.

    The lower envelope of MLAPP Figure 13.2(b), found by enumerating all 2^D subsets (:func:`all_subsets`).

    Returns
    -------
    rss : ndarray of shape (D + 1,)
        The smallest RSS among subsets of size k.
    models : ndarray of bool, shape (D + 1, D)
        A subset attaining it (the first in Gray-code order if there are ties).
    """
    models, rss = all_subsets(X, y, fit_intercept=fit_intercept)
    D = models.shape[1]
    sizes = models.sum(axis=1)
    best_rss = np.empty(D + 1)
    best_models = np.zeros((D + 1, D), dtype=bool)
    for k in range(D + 1):
        idx = np.flatnonzero(sizes == k)
        i = idx[np.argmin(rss[idx])]
        best_rss[k], best_models[k] = rss[i], models[i]
    return best_rss, best_models


def _check_steps(n_steps, D, name="n_nonzero_coefs"):
    if n_steps is None:
        return D
    return check_int(n_steps, name, low=1, high=D)


def forward_selection(X, y, n_nonzero_coefs=None, *, criterion="ols", fit_intercept=True):
    """Greedy forward selection, one variable per step, with the current coefficients refitted each step.

    ``criterion="ols"`` is orthogonal least squares (13.28): add the variable whose inclusion lowers the RSS
    most. ``criterion="omp"`` is orthogonal matching pursuit (13.29)-(13.30): add the variable most
    correlated with the current residual, ``argmax_j |x_j^T r_t|`` (for unit-norm columns (13.29) and
    (13.30) agree). Both refit least squares on the active set after each addition. A column that is a
    linear combination of the active ones is never added.

    Returns
    -------
    order : ndarray of int, shape (k,)
        The variables in the order they were added (k <= n_nonzero_coefs).
    rss : ndarray of shape (k,)
        The RSS after each addition.
    coefs : ndarray of shape (k, D)
        The least-squares coefficients after each addition.
    """
    Xc, yc, _, _ = _prepare(X, y, fit_intercept)
    criterion = check_choice(criterion, "criterion", ("ols", "omp"))
    k = _check_steps(n_nonzero_coefs, Xc.shape[1])
    order, rss, coefs = _forward(_gram(Xc, yc), 0 if criterion == "ols" else 1, k)
    n = int(np.sum(order >= 0))
    return order[:n], np.maximum(rss[:n], 0.0), coefs[:n]


def backward_selection(X, y, *, fit_intercept=True):
    """Greedy backward selection: from the saturated model remove, at each step, the variable whose removal
    raises the RSS least (MLAPP section 13.2.3.1). Needs X of full column rank.

    Returns
    -------
    order : ndarray of int, shape (D,)
        The variables in the order they were removed.
    rss : ndarray of shape (D,)
        The RSS after each removal (the last is the RSS of the empty model).
    """
    Xc, yc, _, _ = _prepare(X, y, fit_intercept)
    _require_full_rank(Xc, fit_intercept, "backward selection")
    D = Xc.shape[1]
    order, rss = _backward(_gram(Xc, yc), D)
    return order, np.maximum(rss, 0.0)


def single_best_replacement(X, y, lam, *, fit_intercept=True, max_moves=None):
    """Single best replacement (SBR, Soussen et al. 2010) for the l0-regularised objective (13.26)-(13.27).

    From the empty model, flip the one bit (add or remove a variable) that lowers
    ``||y - X_g w_g||^2 + lam ||g||_0`` most; stop when no flip lowers it. With ``lam = 0`` no removal ever
    helps and SBR is orthogonal least squares run to the end.

    Returns
    -------
    support : ndarray of bool, shape (D,)
    objective : ndarray
        The objective (13.26) after each move, starting from the empty model.
    """
    Xc, yc, _, _ = _prepare(X, y, fit_intercept)
    lam = check_real(lam, "lam", low=0.0)
    D = Xc.shape[1]
    max_moves = 10 * D if max_moves is None else check_int(max_moves, "max_moves", low=1)
    mask, objective = _sbr(_gram(Xc, yc), lam, max_moves)
    return mask, objective


def matching_pursuit(X, y, n_iter, *, fit_intercept=True):
    """Matching pursuit (Mallat and Zhang 1993; MLAPP section 13.2.3.1): add ``beta x_j``, ``beta = x_j^T r /
    ||x_j||^2`` (13.29), for the column whose step lowers the RSS most, ``j = argmax_j (x_j^T r)^2 / ||x_j||^2``,
    without refitting the others. For columns of equal norm this is OMP's rule ``argmax_j |x_j^T r|`` (13.30);
    otherwise the two can choose differently. The same variable may be chosen again. This is least-squares
    boosting with unit step.

    Returns
    -------
    coef : ndarray of shape (D,)
    rss : ndarray of shape (n_iter,)
        ||r||^2 after each step (never increasing).
    """
    Xc, yc, _, _ = _prepare(X, y, fit_intercept)
    n_iter = check_int(n_iter, "n_iter", low=1)
    norms = np.einsum("ij,ij->j", Xc, Xc)
    if np.any(norms == 0.0):
        raise ValueError("X must not have a constant (after centring: zero) column for matching pursuit")
    coef = np.zeros(Xc.shape[1])
    r = yc.copy()
    rss = np.empty(n_iter)
    for t in range(n_iter):
        c = Xc.T @ r
        j = int(np.argmax(c * c / norms))  # the largest RSS drop (13.29) with the other weights frozen
        beta = c[j] / norms[j]
        coef[j] += beta
        r -= beta * Xc[:, j]
        rss[t] = r @ r
    return coef, rss


def l0_objective(X, y, coef, lam, *, intercept=0.0):
    """The l0-regularised least-squares objective (13.27): ``||y - X w - intercept||^2 + lam ||w||_0``."""
    X = check_array(X, "X")
    y = check_vector(y, "y")
    coef = check_vector(coef, "coef")
    if X.shape[0] != y.shape[0]:
        raise ValueError(f"X and y must have the same number of rows, got {X.shape[0]} and {y.shape[0]}")
    if coef.shape[0] != X.shape[1]:
        raise ValueError(f"coef must have one entry per column of X ({X.shape[1]}), got {coef.shape[0]}")
    lam = check_real(lam, "lam", low=0.0)
    intercept = check_real(intercept, "intercept")
    r = y - X @ coef - intercept
    return float(r @ r + lam * np.count_nonzero(coef))


def _params(n, n_eff, sigma2, slab, a, b, g, yty, pi0, known, D):
    log_1m = math.log1p(-pi0)
    return np.array([n, n_eff, sigma2, slab, a, b, g, yty, math.log(pi0), log_1m, float(known), D * log_1m, 0.0])


# ---------------------------------------------------------------------------------------------- estimators
class BayesianVariableSelection(RegressorMixin, BaseEstimator):
    """Bayesian variable selection for linear regression (MLAPP section 13.2).

    The posterior over the 2^D models gamma in {0, 1}^D is ``p(gamma | D) = exp(-f(gamma)) / sum exp(-f)``
    (13.1), with ``f(gamma) = -[log p(D | gamma) + log p(gamma)]`` (13.2) and the Bernoulli prior (13.6)
    ``p(gamma) = pi0^{|gamma|} (1 - pi0)^{D - |gamma|}``. The marginal likelihood ``p(D | gamma)`` is

    - ``prior="spike_slab"``: the spike-and-slab prior (13.11), ``w_j ~ N(0, sigma^2 sigma_w^2)`` for an
      included variable. With a known ``noise_variance`` sigma^2 it is ``N(y | 0, C_gamma)`` (13.13)-(13.14);
      with ``noise_variance=None`` sigma^2 ~ IG(a_sigma, b_sigma) is integrated out, (13.16)-(13.17);
    - ``prior="g"``: Zellner's g-prior ``Sigma_gamma = g (X_g^T X_g)^{-1}``, sigma^2 integrated out
      (Exercise 13.4, (13.190)-(13.191));
    - ``prior="bic"``: the BIC approximation (13.18)-(13.19).

    ``method="enumerate"`` scores all 2^D models in Gray-code order with one rank-one update (a sweep of the
    cross-product matrix) per model; ``method="mh"`` runs Metropolis-Hastings with single-bit-flip proposals
    (section 13.2.3.2) and estimates the posterior by visit frequencies.

    With ``fit_intercept=True`` the data are centred: the intercept has a flat prior and is integrated out,
    which leaves N - 1 degrees of freedom (the N - 1 of (13.16)). With ``fit_intercept=False`` the exponent
    uses N, and the known-variance score is then exactly ``log N(y | 0, C_gamma) + log p(gamma)``.

    Parameters
    ----------
    prior : {"spike_slab", "g", "bic"}, default="spike_slab"
    method : {"enumerate", "mh"}, default="enumerate"
    noise_variance : float or None, default=None
        sigma^2 > 0 if known (spike-and-slab only); None integrates it out.
    slab_variance : float, default=1.0
        sigma_w^2 > 0 of (13.11).
    g : float or None, default=None
        The g of the g-prior; None uses g = N (the unit-information prior).
    a_sigma, b_sigma : float, default=0.0
        The IG(a_sigma, b_sigma) prior on sigma^2; 0, 0 is Jeffreys' prior p(sigma^2) ~ 1 / sigma^2.
    pi0 : float, default=0.5
        The prior inclusion probability, 0 < pi0 < 1; lambda = log((1 - pi0) / pi0) of (13.9).
    fit_intercept : bool, default=True
    n_iter : int, default=20000
        Metropolis-Hastings steps (method="mh").
    burn_in : int, default=1000
        Steps discarded at the start of the chain.
    random_state : int, Generator or None
        Seeds the proposals and the acceptance draws of method="mh".

    Attributes
    ----------
    models_ : ndarray of bool, shape (n_models, n_features)
        The models scored: all 2^D in Gray-code order (enumerate) or those the chain visited (mh).
    log_scores_ : ndarray of shape (n_models,)
        ``-f(gamma)`` up to a constant.
    posterior_ : ndarray of shape (n_models,)
        ``p(gamma | D)`` (13.1) (enumerate) or the visit frequencies after burn-in (mh).
    inclusion_probs_ : ndarray of shape (n_features,)
        ``p(gamma_j = 1 | D)``.
    map_model_ : ndarray of bool
        The highest-scoring model (13.3).
    median_model_ : ndarray of bool
        ``{j : p(gamma_j = 1 | D) > 0.5}`` (13.4).
    model_coefs_ : ndarray of shape (n_models, n_features)
        The posterior mean of w under each model (zeros outside it); absent for enumerations of more than 16
        variables.
    coef_ : ndarray of shape (n_features,)
        The model-averaged posterior mean ``sum_gamma p(gamma | D) E[w | gamma, D]`` (the maximum-likelihood
        fit in place of E[w | gamma, D] for prior="bic").
    intercept_ : float
    acceptance_rate_ : float
        Share of accepted MH moves (method="mh").
    """

    def __init__(
        self,
        prior="spike_slab",
        method="enumerate",
        noise_variance=None,
        slab_variance=1.0,
        g=None,
        a_sigma=0.0,
        b_sigma=0.0,
        pi0=0.5,
        fit_intercept=True,
        n_iter=20000,
        burn_in=1000,
        random_state=None,
    ):
        self.prior = prior
        self.method = method
        self.noise_variance = noise_variance
        self.slab_variance = slab_variance
        self.g = g
        self.a_sigma = a_sigma
        self.b_sigma = b_sigma
        self.pi0 = pi0
        self.fit_intercept = fit_intercept
        self.n_iter = n_iter
        self.burn_in = burn_in
        self.random_state = random_state

    def _setup(self, X, y):
        prior = check_choice(self.prior, "prior", tuple(PRIOR_CODES))
        method = check_choice(self.method, "method", ("enumerate", "mh"))
        fit_intercept = check_bool(self.fit_intercept, "fit_intercept")
        known = self.noise_variance is not None
        if known and prior != "spike_slab":
            raise ValueError(f"noise_variance must be None for prior={prior!r} (the noise variance is integrated out)")
        sigma2 = check_real(self.noise_variance, "noise_variance", low=0.0, low_inclusive=False) if known else 1.0
        slab = check_real(self.slab_variance, "slab_variance", low=0.0, low_inclusive=False)
        a = check_real(self.a_sigma, "a_sigma", low=0.0)
        b = check_real(self.b_sigma, "b_sigma", low=0.0)
        pi0 = check_real(self.pi0, "pi0", low=0.0, high=1.0, low_inclusive=False, high_inclusive=False)
        X, y = validate_data(self, X, y, dtype=np.float64, y_numeric=True)
        check_scale(X, "X")  # the Gram matrix and y^T y are sums of squares
        check_scale(y, "y")
        n, D = X.shape
        if n < 2:
            raise ValueError(f"X must have at least 2 samples (n_samples = {n} given)")
        g = float(n) if self.g is None else check_real(self.g, "g", low=0.0, low_inclusive=False)
        Xc, yc, x_mean, y_mean = _prepare(X, y, fit_intercept)
        yty = float(yc @ yc)
        if prior in ("g", "bic"):
            _require_full_rank(Xc, fit_intercept, f"prior={prior!r}")
        ridge = 1.0 / slab if prior == "spike_slab" else 0.0
        n_eff = n - 1 if fit_intercept else n
        params = _params(n, n_eff, sigma2, slab, a, b, g, yty, pi0, known, D)
        if prior != "bic" and not known and a > 0.0 and b > 0.0:
            # the gamma-independent constant of the multivariate-t marginal: exact log p(D | gamma) then
            params[12] = gammaln(a + n_eff / 2) - gammaln(a) + a * math.log(2 * b) - n_eff / 2 * math.log(math.pi)
        if prior == "bic" and _min_rss(Xc, yc) <= 1e-12 * yty:
            raise ValueError(
                "y must not be fitted exactly by the full model for prior='bic': the score log(RSS / N) is then "
                "unbounded"
            )
        if not known and b == 0.0 and yty == 0.0:
            raise ValueError("y must not be constant when b_sigma = 0: the score log S(gamma) is then unbounded")
        G0 = _gram(Xc, yc, ridge)
        return method, prior, params, G0, Xc, yc, x_mean, y_mean, g, ridge

    def fit(self, X, y):
        """Score the models and compute the posterior summaries (13.1)-(13.4)."""
        method, prior, params, G0, Xc, yc, x_mean, y_mean, g, ridge = self._setup(X, y)
        D = Xc.shape[1]
        code = PRIOR_CODES[prior]
        if method == "enumerate":
            if D > MAX_ENUMERATE:
                raise ValueError(
                    f"X must have at most {MAX_ENUMERATE} columns for method='enumerate', got {D}; use 'mh'"
                )
            models, flips = gray_code(D)
            keep = D <= MAX_COEF_TABLE
            _, _, _, scores, coefs = _enumerate(G0, flips, code, params, keep)
            self.models_ = models
            self.log_scores_ = scores
            self.posterior_ = np.exp(scores - logsumexp(scores))
            if keep:
                self.model_coefs_ = coefs * (g / (1.0 + g) if prior == "g" else 1.0)
        else:
            n_iter = check_int(self.n_iter, "n_iter", low=1)
            burn_in = check_int(self.burn_in, "burn_in", low=0)
            if burn_in >= n_iter:
                raise ValueError(f"burn_in must be smaller than n_iter ({n_iter}), got {burn_in}")
            if D > 62:
                raise ValueError(f"X must have at most 62 columns for method='mh', got {D}")
            rng = np.random.default_rng(self.random_state)
            proposals = rng.integers(0, D, size=n_iter)
            log_u = np.log(rng.random(n_iter))
            codes, scores, accepted = _mh_chain(G0, code, params, np.zeros(D, dtype=bool), proposals, log_u)
            kept = codes[burn_in:]
            uniq, first, counts = np.unique(kept, return_index=True, return_counts=True)
            order = np.lexsort((uniq, -counts))
            uniq, counts = uniq[order], counts[order]
            self.models_ = ((uniq[:, None] >> np.arange(D)) & 1).astype(bool)
            self.log_scores_ = scores[burn_in:][first[order]]
            self.posterior_ = counts / counts.sum()
            self.acceptance_rate_ = accepted / n_iter
            self.chain_ = codes
            coefs = np.zeros((len(uniq), D))
            for i, m in enumerate(self.models_):
                if m.any():
                    sub = G0[np.ix_(m, m)]
                    coefs[i, m] = np.linalg.solve(sub, G0[:D, D][m])
            self.model_coefs_ = coefs * (g / (1.0 + g) if prior == "g" else 1.0)
        self.inclusion_probs_ = self.posterior_ @ self.models_
        self.map_model_ = self.models_[int(np.argmax(self.log_scores_))].copy()
        self.median_model_ = self.inclusion_probs_ > 0.5
        if hasattr(self, "model_coefs_"):
            self.coef_ = self.posterior_ @ self.model_coefs_
        else:
            self.coef_ = _median_fit(G0, self.median_model_)
        self.intercept_ = float(y_mean - x_mean @ self.coef_)
        return self

    def predict(self, X):
        """Predictions of the model-averaged posterior mean, ``X coef_ + intercept_``."""
        check_is_fitted(self)
        X = validate_data(self, X, dtype=np.float64, reset=False)
        return X @ self.coef_ + self.intercept_


def _min_rss(Xc, yc):
    coef, *_ = np.linalg.lstsq(Xc, yc, rcond=None)
    r = yc - Xc @ coef
    return float(r @ r)


def _median_fit(G0, mask):
    D = G0.shape[0] - 1
    coef = np.zeros(D)
    if mask.any():
        coef[mask] = np.linalg.solve(G0[np.ix_(mask, mask)], G0[:D, D][mask])
    return coef


class OrthogonalMatchingPursuit(RegressorMixin, BaseEstimator):
    """Orthogonal matching pursuit (Mallat et al. 1994; MLAPP section 13.2.3.1, (13.29)-(13.30)).

    Start from the empty model; at each step add the column most correlated with the current residual,
    ``j* = argmax_j |x_j^T r_t|`` (13.30), then refit least squares on the active set. scikit-learn's
    ``OrthogonalMatchingPursuit`` uses the same rule and the same stopping rules, so both select the same
    support and coefficients. Each step here is one Gram-Schmidt step done in Gram form (the forward kernel
    ``_forward``): from ``X^T X`` it keeps ``x_j^T r_t`` and ``||x_j - P x_j||^2`` up to date for every column in
    O(D t) work, without forming the residual.

    Parameters
    ----------
    n_nonzero_coefs : int or None, default=None
        Number of steps; None means max(int(0.1 * n_features), 1) (ignored if ``tol`` is given).
    tol : float or None, default=None
        Stop when the squared norm of the residual is at most ``tol``.
    fit_intercept : bool, default=True

    Attributes
    ----------
    coef_ : ndarray of shape (n_features,)
    intercept_ : float
    n_nonzero_coefs_ : int
        The number of active variables at the end.
    order_ : ndarray of int
        The variables in the order OMP added them.
    n_iter_ : int
        The number of steps taken.

    Examples
    --------
    >>> import numpy as np
    >>> X = np.array([[1.0, 0.0, 1.0], [0.0, 1.0, 1.0], [1.0, 1.0, 0.0], [2.0, 0.0, 1.0]])
    >>> y = X @ [2.0, 0.0, -1.0]
    >>> OrthogonalMatchingPursuit(n_nonzero_coefs=2, fit_intercept=False).fit(X, y).coef_.round(6).tolist()
    [2.0, 0.0, -1.0]
    """

    def __init__(self, n_nonzero_coefs=None, tol=None, fit_intercept=True):
        self.n_nonzero_coefs = n_nonzero_coefs
        self.tol = tol
        self.fit_intercept = fit_intercept

    def fit(self, X, y):
        """Run OMP on ``X`` (n_samples, n_features) and ``y`` (n_samples,)."""
        fit_intercept = check_bool(self.fit_intercept, "fit_intercept")
        X, y = validate_data(self, X, y, dtype=np.float64, y_numeric=True)
        check_scale(X, "X", small=True)  # the sweeps pivot on entries of the Gram matrix X^T X
        check_scale(y, "y")
        n, D = X.shape
        tol = None if self.tol is None else check_real(self.tol, "tol", low=0.0)
        if tol is None:
            k = (
                max(int(0.1 * D), 1)
                if self.n_nonzero_coefs is None
                else check_int(self.n_nonzero_coefs, "n_nonzero_coefs", low=1)
            )
            if k > D:
                raise ValueError(f"n_nonzero_coefs must be at most n_features ({D}), got {k}")
        else:
            k = D
        # X and y are validated above; centre them (the intercept is not penalised)
        x_mean, y_mean = (X.mean(axis=0), float(y.mean())) if fit_intercept else (np.zeros(D), 0.0)
        G0 = _gram(X - x_mean if fit_intercept else X, y - y_mean)
        if tol is not None and G0[D, D] <= tol:
            order, rss, coefs = np.empty(0, dtype=np.int64), np.empty(0), np.zeros((0, D))
        else:
            order, rss, coefs = _forward(G0, 1, min(k, n))
            steps = int(np.sum(order >= 0))
            if tol is None and steps < min(k, n):
                warnings.warn(
                    "Orthogonal matching pursuit ended prematurely due to linear dependence in the dictionary: "
                    f"{steps} of n_nonzero_coefs={k} atoms selected",
                    RuntimeWarning,
                    stacklevel=2,
                )
            if tol is not None:
                below = np.flatnonzero(rss[:steps] <= tol)
                if below.size:
                    steps = int(below[0]) + 1
            order, coefs = order[:steps], coefs[:steps]
        self.order_ = order
        self.n_iter_ = len(order)
        self.coef_ = coefs[-1].copy() if len(order) else np.zeros(D)
        self.n_nonzero_coefs_ = int(np.count_nonzero(self.coef_))
        self.intercept_ = float(y_mean - x_mean @ self.coef_)
        return self

    def predict(self, X):
        """``X coef_ + intercept_``."""
        check_is_fitted(self)
        X = validate_data(self, X, dtype=np.float64, reset=False)
        return X @ self.coef_ + self.intercept_
