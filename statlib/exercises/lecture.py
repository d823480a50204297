"""Lecture "Feature selection and sparse learning": exercises of our own, lecture-1.1 to lecture-1.6.

The slides have no exercises; these test the chapter's main computations.
"""

from fractions import Fraction
from math import comb

from ._checkers import exact, numeric
from ._registry import register

# lecture-1.1: the size of the search space for D = 30 features: C(30, 5) subsets of five, 2^30 in all.
_SUBSETS = [float(comb(30, 5)), float(2**30)]
assert _SUBSETS == [142506.0, 1073741824.0]  # 30*29*28*27*26 / 120 by hand

register(
    "lecture-1.1",
    numeric(_SUBSETS, atol=0.5),
    hint="a subset of d features out of D is a combination: D! / ((D - d)! d!); every feature is in or out: 2^D.",
    prompts=[
        "How many subsets of exactly 5 features can be formed from 30 features?",
        "How many subsets of any size (the empty one included) can be formed from 30 features?",
    ],
)

# lecture-1.2: Relief on x1 = (0, 0), x2 = (1, 3) of class 0 and x3 = (4, 1), x4 = (5, 4) of class 1, features
# scaled by their ranges 5 and 4. Hits / misses: x1 -> x2 / x3, x2 -> x1 / x3, x3 -> x4 / x2, x4 -> x3 / x2, so
# delta = (736/400, -650/400) summed over the four samples, (0.46, -0.40625) per sample.
_RELIEF = [float(Fraction(736, 1600)), float(Fraction(-650, 1600))]
assert _RELIEF == [0.46, -0.40625]

register(
    "lecture-1.2",
    numeric(_RELIEF, atol=5e-4),
    hint="scale each feature to [0, 1] by its range, find each sample's nearest hit and nearest miss by the "
    "Euclidean distance on the scaled features, and add -diff(hit)^2 + diff(miss)^2 per feature; divide by 4.",
    prompts=["Relief weight of feature 1 (mean over the 4 samples):", "Relief weight of feature 2:"],
)

# lecture-1.3: X = (0, 2 | 4, 6) on one feature: class means 1 and 5, m = 3, S_w = 1, S_b = 4.
register(
    "lecture-1.3",
    numeric([4.0, 5.0, 4.0], atol=1e-6),
    hint="S_w = sum_i P_i (1/n_i) sum_k (x - m_i)^2 and S_b = sum_i P_i (m_i - m)^2 with P_i = 1/2; then "
    "J_2 = S_b / S_w, J_d = S_w + S_b, J_3 = S_b / S_w as well in one dimension.",
    prompts=[
        "For the samples 0, 2 (class 1) and 4, 6 (class 2): J_2 = tr(S_w^-1 S_b) =",
        "J_d = tr(S_w + S_b) =",
        "J_3 = tr S_b / tr S_w =",
    ],
)

# lecture-1.4: J_3 = tr S_b / tr S_w is not monotone: a pure-noise feature adds to tr S_w and nothing to tr S_b.
register(
    "lecture-1.4",
    exact(False),
    hint="add a feature on which both classes have the same mean but a large spread: what happens to tr S_b "
    "and to tr S_w?",
    prompts=["Is J_3 = tr S_b / tr S_w a monotone criterion (never smaller after a feature is added)?"],
)

# lecture-1.5: branch and bound choosing 2 of 5 features: depth d - k = 3, one leaf per 2-subset, C(5, 2) = 10.
register(
    "lecture-1.5",
    numeric([3.0, 10.0], atol=0.5),
    hint="each level removes one feature; every subset of the target size is reachable exactly once.",
    prompts=[
        "Branch and bound choosing 2 of 5 features: the depth of the tree (levels below the root)?",
        "The number of leaves of the full tree (before pruning)?",
    ],
)

# lecture-1.6: orthonormal design X^T X = I, objective (1/N)||y - X b||^2 + lambda ||b||_1. Per coordinate
# (1/N)(b - b_ols)^2 + lambda |b| is minimised by soft thresholding at N lambda / 2: with b_ols = 3, N = 10,
# lambda = 0.4 the threshold is 2 and b = 1 (the slide's threshold N lambda would give 0).
_LASSO = 3.0 - 10 * 0.4 / 2
assert _LASSO == 1.0

register(
    "lecture-1.6",
    numeric([_LASSO], atol=1e-6),
    hint="with X^T X = I, ||y - X b||^2 = ||b - b_ols||^2 + const; set the subgradient of "
    "(1/N)(b - b_ols)^2 + lambda |b| to zero.",
    prompts=["Orthonormal design, N = 10, lambda = 0.4, OLS coefficient 3: the lasso coefficient is"],
)
