"""Li Hang ch. 9: the data of Example 9.1 and Exercise 9.3, and the checker of Exercise 9.4 (derived here by hand,
in exact arithmetic; Exercises 9.1-9.3 are tested with their estimators)."""

from fractions import Fraction

import numpy as np

from statlib.datasets import list_examples, load_example
from statlib.exercises import check, exercise_ids

# Li Hang Table 4.1, inputs only.
X1 = [1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3]
X2 = "SMMSSSMMLLLMMLL"


def test_registered():
    assert {"lihang-9.1", "lihang-9.2", "lihang-9.3", "lihang-9.4"} <= set(exercise_ids())
    assert {("lihang", "9.1"), ("lihang", "9.3")} <= set(list_examples("lihang"))
    np.testing.assert_array_equal(
        load_example("lihang", "9.3").y, [-67, -48, 6, 8, 14, 16, 23, 24, 28, 29, 41, 49, 56, 60, 75]
    )


def test_exercise_9_4_one_em_step_of_unsupervised_naive_bayes():
    prior = Fraction(1, 2)
    p1 = {1: Fraction(5, 10), 2: Fraction(3, 10), 3: Fraction(2, 10)}
    p1_other = {1: Fraction(2, 10), 2: Fraction(3, 10), 3: Fraction(5, 10)}
    p2 = {"S": Fraction(5, 10), "M": Fraction(3, 10), "L": Fraction(2, 10)}
    p2_other = {"S": Fraction(2, 10), "M": Fraction(3, 10), "L": Fraction(5, 10)}
    # E-step: posterior of class 1 for each sample; M-step: expected counts.
    w = [
        prior * p1[a] * p2[b] / (prior * p1[a] * p2[b] + (1 - prior) * p1_other[a] * p2_other[b])
        for a, b in zip(X1, X2)
    ]
    mass = sum(w)
    answer = (
        mass / 15,
        sum(wi for wi, a in zip(w, X1) if a == 1) / mass,
        sum(wi for wi, b in zip(w, X2) if b == "S") / mass,
    )
    assert w[0] == Fraction(25, 29)  # the sample (1, S)
    assert answer == (Fraction(17, 35), Fraction(815, 1479), Fraction(670, 1479))
    assert check("lihang-9.4", [round(float(v), 4) for v in answer]).correct
    assert not check("lihang-9.4", [0.5, 0.5, 0.5]).correct
    assert not check("lihang-9.4", [0.5, 0.5]).correct


def test_checkers_reject_malformed_answers():
    assert not check("lihang-9.3", [1.0, 2.0]).correct
    assert not check("lihang-9.3", "five numbers").correct
    assert not check("lihang-9.1", None).correct
