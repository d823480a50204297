"""Boosting trees for regression (Li Hang algorithm 8.3) and gradient boosting (algorithm 8.4)."""

import numpy as np
from numba import njit
from sklearn.base import BaseEstimator, RegressorMixin
from sklearn.utils.validation import _check_sample_weight, check_is_fitted

from .._validation import (
    check_bool,
    check_choice,
    check_int,
    check_numeric,
    check_real,
    check_same_length,
    check_scale,
    check_vector,
    validate_data,
)
from ..tree import DecisionTreeRegressor
from ._stumps import _best_regression_stump, sort_columns

LOSSES = ("squared_error", "absolute_error", "huber")


# ---------------------------------------------------------------------------------------------
# Helpers shared by both estimators
# ---------------------------------------------------------------------------------------------


def round_half_up(values, decimals=2):
    """Round to ``decimals`` places with halves away from zero, as done by hand (np.round rounds
    halves to even). Used for the book's two-decimal arithmetic in Example 8.2."""
    values = check_numeric(values, "values")
    decimals = check_int(decimals, "decimals", low=-300, high=300)
    scale = 10.0**decimals
    # The tiny nudge makes 0.125-like values that binary floating point stores just below the
    # half round up, as they would on paper.
    return np.sign(values) * np.floor(np.abs(values) * scale + 0.5 + 1e-9) / scale


def regression_stump_losses(x, r):
    """The table of Li Hang Table 8.3: for one feature ``x`` and targets ``r``, every candidate split
    s (midpoints between consecutive distinct values) and its loss

        m(s) = min_c1 sum_{x_i <= s} (r_i - c1)^2 + min_c2 sum_{x_i > s} (r_i - c2)^2,

    with the minimising c1, c2 the means of each side. Returns ``(s, m_s, c1, c2)`` as arrays.
    """
    x = check_vector(x, "x")
    r = check_vector(r, "r")
    check_same_length(x=x, r=r)
    values = np.unique(x)
    splits = (values[:-1] + values[1:]) / 2
    losses, left, right = [], [], []
    for s in splits:
        a, b = r[x <= s], r[x > s]
        losses.append(((a - a.mean()) ** 2).sum() + ((b - b.mean()) ** 2).sum())
        left.append(a.mean())
        right.append(b.mean())
    return splits, np.array(losses), np.array(left), np.array(right)


def _weighted_median(values, weights):
    """The smallest value whose cumulative weight reaches half the total (the argmin of the
    weighted absolute loss; the lower median when two values tie)."""
    order = np.argsort(values, kind="stable")
    cum = np.cumsum(weights[order])
    return values[order[np.searchsorted(cum, 0.5 * cum[-1])]]


def _weighted_quantile(values, weights, q):
    order = np.argsort(values, kind="stable")
    cum = np.cumsum(weights[order])
    k = min(np.searchsorted(cum, q * cum[-1]), len(values) - 1)
    return values[order[k]]


@njit(cache=True)
def _huber_line_search(r, w, delta):
    """argmin_c sum_i w_i rho_delta(r_i - c), the exact leaf value of algorithm 8.4 step (c) for the
    Huber loss rho(u) = u^2/2 for |u| <= delta, delta (|u| - delta/2) otherwise.

    The derivative -sum w_i psi(r_i - c), psi = clip(., -delta, delta), is non-decreasing in c and
    changes sign on [min r, max r]; bisection halves that bracket down to rounding error.
    """
    lo = r.min()
    hi = r.max()
    for _ in range(200):
        mid = 0.5 * (lo + hi)
        if mid <= lo or mid >= hi:
            break
        h = 0.0
        for i in range(r.shape[0]):
            u = r[i] - mid
            h += w[i] * min(max(u, -delta), delta)
        if h > 0.0:
            lo = mid
        else:
            hi = mid
    return 0.5 * (lo + hi)


def _validate_fit_input(estimator, X, y, sample_weight):
    X, y = validate_data(estimator, X, y, dtype=np.float64, order="C", y_numeric=True)
    check_scale(y, "y")  # the squared-error losses and residual sums of squares
    sample_weight = _check_sample_weight(sample_weight, X, dtype=np.float64, ensure_non_negative=True)
    if not np.any(sample_weight > 0):
        raise ValueError("sample_weight must have at least one positive entry")
    keep = sample_weight > 0
    return X[keep], y[keep].astype(np.float64), sample_weight[keep]


def _fit_stump(sorted_values, order, target, weight, min_samples_leaf):
    feature, threshold, left, right, _ = _best_regression_stump(sorted_values, order, target, weight, min_samples_leaf)
    if feature < 0:  # no admissible split: one leaf holding everything
        feature, threshold = 0, np.inf
    return int(feature), float(threshold), float(left), float(right)


class _StumpEnsembleMixin:
    """Prediction for additive models of regression stumps T(x) = c1 if x_j <= s else c2 (8.27)."""

    def _stage_terms(self, X):
        left = X[:, self.stump_features_] <= self.stump_thresholds_  # (n_samples, n_rounds)
        return np.where(left, self.leaf_values_[:, 0], self.leaf_values_[:, 1]) * self._step

    def staged_predict(self, X):
        """Yield f_m(x) after each round m = 1, 2, ..., M."""
        check_is_fitted(self)
        X = validate_data(self, X, dtype=np.float64, reset=False)
        staged = self.init_ + np.cumsum(self._stage_terms(X), axis=1)
        for m in range(staged.shape[1]):
            yield staged[:, m]

    def predict(self, X):
        """f_M(x), the sum of the initial constant and the M trees."""
        check_is_fitted(self)
        X = validate_data(self, X, dtype=np.float64, reset=False)
        return self.init_ + self._stage_terms(X).sum(axis=1)


# ---------------------------------------------------------------------------------------------
# Algorithm 8.3
# ---------------------------------------------------------------------------------------------


class BoostingTreeRegressor(_StumpEnsembleMixin, RegressorMixin, BaseEstimator):
    """The boosting tree for regression with squared loss, Li Hang algorithm 8.3, with stumps.

    Starting from f_0(x) = 0, round m computes the residuals r_mi = y_i - f_{m-1}(x_i) (8.28), fits a
    least-squares regression stump T(x; Theta_m) = c1 if x_j <= s else c2 (8.27) to them (best feature
    and split s over all features, c1 and c2 the means of the residuals on each side), and sets
    f_m = f_{m-1} + T(x; Theta_m) (8.25). This is Example 8.2.

    Parameters
    ----------
    n_estimators : int, default=6
        The number of rounds M (the book stops Example 8.2 after 6).
    book_rounding : bool, default=False
        Round every residual and every leaf value to two decimals (halves away from zero) as the
        book does by hand in Example 8.2; its printed T_m, f_m and losses are then reproduced exactly.
        With ``False`` the arithmetic is exact (to floating point).

    Attributes
    ----------
    init_ : float
        f_0 = 0.
    stump_features_, stump_thresholds_ : ndarray of shape (M,)
        The split of each stump (x[feature] <= threshold goes left).
    leaf_values_ : ndarray of shape (M, 2)
        (c1, c2) of each stump: the left and right leaf values.
    residuals_ : ndarray of shape (M, n_samples)
        r_mi, the targets each stump was fitted to (row 1 is Table 8.4).
    train_loss_ : ndarray of shape (M,)
        L(y, f_m(x)) = sum_i (y_i - f_m(x_i))^2 after each round.
    n_features_in_ : int

    References
    ----------
    Li Hang, *Statistical Learning Methods*, 2nd ed., section 8.4.2, algorithm 8.3, Example 8.2.
    """

    _step = 1.0

    def __init__(self, n_estimators=6, book_rounding=False):
        self.n_estimators = n_estimators
        self.book_rounding = book_rounding

    def fit(self, X, y, sample_weight=None):
        """Run algorithm 8.3 on ``X`` (n_samples, n_features) and targets ``y``."""
        n_estimators = check_int(self.n_estimators, "n_estimators", low=1)
        book_rounding = check_bool(self.book_rounding, "book_rounding")
        X, y, sample_weight = _validate_fit_input(self, X, y, sample_weight)
        sorted_values, order = sort_columns(X)
        f = np.zeros_like(y)
        features, thresholds, leaves, residuals, losses = [], [], [], [], []
        for _ in range(n_estimators):
            r = y - f  # (8.28)
            if book_rounding:
                r = round_half_up(r)
            feature, threshold, c1, c2 = _fit_stump(sorted_values, order, r, sample_weight, 1)
            if book_rounding:
                c1, c2 = round_half_up([c1, c2])
            f = f + np.where(X[:, feature] <= threshold, c1, c2)  # (8.25)
            if book_rounding:
                f = round_half_up(f)
            features.append(feature)
            thresholds.append(threshold)
            leaves.append((c1, c2))
            residuals.append(r)
            losses.append(float(np.sum(sample_weight * (y - f) ** 2)))
        self.init_ = 0.0
        self.stump_features_ = np.array(features, dtype=np.int64)
        self.stump_thresholds_ = np.array(thresholds)
        self.leaf_values_ = np.array(leaves, dtype=float)
        self.residuals_ = np.array(residuals)
        self.train_loss_ = np.array(losses)
        return self


# ---------------------------------------------------------------------------------------------
# Algorithm 8.4
# ---------------------------------------------------------------------------------------------


def _loss_value(loss, r, w, delta):
    """sum_i w_i L(y_i, f(x_i)) / sum_i w_i for residuals r = y - f."""
    if loss == "squared_error":
        values = r**2
    elif loss == "absolute_error":
        values = np.abs(r)
    else:
        a = np.abs(r)
        values = np.where(a <= delta, 0.5 * r**2, delta * (a - 0.5 * delta))
    return float(np.sum(w * values) / np.sum(w))


def _negative_gradient(loss, r, delta):
    """r_mi = -dL(y_i, f(x_i))/df(x_i) at f = f_{m-1}, for residuals r = y - f_{m-1} (step 2(a))."""
    if loss == "squared_error":  # L = (y - f)^2 / 2 (the factor 1/2 only rescales the gradient)
        return r
    if loss == "absolute_error":  # L = |y - f|
        return np.sign(r)
    return np.clip(r, -delta, delta)  # Huber


def _line_search(loss, r, w, delta):
    """c = argmin_c sum_i w_i L(y_i, f_{m-1}(x_i) + c) over one leaf (step 2(c)), r = y - f_{m-1}."""
    if loss == "squared_error":
        return float(np.sum(w * r) / np.sum(w))
    if loss == "absolute_error" or delta <= 0.0:
        return float(_weighted_median(r, w))
    return float(_huber_line_search(np.ascontiguousarray(r), np.ascontiguousarray(w), delta))


class GradientBoostingRegressor(_StumpEnsembleMixin, RegressorMixin, BaseEstimator):
    """Gradient boosting (Friedman, 2001) with regression trees, Li Hang algorithm 8.4.

    (1) f_0 = argmin_c sum L(y_i, c): the mean for the squared loss, the median for the absolute and
    Huber losses. (2) For m = 1..M: (a) the negative gradient r_mi = -dL/df at f_{m-1} (the residual
    for the squared loss, its sign for the absolute loss, the clipped residual for Huber); (b) a
    least-squares regression tree fitted to r_mi gives the leaf regions R_mj; (c) in each leaf,
    c_mj = argmin_c sum L(y_i, f_{m-1}(x_i) + c), found exactly (mean, weighted median, or the Huber
    minimiser); (d) f_m = f_{m-1} + learning_rate * sum_j c_mj I(x in R_mj).

    Stumps (``max_depth=1``, the default) are found by a presorted Numba kernel shared with
    :class:`BoostingTreeRegressor`; deeper trees are :class:`statlib.tree.DecisionTreeRegressor`
    (CART, Li Hang algorithm 5.5) with their leaf values replaced by the c_mj of step (c).

    ``learning_rate=1`` is the book's algorithm; a smaller value (shrinkage, Friedman 2001) is what
    practitioners use, and the default matches scikit-learn's.

    Parameters
    ----------
    loss : {"squared_error", "absolute_error", "huber"}, default="squared_error"
    learning_rate : float, default=0.1
        The shrinkage factor nu in (0, 1] applied to each tree.
    n_estimators : int, default=100
        The number of rounds M.
    max_depth : int, default=1
        Depth of each regression tree (1: stumps, J = 2 leaves).
    min_samples_leaf : int, default=1
        The least number of samples in each leaf.
    alpha : float, default=0.9
        For the Huber loss: delta is the alpha-quantile of |y - f_{m-1}| in each round, as in
        Friedman (2001) and scikit-learn.

    Attributes
    ----------
    init_ : float
        f_0.
    stump_features_, stump_thresholds_ : ndarray of shape (M,)
        ``max_depth=1`` only: the split of each stump (x[feature] <= threshold goes left).
    leaf_values_ : ndarray of shape (M, 2)
        ``max_depth=1`` only: (c_m1, c_m2) of each stump, before the learning rate is applied.
    estimators_ : list of statlib.tree.DecisionTreeRegressor
        ``max_depth > 1`` only: the M trees; ``tree_.value`` of each leaf holds c_mj (before the
        learning rate is applied).
    train_score_ : ndarray of shape (M,)
        The mean training loss after each round (Huber with that round's delta).
    deltas_ : ndarray of shape (M,)
        Huber only: the delta used in each round.
    n_features_in_ : int

    References
    ----------
    Li Hang, *Statistical Learning Methods*, 2nd ed., section 8.4.3, algorithm 8.4.
    J. H. Friedman, "Greedy function approximation: a gradient boosting machine", Ann. Statist. 29(5), 2001.
    """

    def __init__(
        self, loss="squared_error", learning_rate=0.1, n_estimators=100, max_depth=1, min_samples_leaf=1, alpha=0.9
    ):
        self.loss = loss
        self.learning_rate = learning_rate
        self.n_estimators = n_estimators
        self.max_depth = max_depth
        self.min_samples_leaf = min_samples_leaf
        self.alpha = alpha

    @property
    def _step(self):
        return self.learning_rate

    def _stage_terms(self, X):
        if not hasattr(self, "estimators_"):
            return super()._stage_terms(X)
        return np.column_stack([tree.predict(X) for tree in self.estimators_]) * self.learning_rate

    def fit(self, X, y, sample_weight=None):
        """Run algorithm 8.4 on ``X`` (n_samples, n_features) and targets ``y``."""
        loss = check_choice(self.loss, "loss", LOSSES)
        lr = check_real(self.learning_rate, "learning_rate", low=0.0, high=1.0, low_inclusive=False)
        n_estimators = check_int(self.n_estimators, "n_estimators", low=1)
        max_depth = check_int(self.max_depth, "max_depth", low=1)
        min_leaf = check_int(self.min_samples_leaf, "min_samples_leaf", low=1)
        alpha = check_real(self.alpha, "alpha", low=0.0, high=1.0, low_inclusive=False, high_inclusive=False)
        X, y, w = _validate_fit_input(self, X, y, sample_weight)
        sorted_values, order = sort_columns(X)
        for stale in ("estimators_", "stump_features_", "stump_thresholds_", "leaf_values_"):
            self.__dict__.pop(stale, None)

        # (1) f_0 = argmin_c sum_i L(y_i, c).
        self.init_ = float(np.sum(w * y) / np.sum(w)) if loss == "squared_error" else float(_weighted_median(y, w))
        f = np.full_like(y, self.init_)
        features, thresholds, leaves, trees, scores, deltas = [], [], [], [], [], []
        for _ in range(n_estimators):
            r = y - f
            delta = float(_weighted_quantile(np.abs(r), w, alpha)) if loss == "huber" else 0.0
            # (a) the negative gradient; (b) a least-squares tree fitted to it gives the regions R_mj.
            g = _negative_gradient(loss, r, delta)
            if max_depth == 1:
                feature, threshold, c1, c2 = _fit_stump(sorted_values, order, g, w, min_leaf)
                leaf = (X[:, feature] > threshold).astype(np.int64)  # 0: left (x <= s), 1: right
                values = np.array([c1, c2])
            else:
                tree = DecisionTreeRegressor(max_depth=max_depth, min_samples_leaf=min_leaf).fit(X, g, sample_weight=w)
                leaf = tree.apply(X)
                values = tree.tree_.value  # the means of g, replaced below except for the squared loss
            # (c) the best constant in each leaf for the loss itself (for the squared loss the
            # least-squares fit to the residuals already gives it: the leaf means).
            if loss != "squared_error":
                values = values.copy()
                for j in np.unique(leaf):
                    in_leaf = leaf == j
                    values[j] = _line_search(loss, r[in_leaf], w[in_leaf], delta)
            # (d) f_m = f_{m-1} + nu sum_j c_mj I(x in R_mj).
            f = f + lr * values[leaf]
            if max_depth == 1:
                features.append(feature)
                thresholds.append(threshold)
                leaves.append(tuple(values))
            else:
                tree.tree_.value = values
                trees.append(tree)
            deltas.append(delta)
            scores.append(_loss_value(loss, y - f, w, delta))
        if max_depth == 1:
            self.stump_features_ = np.array(features, dtype=np.int64)
            self.stump_thresholds_ = np.array(thresholds)
            self.leaf_values_ = np.array(leaves, dtype=float)
        else:
            self.estimators_ = trees
        self.train_score_ = np.array(scores)
        self.deltas_ = np.array(deltas)
        return self
