"""Least squares and ridge regression (Li Hang (1.23) and (1.25); PRML section 3.1)."""

import numpy as np
from scipy import linalg
from sklearn.base import BaseEstimator, RegressorMixin
from sklearn.utils.validation import check_is_fitted

from .._validation import check_bool, check_real, validate_data

_WELL_CONDITIONED = 1e8  # the bound on cond(Xc^T Xc + alpha I) below which the normal equations are solved directly


def _ridge_coef(Xc, yc, alpha):
    """The ridge minimiser w = (Xc^T Xc + alpha I)^{-1} Xc^T yc of centred data, for alpha > 0.

    This is Li Hang (1.25) and PRML (3.28), w = (lambda I + Phi^T Phi)^{-1} Phi^T t, for the centred design, so
    that the bias is left out of the penalty and recovered afterwards by PRML (3.19).

    The eigenvalues of Xc^T Xc + alpha I lie in [alpha, tr(Xc^T Xc) + alpha], so when (tr + alpha) / alpha is at
    most 1e8 the penalty keeps the normal equations well conditioned and they are solved by Cholesky: one product
    Xc^T Xc (n p^2 / 2 operations, BLAS syrk) and p^3 / 3 for the factor, as scikit-learn's default solver does.
    Otherwise (a penalty tiny against the data's scale, or more features than samples) the SVD Xc = U S V^T gives
    w = V diag(s / (s^2 + alpha)) U^T yc, accurate at any conditioning.
    """
    # (1.25): the regularised normal equations (Xc^T Xc + alpha I) w = Xc^T yc
    n, p = Xc.shape
    if p <= n:
        G = Xc.T @ Xc
        if np.trace(G) + alpha <= _WELL_CONDITIONED * alpha:
            G.flat[:: p + 1] += alpha
            return linalg.cho_solve(linalg.cho_factor(G, check_finite=False), Xc.T @ yc, check_finite=False)
    U, s, Vt = np.linalg.svd(Xc, full_matrices=False)
    shrink = s / (s**2 + alpha)
    return Vt.T @ ((shrink if yc.ndim == 1 else shrink[:, None]) * (U.T @ yc))


class Ridge(RegressorMixin, BaseEstimator):
    """Linear least squares with an L2 penalty: minimise (1/2) sum_i (w . x_i + b - y_i)^2 + (alpha/2) ||w||^2.

    This is Li Hang's regularised least squares (1.25) up to the scaling of the penalty: (1.25) averages
    the loss, (1/N) sum_i (f(x_i; w) - y_i)^2 + (lambda/2) ||w||^2, which has the same minimiser for
    lambda = 2 alpha / N, and PRML's regularised sum of squares (3.27) with lambda = alpha. ``alpha=0`` is plain
    least squares (1.23), PRML's w_ML = (Phi^T Phi)^{-1} Phi^T t (3.15). The bias ``b`` is not penalised: the
    data are centred, the weights solve the normal equations (X_c^T X_c + alpha I) w = X_c^T y_c (by Cholesky
    when the penalty keeps them well conditioned, otherwise through the SVD of X_c), which is PRML (3.28) for the
    centred design, and b = mean(y) - mean(X) . w, which is PRML (3.19).
    With ``alpha=0`` the minimum-norm least-squares solution is returned (via the SVD), so rank-deficient
    designs (more polynomial coefficients than points) are handled.

    A 2-D target ``Y`` (n_samples, n_targets) is fitted column by column with the same design: PRML (3.34)
    W = (Phi^T Phi)^{-1} Phi^T T, which decouples into (3.35), one least-squares problem per target.

    Parameters
    ----------
    alpha : float, default=1.0
        The penalty weight lambda >= 0.
    fit_intercept : bool, default=True
        Fit the unpenalised bias b; if False, b = 0 and the data are not centred.

    Attributes
    ----------
    coef_ : ndarray of shape (n_features,) or (n_targets, n_features)
    intercept_ : float or ndarray of shape (n_targets,)

    Notes
    -----
    The objective is scikit-learn's ``Ridge`` objective divided by two, so both have the same minimiser
    for the same ``alpha``.
    """

    def __init__(self, alpha=1.0, fit_intercept=True):
        self.alpha = alpha
        self.fit_intercept = fit_intercept

    def fit(self, X, y):
        """Solve the (regularised) normal equations for ``X`` (n_samples, n_features) and ``y`` (n_samples,) or
        (n_samples, n_targets)."""
        alpha = check_real(self.alpha, "alpha", low=0.0)
        fit_intercept = check_bool(self.fit_intercept, "fit_intercept")
        X, y = validate_data(self, X, y, dtype=np.float64, y_numeric=True, multi_output=True)
        if fit_intercept:
            x_mean, y_mean = X.mean(axis=0), y.mean(axis=0)
            Xc, yc = X - x_mean, y - y_mean
        else:
            x_mean, y_mean = np.zeros(X.shape[1]), np.zeros(y.shape[1:])
            Xc, yc = X, y
        if alpha == 0.0:
            # (1.23): least squares, the normal equations Xc^T Xc w = Xc^T yc; lstsq returns the minimum-norm
            # solution when they are singular (more coefficients than points).
            coef = np.linalg.lstsq(Xc, yc, rcond=None)[0]
        else:
            coef = _ridge_coef(Xc, yc, alpha)
        # (3.35): with a 2-D target each column of coef is its own least-squares fit; rows of coef_ are targets.
        self.coef_ = coef if y.ndim == 1 else np.ascontiguousarray(coef.T)
        intercept = y_mean - self.coef_ @ x_mean
        self.intercept_ = float(intercept) if y.ndim == 1 else intercept
        return self

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.target_tags.multi_output = True
        return tags

    def predict(self, X):
        """w . x + b for each row of ``X``."""
        check_is_fitted(self)
        X = validate_data(self, X, dtype=np.float64, reset=False)
        return X @ self.coef_.T + self.intercept_


class LinearRegression(Ridge):
    """Ordinary least squares, Li Hang (1.23): :class:`Ridge` with ``alpha=0``.

    Parameters
    ----------
    fit_intercept : bool, default=True
        Fit the bias b.
    """

    def __init__(self, fit_intercept=True):
        super().__init__(alpha=0.0, fit_intercept=fit_intercept)

    def get_params(self, deep=True):
        return {"fit_intercept": self.fit_intercept}
