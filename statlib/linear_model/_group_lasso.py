"""The group lasso by block coordinate descent or accelerated proximal gradient (MLAPP section 13.5.1).

The objective, in scikit-learn's scaling (that of :class:`~statlib.linear_model.Lasso`), is

    (1 / (2 n)) ||y - X w - b||^2 + alpha sum_g sqrt(d_g) ||w_g||_p,      p = 2 or infinity,

which is MLAPP's (13.98) with the least-squares NLL, the group weights lambda_g = lambda sqrt(d_g) of (13.100)
and the group norms (13.99) (p = 2, Yuan and Lin 2006) or (13.102) (p = infinity, Turlach et al. 2005). The
kernels work with n times it, ``P(w) = 1/2 ||r||^2 + l sum_g sqrt(d_g) ||w_g||_p`` with ``l = n alpha`` on centred
data. Two solvers: FISTA (13.83)-(13.85) with the fixed step ``t = 1 / ||X||_2^2`` from the lasso's proximal
module, and (the default) cyclic block coordinate descent, where each group takes the proximal step of (13.106)
with its own step ``1 / ||X_g||_2^2``, which is far longer than the global one when the groups are many.

The proximal operator splits over the groups (13.106). For p = 2 it is the vector soft threshold (13.110),
``prox(b) = b max(||b|| - lam, 0) / (max(||b|| - lam, 0) + lam)``, i.e. (13.108) inside the ball and (13.109)
outside; for p = infinity it is ``b - proj_{lam C}(b)`` (13.107) with ``C`` the l1 unit ball, the projection
computed by sorting (Duchi et al. 2008).

The fit stops on the duality gap: with ``theta = r / max(1, max_g ||X_g^T r||_q / (l sqrt(d_g))))`` (q the dual
norm: 2 for p = 2, 1 for p = infinity), ``D(theta) = 1/2 ||y||^2 - 1/2 ||y - theta||^2`` is a lower bound on
min P, so ``P(w) - D(theta)`` bounds the distance to the optimum of the objective.
"""

import warnings

import numpy as np
from numba import njit
from sklearn.base import BaseEstimator, RegressorMixin
from sklearn.exceptions import ConvergenceWarning

from .._validation import check_bool, check_choice, check_int, check_real, check_scale, validate_data
from ._lasso_proximal import _centre, _lipschitz


@njit(cache=True)
def _block_soft_threshold(b, lam, out):
    """(13.110): out = b max(||b||_2 - lam, 0) / (max(||b||_2 - lam, 0) + lam), the prox of lam ||.||_2."""
    norm = np.sqrt(np.sum(b * b))
    shrink = max(norm - lam, 0.0)
    if shrink == 0.0:  # (13.108): inside the ball of radius lam everything is set to zero
        out[:] = 0.0
    else:  # (13.109): b (||b|| - lam) / ||b||
        out[:] = b * (shrink / (shrink + lam))


@njit(cache=True)
def _project_l1_ball(b, radius, out):
    """Euclidean projection of b onto {z : ||z||_1 <= radius} by sorting |b| (Duchi et al. 2008)."""
    a = np.abs(b)
    if np.sum(a) <= radius:
        out[:] = b
        return
    u = np.sort(a)[::-1]
    cumulative = 0.0
    theta = 0.0
    for k in range(u.shape[0]):
        cumulative += u[k]
        t = (cumulative - radius) / (k + 1.0)
        if u[k] - t > 0.0:
            theta = t
    for j in range(b.shape[0]):
        out[j] = np.sign(b[j]) * max(a[j] - theta, 0.0)


@njit(cache=True)
def _block_prox_linf(b, lam, out):
    """(13.107) with C the l1 unit ball: prox of lam ||.||_inf is b - proj_{lam C}(b) (Moreau decomposition)."""
    proj = np.empty_like(b)
    _project_l1_ball(b, lam, proj)
    out[:] = b - proj


@njit(cache=True)
def _group_penalty(w, bounds, weights, linf):
    total = 0.0
    for g in range(bounds.shape[0] - 1):
        block = w[bounds[g] : bounds[g + 1]]
        if linf:
            total += weights[g] * np.max(np.abs(block))
        else:
            total += weights[g] * np.sqrt(np.sum(block * block))
    return total


@njit(cache=True)
def _group_gap(w, r, y, corr, bounds, weights, l, linf):
    """Duality gap P(w) - D(theta) of the (unscaled) group lasso, theta the rescaled residual."""
    scale = 1.0
    for g in range(bounds.shape[0] - 1):
        block = corr[bounds[g] : bounds[g + 1]]
        dual_norm = np.sum(np.abs(block)) if linf else np.sqrt(np.sum(block * block))
        scale = max(scale, dual_norm / (l * weights[g]))
    theta = r / scale
    primal = 0.5 * np.dot(r, r) + l * _group_penalty(w, bounds, weights, linf)
    d = y - theta
    dual = 0.5 * np.dot(y, y) - 0.5 * np.dot(d, d)
    return primal - dual


@njit(cache=True)
def _group_fista(X, y, w, bounds, weights, l, step, max_iter, tol, linf):
    """FISTA for the group lasso, in place on ``w`` (features ordered so that group g is bounds[g]:bounds[g+1]).

    Returns (gap, n_iter, converged).
    """
    r = y - X @ w
    r_prev = r.copy()
    w_prev = w.copy()
    corr = X.T @ r
    gap = _group_gap(w, r, y, corr, bounds, weights, l, linf)
    if gap <= tol:
        return gap, 0, True
    k = 0
    while k < max_iter:
        k += 1
        # (13.85): extrapolate phi_k = w_k + (k - 1) / (k + 2) (w_k - w_{k-1}); the residual is linear in w
        beta = (k - 1.0) / (k + 2.0)
        phi = w + beta * (w - w_prev)
        r_phi = r + beta * (r - r_prev)
        grad_step = phi + step * (X.T @ r_phi)  # b = theta_k - t_k g_k of (13.106)
        w_prev[:] = w
        r_prev[:] = r
        for g in range(bounds.shape[0] - 1):
            lo, hi = bounds[g], bounds[g + 1]
            lam = step * l * weights[g]
            if linf:
                _block_prox_linf(grad_step[lo:hi], lam, w[lo:hi])  # (13.107), l1-ball projection
            else:
                _block_soft_threshold(grad_step[lo:hi], lam, w[lo:hi])  # (13.110)
        r = y - X @ w
        if k % 10 == 0 or k == max_iter:
            corr = X.T @ r
            gap = _group_gap(w, r, y, corr, bounds, weights, l, linf)
            if gap <= tol:
                return gap, k, True
    return gap, k, False


@njit(cache=True)
def _group_lipschitz(X, bounds):
    """L_g = ||X_g||_2^2 for every group: the largest eigenvalue of X_g^T X_g."""
    n_groups = bounds.shape[0] - 1
    out = np.empty(n_groups)
    for g in range(n_groups):
        lo, hi = bounds[g], bounds[g + 1]
        if hi - lo == 1:
            out[g] = np.dot(X[:, lo], X[:, lo])
        else:
            size = hi - lo
            gram = np.empty((size, size))
            for a in range(size):  # plain loops: a slice of X is not contiguous to Numba, so no BLAS product here
                for b in range(a + 1):
                    v = 0.0
                    for i in range(X.shape[0]):
                        v += X[i, lo + a] * X[i, lo + b]
                    gram[a, b] = v
                    gram[b, a] = v
            out[g] = np.linalg.eigvalsh(gram)[-1]
    return out


@njit(cache=True)
def _group_bcd(X, y, w, bounds, weights, l, lipschitz, max_iter, tol, linf):
    """Cyclic block coordinate descent for the group lasso, in place on ``w``; ``X`` Fortran-ordered.

    Each block takes one proximal-gradient step with its own constant L_g = ||X_g||^2: the group's
    problem of (13.106) with t = 1 / L_g, so a size-1 group is minimised exactly (the lasso's shooting
    update, MLAPP Algorithm 13.1). Returns (gap, n_epochs, converged).
    """
    n_groups = bounds.shape[0] - 1
    r = y - X @ w
    corr = np.empty(X.shape[1])
    old = np.empty(X.shape[1])
    new = np.empty(X.shape[1])
    epoch = 0
    gap = np.inf
    while epoch < max_iter:
        epoch += 1
        for g in range(n_groups):
            lo, hi = bounds[g], bounds[g + 1]
            if lipschitz[g] == 0.0:
                continue
            step = 1.0 / lipschitz[g]
            for j in range(lo, hi):
                old[j] = w[j]
                corr[j] = old[j] + step * np.dot(X[:, j], r)  # b = w_g + X_g^T r / L_g
            if linf:
                _block_prox_linf(corr[lo:hi], step * l * weights[g], new[lo:hi])  # (13.107)
            else:
                _block_soft_threshold(corr[lo:hi], step * l * weights[g], new[lo:hi])  # (13.110)
            for j in range(lo, hi):
                delta = new[j] - old[j]
                if delta != 0.0:
                    w[j] = new[j]
                    r -= delta * X[:, j]
        if epoch % 5 == 0 or epoch == max_iter:
            for j in range(X.shape[1]):
                corr[j] = np.dot(X[:, j], r)
            gap = _group_gap(w, r, y, corr, bounds, weights, l, linf)
            if gap <= tol:
                return gap, epoch, True
    return gap, epoch, False


def _check_groups(groups, n_features):
    """Group labels (one integer per feature) -> (order, bounds, sizes)."""
    if groups is None:  # every feature its own group: the lasso
        groups = np.arange(n_features)
    labels = np.asarray(groups)
    if labels.ndim != 1 or labels.shape[0] != n_features:
        raise ValueError(f"groups must be a 1-D array of length n_features={n_features}, got shape {labels.shape}")
    if labels.dtype.kind not in "iu":
        if labels.dtype.kind == "f" and np.all(np.isfinite(labels)) and np.all(labels == np.round(labels)):
            labels = labels.astype(np.int64)
        else:
            raise TypeError(f"groups must hold integer labels, got dtype {labels.dtype}")
    _, inverse = np.unique(labels, return_inverse=True)
    order = np.argsort(inverse, kind="stable")
    sizes = np.bincount(inverse)
    bounds = np.concatenate(([0], np.cumsum(sizes))).astype(np.int64)
    return order, bounds, sizes, inverse


class GroupLasso(RegressorMixin, BaseEstimator):
    """Least-squares regression with a group-lasso penalty (MLAPP section 13.5.1).

    Minimises ``(1 / (2 n)) ||y - X w - b||^2 + alpha sum_g sqrt(d_g) ||w_g||_p``: MLAPP's (13.98) with
    lambda_g = lambda sqrt(d_g) (13.100) and the l2 group norm (13.99) or the l-infinity norm (13.102). The
    proximal step is the vector soft threshold (13.110) or, for l-infinity, (13.107) with a projection onto the
    l1 ball. With every group of size 1 the objective is :class:`~statlib.linear_model.Lasso`'s.

    Parameters
    ----------
    groups : array-like of int, shape (n_features,), default=None
        Group label of each feature (any integers; features with the same label form a group). ``None`` puts
        every feature in its own group, which is the lasso.
    alpha : float, default=1.0
        Penalty weight, > 0.
    norm : {"l2", "linf"}, default="l2"
        The norm of each group's weights.
    solver : {"bcd", "fista"}, default="bcd"
        ``"bcd"``: cyclic block coordinate descent, one proximal step per group with that group's own
        Lipschitz constant ``||X_g||_2^2`` (for size-1 groups, the lasso's coordinate descent). ``"fista"``:
        accelerated proximal gradient on all groups at once (13.83)-(13.85), the algorithm of MLAPP
        section 13.5.1.2. Both stop on the same duality gap.
    fit_intercept : bool, default=True
        Fit an unpenalised intercept (the data are centred first).
    max_iter : int, default=5000
        Most epochs (``"bcd"``: sweeps over every group) or FISTA iterations.
    tol : float, default=1e-6
        Stop when the duality gap of the unscaled objective is at most ``tol * ||y - mean(y)||^2``.

    Attributes
    ----------
    coef_ : ndarray of shape (n_features,)
    intercept_ : float
    n_iter_ : int
    dual_gap_ : float
        Final duality gap in the scale of the objective above.
    active_groups_ : ndarray of bool, one per distinct label (in sorted label order)
    n_features_in_ : int

    References
    ----------
    Yuan and Lin (2006); Wright, Nowak and Figueiredo (2009); Duchi et al. (2008); Beck and Teboulle (2009);
    Tseng and Yun (2009) for block coordinate descent.
    """

    def __init__(self, groups=None, alpha=1.0, norm="l2", solver="bcd", fit_intercept=True, max_iter=5000, tol=1e-6):
        self.groups = groups
        self.alpha = alpha
        self.norm = norm
        self.solver = solver
        self.fit_intercept = fit_intercept
        self.max_iter = max_iter
        self.tol = tol

    def fit(self, X, y):
        alpha = check_real(self.alpha, "alpha", low=0.0, low_inclusive=False)
        norm = check_choice(self.norm, "norm", ("l2", "linf"))
        solver = check_choice(self.solver, "solver", ("bcd", "fista"))
        fit_intercept = check_bool(self.fit_intercept, "fit_intercept")
        max_iter = check_int(self.max_iter, "max_iter", low=1)
        tol = check_real(self.tol, "tol", low=0.0)
        X, y = validate_data(self, X, y, y_numeric=True, dtype=np.float64)
        check_scale(X, "X", small=True)  # the block steps divide by squared norms of X's columns
        check_scale(y, "y")
        n, p = X.shape
        order, bounds, sizes, _ = _check_groups(self.groups, p)
        Xc, yc, x_mean, y_mean = _centre(X, y, fit_intercept)
        weights = np.sqrt(sizes.astype(np.float64))  # lambda_g = lambda sqrt(d_g), (13.100)
        w = np.zeros(p)
        tol_abs = tol * float(yc @ yc)
        if not np.any(yc) or not np.any(Xc):
            gap, n_iter, converged = 0.0, 0, True
        elif solver == "bcd":
            Xo = np.asfortranarray(Xc[:, order])  # each group's columns contiguous
            gap, n_iter, converged = _group_bcd(
                Xo, yc, w, bounds, weights, n * alpha, _group_lipschitz(Xo, bounds), max_iter, tol_abs, norm == "linf"
            )
        else:
            Xo = np.ascontiguousarray(Xc[:, order])
            gap, n_iter, converged = _group_fista(
                Xo, yc, w, bounds, weights, n * alpha, 1.0 / _lipschitz(Xo), max_iter, tol_abs, norm == "linf"
            )
        if not converged:
            unit = "epochs" if solver == "bcd" else "iterations"
            warnings.warn(
                f"GroupLasso did not converge in max_iter={max_iter} {unit} (duality gap {gap / n:.3g}); "
                "increase max_iter or tol",
                ConvergenceWarning,
                stacklevel=2,
            )
        coef = np.empty(p)
        coef[order] = w
        self.coef_ = coef
        self.intercept_ = float(y_mean - x_mean @ coef) if fit_intercept else 0.0
        self.n_iter_ = int(n_iter)
        self.dual_gap_ = float(gap) / n
        self.active_groups_ = np.array([np.any(w[bounds[g] : bounds[g + 1]] != 0.0) for g in range(len(sizes))])
        return self

    def predict(self, X):
        from sklearn.utils.validation import check_is_fitted

        check_is_fitted(self, "coef_")
        X = validate_data(self, X, reset=False, dtype=np.float64)
        return X @ self.coef_ + self.intercept_


def group_soft_threshold(b, lam):
    """The vector soft threshold (13.110), the proximal operator of ``lam ||.||_2`` (13.106)-(13.109).

    >>> group_soft_threshold([3.0, 4.0], 2.5)
    array([1.5, 2. ])
    >>> group_soft_threshold([3.0, 4.0], 6.0)
    array([0., 0.])
    """
    from .._validation import check_vector

    b = check_vector(b, "b")
    lam = check_real(lam, "lam", low=0.0)
    out = np.empty_like(b)
    if lam == 0.0:
        return b.copy()
    _block_soft_threshold(b, lam, out)
    return out


def prox_linf(b, lam):
    """The proximal operator of ``lam ||.||_inf``: ``b - proj_{lam C}(b)`` with C the l1 unit ball (13.107).

    >>> prox_linf([3.0, -1.0, 0.5], 1.0)
    array([ 2. , -1. ,  0.5])
    """
    from .._validation import check_vector

    b = check_vector(b, "b")
    lam = check_real(lam, "lam", low=0.0)
    out = np.empty_like(b)
    if lam == 0.0:
        return b.copy()
    _block_prox_linf(b, lam, out)
    return out
