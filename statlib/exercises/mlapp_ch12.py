"""MLAPP ch. 12 (latent linear models): the exercises of §12.2-12.3 (PCA, PPCA, choosing L).

The expected values are derived by hand in the chapter's solutions, not read off statlib's output. The worked
covariance matrix is C = [[3, 1, 0], [1, 3, 0], [0, 0, 1]]: its eigenvalues are 4, 2, 1 with eigenvectors
(1, 1, 0)/sqrt 2, (1, -1, 0)/sqrt 2 and (0, 0, 1).
"""

import math

from ._checkers import numeric
from ._registry import register

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
# lsiMatrix is not shipped): terms 1-5 (abducted, abduction, alien, ufo, spacecraft) occur only in documents 1-3,
# terms 6-8 (stock, market, price) only in documents 4-6, so X is block diagonal and its singular vectors are those
# of the blocks. The finance block [[2, 1, 1], [1, 2, 1], [1, 1, 2]] has singular values 4, 1, 1; the alien block's
# Gram matrix [[7, 4, 4], [4, 6, 4], [4, 4, 4]] has trace 17 and largest eigenvalue >= 7 > 1, so its second one is
# <= 10 < 16: the rank-2 SVD keeps the leading direction of each block. Its alien direction has entries of one
# sign (Perron-Frobenius), so documents 1-3 and the query "abducted" (documents 2 and 3 contain it, document 1
# does not) lie on the same axis: cosine 1 with documents 1, 2 and 3, and 0 with documents 4-6.
register(
    "mlapp-12.8",
    numeric([1.0, 2.0, 3.0], atol=1e-6, unordered=True),
    hint="in the rank-2 space each topic block is a single axis; the query 'abducted' lands on the alien axis, where "
    "every alien document lies, whether or not it contains the word.",
    prompts=[
        "The three best matches to the query 'abducted', by increasing document number: the first document",
        "the second document",
        "the third document",
    ],
)

# Exercise 12.10: W = (1, 1)^T, sigma^2 = 1, mu = 0, x = (1, 1). M = W^T W + sigma^2 = 3; by the matrix inversion and
# determinant lemmas C^{-1} = (I - W W^T / 3) and |C| = sigma^{2(D - L)} |M| = 3, so x^T C^{-1} x = 2 - 4/3 = 2/3
# and log p(x) = -log(2 pi) - log(3)/2 - 1/3.
_LOGP_12_10 = -math.log(2.0 * math.pi) - 0.5 * math.log(3.0) - 1.0 / 3.0  # -2.72052

register(
    "mlapp-12.10",
    numeric(_LOGP_12_10, atol=5e-4),
    hint="C^{-1} = sigma^{-2} (I - W M^{-1} W^T) with M = W^T W + sigma^2 I, and |C| = sigma^{2(D-L)} |M|; then "
    "log p = -(D/2) log 2 pi - (1/2) log|C| - (1/2) x^T C^{-1} x.",
    prompts=["log p(x) for x = (1, 1), μ = 0, W = (1, 1)ᵀ, σ² = 1 (3 decimals):"],
)
# ------------------------------------------------------------------ §12.2-12.3 exercises (PCA, PPCA): end
