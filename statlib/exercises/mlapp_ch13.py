"""MLAPP ch. 13 (sparse linear models): exercises of section 13.2 (13.4, 13.7 and three of ours), of sections
13.5-13.6 (13.5, 13.10 and two of ours), of section 13.7 (13.2, 13.3) and of section 13.8 (four of ours), with
their derivations in the comments of their blocks, and of sections 13.3-13.4 (13.1, 13.6, 13.8, 13.9, 13.11,
13.12, 13.13) and one of ours.

Expected values are derived by hand (the chapter's solutions show the derivations):

* 13.1: for X = [[1, 2], [0, 1], [1, 0]], y = (1, 2, 3) and w_2 = 0.5 held fixed, the partial residual is
  r_1 = y - 0.5 x_2 = (0, 1.5, 3), so w_1 = x_1^T r_1 / ||x_1||^2 = 3 / 2 = 1.5 (13.184); a_1 = 2 ||x_1||^2 = 4
  and c_1 = 2 x_1^T r_1 = 6 (13.182)-(13.183).
* 13.6: with unit-norm orthogonal columns and c_k = 2 y^T x_k, (13.61)-(13.63) give OLS w = c_k / 2 (slope
  1/2), ridge w = c_k / (2 (1 + lambda_2)) (a smaller slope, never zero) and the lasso
  w = sign(c_k) (|c_k| - lambda_1)_+ / 2 (zero for |c_k| <= lambda_1, then slope 1/2). The chapter's redrawn
  figure uses lambda_1 = 1 (the lasso curve leaves zero at c_k = 1) and lambda_2 = 3 (the ridge slope is 1/8),
  two different values, so that an answer with the two swapped is refused. Part (a), which curve is which
  (mlapp-13.6a): solid (1) is least squares, dotted (2) the lasso, dashed (3) ridge; the answer lists the curve
  numbers of least squares, ridge and the lasso, in that order: (1, 3, 2).
* 13.8: for the Laplace prior p(w) = (gamma / 2) exp(-gamma |w|), pi(w) = gamma |w| + const, pi'(w) = gamma and
  E[1 / tau^2 | w] = gamma / |w| (13.91), (13.197): 4 for gamma = 2, w = 0.5.
* 13.9: the probit E-step needs the mean of the latent z_i ~ N(mu_i, 1) truncated to z_i > 0 (y_i = 1), which
  is mu_i + phi(mu_i) / Phi(mu_i); at mu_i = 0 it is phi(0) / (1/2) = sqrt(2 / pi) = 0.79788..., asked to three
  decimals (0.798; the tolerance 5e-4 accepts 0.798 and refuses 0.80).
* 13.11: the answer is the minimiser of RSS(theta) + lam ||theta||_1 on the data of
  ``load_example("mlapp", "exercise-13.11")``; any method that reaches it is accepted, to three decimals (each
  coordinate within 1e-3 of the minimiser, so the minimiser rounded to 3 decimals passes). Solving the halved
  problem 1/2 RSS + lam ||theta||_1 instead moves a coordinate by 0.32 and is refused.
* 13.12: f(x) = max(0, 1 - x) has slope -1 left of 1 and 0 right of it: df(0) = {-1}, df(1) = [-1, 0],
  df(2) = {0}; each subdifferential is given as an interval (low, high).
* 13.13: for f(x) = x^2 at x = 3 the tangent f(3) + f'(3)(z - 3) = 6 z - 9 is a global lower bound.
* companion-13.1: on the standardised prostate training data (67 cases) with y centred, lambda_max in the
  scale of 1/2 RSS + lambda ||w||_1 is max_j |x_j^T y| = 58.4439 (the first breakpoint of Listing 13.1); in
  MLAPP's scale RSS + lambda ||w||_1 it is twice that, 116.8878, and in scikit-learn's alpha scale
  58.4439 / 67 = 0.87230 (0.872 to three decimals, the precision asked; the tolerance 5e-4 accepts 0.872 and
  0.8723, and refuses 58.44, 116.89 and 2 x 0.8723).
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
    "mlapp-13.6a",
    numeric([1.0, 3.0, 2.0], atol=0.25),
    hint="least squares is c_k / 2 (slope 1/2, never zero); ridge is a line through the origin with a smaller "
    "slope; the lasso is zero on a band around c_k = 0 and then parallel to least squares.",
    prompts=[
        "the number of the curve (1, 2 or 3) that is least squares:",
        "the number of the curve that is ridge regression:",
        "the number of the curve that is the lasso:",
    ],
)

register(
    "mlapp-13.6",
    numeric([1.0, 3.0], atol=0.05),
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
    prompts=["E[z_i | y_i = 1, μ_i = 0] (3 decimals or more):"],
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

    if np.allclose(theta, best, rtol=0.0, atol=1e-3):
        return True, ""
    gap = objective(theta) - objective(best)
    return False, f"theta is not the minimiser: its objective is {gap:.4g} above the optimum."


register(
    "mlapp-13.11",
    predicate(_bpdn_13_11, success="that minimises RSS + lam ||theta||_1 (to three decimals)."),
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
    numeric(58.4439 / 67, atol=5e-4),
    hint="lambda_max = max_j |x_j^T y| on centred data (13.57) in the 1/2 RSS scale; scikit-learn's alpha divides "
    "the loss by n as well.",
    prompts=["α_max (scikit-learn's scale) for the prostate training data (3 decimals or more):"],
)

# ------------------------------------------------------------------ §13.2 exercises (variable selection): begin
# Exercise 13.4: the g-prior marginal likelihood (13.190)-(13.191),
# p(D | gamma) ~ (1 + g)^{-D_g / 2} (2 b + S(gamma))^{-(2 a + N - 1) / 2}, S = y^T y - g / (1 + g) y^T H_g y.
# Numbers: N = 20, g = N = 20, a = b = 0, y^T y = 40 (centred); model 1 has D_g = 1 and RSS 20, so
# y^T H y = 20 and S_1 = 40 - (20/21) 20 = 20.952; model 2 has D_g = 2 and RSS 18, y^T H y = 22,
# S_2 = 40 - (20/21) 22 = 19.048. log p(D|2) - log p(D|1) = -(1/2) log 21 - (19/2) log(S_2 / S_1)
# = -1.5223 + 0.9054 = -0.6168. The tolerance 5e-3 accepts the answer to two decimals (-0.62) and refuses the
# plausible slips: N instead of N - 1 in the exponent (-0.569), S = RSS without the g/(1+g) shrinkage (-0.521).
register(
    "mlapp-13.4",
    numeric(-0.6168, atol=5e-3),
    hint="S(gamma) = y^T y - g/(1+g) (y^T y - RSS(gamma)); the log Bayes factor is "
    "-(D_2 - D_1)/2 log(1 + g) - (2a + N - 1)/2 [log S_2 - log S_1].",
    prompts=["log p(D | γ₂) − log p(D | γ₁) (2 decimals or more):"],
)


def _numeric_named(expected, names, *, rtol=0.0, atol=0.0):
    """``numeric`` with a tolerance per value (``atol`` may be a list) that names the wrong entries when it refuses."""
    expected = np.asarray(expected, dtype=float)
    atol = np.broadcast_to(np.asarray(atol, dtype=float), expected.shape)
    base = numeric(expected, rtol=rtol, atol=atol)

    def checker(answer):
        correct, message = base(answer)
        if correct or message.startswith("expected an answer of shape"):
            return correct, message
        got = np.asarray(answer, dtype=float).reshape(expected.shape)
        wrong = [n for n, g, e, a in zip(names, got, expected, atol) if not np.isclose(g, e, rtol=rtol, atol=a)]
        return False, f"these are not right: {'; '.join(wrong)}."

    checker.quiz_values = [(float(v), float(a) + rtol * abs(float(v))) for v, a in zip(expected, atol)]
    return checker


# Exercise 13.7: pi_j ~ Beta(alpha_1, alpha_2), one rate per variable as the book states it, integrated out bit by
# bit: p(gamma_j | alpha) = E[pi_j]^{gamma_j} (1 - E[pi_j])^{1 - gamma_j}, so p(gamma | alpha) is the Bernoulli prior
# (13.6) with pi_0 = alpha_1 / (alpha_1 + alpha_2): for alpha_1 = alpha_2 = 1 every model has prior (1/2)^10 = 1/1024.
# With one rate pi shared by all j instead, p(gamma | alpha) = B(alpha_1 + |gamma|, alpha_2 + D - |gamma|) /
# B(alpha_1, alpha_2). With alpha_1 = alpha_2 = 1, D = 10, |gamma| = 2: B(3, 9) / B(1, 1) = 2! 8! / 11! = 1 / 495
# = 0.0020202; the prior probability that the model has 2 variables is C(10, 2) / 495 = 45 / 495 = 1 / 11 = 0.0909
# (every size 0..10 equally likely), against C(10, 2) / 2^10 = 0.0439 for a fixed pi_0 = 0.5.
# The answers span two orders of magnitude, so the tolerance is relative: 0.5 %, i.e. three significant figures
# (0.000977, 0.00202, 0.0909 or 0.091 pass; 0.001 and 0.002, 2.4 % and 1 % off, do not).
register(
    "mlapp-13.7",
    _numeric_named(
        [1 / 1024, 1 / 495, 1 / 11],
        ["p(gamma) with one rate per variable", "p(gamma) with the shared rate", "P(size = 2) with the shared rate"],
        rtol=5e-3,
    ),
    hint="integrate pi^k (1 - pi)^(D - k) against the Beta density: with one pi per bit, each bit separately "
    "(k = gamma_j, D = 1); with a shared pi, all bits at once, which gives B(alpha_1 + k, alpha_2 + D - k) / "
    "B(alpha_1, alpha_2). Multiply by C(D, k) for the size.",
    prompts=[
        "p(γ | α₁ = α₂ = 1) for one model with 2 of D = 10 variables, one π_j per variable (3 significant figures):",
        "the same with one π shared by all variables (3 significant figures):",
        "with the shared π, the prior probability that the model has exactly 2 variables (3 significant figures):",
    ],
)

# Our own (companion-13.20; companion-13.1 belongs to the lasso sections): Gray-code bookkeeping. Model 452 of
# MLAPP's table is row 451 of the Gray code: 451 XOR (451 >> 1) = 451 XOR 225 = 290 = 2^1 + 2^5 + 2^8, i.e.
# variables 2, 6, 9 (1-based, bit j - 1 <-> variable j); enumerating all 2^10 models takes 2^10 - 1 = 1023 flips.
register(
    "companion-13.20",
    numeric([2.0, 6.0, 9.0, 1023.0], atol=0.5),
    hint="row m - 1 of the Gray code is (m - 1) XOR ((m - 1) >> 1); read off its set bits, least significant "
    "first. Each step of the enumeration flips one bit.",
    prompts=[
        "The smallest variable of model 452:",
        "The middle variable of model 452:",
        "The largest variable of model 452:",
        "The number of single-bit flips that visit all 1024 models:",
    ],
)

# Our own (companion-13.21, "(13.30) favours long columns"): OMP (13.30) against orthogonal least squares (13.28)
# from the empty model, no intercept, y = (1, 1, 1, 1), x_1 = (4, 0, 0, 0), x_2 = (1, 1, 1, 0). OMP compares
# |x_j^T y|: 4 against 3, so it picks x_1. OLS compares the RSS drops (x_j^T y)^2 / ||x_j||^2: 16 / 16 = 1 against
# 9 / 3 = 3, so it picks x_2.
register(
    "companion-13.21",
    numeric([1.0, 2.0], atol=0.5),
    hint="OMP maximises |x_j^T r|; OLS maximises the drop of the RSS, (x_j^T r)^2 / ||x_j||^2 from the empty model.",
    prompts=["The variable OMP adds first (1 or 2):", "The variable orthogonal least squares adds first (1 or 2):"],
)

# Our own (companion-13.22): with unit-norm columns the two rules agree at the first step but not later. No
# intercept, y = (4, 2, 3), x_1 = (1, 0, 0), x_2 = (0, 1, 0), x_3 = (-0.8, 0, 0.6). Step 1: |x_j^T y| = 4, 2, 1.4,
# so both add x_1; the residual is r = (0, 2, 3), ||r||^2 = 13. Step 2: OMP compares |x_j^T r| = 2 (x_2) against
# 0.6 * 3 = 1.8 (x_3) and adds x_2; OLS compares the RSS drops (x_j^T r)^2 / ||x_j - P x_j||^2 = 4 / 1 = 4 (x_2)
# against 1.8^2 / 0.6^2 = 9 (x_3), because x_3 shares 0.8^2 of its length with x_1, and adds x_3. RSS after two
# steps: OMP 13 - 4 = 9, OLS 13 - 9 = 4.
register(
    "companion-13.22",
    _numeric_named(
        [2.0, 3.0, 9.0, 4.0],
        ["OMP's second variable", "OLS's second variable", "OMP's RSS after two steps", "OLS's RSS after two steps"],
        atol=[0.5, 0.5, 1e-3, 1e-3],
    ),
    hint="after x_1 enters, r = y - P_1 y; OMP ranks |x_j^T r|, OLS ranks (x_j^T r)^2 / ||x_j - P_1 x_j||^2, and "
    "||x_3 - P_1 x_3||^2 = 1 - (x_1^T x_3)^2. The RSS after a step is ||r||^2 minus the drop of the chosen column.",
    prompts=[
        "The variable OMP adds second (1, 2 or 3):",
        "The variable orthogonal least squares adds second (1, 2 or 3):",
        "OMP's RSS after two steps:",
        "Orthogonal least squares' RSS after two steps:",
    ],
)
# ------------------------------------------------------------------ §13.2 exercises (variable selection): end

# ------------------------------------------------------------------ §13.5-13.6 exercises (lasso extensions): begin
# Exercise 13.5: J~(w~) = J(c w~) with X~ = c [X; sqrt(lambda_2) I] (13.192)-(13.196); Zou and Hastie's constant is
# c = (1 + lambda_2)^(-1/2) (the exponent printed in (13.123) is +1/2). The check runs the reduction on one column of
# unit norm with x^T y = 3, lambda_1 = 2, lambda_2 = 3: c = 1/2; ||X~||^2 = c^2 (1 + lambda_2) = 1 and
# X~^T y~ = c x^T y = 3/2, so (13.124) is w~^2 - 3 w~ + |w~| + const (c lambda_1 = 1), minimised at w~ = 1. The naive
# estimate is c w~ = 1/2, the minimiser of (13.122) itself, 4 w^2 - 6 w + 2 |w| + const; the corrected one (13.125)
# is sqrt(1 + lambda_2) w~ = 2, the lasso's soft threshold (x^T y - lambda_1 / 2)_+ = 2. With the printed c = 2 the
# naive estimate is the same (w~ = 1/4) but the "corrected" one is 1/2, and that answer is refused.
register(
    "mlapp-13.5",
    numeric([0.5, 1.0, 0.5, 2.0], atol=1e-3),
    hint="X~^T X~ = c^2 (x^T x + lambda_2) = 1 and X~^T y~ = c x^T y; (13.124) is then a one-dimensional lasso, "
    "w~ = soft(c x^T y, c lambda_1 / 2). The naive estimate is c w~, the corrected one sqrt(1 + lambda_2) w~.",
    prompts=[
        "The constant c of (13.123) for λ₂ = 3 (Zou and Hastie's convention):",
        "w̃, the solution of the augmented lasso (13.124):",
        "The naive elastic-net estimate c w̃:",
        "The corrected estimate (13.125):",
    ],
)

# Exercise 13.10: the group-lasso prior as a Gaussian scale mixture. With r = ||w_g||, integrating N(w_g | 0, tau^2 I_d)
# against Ga(tau^2 | delta, rho) (shape, rate) leaves r^(delta - d/2) K_(delta - d/2)(r sqrt(2 rho)) up to a constant;
# delta_g = (d_g + 1) / 2 (13.105) makes the order 1/2, and K_(1/2)(z) = sqrt(pi / (2 z)) e^(-z) then leaves
# exp(-sqrt(2 rho) r). For d_g = 3 and the marginal exp(-3 ||w_g||): delta_g = 2 and sqrt(2 rho) = 3, so rho = 9/2
# (gamma^2 / 2 with gamma = 3; the rate gamma / 2 that (13.105) prints would be 3/2, which gives exp(-sqrt(3) ||w_g||),
# and is refused).
register(
    "mlapp-13.10",
    numeric([2.0, 4.5], atol=1e-3),
    hint="integrate N(w_g | 0, tau^2 I_d) against Ga(tau^2 | delta, rho): the result is proportional to "
    "r^(delta - d/2) K_(delta - d/2)(r sqrt(2 rho)) with r = ||w_g||. The order delta - d/2 must be 1/2, and "
    "K_(1/2)(z) = sqrt(pi / (2 z)) e^(-z) decays like exp(-r sqrt(2 rho)).",
    prompts=[
        "The shape δ_g of the gamma prior for a group of d_g = 3 weights:",
        "The rate of the gamma prior on τ_g² that makes the marginal ∝ exp(−3‖w_g‖₂):",
    ],
)

# Our own (companion-13.30): the vector soft threshold (13.110) of b = (3, 4) at lambda = 2.5: ||b|| = 5, so b is
# scaled by (5 - 2.5) / 5 = 1/2, giving (1.5, 2).
register(
    "companion-13.30",
    numeric([1.5, 2.0], atol=1e-6),
    hint="prox(b) = b max(||b|| - lambda, 0) / ||b|| when ||b|| > lambda; here ||b|| = 5.",
    prompts=["First component of prox(b) for b = (3, 4), λ = 2.5:", "Second component:"],
)

# Our own (companion-13.31): HAL's thresholding (13.146) with a = b = 1 at w_mle = 10: the stationary points solve
# w^2 + (b - z) w + (a + 1 - b z) = w^2 - 9 w - 8 = 0, larger root (9 + sqrt(113)) / 2 = 9.8151, which beats w = 0.
register(
    "companion-13.31",
    numeric([9.8151], atol=5e-4),
    hint="set the derivative w - z + (a + 1) / (b + w) to zero, take the larger root of the quadratic and compare "
    "the objective with w = 0.",
    prompts=["The HAL estimate ŵ for ŵ_mle = 10, a = b = 1 (4 decimals):"],
)
# ------------------------------------------------------------------ §13.5-13.6 exercises (lasso extensions): end

# ------------------------------------------------------------------ §13.8 exercises (sparse coding): begin
# MLAPP has no exercise on §13.8; these four are our own (companion-13.40 ... companion-13.43).

# companion-13.40: with the identity dictionary (W = I), the lasso (13.176) separates into one-dimensional
# problems and z_j = soft(x_j, lambda). For x = (3, -0.5, 1, -2.5) and lambda = 1: z = (2, 0, 0, -1.5).
register(
    "companion-13.40",
    numeric([2.0, 0.0, 0.0, -1.5], atol=1e-6),
    hint="with W = I each coordinate solves min_z 1/2 (x_j - z)^2 + lambda |z|: "
    "z_j = sign(x_j) max(|x_j| - lambda, 0).",
    prompts=["z_1:", "z_2:", "z_3:", "z_4:"],
)

# companion-13.41: one atom (L = 1), codes z = (1, 2), samples x_1 = (1, 0), x_2 = (2, 2). The least-squares
# atom is u = X^T z / z^T z = (1 + 4, 0 + 4) / 5 = (1, 0.8); its norm sqrt(1.64) > 1, so (13.177) projects it
# to u / ||u|| = (0.78087, 0.62470).
register(
    "companion-13.41",
    numeric([1.0 / np.sqrt(1.64), 0.8 / np.sqrt(1.64)], atol=5e-4),
    hint="minimise sum_i 1/2 ||x_i - z_i w||^2 over w: w = sum_i z_i x_i / sum_i z_i^2; then divide by its norm "
    "if that exceeds 1 (the projection onto the unit ball).",
    prompts=["First entry of the updated atom (3 decimals):", "Second entry of the updated atom (3 decimals):"],
)

# companion-13.42: R = [[1, 1, 0], [0, 1, 1]], y = (1, 1). The solutions are x = (t, 1 - t, t). The l1 norm
# |t| + |1 - t| + |t| is smallest at t = 0, x = (0, 1, 0), with ||x||_1 = 1 (sparse); the l2 norm
# t^2 + (1 - t)^2 + t^2 is smallest at t = 1/3, x = (1/3, 2/3, 1/3) (dense).
register(
    "companion-13.42",
    numeric([1.0, 1.0 / 3.0], atol=1e-3),
    hint="write every solution as x = (t, 1 - t, t) and minimise each norm over t.",
    prompts=[
        "The l1 norm of the basis-pursuit solution:",
        "The first entry of the minimum-l2-norm solution:",
    ],
)

# companion-13.43: K-SVD's update of an atom used by two samples whose residual is E = [[3, 4], [6, 8]]. E is
# rank one, E = (5, 10)^T (0.6, 0.8): the atom becomes (0.6, 0.8) and the two codes 5 and 10; the residual
# after the update is zero.
register(
    "companion-13.43",
    numeric([0.6, 0.8, 5.0, 10.0], atol=1e-3),
    hint="the best rank-one approximation of E is s_1 u_1 v_1^T; here every row of E is a multiple of (3, 4).",
    prompts=["Atom, first entry:", "Atom, second entry:", "Code of the first sample:", "Code of the second sample:"],
)
# ------------------------------------------------------------------ §13.8 exercises (sparse coding): end

# ------------------------------------------------------------------ §13.7 exercises (ARD / SBL): begin
# Both on the same toy problem: one feature x = (1, 2), targets y = (1, 1), current alpha = 1, beta = 1. Then
# Sigma = 1 / (beta x^T x + alpha) = 1/6, mu = beta Sigma x^T y = 3/6 = 1/2 (13.157)-(13.158), the residual is
# y - x mu = (1/2, 0) with squared norm 1/4, and gamma = 1 - alpha Sigma = 5/6 (13.171).
# Exercise 13.2 (EM M-step, a = b = c = d = 0): alpha = 1 / (mu^2 + Sigma) = 1 / (1/4 + 1/6) = 12/5 (13.166);
# 1/beta = (1/4 + (1/beta) gamma) / N = (1/4 + 5/6) / 2 = 13/24, so beta = 24/13 (13.168).
# Both checkers take the answers to two decimals or more (atol 5e-3 accepts 2.4 and 1.85 here, 3.33 and 4.67 for
# 13.3); the EM and fixed-point answers differ by 0.93 in alpha and 2.8 in beta, so each refuses the other's.
register(
    "mlapp-13.2",
    numeric([12.0 / 5.0, 24.0 / 13.0], atol=5e-3),
    hint="Sigma = 1 / (beta x^T x + alpha), mu = beta Sigma x^T y; then alpha = 1 / E[w^2] = 1 / (mu^2 + Sigma) and "
    "1/beta = (||y - x mu||^2 + (1/beta) (1 - alpha Sigma)) / N with the old alpha, beta on the right.",
    prompts=["The EM update of α (2 decimals or more):", "The EM update of β (2 decimals or more):"],
)

# Exercise 13.3 (fixed point, a = b = c = d = 0): alpha = gamma / mu^2 = (5/6) / (1/4) = 10/3 (13.169);
# 1/beta = ||y - x mu||^2 / (N - gamma) = (1/4) / (7/6) = 3/14, so beta = 14/3 (13.170).
register(
    "mlapp-13.3",
    numeric([10.0 / 3.0, 14.0 / 3.0], atol=5e-3),
    hint="gamma = 1 - alpha Sigma; alpha = gamma / mu^2 and 1/beta = ||y - x mu||^2 / (N - gamma), with Sigma and mu "
    "at the old alpha = beta = 1.",
    prompts=["The fixed-point update of α (2 decimals or more):", "The fixed-point update of β (2 decimals or more):"],
)
# ------------------------------------------------------------------ §13.7 exercises (ARD / SBL): end
