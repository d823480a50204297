"""L_p (Minkowski) distances, Li Hang eqs. (3.2)-(3.5)."""

import math

import numpy as np
from numba import njit

from .._validation import check_array, check_real, scale_exponent


@njit(cache=True, inline="always")
def _reduce(length, p):
    """|length|^p, one coordinate's term of the L_p distance (3.2) before the root; for p = inf, |length|."""
    length = abs(length)
    if p == 2.0:
        return length * length
    if p == 1.0 or np.isinf(p):
        return length
    return length**p


@njit(cache=True, inline="always")
def _reduced_distance(x, X, i, p):
    """The L_p distance (3.2) from ``x`` to row ``i`` of ``X`` without the final root: sum_l |x_l - X_il|^p.

    p = 2 gives the squared Euclidean distance (3.3), p = 1 the Manhattan distance (3.4), and
    p = inf the largest coordinate difference (3.5). Reduced distances order points as distances do
    and save a root per pair. The row is addressed by index, not sliced, to keep the hot loops free
    of temporary array views.
    """
    total = 0.0
    if np.isinf(p):
        for j in range(x.shape[0]):
            total = max(total, abs(x[j] - X[i, j]))
    else:
        for j in range(x.shape[0]):
            total += _reduce(x[j] - X[i, j], p)
    return total


@njit(cache=True, inline="always")
def _reduced_norm(offsets, p):
    """sum_l |offsets_l|^p (max for p = inf): the reduced distance from a point to a box whose per-axis
    gaps are ``offsets``, computed term by term exactly as :func:`_reduced_distance` does, so a point on
    the box's boundary is never found closer than the box."""
    total = 0.0
    if np.isinf(p):
        for j in range(offsets.shape[0]):
            total = max(total, offsets[j])
    else:
        for j in range(offsets.shape[0]):
            total += _reduce(offsets[j], p)
    return total


def _unreduce(reduced, p, exponent=0):
    """Undo :func:`_reduced_distance`: take the p-th root (nothing to do for p = 1 or p = inf), then undo the scaling
    by 2^-exponent of :func:`check_distance_scale` (exact: a power of two)."""
    if p == 2.0:
        distance = np.sqrt(reduced)
    elif p == 1.0 or np.isinf(p):
        distance = reduced
    else:
        distance = reduced ** (1.0 / p)
    return distance if exponent == 0 else np.ldexp(distance, exponent)


def check_p(p):
    """Validate the order p >= 1 of an L_p distance (p = numpy.inf allowed) and return it as a float."""
    if p == np.inf:
        return np.inf
    return check_real(p, "p", low=1.0)


# The searches use the points as they are while the largest magnitude m satisfies |log2 m| * p <= 512 (p = inf counts
# as 1): every term |x_l - z_l|^p then lies between 2^-512 times the coordinates' precision and 2^(512 + p), and sums
# over any number of features neither overflow nor lose the terms that order the points.
_UNSCALED_LOG2_POWER = 512


@njit(cache=True)
def column_extremes(X):
    """The smallest and largest entry of each column of a finite 2-d float array, in one pass over its rows (NumPy's
    ``X.min(axis=0)`` on a tall, narrow array in C order runs about ten times slower). An array without rows gives
    +inf and -inf."""
    n, d = X.shape
    lo = np.full(d, np.inf)
    hi = np.full(d, -np.inf)
    for i in range(n):
        for j in range(d):
            x = X[i, j]
            if x < lo[j]:
                lo[j] = x
            if x > hi[j]:
                hi[j] = x
    return lo, hi


@njit(cache=True)
def _top_and_span(lo, hi):
    """From columns' extremes ``lo``, ``hi``: the largest magnitude of any coordinate and the largest span hi - lo
    of any column."""
    top = 0.0
    span = 0.0
    for j in range(lo.shape[0]):
        top = max(top, hi[j], -lo[j])
        span = max(span, hi[j] - lo[j])
    return top, span


def check_distance_scale(p, X, name, Q=None, extremes=None):
    """The exponent e by which the search scales the points, ``X`` and the queries ``Q`` alike, to 2^-e X (0: as they
    are); ValueError naming ``name`` where the L_p distances themselves leave float64.

    The search compares reduced distances sum_l |x_l - z_l|^p: near 1e300 they overflow to inf, near 1e-300 they
    underflow to 0, and every neighbour ties (going to the smallest index). Scaling every coordinate by the same
    power of two 2^-e, chosen from the largest magnitude so that it lands in [0.5, 1), is exact; it keeps the order of
    the distances, and the distances found scale back exactly by 2^e (:func:`_unreduce`). Points within
    ``_UNSCALED_LOG2_POWER`` of unit scale are used as they are (e = 0). Refused: coordinates that span more than
    float64 holds (a distance beyond 1.8e308, for any p), and, for very large p, terms |x_l - z_l|^p that overflow
    even at unit scale. Costs one pass over ``X`` and ``Q`` for their columns' extremes (:func:`column_extremes`);
    ``extremes``, ``X``'s computed before (a fitted tree's), spares the pass over ``X``. The rest is arithmetic on
    two numbers."""
    if not X.size:
        return 0
    lo, hi = column_extremes(X) if extremes is None else extremes
    if Q is not None and Q.size:
        q_lo, q_hi = column_extremes(Q)
        lo, hi = np.minimum(lo, q_lo), np.maximum(hi, q_hi)
    top, span = _top_and_span(lo, hi)
    power = 1.0 if math.isinf(p) else p
    exponent = scale_exponent(top)  # of the largest magnitude: top in [2^(e-1), 2^e)
    if abs(exponent) * power <= _UNSCALED_LOG2_POWER:
        exponent = 0
    d = X.shape[1]
    reach = span if math.isinf(p) else span * d ** (1.0 / p)  # a bound on every L_p distance
    try:
        scaled = math.ldexp(span, -exponent)
        reduced = scaled if math.isinf(p) else scaled**p * d  # a bound on every reduced distance searched
    except OverflowError:
        reduced = math.inf
    if not math.isfinite(reach):
        raise ValueError(
            f"{name} is too large for L_p distances with p={p:g}: its coordinates span {span:.3g}, so distances "
            f"exceed float64's largest number; rescale {name}"
        )
    if not math.isfinite(reduced):
        raise ValueError(
            f"{name} is too large for L_p distances with p={p:g}: a sum of terms |x_l - z_l|^p overflows even with "
            f"the coordinates scaled to unit size; take a smaller p"
        )
    return exponent


def minkowski_distance(a, b, p=2):
    """The L_p distance between the rows of ``a`` and ``b``, Li Hang eq. (3.2).

    Parameters
    ----------
    a, b : array-like of shape (n_features,) or (n_points, n_features)
        Points; two 2-D arguments are paired row by row, a 1-D argument is broadcast.
    p : float >= 1 or numpy.inf, default=2
        p = 1 is the Manhattan distance (3.4), p = 2 the Euclidean distance (3.3), p = inf the
        largest coordinate difference (3.5).

    Returns
    -------
    float or ndarray of shape (n_points,)

    Examples
    --------
    >>> minkowski_distance([1, 1], [4, 4], p=1)
    6.0
    """
    p = check_p(p)
    single = np.ndim(a) == 1 and np.ndim(b) == 1
    A = check_array(np.atleast_2d(a) if np.ndim(a) == 1 else a, "a")
    B = check_array(np.atleast_2d(b) if np.ndim(b) == 1 else b, "b")
    if A.shape[1] != B.shape[1]:
        raise ValueError(f"a and b must have the same number of features; got {A.shape[1]} and {B.shape[1]}")
    if A.shape[0] != B.shape[0] and 1 not in (A.shape[0], B.shape[0]):
        raise ValueError(
            f"a and b must have the same number of points (or one point); got {A.shape[0]} and {B.shape[0]}"
        )
    exponent = check_distance_scale(p, A, "a and b", B)
    if exponent:  # scaled by a power of two, so that |a_l - b_l|^p neither overflows nor underflows
        A, B = np.ldexp(A, -exponent), np.ldexp(B, -exponent)
    diff = np.abs(A - B)
    if np.isinf(p):
        out = diff.max(axis=1)
    else:
        out = (diff**p).sum(axis=1) ** (1.0 / p)
    if exponent:
        out = np.ldexp(out, exponent)
    return float(out[0]) if single else out
