"""Least angle regression with the lasso modification: the exact lasso path (MLAPP section 13.4.2).

Efron, Hastie, Johnstone and Tibshirani (2004), "Least angle regression", sections 2 and 3.1; the
homotopy view is Osborne, Presnell and Turlach (2000). In the unscaled form
``1/2 ||y - X w||^2 + lam ||w||_1`` the lasso solution ``w(lam)`` is piecewise linear in ``lam``. On a
segment with active set ``A`` and signs ``s_A`` the optimality conditions (MLAPP (13.53)) read
``X_A^T (y - X_A w_A) = lam s_A`` and ``|x_j^T r| <= lam`` off ``A``. Lowering ``lam`` by ``gamma`` moves
``w_A`` by ``gamma d`` with ``(X_A^T X_A) d = s_A`` (the equiangular direction), and every correlation
``c_j = x_j^T r`` by ``-gamma a_j`` with ``a = X^T X_A d``. The segment ends at the first of

- an inactive feature reaching the common correlation: ``|c_j - gamma a_j| = lam - gamma``, i.e.
  ``gamma = min+ {(lam - c_j) / (1 - a_j), (lam + c_j) / (1 + a_j)}`` (Efron et al. (2.13));
- an active coefficient crossing zero, ``gamma = -w_j / d_j`` (the lasso modification, (3.5)); the feature
  leaves ``A``;
- ``lam`` reaching the end of the path.

The Gram columns ``X^T x_j`` are computed when ``j`` enters, and ``X_A^T X_A = L L^T`` is kept as a
Cholesky factor, updated when a feature enters (one triangular solve) and downdated with Givens rotations
when one leaves, so a step costs O(p |A| + |A|^2).

A feature whose column lies in the span of the active columns (a duplicated or otherwise perfectly
collinear column) cannot enter: its correlation then equals a fixed combination of the active ones, so
it stays tied without ever violating the optimality conditions while the active set only grows. It is set
aside (its coefficient stays 0, which is one of the lasso's minimisers) until a feature leaves the active
set, when it is considered again.
"""

import warnings

import numpy as np
from numba import njit
from sklearn.base import BaseEstimator, RegressorMixin
from sklearn.exceptions import ConvergenceWarning
from sklearn.utils.validation import check_is_fitted

from .._validation import check_bool, check_int, check_real, validate_data

# A column whose squared distance to the span of the active columns is at most this fraction of its
# squared norm counts as lying in that span.
_RANK_TOL = 1e-10
# A feature whose correlation moves (within this) in step with the common correlation, |1 -+ a_j| <= _PARALLEL,
# never reaches it: this is how a column in the span of the active ones behaves (a_j = +-1 exactly, up to
# rounding), and skipping it keeps rounding from cutting a segment at a spurious breakpoint.
_PARALLEL = 1e-11
# An event within this fraction of lam_max of the end of the path is the end (at lam = 0 every correlation
# vanishes at once, and rounding would otherwise order these ties arbitrarily).
_END_TOL = 1e-12


@njit(cache=True)
def _chol_solve(L, m, b, out):
    """Solve (L L^T) out = b for the leading m x m block of the lower-triangular L."""
    for i in range(m):
        s = b[i]
        for k in range(i):
            s -= L[i, k] * out[k]
        out[i] = s / L[i, i]
    for i in range(m - 1, -1, -1):
        s = out[i]
        for k in range(i + 1, m):
            s -= L[k, i] * out[k]
        out[i] = s / L[i, i]


@njit(cache=True)
def _chol_delete(L, m, k):
    """Remove row and column k from the Cholesky factor L (leading m x m block), in place: shift the rows
    below k up, then restore the triangle with Givens rotations on column pairs (i, i + 1)."""
    for i in range(k, m - 1):
        for t in range(i + 2):
            L[i, t] = L[i + 1, t]
    for i in range(k, m - 1):
        a = L[i, i]
        b = L[i, i + 1]
        rr = np.hypot(a, b)
        cth = a / rr
        sth = b / rr
        for t in range(i, m - 1):
            u = L[t, i]
            v = L[t, i + 1]
            L[t, i] = cth * u + sth * v
            L[t, i + 1] = -sth * u + cth * v
        L[i, i + 1] = 0.0
    for t in range(m):
        L[m - 1, t] = 0.0
        L[t, m - 1] = 0.0


@njit(cache=True)
def _lars_kernel(Xt, y, lam_min, max_steps, lasso):
    """The LARS / lasso homotopy from lam = max_j |x_j^T y| down to ``lam_min`` (unscaled penalties).

    Parameters
    ----------
    Xt : (p, n) C-contiguous transposed design; y : (n,).
    lam_min : end of the path, >= 0.
    max_steps : most segments.
    lasso : apply the lasso modification (drop a feature whose coefficient crosses zero); False gives LAR.

    Returns
    -------
    lams : (k,) breakpoints, decreasing; coefs : (k, p) the solution at each; status : 0 when the path
    reached ``lam_min``, 1 when it stopped after ``max_steps`` segments.
    """
    p, n = Xt.shape
    kmax = min(n, p)
    c0 = Xt @ y  # X^T y
    col_sq = np.empty(p)
    for j in range(p):
        col_sq[j] = Xt[j] @ Xt[j]
    w = np.zeros(p)
    c = c0.copy()
    L = np.zeros((kmax, kmax))
    G = np.empty((kmax, p))  # G[k] = X^T x_{act[k]}
    act = np.empty(kmax, dtype=np.int64)
    sgn = np.empty(kmax)
    is_active = np.zeros(p, dtype=np.bool_)
    blocked = np.zeros(p, dtype=np.bool_)
    d = np.empty(kmax)
    a = np.empty(p)
    v = np.empty(kmax)
    cap = min(max_steps, 2 * kmax + 8) + 1
    lams = np.empty(cap)
    coefs = np.empty((cap, p))
    m = 0
    lam = 0.0
    pending = -1
    for j in range(p):
        if abs(c[j]) > lam:
            lam = abs(c[j])
            pending = j
    lams[0] = lam if lam > lam_min else lam_min
    lam_max = lam
    coefs[0, :] = 0.0
    n_bp = 1
    if lam <= lam_min:
        return lams[:1], coefs[:1], 0
    just_dropped = -1
    status = 1
    for step in range(max_steps):
        # Admit the feature that reached the common correlation, unless its column is in the span.
        while pending >= 0:
            j = pending
            pending = -1
            g = Xt @ Xt[j]
            for k in range(m):
                s = g[act[k]]
                for t in range(k):
                    s -= L[k, t] * v[t]
                v[k] = s / L[k, k]
            diag2 = g[j]
            for k in range(m):
                diag2 -= v[k] * v[k]
            if m >= kmax or diag2 <= _RANK_TOL * col_sq[j]:
                blocked[j] = True
                break
            for k in range(m):
                L[m, k] = v[k]
            L[m, m] = np.sqrt(diag2)
            act[m] = j
            sgn[m] = 1.0 if c[j] > 0.0 else -1.0
            G[m, :] = g
            is_active[j] = True
            m += 1
        # Equiangular direction: (X_A^T X_A) d = s_A, and a = X^T X_A d.
        _chol_solve(L, m, sgn, d)
        a[:] = 0.0
        for k in range(m):
            dk = d[k]
            Gk = G[k]
            for j in range(p):
                a[j] += dk * Gk[j]
        # Step length: the first event along the segment.
        gamma = lam - lam_min
        event = 0  # 0: end of path, 1: a feature enters, 2: a feature leaves
        who = -1
        for j in range(p):
            if is_active[j] or blocked[j]:
                continue
            # A feature that has just left sits at +-lam and moves inside: it can only come back with the
            # other sign, so its own side (where the numerator is zero up to rounding) is skipped.
            skip_upper = j == just_dropped and c[j] > 0.0
            skip_lower = j == just_dropped and c[j] <= 0.0
            den = 1.0 - a[j]
            if den > _PARALLEL and not skip_upper:
                g1 = max(lam - c[j], 0.0) / den
                if g1 < gamma:
                    gamma, event, who = g1, 1, j
            den = 1.0 + a[j]
            if den > _PARALLEL and not skip_lower:
                g2 = max(lam + c[j], 0.0) / den
                if g2 < gamma:
                    gamma, event, who = g2, 1, j
        if lasso:
            for k in range(m):
                if d[k] != 0.0:
                    z = -w[act[k]] / d[k]
                    if 0.0 < z < gamma:
                        gamma, event, who = z, 2, k
        if lam - gamma <= lam_min + _END_TOL * lam_max:
            gamma, event, who = lam - lam_min, 0, -1
        # Move along the segment; recompute the correlations from the Gram columns.
        for k in range(m):
            w[act[k]] += gamma * d[k]
        lam -= gamma
        if event == 0:
            lam = lam_min
        just_dropped = -1
        if event == 2:
            j = act[who]
            w[j] = 0.0
            _chol_delete(L, m, who)
            for k in range(who, m - 1):
                act[k] = act[k + 1]
                sgn[k] = sgn[k + 1]
                G[k, :] = G[k + 1, :]
            m -= 1
            is_active[j] = False
            just_dropped = j
            blocked[:] = False  # the span shrank: collinear features may enter again
        c[:] = c0
        for k in range(m):
            wk = w[act[k]]
            Gk = G[k]
            for j in range(p):
                c[j] -= wk * Gk[j]
        if event == 1:
            pending = who
        if n_bp == cap:
            cap *= 2
            lams2 = np.empty(cap)
            coefs2 = np.empty((cap, p))
            lams2[:n_bp] = lams[:n_bp]
            coefs2[:n_bp] = coefs[:n_bp]
            lams, coefs = lams2, coefs2
        lams[n_bp] = lam
        coefs[n_bp, :] = w
        n_bp += 1
        if event == 0:
            status = 0
            break
    return lams[:n_bp], coefs[:n_bp], status


def _lars(X, y, alpha_min, max_iter, lasso=True):
    """Breakpoints (alphas = lam / n, decreasing) and coefficients (p, k) of the path; status as above."""
    n = X.shape[0]
    Xt = np.ascontiguousarray(X.T)
    lams, coefs, status = _lars_kernel(Xt, np.ascontiguousarray(y), n * alpha_min, max_iter, lasso)
    return lams / n, np.ascontiguousarray(coefs.T), int(status)


def _interpolate_path(alphas_bp, coefs_bp, alphas):
    """The piecewise-linear path (breakpoints decreasing) evaluated at ``alphas``; zero above the first
    breakpoint, the last breakpoint's coefficients below the last."""
    out = np.empty((coefs_bp.shape[0], len(alphas)))
    x = alphas_bp[::-1]
    for j in range(coefs_bp.shape[0]):
        out[j] = np.interp(alphas, x, coefs_bp[j, ::-1], left=coefs_bp[j, -1], right=0.0)
    return out


class LassoLars(RegressorMixin, BaseEstimator):
    """The lasso fitted by LARS with the lasso modification (Efron et al. 2004; MLAPP section 13.4.2).

    Minimises ``(1 / (2 n)) ||y - X w - b||^2 + alpha ||w||_1`` (the objective of :class:`Lasso` and of
    scikit-learn's ``LassoLars``) by following the exact piecewise-linear lasso path from ``alpha_max``
    down to ``alpha``. The answer is exact up to rounding: no tolerance is involved.

    Parameters
    ----------
    alpha : float, default=1.0
        Penalty weight, >= 0 (0 gives least squares when X has full column rank).
    fit_intercept : bool, default=True
    max_iter : int, default=500
        Most path segments (each adds or drops one feature).

    Attributes
    ----------
    coef_ : ndarray of shape (n_features,)
    intercept_ : float
    alphas_ : ndarray of shape (n_breakpoints,)
        The breakpoints of the path, decreasing, ending at ``alpha``.
    coef_path_ : ndarray of shape (n_features, n_breakpoints)
    n_iter_ : int
        Segments followed.
    n_features_in_ : int

    Examples
    --------
    >>> import numpy as np
    >>> from statlib.linear_model import LassoLars
    >>> X = np.array([[1.0, 0.0], [0.0, 1.0], [-1.0, -1.0]])
    >>> model = LassoLars(alpha=0.5, fit_intercept=False).fit(X, [2.0, 1.0, -3.0])
    >>> np.round(model.coef_, 6), np.round(model.alphas_, 6)
    (array([1.5, 0.5]), array([1.666667, 1.      , 0.5     ]))
    """

    def __init__(self, alpha=1.0, fit_intercept=True, max_iter=500):
        self.alpha = alpha
        self.fit_intercept = fit_intercept
        self.max_iter = max_iter

    def fit(self, X, y):
        """Follow the path on ``X`` (n_samples, n_features), ``y`` (n_samples,); returns ``self``."""
        alpha = check_real(self.alpha, "alpha", low=0.0)
        fit_intercept = check_bool(self.fit_intercept, "fit_intercept")
        max_iter = check_int(self.max_iter, "max_iter", low=1)
        X, y = validate_data(self, X, y, dtype=np.float64, y_numeric=True)
        if fit_intercept:
            x_mean, y_mean = X.mean(axis=0), float(y.mean())
            X, y = X - x_mean, y - y_mean
        alphas, coefs, status = _lars(X, y, alpha, max_iter)
        if status:
            warnings.warn(
                f"LARS stopped after max_iter={max_iter} segments at alpha={alphas[-1]:.6g}, above the "
                f"requested alpha={alpha:.6g}; increase max_iter.",
                ConvergenceWarning,
                stacklevel=2,
            )
        self.alphas_, self.coef_path_ = alphas, coefs
        self.coef_ = coefs[:, -1].copy()
        self.intercept_ = float(y_mean - x_mean @ self.coef_) if fit_intercept else 0.0
        self.n_iter_ = len(alphas) - 1
        return self

    def predict(self, X):
        """w . x + b for each row of ``X``."""
        check_is_fitted(self)
        X = validate_data(self, X, dtype=np.float64, reset=False)
        return X @ self.coef_ + self.intercept_
