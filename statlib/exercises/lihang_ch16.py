"""Li Hang ch. 16 (principal component analysis): exercises 16.1-16.3.

The expected values are derived in closed form (see the chapter's solutions), not read off statlib's output.
Exercise 16.1's data have n = 6 samples of m = 2 variables; their sample covariance matrix is
S = [[16, 17], [17, 20]] / 5 (16.41), so the sample correlation is r = 17 / sqrt(16 * 20) = 17 sqrt(5) / 40 (16.42).
"""

import math

from ._checkers import numeric
from ._registry import register

_R_16_1 = 17.0 / math.sqrt(16.0 * 20.0)  # 0.950329, the sample correlation of x1 and x2

# Exercise 16.1: the eigenvalues of R = [[1, r], [r, 1]] are 1 + r and 1 - r (eigenvectors (1, 1)/sqrt 2 and
# (1, -1)/sqrt 2), and eta_1 = (1 + r) / 2 by (16.30) with (16.35).
register(
    "lihang-16.1",
    numeric([1.0 + _R_16_1, 1.0 - _R_16_1, (1.0 + _R_16_1) / 2.0], atol=5e-4),
    hint="standardise each variable by (16.48) (divide by sqrt(s_ii), with 1/(n - 1)), form R by (16.49); a 2 x 2 "
    "correlation matrix [[1, r], [r, 1]] has eigenvalues 1 +- r. Give lambda_1, lambda_2, eta_1.",
    prompts=[
        "λ₁, the larger eigenvalue of the sample correlation matrix R (3 decimals):",
        "λ₂, the smaller eigenvalue of R (3 decimals):",
        "η₁, the variance contribution rate of the first principal component (3 decimals):",
    ],
)

# Exercise 16.2: E[(1/n) sum (x_j - xbar)(x_j - xbar)^T] = (n - 1)/n Sigma, so with the divisor n the estimator
# is biased by the factor (n - 1)/n; for n = 6 that is 5/6.
register(
    "lihang-16.2",
    numeric(5.0 / 6.0, atol=5e-4),
    hint="show E[sum_j (x_j - xbar)(x_j - xbar)^T] = (n - 1) Sigma; dividing by n instead of n - 1 multiplies the "
    "expectation by (n - 1)/n.",
    prompts=["With n = 6 samples, E[S_n] = c Σ for the estimator S_n that divides by n. Enter c (3 decimals):"],
)

# Exercise 16.3: by Eckart-Young the minimum of ||X - L||_F over rank(L) <= k is sqrt(sum_{i>k} sigma_i^2); for the
# standardised 2 x 6 matrix of Exercise 16.1, sigma_i^2 = (n - 1) lambda_i with lambda_2 = 1 - r.
register(
    "lihang-16.3",
    numeric(math.sqrt(5.0 * (1.0 - _R_16_1)), atol=5e-4),
    hint="the best rank-1 approximation keeps the first singular value; the error is the second singular value of "
    "the standardised X, sigma_2 = sqrt((n - 1) lambda_2) with lambda_2 from Exercise 16.1.",
    prompts=["min ‖X − L‖_F over rank(L) ≤ 1, X the standardised 2 × 6 data of Exercise 16.1 (3 decimals):"],
)

# Our own exercise (not the book's): lambda_1 >= e_i^T Sigma e_i = sigma_ii (Rayleigh quotient at a coordinate vector),
# so eta_1 >= max_i sigma_ii / tr(Sigma). For scikit-learn's wine data (divisor n - 1) the largest variance is
# proline's, 99166.717 of the total 99391.505: the bound is 0.99774 (the covariance PCA has eta_1 = 0.99809).
_WINE_PROLINE_SHARE = 99166.71735542428 / 99391.50499157321

register(
    "companion-16.1",
    numeric(_WINE_PROLINE_SHARE, atol=1e-4),  # tight enough to refuse eta_1 = 0.99809 itself
    hint="evaluate the Rayleigh quotient u^T Sigma u at the unit vector u = e_i of the variable with the largest "
    "variance; then divide that variance by the total variance, the trace of Sigma (16.18).",
    prompts=["The lower bound max_i σ_ii / tr Σ on η₁ for the unstandardised wine data (4 decimals):"],
)
