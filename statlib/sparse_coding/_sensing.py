"""Compressed sensing by basis pursuit (MLAPP section 13.8.3; Candès, Romberg and Tao 2006; Donoho 2006).

With y = R x observed through an (M, D) sensing matrix, M < D, basis pursuit returns

    min ||x||_1  subject to  R x = y,

a linear programme after the split x = u - v with u, v >= 0: minimise 1^T (u + v) subject to
[R, -R] [u; v] = y. It is the alpha -> 0 limit of the lasso on (R, y); with noise one uses the lasso itself
(basis pursuit denoising, MLAPP (13.36)).
"""

import numpy as np
from scipy.optimize import linprog

from .._validation import check_array, check_vector

__all__ = ["basis_pursuit"]


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
    result = linprog(np.ones(2 * D), A_eq=np.hstack([R, -R]), b_eq=y, bounds=[(0.0, None)] * (2 * D), method="highs")
    if result.status != 0:
        raise ValueError(f"sensing_matrix @ x = y has no solution (linear programme: {result.message})")
    return result.x[:D] - result.x[D:]
