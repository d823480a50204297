"""Li Hang ch. 7 (support vector machines): the data of Examples 7.1 and 7.2 and of Exercise 7.2."""

import numpy as np
from sklearn.utils import Bunch

from ._registry import example


@example("lihang", "7.1")
def _example_7_1():
    return Bunch(
        X=np.array([[3.0, 3.0], [4.0, 3.0], [1.0, 1.0]]),
        y=np.array([1, 1, -1]),
        names=["x1", "x2", "x3"],
        DESCR="Li Hang Example 7.1 (the data of Example 2.1): positive points x1=(3,3), x2=(4,3); "
        "negative point x3=(1,1). The maximum-margin hyperplane is found from the primal QP (algorithm 7.1).",
    )


@example("lihang", "7.2")
def _example_7_2():
    data = _example_7_1()
    data.DESCR = "Li Hang Example 7.2: the data of Example 7.1, learned from the dual QP (algorithm 7.2)."
    return data


@example("lihang", "exercise-7.2")
def _exercise_7_2():
    return Bunch(
        X=np.array([[1.0, 2.0], [2.0, 3.0], [3.0, 3.0], [2.0, 1.0], [3.0, 2.0]]),
        y=np.array([1, 1, 1, -1, -1]),
        names=["x1", "x2", "x3", "x4", "x5"],
        DESCR="Li Hang Exercise 7.2: positive points x1=(1,2), x2=(2,3), x3=(3,3); negative points x4=(2,1), x5=(3,2).",
    )
