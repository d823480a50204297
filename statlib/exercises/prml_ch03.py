"""PRML section 3.1 (linear basis function models): checkers for the chapter's exercises.

PRML's exercises 3.1-3.6 belong to section 3.1. Two have an answer that is a value and are checked here (3.1 in
two parts):

* prml-3.1: tanh(a) = 2 sigma(2a) - 1, so (A, B, C) = (2, 2, -1) in tanh(a) = A sigma(B a) + C with A, B > 0.
  Without the signs the answer is not unique: since sigma(-a) = 1 - sigma(a), also tanh(a) = -2 sigma(-2a) + 1,
  and the limits a -> +-infinity and the slope at 0 show that these two triples are the only ones. The checker
  recognises (-2, -2, 1) and explains why it is not the triple asked for.
* prml-3.1b: its second half on one instance, w = (0.3, -1.2, 2.0, 0.7): u_0 = w_0 + (1/2) sum_j w_j = 1.05 and
  u_j = w_j / 2 = (-0.6, 1.0, 0.35).
* prml-3.6: with noise covariance Sigma (any positive definite matrix), the log-likelihood is a constant minus
  (1/2) sum_n (t_n - W^T phi_n)^T Sigma^{-1} (t_n - W^T phi_n); its gradient in W vanishes at
  Phi^T Phi W = Phi^T T whatever Sigma is: True.

Exercises 3.2-3.5 are derivations (no value to check). The chapter adds three exercises of its own, with
answers derived by hand (the chapter's solutions show each step), each value asked for to 3 decimals (atol 1e-3):

* companion-3.11: Phi = [[1, 0], [1, 1], [1, 2]], t = (1, 2, 4): Phi^T Phi = [[3, 3], [3, 5]], Phi^T t = (7, 10), so
  w_ML = (1/6)[[5, -3], [-3, 3]] (7, 10) = (5/6, 3/2); the residual is (1/6, -1/3, 1/6) and
  1/beta_ML = (1/36 + 1/9 + 1/36) / 3 = 1/18 (3.21), beta_ML = 18.
* companion-3.12: same Phi: ||phi_n||^2 = 1, 2, 5, so every step contracts for eta < 2/5; R = Phi^T Phi / 3 =
  [[1, 1], [1, 5/3]] has lambda_max = (4 + sqrt(10)) / 3 and 2 / lambda_max = 6 / (4 + sqrt(10)).
* companion-3.13: Phi^T Phi = I, z = Phi^T t = (3, -0.5, 1.2), lambda = 2: ridge (3.28) gives z / (1 + lambda) =
  (1, -1/6, 0.4); the q = 1 penalty of (3.29), (lambda/2) sum |w_j|, gives the soft threshold
  sign(z_j) max(|z_j| - lambda/2, 0) = (2, 0, 0.2).
"""

import numpy as np

from ._checkers import exact, numeric
from ._registry import register

_tanh_triple = numeric([2.0, 2.0, -1.0], atol=1e-6)
_tanh_mirror = numeric([-2.0, -2.0, 1.0], atol=1e-6)  # tanh(a) = -2 sigma(-2a) + 1, the triple with B < 0


def _check_prml_3_1(answer):
    correct, message = _tanh_triple(answer)
    if not correct and _tanh_mirror(answer)[0]:
        return False, (
            "that is also an identity, since sigma(-a) = 1 - sigma(a), but the exercise asks for the triple "
            "with A, B > 0."
        )
    return correct, message


_check_prml_3_1.quiz_values = _tanh_triple.quiz_values

register(
    "prml-3.1",
    _check_prml_3_1,
    hint="write tanh(a) = (e^a - e^-a) / (e^a + e^-a), multiply top and bottom by e^-a, and compare with "
    "sigma(2a) = 1 / (1 + e^{-2a}).",
    prompts=["A > 0 in tanh(a) = A σ(B a) + C:", "B > 0:", "C:"],
)

# prml-3.1b: the second half of Exercise 3.1 on one instance. sigma(a) = (1 + tanh(a / 2)) / 2, so each term
# w_j sigma((x - mu_j) / s) is w_j / 2 + (w_j / 2) tanh((x - mu_j) / (2 s)): u_j = w_j / 2 and
# u_0 = w_0 + (1/2) sum_j w_j. For w = (0.3, -1.2, 2.0, 0.7): u = (0.3 + 1.5 / 2, -0.6, 1.0, 0.35) = (1.05, ...).
register(
    "prml-3.1b",
    numeric([1.05, -0.6, 1.0, 0.35], atol=1e-3),
    hint="use sigma(a) = (1 + tanh(a / 2)) / 2: each sigmoid term w_j sigma(.) gives w_j / 2 to the constant and "
    "w_j / 2 times a tanh.",
    prompts=["u₀ (3 decimals):", "u₁ (3 decimals):", "u₂ (3 decimals):", "u₃ (3 decimals):"],
)

register(
    "prml-3.6",
    exact(True),
    hint="differentiate (1/2) sum_n (t_n - W^T phi_n)^T Sigma^{-1} (t_n - W^T phi_n) with respect to W and "
    "multiply the stationarity condition by Sigma on the right.",
    prompts=["With a full noise covariance Σ, is W_ML still (Φᵀ Φ)⁻¹ Φᵀ T?"],
)

register(
    "companion-3.11",
    numeric([5 / 6, 1.5, 18.0], atol=1e-3),
    hint="solve the normal equations Phi^T Phi w = Phi^T t (3.15) with Phi^T Phi = [[3, 3], [3, 5]] and "
    "Phi^T t = (7, 10); then 1/beta_ML is the mean squared residual (3.21).",
    prompts=["w₀ of w_ML (3 decimals):", "w₁ of w_ML (3 decimals):", "β_ML (3 decimals):"],
)

register(
    "companion-3.12",
    numeric([0.4, 6 / (4 + np.sqrt(10))], atol=1e-3),
    hint="the per-step bound is 2 / max_n ||phi_n||^2 with phi_n = (1, x_n); for the mean dynamics take the "
    "largest eigenvalue of R = Phi^T Phi / N (trace 8/3, determinant 2/3).",
    prompts=[
        "bound on η below which every step contracts, 2 / max‖φₙ‖² (3 decimals):",
        "2 / λ_max(R) (3 decimals):",
    ],
)

register(
    "companion-3.13",
    numeric([1.0, -1 / 6, 0.4, 2.0, 0.0, 0.2], atol=1e-3),
    hint="with Phi^T Phi = I the objectives separate into one scalar problem per weight: "
    "(1/2)(w - z)^2 + (lambda/2) w^2 for ridge, (1/2)(w - z)^2 + (lambda/2)|w| for q = 1.",
    prompts=[
        f"{name} (3 decimals):" for name in ("ridge w₁", "ridge w₂", "ridge w₃", "q = 1 w₁", "q = 1 w₂", "q = 1 w₃")
    ],
)
