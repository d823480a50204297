"""Li Hang ch. 21 (PageRank): exercises 21.1-21.4.

The expected values are worked out by hand in the chapter's solutions, not read off statlib's output.
M below is the transition matrix of Fig. 21.5 (Example 21.4): A -> B, C; B -> C; C -> A, so
M = [[0, 0, 1], [1/2, 0, 0], [1/2, 1, 0]] (columns are the nodes the walker leaves).
"""

from ._checkers import exact, numeric
from ._registry import register

# Exercise 21.1: M^2 e_A = M (0, 1/2, 1/2)^T = (1/2, 0, 1/2)^T; a column of a power of M is again a probability vector.
register(
    "lihang-21.1",
    numeric([0.5, 0.0, 0.5], atol=1e-6),
    hint="column j of M^2 is M times column j of M: a convex combination of columns of M, so it sums to 1. "
    "For column A of Fig. 21.5's M^2, multiply M by (0, 1/2, 1/2).",
    prompts=["(M²)_AA for the M of Fig. 21.5:", "(M²)_BA:", "(M²)_CA:"],
)

# Exercise 21.2: Example 21.1's chain is irreducible and aperiodic (Thm 21.1), so every R_0 gives the same limit,
# the solution of M R = R with sum 1: R = (1/3, 2/9, 2/9, 2/9).
register(
    "lihang-21.2",
    numeric([1 / 3, 2 / 9, 2 / 9, 2 / 9], atol=1e-4),
    hint="solve M R = R with R_A + R_B + R_C + R_D = 1: the equations give R_B = R_C = R_D and R_A = 3/2 R_B.",
    prompts=["PR(A), the limit for any R₀ (4 decimals):", "PR(B):", "PR(C):", "PR(D):"],
)

# Exercise 21.3: with d < 1 every entry of A = d M + (1 - d)/n E is at least (1 - d)/n > 0 (uniform dangling
# columns), so the chain is irreducible and aperiodic and Thm 21.1 gives the stationary distribution.
register(
    "lihang-21.3",
    exact(True),
    hint="look at the smallest entry of A = d M + (1 - d)/n E when d < 1.",
    prompts=[
        "True or false: for 0 < d < 1 every entry of A = dM + (1 − d)/n E is positive, so the chain of the "
        "general PageRank is irreducible and aperiodic."
    ],
)

# Exercise 21.4: 1^T M = 1^T makes 1 an eigenvalue of M^T, hence of M; ||M^T||_inf = 1 bounds every |lambda| by 1.
# For Fig. 21.5's M the characteristic polynomial is lambda^3 - lambda/2 - 1/2 = (lambda - 1)(lambda^2 + lambda + 1/2):
# the other two eigenvalues are (-1 +- i)/2, of modulus 1/sqrt(2).
register(
    "lihang-21.4",
    numeric([1.0, 2**-0.5], atol=1e-4),
    hint="1^T M = 1^T; and |lambda| |x_k| = |sum_i m_ik ... | for the transpose bounds |lambda| by the largest "
    "column sum. For Fig. 21.5, factor lambda^3 - lambda/2 - 1/2 by (lambda - 1).",
    prompts=[
        "The largest eigenvalue of the M of Fig. 21.5:",
        "The modulus of its other two (complex) eigenvalues (4 decimals):",
    ],
)
