"""Distances and similarities between samples, Li Hang §14.1.1: Minkowski (14.2)-(14.5), Mahalanobis (14.6),
correlation coefficient (14.8) and cosine (14.9). The one implementation of these measures in statlib:
:func:`pairwise_distances` (scikit-learn's signature) and the named functions of §14.1 dispatch to the same
kernels, and agglomerative clustering (Algorithm 14.1) computes its matrix D with them.

The book writes the data as an m x n matrix whose columns are the samples (14.1); here, as everywhere in
statlib, ``X`` has one sample per row, shape (n_samples, n_features), so the book's x_ki (feature k of
sample i) is ``X[i, k]``. Each function returns the matrix of the measure between every row of ``X`` and
every row of ``Y`` (``Y=None``: ``X`` itself, a symmetric matrix with exact zeros, or ones, on the diagonal).

Numerics.

* Minkowski (14.2) at every p, including 2: the differences of a pair are divided by the largest
  |difference| before the powers are summed and the result multiplied back, so |u|^p neither overflows
  (differences near 1e200) nor underflows (near 1e-200). For p = 2 the squares are first summed as they are,
  and the scaled sum is computed only when that sum overflowed or came out below 1e-280: ordinary Euclidean
  distances are then those of scipy and scikit-learn to the last bit (merge orders of Algorithm 14.1 break ties
  the same way), at the cost of one pass.
* Mahalanobis (14.6): with the Cholesky factor S = L L^T, (x_i - x_j)^T S^-1 (x_i - x_j) =
  ||L^-1 x_i - L^-1 x_j||^2: the Euclidean distances of the whitened samples; no inverse is formed.
  Given the inverse VI instead (scipy's and scikit-learn's argument), VI = L L^T and the whitened samples
  are L^T x.
* correlation (14.8) and cosine (14.9): each row is divided by its largest |entry| before it is centred (for
  the correlation coefficient) and normalised, so rows of size 1e200 or 1e-200 give the right angles. Both
  are similarities (1 on the diagonal, larger is more alike); as distances (``pairwise_distances``,
  scipy) they are 1 minus the similarity.
"""

import numbers

import numpy as np
from numba import njit
from scipy.linalg import solve_triangular

from .._validation import check_array, check_scale

__all__ = [
    "correlation_coefficients",
    "cosine_similarities",
    "mahalanobis_distances",
    "minkowski_distances",
    "pairwise_distances",
]

# kernel codes of the Minkowski family
EUCLIDEAN, MANHATTAN, CHEBYSHEV, MINKOWSKI, SQEUCLIDEAN = 0, 1, 2, 3, 4
_NAMES = {
    "euclidean": EUCLIDEAN,
    "manhattan": MANHATTAN,
    "cityblock": MANHATTAN,
    "chebyshev": CHEBYSHEV,
    "minkowski": MINKOWSKI,
    "sqeuclidean": SQEUCLIDEAN,
}
METRICS = (
    "euclidean",
    "sqeuclidean",
    "manhattan",
    "cityblock",
    "chebyshev",
    "minkowski",
    "mahalanobis",
    "cosine",
    "correlation",
)


# --------------------------------------------------------------------------------------------- kernels
@njit(cache=True)
def _scaled_distance(X, i, Y, j, code, p):
    """(14.2)-(14.5) for rows i of X and j of Y with each difference divided by the largest one first, so that
    |u|^p neither overflows nor underflows; the result is multiplied back."""
    m = X.shape[1]
    big = 0.0
    for k in range(m):  # (14.5): max_k |x_k - y_k|, also the scale of the others
        big = max(big, abs(X[i, k] - Y[j, k]))
    if code == CHEBYSHEV or big == 0.0:
        return big
    s = 0.0
    if code == EUCLIDEAN:  # (14.3) scaled
        for k in range(m):
            u = (X[i, k] - Y[j, k]) / big
            s += u * u
        return big * np.sqrt(s)
    for k in range(m):  # (14.2): (sum_k |x_k - y_k|^p)^(1/p) scaled
        s += (abs(X[i, k] - Y[j, k]) / big) ** p
    return big * s ** (1.0 / p)


@njit(cache=True, inline="always")
def _pair_distance(X, i, Y, j, code, p):
    """d(x_i, y_j): (14.3) Euclidean, (14.4) Manhattan, (14.5) Chebyshev, (14.2) Minkowski, or the squared
    Euclidean distance (14.18)."""
    m = X.shape[1]
    if code == MANHATTAN:  # (14.4): sum_k |x_k - y_k|
        s = 0.0
        for k in range(m):
            s += abs(X[i, k] - Y[j, k])
        return s
    if code == SQEUCLIDEAN or code == EUCLIDEAN:  # (14.18), and (14.3) = its square root
        s = 0.0
        for k in range(m):
            u = X[i, k] - Y[j, k]
            s += u * u
        if code == SQEUCLIDEAN:
            return s
        if 1e-280 < s < 1e300:  # no square overflowed, none that matters underflowed (as in _distance_matrix)
            return np.sqrt(s)
    return _scaled_distance(X, i, Y, j, code, p)


@njit(cache=True)
def _distance_matrix(X, code, p, D):
    """D[i, j] = d(x_i, x_j) between the rows of ``X``; exactly symmetric, zero diagonal."""
    n, m = X.shape
    if code != EUCLIDEAN:
        for i in range(n):
            D[i, i] = 0.0
            for j in range(i + 1, n):
                d = _pair_distance(X, i, X, j, code, p)
                D[i, j] = d
                D[j, i] = d
        return
    # (14.3), the common case: the squares summed as they are, in the order k = 0..m-1, for a whole row of D at
    # once (the loops over j vectorise; four features per pass over the row). (x_ik - x_jk)^2 = (x_jk - x_ik)^2
    # exactly, so the matrix comes out symmetric to the last bit without mirrored, scattered writes ...
    XT = np.ascontiguousarray(X.T)
    for i in range(n):
        row = D[i]
        for j in range(n):
            row[j] = 0.0
        quads = m - m % 4
        for k in range(0, quads, 4):
            x0, x1, x2, x3 = X[i, k], X[i, k + 1], X[i, k + 2], X[i, k + 3]
            c0, c1, c2, c3 = XT[k], XT[k + 1], XT[k + 2], XT[k + 3]
            for j in range(n):
                u0 = x0 - c0[j]
                u1 = x1 - c1[j]
                u2 = x2 - c2[j]
                u3 = x3 - c3[j]
                row[j] = (((row[j] + u0 * u0) + u1 * u1) + u2 * u2) + u3 * u3
        for k in range(quads, m):
            x = X[i, k]
            column = XT[k]
            for j in range(n):
                u = x - column[j]
                row[j] += u * u
        for j in range(n):
            row[j] = np.sqrt(row[j])
        outside = 0  # distances not in (1e-140, 1e150), counted without a branch; the diagonal is one of them
        for j in range(n):
            d = row[j]
            outside += (d <= 1e-140) | (d >= 1e150) | (d != d)
        row[i] = 0.0
        if outside > 1:  # ... and scaled where a square overflowed or squares that matter underflowed
            for j in range(n):
                if j != i and not 1e-140 < row[j] < 1e150:
                    row[j] = _scaled_distance(X, min(i, j), X, max(i, j), EUCLIDEAN, 2.0)


@njit(cache=True)
def _cross_distance_matrix(X, Y, code, p, D):
    """D[i, j] = d(x_i, y_j) between the rows of ``X`` and those of ``Y``."""
    for i in range(X.shape[0]):
        for j in range(Y.shape[0]):
            D[i, j] = _pair_distance(X, i, Y, j, code, p)


@njit(cache=True)
def _unit_rows(X, centre):
    """Rows of ``X`` divided by their largest |entry|, centred on their mean if ``centre`` (the book's
    x-bar_i of (14.8)), then divided by their Euclidean norm: the unit vectors whose dot products are (14.8)
    or (14.9). Rows must not be zero (nor, with ``centre``, constant)."""
    n, m = X.shape
    U = np.empty((n, m))
    for i in range(n):
        big = 0.0
        for k in range(m):
            big = max(big, abs(X[i, k]))
        mean = 0.0
        for k in range(m):
            U[i, k] = X[i, k] / big  # entries in [-1, 1]: the squares below neither overflow nor underflow
            mean += U[i, k]
        mean = mean / m if centre else 0.0
        s = 0.0
        for k in range(m):
            U[i, k] -= mean
            s += U[i, k] * U[i, k]
        norm = np.sqrt(s)  # (14.8)/(14.9) denominators: [sum_k (x_ki - xbar_i)^2]^(1/2), up to the scale big
        for k in range(m):
            U[i, k] /= norm
    return U


@njit(cache=True)
def _cosine_matrix(U, V, symmetric, S):
    """S[i, j] = sum_k u_ki v_kj for unit rows: (14.8) or (14.9); clipped to [-1, 1], ones on a symmetric
    matrix's diagonal."""
    n, m = U.shape
    for i in range(n):
        start = i + 1 if symmetric else 0
        if symmetric:
            S[i, i] = 1.0
        for j in range(start, V.shape[0]):
            dot = 0.0
            for k in range(m):  # (14.8), (14.9): sum_k x_ki x_kj / [sum_k x_ki^2 sum_k x_kj^2]^(1/2)
                dot += U[i, k] * V[j, k]
            c = min(1.0, max(-1.0, dot))
            S[i, j] = c
            if symmetric:
                S[j, i] = c


# ------------------------------------------------------------------------------------------ validation
def _check_pair(X, Y):
    X = check_array(X, "X")
    if Y is None:
        return X, None
    if isinstance(Y, str):
        raise TypeError(
            f"Y must be array-like (the second set of samples) or None, got the string {Y!r}; "
            "pass a metric by name as metric=..."
        )
    Y = check_array(Y, "Y")
    if Y.shape[1] != X.shape[1]:
        raise ValueError(f"Y must have as many features as X ({X.shape[1]}), got {Y.shape[1]}")
    return X, Y


def _check_p(p):
    if isinstance(p, bool) or not isinstance(p, numbers.Real):
        raise TypeError(f"p must be a real number >= 1 or inf, got {type(p).__name__}")
    if np.isnan(p) or p < 1:
        raise ValueError(f"p must be >= 1 (the Minkowski distance is a metric only then), got {p}")
    return float(p)


def _minkowski_code(p):
    if np.isinf(p):
        return CHEBYSHEV
    if p == 1:
        return MANHATTAN
    if p == 2:
        return EUCLIDEAN
    return MINKOWSKI


def _minkowski_family(X, Y, code, p):
    if Y is None:
        D = np.empty((X.shape[0], X.shape[0]))
        _distance_matrix(X, code, p, D)
    else:
        D = np.empty((X.shape[0], Y.shape[0]))
        _cross_distance_matrix(X, Y, code, p, D)
    return D


def _whitened(X, Y, cov, VI):
    """Rows of X (and Y) mapped so that the Mahalanobis distance (14.6) is the Euclidean one."""
    n, m = X.shape
    if cov is not None and VI is not None:
        raise ValueError("give at most one of cov (the covariance S of (14.6)) and VI (its inverse)")
    if cov is None and VI is None:
        if n < 2:
            raise ValueError(f"X needs at least 2 samples to estimate the covariance (cov=None), got {n}")
        check_scale(X - X.mean(axis=0), "X")  # the sample covariance is a sum of squares
        S = np.atleast_2d(np.cov(X, rowvar=False))
        name = "X (its sample covariance)"
    else:
        name = "cov" if VI is None else "VI"
        S = check_array(cov if VI is None else VI, name)
        if S.shape != (m, m):
            raise ValueError(f"{name} must have shape (n_features, n_features) = ({m}, {m}), got {S.shape}")
        if not np.allclose(S, S.T, rtol=1e-10, atol=1e-12 * np.abs(S).max()):
            raise ValueError(f"{name} must be symmetric")
    try:
        L = np.linalg.cholesky(S)  # (14.6): S = L L^T, so S^-1 = L^-T L^-1
    except np.linalg.LinAlgError:
        raise ValueError(f"{name} must be positive definite (the covariance matrix S of (14.6) is inverted)") from None
    eigenvalues = np.linalg.eigvalsh(S)
    flat = cov is None and VI is None and np.sqrt(eigenvalues[-1]) <= 1e-10 * np.abs(X).max()  # no spread
    if flat or eigenvalues[0] <= 1e-12 * eigenvalues[-1]:
        raise ValueError(f"{name} must be positive definite, not numerically singular (condition number above 1e12)")
    mean = X.mean(axis=0)

    def whiten(A):
        if VI is not None:
            return np.ascontiguousarray((A - mean) @ L)  # (14.6) with VI = L L^T: ||L^T (x_i - x_j)||^2
        return np.ascontiguousarray(solve_triangular(L, (A - mean).T, lower=True).T)  # (14.6): ||L^-1 (x_i - x_j)||^2

    return whiten(X), None if Y is None else whiten(Y)


def _unit(X, name, centre):
    what = "correlation coefficient (14.8)" if centre else "cosine (14.9)"
    if centre and X.shape[1] < 2:
        raise ValueError(f"{name} must have at least 2 features for the {what}, got {X.shape[1]}")
    big = np.abs(X).max(axis=1)
    if centre:
        with np.errstate(invalid="ignore", divide="ignore"):
            scaled = X / np.where(big > 0, big, 1.0)[:, None]
        spread = np.abs(scaled - scaled.mean(axis=1, keepdims=True)).max(axis=1)
        bad = np.flatnonzero(spread <= 1e-12)
    else:
        bad = np.flatnonzero(big == 0)
    if bad.size:
        kind = "constant" if centre else "all zero"
        raise ValueError(f"{name} row {bad[0]} is {kind}: the {what} of such a sample is undefined")
    return _unit_rows(X, centre)


def _similarities(X, Y, centre):
    X, Y = _check_pair(X, Y)
    U = _unit(X, "X", centre)
    V = U if Y is None else _unit(Y, "Y", centre)
    S = np.empty((U.shape[0], V.shape[0]))
    _cosine_matrix(U, V, Y is None, S)
    return S


# ------------------------------------------------------------------------------------------- public
def minkowski_distances(X, Y=None, *, p=2.0):
    """The Minkowski distances (14.2) between samples: d_ij = (sum_k |x_ki - x_kj|^p)^(1/p).

    Parameters
    ----------
    X : array-like of shape (n_samples_X, n_features)
        One sample per row (the book's matrix (14.1) transposed).
    Y : array-like of shape (n_samples_Y, n_features) or None, default=None
        The second set of samples; None: ``X`` itself.
    p : float >= 1 or numpy.inf, default=2.0
        p = 2 is the Euclidean distance (14.3), p = 1 the Manhattan distance (14.4), p = inf the
        Chebyshev distance (14.5).

    Returns
    -------
    D : ndarray of shape (n_samples_X, n_samples_Y)

    Examples
    --------
    >>> minkowski_distances([[0.0, 2.0], [5.0, 0.0]], p=1)
    array([[0., 7.],
           [7., 0.]])
    """
    p = _check_p(p)
    X, Y = _check_pair(X, Y)
    return _minkowski_family(X, Y, _minkowski_code(p), p)


def mahalanobis_distances(X, Y=None, *, cov=None, VI=None):
    """The Mahalanobis distances (14.6) between samples: d_ij = [(x_i - x_j)^T S^-1 (x_i - x_j)]^(1/2).

    Parameters
    ----------
    X : array-like of shape (n_samples_X, n_features)
    Y : array-like of shape (n_samples_Y, n_features) or None, default=None
    cov : array-like of shape (n_features, n_features) or None, default=None
        The covariance matrix S, symmetric positive definite.
    VI : array-like of shape (n_features, n_features) or None, default=None
        Its inverse S^-1 instead (scipy's and scikit-learn's argument). With neither: the sample covariance of
        ``X`` (divided by n_samples - 1), which needs samples of ``X`` that span the space.

    Returns
    -------
    D : ndarray of shape (n_samples_X, n_samples_Y)

    Notes
    -----
    With S = L L^T (Cholesky), d_ij is the Euclidean distance (14.3) between L^-1 x_i and L^-1 x_j;
    with S = I it is the Euclidean distance itself.
    """
    X, Y = _check_pair(X, Y)
    W, V = _whitened(X, Y, cov, VI)
    return _minkowski_family(W, V, EUCLIDEAN, 2.0)  # (14.6) = the Euclidean distance (14.3) of whitened samples


def correlation_coefficients(X, Y=None):
    """The correlation coefficients (14.8) between samples (rows).

    r_ij = sum_k (x_ki - xbar_i)(x_kj - xbar_j) / [sum_k (x_ki - xbar_i)^2 sum_k (x_kj - xbar_j)^2]^(1/2),
    where xbar_i is the mean of the features of sample i. A similarity: 1 on the diagonal, in [-1, 1].
    Each row needs at least two different values (a constant row raises ValueError).
    ``scipy.spatial.distance.pdist(X, "correlation")`` is 1 - r_ij.

    Parameters
    ----------
    X : array-like of shape (n_samples_X, n_features), n_features >= 2
    Y : array-like of shape (n_samples_Y, n_features) or None, default=None

    Returns
    -------
    R : ndarray of shape (n_samples_X, n_samples_Y)
    """
    return _similarities(X, Y, True)


def cosine_similarities(X, Y=None):
    """The cosines (14.9) of the angles between samples (rows).

    s_ij = sum_k x_ki x_kj / [sum_k x_ki^2 sum_k x_kj^2]^(1/2). A similarity: 1 on the diagonal, in
    [-1, 1]. No row may be all zero (ValueError). ``scipy.spatial.distance.pdist(X, "cosine")`` is 1 - s_ij.

    Parameters
    ----------
    X : array-like of shape (n_samples_X, n_features)
    Y : array-like of shape (n_samples_Y, n_features) or None, default=None

    Returns
    -------
    S : ndarray of shape (n_samples_X, n_samples_Y)
    """
    return _similarities(X, Y, False)


def pairwise_distances(X, Y=None, metric="euclidean", **kwargs):
    """The distances between samples, with the signature of :func:`sklearn.metrics.pairwise_distances`.

    Algorithm 14.1, step 1, computes this matrix D = [d_ij].

    Parameters
    ----------
    X : array-like of shape (n_samples_X, n_features)
    Y : array-like of shape (n_samples_Y, n_features) or None, default=None
        None: the distances among the rows of ``X`` (symmetric, zero diagonal).
    metric : str, default="euclidean"
        "euclidean" (14.3), "sqeuclidean" (its square, (14.18)), "manhattan" or "cityblock" (14.4),
        "chebyshev" (14.5), "minkowski" (14.2, keyword ``p``, default 2), "mahalanobis" (14.6, keyword ``VI``,
        the inverse covariance, default: estimated from ``X``), "cosine" and "correlation" (1 minus (14.9) and
        1 minus (14.8), as in scipy and scikit-learn).
    **kwargs
        ``p`` for "minkowski", ``VI`` for "mahalanobis"; nothing else.

    Returns
    -------
    D : ndarray of shape (n_samples_X, n_samples_Y)

    Examples
    --------
    >>> pairwise_distances([[0.0, 2.0], [5.0, 0.0]], metric="manhattan")
    array([[0., 7.],
           [7., 0.]])
    """
    if not isinstance(metric, str):
        raise TypeError(f"metric must be a string, one of {METRICS}, got {type(metric).__name__}")
    if metric not in METRICS:
        raise ValueError(f"metric must be one of {METRICS}, got {metric!r}")
    allowed = {"minkowski": {"p"}, "mahalanobis": {"VI"}}.get(metric, set())
    extra = sorted(set(kwargs) - allowed)
    if extra:
        raise TypeError(
            f"metric={metric!r} takes no keyword argument {extra[0]!r}"
            + (f" (it takes {sorted(allowed)})" if allowed else "")
        )
    if metric == "minkowski":
        return minkowski_distances(X, Y, p=kwargs.get("p", 2.0))
    if metric == "mahalanobis":
        return mahalanobis_distances(X, Y, VI=kwargs.get("VI"))
    if metric in ("cosine", "correlation"):
        S = _similarities(X, Y, metric == "correlation")
        D = np.clip(1.0 - S, 0.0, 2.0)
        if Y is None:
            np.fill_diagonal(D, 0.0)
        return D
    X, Y = _check_pair(X, Y)
    return _minkowski_family(X, Y, _NAMES[metric], 2.0)
