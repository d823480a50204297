"""The companion's exercises for MLAPP §12.4-12.5: each expected answer is recomputed here by an independent route
(the conditional of a joint Gaussian, a population covariance, statlib's estimators on data built to have the
stated moments), and the checkers accept it and reject a wrong one."""

import numpy as np
from scipy import linalg

from statlib.cross_decomposition import PLSRegression, ProbabilisticCCA
from statlib.exercises import check


def test_companion_12_30_supervised_pca_is_a_gaussian_conditional():
    Wx, s2x, wy, s2y = np.array([[1.0], [1.0]]), 1.0, np.array([2.0]), 0.5
    # joint covariance of (x, y) from (12.75)-(12.77), then the Gaussian conditional of y given x
    W = np.vstack([Wx, wy[None, :]])
    Sigma = W @ W.T + np.diag([s2x, s2x, s2y])
    w = linalg.solve(Sigma[:2, :2], Sigma[:2, 2])
    var = Sigma[2, 2] - Sigma[2, :2] @ w
    assert check("companion-12.30", [w[0], w[1], var])
    assert not check("companion-12.30", [1.0, 1.0, 0.5])


def test_companion_12_31_multiple_correlation():
    Sxx, Sxy, Syy = np.eye(2), np.array([[1.0], [1.0]]), np.array([[4.0]])
    rho2 = linalg.eigvals(linalg.solve(Sxx, Sxy) @ linalg.solve(Syy, Sxy.T)).real.max()
    assert check("companion-12.31", np.sqrt(rho2))
    assert not check("companion-12.31", 0.5)


def test_companion_12_32_pcca_of_two_scalars():
    # n points with sample means 0, variances 1 and correlation exactly 0.8
    rng = np.random.default_rng(0)
    A = rng.normal(size=(200, 2))
    A -= A.mean(0)
    A = A @ linalg.inv(linalg.cholesky(A.T @ A / 200)) @ linalg.cholesky([[1.0, 0.8], [0.8, 1.0]])
    m = ProbabilisticCCA(1).fit(A[:, :1], A[:, 1:])
    assert check("companion-12.32", [(m.Wx_ @ m.Wy_.T).item(), m.psi_x_.item()])
    assert not check("companion-12.32", [0.64, 0.36])


def test_companion_12_33_pls1_direction():
    X = np.array([[1.0, 0], [-1, 0], [0, 2], [0, -2]])
    y = np.array([1.0, -1, 2, -2])
    w = PLSRegression(1, scale=False).fit(X, y).x_weights_[:, 0]
    assert check("companion-12.33", w)
    assert not check("companion-12.33", [0.5, 0.5])
