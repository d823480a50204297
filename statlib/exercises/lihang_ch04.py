"""Li Hang ch. 4 (naive Bayes): exercises 4.1 and 4.2 are derivations; each gets a numeric self-check."""

import numpy as np

from ._checkers import numeric
from ._registry import register


def _table_4_1_max_log_likelihood():
    """The log-likelihood of Table 4.1 at the maximum-likelihood estimates (4.8)-(4.9), from counts alone."""
    x1 = np.array([1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3])
    x2 = np.array(list("SMMSSSMMLLLMMLL"))
    y = np.array([-1, -1, 1, 1, -1, -1, -1, 1, 1, 1, 1, 1, 1, 1, -1])
    total = 0.0
    for c in (1, -1):
        n_c = np.sum(y == c)
        total += n_c * np.log(n_c / len(y))
        for column in (x1, x2):
            _, counts = np.unique(column[y == c], return_counts=True)
            total += np.sum(counts * np.log(counts / n_c))
    return total


# 4.1: derive (4.8)-(4.9). Self-check: the largest log-likelihood the naive Bayes model reaches on Table 4.1.
register(
    "lihang-4.1",
    numeric(_table_4_1_max_log_likelihood(), atol=1e-4),
    hint="at the maximum, log L = sum_k N_k log(N_k / N) + sum_j sum_k sum_l N_jlk log(N_jlk / N_k); use the counts "
    "of Table 4.1 (natural logarithm).",
    prompts=["The maximised log-likelihood of the naive Bayes model on Table 4.1 (natural log, 4 decimals):"],
)

# 4.2: derive (4.10)-(4.11). Self-check: the estimate (4.10) with lambda = 1/2 of P(X(2) = S | Y = 1) on Table 4.1.
register(
    "lihang-4.2",
    numeric(1.0 / 7.0, atol=1e-6),
    hint="(4.10) with N_jlk = 1 (one S among the nine points of class 1), N_k = 9, S_j = 3 and lambda = 1/2.",
    prompts=["P_λ(X(2) = S | Y = 1) on Table 4.1 with λ = 1/2 (as a decimal):"],
)
