"""Li Hang ch. 11 exercises (conditional random fields). Answers are computed, never stored."""

import numpy as np

from ._checkers import numeric, predicate
from ._registry import register


def _ex11_4_matrices():
    from ..datasets.lihang_ch11 import exercise_11_4

    data = exercise_11_4()
    return data.M, data.start, data.stop


def _cliques(answer):
    """11.1: the maximal cliques of Fig. 11.3 (nodes 1..4), as an iterable of node collections."""
    edges = {frozenset(e) for e in [(1, 2), (2, 3), (3, 4), (4, 2), (1, 3)]}
    from itertools import combinations

    def is_clique(nodes):
        return all(frozenset(p) in edges for p in combinations(nodes, 2))

    cliques = [set(c) for r in range(1, 5) for c in combinations(range(1, 5), r) if is_clique(c)]
    maximal = {frozenset(c) for c in cliques if not any(c < other for other in cliques)}
    got = {frozenset(int(v) for v in c) for c in answer}
    if got == maximal:
        return True, ""
    if any(len(c) == 2 for c in got):
        return False, "a pair that lies inside a triangle is a clique but not a maximal one."
    return False, "list every maximal clique once, e.g. [{1, 2, 3}, ...]."


register(
    "lihang-11.1",
    predicate(_cliques, "those are the maximal cliques, so P(Y) = Psi_123(Y1,Y2,Y3) Psi_234(Y2,Y3,Y4) / Z."),
    hint="a maximal clique is a fully connected node set that no further node can join (Definition 11.2); "
    "Y1 and Y4 are not linked.",
)


def _alpha_beta_products():
    """alpha_i^T beta_i for i = 0..n+1 for the matrices of Exercise 11.4 (all equal to Z(x), Exercise 11.2)."""
    from ..crf import backward_vectors, forward_vectors

    M, start, stop = _ex11_4_matrices()
    return (forward_vectors(M, start=start) * backward_vectors(M, stop=stop)).sum(axis=1)


register(
    "lihang-11.2",
    numeric(_alpha_beta_products(), atol=1e-6),
    hint="alpha_i(y) sums the paths from start to (i, y), beta_i(y) those from (i, y) to stop; their product "
    "summed over y counts every path once, so every alpha_i^T beta_i is the same number, Z(x).",
    prompts=[f"For the matrices of Exercise 11.4: alpha_{i}^T beta_{i} = ?" for i in range(5)],
)


def _gradient(answer):
    """11.3: a function grad(w) for the small CRF below; checked against central differences."""
    from ..crf import LinearChainCRF

    rng = np.random.RandomState(0)
    X = [rng.rand(4, 3), rng.rand(3, 3)]
    y = [np.array([0, 1, 1, 0]), np.array([1, 0, 1])]
    if not callable(answer):
        return False, "pass a function grad(w) returning the gradient of f(w) (11.50) for the CRF of the cell."
    crf = LinearChainCRF(c2=0.0)
    crf.classes_ = np.array([0, 1])
    Xs = np.vstack(X)
    offsets = np.array([0, 4, 7])
    emp = crf._empirical_counts(Xs, np.concatenate(y), offsets, 2)
    w = rng.standard_normal(3 * 2 + 2 * 2)
    _, g = crf._objective(w, Xs, offsets, emp, 0.0)
    got = np.asarray(answer(w.copy()), dtype=float)
    if got.shape != g.shape:
        return False, f"grad(w) should return {g.size} numbers (6 state weights, then 4 transition weights)."
    if np.allclose(got, g, atol=1e-6):
        return True, ""
    if np.allclose(got, -g, atol=1e-6):
        return False, "the sign is flipped: (11.51) is the gradient of the objective to be minimised."
    return False, "compare with expected minus empirical feature counts, eq. (11.51)."


register(
    "lihang-11.3",
    predicate(_gradient, "your gradient matches (11.51); gradient descent is w <- w - eta * grad(w)."),
    hint="g(w) = E_P[F] - E_P~[F]: forward-backward marginals give the first term, the labelled data the second.",
)


def _path_probabilities():
    from ..crf import path_probabilities

    M, start, stop = _ex11_4_matrices()
    paths, _, probs = path_probabilities(M, start=start, stop=stop)
    return paths, probs


_PATHS, _PROBS = _path_probabilities()

register(
    "lihang-11.4",
    numeric(_PROBS, atol=1e-6),
    hint="with start = stop = 2, a path's weight is M1(2, y1) M2(y1, y2) M3(y2, y3) M4(y3, 2); divide by Z, "
    "the sum of all eight weights.",
    prompts=[f"P(y = ({', '.join(str(v + 1) for v in p)}) | x) = ?" for p in _PATHS],
)


def _best(answer):
    """11.4, second part: the most probable path, in the book's labels 1 and 2."""
    target = (_PATHS[np.argmax(_PROBS)] + 1).tolist()
    got = np.asarray(answer).tolist()
    if not isinstance(got, list) or len(got) != len(target):
        return False, f"give the path as {len(target)} labels, e.g. (1, 1, 1)."
    if got == target:
        return True, ""
    if got == (np.asarray(target) - 1).tolist():
        return False, "that is the right path in 0-based labels; give it in the book's labels 1 and 2."
    return False, "that is not the path with the largest probability."


register(
    "lihang-11.4b",
    predicate(_best, "right: the most probable state sequence."),
    hint="compare the eight probabilities of the first part, or run Viterbi on log M_i.",
)
