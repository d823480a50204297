"""The sign convention of eigenvectors, singular vectors and principal directions.

They are determined only up to sign (Li Hang §15.1), and different LAPACK builds return different signs, so
statlib fixes one: in each row, the entry of largest magnitude is made positive. :class:`PCA` decides ties
exactly as scikit-learn's ``svd_flip(u, v, u_based_decision=False)`` does (the first largest entry);
:func:`svd` counts magnitudes within a relative 1e-10 of the largest as tied, so that a tie such as
(1, -1)/sqrt(2) is not decided by the last bit of the eigensolver's output.
"""

import numpy as np

from .._validation import check_array, check_real

__all__ = ["flip_signs"]


def _flip_signs(Vt, U=None, tie_rtol=0.0):
    """Flip rows of ``Vt`` in place so that each row's first entry of largest magnitude (within ``tie_rtol``,
    relative) is positive; the matching columns of ``U`` (if given) are flipped with them, so A = U S Vt holds."""
    if Vt.shape[0] == 0 or Vt.shape[1] == 0:
        return
    mag = np.abs(Vt)
    top = mag.max(axis=1, keepdims=True)
    first = np.argmax(mag >= top * (1.0 - tie_rtol), axis=1)
    signs = np.where(Vt[np.arange(Vt.shape[0]), first] < 0, -1.0, 1.0)
    Vt *= signs[:, None]
    if U is not None:
        U[:, : len(signs)] *= signs


def flip_signs(components, *, tie_rtol=0.0):
    """Fix the sign of each row (one component per row): the row's entry of largest absolute value is made positive.

    The rule, exactly: in each row, find the first entry j (lowest column index) whose absolute value is at
    least ``(1 - tie_rtol)`` times the largest of the row; if that entry is negative, multiply the whole row
    by -1. A row of zeros is left as it is. With ``tie_rtol=0`` (the default) this is the convention of
    :class:`PCA` (``components_``), of :func:`pca_from_correlation`, and scikit-learn's
    ``svd_flip(u, v, u_based_decision=False)``; :func:`svd` uses ``tie_rtol=1e-10``.

    Parameters
    ----------
    components : array-like of shape (n_components, n_features)
        The vectors, one per row (e.g. ``components_``, or the transpose of a matrix of eigenvector columns).
        Finite numbers; at least one row and one column.
    tie_rtol : float in [0, 1), default=0.0
        Magnitudes within this relative distance of the row's largest count as tied with it.

    Returns
    -------
    ndarray of shape (n_components, n_features)
        A sign-fixed float64 copy; the input is not modified.

    Examples
    --------
    >>> flip_signs([[0.6, -0.8], [-0.8, -0.6], [0.5, -0.5]])
    array([[-0.6,  0.8],
           [ 0.8,  0.6],
           [ 0.5, -0.5]])
    """
    V = np.array(check_array(components, "components"), dtype=np.float64, order="C", copy=True)
    tie_rtol = check_real(tie_rtol, "tie_rtol", low=0.0, high=1.0, high_inclusive=False)
    _flip_signs(V, tie_rtol=tie_rtol)
    return V
