"""Relevance vector machines (PRML section 7.2): sparse Bayesian kernel regression and classification.

Both machines use the design matrix Phi with one column per training point, Phi[n, i] = k(x_n, x_i), plus a
bias column of ones (PRML 7.2.1: y(x) = sum_n w_n k(x, x_n) + b, M = N + 1 basis functions), an ARD prior
N(w_i | 0, alpha_i^{-1}) on every weight, and alpha maximising the evidence. The kernels are those of
:func:`statlib.svm.kernel_matrix`; unlike the SVM, the RVM needs no positive definite kernel.

* :class:`RelevanceVectorRegressor` runs the evidence re-estimation of :func:`statlib.linear_model.ard_fit`
  on the kernel design matrix; predictions carry the predictive variance.
* :class:`RelevanceVectorClassifier` (two classes) alternates a Laplace approximation of the posterior, found
  by IRLS (PRML 7.2.3), with the re-estimation (7.115)-(7.116) of alpha.
"""

import warnings

import numpy as np
from scipy.special import expit, log_expit
from sklearn.base import BaseEstimator, ClassifierMixin, RegressorMixin
from sklearn.exceptions import ConvergenceWarning
from sklearn.utils.multiclass import check_classification_targets
from sklearn.utils.validation import check_is_fitted

from .._validation import check_bool, check_choice, check_int, check_real, check_scale, validate_data
from ..linear_model._ard import _ard_loop, _inverse_spd, _sequential_loop
from ._kernel_functions import _KERNEL_CODE, KERNELS, _cross_kernel, effective_gamma


class _RVMBase(BaseEstimator):
    def _check_common(self):
        kernel = check_choice(self.kernel, "kernel", KERNELS)
        if isinstance(self.gamma, str):
            check_choice(self.gamma, "gamma", ("scale", "auto"))
        else:
            check_real(self.gamma, "gamma", low=0.0, low_inclusive=False)
        degree = check_int(self.degree, "degree", low=0)
        coef0 = check_real(self.coef0, "coef0")
        bias = check_bool(self.bias, "bias")
        max_iter = check_int(self.max_iter, "max_iter", low=1)
        tol = check_real(self.tol, "tol", low=0.0)
        threshold = check_real(self.threshold_alpha, "threshold_alpha", low=0.0, low_inclusive=False)
        return kernel, degree, coef0, bias, max_iter, tol, threshold

    def _kernel(self, A, B):
        K = _cross_kernel(A, B, _KERNEL_CODE[self.kernel], self.gamma_, float(self.degree), float(self.coef0))
        if not np.all(np.isfinite(K)):
            raise ValueError(f"the {self.kernel} kernel overflows on these inputs; scale X, gamma or degree down")
        return K

    def _design(self, X, Z):
        """Phi: the kernel columns k(x, z_i), then (with ``bias``) a column of ones."""
        K = self._kernel(X, Z)
        return np.hstack([K, np.ones((X.shape[0], 1))]) if self.bias else K

    def _store(self, X, alpha, mean, active):
        n = X.shape[0]
        self.alpha_ = alpha[:n].copy()
        self.relevance_ = np.flatnonzero(active[:n])
        self.relevance_vectors_ = X[self.relevance_].copy()
        self.coef_ = mean[:n][self.relevance_].copy()
        if self.bias:
            self.intercept_alpha_ = float(alpha[n])
            self.intercept_ = float(mean[n])
        else:
            self.intercept_alpha_ = np.inf
            self.intercept_ = 0.0
        self.active_ = active.copy()

    def _active_design(self, X):
        check_is_fitted(self, "coef_")
        X = validate_data(self, X, reset=False, dtype=np.float64)
        phi = self._kernel(X, self.relevance_vectors_)
        if self.bias and np.isfinite(self.intercept_alpha_):
            phi = np.hstack([phi, np.ones((X.shape[0], 1))])
        return phi

    def _raw(self, X):
        check_is_fitted(self, "coef_")
        X = validate_data(self, X, reset=False, dtype=np.float64)
        return self._kernel(X, self.relevance_vectors_) @ self.coef_ + self.intercept_


_PARAMS_DOC = """
    kernel : {"rbf", "linear", "poly"}, default="rbf"
        k(x, z) as in :func:`statlib.svm.kernel_matrix`: exp(-gamma ||x - z||^2), x . z, (gamma x . z + coef0)^degree.
    gamma : {"scale", "auto"} or float, default="scale"
        Kernel coefficient, as in :class:`statlib.svm.SVC`.
    degree : int, default=3
    coef0 : float, default=0.0
    bias : bool, default=True
        Include the bias b of y(x) = sum_n w_n k(x, x_n) + b as a basis function with its own alpha (it can be
        pruned too).
    threshold_alpha : float, default=1e6
        Prune a basis function once its alpha_i reaches this value.
"""


class RelevanceVectorRegressor(RegressorMixin, _RVMBase):
    __doc__ = (
        """Relevance vector machine for regression (PRML 7.2.1; Tipping 2001).

    The kernel design matrix with an ARD prior; alpha and beta maximise the evidence (7.85) by
    MacKay's re-estimation (7.87) (or EM), the same iteration as
    :class:`statlib.linear_model.ARDRegression` (:func:`statlib.linear_model.ard_fit`). The training points
    whose weights survive are the relevance vectors.

    Parameters
    ----------"""
        + _PARAMS_DOC
        + """    max_iter : int, default=1000
    tol : float, default=1e-3
        Stop when the weights change by less than ``tol`` in the 1-norm.
    update : {"mackay", "em", "sequential"}, default="mackay"
        ``"sequential"``: Tipping and Faul's fast algorithm, adding, re-estimating and deleting one basis
        function at a time from a model that starts with one (PRML 7.2.2).

    Attributes
    ----------
    relevance_ : ndarray of int
        Indices of the relevance vectors in the training set.
    relevance_vectors_ : ndarray of shape (n_relevance, n_features)
    coef_ : ndarray of shape (n_relevance,)
        Posterior mean weights m_i of the relevance vectors.
    intercept_ : float
        Posterior mean of the bias weight (0 if it was pruned or ``bias=False``).
    alpha_ : ndarray of shape (n_samples,)
        alpha_i of each training point's basis function, ``np.inf`` where pruned.
    intercept_alpha_ : float
    beta_ : float
        Noise precision.
    sigma_ : ndarray
        Posterior covariance Sigma = (A + beta Phi^T Phi)^{-1} over the kept basis functions: relevance vectors,
        then the bias.
    well_determined_ : ndarray
        gamma_i = 1 - alpha_i Sigma_ii of the kept basis functions.
    gamma_ : float
        The kernel coefficient used.
    scores_ : ndarray
        Log evidence (7.85) at each iteration.
    n_iter_ : int
    converged_ : bool
    """
    )

    def __init__(
        self,
        kernel="rbf",
        gamma="scale",
        degree=3,
        coef0=0.0,
        bias=True,
        threshold_alpha=1e6,
        max_iter=1000,
        tol=1e-3,
        update="mackay",
    ):
        self.kernel = kernel
        self.gamma = gamma
        self.degree = degree
        self.coef0 = coef0
        self.bias = bias
        self.threshold_alpha = threshold_alpha
        self.max_iter = max_iter
        self.tol = tol
        self.update = update

    def fit(self, X, y):
        """Fit to ``X`` (n_samples, n_features) and real targets ``y`` (n_samples,)."""
        kernel, degree, coef0, bias, max_iter, tol, threshold = self._check_common()
        update = check_choice(self.update, "update", ("mackay", "em", "sequential"))
        X, y = validate_data(self, X, y, dtype=np.float64, y_numeric=True, ensure_min_samples=2)
        check_scale(y, "y")  # the evidence needs ||t - Phi m||^2
        self.gamma_ = effective_gamma(X, self.gamma)
        Phi = self._design(X, X)
        beta0 = 1.0 / (np.var(y) + np.finfo(float).eps)
        if update == "sequential":
            res = _sequential_loop(Phi, y, beta0, max_iter, tol)
        else:
            res = _ard_loop(Phi, y, 1.0, beta0, max_iter, tol, threshold, update)
        if not res.converged:
            warnings.warn(
                f"RelevanceVectorRegressor did not converge in max_iter={max_iter} iterations",
                ConvergenceWarning,
                stacklevel=2,
            )
        self._store(X, res.alpha, res.mean, res.active)
        self.beta_ = res.beta
        self.sigma_ = res.sigma
        self.well_determined_ = res.well_determined
        self.scores_ = res.scores
        self.n_iter_ = res.n_iter
        self.converged_ = res.converged
        return self

    def predict(self, X, return_std=False):
        """Predictive mean m^T phi(x); with ``return_std`` also sigma(x), sigma^2(x) = 1/beta +
        phi(x)^T Sigma phi(x) (PRML 7.2.1)."""
        return_std = check_bool(return_std, "return_std")
        if not return_std:
            return self._raw(X)
        phi = self._active_design(X)
        mean = self._raw(X)
        var = 1.0 / self.beta_ + np.einsum("ij,jk,ik->i", phi, self.sigma_, phi)
        return mean, np.sqrt(var)


def _binary_targets(y, model):
    """(classes, t) with t in {0., 1.} for labels ``y`` of exactly two classes; ``model`` names the estimator in
    the error for more classes."""
    check_classification_targets(y)
    classes, t = np.unique(y, return_inverse=True)
    if len(classes) < 2:
        raise ValueError(f"y must contain two classes; got 1 class: {classes.tolist()}")
    if len(classes) > 2:
        raise ValueError(f"y: Only binary classification is supported ({model}); got {len(classes)} classes")
    return classes, t.astype(float)


def _irls(Phi, t, alpha, w, max_newton=100, tol=1e-14):
    """Mode w* of ln p(w | t, alpha) (PRML 7.2.3) by Newton's method (IRLS), and Sigma = (Phi^T B Phi + A)^{-1}.

    Gradient Phi^T (t - y) - A w; Hessian -(Phi^T B Phi + A), B = diag(y_n (1 - y_n)).
    Each Newton step is halved until the log posterior does not decrease; the loop stops when the Newton
    decrement grad^T H^{-1} grad falls to round-off relative to the log posterior.
    """

    def log_post(w):
        a = Phi @ w
        return np.sum(t * log_expit(a) + (1 - t) * log_expit(-a)) - 0.5 * w @ (alpha * w)

    lp = log_post(w)
    for _ in range(max_newton):
        y = expit(Phi @ w)
        # gradient of the log posterior
        grad = Phi.T @ (t - y) - alpha * w
        # minus the Hessian, Phi^T B Phi + A
        H = (Phi.T * (y * (1 - y))) @ Phi
        H[np.diag_indices_from(H)] += alpha
        H_inv, _ = _inverse_spd(H)
        step = H_inv @ grad
        decrement = grad @ step  # the Newton decrement: twice the predicted gain in ln p(w | t, alpha)
        if decrement < tol * (1.0 + abs(lp)):
            break
        size = 1.0
        for _ in range(30):
            w_new = w + size * step
            lp_new = log_post(w_new)
            if lp_new >= lp:
                break
            size *= 0.5
        else:
            break
        w, lp = w_new, lp_new
    y = expit(Phi @ w)
    H = (Phi.T * (y * (1 - y))) @ Phi
    H[np.diag_indices_from(H)] += alpha
    # Sigma = (Phi^T B Phi + A)^{-1}
    sigma, logdet_sigma = _inverse_spd(H)
    return w, sigma, y, logdet_sigma


def laplace_evidence(Phi, t, alpha, w, sigma_logdet):
    """The Laplace approximation (PRML 7.2.3) of ln p(t | alpha) at the mode ``w``:
    ln p(t | w*) + ln p(w* | alpha) + (M/2) ln 2 pi + (1/2) ln |Sigma|."""
    a = Phi @ w
    loglik = np.sum(t * log_expit(a) + (1 - t) * log_expit(-a))
    logprior = 0.5 * np.sum(np.log(alpha)) - 0.5 * w @ (alpha * w) - 0.5 * len(w) * np.log(2 * np.pi)
    return loglik + logprior + 0.5 * len(w) * np.log(2 * np.pi) + 0.5 * sigma_logdet


def _rvc_loop(Phi, t, max_iter, tol, threshold):
    n_cols = Phi.shape[1]
    alpha = np.ones(n_cols)
    active = np.ones(n_cols, dtype=bool)
    w = np.zeros(n_cols)
    w_old = None
    scores = []
    converged = False
    n_iter = 0
    for it in range(max_iter):
        n_iter = it + 1
        Phi_a, alpha_a = Phi[:, active], alpha[active]
        # Laplace approximation at the current alpha
        w_a, sigma, _, logdet = _irls(Phi_a, t, alpha_a, w[active])
        w[:] = 0.0
        w[active] = w_a
        scores.append(laplace_evidence(Phi_a, t, alpha_a, w_a, logdet))
        # (7.115)-(7.116): gamma_i = 1 - alpha_i Sigma_ii, alpha_i = gamma_i / (w_i*)^2
        gamma = 1.0 - alpha_a * np.diag(sigma)
        with np.errstate(divide="ignore"):
            alpha[active] = gamma / w_a**2
        active &= alpha < threshold
        alpha[~active] = np.inf
        w[~active] = 0.0
        if w_old is not None and np.sum(np.abs(w_old - w)) < tol:
            converged = True
            break
        w_old = w.copy()
        if not active.any():
            converged = True
            break
    w[:] = 0.0
    if active.any():
        w_a, sigma, _, _ = _irls(Phi[:, active], t, alpha[active], np.zeros(int(active.sum())))
        w[active] = w_a
    else:
        sigma = np.zeros((0, 0))
    return w, sigma, alpha, active, np.array(scores), n_iter, converged


class RelevanceVectorClassifier(ClassifierMixin, _RVMBase):
    __doc__ = (
        """Relevance vector machine for two-class classification (PRML 7.2.3; Tipping 2001).

    y(x) = sigma(w^T phi(x)) with the kernel basis and the ARD prior. For fixed alpha the
    posterior is approximated by a Gaussian at its mode (Laplace): IRLS maximises the log posterior, giving
    w* = A^{-1} Phi^T (t - y) and Sigma = (Phi^T B Phi + A)^{-1}; then alpha_i is re-estimated
    by (7.116), alpha_i = gamma_i / (w_i*)^2 with gamma_i = 1 - alpha_i Sigma_ii, and the two steps alternate.

    Parameters
    ----------"""
        + _PARAMS_DOC
        + """    max_iter : int, default=500
    tol : float, default=1e-3
        Stop when w* changes by less than ``tol`` in the 1-norm.

    Attributes
    ----------
    classes_ : ndarray of shape (2,)
        ``classes_[1]`` is the class coded t = 1.
    relevance_, relevance_vectors_, coef_, intercept_, alpha_, intercept_alpha_ :
        As in :class:`RelevanceVectorRegressor`; ``coef_`` and ``intercept_`` are the mode w*.
    sigma_ : ndarray
        Laplace covariance (Phi^T B Phi + A)^{-1} over the kept basis functions (relevance vectors, then the bias).
    gamma_ : float
        The kernel coefficient used.
    scores_ : ndarray
        Laplace log evidence at each iteration.
    n_iter_ : int
    converged_ : bool
    """
    )

    def __init__(
        self,
        kernel="rbf",
        gamma="scale",
        degree=3,
        coef0=0.0,
        bias=True,
        threshold_alpha=1e6,
        max_iter=500,
        tol=1e-3,
    ):
        self.kernel = kernel
        self.gamma = gamma
        self.degree = degree
        self.coef0 = coef0
        self.bias = bias
        self.threshold_alpha = threshold_alpha
        self.max_iter = max_iter
        self.tol = tol

    def fit(self, X, y):
        """Fit to ``X`` (n_samples, n_features) and labels ``y`` of exactly two classes."""
        kernel, degree, coef0, bias, max_iter, tol, threshold = self._check_common()
        X, y = validate_data(self, X, y, dtype=np.float64)
        self.classes_, t = _binary_targets(y, "the RVM classifier of PRML 7.2.3")
        self.gamma_ = effective_gamma(X, self.gamma)
        Phi = self._design(X, X)
        w, sigma, alpha, active, scores, n_iter, converged = _rvc_loop(Phi, t, max_iter, tol, threshold)
        if not converged:
            warnings.warn(
                f"RelevanceVectorClassifier did not converge in max_iter={max_iter} iterations",
                ConvergenceWarning,
                stacklevel=2,
            )
        self._store(X, alpha, w, active)
        self.sigma_ = sigma
        self.scores_ = scores
        self.n_iter_ = n_iter
        self.converged_ = converged
        return self

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.classifier_tags.multi_class = False  # binary only; see PRML 7.2.3 for the softmax extension
        return tags

    def decision_function(self, X):
        """a(x) = w*^T phi(x); positive means ``classes_[1]``."""
        return self._raw(X)

    def predict_proba(self, X):
        """sigma(w*^T phi(x)) for ``classes_[1]``, in column 1."""
        p = expit(self._raw(X))
        return np.column_stack([1 - p, p])

    def predict(self, X):
        raw = self._raw(X)
        return self.classes_[(raw > 0).astype(int)]
