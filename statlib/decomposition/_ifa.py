"""ICA by EM with mixture-of-Gaussians sources (independent factor analysis): MLAPP §12.6.3, eqs. (12.115)-(12.118).

Each of the L sources has its own univariate Gaussian mixture, p(q_j = k) = pi_{j,k} (12.115),
p(z_j | q_j = k) = N(mu_{j,k}, sigma^2_{j,k}) (12.116), and the observation is x = W z + noise,
p(x | z) = N(W z, Psi) with a diagonal Psi (12.117) (Moulines, Cardoso and Gassiat 1997; Attias 1999).

Given a configuration q = (q_1, ..., q_L) of labels, z | q ~ N(m_q, S_q) with m_q = (mu_{j,q_j})_j and
S_q = diag(sigma^2_{j,q_j}), so (z, x) | q is linear-Gaussian:

    x | q ~ N(W m_q, W S_q W^T + Psi),
    z | x, q ~ N(a_q(x), B_q),  B_q = (S_q^{-1} + W^T Psi^{-1} W)^{-1},  a_q(x) = B_q (S_q^{-1} m_q + W^T Psi^{-1} x).

The exact E-step sums over all K^L configurations with weights p(q | x) proportional to pi_q N(x | W m_q, C_q),
pi_q = prod_j pi_{j,q_j}. The M-step is closed form: W = (sum_t x_t E[z_t]^T)(sum_t E[z_t z_t^T])^{-1} (as in factor
analysis), Psi = diag of (1/T) sum_t (x_t x_t^T - W E[z_t] x_t^T), and each source's mixture is refitted from the
responsibilities p(q_j = k | x_t) and the conditional moments E[z_j | x_t, q_j = k], E[z_j^2 | x_t, q_j = k] (a GMM fit
to the posterior of z_j, with the posterior variance included). Each EM iteration never decreases the likelihood

    log p(x_t) = log sum_q pi_q N(x_t | W m_q, W S_q W^T + Psi);

the marginal density of a source is the mixture (12.118).

The per-configuration matrices are computed in NumPy (K^L small systems); the pass over the samples, which evaluates
every configuration's weight and posterior mean for each sample and accumulates the sufficient statistics, is a Numba
kernel.
"""

import itertools
import math
import warnings

import numpy as np
from numba import njit
from sklearn.base import BaseEstimator, ClassNamePrefixFeaturesOutMixin, TransformerMixin
from sklearn.exceptions import ConvergenceWarning
from sklearn.utils import check_random_state
from sklearn.utils.validation import check_is_fitted

from .._validation import check_int, check_real, check_scale, validate_data

__all__ = ["IndependentFactorAnalysis"]

_MAX_CONFIGURATIONS = 4096


@njit(cache=True)
def _estep_pass(X, log_const, Cinv, P, offset, configs, B_diag, Sx_z, Szz, gam, s1, s2, Ez):
    """The exact E-step: one pass over the rows x_t of ``X`` (T, D), summing over the configurations q (rows of
    ``configs``, (Q, L)).

    For each sample and configuration: log w_q = log_const[q] - (x - W m_q)^T C_q^{-1} (x - W m_q) / 2 (W m_q is
    ``offset[q, :D]``), the posterior mean a_q = P_q x + c_q (P_q = B_q W^T Psi^{-1}, c_q = ``offset[q, D:]``);
    then r_q = p(q | x) = w_q / sum w. Accumulates Sx_z += x E[z]^T, Szz += sum_q r_q a_q a_q^T, and for each source
    j and component k: gam[j, k] += p(q_j = k | x), s1[j, k] += sum_{q: q_j = k} r_q a_qj and
    s2[j, k] += sum_{q: q_j = k} r_q (B_q,jj + a_qj^2). Writes E[z | x_t] = sum_q r_q a_q into ``Ez[t]``.
    Returns the summed log-likelihood and sum_t r_q for each q (the weight of B_q in sum_t E[z z^T])."""
    T, D = X.shape
    Q, L = configs.shape
    logw = np.empty(Q)
    a = np.empty((Q, L))
    d = np.empty(D)
    rsum = np.zeros(Q)
    total = 0.0
    for t in range(T):
        best = -np.inf
        for q in range(Q):
            for i in range(D):
                d[i] = X[t, i] - offset[q, i]
            quad = 0.0
            for i in range(D):
                s = 0.0
                for k in range(D):
                    s += Cinv[q, i, k] * d[k]
                quad += d[i] * s
            logw[q] = log_const[q] - 0.5 * quad
            if logw[q] > best:
                best = logw[q]
            for j in range(L):
                s = offset[q, D + j]
                for i in range(D):
                    s += P[q, j, i] * X[t, i]
                a[q, j] = s
        norm = 0.0
        for q in range(Q):
            logw[q] = math.exp(logw[q] - best)
            norm += logw[q]
        total += best + math.log(norm)
        for j in range(L):
            Ez[t, j] = 0.0
        for q in range(Q):
            r = logw[q] / norm
            rsum[q] += r
            for j in range(L):
                Ez[t, j] += r * a[q, j]
                k = configs[q, j]
                gam[j, k] += r
                s1[j, k] += r * a[q, j]
                s2[j, k] += r * (B_diag[q, j] + a[q, j] * a[q, j])
                for m in range(L):
                    Szz[j, m] += r * a[q, j] * a[q, m]
        for i in range(D):
            for j in range(L):
                Sx_z[i, j] += X[t, i] * Ez[t, j]
    return total, rsum


def _configurations(L, K):
    return np.array(list(itertools.product(range(K), repeat=L)), dtype=np.int64).reshape(-1, L)


def _per_configuration(W, psi, pi, mu, var, configs):
    """The matrices of each configuration q: log pi_q N's constant, C_q^{-1}, P_q, the means W m_q and c_q, diag B_q,
    and B_q itself."""
    D, L = W.shape
    Q = len(configs)
    cols = np.arange(L)
    m = mu[cols, configs]  # (Q, L)
    s = var[cols, configs]
    logpi = np.log(pi[cols, configs]).sum(axis=1)
    WtPinv = W.T / psi  # W^T Psi^{-1}
    WtPW = WtPinv @ W
    log_const = np.empty(Q)
    Cinv = np.empty((Q, D, D))
    P = np.empty((Q, L, D))
    offset = np.empty((Q, D + L))
    B = np.empty((Q, L, L))
    for q in range(Q):
        C = (W * s[q]) @ W.T + np.diag(psi)
        logdet = np.linalg.slogdet(C)[1]
        Cinv[q] = np.linalg.inv(C)
        log_const[q] = logpi[q] - 0.5 * (D * math.log(2 * math.pi) + logdet)
        B[q] = np.linalg.inv(np.diag(1.0 / s[q]) + WtPW)
        P[q] = B[q] @ WtPinv
        offset[q, :D] = W @ m[q]
        offset[q, D:] = B[q] @ (m[q] / s[q])
    B_diag = np.ascontiguousarray(np.diagonal(B, axis1=1, axis2=2))
    return log_const, Cinv, P, offset, B_diag, B


class IndependentFactorAnalysis(ClassNamePrefixFeaturesOutMixin, TransformerMixin, BaseEstimator):
    """ICA by exact EM with mixture-of-Gaussians sources and diagonal Gaussian noise (MLAPP §12.6.3).

    Model (12.115)-(12.117): z_j ~ sum_k pi_{j,k} N(mu_{j,k}, sigma^2_{j,k}) independently, x = W z + eps,
    eps ~ N(0, Psi), Psi diagonal, after centring x. The E-step sums over all K^L configurations of the mixture
    labels; the M-step updates W, Psi and the source mixtures in closed form (see the module docstring).

    Parameters
    ----------
    n_components : int or None, default=None
        Number of sources L; None means n_features. K^L must be at most 4096.
    n_mixture : int, default=2
        Number K of Gaussian components per source.
    max_iter : int, default=500
    tol : float, default=1e-6
        Stop when the mean log-likelihood per sample rises by less than ``tol``.
    random_state : int, RandomState or None, default=None
        Seeds the start: W = the PCA basis scaled by the standard deviations and turned by a random rotation,
        random source-mixture means around 0 and variances around 1, Psi = 1% of each feature's variance.

    Attributes
    ----------
    mixing_ : ndarray of shape (n_features, n_components)
        W.
    noise_variance_ : ndarray of shape (n_features,)
        The diagonal of Psi.
    weights_, means_, variances_ : ndarrays of shape (n_components, n_mixture)
        pi_{j,k}, mu_{j,k}, sigma^2_{j,k} of each source's mixture (12.118).
    mean_ : ndarray of shape (n_features,)
    loglike_ : list of float
        The mean log-likelihood per sample before each M-step (non-decreasing).
    n_iter_ : int
    n_features_in_ : int

    References
    ----------
    K. P. Murphy, *Machine Learning: A Probabilistic Perspective*, §12.6.3, eqs. (12.115)-(12.118).
    E. Moulines, J.-F. Cardoso and E. Gassiat, Maximum likelihood for blind separation and deconvolution of noisy
    signals using mixture models, ICASSP 1997. H. Attias, Independent factor analysis, Neural Computation 11, 1999.

    Examples
    --------
    >>> import numpy as np
    >>> from statlib.decomposition import IndependentFactorAnalysis
    >>> rng = np.random.default_rng(0)
    >>> S = np.column_stack([rng.laplace(size=1500), rng.choice([-1.0, 1.0], 1500) + 0.3 * rng.normal(size=1500)])
    >>> X = S @ np.array([[2.0, 3.0], [2.0, 1.0]]).T + 0.05 * rng.normal(size=(1500, 2))
    >>> S_hat = IndependentFactorAnalysis(tol=1e-5, random_state=0).fit_transform(X)
    >>> corr = np.abs(np.corrcoef(S.T, S_hat.T)[:2, 2:])
    >>> bool(np.all(corr.max(axis=1) > 0.98))
    True
    """

    def __init__(self, n_components=None, *, n_mixture=2, max_iter=500, tol=1e-6, random_state=None):
        self.n_components = n_components
        self.n_mixture = n_mixture
        self.max_iter = max_iter
        self.tol = tol
        self.random_state = random_state

    def fit(self, X, y=None):
        """Fit by EM from the start drawn with ``random_state``. Returns ``self``."""
        K = check_int(self.n_mixture, "n_mixture", low=1)
        max_iter = check_int(self.max_iter, "max_iter", low=1)
        tol = check_real(self.tol, "tol", low=0.0)
        X = validate_data(self, X, dtype=np.float64, reset=True, ensure_min_samples=2)
        check_scale(X, "X", small=True)  # the noise variances (12.117) are sums of squares
        T, D = X.shape
        L = D if self.n_components is None else check_int(self.n_components, "n_components", low=1)
        if L > D:
            raise ValueError(f"n_components must be at most n_features = {D}, got {L}")
        if K**L > _MAX_CONFIGURATIONS:
            raise ValueError(
                f"n_mixture ** n_components = {K}**{L} configurations exceed {_MAX_CONFIGURATIONS}; lower n_mixture "
                "or n_components"
            )
        self.mean_ = X.mean(axis=0)
        Xc = np.ascontiguousarray(X - self.mean_)
        var_x = Xc.var(axis=0)
        if np.any(var_x <= 0.0):
            raise ValueError("X has a constant feature; the noise variance of (12.117) would be zero")
        rng = check_random_state(self.random_state)
        lam, U = np.linalg.eigh(Xc.T @ Xc / T)
        order = np.argsort(lam)[::-1][:L]
        R = np.linalg.qr(rng.normal(size=(L, L)))[0]
        W = (U[:, order] * np.sqrt(np.maximum(lam[order], 1e-12 * lam.max()))) @ R
        psi = 0.01 * var_x
        pi = np.full((L, K), 1.0 / K)
        mu = rng.normal(scale=0.5, size=(L, K))
        var = rng.uniform(0.5, 1.5, size=(L, K))
        configs = _configurations(L, K)
        xx_diag = (Xc**2).sum(axis=0)
        floor = 1e-6 * var_x
        self.loglike_ = []
        converged = False
        Ez = np.empty((T, L))
        for it in range(max_iter):
            log_const, Cinv, P, offset, B_diag, B = _per_configuration(W, psi, pi, mu, var, configs)
            Sx_z, Szz = np.zeros((D, L)), np.zeros((L, L))
            gam, s1, s2 = np.zeros((L, K)), np.zeros((L, K)), np.zeros((L, K))
            total, rsum = _estep_pass(Xc, log_const, Cinv, P, offset, configs, B_diag, Sx_z, Szz, gam, s1, s2, Ez)
            self.loglike_.append(total / T)
            if it > 0 and self.loglike_[-1] - self.loglike_[-2] < tol:
                converged = True
                break
            Szz += np.einsum("q,qab->ab", rsum, B)
            W = np.linalg.solve(Szz, Sx_z.T).T  # (sum x E[z]^T)(sum E[z z^T])^{-1}
            psi = np.maximum((xx_diag - np.sum(W * Sx_z, axis=1)) / T, floor)
            pi = np.maximum(gam / T, 1e-12)
            pi /= pi.sum(axis=1, keepdims=True)
            mu = s1 / np.maximum(gam, 1e-300)
            var = np.maximum(s2 / np.maximum(gam, 1e-300) - mu**2, 1e-8)
        if not converged:
            warnings.warn(
                f"IndependentFactorAnalysis did not converge in max_iter={max_iter} iterations (tol={tol:g})",
                ConvergenceWarning,
                stacklevel=2,
            )
        self.mixing_ = W
        self.noise_variance_ = psi
        self.weights_, self.means_, self.variances_ = pi, mu, var
        self.n_iter_ = len(self.loglike_)
        return self

    def _posterior(self, X):
        Xc = np.ascontiguousarray(X - self.mean_)
        T = len(Xc)
        L, K = self.weights_.shape
        configs = _configurations(L, K)
        log_const, Cinv, P, offset, B_diag, _ = _per_configuration(
            self.mixing_, self.noise_variance_, self.weights_, self.means_, self.variances_, configs
        )
        D = Xc.shape[1]
        Ez = np.empty((T, L))
        total, _ = _estep_pass(
            Xc, log_const, Cinv, P, offset, configs, B_diag, np.zeros((D, L)), np.zeros((L, L)),
            np.zeros((L, K)), np.zeros((L, K)), np.zeros((L, K)), Ez,
        )  # fmt: skip
        return Ez, total / T

    def transform(self, X):
        """The posterior means E[z | x] of the sources, by the sum over the K^L configurations."""
        check_is_fitted(self)
        X = validate_data(self, X, dtype=np.float64, reset=False)
        return self._posterior(X)[0]

    def score(self, X, y=None):
        """The mean log-likelihood per sample, (1/T) sum_t log sum_q pi_q N(x_t | W m_q, W S_q W^T + Psi)."""
        check_is_fitted(self)
        X = validate_data(self, X, dtype=np.float64, reset=False)
        return float(self._posterior(X)[1])

    @property
    def _n_features_out(self):
        return self.mixing_.shape[1]
