"""Li Hang ch. 6 (logistic regression and maximum entropy): the data of Examples 6.1 and 6.2."""

import numpy as np
from sklearn.utils import Bunch

from ._registry import example

_VALUES = ["A", "B", "C", "D", "E"]


@example("lihang", "6.1")
def _example_6_1():
    ones = [1.0, 1.0, 1.0, 1.0, 1.0]
    ab = [1.0, 1.0, 0.0, 0.0, 0.0]
    ac = [1.0, 0.0, 1.0, 0.0, 0.0]
    return Bunch(
        outcomes=list(_VALUES),
        # Each case: linear constraints A p = b on p = (P(A), ..., P(E)).
        cases=[
            Bunch(A=np.array([ones]), b=np.array([1.0])),
            Bunch(A=np.array([ab, ones]), b=np.array([0.3, 1.0])),
            Bunch(A=np.array([ac, ab, ones]), b=np.array([0.5, 0.3, 1.0])),
        ],
        # The book's answers; it leaves the third case unsolved.
        book_answers=[np.full(5, 1 / 5), np.array([3 / 20, 3 / 20, 7 / 30, 7 / 30, 7 / 30]), None],
        DESCR="Li Hang Example 6.1: X takes values A..E; constraints sum P = 1, then P(A)+P(B) = 3/10, then "
        "P(A)+P(C) = 1/2. The book gives 1/5 each, then 3/20, 3/20, 7/30, 7/30, 7/30, and does not solve "
        "the third case.",
    )


@example("lihang", "6.2")
def _example_6_2():
    data = _example_6_1()
    return Bunch(
        outcomes=["y1", "y2", "y3", "y4", "y5"],
        A=data.cases[1].A,
        b=data.cases[1].b,
        book_answer=data.book_answers[1],
        DESCR="Li Hang Example 6.2: the second case of Example 6.1 (P(y1)+P(y2) = 3/10, sum = 1) solved through "
        "the dual; the book's answer is P(y1) = P(y2) = 3/20, P(y3) = P(y4) = P(y5) = 7/30.",
    )
