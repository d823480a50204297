"""Property-based tests for statlib.hmm: supervised estimation from labelled sequences and Baum-Welch.

What the generated cases must satisfy, and how they are registered and run: ``property_support``.
"""

from collections import Counter

import numpy as np
from hypothesis import given
from hypothesis import strategies as st
from property_support import SEEDS, SETTINGS, finite, harness, quietly, refused, registry

from statlib import hmm
from statlib.hmm import CategoricalHMM

CASES = Counter()  # (name, kind) -> number of generated cases; reported by conftest.py
VALID, INVALID, valid, invalid = registry()


# -- hidden Markov models ----------------------------------------------------------------------------------------


@valid("estimate_from_labelled")
def _(rng):
    N, M = int(rng.integers(1, 4)), int(rng.integers(1, 4))
    n_seq = int(rng.integers(1, 4))
    X = [rng.integers(0, M, size=int(rng.integers(1, 8))) for _ in range(n_seq)]
    S = [rng.integers(0, N, size=len(x)) for x in X]
    given_sizes = bool(rng.integers(2))
    model = hmm.estimate_from_labelled(X, S, n_states=N if given_sizes else None, n_symbols=M if given_sizes else None)
    n = N if given_sizes else max(s.max() for s in S) + 1
    m = M if given_sizes else max(x.max() for x in X) + 1
    assert model.startprob.shape == (n,) and model.transmat.shape == (n, n) and model.emissionprob.shape == (n, m)
    for P in (model.startprob[None], model.transmat, model.emissionprob):
        assert finite(P) and np.all(P >= 0) and np.allclose(P.sum(axis=1), 1)


@invalid("estimate_from_labelled")
def _(rng):
    X = [np.array([0, 1, 1]), np.array([1, 0])]
    S = [np.array([0, 0, 1]), np.array([1, 1])]
    est = hmm.estimate_from_labelled
    return [
        (lambda: est([np.array([0, np.nan, 1]), X[1]], S), ["X"]),
        (lambda: est(X, [np.array([0, -1, 1]), S[1]]), ["states"]),
        (lambda: est(X, [np.array([0, 0]), S[1]]), ["states", "length", "same"]),
        (lambda: est(X, S[:1]), ["states", "X", "sequences"]),
        (lambda: est(X, S, n_states=1), ["n_states", "states"]),
        (lambda: est(X, S, n_symbols=1), ["n_symbols", "X"]),
        (lambda: est(X, S, n_states=[0, -1, 1.5, "2"][rng.integers(4)]), ["n_states"]),
        (lambda: est(X, S, n_symbols=[0, -1, 1.5, "2"][rng.integers(4)]), ["n_symbols"]),
        (lambda: est("abc", S), ["X"]),
        (lambda: est(X, [np.array([0.5, 0, 1]), S[1]]), ["states"]),
    ]


# -- hidden Markov model: Baum-Welch ------------------------------------------------------------------------


@SETTINGS
@given(seed=SEEDS, n_states=st.integers(1, 3), n_symbols=st.integers(1, 4))
def test_baum_welch_on_valid_sequences(seed, n_states, n_symbols):
    CASES[("CategoricalHMM.fit", "valid")] += 1
    rng = np.random.default_rng(seed)
    truth = CategoricalHMM(
        rng.dirichlet(np.ones(n_states)),
        rng.dirichlet(np.ones(n_states), n_states),
        rng.dirichlet(np.ones(n_symbols), n_states),
    )
    sequences = [
        truth.sample(int(rng.integers(1, 40)), random_state=int(rng.integers(2**31)))[0]
        for _ in range(int(rng.integers(1, 4)))
    ]
    start = CategoricalHMM(
        rng.dirichlet(np.ones(n_states)),
        rng.dirichlet(np.ones(n_states), n_states),
        rng.dirichlet(np.ones(n_symbols), n_states),
    )
    model = quietly(lambda: start.fit(sequences))
    for name in ("startprob", "transmat", "emissionprob"):
        values = getattr(model, name + "_", None)
        values = getattr(model, name) if values is None else values
        assert np.all(np.isfinite(values)) and np.allclose(np.sum(values, axis=-1), 1.0)


@SETTINGS
@given(
    seed=SEEDS,
    kind=st.sampled_from(
        ["symbol", "negative", "fraction", "nan", "text", "empty", "max_iter", "tol", "not_stochastic"]
    ),
)
def test_baum_welch_refuses_invalid_input(seed, kind):
    CASES[("CategoricalHMM.fit", "invalid")] += 1
    rng = np.random.default_rng(seed)
    n_states, n_symbols = int(rng.integers(1, 4)), int(rng.integers(2, 5))
    params = (
        rng.dirichlet(np.ones(n_states)),
        rng.dirichlet(np.ones(n_states), n_states),
        rng.dirichlet(np.ones(n_symbols), n_states),
    )
    obs = rng.integers(0, n_symbols, size=int(rng.integers(2, 30))).astype(float)
    if kind == "max_iter":
        refused(lambda: CategoricalHMM(*params, max_iter=0).fit(obs), ["max_iter"])
    elif kind == "tol":
        refused(lambda: CategoricalHMM(*params, tol=-1.0).fit(obs), ["tol"])
    elif kind == "not_stochastic":
        emit = params[2].copy()
        emit[0, 0] += 0.25
        refused(lambda: CategoricalHMM(params[0], params[1], emit).fit(obs), ["emissionprob"])
    elif kind == "empty":
        refused(lambda: CategoricalHMM(*params).fit(obs[:0]), ["X"])
    elif kind == "text":
        refused(lambda: CategoricalHMM(*params).fit(["a", "b"]), ["X"])
    else:
        obs[int(rng.integers(len(obs)))] = {"symbol": n_symbols, "negative": -1, "fraction": 0.5, "nan": np.nan}[kind]
        refused(lambda: CategoricalHMM(*params).fit(obs), ["X"])


# -- the two tests -----------------------------------------------------------------------------------------------


# The two tests every family's property module runs over the names it registered.
test_valid_inputs_give_finite_answers, test_invalid_inputs_are_refused = harness(VALID, INVALID, CASES)
