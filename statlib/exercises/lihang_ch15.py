"""Li Hang ch. 15 (singular value decomposition): exercises 15.1-15.5.

Expected values are derived in closed form (the chapter's solutions show the derivations):

* 15.1: A A^T = [[5, 2], [2, 8]] has characteristic polynomial l^2 - 13 l + 36 = (l - 9)(l - 4), so the
  singular values are 3 and 2.
* 15.2: A^T A = [[5, 11], [11, 25]] has trace 30 and determinant 4, so l = 15 +- sqrt(221) and
  sigma = sqrt(8.5) +- sqrt(6.5) (since (sqrt(a) +- sqrt(b))^2 = a + b +- 2 sqrt(ab) with a + b = 15, ab = 221/4).
* 15.3: a symmetric matrix S = Q diag(l) Q^T has singular values |l_i| (flip the sign of the columns of Q
  whose l_i < 0 to get U); for S = [[1, 2], [2, 1]], l = 3, -1, so sigma = 3, 1.
* 15.4: a rank-1 matrix is u v^T; any pair (u, v) with outer(u, v) = M is accepted.
* 15.5: the book's click graph (Fig. 15.2) did not survive; the chapter builds its own 5 x 3 query x URL
  matrix C, block diagonal with B1 = [[3, 2], [2, 3], [1, 1]] and B2 = [[2], [2]]. Its singular values are
  those of the blocks: B1^T B1 = [[14, 13], [13, 14]] has eigenvalues 27 and 1, B2^T B2 = 8, so
  sigma = sqrt(27), sqrt(8), 1.
"""

import numpy as np

from ._checkers import numeric, predicate
from ._registry import register

_SIGMA_15_1 = np.array([3.0, 2.0])
_SIGMA_15_2 = np.array([np.sqrt(8.5) + np.sqrt(6.5), np.sqrt(8.5) - np.sqrt(6.5)])

register(
    "lihang-15.1",
    numeric(_SIGMA_15_1, atol=1e-3),
    hint="the squared singular values are the nonzero eigenvalues of A A^T = [[5, 2], [2, 8]] (or of A^T A, "
    "which also has a zero eigenvalue); list them in decreasing order.",
    prompts=["σ₁ of A = [[1, 2, 0], [2, 0, 2]]:", "σ₂:"],
)


def _full_svd_15_1(answer):
    A = np.array([[1.0, 2.0, 0.0], [2.0, 0.0, 2.0]])
    try:
        U, S, Vt = (np.asarray(x, dtype=float) for x in answer)
    except (TypeError, ValueError):
        return False, "give a tuple (U, Sigma, Vt) of arrays."
    if U.shape != (2, 2) or S.shape != (2, 3) or Vt.shape != (3, 3):
        return False, "a full SVD has U 2 x 2, Sigma 2 x 3 (rectangular diagonal) and V^T 3 x 3."
    if not (np.allclose(U @ U.T, np.eye(2), atol=1e-3) and np.allclose(Vt @ Vt.T, np.eye(3), atol=1e-3)):
        return False, "U and V must be orthogonal: check that the columns are unit vectors and mutually orthogonal."
    off = S.copy()
    off[[0, 1], [0, 1]] = 0.0
    d = np.diag(S)
    if np.any(np.abs(off) > 1e-3) or np.any(d < -1e-3) or d[0] < d[1] - 1e-3:
        return False, "Sigma must be rectangular diagonal with non-negative entries in decreasing order."
    if not np.allclose(U @ S @ Vt, A, atol=2e-3):
        return False, "U Sigma V^T does not give A back: check the signs of u_j = A v_j / sigma_j (15.12)."
    return True, ""


register(
    "lihang-15.1b",
    predicate(_full_svd_15_1, success="that is a full SVD of A (15.1): orthogonal U and V, and U Sigma V^T = A."),
    hint="build V from the unit eigenvectors of A^T A (the third one spans N(A)), Sigma = [[3, 0, 0], [0, 2, 0]], "
    "and u_j = A v_j / sigma_j.",
)

register(
    "lihang-15.2",
    numeric(_SIGMA_15_2, atol=5e-4),
    hint="A^T A = [[5, 11], [11, 25]]: solve l^2 - 30 l + 4 = 0 and take square roots; sigma_1 sigma_2 must "
    "equal |det [[2, 4], [1, 3]]| = 2.",
    prompts=["σ₁ of A = [[2, 4], [1, 3], [0, 0], [0, 0]] (4 decimals):", "σ₂ (4 decimals):"],
)

register(
    "lihang-15.3",
    numeric(np.array([3.0, 1.0]), atol=1e-6),
    hint="the eigenvalues of S = [[1, 2], [2, 1]] are 3 and -1; a singular value cannot be negative, and the "
    "sign moves into a singular vector.",
    prompts=["σ₁ of the symmetric S = [[1, 2], [2, 1]]:", "σ₂:"],
)

_M_15_4 = np.array([[1.0, 2.0, 3.0], [2.0, 4.0, 6.0]])


def _outer_15_4(answer):
    try:
        u, v = (np.asarray(x, dtype=float) for x in answer)
    except (TypeError, ValueError):
        return False, "give a pair (u, v) of vectors."
    if u.shape != (2,) or v.shape != (3,):
        return False, "for a 2 x 3 matrix, u has 2 entries and v has 3."
    if np.allclose(np.outer(u, v), _M_15_4, atol=1e-8):
        return True, ""
    return False, "outer(u, v) is not M: take u as a nonzero column direction and v so that u v^T matches one row."


register(
    "lihang-15.4",
    predicate(_outer_15_4, success="u v^T = M: every column of M is a multiple of u (rank 1)."),
    hint="every column of M = [[1, 2, 3], [2, 4, 6]] is a multiple of (1, 2); the multiples form v.",
)

# Exercise 15.5 on the chapter's own click matrix C = blockdiag(B1, B2) (see the module docstring).
_SIGMA_15_5 = np.array([np.sqrt(27.0), np.sqrt(8.0), 1.0])

register(
    "lihang-15.5",
    numeric(_SIGMA_15_5, atol=1e-3),
    hint="the click matrix is block diagonal (two communities of queries and URLs): its singular values are "
    "those of the blocks, sorted; B1^T B1 = [[14, 13], [13, 14]].",
    prompts=["σ₁ of the click matrix C:", "σ₂:", "σ₃:"],
)
