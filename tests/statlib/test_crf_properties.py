"""Property-based tests for statlib.crf: scores, partition functions, marginals, Viterbi, the matrix form, features and
LinearChainCRF.

What the generated cases must satisfy, and how they are registered and run: ``property_support``.
"""

import itertools
from collections import Counter

import numpy as np
from hypothesis import given
from hypothesis import strategies as st
from property_support import (
    SEEDS,
    SETTINGS,
    bad_array,
    finite,
    finite_float,
    harness,
    quietly,
    random_bad,
    refused,
    registry,
)

from statlib import crf
from statlib.crf import LinearChainCRF

CASES = Counter()  # (name, kind) -> number of generated cases; reported by conftest.py
VALID, INVALID, valid, invalid = registry()


# -- linear-chain CRF -------------------------------------------------------------------------------------------


def _chain(rng, max_n=5, max_m=3):
    n, m = int(rng.integers(1, max_n + 1)), int(rng.integers(1, max_m + 1))
    unary = rng.normal(scale=2, size=(n, m))
    trans = rng.normal(scale=2, size=(m, m)) if rng.integers(2) else rng.normal(scale=2, size=(max(n - 1, 0), m, m))
    return unary, trans


def _all_paths(n, m):
    return np.array(list(itertools.product(range(m), repeat=n)), dtype=np.int64)


def _brute_log_z(unary, trans):
    n, m = unary.shape
    scores = [crf.sequence_score(unary, trans, y) for y in _all_paths(n, m)]
    return np.logaddexp.reduce(scores), scores


@valid("sequence_score")
def _(rng):
    unary, trans = _chain(rng)
    n, m = unary.shape
    y = rng.integers(0, m, size=n)
    s = crf.sequence_score(unary, trans, y)
    T = trans if trans.ndim == 3 else np.broadcast_to(trans, (max(n - 1, 0), m, m))
    expected = unary[np.arange(n), y].sum() + sum(T[i - 1, y[i - 1], y[i]] for i in range(1, n))
    assert finite_float(s) and np.isclose(s, expected)


@valid("log_partition")
def _(rng):
    unary, trans = _chain(rng, max_n=4)
    lz = crf.log_partition(unary, trans, direction=["forward", "backward"][rng.integers(2)])
    assert finite_float(lz) and np.isclose(lz, _brute_log_z(unary, trans)[0])
    M = crf.matrix_form(unary, trans)
    assert np.isclose(lz, np.log(crf.normalizer(M)))  # log Z(x) is the log of the normaliser (11.25)


@valid("marginals")
def _(rng):
    unary, trans = _chain(rng)
    n, m = unary.shape
    log_z, node, pair = crf.marginals(unary, trans)
    assert finite_float(log_z) and np.isclose(log_z, crf.log_partition(unary, trans))
    assert node.shape == (n, m) and pair.shape == (max(n - 1, 0), m, m) and finite(node) and finite(pair)
    assert np.allclose(node.sum(axis=1), 1) and np.all(node >= 0) and np.all(pair >= 0)
    assert np.allclose(pair.sum(axis=2), node[:-1]) and np.allclose(pair.sum(axis=1), node[1:])


@valid("viterbi")
def _(rng):
    unary, trans = _chain(rng)
    n, m = unary.shape
    path, score, delta, psi = crf.viterbi(unary, trans)
    assert path.shape == (n,) and np.issubdtype(path.dtype, np.integer) and path.min() >= 0 and path.max() < m
    assert delta.shape == psi.shape == (n, m) and finite(delta) and np.all(psi[0] == -1)
    assert (
        finite_float(score)
        and np.isclose(score, crf.sequence_score(unary, trans, path))
        and np.isclose(score, delta[-1].max())
    )
    for y in rng.integers(0, m, size=(8, n)):  # no sampled path scores higher
        assert crf.sequence_score(unary, trans, y) <= score + 1e-9
    assert score <= crf.log_partition(unary, trans) + 1e-9


@valid("matrix_form")
def _(rng):
    unary, trans = _chain(rng, max_n=4)
    n, m = unary.shape
    start, stop = int(rng.integers(m)), int(rng.integers(m))
    M = crf.matrix_form(unary, trans, start=start, stop=stop)
    assert M.shape == (n + 1, m, m) and M.dtype == np.float64 and finite(M) and np.all(M >= 0)
    assert np.all(np.delete(M[0], start, axis=0) == 0) and np.all(M[n][:, stop] == 1)
    assert np.isclose(
        np.log(np.linalg.multi_dot(list(M)) if n > 0 else M[0])[start, stop], crf.log_partition(unary, trans)
    )


def _matrices(rng):
    unary, trans = _chain(rng, max_n=4)
    m = unary.shape[1]
    start, stop = int(rng.integers(m)), int(rng.integers(m))
    return crf.matrix_form(unary, trans, start=start, stop=stop), start, stop, unary, trans


@valid("normalizer")
def _(rng):
    M, start, stop, unary, trans = _matrices(rng)
    Z = crf.normalizer(M, start=start, stop=stop)
    assert finite_float(Z) and Z > 0
    assert np.isclose(crf.normalizer(M, start=start, stop=stop, log=True), np.log(Z))
    assert np.isclose(np.log(Z), crf.log_partition(unary, trans))


@valid("forward_vectors")
def _(rng):
    M, start, stop, unary, trans = _matrices(rng)
    n, m = M.shape[0] - 1, M.shape[1]
    alpha = crf.forward_vectors(M, start=start)
    assert alpha.shape == (n + 2, m) and finite(alpha) and np.all(alpha >= 0)
    assert np.isclose(alpha[n + 1, stop], crf.normalizer(M, start=start, stop=stop))


@valid("backward_vectors")
def _(rng):
    M, start, stop, unary, trans = _matrices(rng)
    n, m = M.shape[0] - 1, M.shape[1]
    beta = crf.backward_vectors(M, stop=stop)
    assert beta.shape == (n + 2, m) and finite(beta) and np.all(beta >= 0)
    assert np.isclose(beta[0, start], crf.normalizer(M, start=start, stop=stop))
    alpha = crf.forward_vectors(M, start=start)
    Z = crf.normalizer(M, start=start, stop=stop)
    assert np.allclose((alpha[1 : n + 1] * beta[1 : n + 1]).sum(axis=1), Z)  # sum_j alpha_i(j) beta_i(j) = Z


@valid("path_probabilities")
def _(rng):
    M, start, stop, unary, trans = _matrices(rng)
    n, m = M.shape[0] - 1, M.shape[1]
    paths, weights, probs = crf.path_probabilities(M, start=start, stop=stop)
    assert paths.shape == (m**n, n) and weights.shape == probs.shape == (m**n,)
    assert finite(weights) and finite(probs) and np.isclose(probs.sum(), 1) and np.all(probs >= 0)
    assert np.isclose(weights.sum(), crf.normalizer(M, start=start, stop=stop))
    best = paths[np.argmax(probs)]
    assert np.isclose(crf.sequence_score(unary, trans, best), crf.viterbi(unary, trans)[1])


def _scores_invalid(fn, extra=None):
    def cases(rng):
        n, m = int(rng.integers(2, 5)), int(rng.integers(1, 4))
        unary, trans = rng.normal(size=(n, m)), rng.normal(size=(n - 1, m, m))
        out = [
            (lambda: fn(random_bad(rng, (n, m)), trans), ["unary"]),
            (lambda: fn(unary, random_bad(rng, (m, m), ("nan", "inf", "text"))), ["trans"]),
            (lambda: fn(unary, rng.normal(size=(m + 1, m + 1))), ["trans"]),
            (lambda: fn(unary, rng.normal(size=(n, m, m))), ["trans"]),
            (lambda: fn(unary, rng.normal(size=(2, 2, m, m))), ["trans"]),
        ]
        if extra:
            out += extra(rng, unary, trans)
        return out

    return cases


INVALID["log_partition"] = _scores_invalid(
    crf.log_partition,
    lambda rng, u, t: [(lambda: crf.log_partition(u, t, direction=["left", None, 1][rng.integers(3)]), ["direction"])],
)
INVALID["marginals"] = _scores_invalid(crf.marginals)
INVALID["viterbi"] = _scores_invalid(crf.viterbi)
INVALID["sequence_score"] = _scores_invalid(
    lambda u, t: crf.sequence_score(u, t, np.zeros(len(u), dtype=int)),
    lambda rng, u, t: [
        (lambda: crf.sequence_score(u, t, np.zeros(len(u) + 1, dtype=int)), ["y"]),
        (lambda: crf.sequence_score(u, t, np.full(len(u), [-1, u.shape[1]][rng.integers(2)])), ["y"]),
        (lambda: crf.sequence_score(u, t, np.full(len(u), 0.5)), ["y"]),
        (lambda: crf.sequence_score(u, t, "ab"), ["y"]),
    ],
)
INVALID["matrix_form"] = _scores_invalid(
    crf.matrix_form,
    lambda rng, u, t: [
        (lambda: crf.matrix_form(u, t, start=[-1, u.shape[1], 0.5][rng.integers(3)]), ["start"]),
        (lambda: crf.matrix_form(u, t, stop=[-1, u.shape[1], "0"][rng.integers(3)]), ["stop"]),
    ],
)


def _matrices_invalid(fn, keywords):
    def cases(rng):
        M = _matrices(rng)[0]
        m = M.shape[1]
        out = [
            (lambda: fn(random_bad(rng, M.shape)), ["M"]),
            (lambda: fn(-M - 1), ["M"]),
            (lambda: fn(M[:1]), ["M"]),
            (lambda: fn(M[0]), ["M"]),
            (lambda: fn(np.ones((3, 2, 3))), ["M"]),
        ]
        for key in keywords:
            out.append((lambda key=key: fn(M, **{key: [-1, m, 0.5, "0"][rng.integers(4)]}), [key]))
        return out

    return cases


INVALID["normalizer"] = _matrices_invalid(crf.normalizer, ["start", "stop"])
INVALID["path_probabilities"] = _matrices_invalid(crf.path_probabilities, ["start", "stop"])
INVALID["forward_vectors"] = _matrices_invalid(crf.forward_vectors, ["start"])
INVALID["backward_vectors"] = _matrices_invalid(crf.backward_vectors, ["stop"])


def _random_features(rng, n, m):
    # positions may repeat: a feature still fires once per position
    trans = [
        (
            int(rng.integers(m)),
            int(rng.integers(m)),
            rng.integers(1, n, size=int(rng.integers(1, 4))).tolist(),
            float(rng.normal()),
        )
        for _ in range(int(rng.integers(0, 4)) if n > 1 else 0)
    ]
    states = [
        (int(rng.integers(m)), rng.integers(0, n, size=int(rng.integers(1, 4))).tolist(), float(rng.normal()))
        for _ in range(int(rng.integers(0, 4)))
    ]
    return trans, states


@valid("scores_from_features")
def _(rng):
    n, m = int(rng.integers(1, 5)), int(rng.integers(1, 4))
    tf, sf = _random_features(rng, n, m)
    unary, trans = crf.scores_from_features(tf, sf, n, m)
    assert unary.shape == (n, m) and trans.shape == (max(n - 1, 0), m, m) and finite(unary) and finite(trans)
    y = rng.integers(0, m, size=n)
    w = np.array([f[-1] for f in tf] + [f[-1] for f in sf])
    # w . F(y, x) (11.19) computed from the global features equals the score computed from the local ones
    assert np.isclose(w @ crf.global_features(tf, sf, y, m) if len(w) else 0.0, crf.sequence_score(unary, trans, y))


@valid("global_features")
def _(rng):
    n, m = int(rng.integers(1, 5)), int(rng.integers(1, 4))
    tf, sf = _random_features(rng, n, m)
    y = rng.integers(0, m, size=n)
    F = crf.global_features(tf, sf, y, m)
    assert F.shape == (len(tf) + len(sf),) and F.dtype == np.float64 and np.all(F >= 0)
    assert np.all(F == np.round(F)) and np.all(F[len(tf) :] <= n)


def _features_invalid(kind):
    def cases(rng):
        n, m = 4, 2
        tf, sf = [(0, 1, [1, 2], 1.0)], [(1, [0, 3], 0.5)]
        if kind == "scores":
            call = lambda t, s, nn=n, mm=m: crf.scores_from_features(t, s, nn, mm)  # noqa: E731
        else:
            call = lambda t, s, nn=n, mm=m: crf.global_features(t, s, np.zeros(nn, dtype=int), mm)  # noqa: E731
        out = [
            (lambda: call([(0, 1, [1])], sf), ["transition_features"]),
            (lambda: call([None, 5][rng.integers(2)], sf), ["transition_features"]),
            (lambda: call(tf, [sf[0], [None, 5, "ab"][rng.integers(3)]]), ["state_features"]),
            (lambda: call([(m, 1, [1], 1.0)], sf), ["transition_features"]),
            (lambda: call([(0, 1, [[0, n][rng.integers(2)]], 1.0)], sf), ["transition_features"]),
            (lambda: call([(0, 1, [np.nan], 1.0)], sf), ["transition_features"]),
            (lambda: call(tf, [(1, [0])]), ["state_features"]),
            (lambda: call(tf, [(-1, [0], 1.0)]), ["state_features"]),
            (lambda: call(tf, [(0, [[n, -1][rng.integers(2)]], 1.0)]), ["state_features"]),
            (lambda: call(tf, [(0, [0], [np.nan, "w"][rng.integers(2)])]), ["state_features"]),
            (lambda: call(tf, [(0, [0], 1.0)], mm=[0, -1, 1.5][rng.integers(3)]), ["n_labels"]),
        ]
        if kind == "scores":
            out.append((lambda: call(tf, sf, nn=[0, -1, 2.5][rng.integers(3)]), ["n_positions"]))
        else:
            out.append((lambda: crf.global_features(tf, sf, np.full(n, [-1, m][rng.integers(2)]), m), ["y"]))
            out.append((lambda: crf.global_features(tf, sf, np.array([0, np.nan, 0, 1]), m), ["y"]))
        return out

    return cases


INVALID["scores_from_features"] = _features_invalid("scores")
INVALID["global_features"] = _features_invalid("global")


# -- linear-chain CRF ---------------------------------------------------------------------------------------


@st.composite
def labelled_sequences(draw):
    rng = np.random.default_rng(draw(SEEDS))
    d, m = int(rng.integers(1, 4)), int(rng.integers(2, 4))
    X = [rng.normal(size=(int(rng.integers(2, 8)), d)) for _ in range(int(rng.integers(1, 5)))]
    y = [rng.integers(0, m, size=len(x)) for x in X]
    y[0][:2] = [0, 1]  # at least two labels overall
    return X, y


@SETTINGS
@given(data=labelled_sequences(), method=st.sampled_from(["lbfgs", "iis"]))
def test_crf_on_valid_sequences(data, method):
    X, y = data
    CASES[("LinearChainCRF", "valid")] += 1
    if method == "iis":  # IIS needs non-negative features
        X = [np.abs(x) for x in X]
    model = quietly(lambda: LinearChainCRF(method=method, max_iter=15).fit(X, y))
    predicted = model.predict(X)
    assert [p.shape for p in predicted] == [(len(x),) for x in X]
    marginals = model.predict_marginals(X)
    for x, mu in zip(X, marginals):
        assert mu.shape == (len(x), len(model.classes_)) and np.allclose(mu.sum(axis=1), 1)


@SETTINGS
@given(
    data=labelled_sequences(),
    kind=st.sampled_from(
        ["nan", "inf", "text", "rank", "empty_list", "label_length", "widths", "one_class", "c2", "max_iter", "method"]
    ),
)
def test_crf_refuses_invalid_input(data, kind):
    X, y = data
    CASES[("LinearChainCRF", "invalid")] += 1
    rng = np.random.default_rng(len(X))
    if kind in ("nan", "inf", "text", "rank"):
        X = list(X)
        X[0] = bad_array(rng, kind, X[0].shape)
        refused(lambda: LinearChainCRF(max_iter=5).fit(X, y), ["X[0]", "X"])
    elif kind == "empty_list":
        refused(lambda: LinearChainCRF().fit([], []), ["X"])
    elif kind == "label_length":
        y = list(y)
        y[0] = np.append(y[0], 0)
        refused(lambda: LinearChainCRF().fit(X, y), ["y[0]"])
    elif kind == "widths":
        X = list(X) + [np.zeros((2, X[0].shape[1] + 1))]
        y = list(y) + [np.array([0, 1])]
        refused(lambda: LinearChainCRF().fit(X, y), ["X"])
    elif kind == "one_class":
        refused(lambda: LinearChainCRF().fit(X, [np.zeros(len(x), int) for x in X]), ["y"])
    else:
        params = {"c2": {"c2": -1.0}, "max_iter": {"max_iter": 0}, "method": {"method": "sgd"}}[kind]
        refused(lambda: LinearChainCRF(**params).fit(X, y), list(params))


# -- the two tests -----------------------------------------------------------------------------------------------


# The two tests every family's property module runs over the names it registered.
test_valid_inputs_give_finite_answers, test_invalid_inputs_are_refused = harness(VALID, INVALID, CASES)
