"""Agglomerative (bottom-up hierarchical) clustering: Li Hang Algorithm 14.1, with the linkages (14.14)-(14.17).

Algorithm 14.1 starts from n singleton clusters and repeatedly merges the two clusters at the
smallest inter-cluster distance until one cluster is left. After a merge of G_p and G_q into G_r
the distance of G_r to every other cluster G_s follows from the old ones (the Lance-Williams
updates), for

* single linkage (14.14), the shortest distance between members: D_rs = min(D_ps, D_qs);
* complete linkage (14.15), the longest: D_rs = max(D_ps, D_qs);
* average linkage (14.17), the mean over all pairs: D_rs = (n_p D_ps + n_q D_qs) / (n_p + n_q);
* centroid linkage (14.16), the distance between the cluster centres (14.10); for Euclidean distances
  D_rs^2 = (n_p D_ps^2 + n_q D_qs^2) / (n_p + n_q) - n_p n_q D_pq^2 / (n_p + n_q)^2;
* Ward's criterion (Ward 1963; not in the book; the increase of the within-cluster scatter (14.19)):
  D_rs^2 = ((n_p + n_s) D_ps^2 + (n_q + n_s) D_qs^2 - n_s D_pq^2) / (n_p + n_q + n_s).

The book's loop looks for the closest pair among all clusters at every step, O(n^3) in all. The
same hierarchy is found in O(n^2) time: for single linkage as a minimum spanning tree (Prim's
algorithm; Gower and Ross 1969), whose edges in increasing length are the merges; for the other
three linkages by following chains of nearest
neighbours (the nearest-neighbour chain algorithm; Murtagh 1983, Müllner 2011): a pair of
clusters that are each other's nearest neighbours can be merged at once, because none of these
updates can bring another cluster closer to the merged one than the closer of its parts. The
merges are then sorted by height (stably), which gives the book's order. Centroid linkage (14.16)
lacks that property (a merged cluster's centre can be closer to a third cluster than either part was, so
merge heights can decrease: an "inversion"), and it runs the book's loop itself: at each step the
closest pair of current clusters, found from each row's cached nearest neighbour (a row is rescanned, over the
current clusters only, when its neighbour took part in the merge and the merged cluster is not strictly closer),
O(n^2) to O(n^3) in all. Its rows stay in
the order merged (as :func:`scipy.cluster.hierarchy.linkage` leaves them): sorting them by height would change the tree.
The distance matrix is held in full, n^2 doubles.

The output is the linkage matrix of :func:`scipy.cluster.hierarchy.linkage`: row i merges the
clusters Z[i, 0] and Z[i, 1] (samples are 0..n-1, the cluster formed in row i is n + i) at height
Z[i, 2] into a cluster of Z[i, 3] samples, the smaller id first.
"""

import numpy as np
from numba import njit
from sklearn.base import BaseEstimator, ClusterMixin

from .._validation import check_array, check_choice, check_int, check_real, validate_data
from ._distances import _NAMES, _distance_matrix

__all__ = ["AgglomerativeClustering", "linkage"]

_METHODS = ("single", "complete", "average", "ward", "centroid")
_METHOD_CODES = {name: code for code, name in enumerate(_METHODS)}
_METRICS = ("euclidean", "manhattan", "cityblock", "chebyshev")


@njit(cache=True)
def _centroid_square(d_ps, d_qs, d_pq, n_p, n_q):
    """(14.16) centroid: ||m_r - m_s||^2 with m_r = (n_p m_p + n_q m_q) / (n_p + n_q), from the distances.

    Never negative, whatever the matrix: the merged pair is the closest, d_pq <= d_ps and d_pq <= d_qs, so the
    value is at least d_pq^2 (1 - n_p n_q / n_r^2) >= 3/4 d_pq^2 (the max with 0 guards only rounding).
    """
    n_r = n_p + n_q
    return (n_p * d_ps * d_ps + n_q * d_qs * d_qs) / n_r - n_p * n_q * d_pq * d_pq / (n_r * n_r)


@njit(cache=True)
def _merge_distance(method, d_ps, d_qs, d_pq, n_p, n_q, n_s):
    """Lance-Williams update: the distance of G_r = G_p + G_q to G_s (module notes)."""
    if method == 0:  # (14.14) single linkage: the shortest distance between members
        return min(d_ps, d_qs)
    if method == 1:  # (14.15) complete linkage: the longest distance between members
        return max(d_ps, d_qs)
    if method == 2:  # (14.17) average linkage: the mean distance over the n_r n_s pairs
        return (n_p * d_ps + n_q * d_qs) / (n_p + n_q)
    if method == 3:  # Ward: D^2 = 2 x the increase of W (14.19) that merging G_r and G_s would cause
        t = ((n_p + n_s) * d_ps * d_ps + (n_q + n_s) * d_qs * d_qs - n_s * d_pq * d_pq) / (n_p + n_q + n_s)
        return np.sqrt(max(t, 0.0))
    return np.sqrt(max(_centroid_square(d_ps, d_qs, d_pq, n_p, n_q), 0.0))  # (14.16) centroid linkage


@njit(cache=True)
def _nn_chain(D, method, Z):
    """Nearest-neighbour-chain form of Algorithm 14.1 on the distance matrix ``D`` (overwritten).

    Fills ``Z`` (n-1, 4) with (position p, position q, height, size) in the order merged; a merged
    cluster is kept at position q (p < q), which always holds sample q. Ties go to the lower index.
    """
    n = D.shape[0]
    size = np.ones(n, dtype=np.int64)
    chain = np.empty(n, dtype=np.int64)
    chain_len = 0
    for k in range(n - 1):
        if chain_len == 0:
            for i in range(n):
                if size[i] > 0:
                    chain[0] = i
                    break
            chain_len = 1
        x = 0
        y = 0
        current = np.inf
        for _ in range(n + 1):  # a chain never holds more than n clusters
            x = chain[chain_len - 1]
            if chain_len > 1:
                y = chain[chain_len - 2]
                current = D[x, y]
            else:
                current = np.inf
            for i in range(n):
                if size[i] == 0 or i == x:
                    continue
                if D[x, i] < current:
                    current = D[x, i]
                    y = i
            if chain_len > 1 and y == chain[chain_len - 2]:
                break
            chain[chain_len] = y
            chain_len += 1
        chain_len -= 2
        if x > y:
            x, y = y, x
        _merge(D, method, Z, k, x, y, current, size)


@njit(cache=True)
def _merge(D, method, Z, k, p, q, height, size):
    """Merge clusters p and q at ``height`` as step k: row k of ``Z`` records (p, q, height, size), the merged
    cluster is kept at q (p is emptied), and its distances to the other clusters are updated in ``D`` by
    :func:`_merge_distance` (step (4) of Algorithm 14.1)."""
    n_p = size[p]
    n_q = size[q]
    Z[k, 0] = p
    Z[k, 1] = q
    Z[k, 2] = height
    Z[k, 3] = n_p + n_q
    size[p] = 0
    size[q] = n_p + n_q
    for i in range(D.shape[0]):
        if size[i] == 0 or i == q:
            continue
        d = _merge_distance(method, D[p, i], D[q, i], height, n_p, n_q, size[i])
        D[q, i] = d
        D[i, q] = d


@njit(cache=True)
def _row_nearest(D, alive, start, stop, i, nn, nn_dist):
    """The nearest current cluster j > i of cluster i (first one on ties), cached in nn, nn_dist; the clusters
    j > i are alive[start:stop] (the current clusters in increasing order)."""
    best = np.inf
    arg = -1
    for t in range(start, stop):
        j = alive[t]
        if D[i, j] < best:
            best = D[i, j]
            arg = j
    nn[i] = arg
    nn_dist[i] = best


@njit(cache=True)
def _generic(D, method, Z):
    """Algorithm 14.1 as printed, for any linkage (used for centroid linkage (14.16)); ``D`` is overwritten.

    Each step merges the closest pair of current clusters (step 3) and computes the new cluster's
    distance to the others (step 4). The closest pair is the smallest of the rows' nearest-neighbour
    distances, which are cached; a row is rescanned only when its neighbour took part in the merge and the new
    cluster is not strictly closer than the cached distance (if it is, it is the new neighbour). The current
    clusters are kept in increasing order in ``alive[:m]``, so that the scans visit only them. Fills ``Z``
    with (position p, position q, height, size) in the order merged; the merged cluster is kept at q.
    """
    n = D.shape[0]
    size = np.ones(n, dtype=np.int64)
    nn = np.full(n, -1, dtype=np.int64)
    nn_dist = np.full(n, np.inf)
    alive = np.arange(n)
    m = n
    for i in range(n - 1):
        _row_nearest(D, alive, i + 1, m, i, nn, nn_dist)
    for k in range(n - 1):
        p = -1
        best = np.inf
        for t in range(m):  # step (3): the closest pair is the smallest row minimum
            i = alive[t]
            if nn[i] >= 0 and (p < 0 or nn_dist[i] < best):
                best = nn_dist[i]
                p = i
        q = nn[p]
        _merge(D, method, Z, k, p, q, best, size)  # step (4): distances of the new cluster G_q to the others
        nn[p] = -1
        nn_dist[p] = np.inf
        for t in range(np.searchsorted(alive[:m], p), m - 1):  # G_p is gone
            alive[t] = alive[t + 1]
        m -= 1
        for t in range(m):  # rows whose cached neighbour may have changed
            i = alive[t]
            if i >= q:
                break
            if D[i, q] < nn_dist[i]:  # the new cluster is strictly closer than every other: no rescan
                nn[i] = q
                nn_dist[i] = D[i, q]
            elif nn[i] == p or nn[i] == q:
                _row_nearest(D, alive, t + 1, m, i, nn, nn_dist)
        _row_nearest(D, alive, np.searchsorted(alive[:m], q) + 1, m, q, nn, nn_dist)


@njit(cache=True)
def _mst_single(D, Z):
    """Single linkage (14.14) as a minimum spanning tree grown by Prim's algorithm, O(n^2).

    The single-linkage distance of two clusters is that of their closest members, so the merges of
    Algorithm 14.1 are the edges of a minimum spanning tree taken in increasing length (Gower and
    Ross 1969). Fills ``Z`` with (sample, sample, length, 0) in the order the tree grows; ``D`` is
    not modified. Ties go to the lower index.
    """
    n = D.shape[0]
    in_tree = np.zeros(n, dtype=np.bool_)
    nearest = np.full(n, np.inf)
    x = 0
    for k in range(n - 1):
        in_tree[x] = True
        y = -1
        current = np.inf
        for i in range(n):
            if in_tree[i]:
                continue
            d = D[x, i]
            if d < nearest[i]:
                nearest[i] = d
            if nearest[i] < current or y < 0:
                current = nearest[i]
                y = i
        Z[k, 0] = x
        Z[k, 1] = y
        Z[k, 2] = current
        Z[k, 3] = 0.0
        x = y


@njit(cache=True)
def _relabel(Z):
    """Turn sample indices into cluster ids (samples 0..n-1, the row-i cluster n + i), smaller id first,
    and fill in the cluster sizes.

    ``Z`` must be in a valid merge order (sorted by height, or as merged); Z[i, 0] and Z[i, 1] are any
    members of the two clusters merged.
    A union-find over the samples with path halving.
    """
    n = Z.shape[0] + 1
    parent = np.arange(2 * n - 1)
    size = np.ones(2 * n - 1, dtype=np.int64)
    for i in range(n - 1):
        roots = np.empty(2, dtype=np.int64)
        for side in range(2):
            r = np.int64(Z[i, side])
            for _ in range(2 * n):  # bounded: a root is found within 2n - 1 steps
                if parent[r] == r:
                    break
                parent[r] = parent[parent[r]]
                r = parent[r]
            roots[side] = r
        a, b = min(roots[0], roots[1]), max(roots[0], roots[1])
        Z[i, 0] = a
        Z[i, 1] = b
        size[n + i] = size[a] + size[b]
        Z[i, 3] = size[n + i]
        parent[a] = n + i
        parent[b] = n + i


def _check_method(method):
    return check_choice(method, "method", _METHODS)


# Ward's and the centroid updates work on squared distances times cluster sizes: distances above this would
# overflow them (1e145^2 * 1e8 samples < 1.8e308, the largest double).
_SQUARED_SAFE = 1e145
# ... and distances below this have squares under the smallest normal double, which lose their digits or vanish.
_SQUARED_TINY = 1.5e-154


def _distances_from(X, metric, method, name):
    """A validated, writable (n, n) float64 distance matrix from data or from a precomputed matrix."""
    if metric == "precomputed":
        if method == "ward":
            raise ValueError("method='ward' needs Euclidean distances of the data, not metric='precomputed'")
        D = _check_distance_matrix(X, name)
    else:
        check_choice(metric, "metric", _METRICS + ("precomputed",))
        if method in ("ward", "centroid") and metric != "euclidean":
            raise ValueError(f"method={method!r} needs metric='euclidean', got metric={metric!r}")
        X = check_array(X, name)
        D = np.empty((X.shape[0], X.shape[0]))
        _distance_matrix(X, _NAMES[metric], 2.0, D)
    if method in ("ward", "centroid") and D.size and D.max() > _SQUARED_SAFE:
        raise ValueError(
            f"{name} is too large for method={method!r}: its largest distance is {D.max():.3g}, and this method "
            f"updates squared distances (weighted by cluster sizes), which overflow above about {_SQUARED_SAFE:.0e}; "
            f"rescale {name}"
        )
    if method in ("ward", "centroid") and D.size and 0 < D.max() < _SQUARED_TINY:
        raise ValueError(
            f"{name} is too small for method={method!r}: its largest distance is {D.max():.3g}, and this method "
            f"updates squared distances, which underflow below about {_SQUARED_TINY:.1e}; rescale {name}"
        )
    return D


def _check_distance_matrix(D, name):
    if np.ndim(D) == 1:  # condensed form, as scipy.spatial.distance.squareform writes it
        y = check_array(D, name, ndim=1)
        n = int(round((1 + np.sqrt(1 + 8 * y.size)) / 2))
        if n * (n - 1) // 2 != y.size:
            raise ValueError(f"{name} as a condensed distance vector must have n(n-1)/2 entries, got {y.size}")
        if np.any(y < 0):
            raise ValueError(f"{name} must hold non-negative distances")
        full = np.zeros((n, n))
        full[np.triu_indices(n, 1)] = y
        return full + full.T
    D = check_array(D, name)
    if D.shape[0] != D.shape[1]:
        raise ValueError(
            f"{name} must be a square distance matrix (n_samples, n_samples) with "
            f"metric='precomputed', got shape {D.shape}"
        )
    if np.any(D < 0):
        raise ValueError(f"{name} must hold non-negative distances")
    if np.any(np.diag(D) != 0):
        raise ValueError(f"{name} must have a zero diagonal (the distance of a sample to itself)")
    if not np.allclose(D, D.T, rtol=1e-12, atol=0.0):
        raise ValueError(f"{name} must be symmetric")
    return np.array(D, dtype=np.float64, order="C")  # a copy: the kernel overwrites it


def _linkage_matrix(D, method):
    n = D.shape[0]
    Z = np.empty((n - 1, 4))
    if n > 1:
        if method == "single":
            _mst_single(D, Z)
        elif method == "centroid":
            _generic(D, _METHOD_CODES[method], Z)  # already in merge order, which may not be sorted
        else:
            _nn_chain(D, _METHOD_CODES[method], Z)
        if method != "centroid":
            Z = Z[np.argsort(Z[:, 2], kind="mergesort")]
        _relabel(Z)
    return Z


def linkage(X, method="single", metric="euclidean"):
    """Hierarchical clustering by Li Hang Algorithm 14.1, as a scipy-style linkage matrix.

    Parameters
    ----------
    X : array-like
        The data (n_samples, n_features); or, with ``metric="precomputed"``, a square symmetric
        distance matrix with zero diagonal (as in Li Hang Example 14.1) or its condensed upper
        triangle (the vector :func:`scipy.spatial.distance.pdist` returns).
    method : {"single", "complete", "average", "ward", "centroid"}, default="single"
        The inter-cluster distance: shortest (14.14), longest (14.15), average (14.17), Ward's
        increase in scatter, or the distance between the centres (14.16). "single" is the book's
        Algorithm 14.1. "centroid" needs Euclidean distances (``metric="euclidean"``, or a
        precomputed matrix of Euclidean distances, as scipy assumes; on one that is not Euclidean, such as
        Example 14.1's, the heights are those of the update (module notes), which stays non-negative because
        the merged pair is always the closest, but they are no longer distances between centres); its
        merge heights need not increase (module notes), so its rows are in merge order, not always in
        increasing height.
    metric : {"euclidean", "manhattan", "cityblock", "chebyshev", "precomputed"}, default="euclidean"
        The distance between samples, (14.3)-(14.5) (computed by :func:`pairwise_distances`), or "precomputed".

    Returns
    -------
    Z : ndarray of shape (n_samples - 1, 4)
        Row i: the ids of the two clusters merged (samples are 0..n-1, the cluster made in row i is
        n + i), the merge height, and the size of the new cluster; rows in increasing height (in merge
        order for "centroid"), the
        format of :func:`scipy.cluster.hierarchy.linkage` (its ``dendrogram`` and ``fcluster``
        accept it).

    References
    ----------
    Li Hang, *Statistical Learning Methods*, 2nd ed., §14.2, Algorithm 14.1.
    J. C. Gower and G. J. S. Ross, "Minimum spanning trees and single linkage cluster analysis", JRSS C 18(1), 1969.
    F. Murtagh, "A survey of recent advances in hierarchical clustering algorithms", Comput. J. 26(4), 1983.
    D. Müllner, "Modern hierarchical, agglomerative clustering algorithms", arXiv:1109.2378, 2011.

    Examples
    --------
    >>> import numpy as np
    >>> from statlib.cluster import linkage
    >>> D = np.array([[0, 7, 2, 9, 3], [7, 0, 5, 4, 6], [2, 5, 0, 8, 1], [9, 4, 8, 0, 5], [3, 6, 1, 5, 0]])
    >>> linkage(D, "single", metric="precomputed")  # Example 14.1
    array([[2., 4., 1., 2.],
           [0., 5., 2., 3.],
           [1., 3., 4., 2.],
           [6., 7., 5., 5.]])
    """
    method = _check_method(method)
    if not isinstance(metric, str):
        raise TypeError(f"metric must be a string, got {type(metric).__name__}")
    D = _distances_from(X, metric, method, "X")
    return _linkage_matrix(D, method)


def _merges_within(Z, n, threshold, inclusive):
    """Which merges of ``Z`` lie below ``threshold`` on the tree: a merge is kept when no merge in its
    subtree, itself included, is at a height above the threshold (``<= threshold`` if ``inclusive``, else
    ``<``). For heights that never decrease along the tree this is every row below the threshold; with
    centroid linkage's inversions it is the cut of :func:`scipy.cluster.hierarchy.fcluster` with
    ``criterion="distance"``."""
    top = np.empty(n - 1)  # the largest merge height in the subtree of each merge
    for i in range(n - 1):
        top[i] = Z[i, 2]
        for side in range(2):
            child = int(Z[i, side])
            if child >= n:
                top[i] = max(top[i], top[child - n])
    return top <= threshold if inclusive else top < threshold


def _cut(Z, n, keep):
    """Labels after the merges of ``Z`` marked in ``keep`` (a subtree-closed set), numbered in order of first
    appearance."""
    parent = np.arange(2 * n - 1)
    for i in np.flatnonzero(keep):
        parent[int(Z[i, 0])] = n + i
        parent[int(Z[i, 1])] = n + i
    root = np.arange(2 * n - 1)
    for node in range(2 * n - 2, -1, -1):  # parents have larger ids: one backward pass finds every root
        if parent[node] != node:
            root[node] = root[parent[node]]
    leaf_roots = root[:n]
    _, first, inverse = np.unique(leaf_roots, return_index=True, return_inverse=True)
    order = np.argsort(np.argsort(first))
    return order[inverse].astype(np.int64)


class AgglomerativeClustering(ClusterMixin, BaseEstimator):
    """Agglomerative hierarchical clustering, Li Hang Algorithm 14.1, cut into flat clusters.

    Builds the whole hierarchy with :func:`linkage` and keeps the partition reached after
    n_samples - n_clusters merges (the book's stopping rule "the number of clusters reaches a
    threshold"), or after every merge below ``distance_threshold`` (the rule "the distance
    exceeds a threshold"). Parameters follow :class:`sklearn.cluster.AgglomerativeClustering`.

    Parameters
    ----------
    n_clusters : int or None, default=2
        Number of clusters to stop at; None when ``distance_threshold`` is given.
    metric : {"euclidean", "manhattan", "cityblock", "chebyshev", "precomputed"}, default="euclidean"
        The distance between samples, (14.3)-(14.5); "precomputed": ``fit`` takes the square
        distance matrix D of Algorithm 14.1, step 1.
    linkage : {"ward", "single", "complete", "average", "centroid"}, default="ward"
        Inter-cluster distance (see :func:`linkage`); the book's algorithm uses "single".
    distance_threshold : float or None, default=None
        Cut the tree at this height; then ``n_clusters`` must be None. The flat clusters are the subtrees whose
        merges all lie below the threshold (strictly below, as in scikit-learn; for "centroid", at or below,
        as :func:`scipy.cluster.hierarchy.fcluster` with ``criterion="distance"``, which the inversions of
        centroid linkage make differ from taking the first rows below the threshold).

    Attributes
    ----------
    labels_ : ndarray of shape (n_samples,)
        The flat clusters, numbered in the order in which they first appear among the samples.
    n_clusters_ : int
    n_leaves_ : int
    children_ : ndarray of shape (n_samples - 1, 2)
        The clusters merged at each step, as in scikit-learn (ids below n_samples are samples, id
        n_samples + i is the cluster made at step i).
    distances_ : ndarray of shape (n_samples - 1,)
        The merge heights in the order of ``children_``: non-decreasing, except for centroid linkage, whose
        heights can decrease from one merge to the next (inversions; see :func:`linkage`).
    linkage_matrix_ : ndarray of shape (n_samples - 1, 4)
        The scipy-style linkage matrix (see :func:`linkage`).
    n_features_in_ : int

    References
    ----------
    Li Hang, *Statistical Learning Methods*, 2nd ed., §14.2, Algorithm 14.1.
    J. H. Ward, "Hierarchical grouping to optimize an objective function", JASA 58(301), 1963.

    Examples
    --------
    >>> import numpy as np
    >>> from statlib.cluster import AgglomerativeClustering
    >>> D = np.array([[0, 7, 2, 9, 3], [7, 0, 5, 4, 6], [2, 5, 0, 8, 1], [9, 4, 8, 0, 5], [3, 6, 1, 5, 0]])
    >>> AgglomerativeClustering(2, metric="precomputed", linkage="single").fit(D).labels_
    array([0, 1, 0, 1, 0])
    """

    def __init__(self, n_clusters=2, *, metric="euclidean", linkage="ward", distance_threshold=None):
        self.n_clusters = n_clusters
        self.metric = metric
        self.linkage = linkage
        self.distance_threshold = distance_threshold

    def fit(self, X, y=None):
        """Build the hierarchy of ``X`` (data, or a distance matrix if ``metric="precomputed"``). Returns ``self``."""
        method = check_choice(self.linkage, "linkage", _METHODS)
        if not isinstance(self.metric, str):
            raise TypeError(f"metric must be a string, got {type(self.metric).__name__}")
        check_choice(self.metric, "metric", _METRICS + ("precomputed",))
        if (self.n_clusters is None) == (self.distance_threshold is None):
            raise ValueError(
                "exactly one of n_clusters and distance_threshold must be None, got "
                f"n_clusters={self.n_clusters!r}, distance_threshold={self.distance_threshold!r}"
            )
        threshold = None
        if self.distance_threshold is not None:
            threshold = check_real(self.distance_threshold, "distance_threshold", low=0.0)
        else:
            check_int(self.n_clusters, "n_clusters", low=1)
        X = validate_data(self, X, dtype=np.float64, order="C", ensure_min_samples=2)
        n = X.shape[0]
        if threshold is None and self.n_clusters > n:
            raise ValueError(f"X must have at least n_clusters={self.n_clusters} samples, got {n}")
        D = _distances_from(X, self.metric, method, "X")
        Z = _linkage_matrix(D, method)
        if threshold is None:
            keep = np.arange(n - 1) < n - self.n_clusters  # the first merges, in the order made
        else:
            keep = _merges_within(Z, n, threshold, inclusive=method == "centroid")
        self.linkage_matrix_ = Z
        self.children_ = Z[:, :2].astype(np.int64)
        self.distances_ = Z[:, 2].copy()
        self.n_leaves_ = n
        self.n_clusters_ = n - int(np.count_nonzero(keep))
        self.labels_ = _cut(Z, n, keep)
        return self

    def fit_predict(self, X, y=None):
        """Fit and return ``labels_``."""
        return self.fit(X).labels_

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.input_tags.pairwise = self.metric == "precomputed"
        return tags
