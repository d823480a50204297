"""L_p (Minkowski) distances, Li Hang eqs. (3.2)-(3.5)."""

import numpy as np
from numba import njit

from .._validation import check_array, check_real


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


def _unreduce(reduced, p):
    """Undo :func:`_reduced_distance`: take the p-th root (nothing to do for p = 1 or p = inf)."""
    if p == 2.0:
        return np.sqrt(reduced)
    if p == 1.0 or np.isinf(p):
        return reduced
    return reduced ** (1.0 / p)


def check_p(p):
    """Validate the order p >= 1 of an L_p distance (p = numpy.inf allowed) and return it as a float."""
    if p == np.inf:
        return np.inf
    return check_real(p, "p", low=1.0)


def check_distance_scale(p, X, name, Q=None):
    """Refuse points whose L_p distances overflow float64 (ValueError naming ``name``): the search compares reduced
    distances sum_l |x_l - z_l|^p, which are inf (and every distance ties) when the coordinates span too much.
    ``Q``, the queries, if given, are measured together with ``X``; for p = inf only the span itself must be finite.

    Spans so small that |x_l - z_l|^p underflows are not refused: the reduced distances then tie at 0 and the ties
    go to the smaller index (rescale such data, or take p = 1 or p = inf, which raise nothing to a power)."""
    lo, hi = X.min(axis=0), X.max(axis=0)
    if Q is not None and Q.size:
        lo, hi = np.minimum(lo, Q.min(axis=0)), np.maximum(hi, Q.max(axis=0))
    with np.errstate(over="ignore", invalid="ignore"):
        span = np.float64(np.max(hi - lo)) if X.size else np.float64(0.0)
        reduced = span if np.isinf(p) else span**p * X.shape[1]  # a bound on every reduced distance
    if not np.isfinite(reduced):
        raise ValueError(
            f"{name} is too large for L_p distances with p={p:g}: its coordinates span {span:.3g}, and a sum of "
            f"terms |x_l - z_l|^p overflows; rescale {name}"
        )


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
    check_distance_scale(p, A, "a and b", B)
    diff = np.abs(A - B)
    if np.isinf(p):
        out = diff.max(axis=1)
    else:
        out = (diff**p).sum(axis=1) ** (1.0 / p)
    return float(out[0]) if single else out
