"""Unconstrained minimisation: Li Hang appendix A (gradient descent) and appendix B (Newton, DFP, BFGS, Broyden).

All methods share one loop (the skeleton of algorithms A.1, B.1, B.2 and B.3):

1. stop if ||g_k|| < tol;
2. choose a descent direction p_k: -g_k (A.1), -H_k^{-1} g_k (B.1, B.10) or -G_k g_k (B.2, B.3);
3. choose a step length lambda_k by a line search (A.4);
4. x^(k+1) = x^(k) + lambda_k p_k (A.3), and for quasi-Newton methods update G_k with
   delta_k = x^(k+1) - x^(k) and y_k = g_(k+1) - g_k (B.24, B.31 or B.32).

The rank-two updates are small Numba kernels; the objective is any Python callable.
"""

import numpy as np
from numba import njit

from .._validation import check_choice, check_int, check_real, check_vector
from ._line_search import _armijo_line_search as armijo_line_search
from ._line_search import _exact_line_search as exact_line_search
from ._line_search import _wolfe_line_search as wolfe_line_search
from ._result import OptimizeResult

__all__ = ["minimize", "approx_grad", "check_grad", "METHODS"]

METHODS = ("gd", "newton", "dfp", "bfgs", "broyden")
_LINE_SEARCHES = ("wolfe", "armijo", "exact", "none")
_DEFAULT_LINE_SEARCH = {"gd": "wolfe", "newton": "armijo", "dfp": "wolfe", "bfgs": "wolfe", "broyden": "wolfe"}
_MESSAGES = {
    0: "Optimization terminated successfully: ||g|| < tol.",
    1: "Maximum number of iterations has been exceeded.",
    2: "Line search failed: no step decreases f (precision loss or a non-descent direction).",
}


@njit(cache=True)
def _dfp_update(G, delta, y):
    """DFP update of the inverse-Hessian approximation, eq. (B.24).

    G_{k+1} = G_k + delta delta^T / (delta^T y) - G_k y y^T G_k / (y^T G_k y).
    The first term makes G_{k+1} y = delta (the quasi-Newton condition B.16) with P_k (B.22); the
    second cancels G_k y with Q_k (B.23).
    """
    n = G.shape[0]
    Gy = G @ y
    dy = delta @ y
    yGy = y @ Gy
    out = np.empty_like(G)
    for i in range(n):
        for j in range(n):
            out[i, j] = G[i, j] + delta[i] * delta[j] / dy - Gy[i] * Gy[j] / yGy
    return out


@njit(cache=True)
def _bfgs_update(G, delta, y):
    """BFGS update of the inverse-Hessian approximation, eq. (B.31).

    G_{k+1} = (I - rho delta y^T) G_k (I - rho y delta^T) + rho delta delta^T with rho = 1 / (y^T delta),
    the inverse of the update (B.30) of B_k = G_k^{-1}, by the Sherman-Morrison formula applied twice.
    Expanded: G + (1 + rho y^T G y) rho delta delta^T - rho (delta (G y)^T + (G y) delta^T).
    """
    n = G.shape[0]
    Gy = G @ y
    rho = 1.0 / (delta @ y)
    coef = (1.0 + rho * (y @ Gy)) * rho
    out = np.empty_like(G)
    for i in range(n):
        for j in range(n):
            out[i, j] = G[i, j] + coef * delta[i] * delta[j] - rho * (delta[i] * Gy[j] + Gy[i] * delta[j])
    return out


@njit(cache=True)
def _bfgs_hessian_update(B, delta, y):
    """BFGS update of the Hessian approximation itself, eq. (B.30) (the form of algorithms B.3 and 6.2).

    B_{k+1} = B_k + y y^T / (y^T delta) - B_k delta delta^T B_k / (delta^T B_k delta).

    This is the DFP update (B.24) of the inverse with the roles of delta and y exchanged (the duality
    between DFP and BFGS), so it is computed by :func:`_dfp_update`.
    """
    return _dfp_update(B, y, delta)


def _broyden_update(G, delta, y, alpha):
    """The Broyden class, eq. (B.32): alpha G^DFP + (1 - alpha) G^BFGS (alpha = 1: DFP, alpha = 0: BFGS)."""
    return alpha * _dfp_update(G, delta, y) + (1.0 - alpha) * _bfgs_update(G, delta, y)


def _real_value(value):
    """fun's value as a float, or a TypeError/ValueError naming fun (for the public approx_grad)."""
    try:
        value = float(value)
    except (TypeError, ValueError):
        raise TypeError(f"fun must return a real number, got {type(value).__name__}") from None
    if not np.isfinite(value):
        raise ValueError(f"fun must return finite values near x; got {value}")
    return value


def approx_grad(fun, x, *, args=(), eps=None):
    """Central finite-difference gradient of ``fun`` at ``x``: (f(x + h e_i) - f(x - h e_i)) / (2 h).

    The step h_i = eps * max(1, |x_i|), with eps = (machine epsilon)^(1/3) ~ 6e-6 by default, balances
    the O(h^2) truncation error against rounding; the result is accurate to about 1e-10 relative.
    """
    if not callable(fun):
        raise TypeError(f"fun must be callable, got {type(fun).__name__}")
    x = check_vector(x, "x")
    if eps is None:
        eps = np.finfo(float).eps ** (1.0 / 3.0)
    eps = check_real(eps, "eps", low=0.0, low_inclusive=False)
    return _central_differences(fun, x, args, eps, _real_value)


def _central_differences(fun, x, args, eps, value):
    """approx_grad's loop; ``value`` converts fun's output (``float`` inside minimize, where trial points may
    give non-finite values)."""
    g = np.empty_like(x)
    for i in range(x.size):
        h = eps * max(1.0, abs(x[i]))
        xp, xm = x.copy(), x.copy()
        xp[i] += h
        xm[i] -= h
        g[i] = (value(fun(xp, *args)) - value(fun(xm, *args))) / (2.0 * h)
    return g


def check_grad(fun, jac, x, *, args=(), eps=None):
    """||jac(x) - approx_grad(fun, x)||_2: how far an analytic gradient is from central differences."""
    if not callable(jac):
        raise TypeError(f"jac must be callable, got {type(jac).__name__}")
    x = check_vector(x, "x")
    numeric = approx_grad(fun, x, args=args, eps=eps)
    analytic = check_vector(jac(x, *args), "jac(x)")
    if analytic.shape != x.shape:
        raise ValueError(f"jac(x) must have the shape of x {x.shape}, got {analytic.shape}")
    return float(np.linalg.norm(analytic - numeric))


def _approx_hess(grad, x, eps=None):
    """Central differences of the gradient, symmetrised: used by Newton's method when ``hess`` is None."""
    if eps is None:
        eps = np.finfo(float).eps ** (1.0 / 3.0)
    n = x.size
    H = np.empty((n, n))
    for i in range(n):
        h = eps * max(1.0, abs(x[i]))
        xp, xm = x.copy(), x.copy()
        xp[i] += h
        xm[i] -= h
        H[:, i] = (grad(xp) - grad(xm)) / (2.0 * h)
    return 0.5 * (H + H.T)


def _newton_direction(H, g):
    """Solve H p = -g (B.10) by Cholesky; if H is not positive definite, use |H| (eigenvalues made positive)."""
    try:
        L = np.linalg.cholesky(H)
        return -np.linalg.solve(L.T, np.linalg.solve(L, g)), False
    except np.linalg.LinAlgError:
        lam, V = np.linalg.eigh(0.5 * (H + H.T))
        floor = 1e-8 * max(1.0, np.abs(lam).max())
        lam = np.maximum(np.abs(lam), floor)
        return -(V @ ((V.T @ g) / lam)), True


def minimize(
    fun,
    x0,
    *,
    args=(),
    method="bfgs",
    jac=None,
    hess=None,
    tol=1e-6,
    max_iter=None,
    line_search=None,
    broyden_alpha=0.5,
    G0=None,
    step=1.0,
    callback=None,
):
    """Minimise ``fun`` from ``x0`` by gradient descent, Newton's method or a quasi-Newton method.

    Implements Li Hang algorithm A.1 (``"gd"``), B.1 (``"newton"``), B.2 (``"dfp"``), B.3 (``"bfgs"``)
    and the Broyden class (B.32) (``"broyden"``). The interface follows :func:`scipy.optimize.minimize`.

    Parameters
    ----------
    fun : callable
        ``fun(x, *args) -> float``; with ``jac=True``, ``fun(x, *args) -> (float, gradient)``.
    x0 : array-like of shape (n,)
        Starting point x^(0).
    args : tuple, default=()
        Extra arguments passed to ``fun``, ``jac`` and ``hess``.
    method : {"bfgs", "dfp", "broyden", "newton", "gd"}, default="bfgs"
        The algorithm (case-insensitive).
    jac : callable, True or None, default=None
        The gradient g(x) = grad f(x). ``None`` uses central finite differences (2n calls of ``fun``).
    hess : callable or None, default=None
        ``hess(x, *args) -> (n, n)`` Hessian H(x) (B.3), used by ``"newton"`` only; ``None`` uses
        finite differences of the gradient.
    tol : float, default=1e-6
        The book's epsilon: stop as soon as ||g_k||_2 < tol.
    max_iter : int or None, default=None
        Iteration limit (``None``: 100 for Newton, 200 * n for quasi-Newton, 10 000 for gradient
        descent). Reaching it sets ``success=False`` and ``status=1``; no warning is raised.
    line_search : {"wolfe", "armijo", "exact", "none"} or None, default=None
        How lambda_k is chosen. ``"exact"`` is the book's (A.4), minimising f along p_k to machine precision
        (a root of the directional derivative); ``"wolfe"`` accepts any step satisfying the strong Wolfe conditions
        (c1 = 1e-4,
        c2 = 0.9); ``"armijo"`` backtracks from lambda = 1 for sufficient decrease; ``"none"`` takes the
        fixed step ``step`` (plain Newton B.9 with ``step=1``, or gradient descent with a learning rate).
        ``None`` picks ``"armijo"`` for Newton and ``"wolfe"`` otherwise.
    broyden_alpha : float in [0, 1], default=0.5
        The weight alpha of (B.32): G = alpha G^DFP + (1 - alpha) G^BFGS (``"broyden"`` only).
    G0 : array-like of shape (n, n) or None, default=None
        Initial inverse-Hessian approximation for quasi-Newton methods (symmetric positive definite);
        the identity by default.
    step : float, default=1.0
        The fixed step length used with ``line_search="none"``.
    callback : callable or None
        Called as ``callback(x)`` after each iteration.

    Returns
    -------
    OptimizeResult
        With ``x, fun, jac, nit, nfev, njev, nhev, success, status, message, path, fun_path,
        grad_norm_path, step_path`` and, for quasi-Newton methods, ``hess_inv``.

    Notes
    -----
    Quasi-Newton updates are skipped when y_k . delta_k <= 1e-12 ||y_k|| ||delta_k|| (possible only
    without the Wolfe curvature condition), which keeps G_k positive definite. If p_k is not a
    descent direction, the iteration restarts from G_k = I. Newton's method replaces a Hessian that
    is not positive definite by its absolute value (eigenvalues |lambda_i|); for the convex objectives
    of chapter 6 this never happens.

    Examples
    --------
    >>> from statlib.optim import minimize, rosenbrock, rosenbrock_grad
    >>> res = minimize(rosenbrock, [-1.2, 1.0], jac=rosenbrock_grad, method="bfgs")
    >>> res.success, res.x.round(6)
    (True, array([1., 1.]))
    """
    if not callable(fun):
        raise TypeError(f"fun must be callable, got {type(fun).__name__}")
    method = check_choice(method.lower() if isinstance(method, str) else method, "method", METHODS)
    x = check_vector(x0, "x0").copy()
    n = x.size
    if not isinstance(args, tuple):
        args = (args,)
    tol = check_real(tol, "tol", low=0.0, low_inclusive=False)
    if max_iter is None:
        max_iter = {"newton": 100, "gd": 10_000}.get(method, 200 * n)
    max_iter = check_int(max_iter, "max_iter", low=0)
    if line_search is None:
        line_search = _DEFAULT_LINE_SEARCH[method]
    line_search = check_choice(line_search, "line_search", _LINE_SEARCHES)
    broyden_alpha = check_real(broyden_alpha, "broyden_alpha", low=0.0, high=1.0)
    step = check_real(step, "step", low=0.0, low_inclusive=False)
    if not (jac is None or jac is True or callable(jac)):
        raise TypeError("jac must be a callable, True (fun returns (f, g)) or None (finite differences)")
    if hess is not None and not callable(hess):
        raise TypeError(f"hess must be callable or None, got {type(hess).__name__}")
    if callback is not None and not callable(callback):
        raise TypeError(f"callback must be callable or None, got {type(callback).__name__}")
    quasi_newton = method in ("dfp", "bfgs", "broyden")
    if G0 is None:
        G = np.eye(n)
    else:
        G = np.array(G0, dtype=float)
        if G.shape != (n, n) or not np.all(np.isfinite(G)) or not np.allclose(G, G.T):
            raise ValueError(f"G0 must be a finite symmetric matrix of shape {(n, n)}")
        try:
            np.linalg.cholesky(G)
        except np.linalg.LinAlgError:
            raise ValueError("G0 must be positive definite") from None

    counts = {"nfev": 0, "njev": 0, "nhev": 0}

    def f_only(z):
        counts["nfev"] += 1
        out = fun(z, *args)
        return float(out[0]) if jac is True else float(out)

    def fg(z):
        if jac is True:
            counts["nfev"] += 1
            counts["njev"] += 1
            value, grad = fun(z, *args)
            return float(value), np.asarray(grad, dtype=float).reshape(n)
        value = f_only(z)
        if jac is None:
            counts["nfev"] += 2 * n
            return value, _central_differences(fun, z, args, np.finfo(float).eps ** (1.0 / 3.0), float)
        counts["njev"] += 1
        return value, np.asarray(jac(z, *args), dtype=float).reshape(n)

    def hessian(z):
        counts["nhev"] += 1
        if hess is not None:
            return np.asarray(hess(z, *args), dtype=float).reshape(n, n)
        return _approx_hess(lambda t: fg(t)[1], z)

    f, g = fg(x)
    if not np.isfinite(f) or not np.all(np.isfinite(g)):
        raise ValueError("fun and its gradient must be finite at x0")
    path, fun_path, gnorm_path, step_path = [x.copy()], [f], [float(np.linalg.norm(g))], []
    nit = 0
    status = None
    while True:
        if gnorm_path[-1] < tol:
            status = 0
            break
        if nit >= max_iter:
            status = 1
            break
        # Step (3): the search direction.
        if method == "gd":
            p = -g
        elif method == "newton":
            p, _ = _newton_direction(hessian(x), g)
        else:
            p = -(G @ g)
            if not float(g @ p) < 0.0:  # lost positive definiteness numerically: restart
                G = np.eye(n)
                p = -g
        # Step (4): the step length.
        if line_search == "none":
            lam = step
            f_new, g_new = fg(x + lam * p)
            found = (lam, f_new, g_new) if np.isfinite(f_new) else None
        elif line_search == "wolfe":
            lam0 = 1.0
            if method == "gd" and step_path:  # reuse the scale of the previous step
                lam0 = step_path[-1] * 2.0
            found = wolfe_line_search(fg, x, p, f, g, lam0=lam0)
        elif line_search == "armijo":
            found = armijo_line_search(fg, x, p, f, g)
        else:
            lam0 = step_path[-1] if (method == "gd" and step_path) else 1.0
            found = exact_line_search(fg, x, p, f, g, lam0=lam0)
        if found is None:
            status = 2
            break
        lam, f_new, g_new = found
        # Step (5): the new iterate; step (6): the quasi-Newton update.
        x_new = x + lam * p
        delta, y = x_new - x, g_new - g
        if quasi_newton:
            dy = float(delta @ y)
            if dy > 1e-12 * np.linalg.norm(delta) * np.linalg.norm(y):
                if method == "bfgs":
                    G = _bfgs_update(G, delta, y)
                elif method == "dfp":
                    G = _dfp_update(G, delta, y)
                else:
                    G = _broyden_update(G, delta, y, broyden_alpha)
        x, f, g = x_new, f_new, g_new
        nit += 1
        path.append(x.copy())
        fun_path.append(f)
        gnorm_path.append(float(np.linalg.norm(g)))
        step_path.append(float(lam))
        if callback is not None:
            callback(x.copy())
        if not np.all(np.isfinite(x)):
            status = 2
            break

    result = OptimizeResult(
        x=x,
        fun=f,
        jac=g,
        nit=nit,
        nfev=counts["nfev"],
        njev=counts["njev"],
        nhev=counts["nhev"],
        success=status == 0,
        status=status,
        message=_MESSAGES[status],
        method=method,
        path=np.array(path),
        fun_path=np.array(fun_path),
        grad_norm_path=np.array(gnorm_path),
        step_path=np.array(step_path),
    )
    if quasi_newton:
        result["hess_inv"] = G
    return result
