"""Li Hang ch. 18 (probabilistic latent semantic analysis): exercises 18.1-18.3 and one of our own.

Expected values (the chapter's solutions derive them):

* 18.1: the generative model (18.2) with P(d) = n(d) / |T| on Fig. 18.1 (n(d) = 5, 5, 13, 7; |T| = 30, the
  number of word occurrences) and
  P(z_1 | d) = 1/2, 1, 1/4, 0 for d_1..d_4 (K = 2) is the co-occurrence model (18.5) with
  P(z_1) = sum_d P(d) P(z_1 | d) = (2.5 + 5 + 3.25 + 0) / 30 = 43/120 and, by Bayes,
  P(d_1 | z_1) = P(d_1) P(z_1 | d_1) / P(z_1) = 2.5 / 10.75 = 10/43.
* 18.2: one EM iteration for the co-occurrence model, checked against the formulas on random data:
  E-step P(z | w, d) proportional to P(z) P(w | z) P(d | z); M-step P(w | z) and P(d | z) proportional to
  sum_d n(w, d) P(z | w, d) and sum_w n(w, d) P(z | w, d), P(z) = sum_{w,d} n(w, d) P(z | w, d) / |T|.
* 18.3: no unique answer (EM reaches a local maximum that depends on the start). A reader's
  (P(w | z), P(z | d)) for the §17.2.2 title matrix with K = 3 is accepted if it is normalised and a fixed
  point of Algorithm 18.1: one more EM iteration moves no probability by more than 1e-3, and no two of its
  topics coincide (topics that coincide are a fixed point that is a saddle, not a maximum: all three equal to
  the word frequencies n(w) / |T| with any P(z | d) is one).
* companion-18.1: free parameters for M = 11 words, N = 9 documents, K = 3 topics: the generative model's
  P(z | d) and P(w | z) have N(K - 1) + K(M - 1) = 18 + 30 = 48; the co-occurrence model's P(z), P(w | z),
  P(d | z) have (K - 1) + K(M - 1) + K(N - 1) = 2 + 30 + 24 = 56, the 48 plus the N - 1 = 8 of P(d).
"""

import numpy as np

from ._checkers import numeric, predicate
from ._registry import register

register(
    "lihang-18.1",
    numeric([43 / 120, 10 / 43], atol=1e-3),
    hint="P(z) = sum_d P(d) P(z | d) with P(d) = n(d) / |T| (the column sums of Fig. 18.1 over |T| = 30); then Bayes: "
    "P(d | z) = P(d) P(z | d) / P(z).",
    prompts=["P(z₁) of the equivalent co-occurrence model:", "P(d₁ | z₁):"],
)


def _cooccurrence_reference(n, p_z, p_w_z, p_d_z):
    """One EM iteration of the co-occurrence model (Exercise 18.2), n words x documents."""
    joint = p_z[None, None, :] * p_w_z[:, None, :] * p_d_z[None, :, :]  # (M, N, K)
    post = joint / joint.sum(axis=2, keepdims=True)  # E-step
    weighted = n[:, :, None] * post
    new_w_z = weighted.sum(axis=1) / weighted.sum(axis=(0, 1))
    new_d_z = weighted.sum(axis=0) / weighted.sum(axis=(0, 1))
    new_z = weighted.sum(axis=(0, 1)) / n.sum()
    return new_z, new_w_z, new_d_z


def _cooccurrence_em(answer):
    if not callable(answer):
        return False, "give a function em_step(n, p_z, p_w_z, p_d_z) returning (p_z, p_w_z, p_d_z)."
    rng = np.random.default_rng(182)
    n = rng.poisson(2.0, size=(6, 5)).astype(float)
    p_z = rng.dirichlet(np.ones(3))
    p_w_z = rng.dirichlet(np.ones(6), size=3).T
    p_d_z = rng.dirichlet(np.ones(5), size=3).T
    expected = _cooccurrence_reference(n, p_z, p_w_z, p_d_z)
    try:
        got = [np.asarray(a, dtype=float) for a in answer(n.copy(), p_z.copy(), p_w_z.copy(), p_d_z.copy())]
    except Exception as exc:  # the reader's code may fail in any way
        return False, f"your function raised {type(exc).__name__}: {exc}"
    if len(got) != 3 or any(g.shape != e.shape for g, e in zip(got, expected)):
        return False, "return (p_z, p_w_z, p_d_z) with the shapes of the inputs: (K,), (M, K), (N, K)."
    for name, g, e in zip(["P(z)", "P(w | z)", "P(d | z)"], got, expected):
        if not np.allclose(g, e, rtol=1e-8, atol=1e-12):
            return False, f"{name} is not the M-step: weight each count n(w, d) by the posterior P(z | w, d) first."
    return True, ""


register(
    "lihang-18.2",
    predicate(_cooccurrence_em, success="that is EM for the co-occurrence model (18.5)."),
    hint="E-step: P(z_k | w, d) = P(z_k) P(w | z_k) P(d | z_k) / sum_l P(z_l) P(w | z_l) P(d | z_l). M-step: "
    "normalise the weighted counts n(w, d) P(z_k | w, d) summed over d (for P(w | z_k)), over w (for P(d | z_k)) "
    "and over both (for P(z_k), divided by |T| = sum n(w, d)).",
)


def _title_counts():
    from ..datasets.lihang_ch18 import title_matrix

    return np.asarray(title_matrix().counts, dtype=float)  # words x documents, as printed


def _fixed_point(answer):
    try:
        W, Z = (np.asarray(a, dtype=float) for a in answer)
    except (TypeError, ValueError):
        return False, "give a pair (P_wz, P_zd): P_wz 11 x 3 = [P(w_i | z_k)], P_zd 3 x 9 = [P(z_k | d_j)]."
    if W.shape != (11, 3) or Z.shape != (3, 9):
        return False, f"P_wz must be 11 x 3 and P_zd 3 x 9 (the book's orientation), got {W.shape} and {Z.shape}."
    if np.any(W < 0) or np.any(Z < 0) or not (np.allclose(W.sum(axis=0), 1) and np.allclose(Z.sum(axis=0), 1)):
        return False, "the columns of P_wz and of P_zd must be probability distributions."
    n = _title_counts()
    P = W @ Z
    if np.any((n > 0) & (P <= 0)):
        return False, "a word that occurs in a title has probability zero there: the likelihood is zero."
    post = W[:, None, :] * Z.T[None, :, :]  # (M, N, K): P(w_i | z_k) P(z_k | d_j)
    post /= np.where(P[:, :, None] > 0, P[:, :, None], 1.0)
    weighted = n[:, :, None] * post
    new_W = weighted.sum(axis=1) / weighted.sum(axis=(0, 1))
    new_Z = (weighted.sum(axis=0) / n.sum(axis=0)[:, None]).T
    if not (np.allclose(new_W, W, atol=1e-3) and np.allclose(new_Z, Z, atol=1e-3)):
        return False, "one more EM iteration (18.11)-(18.13) still moves these parameters: iterate until convergence."
    gaps = [np.abs(W[:, a] - W[:, b]).max() for a in range(3) for b in range(a + 1, 3)]
    if min(gaps) <= 1e-3:
        return False, (
            "two of your topics P(w | z) coincide: a fixed point of EM, but a saddle, not a maximum. "
            "Start from a random P(w | z)."
        )
    return True, ""


register(
    "lihang-18.3",
    predicate(_fixed_point, success="a fixed point of Algorithm 18.1 (one of several local maxima)."),
    hint="run PLSA(n_topics=3, tol=1e-10, max_iter=5000, random_state=...) on the documents-by-words matrix X of "
    "load_example('lihang', 'exercise-18.3') and transpose: P_wz = components_.T, P_zd = doc_topic_.T.",
)

register(
    "companion-18.1",
    numeric([48, 56], atol=0.5),
    hint="count free numbers: each distribution over n outcomes has n - 1. The generative model has one P(z | d) "
    "per document and one P(w | z) per topic; the co-occurrence model has P(z), one P(w | z) and one P(d | z) per "
    "topic.",
    prompts=[
        "free parameters of P(z | d) and P(w | z) (M = 11, N = 9, K = 3):",
        "free parameters of the co-occurrence model (18.5):",
    ],
)
