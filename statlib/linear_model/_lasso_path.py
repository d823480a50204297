"""The lasso regularisation path (MLAPP section 13.4.2): exact breakpoints by LARS, or a grid of penalties
by coordinate descent with warm starts."""

import numbers
import warnings

import numpy as np
from sklearn.exceptions import ConvergenceWarning

from .._validation import (
    check_array,
    check_choice,
    check_int,
    check_real,
    check_same_length,
    check_scale,
    check_vector,
)
from ._lars import _interpolate_path, _lars
from ._lasso import _cd_path


def _alpha_grid(X, y, n_alphas, eps):
    """scikit-learn's default grid: n_alphas values from alpha_max = max_j |x_j^T y| / n (MLAPP (13.57),
    in this scaling) down to eps * alpha_max, evenly spaced on a log scale."""
    alpha_max = float(np.max(np.abs(X.T @ y))) / X.shape[0]
    resolution = np.finfo(np.float64).resolution
    if alpha_max <= resolution:
        return np.full(n_alphas, resolution)
    return np.geomspace(alpha_max, alpha_max * eps, num=n_alphas)


def lasso_path(X, y, *, method="lars", alphas=None, n_alphas=100, eps=1e-3, alpha_min=0.0, tol=1e-4, max_iter=None):
    """The lasso's coefficients as the penalty decreases: ``(alphas, coefs)``.

    For each ``alpha`` the coefficients minimise ``(1 / (2 n)) ||y - X w||^2 + alpha ||w||_1`` (MLAPP's
    ``RSS + lambda ||w||_1`` (13.37) with ``lambda = 2 n alpha``, and scikit-learn's scaling). No intercept
    is fitted: centre ``X`` and ``y`` first (and standardise ``X``, as MLAPP does for Fig. 13.7).

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
    y : array-like of shape (n_samples,)
    method : {"lars", "cd"}, default="lars"
        ``"lars"``: least angle regression with the lasso modification (Efron et al. 2004; MLAPP
        section 13.4.2). Without ``alphas`` it returns the exact breakpoints of the piecewise-linear path,
        from ``alpha_max = max_j |x_j^T y| / n`` down to ``alpha_min``, as scikit-learn's
        ``lars_path(method="lasso")`` does; with ``alphas`` it returns the exact path evaluated there.
        ``"cd"``: coordinate descent (MLAPP Algorithm 13.1) at each alpha of a decreasing grid, each fit
        warm-started from the previous one, as scikit-learn's ``lasso_path`` does.
    alphas : array-like of positive floats, optional
        The penalties at which to report the path, sorted into decreasing order. For ``"cd"`` the default
        is ``n_alphas`` values from ``alpha_max`` to ``eps * alpha_max``, evenly spaced on a log scale.
    n_alphas : int, default=100
        Size of the default ``"cd"`` grid.
    eps : float, default=1e-3
        Ratio of the smallest to the largest alpha of the default ``"cd"`` grid.
    alpha_min : float, default=0.0
        Where the ``"lars"`` path stops (0: the least-squares end when X has full column rank).
    tol : float, default=1e-4
        Duality-gap tolerance of each ``"cd"`` fit (relative to ``||y||^2``, as in :class:`Lasso`).
    max_iter : int, optional
        ``"lars"``: most segments (default 500). ``"cd"``: most epochs per alpha (default 1000).

    Returns
    -------
    alphas : ndarray of shape (n_alphas,)
        Decreasing.
    coefs : ndarray of shape (n_features, n_alphas)
        ``coefs[:, k]`` is the lasso solution at ``alphas[k]``.

    Notes
    -----
    With perfectly collinear columns (e.g. a duplicated column) the minimiser is not unique. LARS keeps a
    column that lies in the span of the active columns at zero, so its path equals the path of the
    de-duplicated design padded with zeros; coordinate descent may split a coefficient between duplicates.
    Either way the fitted values ``X @ coefs`` are the unique ones.

    Examples
    --------
    >>> import numpy as np
    >>> from statlib.linear_model import lasso_path
    >>> X = np.array([[1.0, 0.0], [0.0, 1.0], [-1.0, -1.0]])
    >>> alphas, coefs = lasso_path(X, [2.0, 1.0, -3.0])
    >>> np.round(alphas * 3, 6)
    array([5., 3., 0.])
    """
    method = check_choice(method, "method", ("lars", "cd"))
    X = check_array(X, "X")
    y = check_vector(y, "y")
    check_same_length(X=X, y=y)
    check_scale(X, "X", small=True)  # the correlations X^T r and the Gram matrix of the active set
    check_scale(y, "y")
    eps = check_real(eps, "eps", low=0.0, high=1.0, low_inclusive=False, high_inclusive=False)
    n_alphas = check_int(n_alphas, "n_alphas", low=1)
    alpha_min = check_real(alpha_min, "alpha_min", low=0.0)
    tol = check_real(tol, "tol", low=0.0)
    if max_iter is not None:
        max_iter = check_int(max_iter, "max_iter", low=1)
    if alphas is not None:
        if isinstance(alphas, (numbers.Number, str, bytes)):
            raise TypeError(f"alphas must be a 1-D array of penalties, got {type(alphas).__name__} {alphas!r}")
        alphas = check_vector(alphas, "alphas")
        if np.any(alphas <= 0):
            raise ValueError("alphas must all be > 0")
        alphas = np.sort(alphas)[::-1].copy()
    if method == "lars":
        alphas_bp, coefs_bp, status = _lars(X, y, alpha_min, 500 if max_iter is None else max_iter)
        if status:
            warnings.warn(
                f"LARS stopped after max_iter={max_iter} segments at alpha={alphas_bp[-1]:.6g}, above "
                f"alpha_min={alpha_min:.6g}; increase max_iter.",
                ConvergenceWarning,
                stacklevel=2,
            )
        if alphas is None:
            return alphas_bp, coefs_bp
        if alphas[-1] < alphas_bp[-1] and (status or alpha_min > 0):
            raise ValueError(
                f"alphas must be >= alpha_min={alpha_min:.6g} (the end of the LARS path), got {alphas[-1]:.6g}"
            )
        return alphas, _interpolate_path(alphas_bp, coefs_bp, alphas)
    if alpha_min != 0.0:
        raise ValueError("alpha_min is used by method='lars' only; for method='cd' give alphas or eps")
    if alphas is None:
        alphas = _alpha_grid(X, y, n_alphas, eps)
    coefs, _, _, converged = _cd_path(X, y, alphas, 1.0, tol, 1000 if max_iter is None else max_iter)
    if not converged.all():
        bad = np.flatnonzero(~converged)
        warnings.warn(
            f"Coordinate descent did not reach tol={tol} within max_iter epochs at {bad.size} of "
            f"{len(alphas)} alphas (the first at alpha={alphas[bad[0]]:.6g}); increase max_iter.",
            ConvergenceWarning,
            stacklevel=2,
        )
    return alphas, coefs
