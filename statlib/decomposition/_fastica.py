"""Independent component analysis by Hyvärinen's fixed-point algorithm (FastICA): MLAPP §12.6.2.

Model x = A s with independent non-Gaussian sources s (MLAPP 12.95)-(12.97). After centring and
whitening (PCA scaled to unit variance, §12.6.1: for white data the unmixing matrix is orthogonal,
(12.99)), each row v of the unmixing matrix is a stationary point of a contrast E[G(v^T z)] on the unit
sphere (the constrained objective (12.103)): with G = log cosh, a minimum for a super-Gaussian source and a
maximum for a sub-Gaussian one. The approximate Newton step (12.104)-(12.107) reduces to the fixed-point update

    v* = E[z g(v^T z)] - E[g'(v^T z)] v   (12.108),   v_new = v* / ||v*||   (12.109),

with g = G'. Several units are either updated together and then symmetrically decorrelated,
V <- (V V^T)^{-1/2} V ("parallel"), or found one at a time, each Gram-Schmidt-orthogonalised against
those already found ("deflation"). Iteration stops when |v^T v_new| is within ``tol`` of 1 for every
unit. Contrasts: G(u) = log cosh(a u) / a (g = tanh(a u)), G(u) = -exp(-u^2/2) (g = u exp(-u^2/2)) and
G(u) = u^4/4 (g = u^3, the kurtosis (12.110)).

The expectations are sums over the samples; each iteration is one pass of a Numba kernel over the
whitened data (one sample per column for the parallel algorithm, per row for deflation), fusing the
projection, g, g' and the accumulation, so nothing of size n_samples is allocated while iterating.
"""

import warnings

import numpy as np
from numba import njit
from scipy import linalg
from sklearn.base import BaseEstimator, ClassNamePrefixFeaturesOutMixin, TransformerMixin
from sklearn.exceptions import ConvergenceWarning
from sklearn.utils import check_random_state
from sklearn.utils.validation import check_is_fitted

from .._validation import check_array, check_choice, check_int, check_real, validate_data

__all__ = ["FastICA"]

_FUNS = ("logcosh", "exp", "cube")
_LOGCOSH, _EXP, _CUBE = 0, 1, 2


# tanh, accurate to a few ulp, in a form the compiler can vectorise (no libm call): for |u| < 0.625 the
# rational approximation of Cephes' tanh, u + u z P(z) / Q(z) with z = u^2; above, (1 - e) / (1 + e) with
# e = exp(-2|u|) computed as 2^k p(r), r = -2|u| - k log 2, p the degree-13 Taylor polynomial of exp.
_LOG2E = 1.4426950408889634
_LN2_HI = 6.93145751953125e-1
_LN2_LO = 1.42860682030941723212e-6
_P0, _P1, _P2 = -9.64399179425052238628e-1, -9.92877231001918586564e1, -1.61468768441708447952e3
_Q0, _Q1, _Q2 = 1.12811678491632931402e2, 2.23548839060100448583e3, 4.84406305325125486048e3
_BLOCK = 256


@njit(cache=True, error_model="numpy")
def _tanh_block(y, out, scale):
    """out[i] = tanh(y[i]) for a block; ``scale`` is float64 scratch of the same length. (No divisor can be
    zero, so divisions follow NumPy's error model: no zero test per element, and the loops vectorise.)"""
    b = y.shape[0]
    for i in range(b):
        x = -2.0 * min(abs(y[i]), 20.0)
        k = np.floor(x * _LOG2E + 0.5)
        r = (x - k * _LN2_HI) - k * _LN2_LO
        p = 1.0 / 6227020800.0
        p = p * r + 1.0 / 479001600.0
        p = p * r + 1.0 / 39916800.0
        p = p * r + 1.0 / 3628800.0
        p = p * r + 1.0 / 362880.0
        p = p * r + 1.0 / 40320.0
        p = p * r + 1.0 / 5040.0
        p = p * r + 1.0 / 720.0
        p = p * r + 1.0 / 120.0
        p = p * r + 1.0 / 24.0
        p = p * r + 1.0 / 6.0
        p = p * r + 0.5
        p = p * r + 1.0
        p = p * r + 1.0
        out[i] = p
        scale[i] = k + 1023.0
    bits = scale.view(np.int64)
    for i in range(b):
        bits[i] = np.int64(scale[i]) << 52  # 2^k as the bit pattern of a float64
    for i in range(b):
        e = out[i] * scale[i]
        a = min(abs(y[i]), 20.0)
        z = a * a
        small = a + a * z * (((_P0 * z + _P1) * z + _P2) / (((z + _Q0) * z + _Q1) * z + _Q2))
        large = (1.0 - e) / (1.0 + e)
        v = small if a < 0.625 else large
        out[i] = v if y[i] >= 0.0 else -v


@njit(cache=True, error_model="numpy")
def _g_block(code, alpha, y, g, dg, scale):
    """g = G'(y) and dg = G''(y) element-wise for the contrast ``code``: tanh(a y), y exp(-y^2/2) or y^3."""
    b = y.shape[0]
    if code == _LOGCOSH:
        for i in range(b):
            dg[i] = alpha * y[i]
        _tanh_block(dg, g, scale)
        for i in range(b):
            dg[i] = alpha * (1.0 - g[i] * g[i])
    elif code == _EXP:
        for i in range(b):
            u = y[i]
            e = np.exp(-0.5 * u * u)
            g[i] = u * e
            dg[i] = (1.0 - u * u) * e
    else:
        for i in range(b):
            u = y[i]
            g[i] = u * u * u
            dg[i] = 3.0 * u * u


_LANES = 8


@njit(cache=True, error_model="numpy")
def _fixed_point_pass(ZT, W, code, alpha, out):
    """out <- E[g(W z) z^T] - diag(E[g'(W z)]) W over the samples z, the columns of ``ZT``: (12.108) for every row
    of W.

    ``ZT`` is (c, n_samples) (features as rows, so that every loop over samples runs over contiguous memory and
    vectorises), ``W`` and ``out`` are (c, c). One pass over the samples in blocks of ``_BLOCK``: the
    projections of a block, then g and g' of each row of them, then the sums. Each sum over the samples is
    kept in ``_LANES`` partial sums (sample i goes to partial i mod ``_LANES``), added up at the end: independent
    chains of additions that the processor overlaps, in an order fixed by the code, not by the machine.
    """
    c, n = ZT.shape
    acc = np.zeros((c, c, _LANES))
    dsum = np.zeros((c, _LANES))
    y = np.empty(_BLOCK)
    g = np.empty(_BLOCK)
    dg = np.empty(_BLOCK)
    scale = np.empty(_BLOCK)
    for start in range(0, n, _BLOCK):
        b = min(_BLOCK, n - start)
        full = b - b % _LANES
        for r in range(c):
            for i in range(b):
                y[i] = 0.0
            for a in range(c):  # the projections w_r^T z of the block
                w = W[r, a]
                za = ZT[a, start : start + b]
                for i in range(b):
                    y[i] += w * za[i]
            _g_block(code, alpha, y[:b], g[:b], dg[:b], scale[:b])
            part = dsum[r]  # sum of g'(w_r^T z)
            for i0 in range(0, full, _LANES):
                for lane in range(_LANES):
                    part[lane] += dg[i0 + lane]
            for i in range(full, b):
                part[i - full] += dg[i]
            for a in range(c):  # sums of g(w_r^T z) z_a
                za = ZT[a, start : start + b]
                part = acc[r, a]
                for i0 in range(0, full, _LANES):
                    for lane in range(_LANES):
                        part[lane] += g[i0 + lane] * za[i0 + lane]
                for i in range(full, b):
                    part[i - full] += g[i] * za[i]
    for r in range(c):
        mean_dg = 0.0
        for lane in range(_LANES):
            mean_dg += dsum[r, lane]
        mean_dg /= n
        for a in range(c):
            s = 0.0
            for lane in range(_LANES):
                s += acc[r, a, lane]
            out[r, a] = s / n - mean_dg * W[r, a]


@njit(cache=True, error_model="numpy")
def _one_unit(Z, w, W, j, code, alpha, tol, max_iter):
    """Deflation: iterate (12.108)-(12.109) for one unit ``w`` (changed in place), each step
    orthogonalised against the rows 0..j-1 of ``W`` (Gram-Schmidt). Returns the iterations done and
    whether |w^T w_new| came within ``tol`` of 1."""
    n, c = Z.shape
    w1 = np.empty(c)
    y = np.empty(_BLOCK)
    g = np.empty(_BLOCK)
    dg = np.empty(_BLOCK)
    scale = np.empty(_BLOCK)
    proj = np.empty(c)
    norm = 0.0
    for a in range(c):
        norm += w[a] * w[a]
    norm = np.sqrt(norm)
    for a in range(c):
        w[a] /= norm
    for it in range(1, max_iter + 1):
        for a in range(c):
            w1[a] = 0.0
        dsum = 0.0
        # (12.108): w1 <- E[z g(w^T z)] - E[g'(w^T z)] w, the sums over the samples taken block by block
        for start in range(0, n, _BLOCK):
            b = min(_BLOCK, n - start)
            for i in range(b):
                s = 0.0
                for a in range(c):
                    s += w[a] * Z[start + i, a]
                y[i] = s
            _g_block(code, alpha, y[:b], g[:b], dg[:b], scale[:b])
            for i in range(b):
                dsum += dg[i]
                for a in range(c):
                    w1[a] += g[i] * Z[start + i, a]
        for a in range(c):
            w1[a] = w1[a] / n - (dsum / n) * w[a]
        # w1 <- w1 - sum_{p<j} (w1 . W_p) W_p
        for p in range(j):
            s = 0.0
            for a in range(c):
                s += w1[a] * W[p, a]
            proj[p] = s
        for p in range(j):
            for a in range(c):
                w1[a] -= proj[p] * W[p, a]
        # (12.109): w_new = w1 / ||w1||, and the convergence test |w^T w_new| -> 1
        norm = 0.0
        for a in range(c):
            norm += w1[a] * w1[a]
        norm = np.sqrt(norm)
        dot = 0.0
        for a in range(c):
            w1[a] /= norm
            dot += w1[a] * w[a]
        for a in range(c):
            w[a] = w1[a]
        if abs(abs(dot) - 1.0) < tol:
            return it, True
    return max_iter, False


@njit(cache=True)
def _center(X):
    """(mean, X - mean) of the columns of ``X``, in two passes over the rows."""
    n, m = X.shape
    mean = np.zeros(m)
    for i in range(n):
        for a in range(m):
            mean[a] += X[i, a]
    for a in range(m):
        mean[a] /= n
    Xc = np.empty((n, m))
    for i in range(n):
        for a in range(m):
            Xc[i, a] = X[i, a] - mean[a]
    return mean, Xc


def _sym_decorrelation(W):
    """(W W^T)^{-1/2} W, the symmetric orthogonalisation of the rows of W."""
    s, u = linalg.eigh(W @ W.T)
    s = np.clip(s, np.finfo(np.float64).tiny, None)
    return (u * (1.0 / np.sqrt(s))) @ u.T @ W


def _ica_parallel(ZT, w_init, code, alpha, tol, max_iter):
    """Parallel FastICA on the white data ``ZT`` (c, n_samples), one sample per column."""
    W = _sym_decorrelation(w_init)
    for it in range(1, max_iter + 1):
        W1 = np.empty_like(W)
        _fixed_point_pass(ZT, W, code, alpha, W1)
        W1 = _sym_decorrelation(W1)
        lim = np.max(np.abs(np.abs(np.einsum("ij,ij->i", W1, W)) - 1.0))
        W = np.ascontiguousarray(W1)
        if lim < tol:
            return W, it, True
    return W, max_iter, False


def _ica_deflation(Z, w_init, code, alpha, tol, max_iter):
    """Deflation FastICA on the white data ``Z`` (n_samples, c), one sample per row."""
    c = w_init.shape[0]
    W = np.zeros((c, c))
    iters, converged = [], True
    for j in range(c):
        w = w_init[j].copy()
        it, ok = _one_unit(Z, w, W, j, code, alpha, tol, max_iter)
        W[j] = w
        iters.append(it)
        converged &= ok
    return W, max(iters), converged


def _whitening(Xc, n_components, solver):
    """K (n_components, n_features) with K^T's columns u_k / d_k, d_k the singular values of the centred
    data and u_k the left singular vectors of Xc^T, each with a non-negative first entry (scikit-learn's
    convention). ``solver="svd"`` gets them from a QR factorisation Xc = Q R and the SVD of the small R
    (the same factors as the SVD of Xc, without its n-by-m factor); ``"eigh"`` from the eigenvalues of
    Xc^T Xc. Also returns a small matrix F with F^T F = Xc^T Xc (R, or the Cholesky-free square root
    diag(d) u^T), from which the variance of any projection of the data follows without a pass over it."""
    if solver == "svd":
        R = np.linalg.qr(Xc, mode="r")
        u, d = linalg.svd(R.T, full_matrices=False, check_finite=False)[:2]
        F = R
    else:
        lam, u = linalg.eigh(Xc.T @ Xc)
        order = np.argsort(lam)[::-1]
        eps = np.finfo(np.float64).eps * 10
        lam = np.where(lam < eps, eps, lam)
        d, u = np.sqrt(lam)[order], u[:, order]
        F = d[:, None] * u.T
    if not d[n_components - 1] > np.finfo(np.float64).eps * max(Xc.shape) * d[0]:
        rank = int(np.sum(d > np.finfo(np.float64).eps * max(Xc.shape) * d[0]))
        raise ValueError(
            f"X has numerical rank {rank} after centring, fewer than n_components={n_components}: "
            "the whitening would divide by zero; lower n_components"
        )
    sign = np.sign(u[0])
    sign[sign == 0] = 1.0
    u = u * sign
    return (u / d).T[:n_components], F


class FastICA(ClassNamePrefixFeaturesOutMixin, TransformerMixin, BaseEstimator):
    """Independent component analysis by the FastICA fixed-point iteration (MLAPP §12.6.2).

    The data are centred and whitened by PCA (MLAPP §12.6.1), then the unmixing matrix of the white data
    is found by the update (12.108)-(12.109) (Hyvärinen 1999; Hyvärinen and Oja 2000), all rows at once
    with symmetric decorrelation ("parallel") or one row at a time with Gram-Schmidt deflation.
    Parameters, conventions and attributes are those of :class:`sklearn.decomposition.FastICA`, so the
    two agree from the same ``w_init``.

    Parameters
    ----------
    n_components : int or None, default=None
        Number of sources; None means min(n_samples, n_features). Ignored (with a warning) when
        ``whiten=False``; a value above min(n_samples, n_features) is lowered to it (with a warning).
    algorithm : {"parallel", "deflation"}, default="parallel"
    whiten : {"unit-variance", "arbitrary-variance"} or False, default="unit-variance"
        Whiten by PCA first; with "unit-variance" the recovered sources are then rescaled to unit
        sample variance (and the unmixing matrix with them). False assumes ``X`` is already white.
    fun : {"logcosh", "exp", "cube"}, default="logcosh"
        The contrast G (g = tanh(a u), u exp(-u^2/2) or u^3).
    fun_args : dict or None, default=None
        ``{"alpha": a}`` for "logcosh", 1 <= a <= 2 (default 1).
    max_iter : int, default=200
        Most iterations (per unit for "deflation").
    tol : float, default=1e-4
        Stop when every |v^T v_new| is within ``tol`` of 1.
    w_init : array-like of shape (n_components, n_components) or None, default=None
        Initial unmixing matrix of the white data; None draws it from N(0, 1) with ``random_state``.
    whiten_solver : {"svd", "eigh"}, default="svd"
        How the whitening PCA is computed: singular values of the centred data (via a QR factorisation)
        or eigenvalues of its Gram matrix (faster, squares the condition number).
    random_state : int, RandomState or None, default=None

    Attributes
    ----------
    components_ : ndarray of shape (n_components, n_features)
        The unmixing matrix applied to centred data: sources = (X - mean_) @ components_.T.
    mixing_ : ndarray of shape (n_features, n_components)
        Its pseudo-inverse, the estimated mixing matrix A.
    mean_ : ndarray of shape (n_features,)
        The feature means (only when whitening).
    whitening_ : ndarray of shape (n_components, n_features)
        The whitening matrix K (only when whitening).
    n_iter_ : int
        Iterations run (for "deflation", the largest over the units).
    n_features_in_ : int

    Notes
    -----
    Sources are recovered only up to order, sign and scale (MLAPP §12.6). The whitening directions have
    their first entry non-negative, as in scikit-learn, so the same ``w_init`` gives the same unmixing
    matrix in both. A callable ``fun`` is not supported. Unlike scikit-learn, the deflation algorithm
    also warns when a unit stops at ``max_iter``.

    References
    ----------
    K. P. Murphy, *Machine Learning: A Probabilistic Perspective*, §12.6, eqs. (12.103)-(12.109).
    A. Hyvärinen, Fast and robust fixed-point algorithms for ICA, IEEE TNN 10(3), 1999.
    A. Hyvärinen and E. Oja, Independent component analysis: algorithms and applications, Neural
    Networks 13, 2000.

    Examples
    --------
    >>> import numpy as np
    >>> from statlib.decomposition import FastICA
    >>> rng = np.random.default_rng(0)
    >>> S = rng.uniform(-1, 1, size=(2000, 2))
    >>> X = S @ np.array([[2.0, 3.0], [2.0, 1.0]]).T
    >>> S_hat = FastICA(random_state=0).fit_transform(X)
    >>> corr = np.abs(np.corrcoef(S.T, S_hat.T)[:2, 2:])
    >>> bool(np.all(corr.max(axis=1) > 0.99))
    True
    """

    def __init__(
        self,
        n_components=None,
        *,
        algorithm="parallel",
        whiten="unit-variance",
        fun="logcosh",
        fun_args=None,
        max_iter=200,
        tol=1e-4,
        w_init=None,
        whiten_solver="svd",
        random_state=None,
    ):
        self.n_components = n_components
        self.algorithm = algorithm
        self.whiten = whiten
        self.fun = fun
        self.fun_args = fun_args
        self.max_iter = max_iter
        self.tol = tol
        self.w_init = w_init
        self.whiten_solver = whiten_solver
        self.random_state = random_state

    def _check_hyperparameters(self):
        algorithm = check_choice(self.algorithm, "algorithm", ("parallel", "deflation"))
        whiten = self.whiten
        if whiten is not False:
            check_choice(whiten, "whiten", ("unit-variance", "arbitrary-variance"))
        fun = check_choice(self.fun, "fun", _FUNS)
        alpha = 1.0
        if self.fun_args is not None:
            if not isinstance(self.fun_args, dict) or set(self.fun_args) - {"alpha"}:
                raise ValueError(f"fun_args must be None or a dict {{'alpha': a}}, got {self.fun_args!r}")
            if "alpha" in self.fun_args:
                alpha = check_real(self.fun_args["alpha"], "fun_args['alpha']", low=1.0, high=2.0)
        max_iter = check_int(self.max_iter, "max_iter", low=1)
        tol = check_real(self.tol, "tol", low=0.0)
        solver = check_choice(self.whiten_solver, "whiten_solver", ("svd", "eigh"))
        if self.n_components is not None:
            check_int(self.n_components, "n_components", low=1)
        return algorithm, whiten, _FUNS.index(fun), alpha, max_iter, tol, solver

    def _fit(self, X, compute_sources):
        algorithm, whiten, code, alpha, max_iter, tol, solver = self._check_hyperparameters()
        X = validate_data(self, X, dtype=np.float64, reset=True, ensure_min_samples=2)
        n, m = X.shape
        c = self.n_components
        if not whiten and c is not None:
            warnings.warn("n_components is ignored when whiten=False", UserWarning, stacklevel=2)
            c = None
        if c is None:
            c = min(n, m)
        if c > min(n, m):
            warnings.warn(
                f"n_components={c} is more than min(n_samples, n_features); using {min(n, m)}",
                UserWarning,
                stacklevel=2,
            )
            c = min(n, m)
        parallel = algorithm == "parallel"  # its kernel reads the white data with one sample per column
        if whiten:
            mean, Xc = _center(X)
            K, F = _whitening(Xc, c, solver)
            Z = K @ Xc.T if parallel else np.ascontiguousarray(Xc @ K.T)
            Z *= np.sqrt(n)
        else:
            if n < m:
                raise ValueError(f"X must have at least n_features={m} samples when whiten=False, got {n}")
            Xc = X
            Z = np.ascontiguousarray(X.T if parallel else X)
        if self.w_init is None:
            rng = check_random_state(self.random_state)
            w_init = np.asarray(rng.normal(size=(c, c)), dtype=np.float64)
        else:
            w_init = check_array(self.w_init, "w_init")
            if w_init.shape != (c, c):
                raise ValueError(f"w_init must have shape (n_components, n_components) = {(c, c)}, got {w_init.shape}")
        if np.any(np.all(w_init == 0.0, axis=1)) or (
            algorithm == "parallel" and np.linalg.cond(w_init) > 1.0 / np.finfo(np.float64).eps
        ):
            raise ValueError("w_init must be a non-singular matrix (no zero rows for deflation)")
        runner = _ica_parallel if parallel else _ica_deflation
        W, n_iter, converged = runner(Z, w_init.copy(), code, alpha, tol, max_iter)
        if not np.all(np.isfinite(W)):
            raise ValueError("FastICA produced a non-finite unmixing matrix: X is degenerate for this contrast")
        if not converged:
            warnings.warn(
                f"FastICA did not converge in max_iter={max_iter} iterations (tol={tol:g}); increase max_iter or tol.",
                ConvergenceWarning,
                stacklevel=2,
            )
        self.n_iter_ = n_iter
        for stale in ("mean_", "whitening_"):  # from an earlier fit with whitening
            self.__dict__.pop(stale, None)
        S = None
        if whiten:
            unmix = W @ K
            if whiten == "unit-variance":
                # Rescale each source to unit sample variance: var = ||Xc u||^2 / n = ||F u||^2 / n for
                # each row u of the unmixing matrix (the sources have mean zero since Xc is centred).
                S_std = np.sqrt(np.sum((F @ unmix.T) ** 2, axis=0) / n)
                W = W / S_std[:, None]
                unmix = W @ K
            if compute_sources:
                S = Xc @ unmix.T
            self.components_ = unmix
            self.mean_ = mean
            self.whitening_ = K
        else:
            self.components_ = W
            if compute_sources:
                S = X @ W.T
        self.mixing_ = linalg.pinv(self.components_, check_finite=False)
        return S

    def fit(self, X, y=None):
        """Estimate the unmixing matrix from ``X`` (n_samples >= 2). Returns ``self``."""
        self._fit(X, compute_sources=False)
        return self

    def fit_transform(self, X, y=None):
        """Fit and return the estimated sources, shape (n_samples, n_components)."""
        return self._fit(X, compute_sources=True)

    def transform(self, X):
        """The sources of new data: (X - mean_) @ components_.T."""
        check_is_fitted(self)
        X = validate_data(self, X, dtype=np.float64, reset=False)
        if self.whiten:
            X = X - self.mean_
        return X @ self.components_.T

    def inverse_transform(self, X):
        """Mixed data from sources: X @ mixing_.T (+ mean_)."""
        check_is_fitted(self)
        S = check_array(X, "X")
        if S.shape[1] != self.mixing_.shape[1]:
            raise ValueError(f"X must have n_components = {self.mixing_.shape[1]} columns, got {S.shape[1]}")
        out = S @ self.mixing_.T
        if self.whiten:
            out += self.mean_
        return out

    @property
    def _n_features_out(self):
        return self.components_.shape[0]
