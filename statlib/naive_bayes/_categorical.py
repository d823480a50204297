"""Naive Bayes for categorical features (Li Hang ch. 4): algorithm 4.1 with the estimates (4.8)-(4.11)."""

import warnings
from fractions import Fraction

import numpy as np
from numba import njit
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.utils.multiclass import check_classification_targets
from sklearn.utils.validation import check_is_fitted

from .._validation import check_bool, check_real, validate_data


@njit(cache=True)
def _count(codes, y, n_classes, max_categories):
    """Frequencies for eqs. (4.8)-(4.11): N_k = sum_i I(y_i = c_k) and, for every feature j and value a_jl,
    N_jlk = sum_i I(x_i^(j) = a_jl, y_i = c_k).

    ``codes[i, j]`` is the position l of x_i^(j) among the values of feature j; ``y[i]`` is k.
    Returns (class_count (K,), category_count (n_features, K, max_categories)).
    """
    n, d = codes.shape
    class_count = np.zeros(n_classes, np.int64)
    category_count = np.zeros((d, n_classes, max_categories), np.int64)
    for i in range(n):
        k = y[i]
        class_count[k] += 1  # N_k, for the prior (4.8)
        for j in range(d):
            category_count[j, k, codes[i, j]] += 1  # N_jlk, for the conditionals (4.9)
    return class_count, category_count


@njit(cache=True)
def _joint_log_likelihood(codes, log_prior, log_prob):
    """log P(Y = c_k) + sum_j log P(X^(j) = x^(j) | Y = c_k) for every row and class: the logarithm of the
    quantity maximised in step (3) of algorithm 4.1, eq. (4.7). A zero probability gives -inf.

    ``log_prob[j, l, k]`` is log P(X^(j) = a_jl | Y = c_k) (classes last, so the inner loop is contiguous).
    """
    n, d = codes.shape
    n_classes = log_prior.shape[0]
    out = np.empty((n, n_classes))
    for i in range(n):
        for k in range(n_classes):
            out[i, k] = log_prior[k]  # log P(Y = c_k)
        for j in range(d):
            row = log_prob[j, codes[i, j]]
            for k in range(n_classes):
                out[i, k] += row[k]  # + log P(X^(j) = x^(j) | Y = c_k), (4.7)
    return out


@njit(cache=True)
def _encode_sorted(X, values, n_values):
    """Position of each X[i, j] among the sorted values ``values[j, :n_values[j]]`` (binary search), or -1."""
    n, d = X.shape
    codes = np.empty((n, d), np.int64)
    for i in range(n):
        for j in range(d):
            v = X[i, j]
            lo, hi = 0, n_values[j]
            while lo < hi:
                middle = (lo + hi) // 2
                if values[j, middle] < v:
                    lo = middle + 1
                else:
                    hi = middle
            codes[i, j] = lo if lo < n_values[j] and values[j, lo] == v else -1
    return codes


def _is_missing(values):
    """Elementwise: None or a float NaN (in an object array, NaN need not be a numpy float)."""
    if values.dtype.kind == "f":
        return ~np.isfinite(values)
    if values.dtype.kind != "O":
        return np.zeros(values.shape, bool)
    return np.array(
        [v is None or (isinstance(v, float) and not np.isfinite(v)) for v in values.ravel()], dtype=bool
    ).reshape(values.shape)


class CategoricalNB(ClassifierMixin, BaseEstimator):
    """Naive Bayes for categorical features, Li Hang algorithm 4.1.

    Under the conditional-independence assumption (4.3), the class of x is
    argmax_k P(Y = c_k) prod_j P(X^(j) = x^(j) | Y = c_k), eq. (4.7). The probabilities are the
    Bayesian (additive-smoothing) estimates

    - P(X^(j) = a_jl | Y = c_k) = (N_jlk + alpha) / (N_k + S_j alpha), eq. (4.10),
    - P(Y = c_k) = (N_k + alpha) / (N + K alpha), eq. (4.11),

    with N_k the number of training points of class c_k, N_jlk those of them whose feature j takes
    its l-th value a_jl, S_j the number of values of feature j and K the number of classes.
    ``alpha=0`` gives the maximum-likelihood estimates (4.8)-(4.9); ``alpha=1`` is Laplace smoothing.

    Features may hold any values that sort (numbers or strings): each feature's values are its
    categories.

    Parameters
    ----------
    alpha : float >= 0, default=1.0
        The smoothing constant lambda of (4.10)-(4.11).
    categories : "auto" or list of array-like, default="auto"
        The possible values a_j1, ..., a_jS_j of each feature. ``"auto"`` takes the values seen in
        training. Give them explicitly when a value may be absent from the training data: it then
        counts in S_j, and with ``alpha > 0`` it gets a probability above zero.
    smooth_prior : bool, default=True
        Smooth the class prior as in (4.11). ``False`` uses the frequency (4.8) whatever alpha is,
        as scikit-learn's ``CategoricalNB`` does.

    Attributes
    ----------
    classes_ : ndarray of shape (n_classes,)
        The class labels c_1, ..., c_K (sorted).
    categories_ : list of ndarray
        The sorted values of each feature.
    n_categories_ : ndarray of shape (n_features,)
        S_j, the number of values of each feature.
    class_count_ : ndarray of shape (n_classes,)
        N_k.
    category_count_ : list of ndarray of shape (n_classes, S_j)
        N_jlk for each feature j.
    class_log_prior_ : ndarray of shape (n_classes,)
        log P(Y = c_k).
    feature_log_prob_ : list of ndarray of shape (n_classes, S_j)
        log P(X^(j) = a_jl | Y = c_k) for each feature j (-inf where a maximum-likelihood estimate is 0).
    n_features_in_ : int
        Number of features.

    References
    ----------
    Li Hang, *Statistical Learning Methods*, 2nd ed., ch. 4, algorithm 4.1 and eqs. (4.8)-(4.11).
    """

    def __init__(self, alpha=1.0, categories="auto", smooth_prior=True):
        self.alpha = alpha
        self.categories = categories
        self.smooth_prior = smooth_prior

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.input_tags.categorical = True
        tags.input_tags.string = True
        return tags

    # -- input -----------------------------------------------------------------------------------

    def _validated(self, X, y="no_validation", reset=True):
        """Validate ``X`` (numbers or strings, no missing values) and, when given, ``y``."""
        if isinstance(X, (list, tuple)):
            # Keep each entry's own type: numpy would turn [[2, "S"]] into the strings "2" and "S".
            X = np.array(X, dtype=object)
        out = validate_data(self, X, y, reset=reset, dtype=None, ensure_all_finite=False)
        X, y = out if isinstance(out, tuple) else (out, None)
        X = np.asarray(X)
        if X.dtype.kind not in "biufOUS":
            raise TypeError(f"X must hold numbers or strings, got dtype {X.dtype}")
        if _is_missing(X).any():
            raise ValueError("X must not contain missing values (NaN, None or infinity)")
        return X, y

    def _encode(self, X):
        """Position of each entry among its feature's categories, as int64; unknown values raise."""
        if X.dtype.kind in "iu" and self._codes_are_values:
            # categories 0, 1, ..., S_j - 1 (scikit-learn's convention): a value is its own code
            codes = X.astype(np.int64)
            codes[(codes < 0) | (codes >= self.n_categories_)] = -1
        elif X.dtype.kind in "biuf" and self._numeric_values is not None:
            codes = _encode_sorted(np.ascontiguousarray(X, dtype=np.float64), *self._numeric_values)
        else:
            codes = np.empty(X.shape, np.int64)
            for j, values in enumerate(self.categories_):
                column = X[:, j]
                try:
                    pos = np.clip(np.searchsorted(values, column), 0, len(values) - 1)
                    known = values[pos] == column
                except TypeError:
                    raise TypeError(f"X column {j} mixes types that cannot be compared with categories_[{j}]") from None
                codes[:, j] = np.where(known, pos, -1)
        if np.any(codes < 0):
            i, j = np.argwhere(codes < 0)[0]
            raise ValueError(
                f"X has the value {X[i, j]!r} in feature {j}, which is not one of its categories "
                f"{self.categories_[j].tolist()}; declare it with the categories parameter"
            )
        return codes

    def _learn_categories(self, X):
        if isinstance(self.categories, str):
            if self.categories != "auto":
                raise ValueError(f"categories must be 'auto' or a list of value arrays, got {self.categories!r}")
            try:
                return [np.unique(X[:, j]) for j in range(X.shape[1])]
            except TypeError:
                raise TypeError(
                    "X has a column mixing values that cannot be sorted together (e.g. numbers and strings)"
                ) from None
        if not isinstance(self.categories, (list, tuple)) or len(self.categories) != X.shape[1]:
            raise ValueError(
                f"categories must be 'auto' or a list with one array of values per feature "
                f"({X.shape[1]}), got {type(self.categories).__name__}"
            )
        learned = []
        for j, values in enumerate(self.categories):
            values = np.asarray(values)
            if values.ndim != 1 or values.size == 0:
                raise ValueError(f"categories[{j}] must be a non-empty 1-D list of values")
            unique = np.unique(values)
            if unique.size != values.size:
                raise ValueError(f"categories[{j}] lists a value twice")
            learned.append(unique)
        return learned

    # -- learning --------------------------------------------------------------------------------

    def fit(self, X, y):
        """Estimate (4.10)-(4.11) (or (4.8)-(4.9) with ``alpha=0``) from ``X`` (n_samples, n_features) and ``y``."""
        alpha = check_real(self.alpha, "alpha", low=0.0)
        smooth_prior = check_bool(self.smooth_prior, "smooth_prior")
        X, y = self._validated(X, y, reset=True)
        check_classification_targets(y)
        self.classes_, y_index = np.unique(y, return_inverse=True)
        if len(self.classes_) < 2:
            raise ValueError(f"y must contain at least two classes; got 1 class: {self.classes_.tolist()}")
        self.categories_ = self._learn_categories(X)
        self.n_categories_ = np.array([len(v) for v in self.categories_], dtype=np.int64)
        self._codes_are_values = all(np.array_equal(v, np.arange(len(v))) for v in self.categories_)
        self._numeric_values = None  # numeric categories, padded, for the compiled encoder
        if all(v.dtype.kind in "biuf" for v in self.categories_):
            padded = np.full((len(self.categories_), int(self.n_categories_.max())), np.inf)
            for j, v in enumerate(self.categories_):
                padded[j, : len(v)] = v
            self._numeric_values = (padded, self.n_categories_)
        codes = self._encode(X)
        class_count, category_count = _count(
            codes, y_index.astype(np.int64), len(self.classes_), int(self.n_categories_.max())
        )
        self.class_count_ = class_count
        self.category_count_ = [category_count[j, :, :s] for j, s in enumerate(self.n_categories_)]

        n, n_classes = X.shape[0], len(self.classes_)
        prior_alpha = alpha if smooth_prior else 0.0
        with np.errstate(divide="ignore"):
            # (4.11), or (4.8) when prior_alpha = 0
            self.class_log_prior_ = np.log(class_count + prior_alpha) - np.log(n + n_classes * prior_alpha)
            # (4.10), or (4.9) when alpha = 0; a zero count with alpha = 0 gives log 0 = -inf
            self.feature_log_prob_ = [
                np.log(counts + alpha) - np.log(class_count[:, None] + s * alpha)
                for counts, s in zip(self.category_count_, self.n_categories_)
            ]
        # One padded array for the kernel: feature j, value l, class k (-inf beyond S_j).
        self._log_prob = np.full((X.shape[1], int(self.n_categories_.max()), n_classes), -np.inf)
        for j, table in enumerate(self.feature_log_prob_):
            self._log_prob[j, : table.shape[1], :] = table.T
        self._alpha, self._prior_alpha = alpha, prior_alpha
        return self

    # -- prediction ------------------------------------------------------------------------------

    def joint_log_likelihood(self, X):
        """log [P(Y = c_k) prod_j P(X^(j) = x^(j) | Y = c_k)] for each row and class, (n_samples, n_classes).

        Exponentiated, these are the numbers compared in step (2) of algorithm 4.1 (e.g. 1/45 and
        1/15 in Example 4.1); -inf where a maximum-likelihood estimate is zero.
        """
        check_is_fitted(self)
        X, _ = self._validated(X, reset=False)
        return _joint_log_likelihood(self._encode(X), self.class_log_prior_, self._log_prob)

    def predict(self, X):
        """The class maximising (4.7). If every class has probability zero (possible with ``alpha=0``),
        the first class wins."""
        jll = self.joint_log_likelihood(X)
        return self.classes_[np.argmax(jll, axis=1)]

    def predict_log_proba(self, X):
        """log P(Y = c_k | X = x), eq. (4.5), for each row and class."""
        jll = self.joint_log_likelihood(X)
        top = jll.max(axis=1, keepdims=True)
        impossible = ~np.isfinite(top[:, 0])
        if impossible.any():
            warnings.warn(
                f"{impossible.sum()} sample(s) have probability zero under every class (a value never seen "
                "with any class and alpha=0); their posterior (4.5) is 0/0 and is returned as NaN. "
                "Use alpha > 0 (eq. 4.10).",
                RuntimeWarning,
                stacklevel=2,
            )
            top[impossible] = 0.0
        with np.errstate(invalid="ignore", divide="ignore"):
            log_norm = top + np.log(np.exp(jll - top).sum(axis=1, keepdims=True))
            out = jll - log_norm
        out[impossible] = np.nan
        return out

    def predict_proba(self, X):
        """P(Y = c_k | X = x), eq. (4.5), for each row and class."""
        return np.exp(self.predict_log_proba(X))

    def exact_probabilities(self):
        """The estimates (4.8)-(4.11) as exact fractions computed from the integer counts.

        Returns
        -------
        prior : ndarray of Fraction, shape (n_classes,)
            P(Y = c_k).
        conditional : list of ndarray of Fraction, shape (n_classes, S_j)
            P(X^(j) = a_jl | Y = c_k) for each feature j. ``alpha`` enters as the exact value of
            the float (1.0 is 1, 0.5 is 1/2).
        """
        check_is_fitted(self)
        a, pa = Fraction(self._alpha), Fraction(self._prior_alpha)
        n, n_classes = int(self.class_count_.sum()), len(self.classes_)
        prior = np.array([(int(c) + pa) / (n + n_classes * pa) for c in self.class_count_], dtype=object)
        conditional = []
        for counts, s in zip(self.category_count_, self.n_categories_):
            table = np.empty(counts.shape, dtype=object)
            for k in range(n_classes):
                for l in range(counts.shape[1]):
                    table[k, l] = (int(counts[k, l]) + a) / (int(self.class_count_[k]) + int(s) * a)
            conditional.append(table)
        return prior, conditional
