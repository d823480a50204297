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
    assert check("mlapp-12.10", round(ref, 4))  # the asked form, 4 decimals: -2.7205
    assert not check("mlapp-12.10", ref + 0.01)
    assert not check("mlapp-12.10", round(ref, 4) - 1e-4)  # -2.7206, one unit off in the 4th decimal


def test_12_6_fisher_discriminant():
    # the maximiser of the Rayleigh quotient is the top generalised eigenvector of (S_B, S_W) (SciPy's eigh)
    from scipy.linalg import eigh

    m = np.array([1.0, 0.0])
    S_B, S_W = np.outer(m, m), np.array([[2.0, 1], [1, 2]])
    lam, W = eigh(S_B, S_W)
    w = W[:, -1]
    assert check("mlapp-12.6", [lam[-1], w[1] / w[0]])
    # a brute-force search over directions finds the same maximum
    t = np.linspace(0.0, np.pi, 20001)
    dirs = np.column_stack([np.cos(t), np.sin(t)])
    J = np.einsum("kd,de,ke->k", dirs, S_B, dirs) / np.einsum("kd,de,ke->k", dirs, S_W, dirs)
    assert abs(J.max() - lam[-1]) < 1e-6
    assert not check("mlapp-12.6", [0.5, -0.5])  # 1 / (S_W)_11, ignoring the correlation
    assert not check("mlapp-12.6", [2.0 / 3.0, 0.0])  # the direction of m itself


def _lsi_corpus():
    # terms: abducted, abduction, alien, ufo, spacecraft, stock, market, price; documents 1-6 as columns
    # (finance documents 1-3, alien documents 4-6; "abducted" occurs in documents 5 and 6, not in 4)
    return np.array(
        [
            [0, 0, 0, 0, 1, 1],
            [0, 0, 0, 1, 0, 0],
            [0, 0, 0, 2, 1, 1],
            [0, 0, 0, 1, 2, 1],
            [0, 0, 0, 1, 0, 1],
            [2, 1, 1, 0, 0, 0],
            [1, 2, 1, 0, 0, 0],
            [1, 1, 2, 0, 0, 0],
        ],
        dtype=float,
    )


def test_12_8_latent_semantic_indexing():
    X = _lsi_corpus()
    U, s, Vt = np.linalg.svd(X, full_matrices=False)
    docs = Vt[:2].T * s[:2]  # rank-2 document coordinates
    q = np.zeros(8)
    q[0] = 1.0  # the query "abducted"
    q_hat = U[:, :2].T @ q
    cos = docs @ q_hat / np.linalg.norm(docs, axis=1) / np.linalg.norm(q_hat)
    np.testing.assert_allclose(cos, [0, 0, 0, 1, 1, 1], atol=1e-12)
    top3 = np.sort(np.argsort(-np.round(cos, 12), kind="stable")[:3] + 1)
    assert check("mlapp-12.8", [*top3, cos[3]])
    assert check("mlapp-12.8", [6, 4, 5, 1.0])  # the documents in any order
    # the raw term space cannot give the answer: only documents 5 and 6 contain the word, the third place is a
    # four-way tie at cosine 0, and document 4's cosine is 0
    raw = X.T @ q / np.linalg.norm(X, axis=0)
    assert np.all(raw[:4] == 0) and raw[4] > 0 and raw[5] > 0
    for tie_break in (np.argsort(-raw, kind="stable")[:3], np.argsort(raw, kind="stable")[-3:]):
        docs_raw = np.sort(tie_break + 1)
        assert not check("mlapp-12.8", [*docs_raw, raw[3]])
    assert not check("mlapp-12.8", [1, 5, 6, 1.0])  # an index-order tie-break, however the cosine is entered
    assert not check("mlapp-12.8", [4, 5, 6, 0.0])  # a reversed tie-break with the raw cosine
    assert not check("mlapp-12.8", [4, 5, 6])  # the cosine is part of the answer
