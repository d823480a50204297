"""The answers of the exercises for PRML section 7.1, companion-7.1 to companion-7.6 and PRML's Exercise 7.5
(statlib/exercises/prml_ch07.py), recomputed independently."""

import itertools

import numpy as np
from scipy.optimize import linprog
from sklearn import svm as sk_svm

from statlib.exercises import check
from statlib.svm import SVR
from statlib.viz.svm import FIGURE_DATA


def test_companion_7_1_and_7_2_hard_margin_by_libsvm():
    X = np.array([[1.0, 1.0], [3.0, 3.0]])
    t = np.array([1, -1])
    m = sk_svm.SVC(kernel="linear", C=1e8, tol=1e-10).fit(X, t)
    w, b = m.coef_[0], m.intercept_[0]
    np.testing.assert_allclose(w, [-0.5, -0.5], atol=1e-6)
    np.testing.assert_allclose(b, 2.0, atol=1e-6)
    assert check("companion-7.1", [w[0], w[1], b])
    assert not check("companion-7.1", [0.5, 0.5, -2.0])
    assert check("companion-7.2", [1 / np.linalg.norm(w), np.abs(m.dual_coef_).sum()])
    assert not check("companion-7.2", [2 * np.sqrt(2), 0.5])


def test_companion_7_3_losses():
    assert check("companion-7.3", [max(0.0, 1 - 0.5), np.log(1 + np.exp(-0.5)) / np.log(2)])
    assert not check("companion-7.3", [0.5, np.log(1 + np.exp(-0.5))])


def test_companion_7_4_linear_svr():
    x = np.linspace(0.0, 1.0, 11)[:, None]
    m = sk_svm.SVR(kernel="linear", C=100.0, epsilon=0.5, tol=1e-10).fit(x, 2 * x.ravel() + 1)
    assert check("companion-7.4", [m.coef_[0, 0], m.intercept_[0]])
    ours = SVR(kernel="linear", C=100.0, epsilon=0.5, tol=1e-10).fit(x, 2 * x.ravel() + 1)
    assert check("companion-7.4", [ours.coef_[0, 0], ours.intercept_[0]])
    assert not check("companion-7.4", [2.0, 1.0])


def test_companion_7_5_counts():
    assert check("companion-7.5", [10, len(list(itertools.combinations(range(10), 2)))])
    assert not check("companion-7.5", [10, 90])


def test_companion_7_6_labellings_by_linear_feasibility():
    square = np.array([[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0]])
    realised = 0
    for labels in itertools.product([-1.0, 1.0], repeat=4):
        # is there (w, b) with t_n (w.x_n + b) >= 1 for all n?  A linear feasibility problem.
        A = -np.array(labels)[:, None] * np.hstack([square, np.ones((4, 1))])
        res = linprog(np.zeros(3), A_ub=A, b_ub=-np.ones(4), bounds=[(None, None)] * 3)
        realised += res.status == 0
    assert realised == 14
    # the answer is one number, typed as the notebook's prompt asks
    assert check("companion-7.6", 14)
    assert check("companion-7.6", int(realised))
    for wrong in [16, 13, 15]:
        assert not check("companion-7.6", wrong)


def _dual_value_by_libsvm(X, t):
    """The hard-margin dual value sum_n a_n - ||w||^2 / 2 at libsvm's optimum, and the margin 1 / ||w||."""
    m = sk_svm.SVC(kernel="linear", C=1e8, tol=1e-10).fit(X, t)
    w = m.coef_[0]
    return np.abs(m.dual_coef_).sum() - 0.5 * w @ w, 1 / np.linalg.norm(w)


def test_prml_7_5_dual_value_is_half_of_one_over_rho_squared():
    two_points = _dual_value_by_libsvm(np.array([[1.0, 1.0], [3.0, 3.0]]), np.array([1, -1]))
    twelve_points = _dual_value_by_libsvm(FIGURE_DATA["X"], FIGURE_DATA["y"])
    # PRML Exercise 7.5: 1 / rho^2 = 2 L~(a); by hand, L~ = 1/4 (w = -(1/2, 1/2)) and 4/9 (w = (2/3, 2/3))
    for value, rho in [two_points, twelve_points]:
        np.testing.assert_allclose(1 / rho**2, 2 * value, atol=1e-6)
    np.testing.assert_allclose([two_points[0], twelve_points[0]], [0.25, 4 / 9], atol=1e-6)
    assert check("prml-7.5", [two_points[0], twelve_points[0]])
    assert not check("prml-7.5", [0.5, 8 / 9])  # 1 / rho^2 instead of L~
    assert not check("prml-7.5", [0.25])
