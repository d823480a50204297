"""The perceptron (Li Hang ch. 2): primal form (algorithm 2.1) and dual form (algorithm 2.2)."""

import warnings

import numpy as np
from numba import njit
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.exceptions import ConvergenceWarning
from sklearn.utils.multiclass import check_classification_targets
from sklearn.utils.validation import check_is_fitted

from .._validation import check_bool, check_int, check_real, check_same_length, check_scale, validate_data
from ._base import LinearDecisionMixin

# Updates beyond this many are counted but not recorded in ``updates_`` (memory stays bounded).
_MAX_RECORDED_UPDATES = 1_000_000


@njit(cache=True)
def _primal_fit(X, y, order, eta, w, b, max_passes, record):
    """Algorithm 2.1: stochastic gradient descent on the perceptron loss (2.4).

    Visits the points cyclically in ``order``. A point with y_i (w . x_i + b) <= 0 is misclassified
    (a point on the hyperplane counts, since sign(0) = +1 by (2.2)); it triggers the updates
    w <- w + eta y_i x_i (2.6) and b <- b + eta y_i (2.7). Stops after a full pass without a
    mistake (converged) or after ``max_passes`` passes. ``w`` is updated in place.

    Returns (b, number of updates, passes used, converged); the indices of the first
    ``len(record)`` updated points are written to ``record``.
    """
    n, d = X.shape
    n_updates = 0
    for p in range(max_passes):
        mistakes_this_pass = 0
        for k in range(n):
            i = order[k]  # step 2: the next point, cyclically
            margin = b
            for j in range(d):
                margin += w[j] * X[i, j]
            if y[i] * margin <= 0.0:  # step 3: misclassified (sign(0) = +1, (2.2))
                for j in range(d):
                    w[j] += eta * y[i] * X[i, j]  # (2.6)
                b += eta * y[i]  # (2.7)
                if n_updates < record.shape[0]:
                    record[n_updates] = i
                n_updates += 1
                mistakes_this_pass += 1
        if mistakes_this_pass == 0:  # step 4: a full pass without a mistake
            return b, n_updates, p + 1, True
    return b, n_updates, max_passes, False


@njit(cache=True)
def _dual_fit(gram, y, order, eta, alpha, b, max_passes, record):
    """Algorithm 2.2: the perceptron in dual form, using the Gram matrix G = [x_i . x_j].

    With w = sum_j alpha_j y_j x_j (2.14) and b = sum_j alpha_j y_j (2.15), point i is
    misclassified when y_i (sum_j alpha_j y_j G[j, i] + b) <= 0; then alpha_i <- alpha_i + eta and
    b <- b + eta y_i. ``alpha`` is updated in place. Returns (b, updates, passes, converged).
    """
    n = gram.shape[0]
    n_updates = 0
    for p in range(max_passes):
        mistakes_this_pass = 0
        for k in range(n):
            i = order[k]  # step 2: the next point, cyclically
            margin = b
            for j in range(n):
                if alpha[j] != 0.0:
                    margin += alpha[j] * y[j] * gram[j, i]  # sum_j alpha_j y_j G_ji + b
            if y[i] * margin <= 0.0:  # step 3: misclassified
                alpha[i] += eta  # alpha_i <- alpha_i + eta, i.e. n_i <- n_i + 1
                b += eta * y[i]  # b <- b + eta y_i
                if n_updates < record.shape[0]:
                    record[n_updates] = i
                n_updates += 1
                mistakes_this_pass += 1
        if mistakes_this_pass == 0:  # step 4: a full pass without a mistake
            return b, n_updates, p + 1, True
    return b, n_updates, max_passes, False


class Perceptron(LinearDecisionMixin, ClassifierMixin, BaseEstimator):
    """The perceptron of Rosenblatt (1958), as in Li Hang ch. 2.

    Learns f(x) = sign(w . x + b) (2.1) by minimising the perceptron loss
    L(w, b) = -sum over misclassified points of y_i (w . x_i + b) (2.4), one misclassified point at a
    time. The primal form is algorithm 2.1; the dual form (``dual=True``) is algorithm 2.2 and learns
    one count ``alpha_i`` per training point through the Gram matrix. Both visit the points
    cyclically in the order given (or a seeded random order with ``shuffle=True``), treat a point on
    the hyperplane as misclassified (sign(0) = +1, eq. 2.2), and so reproduce the book's Tables 2.1
    and 2.2 exactly. More than two classes are handled one-versus-rest.

    Parameters
    ----------
    eta : float, default=1.0
        Learning rate, 0 < eta <= 1 in the book (any positive value is accepted).
    max_iter : int, default=1000
        Maximum number of passes over the training set. If the data are not separated by then, a
        ``ConvergenceWarning`` is issued (Novikoff's theorem guarantees convergence only for
        linearly separable data).
    dual : bool, default=False
        Use the dual form (algorithm 2.2) instead of the primal form (algorithm 2.1).
    shuffle : bool, default=False
        Visit the points in a random order (fixed for the whole fit) drawn from ``random_state``.
    random_state : int, RandomState or None, default=None
        Seed for ``shuffle``.

    Attributes
    ----------
    classes_ : ndarray of shape (n_classes,)
        The labels; for two classes, ``classes_[1]`` is the positive class (+1).
    coef_ : ndarray of shape (1, n_features) or (n_classes, n_features)
        The weight vector w (one row per class when one-versus-rest).
    intercept_ : ndarray of shape (1,) or (n_classes,)
        The bias b.
    alpha_ : ndarray of shape (1, n_samples) or (n_classes, n_samples)
        Dual form only: alpha_i = eta * (number of updates made on point i), eq. (2.14).
    updates_ : list of ndarray
        For each binary problem, the indices of the misclassified points in the order they were
        used (the "misclassified point" column of Table 2.1), at most 1 000 000 of them.
    n_updates_ : ndarray of int
        Number of updates k per binary problem; Novikoff's theorem bounds it by (R / gamma)^2.
    n_iter_ : int
        Largest number of passes over the data used by any binary problem.
    converged_ : bool
        Whether every binary problem ended with a pass free of mistakes.

    References
    ----------
    Li Hang, *Statistical Learning Methods*, 2nd ed., ch. 2, algorithms 2.1 and 2.2.
    F. Rosenblatt, "The perceptron", Psychological Review 65(6), 1958.
    """

    def __init__(self, eta=1.0, max_iter=1000, dual=False, shuffle=False, random_state=None):
        self.eta = eta
        self.max_iter = max_iter
        self.dual = dual
        self.shuffle = shuffle
        self.random_state = random_state

    def fit(self, X, y):
        """Fit the perceptron to ``X`` (n_samples, n_features) and labels ``y`` (n_samples,)."""
        eta = check_real(self.eta, "eta", low=0.0, low_inclusive=False)
        max_iter = check_int(self.max_iter, "max_iter", low=1)
        dual = check_bool(self.dual, "dual")
        shuffle = check_bool(self.shuffle, "shuffle")
        X, y = validate_data(self, X, y, dtype=np.float64, order="C")
        check_scale(X, "X")  # w grows like eta * x, and w . x would overflow
        check_classification_targets(y)
        self.classes_, y_index = np.unique(y, return_inverse=True)
        if len(self.classes_) < 2:
            raise ValueError(f"y must contain at least two classes; got 1 class: {self.classes_.tolist()}")

        order = np.arange(X.shape[0], dtype=np.int64)
        if shuffle:
            from sklearn.utils import check_random_state

            check_random_state(self.random_state).shuffle(order)
        gram = X @ X.T if dual else None

        # Two classes: one problem with classes_[1] as +1. More: one-versus-rest, one row per class.
        targets = [1] if len(self.classes_) == 2 else range(len(self.classes_))
        coefs, intercepts, alphas, updates, counts = [], [], [], [], []
        converged_all, passes_used = True, 0
        for positive in targets:
            y_pm = np.where(y_index == positive, 1.0, -1.0)
            record = np.empty(min(max_iter * X.shape[0], _MAX_RECORDED_UPDATES), dtype=np.int64)
            if dual:
                alpha = np.zeros(X.shape[0])
                b, k, passes, converged = _dual_fit(gram, y_pm, order, eta, alpha, 0.0, max_iter, record)
                alphas.append(alpha)
                w = (alpha * y_pm) @ X  # eq. (2.14)
            else:
                w = np.zeros(X.shape[1])
                b, k, passes, converged = _primal_fit(X, y_pm, order, eta, w, 0.0, max_iter, record)
            coefs.append(w)
            intercepts.append(b)
            updates.append(record[: min(k, record.shape[0])].copy())
            counts.append(k)
            converged_all &= converged
            passes_used = max(passes_used, passes)

        self.coef_ = np.array(coefs)
        self.intercept_ = np.array(intercepts)
        if dual:
            self.alpha_ = np.array(alphas)
        self.updates_ = updates
        self.n_updates_ = np.array(counts)
        self.n_iter_ = passes_used
        self.converged_ = bool(converged_all)
        if not self.converged_:
            warnings.warn(
                f"Perceptron did not separate the training data in max_iter={max_iter} passes; "
                "the data may not be linearly separable.",
                ConvergenceWarning,
                stacklevel=2,
            )
        return self

    def predict(self, X):
        """Predicted labels; for two classes, sign(w . x + b) with sign(0) = +1 (eq. 2.2)."""
        scores = self.decision_function(X)
        if scores.ndim == 1:
            return self.classes_[(scores >= 0).astype(int)]
        return self.classes_[np.argmax(scores, axis=1)]

    def history(self, X, y, problem=0):
        """Replay the fit on its training data ``X, y``: arrays ``(points, w, b)``, one row per update.

        ``points[k]`` is the index of the point used at update k+1; ``w[k]`` and ``b[k]`` are the
        parameters after k updates, so ``w[0] = 0`` and ``b[0] = 0``. This is Table 2.1; for the dual
        form, alpha after k updates is eta times the count of each index in ``points[:k]`` (Table 2.2).
        ``problem`` picks the one-versus-rest problem when there are more than two classes.
        """
        check_is_fitted(self)
        X = validate_data(self, X, dtype=np.float64, reset=False)
        y = np.asarray(y)
        check_same_length(X=X, y=y)
        problem = check_int(problem, "problem", low=0, high=len(self.updates_) - 1)
        positive = self.classes_[1] if len(self.classes_) == 2 else self.classes_[problem]
        y_pm = np.where(y == positive, 1.0, -1.0)
        points = self.updates_[problem]
        w, b = _replay(X, y_pm, points, self.eta)
        return points, w, b


def _replay(X, y_pm, points, eta):
    """w_k, b_k after each of the updates (2.6)-(2.7) at ``points``; row 0 is the start (zeros)."""
    steps = eta * y_pm[points]
    w = np.vstack([np.zeros(X.shape[1]), np.cumsum(steps[:, None] * X[points], axis=0)])
    b = np.concatenate([[0.0], np.cumsum(steps)])
    return w, b
