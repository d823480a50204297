"""Margins of Li Hang section 7.1.2 (the hinge loss of section 7.2.4 is ``statlib.metrics.margin_loss("hinge", z)``)."""

import numpy as np

from .._validation import check_array, check_real, check_same_length, check_vector


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
