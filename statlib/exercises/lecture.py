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


# ---------------------------------------------------------------------------------------------------------------
# lecture-2.1 to lecture-2.4: the second lecture chapter (dictionary learning, K-SVD and compressed sensing).
# ---------------------------------------------------------------------------------------------------------------

# lecture-2.1: A = [[1, 0, 1/sqrt 2], [0, 1, 1/sqrt 2]] has unit columns; the cosines are 0, 1/sqrt 2, 1/sqrt 2, so
# mu = 1/sqrt 2 and the uniqueness bound ||x||_0 < (1 + 1/mu) / 2 = (1 + sqrt 2) / 2 = 1.207 guarantees k = 1.
_MU = 1 / 2**0.5
assert 1 < (1 + 1 / _MU) / 2 < 2

register(
    "lecture-2.1",
    numeric([_MU, 1.0], atol=5e-4),
    hint="normalise the columns, take the largest |cosine| between two different columns, and find the largest "
    "integer k with k < (1 + 1/mu) / 2.",
    prompts=[
        "Mutual coherence of A = [[1, 0, 1/sqrt 2], [0, 1, 1/sqrt 2]]:",
        "The largest sparsity k for which (1 + 1/mu)/2 guarantees a unique sparsest solution:",
    ],
)

# lecture-2.2: E_k^R = [[3, 1], [1, 3]] = 4 u u^T + 2 v v^T with u = (1, 1)/sqrt 2, v = (1, -1)/sqrt 2: the new atom is
# d_k = u (first entry 1/sqrt 2), the new codes x_R^k = 4 u^T = (2 sqrt 2, 2 sqrt 2), the remaining error 2.
register(
    "lecture-2.2",
    numeric([1 / 2**0.5, 2 * 2**0.5, 2.0], atol=5e-4),
    hint="E_k^R is symmetric: its singular vectors are its eigenvectors (1, 1) and (1, -1); the remaining error "
    "||E_k^R - d_k x_R^k||_F is the second singular value.",
    prompts=[
        "K-SVD update for E_k^R = [[3, 1], [1, 3]]: first entry of the new atom d_k (made positive):",
        "First entry of the new codes x_R^k:",
        "The error ||E_k^R - d_k x_R^k||_F after the update:",
    ],
)

# lecture-2.3: with T_0 = 1 but a free coefficient, K-SVD codes each sample by the atom of largest |cosine| and sets
# the atom to the first singular vector of its users: a unit direction, not their mean (gain-shape vector
# quantisation). Only with the coefficients fixed to 1 does it become k-means.
register(
    "lecture-2.3",
    exact(False),
    hint="look at the norm of a K-SVD atom and at what the rank-one SVD of the users' residuals returns.",
    prompts=["K-SVD with T_0 = 1 (one atom per sample, coefficient free) returns the k-means centroids. True?"],
)

# lecture-2.4: for unit columns the Gram matrix of a pair is [[1, c], [c, 1]], eigenvalues 1 +- c, so
# delta_2 = max |c| = mu. For A = [[1, 0, 0.6], [0, 1, 0.8]] the cosines are 0, 0.6, 0.8: mu = delta_2 = 0.8.
register(
    "lecture-2.4",
    numeric([0.8, 0.8], atol=5e-4),
    hint="write the Gram matrix of two unit columns and find its eigenvalues; delta_2 is the largest deviation "
    "from 1 over all pairs.",
    prompts=["Mutual coherence of A = [[1, 0, 0.6], [0, 1, 0.8]]:", "Its restricted isometry constant delta_2:"],
)
