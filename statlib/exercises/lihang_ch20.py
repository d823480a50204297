"""Li Hang ch. 20 (latent Dirichlet allocation): exercises 20.1 and 20.2, and three of our own.

Expected values are derived by hand (the chapter's solutions show the derivations):

* 20.1: the mean of Dir(alpha) is alpha_i / alpha_0 with alpha_0 = sum_i alpha_i (Dirichlet integral (20.5)
  with one exponent raised by one, and Gamma(x + 1) = x Gamma(x)); for alpha = (2, 6, 11), alpha_0 = 19 and the
  mean is (2/19, 6/19, 11/19). Answers are accepted within 1e-3, so a Monte Carlo estimate from enough draws
  passes as well.
* 20.2: LDA with K = 2 topics on the §17.2.2 titles has no printed answer (it is random). An answer
  (phi, theta), phi of shape (2, 11) and theta of shape (9, 2), is accepted if its rows are probability
  distributions and the fitted word probabilities theta @ phi give the titles a larger log-likelihood
  sum n_mv log (theta phi)_mv than the best single-topic fit, the word frequencies n_v / n (for which the
  log-likelihood is sum_v n_v log(n_v / n)): two topics that explain nothing more than one fail.
* companion-20.1: a Dir(1, 1, 1) prior with counts n = (3, 0, 2) has the posterior Dir(4, 1, 3) (20.12),
  posterior mean (1/2, 1/8, 3/8).
* companion-20.2: the full conditional (20.29) with K = 2, V = 3, alpha = 0.5, beta = 0.1 for a token of
  word v whose document holds n_m1 = 2, n_m2 = 1 other tokens of each topic, while n_1v = 3, n_2v = 0
  and n_1 = 5, n_2 = 4 (all without the token itself): the weights are 3.1/5.3 * 2.5 and 0.1/4.3 * 1.5,
  normalised (0.97670, 0.02330).
"""

import numpy as np

from ..datasets import load_example
from ._checkers import numeric, predicate
from ._registry import register

MEAN_20_1 = (2 / 19, 6 / 19, 11 / 19)


def _full_conditional_20_2():
    w1 = (3 + 0.1) / (5 + 3 * 0.1) * (2 + 0.5)
    w2 = (0 + 0.1) / (4 + 3 * 0.1) * (1 + 0.5)
    return w1 / (w1 + w2), w2 / (w1 + w2)


FULL_CONDITIONAL = _full_conditional_20_2()


def _two_topics(answer):
    try:
        phi, theta = (np.asarray(a, dtype=float) for a in answer)
    except (TypeError, ValueError):
        return False, "give a pair (phi, theta) of arrays."
    if phi.shape != (2, 11) or theta.shape != (9, 2):
        return (
            False,
            f"phi must be 2 x 11 (topics x words) and theta 9 x 2 (titles x topics); got {phi.shape}, {theta.shape}.",
        )
    if not (np.all(np.isfinite(phi)) and np.all(np.isfinite(theta))):
        return False, "phi and theta must be finite."
    if (
        np.any(phi < 0)
        or np.any(theta < 0)
        or not (np.allclose(phi.sum(axis=1), 1, atol=1e-6) and np.allclose(theta.sum(axis=1), 1, atol=1e-6))
    ):
        return False, "each row of phi (20.33) and of theta (20.31) must be a probability distribution."
    X = np.asarray(load_example("lihang", "exercise-20.2").X, dtype=float)
    p = theta @ phi
    if np.any(p[X > 0] <= 0):
        return False, "your topics give probability zero to a word that a title contains."
    loglik = float(np.sum(X[X > 0] * np.log(p[X > 0])))
    freq = X.sum(axis=0) / X.sum()
    unigram = float(np.sum(X.sum(axis=0) * np.log(freq)))
    if loglik <= unigram:
        return False, (
            f"the titles' log-likelihood under theta @ phi is {loglik:.2f}, no better than {unigram:.2f} of a single "
            "topic (the word frequencies): run more sweeps or another seed."
        )
    return True, f"log-likelihood {loglik:.2f} against {unigram:.2f} for one topic"


register(
    "lihang-20.1",
    numeric(MEAN_20_1, atol=1e-3),
    hint="E[theta_i] = integral of theta_i Dir(theta | alpha): multiplying by theta_i raises alpha_i by one, so the "
    "integral is B(alpha + e_i) / B(alpha) (20.5); simplify with Gamma(x + 1) = x Gamma(x).",
    prompts=["E[θ₁] for α = (2, 6, 11):", "E[θ₂]:", "E[θ₃]:"],
)

register(
    "lihang-20.2",
    predicate(_two_topics, success="two topics that explain the titles better than one."),
    hint="fit LatentDirichletAllocation(2, ...) to load_example('lihang', 'exercise-20.2').X and give "
    "(model.components_, model.doc_topic_).",
)

register(
    "companion-20.1",
    numeric([4.0, 1.0, 3.0], atol=1e-9),
    hint="the posterior of a Dirichlet prior under multinomial counts is Dir(alpha + n) (20.12): add the counts to "
    "the prior's parameters.",
    prompts=["posterior α₁:", "posterior α₂:", "posterior α₃:"],
)

register(
    "companion-20.2",
    numeric(FULL_CONDITIONAL, atol=1e-3),
    hint="(20.29): for each topic multiply (n_kv + beta) / (n_k + V beta) by (n_mk + alpha), with the token's own "
    "counts already removed, and normalise the two weights.",
    prompts=["p(z_i = 1 | z_−i, w):", "p(z_i = 2 | z_−i, w):"],
)
