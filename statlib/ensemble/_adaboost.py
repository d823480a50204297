"""AdaBoost over decision stumps (Li Hang ch. 8, algorithm 8.1)."""

import numpy as np
from numba import njit
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.utils.multiclass import check_classification_targets
from sklearn.utils.validation import _check_sample_weight, check_is_fitted

from .._validation import check_bool, check_int, check_same_length, validate_data
from ._stumps import _best_classification_stump, _stump_sides, sort_columns

# A stump with zero weighted error would get alpha = infinity by (8.2); it gets the alpha of
# error _PERFECT_ERROR instead (about 11.5) and ends the fit, since it already separates the data.
_PERFECT_ERROR = 1e-10


@njit(cache=True)
def _adaboost_fit(
    X, sorted_values, order, y, w, allow_constant, features, thresholds, polarities, alphas, errors, normalizers
):
    """Algorithm 8.1 with decision stumps as the weak learner, for ``len(alphas)`` rounds at most.

    ``y`` holds -1/+1 and ``w`` the initial distribution D_1 (summing to 1); it is overwritten with
    the final distribution. Round m (0-based here) fills ``features[m]``, ``thresholds[m]`` and
    ``polarities[m]`` (the stump G_m(x) = polarity if x_feature < threshold else -polarity), its
    error e_m (8.1), its coefficient alpha_m = 1/2 log((1 - e_m) / e_m) (8.2) and the normaliser Z_m
    (8.5), and reweights w_i <- w_i exp(-alpha_m y_i G_m(x_i)) / Z_m (8.4).

    Stops early when the best stump has e_m = 0 (kept, with alpha capped, see ``_PERFECT_ERROR``) or
    e_m >= 1/2 (no better than chance; kept with alpha = 0 only if it is the first). Returns the
    number of rounds kept.
    """
    n = X.shape[0]
    yw = np.empty(n)
    g = np.empty(n)
    for m in range(alphas.shape[0]):
        positive_weight = 0.0
        total_weight = 0.0
        for i in range(n):
            yw[i] = y[i] * w[i]
            total_weight += w[i]
            if y[i] > 0:
                positive_weight += w[i]
        # (a) the base classifier G_m with the least weighted error under D_m.
        feature, threshold, polarity, _ = _best_classification_stump(
            sorted_values, order, yw, positive_weight, total_weight, allow_constant
        )
        if feature < 0:  # no feature takes two values: the best constant classifier
            feature, threshold = 0, np.inf
            polarity = 1 if positive_weight >= total_weight - positive_weight else -1
        _stump_sides(X[:, feature], threshold, False, g)
        # (b) e_m = sum of the weights of the points G_m misclassifies, eq. (8.1).
        error = 0.0
        for i in range(n):
            g[i] *= polarity
            if g[i] != y[i]:
                error += w[i]
        features[m], thresholds[m], polarities[m], errors[m] = feature, threshold, polarity, error
        if error >= 0.5 - 1e-12:
            alphas[m], normalizers[m] = 0.0, 1.0
            return 1 if m == 0 else m
        # (c) alpha_m, eq. (8.2), natural log.
        e = max(error, _PERFECT_ERROR)
        alpha = 0.5 * np.log((1.0 - e) / e)
        # (d) w_{m+1,i} = w_mi exp(-alpha_m y_i G_m(x_i)) / Z_m, eqs. (8.4)-(8.5).
        z = 0.0
        for i in range(n):
            w[i] *= np.exp(-alpha * y[i] * g[i])
            z += w[i]
        for i in range(n):
            w[i] /= z
        alphas[m], normalizers[m] = alpha, z
        if error <= 0.0:
            return m + 1
    return alphas.shape[0]


class AdaBoostClassifier(ClassifierMixin, BaseEstimator):
    """AdaBoost with decision stumps, Li Hang algorithm 8.1 (Freund and Schapire, 1995).

    Each round fits the decision stump G_m(x) = s if x_j < v else -s with the least weighted error
    e_m (8.1) over every feature j, threshold v (midpoints between consecutive distinct values) and
    orientation s, gives it the coefficient alpha_m = 1/2 log((1 - e_m)/e_m) (8.2), and reweights the
    data by (8.4). The classifier is G(x) = sign(f(x)) with f(x) = sum_m alpha_m G_m(x) (8.6)-(8.7)
    and sign(0) = +1 (the book's convention (2.2)). The stump search sorts every feature once per
    fit and scans it with cumulative weighted sums, O(n d) per round.

    Ties between stumps of equal error go to the lowest feature, then the lowest threshold, then
    the orientation "x < v -> +1"; this is the book's choice v = 2.5 over v = 8.5 in Example 8.1.
    More than two classes are handled one-versus-rest (one binary AdaBoost per class, prediction by
    the largest f).

    Parameters
    ----------
    n_estimators : int, default=50
        The number of rounds M (stumps) at most. Fewer are kept when a stump separates the training
        data (e_m = 0; its alpha is capped at 1/2 log((1 - 1e-10)/1e-10) ~ 11.5) or when no stump
        beats chance (e_m >= 1/2).
    allow_constant : bool, default=False
        Also consider the two constant classifiers G(x) = +1 and G(x) = -1 (a threshold outside the
        range of the data) in each round. Example 8.1 does not need them; with two-valued stumps and
        no intercept in f(x) (8.6), they are AdaBoost's only way to shift f, and Exercise 8.1 needs one.

    Attributes
    ----------
    classes_ : ndarray of shape (n_classes,)
        The labels; for two classes ``classes_[1]`` is the class +1.
    estimator_weights_ : ndarray of shape (n_rounds,) or (n_classes, n_rounds)
        The coefficients alpha_m (8.2). For more than two classes, one row per one-versus-rest
        problem, padded with zeros after that problem stopped.
    estimator_errors_ : ndarray, same shape
        The weighted errors e_m (8.1).
    normalizers_ : ndarray, same shape
        The normalisers Z_m (8.5); their product bounds the training error (Theorem 8.1).
    stump_features_, stump_thresholds_, stump_polarities_ : ndarrays, same shape
        The stumps: G_m(x) = polarity if x[feature] < threshold else -polarity (threshold +inf
        for a constant classifier).
    n_estimators_ : int or ndarray of int
        The number of rounds kept (per problem for more than two classes).
    n_features_in_ : int
        Number of features seen in ``fit``.

    References
    ----------
    Li Hang, *Statistical Learning Methods*, 2nd ed., section 8.1, algorithm 8.1, eqs. (8.1)-(8.8).
    Y. Freund and R. E. Schapire, "A decision-theoretic generalization of on-line learning and an
    application to boosting", 1995/1997.

    Examples
    --------
    >>> import numpy as np
    >>> from statlib.ensemble import AdaBoostClassifier
    >>> X = np.arange(10.0).reshape(-1, 1)
    >>> y = np.array([1, 1, 1, -1, -1, -1, 1, 1, 1, -1])
    >>> clf = AdaBoostClassifier(n_estimators=3).fit(X, y)
    >>> clf.stump_thresholds_.tolist()
    [2.5, 8.5, 5.5]
    """

    def __init__(self, n_estimators=50, allow_constant=False):
        self.n_estimators = n_estimators
        self.allow_constant = allow_constant

    def fit(self, X, y, sample_weight=None):
        """Run algorithm 8.1 on ``X`` (n_samples, n_features) and labels ``y``.

        ``sample_weight`` (non-negative) sets the initial distribution D_1 after normalisation; by
        default D_1 is uniform, w_1i = 1/N. Points of weight zero are left out.
        """
        n_estimators = check_int(self.n_estimators, "n_estimators", low=1)
        allow_constant = check_bool(self.allow_constant, "allow_constant")
        X, y = validate_data(self, X, y, dtype=np.float64, order="C")
        check_classification_targets(y)
        sample_weight = _check_sample_weight(sample_weight, X, dtype=np.float64, ensure_non_negative=True)
        if not np.any(sample_weight > 0):
            raise ValueError("sample_weight must have at least one positive entry")
        keep = sample_weight > 0
        X, y, sample_weight = X[keep], y[keep], sample_weight[keep]
        self.classes_, y_index = np.unique(y, return_inverse=True)
        if len(self.classes_) < 2:
            raise ValueError(
                "y must contain at least two classes (with positive sample_weight); "
                f"got 1 class: {self.classes_.tolist()}"
            )
        sorted_values, order = sort_columns(X)
        positives = [1] if len(self.classes_) == 2 else range(len(self.classes_))
        rounds = []
        for positive in positives:
            y_pm = np.where(y_index == positive, 1.0, -1.0)
            w = sample_weight / sample_weight.sum()
            out = {
                "features": np.zeros(n_estimators, dtype=np.int64),
                "thresholds": np.full(n_estimators, np.inf),
                "polarities": np.ones(n_estimators, dtype=np.int64),
                "alphas": np.zeros(n_estimators),
                "errors": np.zeros(n_estimators),
                "normalizers": np.ones(n_estimators),
            }
            kept = _adaboost_fit(X, sorted_values, order, y_pm, w, allow_constant, *out.values())
            rounds.append((kept, out))

        width = max(kept for kept, _ in rounds)

        def stack(key):
            rows = np.array([out[key][:width] for _, out in rounds])
            return rows[0] if len(rounds) == 1 else rows

        self.stump_features_ = stack("features")
        self.stump_thresholds_ = stack("thresholds")
        self.stump_polarities_ = stack("polarities")
        self.estimator_weights_ = stack("alphas")
        self.estimator_errors_ = stack("errors")
        self.normalizers_ = stack("normalizers")
        kept = np.array([k for k, _ in rounds])
        self.n_estimators_ = int(kept[0]) if len(rounds) == 1 else kept
        return self

    def _stump_outputs(self, X):
        """G_m(x) for every row of X and every round: shape (n_problems, n_samples, n_rounds)."""
        feats = np.atleast_2d(self.stump_features_)
        thr = np.atleast_2d(self.stump_thresholds_)
        pol = np.atleast_2d(self.stump_polarities_)
        left = X[:, feats] < thr[None, :, :]  # (n_samples, n_problems, n_rounds)
        return np.where(left, 1.0, -1.0).transpose(1, 0, 2) * pol[:, None, :]

    def staged_decision_function(self, X):
        """Yield f_m(x) = sum_{k <= m} alpha_k G_k(x) (8.6) after each round m = 1, 2, ..."""
        check_is_fitted(self)
        X = validate_data(self, X, dtype=np.float64, reset=False)
        terms = self._stump_outputs(X) * np.atleast_2d(self.estimator_weights_)[:, None, :]
        staged = np.cumsum(terms, axis=2)
        for m in range(staged.shape[2]):
            f = staged[:, :, m]
            yield f[0] if f.shape[0] == 1 else f.T

    def decision_function(self, X):
        """f(x) = sum_m alpha_m G_m(x), eq. (8.6): shape (n_samples,) for two classes (positive means
        ``classes_[1]``), else (n_samples, n_classes)."""
        *_, last = self.staged_decision_function(X)
        return last

    def _labels(self, f):
        if f.ndim == 1:
            return self.classes_[(f >= 0).astype(int)]  # G(x) = sign f(x), sign(0) = +1 (8.7)
        return self.classes_[np.argmax(f, axis=1)]

    def staged_predict(self, X):
        """Yield G_m(x) = sign f_m(x) after each round."""
        for f in self.staged_decision_function(X):
            yield self._labels(f)

    def predict(self, X):
        """G(x) = sign f(x) (8.7), mapped to the labels of ``classes_``."""
        return self._labels(self.decision_function(X))

    def weight_history(self, X, y, sample_weight=None):
        """Replay the fit on its training data: the distributions D_1, ..., D_{M+1} as rows.

        Row m is D_{m+1} of the book (row 0 is D_1), computed from the stored stumps by (8.4); for
        more than two classes, of the first one-versus-rest problem. This is the weight trace of
        Example 8.1.
        """
        check_is_fitted(self)
        X = validate_data(self, X, dtype=np.float64, reset=False)
        y = np.asarray(y)
        check_same_length(X=X, y=y)
        sample_weight = _check_sample_weight(sample_weight, X, dtype=np.float64, ensure_non_negative=True)
        positive = self.classes_[1] if len(self.classes_) == 2 else self.classes_[0]
        y_pm = np.where(y == positive, 1.0, -1.0)
        g = self._stump_outputs(X)[0]
        alphas = np.atleast_2d(self.estimator_weights_)[0]
        w = sample_weight / sample_weight.sum()
        history = [w]
        for m in range(len(alphas)):
            w = w * np.exp(-alphas[m] * y_pm * g[:, m])
            w = w / w.sum()
            history.append(w)
        return np.array(history)
