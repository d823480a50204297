"""PageRank (Li Hang ch. 21): the transition matrix of a directed graph and its general PageRank.

Orientation. The library takes the graph as an adjacency matrix whose rows are sources:
``adjacency[i, j] > 0`` for a link i -> j (1 for the book's unweighted links, any positive weight
otherwise). The book writes the *column*-stochastic transition matrix M of Def. 21.2,
``M[i, j] = P(next = i | now = j)``, i.e. M is the transpose of the row-normalised adjacency;
:func:`transition_matrix` makes that conversion so a chapter can print the book's M.

Dangling nodes. A node without out-links gives M a zero column (Example 21.2). The basic iterates
M^t R_0 then drain to zero (Example 21.2), and the general equation (21.10) has no probability-vector
solution: summing it over i gives sum(R) = 1 - d / (1 - d) * sum(R over dangling nodes), and every R_i is
at least (1 - d)/n, so (21.13) fails. The usual remedy (networkx's default, and the "Google matrix" of
the later PageRank literature; Page et al. 1999 instead set dangling links aside while iterating) lets
the walker leave a dangling node to any node with probability 1/n, i.e. replaces each zero column of M
by (1/n, ..., 1/n): ``dangling="uniform"``. ``dangling="error"`` refuses such graphs instead.
Self-loops are ordinary links (the self-loop at C in Example 21.3 makes C a non-dangling node whose
column of M is e_C), as in Def. 21.2 and networkx; nothing refuses them.

The kernels only ever see the CSR arrays of a validated adjacency matrix with no stored zeros
(``indptr``, ``indices``, the link weights and the inverse out-weights; see ``_kernel_arrays``), so an
empty row is exactly a dangling node.
"""

import warnings

import numpy as np
import scipy.sparse as sp
from numba import njit
from scipy.sparse import csgraph
from sklearn.exceptions import ConvergenceWarning

from .._validation import check_array, check_choice, check_int, check_real, check_vector

__all__ = ["google_matrix", "pagerank", "pagerank_from_transition", "pagerank_iterates", "transition_matrix"]

_METHODS = ("power", "algebraic", "power_max_norm")
_DANGLING = ("uniform", "error")
_DANGLING_DISPLAY = ("zero", "uniform", "error")


# --------------------------------------------------------------------------------------------------
# Kernels


@njit(cache=True)
def _google_matvec(indptr, indices, weights, inv_out, damping, spread, affine, x, y):
    """One step of the general PageRank iteration, without forming any n x n matrix.

    ``affine`` True: y = d M x + (1 - d)/n 1, the iteration (21.15) of Algorithm 21.1.
    ``affine`` False: y = A x with A = d M + (1 - d)/n E (21.22), the power method's product (21.20).
    The two agree when sum(x) = 1 and M is stochastic.

    M x is a sparse mat-vec over the links, pushed from the sources' side of (21.9): node j sends
    x_j w_ji / sum_k w_jk along each link j -> i (``inv_out[j]`` = 1 / sum_k w_jk; ``weights`` empty for a
    graph whose links all weigh the same, so that each link carries x_j / L(v_j) with no load of a weight).
    E x = (sum x) 1. A dangling node j (empty row) sends ``spread * x[j] / n`` to every node: ``spread`` = 1
    replaces its zero column of M by the uniform column, ``spread`` = 0 keeps the zero column as the book
    writes it (Example 21.2).
    """
    n = x.shape[0]
    weighted = weights.shape[0] > 0
    for i in range(n):
        y[i] = 0.0
    total = 0.0
    lost = 0.0
    for j in range(n):
        xj = x[j]
        total += xj
        start = indptr[j]
        stop = indptr[j + 1]
        if start == stop:
            lost += xj
            continue
        share = xj * inv_out[j]
        if weighted:
            for k in range(start, stop):
                y[indices[k]] += weights[k] * share
        else:
            for k in range(start, stop):
                y[indices[k]] += share
    jump = (1.0 - damping) if affine else (1.0 - damping) * total
    c = (damping * spread * lost + jump) / n
    for i in range(n):
        y[i] = damping * y[i] + c


# The power method groups the links by target block: 2**15 targets (256 KiB of the new iterate) per block, a stretch
# of y small enough to stay in the core's L2 cache while the block's links are added into it.
_BLOCK_SHIFT = 15


@njit(cache=True)
def _fill_link_blocks(indptr, indices, weights, shift, starts, sources, offsets, block_weights):
    """Group the links by target block, a stable counting sort of the CSR arrays: block b holds the links j -> i
    with i >> shift == b, in their CSR order (sources increasing), each stored as its source j, its target's offset
    i - (b << shift) in the block and, for a weighted graph, its weight. ``starts[b]`` receives where block b starts
    (``starts`` has one entry per block and a last one, the number of links)."""
    n = indptr.shape[0] - 1
    blocks = starts.shape[0] - 1
    for b in range(blocks + 1):
        starts[b] = 0
    for k in range(indices.shape[0]):
        starts[np.int64(indices[k] >> shift) + 1] += 1
    for b in range(blocks):
        starts[b + 1] += starts[b]
    cursor = starts[:blocks].copy()
    mask = np.int64((1 << shift) - 1)
    weighted = weights.shape[0] > 0
    for j in range(n):
        for k in range(indptr[j], indptr[j + 1]):
            i = np.int64(indices[k])
            b = i >> shift
            p = cursor[b]
            cursor[b] = p + 1
            sources[p] = j
            offsets[p] = i & mask
            if weighted:
                block_weights[p] = weights[k]


@njit(cache=True)
def _blocked_matvec(starts, sources, offsets, weights, dangling, inv_out, damping, spread, affine, x, y, share):
    """The step of ``_google_matvec`` over the links grouped by target block (``_fill_link_blocks``): the same
    terms added in the same order, so the same y bit for bit, with far fewer cache misses on a large graph.

    First, one pass over the nodes: share[j] = x_j / L(v_j) (``inv_out[j]`` = 1 / sum_k w_jk), sum(x), and the
    mass of the ``dangling`` nodes (their numbers, increasing). Then block by block: each link j -> i of the block
    adds share[j] (times w_ji if weighted) into y_i, and the block's stretch of y, which stays in cache meanwhile,
    gets (21.15)'s d y_i + c. The links and the shares are read in order; each y_i still receives its terms in
    increasing j, as in ``_google_matvec``.
    """
    n = x.shape[0]
    total = 0.0
    for j in range(n):
        xj = x[j]
        total += xj
        share[j] = xj * inv_out[j]
    lost = 0.0
    for j in dangling:
        lost += x[j]
    jump = (1.0 - damping) if affine else (1.0 - damping) * total
    c = (damping * spread * lost + jump) / n
    size = 1 << _BLOCK_SHIFT
    weighted = weights.shape[0] > 0
    for b in range(starts.shape[0] - 1):
        block = y[b * size : min(n, (b + 1) * size)]
        block[:] = 0.0
        if weighted:
            for k in range(starts[b], starts[b + 1]):
                block[offsets[k]] += weights[k] * share[sources[k]]
        else:
            for k in range(starts[b], starts[b + 1]):
                block[offsets[k]] += share[sources[k]]
        for i in range(block.shape[0]):
            block[i] = damping * block[i] + c


@njit(cache=True)
def _power_method(
    indptr, indices, weights, inv_out, starts, sources, offsets, dangling, damping, spread, x, tol, max_iter, max_norm
):
    """Iterate x <- A x (Li Hang Algorithm 21.1, eq. (21.15), or Algorithm 21.2 with ``max_norm``).

    With ``max_norm`` False this is (21.15), R_{t+1} = d M R_t + (1 - d)/n 1 (the power method on
    A = d M + (1 - d)/n E when sum(R_t) = 1). With ``max_norm`` True it is y = A x followed by a
    division by the infinity norm, (21.20)-(21.21).
    Each step is ``_google_matvec``, or, when ``starts`` is not empty (a graph larger than one block; see
    ``_link_blocks``), ``_blocked_matvec`` over the links grouped by target block, which gives the same iterates bit
    for bit; ``weights`` (empty if all links weigh the same) are in the order of the links that the step reads.
    Stops after the first step with ||x_{t+1} - x_t||_1 < tol, or after ``max_iter`` steps; that L1 norm is
    summed in four interleaved partial sums (four independent chains of additions, not one), which changes only
    its rounding, never the iterates.
    ``x`` (the start) is overwritten. Returns (last iterate, steps taken, converged).
    """
    n = x.shape[0]
    y = np.empty(n)
    blocked = starts.shape[0] > 0
    share = np.empty(n if blocked else 0)
    for it in range(1, max_iter + 1):
        if blocked:
            _blocked_matvec(
                starts, sources, offsets, weights, dangling, inv_out, damping, spread, not max_norm, x, y, share
            )
        else:
            _google_matvec(indptr, indices, weights, inv_out, damping, spread, not max_norm, x, y)
        if max_norm:
            top = 0.0
            for i in range(n):
                if y[i] > top:
                    top = y[i]
            inv = 1.0 / top
            for i in range(n):
                y[i] *= inv
        # ||y - x||_1, the stopping test of step 3 of Algorithm 21.1, in four partial sums
        e0 = e1 = e2 = e3 = 0.0
        n4 = n - n % 4
        for i in range(0, n4, 4):
            e0 += abs(y[i] - x[i])
            e1 += abs(y[i + 1] - x[i + 1])
            e2 += abs(y[i + 2] - x[i + 2])
            e3 += abs(y[i + 3] - x[i + 3])
        for i in range(n4, n):
            e0 += abs(y[i] - x[i])
        err = (e0 + e1) + (e2 + e3)
        x, y = y, x
        if err < tol:
            return x, it, True
    return x, max_iter, False


@njit(cache=True)
def _bfs_levels(indptr, indices, source):
    """Breadth-first distances from ``source`` along the links (-1 where unreachable)."""
    n = indptr.shape[0] - 1
    level = np.full(n, -1, dtype=np.int64)
    queue = np.empty(n, dtype=np.int64)
    level[source] = 0
    queue[0] = source
    head = 0
    tail = 1
    while head < tail:
        u = queue[head]
        head += 1
        for k in range(indptr[u], indptr[u + 1]):
            v = indices[k]
            if level[v] < 0:
                level[v] = level[u] + 1
                queue[tail] = v
                tail += 1
    return level


# --------------------------------------------------------------------------------------------------
# Validation


@njit(cache=True)
def _is_clean_csr(indptr, indices, data, n):
    """True when the CSR arrays of an (n, n) matrix are canonical (row pointers from 0 to nnz, not decreasing;
    column indices in [0, n), strictly increasing within a row: sorted, no duplicates) and every stored weight
    is positive and finite (no stored zeros, no NaN). Reads only inside the arrays.

    The weights and the order of the indices are checked by flat loops over the links with no early exit (the
    compiler vectorises them): a descent ``indices[k] <= indices[k - 1]`` is allowed only where row k starts, so
    the row loop takes those back out of the count, and checks the first and last index of each row."""
    nnz = data.shape[0]
    if indptr.shape[0] != n + 1 or indices.shape[0] != nnz or indptr[0] != 0 or indptr[n] != nnz:
        return False
    bad = 0
    for k in range(nnz):
        w = data[k]
        bad += not (w > 0.0 and w < np.inf)
    if bad:
        return False
    descents = 0
    for k in range(1, nnz):
        descents += indices[k] <= indices[k - 1]
    for i in range(n):
        start = indptr[i]
        stop = indptr[i + 1]
        if stop < start or stop > nnz:
            return False
        if stop > start:
            if indices[start] < 0 or indices[stop - 1] >= n:
                return False
            if start > 0 and indices[start] <= indices[start - 1]:
                descents -= 1
    return descents == 0


def _clean_csr(adjacency):
    """The sparse ``adjacency`` itself as a csr_array (sharing its arrays, no copy) when it is already a square CSR
    matrix of float64 weights in canonical form with only positive finite weights, the form ``_check_adjacency``
    returns; else None, and the general path copies, sums duplicates and drops stored zeros."""
    if adjacency.format != "csr" or adjacency.dtype != np.float64:
        return None
    n, m = adjacency.shape
    indptr, indices, data = adjacency.indptr, adjacency.indices, adjacency.data
    if n != m or n < 1 or indptr.ndim != 1 or indices.ndim != 1 or data.ndim != 1:
        return None
    if indptr.dtype not in (np.int32, np.int64) or indices.dtype not in (np.int32, np.int64):
        return None
    if not _is_clean_csr(indptr, indices, data, n):
        return None
    return sp.csr_array(adjacency, copy=False)


def _check_adjacency(adjacency):
    """Validated adjacency as a canonical CSR matrix of float64 weights with no stored zeros.

    Returns (csr, was_sparse). Raises TypeError/ValueError naming ``adjacency``.
    """
    if sp.issparse(adjacency):
        if adjacency.ndim != 2:
            raise ValueError(f"adjacency must be a 2-D (n, n) matrix, got shape {adjacency.shape}")
        if not (np.issubdtype(adjacency.dtype, np.number) or adjacency.dtype == np.bool_) or np.issubdtype(
            adjacency.dtype, np.complexfloating
        ):
            raise TypeError(f"adjacency must hold real numbers, got a sparse matrix of dtype {adjacency.dtype}")
        clean = _clean_csr(adjacency)
        if clean is not None:
            return _rescale_extreme_rows(clean), True
        A = sp.csr_array(adjacency, dtype=np.float64, copy=True)
        was_sparse = True
    else:
        if np.iscomplexobj(adjacency):
            raise TypeError("adjacency must hold real numbers, got complex values")
        dense = check_array(adjacency, "adjacency", min_rows=1, min_cols=1)
        A = None
        was_sparse = False
    shape = A.shape if was_sparse else dense.shape
    if shape[0] != shape[1]:
        raise ValueError(f"adjacency must be a square (n, n) matrix with rows as sources, got shape {shape}")
    if shape[0] < 1:
        raise ValueError("adjacency must have at least one node, got shape (0, 0)")
    if was_sparse:
        A.sum_duplicates()
        data = A.data
        if data.size and not np.all(np.isfinite(data)):
            raise ValueError("adjacency must contain only finite numbers; found NaN or infinity")
        if data.size and np.any(data < 0):
            raise ValueError("adjacency must have non-negative link weights; found a negative entry")
        A.eliminate_zeros()
    else:
        if np.any(dense < 0):
            i, j = np.argwhere(dense < 0)[0]
            raise ValueError(f"adjacency must have non-negative link weights; adjacency[{i}, {j}] = {dense[i, j]:g}")
        A = sp.csr_array(dense)
        A.eliminate_zeros()
    A.sort_indices()
    return _rescale_extreme_rows(A), was_sparse


def _rescale_extreme_rows(A):
    """``A`` with each row whose out-weight sum_k w_ik overflows float64, or whose reciprocal does (a sum below
    about 5.6e-309), divided by its largest weight: the transition probabilities w_ij / sum_k w_ik are the same, and
    1 / out-weight is finite again. Rows of ordinary weights (and ``A`` itself when every weight lies in
    [1e-300, 1e300]) are left as they are; the new weights are a new array, so a caller's matrix is never changed."""
    data = A.data
    if data.size == 0 or (data.min() >= 1e-300 and data.max() <= 1e300):
        return A
    rows = np.repeat(np.arange(A.shape[0]), np.diff(A.indptr))
    with np.errstate(over="ignore", divide="ignore"):
        out_weight = np.bincount(rows, weights=data, minlength=A.shape[0])
        extreme = (out_weight > 0) & ~(np.isfinite(out_weight) & np.isfinite(1.0 / out_weight))
    if not extreme.any():
        return A
    largest = np.zeros(A.shape[0])
    np.maximum.at(largest, rows, data)
    A = sp.csr_array((data / np.where(extreme, largest, 1.0)[rows], A.indices, A.indptr), shape=A.shape)
    return A


def _link_arrays(A):
    """(indptr, indices, prob, out_weight) of a validated CSR adjacency; prob[k] = w_ij / sum_k w_ik."""
    indptr = np.ascontiguousarray(A.indptr, dtype=np.int64)
    indices = np.ascontiguousarray(A.indices, dtype=np.int64)
    counts = np.diff(indptr)
    sources = np.repeat(np.arange(A.shape[0]), counts)
    out_weight = np.bincount(sources, weights=A.data, minlength=A.shape[0])
    prob = A.data / out_weight[sources]  # no stored zeros, so every source here has a positive out-weight
    return indptr, indices, np.ascontiguousarray(prob), out_weight


def _kernel_arrays(A):
    """(indptr, indices, weights, inv_out) for the kernels: unsigned row pointers (uint64) and link targets
    (uint32 where they fit: half the memory traffic of 64 bits), the link weights (empty when all links weigh
    the same) and 1 / out-weight per node (0 for a dangling node).

    Unsigned indices are a property the compiled kernels use: an index that cannot be negative needs no
    wrap-around test, so ``y[indices[k]] += share`` compiles to a plain load and store."""
    n = A.shape[0]
    counts = np.diff(A.indptr)
    indptr = np.ascontiguousarray(A.indptr, dtype=np.uint64)
    index_type = np.uint32 if n <= 2**32 else np.uint64
    indices = np.ascontiguousarray(A.indices, dtype=index_type)
    data = A.data
    inv_out = np.zeros(n)
    linked = counts > 0
    if data.size == 0 or np.all(data == data[0]):
        weights = np.empty(0)
        inv_out[linked] = 1.0 / counts[linked]
    else:
        weights = np.ascontiguousarray(data, dtype=np.float64)
        out_weight = np.bincount(np.repeat(np.arange(n), counts), weights=data, minlength=n)
        inv_out[linked] = 1.0 / out_weight[linked]
    return indptr, indices, weights, inv_out


def _link_blocks(indptr, indices, weights, n):
    """The links grouped by target block for ``_blocked_matvec`` (see ``_fill_link_blocks``), built once per call:
    (starts, sources, offsets, weights in that order, dangling nodes), with the sources in the type of ``indices`` and
    the offsets in a block as 16-bit integers: 6 bytes per unweighted link (14 with a weight). For a graph of at most
    one block, whose iterate already fits in cache, the arrays are empty and ``weights`` is returned as it is: the push
    over the CSR links (``_google_matvec``) needs no grouping there."""
    if n <= 1 << _BLOCK_SHIFT:
        empty = np.empty(0, dtype=np.uint64)
        return empty, _NO_LINKS, _NO_OFFSETS, weights, _NO_NODES
    m = indices.shape[0]
    starts = np.empty(((n - 1) >> _BLOCK_SHIFT) + 2, dtype=np.uint64)
    sources = np.empty(m, dtype=indices.dtype)
    offsets = np.empty(m, dtype=np.uint16)
    block_weights = np.empty(m if weights.shape[0] else 0)
    _fill_link_blocks(indptr, indices, weights, _BLOCK_SHIFT, starts, sources, offsets, block_weights)
    return starts, sources, offsets, block_weights, _dangling_nodes(indptr)


_NO_LINKS, _NO_OFFSETS, _NO_NODES = np.empty(0, dtype=np.uint32), np.empty(0, dtype=np.uint16), np.empty(0, np.int64)


def _dangling_nodes(indptr):
    return np.flatnonzero(indptr[1:] == indptr[:-1])


def _refuse_dangling(indptr, why):
    nodes = _dangling_nodes(indptr)
    if nodes.size:
        listed = ", ".join(str(v) for v in nodes[:5]) + (", ..." if nodes.size > 5 else "")
        raise ValueError(
            f"adjacency has {nodes.size} dangling node(s) without out-links (row of zeros): node {listed}; {why}"
        )


def _check_basic_pagerank_exists(A, indptr, indices):
    """Def. 21.3 / Thm 21.1: damping = 1 needs a strongly connected, aperiodic graph."""
    _refuse_dangling(
        indptr,
        "basic PageRank (damping=1, Def. 21.3) needs a strongly connected graph; use damping < 1 "
        "(general PageRank, Def. 21.4)",
    )
    n_comp, labels = csgraph.connected_components(A, directed=True, connection="strong")
    if n_comp > 1:
        other = int(np.flatnonzero(labels != labels[0])[0])
        raise ValueError(
            f"adjacency is not strongly connected ({n_comp} strong components; node {other} and node 0 "
            "are not mutually reachable), so basic PageRank (damping=1, Def. 21.3) is not defined; use "
            "damping < 1 (general PageRank, Def. 21.4)"
        )
    level = _bfs_levels(indptr, indices, 0)
    rows = np.repeat(np.arange(A.shape[0]), np.diff(A.indptr))
    period = int(np.gcd.reduce(np.abs(level[rows] + 1 - level[indices]))) if indices.size else 0
    if period > 1:
        raise ValueError(
            f"adjacency is periodic (every cycle has a length divisible by {period}), so M^t R_0 has no "
            "limit (21.5) and basic PageRank (damping=1, Def. 21.3) is not defined; use damping < 1"
        )


def _check_damping(damping):
    return check_real(damping, "damping", low=0.0, high=1.0, low_inclusive=False)


def _check_start(start, n, max_norm):
    if start is None:
        return np.ones(n) if max_norm else np.full(n, 1.0 / n)
    x = check_vector(start, "start")
    if x.shape[0] != n:
        raise ValueError(f"start must have one entry per node ({n}), got {x.shape[0]}")
    if np.any(x < 0) or not x.sum() > 0:
        raise ValueError("start must be non-negative with a positive sum")
    return x / (x.max() if max_norm else x.sum())


# --------------------------------------------------------------------------------------------------
# Public functions


def transition_matrix(adjacency, dangling="zero"):
    """The column-stochastic transition matrix M of the random walk on a graph, Li Hang Def. 21.2.

    ``M[i, j] = w_ji / sum_k w_jk``: the probability that the walker at node j moves next to node i
    (eq. (21.1); 1/k for each of the k out-links of j in an unweighted graph). Every column of M sums
    to 1 (21.3), except the column of a dangling node.

    Parameters
    ----------
    adjacency : array-like or scipy.sparse matrix, shape (n, n)
        ``adjacency[i, j]`` is the (non-negative) weight of the link i -> j; rows are sources.
    dangling : {"zero", "uniform", "error"}, default="zero"
        What the column of a node without out-links holds: zeros, as the book writes it in
        Example 21.2 (M is then not stochastic); 1/n in every entry (the walker jumps anywhere); or
        refuse such graphs with a ValueError.

    Returns
    -------
    M : ndarray of shape (n, n), or scipy.sparse.csr_array if ``adjacency`` is sparse
    """
    dangling = check_choice(dangling, "dangling", _DANGLING_DISPLAY)
    A, was_sparse = _check_adjacency(adjacency)
    indptr, indices, prob, _ = _link_arrays(A)
    n = A.shape[0]
    if dangling == "error":
        _refuse_dangling(indptr, "pass dangling='zero' or dangling='uniform' to build M anyway")
    P = sp.csr_array((prob, indices, indptr), shape=(n, n))
    M = P.T.tocsr()
    if dangling == "uniform":
        nodes = _dangling_nodes(indptr)
        if nodes.size:
            rows = np.repeat(np.arange(n), nodes.size)
            cols = np.tile(nodes, n)
            M = (M + sp.csr_array((np.full(rows.size, 1.0 / n), (rows, cols)), shape=(n, n))).tocsr()
    return M if was_sparse else M.toarray()


def google_matrix(adjacency, damping=0.85, dangling="uniform"):
    """The general transition matrix A = d M + (1 - d)/n E of Li Hang (21.22), as a dense array.

    R is the eigenvector of A for its dominant eigenvalue 1, scaled to sum to 1 (Perron-Frobenius).
    Meant for small graphs (it has n^2 entries); :func:`pagerank` never forms it.

    Parameters
    ----------
    adjacency : array-like or scipy.sparse matrix, shape (n, n)
        ``adjacency[i, j]`` is the weight of the link i -> j.
    damping : float in (0, 1], default=0.85
        The damping factor d.
    dangling : {"uniform", "error", "zero"}, default="uniform"
        The column of M for a node without out-links (see :func:`transition_matrix`).

    Returns
    -------
    A : ndarray of shape (n, n)
    """
    damping = _check_damping(damping)
    M = transition_matrix(adjacency, dangling=dangling)
    M = M.toarray() if sp.issparse(M) else M
    n = M.shape[0]
    return damping * M + (1.0 - damping) / n


def pagerank(
    adjacency,
    damping=0.85,
    method="power",
    tol=1e-10,
    max_iter=1000,
    *,
    dangling="uniform",
    start=None,
    return_n_iter=False,
):
    """PageRank of a directed graph, Li Hang ch. 21 (Page et al. 1999).

    The general PageRank (Def. 21.4) is the probability vector R with

        R = d M R + (1 - d)/n 1                                            (21.10), (21.14)

    where M is the column-stochastic transition matrix of the graph (Def. 21.2; see
    :func:`transition_matrix`). To start from M as the book prints it, use :func:`pagerank_from_transition`;
    given such an M (non-binary entries, columns summing to 1), this function warns. With ``damping=1`` it
    is the basic PageRank MR = R (Def. 21.3), which exists as the limit (21.5) only on a strongly connected
    aperiodic graph (Thm 21.1); other graphs are refused then.

    Parameters
    ----------
    adjacency : array-like or scipy.sparse matrix, shape (n, n)
        ``adjacency[i, j]`` is the weight of the link i -> j (1 for an unweighted link, 0 for none);
        rows are sources. Weights must be finite and non-negative; a link's probability is its weight
        divided by the sum of its source's out-weights. Self-loops are ordinary links (Example 21.3).
    damping : float in (0, 1], default=0.85
        The damping factor d of (21.10).
    method : {"power", "algebraic", "power_max_norm"}, default="power"
        - ``"power"``: the iteration R_{t+1} = d M R_t + (1 - d)/n 1 of Algorithm 21.1, eq. (21.15),
          from R_0 = ``start`` (uniform by default); it is the power method on A = d M + (1 - d)/n E
          (21.22) with sum(R_t) = 1 kept by A itself. One sparse mat-vec over the links per step.
        - ``"algebraic"``: solves (I - d M) R = (1 - d)/n 1, eqs. (21.23)-(21.24); a dense LU solve
          for dense ``adjacency``, a sparse one (SuperLU) for sparse ``adjacency`` (dangling columns
          enter as a rank-one term: (I - d M_0) z = 1, R = z / sum(z), with M_0 the matrix with zero
          dangling columns). With ``damping=1`` one equation of (I - M) R = 0 is replaced by
          sum(R) = 1. Exact up to rounding; for small and moderate graphs.
        - ``"power_max_norm"``: Algorithm 21.2 as the book runs it in Example 21.4: x_{t+1} =
          A x_t / ||A x_t||_inf (21.20)-(21.21) from x_0 = ``start`` (all ones by default), R = the
          last x scaled to sum to 1 (step (6)).
    tol : float >= 0, default=1e-10
        The iterative methods stop after the first step with ||x_{t+1} - x_t||_1 < tol (the L1 norm of
        the change; for ``"power"`` the same rule as networkx's ``pagerank`` with its ``tol`` = tol/n).
        The distance to R is then at most about d/(1 - d) * tol. Ignored by ``"algebraic"``.
    max_iter : int >= 1, default=1000
        Largest number of steps of the iterative methods; reaching it without meeting ``tol`` emits a
        ConvergenceWarning. Ignored by ``"algebraic"``.
    dangling : {"uniform", "error"}, default="uniform"
        A node without out-links makes (21.10) unsolvable by a probability vector (its column of M is
        zero). ``"uniform"`` lets the walker leave it to any node with probability 1/n (replaces the
        zero column by 1/n, networkx's convention); ``"error"`` raises a
        ValueError that names the node. With ``damping=1`` dangling nodes are always refused.
    start : array-like of shape (n,), optional
        Starting vector of the iterative methods (non-negative, not all zero); scaled to sum to 1
        (``"power"``) or to maximum 1 (``"power_max_norm"``).
    return_n_iter : bool, default=False
        Also return the number of steps taken (0 for ``"algebraic"``).

    Returns
    -------
    R : ndarray of shape (n,)
        The PageRank values PR(v_i), non-negative and summing to 1 (21.7)-(21.8), (21.12)-(21.13).
    n_iter : int
        Only if ``return_n_iter``.

    Raises
    ------
    ValueError
        For a non-square, negative, NaN or infinite ``adjacency``; a damping outside (0, 1]; a
        dangling node with ``dangling="error"``; and with ``damping=1``, a graph with dangling nodes,
        not strongly connected, or periodic (no basic PageRank, Thm 21.1).
    TypeError
        For non-numeric input or hyperparameters of the wrong type.

    References
    ----------
    Li Hang, Statistical Learning Methods (2nd ed.), ch. 21. Page, Brin, Motwani and Winograd (1999),
    The PageRank citation ranking: bringing order to the web.

    Examples
    --------
    >>> import numpy as np
    >>> from statlib.graph import pagerank
    >>> adjacency = np.array([[0, 1, 1, 1], [1, 0, 0, 1], [1, 0, 0, 0], [0, 1, 1, 0]])  # Fig. 21.1
    >>> np.round(pagerank(adjacency, damping=1.0) * 9, 6)
    array([3., 2., 2., 2.])
    """
    params = _check_pagerank_params(damping, method, tol, max_iter, dangling, return_n_iter)
    A, was_sparse = _check_adjacency(adjacency)
    _warn_if_transition_matrix(A)
    return _pagerank(A, was_sparse, *params, start=start, stacklevel=3)


def pagerank_from_transition(
    M, damping=0.85, method="power", tol=1e-10, max_iter=1000, *, dangling="uniform", start=None, return_n_iter=False
):
    """PageRank from the book's column-stochastic transition matrix M (Li Hang Def. 21.2), as printed.

    The same answer as :func:`pagerank` on the graph whose transition matrix is M: ``M[i, j]`` is the
    probability that the walker at node j moves next to node i (eq. (21.1)), so every column of M sums to
    1 (21.3). A column of zeros is a dangling node, as in the book's Example 21.2, and is treated as
    ``dangling`` says. M is the transpose of the row-normalised adjacency matrix, so this front door
    passes ``M.T`` on to :func:`pagerank`'s computation: (21.10) R = d M R + (1 - d)/n 1.

    Parameters
    ----------
    M : array-like or scipy.sparse matrix, shape (n, n)
        Column-stochastic: non-negative, finite, each column summing to 1 (or to 0 for a dangling node),
        within 1e-8.
    damping, method, tol, max_iter, dangling, start, return_n_iter
        As in :func:`pagerank`.

    Returns
    -------
    R : ndarray of shape (n,)
        The PageRank values, summing to 1.
    n_iter : int
        Only if ``return_n_iter``.

    Raises
    ------
    ValueError
        If M is not square, has a negative, NaN or infinite entry, or a column whose sum is neither 1 nor 0;
        and as :func:`pagerank` for the hyperparameters.
    TypeError
        For non-numeric input.

    Examples
    --------
    >>> import numpy as np
    >>> from statlib.graph import pagerank_from_transition
    >>> M = np.array([[0, 1/2, 1, 0], [1/3, 0, 0, 1/2], [1/3, 0, 0, 1/2], [1/3, 1/2, 0, 0]])  # Example 21.1
    >>> np.round(pagerank_from_transition(M, damping=1.0) * 9, 6)
    array([3., 2., 2., 2.])
    """
    params = _check_pagerank_params(damping, method, tol, max_iter, dangling, return_n_iter)
    MT, was_sparse = _check_transition(M)
    return _pagerank(MT, was_sparse, *params, start=start, stacklevel=3)


def _check_pagerank_params(damping, method, tol, max_iter, dangling, return_n_iter):
    damping = _check_damping(damping)
    method = check_choice(method, "method", _METHODS)
    tol = check_real(tol, "tol", low=0.0)
    max_iter = check_int(max_iter, "max_iter", low=1)
    dangling = check_choice(dangling, "dangling", _DANGLING)
    if not isinstance(return_n_iter, (bool, np.bool_)):
        raise TypeError(f"return_n_iter must be True or False, got {type(return_n_iter).__name__}")
    return damping, method, tol, max_iter, dangling, bool(return_n_iter)


def _check_transition(M, atol=1e-8):
    """Validate a column-stochastic M (zero columns allowed: dangling nodes); return (M.T as CSR, was_sparse).

    The entry checks are those of an adjacency matrix (square, finite, non-negative), with errors naming ``M``;
    the column sums are checked as :func:`statlib._validation.check_stochastic_matrix` checks row sums.
    """
    if sp.issparse(M):
        MT = M.T
    else:
        if np.iscomplexobj(M):
            raise TypeError("M must hold real numbers, got complex values")
        MT = check_array(M, "M", min_rows=1, min_cols=1).T
    try:
        A, was_sparse = _check_adjacency(MT)
    except (TypeError, ValueError) as err:
        message = str(err).replace("adjacency", "M")
        message = message.replace("with rows as sources", "(the transition matrix, columns as sources)")
        raise type(err)(message) from None
    sums = np.asarray(A.sum(axis=1)).ravel()  # row sums of M.T = column sums of M
    bad = np.flatnonzero((np.abs(sums - 1.0) > atol) & (sums != 0.0))
    if bad.size:
        j = int(bad[0])
        raise ValueError(
            f"M must be column-stochastic (each column sums to 1, or 0 for a dangling node, Li Hang (21.3)); "
            f"column {j} sums to {sums[j]:.6g}. For an adjacency matrix (rows are sources) use "
            "statlib.graph.pagerank"
        )
    return A, was_sparse


def _warn_if_transition_matrix(A):
    """Warn when an adjacency matrix looks like the book's column-stochastic M (non-binary weights whose
    columns sum to 1, rows not all summing to 1): pagerank would then rank the reversed walk."""
    n = A.shape[0]
    data = A.data
    if n < 2 or data.size == 0 or np.all(data == 1.0):
        return
    col = np.asarray(A.sum(axis=0)).ravel()
    row = np.asarray(A.sum(axis=1)).ravel()
    if np.all(np.abs(col - 1.0) <= 1e-8) and not np.all(np.abs(row - 1.0) <= 1e-8):
        warnings.warn(
            "adjacency looks like a column-stochastic transition matrix M (its columns sum to 1): pagerank "
            "reads adjacency[i, j] as a link i -> j (rows are sources), which is M transposed. For the book's "
            "M use statlib.graph.pagerank_from_transition(M, ...)",
            UserWarning,
            stacklevel=3,
        )


def _pagerank(A, was_sparse, damping, method, tol, max_iter, dangling, return_n_iter, *, start, stacklevel):
    """PageRank of a validated CSR adjacency (rows are sources); the hyperparameters are already checked."""
    n = A.shape[0]
    max_norm = method == "power_max_norm"
    x0 = _check_start(start, n, max_norm) if method != "algebraic" else None
    arrays = _kernel_arrays(A)
    indptr, indices = arrays[0], arrays[1]
    if damping == 1.0:
        _check_basic_pagerank_exists(A, indptr, indices)
    elif dangling == "error":
        _refuse_dangling(indptr, "pass dangling='uniform' to let the walker jump from it to any node")

    if method == "algebraic":
        R = _algebraic(A, *_link_arrays(A)[:3], damping, was_sparse)
        n_iter = 0
    else:
        weights, inv_out = arrays[2], arrays[3]
        starts, sources, offsets, weights, dangling = _link_blocks(indptr, indices, weights, n)
        x, n_iter, converged = _power_method(
            indptr,
            indices,
            weights,
            inv_out,
            starts,
            sources,
            offsets,
            dangling,
            damping,
            1.0,
            x0.copy(),
            tol,
            max_iter,
            max_norm,
        )
        if not converged:
            warnings.warn(
                f"pagerank ({method}) did not converge in max_iter={max_iter} steps "
                f"(tol={tol:g} on the L1 change); increase max_iter or tol",
                ConvergenceWarning,
                stacklevel=stacklevel,
            )
        R = x / x.sum()  # Algorithm 21.2 step (6); for "power" it only removes rounding drift
    return (R, n_iter) if return_n_iter else R


def _algebraic(A, indptr, indices, prob, damping, was_sparse):
    """(I - d M) R = (1 - d)/n 1, Li Hang (21.23)-(21.24); M with uniform dangling columns."""
    n = A.shape[0]
    P = sp.csr_array((prob, indices, indptr), shape=(n, n))
    if not was_sparse:
        M = P.T.toarray()
        M[:, _dangling_nodes(indptr)] = 1.0 / n
        lhs = np.eye(n) - damping * M
        if damping == 1.0:  # (I - M) R = 0 has rank n - 1 (irreducible M): replace one row by sum(R) = 1
            lhs[-1] = 1.0
            rhs = np.zeros(n)
            rhs[-1] = 1.0
        else:
            rhs = np.full(n, (1.0 - damping) / n)  # (21.24)
        R = np.linalg.solve(lhs, rhs)
    else:
        from scipy.sparse.linalg import spsolve

        lhs = (sp.eye_array(n, format="csr") - damping * P.T).tocsr()
        if damping == 1.0:
            lhs = sp.vstack([lhs[:-1], sp.csr_array(np.ones((1, n)))], format="csc")
            rhs = np.zeros(n)
            rhs[-1] = 1.0
        else:
            # With M = M_0 + (1/n) 1 delta^T (delta marks dangling nodes), (21.23) reads
            # (I - d M_0) R = (d delta^T R + 1 - d)/n 1: R is a multiple of z = (I - d M_0)^{-1} 1.
            lhs = lhs.tocsc()
            rhs = np.ones(n)
        R = np.asarray(spsolve(lhs, rhs), dtype=np.float64).reshape(n)
    return R / R.sum()


def pagerank_iterates(adjacency, damping=0.85, n_iter=10, *, method="power", dangling="uniform", start=None):
    """The first iterates of the PageRank iterations, as the book tabulates them.

    ``method="power"`` gives R_0, ..., R_T of (21.15), R_{t+1} = d M R_t + (1 - d)/n 1
    (Examples 21.1-21.3; with ``damping=1`` and ``dangling="zero"``, the iterates M^t R_0 of
    Example 21.2 that drain away through the dangling node). ``method="power_max_norm"`` gives
    x_0, ..., x_T of Algorithm 21.2, x_{t+1} = A x_t / ||A x_t||_inf (Example 21.4). No stopping rule
    and no existence checks: the iterates are returned whether or not they converge.

    Parameters
    ----------
    adjacency : array-like or scipy.sparse matrix, shape (n, n)
        ``adjacency[i, j]`` is the weight of the link i -> j.
    damping : float in (0, 1], default=0.85
    n_iter : int >= 0, default=10
        Number of steps T.
    method : {"power", "power_max_norm"}, default="power"
    dangling : {"uniform", "zero", "error"}, default="uniform"
        The column of M for a node without out-links (see :func:`transition_matrix`); ``"zero"`` is
        the book's literal M of Example 21.2.
    start : array-like of shape (n,), optional
        R_0 (scaled to sum to 1; uniform by default) or x_0 (scaled to maximum 1; all ones by default).

    Returns
    -------
    iterates : ndarray of shape (n_iter + 1, n)
        Row t is R_t (or x_t).
    """
    damping = _check_damping(damping)
    n_iter = check_int(n_iter, "n_iter", low=0, high=1_000_000)
    method = check_choice(method, "method", ("power", "power_max_norm"))
    dangling = check_choice(dangling, "dangling", _DANGLING_DISPLAY)
    A, _ = _check_adjacency(adjacency)
    n = A.shape[0]
    max_norm = method == "power_max_norm"
    x = _check_start(start, n, max_norm)
    arrays = _kernel_arrays(A)
    if dangling == "error":
        _refuse_dangling(arrays[0], "pass dangling='uniform' or dangling='zero'")
    spread = 1.0 if dangling == "uniform" else 0.0
    out = np.empty((n_iter + 1, n))
    out[0] = x
    y = np.empty(n)
    for t in range(1, n_iter + 1):
        _google_matvec(*arrays, damping, spread, not max_norm, out[t - 1], y)
        if max_norm:
            top = y.max()
            if top > 0:
                y = y / top
        out[t] = y
    return out
