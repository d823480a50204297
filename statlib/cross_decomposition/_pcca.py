"""Probabilistic canonical correlation analysis (MLAPP §12.5.3, eqs. (12.89)-(12.94); Bach and Jordan 2005).

A shared latent z ~ N(0, I_d) generates both views,

    x = W_x z + mu_x + eps_x,   eps_x ~ N(0, Psi_x),
    y = W_y z + mu_y + eps_y,   eps_y ~ N(0, Psi_y),

so v = (x; y) ~ N(mu, W W^T + Psi) with W = (W_x; W_y) and Psi = blockdiag(Psi_x, Psi_y) (12.92). MLAPP writes
each view's noise as a private factor model B_x z^x + sigma^2 noise (12.90)-(12.91); with enough private factors
that is any covariance, which is Bach and Jordan's Psi_x, the form fitted here.

Bach and Jordan's theorem: with the sample covariances S_xx, S_yy, S_xy, the canonical directions U_d (the
first d columns, normalised so that U_xd^T S_xx U_xd = I) and the canonical correlations P_d = diag(rho_1..d),
every maximum-likelihood estimate has the form

    W_x = S_xx U_xd M_x,   W_y = S_yy U_yd M_y,   Psi_x = S_xx - W_x W_x^T,   Psi_y = S_yy - W_y W_y^T,

with M_x M_y^T = P_d (spectral norms below 1); ``method="closed_form"`` takes M_x = M_y = P_d^{1/2}. The
posterior means E[z | x] = M_x^T U_xd^T (x - mu_x) lie in the span of the classical canonical variates: the
probabilistic model recovers CCA up to rotation and scaling. ``method="em"`` maximises the same likelihood by
EM, factor analysis with a block-diagonal Psi: E-step as (12.19)-(12.20), M-step W = S M^T E[zz^T]^{-1}
(12.23) and Psi = the diagonal blocks of S - W M S (block form of (12.24)).
"""

import warnings

import numpy as np
from numba import njit
from sklearn.base import BaseEstimator, ClassNamePrefixFeaturesOutMixin, TransformerMixin
from sklearn.exceptions import ConvergenceWarning
from sklearn.utils import check_random_state
from sklearn.utils.validation import check_is_fitted

from .._validation import (
    check_array,
    check_choice,
    check_int,
    check_numeric,
    check_real,
    check_same_length,
    check_scale,
    validate_data,
)
from ._pls import _whiten

__all__ = ["ProbabilisticCCA"]

_LOG_2PI = float(np.log(2.0 * np.pi))


@njit(cache=True)
def _gauss_mean_loglik(S, C):
    """Mean log-likelihood -1/2 [D log 2 pi + log|C| + tr(C^{-1} S)] of centred data with covariance S."""
    D = S.shape[0]
    L = np.linalg.cholesky(C)
    logdet = 2.0 * np.sum(np.log(np.diag(L)))
    return -0.5 * (D * _LOG_2PI + logdet + np.trace(np.linalg.solve(C, S)))


@njit(cache=True)
def _pcca_em(S, W, Psi, p, max_iter, tol):
    """EM for probabilistic CCA on the joint sample covariance S ((p+q) x (p+q)); Psi block-diagonal.

    Returns (W, Psi, loglike per iteration, n_iter, converged)."""
    d = W.shape[1]
    loglike = np.empty(max_iter)
    previous = -np.inf
    n_iter = 0
    converged = False
    for it in range(max_iter):
        n_iter = it + 1
        # E-step (12.19)-(12.20): Sigma_z = (I + W^T Psi^{-1} W)^{-1}, M = Sigma_z W^T Psi^{-1}
        A = np.linalg.solve(Psi, W).T
        Sigma = np.linalg.inv(np.eye(d) + A @ W)
        M = Sigma @ A
        SMt = S @ M.T
        Ezz = Sigma + M @ SMt  # (1/N) sum_i E[z_i z_i^T]
        # M-step (12.23): W = (1/N sum_i x_i E[z_i]^T) (1/N sum_i E[z_i z_i^T])^{-1}
        W = np.linalg.solve(Ezz, SMt.T).T.copy()
        # block form of (12.24): Psi = blockdiag(S - W M S), symmetrised
        R = S - W @ SMt.T
        R = 0.5 * (R + R.T)
        Psi = np.zeros_like(S)
        Psi[:p, :p] = R[:p, :p]
        Psi[p:, p:] = R[p:, p:]
        ll = _gauss_mean_loglik(S, W @ W.T + Psi)
        loglike[it] = ll
        if ll - previous < tol:
            converged = True
            break
        previous = ll
    return W, Psi, loglike[:n_iter].copy(), n_iter, converged


class ProbabilisticCCA(ClassNamePrefixFeaturesOutMixin, TransformerMixin, BaseEstimator):
    """Probabilistic CCA, MLAPP (12.89)-(12.94) (Bach and Jordan 2005), in closed form or by EM.

    Parameters
    ----------
    n_components : int, default=1
        Dimension d of the shared latent space, at most min(p, q).
    method : {"closed_form", "em"}, default="closed_form"
        Bach and Jordan's closed-form MLE (with M_x = M_y = P_d^{1/2}), or EM from a random start.
    max_iter : int, default=1000
        EM iterations at most.
    tol : float, default=1e-10
        EM stops when the mean log-likelihood per sample rises by less than ``tol``.
    random_state : int, RandomState or None, default=None
        Seeds EM's starting W.

    Attributes
    ----------
    Wx_, Wy_ : ndarray of shape (p, d), (q, d)
        Loadings of the shared latent factors on each view.
    psi_x_, psi_y_ : ndarray of shape (p, p), (q, q)
        Noise covariances of the views.
    mean_x_, mean_y_ : ndarray of shape (p,), (q,)
    canonical_correlations_ : ndarray of shape (d,)
        The sample canonical correlations rho_1 >= ... >= rho_d.
    loglike_ : list of float
        Mean log-likelihood per sample after each EM iteration (one value for the closed form).
    n_iter_ : int
        EM iterations run (1 for the closed form: a single SVD).

    Examples
    --------
    >>> import numpy as np
    >>> rng = np.random.default_rng(0)
    >>> z = rng.normal(size=(500, 1))
    >>> X = z @ [[1.0, 0.5]] + rng.normal(size=(500, 2))
    >>> Y = z @ [[2.0, -1.0, 0.3]] + rng.normal(size=(500, 3))
    >>> m = ProbabilisticCCA(n_components=1).fit(X, Y)
    >>> m.Wx_.shape, m.psi_y_.shape
    ((2, 1), (3, 3))
    """

    def __init__(self, n_components=1, *, method="closed_form", max_iter=1000, tol=1e-10, random_state=None):
        self.n_components = n_components
        self.method = method
        self.max_iter = max_iter
        self.tol = tol
        self.random_state = random_state

    def fit(self, X, y=None, Y=None):
        """Fit the model on paired views ``X`` (n x p) and ``y`` (n x q); ``Y`` is a synonym of ``y``."""
        if y is None:
            y = Y
        if y is None:
            raise ValueError(
                "ProbabilisticCCA requires y to be passed, but the target y is None: it is fitted on two views, "
                "fit(X, y)"
            )
        X = validate_data(self, X, ensure_min_samples=2)
        y = check_numeric(y if isinstance(y, (str, bytes)) else np.asarray(y), "y")
        if y.ndim == 1:
            y = y.reshape(-1, 1)
        y = check_array(y, "y", min_rows=2)
        check_same_length(X=X, y=y)
        check_scale(X, "X", small=True)  # the covariances are sums of squares
        check_scale(y, "y", small=True)
        n, p = X.shape
        q = y.shape[1]
        d = check_int(self.n_components, "n_components", low=1, high=min(p, q))
        method = check_choice(self.method, "method", ("closed_form", "em"))
        max_iter = check_int(self.max_iter, "max_iter", low=1)
        tol = check_real(self.tol, "tol", low=0.0)
        mx, my = X.mean(axis=0), y.mean(axis=0)
        Xc, Yc = np.ascontiguousarray(X - mx), np.ascontiguousarray(y - my)
        Ux, Vx, sx = _whiten(Xc)
        Uy, Vy, sy = _whiten(Yc)
        if sx.shape[0] < p:
            raise ValueError(f"X must have full column rank with n_samples > n_features; its rank is {sx.shape[0]}")
        if sy.shape[0] < q:
            raise ValueError(f"y must have full column rank with n_samples > n_features; its rank is {sy.shape[0]}")
        # canonical directions: S_xx^{-1/2} S_xy S_yy^{-1/2} = V_x (U_x^T U_y) V_y^T; a_k = sqrt(n) V_x S_x^{-1} u_k
        A, rho, Bt = np.linalg.svd(Ux.T @ Uy)
        if rho[0] > 1.0 - 1e-9:
            raise ValueError(
                "X and y have a canonical correlation of 1 (their centred column spaces intersect, e.g. because "
                "n_samples <= n_features_x + n_features_y): the likelihood of probabilistic CCA is unbounded"
            )
        rho = rho[:d]
        Uxd = np.sqrt(n) * Vx @ (A[:, :d] / sx[:, None])
        Uyd = np.sqrt(n) * Vy @ (Bt[:d].T / sy[:, None])
        V = np.hstack([Xc, Yc])
        S = V.T @ V / n
        Sxx, Syy = S[:p, :p], S[p:, p:]
        self.canonical_correlations_ = rho
        self._canonical_directions = (Uxd, Uyd)
        if method == "closed_form":
            # Bach and Jordan's MLE: W_x = S_xx U_xd M_x, W_y = S_yy U_yd M_y with M_x = M_y = P_d^{1/2},
            # Psi_x = S_xx - W_x W_x^T, Psi_y = S_yy - W_y W_y^T
            Mhalf = np.diag(np.sqrt(rho))
            W = np.vstack([Sxx @ Uxd @ Mhalf, Syy @ Uyd @ Mhalf])
            Psi = np.zeros_like(S)
            Psi[:p, :p] = Sxx - W[:p] @ W[:p].T
            Psi[p:, p:] = Syy - W[p:] @ W[p:].T
            Psi = 0.5 * (Psi + Psi.T)
            loglike = [float(_gauss_mean_loglik(S, W @ W.T + Psi))]
            self.n_iter_ = 1  # one SVD
        else:
            rng = check_random_state(self.random_state)
            W0 = rng.standard_normal((p + q, d)) * np.sqrt(np.mean(np.diag(S)))
            Psi0 = np.zeros_like(S)
            Psi0[:p, :p], Psi0[p:, p:] = Sxx, Syy
            try:
                W, Psi, ll, n_iter, converged = _pcca_em(
                    np.ascontiguousarray(S), np.ascontiguousarray(W0), Psi0, p, max_iter, tol
                )
            except np.linalg.LinAlgError:
                raise ValueError(
                    "EM for probabilistic CCA reached a singular noise covariance on X and y (a canonical "
                    "correlation too close to 1); fit with method='closed_form' instead"
                ) from None
            loglike = [float(v) for v in ll]
            self.n_iter_ = int(n_iter)
            if not converged:
                warnings.warn(
                    f"ProbabilisticCCA: EM did not converge in max_iter={max_iter} iterations (tol={tol}); "
                    "increase max_iter or tol",
                    ConvergenceWarning,
                    stacklevel=2,
                )
        self.Wx_, self.Wy_ = W[:p].copy(), W[p:].copy()
        self.psi_x_, self.psi_y_ = Psi[:p, :p].copy(), Psi[p:, p:].copy()
        self.mean_x_, self.mean_y_ = mx, my
        self.loglike_ = loglike
        self._n_features_out = d
        return self

    def _check_y(self, y, X):
        if y is None:
            raise ValueError("ProbabilisticCCA requires y to be passed, but the target y is None (the second view)")
        y = check_numeric(y if isinstance(y, (str, bytes)) else np.asarray(y), "y")
        if y.ndim == 1:
            y = y.reshape(-1, 1)
        y = check_array(y, "y")
        if y.shape[1] != self.mean_y_.shape[0]:
            raise ValueError(f"y must have {self.mean_y_.shape[0]} columns, got {y.shape[1]}")
        check_same_length(X=X, y=y)
        return y

    def _joint(self):
        p = self.Wx_.shape[0]
        W = np.vstack([self.Wx_, self.Wy_])
        Psi = np.zeros((W.shape[0], W.shape[0]))
        Psi[:p, :p], Psi[p:, p:] = self.psi_x_, self.psi_y_
        return W, Psi

    def get_covariance(self):
        """Model covariance of v = (x; y): W W^T + Psi (12.92)."""
        check_is_fitted(self)
        W, Psi = self._joint()
        return W @ W.T + Psi

    def transform(self, X, y=None):
        """Posterior means of z: E[z | x] from ``X`` alone, or E[z | x, y] when ``y`` is given."""
        check_is_fitted(self)
        X = validate_data(self, X, reset=False)
        if y is None:
            C = self.Wx_ @ self.Wx_.T + self.psi_x_
            return np.linalg.solve(C, (X - self.mean_x_).T).T @ self.Wx_
        y = self._check_y(y, X)
        W, _ = self._joint()
        V = np.hstack([X - self.mean_x_, y - self.mean_y_])
        return np.linalg.solve(self.get_covariance(), V.T).T @ W

    def score_pairs(self, X, y):
        """Log-density of each pair (x_i, y_i) under N(mu, W W^T + Psi) (12.92)."""
        check_is_fitted(self)
        X = validate_data(self, X, reset=False)
        y = self._check_y(y, X)
        V = np.hstack([X - self.mean_x_, y - self.mean_y_])
        C = self.get_covariance()
        _, logdet = np.linalg.slogdet(C)
        maha = np.sum(V * np.linalg.solve(C, V.T).T, axis=1)
        return -0.5 * (C.shape[0] * _LOG_2PI + logdet + maha)

    def score(self, X, y=None):
        """Mean log-likelihood per pair (``y``, the second view, is required)."""
        return float(np.mean(self.score_pairs(X, y)))
