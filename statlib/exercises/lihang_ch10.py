"""Li Hang ch. 10 (hidden Markov models): exercises 10.1-10.5.

States in the answers use the book's 1-based names (q_1, q_2, q_3 -> 1, 2, 3). Exercises 10.1-10.5 also
work as static quizzes on the site (``prompts``; the path and identity checkers carry ``quiz_values``).
"""

import numpy as np

from ._checkers import numeric, predicate
from ._registry import register

# Exercise 10.1: P(O | lambda) for O = (red, white, red, white) under the model of Example 10.2.
_P_10_1 = 0.0600908

register(
    "lihang-10.1",
    numeric(_P_10_1, atol=5e-6),
    hint="run the backward recursion beta_t(i) = sum_j a_ij b_j(o_{t+1}) beta_{t+1}(j) from beta_4 = 1, "
    "then P = sum_i pi_i b_i(o_1) beta_1(i); give at least five significant digits.",
    prompts=[
        "P(O | λ) for O = (red, white, red, white) under the model of Example 10.2 (at least 5 significant digits):"
    ],
)

register(
    "lihang-10.2",
    numeric(0.536952, atol=5e-4),
    hint="gamma_4(3) = alpha_4(3) beta_4(3) / P(O | lambda): run the forward pass to t = 4 and the backward "
    "pass down to t = 4, and divide by P(O | lambda) = sum_i alpha_8(i).",
    prompts=["P(i_4 = q_3 | O, λ) (3 decimals or more):"],
)


def _path_10_3(answer):
    path = np.asarray(answer).tolist()
    if path == [3, 2, 2, 2]:
        return True, ""
    if path == [2, 1, 1, 1]:
        return False, "those look like 0-based indices; name the states as the book does, 1, 2, 3."
    if len(path) != 4:
        return False, f"the path has T = 4 states, got {len(path)}."
    return False, "that is not the most probable path."


_checker_10_3 = predicate(_path_10_3, success="that matches: I* = (3, 2, 2, 2), with P* = 0.003024.")
_checker_10_3.quiz_values = [(3.0, 0.4), (2.0, 0.4), (2.0, 0.4), (2.0, 0.4)]  # whole numbers

register(
    "lihang-10.3",
    _checker_10_3,
    hint="keep delta_t(i) and Psi_t(i) for t = 1..4 as in Example 10.3, take the largest delta_4, then "
    "follow Psi back from it.",
    prompts=[f"i*_{t} (a state 1, 2 or 3):" for t in range(1, 5)],
)


def _identity_10_4(answer):
    values = np.asarray(answer, dtype=float)
    if values.shape != (3,):
        return False, "give the three sums, for t = 1, 2, 3 (shape (3,))."
    if np.allclose(values, _P_10_1, rtol=1e-6, atol=0.0):
        return True, ""
    return False, "each sum should be the same number, P(O | lambda) of Exercise 10.1."


_checker_10_4 = predicate(_identity_10_4, success="the sum is the same for every t: it is P(O | lambda) = 0.0600908.")
_checker_10_4.quiz_values = [(_P_10_1, 1e-6 * _P_10_1)] * 3

register(
    "lihang-10.4",
    _checker_10_4,
    hint="for each t compute sum_i sum_j alpha_t(i) a_ij b_j(o_{t+1}) beta_{t+1}(j) with the alpha and beta "
    "of Exercise 10.1 (0-based rows t-1 and t).",
    prompts=[f"The double sum at t = {t} (7 significant digits):" for t in (1, 2, 3)],
)


# Exercise 10.5, computed: the same trellis of Example 10.2 (O = red, white, red) summed and maximised. The
# total P(O | lambda) = 0.130218 is printed in Example 10.2, the best path's P* = 0.0147 in Example 10.3.
register(
    "lihang-10.5",
    numeric([0.0147, 0.130218], atol=5e-5),
    hint="run the forward recursion (10.15)-(10.17) and Algorithm 10.5's recursion side by side on Example 10.2: "
    "the final delta's largest entry is P*, the final alphas' sum is P(O | lambda); the second is larger, since "
    "it adds every path's probability.",
    prompts=[
        "Example 10.2: P* (the probability of the single best state path, 4 decimals)",
        "Example 10.2: P(O | λ) (the total over all state paths, 4 decimals or more)",
    ],
)
