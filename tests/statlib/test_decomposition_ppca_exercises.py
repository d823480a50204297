"""MLAPP ch. 12 exercises of §12.2-12.3: each checker accepts the answer computed independently here (NumPy's
eigen-decomposition, SciPy's Gaussian density, the deflation carried out) and refuses a wrong one."""

import numpy as np
from scipy.stats import multivariate_normal

from statlib.exercises import check

C = np.array([[3.0, 1, 0], [1, 3, 0], [0, 0, 1]])


def test_12_3_eigenvalue_spread():
    assert check("mlapp-12.3", [np.var([6.0, 3, 2, 1]), np.var([2.0, 2, 2, 2])])
    assert not check("mlapp-12.3", [np.var([6.0, 3, 2, 1], ddof=1), 0.0])


def test_12_4_second_direction():
    lam, V = np.linalg.eigh(C)
    v1, v2 = V[:, 2], V[:, 1]
    assert check("mlapp-12.4", [v2 @ C @ v2, 2 * v1 @ C @ v2])
    assert not check("mlapp-12.4", [lam[2], 0.0])


def test_12_5_residual_error():
    lam, V = np.linalg.eigh(C)
    lam, V = lam[::-1], V[:, ::-1]
    rng = np.random.default_rng(0)
    X = rng.normal(size=(5000, 3))
    X = (X - X.mean(0)) @ np.linalg.cholesky(np.linalg.inv(np.cov(X.T, bias=True))) @ np.linalg.cholesky(C).T
    errors = [np.mean(np.sum((X - X @ V[:, :k] @ V[:, :k].T) ** 2, axis=1)) for k in (1, 2)]
    assert check("mlapp-12.5", errors)
    assert not check("mlapp-12.5", [lam[0], lam[1]])


def test_12_7_deflation():
    lam, V = np.linalg.eigh(C)
    v1 = V[:, 2]
    Ct = C - lam[2] * np.outer(v1, v1)
    assert check("mlapp-12.7", [np.linalg.eigvalsh(Ct).max(), np.trace(Ct)])
    assert not check("mlapp-12.7", [4.0, 7.0])


def test_12_10_ppca_density():
    W = np.array([[1.0], [1.0]])
    ref = multivariate_normal(np.zeros(2), W @ W.T + np.eye(2)).logpdf([1.0, 1.0])
    assert check("mlapp-12.10", ref)
    assert not check("mlapp-12.10", ref + 0.01)
