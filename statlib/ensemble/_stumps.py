"""Decision stumps (决策树桩), the base learners of Li Hang ch. 8, as Numba kernels.

A stump splits on one feature at one threshold. Both kernels below search every feature and every
threshold in one pass per feature over the samples sorted by that feature; the sort is done once
per fit (:func:`sort_columns`), because only the weights (AdaBoost) or the targets (boosting trees)
change from round to round. With cumulative sums each candidate split costs O(1), so one search
costs O(n d) instead of the O(n d log n) of a tree learner that re-sorts at every call.

Conventions (they decide the book's tie in Example 8.1):

* Candidate thresholds lie halfway between consecutive distinct values of a feature. A constant
  stump (every point on one side) is a candidate only when asked for (``allow_constant``), after
  all the splits.
* Candidates are visited feature by feature (0, 1, ...), thresholds in increasing order, and at a
  threshold the orientation "x < v -> +1" before "x < v -> -1". A candidate replaces the best one
  only if it is better by more than a relative 1e-10, so exact ties (up to rounding error) go to
  the first candidate in this order: the lowest feature, then the lowest threshold.
"""

import numpy as np
from numba import njit

# Relative margin by which a candidate must beat the best so far; it absorbs rounding error so
# that ties in exact arithmetic are broken by the visiting order, never by floating-point noise.
_TIE_RTOL = 1e-10


def sort_columns(X):
    """Sort each column of ``X`` once: ``order[j]`` ranks the samples by feature j and
    ``sorted_values[j] = X[order[j], j]``. Both are C-contiguous (n_features, n_samples) arrays."""
    columns = np.ascontiguousarray(X.T)  # sorting contiguous rows is several times faster
    order = np.argsort(columns, axis=1, kind="stable")
    sorted_values = np.take_along_axis(columns, order, axis=1)
    return sorted_values, order


@njit(cache=True)
def _midpoint(a, b):
    """A threshold strictly between a < b: their midpoint, or b when rounding puts it on a."""
    v = 0.5 * (a + b)
    if v <= a:
        v = b
    return v


@njit(cache=True)
def _best_classification_stump(sorted_values, order, yw, positive_weight, total_weight, allow_constant):
    """Weighted classification stump with the least weighted error, eq. (8.1), over all features.

    ``yw[i] = y_i w_i`` with y_i in {-1, +1} and w_i >= 0. The stump G(x) = s if x_j < v else -s
    errs on the negatives left of v and the positives right of it when s = +1, so with the
    cumulative sum C = sum over the left of y_i w_i its error is e = P - C (P = positive weight),
    and 1 - e (in units of the total weight) when s = -1.

    With ``allow_constant`` the two constant classifiers G = +1 (error: the negative weight) and
    G = -1 (error: the positive weight) are candidates too, after all the splits; one is returned
    as feature 0, threshold +inf (every x is "left").

    Returns ``(feature, threshold, polarity, error)``; feature -1 when no candidate exists (no
    feature takes two values and constants are not allowed).
    """
    n_features, n = sorted_values.shape
    best_feature, best_threshold, best_polarity = -1, np.inf, 1
    best_error = np.inf
    margin = _TIE_RTOL * total_weight
    for j in range(n_features):
        values = sorted_values[j]
        idx = order[j]
        cum = 0.0
        for k in range(n - 1):
            cum += yw[idx[k]]
            if values[k] < values[k + 1]:
                error = positive_weight - cum  # e_+(v) = P - C(v): orientation x < v -> +1
                if error < best_error - margin:
                    best_error, best_feature, best_polarity = error, j, 1
                    best_threshold = _midpoint(values[k], values[k + 1])
                error = total_weight - error  # e_-(v) = 1 - e_+(v): orientation x < v -> -1
                if error < best_error - margin:
                    best_error, best_feature, best_polarity = error, j, -1
                    best_threshold = _midpoint(values[k], values[k + 1])  # strict <: ties go to the first candidate
    if allow_constant:
        for polarity in (1, -1):
            error = total_weight - positive_weight if polarity == 1 else positive_weight
            if error < best_error - margin:
                best_error, best_feature, best_threshold, best_polarity = error, 0, np.inf, polarity
    return best_feature, best_threshold, best_polarity, best_error


@njit(cache=True)
def _best_regression_stump(sorted_values, order, r, w, min_samples_leaf):
    """Weighted least-squares regression stump on targets ``r`` over all features (Li Hang (5.21)).

    Splitting at s into R1 = {x_j <= s} and R2 = {x_j > s} with leaf values the weighted means
    c_k = S_k / W_k leaves the squared error sum w r^2 - (S_1^2 / W_1 + S_2^2 / W_2), so the best split
    maximises the bracket, read off cumulative sums W_1 = sum w, S_1 = sum w r over the left part.
    Each leaf keeps at least ``min_samples_leaf`` samples.

    Returns ``(feature, threshold, left_value, right_value, squared_error)``; feature -1 when no
    admissible split exists (both leaf values are then the overall weighted mean).
    """
    n_features, n = sorted_values.shape
    total_w = 0.0
    total_s = 0.0
    for i in range(n):
        total_w += w[i]
        total_s += w[i] * r[i]
    mean = total_s / total_w
    # Work with r - mean: the split scores then measure only the variance explained, so the
    # relative tie margin is meaningful whatever the level of r.
    total_ss = 0.0
    for i in range(n):
        total_ss += w[i] * (r[i] - mean) * (r[i] - mean)
    best_feature, best_threshold = -1, np.inf
    best_left, best_right = mean, mean
    best_score = 0.0  # the score of no split (the centred total is 0)
    for j in range(n_features):  # step 2(b) of Algorithm 8.3 with stumps: the best split
        values = sorted_values[j]
        idx = order[j]
        w_left = 0.0
        s_left = 0.0
        for k in range(n - 1):
            i = idx[k]
            w_left += w[i]
            s_left += w[i] * (r[i] - mean)
            if k + 1 < min_samples_leaf or n - k - 1 < min_samples_leaf:
                continue
            if values[k] < values[k + 1]:
                w_right = total_w - w_left
                if w_left <= 0.0 or w_right <= 0.0:
                    continue
                s_right = -s_left  # the centred sum over all samples is 0
                score = s_left * s_left / w_left + s_right * s_right / w_right  # S_1^2 / W_1 + S_2^2 / W_2
                if best_feature < 0 or score > best_score * (1.0 + _TIE_RTOL):
                    best_score = score
                    best_feature = j
                    best_threshold = _midpoint(values[k], values[k + 1])
                    best_left = mean + s_left / w_left
                    best_right = mean + s_right / w_right
    return best_feature, best_threshold, best_left, best_right, max(total_ss - best_score, 0.0)


@njit(cache=True)
def _stump_sides(column, threshold, inclusive, out):
    """out[i] = +1 where column[i] is left of the threshold (x < v, or x <= v when ``inclusive``),
    else -1."""
    for i in range(column.shape[0]):
        left = column[i] <= threshold if inclusive else column[i] < threshold
        out[i] = 1.0 if left else -1.0
