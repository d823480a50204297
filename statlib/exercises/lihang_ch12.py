"""Li Hang ch. 12 (summary): the source has no exercises; these are ours, on its losses and strategies.

Only exercises whose answer is a value have a checker; the discussion exercises of the chapter
(classification as tagging, convexity) are derivations with worked solutions.
"""

import numpy as np

from ._checkers import numeric
from ._registry import register

# A point with margin y f(x) = 0.5: hinge 0.5, logistic (natural log) log(1 + e^-0.5), exponential e^-0.5.
register(
    "companion-12.1",
    numeric([0.5, np.log1p(np.exp(-0.5)), np.exp(-0.5)], atol=1e-4),
    hint="evaluate (12.1)-(12.3) at y f(x) = 0.5: max(0, 1 - m), log(1 + exp(-m)), exp(-m).",
    prompts=["hinge loss at margin 0.5", "logistic loss (natural log) at margin 0.5", "exponential loss at margin 0.5"],
)

# c log(1 + e^-m) >= 1[m < 0] for all m: for m < 0 the natural-log logistic loss decreases towards log 2 as
# m -> 0-, so c log 2 >= 1 and the smallest c is 1 / log 2 = log2(e), the base-2 logistic loss.
register(
    "companion-12.2",
    numeric(1 / np.log(2), atol=1e-3),
    hint="the 0-1 loss is 1 for every m < 0; where on m < 0 is log(1 + exp(-m)) smallest?",
    prompts=["the smallest c"],
)

# Counts (3, 1, 0) under a symmetric Dirichlet(2) prior: the log posterior is sum_k (N_k + 1) log p_k, so
# the MAP estimate is (N_k + 1) / (N + 3) = (4, 2, 1) / 7, Laplace smoothing (4.10) with lambda = 1.
register(
    "companion-12.3",
    numeric([4 / 7, 2 / 7, 1 / 7], atol=1e-3),
    hint="maximise sum_k (N_k + a - 1) log p_k subject to sum_k p_k = 1: p_k is proportional to N_k + a - 1.",
    prompts=["MAP estimate of p1", "MAP estimate of p2", "MAP estimate of p3"],
)

# A N(0, sigma^2 I) prior adds ||w||^2 / (2 sigma^2) to the summed loss; divided by N it is (12.4) with
# lambda = 1 / (2 sigma^2 N) = 1 / (2 * 0.5 * 200).
register(
    "companion-12.4",
    numeric(1 / (2 * 0.5 * 200), atol=1e-6),
    hint="-log N(w; 0, sigma^2 I) = ||w||^2 / (2 sigma^2) + const; divide the whole objective by N.",
    prompts=["lambda in (12.4) for N = 200 and sigma^2 = 0.5"],
)
