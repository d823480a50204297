"""PRML section 7.2 (relevance vector machines): checkers for the chapter's own exercises.

The notes on PRML chapter 7 carry no exercises, so the chapter poses its own, with answers derived by hand (the
chapter's solutions show each step). They are the companion's exercises 7.10-7.14, not PRML's Exercises 7.10-7.14.
The equation numbers in the hints are PRML's, and the chapter page shows each of them under that number:

* companion-7.10: one candidate basis function with sparsity s_i = 2 and quality q_i = 3: q_i^2 > s_i, so the
  evidence is maximised at alpha_i = s_i^2 / (q_i^2 - s_i) = 4 / 7 (7.101).
* companion-7.11: N = 2, beta = 1, no other basis function (C_{-i} = I), phi = (1, 1), t = (2, 2):
  s = phi^T phi = 2, q = phi^T t = 4 (7.98)-(7.99), alpha = s^2 / (q^2 - s) = 4 / 14 = 2 / 7 (7.101).
* companion-7.12: one weight with phi^T phi = 4, beta = 1, alpha = 4: Sigma = 1 / (alpha + beta phi^T phi) = 1/8
  (7.83) and gamma = 1 - alpha Sigma = 1/2 (7.89).
* companion-7.13: an RVM with Gaussian kernel basis and beta = 25, far from all data: sigma^2(x) -> 1/beta = 0.04
  (7.91); a Gaussian process with covariance k(x, x') = exp(-gamma ||x - x'||^2) plus the same noise tends to
  its prior variance k(x, x) + 1/beta = 1.04.
* companion-7.14: (7.116) with w_i* = 0.5, Sigma_ii = 0.2, alpha_i = 2: gamma_i = 1 - 0.4 = 0.6 and
  alpha_i^new = 0.6 / 0.25 = 2.4.
"""

from ._checkers import numeric
from ._registry import register

register(
    "companion-7.10",
    numeric(4 / 7, atol=1e-3),
    hint="the evidence's dependence on alpha_i is lambda(alpha_i) = (1/2)[ln alpha_i - ln(alpha_i + s_i) "
    "+ q_i^2 / (alpha_i + s_i)] (7.97); set its derivative (7.100) to zero, which gives (7.101).",
    prompts=["α_i* for s_i = 2, q_i = 3:"],
)

register(
    "companion-7.11",
    numeric([2.0, 4.0, 2 / 7], atol=1e-3),
    hint="with no other basis function, C_{-i} = beta^{-1} I = I, so s = phi^T phi and q = phi^T t by (7.98)-(7.99); "
    "then use alpha = s^2 / (q^2 - s) (7.101).",
    prompts=["s:", "q:", "α*:"],
)

register(
    "companion-7.12",
    numeric([0.125, 0.5], atol=1e-4),
    hint="with one weight, Sigma = (alpha + beta phi^T phi)^{-1} (7.83) is a number; gamma = 1 - alpha Sigma (7.89).",
    prompts=["Σ:", "γ:"],
)

register(
    "companion-7.13",
    numeric([0.04, 1.04], atol=1e-4),
    hint="far from the data every Gaussian basis function vanishes, so phi(x)^T Sigma phi(x) -> 0 in (7.91); the "
    "GP's predictive variance returns to its prior, k(x, x) + 1/beta.",
    prompts=["RVM σ²(x) far from the data:", "GP predictive variance far from the data:"],
)

register(
    "companion-7.14",
    numeric(2.4, atol=1e-4),
    hint="gamma_i = 1 - alpha_i Sigma_ii, then alpha_i^new = gamma_i / (w_i*)^2 (7.116).",
    prompts=["α_i^new:"],
)
