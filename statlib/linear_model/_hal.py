"""The hierarchical adaptive lasso (HAL) and the adaptive lasso (MLAPP section 13.6.2).

HAL (Lee et al. 2010) puts gamma_j ~ IG(a, b), tau_j^2 | gamma_j ~ Ga(1, gamma_j^2 / 2), w_j | tau_j^2 ~ N(0,
tau_j^2) (13.133)-(13.135). Integrating the scales out leaves the generalised-t marginal (13.141) and the
penalty ``pi(w_j) = (a + 1) log(1 + |w_j| / b)`` (13.143), which is concave in |w_j|.

EM for the posterior mode (13.136)-(13.140) is a majorise-minimise scheme: the tangent of the concave penalty
at the current |w_j| has slope ``s_j = (a + 1) / (b + |w_j|)`` = E[1 / gamma_j] (13.139), so each M-step is the
weighted lasso (13.140) and the objective never increases. A weighted lasso with weights s_j is a plain lasso on
the columns X_j / s_j (the coefficients come back as v_j / s_j), which :class:`~statlib.linear_model.Lasso`
solves. With ``a = b = 0`` and one step from least squares this is the adaptive lasso of Zou (2006), weights
``1 / |w_j^OLS|``.

The orthogonal-design analysis (13.144)-(13.146) reduces the fit to the 1-D problem
``min_w 1/2 (z - w)^2 + pi(w)``, solved in closed form by :func:`hal_threshold`.
"""

import warnings

import numpy as np
from sklearn.base import BaseEstimator, RegressorMixin
from sklearn.exceptions import ConvergenceWarning

from .._validation import check_bool, check_int, check_numeric, check_real, check_scale, validate_data


def hal_penalty(w, a, b):
    """The HAL penalty (13.143), ``(a + 1) log(1 + |w| / b)`` (the additive constant dropped), elementwise.

    >>> float(hal_penalty(1.0, 1.0, 1.0))  # 2 log 2
    1.3862943611198906
    """
    w = check_numeric(w, "w")
    a = check_real(a, "a", low=0.0)
    b = check_real(b, "b", low=0.0, low_inclusive=False)
    return (a + 1.0) * np.log1p(np.abs(w) / b)


def hal_threshold(z, a, b):
    """The HAL thresholding rule: ``argmin_w 1/2 (z - w)^2 + (a + 1) log(1 + |w| / b)`` (13.146), elementwise.

    For z > 0 a stationary point w > 0 solves ``w^2 + (b - z) w + (a + 1 - b z) = 0``; the larger root (when real
    and positive) is the local minimum, and it is compared with w = 0. Odd in z.

    >>> hal_threshold([0.5, 10.0], 1.0, 1.0).round(4).tolist()
    [0.0, 9.8151]
    """
    z = check_numeric(z, "z")
    a = check_real(a, "a", low=0.0)
    b = check_real(b, "b", low=0.0, low_inclusive=False)
    x = np.abs(z)
    disc = (x + b) ** 2 - 4.0 * (a + 1.0)
    root = 0.5 * ((x - b) + np.sqrt(np.maximum(disc, 0.0)))
    candidate = np.where((disc >= 0.0) & (root > 0.0), root, 0.0)
    f_root = 0.5 * (x - candidate) ** 2 + (a + 1.0) * np.log1p(candidate / b)
    f_zero = 0.5 * x**2
    w = np.where(f_root < f_zero, candidate, 0.0)
    return np.sign(z) * w + 0.0


def _weighted_lasso(Xc, yc, s, l1, tol, max_iter):
    """min 1/2 ||yc - Xc w||^2 + l1 sum_j s_j |w_j| (13.140); s_j = inf keeps w_j = 0."""
    from ._lasso import Lasso

    n, p = Xc.shape
    w = np.zeros(p)
    keep = np.isfinite(s)
    if not np.any(keep):
        return w
    Xs = Xc[:, keep] / s[keep]
    model = Lasso(alpha=l1 / n, fit_intercept=False, tol=tol, max_iter=max_iter)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        v = model.fit(Xs, yc).coef_
    w[keep] = v / s[keep]
    return w


class HierarchicalAdaptiveLasso(RegressorMixin, BaseEstimator):
    """Sparse linear regression with the HAL penalty (13.143), by EM / iteratively reweighted lasso (13.136)-(13.140).

    Minimises (locally; the penalty is not convex)
    ``1/2 ||y - X w - b0||^2 + noise_var sum_j (a + 1) log(1 + |w_j| / b)``, the negative log posterior of
    MLAPP's (13.144) with noise variance ``noise_var`` held fixed. Starts from least squares (the minimum-norm
    solution when D > N); each step solves the weighted lasso (13.140) with ``s_j = (a + 1) / (b + |w_j|)``
    (13.139).

    With ``a = 0``, ``b = 0`` and ``max_iter=1`` it is the adaptive lasso (Zou 2006): one lasso with weights
    ``noise_var / |w_j^OLS|`` (a single step is not iterated to convergence, so it warns with
    ``ConvergenceWarning``).

    Parameters
    ----------
    a : float >= 0, default=1.0
        Shape of the inverse-gamma prior on gamma_j (13.133).
    b : float >= 0, default=0.1
        Scale of that prior; 0 only for the adaptive lasso (a weight 1 / 0 keeps a coefficient at 0).
    noise_var : float > 0, default=1.0
        The noise variance sigma^2, which scales the penalty against the residual sum of squares.
    fit_intercept : bool, default=True
    max_iter : int, default=50
        Most EM (reweighting) steps.
    tol : float, default=1e-8
        Stop when no coefficient moves by more than ``tol * max(1, max |w|)``.

    Attributes
    ----------
    coef_, intercept_, n_iter_, n_features_in_
    objective_path_ : ndarray, the objective after each step (non-increasing)
    """

    def __init__(self, a=1.0, b=0.1, noise_var=1.0, fit_intercept=True, max_iter=50, tol=1e-8):
        self.a = a
        self.b = b
        self.noise_var = noise_var
        self.fit_intercept = fit_intercept
        self.max_iter = max_iter
        self.tol = tol

    def _objective(self, r, w, a, b, noise_var):
        if b == 0.0:
            return np.nan
        return 0.5 * float(r @ r) + noise_var * float(np.sum((a + 1.0) * np.log1p(np.abs(w) / b)))

    def fit(self, X, y):
        a = check_real(self.a, "a", low=0.0)
        b = check_real(self.b, "b", low=0.0)
        noise_var = check_real(self.noise_var, "noise_var", low=0.0, low_inclusive=False)
        fit_intercept = check_bool(self.fit_intercept, "fit_intercept")
        max_iter = check_int(self.max_iter, "max_iter", low=1)
        tol = check_real(self.tol, "tol", low=0.0)
        X, y = validate_data(self, X, y, y_numeric=True, dtype=np.float64)
        check_scale(y, "y")  # the objective is a sum of squares of residuals
        if fit_intercept:
            x_mean, y_mean = X.mean(axis=0), float(y.mean())
        else:
            x_mean, y_mean = np.zeros(X.shape[1]), 0.0
        Xc, yc = X - x_mean, y - y_mean
        w = np.linalg.lstsq(Xc, yc, rcond=None)[0]
        w[np.abs(w) <= 1e-12 * max(1.0, float(np.max(np.abs(w), initial=0.0)))] = 0.0
        path = []
        converged = False
        k = 0
        while k < max_iter:
            k += 1
            with np.errstate(divide="ignore"):
                s = (a + 1.0) / (b + np.abs(w))  # (13.139): E[1 / gamma_j] at the current estimate
            w_new = _weighted_lasso(Xc, yc, s, noise_var, 1e-12, 100000)  # (13.140)
            path.append(self._objective(yc - Xc @ w_new, w_new, a, b, noise_var))
            step = float(np.max(np.abs(w_new - w), initial=0.0))
            w = w_new
            if step <= tol * max(1.0, float(np.max(np.abs(w), initial=0.0))):
                converged = True
                break
        if not converged:
            warnings.warn(
                f"HierarchicalAdaptiveLasso did not converge in max_iter={max_iter} steps; increase max_iter or tol",
                ConvergenceWarning,
                stacklevel=2,
            )
        self.coef_ = w + 0.0
        self.intercept_ = float(y_mean - x_mean @ w) if fit_intercept else 0.0
        self.n_iter_ = k
        self.objective_path_ = np.array(path)
        return self

    def predict(self, X):
        from sklearn.utils.validation import check_is_fitted

        check_is_fitted(self, "coef_")
        X = validate_data(self, X, reset=False, dtype=np.float64)
        return X @ self.coef_ + self.intercept_
