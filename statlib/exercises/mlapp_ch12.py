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

# ------------------------------------------------------------------ §12.6 exercises (ICA): begin
# None of MLAPP's ch. 12 exercises is about ICA, so these are our own (ids companion-12.61 to 12.64).
# companion-12.61: excess kurtosis (12.110) of a uniform source on [-a, a]: mu_2 = a^2/3, mu_4 = a^4/5, so
# mu_4 / mu_2^2 - 3 = 9/5 - 3 = -6/5; of a Laplace source with scale b: mu_2 = 2 b^2, mu_4 = 24 b^4, so 24/4 - 3 = 3.
register(
    "companion-12.61",
    numeric([-1.2, 3.0], atol=5e-3),
    hint="kurt = mu_4 / sigma^4 - 3 (12.110). For U(-a, a), E[z^k] = a^k / (k + 1) for even k; for the Laplace "
    "density exp(-|z| / b) / (2 b), E[z^k] = k! b^k for even k.",
    prompts=["excess kurtosis of a uniform source:", "excess kurtosis of a Laplace source:"],
)

# companion-12.62: with unit-variance independent sources, cov[x] = W E[z z^T] W^T = W W^T (12.99); for W of
# (12.98), W W^T = [[4 + 9, 4 + 3], [4 + 3, 4 + 1]] = [[13, 7], [7, 5]]. After whitening the unmixing matrix is
# orthogonal, and a 2 x 2 orthogonal matrix has D (D - 1) / 2 = 1 free parameter (an angle).
register(
    "companion-12.62",
    numeric([13.0, 7.0, 5.0, 1.0], atol=5e-3),
    hint="cov[x] = W W^T when cov[z] = I; an orthogonal D x D matrix has D (D - 1) / 2 free parameters.",
    prompts=["cov[x]₁₁:", "cov[x]₁₂:", "cov[x]₂₂:", "free parameters left after whitening (D = 2):"],
)

# companion-12.63: the unit-variance densities at their mode. (12.113): log p(0) = -log sqrt(2) = -0.34657;
# (12.114): log p(0) = -2 log cosh 0 - log(4 sqrt(3) / pi) = -log(2.20532) = -0.79087. The Laplace density is
# the more peaked of the two (a larger value at 0 for the same variance).
register(
    "companion-12.63",
    numeric([-0.3466, -0.7909], atol=5e-4),
    hint="put z = 0 in (12.113) and (12.114); cosh 0 = 1.",
    prompts=["log p(0) for the unit-variance Laplace density:", "log p(0) for the unit-variance logistic density:"],
)

# companion-12.64: a maximum-likelihood fixed point with the Laplace model density (12.113), phi(y) = -sqrt(2)
# sign(y), needs E[phi(y) y] = -sqrt(2) E|y| = -1. For y = a s with s uniform of unit variance on [-sqrt 3, sqrt 3],
# E|s| = sqrt(3) / 2, so a = 1 / (sqrt(2) sqrt(3) / 2) = 2 / sqrt(6) = 0.81650.
register(
    "companion-12.64",
    numeric([0.8165], atol=5e-4),
    hint="the diagonal of I + E[phi(y) y^T] = 0 with phi = (log p)'; for the Laplace density phi(y) y = -sqrt(2) |y|.",
    prompts=["the scale a at which the Laplace model's fixed-point condition holds:"],
)
# ------------------------------------------------------------------ §12.6 exercises (ICA): end
