"""Exercises of the appendices on linear algebra and on the KL divergence and the Dirichlet distribution
(Li Hang appendices D and E; the book has none, these are ours)."""

import numpy as np

from ._checkers import exact, numeric, predicate
from ._registry import register

_A_15_5 = np.array([[1.0, 1.0], [2.0, 2.0], [0.0, 0.0]])


def _in_left_null_space(answer):
    y = np.asarray(answer, dtype=float)
    if y.shape != (3,):
        return False, f"expected a vector of length 3, got shape {y.shape}."
    if not np.all(np.isfinite(y)) or np.linalg.norm(y) < 1e-9:
        return False, "the zero vector lies in every subspace; give a non-zero vector."
    residual = _A_15_5.T @ y
    if np.linalg.norm(residual) > 1e-9 * max(1.0, np.linalg.norm(y)):
        return False, f"A^T y = {residual} is not zero."
    return True, ""


register(
    "appendixd-1.1",
    numeric([1, 2, 1, 1], atol=0.0),
    hint="find the rank r first (how do the two rows compare?), then use dim N(A) = n - r and dim N(A^T) = m - r.",
    prompts=["dim R(A)", "dim N(A)", "dim R(A^T)", "dim N(A^T)"],
)

register(
    "appendixd-1.2",
    predicate(_in_left_null_space, success="A^T y = 0: y is in the left null space, orthogonal to R(A)."),
    hint="write A^T y = 0 as equations in y1, y2, y3; the third entry is free because the third row of A is zero.",
)

register(
    "appendixd-1.3",
    exact(True),
    hint="the rank is at most the number of rows; apply the rank-nullity theorem.",
    prompts=["True or false: a wide matrix (m < n) always has a non-zero null vector."],
)

register(
    "appendixe-1.1",
    numeric([0.5 * np.log(4.0 / 3.0), 0.25 * np.log(0.5) + 0.75 * np.log(1.5)], atol=5e-5),
    hint="D(Q||P) = sum_i Q(i) log(Q(i)/P(i)) with natural logarithms (E.1); swap the roles for D(P||Q).",
    prompts=["D(Q||P) in nats (4 decimals)", "D(P||Q) in nats (4 decimals)"],
)

register(
    "appendixe-1.2",
    numeric(-1.5, atol=1e-6),
    hint="use (E.7) with psi(1) = -gamma and psi(n + 1) = psi(n) + 1/n; the Euler constant gamma cancels.",
    prompts=["E[log theta_1] under Dir(1, 1, 1)"],
)

register(
    "appendixe-1.3",
    numeric([4 / 7, 2 / 7, 1 / 7], atol=1e-4),
    hint="the posterior is Dir(alpha + counts); its mean is (alpha_k + n_k) / sum_l (alpha_l + n_l).",
    prompts=["posterior mean of theta_1", "posterior mean of theta_2", "posterior mean of theta_3"],
)
