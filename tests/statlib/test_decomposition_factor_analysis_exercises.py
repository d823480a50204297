"""The §12.1 exercise checkers (statlib/exercises/mlapp_ch12.py) agree with statlib and exact computations."""

import numpy as np
from sklearn import decomposition as skd

from statlib.decomposition import FactorAnalysis, max_factors
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
    assert check("mlapp-12.11", [3.0, 2.0]).correct
    assert not check("mlapp-12.11", [1, 3]).correct
    assert check("companion-12.20", [max_factors(11), max_factors(13)]).correct
    assert not check("companion-12.20", [7, 8]).correct


def test_integer_answers_refuse_halves():
    # a variable index, a count and a floor are integers: answers half-way between two of them are wrong
    for answer in ([2.5, 2.5], [3.49, 1.5], [3.5, 2.0], [3.0, 2.5]):
        assert not check("mlapp-12.11", answer).correct
    for answer in ([6.5, 8.5], [5.5, 7.5], [6.0, 8.5]):
        assert not check("companion-12.20", answer).correct


def test_exercise_12_11_the_converged_fit_and_an_early_stop():
    # the data of the exercise; statlib's default converges, and gives the expected answer
    rng = np.random.default_rng(0)
    Z = rng.normal(size=(200, 3))
    X = np.column_stack([Z[:, 0], Z[:, 0] + 0.001 * Z[:, 1], 10 * Z[:, 2]])
    fa = FactorAnalysis(1, tol=1e-6).fit(X)
    share = fa.components_[0] ** 2 / np.diag(fa.get_covariance())
    assert fa.n_iter_ < 50 and int(np.sum(share > 0.99)) == 2 and share[2] < 0.01
    # scikit-learn at its default tol = 1e-2 stops after 3 steps with the factor along x3: the hint's case
    early = skd.FactorAnalysis(1).fit(X)
    share_early = early.components_[0] ** 2 / np.diag(early.get_covariance())
    assert early.n_iter_ == 3 and share_early[2] > 0.9 and early.score(X) < fa.score(X) - 1
