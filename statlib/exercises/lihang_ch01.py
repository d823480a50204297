"""Li Hang ch. 1 (introduction): the values of exercise 1.1, and two of ours (exercise 1.2 is a proof).

Exercise 1.2 asks for a proof and has no checker; companion-1.2 asks for the values that its argument
predicts on the Bernoulli data of exercise 1.1.
"""

import numpy as np

from ._checkers import numeric
from ._registry import register

# 1.1: n = 10 Bernoulli trials with k = 7 ones, prior Beta(2, 2).
# MLE k/n; posterior Beta(k + a, n - k + b): mean (k + a)/(n + a + b), mode (k + a - 1)/(n + a + b - 2).
register(
    "lihang-1.1",
    numeric([7 / 10, 9 / 14, 8 / 12], atol=1e-4),
    hint="the likelihood is p^k (1 - p)^(n - k); with a Beta(a, b) prior the posterior is Beta(k + a, n - k + b), "
    "whose mean is (k + a)/(n + a + b) and whose mode is (k + a - 1)/(n + a + b - 2).",
    prompts=[
        "n = 10, k = 7: the maximum likelihood estimate of p",
        "with a Beta(2, 2) prior: the posterior mean",
        "with a Beta(2, 2) prior: the posterior mode (MAP estimate)",
    ],
)

# Ours, after 1.2: the empirical risk under log loss for the data of 1.1 is minimised at the MLE; its minimum
# value is the entropy of the empirical distribution, -(0.7 log 0.7 + 0.3 log 0.3).
register(
    "companion-1.2",
    numeric([0.7, -(0.7 * np.log(0.7) + 0.3 * np.log(0.3))], atol=1e-4),
    hint="the empirical risk is -(1/n) sum log P(y_i) = -(k/n) log p - (1 - k/n) log(1 - p); set its derivative to 0.",
    prompts=[
        "the p that minimises the empirical log-loss risk",
        "the minimal empirical risk (natural log, 4 decimals)",
    ],
)

# Ours: the least N for which the bound (1.33) with d = 100 and delta = 0.05 is at most 0.05.
register(
    "companion-1.1",
    numeric(1521, atol=0.5),
    hint="solve sqrt((log d + log(1/delta)) / (2N)) <= epsilon for N, and round up.",
    prompts=["the least N"],
)
