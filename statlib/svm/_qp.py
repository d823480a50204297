"""The SVM's quadratic programmes solved as they are written (algorithms 7.1-7.3), with SciPy.

These are the "construct and solve the QP" steps of Li Hang's algorithms 7.1, 7.2 and 7.3, handed to a
general-purpose solver (SLSQP). They are meant for the small examples of the chapter and for checking
:class:`statlib.svm.SVC`; SMO (algorithm 7.5) is the method for real data.
"""

import numpy as np
from scipy.optimize import minimize
from sklearn.utils import Bunch

from .._validation import check_array, check_bool, check_real, check_same_length, check_vector


def _check_labels(y, n):
    y = check_vector(y, "y")
    if not np.all(np.isin(y, (-1.0, 1.0))):
        raise ValueError("y must hold the labels +1 and -1 only")
    if np.unique(y).size < 2:
        raise ValueError("y must contain both classes +1 and -1")
    return y


def _check_C(C):
    return None if C is None else check_real(C, "C", low=0.0, low_inclusive=False)


def primal_qp(X, y, C=None, *, squared_slack=False):
    """Solve the primal SVM problem for (w, b) directly.

    * ``C=None``: the hard-margin problem (7.13)-(7.14), min 1/2 ||w||^2 subject to
      y_i (w . x_i + b) - 1 >= 0 (algorithm 7.1, the maximum-margin method).
    * ``C > 0``: the soft-margin problem (7.32)-(7.34), min 1/2 ||w||^2 + C sum_i xi_i subject to
      y_i (w . x_i + b) >= 1 - xi_i, xi_i >= 0; with ``squared_slack=True`` the penalty is
      C sum_i xi_i^2 (Exercise 7.3).

    Returns
    -------
    Bunch with ``w`` (n_features,), ``b`` (float), ``xi`` (n_samples,; zeros for the hard margin),
    ``objective`` (the optimal value) and ``success``.
    """
    X = check_array(X, "X")
    y = _check_labels(y, X.shape[0])
    check_same_length(X=X, y=y)
    C = _check_C(C)
    squared_slack = check_bool(squared_slack, "squared_slack")
    n, d = X.shape
    soft = C is not None
    m = d + 1 + (n if soft else 0)

    def objective(z):
        w = z[:d]
        value = 0.5 * w @ w
        if soft:
            xi = z[d + 1 :]
            value += C * (xi @ xi if squared_slack else xi.sum())
        return value

    def gradient(z):
        g = np.zeros(m)
        g[:d] = z[:d]
        if soft:
            g[d + 1 :] = 2.0 * C * z[d + 1 :] if squared_slack else C
        return g

    # Margin constraints y_i (w . x_i + b) - 1 (+ xi_i) >= 0, as A z - 1 >= 0.
    A = np.zeros((n, m))
    A[:, :d] = y[:, None] * X
    A[:, d] = y
    if soft:
        A[:, d + 1 :] = np.eye(n)
    constraints = [{"type": "ineq", "fun": lambda z: A @ z - 1.0, "jac": lambda z: A}]
    bounds = [(None, None)] * (d + 1) + ([(0.0, None)] * n if soft else [])
    z0 = np.zeros(m)
    if soft:
        z0[d + 1 :] = 1.0  # w = 0, b = 0, xi = 1 is feasible
    res = minimize(
        objective,
        z0,
        jac=gradient,
        bounds=bounds,
        constraints=constraints,
        method="SLSQP",
        options={"ftol": 1e-14, "maxiter": 1000},
    )
    z = res.x
    return Bunch(
        w=z[:d].copy(),
        b=float(z[d]),
        xi=z[d + 1 :].copy() if soft else np.zeros(n),
        objective=float(res.fun),
        success=bool(res.success),
    )


def dual_qp(gram, y, C=None, *, squared_slack=False):
    """Solve the SVM dual for alpha directly.

    min_alpha 1/2 sum_ij alpha_i alpha_j y_i y_j K_ij - sum_i alpha_i subject to sum_i alpha_i y_i = 0 and
    alpha_i >= 0 (hard margin, (7.22)-(7.24), ``C=None``) or 0 <= alpha_i <= C (soft margin,
    (7.37)-(7.39)). With ``squared_slack=True`` (Exercise 7.3) K_ij is replaced by K_ij + delta_ij/(2C)
    and there is no upper bound.

    Parameters
    ----------
    gram : array-like of shape (n, n)
        The Gram matrix [x_i . x_j] or [K(x_i, x_j)].
    y : array-like of shape (n,) with entries +1 / -1

    Returns
    -------
    Bunch with ``alpha`` (n,), ``objective`` (the minimum of the dual objective) and ``success``.
    """
    K = check_array(gram, "gram")
    if K.shape[0] != K.shape[1]:
        raise ValueError(f"gram must be square, got shape {K.shape}")
    scale = max(1.0, float(np.abs(K).max()))
    if not np.allclose(K, K.T, rtol=1e-10, atol=1e-12 * scale):
        raise ValueError("gram must be symmetric (a Gram matrix K(x_i, x_j) = K(x_j, x_i))")
    if np.linalg.eigvalsh(K).min() < -1e-8 * scale:
        raise ValueError("gram must be positive semi-definite (Theorem 7.5); otherwise the dual is not convex")
    y = _check_labels(y, K.shape[0])
    check_same_length(gram=K, y=y)
    C = _check_C(C)
    squared_slack = check_bool(squared_slack, "squared_slack")
    if squared_slack and C is None:
        raise ValueError("squared_slack=True needs a finite C")
    n = K.shape[0]
    Q = (y[:, None] * y[None, :]) * K
    if squared_slack:
        Q = Q + np.eye(n) / (2.0 * C)
    upper = None if (C is None or squared_slack) else C
    res = minimize(
        lambda a: 0.5 * a @ Q @ a - a.sum(),
        np.zeros(n),
        jac=lambda a: Q @ a - 1.0,
        bounds=[(0.0, upper)] * n,
        constraints=[{"type": "eq", "fun": lambda a: y @ a, "jac": lambda a: y}],
        method="SLSQP",
        options={"ftol": 1e-15, "maxiter": 1000},
    )
    return Bunch(alpha=res.x.copy(), objective=float(res.fun), success=bool(res.success))


def primal_from_dual(X, y, alpha, C=None, *, tol=1e-8):
    """(w*, b*) from a dual solution: w* = sum alpha_i y_i x_i (7.25)/(7.50) and b* from (7.26)/(7.51).

    b* = y_j - sum_i alpha_i y_i (x_i . x_j) is computed for every j with tol < alpha_j (< C - tol for the
    soft margin) and averaged; the values agree up to the solver's accuracy.
    """
    X = check_array(X, "X")
    y = _check_labels(y, X.shape[0])
    alpha = check_vector(alpha, "alpha")
    check_same_length(X=X, y=y, alpha=alpha)
    C = _check_C(C)
    tol = check_real(tol, "tol", low=0.0)
    w = (alpha * y) @ X
    free = alpha > tol
    if C is not None:
        free &= alpha < C - tol
    if not np.any(free):
        raise ValueError("alpha has no component strictly inside (0, C); b* is not determined by (7.51)")
    b = float(np.mean(y[free] - X[free] @ w))
    return w, b
