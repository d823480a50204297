"""The §12.1 exercise checkers (statlib/exercises/mlapp_ch12.py) agree with statlib and exact computations."""

import numpy as np

from statlib.decomposition import max_factors
from statlib.decomposition._factor_analysis import _em_step
from statlib.exercises import check


def test_exercise_12_1_one_em_step():
    W, psi = _em_step(np.array([[3.0, 1.0], [1.0, 2.0]]), np.array([[1.0], [1.0]]), np.ones(2))
    answer = [*W[:, 0], *psi]
    np.testing.assert_allclose(answer, [1.2, 0.9, 1.4, 1.1], atol=1e-12)
    assert check("mlapp-12.1", answer).correct
    assert not check("mlapp-12.1", [1.0, 1.0, 1.0, 1.0]).correct


def test_exercise_12_9_conditional_gaussian():
    W = np.array([[1.0], [2.0]])
    C = W @ W.T + np.eye(2)
    mean, var = C[1, 0] / C[0, 0] * 2.0, C[1, 1] - C[1, 0] ** 2 / C[0, 0]
    assert check("mlapp-12.9", [mean, var]).correct
    assert not check("mlapp-12.9", [4.0, 5.0]).correct


def test_exercise_12_11_and_companion():
    assert check("mlapp-12.11", [3, 2]).correct
    assert not check("mlapp-12.11", [1, 3]).correct
    assert check("companion-12.20", [max_factors(11), max_factors(13)]).correct
    assert not check("companion-12.20", [7, 8]).correct
