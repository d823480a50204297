"""Gaussian mixture models fitted by EM: Li Hang Algorithm 9.2, eqs. (9.24)-(9.32), in d dimensions.

The E-step and the sufficient statistics of the M-step are fused into one pass over the data
(:func:`_em_pass_full`, :func:`_em_pass_diag`): for each sample the weighted log-densities of the
K components are computed from Cholesky factors of the precision matrices, normalised in log
space (the log-sum-exp trick), and turned into responsibilities that are accumulated at once,

    N_k = sum_j g_jk,   T_k = sum_j g_jk (y_j - m_k),   S_k = sum_j g_jk (y_j - m_k)(y_j - m_k)^T,

around the current means m_k. The M-step (:func:`_m_step_full`) then gives the new mean
mu_k = m_k + T_k / N_k (9.30) and the scatter about that *new* mean,
sum_j g_jk (y_j - mu_k)(y_j - mu_k)^T = S_k - T_k T_k^T / N_k, the exact update (9.31) (see the
chapter on the book's use of the old mean there). No n-by-K array is allocated while iterating.
"""

import math
import warnings

import numpy as np
from numba import njit
from sklearn.base import BaseEstimator, DensityMixin
from sklearn.exceptions import ConvergenceWarning
from sklearn.utils import check_random_state
from sklearn.utils.validation import check_is_fitted

from .._validation import check_array, check_choice, check_int, check_probability_vector, check_real, validate_data

__all__ = ["GaussianMixture"]

_LOG_2PI = math.log(2.0 * math.pi)
# Added to every N_k, as scikit-learn does, so that a component with no responsibility left
# gets a finite mean and the covariance reg_covar * I instead of 0/0.
_NK_FLOOR = 10.0 * np.finfo(np.float64).eps
_COVARIANCE_TYPES = ("full", "diag", "spherical")
_INIT_PARAMS = ("kmeans", "k-means++", "random", "random_from_data")
_ILL_DEFINED = (
    "Fitting the mixture failed: a component has an ill-defined covariance (a singleton or collapsed "
    "component). Increase reg_covar, use fewer components, or scale the data."
)


@njit(cache=True)
def _responsibilities_inplace(logp, top):
    """Turn log(alpha_k phi(y | theta_k)) in ``logp`` into the responsibilities (Algorithm 9.2, step 2), in place;
    ``top`` is the largest entry, subtracted before exp so nothing overflows. Returns log P(y) (log-sum-exp)."""
    norm = 0.0
    for k in range(logp.shape[0]):
        logp[k] = np.exp(logp[k] - top)
        norm += logp[k]
    inv_norm = 1.0 / norm
    for k in range(logp.shape[0]):
        logp[k] *= inv_norm
    return top + np.log(norm)


@njit(cache=True)
def _em_pass_full(X, log_weights, means, prec_chol, log_det, nk, t1, s2, diff, logp):
    """One E-step with full covariances, fused with the M-step's sums; returns sum_j log P(y_j | theta).

    log(alpha_k phi(y_j | theta_k)) = log alpha_k + log|U_k| - (d log 2 pi + ||(y_j - mu_k) U_k||^2) / 2,
    with U_k the upper-triangular factor of the precision, U_k U_k^T = Sigma_k^{-1} (eq. 9.25 in d
    dimensions). The responsibilities g_jk (Algorithm 9.2, step 2) are normalised in log space and
    accumulated into ``nk``, ``t1`` (K, d) and the upper triangle of ``s2`` (K, d, d), all zeroed
    here. ``diff`` (K, d) and ``logp`` (K,) are scratch.
    """
    n, d = X.shape
    K = means.shape[0]
    nk[:] = 0.0
    t1[:, :] = 0.0
    s2[:, :, :] = 0.0
    total = 0.0
    for i in range(n):
        top = -np.inf
        for k in range(K):
            for a in range(d):
                diff[k, a] = X[i, a] - means[k, a]
            maha = 0.0
            for b in range(d):
                z = 0.0
                for a in range(b + 1):
                    z += diff[k, a] * prec_chol[k, a, b]
                maha += z * z
            v = log_weights[k] + log_det[k] - 0.5 * (d * _LOG_2PI + maha)  # log(alpha_k phi(y_j | theta_k))
            logp[k] = v
            if v > top:
                top = v
        total += _responsibilities_inplace(logp, top)  # step 2: logp[k] becomes gamma_jk (log-sum-exp)
        for k in range(K):  # the M-step's sums n_k, T_k, S_k about the current means
            g = logp[k]
            nk[k] += g
            for a in range(d):
                ga = g * diff[k, a]
                t1[k, a] += ga
                for b in range(a, d):
                    s2[k, a, b] += ga * diff[k, b]
    return total


@njit(cache=True)
def _em_pass_diag(X, log_weights, means, prec_sqrt, log_det, nk, t1, s2, diff, logp):
    """As :func:`_em_pass_full` for diagonal precisions: ``prec_sqrt`` (K, d) holds 1/sigma_ka and
    ``s2`` (K, d) only the diagonal scatter sum_j g_jk (y_ja - m_ka)^2 (also used for spherical)."""
    n, d = X.shape
    K = means.shape[0]
    nk[:] = 0.0
    t1[:, :] = 0.0
    s2[:, :] = 0.0
    total = 0.0
    for i in range(n):
        top = -np.inf
        for k in range(K):
            maha = 0.0
            for a in range(d):
                u = X[i, a] - means[k, a]
                diff[k, a] = u
                z = u * prec_sqrt[k, a]
                maha += z * z
            v = log_weights[k] + log_det[k] - 0.5 * (d * _LOG_2PI + maha)
            logp[k] = v
            if v > top:
                top = v
        total += _responsibilities_inplace(logp, top)
        for k in range(K):
            g = logp[k]
            nk[k] += g
            for a in range(d):
                ga = g * diff[k, a]
                t1[k, a] += ga
                s2[k, a] += ga * diff[k, a]
    return total


@njit(cache=True)
def _precision_cholesky(cov, prec_chol, work):
    """U with U U^T = cov^{-1}, U = L^{-T} for the Cholesky factor cov = L L^T; returns log det U.

    Returns NaN (and leaves ``prec_chol`` undefined) if ``cov`` is not positive definite. ``work``
    (d, d) is scratch for L.
    """
    d = cov.shape[0]
    L = work
    for i in range(d):
        for j in range(i + 1):
            s = cov[i, j]
            for m in range(j):
                s -= L[i, m] * L[j, m]
            if i == j:
                if not s > 0.0:
                    return np.nan
                L[i, i] = np.sqrt(s)
            else:
                L[i, j] = s / L[j, j]
    # Forward substitution for L^{-1} (lower), stored transposed as the upper factor U.
    log_det = 0.0
    for j in range(d):
        for i in range(d):
            prec_chol[i, j] = 0.0
    for i in range(d):
        inv_ii = 1.0 / L[i, i]
        prec_chol[i, i] = inv_ii
        log_det += np.log(inv_ii)
        for j in range(i):
            s = 0.0
            for m in range(j, i):
                s += L[i, m] * prec_chol[j, m]
            prec_chol[j, i] = -s * inv_ii
    return log_det


@njit(cache=True)
def _m_step_full(nk_raw, t1, s2, reg_covar, weights, means, covariances, prec_chol, log_det, work):
    """M-step of Algorithm 9.2 with full covariances, from the sums of :func:`_em_pass_full`.

    alpha_k = N_k / N (9.32); mu_k = m_k + T_k / N_k (9.30); Sigma_k = (S_k - T_k T_k^T / N_k) / N_k
    + reg_covar I, the scatter about the new mean mu_k (9.31). Updates ``weights``, ``means``,
    ``covariances``, ``prec_chol`` and ``log_det`` in place; returns False if a covariance is not
    positive definite.
    """
    K, d = means.shape
    total = 0.0
    for k in range(K):
        total += nk_raw[k] + _NK_FLOOR
    ok = True
    for k in range(K):
        nk = nk_raw[k] + _NK_FLOOR
        weights[k] = nk / total  # (9.32)
        for a in range(d):
            for b in range(a, d):
                c = (s2[k, a, b] - t1[k, a] * t1[k, b] / nk) / nk  # (9.31) about the new mean
                covariances[k, a, b] = c
                covariances[k, b, a] = c
            covariances[k, a, a] += reg_covar
        for a in range(d):
            means[k, a] += t1[k, a] / nk  # (9.30)
        log_det[k] = _precision_cholesky(covariances[k], prec_chol[k], work)
        if np.isnan(log_det[k]):
            ok = False
    return ok


@njit(cache=True)
def _m_step_diag(nk_raw, t1, s2, reg_covar, spherical, weights, means, variances, prec_sqrt, log_det):
    """M-step with diagonal (or, if ``spherical``, one shared per-component) variances.

    As :func:`_m_step_full` on the diagonal: sigma_ka^2 = (S_ka - T_ka^2 / N_k) / N_k + reg_covar;
    a spherical component takes the mean of its d diagonal variances. ``variances`` and
    ``prec_sqrt`` are (K, d) (columns equal when spherical). Returns False on a non-positive variance.
    """
    K, d = means.shape
    total = 0.0
    for k in range(K):
        total += nk_raw[k] + _NK_FLOOR
    ok = True
    for k in range(K):
        nk = nk_raw[k] + _NK_FLOOR
        weights[k] = nk / total
        mean_var = 0.0
        for a in range(d):
            variances[k, a] = (s2[k, a] - t1[k, a] * t1[k, a] / nk) / nk + reg_covar
            mean_var += variances[k, a]
            means[k, a] += t1[k, a] / nk
        if spherical:
            for a in range(d):
                variances[k, a] = mean_var / d
        log_det[k] = 0.0
        for a in range(d):
            if not variances[k, a] > 0.0:
                ok = False
                prec_sqrt[k, a] = np.nan
            else:
                prec_sqrt[k, a] = 1.0 / np.sqrt(variances[k, a])
                log_det[k] += np.log(prec_sqrt[k, a])
    return ok


@njit(cache=True)
def _weighted_log_prob(X, log_weights, means, prec_chol, log_det, out):
    """out[j, k] = log alpha_k + log phi(y_j | theta_k) for full precision factors ``prec_chol``."""
    n, d = X.shape
    K = means.shape[0]
    diff = np.empty(d)
    for i in range(n):
        for k in range(K):
            for a in range(d):
                diff[a] = X[i, a] - means[k, a]
            maha = 0.0
            for b in range(d):
                z = 0.0
                for a in range(b + 1):
                    z += diff[a] * prec_chol[k, a, b]
                maha += z * z
            out[i, k] = log_weights[k] + log_det[k] - 0.5 * (d * _LOG_2PI + maha)


class GaussianMixture(DensityMixin, BaseEstimator):
    """Gaussian mixture model fitted by EM, Li Hang Definition 9.2 and Algorithm 9.2, in d dimensions.

    The density is P(y | theta) = sum_k alpha_k phi(y | mu_k, Sigma_k) (9.24). Each EM iteration
    computes the responsibilities g_jk = alpha_k phi(y_j | theta_k) / sum_l alpha_l phi(y_j | theta_l)
    (E-step) and the updates (9.30)-(9.32) (M-step), with the covariance taken about the freshly
    updated mean. The book's one-dimensional model is ``X`` with one column. Parameters, attributes,
    initialisations and stopping rule follow :class:`sklearn.mixture.GaussianMixture`, so the two
    reproduce each other from the same starting point.

    Parameters
    ----------
    n_components : int, default=1
        Number of components K.
    covariance_type : {"full", "diag", "spherical"}, default="full"
        Full covariance matrices, diagonal ones, or one variance per component.
    tol : float, default=1e-3
        Stop when the mean log-likelihood per sample changes by less than ``tol`` in an iteration.
    reg_covar : float, default=1e-6
        Added to the diagonal of every covariance, so that a component that collapses onto one
        point (or loses all its responsibility) keeps a positive-definite covariance.
    max_iter : int, default=100
        Maximum number of EM iterations (0 keeps the initial parameters).
    n_init : int, default=1
        Number of initialisations; the fit with the largest final ``lower_bound_`` is kept.
    init_params : {"kmeans", "k-means++", "random", "random_from_data"}, default="kmeans"
        How the initial responsibilities are chosen, as in scikit-learn: a k-means labelling, the
        k-means++ seeds, uniform random responsibilities, or K random samples.
    weights_init : array-like of shape (n_components,), default=None
        Initial mixing weights alpha_k (overrides ``init_params`` for the weights).
    means_init : array-like of shape (n_components, n_features), default=None
        Initial means.
    precisions_init : array-like, default=None
        Initial precisions (inverse covariances): shape (n_components,) for "spherical",
        (n_components, n_features) for "diag", (n_components, n_features, n_features) for "full".
    random_state : int, RandomState or None, default=None
        Seed for the initialisation and for :meth:`sample`.

    Attributes
    ----------
    weights_ : ndarray of shape (n_components,)
    means_ : ndarray of shape (n_components, n_features)
    covariances_ : ndarray
        (n_components,), (n_components, n_features) or (n_components, n_features, n_features).
    precisions_, precisions_cholesky_ : ndarray
        The inverse covariances and their upper-triangular factors U_k (U_k U_k^T = Sigma_k^{-1}).
    converged_ : bool
    n_iter_ : int
    lower_bound_ : float
        Mean log-likelihood per sample computed in the last E-step (at the parameters before the
        last M-step), as in scikit-learn; :meth:`score` gives it at the final parameters.
    lower_bounds_ : list of float
        The same quantity at every iteration; non-decreasing by Theorem 9.1.
    n_features_in_ : int

    Notes
    -----
    Two deliberate differences from scikit-learn, both invisible once a fit has run one iteration:
    the initial weights are normalised (scikit-learn's sum to K/n after "k-means++" or
    "random_from_data", which lowers its first ``lower_bounds_`` entry by log(n/K)), and the
    diagonal variances are computed about the mean rather than as E[y^2] - mu^2 (which loses
    digits when a component starts on a single sample). "tied" covariances are not implemented.

    References
    ----------
    Li Hang, *Statistical Learning Methods*, 2nd ed., §9.3, Algorithm 9.2.
    A. P. Dempster, N. M. Laird, D. B. Rubin, JRSS B 39(1), 1977.

    Examples
    --------
    >>> import numpy as np
    >>> from statlib.mixture import GaussianMixture
    >>> X = np.r_[np.zeros(50), np.full(50, 10.0)][:, None] + np.tile([-1.0, 1.0], 50)[:, None]
    >>> gm = GaussianMixture(2, random_state=0).fit(X)
    >>> np.sort(gm.means_.ravel()).round(3)
    array([ 0., 10.])
    """

    def __init__(
        self,
        n_components=1,
        *,
        covariance_type="full",
        tol=1e-3,
        reg_covar=1e-6,
        max_iter=100,
        n_init=1,
        init_params="kmeans",
        weights_init=None,
        means_init=None,
        precisions_init=None,
        random_state=None,
    ):
        self.n_components = n_components
        self.covariance_type = covariance_type
        self.tol = tol
        self.reg_covar = reg_covar
        self.max_iter = max_iter
        self.n_init = n_init
        self.init_params = init_params
        self.weights_init = weights_init
        self.means_init = means_init
        self.precisions_init = precisions_init
        self.random_state = random_state

    # ------------------------------------------------------------------ checks
    def _check_hyperparameters(self):
        return dict(
            K=check_int(self.n_components, "n_components", low=1),
            cov_type=check_choice(self.covariance_type, "covariance_type", _COVARIANCE_TYPES),
            tol=check_real(self.tol, "tol", low=0.0),
            reg_covar=check_real(self.reg_covar, "reg_covar", low=0.0),
            max_iter=check_int(self.max_iter, "max_iter", low=0),
            n_init=check_int(self.n_init, "n_init", low=1),
            init_params=check_choice(self.init_params, "init_params", _INIT_PARAMS),
        )

    def _check_initial_values(self, K, d, cov_type):
        weights = means = precisions = None
        if self.weights_init is not None:
            weights = check_probability_vector(self.weights_init, "weights_init")
            if weights.shape != (K,):
                raise ValueError(f"weights_init must have shape ({K},), got {weights.shape}")
        if self.means_init is not None:
            means = check_array(self.means_init, "means_init")
            if means.shape != (K, d):
                raise ValueError(f"means_init must have shape ({K}, {d}), got {means.shape}")
        if self.precisions_init is not None:
            shape = {"full": (K, d, d), "diag": (K, d), "spherical": (K,)}[cov_type]
            if np.ndim(self.precisions_init) != len(shape):
                raise ValueError(
                    f"precisions_init must have shape {shape} for covariance_type="
                    f"{cov_type!r}, got {np.shape(self.precisions_init)}"
                )
            precisions = check_array(self.precisions_init, "precisions_init", ndim=len(shape))
            if precisions.shape != shape:
                raise ValueError(
                    f"precisions_init must have shape {shape} for covariance_type={cov_type!r}, got {precisions.shape}"
                )
            if cov_type == "full":
                sym = np.allclose(precisions, precisions.transpose(0, 2, 1))
                if not sym or np.any(np.linalg.eigvalsh(precisions) <= 0.0):
                    raise ValueError("precisions_init must hold symmetric positive-definite matrices")
            elif np.any(precisions <= 0.0):
                raise ValueError("precisions_init must be positive")
        return weights, means, precisions

    # ------------------------------------------------------------- internals
    def _initial_responsibilities(self, X, K, init_params, rng):
        """The initial responsibilities, drawn exactly as scikit-learn draws them from ``rng``."""
        n = X.shape[0]
        resp = np.zeros((n, K))
        if init_params == "kmeans":
            from sklearn.cluster import KMeans

            labels = KMeans(n_clusters=K, n_init=1, random_state=rng).fit(X).labels_
            resp[np.arange(n), labels] = 1.0
        elif init_params == "random":
            resp = rng.uniform(size=(n, K))
            resp /= resp.sum(axis=1)[:, None]
        elif init_params == "random_from_data":
            resp[rng.choice(n, size=K, replace=False), np.arange(K)] = 1.0
        else:  # "k-means++"
            from sklearn.cluster import kmeans_plusplus

            _, indices = kmeans_plusplus(X, K, random_state=rng)
            resp[indices, np.arange(K)] = 1.0
        return resp

    def _state_from_responsibilities(self, X, resp, cov_type, reg_covar):
        """Parameters from given responsibilities by one M-step (9.30)-(9.32), via the kernels."""
        K, d = resp.shape[1], X.shape[1]
        nk = resp.sum(axis=0)
        means = (resp.T @ X) / (nk + _NK_FLOOR)[:, None]
        t1 = np.zeros((K, d))
        if cov_type == "full":
            s2 = np.empty((K, d, d))
            for k in range(K):
                diff = X - means[k]
                s2[k] = (resp[:, k] * diff.T) @ diff
        else:
            s2 = np.stack([resp[:, k] @ (X - means[k]) ** 2 for k in range(K)])
        state = self._empty_state(K, d, cov_type)
        state["means"][:] = means
        ok = self._m_step(state, nk, t1, s2, cov_type, reg_covar)
        return state, ok

    @staticmethod
    def _empty_state(K, d, cov_type):
        full = cov_type == "full"
        return dict(
            weights=np.empty(K),
            means=np.empty((K, d)),
            cov=np.empty((K, d, d) if full else (K, d)),
            prec=np.empty((K, d, d) if full else (K, d)),
            log_det=np.empty(K),
            work=np.empty((d, d)),
        )

    @staticmethod
    def _m_step(state, nk, t1, s2, cov_type, reg_covar):
        if cov_type == "full":
            return _m_step_full(
                nk,
                t1,
                s2,
                reg_covar,
                state["weights"],
                state["means"],
                state["cov"],
                state["prec"],
                state["log_det"],
                state["work"],
            )
        return _m_step_diag(
            nk,
            t1,
            s2,
            reg_covar,
            cov_type == "spherical",
            state["weights"],
            state["means"],
            state["cov"],
            state["prec"],
            state["log_det"],
        )

    def _override_initial_values(self, state, weights, means, precisions, cov_type):
        if weights is not None:
            state["weights"][:] = weights
        if means is not None:
            state["means"][:] = means
        if precisions is not None:
            K, d = state["means"].shape
            if cov_type == "full":
                for k in range(K):
                    state["cov"][k] = np.linalg.inv(precisions[k])
                    state["cov"][k] = (state["cov"][k] + state["cov"][k].T) / 2.0
                    state["log_det"][k] = _precision_cholesky(state["cov"][k], state["prec"][k], state["work"])
            else:
                prec = precisions[:, None] if cov_type == "spherical" else precisions
                state["cov"][:] = 1.0 / np.broadcast_to(prec, (K, d))
                state["prec"][:] = np.sqrt(state["cov"]) ** -1.0
                state["log_det"][:] = np.log(state["prec"]).sum(axis=1)
            if not np.all(np.isfinite(state["log_det"])):
                raise ValueError("precisions_init must hold symmetric positive-definite matrices")

    def _set_fitted(self, state, cov_type):
        K, d = state["means"].shape
        self.weights_ = state["weights"].copy()
        self.means_ = state["means"].copy()
        if cov_type == "full":
            self.covariances_ = state["cov"].copy()
            self.precisions_cholesky_ = state["prec"].copy()
            self.precisions_ = np.einsum("kab,kcb->kac", self.precisions_cholesky_, self.precisions_cholesky_)
        elif cov_type == "diag":
            self.covariances_ = state["cov"].copy()
            self.precisions_cholesky_ = state["prec"].copy()
            self.precisions_ = self.precisions_cholesky_**2
        else:
            self.covariances_ = state["cov"][:, 0].copy()
            self.precisions_cholesky_ = state["prec"][:, 0].copy()
            self.precisions_ = self.precisions_cholesky_**2

    # --------------------------------------------------------------- fitting
    def fit(self, X, y=None):
        """Estimate the parameters with EM (Algorithm 9.2). ``y`` is ignored. Returns ``self``."""
        hp = self._check_hyperparameters()
        X = validate_data(self, X, dtype=np.float64, order="C", ensure_min_samples=2)
        K, cov_type, reg_covar = hp["K"], hp["cov_type"], hp["reg_covar"]
        n, d = X.shape
        if n < K:
            raise ValueError(f"X must have at least n_components={K} samples, got {n}")
        weights, means, precisions = self._check_initial_values(K, d, cov_type)
        rng = check_random_state(self.random_state)

        best = None
        for _ in range(hp["n_init"]):
            if weights is None or means is None or precisions is None:
                resp = self._initial_responsibilities(X, K, hp["init_params"], rng)
                state, ok = self._state_from_responsibilities(X, resp, cov_type, reg_covar)
                if not ok and precisions is None:
                    raise ValueError(_ILL_DEFINED)
            else:
                state = self._empty_state(K, d, cov_type)
            self._override_initial_values(state, weights, means, precisions, cov_type)
            run = self._run_em(X, state, cov_type, reg_covar, hp["max_iter"], hp["tol"])
            if best is None or run[0] > best[1][0]:
                best = (state, run)

        state, (lower_bound, lower_bounds, n_iter, converged) = best
        self._set_fitted(state, cov_type)
        self.converged_ = converged
        self.n_iter_ = n_iter
        self.lower_bound_ = lower_bound
        self.lower_bounds_ = lower_bounds
        if not converged and hp["max_iter"] > 0:
            warnings.warn(
                f"GaussianMixture did not converge in max_iter={hp['max_iter']} iterations "
                f"(tol={hp['tol']:g}); increase max_iter or tol, or try another initialisation.",
                ConvergenceWarning,
                stacklevel=2,
            )
        return self

    def _run_em(self, X, state, cov_type, reg_covar, max_iter, tol):
        """Algorithm 9.2 from ``state`` (updated in place) until the mean log-likelihood per sample
        changes by less than ``tol``. Returns (lower_bound, lower_bounds, n_iter, converged)."""
        n, d = X.shape
        K = state["weights"].shape[0]
        nk = np.empty(K)
        t1 = np.empty((K, d))
        s2 = np.empty((K, d, d) if cov_type == "full" else (K, d))
        diff = np.empty((K, d))
        logp = np.empty(K)
        log_weights = np.empty(K)
        em_pass = _em_pass_full if cov_type == "full" else _em_pass_diag

        lower_bound = -np.inf
        lower_bounds = []
        converged = False
        n_iter = 0
        for n_iter in range(1, max_iter + 1):
            prev = lower_bound
            np.log(state["weights"], out=log_weights)
            total = em_pass(X, log_weights, state["means"], state["prec"], state["log_det"], nk, t1, s2, diff, logp)
            if not self._m_step(state, nk, t1, s2, cov_type, reg_covar):
                raise ValueError(_ILL_DEFINED)
            lower_bound = total / n
            lower_bounds.append(lower_bound)
            if abs(lower_bound - prev) < tol:
                converged = True
                break
        return lower_bound, lower_bounds, n_iter, converged

    def fit_predict(self, X, y=None):
        """Fit, then return the most responsible component of each sample."""
        return self.fit(X).predict(X)

    # ------------------------------------------------------------ prediction
    def _estimate_weighted_log_prob(self, X):
        check_is_fitted(self)
        X = validate_data(self, X, dtype=np.float64, order="C", reset=False)
        K, d = self.means_.shape
        if self.covariance_type == "full":
            prec = self.precisions_cholesky_
        else:
            diag = np.broadcast_to(self.precisions_cholesky_.reshape(K, -1), (K, d))
            prec = np.zeros((K, d, d))
            prec[:, np.arange(d), np.arange(d)] = diag
        prec = np.ascontiguousarray(prec)
        log_det = np.log(np.diagonal(prec, axis1=1, axis2=2)).sum(axis=1)
        out = np.empty((X.shape[0], K))
        _weighted_log_prob(X, np.log(self.weights_), np.ascontiguousarray(self.means_), prec, log_det, out)
        return out

    def _log_norm_and_resp(self, X):
        wlp = self._estimate_weighted_log_prob(X)
        top = wlp.max(axis=1, keepdims=True)
        log_norm = top[:, 0] + np.log(np.exp(wlp - top).sum(axis=1))
        return log_norm, wlp - log_norm[:, None]

    def score_samples(self, X):
        """log P(y_j | theta) for each row of ``X``, eq. (9.24)."""
        return self._log_norm_and_resp(X)[0]

    def score(self, X, y=None):
        """Mean log-likelihood per sample."""
        return float(self.score_samples(X).mean())

    def predict_proba(self, X):
        """The responsibilities g_jk of Algorithm 9.2, step 2: shape (n_samples, n_components)."""
        return np.exp(self._log_norm_and_resp(X)[1])

    def predict(self, X):
        """The component with the largest responsibility for each row of ``X``."""
        return np.argmax(self._estimate_weighted_log_prob(X), axis=1)

    def sample(self, n_samples=1):
        """Draw ``n_samples`` points and their component labels (seeded by ``random_state``)."""
        check_is_fitted(self)
        n_samples = check_int(n_samples, "n_samples", low=1)
        rng = check_random_state(self.random_state)
        counts = rng.multinomial(n_samples, self.weights_)
        d = self.means_.shape[1]
        parts = []
        for k, (mean, count) in enumerate(zip(self.means_, counts)):
            if self.covariance_type == "full":
                parts.append(rng.multivariate_normal(mean, self.covariances_[k], int(count)))
            else:
                parts.append(mean + rng.standard_normal(size=(count, d)) * np.sqrt(self.covariances_[k]))
        labels = np.repeat(np.arange(len(counts)), counts)
        return np.vstack(parts), labels

    def _n_parameters(self):
        K, d = self.means_.shape
        cov = {"full": K * d * (d + 1) / 2, "diag": K * d, "spherical": K}[self.covariance_type]
        return int(cov + K * d + K - 1)

    def bic(self, X):
        """Bayesian information criterion -2 log L + p log n (lower is better)."""
        X = validate_data(self, X, dtype=np.float64, reset=False)
        return -2.0 * self.score(X) * X.shape[0] + self._n_parameters() * math.log(X.shape[0])

    def aic(self, X):
        """Akaike information criterion -2 log L + 2p (lower is better)."""
        X = validate_data(self, X, dtype=np.float64, reset=False)
        return -2.0 * self.score(X) * X.shape[0] + 2 * self._n_parameters()
