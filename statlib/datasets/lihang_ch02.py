"""Li Hang ch. 2 (perceptron): the data of Examples 2.1 and 2.2."""

import numpy as np
from sklearn.utils import Bunch

from ._registry import example


@example("lihang", "2.1")
def _example_2_1():
    return Bunch(
        X=np.array([[3.0, 3.0], [4.0, 3.0], [1.0, 1.0]]),
        y=np.array([1, 1, -1]),
        names=["x1", "x2", "x3"],
        DESCR="Li Hang Example 2.1: positive points x1=(3,3), x2=(4,3); negative point x3=(1,1); eta=1.",
    )


@example("lihang", "2.2")
def _example_2_2():
    data = _example_2_1()
    data.DESCR = "Li Hang Example 2.2: the data of Example 2.1, learned in dual form (eta=1)."
    return data
