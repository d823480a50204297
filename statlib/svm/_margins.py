"""Margins and the hinge loss of Li Hang sections 7.1.2 and 7.2.4."""

import numpy as np

from .._validation import _as_numeric_array, check_array, check_real, check_same_length, check_vector


def _check(X, y, w, b):
    X = check_array(X, "X")
    y = check_vector(y, "y")
    check_same_length(X=X, y=y)
    w = check_vector(w, "w")
    if w.shape[0] != X.shape[1]:
        raise ValueError(f"w must have {X.shape[1]} entries (one per feature), got {w.shape[0]}")
    b = check_real(b, "b")
    return X, y, w, b


def functional_margin(X, y, w, b):
    """Functional margins gamma_hat_i = y_i (w . x_i + b) (7.3); their minimum is (7.4)."""
    X, y, w, b = _check(X, y, w, b)
    return y * (X @ w + b)


def geometric_margin(X, y, w, b):
    """Geometric margins gamma_i = y_i (w . x_i + b) / ||w|| (7.5) = gamma_hat_i / ||w|| (7.7)."""
    X, y, w, b = _check(X, y, w, b)
    norm = np.linalg.norm(w)
    if norm == 0:
        raise ValueError("w must be non-zero for the geometric margin")
    return y * (X @ w + b) / norm


def hinge_loss(z):
    """The hinge loss [1 - z]_+ (7.58)-(7.59) of the functional margin z = y (w . x + b)."""
    z = _as_numeric_array(z, "z", np.float64)
    if not np.all(np.isfinite(z)):
        raise ValueError("z must contain only finite numbers; found NaN or infinity")
    return np.maximum(0.0, 1.0 - z)
