"""Classical canonical correlation analysis and partial least squares (MLAPP §12.5.2-12.5.3; Hotelling 1936,
Wold 1975, Wegelin 2000).

MLAPP gives only the probabilistic models (12.83)-(12.94); the classical algorithms are these. With centred
(and, by default, unit-variance) views X (n x p) and Y (n x q):

* CCA looks for directions a, b maximising corr(X a, Y b). Whitening each view, X = U_x S_x V_x^T, Y = U_y S_y
  V_y^T (thin SVDs), turns this into the SVD of U_x^T U_y: its singular values are the canonical
  correlations rho_1 >= rho_2 >= ..., and a = V_x S_x^{-1} u, b = V_y S_y^{-1} v for each pair (u, v) of
  singular vectors ("mode B" in Wegelin's terms).
* PLS maximises cov(X a, Y b) over unit vectors a, b: the first left/right singular vectors of X^T Y ("mode A").

Components are found one at a time, and the views are deflated in between, as in
:mod:`sklearn.cross_decomposition` (whose conventions for centring, scaling, signs, ``x_weights_``,
``x_rotations_``, ``coef_`` and ``transform`` these estimators follow): the scores t = X_k a are regressed out
of X_k, and either u = Y_k b out of Y_k ("canonical" deflation: CCA, PLSCanonical) or t out of Y_k
("regression" deflation: PLSRegression). scikit-learn finds each pair by a power iteration (NIPALS) stopped at
a tolerance; here each pair is an exact SVD, so the two agree to that tolerance.

A view of rank r is zero after r deflations. Whether a deflated view is zero is judged against the undeflated
view: zero when its Frobenius norm is at most ``_RANK_RTOL`` times the undeflated view's Frobenius norm, or, for
CCA, when whitening finds no singular value above that cut-off (the undeflated norm costs one pass over the data,
where its largest singular value would cost an SVD).
Judged by its own scale, a residual of pure round-off would look full-rank and yield spurious components. The
fit then stops with a warning and leaves the remaining components zero. scikit-learn stops the same way when
the y residual is zero (it tests against machine epsilon); it carries on when X is used up, where this module
stops.
"""

import warnings

import numpy as np
from numba import njit
from scipy import linalg
from sklearn.base import (
    BaseEstimator,
    ClassNamePrefixFeaturesOutMixin,
    MultiOutputMixin,
    RegressorMixin,
    TransformerMixin,
)
from sklearn.utils.validation import check_is_fitted

from .._validation import (
    check_array,
    check_bool,
    check_int,
    check_numeric,
    check_same_length,
    check_scale,
    validate_data,
)

__all__ = ["CCA", "PLSCanonical", "PLSRegression", "canonical_correlations"]

_RANK_RTOL = 1e-10  # singular values below this fraction of the undeflated view's Frobenius norm count as zero


@njit(cache=True)
def _whiten(A, atol=-1.0):
    """Orthonormal basis U of span(A) and the map (V, s) with A V diag(1/s) = U.

    Singular values at or below ``atol`` count as zero; with ``atol < 0`` the cut-off is ``_RANK_RTOL`` times
    A's own largest singular value. A deflated view must be given the cut-off of its undeflated original: by
    its own scale, a view deflated to round-off would look like a full-rank one.
    """
    U, s, Vt = np.linalg.svd(A, full_matrices=False)
    if atol < 0.0:
        atol = _RANK_RTOL * s[0] if s.shape[0] > 0 else 0.0
    r = 0
    for k in range(s.shape[0]):
        if s[k] > atol:
            r += 1
    return np.ascontiguousarray(U[:, :r]), np.ascontiguousarray(Vt[:r].T), s[:r]


@njit(cache=True)
def _rank_cutoff(A):
    """``_RANK_RTOL`` times A's Frobenius norm: the zero level for every deflation of A. The norm bounds A's largest
    singular value from above (by at most sqrt(rank A) times it) and takes one pass over A instead of an SVD."""
    return _RANK_RTOL * np.sqrt(np.sum(A * A))


@njit(cache=True)
def _first_pair(Xk, Yk, mode_b, tol_x, tol_y):
    """The first pair of weight vectors (a, b) of the deflated views, its criterion value, and which views are
    used up: 0 neither, 1 X_k, 2 Y_k, 3 both. A view is used up when its Frobenius norm is at most its cut-off
    (``tol_x``, ``tol_y``, from the undeflated views), or, for CCA, when whitening leaves no singular value above
    the cut-off.

    mode A (PLS): the leading singular vectors of X_k^T Y_k, cov(X a, Y b) maximal over unit a, b.
    mode B (CCA): the leading singular vectors (u, v) of U_x^T U_y after whitening, a = V_x S_x^{-1} u and
    b = V_y S_y^{-1} v, rescaled to unit length as scikit-learn does; the criterion is then the canonical
    correlation corr(X a, Y b).
    """
    p, q = Xk.shape[1], Yk.shape[1]
    # a view whose Frobenius norm is at or below its cut-off is used up (zero up to round-off): the norm bounds the
    # largest singular value from above
    used_up = (np.sqrt(np.sum(Xk * Xk)) <= tol_x) + 2 * (np.sqrt(np.sum(Yk * Yk)) <= tol_y)
    if used_up:
        return np.zeros(p), np.zeros(q), 0.0, used_up
    if mode_b:
        Ux, Vx, sx = _whiten(Xk, tol_x)
        Uy, Vy, sy = _whiten(Yk, tol_y)
        used_up = (sx.shape[0] == 0) + 2 * (sy.shape[0] == 0)
        if used_up:
            return np.zeros(p), np.zeros(q), 0.0, used_up
        # canonical correlations: singular values of U_x^T U_y (cosines of the principal angles)
        u, rho, vt = np.linalg.svd(np.ascontiguousarray(Ux.T) @ Uy)
        a = Vx @ (u[:, 0] / sx)
        b = Vy @ (vt[0] / sy)
        a /= np.sqrt(a @ a)
        b /= np.sqrt(b @ b)
        return a, b, min(rho[0], 1.0), 0
    # PLS: first singular pair of the cross-product matrix X_k^T Y_k
    u, s, vt = np.linalg.svd(np.ascontiguousarray(Xk.T) @ Yk)
    return np.ascontiguousarray(u[:, 0]), np.ascontiguousarray(vt[0]), s[0], 0


@njit(cache=True)
def _pls_kernel(X, Y, n_components, mode_b, canonical, norm_y_weights):
    """Find ``n_components`` pairs with deflation (Wegelin 2000, §4.1). X, Y: centred (scaled) float64 views.

    Returns weights (p x K, q x K), scores (n x K, n x K), loadings (p x K, q x K), the criterion of each
    component (canonical correlation for mode B, X_k^T Y_k's leading singular value for mode A) and the number
    of components found with the code of the view that stopped the loop (0 none, 1 X, 2 Y, 3 both): the loop
    stops early, leaving the remaining columns zero, once a deflated view is used up (see :func:`_first_pair`;
    the cut-off is ``_RANK_RTOL`` times the Frobenius norm of the undeflated view).
    """
    n, p = X.shape
    q = Y.shape[1]
    Xk = X.copy()
    Yk = Y.copy()
    xw = np.zeros((p, n_components))
    yw = np.zeros((q, n_components))
    xs = np.zeros((n, n_components))
    ys = np.zeros((n, n_components))
    xl = np.zeros((p, n_components))
    yl = np.zeros((q, n_components))
    crit = np.zeros(n_components)
    # zero levels fixed once, from the undeflated views
    tol_x, tol_y = _rank_cutoff(X), _rank_cutoff(Y)
    found = 0
    used_up = 0
    for k in range(n_components):
        a, b, c, used_up = _first_pair(Xk, Yk, mode_b, tol_x, tol_y)
        if used_up:
            break
        # sign convention of scikit-learn's _svd_flip_1d: a's first entry of largest magnitude is positive
        j = np.argmax(np.abs(a))
        if a[j] < 0.0:
            a = -a
            b = -b
        t = Xk @ a  # x-scores
        if not norm_y_weights:
            # PLSRegression (mode A, regression deflation): y-weights regress Y_k on the x-scores
            b = (np.ascontiguousarray(Yk.T) @ t) / (t @ t)
            u = Yk @ b / (b @ b)
        else:
            u = Yk @ b
        # deflation: subtract the rank-one fit of the scores
        pl = (np.ascontiguousarray(Xk.T) @ t) / (t @ t)
        Xk -= np.outer(t, pl)
        if canonical:
            ql = (np.ascontiguousarray(Yk.T) @ u) / (u @ u)
            Yk -= np.outer(u, ql)
        else:
            ql = (np.ascontiguousarray(Yk.T) @ t) / (t @ t)
            Yk -= np.outer(t, ql)
        xw[:, k] = a
        yw[:, k] = b
        xs[:, k] = t
        ys[:, k] = u
        xl[:, k] = pl
        yl[:, k] = ql
        crit[k] = c
        found = k + 1
    return xw, yw, xs, ys, xl, yl, crit, found, used_up


def _center_scale(A, scale):
    mean = A.mean(axis=0)
    A = A - mean
    if scale:
        std = A.std(axis=0, ddof=1)
        std[std == 0.0] = 1.0
        A = A / std
    else:
        std = np.ones(A.shape[1])
    return A, mean, std


def canonical_correlations(X, Y, *, n_components=None):
    """Canonical correlations of two views in one SVD (Hotelling 1936; MLAPP §12.5.3).

    Centre both views, take orthonormal bases U_x, U_y of their column spaces (thin SVDs); the singular values
    of U_x^T U_y are the canonical correlations rho_1 >= rho_2 >= ... (cosines of the principal angles between
    the two column spaces). No deflation is involved.

    Parameters
    ----------
    X : array-like of shape (n_samples, p)
    Y : array-like of shape (n_samples, q)
        Two views of the same samples; finite numbers, at least 2 samples.
    n_components : int or None, default=None
        How many to return (``None``: all, i.e. min(rank X, rank Y)).

    Returns
    -------
    ndarray of shape (n_components,)

    Examples
    --------
    >>> import numpy as np
    >>> x = np.array([[0.0], [1.0], [2.0], [3.0]])
    >>> canonical_correlations(x, 2 * x + 1).round(12)
    array([1.])
    """
    X = check_array(X, "X", min_rows=2)
    Y = check_array(Y, "Y", min_rows=2)
    check_same_length(X=X, Y=Y)
    Ux = _whiten(np.ascontiguousarray(X - X.mean(axis=0)))[0]
    Uy = _whiten(np.ascontiguousarray(Y - Y.mean(axis=0)))[0]
    r = min(Ux.shape[1], Uy.shape[1])
    if n_components is not None:
        r = check_int(n_components, "n_components", low=1, high=max(r, 1))
    if Ux.shape[1] == 0 or Uy.shape[1] == 0:
        return np.zeros(r)
    rho = linalg.svd(Ux.T @ Uy, compute_uv=False)
    return np.minimum(rho[:r], 1.0)


class _PLSBase(ClassNamePrefixFeaturesOutMixin, TransformerMixin, MultiOutputMixin, BaseEstimator):
    _mode_b = False
    _canonical = True

    def __init__(self, n_components=2, *, scale=True):
        self.n_components = n_components
        self.scale = scale

    def fit(self, X, y=None, Y=None):
        """Fit the components on paired views ``X`` (n x p) and ``y`` (n x q, or (n,) for one column).

        ``Y`` is accepted as a synonym of ``y`` (scikit-learn's older keyword)."""
        if y is None:
            y = Y
        if y is None:
            raise ValueError(
                f"{type(self).__name__} requires y to be passed, but the target y is None: it is fitted on two "
                "views, fit(X, y)"
            )
        X, y = validate_data(self, X, y, multi_output=True, y_numeric=True, ensure_min_samples=2)
        y = np.asarray(y, dtype=np.float64)
        self._predict_1d = y.ndim == 1
        if y.ndim == 1:
            y = y.reshape(-1, 1)
        check_scale(X, "X", small=True)  # the standard deviations and covariances are sums of squares
        check_scale(y, "y", small=True)
        n, p = X.shape
        q = y.shape[1]
        bound = min(n, p) if not self._canonical else min(n, p, q)
        K = check_int(self.n_components, "n_components", low=1, high=bound)
        scale = check_bool(self.scale, "scale")
        Xs, self._x_mean, self._x_std = _center_scale(np.asarray(X, dtype=np.float64), scale)
        Ys, self._y_mean, self._y_std = _center_scale(y, scale)
        out = _pls_kernel(
            np.ascontiguousarray(Xs), np.ascontiguousarray(Ys), K, self._mode_b, self._canonical, self._canonical
        )
        self.x_weights_, self.y_weights_, self._x_scores, self._y_scores = out[:4]
        self.x_loadings_, self.y_loadings_, criterion, found, used_up = out[4:]
        if found < K:
            view = {1: "X", 2: "y", 3: "X and y"}[int(used_up)]
            why = "y is fitted exactly" if used_up == 2 and not self._canonical else f"the rank of {view} is used up"
            warnings.warn(
                f"{type(self).__name__}: the deflated {view} is zero after {found} of n_components={K} components "
                f"({why}); the remaining components are set to zero",
                UserWarning,
                stacklevel=2,
            )
        self._criterion = criterion
        # rotations: transform(X) = X_scaled @ x_rotations_ reproduces the training scores (Wegelin 2000)
        self.x_rotations_ = self.x_weights_ @ linalg.pinv(self.x_loadings_.T @ self.x_weights_)
        self.y_rotations_ = self.y_weights_ @ linalg.pinv(self.y_loadings_.T @ self.y_weights_)
        coef = self.x_rotations_ @ self.y_loadings_.T
        self.coef_ = (coef * self._y_std).T / self._x_std
        self.intercept_ = self._y_mean
        self._n_features_out = K
        return self

    def _check_y(self, y):
        y = check_numeric(y if isinstance(y, (str, bytes)) else np.asarray(y), "y")
        if y.ndim == 1:
            y = y.reshape(-1, 1)
        y = check_array(y, "y", min_rows=1)
        if y.shape[1] != self._y_mean.shape[0]:
            raise ValueError(f"y must have {self._y_mean.shape[0]} columns, got {y.shape[1]}")
        return y

    def transform(self, X, y=None, Y=None):
        """Scores of new data: X_scaled @ x_rotations_, and (if ``y`` is given) y_scaled @ y_rotations_."""
        check_is_fitted(self)
        X = validate_data(self, X, reset=False)
        x_scores = ((X - self._x_mean) / self._x_std) @ self.x_rotations_
        if y is None:
            y = Y
        if y is None:
            return x_scores
        y = self._check_y(y)
        check_same_length(X=X, y=y)
        return x_scores, ((y - self._y_mean) / self._y_std) @ self.y_rotations_

    def fit_transform(self, X, y=None):
        """Fit, then return ``transform(X, y)``."""
        return self.fit(X, y).transform(X, y)

    def inverse_transform(self, X, y=None):
        """Map scores back to the data space (the reconstruction X_r = T P^T, unscaled)."""
        check_is_fitted(self)
        X = check_array(X, "X")
        if X.shape[1] != self._n_features_out:
            raise ValueError(f"X must have {self._n_features_out} columns (the scores), got {X.shape[1]}")
        x_rec = X @ self.x_loadings_.T * self._x_std + self._x_mean
        if y is None:
            return x_rec
        y = check_array(y, "y")
        if y.shape[1] != self._n_features_out:
            raise ValueError(f"y must have {self._n_features_out} columns (the scores), got {y.shape[1]}")
        return x_rec, y @ self.y_loadings_.T * self._y_std + self._y_mean

    def predict(self, X):
        """Predict the second view from the first: (X - mean) @ coef_.T + intercept_."""
        check_is_fitted(self)
        X = validate_data(self, X, reset=False)
        pred = (X - self._x_mean) @ self.coef_.T + self.intercept_
        return pred.ravel() if self._predict_1d else pred


class CCA(_PLSBase):
    """Canonical correlation analysis (MLAPP §12.5.3; Hotelling 1936), one exact SVD per component.

    The same estimator as :class:`sklearn.cross_decomposition.CCA` (centring, scaling to unit variance with
    ``ddof=1``, unit-length weights, canonical deflation, the sign of ``x_weights_``' largest entry positive):
    each component's weights come from the SVD of the whitened cross-product of the deflated views instead of
    a tolerance-stopped power iteration. The score pairs are the classical canonical variates, and
    ``canonical_correlations_`` holds corr(x-score k, y-score k).

    Parameters
    ----------
    n_components : int, default=2
        Number of pairs, at most min(n_samples, p, q). There are only min(rank X, rank Y) canonical pairs: once
        a deflated view is zero (its singular values at most 1e-10 times the Frobenius norm of the undeflated
        view), the fit stops with a ``UserWarning`` and the remaining components (weights, loadings,
        scores, ``canonical_correlations_``) are zero. scikit-learn stops the same way when the y residual is
        zero, but carries on when X is used up.
    scale : bool, default=True
        Scale each column to unit variance (CCA itself is scale-invariant; the weights are not).

    Attributes
    ----------
    x_weights_, y_weights_ : ndarray of shape (p, K), (q, K)
        Unit weight vectors of the deflated views.
    x_loadings_, y_loadings_ : ndarray of shape (p, K), (q, K)
    x_rotations_, y_rotations_ : ndarray of shape (p, K), (q, K)
        ``transform`` maps the scaled views through these.
    canonical_correlations_ : ndarray of shape (K,)
        rho_1 >= rho_2 >= ... .
    coef_ : ndarray of shape (q, p)
        Linear prediction of Y from X through the scores; ``intercept_`` the mean of Y.

    Examples
    --------
    >>> import numpy as np
    >>> rng = np.random.default_rng(0)
    >>> z = rng.normal(size=(200, 1))
    >>> X = np.hstack([z, rng.normal(size=(200, 2))])
    >>> Y = np.hstack([z + 0.1 * rng.normal(size=(200, 1)), rng.normal(size=(200, 1))])
    >>> cca = CCA(n_components=1).fit(X, Y)
    >>> bool(cca.canonical_correlations_[0] > 0.99)
    True
    """

    _mode_b = True
    _canonical = True

    def fit(self, X, y=None, Y=None):
        super().fit(X, y, Y)
        self.canonical_correlations_ = self._criterion.copy()
        return self


class PLSCanonical(_PLSBase):
    """Partial least squares, canonical (symmetric) form (MLAPP §12.5.2; Wegelin 2000, PLS-W2A).

    Each pair of unit weights maximises the covariance of the deflated views, i.e. is the leading singular
    pair of X_k^T Y_k; both views are deflated by their own scores. Matches
    :class:`sklearn.cross_decomposition.PLSCanonical` (same conventions; exact SVD per component).

    Parameters
    ----------
    n_components : int, default=2
        At most min(n_samples, p, q). Once a deflated view is zero (its Frobenius norm at most 1e-10 times that
        of the undeflated view: its rank is used up), the fit stops with a ``UserWarning``
        and the remaining components are zero, as in :class:`CCA`.
    scale : bool, default=True

    Examples
    --------
    >>> import numpy as np
    >>> X = np.array([[0.0, 0.0, 1.0], [1.0, 0.0, 0.0], [2.0, 2.0, 2.0], [2.0, 5.0, 4.0]])
    >>> Y = np.array([[0.1, -0.2], [0.9, 1.1], [6.2, 5.9], [11.9, 12.3]])
    >>> PLSCanonical(n_components=1).fit(X, Y).x_weights_.shape
    (3, 1)
    """


class PLSRegression(RegressorMixin, _PLSBase):
    """PLS regression (MLAPP §12.5.2; Wold 1975, PLS1/PLS2): PLS weights of X, Y deflated by the x-scores.

    Matches :class:`sklearn.cross_decomposition.PLSRegression`: ``y_weights_`` are the regressions of the
    deflated Y on the x-scores (not unit vectors), ``predict`` uses ``coef_`` (shape (q, p)), and ``y`` may be
    1-D. At most min(n_samples, p) components.

    Parameters
    ----------
    n_components : int, default=2
        At most min(n_samples, p). Once the deflated X is zero (its rank is used up) or the deflated y is (y is
        fitted exactly), zero meaning a Frobenius norm at most 1e-10 times that of the undeflated
        view, the fit stops with a ``UserWarning`` and the remaining components are zero. scikit-learn
        stops the same way when the y residual is zero, but carries on when X is used up.
    scale : bool, default=True

    Examples
    --------
    >>> import numpy as np
    >>> X = np.array([[0.0, 0.0, 1.0], [1.0, 0.0, 0.0], [2.0, 2.0, 2.0], [2.0, 5.0, 4.0]])
    >>> y = np.array([0.1, 0.9, 6.2, 11.9])
    >>> PLSRegression(n_components=3).fit(X, y).predict(X).round(6)
    array([ 0.1,  0.9,  6.2, 11.9])
    """

    _canonical = False

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.regressor_tags.poor_score = True
        return tags
