"""Li Hang ch. 14 (clustering): exercises 14.1-14.4.

Samples in the answers use the book's 1-based names (x_1, ..., x_5 -> 1, ..., 5).
"""

from math import comb

from ._checkers import exact, numeric, predicate
from ._registry import register


def _stirling2(n, k):
    """S(n, k), the number of partitions of n labelled samples into k non-empty clusters (corrected (14.21))."""
    from math import factorial

    return sum((-1) ** (k - l) * comb(k, l) * l**n for l in range(k + 1)) // factorial(k)


# Exercise 14.1: the first split of a divisive algorithm on the distance matrix of Example 14.1. The farthest pair
# is x1, x4 (d_14 = 9); x2 is nearer x4 (4 < 7), x3 nearer x1 (2 < 8), x5 nearer x1 (3 < 5).
def _split_14_1(answer):
    try:
        group = sorted(int(i) for i in answer)
    except (TypeError, ValueError):
        return False, "give the samples of one group as a list of book indices, e.g. [1, 2]."
    if group in ([1, 3, 5], [2, 4]):
        return True, ""
    if group in ([0, 2, 4], [1, 3]):
        return False, "those look like 0-based indices; name the samples as the book does, 1 to 5."
    return False, (
        "not the split the rule of the solution gives; check which two samples the split starts "
        "from and where each other sample goes."
    )


register(
    "lihang-14.1",
    predicate(_split_14_1, success="that matches: the first split is {x1, x3, x5} | {x2, x4}, the top of Figure 14.2."),
    hint="a divisive step needs a rule for splitting one cluster in two; a natural one seeds the two halves "
    "with the samples that are least alike.",
)

register(
    "lihang-14.2",
    exact(False),
    hint="Definition 14.6 asks only for one close neighbour per sample: a chain x1, x2, x3 with consecutive "
    "distances T has d_13 up to 2T.",
    prompts=["Does Definition 14.6 (every sample has a neighbour within T) imply Definition 14.5 with the same T?"],
)

_S_14_3 = [float(_stirling2(5, 2)), float(_stirling2(10, 3))]
assert _S_14_3 == [2.0**4 - 1, (3.0**10 - 3 * 2.0**10 + 3) / 6]  # by hand: 15 and 9330

register(
    "lihang-14.3",
    numeric(_S_14_3, atol=0.5),
    hint="use S(n, k) = (1/k!) sum_{l=0}^{k} (-1)^(k-l) C(k, l) l^n (the book prints k^n in place of l^n); "
    "for k = 2 it is 2^(n-1) - 1.",
    prompts=[
        "S(5, 2), the number of ways to split 5 samples into 2 clusters:",
        "S(10, 3), the number of ways to split 10 samples into 3 clusters:",
    ],
)

register(
    "lihang-14.4",
    exact(True),
    hint="write the E-step responsibilities for equal weights and covariances sigma^2 I, and let sigma^2 -> 0.",
    prompts=[
        "True or false: k-means is the limit of EM for a Gaussian mixture with equal weights and shared "
        "covariance σ²I, as σ² → 0."
    ],
)
