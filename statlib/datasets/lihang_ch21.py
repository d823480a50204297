"""Li Hang ch. 21 (PageRank): the directed graphs of Figs. 21.1-21.5 and Examples 21.1-21.4.

Graphs are adjacency matrices with rows as sources, ``adjacency[i, j] = 1`` for a link i -> j; nodes
A, B, C, D are 0, 1, 2, 3. The book's column-stochastic transition matrix M (Def. 21.2) is
``statlib.graph.transition_matrix(adjacency)``.
"""

import numpy as np
from sklearn.utils import Bunch

from ._registry import example

# Fig. 21.1: A -> B, C, D; B -> A, D; C -> A; D -> B, C.
_FIG_21_1 = np.array(
    [
        [0, 1, 1, 1],
        [1, 0, 0, 1],
        [1, 0, 0, 0],
        [0, 1, 1, 0],
    ]
)
# Fig. 21.3: Fig. 21.1 without C -> A (C is dangling).
_FIG_21_3 = np.array(
    [
        [0, 1, 1, 1],
        [1, 0, 0, 1],
        [0, 0, 0, 0],
        [0, 1, 1, 0],
    ]
)
# Fig. 21.4: Fig. 21.3 with a self-loop at C.
_FIG_21_4 = np.array(
    [
        [0, 1, 1, 1],
        [1, 0, 0, 1],
        [0, 0, 1, 0],
        [0, 1, 1, 0],
    ]
)
# Fig. 21.5: A -> B, C; B -> C; C -> A.
_FIG_21_5 = np.array(
    [
        [0, 1, 1],
        [0, 0, 1],
        [1, 0, 0],
    ]
)
# Fig. 21.2: the periodic 3-cycle A -> B -> C -> A.
_FIG_21_2 = np.array(
    [
        [0, 1, 0],
        [0, 0, 1],
        [1, 0, 0],
    ]
)
_ABCD = ["A", "B", "C", "D"]


@example("lihang", "21.1")
def _example_21_1():
    return Bunch(
        adjacency=_FIG_21_1.copy(),
        nodes=list(_ABCD),
        damping=1.0,
        start=np.full(4, 0.25),
        DESCR=(
            "Li Hang Example 21.1 (basic PageRank) on the strongly connected, aperiodic graph of Fig. 21.1: "
            "A -> B, C, D; B -> A, D; C -> A; D -> B, C. From R_0 = (1/4, 1/4, 1/4, 1/4) the book prints "
            "R_1 = (9/24, 5/24, 5/24, 5/24), R_2 = (15/48, 11/48, 11/48, 11/48), R_3 = (11/32, 7/32, 7/32, 7/32) "
            "and the limit R = (3/9, 2/9, 2/9, 2/9)."
        ),
    )


@example("lihang", "21.2")
def _example_21_2():
    return Bunch(
        adjacency=_FIG_21_3.copy(),
        nodes=list(_ABCD),
        damping=1.0,
        start=np.full(4, 0.25),
        DESCR=(
            "Li Hang Example 21.2 (Fig. 21.3): Fig. 21.1 without the link C -> A, so C is a dangling node and "
            "column C of M is zero. The iterates M^t R_0 printed by the book, (3/24, 5/24, 5/24, 5/24), "
            "(5/48, 7/48, 7/48, 7/48), (21/288, 31/288, 31/288, 31/288), ..., tend to (0, 0, 0, 0): the basic "
            "PageRank does not exist."
        ),
    )


@example("lihang", "21.3")
def _example_21_3():
    return Bunch(
        adjacency=_FIG_21_4.copy(),
        nodes=list(_ABCD),
        damping=0.8,
        start=np.full(4, 0.25),
        DESCR=(
            "Li Hang Example 21.3 (general PageRank, d = 0.8) on Fig. 21.4: Fig. 21.3 with a self-loop at C, "
            "C's only out-link. The book prints R_1 = (9/60, 13/60, 25/60, 13/60), R_2 = (41/300, 53/300, "
            "153/300, 53/300), R_3 = (543/4500, 707/4500, 2543/4500, 707/4500) and the limit "
            "R = (15/148, 19/148, 95/148, 19/148)."
        ),
    )


@example("lihang", "21.4")
def _example_21_4():
    return Bunch(
        adjacency=_FIG_21_5.copy(),
        nodes=["A", "B", "C"],
        damping=0.85,
        start=np.ones(3),
        DESCR=(
            "Li Hang Example 21.4 (power method, Algorithm 21.2, d = 0.85) on Fig. 21.5: A -> B, C; B -> C; "
            "C -> A. From x_0 = (1, 1, 1) the book prints x_1 = (0.7018, 0.4035, 1), x_2 = (1, 0.4224, "
            "0.7814), x_3 = (0.8659, 0.5985, 1), x_4 = (0.9732, 0.4912, 1), x_5 = (1, 0.5516, 0.9807), "
            "x_6 = (0.9409, 0.5405, 1), ..., R = (0.9756, 0.5406, 1), normalised (0.3877, 0.2149, 0.3974). "
            "The exact answer is (0.387790, 0.214811, 0.397400)."
        ),
    )


@example("lihang", "figure-21.2")
def _figure_21_2():
    return Bunch(
        adjacency=_FIG_21_2.copy(),
        nodes=["A", "B", "C"],
        DESCR="Li Hang Fig. 21.2: the periodic directed graph A -> B -> C -> A (every return to A takes 3k steps).",
    )
