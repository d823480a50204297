"""Sequential least squares: the least-mean-squares (LMS) algorithm, PRML section 3.1.3, eqs. (3.22)-(3.23)."""

import numpy as np
from numba import njit
from sklearn.base import BaseEstimator, RegressorMixin
from sklearn.utils import check_random_state
from sklearn.utils.validation import check_is_fitted

from .._validation import check_bool, check_int, check_real, validate_data


@njit(cache=True)
def _lms_passes(Phi, t, order, eta, w, b, fit_intercept):
    """Stochastic gradient descent on E_D(w) = (1/2) sum_n (t_n - w^T phi_n)^2, one point at a time.

    ``order`` is an (n_passes, n) array of row indices drawn by the caller. For each index n in turn the
    error term E_n = (1/2)(t_n - w^T phi_n)^2 has gradient -(t_n - w^T phi_n) phi_n, so the step (3.22)
    w <- w - eta grad E_n becomes the LMS rule (3.23). The bias is the weight of phi_0 = 1. ``w`` is updated
    in place. Returns (b, passes completed, finite): the sweep stops early when a weight is no longer finite.
    """
    n_passes, n = order.shape
    d = Phi.shape[1]
    for p in range(n_passes):
        for k in range(n):
            i = order[p, k]
            # (3.23): the prediction w^T phi_n and its error t_n - w^T phi_n
            y = b
            for j in range(d):
                y += w[j] * Phi[i, j]
            err = t[i] - y
            # (3.23): w <- w + eta (t_n - w^T phi_n) phi_n
            for j in range(d):
                w[j] += eta * err * Phi[i, j]
            if fit_intercept:
                b += eta * err  # the same step for w_0, since phi_0 = 1
        finite = np.isfinite(b)
        for j in range(d):
            finite = finite and np.isfinite(w[j])
        if not finite:
            return b, p + 1, False
    return b, n_passes, True


class LMSRegressor(RegressorMixin, BaseEstimator):
    """Sequential (on-line) least squares by the LMS rule, PRML (3.22)-(3.23).

    Each presented point (phi_n, t_n) moves the weights by w <- w + eta (t_n - w^T phi_n) phi_n. ``fit`` makes
    ``max_iter`` passes over the data from zero weights, each in a random order drawn from ``random_state`` (or
    in the given order with ``shuffle=False``); ``partial_fit`` makes one pass over the points it is given, in
    the order given, continuing from the current weights, as data that arrive one at a time would be used.

    With a constant step the weights do not settle exactly at the least-squares solution on noisy data; they
    hover near it, closer for smaller ``eta``. Every single step shrinks the error along phi_n when
    0 < eta ||phi_n||^2 < 2 (with the 1 of the bias counted in ||phi_n||^2); the averaged dynamics are those of
    gradient descent with Hessian R = Phi^T Phi / N (eta N per pass), unstable once eta > 2 / lambda_max(R).

    Parameters
    ----------
    eta : float or "auto", default="auto"
        The step size (learning rate) eta > 0. ``"auto"`` takes eta = 1 / max_n ||phi_n||^2 over the training
        points (over the first batch for ``partial_fit``), so that every step is a contraction.
    max_iter : int, default=50
        Number of passes over the training data made by ``fit`` (exactly this many: no stopping rule).
    shuffle : bool, default=True
        Visit the points in a fresh random order on each pass.
    fit_intercept : bool, default=True
        Learn the bias w_0 (the weight of phi_0 = 1) with the same rule.
    random_state : int, RandomState or None, default=None
        Seed for the visiting orders.

    Attributes
    ----------
    coef_ : ndarray of shape (n_features,)
    intercept_ : float
    eta_ : float
        The step size used.
    n_iter_ : int
        Passes made (``fit``: ``max_iter``; each ``partial_fit`` adds one).
    t_ : int
        Number of single-point updates made.

    Raises
    ------
    ValueError
        When the weights diverge to non-finite values (``eta`` too large for the scale of the data). The
        estimator is then left as it was before the call.
    """

    def __init__(self, eta="auto", max_iter=50, shuffle=True, fit_intercept=True, random_state=None):
        self.eta = eta
        self.max_iter = max_iter
        self.shuffle = shuffle
        self.fit_intercept = fit_intercept
        self.random_state = random_state

    def _check_params(self):
        check_bool(self.fit_intercept, "fit_intercept")
        if isinstance(self.eta, str) and self.eta == "auto":
            return "auto"
        return check_real(self.eta, "eta", low=0.0, low_inclusive=False)

    def _step(self, eta, X):
        if eta != "auto":
            return eta
        largest = float(np.max(np.einsum("ij,ij->i", X, X))) + float(bool(self.fit_intercept))
        return 1.0 / largest if largest > 0 else 1.0

    def _run(self, X, y, order, eta, w, b, n_iter, t):
        # Works on copies and sets the fitted attributes only on success: a diverged run leaves the estimator
        # as it was (unfitted after a failed first call).
        w = w.copy()
        b, passes, finite = _lms_passes(X, y, order, eta, w, float(b), bool(self.fit_intercept))
        if not finite:
            raise ValueError(
                f"eta={eta:g} is too large for these data: the weights diverged to non-finite values in pass "
                f"{passes}; each step is stable when eta * ||phi_n||^2 < 2 (bias included)"
            )
        self.coef_, self.intercept_, self.eta_ = w, float(b), eta
        self.n_iter_ = n_iter + order.shape[0]
        self.t_ = t + order.size

    def fit(self, X, y):
        """Make ``max_iter`` LMS passes over ``X`` (n_samples, n_features), ``y`` (n_samples,) from w = 0."""
        eta = self._check_params()
        max_iter = check_int(self.max_iter, "max_iter", low=1)
        shuffle = check_bool(self.shuffle, "shuffle")
        X, y = validate_data(self, X, y, dtype=np.float64, order="C", y_numeric=True)
        n = len(X)
        if shuffle:
            rng = check_random_state(self.random_state)
            order = np.array([rng.permutation(n) for _ in range(max_iter)], dtype=np.int64)
        else:
            order = np.tile(np.arange(n, dtype=np.int64), (max_iter, 1))
        self._run(X, np.ascontiguousarray(y), order, self._step(eta, X), np.zeros(X.shape[1]), 0.0, 0, 0)
        return self

    def partial_fit(self, X, y):
        """One LMS pass over the points of ``X``, ``y`` in the order given, from the current weights."""
        eta = self._check_params()
        first = not hasattr(self, "coef_")
        X, y = validate_data(self, X, y, dtype=np.float64, order="C", y_numeric=True, reset=first)
        order = np.arange(len(X), dtype=np.int64).reshape(1, -1)
        if first:
            state = (self._step(eta, X), np.zeros(X.shape[1]), 0.0, 0, 0)
        else:
            state = (self.eta_ if eta == "auto" else eta, self.coef_, self.intercept_, self.n_iter_, self.t_)
        self._run(X, np.ascontiguousarray(y), order, *state)
        return self

    def predict(self, X):
        """w^T phi + w_0 for each row of ``X``."""
        check_is_fitted(self)
        X = validate_data(self, X, dtype=np.float64, reset=False)
        return X @ self.coef_ + self.intercept_
