"""Supervised PCA, or Bayesian factor regression (MLAPP §12.5.1, eqs. (12.75)-(12.78); Yu et al. 2006, West 2003).

z ~ N(0, I_L), x | z ~ N(W_x z + mu_x, sigma_x^2 I_D) and y | z ~ N(W_y z + mu_y, sigma_y^2 I_{D_y}): factor analysis
of v = (x; y) whose noise covariance has two levels, one per view. It is fitted by the EM of factor analysis
(:mod:`statlib.decomposition._factor_analysis`: E-step (12.19)-(12.20), M-step (12.23)) with the M-step for the
noise tied within each view (the mean of the diagonal of S - W M S over that view's coordinates). The implied
regression (12.78) is y | x ~ N(mu_y + W_y C W_x^T Psi^{-1} (x - mu_x), sigma_y^2 I + W_y C W_y^T), with
C^{-1} = I + W_x^T Psi^{-1} W_x and Psi = sigma_x^2 I.
"""

import warnings

import numpy as np
from sklearn.base import BaseEstimator, MultiOutputMixin, RegressorMixin, TransformerMixin
from sklearn.exceptions import ConvergenceWarning
from sklearn.utils.validation import check_is_fitted

from .._validation import check_int, check_real, check_scale, validate_data
from ._factor_analysis import _mean_loglik, _posterior

__all__ = ["SupervisedPCA"]


class SupervisedPCA(MultiOutputMixin, RegressorMixin, TransformerMixin, BaseEstimator):
    """Supervised PCA (latent factor regression), MLAPP (12.75)-(12.78), fitted by EM.

    Parameters
    ----------
    n_components : int, default=1
        Latent dimension L (at most n_features + n_targets - 1).
    max_iter : int, default=1000
    tol : float, default=1e-8
        Stop when the mean log-likelihood per sample rises by less than ``tol``.

    Attributes
    ----------
    Wx_, Wy_ : ndarray of shape (n_features, L), (n_targets, L)
    noise_variance_x_, noise_variance_y_ : float
        sigma_x^2 and sigma_y^2.
    mean_x_, mean_y_ : ndarray
    coef_ : ndarray of shape (n_targets, n_features)
        The regression weights of (12.78), w^T = W_y C W_x^T Psi^{-1}.
    intercept_ : ndarray of shape (n_targets,)
    predictive_covariance_ : ndarray of shape (n_targets, n_targets)
        sigma_y^2 I + W_y C W_y^T.
    loglike_ : list of float
        Mean log-likelihood of (x, y) per sample after each iteration (non-decreasing).
    n_iter_ : int

    Examples
    --------
    >>> import numpy as np
    >>> rng = np.random.default_rng(0)
    >>> z = rng.normal(size=(300, 1))
    >>> X = z @ [[1.0, 2.0, -1.0]] + 0.5 * rng.normal(size=(300, 3))
    >>> y = 3 * z[:, 0] + 0.5 * rng.normal(size=300)
    >>> m = SupervisedPCA(1).fit(X, y)
    >>> m.coef_.shape, bool(m.score(X, y) > 0.8)
    ((1, 3), True)
    """

    def __init__(self, n_components=1, *, max_iter=1000, tol=1e-8):
        self.n_components = n_components
        self.max_iter = max_iter
        self.tol = tol

    def fit(self, X, y):
        """Fit W_x, W_y, sigma_x^2, sigma_y^2 and the means by EM on the stacked (x; y)."""
        X, y = validate_data(self, X, y, multi_output=True, y_numeric=True, ensure_min_samples=2)
        y = np.asarray(y, dtype=float)
        self._predict_1d = y.ndim == 1
        Y = y.reshape(len(y), -1)
        check_scale(X, "X")  # the stacked covariance is a sum of squares
        check_scale(Y, "y")
        n, p = X.shape
        q = Y.shape[1]
        L = check_int(self.n_components, "n_components", low=1, high=p + q - 1 if p + q > 1 else 1)
        max_iter = check_int(self.max_iter, "max_iter", low=1)
        tol = check_real(self.tol, "tol", low=0.0)
        mx, my = X.mean(axis=0), Y.mean(axis=0)
        V = np.hstack([X - mx, Y - my])
        S = V.T @ V / n
        scale = np.trace(S) / (p + q)
        if scale <= 0:
            raise ValueError("X and y are constant: supervised PCA needs some variance")
        # start from the leading eigenvectors of S (the PPCA solution (12.61) with half the variance)
        evals, evecs = np.linalg.eigh(S)
        order = np.argsort(evals)[::-1][:L]
        W = evecs[:, order] * np.sqrt(np.maximum(evals[order], 1e-12 * scale) * 0.5)
        floor = 1e-10 * scale
        s2x = max(np.mean(np.diag(S)[:p]) * 0.5, floor)
        s2y = max(np.mean(np.diag(S)[p:]) * 0.5, floor)
        psi = np.concatenate([np.full(p, s2x), np.full(q, s2y)])
        loglike, previous = [], -np.inf
        self.n_iter_ = 0
        converged = False
        for it in range(1, max_iter + 1):
            # E-step (12.19)-(12.20) and M-step (12.23), as in factor analysis
            Sigma, M = _posterior(W, psi)
            SMt = S @ M.T
            W = np.linalg.solve(Sigma + M @ SMt, SMt.T).T
            # M-step for the noise: diag(S - W M S) averaged within each view
            resid = np.diag(S) - np.sum(W * SMt, axis=1)
            s2x, s2y = max(np.mean(resid[:p]), floor), max(np.mean(resid[p:]), floor)
            psi = np.concatenate([np.full(p, s2x), np.full(q, s2y)])
            ll = float(_mean_loglik(S, W, psi))
            loglike.append(ll)
            self.n_iter_ = it
            if ll - previous < tol:
                converged = True
                break
            previous = ll
        if not converged:
            warnings.warn(
                f"SupervisedPCA: EM did not converge in max_iter={max_iter} iterations (tol={tol})",
                ConvergenceWarning,
                stacklevel=2,
            )
        Wx, Wy = W[:p], W[p:]
        C = np.linalg.inv(np.eye(L) + Wx.T @ Wx / s2x)
        self.Wx_, self.Wy_ = Wx, Wy
        self.noise_variance_x_, self.noise_variance_y_ = float(s2x), float(s2y)
        self.mean_x_, self.mean_y_ = mx, my
        self.coef_ = Wy @ C @ Wx.T / s2x  # (12.78): w = Psi^{-1} W_x C w_y
        self.intercept_ = my - self.coef_ @ mx
        self.predictive_covariance_ = s2y * np.eye(q) + Wy @ C @ Wy.T
        self.loglike_ = loglike
        return self

    def predict(self, X):
        """E[y | x] = intercept_ + coef_ x (12.78)."""
        check_is_fitted(self)
        X = validate_data(self, X, reset=False)
        pred = X @ self.coef_.T + self.intercept_
        return pred.ravel() if self._predict_1d else pred

    def transform(self, X):
        """Posterior means E[z | x] = C W_x^T Psi^{-1} (x - mu_x)."""
        check_is_fitted(self)
        X = validate_data(self, X, reset=False)
        L = self.Wx_.shape[1]
        s2x = self.noise_variance_x_
        C = np.linalg.inv(np.eye(L) + self.Wx_.T @ self.Wx_ / s2x)
        return (X - self.mean_x_) @ self.Wx_ @ C / s2x
