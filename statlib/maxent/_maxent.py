"""The maximum entropy model (Li Hang section 6.2) and its learning by IIS (algorithm 6.1) and
quasi-Newton methods (algorithm 6.2).

A model is given by n feature functions f_i(x, y) on a finite set of inputs x (contexts) and outputs y,
stored as a tensor ``F[x, y, i] = f_i(x, y)``, and by the empirical distribution ``p_xy[x, y]`` =
P~(x, y) of the training data. Internally the non-zero entries of F are kept as triplets
(context, label, feature, value), so the kernels cost O(number of non-zero f_i(x, y)).
"""

import warnings

import numpy as np
from numba import njit
from sklearn.exceptions import ConvergenceWarning

from .._validation import check_array, check_choice, check_int, check_real, check_vector
from ..optim import OptimizeResult, minimize

__all__ = ["fit_maxent", "maxent_proba", "feature_tensor", "METHODS"]

METHODS = ("iis", "bfgs", "dfp", "broyden", "gd")


@njit(cache=True)
def _scores(ctx, lab, feat, val, w, n_ctx, n_lab):
    """S[x, y] = sum_i w_i f_i(x, y), the exponent of (6.22)."""
    S = np.zeros((n_ctx, n_lab))
    for t in range(ctx.shape[0]):
        S[ctx[t], lab[t]] += w[feat[t]] * val[t]
    return S


@njit(cache=True)
def _conditional(S):
    """P_w(y|x) = exp(S[x, y]) / Z_w(x) (6.22) and log Z_w(x) = log sum_y exp(S[x, y]) (6.23), stably."""
    n_ctx, n_lab = S.shape
    P = np.empty_like(S)
    logZ = np.empty(n_ctx)
    for a in range(n_ctx):
        m = S[a, 0]
        for b in range(1, n_lab):
            m = max(m, S[a, b])  # shift by the largest score: no exp overflows
        total = 0.0
        for b in range(n_lab):
            P[a, b] = np.exp(S[a, b] - m)
            total += P[a, b]
        for b in range(n_lab):
            P[a, b] /= total  # (6.22)
        logZ[a] = m + np.log(total)  # log Z_w(x), (6.23)
    return P, logZ


@njit(cache=True)
def _expectation(ctx, lab, feat, val, weight, n_feat):
    """E(f_i) = sum_{x,y} weight[x, y] f_i(x, y).

    With weight = P~(x, y) this is the empirical expectation E_P~(f_i); with weight = P~(x) P_w(y|x)
    it is the model expectation E_P(f_i) of (6.10)-(6.11).
    """
    E = np.zeros(n_feat)
    for t in range(ctx.shape[0]):
        E[feat[t]] += weight[ctx[t], lab[t]] * val[t]  # one non-zero f_i(x, y)
    return E


@njit(cache=True)
def _objective(ctx, lab, feat, val, w, p_x, emp, n_ctx, n_lab):
    """Objective of algorithm 6.2 and its gradient.

    f(w) = sum_x P~(x) log Z_w(x) - sum_{x,y} P~(x, y) sum_i w_i f_i(x, y)  (the negative of (6.26)),
    df/dw_i = E_P(f_i) - E_P~(f_i).
    """
    S = _scores(ctx, lab, feat, val, w, n_ctx, n_lab)
    P, logZ = _conditional(S)
    value = 0.0
    for a in range(n_ctx):
        value += p_x[a] * logZ[a]
    for i in range(w.shape[0]):
        value -= w[i] * emp[i]
    for a in range(n_ctx):
        for b in range(n_lab):
            P[a, b] *= p_x[a]
    grad = _expectation(ctx, lab, feat, val, P, w.shape[0]) - emp
    return value, grad


@njit(cache=True)
def _iis_deltas(ctx, lab, feat, val, fsharp, q, emp, tol, max_newton):
    """Step (2a) of algorithm 6.1: for every i, the root delta_i of (6.33),

        sum_{x,y} P~(x) P_w(y|x) f_i(x, y) exp(delta_i f#(x, y)) = E_P~(f_i),

    with q[x, y] = P~(x) P_w(y|x). Newton's iteration (6.35) is applied to the logarithm of both sides,
    log sum_j a_j exp(delta m_j) = log E_P~(f_i) (a_j = q f_i > 0, m_j = f#): the same root, but the
    left side is convex with slope between min m_j and max m_j, so no step can overflow exp. All n
    equations are independent and are solved together, one pass over the non-zero f_i per sweep.
    """
    n_feat = emp.shape[0]
    delta = np.zeros(n_feat)
    log_emp = np.log(emp)
    for _ in range(max_newton):
        top = np.full(n_feat, -np.inf)
        for t in range(ctx.shape[0]):
            x = np.log(q[ctx[t], lab[t]] * val[t]) + delta[feat[t]] * fsharp[ctx[t], lab[t]]
            if x > top[feat[t]]:
                top[feat[t]] = x
        total = np.zeros(n_feat)
        slope = np.zeros(n_feat)
        for t in range(ctx.shape[0]):
            e = np.exp(np.log(q[ctx[t], lab[t]] * val[t]) + delta[feat[t]] * fsharp[ctx[t], lab[t]] - top[feat[t]])
            total[feat[t]] += e
            slope[feat[t]] += e * fsharp[ctx[t], lab[t]]
        largest = 0.0
        for i in range(n_feat):
            if not total[i] > 0.0:  # f_i is zero wherever p~(x) > 0: it cannot move the likelihood, keep delta 0
                continue
            h = top[i] + np.log(total[i]) - log_emp[i]  # log of the left side of (6.33) minus log E_P~(f_i)
            step = h / (slope[i] / total[i])  # Newton (6.35) on the logarithm
            delta[i] -= step
            largest = max(largest, abs(step))
        if largest < tol:
            break
    return delta


def feature_tensor(features, xs, ys):
    """F[a, b, i] = features[i](xs[a], ys[b]): evaluate feature functions f_i(x, y) on all pairs.

    ``features`` is a sequence of callables ``f(x, y) -> float``; ``xs`` and ``ys`` list the possible
    inputs and outputs (any Python objects).
    """
    if callable(features) or isinstance(features, (str, bytes)) or not np.iterable(features):
        raise TypeError(f"features must be a non-empty sequence of callables f(x, y), got {type(features).__name__}")
    features = list(features)
    if not features or not all(callable(f) for f in features):
        raise TypeError("features must be a non-empty sequence of callables f(x, y)")
    for name, values in (("xs", xs), ("ys", ys)):
        if isinstance(values, (str, bytes)) or not np.iterable(values):
            raise TypeError(f"{name} must be a sequence of possible values, got {type(values).__name__}")
    xs, ys = list(xs), list(ys)
    if not xs or not ys:
        raise ValueError("xs and ys must each list at least one value")
    try:
        F = np.array([[[float(f(x, y)) for f in features] for y in ys] for x in xs])
    except (TypeError, ValueError) as exc:
        raise TypeError(f"features must return real numbers ({exc})") from None
    if not np.all(np.isfinite(F)):
        raise ValueError("features must return finite numbers")
    return F


def _triplets(F):
    ctx, lab, feat = np.nonzero(F)
    return (
        ctx.astype(np.int64),
        lab.astype(np.int64),
        feat.astype(np.int64),
        np.ascontiguousarray(F[ctx, lab, feat], dtype=np.float64),
    )


def maxent_proba(F, w):
    """P_w(y|x) of the maximum entropy model (6.22)-(6.23) for feature tensor F (n_x, n_y, n) and weights w."""
    F = check_array(F, "F", ndim=3)
    w = check_vector(w, "w", min_length=0)  # no features: no weights, the uniform model
    if w.size != F.shape[2]:
        raise ValueError(f"w must have one weight per feature ({F.shape[2]}), got {w.size}")
    ctx, lab, feat, val = _triplets(F)
    S = _scores(ctx, lab, feat, val, w, F.shape[0], F.shape[1])
    if not np.all(np.isfinite(S)):
        raise ValueError(
            "F and w give a score w . f(x, y) that overflows to infinity; scale the features or weights down"
        )
    return _conditional(S)[0]


def fit_maxent(F, p_xy, *, method="iis", tol=1e-8, max_iter=None, w0=None):
    """Learn the weights w of a maximum entropy model by maximum likelihood (= maximising the dual (6.24)).

    Parameters
    ----------
    F : array-like of shape (n_x, n_y, n_features)
        F[x, y, i] = f_i(x, y), the feature functions on every (input, output) pair
        (see :func:`feature_tensor`). ``method="iis"`` needs f_i >= 0. A non-negative feature that
        fires somewhere but never on the training data (E_P~(f_i) = 0) is rejected: its weight would
        run off to -infinity. With no features (n_features = 0) the only constraint is normalisation and
        the model is uniform, P(y|x) = 1/n_y (the first case of example 6.1); ``w`` is then empty.
    p_xy : array-like of shape (n_x, n_y)
        The counts nu(x, y) of the training data, or the empirical distribution P~(x, y); it is
        normalised to sum to one.
    method : {"iis", "bfgs", "dfp", "broyden", "gd"}, default="iis"
        ``"iis"``: improved iterative scaling, algorithm 6.1, with the closed form (6.34) when
        f#(x, y) = sum_i f_i(x, y) is constant and Newton's method (6.35) otherwise.
        ``"bfgs"``: algorithm 6.2; ``"dfp"``, ``"broyden"``, ``"gd"``: the same objective minimised by
        :func:`statlib.optim.minimize` (exercise 6.3 is DFP).
    tol : float, default=1e-8
        Stop when max_i |E_P(f_i) - E_P~(f_i)| < tol: the constraints (6.10) hold to ``tol``.
    max_iter : int or None
        Iteration limit (``None``: 10 000 for IIS and gradient descent, 1000 otherwise). Stopping there
        without meeting ``tol`` sets ``success=False`` and warns ``ConvergenceWarning``.
    w0 : array-like of shape (n_features,) or None
        Starting weights; zeros (the book's step (1)) by default.

    Returns
    -------
    OptimizeResult
        ``w`` (also ``x``), ``proba`` = P_w(y|x) of shape (n_x, n_y), ``loglik`` = L_P~(P_w) (6.26),
        ``nit``, ``success``, ``message``, ``path`` (weights per iteration) and ``loglik_path``.
    """
    F = check_array(F, "F", ndim=3)
    p_xy = check_array(p_xy, "p_xy")
    if p_xy.shape != F.shape[:2]:
        raise ValueError(f"p_xy must have shape {F.shape[:2]} (one entry per (x, y) pair of F), got {p_xy.shape}")
    if np.any(p_xy < 0) or p_xy.sum() <= 0:
        raise ValueError("p_xy must be non-negative counts or probabilities with a positive sum")
    method = check_choice(method, "method", METHODS)
    tol = check_real(tol, "tol", low=0.0, low_inclusive=False)
    if max_iter is None:
        max_iter = 10_000 if method in ("iis", "gd") else 1000
    max_iter = check_int(max_iter, "max_iter", low=0)
    n_x, n_y, n_feat = F.shape
    w = np.zeros(n_feat) if w0 is None else check_vector(w0, "w0", min_length=0).copy()
    if w.size != n_feat:
        raise ValueError(f"w0 must have one weight per feature ({n_feat}), got {w.size}")

    p_xy = p_xy / p_xy.sum()
    p_x = np.ascontiguousarray(p_xy.sum(axis=1))
    ctx, lab, feat, val = _triplets(F)
    emp = _expectation(ctx, lab, feat, val, p_xy, n_feat)  # E_P~(f_i)
    if method == "iis" and np.any(val < 0):
        raise ValueError("F must be non-negative for method='iis' (the bound (6.31) needs f_i >= 0)")
    lowest = np.zeros(n_feat)
    np.minimum.at(lowest, feat, val)
    # A feature that is zero at every observed context x cannot change the likelihood: its weight stays put.
    inert = np.bincount(feat[p_x[ctx] > 0], minlength=n_feat) == 0
    dead = np.flatnonzero((lowest >= 0) & (emp <= 0) & ~inert)
    if dead.size:
        raise ValueError(
            f"feature {dead[0]} has zero empirical expectation E_P~(f_i) = 0: its maximum-likelihood "
            "weight is -infinity; drop it from F"
        )

    def loglik(weights):
        return -_objective(ctx, lab, feat, val, weights, p_x, emp, n_x, n_y)[0]

    if n_feat == 0:
        # No constraint beyond normalisation (the first case of example 6.1). Maximising the conditional
        # entropy H(P) = -sum_x P~(x) sum_y P(y|x) log P(y|x) subject only to sum_y P(y|x) = 1, the
        # Lagrangian's derivative -P~(x) (log P(y|x) + 1) - w_0(x) = 0 makes P(y|x) the same for every y:
        # P(y|x) = 1 / n_y. The form (6.22)-(6.23) gives the same with no weights, exp(0) / Z(x) = 1 / n_y.
        # There is nothing to iterate.
        result = OptimizeResult(
            x=w,
            w=w,
            success=True,
            status=0,
            nit=0,
            message="No features: the model is uniform over the outputs y for every x.",
            path=np.zeros((1, 0)),
            loglik_path=np.array([loglik(w)]),
        )
        if method == "iis":
            result["closed_form"] = False  # no update (6.34) is made: there is nothing to update
    elif method == "iis":
        fsharp = np.zeros((n_x, n_y))
        np.add.at(fsharp, (ctx, lab), val)
        used = fsharp[(p_x[:, None] > 0) & (fsharp > 0)]
        constant = used.size > 0 and np.allclose(used, used[0], rtol=0, atol=1e-12)
        path, ll_path = [w.copy()], [loglik(w)]
        status, nit = 1, 0
        while True:
            P = _conditional(_scores(ctx, lab, feat, val, w, n_x, n_y))[0]
            q = p_x[:, None] * P
            model = _expectation(ctx, lab, feat, val, q, n_feat)  # E_P(f_i)
            if np.max(np.abs(model - emp)) < tol:
                status = 0
                break
            if nit >= max_iter:
                break
            if constant:
                with np.errstate(divide="ignore", invalid="ignore"):
                    delta = np.where(inert, 0.0, np.log(emp / model) / used[0])  # (6.34)
            else:
                delta = _iis_deltas(ctx, lab, feat, val, fsharp, q, emp, 1e-12, 50)  # (6.33), (6.35)
            w = w + delta  # step (2b)
            nit += 1
            path.append(w.copy())
            ll_path.append(loglik(w))
        result = OptimizeResult(
            x=w,
            w=w,
            success=status == 0,
            status=status,
            nit=nit,
            message="The constraints E_P(f_i) = E_P~(f_i) hold to tol."
            if status == 0
            else "Maximum number of iterations has been exceeded.",
            path=np.array(path),
            loglik_path=np.array(ll_path),
            closed_form=bool(constant),
        )
    else:
        res = minimize(
            lambda v: _objective(ctx, lab, feat, val, v, p_x, emp, n_x, n_y),
            w,
            jac=True,
            method=method,
            tol=tol,
            max_iter=max_iter,
        )
        # minimize stops on the 2-norm; report success on the constraint residual (max norm) as IIS does.
        w = res.x
        result = OptimizeResult(
            x=w,
            w=w,
            success=bool(np.max(np.abs(res.jac)) < tol),
            status=res.status,
            nit=res.nit,
            message=res.message,
            path=res.path,
            loglik_path=-res.fun_path,
        )
    if not result.success:
        warnings.warn(
            f"fit_maxent (method={method!r}) stopped after {result.nit} iterations without meeting "
            f"tol={tol:g}: {result.message} Increase max_iter or loosen tol.",
            ConvergenceWarning,
            stacklevel=2,
        )
    result["method"] = method
    result["proba"] = _conditional(_scores(ctx, lab, feat, val, w, n_x, n_y))[0]
    result["loglik"] = loglik(w)
    result["empirical_expectation"] = emp
    return result
