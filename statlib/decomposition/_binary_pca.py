"""Binary PCA by variational EM (MLAPP §12.4, the binary case of (12.73)-(12.74); Tipping 1999).

Each bit x_nd in {0, 1} is Bernoulli with logit a_nd = w_d^T z_n + b_d, z_n ~ N(0, I_L). With s = 2x - 1,
p(x | a) = sigma(s a), and the Jaakkola-Jordan bound

    sigma(s a) >= sigma(xi) exp((s a - xi) / 2 - lambda(xi) (a^2 - xi^2)),   lambda(xi) = tanh(xi / 2) / (4 xi),

is the exponential of a quadratic in a, so the bound on p(x_n, z_n) is Gaussian in z_n. Coordinate ascent on the
resulting lower bound of the log-likelihood:

* E-step: q(z_n) = N(mu_n, Sigma_n) with Sigma_n^{-1} = I + 2 sum_d lambda_nd w_d w_d^T and
  mu_n = Sigma_n sum_d (s_nd / 2 - 2 lambda_nd b_d) w_d;
* variational parameters: xi_nd^2 = E_q[(w_d^T z_n + b_d)^2];
* M-step, for each bit d with w~_d = (w_d; b_d) and z~ = (z; 1):
  w~_d = (sum_n 2 lambda_nd E[z~_n z~_n^T])^{-1} sum_n (s_nd / 2) E[z~_n].

Each step maximises the bound over its block, so the bound never decreases.
"""

import warnings

import numpy as np
from numba import njit
from sklearn.base import BaseEstimator, ClassNamePrefixFeaturesOutMixin, TransformerMixin
from sklearn.exceptions import ConvergenceWarning
from sklearn.utils import check_random_state
from sklearn.utils.validation import check_is_fitted

from .._validation import check_array, check_int, check_numeric, check_real

__all__ = ["BinaryPCA", "jaakkola_jordan_lambda"]


@njit(cache=True)
def _lam(xi):
    """lambda(xi) = tanh(xi / 2) / (4 xi), with its limit 1/8 at xi = 0."""
    if abs(xi) < 1e-6:
        return 0.125 - xi * xi / 96.0
    return np.tanh(0.5 * xi) / (4.0 * xi)


@njit(cache=True)
def _e_step(S, W, b, xi):
    """Posterior means (N x L) and covariances (N x L x L) given the variational parameters, and the bound."""
    N, D = S.shape
    L = W.shape[1]
    mu = np.empty((N, L))
    cov = np.empty((N, L, L))
    bound = 0.0
    for n in range(N):
        P = np.eye(L)
        c = np.zeros(L)
        for d in range(D):
            lam = _lam(xi[n, d])
            # Sigma_n^{-1} = I + 2 sum_d lambda_nd w_d w_d^T ;  c = sum_d (s_nd / 2 - 2 lambda_nd b_d) w_d
            P += 2.0 * lam * np.outer(W[d], W[d])
            c += (0.5 * S[n, d] - 2.0 * lam * b[d]) * W[d]
            x = xi[n, d]
            # the z-free part of the log bound: log sigma(xi) - xi / 2 + lambda xi^2 + s b / 2 - lambda b^2
            bound += -np.log1p(np.exp(-abs(x))) - 0.5 * (abs(x) - x) - 0.5 * x + lam * x * x
            bound += 0.5 * S[n, d] * b[d] - lam * b[d] * b[d]
        # Sigma_n = (Sigma_n^{-1})^{-1},  mu_n = Sigma_n c
        Sig = np.linalg.inv(P)
        Sig = 0.5 * (Sig + Sig.T)
        m = Sig @ c
        mu[n] = m
        cov[n] = Sig
        # Gaussian integral: + 1/2 mu^T Sigma^{-1} mu + 1/2 log|Sigma|
        bound += 0.5 * (m @ c) - 0.5 * np.log(np.linalg.det(P))
    return mu, cov, bound


@njit(cache=True)
def _update_xi(W, b, mu, cov):
    """xi_nd = sqrt(E[(w_d^T z_n + b_d)^2]) under q(z_n)."""
    N = mu.shape[0]
    D = W.shape[0]
    xi = np.empty((N, D))
    for n in range(N):
        for d in range(D):
            # xi_nd^2 = E_q[(w_d^T z_n + b_d)^2] = (w_d^T mu_n + b_d)^2 + w_d^T Sigma_n w_d
            m = W[d] @ mu[n] + b[d]
            xi[n, d] = np.sqrt(m * m + W[d] @ cov[n] @ W[d])
    return xi


@njit(cache=True)
def _m_step(S, mu, cov, xi):
    """w~_d = (sum_n 2 lambda_nd E[z~ z~^T])^{-1} sum_n (s_nd / 2) E[z~] for each bit d."""
    N, D = S.shape
    L = mu.shape[1]
    W = np.empty((D, L))
    b = np.empty(D)
    for d in range(D):
        A = np.zeros((L + 1, L + 1))
        r = np.zeros(L + 1)
        for n in range(N):
            lam = _lam(xi[n, d])
            # A = sum_n 2 lambda_nd E[z~_n z~_n^T],  r = sum_n (s_nd / 2) E[z~_n],  z~ = (z; 1)
            E = np.empty((L + 1, L + 1))
            E[:L, :L] = cov[n] + np.outer(mu[n], mu[n])
            E[:L, L] = mu[n]
            E[L, :L] = mu[n]
            E[L, L] = 1.0
            A += 2.0 * lam * E
            r[:L] += 0.5 * S[n, d] * mu[n]
            r[L] += 0.5 * S[n, d]
        w = np.linalg.solve(A, r)  # w~_d = (w_d; b_d) = A^{-1} r
        W[d] = w[:L]
        b[d] = w[L]
    return W, b


@njit(cache=True)
def _variational_em(S, W, b, max_iter, tol, update_params):
    """Alternate E-step, xi update and (if ``update_params``) M-step; returns the bound after each E-step."""
    N, D = S.shape
    xi = np.ones((N, D))
    bounds = np.empty(max_iter)
    converged = False
    n_iter = 0
    mu, cov, bound = _e_step(S, W, b, xi)
    for it in range(max_iter):
        n_iter = it + 1
        xi = _update_xi(W, b, mu, cov)
        if update_params:
            W, b = _m_step(S, mu, cov, xi)
        mu, cov, new = _e_step(S, W, b, xi)
        bounds[it] = new
        if new - bound < tol:
            converged = True
            bound = new
            break
        bound = new
    return W, b, mu, cov, bounds[:n_iter].copy(), n_iter, converged


def jaakkola_jordan_lambda(xi):
    """lambda(xi) = tanh(xi / 2) / (4 xi) of the Jaakkola-Jordan bound on the logistic function (1/8 at 0).

    Parameters
    ----------
    xi : float or array-like of finite floats

    Returns
    -------
    float or ndarray of the same shape

    Examples
    --------
    >>> float(jaakkola_jordan_lambda(0.0))
    0.125
    """
    xi = check_numeric(xi, "xi")
    a = np.abs(xi)
    with np.errstate(invalid="ignore", divide="ignore"):
        out = np.where(a < 1e-6, 0.125 - xi * xi / 96.0, np.tanh(0.5 * a) / (4.0 * np.where(a < 1e-6, 1.0, a)))
    return float(out) if out.ndim == 0 else out


class BinaryPCA(ClassNamePrefixFeaturesOutMixin, TransformerMixin, BaseEstimator):
    """Binary (Bernoulli) PCA fitted by Tipping's variational EM (MLAPP §12.4; Tipping 1999).

    p(z) = N(0, I_L) (12.73) and p(x_d = 1 | z) = sigma(w_d^T z + b_d), the two-category case of (12.74).
    ``X`` must hold only 0 and 1, which is why the model does not run scikit-learn's generic estimator checks
    (they feed real-valued data).

    Parameters
    ----------
    n_components : int, default=2
        Latent dimension L.
    max_iter : int, default=500
    tol : float, default=1e-6
        Stop when the lower bound on the total log-likelihood rises by less than ``tol``.
    random_state : int, RandomState or None, default=None
        Seeds the starting loadings.

    Attributes
    ----------
    components_ : ndarray of shape (n_components, n_features)
        W^T.
    intercept_ : ndarray of shape (n_features,)
        The offsets b.
    bound_ : list of float
        The lower bound on the total log-likelihood after each iteration (non-decreasing).
    embedding_ : ndarray of shape (n_samples, n_components)
        Posterior means E[z_n | x_n] of the training data.
    n_iter_ : int

    Examples
    --------
    >>> import numpy as np
    >>> X = np.array([[1, 1, 0, 0], [1, 1, 0, 1], [0, 0, 1, 1], [0, 1, 1, 1], [1, 1, 0, 0], [0, 0, 1, 1]])
    >>> m = BinaryPCA(n_components=1, random_state=0).fit(X)
    >>> m.components_.shape, bool(np.all(np.diff(m.bound_) > -1e-9))
    ((1, 4), True)
    """

    def __init__(self, n_components=2, *, max_iter=500, tol=1e-6, random_state=None):
        self.n_components = n_components
        self.max_iter = max_iter
        self.tol = tol
        self.random_state = random_state

    def _check_bits(self, X, reset):
        X = check_array(X, "X")
        if not np.all((X == 0) | (X == 1)):
            raise ValueError("X must hold only 0 and 1 (binary data)")
        if not reset and X.shape[1] != self.n_features_in_:
            raise ValueError(f"X has {X.shape[1]} features, but BinaryPCA was fitted with {self.n_features_in_}")
        return 2.0 * X - 1.0

    def fit(self, X, y=None):
        """Fit W and b by variational EM."""
        S = self._check_bits(X, reset=True)
        N, D = S.shape
        if N < 2:
            raise ValueError(f"X must have at least 2 samples, got {N}")
        L = check_int(self.n_components, "n_components", low=1, high=D)
        max_iter = check_int(self.max_iter, "max_iter", low=1)
        tol = check_real(self.tol, "tol", low=0.0)
        rng = check_random_state(self.random_state)
        W0 = 0.1 * rng.standard_normal((D, L))
        b0 = np.zeros(D)
        W, b, mu, _, bounds, n_iter, converged = _variational_em(S, W0, b0, max_iter, tol, True)
        if not converged:
            warnings.warn(
                f"BinaryPCA: variational EM did not converge in max_iter={max_iter} iterations (tol={tol})",
                ConvergenceWarning,
                stacklevel=2,
            )
        self.n_features_in_ = D
        self.components_ = W.T.copy()
        self.intercept_ = b
        self.bound_ = [float(v) for v in bounds]
        self.embedding_ = mu
        self.n_iter_ = int(n_iter)
        self._n_features_out = L
        return self

    def transform(self, X):
        """Posterior means E[z | x] under the variational posterior, with W and b held fixed."""
        check_is_fitted(self)
        S = self._check_bits(X, reset=False)
        W = np.ascontiguousarray(self.components_.T)
        _, _, mu, _, _, _, _ = _variational_em(S, W, self.intercept_, 1000, 1e-10, False)
        return mu
