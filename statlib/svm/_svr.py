"""Support vector regression (PRML section 7.1.4): the dual of the epsilon-insensitive problem solved by SMO.

The dual of PRML section 7.1.4 (maximised over a, a_hat), with the box constraints 0 <= a_n, a_hat_n <= C and
the equality sum_n (a_n - a_hat_n) = 0, is written, as libsvm writes it (Chang & Lin 2011), as one problem in
2n variables beta = (a, a_hat):

    min_beta 1/2 beta^T Q beta + p^T beta,   Q_st = z_s z_t K(x_[s], x_[t]),
    p = (epsilon - t, epsilon + t),  z = (+1, ..., +1, -1, ..., -1),
    subject to z^T beta = 0 and 0 <= beta_s <= C,

where [s] = s mod n is the data point of variable s. The objective is minus the dual and z^T beta = 0 is
sum_n (a_n - a_hat_n) = 0. This has the form of the classifier's dual, so one solver,
:func:`statlib.svm._smo._smo_dual`, serves both: the same working-set selection, two-variable step and
threshold rule; only the linear term p (the classifier has p = -e) and the row map s -> [s] into the
n x n Gram matrix differ.
"""

import numbers
import warnings

import numpy as np
from numba import njit
from sklearn.base import BaseEstimator, RegressorMixin
from sklearn.exceptions import ConvergenceWarning
from sklearn.utils.validation import check_is_fitted

from .._validation import check_choice, check_int, check_real, check_scale, validate_data
from ._kernel_functions import _KERNEL_CODE, KERNELS, fitted_kernel, kernel_scaling
from ._smo import WSS_MAX_VIOLATING_PAIR, WSS_SECOND_ORDER, _smo_dual

_WORKING_SETS = {"second-order": WSS_SECOND_ORDER, "first-order": WSS_MAX_VIOLATING_PAIR}


@njit(cache=True)
def _svr_solve(X, target, C, epsilon, kernel, gamma, degree, coef0, tol, max_iter, wss, n_slots):
    """Solve the SVR dual (PRML section 7.1.4) by SMO over the 2n variables beta = (a, a_hat).

    Builds libsvm's doubled problem (labels z, linear term p, row map s -> s mod n) and hands it to the
    classifier's solver :func:`statlib.svm._smo._smo_dual`. Returns (a, a_hat, b, iterations, converged,
    kernel rows computed); b is the bias of the prediction y(x) = sum_n (a_n - a_hat_n) k(x, x_n) + b, by the
    same rule as the classifier's: the mean, over the free multipliers, of b = t_n - epsilon - w^T phi(x_n)
    (b = t_n + epsilon - w^T phi(x_n) for a free a_hat_n).
    """
    n = X.shape[0]
    z = np.empty(2 * n)
    p = np.empty(2 * n)
    row = np.empty(2 * n, dtype=np.int64)
    for s in range(n):
        z[s] = 1.0  # a_s
        z[n + s] = -1.0  # a_hat_s: z^T beta = sum_n (a_n - a_hat_n), zero by dL/db = 0
        # the dual's linear terms -epsilon (a_n + a_hat_n) + (a_n - a_hat_n) t_n, sign changed
        p[s] = epsilon - target[s]
        p[n + s] = epsilon + target[s]
        row[s] = s  # a_s and a_hat_s both read kernel row s
        row[n + s] = s
    beta, b, it, converged, rows_computed, _, _, _ = _smo_dual(
        X, z, p, row, C, kernel, gamma, degree, coef0, tol, max_iter, wss, n_slots, 0
    )
    return beta[:n].copy(), beta[n:].copy(), b, it, converged, rows_computed


class SVR(RegressorMixin, BaseEstimator):
    """Epsilon-insensitive support vector regression (PRML section 7.1.4) trained by SMO.

    Minimises C sum_n E_eps(y(x_n) - t_n) + 1/2 ||w||^2, with the epsilon-insensitive error
    E_eps(r) = max(0, |r| - epsilon), through its dual:
    maximise -1/2 sum_nm (a_n - a_hat_n)(a_m - a_hat_m) k(x_n, x_m) - epsilon sum_n (a_n + a_hat_n)
    + sum_n (a_n - a_hat_n) t_n subject to the box 0 <= a_n <= C, 0 <= a_hat_n <= C and
    sum_n (a_n - a_hat_n) = 0. Predictions are y(x) = sum_n (a_n - a_hat_n) k(x, x_n) + b.
    The 2n multipliers are optimised two at a time exactly as :class:`statlib.svm.SVC` does (libsvm's
    formulation, Chang & Lin 2011), until the KKT conditions hold within ``tol``.

    Parameters
    ----------
    C : float, default=1.0
        Penalty C > 0 of the slacks; the upper end of the box.
    epsilon : float, default=0.1
        Half-width epsilon >= 0 of the insensitive tube.
    kernel : {"rbf", "linear", "poly"}, default="rbf"
        As for :class:`statlib.svm.SVC`.
    gamma : {"scale", "auto"} or float, default="scale"
        Kernel coefficient; "scale" is 1 / (n_features * X.var()), "auto" is 1 / n_features.
    degree : int, default=3
    coef0 : float, default=0.0
    tol : float, default=1e-3
        Stop when the largest KKT violation (the gap of the maximal violating pair) is below ``tol``.
    max_iter : int, default=-1
        Most SMO steps; -1 means libsvm's cap, max(10^7, 100 * 2n). Stopping there issues a
        ``ConvergenceWarning``.
    cache_size : float, default=200
        Megabytes for the kernel row cache.
    working_set : {"second-order", "first-order"}, default="second-order"
        libsvm's second-order pair selection or the maximal violating pair.

    Attributes
    ----------
    a_, a_hat_ : ndarray of shape (n_samples,)
        The multipliers a_n and a_hat_n of the dual; a_n a_hat_n = 0 at the optimum.
    support_ : ndarray of shape (n_SV,)
        Indices of the support vectors, the points with a_n - a_hat_n != 0 (on or outside the tube).
    support_vectors_ : ndarray of shape (n_SV, n_features)
    n_support_ : ndarray of shape (1,)
    dual_coef_ : ndarray of shape (1, n_SV)
        a_n - a_hat_n of each support vector (scikit-learn's layout).
    intercept_ : ndarray of shape (1,)
        The bias b.
    gamma_ : float
        The gamma used, in the units of X; for the Gaussian and polynomial kernels on data far from unit scale, see
        :class:`statlib.svm.SVC` (the kernel is computed exactly on X scaled by a power of two).
    n_iter_ : int
        SMO steps taken.
    converged_ : bool
    kernel_rows_ : int
        Kernel rows computed (cache misses).

    References
    ----------
    C. M. Bishop, *Pattern Recognition and Machine Learning*, section 7.1.4.
    C.-C. Chang, C.-J. Lin, "LIBSVM: a library for support vector machines", ACM TIST 2(3), 2011.

    Examples
    --------
    >>> import numpy as np
    >>> from statlib.svm import SVR
    >>> x = np.linspace(0.0, 1.0, 11).reshape(-1, 1)
    >>> model = SVR(kernel="linear", C=10.0, epsilon=0.05, tol=1e-6).fit(x, 2.0 * x.ravel() + 1.0)
    >>> np.round(model.predict([[0.5]]), 3)
    array([2.])
    """

    def __init__(
        self,
        C=1.0,
        epsilon=0.1,
        kernel="rbf",
        gamma="scale",
        degree=3,
        coef0=0.0,
        tol=1e-3,
        max_iter=-1,
        cache_size=200,
        working_set="second-order",
    ):
        self.C = C
        self.epsilon = epsilon
        self.kernel = kernel
        self.gamma = gamma
        self.degree = degree
        self.coef0 = coef0
        self.tol = tol
        self.max_iter = max_iter
        self.cache_size = cache_size
        self.working_set = working_set

    def _check_params(self):
        C = check_real(self.C, "C", low=0.0, low_inclusive=False)
        if not np.isfinite(C):
            raise ValueError(f"C must be a finite positive number, got {self.C!r}")
        epsilon = check_real(self.epsilon, "epsilon", low=0.0)
        if not np.isfinite(epsilon):
            raise ValueError(f"epsilon must be a finite non-negative number, got {self.epsilon!r}")
        kernel = check_choice(self.kernel, "kernel", KERNELS)
        if isinstance(self.gamma, str):
            check_choice(self.gamma, "gamma", ("scale", "auto"))
        elif not isinstance(self.gamma, numbers.Real) or isinstance(self.gamma, bool):
            raise TypeError(f"gamma must be 'scale', 'auto' or a positive number, got {self.gamma!r}")
        else:
            check_real(self.gamma, "gamma", low=0.0, low_inclusive=False)
        degree = check_int(self.degree, "degree", low=0)
        coef0 = check_real(self.coef0, "coef0")
        tol = check_real(self.tol, "tol", low=0.0, low_inclusive=False)
        max_iter = check_int(self.max_iter, "max_iter", low=-1)
        if max_iter == 0:
            raise ValueError("max_iter must be a positive integer or -1 (no limit but libsvm's), got 0")
        cache_size = check_real(self.cache_size, "cache_size", low=0.0, low_inclusive=False)
        wss = _WORKING_SETS[check_choice(self.working_set, "working_set", tuple(_WORKING_SETS))]
        return C, epsilon, kernel, degree, coef0, tol, max_iter, cache_size, wss

    def fit(self, X, y):
        """Fit to ``X`` (n_samples, n_features) and real targets ``y`` (n_samples,)."""
        C, epsilon, kernel, degree, coef0, tol, max_iter, cache_size, wss = self._check_params()
        X, y = validate_data(self, X, y, dtype=np.float64, order="C", y_numeric=True)
        y = np.ascontiguousarray(y, dtype=np.float64)
        n = X.shape[0]
        # far from unit scale, exp(-gamma ||x - z||^2) is computed on X scaled by a power of two
        self._kernel_exponent, self._kernel_gamma, self.gamma_ = kernel_scaling(X, kernel, self.gamma)
        check_scale(y, "y")
        X_kernel = np.ldexp(X, -self._kernel_exponent) if self._kernel_exponent else X
        cap = max(10_000_000, 200 * n) if max_iter == -1 else max_iter
        n_slots = int(min(n, max(2, cache_size * 2**20 // (8 * n))))
        n_slots = max(n_slots, min(n, 2))
        a, a_hat, b, n_it, ok, n_rows = _svr_solve(
            X_kernel,
            y,
            C,
            epsilon,
            _KERNEL_CODE[kernel],
            self._kernel_gamma,
            float(degree),
            coef0,
            tol,
            cap,
            wss,
            n_slots,
        )
        coef = a - a_hat
        support = np.flatnonzero(coef != 0)
        self.a_ = a
        self.a_hat_ = a_hat
        self.support_ = support.astype(np.int32)
        self.support_vectors_ = X[support]
        self.n_support_ = np.array([support.size], dtype=np.int32)
        self.dual_coef_ = coef[support].reshape(1, -1)
        self.intercept_ = np.array([b])
        self.n_iter_ = int(n_it)
        self.kernel_rows_ = int(n_rows)
        self.converged_ = bool(ok)
        if not ok:
            warnings.warn(
                f"SMO stopped after max_iter={cap} steps before the KKT conditions held within tol={tol}; "
                "the solution is approximate.",
                ConvergenceWarning,
                stacklevel=2,
            )
        return self

    def predict(self, X):
        """y(x) = sum_n (a_n - a_hat_n) k(x, x_n) + b, over the support vectors."""
        check_is_fitted(self)
        X = validate_data(self, X, dtype=np.float64, order="C", reset=False)
        if self.support_.size == 0:
            return np.full(X.shape[0], self.intercept_[0])
        K = fitted_kernel(self, X)
        return K @ self.dual_coef_[0] + self.intercept_[0]

    @property
    def coef_(self):
        """w = sum_n (a_n - a_hat_n) x_n (dL/dw = 0); only for the linear kernel."""
        check_is_fitted(self)
        if self.kernel != "linear":
            raise AttributeError("coef_ is only available when kernel='linear'")
        return self.dual_coef_ @ self.support_vectors_
