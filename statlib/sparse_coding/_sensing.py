"""Compressed sensing by basis pursuit (MLAPP section 13.8.3; Candès, Romberg and Tao 2006; Donoho 2006).

With y = R x observed through an (M, D) sensing matrix, M < D, basis pursuit returns

    min ||x||_1  subject to  R x = y,

a linear programme after the split x = u - v with u, v >= 0: minimise 1^T (u + v) subject to
[R, -R] [u; v] = y. It is the alpha -> 0 limit of the lasso on (R, y); with noise one uses the lasso itself
(basis pursuit denoising, MLAPP (13.36)).
"""

import numpy as np
from scipy.optimize import linprog

from .._validation import check_array, check_int, check_vector, scale_exponent

__all__ = ["basis_pursuit", "mutual_coherence", "restricted_isometry_estimate"]

_UNSCALED_EXPONENT = 16  # basis_pursuit passes R and y to HiGHS as they are when their largest entries lie in
# [2^-16, 2^16] (the scale HiGHS's tolerances are made for), and scaled by a power of two to [0.5, 1) otherwise


def basis_pursuit(sensing_matrix, y):
    """The minimum-l1-norm solution of ``sensing_matrix @ x = y`` (HiGHS linear programme).

    Parameters
    ----------
    sensing_matrix : (M, D) array
        The sensing matrix R of MLAPP section 13.8.3.
    y : (M,) array
        The measurements.

    Returns
    -------
    x : (D,) array

    Raises
    ------
    ValueError
        If the shapes disagree or ``R x = y`` has no solution.

    Examples
    --------
    >>> import numpy as np
    >>> R = np.array([[1.0, 1.0, 0.0], [0.0, 1.0, 1.0]])
    >>> basis_pursuit(R, [1.0, 1.0]).round(6) + 0.0
    array([0., 1., 0.])
    """
    R = check_array(sensing_matrix, "sensing_matrix")
    y = check_vector(y, "y")
    if y.shape[0] != R.shape[0]:
        raise ValueError(f"y must have one entry per row of sensing_matrix ({R.shape[0]}), got {y.shape[0]}")
    D = R.shape[1]
    # HiGHS takes entries of 1e15 and above for infinite and judges feasibility with absolute tolerances (1e-7), so
    # data far from unit scale gave a "model error" or the answer 0. R x = y <=> (R 2^-a)(x 2^(a-b)) = y 2^-b, and
    # ||x 2^(a-b)||_1 = 2^(a-b) ||x||_1 has the same minimiser: outside [2^-16, 2^16] R and y are scaled by powers
    # of two to unit size (exact), and the solution is scaled back.
    a, b = (e if abs(e) > _UNSCALED_EXPONENT else 0 for e in (scale_exponent(R), scale_exponent(y)))
    R_unit, y_unit = (np.ldexp(R, -a) if a else R), (np.ldexp(y, -b) if b else y)
    # x = u - v with u, v >= 0: minimise 1^T (u + v) subject to [R, -R] [u; v] = y, a linear programme
    result = linprog(
        np.ones(2 * D), A_eq=np.hstack([R_unit, -R_unit]), b_eq=y_unit, bounds=[(0.0, None)] * (2 * D), method="highs"
    )
    if result.status != 0:
        raise ValueError(f"sensing_matrix @ x = y has no solution (linear programme: {result.message})")
    x = result.x[:D] - result.x[D:]
    if a or b:
        with np.errstate(over="ignore"):
            x = np.ldexp(x, b - a)
    if not np.all(np.isfinite(x)):
        raise ValueError(
            "y is too large for sensing_matrix: the minimum-l1 solution of sensing_matrix @ x = y has entries beyond "
            "float64's range; rescale y or sensing_matrix"
        )
    return x


def mutual_coherence(matrix):
    """The mutual coherence mu(A) = max_{i != j} |a_i^T a_j| / (||a_i|| ||a_j||) of the columns of ``matrix``.

    The largest absolute cosine between two different columns (Donoho and Elad 2003): 0 for orthogonal
    columns, 1 when two columns are parallel. For an (M, D) matrix with D > M it is at least the Welch bound
    sqrt((D - M) / (M (D - 1))). Any x with ||x||_0 < (1 + 1/mu) / 2 is the unique sparsest solution of A x = y,
    and basis pursuit and OMP both find it.

    Parameters
    ----------
    matrix : (M, D) array with D >= 2 non-zero columns

    Returns
    -------
    float in [0, 1]

    Examples
    --------
    >>> round(mutual_coherence([[1.0, 0.0, 1.0], [0.0, 1.0, 1.0]]), 6)
    0.707107
    """
    A = check_array(matrix, "matrix")
    if A.shape[1] < 2:
        raise ValueError(f"matrix must have at least 2 columns, got {A.shape[1]}")
    norms = np.linalg.norm(A, axis=0)
    if not np.all((norms > 2.0**-256) & (norms < 2.0**256)):
        # cosines do not depend on a column's scale: a column far from unit size (its norm underflowed near 1e-300 or
        # overflowed near 1e300) is scaled by a power of two to a largest entry in [0.5, 1), exactly
        A = np.ldexp(A, -scale_exponent(A, axis=0))
        norms = np.linalg.norm(A, axis=0)
    if np.any(norms == 0.0):
        raise ValueError(f"matrix must have no zero column; column {int(np.flatnonzero(norms == 0.0)[0])} is zero")
    U = A / norms
    G = np.abs(U.T @ U)
    np.fill_diagonal(G, 0.0)
    return float(min(G.max(), 1.0))


def _isometry_gap(A, support):
    s = np.linalg.svd(A[:, support], compute_uv=False)
    return max(s[0] ** 2 - 1.0, 1.0 - s[-1] ** 2)


def restricted_isometry_estimate(matrix, sparsity, *, n_supports=1000, random_state=None):
    """An estimate of the restricted isometry constant delta_s of ``matrix`` (Candès and Tao 2005).

    delta_s is the smallest delta with (1 - delta) ||x||^2 <= ||A x||^2 <= (1 + delta) ||x||^2 for every x with
    at most s non-zeros, that is, the largest max(sigma_max^2 - 1, 1 - sigma_min^2) over the (M, s) column
    submatrices A_S. Computing it exactly means visiting all C(D, s) supports (NP-hard in general); this
    function visits ``n_supports`` supports drawn uniformly without replacement of columns, so it returns a
    *lower* estimate of delta_s, exact when ``n_supports=None`` (every support, by enumeration).

    Parameters
    ----------
    matrix : (M, D) array
    sparsity : int in [1, min(M, D)]
        The support size s.
    n_supports : int >= 1 or None, default=1000
        Random supports to visit; None enumerates all C(D, s) of them.
    random_state : None, int or numpy Generator
        Seeds the supports.

    Returns
    -------
    float >= 0
        max over the visited supports S of max(sigma_max(A_S)^2 - 1, 1 - sigma_min(A_S)^2).

    Examples
    --------
    >>> round(restricted_isometry_estimate([[1.0, 0.0, 0.6], [0.0, 1.0, 0.8]], 2, n_supports=None), 6)
    0.8
    """
    A = check_array(matrix, "matrix")
    M, D = A.shape
    s = check_int(sparsity, "sparsity", low=1, high=min(M, D))
    if n_supports is None:
        from itertools import combinations

        return float(max(_isometry_gap(A, list(S)) for S in combinations(range(D), s)))
    n_supports = check_int(n_supports, "n_supports", low=1)
    rng = np.random.default_rng(random_state)
    best = 0.0
    for _ in range(n_supports):
        best = max(best, _isometry_gap(A, rng.choice(D, size=s, replace=False)))
    return float(best)
