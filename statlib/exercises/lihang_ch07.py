"""Li Hang ch. 7 (support vector machines): checkers for Exercises 7.2-7.4 (7.1 is a discussion)."""

import numpy as np

from ._checkers import numeric, predicate
from ._registry import register

# 7.1 compares the perceptron's dual with the SVM's: a discussion, with no value to check.

# 7.2: the maximum-margin hyperplane -x(1) + 2 x(2) - 2 = 0, support vectors x1, x3, x5.
register(
    "lihang-7.2",
    numeric([-1.0, 2.0, -2.0], atol=1e-4),
    hint="enter (w1, w2, b) scaled so that the support vectors have functional margin 1 (7.13)-(7.14). "
    "Three of the five points lie on the margin lines; two of them are negative-and-positive "
    "neighbours that fix the direction of w.",
    prompts=["w1 of the maximum-margin hyperplane (support vectors at functional margin 1)", "w2", "b"],
)

# 7.3: by strong duality the dual optimum equals the primal optimum of
# min 1/2 ||w||^2 + C sum xi_i^2 on the data of Exercise 7.2 with C = 1: 24/19 = 1.2631578...
register(
    "lihang-7.3",
    numeric(24.0 / 19.0, atol=1e-5),
    hint="the dual is the hard-margin dual with K replaced by K + I/(2C) and no upper bound on alpha "
    "(the xi_i >= 0 constraints are not active). Maximise it on the data of Exercise 7.2 with C = 1 "
    "and enter the maximum value of the dual objective.",
    prompts=["the optimal value of the dual (C = 1)"],
)


def _is_feature_map(phi):
    if not callable(phi):
        return False, "enter a function phi(x, p) returning a 1-D array."
    rng = np.random.default_rng(7)
    for p in (1, 2, 3):
        for _ in range(5):
            x, z = rng.normal(size=3), rng.normal(size=3)
            fx, fz = np.ravel(phi(x, p)), np.ravel(phi(z, p))
            if fx.shape != fz.shape:
                return False, f"phi(x, {p}) and phi(z, {p}) have different lengths."
            if not np.isclose(fx @ fz, (x @ z) ** p, rtol=1e-8, atol=1e-10):
                return False, f"phi(x, {p}) . phi(z, {p}) = {fx @ fz:.6g} but (x . z)^{p} = {(x @ z) ** p:.6g}."
    return True, ""


# 7.4: a feature map for (x . z)^p exists (the p-fold tensor power of x), which proves it is a kernel.
register(
    "lihang-7.4",
    predicate(_is_feature_map, success="phi(x) . phi(z) = (x . z)^p on random vectors, so (x . z)^p is a kernel."),
    hint="(x . z)^p = sum over all index tuples (i_1, ..., i_p) of x_{i_1} ... x_{i_p} z_{i_1} ... z_{i_p}; "
    "try np.kron applied p times.",
)
