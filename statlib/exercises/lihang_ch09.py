"""Li Hang ch. 9 (EM): checkers for Exercises 9.1-9.4.

The expected values were derived by hand in exact arithmetic (9.1, 9.2, 9.4) and with
scikit-learn's GaussianMixture from the stated start (9.3); ``tests/test_mixture.py`` re-derives them.
"""

import math

import numpy as np

from ._checkers import numeric, predicate
from ._registry import register

# 9.1: from (0.46, 0.55, 0.67), mu = 1265/3074 for heads and 115/214 for tails; one EM step reaches
# the fixed point pi = 151915/328918, p = 3531/6605, q = 64521/98335.
register(
    "lihang-9.1",
    numeric([151915 / 328918, 3531 / 6605, 64521 / 98335], atol=1e-4),
    prompts=["The estimate of π (to 4 decimals)", "The estimate of p", "The estimate of q"],
    hint="run the E-step (9.5) for y = 1 and y = 0, then (9.6)-(9.8); after one iteration "
    "pi p + (1 - pi) q = 0.6 and EM stays put. Answer (pi, p, q).",
)

# 9.2: F(P_theta, theta) = log P(Y | theta); for Example 9.1's data at theta = (0.4, 0.6, 0.7),
# P(heads) = 0.4 * 0.6 + 0.6 * 0.7 = 0.66.
register(
    "lihang-9.2",
    numeric(6 * math.log(0.66) + 4 * math.log(0.34), atol=1e-4),
    prompts=["F(P̃_θ, θ) at θ = (0.4, 0.6, 0.7), natural logarithms (to 4 decimals)"],
    hint="with P~ = P(Z | Y, theta), write log P(Y, Z | theta) = log P(Y | theta) + log P(Z | Y, theta) "
    "inside F; the second term cancels the entropy. Six heads and four tails.",
)

# 9.3: from alpha = (0.5, 0.5), mu = (-67, 75), sigma^2 = (v, v) with v the variance of the data
# (1/N convention), EM converges to this maximum (answer order: alpha_1, mu_1, mu_2, sigma_1^2,
# sigma_2^2, component 1 the one with the smaller mean).
_EX_9_3 = np.array([0.133172, -57.51108, 32.98489, 90.24988, 429.45834])
_EX_9_3_TOL = np.array([1e-3, 1e-2, 1e-2, 0.1, 0.1])


def _check_9_3(answer):
    got = np.asarray(answer, dtype=float)
    if got.shape != (5,):
        return False, "give five numbers: (alpha_1, mu_1, mu_2, sigma_1^2, sigma_2^2)."
    if got[1] > got[2]:  # the other labelling: swap the components
        got = np.array([1.0 - got[0], got[2], got[1], got[4], got[3]])
    bad = np.abs(got - _EX_9_3) > _EX_9_3_TOL
    if not bad.any():
        return True, ""
    names = ["alpha_1", "mu_1", "mu_2", "sigma_1^2", "sigma_2^2"]
    return False, f"{', '.join(n for n, b in zip(names, bad) if b)} off."


register(
    "lihang-9.3",
    predicate(_check_9_3, success="that matches the maximum reached from the stated start."),
    hint="start from alpha = (0.5, 0.5), mu = (min y, max y) = (-67, 75), sigma^2 = (v, v) with v the "
    "variance of the 15 numbers (divide by N), and iterate Algorithm 9.2 until the log-likelihood stops "
    "changing. Answer (alpha_1, mu_1, mu_2, sigma_1^2, sigma_2^2).",
)

# 9.4: unsupervised naive Bayes on the inputs of Li Hang Table 4.1 (labels hidden), two classes,
# start P(c1) = 0.5, P(X1 = 1, 2, 3 | c1) = (0.5, 0.3, 0.2), P(X1 | c2) = (0.2, 0.3, 0.5),
# P(X2 = S, M, L | c1) = (0.5, 0.3, 0.2), P(X2 | c2) = (0.2, 0.3, 0.5). After one EM iteration:
# P(c1) = 17/35, P(X1 = 1 | c1) = 815/1479, P(X2 = S | c1) = 670/1479.
register(
    "lihang-9.4",
    numeric([17 / 35, 815 / 1479, 670 / 1479], atol=1e-4),
    prompts=["P(c1) after one iteration (to 4 decimals)", "P(x(1) = 1 | c1)", "P(x(2) = S | c1)"],
    hint="the E-step gives each sample a posterior P(c1 | x) proportional to P(c1) P(x1 | c1) P(x2 | c1); "
    "the M-step replaces every count of supervised naive Bayes (4.8)-(4.9) by a sum of these posteriors. "
    "Answer (P(c1), P(X1 = 1 | c1), P(X2 = S | c1)).",
)
