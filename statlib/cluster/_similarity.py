"""Distances and similarities between samples, Li Hang §14.1.1: Minkowski (14.2), Mahalanobis (14.6),
correlation coefficient (14.8) and cosine (14.9).

The book writes the data as an m x n matrix whose columns are the samples (14.1); here, as everywhere in
statlib, ``X`` has one sample per row, shape (n_samples, n_features), so the book's x_ki (feature k of
sample i) is ``X[i, k]``. Each function returns the full symmetric n x n matrix of the measure between
every pair of rows.

* Minkowski (14.2) with p >= 1, including p = 1 (14.4), 2 (14.3) and infinity (14.5): see
  :func:`pairwise_distances`, which also serves Algorithm 14.1.
* Mahalanobis (14.6): with the Cholesky factor S = L L^T, (x_i - x_j)^T S^{-1} (x_i - x_j) =
  ||L^{-1} x_i - L^{-1} x_j||^2, so the distances are the Euclidean distances of the whitened samples
  L^{-1} x_i; no inverse is formed.
* correlation coefficient (14.8) and cosine (14.9): the cosine of the angle between two samples, after
  centring each sample on the mean of its own features for the correlation coefficient. Both are
  similarities (1 on the diagonal, larger is more alike); scipy's "cosine" and "correlation" distances
  are 1 minus them.
"""

import numpy as np
from numba import njit
from scipy.linalg import solve_triangular

from .._validation import check_array
from ._agglomerative import _distance_matrix

__all__ = ["correlation_coefficients", "cosine_similarities", "mahalanobis_distances", "minkowski_distances"]


@njit(cache=True)
def _cosine_matrix(X, centre, S):
    """S[i, j] = cosine (14.9) of rows i and j; with ``centre``, of the rows minus their means (14.8)."""
    n, m = X.shape
    Y = np.empty((n, m))
    norms = np.empty(n)
    for i in range(n):
        mean = 0.0
        if centre:
            for k in range(m):
                mean += X[i, k]
            mean /= m  # the book's x-bar_i, the mean of the features of sample i
        s = 0.0
        for k in range(m):
            Y[i, k] = X[i, k] - mean
            s += Y[i, k] * Y[i, k]
        norms[i] = np.sqrt(s)
    for i in range(n):
        S[i, i] = 1.0
        for j in range(i + 1, n):
            dot = 0.0
            for k in range(m):  # (14.8), (14.9): sum_k x_ki x_kj / [sum_k x_ki^2 sum_k x_kj^2]^(1/2)
                dot += Y[i, k] * Y[j, k]
            c = dot / (norms[i] * norms[j])
            c = min(1.0, max(-1.0, c))
            S[i, j] = c
            S[j, i] = c


@njit(cache=True)
def _minkowski_matrix(X, p, D):
    """D[i, j] = (sum_k |x_ki - x_kj|^p)^(1/p), the Minkowski distance (14.2) for finite p >= 1."""
    n, m = X.shape
    for i in range(n):
        D[i, i] = 0.0
        for j in range(i + 1, n):
            big = 0.0
            for k in range(m):
                big = max(big, abs(X[i, k] - X[j, k]))
            s = 0.0
            if big > 0.0:  # scaled by the largest difference, so that |u|^p neither overflows nor underflows
                for k in range(m):
                    s += (abs(X[i, k] - X[j, k]) / big) ** p
                s = big * s ** (1.0 / p)
            D[i, j] = s
            D[j, i] = s


def minkowski_distances(X, p=2.0):
    """The Minkowski distances (14.2) between the rows of ``X``: d_ij = (sum_k |x_ki - x_kj|^p)^(1/p).

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
        One sample per row (the book's matrix (14.1) transposed).
    p : float >= 1 or numpy.inf, default=2.0
        p = 2 is the Euclidean distance (14.3), p = 1 the Manhattan distance (14.4), p = inf the
        Chebyshev distance (14.5).

    Returns
    -------
    D : ndarray of shape (n_samples, n_samples)

    Examples
    --------
    >>> minkowski_distances([[0.0, 2.0], [5.0, 0.0]], p=1)
    array([[0., 7.],
           [7., 0.]])
    """
    if isinstance(p, bool) or not isinstance(p, (int, float, np.integer, np.floating)):
        raise TypeError(f"p must be a real number >= 1 or inf, got {type(p).__name__}")
    if np.isnan(p) or p < 1:
        raise ValueError(f"p must be >= 1 (the Minkowski distance is a metric only then), got {p}")
    X = check_array(X, "X")
    D = np.empty((X.shape[0], X.shape[0]))
    if np.isinf(p):
        _distance_matrix(X, 2, D)
    elif p == 1:
        _distance_matrix(X, 1, D)
    elif p == 2:
        _distance_matrix(X, 0, D)
    else:
        _minkowski_matrix(X, float(p), D)
    return D


def mahalanobis_distances(X, cov=None):
    """The Mahalanobis distances (14.6) between the rows of ``X``: d_ij = [(x_i - x_j)^T S^-1 (x_i - x_j)]^(1/2).

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
    cov : array-like of shape (n_features, n_features) or None, default=None
        The covariance matrix S, symmetric positive definite. None: the sample covariance of ``X``
        (divided by n_samples - 1), which needs n_samples > n_features and samples that span the space.

    Returns
    -------
    D : ndarray of shape (n_samples, n_samples)

    Notes
    -----
    With S = L L^T (Cholesky), d_ij is the Euclidean distance (14.3) between L^-1 x_i and L^-1 x_j;
    with S = I it is the Euclidean distance itself.
    """
    X = check_array(X, "X")
    n, m = X.shape
    if cov is None:
        if n < 2:
            raise ValueError(f"X needs at least 2 samples to estimate the covariance (cov=None), got {n}")
        S = np.atleast_2d(np.cov(X, rowvar=False))
        name = "X (its sample covariance)"
    else:
        S = check_array(cov, "cov")
        if S.shape != (m, m):
            raise ValueError(f"cov must have shape (n_features, n_features) = ({m}, {m}), got {S.shape}")
        if not np.allclose(S, S.T, rtol=1e-10, atol=1e-12 * np.abs(S).max()):
            raise ValueError("cov must be symmetric")
        name = "cov"
    try:
        L = np.linalg.cholesky(S)
    except np.linalg.LinAlgError:
        raise ValueError(f"{name} must be positive definite (the covariance matrix S of (14.6) is inverted)") from None
    eigenvalues = np.linalg.eigvalsh(S)
    flat = cov is None and np.sqrt(eigenvalues[-1]) <= 1e-10 * np.abs(X).max()  # no spread beyond rounding
    if flat or eigenvalues[0] <= 1e-12 * eigenvalues[-1]:
        raise ValueError(f"{name} must be positive definite, not numerically singular "
                         f"(condition number above 1e12)")
    W = solve_triangular(L, (X - X.mean(axis=0)).T, lower=True).T  # whitened samples L^-1 x_i
    D = np.empty((n, n))
    _distance_matrix(np.ascontiguousarray(W), 0, D)
    return D


def _similarity(X, centre):
    X = check_array(X, "X")
    what = "correlation coefficient (14.8)" if centre else "cosine (14.9)"
    if centre and X.shape[1] < 2:
        raise ValueError(f"X must have at least 2 features for the {what}, got {X.shape[1]}")
    Y = X - X.mean(axis=1, keepdims=True) if centre else X
    scale = np.abs(Y).max(axis=1)
    bad = np.flatnonzero(scale <= (1e-12 * np.abs(X).max(axis=1) if centre else 0.0))
    if bad.size:
        kind = "constant" if centre else "all zero"
        raise ValueError(f"X row {bad[0]} is {kind}: the {what} of such a sample is undefined")
    S = np.empty((X.shape[0], X.shape[0]))
    _cosine_matrix(X, centre, S)
    return S


def correlation_coefficients(X):
    """The correlation coefficients (14.8) between the rows (samples) of ``X``.

    r_ij = sum_k (x_ki - xbar_i)(x_kj - xbar_j) / [sum_k (x_ki - xbar_i)^2 sum_k (x_kj - xbar_j)^2]^(1/2),
    where xbar_i is the mean of the features of sample i. A similarity: 1 on the diagonal, in [-1, 1].
    Each row needs at least two different values. ``scipy.spatial.distance.pdist(X, "correlation")``
    is 1 - r_ij.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features), n_features >= 2

    Returns
    -------
    R : ndarray of shape (n_samples, n_samples)
    """
    return _similarity(X, True)


def cosine_similarities(X):
    """The cosines (14.9) of the angles between the rows (samples) of ``X``.

    s_ij = sum_k x_ki x_kj / [sum_k x_ki^2 sum_k x_kj^2]^(1/2). A similarity: 1 on the diagonal, in
    [-1, 1]. No row may be all zero. ``scipy.spatial.distance.pdist(X, "cosine")`` is 1 - s_ij.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)

    Returns
    -------
    S : ndarray of shape (n_samples, n_samples)
    """
    return _similarity(X, False)
