"""Li Hang ch. 21 exercise checkers: the expected answers, verified independently of statlib.graph."""

from fractions import Fraction as F

import numpy as np

from statlib.exercises import check

M_21_5 = np.array([[0, 0, 1], [0.5, 0, 0], [0.5, 1, 0]])
M_21_1 = np.array([[0, 1 / 2, 1, 0], [1 / 3, 0, 0, 1 / 2], [1 / 3, 0, 0, 1 / 2], [1 / 3, 1 / 2, 0, 0]])


def test_21_1_column_of_m_squared():
    assert check("lihang-21.1", (M_21_5 @ M_21_5)[:, 0])
    np.testing.assert_allclose((M_21_5 @ M_21_5).sum(axis=0), 1.0)
    assert not check("lihang-21.1", M_21_5[:, 0])


def test_21_2_limit_from_any_start():
    rng = np.random.default_rng(0)
    R = rng.random(4)
    R /= R.sum()
    for _ in range(300):
        R = M_21_1 @ R
    assert check("lihang-21.2", R)
    assert check("lihang-21.2", [float(F(1, 3)), float(F(2, 9)), float(F(2, 9)), float(F(2, 9))])
    assert not check("lihang-21.2", [0.25] * 4)


def test_21_3_every_entry_positive():
    assert check("lihang-21.3", True)
    assert not check("lihang-21.3", False)


def test_21_4_eigenvalues():
    lam = np.linalg.eigvals(M_21_5)
    moduli = np.sort(np.abs(lam))[::-1]
    assert check("lihang-21.4", [moduli[0], moduli[1]])
    np.testing.assert_allclose(moduli[1], moduli[2])
    assert not check("lihang-21.4", [1.0, 0.5])
