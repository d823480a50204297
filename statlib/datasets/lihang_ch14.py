"""Li Hang ch. 14 (clustering): the distance matrix of Example 14.1 and the five samples of Example 14.2.

Samples are rows (scikit-learn's orientation); the book writes Example 14.2's data as the columns
of a 2 x 5 matrix. Sample x_i of the book is row i - 1.
"""

import numpy as np
from sklearn.utils import Bunch

from ._registry import example


@example("lihang", "14.1")
def _example_14_1():
    return Bunch(
        distances=np.array(
            [
                [0.0, 7.0, 2.0, 9.0, 3.0],
                [7.0, 0.0, 5.0, 4.0, 6.0],
                [2.0, 5.0, 0.0, 8.0, 1.0],
                [9.0, 4.0, 8.0, 0.0, 5.0],
                [3.0, 6.0, 1.0, 5.0, 0.0],
            ]
        ),
        DESCR=(
            "Li Hang Example 14.1 (agglomerative clustering): the Euclidean distances d_ij between five samples, "
            "clustered with single linkage. The book merges {x3, x5} at 1, then x1 at 2, {x2, x4} at 4, and all "
            "five last (at 5, not printed)."
        ),
    )


@example("lihang", "14.2")
def _example_14_2():
    X = np.array([[0.0, 2.0], [0.0, 0.0], [1.0, 0.0], [5.0, 0.0], [5.0, 2.0]])
    return Bunch(
        X=X,
        init=X[[0, 1]].copy(),
        init_alternative=X[[0, 4]].copy(),
        DESCR=(
            "Li Hang Example 14.2 (k-means, k = 2): x1 = (0, 2), x2 = (0, 0), x3 = (1, 0), x4 = (5, 0), x5 = (5, 2), "
            "from the initial centres x1 and x2 (init); the book's answer is G1 = {x1, x5}, G2 = {x2, x3, x4}. "
            "Section 14.3.4 starts instead from x1 and x5 (init_alternative) and gets {x1, x2, x3}, {x4, x5}."
        ),
    )
