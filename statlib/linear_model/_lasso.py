"""The lasso and the elastic net by cyclic coordinate descent (MLAPP section 13.4.1, Algorithm 13.1).

Objective (scikit-learn's scaling, so that ``alpha`` means the same in both libraries)::

    (1 / (2 n)) ||y - X w - b||^2 + alpha * l1_ratio * ||w||_1 + (alpha * (1 - l1_ratio) / 2) ||w||^2

``l1_ratio = 1`` is the lasso (Tibshirani 1996). Multiplying by ``n`` gives the unscaled form that the
kernels work with, ``P(w) = 1/2 ||r||^2 + l1 ||w||_1 + (l2 / 2) ||w||^2`` with ``r = y - X w``,
``l1 = n alpha l1_ratio`` and ``l2 = n alpha (1 - l1_ratio)``.

One coordinate step is MLAPP's (13.54)-(13.56): with ``a_j = ||x_j||^2`` and
``c_j = x_j^T r + a_j w_j`` (the correlation of column j with the partial residual, (13.48)-(13.50)
halved), ``w_j <- soft(c_j, l1) / (a_j + l2)`` where ``soft(c, d) = sign(c) max(|c| - d, 0)`` (13.56).

Three devices make it fast without changing the answer:

- **Duality gap stopping rule.** From the residual one builds a dual feasible point
  ``theta = r / max(l1, ||X^T r - l2 w||_inf)`` whose dual value bounds the optimum from below, so the gap
  ``P(w) - D(theta)`` certifies how far ``w`` is from optimal. The fit stops when the gap is at most
  ``tol * ||y||^2`` (the rule scikit-learn uses).
- **Gap-safe screening** (Fercoq, Gramfort and Salmon 2015; Ndiaye et al. 2017). The optimal dual point
  lies in the ball of radius ``sqrt(2 gap) / l1`` around ``theta``; a feature whose dual constraint cannot
  become active anywhere in that ball, ``(1 - |x_j^T theta|) / ||x_j|| > sqrt(2 gap) / l1``, has a zero
  coefficient at the optimum and is removed for good.
- **Working sets** (in the manner of Massias, Gramfort and Salmon's Celer, 2018, and of glmnet's active
  sets, Friedman, Hastie and Tibshirani 2010). Coordinate descent runs on a small set of features: the
  current support plus the features closest to violating their optimality condition. The set grows
  until the gap of the whole problem is small enough.
"""

import warnings

import numpy as np
from numba import njit
from sklearn.base import BaseEstimator, RegressorMixin
from sklearn.exceptions import ConvergenceWarning
from sklearn.utils.validation import check_is_fitted

from .._validation import check_bool, check_choice, check_int, check_real, check_scale, validate_data

_WS_MIN = 50  # smallest working set
_CHECK_EVERY = 8  # epochs between two duality-gap checks of the working-set problem
_INNER = 0.1  # the working-set problem is solved to this fraction of the current duality gap


@njit(cache=True)
def soft_threshold(c, delta):
    """soft(c, delta) = sign(c) max(|c| - delta, 0), MLAPP (13.56): the proximal operator of delta |w|."""
    if c > delta:
        return c - delta
    if c < -delta:
        return c + delta
    return 0.0


@njit(cache=True, fastmath={"reassoc", "contract", "nsz", "arcp"})
def _dot(a, b):
    """a . b for two contiguous vectors of the same length (reassociated so that it vectorises)."""
    s = 0.0
    for i in range(a.shape[0]):
        s += a[i] * b[i]
    return s


@njit(cache=True)
def _axpy(alpha, x, y):
    """y <- y + alpha x, in place."""
    for i in range(y.shape[0]):
        y[i] += alpha * x[i]


@njit(cache=True)
def _gap(w, r, y, corr, features, n_features_used, l1, l2):
    """Duality gap of P(w) = 1/2 ||r||^2 + l1 ||w||_1 + l2/2 ||w||^2 on the features ``features[:m]``.

    ``corr[j]`` must hold ``x_j^T r``. The dual point is theta = r * s / l1 with
    s = l1 / max(l1, max_j |x_j^T r - l2 w_j|) (so that every |x_j^T theta| <= 1), and

        gap = 1/2 ||r||^2 (1 + s^2) + l1 ||w||_1 - s r^T y + l2/2 (1 + s^2) ||w||^2

    (the elastic net is the lasso on the data augmented with sqrt(l2) I, MLAPP (13.123)).
    Returns (gap, max(l1, dual norm)); the second is the scale that turns x_j^T r into x_j^T theta.
    """
    dual_norm = 0.0
    w_l1 = 0.0
    w_l2 = 0.0
    for k in range(n_features_used):
        j = features[k]
        v = abs(corr[j] - l2 * w[j])
        if v > dual_norm:
            dual_norm = v
        w_l1 += abs(w[j])
        w_l2 += w[j] * w[j]
    r_norm2 = _dot(r, r)
    ry = _dot(r, y)
    scale = max(l1, dual_norm)
    s = l1 / scale
    gap = 0.5 * r_norm2 * (1.0 + s * s) + l1 * w_l1 - s * ry + 0.5 * l2 * (1.0 + s * s) * w_l2
    return gap, scale


@njit(cache=True, fastmath={"reassoc", "contract", "nsz", "arcp"})
def _correlations(X, x_mean, r, out):
    """out = (X - x_mean)^T r, one row of X at a time (X is C-contiguous), as x_j^T r - mean_j sum(r)."""
    n, p = X.shape
    out[:] = 0.0
    r_sum = 0.0
    for i in range(n):
        ri = r[i]
        r_sum += ri
        for j in range(p):
            out[j] += ri * X[i, j]
    for j in range(p):
        out[j] -= x_mean[j] * r_sum


@njit(cache=True)
def _column_norms(X, x_mean):
    """||x_j - mean_j||^2 for every column, one row at a time."""
    n, p = X.shape
    out = np.zeros(p)
    for i in range(n):
        for j in range(p):
            v = X[i, j] - x_mean[j]
            out[j] += v * v
    return out


@njit(cache=True)
def _gather(X, x_mean, ws, ws_size, buf):
    """buf[k] = x_{ws[k]} - mean (the working-set columns, each contiguous), one row of X at a time."""
    n = X.shape[0]
    for i in range(n):
        for k in range(ws_size):
            j = ws[k]
            buf[k, i] = X[i, j] - x_mean[j]


@njit(cache=True)
def _enet_cd(X, x_mean, y, w, col_sq, l1, l2, tol, max_iter, screening):
    """Cyclic coordinate descent for the elastic net (lasso when l2 = 0), in place on ``w``.

    Parameters
    ----------
    X : (n_samples, n_features) C-contiguous design; the kernel works with the centred columns
        x_j - x_mean[j] without forming them all (pass zeros for no centring).
    y : (n_samples,) target (centred when x_mean is the column mean).
    w : (n_features,) start, overwritten with the answer.
    col_sq : (n_features,) squared norms of the centred columns.
    l1, l2 : unscaled penalties (n alpha l1_ratio, n alpha (1 - l1_ratio)); l1 > 0.
    tol : absolute tolerance on the duality gap.
    max_iter : bound on the number of coordinate-descent epochs (passes over the working set).
    screening : use gap-safe screening and working sets; if False, every epoch sweeps all features
        (plain Algorithm 13.1) and the gap is checked after each.

    Returns
    -------
    (gap, n_epochs, converged)

    Notes
    -----
    Each outer round computes all correlations x_j^T r (one pass over X), the duality gap, screens, and
    picks a working set: the support and the features nearest their dual constraint, twice the support
    and at least ``_WS_MIN`` features, doubled when the previous round did not halve the gap. The
    working-set columns are copied into a contiguous buffer and coordinate descent runs on them (the gap of
    that restricted problem is checked every ``_CHECK_EVERY`` epochs) until that gap is below ``_INNER``
    times the full gap. The gap is taken over the features that survive screening: screening is safe, so
    the screened problem has the same minimum and its gap bounds the suboptimality of the whole problem.
    """
    n, p = X.shape
    r = y.copy()
    for i in range(n):
        s = 0.0
        for j in range(p):
            if w[j] != 0.0:
                s += (X[i, j] - x_mean[j]) * w[j]
        r[i] -= s
    corr = np.zeros(p)
    alive = np.empty(p, dtype=np.int64)  # features not screened out: alive[:n_alive]
    n_alive = 0
    for j in range(p):
        if col_sq[j] > 0.0:
            alive[n_alive] = j
            n_alive += 1
        elif w[j] != 0.0:  # a zero column can only get a zero coefficient (and does not move r)
            w[j] = 0.0
    ws = np.empty(p, dtype=np.int64)
    prev_ws = np.full(p, -1, dtype=np.int64)
    prev_size = 0
    priority = np.empty(p)
    inv_norm = np.empty(p)
    for j in range(p):
        inv_norm[j] = 1.0 / np.sqrt(col_sq[j] + l2) if col_sq[j] > 0.0 else 0.0
    buf = np.empty((min(p, 16), n))
    ws_size = 0
    last_gap = np.inf
    n_epochs = 0
    gap = np.inf
    converged = False
    while True:
        # Correlations with the residual, then the gap over the surviving features. Once the buffer holds
        # every surviving column, that costs n_alive dot products instead of a pass over X.
        covered = prev_size == n_alive
        if covered:
            for k in range(n_alive):
                if prev_ws[k] != alive[k]:
                    covered = False
                    break
        if covered:
            for k in range(n_alive):
                corr[alive[k]] = _dot(buf[k], r)
        else:
            _correlations(X, x_mean, r, corr)
        gap, scale = _gap(w, r, y, corr, alive, n_alive, l1, l2)
        if gap <= tol:
            converged = True
            break
        if n_epochs >= max_iter:
            break
        if not screening:
            ws_size = n_alive
            for k in range(n_alive):
                ws[k] = alive[k]
        else:
            # Gap-safe screening: remove features that are provably zero at the optimum.
            radius = np.sqrt(2.0 * max(gap, 0.0)) / l1
            kept = 0
            for k in range(n_alive):
                j = alive[k]
                distance = (1.0 - abs(corr[j] - l2 * w[j]) / scale) * inv_norm[j]
                if distance > radius:
                    if w[j] != 0.0:
                        wj = w[j]
                        for i in range(n):
                            r[i] += wj * (X[i, j] - x_mean[j])
                        w[j] = 0.0
                else:
                    alive[kept] = j
                    kept += 1
            n_alive = kept
            # Working set: the support first, then the features nearest to their dual constraint.
            nnz = 0
            for k in range(n_alive):
                j = alive[k]
                if w[j] != 0.0:
                    priority[k] = -np.inf
                    nnz += 1
                else:
                    priority[k] = (1.0 - abs(corr[j] - l2 * w[j]) / scale) * inv_norm[j]
            # Grow the set with the support; double it when the last round did not halve the gap.
            grow = 2 * ws_size if gap > 0.5 * last_gap else ws_size
            ws_size = min(n_alive, max(2 * nnz, grow, _WS_MIN))
            last_gap = gap
            order = np.argsort(priority[:n_alive])
            for k in range(ws_size):
                ws[k] = alive[order[k]]
            ws[:ws_size].sort()  # cyclic order by feature index, as in Algorithm 13.1
        # Copy the working-set columns into a contiguous buffer (unless the set is unchanged).
        same = ws_size == prev_size
        if same:
            for k in range(ws_size):
                if ws[k] != prev_ws[k]:
                    same = False
                    break
        if not same:
            if buf.shape[0] < ws_size:
                buf = np.empty((min(p, max(ws_size, 2 * buf.shape[0])), n))
            _gather(X, x_mean, ws, ws_size, buf)
            prev_ws[:ws_size] = ws[:ws_size]
            prev_size = ws_size
        # Inner solver: epochs of coordinate descent on the working set.
        inner_tol = max(_INNER * gap, 0.5 * tol) if screening else 0.0
        round_epochs = 0
        while n_epochs < max_iter:
            n_epochs += 1
            round_epochs += 1
            # (13.54)-(13.56): one sweep of Algorithm 13.1 (lines 3-6), c = x_j^T r + a_j w_j with a_j = ||x_j||^2
            for k in range(ws_size):
                j = ws[k]
                xj = buf[k]
                wj = w[j]
                c = _dot(xj, r) + col_sq[j] * wj
                new = soft_threshold(c, l1) / (col_sq[j] + l2)
                if new != wj:
                    _axpy(wj - new, xj, r)
                    w[j] = new
            if not screening:
                break  # the outer loop checks the gap after every epoch
            if round_epochs % _CHECK_EVERY == 0 or ws_size == n_alive:
                for k in range(ws_size):
                    corr[ws[k]] = _dot(buf[k], r)
                inner_gap, _ = _gap(w, r, y, corr, ws, ws_size, l1, l2)
                if inner_gap <= inner_tol:
                    break
    return gap, n_epochs, converged


def _prepare(X, y, fit_intercept):
    """The column means (zeros without an intercept), the centred target and the centred column norms."""
    X = np.ascontiguousarray(X, dtype=np.float64)
    if fit_intercept:
        x_mean, y_mean = X.mean(axis=0), float(y.mean())
    else:
        x_mean, y_mean = np.zeros(X.shape[1]), 0.0
    yc = np.ascontiguousarray(y - y_mean, dtype=np.float64)
    return X, yc, x_mean, y_mean, _column_norms(X, x_mean)


def _solve(X, x_mean, y, col_sq, w, l1, l2, tol, max_iter, screening):
    """Run the kernel from ``w`` (modified in place); ``tol`` is relative to ||y||^2, as in scikit-learn."""
    return _enet_cd(X, x_mean, y, w, col_sq, l1, l2, tol * float(y @ y), max_iter, screening)


class ElasticNet(RegressorMixin, BaseEstimator):
    """Linear regression with a combined L1 and L2 penalty, by cyclic coordinate descent.

    Minimises ``(1 / (2 n)) ||y - X w - b||^2 + alpha l1_ratio ||w||_1 + alpha (1 - l1_ratio) / 2 ||w||^2``
    (Zou and Hastie 2005; MLAPP section 13.5.3, eq. (13.122) up to the scaling of the penalties), the
    objective of scikit-learn's ``ElasticNet``. Each coordinate step is the soft-thresholding update of
    MLAPP Algorithm 13.1, divided by ``1 + l2 / a_j`` for the ridge part. The fit stops on the duality gap
    and uses gap-safe screening and working sets (see the module notes).

    Parameters
    ----------
    alpha : float, default=1.0
        Overall penalty weight, > 0 (use :class:`~statlib.linear_model.LinearRegression` for none).
    l1_ratio : float, default=0.5
        Share of the L1 penalty, in (0, 1]; 1 is the lasso.
    fit_intercept : bool, default=True
        Fit an unpenalised intercept (the data are centred first).
    max_iter : int, default=1000
        Most coordinate-descent epochs (passes over the working set).
    tol : float, default=1e-4
        Stop when the duality gap of the unscaled objective is at most ``tol * ||y - mean(y)||^2``.
    warm_start : bool, default=False
        Start from the previous ``coef_`` (when the number of features matches) instead of zeros.
    screening : bool, default=True
        Use gap-safe screening and working sets. ``False`` runs plain cyclic coordinate descent over all
        features (Algorithm 13.1 as printed), checking the gap after every epoch; same answer, slower.

    Attributes
    ----------
    coef_ : ndarray of shape (n_features,)
    intercept_ : float
    n_iter_ : int
        Coordinate-descent epochs used.
    dual_gap_ : float
        Final duality gap, in the scale of the objective above (divided by n).
    n_features_in_ : int

    References
    ----------
    Friedman, Hastie and Tibshirani (2010), Regularization paths for generalized linear models via
    coordinate descent. Fercoq, Gramfort and Salmon (2015), Mind the duality gap: safer rules for the lasso.
    Murphy (2012), MLAPP section 13.4.1.
    """

    def __init__(
        self, alpha=1.0, l1_ratio=0.5, fit_intercept=True, max_iter=1000, tol=1e-4, warm_start=False, screening=True
    ):
        self.alpha = alpha
        self.l1_ratio = l1_ratio
        self.fit_intercept = fit_intercept
        self.max_iter = max_iter
        self.tol = tol
        self.warm_start = warm_start
        self.screening = screening

    def _l1_ratio(self):
        return check_real(self.l1_ratio, "l1_ratio", low=0.0, high=1.0, low_inclusive=False)

    def fit(self, X, y):
        """Fit to ``X`` (n_samples, n_features) and ``y`` (n_samples,); returns ``self``."""
        alpha = check_real(self.alpha, "alpha", low=0.0, low_inclusive=False)
        l1_ratio = self._l1_ratio()
        fit_intercept = check_bool(self.fit_intercept, "fit_intercept")
        max_iter = check_int(self.max_iter, "max_iter", low=1)
        tol = check_real(self.tol, "tol", low=0.0)
        warm_start = check_bool(self.warm_start, "warm_start")
        screening = check_bool(self.screening, "screening")
        X, y = validate_data(self, X, y, dtype=np.float64, y_numeric=True)
        check_scale(y, "y")  # the duality gap is a sum of squares of residuals
        n, p = X.shape
        X, yc, x_mean, y_mean, col_sq = _prepare(X, y, fit_intercept)
        coef = getattr(self, "coef_", None) if warm_start else None
        w = np.array(coef, dtype=np.float64) if coef is not None and np.shape(coef) == (p,) else np.zeros(p)
        gap, n_epochs, converged = _solve(
            X, x_mean, yc, col_sq, w, n * alpha * l1_ratio, n * alpha * (1.0 - l1_ratio), tol, max_iter, screening
        )
        if not converged:
            warnings.warn(
                f"Coordinate descent stopped at max_iter={max_iter} epochs without reaching tol={tol}: "
                f"duality gap {gap / n:.3e}, needed {tol * float(yc @ yc) / n:.3e}. Increase max_iter, or "
                f"loosen tol.",
                ConvergenceWarning,
                stacklevel=2,
            )
        self.coef_ = w
        self.intercept_ = float(y_mean - x_mean @ w) if fit_intercept else 0.0
        self.n_iter_ = int(n_epochs)
        self.dual_gap_ = float(gap) / n
        return self

    def predict(self, X):
        """w . x + b for each row of ``X``."""
        check_is_fitted(self)
        X = validate_data(self, X, dtype=np.float64, reset=False)
        return X @ self.coef_ + self.intercept_


class Lasso(ElasticNet):
    """The lasso (Tibshirani 1996) by cyclic coordinate descent, the "shooting" algorithm (MLAPP
    Algorithm 13.1, section 13.4.1).

    Minimises ``(1 / (2 n)) ||y - X w - b||^2 + alpha ||w||_1``, the objective of scikit-learn's
    ``Lasso``: MLAPP's ``RSS(w) + lambda ||w||_1`` (13.37) with ``lambda = 2 n alpha``. Each step sets
    ``w_j = soft(c_j / a_j, lambda / a_j)`` (13.54)-(13.56). The optimality (KKT) conditions (13.53) at the
    answer are ``|x_j^T r| / n <= alpha`` for every j, with equality and ``sign(w_j)`` where ``w_j != 0``.
    The fit stops on the duality gap, screens features with the gap-safe rule and iterates on working
    sets (see :class:`ElasticNet` and the module notes). With perfectly collinear columns the lasso's
    minimiser is not unique, but its fitted values are; any minimiser is returned.

    Parameters
    ----------
    alpha : float, default=1.0
        Penalty weight, > 0. For ``alpha >= max_j |x_j^T y| / n`` on centred data (MLAPP's lambda_max,
        (13.57)) every coefficient is zero.
    fit_intercept : bool, default=True
    max_iter : int, default=1000
        Most coordinate-descent epochs.
    tol : float, default=1e-4
        Stop when the duality gap of ``n`` times the objective is at most ``tol * ||y - mean(y)||^2``.
    warm_start : bool, default=False
        Start from the previous ``coef_`` instead of zeros (MLAPP's continuation, section 13.4.2).
    screening : bool, default=True
        Gap-safe screening and working sets; ``False`` sweeps every feature each epoch (``solver="cd"`` only).
    solver : {"cd", "ista", "fista"}, default="cd"
        ``"cd"``: coordinate descent (Algorithm 13.1). ``"ista"`` / ``"fista"``: proximal gradient descent
        with the step ``1 / ||X||_2^2``, plain or accelerated (section 13.4.3, see
        :func:`~statlib.linear_model.lasso_proximal`). All three minimise the same objective and stop on the
        same duality gap, so they return the same answer to within ``tol``; ``max_iter`` counts epochs for
        ``"cd"`` and iterations for the others.

    Attributes
    ----------
    coef_ : ndarray of shape (n_features,)
    intercept_ : float
    n_iter_ : int
        Epochs (``"cd"``) or proximal gradient iterations.
    dual_gap_ : float
    n_features_in_ : int

    Examples
    --------
    >>> import numpy as np
    >>> from statlib.linear_model import Lasso
    >>> X = np.array([[0.0, 0.0], [1.0, 1.0], [2.0, 2.0]])
    >>> Lasso(alpha=0.1).fit(X, [0.0, 1.0, 2.0]).coef_.sum().round(4)
    np.float64(0.85)
    """

    def __init__(
        self, alpha=1.0, fit_intercept=True, max_iter=1000, tol=1e-4, warm_start=False, screening=True, solver="cd"
    ):
        self.alpha = alpha
        self.fit_intercept = fit_intercept
        self.max_iter = max_iter
        self.tol = tol
        self.warm_start = warm_start
        self.screening = screening
        self.solver = solver

    def _l1_ratio(self):
        return 1.0

    def fit(self, X, y):
        """Fit to ``X`` (n_samples, n_features) and ``y`` (n_samples,); returns ``self``."""
        from ._lasso_proximal import _fit_proximal

        solver = check_choice(self.solver, "solver", ("cd", "ista", "fista"))
        if solver == "cd":
            return super().fit(X, y)
        alpha = check_real(self.alpha, "alpha", low=0.0, low_inclusive=False)
        fit_intercept = check_bool(self.fit_intercept, "fit_intercept")
        max_iter = check_int(self.max_iter, "max_iter", low=1)
        tol = check_real(self.tol, "tol", low=0.0)
        warm_start = check_bool(self.warm_start, "warm_start")
        check_bool(self.screening, "screening")
        X, y = validate_data(self, X, y, dtype=np.float64, y_numeric=True)
        check_scale(X, "X", small=True)  # the step is 1 / ||X||_2^2, as in lasso_proximal
        check_scale(y, "y")
        p = X.shape[1]
        coef = getattr(self, "coef_", None) if warm_start else None
        w0 = coef if coef is not None and np.shape(coef) == (p,) else None
        w, b, _, gap, n_iter, converged, needed = _fit_proximal(
            X, y, alpha, fit_intercept, max_iter, tol, solver == "fista", w0=w0
        )
        if not converged:
            warnings.warn(
                f"{solver.upper()} stopped at max_iter={max_iter} iterations without reaching tol={tol}: duality "
                f"gap {gap:.3e}, needed {needed:.3e}. Increase max_iter, or loosen tol.",
                ConvergenceWarning,
                stacklevel=2,
            )
        self.coef_ = w
        self.intercept_ = b
        self.n_iter_ = n_iter
        self.dual_gap_ = gap
        return self


def _cd_path(X, y, alphas, l1_ratio, tol, max_iter, screening=True):
    """Coefficients at each of ``alphas`` (in the given order) by coordinate descent, each fit warm-started
    from the previous one, without an intercept. Returns (coefs (p, n_alphas), gaps (scaled by 1/n),
    n_epochs, converged)."""
    n, p = X.shape
    X = np.ascontiguousarray(X, dtype=np.float64)
    y = np.ascontiguousarray(y, dtype=np.float64)
    x_mean = np.zeros(p)
    col_sq = _column_norms(X, x_mean)
    tol_abs = tol * float(y @ y)
    w = np.zeros(p)
    coefs = np.empty((p, len(alphas)))
    gaps = np.empty(len(alphas))
    epochs = np.empty(len(alphas), dtype=np.int64)
    converged = np.empty(len(alphas), dtype=bool)
    for i, alpha in enumerate(alphas):
        gap, n_ep, ok = _enet_cd(
            X, x_mean, y, w, col_sq, n * alpha * l1_ratio, n * alpha * (1.0 - l1_ratio), tol_abs, max_iter, screening
        )
        coefs[:, i] = w
        gaps[i], epochs[i], converged[i] = gap / n, n_ep, ok
    return coefs, gaps, epochs, converged
