"""Proximal gradient (ISTA, FISTA) and EM for the lasso (MLAPP sections 13.4.3 and 13.4.4).

The objective is scikit-learn's (and :class:`~statlib.linear_model.Lasso`'s),
``(1 / (2 n)) ||y - X w - b||^2 + alpha ||w||_1``; the kernels work with ``n`` times it,
``P(w) = 1/2 ||r||^2 + l1 ||w||_1`` with ``r = y - X w`` on centred data and ``l1 = n alpha``.

- **ISTA** (iterative soft thresholding): the proximal gradient step (13.77)-(13.80) with the loss
  ``L(w) = 1/2 ||r||^2``, whose gradient ``-X^T r`` is Lipschitz with constant ``||X||_2^2``, and the
  regulariser ``R(w) = l1 ||w||_1``, whose proximal operator is soft thresholding (13.70):
  ``w <- soft(w + t X^T r, t l1)`` with the fixed step ``t = 1 / ||X||_2^2``. MLAPP's Algorithm 13.2
  (SpaRSA) adds a Barzilai-Borwein step (13.82) and continuation in ``lambda``; the fixed step is the
  textbook ISTA, the one whose O(1/k) rate is known (Beck and Teboulle 2009).
- **FISTA** (Nesterov's acceleration, (13.83)-(13.85)): the same step taken from the extrapolated point
  ``phi_k = w_k + (k - 1) / (k + 2) (w_k - w_{k-1})``; its objective gap falls as O(1/k^2).
- **EM** (Figueiredo 2003): the Laplace prior is a Gaussian scale mixture (13.86); the E-step gives
  ``E[1 / tau_j^2 | w_j] = gamma / |w_j|`` (13.91) and the M-step is a weighted ridge regression
  (13.94)-(13.95). With the noise variance held fixed, the lasso solution is a fixed point, and so is the
  solution of the lasso restricted to any support (a zero coefficient stays zero; see :func:`lasso_em`); the
  M-step is written as ``w = Psi^(1/2) (l1 I + Psi^(1/2) X^T X Psi^(1/2))^(-1) Psi^(1/2) X^T y`` with
  ``Psi = diag(|w_j|)``, which, like MLAPP's (13.96), never divides by a zero coefficient.

ISTA and FISTA stop on the same duality gap as coordinate descent (see ``_lasso.py``), so a tolerance means
the same for every solver.
"""

import warnings

import numpy as np
from numba import njit
from sklearn.exceptions import ConvergenceWarning

from .._validation import (
    check_array,
    check_bool,
    check_choice,
    check_int,
    check_real,
    check_same_length,
    check_scale,
    check_vector,
)
from ._lasso import _gap, soft_threshold

_CHECK_EVERY = 10  # FISTA computes the duality gap at w_k every this many iterations


@njit(cache=True)
def _objective(r, w, l1):
    """P(w) = 1/2 ||r||^2 + l1 ||w||_1 with r = y - X w (the lasso objective (13.37), halved)."""
    return 0.5 * np.dot(r, r) + l1 * np.sum(np.abs(w))


@njit(cache=True)
def _proximal_gradient(X, y, w, l1, step, max_iter, tol, accelerated, history):
    """ISTA (accelerated=False) or FISTA (accelerated=True) for the lasso, in place on ``w``.

    Parameters
    ----------
    X : (n, p) centred, C-contiguous design.  y : (n,) centred target.  w : (p,) start, overwritten.
    l1 : unscaled penalty (n alpha) > 0.  step : 1 / ||X||_2^2, the inverse Lipschitz constant.
    max_iter : most iterations.  tol : absolute tolerance on the duality gap of P.
    history : (max_iter,) array that receives P(w_k) after iteration k (pass an empty array for none).

    Returns
    -------
    (gap, n_iter, converged)
    """
    n, p = X.shape
    features = np.arange(p)
    r = y - X @ w  # residual at w_k
    r_prev = r.copy()
    w_prev = w.copy()
    corr = X.T @ r
    gap, _ = _gap(w, r, y, corr, features, p, l1, 0.0)
    if gap <= tol:
        return gap, 0, True
    record = history.shape[0] > 0
    k = 0
    while k < max_iter:
        k += 1
        if accelerated:
            # (13.85): phi_k = w_k + (k - 1) / (k + 2) (w_k - w_{k-1}); its residual is linear in w
            beta = (k - 1.0) / (k + 2.0)
            phi = w + beta * (w - w_prev)
            r_phi = r + beta * (r - r_prev)
            g = X.T @ r_phi  # minus the gradient of L at phi
            w_prev[:] = w
            r_prev[:] = r
        else:
            phi = w
            g = corr  # X^T r at w_k, already computed
        # (13.77)-(13.80) with (13.70): w_{k+1} = soft(phi + t X^T r(phi), t l1), coordinate by coordinate
        for j in range(p):
            w[j] = soft_threshold(phi[j] + step * g[j], step * l1)
        r = y - X @ w
        if record:
            history[k - 1] = _objective(r, w, l1)
        if not accelerated or k % _CHECK_EVERY == 0 or k == max_iter:
            corr = X.T @ r
            gap, _ = _gap(w, r, y, corr, features, p, l1, 0.0)
            if gap <= tol:
                return gap, k, True
    return gap, k, False


def _centre(X, y, fit_intercept):
    if fit_intercept:
        x_mean, y_mean = X.mean(axis=0), float(y.mean())
    else:
        x_mean, y_mean = np.zeros(X.shape[1]), 0.0
    Xc = np.ascontiguousarray(X - x_mean)
    yc = np.ascontiguousarray(y - y_mean)
    return Xc, yc, x_mean, y_mean


def _check_common(X, y, alpha, fit_intercept, max_iter, tol):
    alpha = check_real(alpha, "alpha", low=0.0, low_inclusive=False)
    fit_intercept = check_bool(fit_intercept, "fit_intercept")
    max_iter = check_int(max_iter, "max_iter", low=1)
    tol = check_real(tol, "tol", low=0.0)
    X = check_array(X, "X")
    y = check_vector(y, "y")
    check_same_length(X=X, y=y)
    check_scale(X, "X", small=True)  # the step is 1 / ||X||_2^2
    check_scale(y, "y")
    return X, y, alpha, fit_intercept, max_iter, tol


def _lipschitz(Xc):
    """||X||_2^2, the Lipschitz constant of the gradient of 1/2 ||y - X w||^2 (an upper bound on it).

    Small matrices use LAPACK's SVD; larger ones ARPACK's Lanczos iteration from a fixed start (a full SVD
    would cost more than the whole fit), whose relative error is far below the 1e-6 safety margin added.
    """
    if Xc.size == 0 or not np.any(Xc):
        return 0.0
    if min(Xc.shape) <= 64:
        return float(np.linalg.norm(Xc, 2)) ** 2
    from scipy.sparse.linalg import svds

    start = np.ones(min(Xc.shape)) / np.sqrt(min(Xc.shape))
    sigma = svds(Xc, k=1, tol=1e-10, v0=start, return_singular_vectors=False)[0]
    return float(sigma) ** 2 * (1.0 + 1e-6)


def _fit_proximal(X, y, alpha, fit_intercept, max_iter, tol, accelerated, w0=None, record=False):
    """Shared by :func:`lasso_proximal` and ``Lasso(solver="ista" | "fista")``: returns
    (coef, intercept, history (scaled by 1/n), gap (scaled by 1/n), n_iter, converged, tol_abs (scaled))."""
    n, p = X.shape
    Xc, yc, x_mean, y_mean = _centre(X, y, fit_intercept)
    w = np.zeros(p) if w0 is None else np.array(w0, dtype=np.float64)
    lipschitz = _lipschitz(Xc)
    history = np.empty(max_iter if record else 0)
    tol_abs = tol * float(yc @ yc)
    if lipschitz == 0.0:  # every column constant: the only minimiser is w = 0
        w[:] = 0.0
        gap, n_iter, converged = 0.0, 0, True
        history = history[:0]
    else:
        gap, n_iter, converged = _proximal_gradient(
            Xc, yc, w, n * alpha, 1.0 / lipschitz, max_iter, tol_abs, accelerated, history
        )
        history = history[:n_iter]
    intercept = float(y_mean - x_mean @ w) if fit_intercept else 0.0
    return w, intercept, history / n, float(gap) / n, int(n_iter), bool(converged), tol_abs / n


def lasso_proximal(X, y, alpha, *, method="fista", fit_intercept=True, max_iter=1000, tol=1e-4):
    """The lasso by proximal gradient descent: ISTA or FISTA (MLAPP section 13.4.3).

    Minimises ``(1 / (2 n)) ||y - X w - b||^2 + alpha ||w||_1`` (the objective of
    :class:`~statlib.linear_model.Lasso`) with the step ``1 / ||X||_2^2``. Each iteration is a gradient step
    on the squared loss followed by soft thresholding, the proximal operator of the l1 norm (13.70),
    (13.77)-(13.80); FISTA takes the step from the extrapolated point (13.85).

    Parameters
    ----------
    X : array of shape (n_samples, n_features)
    y : array of shape (n_samples,)
    alpha : float > 0
    method : {"ista", "fista"}, default="fista"
    fit_intercept : bool, default=True
    max_iter : int, default=1000
        Most iterations (one gradient and one proximal step each).
    tol : float, default=1e-4
        Stop when the duality gap of ``n`` times the objective is at most ``tol * ||y - mean(y)||^2``, the
        rule of :class:`~statlib.linear_model.Lasso`.

    Returns
    -------
    coef : ndarray of shape (n_features,)
    intercept : float
    objective : ndarray of shape (n_iter,)
        The objective after each iteration (on the 1/(2n) scale above).

    Examples
    --------
    >>> import numpy as np
    >>> from statlib.linear_model import lasso_proximal
    >>> X = np.array([[0.0, 0.0], [1.0, 1.0], [2.0, 2.0]])
    >>> coef, b, obj = lasso_proximal(X, [0.0, 1.0, 2.0], 0.1, tol=1e-10)
    >>> coef.sum().round(4)
    np.float64(0.85)
    """
    method = check_choice(method, "method", ("ista", "fista"))
    X, y, alpha, fit_intercept, max_iter, tol = _check_common(X, y, alpha, fit_intercept, max_iter, tol)
    w, b, history, gap, _, converged, needed = _fit_proximal(
        X, y, alpha, fit_intercept, max_iter, tol, method == "fista", record=True
    )
    if not converged:
        warnings.warn(
            f"{method.upper()} stopped at max_iter={max_iter} iterations without reaching tol={tol}: duality gap "
            f"{gap:.3e}, needed {needed:.3e}. Increase max_iter, or loosen tol.",
            ConvergenceWarning,
            stacklevel=2,
        )
    return w, b, history


def lasso_em(X, y, alpha, *, fit_intercept=True, max_iter=500, tol=1e-10):
    """The lasso by EM, the Laplace prior written as a Gaussian scale mixture (MLAPP section 13.4.4).

    With the noise variance sigma^2 held fixed, the MAP estimate under the prior Lap(w_j | 0, 1/gamma)
    minimises ``1/2 ||y - X w||^2 + sigma^2 gamma ||w||_1``, the lasso with ``n alpha = sigma^2 gamma``.
    The E-step (13.91) gives the expected precisions ``E[1 / tau_j^2] = gamma / |w_j|``; the M-step
    (13.94)-(13.95) is the ridge regression ``w = (n alpha diag(1 / |w_j|) + X^T X)^(-1) X^T y``, computed as
    ``Psi^(1/2) (n alpha I + Psi^(1/2) X^T X Psi^(1/2))^(-1) Psi^(1/2) X^T y`` with ``Psi = diag(|w_j|)`` so
    that a zero coefficient causes no division by zero (the purpose of MLAPP's (13.96)). The start is the
    ridge solution ``(X^T X + n alpha I)^(-1) X^T y``, as in Algorithm 13.1.

    Every EM step lowers the objective. The lasso solution is a fixed point of the iteration, and a fixed point
    without zero coordinates satisfies the lasso's optimality conditions (13.53), so it is the lasso solution;
    but a fixed point with zeros need only solve the lasso restricted to its support, because a coefficient
    that is zero stays zero (Hunter and Li 2005): ``w = 0`` is a fixed point for every ``alpha``. EM never
    creates an exact zero from a non-zero start, so from the ridge start a coefficient whose optimum is zero
    only tends to zero, and the returned coefficients are not exactly sparse.

    Parameters
    ----------
    X, y, alpha, fit_intercept : as for :func:`lasso_proximal`.
    max_iter : int, default=500
        Most EM iterations.
    tol : float, default=1e-10
        Stop when an iteration lowers the objective by at most ``tol`` times its value.

    Returns
    -------
    coef : ndarray of shape (n_features,)
    intercept : float
    objective : ndarray of shape (n_iter,)
        The objective ``(1 / (2 n)) ||y - X w - b||^2 + alpha ||w||_1`` after each iteration (non-increasing).

    Examples
    --------
    >>> import numpy as np
    >>> from statlib.linear_model import lasso_em
    >>> X = np.array([[0.0, 0.0], [1.0, 1.0], [2.0, 2.0]])
    >>> coef, b, obj = lasso_em(X, [0.0, 1.0, 2.0], 0.1)
    >>> coef.sum().round(4)
    np.float64(0.85)
    """
    X, y, alpha, fit_intercept, max_iter, tol = _check_common(X, y, alpha, fit_intercept, max_iter, tol)
    n, p = X.shape
    Xc, yc, x_mean, y_mean = _centre(X, y, fit_intercept)
    l1 = n * alpha
    gram = Xc.T @ Xc
    xty = Xc.T @ yc
    eye = np.eye(p)
    w = np.linalg.solve(gram + l1 * eye, xty)  # ridge start (Algorithm 13.1, line 1)
    history = []
    previous = 0.5 * float(yc @ yc)  # the objective at w = 0, which the ridge start never exceeds
    converged = False
    for _ in range(max_iter):
        s = np.sqrt(np.abs(w))  # Psi^(1/2); E-step (13.91): the prior precisions are gamma / |w_j|
        w = s * np.linalg.solve(l1 * eye + s[:, None] * gram * s[None, :], s * xty)  # M-step (13.94)-(13.96)
        r = yc - Xc @ w
        value = 0.5 * float(r @ r) + l1 * float(np.abs(w).sum())
        history.append(value / n)
        if previous - value <= tol * abs(value):
            converged = True
            break
        previous = value
    if not converged:
        warnings.warn(
            f"EM stopped at max_iter={max_iter} iterations before the objective settled to a relative change of "
            f"tol={tol}. Increase max_iter, or loosen tol.",
            ConvergenceWarning,
            stacklevel=2,
        )
    intercept = float(y_mean - x_mean @ w) if fit_intercept else 0.0
    return w, intercept, np.array(history)
