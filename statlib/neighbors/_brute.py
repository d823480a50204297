"""Linear scan (线性扫描), the simplest implementation of k-NN search (Li Hang §3.3)."""

import numpy as np
from numba import njit

from .._validation import check_array, check_int
from ._distance import _reduced_distance, _unreduce, check_distance_scale, check_p
from ._kd_tree import _heap_offer, _heap_sort


@njit(cache=True)
def _linear_scan(X, Q, k, p):
    """Compute the distance from each query to every training point and keep the k smallest.

    Uses the same (distance, index) max-heap as the kd-tree search, so both return identical
    neighbours, ties included; the current k-th best is also kept in local variables so that the
    common case, a point that is not among the k best, costs one comparison. Cost:
    n_queries * n_samples distance evaluations.
    """
    n_queries = Q.shape[0]
    out_d = np.empty((n_queries, k))
    out_i = np.empty((n_queries, k), np.int64)
    heap_d = np.empty(k)
    heap_i = np.empty(k, np.int64)
    for r in range(n_queries):
        x = Q[r]
        size = 0
        worst_d, worst_i = np.inf, X.shape[0]
        for i in range(X.shape[0]):
            dist = _reduced_distance(x, X, i, p)
            if dist < worst_d or (dist == worst_d and i < worst_i):
                size = _heap_offer(heap_d, heap_i, size, dist, i)
                if size == k:
                    worst_d, worst_i = heap_d[0], heap_i[0]
        _heap_sort(heap_d, heap_i, k)
        out_d[r] = heap_d
        out_i[r] = heap_i
    return out_d, out_i


def linear_scan(X, queries, k=1, p=2):
    """The ``k`` nearest rows of ``X`` to each query by computing every distance (brute force).

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
        Training points.
    queries : array-like of shape (n_queries, n_features), or (n_features,) for one point
        Target points.
    k : int, default=1
        Number of neighbours, 1 <= k <= n_samples.
    p : float >= 1 or numpy.inf, default=2
        Order of the L_p distance (3.2).

    Returns
    -------
    distances, indices : ndarray of shape (n_queries, k), or (k,) for one point
        Ascending distances, ties broken by the smaller index; the same output as
        :meth:`KDTree.query`. Points far from unit scale (near 1e-300 or 1e300) are searched scaled by a power of
        two, so that their reduced distances neither underflow nor overflow (see ``check_distance_scale``).
    """
    X = check_array(X, "X")
    single = np.ndim(queries) == 1
    Q = check_array(np.reshape(queries, (1, -1)) if single else queries, "queries")
    if Q.shape[1] != X.shape[1]:
        raise ValueError(f"queries must have {X.shape[1]} features like X, got {Q.shape[1]}")
    k = check_int(k, "k", low=1, high=X.shape[0])
    p = check_p(p)
    exponent = check_distance_scale(p, X, "X and queries", Q)
    if exponent:  # far from unit scale: both scaled by the same power of two (exact, the same order)
        X, Q = np.ldexp(X, -exponent), np.ldexp(Q, -exponent)
    reduced, indices = _linear_scan(X, Q, k, p)
    if single:
        reduced, indices = reduced[0], indices[0]
    return _unreduce(reduced, p, exponent), indices
