"""Li Hang ch. 8 (boosting): checkers for Exercises 8.1 and 8.2."""

import numpy as np

from ._checkers import numeric
from ._registry import register

# Exercise 8.1 under the conventions stated in the chapter: stumps x < v -> s on each feature, v
# halfway between consecutive distinct values, the constant classifiers +1 and -1 allowed too,
# ties to the first candidate (feature order, increasing v, s = +1 first, constants last); stop at
# the first round with no training error. The answer is alpha_1, ..., alpha_M to 4 decimals.
_ALPHAS_8_1 = [0.6931, 0.7332, 0.4993, 0.5816, 0.5319, 0.5455]

register(
    "lihang-8.1",
    numeric(_ALPHAS_8_1, atol=6e-4),
    hint="with the chapter's conventions round 1 picks a constant classifier (error 0.2, so alpha_1 = "
    "ln(4)/2); give all the alphas up to the first round whose sign f(x) makes no training mistake.",
    prompts=[f"alpha_{m} (four decimals)" for m in range(1, len(_ALPHAS_8_1) + 1)],
)

# Exercise 8.2 (our computable part): hinge (SVM), exponential (AdaBoost) and logistic (logistic
# regression, natural log) losses at the margin y f(x) = -1.
_Z = -1.0
register(
    "lihang-8.2",
    numeric([max(0.0, 1.0 - _Z), np.exp(-_Z), np.log1p(np.exp(-_Z))], atol=1e-3),
    hint="as functions of the margin z = y f(x): hinge max(0, 1 - z), exponential exp(-z), logistic "
    "log(1 + exp(-z)); evaluate each at z = -1 and give them in that order.",
    prompts=[
        "hinge loss at y f(x) = -1",
        "exponential loss at y f(x) = -1",
        "logistic loss (natural log) at y f(x) = -1",
    ],
)
