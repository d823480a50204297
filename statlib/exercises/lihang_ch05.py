"""Li Hang ch. 5 (decision trees): checkers for the numeric exercises 5.1 and 5.2.

The expected values are exact: the gain ratios are ratios of the entropies of the class and
value counts of Table 5.1 (log base 2), and the regression-tree values are means of Table 5.2.
"""

import numpy as np

from ._checkers import numeric, predicate
from ._registry import register

# Exercise 5.1, root: g_R(D, A_j) = g(D, A_j) / H_{A_j}(D), j = 1..4 (eq. 5.10).
_ROOT_RATIOS = [0.0830075 / 1.5849625, 0.3236502 / 0.9182958, 0.4199731 / 0.9709506, 0.3629896 / 1.5655962]
# Exercise 5.1, node D_2 (owns_house = no, 9 samples): g_R(D_2, A_1), g_R(D_2, A_2), g_R(D_2, A_4).
_D2_RATIOS = [0.2516292 / 1.5304931, 0.9182958 / 0.9182958, 0.4738514 / 1.3921472]

register(
    "lihang-5.1",
    numeric(_ROOT_RATIOS, atol=1e-3),
    hint="enter [g_R(D,A1), g_R(D,A2), g_R(D,A3), g_R(D,A4)] at the root. Divide each information gain of "
    "Example 5.2 by H_A(D), the entropy (in bits) of the value counts of that feature, e.g. "
    "H_A1(D) = H(5/15, 5/15, 5/15).",
    prompts=[
        "At the root: g_R(D, A1), age (3 decimals)",
        "g_R(D, A2), has a job",
        "g_R(D, A3), owns a house",
        "g_R(D, A4), credit rating",
    ],
)
register(
    "lihang-5.1b",
    numeric(_D2_RATIOS, atol=1e-3),
    hint="enter [g_R(D2,A1), g_R(D2,A2), g_R(D2,A4)] on D2, the 9 applicants without a house "
    "(IDs 1, 2, 3, 5, 6, 7, 13, 14, 15). H(D2) = H(3/9, 6/9); compute H_A(D2) from D2's value counts.",
    prompts=["On D2 (no house): g_R(D2, A1), age (3 decimals)", "g_R(D2, A2), has a job", "g_R(D2, A4), credit rating"],
)


def _first_split(answer):
    s, c1, c2 = (float(v) for v in np.asarray(answer, dtype=float).ravel())
    if not 5.0 <= s < 6.0:
        return False, "the split point is not right: compare the squared error (5.21) for s = 1, ..., 9."
    if not (abs(c1 - 5.06) < 5e-3 and abs(c2 - 8.176) < 5e-3):
        return False, "the split point is right, but c1 and c2 should be the means of y on each side (5.20)."
    return True, ""


register(
    "lihang-5.2",
    predicate(_first_split, success="that matches: R1 = {x <= 5} with c1 = 5.06, R2 = {x > 5} with c2 = 8.176."),
    hint="enter (s, c1, c2) for the root: R1 = {x <= s}, R2 = {x > s}, c_m the mean of y in R_m. Scan "
    "s = 1, ..., 9 and keep the s with the smallest total squared error (5.21).",
)
register(
    "lihang-5.2b",
    numeric([4.72, 5.57, 7.475, 8.6433333], atol=5e-3),
    hint="enter the four leaf values of the depth-2 tree, left to right (increasing x). Split each half of "
    "the root's partition again by (5.21): the left half {1..5} and the right half {6..10} separately.",
    prompts=["Depth-2 tree: the leaf value for x <= 3", "for 3 < x <= 5", "for 5 < x <= 7", "for x > 7"],
)
