"""The support vector classifier (Li Hang ch. 7): kernel SVM (algorithm 7.4) trained by SMO (algorithm 7.5)."""

import numbers
import warnings

import numpy as np
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.exceptions import ConvergenceWarning
from sklearn.utils.multiclass import check_classification_targets
from sklearn.utils.validation import check_is_fitted

from .._validation import check_choice, check_int, check_real, validate_data
from ._kernel_functions import _KERNEL_CODE, KERNELS, fitted_kernel, kernel_scaling
from ._platt import _platt_solve
from ._smo import WSS_MAX_VIOLATING_PAIR, WSS_SECOND_ORDER, _smo_solve

WSS_PLATT = 2  # Platt's heuristics (Li Hang section 7.4.2), solved by _platt.py
_WORKING_SETS = {"second-order": WSS_SECOND_ORDER, "first-order": WSS_MAX_VIOLATING_PAIR, "platt": WSS_PLATT}


def _ovr_decision(dec, n_classes):
    """Turn one-vs-one decisions into one score per class: votes plus a tie-breaking confidence in (-1/3, 1/3).

    The same transformation as scikit-learn's ``SVC(decision_function_shape="ovr")``.
    """
    votes = np.zeros((dec.shape[0], n_classes))
    confidence = np.zeros((dec.shape[0], n_classes))
    k = 0
    for a in range(n_classes):
        for b in range(a + 1, n_classes):
            confidence[:, a] += dec[:, k]
            confidence[:, b] -= dec[:, k]
            votes[dec[:, k] >= 0, a] += 1
            votes[dec[:, k] < 0, b] += 1
            k += 1
    return votes + confidence / (3 * (np.abs(confidence) + 1))


class SVC(ClassifierMixin, BaseEstimator):
    """Support vector classifier: soft-margin kernel SVM trained by SMO (Li Hang algorithms 7.4 and 7.5).

    Equation, theorem and algorithm numbers are Li Hang's (chapter 7). Solves the dual (7.95)-(7.97),
    min_alpha 1/2 sum_ij alpha_i alpha_j y_i y_j K(x_i, x_j) - sum_i alpha_i subject to
    sum_i alpha_i y_i = 0 and 0 <= alpha_i <= C, by sequential minimal optimisation: two multipliers at
    a time, each pair solved in closed form (Theorem 7.6, eqs. (7.106)-(7.109)), the pair chosen by the
    second-order working-set selection of Fan, Chen & Lin (2005) (or by the maximal violating pair),
    until the KKT conditions (7.111)-(7.113) hold within ``tol``. Kernel rows are computed on demand
    and kept in a least-recently-used cache; the gradient of the dual is updated after every step.
    The decision function is (7.94): f(x) = sum_i alpha_i y_i K(x, x_i) + b.

    More than two classes are handled one-vs-one (one SVM per pair of classes, prediction by
    voting), as in libsvm; the fitted attributes then have libsvm's (and scikit-learn's) layout.

    Parameters
    ----------
    C : float, default=1.0
        Penalty C > 0 of (7.32); ``np.inf`` gives the hard-margin SVM of algorithm 7.2 (the data must
        then be separable in feature space).
    kernel : {"rbf", "linear", "poly"}, default="rbf"
        K(x, z): exp(-gamma ||x - z||^2), x . z or (gamma x . z + coef0)^degree. The book's Gaussian
        kernel (7.90) is gamma = 1/(2 sigma^2); its polynomial kernel (7.88) is gamma=1, coef0=1.
    gamma : {"scale", "auto"} or float, default="scale"
        Kernel coefficient; "scale" is 1 / (n_features * X.var()), "auto" is 1 / n_features.
    degree : int, default=3
        Degree of the polynomial kernel.
    coef0 : float, default=0.0
        Constant term of the polynomial kernel.
    tol : float, default=1e-3
        Stop when the largest KKT violation m(alpha) - M(alpha) (the gap between the maximal
        violating pair) is below ``tol``; the same criterion as libsvm.
    max_iter : int, default=-1
        Most SMO steps per binary problem; -1 means libsvm's cap, max(10^7, 100 n). Stopping there
        issues a ``ConvergenceWarning``.
    cache_size : float, default=200
        Megabytes for the kernel row cache (rows of float64).
    working_set : {"second-order", "first-order", "platt"}, default="second-order"
        How the pair is chosen: the second-order rule of libsvm, the maximal violating pair (the
        book's rule for the second variable: the largest |E_1 - E_2|), or Platt's heuristics exactly as
        Li Hang section 7.4.2 states them: the outer loop over the margin support vectors that violate
        the KKT conditions (7.111)-(7.113), then the whole set; the inner choice of the largest
        |E_1 - E_2| with its two fall-backs; b and the E_i updated by (7.114)-(7.117). With "platt",
        ``tol`` is the epsilon within which each point must satisfy (7.111)-(7.113).
    decision_function_shape : {"ovr", "ovo"}, default="ovr"
        For more than two classes, one score per class (votes plus confidences, like scikit-learn)
        or the raw one-vs-one decisions.

    Attributes
    ----------
    classes_ : ndarray of shape (n_classes,)
    support_ : ndarray of shape (n_SV,)
        Indices of the support vectors (alpha_i > 0, Definition 7.4), grouped by class.
    support_vectors_ : ndarray of shape (n_SV, n_features)
    n_support_ : ndarray of shape (n_classes,)
        Number of support vectors per class.
    dual_coef_ : ndarray of shape (n_classes - 1, n_SV)
        alpha_i y_i for each support vector. With two classes, y_i = +1 for ``classes_[1]``, so that
        ``decision_function(X) = dual_coef_ @ K(support_vectors_, X) + intercept_`` (scikit-learn's
        convention); with more, libsvm's one-vs-one layout.
    intercept_ : ndarray of shape (n_classes * (n_classes - 1) / 2,)
        The threshold b of each binary problem.
    gamma_ : float
        The gamma actually used, in the units of X. For the Gaussian and polynomial kernels on data far from unit
        scale (largest entry beyond 2^128 or below 2^-128) the kernel is computed on X scaled by a power of two 2^-e
        with gamma scaled by 4^e, exactly the same kernel (``statlib.svm._kernel_functions.gamma_scaling``);
        ``gamma_`` is then inf or 0 where gamma in X's units leaves float64 (data near 1e-300 or 1e300 with
        gamma="scale").
    n_iter_ : ndarray of int, shape (n_classes * (n_classes - 1) / 2,)
        SMO steps taken by each binary problem.
    converged_ : bool
        Whether every binary problem met ``tol``.
    kernel_rows_ : ndarray of int
        Kernel rows computed by each binary problem (cache misses); a measure of the kernel work.

    References
    ----------
    Li Hang, *Statistical Learning Methods*, 2nd ed., ch. 7, algorithms 7.4 and 7.5.
    J. C. Platt, "Sequential minimal optimization", Microsoft Research MSR-TR-98-14, 1998.
    R.-E. Fan, P.-H. Chen, C.-J. Lin, "Working set selection using second order information for
    training support vector machines", JMLR 6, 2005.
    C.-C. Chang, C.-J. Lin, "LIBSVM: a library for support vector machines", ACM TIST 2(3), 2011.
    """

    def __init__(
        self,
        C=1.0,
        kernel="rbf",
        gamma="scale",
        degree=3,
        coef0=0.0,
        tol=1e-3,
        max_iter=-1,
        cache_size=200,
        working_set="second-order",
        decision_function_shape="ovr",
    ):
        self.C = C
        self.kernel = kernel
        self.gamma = gamma
        self.degree = degree
        self.coef0 = coef0
        self.tol = tol
        self.max_iter = max_iter
        self.cache_size = cache_size
        self.working_set = working_set
        self.decision_function_shape = decision_function_shape

    # ------------------------------------------------------------------------------------------
    def _check_params(self):
        if isinstance(self.C, numbers.Real) and not isinstance(self.C, bool) and self.C == np.inf:
            C = np.inf
        else:
            C = check_real(self.C, "C", low=0.0, low_inclusive=False)
        kernel = check_choice(self.kernel, "kernel", KERNELS)
        if isinstance(self.gamma, str):
            check_choice(self.gamma, "gamma", ("scale", "auto"))
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
        check_choice(self.decision_function_shape, "decision_function_shape", ("ovr", "ovo"))
        return C, kernel, degree, coef0, tol, max_iter, cache_size, wss

    def fit(self, X, y):
        """Fit the SVM to ``X`` (n_samples, n_features) and class labels ``y`` (n_samples,)."""
        C, kernel, degree, coef0, tol, max_iter, cache_size, wss = self._check_params()
        X, y = validate_data(self, X, y, dtype=np.float64, order="C")
        check_classification_targets(y)
        self.classes_, y_index = np.unique(y, return_inverse=True)
        n_classes = len(self.classes_)
        if n_classes < 2:
            raise ValueError(f"y must contain at least two classes; got 1 class: {self.classes_.tolist()}")
        code = _KERNEL_CODE[kernel]
        # far from unit scale, exp(-gamma ||x - z||^2) is computed on X scaled by a power of two
        self._kernel_exponent, self._kernel_gamma, self.gamma_ = kernel_scaling(X, kernel, self.gamma)
        X_kernel = np.ldexp(X, -self._kernel_exponent) if self._kernel_exponent else X

        # One binary problem per pair (a, b), a < b: class a is +1 and class b is -1 (libsvm's order).
        alphas, intercepts, iters, rows, converged = {}, [], [], [], True
        for a in range(n_classes):
            for b in range(a + 1, n_classes):
                idx = np.flatnonzero((y_index == a) | (y_index == b))
                y_pm = np.where(y_index[idx] == a, 1.0, -1.0)
                n = idx.size
                cap = max(10_000_000, 100 * n) if max_iter == -1 else max_iter
                n_slots = int(min(n, max(2, cache_size * 2**20 // (8 * n))))
                if wss == WSS_PLATT:
                    alpha, b_, n_it, ok, n_rows = _platt_solve(
                        np.ascontiguousarray(X_kernel[idx]),
                        y_pm,
                        C,
                        code,
                        self._kernel_gamma,
                        float(degree),
                        coef0,
                        tol,
                        cap,
                        n_slots,
                        0,
                    )[:5]
                else:
                    alpha, b_, n_it, ok, n_rows = _smo_solve(
                        np.ascontiguousarray(X_kernel[idx]),
                        y_pm,
                        C,
                        code,
                        self._kernel_gamma,
                        float(degree),
                        coef0,
                        tol,
                        cap,
                        wss,
                        n_slots,
                    )[:5]
                alphas[a, b] = (idx, y_pm * alpha)
                intercepts.append(b_)
                iters.append(n_it)
                rows.append(n_rows)
                converged &= bool(ok)

        # Support vectors: points with alpha > 0 in any of their problems, grouped by class (libsvm).
        is_sv = np.zeros(X.shape[0], dtype=bool)
        for idx, coef in alphas.values():
            is_sv[idx[coef != 0]] = True
        support = np.concatenate([np.flatnonzero(is_sv & (y_index == c)) for c in range(n_classes)])
        position = np.full(X.shape[0], -1)
        position[support] = np.arange(support.size)
        dual = np.zeros((n_classes - 1, support.size))
        for (a, b), (idx, coef) in alphas.items():
            # libsvm's layout: coefficients of class a's vectors in row b - 1, of class b's in row a.
            in_a = y_index[idx] == a
            keep = coef != 0
            dual[b - 1, position[idx[keep & in_a]]] = coef[keep & in_a]
            dual[a, position[idx[keep & ~in_a]]] = coef[keep & ~in_a]

        self.support_ = support.astype(np.int32)
        self.support_vectors_ = X[support]
        self.n_support_ = np.array([np.sum(y_index[support] == c) for c in range(n_classes)], dtype=np.int32)
        self._dual_coef = dual
        self._intercept = np.array(intercepts)
        if n_classes == 2:
            # Two classes: report the problem with classes_[1] as +1 (scikit-learn's sign convention).
            self.dual_coef_ = -dual
            self.intercept_ = -self._intercept
        else:
            self.dual_coef_ = dual
            self.intercept_ = self._intercept.copy()
        self.n_iter_ = np.array(iters, dtype=np.int64)
        self.kernel_rows_ = np.array(rows, dtype=np.int64)
        self.converged_ = converged
        if not converged:
            warnings.warn(
                f"SMO stopped after max_iter={max_iter if max_iter != -1 else cap} steps before the KKT "
                f"conditions held within tol={tol}; the solution is approximate.",
                ConvergenceWarning,
                stacklevel=2,
            )
        return self

    # ------------------------------------------------------------------------------------------
    def _ovo_decision(self, X):
        """Decisions of the binary problems, libsvm's sign: positive favours the first class of the pair."""
        K = fitted_kernel(self, X)
        n_classes = len(self.classes_)
        starts = np.concatenate([[0], np.cumsum(self.n_support_)])
        dec = np.empty((X.shape[0], len(self._intercept)))
        p = 0
        for a in range(n_classes):
            sa = slice(starts[a], starts[a + 1])
            for b in range(a + 1, n_classes):
                sb = slice(starts[b], starts[b + 1])
                dec[:, p] = (
                    K[:, sa] @ self._dual_coef[b - 1, sa] + K[:, sb] @ self._dual_coef[a, sb] + self._intercept[p]
                )
                p += 1
        return dec

    def decision_function(self, X):
        """f(x) = sum_i alpha_i y_i K(x, x_i) + b, Li Hang (7.94) before the sign.

        Two classes: shape (n_samples,), positive for ``classes_[1]``. More: shape (n_samples, n_classes)
        (``decision_function_shape="ovr"``) or (n_samples, n_classes (n_classes - 1) / 2) ("ovo").
        """
        check_is_fitted(self)
        X = validate_data(self, X, dtype=np.float64, order="C", reset=False)
        dec = self._ovo_decision(X)
        if len(self.classes_) == 2:
            return -dec[:, 0]
        if self.decision_function_shape == "ovr":
            return _ovr_decision(dec, len(self.classes_))
        return dec

    def predict(self, X):
        """Class labels: sign of Li Hang (7.94) for two classes; one-vs-one voting (ties to the lower class) beyond."""
        check_is_fitted(self)
        X = validate_data(self, X, dtype=np.float64, order="C", reset=False)
        dec = self._ovo_decision(X)
        n_classes = len(self.classes_)
        votes = np.zeros((X.shape[0], n_classes), dtype=np.int64)
        p = 0
        for a in range(n_classes):
            for b in range(a + 1, n_classes):
                votes[:, a] += dec[:, p] > 0
                votes[:, b] += dec[:, p] <= 0
                p += 1
        return self.classes_[np.argmax(votes, axis=1)]

    @property
    def coef_(self):
        """w = sum_i alpha_i y_i x_i, Li Hang (7.50), one row per binary problem; only for the linear kernel."""
        check_is_fitted(self)
        if self.kernel != "linear":
            raise AttributeError("coef_ is only available when kernel='linear'")
        n_classes = len(self.classes_)
        starts = np.concatenate([[0], np.cumsum(self.n_support_)])
        rows = []
        for a in range(n_classes):
            sa = slice(starts[a], starts[a + 1])
            for b in range(a + 1, n_classes):
                sb = slice(starts[b], starts[b + 1])
                rows.append(
                    self._dual_coef[b - 1, sa] @ self.support_vectors_[sa]
                    + self._dual_coef[a, sb] @ self.support_vectors_[sb]
                )
        coef = np.array(rows)
        return -coef if n_classes == 2 else coef
