"""MLAPP ch. 12 (latent linear models): the exercises of §12.1 (factor analysis).

The expected values are derived by hand in the chapter's solutions, not read off statlib's output.
"""

from ._checkers import numeric
from ._registry import register

# ------------------------------------------------------------------ §12.1 exercises (factor analysis): begin
# Exercise 12.1: one EM step (12.19)-(12.20), (12.23)-(12.24) for D = 2, L = 1 from W = (1, 1)^T, Psi = I on the
# sample covariance S = [[3, 1], [1, 2]] (mu = the sample mean). Sigma = 1 / (1 + 2) = 1/3, M = (1/3, 1/3),
# S M^T = (4/3, 1), E[z z^T] = 1/3 + M S M^T = 1/3 + 7/9 = 10/9, so W_new = (4/3, 1) * 9/10 = (1.2, 0.9) and
# Psi_new = diag(S) - W_new * S M^T = (3 - 1.6, 2 - 0.9) = (1.4, 1.1).
register(
    "mlapp-12.1",
    numeric([1.2, 0.9, 1.4, 1.1], atol=5e-4),
    hint="Sigma = (1 + W^T Psi^{-1} W)^{-1}; m_i = Sigma W^T Psi^{-1} x_i, so sum_i x_i m_i^T / N = S M^T and "
    "sum_i E[z_i z_i^T] / N = Sigma + M S M^T; then W_new = S M^T (Sigma + M S M^T)^{-1} and "
    "Psi_new = diag(S - W_new M S).",
    prompts=[
        "w₁ after one EM step:",
        "w₂ after one EM step:",
        "ψ₁ after one EM step:",
        "ψ₂ after one EM step:",
    ],
)

# Exercise 12.9: imputation in FA. With W = (1, 2)^T, Psi = I, mu = 0 the marginal covariance (12.6) is
# C = [[2, 2], [2, 5]]; observing x_1 = 2 gives x_2 | x_1 ~ N(C_21 / C_11 * 2, C_22 - C_21^2 / C_11) = N(2, 3).
register(
    "mlapp-12.9",
    numeric([2.0, 3.0], atol=5e-4),
    hint="x ~ N(mu, W W^T + Psi) (12.6); condition the joint Gaussian: mean mu_h + C_hv C_vv^{-1} (x_v - mu_v), "
    "covariance C_hh - C_hv C_vv^{-1} C_vh.",
    prompts=["E[x₂ | x₁ = 2]:", "var[x₂ | x₁ = 2]:"],
)

# Exercise 12.11 (Hastie et al. Ex 14.15): x1 = z1, x2 = z1 + 0.001 z2, x3 = 10 z3. The first principal direction
# is the coordinate of largest variance, x3 (variance 100); the one-factor FA explains the correlation of x1 and
# x2 (psi_1, psi_2 -> 0) and leaves x3 to its noise variance, so two variables have communality close to 1.
register(
    "mlapp-12.11",
    numeric([3.0, 2.0], atol=0.5),
    hint="PCA maximises variance: compare var(x3) = 100 with var(x1) = 1. FA explains covariances: only x1 and x2 "
    "are correlated, so the factor carries (almost) all of their variance and (almost) none of x3's.",
    prompts=[
        "The index j of the variable x_j that the first principal direction points along:",
        "How many of x₁, x₂, x₃ have communality w_j² / C_jj above 0.99 under the one-factor FA?",
    ],
)

# Our own exercise (id companion-12.20, since Li Hang ch. 12 owns companion-12.1 to 12.4): the largest number of
# factors (12.12), L_max = floor(D + (1 - sqrt(1 + 8 D)) / 2).
# For the D = 11 variables of the cars data: floor(11 + (1 - sqrt(89)) / 2) = floor(6.783) = 6; for the D = 13
# variables of the wine data: floor(13 + (1 - sqrt(105)) / 2) = floor(8.377) = 8.
register(
    "companion-12.20",
    numeric([6.0, 8.0], atol=0.5),
    hint="count the free parameters D + L D - L (L - 1) / 2 and require at most D (D + 1) / 2; solve the quadratic "
    "in L and take the floor.",
    prompts=["L_max for D = 11 (the cars data):", "L_max for D = 13 (the wine data):"],
)
# ------------------------------------------------------------------ §12.1 exercises (factor analysis): end
