"""The kd tree (Li Hang §3.3): construction (algorithm 3.2) and k-nearest-neighbour search (algorithm 3.3).

The tree is stored in flat arrays, one entry per node, numbered in level order (root 0, its
children 1 and 2, ...). Every node owns a contiguous block ``index[start:end]`` of a permutation of
the training points; an internal node keeps the median point of its block at position ``mid`` and
its two children own the blocks on either side. Nothing else is stored: the split value is
``X[index[mid], axis]``.
"""

from collections import namedtuple

import numpy as np
from numba import njit

from .._validation import check_array, check_choice, check_int
from ._distance import (
    _reduce,
    _reduced_distance,
    _reduced_norm,
    _unreduce,
    check_distance_scale,
    check_p,
    column_extremes,
)

# Event codes written by the search kernel into a trace (see KDTree.search_path).
ENTER, CHECK, PRUNE = 0, 1, 2
_EVENT_NAMES = ("enter", "check", "prune")
_BBOX_LEAF_SIZE = 32  # points per leaf when bounds="bbox" and leaf_size is None (scikit-learn uses 40)
_BOOK_MAX_SAMPLES = 256  # bounds="auto" builds the book's tree up to this size, where speed is not at stake

SearchStep = namedtuple("SearchStep", ["event", "node", "point", "distance", "radius"])
SearchStep.__doc__ = """One step of algorithm 3.3, as recorded by :meth:`KDTree.search_path`.

event : str
    ``"enter"`` a node's region is searched (step (1) going down, or step (3b) when the hypersphere
    meets the sibling region); ``"check"`` the distance to a stored point is computed (step (3a));
    ``"prune"`` a sibling region is skipped because the hypersphere does not meet it (step (3b)).
node : int
    The node (level-order number; 0 is the root).
point : int
    For ``"check"``: the index of the training point; otherwise -1.
distance : float
    For ``"check"``: the distance from the target to the point. For ``"enter"``/``"prune"``: a lower
    bound on the distance from the target to the node's region (0 on the way down).
radius : float
    The radius of the hypersphere after the step: the distance to the current k-th nearest point
    (infinity while fewer than k points have been seen).
"""


# ---------------------------------------------------------------------------------------------
# Construction: algorithm 3.2
# ---------------------------------------------------------------------------------------------


@njit(cache=True)
def _select(X, index, lo, hi, kth, axis):
    """Reorder ``index[lo:hi]`` so that ``index[kth]`` is the point of rank ``kth - lo`` along ``axis``.

    Afterwards every point in ``index[lo:kth]`` has coordinate <= that of ``index[kth]``, and every
    point in ``index[kth+1:hi]`` has coordinate >= it: the median split of algorithm 3.2 in expected
    linear time (quickselect with a median-of-three pivot and a three-way partition, so repeated
    coordinates cost nothing extra).
    """
    left, right = lo, hi - 1
    while right > left:
        a = X[index[left], axis]
        b = X[index[(left + right) // 2], axis]
        c = X[index[right], axis]
        pivot = max(min(a, b), min(max(a, b), c))  # median of a, b, c
        lt, i, gt = left, left, right
        while i <= gt:  # [left, lt) < pivot, [lt, i) == pivot, (gt, right] > pivot
            v = X[index[i], axis]
            if v < pivot:
                index[lt], index[i] = index[i], index[lt]
                lt += 1
                i += 1
            elif v > pivot:
                index[gt], index[i] = index[i], index[gt]
                gt -= 1
            else:
                i += 1
        if kth < lt:
            right = lt - 1
        elif kth > gt:
            left = gt + 1
        else:
            return


@njit(cache=True)
def _build(X, leaf_size):
    """Algorithm 3.2: a balanced kd tree over the rows of ``X``.

    A node at depth j with more than ``leaf_size`` points splits on axis l = j mod n_features (the
    book's l = j (mod k) + 1, counted from 0) at the upper median: the point of rank floor(m/2)
    among its m points. That point stays in the node (the book stores the points lying on the
    splitting hyperplane in the node); points before it go to the left child (smaller
    coordinates), points after it to the right child. A block of at most ``leaf_size`` points is a
    leaf; with ``leaf_size=1`` every node holds exactly one point, as in the book.

    Returns (index, start, end, mid, axis, left, right, depth); ``mid``/``axis``/``left``/``right``
    are -1 where they do not apply.
    """
    n, d = X.shape
    index = np.arange(n)
    start = np.empty(n, np.int64)  # a tree over n points has at most n nodes
    end = np.empty(n, np.int64)
    mid = np.full(n, -1, np.int64)
    axis = np.full(n, -1, np.int64)
    left = np.full(n, -1, np.int64)
    right = np.full(n, -1, np.int64)
    depth = np.zeros(n, np.int64)
    start[0], end[0] = 0, n
    n_nodes = 1
    node = 0
    while node < n_nodes:  # level order: the queue is the node arrays themselves
        lo, hi = start[node], end[node]
        if hi - lo > leaf_size:
            a = depth[node] % d  # steps (1)-(2): the axis l = j mod n (the book counts from 1)
            m = lo + (hi - lo) // 2  # upper median: rank floor(m/2), as in Example 3.2
            _select(X, index, lo, hi, m, a)
            axis[node], mid[node] = a, m
            for child_lo, child_hi, is_left in ((lo, m, True), (m + 1, hi, False)):
                if child_hi > child_lo:  # step (3): an empty region gets no child
                    start[n_nodes], end[n_nodes] = child_lo, child_hi
                    depth[n_nodes] = depth[node] + 1
                    if is_left:
                        left[node] = n_nodes
                    else:
                        right[node] = n_nodes
                    n_nodes += 1
        node += 1
    return (
        index,
        start[:n_nodes].copy(),
        end[:n_nodes].copy(),
        mid[:n_nodes].copy(),
        axis[:n_nodes].copy(),
        left[:n_nodes].copy(),
        right[:n_nodes].copy(),
        depth[:n_nodes].copy(),
    )


# ---------------------------------------------------------------------------------------------
# The k nearest points seen so far: a max-heap on (distance, index)
# ---------------------------------------------------------------------------------------------


@njit(cache=True, inline="always")
def _worse(d1, i1, d2, i2):
    """Whether candidate (d1, i1) ranks after (d2, i2): larger distance, or equal distance and larger index."""
    return d1 > d2 or (d1 == d2 and i1 > i2)


@njit(cache=True, inline="always")
def _improves(heap_d, heap_i, size, dist, idx):
    """Whether (dist, idx) belongs among the best ``len(heap_d)``: the heap is not full yet, or the candidate
    ranks before its root. Inlined, so that the common case (no) costs no function call."""
    return size < heap_d.shape[0] or _worse(heap_d[0], heap_i[0], dist, idx)


@njit(cache=True)
def _heap_offer(heap_d, heap_i, size, dist, idx):
    """Offer a candidate to the max-heap of the ``len(heap_d)`` best; return the new size.

    Once the heap is full, its root ``heap_d[0]`` is the current k-th smallest distance, the
    radius of the hypersphere of algorithm 3.3 (in reduced form). Ties in distance go to the smaller index, so
    the result is the same whatever order the points are visited in.
    """
    k = heap_d.shape[0]
    if size < k:  # not full: sift the new entry up
        pos = size
        size += 1
        while pos > 0:
            parent = (pos - 1) // 2
            if not _worse(dist, idx, heap_d[parent], heap_i[parent]):
                break
            heap_d[pos], heap_i[pos] = heap_d[parent], heap_i[parent]
            pos = parent
        heap_d[pos], heap_i[pos] = dist, idx
        return size
    if not _worse(heap_d[0], heap_i[0], dist, idx):
        return size  # no better than the current k-th nearest
    _sift_down(heap_d, heap_i, 0, size, dist, idx)
    return size


@njit(cache=True)
def _sift_down(heap_d, heap_i, pos, size, dist, idx):
    """Place (dist, idx) at ``pos`` of the max-heap ``[0, size)`` and sift it down."""
    while True:
        child = 2 * pos + 1
        if child >= size:
            break
        if child + 1 < size and _worse(heap_d[child + 1], heap_i[child + 1], heap_d[child], heap_i[child]):
            child += 1
        if not _worse(heap_d[child], heap_i[child], dist, idx):
            break
        heap_d[pos], heap_i[pos] = heap_d[child], heap_i[child]
        pos = child
    heap_d[pos], heap_i[pos] = dist, idx


@njit(cache=True)
def _heap_sort(heap_d, heap_i, size):
    """Sort a full max-heap in place into ascending (distance, index) order (heapsort's second phase)."""
    for last in range(size - 1, 0, -1):
        top_d, top_i = heap_d[0], heap_i[0]
        _sift_down(heap_d, heap_i, 0, last, heap_d[last], heap_i[last])
        heap_d[last], heap_i[last] = top_d, top_i


# ---------------------------------------------------------------------------------------------
# Search: algorithm 3.3, for k neighbours
# ---------------------------------------------------------------------------------------------


@njit(cache=True)
def _search(
    X,
    index,
    start,
    end,
    mid,
    axis,
    left,
    right,
    x,
    p,
    heap_d,
    heap_i,
    stack_node,
    stack_bound,
    stack_gap,
    gap,
    trace,
    trace_value,
):
    """Algorithm 3.3 for the ``k = len(heap_d)`` nearest neighbours of ``x``; returns the trace length.

    A stack replaces the book's recursion. Entering a node's region, the search pushes, in this
    order, the far child (to be tested against the hypersphere later), the node's own point, and
    the near child (the side of the splitting hyperplane that holds x; x^(l) < split goes left).
    So it first walks down to the leaf containing x (step (1)), then backs up: at each node it
    checks the stored point (step (3a)) and enters the other child only if the hypersphere around x,
    whose radius is the distance to the current k-th nearest point, meets that child's
    hyper-rectangle (step (3b)). With k = 1 this is exactly the book's search.

    The distance from x to a child's hyper-rectangle is kept incrementally (Arya and Mount): per
    axis, the gap between x and the rectangle (``stack_gap`` row, 0 where x lies within its
    extent). The near child inherits its parent's gaps; the far child's gap on the split axis
    becomes |x^(l) - split|. Distances are reduced (see ``_reduced_distance``).

    ``stack_node`` holds a subtree as ``node`` and a node's own point as ``-node - 1``. If ``trace``
    has rows, each event is written there as (event, node, point), with ``trace_value`` holding
    (distance, radius).
    """
    size = 0
    n_trace = 0
    k = heap_d.shape[0]
    stack_node[0] = 0
    stack_bound[0] = 0.0
    stack_gap[0, :] = 0.0
    top = 1
    while top > 0:
        top -= 1
        code = stack_node[top]
        bound = stack_bound[top]
        if code < 0:  # step (3a): the point stored in the node
            node = -code - 1
            q = index[mid[node]]
            dist = _reduced_distance(x, X, q, p)
            if _improves(heap_d, heap_i, size, dist, q):
                size = _heap_offer(heap_d, heap_i, size, dist, q)
            if n_trace < trace.shape[0]:
                trace[n_trace, 0], trace[n_trace, 1], trace[n_trace, 2] = CHECK, node, q
                trace_value[n_trace, 0], trace_value[n_trace, 1] = dist, heap_d[0] if size == k else np.inf
            n_trace += 1
            continue
        node = code
        if size == k and bound > heap_d[0]:  # step (3b): the hypersphere misses this region
            if n_trace < trace.shape[0]:
                trace[n_trace, 0], trace[n_trace, 1], trace[n_trace, 2] = PRUNE, node, -1
                trace_value[n_trace, 0], trace_value[n_trace, 1] = bound, heap_d[0]
            n_trace += 1
            continue
        if n_trace < trace.shape[0]:
            trace[n_trace, 0], trace[n_trace, 1], trace[n_trace, 2] = ENTER, node, -1
            trace_value[n_trace, 0], trace_value[n_trace, 1] = bound, heap_d[0] if size == k else np.inf
        n_trace += 1
        if mid[node] < 0:  # a leaf block: scan its points
            for pos in range(start[node], end[node]):
                q = index[pos]
                dist = _reduced_distance(x, X, q, p)
                if _improves(heap_d, heap_i, size, dist, q):
                    size = _heap_offer(heap_d, heap_i, size, dist, q)
                if n_trace < trace.shape[0]:
                    trace[n_trace, 0], trace[n_trace, 1], trace[n_trace, 2] = CHECK, node, q
                    trace_value[n_trace, 0], trace_value[n_trace, 1] = dist, heap_d[0] if size == k else np.inf
                n_trace += 1
            continue
        gap[:] = stack_gap[top]  # this entry's slot is about to be reused
        a = axis[node]
        diff = x[a] - X[index[mid[node]], a]
        near, far = (left[node], right[node]) if diff < 0 else (right[node], left[node])  # step (1): x's side
        if far >= 0:  # the far child, to be tested by step (3b) against D_p(x, B)
            stack_gap[top] = gap
            stack_gap[top, a] = abs(diff)
            stack_node[top] = far
            stack_bound[top] = _reduced_norm(stack_gap[top], p)
            top += 1
        stack_node[top] = -node - 1  # the node's own point, for step (3a)
        top += 1
        if near >= 0:
            stack_gap[top] = gap
            stack_node[top] = near
            stack_bound[top] = bound
            top += 1  # the near child is popped next
    return n_trace


@njit(cache=True)
def _query(X, index, start, end, mid, axis, left, right, max_depth, Q, k, p):
    """The k nearest training points of every row of ``Q``: reduced distances and indices, (n_queries, k),
    each row in ascending (distance, index) order."""
    n_queries = Q.shape[0]
    out_d = np.empty((n_queries, k))
    out_i = np.empty((n_queries, k), np.int64)
    heap_d = np.empty(k)
    heap_i = np.empty(k, np.int64)
    depth = 2 * max_depth + 3  # each level down adds at most two entries to the stack
    stack_node = np.empty(depth, np.int64)
    stack_bound = np.empty(depth)
    stack_gap = np.empty((depth, X.shape[1]))
    gap = np.empty(X.shape[1])
    no_trace = np.empty((0, 3), np.int64)
    no_trace_value = np.empty((0, 2))
    for r in range(n_queries):
        _search(
            X,
            index,
            start,
            end,
            mid,
            axis,
            left,
            right,
            Q[r],
            p,
            heap_d,
            heap_i,
            stack_node,
            stack_bound,
            stack_gap,
            gap,
            no_trace,
            no_trace_value,
        )
        _heap_sort(heap_d, heap_i, k)
        out_d[r] = heap_d
        out_i[r] = heap_i
    return out_d, out_i


# ---------------------------------------------------------------------------------------------
# The fast variant: prune with each node's bounding box
# ---------------------------------------------------------------------------------------------


@njit(cache=True)
def _bounding_boxes(Xs, start, end, mid, left, right):
    """The bounding box of each node's points: ``lower[i, l]`` / ``upper[i, l]``, the smallest / largest
    coordinate l over ``Xs[start[i]:end[i]]`` (``Xs`` is the data in tree order).

    Children have larger level-order numbers than their parent, so one backward pass over the nodes
    finds every box from the leaves' blocks, the children's boxes and the node's own point.
    """
    n_nodes = start.shape[0]
    d = Xs.shape[1]
    lower = np.empty((n_nodes, d))
    upper = np.empty((n_nodes, d))
    for node in range(n_nodes - 1, -1, -1):
        if mid[node] < 0:  # a leaf: its block
            for j in range(d):
                lower[node, j] = Xs[start[node], j]
                upper[node, j] = Xs[start[node], j]
            for pos in range(start[node] + 1, end[node]):
                for j in range(d):
                    v = Xs[pos, j]
                    if v < lower[node, j]:
                        lower[node, j] = v
                    elif v > upper[node, j]:
                        upper[node, j] = v
            continue
        for j in range(d):  # the node's own point and its children's boxes
            lower[node, j] = Xs[mid[node], j]
            upper[node, j] = Xs[mid[node], j]
        for child in (left[node], right[node]):
            if child >= 0:
                for j in range(d):
                    lower[node, j] = min(lower[node, j], lower[child, j])
                    upper[node, j] = max(upper[node, j], upper[child, j])
    return lower, upper


@njit(cache=True, inline="always")
def _box_distance(x, lower, upper, node, p):
    """Reduced L_p distance from ``x`` to the bounding box of ``node``: the gaps g_l of the pruning
    theorem, computed as :func:`_reduced_distance` computes coordinate differences, so a point in the
    box is never found closer than the box (rounding is monotone)."""
    total = 0.0
    if p == 2.0:  # one test on p per box; the gap as a sum of two clipped differences (one of them is 0), no branches
        for j in range(x.shape[0]):
            g = max(lower[node, j] - x[j], 0.0) + max(x[j] - upper[node, j], 0.0)
            total += g * g
        return total
    for j in range(x.shape[0]):
        if x[j] < lower[node, j]:
            g = lower[node, j] - x[j]
        elif x[j] > upper[node, j]:
            g = x[j] - upper[node, j]
        else:
            continue
        if np.isinf(p):
            total = max(total, g)
        else:
            total += _reduce(g, p)
    return total


@njit(cache=True, inline="always")
def _sorted_insert(best_d, best_i, size, dist, idx):
    """Insert (dist, idx) into the ascending list ``best[:size]`` of the ``len(best_d)`` nearest so far,
    dropping the last entry when it is full; return the new size. For small k a sorted list is cheaper
    than a heap, and its last entry is the radius of the hypersphere."""
    k = best_d.shape[0]
    if size < k:
        pos = size
        size += 1
    else:
        pos = k - 1
    while pos > 0 and _worse(best_d[pos - 1], best_i[pos - 1], dist, idx):
        best_d[pos], best_i[pos] = best_d[pos - 1], best_i[pos - 1]
        pos -= 1
    best_d[pos], best_i[pos] = dist, idx
    return size


@njit(cache=True, inline="always")
def _block_distances(x, Xs, lo, hi, p, out):
    """The reduced distances from ``x`` to the rows ``Xs[lo:hi]``, into ``out[:hi - lo]``.

    The test on p is made once per block, not once per point: for p = 2 the loop is the plain sum of
    squares, which the compiler keeps tight (t * t equals |t| * |t|, and the terms are added in the same
    order, so the values are those of :func:`_reduced_distance` bit for bit)."""
    if p == 2.0:
        for pos in range(lo, hi):
            total = 0.0
            for j in range(x.shape[0]):
                t = x[j] - Xs[pos, j]
                total += t * t
            out[pos - lo] = total
    else:
        for pos in range(lo, hi):
            out[pos - lo] = _reduced_distance(x, Xs, pos, p)


# Up to this many neighbours the k best are kept in a sorted list, beyond it in a max-heap.
_SORTED_MAX_K = 16


# inlined into _query_bbox's loop over the queries: a call per query cost 6% of a 1000-point search (its arrays
# pass as a hundred-odd machine words)
@njit(cache=True, inline="always")
def _search_bbox(
    Xs,
    index,
    start,
    end,
    mid,
    left,
    right,
    lower,
    upper,
    x,
    p,
    best_d,
    best_i,
    stack_node,
    stack_bound,
    block,
    trace,
    trace_value,
):
    """The k nearest neighbours of ``x``, pruning with bounding boxes; returns the trace length.

    The walk of algorithm 3.3: down first, at each node into the child whose box is nearer to ``x``
    (the one holding ``x`` when a box does), then back up, skipping every subtree that the hypersphere
    (radius: the distance to the current k-th nearest point) does not meet. The test uses the bounding box of the
    subtree's points instead of the hyper-rectangle cut out
    by the splitting planes; the box lies inside the rectangle, so it is never farther from ``x`` and
    usually much closer to the points, and more subtrees are skipped (scikit-learn's kd tree does the
    same). Entering a node, its own point is checked at once; its children are pushed nearer box last,
    so that it is searched first. The k best are kept in a sorted list (a max-heap for k > 16),
    ties going to the smaller index, so the result does not depend on the visiting order; on return
    ``best_d``/``best_i`` are in ascending (distance, index) order.

    ``Xs`` is the data in tree order (``Xs[pos] = X[index[pos]]``): leaves are contiguous blocks, whose
    distances to ``x`` are computed first into ``block`` (as long as the largest leaf), then offered.
    Trace events as in :func:`_search`; "enter"/"prune" distances are box distances.
    """
    size = 0
    n_trace = 0
    k = best_d.shape[0]
    use_heap = k > _SORTED_MAX_K
    w = 0 if use_heap else k - 1  # where the current k-th nearest sits: the heap's root or the list's end
    tracing = trace.shape[0] > 0
    stack_node[0] = 0
    stack_bound[0] = _box_distance(x, lower, upper, 0, p)
    top = 1
    while top > 0:
        top -= 1
        node = stack_node[top]
        bound = stack_bound[top]
        if size == k and bound > best_d[w]:  # the hypersphere misses this box
            if n_trace < trace.shape[0]:
                trace[n_trace, 0], trace[n_trace, 1], trace[n_trace, 2] = PRUNE, node, -1
                trace_value[n_trace, 0], trace_value[n_trace, 1] = bound, best_d[w]
            n_trace += 1
            continue
        if n_trace < trace.shape[0]:
            trace[n_trace, 0], trace[n_trace, 1], trace[n_trace, 2] = ENTER, node, -1
            trace_value[n_trace, 0], trace_value[n_trace, 1] = bound, best_d[w] if size == k else np.inf
        n_trace += 1
        m = mid[node]
        lo, hi = (start[node], end[node]) if m < 0 else (m, m + 1)  # a leaf's block, or the node's point
        _block_distances(x, Xs, lo, hi, p, block)
        for pos in range(lo, hi):
            dist = block[pos - lo]
            if size == k and dist > best_d[w] and not tracing:  # the common case: farther than the k-th nearest
                continue
            q = index[pos]
            if size < k or _worse(best_d[w], best_i[w], dist, q):
                if use_heap:
                    size = _heap_offer(best_d, best_i, size, dist, q)
                else:
                    size = _sorted_insert(best_d, best_i, size, dist, q)
            if n_trace < trace.shape[0]:
                trace[n_trace, 0], trace[n_trace, 1], trace[n_trace, 2] = CHECK, node, q
                trace_value[n_trace, 0], trace_value[n_trace, 1] = dist, best_d[w] if size == k else np.inf
            n_trace += 1
        if m < 0:
            continue
        a, b = left[node], right[node]
        da = _box_distance(x, lower, upper, a, p) if a >= 0 else np.inf
        db = _box_distance(x, lower, upper, b, p) if b >= 0 else np.inf
        if db < da:
            a, b, da, db = b, a, db, da
        # a is the nearer child: push the farther one first
        if b >= 0:
            stack_node[top], stack_bound[top] = b, db
            top += 1
        if a >= 0:
            stack_node[top], stack_bound[top] = a, da
            top += 1
    if use_heap:
        _heap_sort(best_d, best_i, k)
    return n_trace


@njit(cache=True)
def _query_bbox(Xs, index, start, end, mid, left, right, lower, upper, max_depth, Q, k, p):
    """:func:`_search_bbox` for every row of ``Q``: reduced distances and indices, (n_queries, k), each row
    in ascending (distance, index) order. All work arrays are allocated once for the batch."""
    n_queries = Q.shape[0]
    out_d = np.empty((n_queries, k))
    out_i = np.empty((n_queries, k), np.int64)
    best_d = np.empty(k)
    best_i = np.empty(k, np.int64)
    depth = max_depth + 2  # each level down adds at most one entry to the stack
    stack_node = np.empty(depth, np.int64)
    stack_bound = np.empty(depth)
    width = 1  # the largest leaf
    for node in range(start.shape[0]):
        if mid[node] < 0:
            width = max(width, end[node] - start[node])
    block = np.empty(width)
    no_trace = np.empty((0, 3), np.int64)
    no_trace_value = np.empty((0, 2))
    for r in range(n_queries):
        _search_bbox(
            Xs,
            index,
            start,
            end,
            mid,
            left,
            right,
            lower,
            upper,
            Q[r],
            p,
            best_d,
            best_i,
            stack_node,
            stack_bound,
            block,
            no_trace,
            no_trace_value,
        )
        for j in range(k):
            out_d[r, j] = best_d[j]
            out_i[r, j] = best_i[j]
    return out_d, out_i


class KDTree:
    """A balanced kd tree (Li Hang §3.3) for fast k-nearest-neighbour search.

    Construction is algorithm 3.2: at depth j, split on coordinate j mod n_features (cycling the
    axes x^(1), x^(2), ...) at the upper median, the point of rank floor(m/2) among the m points of
    the node, which is the rule that reproduces the tree of Example 3.2. Search is algorithm 3.3,
    generalised to the k nearest points (Exercise 3.3): the radius of the hypersphere is the
    distance to the current k-th nearest point.

    Two pruning tests are offered, on trees built by the same rule, with the same answers. The book's
    (``bounds="book"``) skips a subtree when the hypersphere misses the hyper-rectangle cut out by
    the splitting planes above it; with one point per node (``leaf_size=1``, what ``"book"`` gets
    by default) this is the tree of algorithm 3.2 and the search of algorithm 3.3 step by step, as
    :meth:`search_path` records it. ``bounds="bbox"`` tests against the bounding box of the
    subtree's points instead, which lies inside that rectangle and hugs the data, so fewer subtrees
    are searched; with buckets of 32 points in the leaves (its default) it is the fast choice for
    large data sets, and it is the test :class:`KNeighborsClassifier` uses (with that class's own
    ``leaf_size``). The default, ``bounds="auto"``, takes the book's tree, one point per node, for up
    to 256 points (the book's examples, hand-sized traces) and the fast search above that. So pass
    ``bounds="book"`` to get the tree and the search of algorithms 3.2-3.3 at any size, e.g. for
    :meth:`search_path` traces or the figures of ``statlib.viz.knn``, which accept no other tree.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
        The training points, finite numbers.
    leaf_size : int or None, default=None
        Nodes with at most this many points are leaves scanned linearly. ``1`` builds the book's
        tree, one point per node; larger values (e.g. 16-40, scikit-learn uses 40) make both
        building and searching faster on large data sets. The neighbours found are the same.
        ``None`` takes 1 with ``bounds="book"`` and 32 with ``bounds="bbox"`` (after ``"auto"`` has
        chosen one of them).
    bounds : {"auto", "bbox", "book"}, default="auto"
        The region tested against the hypersphere: each node's bounding box (fast; see above) or
        the hyper-rectangle of the splitting planes (algorithm 3.3). Same neighbours. ``"auto"``
        is ``"book"`` for at most 256 training points and ``"bbox"`` above; the attribute
        ``bounds`` holds the choice made.
    p : float >= 1 or numpy.inf, default=2
        The L_p distance (3.2) used by :meth:`query`. The pruning test of algorithm 3.3 (does the
        hypersphere meet a node's hyper-rectangle?) is valid for every p: the L_p distance from x to a
        box is (sum_l g_l^p)^(1/p), with g_l the gap between x and the box along axis l. Points far from
        unit scale (near 1e-300 or 1e300, where the terms g_l^p underflow or overflow) are searched scaled
        by a power of two, the queries with them: the same neighbours, and distances scaled back exactly.

    Attributes
    ----------
    data : ndarray of shape (n_samples, n_features)
        A copy of the training points.
    index : ndarray of shape (n_samples,)
        The permutation of the points arranged by the tree: node ``i`` owns ``index[start[i]:end[i]]``.
    start, end : ndarray of shape (n_nodes,)
        Each node's block of ``index``.
    node_point : ndarray of shape (n_nodes,)
        The training point stored in each node (its median, or the single point of a one-point leaf);
        -1 for a leaf with several points.
    node_axis : ndarray of shape (n_nodes,)
        The splitting coordinate (0-based; the book's x^(l) is ``l - 1``); -1 for a leaf.
    node_split : ndarray of shape (n_nodes,)
        The splitting value, the coordinate of ``node_point`` along ``node_axis``; NaN for a leaf.
    left, right : ndarray of shape (n_nodes,)
        Children (level-order node numbers), -1 where absent.
    depth : ndarray of shape (n_nodes,)
        Depth of each node; the root has depth 0.
    node_lower, node_upper : ndarray of shape (n_nodes, n_features), or None
        With ``bounds="bbox"``: each node's bounding box, the smallest and largest coordinates of the
        points in its subtree (``index[start[i]:end[i]]``); ``None`` with ``bounds="book"``.

    Examples
    --------
    >>> tree = KDTree([[2, 3], [5, 4], [9, 6], [4, 7], [8, 1], [7, 2]], bounds="book")
    >>> tree.data[tree.node_point[0]]  # the root of Example 3.2
    array([7., 2.])
    >>> dist, ind = tree.query([[3, 4.5]], k=1)
    >>> ind
    array([[0]])

    References
    ----------
    Li Hang, *Statistical Learning Methods*, 2nd ed., §3.3, algorithms 3.2 and 3.3.
    J. L. Bentley, "Multidimensional binary search trees used for associative searching",
    Communications of the ACM 18(9), 1975.
    J. H. Friedman, J. L. Bentley, R. A. Finkel, "An algorithm for finding best matches in
    logarithmic expected time", ACM Transactions on Mathematical Software 3(3), 1977.
    """

    def __init__(self, X, leaf_size=None, p=2, bounds="auto"):
        self.data = check_array(X, "X").copy()
        bounds = check_choice(bounds, "bounds", ("auto", "bbox", "book"))
        if bounds == "auto":
            bounds = "book" if self.data.shape[0] <= _BOOK_MAX_SAMPLES else "bbox"
        self.bounds = bounds
        if leaf_size is None:
            leaf_size = _BBOX_LEAF_SIZE if self.bounds == "bbox" else 1
        self.leaf_size = check_int(leaf_size, "leaf_size", low=1)
        self.p = check_p(p)
        # far from unit scale the search runs on the points scaled by a power of two (exact; see check_distance_scale)
        self._extremes = column_extremes(self.data)  # of each column, kept for the scale checks of the queries
        self._exponent = check_distance_scale(self.p, self.data, "X", extremes=self._extremes)
        (self.index, self.start, self.end, self._mid, self.node_axis, self.left, self.right, self.depth) = _build(
            self.data, self.leaf_size
        )
        leaf = self._mid < 0
        stored = np.where(leaf, self.start, self._mid)
        single = (self.end - self.start) == 1
        self.node_point = np.where(~leaf | single, self.index[stored], -1)
        self.node_split = np.where(
            leaf, np.nan, self.data[self.index[np.maximum(self._mid, 0)], np.maximum(self.node_axis, 0)]
        )
        self._max_depth = int(self.depth.max())
        if self.bounds == "bbox":
            # the data in tree order; take() gathers whole rows, where fancy indexing was measured several times slower
            self._sorted = self.data.take(self.index, axis=0)
            self.node_lower, self.node_upper = _bounding_boxes(
                self._sorted, self.start, self.end, self._mid, self.left, self.right
            )
        else:
            self._sorted = self.node_lower = self.node_upper = None
        self._work = None
        self._work = self._scaled(self._exponent)

    @property
    def n_nodes(self):
        """Number of nodes in the tree."""
        return len(self.start)

    def __repr__(self):
        return (
            f"KDTree(n_samples={self.data.shape[0]}, n_features={self.data.shape[1]}, "
            f"leaf_size={self.leaf_size}, p={self.p:g}, bounds={self.bounds!r}, n_nodes={self.n_nodes}, "
            f"depth={self._max_depth})"
        )

    def _scaled(self, exponent):
        """What the search kernels read, scaled by 2^-exponent: the data, the data in tree order and the bounding
        boxes (the arrays themselves for exponent 0; those of the tree's own exponent are kept)."""
        if self._work is not None and exponent == self._exponent:
            return self._work
        arrays = (self.data, self._sorted, self.node_lower, self.node_upper)
        if exponent:  # a power of two: the same coordinates, ordered alike, with other exponents
            arrays = tuple(None if a is None else np.ldexp(a, -exponent) for a in arrays)
        return arrays

    def _check_queries(self, X):
        """Validated 2-D queries, whether ``X`` was one point, and the exponent e of the scaling 2^-e under which the
        tree's data and the queries are searched together."""
        single = np.ndim(X) == 1
        Q = check_array(np.reshape(X, (1, -1)) if single else X, "X")
        if Q.shape[1] != self.data.shape[1]:
            raise ValueError(f"X must have {self.data.shape[1]} features like the tree's data, got {Q.shape[1]}")
        exponent = check_distance_scale(self.p, self.data, "X (with the tree's data)", Q, extremes=self._extremes)
        return Q, single, exponent

    def _check_k(self, k):
        return check_int(k, "k", low=1, high=self.data.shape[0])

    def query(self, X, k=1, return_distance=True):
        """The ``k`` nearest training points of each query point (algorithm 3.3).

        Parameters
        ----------
        X : array-like of shape (n_queries, n_features), or (n_features,) for one point
            The target points.
        k : int, default=1
            Number of neighbours, 1 <= k <= n_samples.
        return_distance : bool, default=True
            Return the distances as well as the indices.

        Returns
        -------
        distances : ndarray of shape (n_queries, k), or (k,) for a 1-D ``X``
            L_p distances in ascending order (ties broken by the smaller index).
        indices : ndarray of int, same shape
            Row numbers of the neighbours in the training data.
        """
        Q, single, exponent = self._check_queries(X)
        reduced, indices = self._query_reduced(Q, self._check_k(k), exponent)
        if single:
            reduced, indices = reduced[0], indices[0]
        if not return_distance:
            return indices
        return _unreduce(reduced, self.p, exponent), indices

    def _query_reduced(self, Q, k, exponent=0):
        """Kernel call for validated queries ``Q`` (2-D, float64, C order) and ``k``: reduced distances (of the points
        scaled by 2^-exponent, the exponent from :func:`check_distance_scale`) and indices."""
        data, ordered, lower, upper = self._scaled(exponent)
        if exponent:
            Q = np.ldexp(Q, -exponent)
        if self.bounds == "bbox":
            return _query_bbox(
                ordered,
                self.index,
                self.start,
                self.end,
                self._mid,
                self.left,
                self.right,
                lower,
                upper,
                self._max_depth,
                Q,
                k,
                self.p,
            )
        return _query(
            data,
            self.index,
            self.start,
            self.end,
            self._mid,
            self.node_axis,
            self.left,
            self.right,
            self._max_depth,
            Q,
            k,
            self.p,
        )

    def search_path(self, x, k=1):
        """Run algorithm 3.3 for one target point and record every step.

        Returns
        -------
        distances, indices : ndarray of shape (k,)
            As :meth:`query` for a single point.
        steps : list of SearchStep
            The search in order: regions entered, points checked, sibling regions pruned, with the
            radius of the hypersphere after each step (distances are L_p distances, not reduced).
            With ``bounds="bbox"`` the regions are the nodes' bounding boxes, and a node's own point
            is checked on entering it.
        """
        Q, _, exponent = self._check_queries(x)
        if Q.shape[0] != 1:
            raise ValueError(f"x must be a single point of shape ({self.data.shape[1]},), got {Q.shape[0]} points")
        k = self._check_k(k)
        heap_d, heap_i = np.empty(k), np.empty(k, np.int64)
        depth = 2 * self._max_depth + 3
        stack_node, stack_bound = np.empty(depth, np.int64), np.empty(depth)
        capacity = 2 * self.n_nodes + self.data.shape[0] + 1
        trace, trace_value = np.empty((capacity, 3), np.int64), np.empty((capacity, 2))
        data, ordered, lower, upper = self._scaled(exponent)
        x = np.ldexp(Q[0], -exponent) if exponent else Q[0]
        if self.bounds == "bbox":  # returns the k best sorted
            n_steps = _search_bbox(
                ordered,
                self.index,
                self.start,
                self.end,
                self._mid,
                self.left,
                self.right,
                lower,
                upper,
                x,
                self.p,
                heap_d,
                heap_i,
                stack_node,
                stack_bound,
                np.empty(self.data.shape[0]),
                trace,
                trace_value,
            )
        else:
            stack_gap, gap = np.empty((depth, self.data.shape[1])), np.empty(self.data.shape[1])
            n_steps = _search(
                data,
                self.index,
                self.start,
                self.end,
                self._mid,
                self.node_axis,
                self.left,
                self.right,
                x,
                self.p,
                heap_d,
                heap_i,
                stack_node,
                stack_bound,
                stack_gap,
                gap,
                trace,
                trace_value,
            )
            _heap_sort(heap_d, heap_i, k)
        values = _unreduce(trace_value[:n_steps], self.p, exponent)
        steps = [
            SearchStep(_EVENT_NAMES[e], int(node), int(point), float(dist), float(radius))
            for (e, node, point), (dist, radius) in zip(trace[:n_steps], values)
        ]
        return _unreduce(heap_d, self.p, exponent), heap_i, steps
