"""Li Hang ch. 10 (hidden Markov models): the models and observation sequences of Examples 10.1-10.3.

Symbols and states are 0-based: red (红) = 0, white (白) = 1; box q_i of the book is state i - 1.
"""

import numpy as np
from sklearn.utils import Bunch

from ._registry import example

_SYMBOLS = ["red", "white"]


@example("lihang", "10.1")
def _example_10_1():
    return Bunch(
        startprob=np.full(4, 0.25),
        transmat=np.array(
            [
                [0.0, 1.0, 0.0, 0.0],
                [0.4, 0.0, 0.6, 0.0],
                [0.0, 0.4, 0.0, 0.6],
                [0.0, 0.0, 0.5, 0.5],
            ]
        ),
        emissionprob=np.array([[0.5, 0.5], [0.3, 0.7], [0.6, 0.4], [0.8, 0.2]]),
        balls=np.array([[5, 5], [3, 7], [6, 4], [8, 2]]),
        obs=np.array([0, 0, 1, 1, 0]),
        symbols=_SYMBOLS,
        states=["box 1", "box 2", "box 3", "box 4"],
        DESCR=(
            "Li Hang Example 10.1 (box-and-ball model): four boxes with (red, white) balls (5,5), (3,7), (6,4), "
            "(8,2) (Table 10.1); start uniformly; box 1 -> box 2; boxes 2, 3 move left w.p. 0.4, right w.p. 0.6; "
            "box 4 stays or moves to box 3 w.p. 0.5 each. Observed O = (red, red, white, white, red)."
        ),
    )


def _three_box_model():
    return dict(
        startprob=np.array([0.2, 0.4, 0.4]),
        transmat=np.array([[0.5, 0.2, 0.3], [0.3, 0.5, 0.2], [0.2, 0.3, 0.5]]),
        emissionprob=np.array([[0.5, 0.5], [0.4, 0.6], [0.7, 0.3]]),
        obs=np.array([0, 1, 0]),
        symbols=_SYMBOLS,
        states=["box 1", "box 2", "box 3"],
    )


@example("lihang", "10.2")
def _example_10_2():
    return Bunch(
        **_three_box_model(),
        DESCR="Li Hang Example 10.2 (forward algorithm): three boxes, O = (red, white, red); the book prints "
        "alpha_1..alpha_3 and P(O | lambda) = 0.13022.",
    )


@example("lihang", "10.3")
def _example_10_3():
    return Bunch(
        **_three_box_model(),
        DESCR="Li Hang Example 10.3 (Viterbi): the model and O of Example 10.2; the book prints delta, Psi, "
        "P* = 0.0147 and I* = (3, 3, 3).",
    )
