"""Li Hang ch. 4 (naive Bayes): Table 4.1, the data of Examples 4.1 and 4.2."""

import numpy as np
from sklearn.utils import Bunch

from ._registry import example


def _table_4_1():
    x1 = [1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3]
    x2 = ["S", "M", "M", "S", "S", "S", "M", "M", "L", "L", "L", "M", "M", "L", "L"]
    y = [-1, -1, 1, 1, -1, -1, -1, 1, 1, 1, 1, 1, 1, 1, -1]
    X = np.empty((15, 2), dtype=object)
    X[:, 0], X[:, 1] = x1, x2
    return X, np.array(y)


@example("lihang", "4.1")
def _example_4_1():
    X, y = _table_4_1()
    return Bunch(
        X=X,
        y=y,
        x=np.array([2, "S"], dtype=object),
        categories=[np.array([1, 2, 3], dtype=object), np.array(["S", "M", "L"], dtype=object)],
        feature_names=["X(1)", "X(2)"],
        DESCR="Li Hang Table 4.1 (Example 4.1): 15 training points, X(1) in A1={1,2,3}, X(2) in A2={S,M,L}, "
        "Y in {1,-1}; classify x=(2,S) with maximum-likelihood estimates. Book: P(Y=1)=9/15, scores "
        "1/45 (Y=1) and 1/15 (Y=-1), so y=-1.",
    )


@example("lihang", "4.2")
def _example_4_2():
    data = _example_4_1()
    data.DESCR = (
        "Li Hang Example 4.2: Table 4.1 again, with Laplace smoothing (lambda=1). Book: P(Y=1)=10/17, "
        "scores 5/153=0.0327 (Y=1) and 28/459=0.0610 (Y=-1), so y=-1."
    )
    return data
