"""MLAPP ch. 12 (latent linear models): the exercises of §12.1 (factor analysis), §12.2-12.3 (PCA, PPCA,
choosing L), §12.4-12.5 (paired views) and §12.6 (ICA).

The expected values are derived by hand in the chapters' solutions, not read off statlib's output. The worked
covariance matrix of §12.2-12.3 is C = [[3, 1, 0], [1, 3, 0], [0, 0, 1]]: its eigenvalues are 4, 2, 1 with
eigenvectors (1, 1, 0)/sqrt 2, (1, -1, 0)/sqrt 2 and (0, 0, 1).
"""

import math

import numpy as np

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
    numeric([3.0, 2.0], atol=1e-6),  # an index and a count: integers, so 2.5 is wrong whatever it means
    hint="PCA maximises variance: compare var(x3) = 100 with var(x1) = 1. FA explains covariances: only x1 and x2 "
    "are correlated, so the factor carries (almost) all of their variance and (almost) none of x3's. If your FA "
    "factor points along x3, the fit stopped early: scikit-learn's default tol = 1e-2 stops after 3 steps here; "
    "use tol = 1e-8 or statlib's FactorAnalysis, and compare the log-likelihoods.",
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
    numeric([6.0, 8.0], atol=1e-6),  # L_max is a floor, an integer
    hint="count the free parameters D + L D - L (L - 1) / 2 and require at most D (D + 1) / 2; solve the quadratic "
    "in L and take the floor.",
    prompts=["L_max for D = 11 (the cars data):", "L_max for D = 13 (the wine data):"],
)
# ------------------------------------------------------------------ §12.1 exercises (factor analysis): end

# ------------------------------------------------------------------ §12.2-12.3 exercises (PCA, PPCA): begin
# Exercise 12.3: sigma^2 = (1/d) sum (lambda_i - mean)^2 of the eigenvalues. For (6, 3, 2, 1) the mean is 3 and
# sigma^2 = (9 + 0 + 1 + 4) / 4 = 3.5; an isotropic spectrum (2, 2, 2, 2) gives 0 (PCA has nothing to find).
register(
    "mlapp-12.3",
    numeric([3.5, 0.0], atol=5e-4),
    hint="the mean eigenvalue is tr(Sigma)/d; sigma^2 is the population variance of the d eigenvalues (divide by d).",
    prompts=[
        "σ² of the eigenvalues (6, 3, 2, 1):",
        "σ² of the eigenvalues (2, 2, 2, 2):",
    ],
)

# Exercise 12.4: with C above, the constrained minimiser of (12.126) is v2 = (1, -1, 0)/sqrt 2, so v2^T C v2 = 2;
# premultiplying the stationarity condition -2 C v2 + 2 lambda_2 v2 + lambda_12 v1 = 0 by v1^T gives
# lambda_12 = 2 v1^T C v2 = 2 lambda_1 v1^T v2 = 0.
register(
    "mlapp-12.4",
    numeric([2.0, 0.0], atol=5e-4),
    hint="set the gradient of (12.126) to zero and multiply it by v1^T: C v1 = lambda_1 v1 and v1^T v2 = 0 kill the "
    "cross term; what is left says C v2 = lambda_2 v2.",
    prompts=[
        "For C = [[3, 1, 0], [1, 3, 0], [0, 0, 1]]: the projected variance v₂ᵀCv₂ at the second principal direction:",
        "the Lagrange multiplier λ₁₂ at the optimum:",
    ],
)

# Exercise 12.5: J_K = sum_{j > K} lambda_j (12.129); for C above J_1 = 2 + 1 = 3 and J_2 = 1.
register(
    "mlapp-12.5",
    numeric([3.0, 1.0], atol=5e-4),
    hint="J_K is the sum of the eigenvalues you discard (12.129); the eigenvalues of C are 4, 2 and 1.",
    prompts=[
        "For C = [[3, 1, 0], [1, 3, 0], [0, 0, 1]] (zero-mean data): the residual error J₁:",
        "the residual error J₂:",
    ],
)

# Exercise 12.6: the maximiser of J(w) = w^T S_B w / w^T S_W w satisfies S_B w = J(w) S_W w. Two classes with
# mean difference m = (1, 0), S_B = m m^T and S_W = [[2, 1], [1, 2]]: w is proportional to S_W^{-1} m =
# (2, -1)/3, so w_2/w_1 = -1/2, and the maximum is J = m^T S_W^{-1} m = 2/3.
register(
    "mlapp-12.6",
    numeric([2.0 / 3.0, -0.5], atol=5e-4),
    hint="with S_B = m m^T the condition S_B w = lambda S_W w makes S_W w parallel to m, so w is proportional to "
    "S_W^{-1} m; then J(w) = m^T S_W^{-1} m.",
    prompts=[
        "For m = (1, 0), S_B = m mᵀ, S_W = [[2, 1], [1, 2]]: the maximum of J(w):",
        "the ratio w₂ / w₁ of the maximiser:",
    ],
)

# Exercise 12.7: deflation C~ = C - lambda_1 v1 v1^T (12.133) = [[1, -1, 0], [-1, 1, 0], [0, 0, 1]], with eigenvalues
# 2, 1, 0: its leading eigenvalue is lambda_2 = 2 and its trace is tr C - lambda_1 = 7 - 4 = 3.
register(
    "mlapp-12.7",
    numeric([2.0, 3.0], atol=5e-4),
    hint="C~ keeps every eigenvector of C and sends lambda_1 to 0 (12.133); its eigenvalues are 0, lambda_2, ..., so "
    "its leading one is lambda_2 and its trace drops by lambda_1.",
    prompts=[
        "For C = [[3, 1, 0], [1, 3, 0], [0, 0, 1]]: the largest eigenvalue of the deflated matrix C̃:",
        "the trace of C̃:",
    ],
)

# Exercise 12.8 (latent semantic indexing) on the chapter's own corpus of 6 documents and 8 terms (the book's
# lsiMatrix is not shipped): terms 1-5 (abducted, abduction, alien, ufo, spacecraft) occur only in documents 4-6,
# terms 6-8 (stock, market, price) only in documents 1-3, so X is block diagonal and its singular vectors are those
# of the blocks. The finance block [[2, 1, 1], [1, 2, 1], [1, 1, 2]] has singular values 4, 1, 1; the alien block's
# Gram matrix [[7, 4, 4], [4, 6, 4], [4, 4, 4]] has trace 17 and largest eigenvalue >= 7 > 1, so its second one is
# <= 10 < 16: the rank-2 SVD keeps the leading direction of each block. Its alien direction has entries of one
# sign (Perron-Frobenius), so documents 4-6 and the query "abducted" (documents 5 and 6 contain it, document 4
# does not) lie on the same axis: cosine 1 with documents 4, 5 and 6, and 0 with documents 1-3.
# The answer is the three documents (in any order) and the rank-2 cosine of document 4, which does not contain the
# word. Without the SVD the answer cannot be reached: in the raw term space only documents 5 and 6 have a non-zero
# cosine, the third place is a four-way tie at 0 (an index-order tie-break gives document 1, a reversed one
# document 4), and document 4's cosine there is 0, not 1.
_LSI_12_8 = numeric([4.0, 5.0, 6.0, 1.0], atol=1e-3)


def _check_12_8(answer):
    got = np.asarray(answer, dtype=float).ravel()
    if got.size == 4:
        got = np.concatenate([np.sort(got[:3]), got[3:]])  # the documents in any order
    return _LSI_12_8(got)


_check_12_8.quiz_values = _LSI_12_8.quiz_values

register(
    "mlapp-12.8",
    _check_12_8,
    hint="in the rank-2 space each topic block is a single axis; the query 'abducted' lands on the alien axis, where "
    "every alien document lies, whether or not it contains the word.",
    prompts=[
        "The three best matches to the query 'abducted', by increasing document number: the first document",
        "the second document",
        "the third document",
        "the cosine, in the rank-2 space, between the query and document 4 (which does not contain 'abducted'):",
    ],
)

# Exercise 12.10: W = (1, 1)^T, sigma^2 = 1, mu = 0, x = (1, 1). M = W^T W + sigma^2 = 3; by the matrix inversion and
# determinant lemmas C^{-1} = (I - W W^T / 3) and |C| = sigma^{2(D - L)} |M| = 3, so x^T C^{-1} x = 2 - 4/3 = 2/3
# and log p(x) = -log(2 pi) - log(3)/2 - 1/3.
# The exact value, -2.720517..., lies 1.7e-5 from the 3-decimal rounding boundary -2.7205, so the answer is asked to
# 4 decimals (-2.7205, 3.3e-5 from the nearest 4-decimal boundary) and accepted within half a unit of the 4th.
_LOGP_12_10 = -math.log(2.0 * math.pi) - 0.5 * math.log(3.0) - 1.0 / 3.0  # -2.720517

register(
    "mlapp-12.10",
    numeric(_LOGP_12_10, atol=5e-5),
    hint="C^{-1} = sigma^{-2} (I - W M^{-1} W^T) with M = W^T W + sigma^2 I, and |C| = sigma^{2(D-L)} |M|; then "
    "log p = -(D/2) log 2 pi - (1/2) log|C| - (1/2) x^T C^{-1} x.",
    prompts=["log p(x) for x = (1, 1), μ = 0, W = (1, 1)ᵀ, σ² = 1 (4 decimals):"],
)
# ------------------------------------------------------------------ §12.2-12.3 exercises (PCA, PPCA): end

# ------------------------------------------------------------------ §12.6 exercises (ICA): begin
# None of MLAPP's ch. 12 exercises is about ICA, so these are our own (ids companion-12.61 to 12.65).
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
    numeric(2.0 / math.sqrt(6.0), atol=5e-4),
    hint="the diagonal of I + E[phi(y) y^T] = 0 with phi = (log p)'; for the Laplace density phi(y) y = -sqrt(2) |y|.",
    prompts=["the scale a at which the Laplace model's fixed-point condition holds:"],
)

# companion-12.65: FastICA's update (12.108) for the kurtosis contrast G(u) = u^4 / 4, g = u^3, g' = 3 u^2. On white
# data E[g'(v^T x)] = 3 E[(v^T x)^2] = 3 ||v||^2, so v* = E[x (v^T x)^3] - 3 ||v||^2 v. If x = z, independent, zero
# mean, unit variance and symmetric: E[z_i (v^T z)^3] = v_i^3 mu_4,i + 3 v_i sum_{k != i} v_k^2, hence
# v*_i = (mu_4,i - 3) v_i^3 = kurt(z_i) v_i^3. Uniform sources (kurt = -6/5), v = (0.8, 0.6):
# v* = -1.2 (0.512, 0.216) = (-0.6144, -0.2592).
register(
    "companion-12.65",
    numeric([-1.2 * 0.8**3, -1.2 * 0.6**3], atol=5e-4),
    hint="with g(u) = u^3, expand E[z_i (v^T z)^3]: only the terms with even powers of every source survive; "
    "E[g'(v^T z)] = 3 ||v||^2 on white data.",
    prompts=["v*₁ for v = (0.8, 0.6):", "v*₂ for v = (0.8, 0.6):"],
)
# ------------------------------------------------------------------ §12.6 exercises (ICA): end

# ------------------------------------------------------- §12.4-12.5 companion exercises (paired views): begin
# MLAPP has no exercises for §12.4-12.5; these are the companion's own.

# companion-12.30: supervised PCA (12.75)-(12.78) with L = 1, D = 2, W_x = (1, 1)^T, sigma_x^2 = 1, w_y = 2,
# sigma_y^2 = 1/2. C^{-1} = 1 + W_x^T W_x / sigma_x^2 = 3, so C = 1/3; w = Psi^{-1} W_x C w_y = (2/3, 2/3) and the
# predictive variance is sigma_y^2 + w_y^T C w_y = 1/2 + 4/3 = 11/6.
register(
    "companion-12.30",
    numeric([2.0 / 3.0, 2.0 / 3.0, 11.0 / 6.0], atol=1e-3),
    hint="C^{-1} = I + W_x^T Psi^{-1} W_x is a 1 x 1 number here; then w = Psi^{-1} W_x C w_y and the variance is "
    "sigma_y^2 + w_y^T C w_y (12.78).",
    prompts=[
        "Supervised PCA with W_x = (1, 1)ᵀ, σx² = 1, w_y = 2, σy² = 1/2: the first entry of w in (12.78)",
        "the second entry of w",
        "the variance of y | x",
    ],
)

# companion-12.31: x = (x1, x2) with independent unit-variance entries and y = x1 + x2 + e, Var(e) = 2. With one
# y-variable the first canonical correlation is the multiple correlation: rho^2 = S_yx S_xx^{-1} S_xy / S_yy
# = (1, 1) I (1, 1)^T / 4 = 1/2, so rho = 1/sqrt(2).
register(
    "companion-12.31",
    numeric(1.0 / math.sqrt(2.0), atol=1e-3),
    hint="with a single y the canonical correlation is max_a corr(a^T x, y), the multiple correlation: "
    "rho^2 = S_yx S_xx^{-1} S_xy / S_yy.",
    prompts=["The population canonical correlation between x = (x1, x2) and y = x1 + x2 + e, Var(e) = 2:"],
)

# companion-12.32: probabilistic CCA (12.89)-(12.94) with one-dimensional views of unit variance and correlation
# 0.8. Bach and Jordan's MLE with M_x = M_y = sqrt(rho): W_x = W_y = sqrt(0.8), so W_x W_y = 0.8 (the covariance)
# and Psi_x = 1 - W_x^2 = 0.2.
register(
    "companion-12.32",
    numeric([0.8, 0.2], atol=1e-3),
    hint="W_x = S_xx U_x M_x with U_x = 1 (unit variance) and M_x M_y = rho; Psi_x = S_xx - W_x W_x^T.",
    prompts=[
        "Probabilistic CCA of two unit-variance scalars with correlation 0.8: the product W_x W_y",
        "the noise variance Ψ_x",
    ],
)

# companion-12.33: PLS with one response (PLS1) on centred data, no scaling: the first weight vector is the unit
# vector along X^T y. X = [[1, 0], [-1, 0], [0, 2], [0, -2]], y = (1, -1, 2, -2): X^T y = (2, 8), so
# w = (2, 8) / sqrt(68) = (0.2425, 0.9701).
register(
    "companion-12.33",
    numeric([2.0 / math.sqrt(68.0), 8.0 / math.sqrt(68.0)], atol=1e-3),
    hint="the first PLS direction maximises cov(Xw, y) over unit w: w is proportional to X^T y.",
    prompts=["The first PLS weight vector w (unit length): its first entry", "its second entry"],
)
# ------------------------------------------------------- §12.4-12.5 companion exercises (paired views): end
