"""Li Hang ch. 22 (summary of unsupervised learning): the chapter has no exercises; these are the companion's.

The answers are worked out by hand in the chapter's solutions. D below is the 3 x 2 word-document matrix
D = [[2, 0], [1, 1], [0, 2]] (three words, two documents).
"""

import math

from ._checkers import numeric
from ._registry import register

# companion-22.1: D^T D = [[5, 1], [1, 5]] has eigenvalues 6 and 4, so sigma_1^2 = 6, sigma_2^2 = 4. The best rank-1
# approximation (LSA, one topic) leaves sigma_2^2 = 4 (Eckart-Young). D is non-negative, so its leading singular
# vectors can be taken non-negative (Perron-Frobenius for D^T D and D D^T): the rank-1 SVD is itself a feasible
# rank-1 NMF, and NMF cannot do better than the unconstrained optimum. Both losses are 4.
register(
    "companion-22.1",
    numeric([4.0, 4.0], atol=1e-6),
    hint="the rank-1 squared loss is the sum of the discarded squared singular values; find them from D^T D. "
    "Then ask whether the best rank-1 factors can be chosen non-negative.",
    prompts=["Smallest ||D - UV||²_F with one topic, LSA:", "Smallest ||D - UV||²_F with one topic, NMF:"],
)

# companion-22.2: with D normalised to sum 1 (P = D / 6) and one topic, UV = p(w) p(d)^T, and the PLSA loss is
# minimised at the product of the margins (1/3 each word, 1/2 each document): min KL = I(W; D) = 2/3 log 2.
register(
    "companion-22.2",
    numeric(2 / 3 * math.log(2), atol=1e-4),
    hint="with one topic the model is P(w, d) = P(w) P(d); the KL divergence from the normalised D is smallest at "
    "the margins of D, where it equals the mutual information of words and documents.",
    prompts=["Smallest sum_mn p_mn log(p_mn / (UV)_mn) with one topic, V scaled by the document margin (natural log):"],
)

# companion-22.4: the power iteration's error shrinks at least by the damping factor d per step (ch. 21), so
# d^t <= 1e-8 needs t >= log(1e-8) / log(0.85) = 113.35...: 114 iterations.
register(
    "companion-22.4",
    numeric(114, atol=0.5),
    hint="the error after t steps is at most d^t times the first one; solve d^t <= 1e-8 for the smallest integer t.",
    prompts=["Iterations guaranteed to cut the L1 error by 10⁻⁸ at d = 0.85:"],
)
