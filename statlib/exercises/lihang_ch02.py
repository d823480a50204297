"""Li Hang ch. 2 (perceptron): exercises 2.1 (with a certificate, 2.1b)-2.3."""

import warnings

import numpy as np
from sklearn.exceptions import ConvergenceWarning

from ._checkers import exact, predicate
from ._registry import register

# 2.1: the perceptron cannot represent XOR: the four XOR points are not linearly separable.
register(
    "lihang-2.1",
    exact(False),
    hint="try to find w, b with y_i (w . x_i + b) > 0 for all four XOR points; adding the two inequalities "
    "of each class gives a contradiction.",
    prompts=["Is the XOR data set (positive (0,1), (1,0); negative (0,0), (1,1)) linearly separable?"],
)


_XOR_X = np.array([[0.0, 1.0], [1.0, 0.0], [0.0, 0.0], [1.0, 1.0]])
_XOR_Y = np.array([1.0, 1.0, -1.0, -1.0])


def _check_xor_certificate(answer):
    """Exercise 2.1(b): weights lam >= 0, not all zero, with sum_i lam_i y_i (x_i, 1) = 0 (a Gordan certificate).

    Scale does not matter (any positive multiple of a certificate is one), so the test is made on lam / max(lam).
    """
    try:
        lam = np.asarray(answer, dtype=float)
    except (TypeError, ValueError):
        return False, "give four numbers, one weight per XOR point in the order (0,1), (1,0), (0,0), (1,1)."
    if lam.shape != (4,):
        return False, f"give four weights, one per point in the order (0,1), (1,0), (0,0), (1,1); got {lam.shape}."
    if not np.all(np.isfinite(lam)):
        return False, "the weights must be finite numbers."
    if np.any(lam < 0) or lam.max() <= 0:
        return False, "the weights must be non-negative and not all zero."
    residual = (lam / lam.max() * _XOR_Y) @ np.hstack([_XOR_X, np.ones((4, 1))])
    if not np.allclose(residual, 0.0, rtol=0.0, atol=1e-9):
        shown = ", ".join(f"{r * lam.max():.3g}" if abs(r) > 1e-9 else "0" for r in residual)
        return False, f"sum_i lam_i y_i (x_i, 1) = ({shown}), not zero."
    return True, ""


# 2.1(b): a certificate of non-separability. For any (w, b), sum_i lam_i y_i (w . x_i + b) = 0, so the terms
# y_i (w . x_i + b) cannot all be positive. A predicate has no static quiz: the exercise needs a kernel.
register(
    "lihang-2.1b",
    predicate(
        _check_xor_certificate,
        success="that certifies it: sum_i lam_i y_i (w . x_i + b) = 0 for every (w, b), so not all terms are positive.",
    ),
    hint="look for a combination in which the points cancel: both classes have the same count and the same sum.",
)


def _check_own_example(answer):
    """Exercise 2.2: the reader's own example (X, y, eta, w, b), worked by hand, must match algorithm 2.1."""
    from ..linear_model import Perceptron

    X, y, eta, w, b = answer
    X = np.asarray(X, dtype=float)
    y = np.asarray(y)
    if X.ndim != 2 or len(X) < 3:
        return False, "X should be a 2-D array with at least three points."
    if set(np.unique(y)) != {-1, 1}:
        return False, "y should hold the labels +1 and -1, both present."
    with warnings.catch_warnings():
        warnings.simplefilter("error", ConvergenceWarning)
        try:
            model = Perceptron(eta=eta).fit(X, y)
        except ConvergenceWarning:
            return False, "the perceptron does not converge on your data: are they linearly separable?"
    if model.n_updates_[0] < 3:
        return False, f"your example needs only {model.n_updates_[0]} update(s): pick data that take more."
    if np.allclose(model.coef_[0], w) and np.isclose(model.intercept_[0], b):
        return True, f"algorithm 2.1 also ends at w = {model.coef_[0].tolist()}, b = {model.intercept_[0]}."
    return False, "algorithm 2.1, visiting the points in order x1, x2, ... cyclically, ends elsewhere."


register(
    "lihang-2.2",
    predicate(_check_own_example),
    hint="redo the table step by step: at each step scan from where you stopped, and update on a point with "
    "y_i (w . x_i + b) <= 0 (a point on the line counts as misclassified).",
)

_XOR_POSITIVE = np.array([[0.0, 1.0], [1.0, 0.0]])
_XOR_NEGATIVE = np.array([[0.0, 0.0], [1.0, 1.0]])


def _check_common_point(answer):
    """Exercise 2.3 (computational half): convex weights putting one point in both hulls of the XOR classes."""
    lam_pos, lam_neg = (np.asarray(a, dtype=float) for a in answer)
    if lam_pos.shape != (2,) or lam_neg.shape != (2,):
        return False, "give two weights for the positive points and two for the negative points."
    for name, lam in (("positive", lam_pos), ("negative", lam_neg)):
        if np.any(lam < -1e-12) or not np.isclose(lam.sum(), 1.0):
            return False, f"the {name} weights must be non-negative and sum to 1."
    p, q = lam_pos @ _XOR_POSITIVE, lam_neg @ _XOR_NEGATIVE
    if np.allclose(p, q):
        return True, f"both hulls contain {p.tolist()}, so no line separates the classes."
    return False, f"your weights give {p.tolist()} in the positive hull but {q.tolist()} in the negative one."


register(
    "lihang-2.3",
    predicate(_check_common_point),
    hint="both diagonals of the unit square pass through its centre.",
)
