"""Maximum-likelihood ICA by the natural gradient: MLAPP §12.6.1, eqs. (12.100)-(12.102).

The noiseless square model x = W z has recognition weights V = W^{-1}. By the change of variables (12.100),
p_x(x) = p_z(V x) |det V|, so the mean log-likelihood of T samples is (12.101)

    (1/T) log p(D | V) = log |det V| + (1/T) sum_t sum_j log p_j(v_j^T x_t),

with p_j a fixed source density: the unit-variance Laplace density (12.113) or the unit-variance logistic density
(12.114). Its Euclidean gradient in V is V^{-T} + E[phi(y) x^T] with y = V x and phi = (log p)'. Multiplying
it on the right by V^T V gives the natural (relative) gradient of Amari, Cichocki and Yang (1996) (MacKay 2003,
ch. 34), which needs no matrix inverse,

    Delta V = eta (I + E[phi(y) y^T]) V,

and whose fixed points are the stationary points of (12.101): E[phi(y_i) y_j] = -delta_ij. The data are centred
and whitened by PCA first (as FastICA does, §12.6.1), which makes V close to orthogonal (12.99) and the
iteration well conditioned; the log |det V| term is kept, so V is not forced onto the orthogonal group.

Each step is one pass of a Numba kernel over the white data (samples as rows): projection, phi, and the sums for
E[phi(y) y^T] and for the log-likelihood, with nothing of size n_samples allocated.
"""

import math
import warnings

import numpy as np
from numba import njit
from scipy import linalg
from sklearn.base import BaseEstimator, ClassNamePrefixFeaturesOutMixin, TransformerMixin
from sklearn.exceptions import ConvergenceWarning
from sklearn.utils import check_random_state
from sklearn.utils.validation import check_is_fitted

from .._validation import check_array, check_choice, check_int, check_numeric, check_real, validate_data
from ._fastica import _center, _whitening

__all__ = ["NaturalGradientICA", "ica_log_likelihood", "source_log_density"]

_DENSITIES = ("logistic", "laplace")
_LOGISTIC, _LAPLACE = 0, 1
_C = math.pi / (2.0 * math.sqrt(3.0))  # (12.114): log p(z) = -2 log cosh(C z) - log(4 sqrt(3) / pi)
_LOGISTIC_CONST = math.log(4.0 * math.sqrt(3.0) / math.pi)
_SQRT2 = math.sqrt(2.0)
_LAPLACE_CONST = math.log(math.sqrt(2.0))  # (12.113): log p(z) = -sqrt(2) |z| - log(sqrt(2))


@njit(cache=True)
def _log_cosh(u):
    """log cosh(u) without overflow: |u| + log1p(exp(-2|u|)) - log 2."""
    a = abs(u)
    return a + math.log1p(math.exp(-2.0 * a)) - math.log(2.0)


@njit(cache=True)
def _log_p(code, y):
    """The unit-variance source log-density: logistic (12.114) or Laplace (12.113)."""
    if code == _LOGISTIC:
        return -2.0 * _log_cosh(_C * y) - _LOGISTIC_CONST
    return -_SQRT2 * abs(y) - _LAPLACE_CONST


@njit(cache=True)
def _phi(code, y):
    """phi(y) = d log p(y) / dy: -2 C tanh(C y) (logistic) or -sqrt(2) sign(y) (Laplace, 0 at y = 0)."""
    if code == _LOGISTIC:
        return -2.0 * _C * math.tanh(_C * y)
    if y > 0.0:
        return -_SQRT2
    if y < 0.0:
        return _SQRT2
    return 0.0


@njit(cache=True)
def _score_pass(Z, V, code, M):
    """M <- E[phi(V z) (V z)^T] over the rows z of ``Z``; returns E[sum_j log p(v_j^T z)] (12.101)."""
    n, c = Z.shape
    y = np.empty(c)
    f = np.empty(c)
    for a in range(c):
        for b in range(c):
            M[a, b] = 0.0
    ll = 0.0
    for t in range(n):
        for j in range(c):
            s = 0.0
            for a in range(c):
                s += V[j, a] * Z[t, a]
            y[j] = s
            f[j] = _phi(code, s)
            ll += _log_p(code, s)
        for a in range(c):
            for b in range(c):
                M[a, b] += f[a] * y[b]
    for a in range(c):
        for b in range(c):
            M[a, b] /= n
    return ll / n


@njit(cache=True)
def _natural_gradient(Z, V, code, eta, tol, max_iter, trace):
    """Iterate V <- V + eta (I + E[phi(y) y^T]) V (the natural gradient of (12.101)) from ``V`` (changed in
    place) until max |I + E[phi(y) y^T]| < ``tol``. ``trace[k]`` receives the mean log-likelihood (12.101)
    at the k-th iterate (k = 0 the start). Returns (iterations done, converged)."""
    c = V.shape[0]
    M = np.empty((c, c))
    G = np.empty((c, c))
    for it in range(max_iter):
        ll = _score_pass(Z, V, code, M)
        trace[it] = ll + math.log(abs(np.linalg.det(V)))
        err = 0.0
        for a in range(c):
            for b in range(c):
                G[a, b] = M[a, b] + (1.0 if a == b else 0.0)
                err = max(err, abs(G[a, b]))
        if err < tol:
            return it, True
        step = G @ V
        for a in range(c):
            for b in range(c):
                V[a, b] += eta * step[a, b]
    ll = _score_pass(Z, V, code, M)
    trace[max_iter] = ll + math.log(abs(np.linalg.det(V)))
    return max_iter, False


def source_log_density(z, density="logistic"):
    """The zero-mean, unit-variance source log-densities of MLAPP §12.6.2.1, element-wise.

    Parameters
    ----------
    z : array-like or float
    density : {"logistic", "laplace"}
        "logistic": log p(z) = -2 log cosh(pi z / (2 sqrt 3)) - log(4 sqrt 3 / pi) (12.114), scale s = sqrt(3) / pi;
        "laplace": log p(z) = -sqrt(2) |z| - log(sqrt 2) (12.113).

    Returns
    -------
    ndarray of the shape of ``z`` (a float for a scalar ``z``).

    Examples
    --------
    >>> from statlib.decomposition import source_log_density
    >>> round(float(source_log_density(0.0, "laplace")), 6)  # -log(sqrt 2)
    -0.346574
    """
    code = _DENSITIES.index(check_choice(density, "density", _DENSITIES))
    arr = check_numeric(z, "z")
    if code == _LOGISTIC:
        a = np.abs(_C * arr)
        out = -2.0 * (a + np.log1p(np.exp(-2.0 * a)) - math.log(2.0)) - _LOGISTIC_CONST
    else:
        out = -_SQRT2 * np.abs(arr) - _LAPLACE_CONST
    return float(out) if np.ndim(out) == 0 else out


def ica_log_likelihood(V, X, density="logistic"):
    """The mean log-likelihood (12.101) of the noiseless square ICA model with recognition weights ``V``.

    (1/T) log p(D | V) = log |det V| + (1/T) sum_t sum_j log p(v_j^T x_t), by the change of variables (12.100),
    with the same unit-variance ``density`` (see :func:`source_log_density`) for every source.

    Parameters
    ----------
    V : array-like of shape (L, L)
        The recognition (unmixing) weights, rows v_j; must be non-singular.
    X : array-like of shape (T, L)
        Observations as rows (already centred, as the model has no mean).
    density : {"logistic", "laplace"}

    Examples
    --------
    >>> import numpy as np
    >>> from statlib.decomposition import ica_log_likelihood
    >>> round(ica_log_likelihood(np.eye(1), np.zeros((3, 1)), "laplace"), 6)
    -0.346574
    """
    code = _DENSITIES.index(check_choice(density, "density", _DENSITIES))
    V = check_array(V, "V")
    X = check_array(X, "X")
    if V.shape[0] != V.shape[1]:
        raise ValueError(f"V must be square, got shape {V.shape}")
    if X.shape[1] != V.shape[1]:
        raise ValueError(f"X must have {V.shape[1]} columns (the size of V), got {X.shape[1]}")
    sign, logdet = np.linalg.slogdet(V)
    if sign == 0 or not np.isfinite(logdet):
        raise ValueError("V must be non-singular")
    M = np.empty(V.shape)
    return float(logdet + _score_pass(X, V, code, M))


class NaturalGradientICA(ClassNamePrefixFeaturesOutMixin, TransformerMixin, BaseEstimator):
    """Maximum-likelihood ICA (MLAPP §12.6.1) fitted by the natural gradient, with a fixed source density.

    The data are centred and whitened by PCA; then the recognition weights V of the white data climb the
    log-likelihood (12.101) by V <- V + eta (I + E[phi(y) y^T]) V, y = V z, phi = (log p)', until the natural
    gradient's largest entry is below ``tol``. A super-Gaussian density (logistic or Laplace, both with
    positive kurtosis (12.110)) can only separate super-Gaussian sources: the maximum-likelihood estimate depends
    on whether the sources are sub- or super-Gaussian, though not on the exact shape of their density (§12.6.2.1).

    Parameters
    ----------
    n_components : int or None, default=None
        Number of sources; None means n_features. At most min(n_samples, n_features).
    density : {"logistic", "laplace"}, default="logistic"
        The source log-density: the unit-variance logistic (12.114) or Laplace (12.113).
    learning_rate : float, default=0.1
        The step eta, 0 < eta <= 1.
    max_iter : int, default=1000
    tol : float, default=1e-7
        Stop when every entry of I + E[phi(y) y^T] is below ``tol`` in absolute value.
    w_init : array-like of shape (n_components, n_components) or None, default=None
        The starting V for the white data; None draws a random rotation (the Q factor of a N(0, 1) matrix,
        signs fixed by the diagonal of R) from ``random_state``.
    random_state : int, RandomState or None, default=None

    Attributes
    ----------
    components_ : ndarray of shape (n_components, n_features)
        The unmixing matrix for centred data, V K: sources = (X - mean_) @ components_.T.
    unmixing_ : ndarray of shape (n_components, n_components)
        V, the recognition weights of the white data.
    mixing_ : ndarray of shape (n_features, n_components)
        The pseudo-inverse of ``components_``.
    mean_ : ndarray of shape (n_features,)
    whitening_ : ndarray of shape (n_components, n_features)
        K, scaled so that the white data (X - mean_) @ K.T have identity sample covariance.
    loglike_ : ndarray
        The mean log-likelihood (12.101) of the white data at each iterate (the first is the start).
    n_iter_ : int
    n_features_in_ : int

    Notes
    -----
    The recovered sources are those of the fitted model, so their scale is the one at which the model's
    unit-variance density fits best (for a source whose density is not the model's, not exactly 1). As for
    every ICA method, order and sign are arbitrary (MLAPP §12.6).

    References
    ----------
    K. P. Murphy, *Machine Learning: A Probabilistic Perspective*, §12.6.1, eqs. (12.100)-(12.102), (12.113),
    (12.114). S. Amari, A. Cichocki and H. H. Yang, A new learning algorithm for blind signal separation, NIPS
    1996. D. J. C. MacKay, *Information Theory, Inference, and Learning Algorithms*, ch. 34, 2003.

    Examples
    --------
    >>> import numpy as np
    >>> from statlib.decomposition import NaturalGradientICA
    >>> rng = np.random.default_rng(0)
    >>> S = rng.laplace(size=(3000, 2))
    >>> X = S @ np.array([[2.0, 3.0], [2.0, 1.0]]).T
    >>> S_hat = NaturalGradientICA(random_state=0).fit_transform(X)
    >>> corr = np.abs(np.corrcoef(S.T, S_hat.T)[:2, 2:])
    >>> bool(np.all(corr.max(axis=1) > 0.99))
    True
    """

    def __init__(
        self,
        n_components=None,
        *,
        density="logistic",
        learning_rate=0.1,
        max_iter=1000,
        tol=1e-7,
        w_init=None,
        random_state=None,
    ):
        self.n_components = n_components
        self.density = density
        self.learning_rate = learning_rate
        self.max_iter = max_iter
        self.tol = tol
        self.w_init = w_init
        self.random_state = random_state

    def fit(self, X, y=None):
        """Estimate the unmixing matrix from ``X`` (n_samples >= 2). Returns ``self``."""
        code = _DENSITIES.index(check_choice(self.density, "density", _DENSITIES))
        eta = check_real(self.learning_rate, "learning_rate", low=0.0, high=1.0, low_inclusive=False)
        max_iter = check_int(self.max_iter, "max_iter", low=1)
        tol = check_real(self.tol, "tol", low=0.0)
        X = validate_data(self, X, dtype=np.float64, reset=True, ensure_min_samples=2)
        n, m = X.shape
        c = m if self.n_components is None else check_int(self.n_components, "n_components", low=1)
        if c > min(n, m):
            raise ValueError(f"n_components must be at most min(n_samples, n_features) = {min(n, m)}, got {c}")
        mean, Xc = _center(X)
        K, _ = _whitening(Xc, c, "svd")
        K = K * np.sqrt(n)
        Z = np.ascontiguousarray(Xc @ K.T)
        if self.w_init is None:
            rng = check_random_state(self.random_state)
            Q, R = np.linalg.qr(rng.normal(size=(c, c)))
            V0 = Q * np.where(np.diag(R) < 0, -1.0, 1.0)
        else:
            V0 = check_array(self.w_init, "w_init")
            if V0.shape != (c, c):
                raise ValueError(f"w_init must have shape (n_components, n_components) = {(c, c)}, got {V0.shape}")
            if np.linalg.cond(V0) > 1.0 / np.finfo(np.float64).eps:
                raise ValueError("w_init must be a non-singular matrix")
        V = np.ascontiguousarray(V0, dtype=np.float64).copy()
        trace = np.empty(max_iter + 1)
        n_iter, converged = _natural_gradient(Z, V, code, eta, tol, max_iter, trace)
        if not np.all(np.isfinite(V)):
            raise ValueError("the natural-gradient iteration diverged; lower learning_rate")
        if not converged:
            warnings.warn(
                f"NaturalGradientICA did not converge in max_iter={max_iter} iterations (tol={tol:g}); "
                "increase max_iter or learning_rate.",
                ConvergenceWarning,
                stacklevel=2,
            )
        self.unmixing_ = V
        self.whitening_ = K
        self.mean_ = mean
        self.components_ = V @ K
        self.mixing_ = linalg.pinv(self.components_, check_finite=False)
        self.loglike_ = trace[: n_iter + 1].copy()
        self.n_iter_ = int(n_iter)
        return self

    def transform(self, X):
        """The sources of new data: (X - mean_) @ components_.T."""
        check_is_fitted(self)
        X = validate_data(self, X, dtype=np.float64, reset=False)
        return (X - self.mean_) @ self.components_.T

    def inverse_transform(self, X):
        """Mixed data from sources: X @ mixing_.T + mean_."""
        check_is_fitted(self)
        S = check_array(X, "X")
        if S.shape[1] != self.mixing_.shape[1]:
            raise ValueError(f"X must have n_components = {self.mixing_.shape[1]} columns, got {S.shape[1]}")
        return S @ self.mixing_.T + self.mean_

    def score(self, X, y=None):
        """The mean log-likelihood (12.101) of ``X`` under the fitted model, including the Jacobian of the
        centring and whitening: log |det(components_)| + mean_t sum_j log p(components_ (x_t - mean_))_j.
        Only defined for n_components = n_features."""
        check_is_fitted(self)
        X = validate_data(self, X, dtype=np.float64, reset=False)
        if self.components_.shape[0] != self.components_.shape[1]:
            raise ValueError("score needs n_components = n_features (a square unmixing matrix)")
        return ica_log_likelihood(self.components_, X - self.mean_, self.density)

    @property
    def _n_features_out(self):
        return self.components_.shape[0]
