"""MLAPP ch. 13 (sparse linear models): exercise checkers.

The expected values are derived by hand in the chapter's solutions, not read off statlib's output.
"""

from ._checkers import numeric
from ._registry import register

# ------------------------------------------------------------------ §13.2 exercises (variable selection): begin
# Exercise 13.4: the g-prior marginal likelihood (13.190)-(13.191),
# p(D | gamma) ~ (1 + g)^{-D_g / 2} (2 b + S(gamma))^{-(2 a + N - 1) / 2}, S = y^T y - g / (1 + g) y^T H_g y.
# Numbers: N = 20, g = N = 20, a = b = 0, y^T y = 40 (centred); model 1 has D_g = 1 and RSS 20, so
# y^T H y = 20 and S_1 = 40 - (20/21) 20 = 20.952; model 2 has D_g = 2 and RSS 18, y^T H y = 22,
# S_2 = 40 - (20/21) 22 = 19.048. log p(D|2) - log p(D|1) = -(1/2) log 21 - (19/2) log(S_2 / S_1)
# = -1.5223 + 0.9054 = -0.6168.
register(
    "mlapp-13.4",
    numeric(-0.6168, atol=2e-3),
    hint="S(gamma) = y^T y - g/(1+g) (y^T y - RSS(gamma)); the log Bayes factor is "
    "-(D_2 - D_1)/2 log(1 + g) - (2a + N - 1)/2 [log S_2 - log S_1].",
    prompts=["log p(D | γ₂) − log p(D | γ₁):"],
)

# Exercise 13.7: pi_j ~ Beta(alpha_1, alpha_2) integrated out gives
# p(gamma | alpha) = B(alpha_1 + |gamma|, alpha_2 + D - |gamma|) / B(alpha_1, alpha_2).
# With alpha_1 = alpha_2 = 1, D = 10, |gamma| = 2: B(3, 9) / B(1, 1) = 2! 8! / 11! = 1 / 495 = 0.0020202; the
# prior probability that the model has 2 variables is C(10, 2) / 495 = 45 / 495 = 1 / 11 = 0.0909 (every size
# 0..10 equally likely), against C(10, 2) / 2^10 = 0.0439 for a fixed pi_0 = 0.5.
register(
    "mlapp-13.7",
    numeric([1 / 495, 1 / 11], atol=5e-5),
    hint="p(gamma | alpha) = integral of pi^{|gamma|} (1 - pi)^{D - |gamma|} Beta(pi | alpha_1, alpha_2) d pi = "
    "B(alpha_1 + |gamma|, alpha_2 + D - |gamma|) / B(alpha_1, alpha_2); multiply by C(D, k) for the size.",
    prompts=[
        "p(γ | α₁ = α₂ = 1) for one model with 2 of D = 10 variables:",
        "The prior probability that the model has exactly 2 variables:",
    ],
)

# Our own (companion-13.20; companion-13.1 belongs to the lasso sections): Gray-code bookkeeping. Model 452 of
# MLAPP's table is row 451 of the Gray code: 451 XOR (451 >> 1) = 451 XOR 225 = 290 = 2^1 + 2^5 + 2^8, i.e.
# variables 2, 6, 9 (1-based, bit j - 1 <-> variable j); enumerating all 2^10 models takes 2^10 - 1 = 1023 flips.
register(
    "companion-13.20",
    numeric([2.0, 6.0, 9.0, 1023.0], atol=0.5),
    hint="row m - 1 of the Gray code is (m - 1) XOR ((m - 1) >> 1); read off its set bits, least significant "
    "first. Each step of the enumeration flips one bit.",
    prompts=[
        "The smallest variable of model 452:",
        "The middle variable of model 452:",
        "The largest variable of model 452:",
        "The number of single-bit flips that visit all 1024 models:",
    ],
)

# Our own (companion-13.21): OMP (13.30) against orthogonal least squares (13.28) from the empty model, no
# intercept, y = (1, 1, 1, 1), x_1 = (4, 0, 0, 0), x_2 = (1, 1, 1, 0). OMP compares |x_j^T y|: 4 against 3, so it
# picks x_1. OLS compares the RSS drops (x_j^T y)^2 / ||x_j||^2: 16 / 16 = 1 against 9 / 3 = 3, so it picks x_2.
register(
    "companion-13.21",
    numeric([1.0, 2.0], atol=0.5),
    hint="OMP maximises |x_j^T r|; OLS maximises the drop of the RSS, (x_j^T r)^2 / ||x_j||^2 from the empty model.",
    prompts=["The variable OMP adds first (1 or 2):", "The variable orthogonal least squares adds first (1 or 2):"],
)
# ------------------------------------------------------------------ §13.2 exercises (variable selection): end
