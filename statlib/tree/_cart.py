"""CART (Li Hang section 5.5): binary trees grown by least squares (regression) or by the Gini index
or entropy (classification), and pruned by minimal cost complexity.

Generation
    Algorithm 5.5 (least-squares regression tree) and Algorithm 5.6 (CART classification tree).
    At every node and for every feature j the kernel scans the candidate split points s in
    increasing order of x^(j) and keeps the pair (j, s) that minimises (5.21) (regression) or the
    Gini index (5.25) of the two halves R_1 = {x^(j) <= s}, R_2 = {x^(j) > s} (5.18).
    Each feature is sorted once, before growing: every node owns the same slice [start, end) of
    d index arrays that list its samples in increasing order of each feature. After a split the
    d slices are partitioned stably (left samples first), so the children's slices stay sorted,
    and one pass over a slice evaluates every split point of that feature with running sums. The
    work per node is O(d * n_node), with no sorting inside the tree.

Pruning
    Algorithm 5.7: the weakest-link sequence T_0 > T_1 > ... > T_n with
    alpha_k = min_t g(t), g(t) = (C(t) - C(T_t)) / (|T_t| - 1) (5.31), and the subtree T_alpha
    for a given alpha. C(t) is the node's share of the training error: the weighted fraction of
    samples in t times its impurity (Gini, entropy or mean squared error), as in scikit-learn, so
    alpha is on the same scale as ``sklearn.tree``'s ``ccp_alpha``.
"""

import numpy as np
from numba import njit
from sklearn.base import BaseEstimator, ClassifierMixin, RegressorMixin
from sklearn.utils import Bunch
from sklearn.utils.multiclass import check_classification_targets
from sklearn.utils.validation import _check_sample_weight, check_is_fitted

from .._validation import check_choice, check_int, check_real, validate_data

__all__ = ["DecisionTreeClassifier", "DecisionTreeRegressor", "Tree"]

_GINI, _ENTROPY, _SQUARED_ERROR = 0, 1, 2
# Two feature values closer than this are treated as equal (no split point between them).
_FEATURE_THRESHOLD = 1e-7
_IMPURITY_EPS = np.finfo(np.float64).eps
# Scores within this relative distance count as tied; a tie goes to the lowest feature, then the
# lowest split point, whatever the rounding of the running sums.
_TIE_RTOL = 1e-10
_NO_CHILD = -1
_UNDEFINED = -2


@njit(cache=True)
def _xlogx(v):
    return v * np.log(v) if v > 0.0 else 0.0


@njit(cache=True)
def _scan_classification(x, idx, yk, w, node_counts, node_weight, min_leaf, use_entropy, left):
    """Best binary split of one node along one feature, for the Gini index or the entropy.

    ``idx`` lists the node's samples in increasing order of ``x``. Moving the samples one by one
    from the right half to the left half, keep the class weights of the left half in ``left``.
    Gini (5.25): |D| Gini(D, A) = w_L - S_L / w_L + w_R - S_R / w_R with S = sum_k n_k^2, so the
    best split maximises S_L / w_L + S_R / w_R. Entropy (5.8): |D| H(D|A) = sum over halves of
    (w log w - sum_k n_k log n_k), minimised likewise. Both sums are updated in O(1) per sample.
    Returns (score, n_left, threshold); n_left = 0 when no split point is admissible.
    """
    n = idx.shape[0]
    for k in range(left.shape[0]):
        left[k] = 0.0
    sq_left = 0.0
    sq_right = 0.0
    ent_left = 0.0
    ent_right = 0.0
    for k in range(node_counts.shape[0]):
        sq_right += node_counts[k] * node_counts[k]
        ent_right += _xlogx(node_counts[k])
    w_left = 0.0
    best = -np.inf
    best_pos = 0
    best_thr = 0.0
    for i in range(n - 1):
        s = idx[i]
        c = yk[s]
        ws = w[s]
        right_c = node_counts[c] - left[c]
        if use_entropy:
            # entropy (5.8): O(1) update of sum_k n_k log n_k on both sides
            ent_left += _xlogx(left[c] + ws) - _xlogx(left[c])
            ent_right += _xlogx(right_c - ws) - _xlogx(right_c)
        else:
            # Gini (5.25): Q_1 = sum_k n_k^2 grows by w (2 n_1c + w), Q_2 changes by w (w - 2 n_2c)
            sq_left += ws * (2.0 * left[c] + ws)
            sq_right += ws * (ws - 2.0 * right_c)
        left[c] += ws
        w_left += ws
        n_left = i + 1
        if n - n_left < min_leaf:
            break
        if n_left < min_leaf:
            continue
        x_here = x[s]
        x_next = x[idx[i + 1]]
        if x_next <= x_here + _FEATURE_THRESHOLD:
            continue
        w_right = node_weight - w_left
        if w_left <= 1e-12 * node_weight or w_right <= 1e-12 * node_weight:
            continue
        if use_entropy:
            score = ent_left + ent_right - _xlogx(w_left) - _xlogx(w_right)  # -|D| H(D|A), (5.8)
        else:
            score = sq_left / w_left + sq_right / w_right  # |D| - |D| Gini(D, A), (5.25)
        if best_pos == 0 or score > best + _TIE_RTOL * abs(best):
            best = score
            best_pos = n_left
            thr = 0.5 * (x_here + x_next)
            if thr == x_next or not np.isfinite(thr):
                thr = x_here
            best_thr = thr
    return best, best_pos, best_thr


@njit(cache=True)
def _scan_regression(x, idx, y, w, node_sum, node_weight, min_leaf):
    """Best binary split of one node along one feature for least squares, eq. (5.21).

    With c_m the mean of R_m (5.20), sum over R_1 and R_2 of (y_i - c_m)^2 equals
    sum_i y_i^2 - (sum_{R_1} y)^2 / |R_1| - (sum_{R_2} y)^2 / |R_2|, so the best s maximises
    (sum_{R_1} y)^2 / |R_1| + (sum_{R_2} y)^2 / |R_2| (weighted sums with sample weights).
    Returns (score, n_left, threshold); n_left = 0 when no split point is admissible.
    """
    n = idx.shape[0]
    sum_left = 0.0
    w_left = 0.0
    best = -np.inf
    best_pos = 0
    best_thr = 0.0
    for i in range(n - 1):
        s = idx[i]
        sum_left += w[s] * y[s]
        w_left += w[s]
        n_left = i + 1
        if n - n_left < min_leaf:
            break
        if n_left < min_leaf:
            continue
        x_here = x[s]
        x_next = x[idx[i + 1]]
        if x_next <= x_here + _FEATURE_THRESHOLD:
            continue
        w_right = node_weight - w_left
        if w_left <= 1e-12 * node_weight or w_right <= 1e-12 * node_weight:
            continue
        sum_right = node_sum - sum_left
        # (5.21): minimising the squared error over (c_1, c_2) = maximising this score
        score = sum_left * sum_left / w_left + sum_right * sum_right / w_right
        if best_pos == 0 or score > best + _TIE_RTOL * abs(best):
            best = score
            best_pos = n_left
            thr = 0.5 * (x_here + x_next)
            if thr == x_next or not np.isfinite(thr):
                thr = x_here
            best_thr = thr
    return best, best_pos, best_thr


@njit(cache=True)
def _node_statistics(idx, y, yk, w, mode, counts):
    """Weight, impurity and value of the samples ``idx`` of one node.

    Classification: class weights in ``counts``; impurity Gini (5.24) or entropy in bits (5.7).
    Regression: the weighted mean c = ave(y_i | x_i in R) (5.17) is written to ``counts[0]``; the
    impurity is the weighted mean squared error around it (two passes, so a constant y gives 0).
    """
    weight = 0.0
    if mode == _SQUARED_ERROR:
        total = 0.0
        for s in idx:
            weight += w[s]
            total += w[s] * y[s]
        mean = total / weight
        sse = 0.0
        for s in idx:
            r = y[s] - mean
            sse += w[s] * r * r
        counts[0] = mean
        return weight, sse / weight
    for k in range(counts.shape[0]):
        counts[k] = 0.0
    for s in idx:
        counts[yk[s]] += w[s]
        weight += w[s]
    impurity = 0.0
    if mode == _GINI:
        impurity = 1.0
        for k in range(counts.shape[0]):
            p = counts[k] / weight
            impurity -= p * p
    else:
        for k in range(counts.shape[0]):
            if counts[k] > 0.0:
                p = counts[k] / weight
                impurity -= p * np.log2(p)
    return weight, impurity


@njit(cache=True)
def _partition(row, start, end, is_left, buffer):
    """Stable partition of row[start:end]: samples with ``is_left`` first, order kept on each side."""
    n_left = start
    n_right = 0
    for p in range(start, end):
        s = row[p]
        if is_left[s]:
            row[n_left] = s
            n_left += 1
        else:
            buffer[n_right] = s
            n_right += 1
    for q in range(n_right):
        row[n_left + q] = buffer[q]


@njit(cache=True)
def _grow(
    Xf,
    order,
    y,
    yk,
    w,
    mode,
    max_depth,
    min_split,
    min_leaf,
    min_decrease,
    feature,
    threshold,
    children_left,
    children_right,
    value,
    impurity,
    n_node,
    w_node,
):
    """Grow a CART tree depth first (Algorithms 5.5 and 5.6); nodes are numbered in pre-order.

    ``Xf`` is X transposed (n_features, n_samples); ``order[j]`` lists all samples sorted by
    feature j. The node arrays (capacity 2 n - 1) are filled in place. A node becomes a leaf when
    it is pure, has fewer than ``min_split`` samples, sits at ``max_depth``, admits no split that
    leaves ``min_leaf`` samples on each side, or its best split decreases the weighted impurity by
    less than ``min_decrease``. A feature found constant on a node is constant on all its
    descendants: it is neither scanned nor partitioned below it (``active``, one row per depth).
    Returns (node_count, depth).
    """
    n_features, n = Xf.shape
    width = value.shape[1]
    is_left = np.zeros(n, dtype=np.bool_)
    buffer = np.empty(n, dtype=order.dtype)
    counts = np.empty(width)
    left = np.empty(width)
    left_counts = np.empty(width)
    total_weight = 0.0
    for s in range(n):
        total_weight += w[s]
    stack_start = np.empty(n + 2, dtype=np.int64)
    stack_end = np.empty(n + 2, dtype=np.int64)
    stack_depth = np.empty(n + 2, dtype=np.int64)
    stack_parent = np.empty(n + 2, dtype=np.int64)
    stack_is_left = np.empty(n + 2, dtype=np.bool_)
    stack_row = np.empty(n + 2, dtype=np.int64)  # a feature whose slice is known to hold the node's samples
    stack_start[0], stack_end[0], stack_depth[0] = 0, n, 0
    stack_parent[0], stack_is_left[0], stack_row[0] = -1, False, 0
    # active[k, j]: feature j may vary on the nodes at depth k being processed (a pending right
    # child at depth k reads row k, written by its parent; its left sibling's subtree writes rows > k).
    active = np.ones((min(n, max_depth) + 2 if max_depth < 64 else 64, n_features), dtype=np.bool_)
    top = 1
    node_count = 0
    deepest = 0
    while top > 0:
        top -= 1
        start, end, depth = stack_start[top], stack_end[top], stack_depth[top]
        parent, as_left, valid_row = stack_parent[top], stack_is_left[top], stack_row[top]
        node = node_count
        node_count += 1
        if parent >= 0:
            if as_left:
                children_left[parent] = node
            else:
                children_right[parent] = node
        weight, imp = _node_statistics(order[valid_row, start:end], y, yk, w, mode, counts)
        for k in range(width):
            value[node, k] = counts[k]
        impurity[node] = imp
        n_node[node] = end - start
        w_node[node] = weight
        feature[node] = _UNDEFINED
        threshold[node] = _UNDEFINED
        children_left[node] = _NO_CHILD
        children_right[node] = _NO_CHILD
        if depth > deepest:
            deepest = depth
        size = end - start
        # Stopping condition of step (3): a leaf
        if depth >= max_depth or size < min_split or size < 2 * min_leaf or imp <= _IMPURITY_EPS:
            continue
        if depth + 1 >= active.shape[0]:  # grow the per-depth rows (rare: deep trees)
            grown = np.ones((2 * active.shape[0], n_features), dtype=np.bool_)
            grown[: active.shape[0]] = active
            active = grown
        for j in range(n_features):
            active[depth + 1, j] = active[depth, j]
        # Step (1) of Algorithms 5.5/5.6: the best (feature, split point) over all features.
        best, best_feature, best_pos, best_thr = -np.inf, -1, 0, 0.0
        for j in range(n_features):
            if not active[depth, j]:
                continue
            idx = order[j, start:end]
            x = Xf[j]
            if x[idx[size - 1]] <= x[idx[0]] + _FEATURE_THRESHOLD:
                active[depth + 1, j] = False  # constant on this node, hence below it
                continue
            if mode == _SQUARED_ERROR:
                score, pos, thr = _scan_regression(x, idx, y, w, counts[0] * weight, weight, min_leaf)
            else:
                score, pos, thr = _scan_classification(x, idx, yk, w, counts, weight, min_leaf, mode == _ENTROPY, left)
            if pos > 0 and (best_feature < 0 or score > best + _TIE_RTOL * abs(best)):
                best, best_feature, best_pos, best_thr = score, j, pos, thr
        if best_feature < 0:
            continue
        # Weighted impurity decrease of the chosen split (what min_impurity_decrease tests).
        row = order[best_feature]
        w_left, imp_left = _node_statistics(row[start : start + best_pos], y, yk, w, mode, left_counts)
        w_right, imp_right = _node_statistics(row[start + best_pos : end], y, yk, w, mode, left_counts)
        decrease = weight / total_weight * (imp - w_left / weight * imp_left - w_right / weight * imp_right)
        if decrease + _IMPURITY_EPS < min_decrease:
            continue
        # Step (2): split; every active feature's slice is partitioned so the children's slices stay sorted.
        feature[node] = best_feature
        threshold[node] = best_thr
        for p in range(start, end):
            is_left[row[p]] = p < start + best_pos
        for j in range(n_features):
            if j != best_feature and active[depth + 1, j]:
                _partition(order[j], start, end, is_left, buffer)
        middle = start + best_pos
        # Step (3): recurse; the right child is pushed first so the left child is numbered next.
        stack_start[top], stack_end[top], stack_depth[top] = middle, end, depth + 1
        stack_parent[top], stack_is_left[top], stack_row[top] = node, False, best_feature
        top += 1
        stack_start[top], stack_end[top], stack_depth[top] = start, middle, depth + 1
        stack_parent[top], stack_is_left[top], stack_row[top] = node, True, best_feature
        top += 1  # the left child is popped next
    return node_count, deepest


@njit(cache=True)
def _apply(X, feature, threshold, children_left, children_right):
    """Index of the leaf each row of X falls into: go left when x^(j) <= s (5.18)."""
    n = X.shape[0]
    leaves = np.empty(n, dtype=np.int64)
    for i in range(n):
        node = 0
        while children_left[node] != _NO_CHILD:
            if X[i, feature[node]] <= threshold[node]:
                node = children_left[node]
            else:
                node = children_right[node]
        leaves[i] = node
    return leaves


@njit(cache=True)
def _subtree_sums(children_left, children_right, is_leaf, node_risk, active, subtree_risk, subtree_leaves):
    """Mark the nodes of the current tree (``active``) and compute C(T_t) and |T_t| for each of them.

    Pre-order numbering puts children after parents: a forward pass finds the nodes reachable
    from the root without crossing a leaf, a backward pass sums the leaves' risks bottom-up.
    """
    m = children_left.shape[0]
    active[:] = False
    active[0] = True
    for t in range(m):
        if active[t] and not is_leaf[t]:
            active[children_left[t]] = True
            active[children_right[t]] = True
    for t in range(m - 1, -1, -1):
        if not active[t]:
            continue
        if is_leaf[t]:
            subtree_risk[t] = node_risk[t]
            subtree_leaves[t] = 1
        else:
            a, b = children_left[t], children_right[t]
            subtree_risk[t] = subtree_risk[a] + subtree_risk[b]
            subtree_leaves[t] = subtree_leaves[a] + subtree_leaves[b]


@njit(cache=True)
def _weakest_link(children_left, children_right, node_risk):
    """Algorithm 5.7, steps (1)-(6): the nested sequence of subtrees T_0 > T_1 > ... > T_n.

    ``node_risk[t]`` is C(t), the training error of node t made a leaf. Each round computes, for
    every internal node t of the current tree, C(T_t), |T_t| and
    g(t) = (C(t) - C(T_t)) / (|T_t| - 1) (5.31); alpha_k is the smallest g(t), and every internal
    node with g(t) = alpha_k (up to rounding) becomes a leaf, giving T_k. The rounds end when the
    tree is the root alone.

    Returns ``pruned_at`` (for each node, the round k in which it was made a leaf; m + 1 for nodes
    never pruned themselves), ``alphas`` (alpha_0 = 0, alpha_1, ..., alpha_n) and ``risks``
    (C(T_0), ..., C(T_n)). T_k is T_0 with every node t with pruned_at[t] <= k made a leaf.
    """
    m = children_left.shape[0]
    is_leaf = children_left == _NO_CHILD
    pruned_at = np.full(m, m + 1, dtype=np.int64)
    active = np.zeros(m, dtype=np.bool_)
    subtree_risk = np.zeros(m)
    subtree_leaves = np.zeros(m, dtype=np.int64)
    _subtree_sums(children_left, children_right, is_leaf, node_risk, active, subtree_risk, subtree_leaves)
    alphas = [0.0]
    risks = [subtree_risk[0]]
    k = 0  # step (1): T = T_0
    while not is_leaf[0]:  # step (6): until T_k is the root alone
        k += 1
        alpha = np.inf  # step (2)
        for t in range(m):  # step (3): alpha = min over internal t of g(t) (5.31)
            if active[t] and not is_leaf[t]:
                g = (node_risk[t] - subtree_risk[t]) / (subtree_leaves[t] - 1)
                if g < alpha:
                    alpha = g
        tol = 1e-10 * max(abs(alpha), 1e-300) + 1e-15
        for t in range(m):  # step (4): prune every t with g(t) = alpha
            if active[t] and not is_leaf[t]:
                g = (node_risk[t] - subtree_risk[t]) / (subtree_leaves[t] - 1)
                if g <= alpha + tol:
                    is_leaf[t] = True
                    pruned_at[t] = k
        _subtree_sums(children_left, children_right, is_leaf, node_risk, active, subtree_risk, subtree_leaves)
        # C(t) >= C(T_t) in exact arithmetic; a negative g is rounding of a zero.
        alphas.append(max(alpha, 0.0))  # step (5): alpha_k, and T_k
        risks.append(subtree_risk[0])
    return pruned_at, np.array(alphas), np.array(risks)


class Tree:
    """The arrays of a fitted binary tree (the layout of ``sklearn.tree``'s ``tree_``).

    Node 0 is the root; nodes are numbered in pre-order. For node t: ``feature[t]`` and
    ``threshold[t]`` define the test x^(feature) <= threshold (left) or > threshold (right),
    ``children_left[t]``/``children_right[t]`` are -1 at a leaf (where feature and threshold are
    -2), ``value[t]`` is the class distribution (classifier: shape (node_count, n_classes)) or the
    mean response (regressor: shape (node_count,)), ``impurity[t]`` the node's Gini index, entropy
    (bits) or mean squared error, ``n_node_samples[t]`` and ``weighted_n_node_samples[t]`` the
    number and total weight of training samples that reach t.
    """

    def __init__(
        self,
        feature,
        threshold,
        children_left,
        children_right,
        value,
        impurity,
        n_node_samples,
        weighted_n_node_samples,
        max_depth,
    ):
        self.feature = feature
        self.threshold = threshold
        self.children_left = children_left
        self.children_right = children_right
        self.value = value
        self.impurity = impurity
        self.n_node_samples = n_node_samples
        self.weighted_n_node_samples = weighted_n_node_samples
        self.max_depth = int(max_depth)

    @property
    def node_count(self):
        return int(self.feature.shape[0])

    @property
    def n_leaves(self):
        return int(np.sum(self.children_left == _NO_CHILD))

    def apply(self, X):
        """Leaf index for each row of a validated float64 array ``X``."""
        return _apply(X, self.feature, self.threshold, self.children_left, self.children_right)

    def node_risk(self):
        """C(t) for every node: its weighted share of the training samples times its impurity."""
        return self.weighted_n_node_samples / self.weighted_n_node_samples[0] * self.impurity

    def subtree(self, is_leaf):
        """A new Tree in which the nodes with ``is_leaf`` True (and the leaves) are leaves; renumbered."""
        keep = []
        stack = [0]
        while stack:
            t = stack.pop()
            keep.append(t)
            if not is_leaf[t] and self.children_left[t] != _NO_CHILD:
                stack.append(self.children_right[t])
                stack.append(self.children_left[t])
        keep = np.array(keep, dtype=np.int64)
        new_id = np.full(self.node_count, _NO_CHILD, dtype=np.int64)
        new_id[keep] = np.arange(len(keep))
        leaf = is_leaf[keep] | (self.children_left[keep] == _NO_CHILD)
        left = np.where(leaf, _NO_CHILD, new_id[np.maximum(self.children_left[keep], 0)])
        right = np.where(leaf, _NO_CHILD, new_id[np.maximum(self.children_right[keep], 0)])
        depth = np.zeros(len(keep), dtype=np.int64)
        for i in range(len(keep)):  # pre-order: a parent comes before its children
            if not leaf[i]:
                depth[left[i]] = depth[right[i]] = depth[i] + 1
        return Tree(
            feature=np.where(leaf, _UNDEFINED, self.feature[keep]).astype(np.int64),
            threshold=np.where(leaf, float(_UNDEFINED), self.threshold[keep]),
            children_left=left.astype(np.int64),
            children_right=right.astype(np.int64),
            value=self.value[keep].copy(),
            impurity=self.impurity[keep].copy(),
            n_node_samples=self.n_node_samples[keep].copy(),
            weighted_n_node_samples=self.weighted_n_node_samples[keep].copy(),
            max_depth=depth.max(),
        )


def _check_tree_params(est):
    max_depth = est.max_depth
    if max_depth is not None:
        max_depth = check_int(max_depth, "max_depth", low=1)
    min_split = check_int(est.min_samples_split, "min_samples_split", low=2)
    min_leaf = check_int(est.min_samples_leaf, "min_samples_leaf", low=1)
    min_decrease = check_real(est.min_impurity_decrease, "min_impurity_decrease", low=0.0)
    ccp_alpha = check_real(est.ccp_alpha, "ccp_alpha", low=0.0)
    return max_depth, min_split, min_leaf, min_decrease, ccp_alpha


class _BaseCART(BaseEstimator):
    """Shared fitting, pruning and prediction of the CART classifier and regressor."""

    def _validate(self, X, y, sample_weight, *, reset):
        X, y = validate_data(self, X, y, dtype=np.float64, order="C", y_numeric=self._mode_is_regression(), reset=reset)
        sample_weight = _check_sample_weight(sample_weight, X, dtype=np.float64, ensure_non_negative=True)
        if not np.all(np.isfinite(sample_weight)):
            raise ValueError("sample_weight must contain only finite numbers")
        if sample_weight.sum() <= 0.0:
            raise ValueError("sample_weight must have a positive sum")
        return X, y, np.ascontiguousarray(sample_weight)

    def _mode_is_regression(self):
        return False

    def _grow_tree(self, X, y_float, y_codes, sample_weight, mode, width, params):
        max_depth, min_split, min_leaf, min_decrease, _ = params
        # Samples of weight zero take no part, exactly as if they were removed (scikit-learn does the same).
        positive = sample_weight > 0.0
        if not np.all(positive):
            X, sample_weight = X[positive], np.ascontiguousarray(sample_weight[positive])
            y_float = y_float if mode != _SQUARED_ERROR else np.ascontiguousarray(y_float[positive])
            y_codes = y_codes if mode == _SQUARED_ERROR else np.ascontiguousarray(y_codes[positive])
        n, d = X.shape
        Xf = np.ascontiguousarray(X.T)
        order = np.ascontiguousarray(np.argsort(Xf, axis=1, kind="stable").astype(np.int32))
        capacity = 2 * n - 1
        feature = np.empty(capacity, dtype=np.int64)
        threshold = np.empty(capacity)
        left = np.empty(capacity, dtype=np.int64)
        right = np.empty(capacity, dtype=np.int64)
        value = np.empty((capacity, width))
        impurity = np.empty(capacity)
        n_node = np.empty(capacity, dtype=np.int64)
        w_node = np.empty(capacity)
        depth_cap = np.iinfo(np.int64).max if max_depth is None else max_depth
        count, depth = _grow(
            Xf,
            order,
            y_float,
            y_codes,
            sample_weight,
            mode,
            depth_cap,
            min_split,
            min_leaf,
            min_decrease,
            feature,
            threshold,
            left,
            right,
            value,
            impurity,
            n_node,
            w_node,
        )
        value = value[:count].copy()
        if mode == _SQUARED_ERROR:
            value = value[:, 0].copy()
        else:
            value /= w_node[:count, None]
        return Tree(
            feature[:count].copy(),
            threshold[:count].copy(),
            left[:count].copy(),
            right[:count].copy(),
            value,
            impurity[:count].copy(),
            n_node[:count].copy(),
            w_node[:count].copy(),
            depth,
        )

    def _fit(self, X, y, sample_weight):
        params = _check_tree_params(self)
        mode, X, y_float, y_codes, sample_weight, width = self._prepare(X, y, sample_weight)
        tree = self._grow_tree(X, y_float, y_codes, sample_weight, mode, width, params)
        ccp_alpha = params[-1]
        if ccp_alpha > 0.0:
            tree = self._prune(tree, ccp_alpha)
        self.tree_ = tree
        self.n_features_in_ = X.shape[1]
        return self

    @staticmethod
    def _prune(tree, alpha):
        pruned_at, alphas, _ = _weakest_link(tree.children_left, tree.children_right, tree.node_risk())
        k = int(np.searchsorted(alphas, alpha, side="right")) - 1  # last k with alpha_k <= alpha
        return tree.subtree(pruned_at <= k)

    def cost_complexity_pruning_path(self, X, y, sample_weight=None):
        """Algorithm 5.7 on the tree grown from ``X, y``: the alphas and the training errors.

        Returns a Bunch with ``ccp_alphas`` (alpha_0 = 0 < alpha_1 < ... < alpha_n, one per subtree
        T_k of the weakest-link sequence) and ``impurities`` (C(T_k), the weighted impurity of the
        leaves of T_k). ``ccp_alpha`` in [alpha_k, alpha_{k+1}) selects T_k.
        """
        params = _check_tree_params(self)
        est = self.__class__(**self.get_params())
        mode, X, y_float, y_codes, sample_weight, width = est._prepare(X, y, sample_weight)
        tree = est._grow_tree(X, y_float, y_codes, sample_weight, mode, width, params)
        _, alphas, risks = _weakest_link(tree.children_left, tree.children_right, tree.node_risk())
        return Bunch(ccp_alphas=alphas, impurities=risks)

    def pruning_sequence(self):
        """The fitted tree's weakest-link sequence (Algorithm 5.7): a list of ``(alpha_k, Tree T_k)``."""
        check_is_fitted(self)
        tree = self.tree_
        pruned_at, alphas, _ = _weakest_link(tree.children_left, tree.children_right, tree.node_risk())
        return [(float(a), tree.subtree(pruned_at <= k)) for k, a in enumerate(alphas)]

    def apply(self, X):
        """Index (into ``tree_``'s arrays) of the leaf each sample of ``X`` lands in."""
        check_is_fitted(self)
        X = validate_data(self, X, dtype=np.float64, order="C", reset=False)
        return self.tree_.apply(X)

    def get_depth(self):
        """Depth of the tree (a lone root has depth 0)."""
        check_is_fitted(self)
        return self.tree_.max_depth

    def get_n_leaves(self):
        """Number of leaves |T|."""
        check_is_fitted(self)
        return self.tree_.n_leaves

    @property
    def feature_importances_(self):
        """Total weighted impurity decrease brought by each feature, normalised to sum to 1."""
        check_is_fitted(self)
        t = self.tree_
        risk = t.weighted_n_node_samples * t.impurity
        importances = np.zeros(self.n_features_in_)
        internal = np.flatnonzero(t.children_left != _NO_CHILD)
        gain = risk[internal] - risk[t.children_left[internal]] - risk[t.children_right[internal]]
        np.add.at(importances, t.feature[internal], gain)
        total = importances.sum()
        return importances / total if total > 0 else importances


class DecisionTreeClassifier(ClassifierMixin, _BaseCART):
    """CART classification tree (Li Hang Algorithm 5.6), optionally pruned (Algorithm 5.7).

    Grows a binary tree whose tests are x^(j) <= s, choosing at every node the feature j and
    split point s that minimise the Gini index of the split, Gini(D, A) (5.25), or the conditional
    entropy H(D|A) (5.8) with ``criterion="entropy"``. Split points are midpoints between
    consecutive distinct values. Ties are broken by the lowest feature index, then the lowest
    split point. A leaf predicts the class with the largest (weighted) share of its samples.

    Parameters
    ----------
    criterion : {"gini", "entropy"}, default="gini"
        Impurity minimised by the splits: the Gini index (5.22)-(5.25) or the entropy (5.7)-(5.8).
    max_depth : int or None, default=None
        Maximum depth (root at depth 0); None grows until the leaves are pure or too small.
    min_samples_split : int, default=2
        A node with fewer samples is a leaf (the book's "sample count below a threshold").
    min_samples_leaf : int, default=1
        Each child of a split must keep at least this many samples.
    min_impurity_decrease : float, default=0.0
        A split of node t is made only if it decreases the weighted impurity,
        N_t/N (I(t) - N_tL/N_t I(t_L) - N_tR/N_t I(t_R)), by at least this much. (A pure node is
        never split.)
    ccp_alpha : float, default=0.0
        Complexity parameter of cost-complexity pruning (5.26): the fitted tree is T_alpha of
        Algorithm 5.7. 0 keeps the fully grown tree.

    Attributes
    ----------
    classes_ : ndarray of shape (n_classes,)
    n_classes_ : int
    tree_ : Tree
        The fitted tree; ``tree_.value`` holds the class distribution of every node.
    n_features_in_ : int
    feature_importances_ : ndarray of shape (n_features,)

    References
    ----------
    Li Hang, *Statistical Learning Methods*, 2nd ed., section 5.5, Algorithms 5.6 and 5.7.
    L. Breiman, J. Friedman, R. Olshen, C. Stone, *Classification and Regression Trees*, 1984.
    """

    def __init__(
        self,
        criterion="gini",
        max_depth=None,
        min_samples_split=2,
        min_samples_leaf=1,
        min_impurity_decrease=0.0,
        ccp_alpha=0.0,
    ):
        self.criterion = criterion
        self.max_depth = max_depth
        self.min_samples_split = min_samples_split
        self.min_samples_leaf = min_samples_leaf
        self.min_impurity_decrease = min_impurity_decrease
        self.ccp_alpha = ccp_alpha

    def _prepare(self, X, y, sample_weight):
        criterion = check_choice(self.criterion, "criterion", ("gini", "entropy"))
        X, y, sample_weight = self._validate(X, y, sample_weight, reset=True)
        check_classification_targets(y)
        classes, codes = np.unique(y, return_inverse=True)
        if len(classes) < 2:
            raise ValueError(f"y must contain at least two classes; got 1 class: {classes.tolist()}")
        self.classes_ = classes
        self.n_classes_ = len(classes)
        mode = _GINI if criterion == "gini" else _ENTROPY
        codes = np.ascontiguousarray(codes, dtype=np.int64)
        return mode, X, np.zeros(1), codes, sample_weight, len(classes)

    def fit(self, X, y, sample_weight=None):
        """Grow (and, with ``ccp_alpha > 0``, prune) the tree on ``X`` (n_samples, n_features), labels ``y``."""
        return self._fit(X, y, sample_weight)

    def predict_proba(self, X):
        """Class distribution of the leaf each sample falls in, shape (n_samples, n_classes)."""
        check_is_fitted(self)
        return self.tree_.value[self.apply(X)]

    def predict_log_proba(self, X):
        """Logarithm of :meth:`predict_proba` (-inf for classes absent from the leaf)."""
        with np.errstate(divide="ignore"):
            return np.log(self.predict_proba(X))

    def predict(self, X):
        """The majority class of each sample's leaf (ties: the first class in ``classes_``)."""
        check_is_fitted(self)
        return self.classes_[np.argmax(self.predict_proba(X), axis=1)]


class DecisionTreeRegressor(RegressorMixin, _BaseCART):
    """Least-squares regression tree (Li Hang Algorithm 5.5), optionally pruned (Algorithm 5.7).

    Grows a binary tree f(x) = sum_m c_m I(x in R_m) (5.16), choosing at every node the feature j
    and split point s that minimise the squared error (5.21), with c_m the (weighted) mean of the
    responses in R_m (5.17). Split points are midpoints between consecutive distinct values. Ties
    are broken by the lowest feature index, then the lowest split point.

    Parameters
    ----------
    max_depth : int or None, default=None
        Maximum depth (root at depth 0); None grows until the leaves are pure or too small.
    min_samples_split : int, default=2
        A node with fewer samples is a leaf.
    min_samples_leaf : int, default=1
        Each child of a split must keep at least this many samples.
    min_impurity_decrease : float, default=0.0
        A split is made only if it decreases the weighted mean squared error by at least this much.
    ccp_alpha : float, default=0.0
        Complexity parameter of cost-complexity pruning (5.26); 0 keeps the fully grown tree.

    Attributes
    ----------
    tree_ : Tree
        The fitted tree; ``tree_.value`` (shape (node_count,)) holds every node's mean response c_m
        and may be overwritten (e.g. by gradient boosting, which refits leaf values).
    n_features_in_ : int
    feature_importances_ : ndarray of shape (n_features,)

    Examples
    --------
    >>> import numpy as np
    >>> X = np.arange(1, 11, dtype=float).reshape(-1, 1)
    >>> y = np.array([4.50, 4.75, 4.91, 5.34, 5.80, 7.05, 7.90, 8.23, 8.70, 9.00])   # Table 5.2
    >>> stump = DecisionTreeRegressor(max_depth=1).fit(X, y)
    >>> float(stump.tree_.threshold[0])
    5.5

    References
    ----------
    Li Hang, *Statistical Learning Methods*, 2nd ed., section 5.5.1, Algorithm 5.5; section 5.5.2.
    """

    def __init__(
        self, max_depth=None, min_samples_split=2, min_samples_leaf=1, min_impurity_decrease=0.0, ccp_alpha=0.0
    ):
        self.max_depth = max_depth
        self.min_samples_split = min_samples_split
        self.min_samples_leaf = min_samples_leaf
        self.min_impurity_decrease = min_impurity_decrease
        self.ccp_alpha = ccp_alpha

    def _mode_is_regression(self):
        return True

    def _prepare(self, X, y, sample_weight):
        X, y, sample_weight = self._validate(X, y, sample_weight, reset=True)
        y = np.ascontiguousarray(y, dtype=np.float64)
        return _SQUARED_ERROR, X, y, np.zeros(1, dtype=np.int64), sample_weight, 1

    def fit(self, X, y, sample_weight=None):
        """Grow (and, with ``ccp_alpha > 0``, prune) the tree on ``X`` (n_samples, n_features), responses ``y``."""
        return self._fit(X, y, sample_weight)

    def predict(self, X):
        """The mean response c_m of the leaf each sample falls in, f(x) of (5.16)."""
        check_is_fitted(self)
        return self.tree_.value[self.apply(X)]
