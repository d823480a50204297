"""Li Hang ch. 3 (k-nearest neighbour): the data of Examples 3.1-3.3."""

import numpy as np
from sklearn.utils import Bunch

from ._registry import example


@example("lihang", "3.1")
def _example_3_1():
    return Bunch(
        X=np.array([[1.0, 1.0], [5.0, 1.0], [4.0, 4.0]]),
        names=["x1", "x2", "x3"],
        DESCR="Li Hang Example 3.1: x1=(1,1), x2=(5,1), x3=(4,4); the nearest neighbour of x1 under L_p for "
        "several p. Book: L_p(x1,x2)=4 for all p; L1(x1,x3)=6, L2=4.24, L3=3.78, L4=3.57.",
    )


@example("lihang", "3.2")
def _example_3_2():
    return Bunch(
        X=np.array([[2.0, 3.0], [5.0, 4.0], [9.0, 6.0], [4.0, 7.0], [8.0, 1.0], [7.0, 2.0]]),
        DESCR="Li Hang Example 3.2: T = {(2,3), (5,4), (9,6), (4,7), (8,1), (7,2)}, the data of the balanced kd "
        "tree of Figs 3.3-3.4 (root (7,2) splitting x(1); children (5,4) and (9,6) splitting x(2)). "
        "Exercise 3.2 searches this tree for the nearest neighbour of (3, 4.5).",
    )


@example("lihang", "3.3")
def _example_3_3():
    return Bunch(
        X=np.array([[6.0, 5.0], [9.0, 6.0], [2.0, 4.5], [8.0, 1.5], [7.5, 8.5], [5.6, 2.4], [3.5, 8.0]]),
        names=["A", "B", "C", "D", "F", "E", "G"],
        target_point=np.array([6.8, 2.2]),
        DESCR="Li Hang Example 3.3 (Fig. 3.5): the book prints no coordinates, so these seven points and the "
        "target S=(6.8, 2.2) are ours, chosen so that algorithms 3.2-3.3 reproduce the book's story: root "
        "A with children B and C; S falls in leaf D; the region of B's other child F misses the circle "
        "around S through D; the region of C meets it, and E there is the nearest neighbour. The seventh "
        "point G (C's other child) is unnamed in the book.",
    )
