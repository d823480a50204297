"""Mixture of factor analysers fitted by EM (MLAPP §12.1.4-12.1.5, eqs. (12.14)-(12.25)).

The model (12.14)-(12.16): q_i ~ Cat(pi), z_i ~ N(0, I_L), x_i | z_i, q_i = c ~ N(mu_c + W_c z_i, Psi) with one
diagonal Psi shared by the components (Ghahramani and Hinton 1996). Integrating out z_i, component c is the
Gaussian N(mu_c, W_c W_c^T + Psi) (12.4), so the model is a Gaussian mixture with low-rank-plus-diagonal
covariances. Every step is a handful of dense matrix products per component (BLAS-bound NumPy).
"""

import math
import warnings

import numpy as np
from scipy.special import logsumexp
from sklearn.base import BaseEstimator, DensityMixin
from sklearn.exceptions import ConvergenceWarning
from sklearn.utils import check_random_state
from sklearn.utils.validation import check_is_fitted

from .._validation import check_int, check_real, validate_data

_LOG_2PI = math.log(2.0 * math.pi)


def _component_posterior(W, psi):
    """Sigma_c = (I + W_c^T Psi^{-1} W_c)^{-1} (12.19), M_c = Sigma_c W_c^T Psi^{-1}; m_ic = M_c (x_i - mu_c)."""
    A = W.T / psi
    K = np.eye(W.shape[1]) + A @ W
    Sigma = np.linalg.inv(K)
    Sigma = 0.5 * (Sigma + Sigma.T)
    return Sigma, Sigma @ A, K


def _log_gaussians(X, means, Ws, psi):
    """log N(x_i | mu_c, W_c W_c^T + Psi) for every i and c, by the matrix inversion lemma; also the E-step moments."""
    n, D = X.shape
    K_ = len(means)
    logp = np.empty((n, K_))
    moments = []
    logdet_psi = np.sum(np.log(psi))
    for c in range(K_):
        Sigma, M, K = _component_posterior(Ws[c], psi)
        diff = X - means[c]
        m = diff @ M.T  # (12.20), one row per sample
        # (x - mu_c)^T C_c^{-1} (x - mu_c) = (x - mu_c - W_c m)^T Psi^{-1} (x - mu_c - W_c m) + m^T m: a minimum over z
        # attained at m, so insensitive to the round-off in m when psi is small
        quad = np.sum((diff - m @ Ws[c].T) ** 2 / psi, axis=1) + np.sum(m * m, axis=1)
        logdet = np.linalg.slogdet(K)[1] + logdet_psi
        logp[:, c] = -0.5 * (D * _LOG_2PI + logdet + quad)
        moments.append((Sigma, m))
    return logp, moments


class MixtureOfFactorAnalysers(DensityMixin, BaseEstimator):
    """Mixture of factor analysers by EM, MLAPP §12.1.4-12.1.5, eqs. (12.14)-(12.25).

    Parameters
    ----------
    n_components : int, default=2
        Number of mixture components K.
    n_factors : int, default=1
        Latent dimension L of every component (at most n_features).
    tol : float, default=1e-4
        Stop when the mean log-likelihood per sample rises by less than ``tol`` in one iteration.
    max_iter : int, default=500
        Maximum number of EM iterations.
    random_state : int, RandomState or None, default=None
        Seeds the k-means start (the only random step).

    Attributes
    ----------
    weights_ : ndarray of shape (n_components,)
        pi (12.16), updated by (12.25).
    means_ : ndarray of shape (n_components, n_features)
        mu_c.
    loadings_ : ndarray of shape (n_components, n_features, n_factors)
        W_c.
    noise_variance_ : ndarray of shape (n_features,)
        The diagonal of the shared Psi.
    loglike_ : list of float
        Mean log-likelihood per sample after each iteration (non-decreasing: EM).
    n_iter_ : int
        Number of EM iterations run.

    Examples
    --------
    >>> import numpy as np
    >>> from statlib.mixture import MixtureOfFactorAnalysers
    >>> rng = np.random.default_rng(0)
    >>> X = np.vstack([rng.normal(size=(100, 3)) + 6, rng.normal(size=(100, 3)) - 6])
    >>> mfa = MixtureOfFactorAnalysers(n_components=2, n_factors=1, random_state=0).fit(X)
    >>> np.round(np.sort(mfa.means_[:, 0]))
    array([-6.,  6.])
    """

    def __init__(self, n_components=2, n_factors=1, *, tol=1e-4, max_iter=500, random_state=None):
        self.n_components = n_components
        self.n_factors = n_factors
        self.tol = tol
        self.max_iter = max_iter
        self.random_state = random_state

    def _initialise(self, X, K, L):
        n, D = X.shape
        if K == 1:
            labels = np.zeros(n, dtype=int)
        else:
            from statlib.cluster import KMeans

            seed = check_random_state(self.random_state).randint(np.iinfo(np.int32).max)
            labels = KMeans(n_clusters=K, random_state=seed, n_init=1).fit(X).labels_
        means = np.empty((K, D))
        Ws = np.empty((K, D, L))
        weights = np.empty(K)
        pooled = np.zeros(D)
        for c in range(K):
            members = X[labels == c]
            if len(members) == 0:  # an empty cluster: start it on a random sample
                members = X[[check_random_state(c).randint(n)]]
            means[c] = members.mean(axis=0)
            S = (members - means[c]).T @ (members - means[c]) / len(members)
            evals, evecs = np.linalg.eigh(S)
            order = np.argsort(evals)[::-1][:L]
            V = evecs[:, order]
            V = V * np.sign(V[np.argmax(np.abs(V), axis=0), np.arange(L)] + 0.5 * np.finfo(float).tiny)
            Ws[c] = V * np.sqrt(np.maximum(evals[order], 0.0) * 0.5)
            weights[c] = len(members) / n
            pooled += np.diag(S) * len(members)
        weights /= weights.sum()
        return weights, means, Ws, pooled / n

    def fit(self, X, y=None):
        """Fit pi, mu_c, W_c and Psi by EM (12.17)-(12.25)."""
        X = validate_data(self, X, ensure_min_samples=2)
        n, D = X.shape
        K = check_int(self.n_components, "n_components", low=1, high=n)
        L = check_int(self.n_factors, "n_factors", low=1, high=D)
        tol = check_real(self.tol, "tol", low=0.0)
        max_iter = check_int(self.max_iter, "max_iter", low=1)
        if np.all(X == X[0]):
            # every feature constant: the likelihood grows without bound as Psi shrinks to 0, and the variance floor
            # below, a fraction of the data's variance, has no scale to take (EM's M-step met singular systems)
            raise ValueError(
                "X must have at least two distinct rows: all its rows are identical, so every feature has zero "
                "variance and the maximum-likelihood noise variance Psi is 0 (no finite fit)"
            )
        floor = 1e-6 * max(float(np.mean(np.var(X, axis=0))), 1e-300)
        weights, means, Ws, psi = self._initialise(X, K, L)
        psi = np.maximum(psi, floor)
        loglike = []
        previous = -np.inf
        self.n_iter_ = 0
        for it in range(1, max_iter + 1):
            # E-step: responsibilities (12.17) and the posterior moments (12.18)-(12.22)
            logp, moments = _log_gaussians(X, means, Ws, psi)
            logp += np.log(weights)
            R = np.exp(logp - logsumexp(logp, axis=1, keepdims=True))
            # M-step (12.23)-(12.25)
            psi_sum = np.zeros(D)
            for c in range(K):
                Sigma, m = moments[c]
                r = R[:, c]
                Nc = max(r.sum(), 10 * np.finfo(float).eps)
                rm = r[:, None] * m
                xb = np.hstack([X.T @ rm, (r @ X)[:, None]])  # sum_i r_ic x_i b_ic^T
                cc = np.empty((L + 1, L + 1))  # sum_i r_ic C_ic (12.22)
                cc[:L, :L] = Nc * Sigma + m.T @ rm
                cc[:L, L] = cc[L, :L] = rm.sum(axis=0)
                cc[L, L] = Nc
                Wt = np.linalg.solve(cc, xb.T).T  # (12.23), cc symmetric
                Ws[c], means[c] = Wt[:, :L], Wt[:, L]
                psi_sum += r @ (X * X) - np.sum(Wt * xb, axis=1)  # (12.24), summed over c
                weights[c] = Nc / n  # (12.25)
            weights /= weights.sum()
            psi = np.maximum(psi_sum / n, floor)
            ll = self._mean_loglik(X, weights, means, Ws, psi)
            loglike.append(ll)
            self.n_iter_ = it
            if ll - previous < tol:
                break
            previous = ll
        else:
            warnings.warn(
                f"MixtureOfFactorAnalysers: EM did not converge in max_iter={max_iter} iterations (tol={tol}); "
                "increase max_iter or tol",
                ConvergenceWarning,
                stacklevel=2,
            )
        self.weights_, self.means_, self.loadings_, self.noise_variance_ = weights, means, Ws, psi
        self.loglike_ = loglike
        return self

    @staticmethod
    def _mean_loglik(X, weights, means, Ws, psi):
        logp, _ = _log_gaussians(X, means, Ws, psi)
        return float(np.mean(logsumexp(logp + np.log(weights), axis=1)))

    def _check_X(self, X):
        check_is_fitted(self)
        return validate_data(self, X, reset=False)

    def score_samples(self, X):
        """log p(x_i) = log sum_c pi_c N(x_i | mu_c, W_c W_c^T + Psi)."""
        X = self._check_X(X)
        logp, _ = _log_gaussians(X, self.means_, self.loadings_, self.noise_variance_)
        return logsumexp(logp + np.log(self.weights_), axis=1)

    def score(self, X, y=None):
        """Mean log-likelihood per sample."""
        return float(np.mean(self.score_samples(X)))

    def predict_proba(self, X):
        """Responsibilities r_ic (12.17)."""
        X = self._check_X(X)
        logp, _ = _log_gaussians(X, self.means_, self.loadings_, self.noise_variance_)
        logp += np.log(self.weights_)
        return np.exp(logp - logsumexp(logp, axis=1, keepdims=True))

    def predict(self, X):
        """The most responsible component of each sample."""
        return np.argmax(self.predict_proba(X), axis=1)

    def covariances(self):
        """The component covariances W_c W_c^T + Psi (12.4), shape (n_components, n_features, n_features)."""
        check_is_fitted(self)
        return np.einsum("cdl,cel->cde", self.loadings_, self.loadings_) + np.diag(self.noise_variance_)
