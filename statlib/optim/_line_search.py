"""One-dimensional searches for the step length lambda_k of step (4) of Li Hang's algorithms A.1, B.2, B.3.

The book asks for the *exact* minimiser lambda_k = argmin_{lambda >= 0} f(x_k + lambda p_k) (A.4).
That is what :func:`exact_line_search` computes. Practical codes instead accept any
step that satisfies the strong Wolfe conditions (Nocedal and Wright, *Numerical Optimization*,
2nd ed., section 3.1):

    f(x + lambda p) <= f(x) + c1 lambda g.p            (sufficient decrease)
    |g(x + lambda p).p| <= c2 |g.p|                    (curvature)

The curvature condition guarantees y_k . delta_k > 0, which keeps the quasi-Newton matrices of
algorithms B.2 and B.3 positive definite. :func:`wolfe_line_search` finds such a step with
Nocedal and Wright's algorithms 3.5 and 3.6; :func:`armijo_line_search` only backtracks for
sufficient decrease (enough for a damped Newton method).

Every search takes ``fg(x) -> (f, g)`` and returns ``(lam, f_new, g_new)`` or ``None`` on failure.
"""

import math

import numpy as np

from .._validation import check_int, check_real, check_vector


def _cubic_minimiser(a, fa, da, b, fb, db):
    """Minimiser of the cubic through (a, fa, da) and (b, fb, db) (Nocedal and Wright eq. 3.59), or None."""
    d1 = da + db - 3.0 * (fa - fb) / (a - b)
    radicand = d1 * d1 - da * db
    if not np.isfinite(radicand) or radicand < 0.0:
        return None
    d2 = math.copysign(math.sqrt(radicand), b - a)
    denom = db - da + 2.0 * d2
    if denom == 0.0:
        return None
    t = b - (b - a) * (db + d2 - d1) / denom
    return t if np.isfinite(t) else None


def _wolfe_line_search(fg, x, p, f0, g0, *, lam0=1.0, c1=1e-4, c2=0.9, max_iter=40, lam_max=1e10):
    """A step length satisfying the strong Wolfe conditions along the descent direction ``p``.

    Bracketing phase (Nocedal and Wright algorithm 3.5) followed by ``zoom`` (algorithm 3.6) with
    safeguarded cubic interpolation. ``g0 . p`` must be negative.

    Returns
    -------
    (lam, f_new, g_new) or None if no acceptable step was found in ``max_iter`` evaluations.
    """
    d0 = float(g0 @ p)
    if not d0 < 0.0:
        return None
    evals = [0]
    # Near a minimum, f changes by less than its rounding error; compare values with this slack so the
    # (exact) curvature test can still make progress (the "approximate Wolfe" idea of Hager and Zhang).
    fuzz = 10.0 * np.finfo(float).eps * abs(float(f0))

    def phi(lam):
        evals[0] += 1
        f, g = fg(x + lam * p)
        return float(f), g, float(g @ p)

    def zoom(lo, f_lo, d_lo, hi, f_hi, d_hi):
        while evals[0] < max_iter:
            t = _cubic_minimiser(lo, f_lo, d_lo, hi, f_hi, d_hi)
            left, right = min(lo, hi), max(lo, hi)
            margin = 0.1 * (right - left)
            if t is None or not (left + margin <= t <= right - margin):
                t = 0.5 * (lo + hi)
            f_t, g_t, d_t = phi(t)
            if not np.isfinite(f_t) or f_t > f0 + c1 * t * d0 + fuzz or f_t > f_lo + fuzz:
                hi, f_hi, d_hi = t, f_t, d_t
            else:
                if abs(d_t) <= -c2 * d0:
                    return t, f_t, g_t
                if d_t * (hi - lo) >= 0.0:
                    hi, f_hi, d_hi = lo, f_lo, d_lo
                lo, f_lo, d_lo = t, f_t, d_t
            if abs(hi - lo) <= 1e-16 * max(1.0, abs(lo)):
                break
        return None

    lam_prev, f_prev, d_prev = 0.0, float(f0), d0
    lam = float(lam0)
    first = True
    while evals[0] < max_iter:
        f_lam, g_lam, d_lam = phi(lam)
        if not np.isfinite(f_lam):
            # Overshot into overflow: shrink toward the last good point and try again.
            lam = lam_prev + 0.5 * (lam - lam_prev)
            continue
        if f_lam > f0 + c1 * lam * d0 + fuzz or (not first and f_lam > f_prev + fuzz):
            return zoom(lam_prev, f_prev, d_prev, lam, f_lam, d_lam)
        if abs(d_lam) <= -c2 * d0:
            return lam, f_lam, g_lam
        if d_lam >= 0.0:
            return zoom(lam, f_lam, d_lam, lam_prev, f_prev, d_prev)
        lam_prev, f_prev, d_prev = lam, f_lam, d_lam
        lam = min(2.0 * lam, lam_max)
        first = False
    return None


def _armijo_line_search(fg, x, p, f0, g0, *, lam0=1.0, c1=1e-4, shrink=0.5, max_iter=60):
    """Backtracking: the first lam = lam0 * shrink^j with f(x + lam p) <= f0 + c1 lam g0.p."""
    d0 = float(g0 @ p)
    if not d0 < 0.0:
        return None
    lam = float(lam0)
    fuzz = 10.0 * np.finfo(float).eps * abs(float(f0))  # rounding slack, as in wolfe_line_search
    for _ in range(max_iter):
        f_lam, g_lam = fg(x + lam * p)
        if np.isfinite(f_lam) and f_lam <= f0 + c1 * lam * d0 + fuzz:
            return lam, float(f_lam), g_lam
        lam *= shrink
    return None


def _exact_line_search(fg, x, p, f0, g0, *, lam0=1.0, rtol=1e-12, max_iter=100):
    """lambda_k = argmin_{lambda >= 0} f(x + lambda p), eq. (A.4), located as a root of phi'(lambda) = g(x + lambda
    p).p.

    First brackets the minimiser: doubling lam while phi keeps decreasing with phi' < 0, halving when the
    trial step is too long; then the Illinois variant of regula falsi (with bisection as a safeguard)
    drives |phi'(lambda)| below ``rtol * |phi'(0)|``. This is the first local minimiser along p, to
    machine precision, which is what the book's exact line search means for convex f.
    """
    d0 = float(g0 @ p)
    if not d0 < 0.0:
        return None

    def phi(lam):
        f, g = fg(x + lam * p)
        return float(f), g, float(g @ p)

    n = 0
    lo, d_lo = 0.0, d0
    hi = float(lam0)
    f_hi, g_hi, d_hi = phi(hi)
    n += 1
    # Bracket [lo, hi] with phi'(lo) < 0 <= phi'(hi) (or phi(hi) above phi(lo): a minimiser lies between).
    while n < max_iter and np.isfinite(f_hi) and d_hi < 0.0:
        lo, d_lo = hi, d_hi
        hi *= 2.0
        f_hi, g_hi, d_hi = phi(hi)
        n += 1
    while n < max_iter and (not np.isfinite(f_hi) or not np.isfinite(d_hi)):
        hi = lo + 0.5 * (hi - lo)
        f_hi, g_hi, d_hi = phi(hi)
        n += 1
    if d_hi < 0.0:
        return None
    if d_hi == 0.0:
        return (hi, f_hi, g_hi) if f_hi < f0 else None
    best = None
    side = 0
    while n < max_iter:
        t = hi - d_hi * (hi - lo) / (d_hi - d_lo)  # regula falsi on phi'
        if not (lo < t < hi):
            t = 0.5 * (lo + hi)
        f_t, g_t, d_t = phi(t)
        n += 1
        best = (t, f_t, g_t)
        if abs(d_t) <= rtol * abs(d0) or (hi - lo) <= 1e-15 * max(1.0, hi):
            break
        if d_t < 0.0:
            lo, d_lo = t, d_t
            if side == -1:
                d_hi *= 0.5  # Illinois: halve the stale end's weight
            side = -1
        else:
            hi, d_hi = t, d_t
            if side == 1:
                d_lo *= 0.5
            side = 1
    if best is None or not best[1] < f0:
        return None
    return best


def _check_search(fg, x, p, f0, g0, lam0, max_iter):
    if not callable(fg):
        raise TypeError(f"fg must be a callable fg(x) -> (f, g), got {type(fg).__name__}")
    x = check_vector(x, "x")
    p = check_vector(p, "p")
    g0 = check_vector(g0, "g0")
    if p.shape != x.shape:
        raise ValueError(f"p must have the same length as x ({x.size}), got {p.size}")
    if g0.shape != x.shape:
        raise ValueError(f"g0 must have the same length as x ({x.size}), got {g0.size}")
    f0 = check_real(f0, "f0")
    lam0 = check_real(lam0, "lam0", low=0.0, low_inclusive=False)
    max_iter = check_int(max_iter, "max_iter", low=1)
    return x, p, f0, g0, lam0, max_iter


def wolfe_line_search(fg, x, p, f0, g0, *, lam0=1.0, c1=1e-4, c2=0.9, max_iter=40, lam_max=1e10):
    x, p, f0, g0, lam0, max_iter = _check_search(fg, x, p, f0, g0, lam0, max_iter)
    c1 = check_real(c1, "c1", low=0.0, high=1.0, low_inclusive=False, high_inclusive=False)
    c2 = check_real(c2, "c2", low=c1, high=1.0, low_inclusive=False, high_inclusive=False)
    lam_max = check_real(lam_max, "lam_max", low=0.0, low_inclusive=False)
    return _wolfe_line_search(fg, x, p, f0, g0, lam0=lam0, c1=c1, c2=c2, max_iter=max_iter, lam_max=lam_max)


def armijo_line_search(fg, x, p, f0, g0, *, lam0=1.0, c1=1e-4, shrink=0.5, max_iter=60):
    x, p, f0, g0, lam0, max_iter = _check_search(fg, x, p, f0, g0, lam0, max_iter)
    c1 = check_real(c1, "c1", low=0.0, high=1.0, low_inclusive=False, high_inclusive=False)
    shrink = check_real(shrink, "shrink", low=0.0, high=1.0, low_inclusive=False, high_inclusive=False)
    return _armijo_line_search(fg, x, p, f0, g0, lam0=lam0, c1=c1, shrink=shrink, max_iter=max_iter)


def exact_line_search(fg, x, p, f0, g0, *, lam0=1.0, rtol=1e-12, max_iter=100):
    x, p, f0, g0, lam0, max_iter = _check_search(fg, x, p, f0, g0, lam0, max_iter)
    rtol = check_real(rtol, "rtol", low=0.0, low_inclusive=False)
    return _exact_line_search(fg, x, p, f0, g0, lam0=lam0, rtol=rtol, max_iter=max_iter)


for _public, _private in (
    (wolfe_line_search, _wolfe_line_search),
    (armijo_line_search, _armijo_line_search),
    (exact_line_search, _exact_line_search),
):
    _public.__doc__ = _private.__doc__
