"""The fused lasso signal approximator and total-variation denoising (MLAPP section 13.5.2).

With the design X = I, MLAPP's fused-lasso objective (13.115) is

    J(w) = sum_i (y_i - w_i)^2 + lambda_1 sum_i |w_i| + lambda_2 sum_{(s,t) in E} |w_s - w_t|,

E the chain {(i, i+1)} for a signal and the 4-neighbour lattice for an image (the graph-guided fused lasso
(13.116)). Halving it, ``1/2 ||y - w||^2 + mu_1 ||w||_1 + mu_2 ||D w||_1`` with ``mu = lambda / 2`` and D the
edge-difference matrix ((D w)_e = w_t - w_s).

Two facts give the solver:

1. For lambda_1 = 0 (total-variation denoising) the dual is a box-constrained least-squares problem,
   ``min_u 1/2 ||y - D^T u||^2`` subject to ``|u_e| <= mu_2``, with ``w = y - D^T u``; it is solved by FISTA
   projected onto the box (Beck and Teboulle 2009), step ``1 / ||D||_2^2`` where ``||D||_2^2 <= 2 max degree``
   (4 for a chain, 8 for a lattice). The duality gap ``P(w) - (1/2 ||y||^2 - 1/2 ||w||^2)`` stops it.
2. For lambda_1 > 0 the solution is the soft threshold of the lambda_1 = 0 solution at mu_1 (Friedman,
   Hastie, Hoefling and Tibshirani 2007, who prove it for the chain; the proof uses only that the fused term
   depends on differences, so it holds on any graph).
"""

import numpy as np
from numba import njit

from .._validation import check_int, check_numeric, check_real


@njit(cache=True)
def _apply_d(w, edges, out):
    """(D w)_e = w[t] - w[s] for the edge e = (s, t)."""
    for e in range(edges.shape[0]):
        out[e] = w[edges[e, 1]] - w[edges[e, 0]]


@njit(cache=True)
def _apply_dt(u, edges, out):
    """D^T u: each edge e = (s, t) adds u_e to node t and subtracts it from node s."""
    out[:] = 0.0
    for e in range(edges.shape[0]):
        out[edges[e, 1]] += u[e]
        out[edges[e, 0]] -= u[e]


@njit(cache=True)
def _tv_dual_fista(y, edges, mu, step, max_iter, tol):
    """min_w 1/2 ||y - w||^2 + mu ||D w||_1 by FISTA on the dual box-QP; returns (w, gap, n_iter, converged)."""
    m = edges.shape[0]
    n = y.shape[0]
    u = np.zeros(m)
    u_prev = np.zeros(m)
    v = np.zeros(m)
    dtv = np.empty(n)
    dw = np.empty(m)
    w = y.copy()
    gap = np.inf
    t = 1.0
    k = 0
    while k < max_iter:
        k += 1
        # gradient of 1/2 ||y - D^T v||^2 at v is -D (y - D^T v); project the step onto the box |u_e| <= mu
        _apply_dt(v, edges, dtv)
        w[:] = y - dtv
        _apply_d(w, edges, dw)
        u_prev[:] = u
        for e in range(m):
            u[e] = min(max(v[e] + step * dw[e], -mu), mu)
        t_next = 0.5 * (1.0 + np.sqrt(1.0 + 4.0 * t * t))
        v[:] = u + ((t - 1.0) / t_next) * (u - u_prev)
        t = t_next
        if k % 10 == 0 or k == max_iter:
            _apply_dt(u, edges, dtv)
            w[:] = y - dtv
            _apply_d(w, edges, dw)
            primal = 0.5 * np.dot(dtv, dtv) + mu * np.sum(np.abs(dw))
            dual = 0.5 * np.dot(y, y) - 0.5 * np.dot(w, w)
            gap = primal - dual
            if gap <= tol:
                return w, gap, k, True
    _apply_dt(u, edges, dtv)
    w[:] = y - dtv
    return w, gap, k, False


def _chain_edges(n):
    idx = np.arange(n - 1, dtype=np.int64)
    return np.column_stack((idx, idx + 1))


def _lattice_edges(rows, cols):
    index = np.arange(rows * cols, dtype=np.int64).reshape(rows, cols)
    horizontal = np.column_stack((index[:, :-1].ravel(), index[:, 1:].ravel()))
    vertical = np.column_stack((index[:-1, :].ravel(), index[1:, :].ravel()))
    return np.ascontiguousarray(np.vstack((horizontal, vertical)))


def fused_lasso(y, lambda1=0.0, lambda2=1.0, *, max_iter=100000, tol=1e-10):
    """The fused lasso with X = I: MLAPP's (13.115) for a signal, (13.116) on the 4-neighbour lattice for an image.

    Minimises ``sum (y_s - w_s)^2 + lambda1 sum |w_s| + lambda2 sum_{neighbours s ~ t} |w_s - w_t|`` exactly as
    printed (no factor 1/2). With ``lambda1 = 0`` this is total-variation denoising.

    Parameters
    ----------
    y : array-like, 1-D (a signal; neighbours i, i+1) or 2-D (an image; horizontal and vertical neighbours)
    lambda1 : float >= 0
        Weight of the sparsity term.
    lambda2 : float >= 0
        Weight of the fusion (total-variation) term.
    max_iter : int
        Most iterations of the dual solver.
    tol : float
        Stop when the duality gap of the halved objective is at most ``tol * max(||y||^2, 1)``.

    Returns
    -------
    w : ndarray, the shape of y

    Examples
    --------
    >>> fused_lasso([0.0, 0.0, 4.0, 4.0], lambda1=0.0, lambda2=2.0).round(6)
    array([0.5, 0.5, 3.5, 3.5])
    >>> fused_lasso([3.0, -1.0], lambda1=2.0, lambda2=0.0)
    array([2., 0.])
    """
    y = check_numeric(y, "y")
    if y.ndim not in (1, 2) or y.size == 0:
        raise ValueError(f"y must be a non-empty 1-D signal or 2-D image, got shape {y.shape}")
    lambda1 = check_real(lambda1, "lambda1", low=0.0)
    lambda2 = check_real(lambda2, "lambda2", low=0.0)
    max_iter = check_int(max_iter, "max_iter", low=1)
    tol = check_real(tol, "tol", low=0.0)
    flat = np.ascontiguousarray(y.ravel(), dtype=np.float64)
    if y.ndim == 1:
        edges, bound = _chain_edges(y.shape[0]), 4.0
    else:
        edges, bound = _lattice_edges(*y.shape), 8.0
    if lambda2 == 0.0 or edges.shape[0] == 0:
        w = flat.copy()
    else:
        tol_abs = tol * max(float(flat @ flat), 1.0)
        w, gap, _, converged = _tv_dual_fista(flat, edges, 0.5 * lambda2, 1.0 / bound, max_iter, tol_abs)
        if not converged:
            import warnings

            from sklearn.exceptions import ConvergenceWarning

            warnings.warn(
                f"fused_lasso did not converge in max_iter={max_iter} iterations (duality gap {gap:.3g})",
                ConvergenceWarning,
                stacklevel=2,
            )
    # Friedman et al. (2007): the lambda1 > 0 solution soft-thresholds the lambda1 = 0 one at lambda1 / 2
    w = np.sign(w) * np.maximum(np.abs(w) - 0.5 * lambda1, 0.0)
    return w.reshape(y.shape) + 0.0
