"""Li Hang ch. 9 (EM): the data of Example 9.1 and of Exercise 9.3."""

import numpy as np
from sklearn.utils import Bunch

from ._registry import example


@example("lihang", "9.1")
def _example_9_1():
    return Bunch(
        y=np.array([1, 1, 0, 1, 0, 0, 1, 0, 1, 1]),
        starts=[(0.5, 0.5, 0.5), (0.4, 0.6, 0.7)],
        book_estimates=[(0.5, 0.6, 0.6), (0.4064, 0.5368, 0.6432)],
        DESCR=(
            "Li Hang Example 9.1 (three-coin model): ten tosses of the chosen coin, 1 = heads. The book "
            "starts EM from (pi, p, q) = (0.5, 0.5, 0.5) and from (0.4, 0.6, 0.7) and prints the "
            "estimates (0.5, 0.6, 0.6) and (0.4064, 0.5368, 0.6432)."
        ),
    )


@example("lihang", "9.3")
def _exercise_9_3():
    return Bunch(
        y=np.array([-67, -48, 6, 8, 14, 16, 23, 24, 28, 29, 41, 49, 56, 60, 75], dtype=float),
        DESCR="Li Hang Exercise 9.3: fifteen observations for a two-component Gaussian mixture "
        "(no starting point given).",
    )
