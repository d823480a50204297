"""Lagrange duality and the KKT conditions (Li Hang appendix C).

For the primal problem (C.1)-(C.3)

    min_x f(x)   s.t.   c_i(x) <= 0 (i = 1..k),   h_j(x) = 0 (j = 1..l),

the generalised Lagrangian is L(x, alpha, beta) = f(x) + sum_i alpha_i c_i(x) + sum_j beta_j h_j(x) (C.4)
and the dual function theta_D(alpha, beta) = min_x L(x, alpha, beta) (C.10). :func:`kkt_check` measures
how far a candidate (x, alpha, beta) is from the KKT conditions (C.21)-(C.25); :func:`dual_ascent`
solves the dual problem (C.12)-(C.13) by projected gradient ascent on theta_D.
"""

import numpy as np

from .._validation import check_int, check_real, check_vector
from ._minimize import minimize
from ._result import OptimizeResult

__all__ = ["kkt_check", "dual_ascent"]


def _constraint_parts(x, fn, jac_fn, name):
    if fn is None:
        return np.zeros(0), np.zeros((0, x.size))
    if not callable(fn) or not callable(jac_fn):
        raise TypeError(f"{name} and {name}_jac must both be callables (or both None)")
    values = check_vector(np.atleast_1d(np.asarray(fn(x), dtype=float)), f"{name}(x)")
    jacobian = np.asarray(jac_fn(x), dtype=float)
    if jacobian.size != values.size * x.size:
        raise ValueError(f"{name}_jac(x) must have shape ({values.size}, {x.size}), got {jacobian.shape}")
    jacobian = jacobian.reshape(values.size, x.size)
    if not np.all(np.isfinite(jacobian)):
        raise ValueError(f"{name}_jac(x) must contain only finite numbers; found NaN or infinity")
    return values, jacobian


def _check_multipliers(m, size, name):
    if size == 0:
        return np.zeros(0)
    m = check_vector(np.atleast_1d(m) if m is not None else np.zeros(size), name)
    if m.size != size:
        raise ValueError(f"{name} must have {size} entries (one per constraint), got {m.size}")
    return m


def kkt_check(x, alpha=None, beta=None, *, jac, ineq=None, ineq_jac=None, eq=None, eq_jac=None):
    """How far (x, alpha, beta) is from satisfying the KKT conditions (C.21)-(C.25).

    Parameters
    ----------
    x : array-like of shape (n,)
        Candidate primal solution x*.
    alpha, beta : array-like or None
        Multipliers of the k inequality and l equality constraints.
    jac : callable
        Gradient of the objective, ``jac(x) -> (n,)``.
    ineq, ineq_jac : callables or None
        c(x) -> (k,) with the convention c_i(x) <= 0, and its Jacobian (k, n).
    eq, eq_jac : callables or None
        h(x) -> (l,) and its Jacobian (l, n).

    Returns
    -------
    OptimizeResult
        ``stationarity`` = ||grad f + sum alpha_i grad c_i + sum beta_j grad h_j|| (C.21),
        ``complementary_slackness`` = max_i |alpha_i c_i(x)| (C.22),
        ``primal_feasibility`` = max(max_i c_i(x)^+, max_j |h_j(x)|) (C.23, C.25),
        ``dual_feasibility`` = max_i (-alpha_i)^+ (C.24), ``max_violation`` (the largest of these),
        ``active`` (indices i with alpha_i > 0), ``c`` and ``h`` (the constraint values).
    """
    x = check_vector(x, "x")
    if not callable(jac):
        raise TypeError("jac must be callable")
    c, Jc = _constraint_parts(x, ineq, ineq_jac, "ineq")
    h, Jh = _constraint_parts(x, eq, eq_jac, "eq")
    alpha = _check_multipliers(alpha, c.size, "alpha")
    beta = _check_multipliers(beta, h.size, "beta")
    grad_f = check_vector(np.asarray(jac(x), dtype=float).ravel(), "jac(x)")
    if grad_f.size != x.size:
        raise ValueError(f"jac(x) must have {x.size} entries (one per coordinate of x), got {grad_f.size}")
    grad_L = grad_f + alpha @ Jc + beta @ Jh
    report = OptimizeResult(
        stationarity=float(np.linalg.norm(grad_L)),
        complementary_slackness=float(np.max(np.abs(alpha * c), initial=0.0)),
        primal_feasibility=float(max(np.max(np.maximum(c, 0.0), initial=0.0), np.max(np.abs(h), initial=0.0))),
        dual_feasibility=float(np.max(np.maximum(-alpha, 0.0), initial=0.0)),
        active=np.flatnonzero(alpha > 0),
        c=c,
        h=h,
    )
    report["max_violation"] = max(
        report.stationarity, report.complementary_slackness, report.primal_feasibility, report.dual_feasibility
    )
    return report


def dual_ascent(
    fun, x0, *, jac, ineq=None, ineq_jac=None, eq=None, eq_jac=None, step=0.5, tol=1e-8, max_iter=2000, inner_tol=1e-10
):
    """Solve the dual problem (C.12)-(C.13) by projected gradient ascent on theta_D(alpha, beta).

    Each iteration minimises the Lagrangian (C.4) over x with BFGS (warm-started), giving
    x(alpha, beta) and theta_D = L(x(alpha, beta), alpha, beta) (C.10). When that minimiser is unique,
    the gradient of theta_D is (c(x(alpha, beta)), h(x(alpha, beta))) (Danskin's theorem), so

        alpha <- max(0, alpha + step * c(x)),      beta <- beta + step * h(x).

    Under the conditions of theorem C.2 (f and c_i convex, h_j affine, Slater's condition) and a
    strictly convex Lagrangian, the limit solves both problems and p* = d* (C.20).

    Returns
    -------
    OptimizeResult
        ``x``, ``alpha``, ``beta``, ``fun`` (f(x), the primal value), ``dual`` (theta_D), ``nit``,
        ``success``, ``path`` (the multipliers (alpha, beta) per iteration, one row each),
        ``dual_path`` and ``fun_path``.
    """
    if not callable(fun) or not callable(jac):
        raise TypeError("fun and jac must be callables")
    x = check_vector(x0, "x0").copy()
    step = check_real(step, "step", low=0.0, low_inclusive=False)
    tol = check_real(tol, "tol", low=0.0, low_inclusive=False)
    inner_tol = check_real(inner_tol, "inner_tol", low=0.0, low_inclusive=False)
    max_iter = check_int(max_iter, "max_iter", low=1)
    c0, _ = _constraint_parts(x, ineq, ineq_jac, "ineq")
    h0, _ = _constraint_parts(x, eq, eq_jac, "eq")
    if c0.size + h0.size == 0:
        raise ValueError("dual_ascent needs at least one constraint (ineq or eq)")
    alpha, beta = np.zeros(c0.size), np.zeros(h0.size)

    def lagrangian(z, a, b):
        c, Jc = _constraint_parts(z, ineq, ineq_jac, "ineq")
        h, Jh = _constraint_parts(z, eq, eq_jac, "eq")
        value = float(fun(z)) + a @ c + b @ h
        grad = np.asarray(jac(z), dtype=float) + a @ Jc + b @ Jh
        return value, grad

    path, dual_path, fun_path = [], [], []
    success = False
    nit = 0
    for nit in range(1, max_iter + 1):
        inner = minimize(lagrangian, x, args=(alpha, beta), jac=True, method="bfgs", tol=inner_tol)
        x = inner.x
        c, _ = _constraint_parts(x, ineq, ineq_jac, "ineq")
        h, _ = _constraint_parts(x, eq, eq_jac, "eq")
        path.append(np.concatenate([alpha, beta]))
        dual_path.append(inner.fun)
        fun_path.append(float(fun(x)))
        new_alpha = np.maximum(0.0, alpha + step * c)
        new_beta = beta + step * h
        move = np.concatenate([new_alpha - alpha, new_beta - beta]) / step
        alpha, beta = new_alpha, new_beta
        if np.linalg.norm(move) < tol:
            success = True
            break
    return OptimizeResult(
        x=x,
        alpha=alpha,
        beta=beta,
        fun=fun_path[-1],
        dual=dual_path[-1],
        nit=nit,
        success=success,
        message="Converged: the projected dual gradient vanished."
        if success
        else "Maximum number of iterations has been exceeded.",
        path=np.array(path),
        dual_path=np.array(dual_path),
        fun_path=np.array(fun_path),
    )
