"""Li Hang ch. 17 (latent semantic analysis and NMF): exercises 17.1-17.2 and one of our own.

Expected values (the chapter's solutions derive them):

* 17.1: the word-document matrix X of Fig. 17.1 (6 words x 4 documents). The squared singular values are
  the eigenvalues of X^T X = [[5, 2, 2, 1], [2, 8, 4, 2], [2, 4, 9, 8], [1, 2, 8, 11]]; its characteristic
  polynomial factors as (l - 4)(l^3 - 29 l^2 + 190 l - 210), so sigma_3 = 2 exactly and the other three
  are the square roots of the cubic's roots 20.0432..., 7.5733..., 1.3835... "17.1b" accepts any rank-2
  LSA (T, Y): T with orthonormal columns and T Y the best rank-2 approximation X_2 (unique, since
  sigma_2 > sigma_3), whatever the signs.
* 17.2: the divergence updates (17.26)/(17.27) of Theorem 17.2, checked against the formulas on random
  matrices: the reader's function ``update(X, W, H) -> (W_new, H_new)`` must do one round (W first, then H
  with the new W, the order of Algorithm 17.1).
* companion-17.1: cosine similarities (17.4) of Fig. 17.1's documents: cos(d1, d2) = 2 / sqrt(5 * 8) =
  1 / sqrt(10) and cos(d3, d4) = 8 / sqrt(9 * 11) = 8 / (3 sqrt(11)).
"""

import numpy as np

from ._checkers import numeric, predicate
from ._registry import register

_X = np.array([[2, 0, 0, 0], [0, 2, 0, 0], [0, 0, 1, 0], [0, 0, 2, 3], [0, 0, 0, 1], [1, 2, 2, 1]], dtype=float)
_CUBIC_ROOTS = np.sort(np.roots([1.0, -29.0, 190.0, -210.0]).real)[::-1]
_SIGMA = np.array([np.sqrt(_CUBIC_ROOTS[0]), np.sqrt(_CUBIC_ROOTS[1]), 2.0, np.sqrt(_CUBIC_ROOTS[2])])

register(
    "lihang-17.1",
    numeric(_SIGMA, atol=1e-3),
    hint="the squared singular values are the eigenvalues of X^T X (4 x 4); one of them is exactly 4. List all four "
    "singular values in decreasing order.",
    prompts=["σ₁ of the Fig. 17.1 matrix:", "σ₂:", "σ₃:", "σ₄:"],
)


def _lsa_rank_2(answer):
    try:
        T, Y = (np.asarray(a, dtype=float) for a in answer)
    except (TypeError, ValueError):
        return False, "give a pair (T, Y) of arrays: T 6 x 2 (topics), Y 2 x 4 (documents in topic space)."
    if T.shape != (6, 2) or Y.shape != (2, 4):
        return False, f"T must be 6 x 2 and Y 2 x 4, got {T.shape} and {Y.shape}."
    if not np.allclose(T.T @ T, np.eye(2), atol=2e-3):
        return False, "the topic vectors (columns of T) must be orthonormal: take them from U_2."
    U, s, Vt = np.linalg.svd(_X)
    if not np.allclose(T @ Y, (U[:, :2] * s[:2]) @ Vt[:2], atol=1e-2):
        return False, (
            "T Y is not the best rank-2 approximation: Y should be Sigma_2 V_2^T (17.16), with the signs of T."
        )
    return True, ""


register(
    "lihang-17.1b",
    predicate(_lsa_rank_2, success="that is the rank-2 LSA (17.13)-(17.16): orthonormal topics and T Y = X_2."),
    hint="T = U_2 (first two left singular vectors), Y = Sigma_2 V_2^T; flipping the sign of a column of T needs the "
    "same flip in the row of Y.",
)


def _kl_update(answer):
    if not callable(answer):
        return False, "give a function update(X, W, H) returning (W_new, H_new)."
    rng = np.random.default_rng(172)
    X = rng.poisson(2.0, size=(7, 5)).astype(float)
    W, H = rng.uniform(0.2, 1.5, size=(7, 3)), rng.uniform(0.2, 1.5, size=(3, 5))
    W_ref = W * ((X / (W @ H)) @ H.T) / H.sum(axis=1)  # (17.27)
    H_ref = H * (W_ref.T @ (X / (W_ref @ H))) / W_ref.sum(axis=0)[:, None]  # (17.26), with the new W
    try:
        W_new, H_new = (np.asarray(a, dtype=float) for a in answer(X, W.copy(), H.copy()))
    except Exception as exc:  # the reader's code may fail in any way
        return False, f"your function raised {type(exc).__name__}: {exc}"
    if W_new.shape != W.shape or H_new.shape != H.shape:
        return False, "W_new and H_new must keep the shapes of W and H."
    if not np.allclose(W_new, W_ref, rtol=1e-8):
        return False, "W_new is not (17.27): W_il <- W_il sum_j [H_lj X_ij / (WH)_ij] / sum_j H_lj."
    if not np.allclose(H_new, H_ref, rtol=1e-8):
        return False, "H_new is not (17.26) with the new W: H_lj <- H_lj sum_i [W_il X_ij / (WH)_ij] / sum_i W_il."
    return True, ""


register(
    "lihang-17.2",
    predicate(_kl_update, success="those are the updates (17.26)-(17.27) of Theorem 17.2."),
    hint="derive the gradient of D(X || WH) (17.21) in W_il, take a step with lambda_il = W_il / sum_j H_lj, and "
    "the subtracted sum_j H_lj cancels W_il; the same for H with mu_lj = H_lj / sum_i W_il.",
)

register(
    "companion-17.1",
    numeric([1 / np.sqrt(10), 8 / (3 * np.sqrt(11))], atol=1e-3),
    hint="cos(x, y) = x . y / (|x| |y|) (17.4) on the columns of the word-document matrix; in d3 and d4 the word "
    "'apple' contributes 2 x 3 and 'produce' 2 x 1; 'computer' and 'fruit' each occur in only one of them.",
    prompts=["cos(d1, d2):", "cos(d3, d4):"],
)
