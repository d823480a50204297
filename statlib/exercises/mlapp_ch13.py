"""MLAPP ch. 13 (sparse linear models): exercises of sections 13.3-13.4 (13.1, 13.6, 13.8, 13.9, 13.11, 13.12,
13.13) and one of ours.

Expected values are derived by hand (the chapter's solutions show the derivations):

* 13.1: for X = [[1, 2], [0, 1], [1, 0]], y = (1, 2, 3) and w_2 = 0.5 held fixed, the partial residual is
  r_1 = y - 0.5 x_2 = (0, 1.5, 3), so w_1 = x_1^T r_1 / ||x_1||^2 = 3 / 2 = 1.5 (13.184); a_1 = 2 ||x_1||^2 = 4
  and c_1 = 2 x_1^T r_1 = 6 (13.182)-(13.183).
* 13.6: with unit-norm orthogonal columns and c_k = 2 y^T x_k, (13.61)-(13.63) give OLS w = c_k / 2 (slope
  1/2), ridge w = c_k / (2 (1 + lambda_2)) (a smaller slope, never zero) and the lasso
  w = sign(c_k) (|c_k| - lambda_1)_+ / 2 (zero for |c_k| <= lambda_1, then slope 1/2). The chapter's redrawn
  figure uses lambda_1 = 1 (the lasso curve leaves zero at c_k = 1) and lambda_2 = 1 (the ridge slope is 1/4).
* 13.8: for the Laplace prior p(w) = (gamma / 2) exp(-gamma |w|), pi(w) = gamma |w| + const, pi'(w) = gamma and
  E[1 / tau^2 | w] = gamma / |w| (13.91), (13.197): 4 for gamma = 2, w = 0.5.
* 13.9: the probit E-step needs the mean of the latent z_i ~ N(mu_i, 1) truncated to z_i > 0 (y_i = 1), which
  is mu_i + phi(mu_i) / Phi(mu_i); at mu_i = 0 it is phi(0) / (1/2) = sqrt(2 / pi) = 0.7979.
* 13.11: the answer is the minimiser of RSS(theta) + lam ||theta||_1 on the data of
  ``load_example("mlapp", "exercise-13.11")``; any method that reaches it is accepted.
* 13.12: f(x) = max(0, 1 - x) has slope -1 left of 1 and 0 right of it: df(0) = {-1}, df(1) = [-1, 0],
  df(2) = {0}; each subdifferential is given as an interval (low, high).
* 13.13: for f(x) = x^2 at x = 3 the tangent f(3) + f'(3)(z - 3) = 6 z - 9 is a global lower bound.
* companion-13.1: on the standardised prostate training data (67 cases) with y centred, lambda_max in the
  scale of 1/2 RSS + lambda ||w||_1 is max_j |x_j^T y| = 58.4439 (the first breakpoint of Listing 13.1); in
  MLAPP's scale RSS + lambda ||w||_1 it is twice that, 116.8878, and in scikit-learn's alpha scale
  58.4439 / 67 = 0.8723.
"""

import numpy as np

from ._checkers import numeric, predicate
from ._registry import register

register(
    "mlapp-13.1",
    numeric([4.0, 6.0, 1.5], atol=1e-6),
    hint="a_1 = 2 ||x_1||^2; the partial residual is r_1 = y - w_2 x_2; c_1 = 2 x_1^T r_1 and w_1 = c_1 / a_1.",
    prompts=["a₁:", "c₁:", "the minimising w₁:"],
)

register(
    "mlapp-13.6",
    numeric([1.0, 1.0], atol=0.05),
    hint="the lasso curve is zero for |c_k| <= lambda_1; the ridge curve is a line of slope 1 / (2 (1 + lambda_2)).",
    prompts=["λ₁ (lasso):", "λ₂ (ridge):"],
)

register(
    "mlapp-13.8",
    numeric(4.0, atol=1e-6),
    hint="for the Laplace prior pi(w) = gamma |w| + const, so pi'(w) = gamma; divide by |w|.",
    prompts=["E[1/τ² | w] for γ = 2, w = 0.5:"],
)


register(
    "mlapp-13.9",
    numeric(np.sqrt(2 / np.pi), atol=5e-4),
    hint="z_i given y_i = 1 is N(mu_i, 1) truncated to z_i > 0; its mean is mu_i + phi(mu_i) / Phi(mu_i).",
    prompts=["E[z_i | y_i = 1, μ_i = 0]:"],
)


def _bpdn_13_11(answer):
    from ..datasets import load_example
    from ..linear_model import Lasso

    d = load_example("mlapp", "exercise-13.11")
    theta = np.asarray(answer, dtype=float)
    if theta.shape != (d.X.shape[1],):
        return False, f"give theta as a vector of {d.X.shape[1]} numbers."
    n = len(d.y)
    best = Lasso(alpha=d.lam / (2 * n), fit_intercept=False, tol=1e-12, max_iter=100_000).fit(d.X, d.y).coef_

    def objective(w):
        return float(np.sum((d.y - d.X @ w) ** 2) + d.lam * np.abs(w).sum())

    if np.allclose(theta, best, atol=1e-4):
        return True, ""
    gap = objective(theta) - objective(best)
    return False, f"theta is not the minimiser: its objective is {gap:.4g} above the optimum."


register(
    "mlapp-13.11",
    predicate(_bpdn_13_11, success="that minimises RSS + lam ||theta||_1 (to 1e-4)."),
    hint="project onto theta_plus, theta_minus >= 0 after each gradient step of the QP; theta = theta_plus - "
    "theta_minus. Run enough iterations with a step of at most 1 / (4 ||X||_2^2), the inverse Lipschitz constant "
    "of the gradient of ||y - [X, -X] z||^2.",
)

register(
    "mlapp-13.12",
    numeric([[-1.0, -1.0], [-1.0, 0.0], [0.0, 0.0]], atol=1e-9),
    hint="left of x = 1 the hinge has slope -1, right of it slope 0; at the kink the subdifferential is the "
    "interval between the two one-sided slopes. Give each as (low, high).",
    prompts=["∂f(0): low", "∂f(0): high", "∂f(1): low", "∂f(1): high", "∂f(2): low", "∂f(2): high"],
)

register(
    "mlapp-13.13",
    numeric([6.0, -9.0], atol=1e-6),
    hint="take a (sub)gradient g of f at x: z -> f(x) + g (z - x) lies below a convex f everywhere.",
    prompts=["slope of the affine lower bound of x² at x = 3:", "its intercept:"],
)

register(
    "companion-13.1",
    numeric(0.8723, atol=5e-5),
    hint="lambda_max = max_j |x_j^T y| on centred data (13.57) in the 1/2 RSS scale; scikit-learn's alpha divides "
    "the loss by n as well.",
    prompts=["α_max (scikit-learn's scale) for the prostate training data:"],
)
