"""Li Hang ch. 6 exercises: 6.1 (exponential family), 6.2 (gradient descent for logistic regression),
6.3 (DFP for the maximum entropy model)."""

import numpy as np

from ._checkers import numeric, predicate
from ._registry import register


def _log_partition(answer):
    if not callable(answer):
        return False, "enter a function A(eta), e.g. `lambda eta: ...`."
    grid = np.linspace(-6.0, 6.0, 25)
    try:
        got = np.array([float(answer(float(t))) for t in grid])
    except Exception as exc:  # the reader's function may raise anything
        return False, f"calling your function failed ({type(exc).__name__}: {exc})."
    expected = np.logaddexp(0.0, grid)
    if np.allclose(got, expected, atol=1e-8):
        return True, ""
    return False, "your A(eta) differs from the log-partition function of the Bernoulli family."


register(
    "lihang-6.1",
    predicate(
        _log_partition,
        success="that is the log-partition function; its derivative is the logistic "
        "function F(eta) of (6.1) with mu = 0, gamma = 1.",
    ),
    hint="write P(Y = y | x) = pi^y (1 - pi)^(1 - y) as exp(y eta - A(eta)) with eta = log(pi / (1 - pi)) = w . x.",
)

# Iris, versicolor (Y = 0) against virginica (Y = 1), petal length and width standardised with
# StandardScaler, L2 penalty with C = 1 (mean log-loss + ||w||^2 / (2 C N), intercept unpenalised):
# (w1, w2, b). The value is checked against scikit-learn in tests/test_logistic.py.
EXERCISE_6_2_ANSWER = np.array([2.0835871, 2.27052975, 0.16536694])

register(
    "lihang-6.2",
    numeric(EXERCISE_6_2_ANSWER, atol=1e-3),
    hint="descend on the mean negative log-likelihood plus w.w / (2 C N); its gradient is "
    "X^T (pi - y) / N + w / (C N), and the intercept is not penalised. Run until the gradient is below 1e-6.",
    prompts=[
        "w(1), the weight of standardised petal length (3 decimals)",
        "w(2), the weight of standardised petal width (3 decimals)",
        "b, the bias (3 decimals)",
    ],
)

register(
    "lihang-6.3",
    numeric(
        [
            0.9 - np.sqrt(0.51),
            np.sqrt(0.51) - 0.6,
            np.sqrt(0.51) - 0.4,
            (1.1 - np.sqrt(0.51)) / 2,
            (1.1 - np.sqrt(0.51)) / 2,
        ],
        atol=1e-5,
    ),
    hint="use the objective and gradient of algorithm 6.2, and the update (B.24) for G_k; the model must satisfy "
    "P(A) + P(B) = 3/10 and P(A) + P(C) = 1/2.",
    prompts=[f"P({v}) (6 decimals)" for v in "ABCDE"],
)
