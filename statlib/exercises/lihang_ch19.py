"""Li Hang ch. 19 (Markov chain Monte Carlo): exercises 19.1, 19.3, 19.4, 19.7 and 19.8.

Expected values are derived in closed form (the chapter's solutions show the derivations):

* 19.1: the integral of x^2 exp(-x^2/2) over the real line is sqrt(2 pi) E[x^2] with x ~ N(0, 1), i.e.
  sqrt(2 pi) = 2.5066...; a Monte Carlo answer is accepted within 0.05.
* 19.3: the chain is reducible (state 4 is absorbing, states 1-3 cannot be reached from it) and aperiodic
  (p_11 > 0 gives period 1 to the class {1, 2, 3}; p_44 = 1 gives period 1 to state 4).
* 19.4: the chain is a random walk on the path 1 - 2 - 3 - 4, so irreducible; the path is bipartite
  ({1, 3} and {2, 4}), so every return takes an even number of steps and the period is 2.
* 19.7: with a Beta(1, 1) prior and 4 successes in 10 trials the posterior is Beta(5, 7): mean 5/12 and
  variance 5 * 7 / (12^2 * 13) = 35/1872. A sampler's answer is accepted within 0.01 and 0.002.
* 19.8: with a uniform prior on {theta, eta >= 0, theta + eta <= 1} the posterior is proportional to
  (2 theta + 1)^14 theta eta (2 eta + 3) (1 - theta - eta)^5; expanding the polynomial and integrating each
  monomial with the Dirichlet integral  int theta^a eta^b (1 - theta - eta)^c = a! b! c! / (a + b + c + 2)!
  gives the exact moments (:func:`exercise_19_8_moments`), accepted within 0.01 (means) and 0.003 (variances).
"""

from fractions import Fraction
from math import comb, factorial

import numpy as np

from ._checkers import exact, numeric
from ._registry import register

SQRT_2PI = float(np.sqrt(2 * np.pi))
POSTERIOR_19_7 = (5 / 12, 35 / 1872)


def _dirichlet(a, b, c):
    return Fraction(factorial(a) * factorial(b) * factorial(c), factorial(a + b + c + 2))


def exercise_19_8_moments():
    """Exact posterior (mean theta, var theta, mean eta, var eta) of Li Hang Exercise 19.8, as floats."""
    # (2 theta + 1)^14 theta * eta (2 eta + 3) (1 - theta - eta)^5 = sum of c * theta^a eta^b (1 - theta - eta)^5
    terms = [(comb(14, k) * 2**k * w, k + 1, b) for k in range(15) for w, b in ((2, 2), (3, 1))]

    def moment(p, q):
        return sum(c * _dirichlet(a + p, b + q, 5) for c, a, b in terms)

    z = moment(0, 0)
    m_t, m_e = moment(1, 0) / z, moment(0, 1) / z
    v_t, v_e = moment(2, 0) / z - m_t**2, moment(0, 2) / z - m_e**2
    return float(m_t), float(v_t), float(m_e), float(v_e)


register(
    "lihang-19.1",
    numeric(SQRT_2PI, atol=0.05),
    hint="write x^2 exp(-x^2/2) = sqrt(2 pi) x^2 phi(x) with phi the N(0, 1) density: the integral is sqrt(2 pi) "
    "times E[x^2] under N(0, 1), which a sample mean of x_i^2 estimates (19.4)-(19.5).",
    prompts=["∫ x² exp(−x²/2) dx over the real line:"],
)

register(
    "lihang-19.3",
    exact((False, True)),
    hint="give (irreducible, aperiodic) as two booleans. From state 4 (p_44 = 1) no other state can be reached; "
    "a self-loop p_11 > 0 makes state 1, and so its class, aperiodic.",
)

register(
    "lihang-19.3b",
    exact(False),
    hint="state 4 is absorbing (p_44 = 1): states 1, 2, 3 cannot be reached from it.",
    prompts=["Is the chain of Exercise 19.3 irreducible?"],
)

register(
    "lihang-19.4",
    exact((True, False)),
    hint="give (irreducible, aperiodic) as two booleans. The chain walks along 1 - 2 - 3 - 4: every state can "
    "reach every other, but a return needs an even number of steps.",
)

register(
    "lihang-19.4b",
    numeric(2.0, atol=0.0),
    hint="split the states into {1, 3} and {2, 4}: each step changes the side.",
    prompts=["The period of the chain of Exercise 19.4:"],
)


def _numeric_each(expected, atols):
    """``numeric`` with one absolute tolerance per value (also in the static quiz)."""
    checker = numeric(expected, atol=np.asarray(atols, dtype=float))
    checker.quiz_values = [(float(v), float(a)) for v, a in zip(expected, atols)]
    return checker


register(
    "lihang-19.7",
    _numeric_each(POSTERIOR_19_7, [0.01, 0.002]),
    hint="the posterior theta^4 (1 - theta)^6 is a Beta(5, 7) density: a Metropolis chain on (0, 1) (log "
    "density -inf outside) should give a mean near a / (a + b) and a variance near ab / ((a+b)^2 (a+b+1)).",
    prompts=["Posterior mean of θ:", "Posterior variance of θ:"],
)

_MOMENTS_19_8 = exercise_19_8_moments()

register(
    "lihang-19.8",
    _numeric_each(_MOMENTS_19_8, [0.01, 0.003, 0.01, 0.003]),
    hint="give (mean theta, var theta, mean eta, var eta). The posterior (uniform prior on theta, eta >= 0, "
    "theta + eta <= 1) is proportional to (2 theta + 1)^14 theta eta (2 eta + 3) (1 - theta - eta)^5; "
    "split y1 and y4 into latent counts to get Beta full conditionals, or sample it by single-component MH.",
    prompts=["Posterior mean of θ:", "Posterior variance of θ:", "Posterior mean of η:", "Posterior variance of η:"],
)
