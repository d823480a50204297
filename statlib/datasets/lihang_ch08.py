"""Li Hang ch. 8 (boosting): the data of Examples 8.1 and 8.2 and of Exercise 8.1."""

import numpy as np
from sklearn.utils import Bunch

from ._registry import example


@example("lihang", "8.1")
def _example_8_1():
    return Bunch(
        X=np.arange(10.0).reshape(-1, 1),
        y=np.array([1, 1, 1, -1, -1, -1, 1, 1, 1, -1]),
        DESCR="Li Hang Example 8.1 (Table 8.1): ten points x = 0..9 on a line, labels +1/-1; "
        "AdaBoost with threshold classifiers x < v or x > v.",
    )


@example("lihang", "8.2")
def _example_8_2():
    return Bunch(
        X=np.arange(1.0, 11.0).reshape(-1, 1),
        y=np.array([5.56, 5.70, 5.91, 6.40, 6.80, 7.05, 8.90, 8.70, 9.00, 9.05]),
        DESCR="Li Hang Example 8.2 (Table 8.2): x = 1..10, y in [5, 10]; a boosting tree for regression with stumps.",
    )


@example("lihang", "exercise-8.1")
def _exercise_8_1():
    return Bunch(
        X=np.array(
            [
                [0, 1, 3],
                [0, 3, 1],
                [1, 2, 2],
                [1, 1, 3],
                [1, 2, 3],
                [0, 1, 2],
                [1, 1, 2],
                [1, 1, 1],
                [1, 3, 1],
                [0, 2, 1],
            ],
            dtype=float,
        ),
        y=np.array([-1, -1, -1, -1, -1, -1, 1, 1, -1, -1]),
        feature_names=["physical", "skill", "potential"],
        feature_names_zh=["身体", "业务能力", "发展潜力"],
        DESCR="Li Hang Exercise 8.1 (Table 8.5): ten applicants; physical (1 pass, 0 fail), skill and "
        "potential (1 high, 2 middle, 3 low); label 1 qualified, -1 not qualified.",
    )
