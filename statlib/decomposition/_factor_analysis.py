"""Factor analysis by EM (MLAPP §12.1, (12.1)-(12.25)), with missing data (§12.1.6), or by the eigen fixed point.

The model (12.1)-(12.2) with mu_0 = 0 and Sigma_0 = I:

    z ~ N(0, I_L),    x | z ~ N(W z + mu, Psi),    Psi diagonal,

so that x ~ N(mu, W W^T + Psi) (12.4)-(12.6). The E-step is the Gaussian posterior of the factors
(12.7)-(12.9) = (12.18)-(12.20) and the M-step is (12.23)-(12.24) with r_ic = 1 and a single component.

Complete data. With mu = mean(X) (the MLE, and a fixed point of the joint update of W~ = (W, mu)), EM only
needs the sample covariance S = Xc^T Xc / N. Write A = W^T Psi^{-1} (L x D), Sigma = (I + A W)^{-1} (12.19) and
M = Sigma A, so that m_i = M (x_i - mu) (12.20). Summed over the data, (12.23) becomes

    W_new = S M^T (Sigma + M S M^T)^{-1},           Psi_new = diag(S - W_new M S)   (12.23), (12.24)

and one iteration costs O(D^2 L), whatever N is (BLAS-bound NumPy below).

Missing data. Each row uses only its observed coordinates o_i: Sigma_i = (I + W_o^T Psi_o^{-1} W_o)^{-1},
m_i = Sigma_i W_o^T Psi_o^{-1} (x_o - mu_o); the M-step (12.23)-(12.24) is then solved feature by feature over
the rows where that feature is observed. This per-row loop is the Numba kernel ``_missing_pass``.

Eigen fixed point (complete data; Barber, BRML §21.2.1, Algorithm 21.1; scikit-learn's iteration). For a fixed
Psi the likelihood -N/2 [D log 2 pi + log|C| + tr(C^{-1} S)] can be maximised over W in closed form. With
B = Psi^{-1/2} S Psi^{-1/2} = U diag(lambda) U^T (lambda descending) and C = Psi^{1/2} (I + V V^T) Psi^{1/2},
V = Psi^{-1/2} W, the maximiser is

    W = Psi^{1/2} U_L diag(sqrt(max(lambda_k - 1, 0))),                                       (E1)

(the PPCA maximiser (12.61) with sigma^2 = 1 for the data Psi^{-1/2} x, whose noise is white), where it attains
log|C| = log|Psi| + sum_{k<=L} log max(lambda_k, 1) and tr(C^{-1} S) = sum_{k<=L} min(lambda_k, 1)
+ sum_{k>L} lambda_k. BRML and scikit-learn take U and lambda from the SVD of the N x D scaled data
Xc Psi^{-1/2} / sqrt(N), an O(N D L) to O(N D^2) step; its right singular vectors and squared singular values are
exactly the eigenpairs of B = (Xc Psi^{-1/2} / sqrt(N))^T (Xc Psi^{-1/2} / sqrt(N)),
so one D x D eigendecomposition, O(D^3) whatever N is, gives the same update once S is formed.

Psi then moves to

    Psi_new = diag(S - W W^T),                                                                 (E2)

which is one EM step from (W, Psi): W from (E1) is stationary in W, S C^{-1} W = W, and with M = W^T C^{-1}
(the M of (12.20)) this gives M S = W^T and E[z z^T] averaged over the data = Sigma + M S M^T = Sigma + M W = I;
so (12.23) returns W itself and (12.24) becomes (E2). Each iteration is therefore an EM step (which never lowers
the likelihood) followed by an exact maximisation over W (which never lowers it either): the log-likelihood
l(W_k, Psi_{k-1}) recorded after iteration k is non-decreasing (unless the floor psi_j >= 1e-12 binds, a Heywood
case, as in EM), and a fixed point is a fixed point of EM, hence a stationary point of the likelihood.
How many iterations it saves over EM depends on the data and the start: 4-20 % on the standardised wine data
(L = 1, 2, 3, tol = 1e-10); near a Heywood case (psi_j -> 0), where EM crawls, far more (on the data of MLAPP
Exercise 12.11, under 50 iterations, while EM is still short of the maximum after 10^5).
"""

import math
import warnings

import numpy as np
from numba import njit
from sklearn.base import BaseEstimator, ClassNamePrefixFeaturesOutMixin, TransformerMixin
from sklearn.exceptions import ConvergenceWarning
from sklearn.utils.validation import check_is_fitted

from .._validation import check_choice, check_int, check_real, check_scale, validate_data

_LOG_2PI = math.log(2.0 * math.pi)
_PSI_FLOOR = 1e-12


# ----------------------------------------------------------------------------------------- complete data
def _posterior(W, psi):
    """Sigma = (I + W^T Psi^{-1} W)^{-1} (12.19) and M = Sigma W^T Psi^{-1}, so that m_i = M (x_i - mu) (12.20)."""
    A = W.T / psi  # W^T Psi^{-1}, L x D
    Sigma = np.linalg.inv(np.eye(W.shape[1]) + A @ W)
    Sigma = 0.5 * (Sigma + Sigma.T)
    return Sigma, Sigma @ A


def _mean_loglik(S, W, psi):
    """Mean log-likelihood -1/2 [D log 2 pi + log|C| + tr(C^{-1} S)], C = W W^T + Psi (12.6), by Woodbury.

    r^T C^{-1} r = min_z (r - W z)^T Psi^{-1} (r - W z) + z^T z, attained at z = M r (12.20); so
    tr(C^{-1} S) = tr(Psi^{-1} (I - W M) S (I - W M)^T) + tr(M S M^T). This form is stationary in M, hence
    insensitive to the error of M when K = I + W^T Psi^{-1} W is ill-conditioned (psi_j -> 0, Heywood cases),
    unlike sum_j S_jj / psi_j - tr(K^{-1} A S A^T), whose two large terms cancel.
    """
    D = S.shape[0]
    _, M = _posterior(W, psi)
    K = np.eye(W.shape[1]) + (W.T / psi) @ W
    sign, logdet_k = np.linalg.slogdet(K)
    logdet_c = logdet_k + np.sum(np.log(psi))
    MS = M @ S
    MSMt = MS @ M.T
    # diag((I - W M) S (I - W M)^T) = diag(S) - 2 diag(W M S) + diag(W M S M^T W^T), in O(D^2 L)
    resid = np.diag(S) - 2.0 * np.sum(W * MS.T, axis=1) + np.sum((W @ MSMt) * W, axis=1)
    trace = np.sum(resid / psi) + np.trace(MSMt)
    return -0.5 * (D * _LOG_2PI + logdet_c + trace)


def _em_step(S, W, psi):
    """One EM iteration on the sample covariance: E-step (12.19)-(12.20), M-step (12.23)-(12.24)."""
    Sigma, M = _posterior(W, psi)
    SMt = S @ M.T  # (1/N) sum_i (x_i - mu) m_i^T
    Ezz = Sigma + M @ SMt  # (1/N) sum_i E[z_i z_i^T]
    W_new = np.linalg.solve(Ezz, SMt.T).T  # (12.23)
    psi_new = np.diag(S) - np.sum(W_new * SMt, axis=1)  # (12.24): diag(S - W_new M S)
    return W_new, np.maximum(psi_new, _PSI_FLOOR)


@njit(cache=True)
def _eigen_fixed_point(S, psi, L, n, tol, max_iter):
    """The eigen fixed point: W from (E1) for the current Psi, then Psi from (E2), until the total log-likelihood
    rises by less than ``tol``. ``psi`` is updated in place. Returns W, Psi, the total log-likelihood of (W, Psi)
    after each iteration, and whether it converged.

    The likelihood is read off the eigenvalues (module docstring): log|C| = log|Psi| + sum_{k<=L} log max(lambda_k, 1)
    and tr(C^{-1} S) = sum_{k<=L} min(lambda_k, 1) + sum_{k>L} lambda_k.
    """
    D = S.shape[0]
    W = np.zeros((D, L))
    B = np.empty((D, D))
    sqrt_psi = np.empty(D)
    loglike = np.empty(max_iter)
    previous = -np.inf
    for it in range(max_iter):
        if it > 0:
            for j in range(D):  # (E2): Psi = diag(S - W W^T)
                r = S[j, j]
                for k in range(L):
                    r -= W[j, k] * W[j, k]
                psi[j] = max(r, _PSI_FLOOR)
        for j in range(D):
            sqrt_psi[j] = math.sqrt(psi[j])
        for a in range(D):  # B = Psi^{-1/2} S Psi^{-1/2}
            for b in range(D):
                B[a, b] = S[a, b] / (sqrt_psi[a] * sqrt_psi[b])
        lam, U = np.linalg.eigh(B)  # ascending
        total = D * _LOG_2PI
        for j in range(D):
            total += math.log(psi[j])
        for k in range(L):  # (E1): W = Psi^{1/2} U_L max(Lambda_L - I, 0)^{1/2}, largest eigenvalue first
            col = D - 1 - k
            if lam[col] > 1.0:
                total += math.log(lam[col]) + 1.0
                f = math.sqrt(lam[col] - 1.0)
            else:
                total += lam[col]
                f = 0.0
            for j in range(D):
                W[j, k] = sqrt_psi[j] * U[j, col] * f
        for k in range(D - L):
            total += lam[k]
        ll = -0.5 * n * total
        loglike[it] = ll
        if ll - previous < tol:
            return W, psi, loglike[: it + 1], True
        previous = ll
    return W, psi, loglike, False


# -------------------------------------------------------------------------------------------- missing data
@njit(cache=True)
def _missing_pass(X, observed, W, mu, psi, accumulate):
    """E-step over rows with missing entries (MLAPP §12.1.6), and the sums the M-step (12.23)-(12.24) needs.

    Returns the posterior means m_i (12.20), the log-likelihood of each row's observed part, and, if
    ``accumulate``, per feature d the sums over the rows where d is observed of x_id b_i (``xb``), C_i (``cc``,
    (12.22)) and x_id^2 (``xx``), with b_i = [m_i; 1] (12.21).
    """
    n, D = X.shape
    L = W.shape[1]
    means = np.zeros((n, L))
    loglik = np.zeros(n)
    xb = np.zeros((D, L + 1))
    cc = np.zeros((D, L + 1, L + 1))
    xx = np.zeros(D)
    K = np.empty((L, L))
    v = np.empty(L)
    C = np.empty((L + 1, L + 1))
    for i in range(n):
        # (12.19) restricted to the observed coordinates: K = I + W_o^T Psi_o^{-1} W_o
        for a in range(L):
            for b in range(L):
                K[a, b] = 1.0 if a == b else 0.0
            v[a] = 0.0
        logdet_psi = 0.0
        n_obs = 0
        for d in range(D):
            if not observed[i, d]:
                continue
            n_obs += 1
            r = X[i, d] - mu[d]
            logdet_psi += math.log(psi[d])
            for a in range(L):
                wa = W[d, a] / psi[d]
                v[a] += wa * r  # W_o^T Psi_o^{-1} (x_o - mu_o)
                for b in range(L):
                    K[a, b] += wa * W[d, b]
        Sigma = np.linalg.inv(K)
        m = Sigma @ v  # (12.20)
        sign, logdet_k = np.linalg.slogdet(K)
        # log N(x_o | mu_o, C_oo): |C_oo| = |K| |Psi_o|, and r^T C_oo^{-1} r = (r - W_o m)^T Psi_o^{-1} (r - W_o m)
        # + m^T m, a minimum over z attained at m (stable when K is ill-conditioned, unlike r^T Psi_o^{-1} r - v^T m)
        quad = 0.0
        for a in range(L):
            quad += m[a] * m[a]
        for d in range(D):
            if not observed[i, d]:
                continue
            e = X[i, d] - mu[d]
            for a in range(L):
                e -= W[d, a] * m[a]
            quad += e * e / psi[d]
        loglik[i] = -0.5 * (n_obs * 1.8378770664093453 + logdet_k + logdet_psi + quad)
        for a in range(L):
            means[i, a] = m[a]
        if not accumulate:
            continue
        # C_i = E[z~ z~^T] (12.22) with z~ = (z, 1)
        for a in range(L):
            for b in range(L):
                C[a, b] = Sigma[a, b] + m[a] * m[b]
            C[a, L] = m[a]
            C[L, a] = m[a]
        C[L, L] = 1.0
        for d in range(D):
            if not observed[i, d]:
                continue
            x = X[i, d]
            xx[d] += x * x
            for a in range(L):
                xb[d, a] += x * m[a]
            xb[d, L] += x
            for a in range(L + 1):
                for b in range(L + 1):
                    cc[d, a, b] += C[a, b]
    return means, loglik, xb, cc, xx


def _missing_m_step(xb, cc, xx, counts):
    """(12.23)-(12.24) feature by feature: w~_d = [sum x_id b_i^T][sum C_i]^{-1}, psi_d from (12.24)."""
    D, L1 = xb.shape
    Wt = np.empty((D, L1))
    for d in range(D):
        Wt[d] = np.linalg.solve(cc[d], xb[d])  # cc[d] is symmetric
    psi = (xx - np.sum(Wt * xb, axis=1)) / counts
    return Wt[:, : L1 - 1].copy(), Wt[:, L1 - 1].copy(), np.maximum(psi, _PSI_FLOOR)


# ---------------------------------------------------------------------------------------------- estimator
class FactorAnalysis(ClassNamePrefixFeaturesOutMixin, TransformerMixin, BaseEstimator):
    """Factor analysis by EM (MLAPP §12.1.5, eqs. (12.17)-(12.25) with one component) or by the eigen fixed point.

    The attributes follow :class:`sklearn.decomposition.FactorAnalysis` (which maximises the same likelihood
    by the SVD form of the eigen fixed point): ``components_`` is W^T, ``noise_variance_`` the diagonal of Psi,
    ``score(X)`` the mean log-likelihood per sample under N(mu, W W^T + Psi) (12.6).

    Parameters
    ----------
    n_components : int or None, default=None
        Number of factors L (``None``: L = D).
    tol : float, default=1e-2
        Stop when the total log-likelihood rises by less than ``tol`` in one iteration.
    max_iter : int, default=1000
        Maximum number of iterations.
    noise_variance_init : array of shape (n_features,) or None, default=None
        Initial Psi; ``None`` uses the sample variances.
    algorithm : {"auto", "eigen", "em"}, default="auto"
        "em" is the book's EM (the E-step (12.19)-(12.20) and M-step (12.23)-(12.24) on the sample covariance,
        starting from W = the top eigenvectors of S scaled by sqrt(lambda / 2)). "eigen" alternates the exact
        maximisation over W for fixed Psi, (E1) in the module docstring (Barber, BRML Algorithm 21.1, the
        iteration of scikit-learn, here from the eigendecomposition of the D x D matrix Psi^{-1/2} S Psi^{-1/2},
        O(D^3) per iteration whatever N is), with Psi = diag(S - W W^T) (E2); it needs complete data, and
        fewer iterations than EM (4-20 % fewer on the standardised wine data, far fewer near a Heywood case,
        psi_j -> 0, where EM crawls). "auto" runs "eigen" on complete data and "em" when X has NaN.

    Entries of ``X`` that are NaN are treated as missing at random (MLAPP §12.1.6): the E-step conditions on
    each row's observed coordinates, and ``transform`` and ``score_samples`` accept NaN in the same way.

    Attributes
    ----------
    components_ : ndarray of shape (n_components, n_features)
        The factor loadings W^T.
    noise_variance_ : ndarray of shape (n_features,)
        The diagonal of Psi.
    mean_ : ndarray of shape (n_features,)
        mu (the sample mean for complete data).
    loglike_ : list of float
        Total log-likelihood after each iteration (non-decreasing for both algorithms).
    n_iter_ : int
        Number of iterations run.

    Examples
    --------
    >>> import numpy as np
    >>> from statlib.decomposition import FactorAnalysis
    >>> rng = np.random.default_rng(0)
    >>> X = rng.normal(size=(500, 1)) @ [[1.0, 2.0, -1.0]] + 0.3 * rng.normal(size=(500, 3))
    >>> fa = FactorAnalysis(n_components=1, tol=1e-8).fit(X)
    >>> fa.components_.shape, fa.noise_variance_.shape
    ((1, 3), (3,))
    >>> bool(np.all(np.diff(fa.loglike_) >= -1e-9))
    True
    """

    def __init__(self, n_components=None, *, tol=1e-2, max_iter=1000, noise_variance_init=None, algorithm="auto"):
        self.n_components = n_components
        self.tol = tol
        self.max_iter = max_iter
        self.noise_variance_init = noise_variance_init
        self.algorithm = algorithm

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.input_tags.allow_nan = True
        return tags

    def _check_params(self, n_features):
        if self.n_components is None:
            L = n_features
        else:
            L = check_int(self.n_components, "n_components", low=1, high=n_features)
        tol = check_real(self.tol, "tol", low=0.0)
        max_iter = check_int(self.max_iter, "max_iter", low=1)
        psi0 = None
        if self.noise_variance_init is not None:
            psi0 = np.asarray(self.noise_variance_init, dtype=float)
            if psi0.shape != (n_features,) or not np.all(np.isfinite(psi0)) or np.any(psi0 <= 0):
                raise ValueError(
                    f"noise_variance_init must be a positive array of shape ({n_features},), got {psi0.shape}"
                )
        algorithm = check_choice(self.algorithm, "algorithm", ("auto", "eigen", "em"))
        return L, tol, max_iter, psi0, algorithm

    def fit(self, X, y=None):
        """Fit W, Psi and mu by EM or the eigen fixed point; NaN entries of X are missing values (EM)."""
        X = validate_data(self, X, ensure_all_finite="allow-nan", ensure_min_samples=2)
        if np.any(np.isinf(X)):
            raise ValueError("X must not contain infinity (NaN marks a missing value)")
        check_scale(X, "X", small=True)  # the sample covariance must neither overflow nor underflow
        observed = ~np.isnan(X)
        counts = observed.sum(axis=0).astype(float)
        if np.any(counts == 0):
            raise ValueError("X has a column with no observed value (all NaN)")
        L, tol, max_iter, psi0, algorithm = self._check_params(X.shape[1])
        complete = bool(observed.all())
        if algorithm == "eigen" and not complete:
            raise ValueError("algorithm='eigen' needs complete data: X has NaN (use algorithm='em' or 'auto')")
        n = X.shape[0]
        mu = np.nanmean(X, axis=0)
        Xc = np.where(observed, X - mu, 0.0)  # mean-imputed, centred: only for the starting point
        S = Xc.T @ Xc / n
        psi = np.maximum(np.diag(S).copy() if psi0 is None else psi0.copy(), _PSI_FLOOR)
        if algorithm == "em" or not complete:
            W, psi, mu, loglike = self._fit_em(X, observed, counts, S, mu, psi, L, tol, max_iter, complete)
        else:
            W, psi, loglike = self._fit_eigen(S, n, psi, L, tol, max_iter)
        self.components_ = W.T.copy()
        self.noise_variance_ = psi
        self.mean_ = mu
        self.loglike_ = loglike
        self.n_iter_ = len(loglike)
        self._n_features_out = L
        return self

    @staticmethod
    def _warn(algorithm, max_iter, tol):
        warnings.warn(
            f"FactorAnalysis: {algorithm} did not converge in max_iter={max_iter} iterations "
            f"(tol={tol}); increase max_iter or tol",
            ConvergenceWarning,
            stacklevel=4,
        )

    def _fit_eigen(self, S, n, psi, L, tol, max_iter):
        """The eigen fixed point, (E1) then (E2), in the Numba kernel ``_eigen_fixed_point``."""
        W, psi, loglike, converged = _eigen_fixed_point(S, psi, L, float(n), tol, max_iter)
        if not converged:
            self._warn("the eigen iteration", max_iter, tol)
        # the sign of each factor is arbitrary (12.11): make the largest-magnitude loading of each positive
        W = W * np.sign(W[np.argmax(np.abs(W), axis=0), np.arange(L)] + 0.5 * np.finfo(float).tiny)
        return W, psi, [float(v) for v in loglike]

    def _fit_em(self, X, observed, counts, S, mu, psi, L, tol, max_iter, complete):
        """EM (MLAPP §12.1.5): on the sample covariance for complete data, row by row (§12.1.6) otherwise."""
        # Start: W = top eigenvectors v_k of S scaled by sqrt(lambda_k / 2) (a PPCA-like start, cf. (12.61)),
        # Psi = diag(S).
        evals, evecs = np.linalg.eigh(S)
        order = np.argsort(evals)[::-1][:L]
        V = evecs[:, order]
        V = V * np.sign(V[np.argmax(np.abs(V), axis=0), np.arange(L)] + 0.5 * np.finfo(float).tiny)
        W = V * np.sqrt(np.maximum(evals[order], 0.0) * 0.5)
        n = X.shape[0]
        loglike = []
        previous = -np.inf
        for _ in range(max_iter):
            if complete:
                W, psi = _em_step(S, W, psi)
                ll = n * _mean_loglik(S, W, psi)
            else:
                _, _, xb, cc, xx = _missing_pass(X, observed, W, mu, psi, True)
                W, mu, psi = _missing_m_step(xb, cc, xx, counts)
                ll = float(np.sum(_missing_pass(X, observed, W, mu, psi, False)[1]))
            loglike.append(float(ll))
            if ll - previous < tol:
                break
            previous = ll
        else:
            self._warn("EM", max_iter, tol)
        return W, psi, mu, loglike

    def _check_X(self, X):
        check_is_fitted(self)
        X = validate_data(self, X, reset=False, ensure_all_finite="allow-nan")
        if np.any(np.isinf(X)):
            raise ValueError("X must not contain infinity (NaN marks a missing value)")
        return X

    def transform(self, X):
        """Posterior means m_i = E[z_i | x_i] (12.9)/(12.20), using each row's observed entries."""
        X = self._check_X(X)
        observed = ~np.isnan(X)
        W = self.components_.T
        if observed.all():
            _, M = _posterior(W, self.noise_variance_)
            return (X - self.mean_) @ M.T
        return _missing_pass(X, observed, W, self.mean_, self.noise_variance_, False)[0]

    def posterior_covariance(self):
        """Sigma = (I + W^T Psi^{-1} W)^{-1} (12.8)/(12.19), the same for every complete row."""
        check_is_fitted(self)
        return _posterior(self.components_.T, self.noise_variance_)[0]

    def get_covariance(self):
        """C = W W^T + Psi (12.6)."""
        check_is_fitted(self)
        return self.components_.T @ self.components_ + np.diag(self.noise_variance_)

    def get_precision(self):
        """C^{-1} = Psi^{-1} - Psi^{-1} W Sigma W^T Psi^{-1} (matrix inversion lemma)."""
        check_is_fitted(self)
        W = self.components_.T
        Sigma, M = _posterior(W, self.noise_variance_)
        return np.diag(1.0 / self.noise_variance_) - (W / self.noise_variance_[:, None]) @ M

    def score_samples(self, X):
        """log N(x_o | mu_o, C_oo) for each row (its observed coordinates)."""
        X = self._check_X(X)
        observed = ~np.isnan(X)
        W = self.components_.T
        if observed.all():
            psi = self.noise_variance_
            Xc = X - self.mean_
            _, M = _posterior(W, psi)
            m = Xc @ M.T  # (12.20)
            # log|C| = log|K| + log|Psi|; x^T C^{-1} x = (x - W m)^T Psi^{-1} (x - W m) + m^T m (see _mean_loglik)
            K = np.eye(W.shape[1]) + (W.T / psi) @ W
            logdet = np.linalg.slogdet(K)[1] + np.sum(np.log(psi))
            quad = np.sum((Xc - m @ W.T) ** 2 / psi, axis=1) + np.sum(m * m, axis=1)
            return -0.5 * (X.shape[1] * _LOG_2PI + logdet + quad)
        return _missing_pass(X, observed, W, self.mean_, self.noise_variance_, False)[1]

    def score(self, X, y=None):
        """Mean log-likelihood per sample, as :meth:`sklearn.decomposition.FactorAnalysis.score`."""
        return float(np.mean(self.score_samples(X)))


def max_factors(n_features):
    """The largest L with D + L D - L (L - 1) / 2 <= D (D + 1) / 2 (12.12, corrected).

    The count D + LD - L(L-1)/2 is the free parameters of FA after removing the rotations; it may not exceed
    the D (D + 1) / 2 of a full covariance. Solving the quadratic gives L_max = floor(D + (1 - sqrt(1 + 8 D)) / 2).

    >>> [max_factors(d) for d in range(1, 12)]
    [0, 0, 1, 1, 2, 3, 3, 4, 5, 6, 6]
    """
    D = check_int(n_features, "n_features", low=1)
    L = int(math.floor(D + 0.5 * (1.0 - math.sqrt(1.0 + 8.0 * D))))
    # guard the floor against round-off at perfect squares
    while L + 1 <= D and D + (L + 1) * D - (L + 1) * L / 2 <= D * (D + 1) / 2:
        L += 1
    while L > 0 and D + L * D - L * (L - 1) / 2 > D * (D + 1) / 2:
        L -= 1
    return L
