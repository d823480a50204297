"""Logistic regression (Li Hang section 6.1): binomial (6.5)-(6.6) and multinomial (6.7)-(6.8), fitted
by maximum (penalised) likelihood with Newton's method or BFGS from :mod:`statlib.optim` (the binomial
Newton iteration with objective kernels of its own, :func:`_binary_newton`)."""

import warnings

import numpy as np
from numba import njit
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.exceptions import ConvergenceWarning
from sklearn.utils.multiclass import check_classification_targets

from .._validation import check_bool, check_choice, check_int, check_real, validate_data
from ..maxent._maxent import _conditional
from ..optim import minimize
from ._base import LinearDecisionMixin


@njit(cache=True)
def _log1pexp(z):
    """log(1 + e^z) without overflow."""
    if z > 0.0:
        return z + np.log1p(np.exp(-z))
    return np.log1p(np.exp(z))


@njit(cache=True)
def _sigmoid(z):
    """pi(x) = e^z / (1 + e^z), eq. (6.5), without overflow."""
    if z >= 0.0:
        return 1.0 / (1.0 + np.exp(-z))
    e = np.exp(z)
    return e / (1.0 + e)


@njit(cache=True)
def _binary_objective(X, y, theta, penalised, lam):
    """Mean negative log-likelihood of the binomial model plus an L2 penalty, and its gradient.

    With z_i = theta . x_i (x_i augmented with a 1 when there is an intercept), the book's log-likelihood
    is L(w) = sum_i [y_i z_i - log(1 + exp z_i)] (section 6.1.3). We minimise
        J(theta) = -L(theta) / N + (lam / 2) sum_j penalised_j theta_j^2,
    whose gradient is X^T (pi - y) / N + lam * penalised * theta, with pi_i = sigmoid(z_i) (6.5).
    The two products with X are matrix-vector products (BLAS).
    """
    n = X.shape[0]
    z = X @ theta
    value = 0.0
    residual = np.empty(n)
    for i in range(n):
        value += _log1pexp(z[i]) - y[i] * z[i]
        residual[i] = (_sigmoid(z[i]) - y[i]) / n
    value /= n
    grad = X.T @ residual
    for j in range(theta.shape[0]):
        grad[j] += lam * penalised[j] * theta[j]
        value += 0.5 * lam * penalised[j] * theta[j] * theta[j]
    return value, grad


@njit(cache=True)
def _hessian_weights(X, theta):
    """The weights pi_i (1 - pi_i) / N of the Hessian of :func:`_binary_objective` at ``theta`` (6.5)."""
    n = X.shape[0]
    z = X @ theta
    weights = np.empty(n)
    for i in range(n):
        s = _sigmoid(z[i])
        weights[i] = s * (1.0 - s) / n
    return weights


def _binary_hessian(X, theta, penalised, lam):
    """Hessian of :func:`_binary_objective`: X^T diag(pi_i (1 - pi_i)) X / N + lam diag(penalised).

    The matrix of Newton's method (section 6.1.3, algorithm B.1): the weights at ``theta``
    (:func:`_hessian_weights`), then :func:`_weighted_gram`.
    """
    return _weighted_gram(X, _hessian_weights(X, theta), penalised, lam, np.empty(X.shape))


@njit(cache=True)
def _binary_newton_terms(X, y, theta, penalised, lam, weights):
    """:func:`_binary_objective` and the weights of the Hessian at ``theta`` in one pass over the data.

    Returns the value and gradient exactly as :func:`_binary_objective` (the same operations in the same
    order) and writes pi_i (1 - pi_i) / N into ``weights``, the diagonal of the Hessian
    X^T diag(pi_i (1 - pi_i)) X / N (section 6.1.3, used by Newton's method, algorithm B.1). One
    exponential per sample serves both log(1 + e^z) and pi = sigmoid(z) (6.5).
    """
    n = X.shape[0]
    z = X @ theta
    value = 0.0
    residual = np.empty(n)
    for i in range(n):
        zi = z[i]
        if zi > 0.0:  # log(1 + e^z) = z + log(1 + e^-z), pi = 1 / (1 + e^-z)
            e = np.exp(-zi)
            value += (zi + np.log1p(e)) - y[i] * zi
            s = 1.0 / (1.0 + e)
        else:  # log(1 + e^z) and pi = e^z / (1 + e^z) directly
            e = np.exp(zi)
            value += np.log1p(e) - y[i] * zi
            s = e / (1.0 + e)
        residual[i] = (s - y[i]) / n
        weights[i] = s * (1.0 - s) / n
    value /= n
    grad = X.T @ residual
    for j in range(theta.shape[0]):
        grad[j] += lam * penalised[j] * theta[j]
        value += 0.5 * lam * penalised[j] * theta[j] * theta[j]
    return value, grad


@njit(cache=True)
def _scale_rows(X, weights, G):
    """G = diag(sqrt(weights)) X, written into ``G``. The weights pi_i (1 - pi_i) / N are >= 0: the square
    root is real (and 0 where pi_i rounds to 0 or 1)."""
    n, p = X.shape
    for i in range(n):
        r = np.sqrt(weights[i])
        for j in range(p):
            G[i, j] = r * X[i, j]


@njit(cache=True)
def _add_penalty(H, penalised, lam):
    """H += lam diag(penalised), the Hessian of the L2 penalty (lam / 2) sum_j penalised_j theta_j^2."""
    for j in range(H.shape[0]):
        H[j, j] += lam * penalised[j]


def _weighted_gram(X, weights, penalised, lam, G):
    """The Hessian of :func:`_binary_objective` from its weights: X^T diag(weights) X + lam diag(penalised).

    The matrix of Newton's method (section 6.1.3, algorithm B.1), with weights pi_i (1 - pi_i) / N.
    X^T diag(w) X = G^T G with G = diag(sqrt(w)) X (:func:`_scale_rows`, into the work array ``G``). NumPy
    computes a matrix times its own transpose, ``G.T @ G``, by one symmetric rank-k update (BLAS syrk): one
    triangle, about n p^2 / 2 multiply-adds instead of the n p^2 of a general product X^T (D X), then mirrored,
    so the Hessian is exactly symmetric. :func:`_binary_hessian` forms its matrix here too.
    """
    _scale_rows(X, weights, G)
    H = G.T @ G
    _add_penalty(H, penalised, lam)
    return H


def _binary_newton(X, y, penalised, lam, tol, max_iter):
    """Newton's method (Li Hang algorithm B.1) for the binomial objective :func:`_binary_objective`.

    :func:`statlib.optim.minimize` with ``method="newton"`` runs the iteration (from theta = 0, solve
    H p = -g by Cholesky (B.10), backtrack (Armijo) from the full step, stop when ||g|| < ``tol`` or after
    ``max_iter`` steps); this objective only supplies its terms. Each evaluation leaves behind the weights
    pi_i (1 - pi_i) / N, and ``minimize`` asks for the Hessian at the point it evaluated last (the Armijo
    search accepts the last point it tried), so the Hessian is formed from those weights without recomputing
    X theta and the sigmoids; the work arrays are allocated once.
    """
    weights = np.empty(X.shape[0])
    G = np.empty(X.shape)

    def fg(t):
        return _binary_newton_terms(X, y, t, penalised, lam, weights)

    def hess(t):  # t is the last point fg saw: ``weights`` belong to it
        return _weighted_gram(X, weights, penalised, lam, G)

    return minimize(fg, np.zeros(X.shape[1]), method="newton", jac=True, hess=hess, tol=tol, max_iter=max_iter)


@njit(cache=True)
def _softmax_rows(X, W):
    """P[i, k] = exp(w_k . x_i) / sum_l exp(w_l . x_i) (the symmetric form of (6.7)-(6.8)); also log-sum-exp.

    The row normalisation is the maximum entropy model's (6.22)-(6.23): logistic regression is one.
    """
    Z = X @ W.T
    P, lse = _conditional(Z)
    return P, lse, Z


@njit(cache=True)
def _softmax_objective(X, y, W, penalised, lam):
    """Mean negative log-likelihood of the multinomial model plus an L2 penalty, and its gradient.

    J(W) = (1/N) sum_i [log sum_k exp(w_k . x_i) - w_{y_i} . x_i] + (lam / 2) sum_k sum_j penalised_j W_kj^2;
    dJ/dw_k = (1/N) sum_i (P_ik - [y_i = k]) x_i + lam * penalised * w_k.
    """
    n = X.shape[0]
    K, p = W.shape
    P, lse, Z = _softmax_rows(X, W)
    value = 0.0
    for i in range(n):
        value += lse[i] - Z[i, y[i]]
        P[i, y[i]] -= 1.0
    value /= n
    G = (P.T @ X) / n
    for k in range(K):
        for j in range(p):
            G[k, j] += lam * penalised[j] * W[k, j]
            value += 0.5 * lam * penalised[j] * W[k, j] * W[k, j]
    return value, G


@njit(cache=True)
def _softmax_hessian(X, W, penalised, lam, n_free):
    """Hessian of :func:`_softmax_objective` over the first ``n_free`` rows of W (row-major blocks):

    d2J / dw_k dw_l = (1/N) sum_i P_ik ([k = l] - P_il) x_i x_i^T + lam [k = l] diag(penalised).
    """
    n, p = X.shape
    P, lse, Z = _softmax_rows(X, W)
    H = np.zeros((n_free * p, n_free * p))
    for i in range(n):
        for k in range(n_free):
            for l in range(k, n_free):
                c = P[i, k] * ((1.0 if k == l else 0.0) - P[i, l])
                if c == 0.0:
                    continue
                for a in range(p):
                    ca = c * X[i, a]
                    for b in range(p):
                        H[k * p + a, l * p + b] += ca * X[i, b]
    H /= n
    for k in range(n_free):
        for l in range(k + 1, n_free):
            for a in range(p):
                for b in range(p):
                    H[l * p + b, k * p + a] = H[k * p + a, l * p + b]
        for a in range(p):
            H[k * p + a, k * p + a] += lam * penalised[a]
    return H


class LogisticRegression(LinearDecisionMixin, ClassifierMixin, BaseEstimator):
    """Logistic regression by maximum likelihood (Li Hang section 6.1), optionally L2-penalised.

    Two classes: the binomial model P(Y = 1|x) = exp(w . x + b) / (1 + exp(w . x + b)) (6.3)-(6.4), with
    ``classes_[1]`` as Y = 1. More classes: the multinomial model, in its symmetric (softmax) form
    P(Y = k|x) = exp(w_k . x + b_k) / sum_l exp(w_l . x + b_l). Without a penalty the softmax form is
    not identifiable (adding one vector to every w_k changes nothing), so the last class is then the
    reference, w_K = 0, exactly the book's (6.7)-(6.8). With the L2 penalty all K vectors are
    penalised, as in scikit-learn, and the solution is unique (its w_k sum to zero); the unpenalised
    intercepts are then reported with sum_k b_k = 0.

    The parameters minimise the mean negative log-likelihood plus ||w||^2 / (2 C N) (the intercepts are
    not penalised): the same minimiser as scikit-learn's ``C * sum(loss) + ||w||^2 / 2``.

    Parameters
    ----------
    penalty : {"l2", None}, default="l2"
        L2 penalty or none (maximum likelihood, as in the book). ``C=np.inf`` also means no penalty.
    C : float, default=1.0
        Inverse penalty strength (> 0).
    fit_intercept : bool, default=True
        Learn the bias b (the book's augmented x = (x, 1), eq. (6.5)).
    solver : {"newton", "bfgs", "gd"}, default="newton"
        Newton's method (algorithm B.1, with backtracking), BFGS (algorithm B.3 with a Wolfe line
        search) or gradient descent (algorithm A.1, exercise 6.2), all from :func:`statlib.optim.minimize`;
        for two classes Newton's method is given kernels that compute the objective, gradient and Hessian
        weights in one pass over the data.
    tol : float, default=1e-8
        Stop when the gradient of the mean objective has 2-norm below ``tol``.
    max_iter : int, default=1000
        Iteration limit; reaching it without meeting ``tol`` warns ``ConvergenceWarning``. Newton's method
        needs about ten iterations, BFGS a few hundred at most, gradient descent many more.

    Attributes
    ----------
    classes_ : ndarray of shape (n_classes,)
    coef_ : ndarray of shape (1, n_features) for two classes, else (n_classes, n_features)
    intercept_ : ndarray of shape (1,) or (n_classes,)
    n_iter_ : int
        Iterations used by the solver.
    converged_ : bool
    optimize_result_ : OptimizeResult
        The solver's full result, with the path of iterates.

    References
    ----------
    Li Hang, *Statistical Learning Methods*, 2nd ed., section 6.1 and appendices A-B.
    """

    def __init__(self, penalty="l2", C=1.0, fit_intercept=True, solver="newton", tol=1e-8, max_iter=1000):
        self.penalty = penalty
        self.C = C
        self.fit_intercept = fit_intercept
        self.solver = solver
        self.tol = tol
        self.max_iter = max_iter

    def _check_params(self):
        if self.penalty is not None:
            check_choice(self.penalty, "penalty", ("l2",))
        if isinstance(self.C, (int, float, np.floating)) and not isinstance(self.C, bool) and self.C == np.inf:
            C = np.inf
        else:
            C = check_real(self.C, "C", low=0.0, low_inclusive=False)
        fit_intercept = check_bool(self.fit_intercept, "fit_intercept")
        solver = check_choice(self.solver, "solver", ("newton", "bfgs", "gd"))
        tol = check_real(self.tol, "tol", low=0.0, low_inclusive=False)
        max_iter = check_int(self.max_iter, "max_iter", low=1)
        penalised = self.penalty is not None and C != np.inf
        return C, fit_intercept, solver, tol, max_iter, penalised

    def fit(self, X, y):
        """Fit the model to ``X`` (n_samples, n_features) and class labels ``y`` (n_samples,)."""
        C, fit_intercept, solver, tol, max_iter, penalised = self._check_params()
        X, y = validate_data(self, X, y, dtype=np.float64, order="C")
        check_classification_targets(y)
        self.classes_, y_index = np.unique(y, return_inverse=True)
        K = len(self.classes_)
        if K < 2:
            raise ValueError(f"y must contain at least two classes; got 1 class: {self.classes_.tolist()}")
        n, d = X.shape
        X1 = np.hstack([X, np.ones((n, 1))]) if fit_intercept else X
        X1 = np.ascontiguousarray(X1)
        p = X1.shape[1]
        pen = np.ones(p)
        if fit_intercept:
            pen[-1] = 0.0
        lam = 1.0 / (C * n) if penalised else 0.0
        method = {"newton": "newton", "bfgs": "bfgs", "gd": "gd"}[solver]

        if K == 2:
            yb = y_index.astype(np.float64)
            if method == "newton":
                res = _binary_newton(X1, yb, pen, lam, tol, max_iter)
            else:
                fun = lambda t: _binary_objective(X1, yb, t, pen, lam)  # noqa: E731
                res = minimize(fun, np.zeros(p), jac=True, method=method, tol=tol, max_iter=max_iter)
            theta = res.x.reshape(1, p)
        else:
            yi = y_index.astype(np.int64)
            # Unpenalised: the last class is the reference (w_K = 0), the identifiable form (6.7)-(6.8).
            n_free = K if penalised else K - 1

            def full(t):
                W = np.zeros((K, p))
                W[:n_free] = t.reshape(n_free, p)
                return W

            # In the symmetric form the likelihood does not change when every intercept b_k moves by the
            # same amount, and the intercepts are not penalised; the term (sum_k b_k)^2 / 2 picks the
            # representative with sum_k b_k = 0 (like the weights) and keeps the Hessian non-singular.
            centre = penalised and fit_intercept
            b_index = np.arange(n_free) * p + (p - 1)

            def fun(t):
                value, G = _softmax_objective(X1, yi, full(t), pen, lam)
                grad = G[:n_free].ravel()
                if centre:
                    total = t[b_index].sum()
                    value += 0.5 * total * total
                    grad[b_index] += total
                return value, grad

            def hess(t):
                H = _softmax_hessian(X1, full(t), pen, lam, n_free)
                if centre:
                    H[np.ix_(b_index, b_index)] += 1.0
                return H

            res = minimize(fun, np.zeros(n_free * p), jac=True, hess=hess, method=method, tol=tol, max_iter=max_iter)
            theta = full(res.x)

        self.coef_ = np.ascontiguousarray(theta[:, :d])
        self.intercept_ = theta[:, d].copy() if fit_intercept else np.zeros(theta.shape[0])
        self.n_iter_ = int(res.nit)
        self.converged_ = bool(res.success)
        self.optimize_result_ = res
        if not res.success:
            warnings.warn(
                f"LogisticRegression (solver={solver!r}) stopped after {res.nit} iterations without reaching "
                f"tol={tol:g} ({res.message}); increase max_iter, or the data may be separable with no penalty.",
                ConvergenceWarning,
                stacklevel=2,
            )
        return self

    def predict_proba(self, X):
        """Class probabilities, (6.3)-(6.4) for two classes and the softmax (6.7)-(6.8) otherwise."""
        scores = self.decision_function(X)
        if scores.ndim == 1:
            p1 = np.where(
                scores >= 0,
                1.0 / (1.0 + np.exp(-np.abs(scores))),
                np.exp(-np.abs(scores)) / (1.0 + np.exp(-np.abs(scores))),
            )
            return np.column_stack([1.0 - p1, p1])
        scores = scores - scores.max(axis=1, keepdims=True)
        e = np.exp(scores)
        return e / e.sum(axis=1, keepdims=True)

    def predict_log_proba(self, X):
        """Logarithm of :meth:`predict_proba`."""
        with np.errstate(divide="ignore"):
            return np.log(self.predict_proba(X))

    def predict(self, X):
        """The class of largest probability (the book assigns x to the class with the larger P(Y|x))."""
        scores = self.decision_function(X)
        if scores.ndim == 1:
            return self.classes_[(scores > 0).astype(int)]
        return self.classes_[np.argmax(scores, axis=1)]
