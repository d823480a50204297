"""Property-based tests for statlib.graph: PageRank answers every valid graph and refuses invalid input clearly.

Valid inputs: random directed graphs (dense or scipy.sparse, 0/1 or weighted, with self-loops and dangling
nodes), damping in (0, 1), every method. The answer must be a finite, positive probability vector that solves
(21.10), the same by every method. Invalid inputs: non-square, 1-D or 3-D arrays, negative, NaN or infinite
weights, text, empty graphs, damping outside (0, 1], unknown methods or dangling rules, bad tol, max_iter and
start, dangling nodes with ``dangling="error"``, and basic PageRank (damping = 1) on graphs where it does not
exist. Each must raise ValueError or TypeError whose message names the argument.
"""

import warnings
from collections import Counter

import numpy as np
import pytest
import scipy.sparse as sp
from hypothesis import given
from hypothesis import strategies as st
from property_support import SETTINGS

from statlib.graph import google_matrix, pagerank, pagerank_from_transition, pagerank_iterates, transition_matrix

CASES = Counter()  # (function, kind) -> number of generated cases; reported by conftest.py


@st.composite
def graphs(draw):
    n = draw(st.integers(1, 12))
    seed = draw(st.integers(0, 2**31 - 1))
    rng = np.random.default_rng(seed)
    density = draw(st.sampled_from([0.0, 0.1, 0.3, 0.7, 1.0]))
    A = (rng.random((n, n)) < density).astype(float)
    if draw(st.booleans()):
        A *= rng.choice([1e-6, 1.0, 1e6]) * rng.uniform(0.5, 2.0, size=(n, n))
    if n > 1 and draw(st.booleans()):
        A[rng.integers(0, n)] = 0  # a dangling node
    kind = draw(st.sampled_from(["dense", "int", "csr", "csc", "coo"]))
    adjacency = {
        "dense": A,
        "int": (A > 0).astype(np.int64),
        "csr": sp.csr_array(A),
        "csc": sp.csc_matrix(A),
        "coo": sp.coo_array(A),
    }[kind]
    return adjacency, (A > 0).astype(float) if kind == "int" else A


@SETTINGS
@given(graph=graphs(), damping=st.floats(0.05, 0.99), method=st.sampled_from(["power", "algebraic", "power_max_norm"]))
def test_pagerank_on_valid_graphs(graph, damping, method):
    CASES[("pagerank", "valid")] += 1
    adjacency, A = graph
    n = A.shape[0]
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # these small graphs converge well within max_iter
        R, n_iter = pagerank(adjacency, damping=damping, method=method, tol=1e-13, return_n_iter=True)
    assert R.shape == (n,) and R.dtype == np.float64
    assert np.all(np.isfinite(R)) and np.all(R > 0) and abs(R.sum() - 1) < 1e-12  # (21.12)-(21.13)
    assert (n_iter == 0) == (method == "algebraic")
    M = transition_matrix(A, dangling="uniform")
    np.testing.assert_allclose(damping * M @ R + (1 - damping) / n, R, rtol=1e-9, atol=1e-15)  # (21.10)
    assert np.all(R >= (1 - damping) / n * (1 - 1e-12))  # every node gets at least its random-jump share


@SETTINGS
@given(
    graph=graphs(),
    damping=st.floats(0.05, 1.0),
    n_iter=st.integers(0, 5),
    method=st.sampled_from(["power", "power_max_norm"]),
    dangling=st.sampled_from(["zero", "uniform"]),
)
def test_iterates_and_matrices_on_valid_graphs(graph, damping, n_iter, method, dangling):
    CASES[("pagerank_iterates", "valid")] += 1
    CASES[("transition_matrix", "valid")] += 1
    CASES[("google_matrix", "valid")] += 1
    adjacency, A = graph
    n = A.shape[0]
    out = pagerank_iterates(adjacency, damping=damping, n_iter=n_iter, method=method, dangling=dangling)
    assert out.shape == (n_iter + 1, n) and np.all(np.isfinite(out)) and np.all(out >= 0)
    M = transition_matrix(adjacency, dangling=dangling)
    M = M.toarray() if sp.issparse(M) else M
    assert M.shape == (n, n) and np.all(M >= 0)
    sums = M.sum(axis=0)
    np.testing.assert_allclose(sums[A.sum(axis=1) > 0], 1.0, rtol=1e-12)
    G = google_matrix(adjacency, damping=damping, dangling=dangling)
    assert G.shape == (n, n) and np.all(np.isfinite(G))
    np.testing.assert_allclose(G, damping * M + (1 - damping) / n, rtol=1e-14)
    if method == "power" and dangling == "uniform":
        np.testing.assert_allclose(out.sum(axis=1), 1.0, rtol=1e-12)
        for t in range(n_iter):
            np.testing.assert_allclose(out[t + 1], G @ out[t], rtol=1e-10, atol=1e-300)


@SETTINGS
@given(
    n=st.integers(2, 10),
    seed=st.integers(0, 2**31 - 1),
    method=st.sampled_from(["power", "algebraic"]),
    sparse=st.booleans(),
)
def test_basic_pagerank_on_strongly_connected_aperiodic_graphs(n, seed, method, sparse):
    CASES[("pagerank", "valid")] += 1
    rng = np.random.default_rng(seed)
    A = (rng.random((n, n)) < 0.4).astype(float)
    order = rng.permutation(n)
    A[order, np.roll(order, -1)] = 1  # a Hamiltonian cycle: strongly connected
    A[order[0], order[0]] = 1  # a self-loop: aperiodic
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        R = pagerank(sp.csr_array(A) if sparse else A, damping=1.0, method=method, tol=1e-14, max_iter=100_000)
    M = transition_matrix(A)
    assert np.all(R > 0) and abs(R.sum() - 1) < 1e-12
    np.testing.assert_allclose(M @ R, R, rtol=1e-8, atol=1e-12)  # (21.6)


def _clear_error(call, names):
    with pytest.raises((ValueError, TypeError)) as error:
        call()
    message = str(error.value)
    assert any(name in message for name in names), f"the message does not name {names}: {message!r}"


ADJACENCY_KINDS = ["nonsquare", "negative", "nan", "inf", "text", "1d", "3d", "empty", "complex"]
DAMPING_KINDS = ["damping_low", "damping_high", "damping_nan", "damping_type"]
START_KINDS = ["start_len", "start_neg", "start_zero", "start_nan"]
PAGERANK_KINDS = (
    ADJACENCY_KINDS
    + DAMPING_KINDS
    + START_KINDS
    + [
        "method",
        "dangling_rule",
        "tol",
        "max_iter",
        "max_iter_type",
        "dangling_error",
        "basic_dangling",
        "basic_disconnected",
        "basic_periodic",
    ]
)
KINDS = {
    "pagerank": PAGERANK_KINDS,
    "pagerank_iterates": ADJACENCY_KINDS + DAMPING_KINDS + START_KINDS + ["dangling_error", "dangling_rule_bad"],
    "transition_matrix": ADJACENCY_KINDS + ["dangling_error", "dangling_rule_bad"],
    "google_matrix": ADJACENCY_KINDS + DAMPING_KINDS + ["dangling_error", "dangling_rule_bad"],
}


@st.composite
def invalid_calls(draw, kinds):
    """(kwargs, the argument the error must name) for one kind of invalid call."""
    n = draw(st.integers(2, 8))
    rng = np.random.default_rng(draw(st.integers(0, 2**31 - 1)))
    A = (rng.random((n, n)) < 0.5).astype(float)
    A[np.arange(n), (np.arange(n) + 1) % n] = 1  # every node has an out-link
    sparse = draw(st.booleans())
    wrap = (lambda X: sp.csr_array(X)) if sparse else (lambda X: X)
    kind = draw(st.sampled_from(kinds))
    i, j = rng.integers(0, n, size=2)
    if kind == "nonsquare":
        return dict(adjacency=wrap(np.ones((n, n + draw(st.integers(1, 3)))))), "adjacency"
    if kind == "negative":
        A[i, j] = -draw(st.floats(1e-9, 1e9))
        return dict(adjacency=wrap(A)), "adjacency"
    if kind in ("nan", "inf"):
        A[i, j] = np.nan if kind == "nan" else draw(st.sampled_from([np.inf, -np.inf]))
        return dict(adjacency=wrap(A)), "adjacency"
    if kind == "text":
        return dict(adjacency=np.full((n, n), draw(st.sampled_from(["a", "1 0", ""])), dtype=object)), "adjacency"
    if kind == "1d":
        return dict(adjacency=np.ones(n * n)), "adjacency"
    if kind == "3d":
        return dict(adjacency=np.ones((n, n, 1))), "adjacency"
    if kind == "empty":
        return dict(adjacency=wrap(np.zeros((0, 0)))), "adjacency"
    if kind == "complex":
        return dict(adjacency=wrap(A.astype(complex) * 1j)), "adjacency"
    if kind == "damping_low":
        return dict(adjacency=wrap(A), damping=draw(st.floats(-10, 0))), "damping"
    if kind == "damping_high":
        return dict(adjacency=wrap(A), damping=draw(st.floats(1.0, 10, exclude_min=True))), "damping"
    if kind == "damping_nan":
        return dict(adjacency=wrap(A), damping=draw(st.sampled_from([np.nan, np.inf]))), "damping"
    if kind == "damping_type":
        return dict(adjacency=wrap(A), damping=draw(st.sampled_from(["0.85", None, [0.85], True]))), "damping"
    if kind == "method":
        return dict(adjacency=wrap(A), method=draw(st.sampled_from(["Power", "eig", "", None, 1]))), "method"
    if kind == "dangling_rule":
        return dict(adjacency=wrap(A), dangling=draw(st.sampled_from(["zero", "drop", None]))), "dangling"
    if kind == "dangling_rule_bad":
        return dict(adjacency=wrap(A), dangling=draw(st.sampled_from(["drop", "Uniform", None, 0]))), "dangling"
    if kind == "tol":
        return dict(adjacency=wrap(A), tol=draw(st.sampled_from([-1e-3, np.nan, "small", None]))), "tol"
    if kind == "max_iter":
        return dict(adjacency=wrap(A), max_iter=draw(st.integers(-5, 0))), "max_iter"
    if kind == "max_iter_type":
        return dict(adjacency=wrap(A), max_iter=draw(st.sampled_from([10.0, "10", None]))), "max_iter"
    if kind == "start_len":
        return dict(adjacency=wrap(A), start=np.ones(n + draw(st.integers(1, 3)))), "start"
    if kind == "start_neg":
        start = np.ones(n)
        start[i] = -1
        return dict(adjacency=wrap(A), start=start), "start"
    if kind == "start_zero":
        return dict(adjacency=wrap(A), start=np.zeros(n)), "start"
    if kind == "start_nan":
        start = np.ones(n)
        start[i] = np.nan
        return dict(adjacency=wrap(A), start=start), "start"
    if kind == "dangling_error":
        A[i] = 0
        return dict(adjacency=wrap(A), dangling="error"), "adjacency"
    if kind == "basic_dangling":
        A[i] = 0
        return dict(adjacency=wrap(A), damping=1.0), "adjacency"
    if kind == "basic_disconnected":
        B = np.zeros((n + 1, n + 1))
        B[:n, :n] = A
        B[n, n] = 1  # an isolated node with a self-loop: no dangling node, but not strongly connected
        return dict(adjacency=wrap(B), damping=1.0), "adjacency"
    # basic_periodic: a directed cycle of n nodes (period n >= 2)
    C = np.zeros((n, n))
    C[np.arange(n), (np.arange(n) + 1) % n] = 1
    return dict(adjacency=wrap(C), damping=1.0, method=draw(st.sampled_from(["power", "algebraic"]))), "adjacency"


FUNCTIONS = {
    "pagerank": pagerank,
    "pagerank_iterates": pagerank_iterates,
    "transition_matrix": transition_matrix,
    "google_matrix": google_matrix,
}


@pytest.mark.parametrize("which", sorted(FUNCTIONS))
@SETTINGS
@given(data=st.data())
def test_invalid_input_is_refused_clearly(which, data):
    kwargs, name = data.draw(invalid_calls(KINDS[which]))
    CASES[(which, "invalid")] += 1
    _clear_error(lambda: FUNCTIONS[which](**kwargs), [name])


@SETTINGS
@given(graph=graphs(), damping=st.floats(0.05, 0.99), method=st.sampled_from(["power", "algebraic", "power_max_norm"]))
def test_pagerank_from_transition_on_valid_matrices(graph, damping, method):
    """The book's door: M = transition_matrix(adjacency) (zero columns for dangling nodes) gives pagerank's answer."""
    CASES[("pagerank_from_transition", "valid")] += 1
    adjacency, A = graph
    M = transition_matrix(A)  # dense, columns summing to 1 or 0
    if sp.issparse(adjacency):
        M = sp.csr_array(M)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        R = pagerank_from_transition(M, damping=damping, method=method, tol=1e-13)
        R_adj = pagerank(A, damping=damping, method=method, tol=1e-13)
    assert R.shape == (A.shape[0],) and np.all(R > 0) and abs(R.sum() - 1) < 1e-12
    np.testing.assert_allclose(R, R_adj, rtol=1e-9, atol=1e-13)


TRANSITION_KINDS = ["colsum", "negative", "nan", "inf", "nonsquare", "text", "1d", "empty", "complex"]


@SETTINGS
@given(
    n=st.integers(1, 8), seed=st.integers(0, 2**31 - 1), kind=st.sampled_from(TRANSITION_KINDS), sparse=st.booleans()
)
def test_pagerank_from_transition_refuses_invalid_matrices(n, seed, kind, sparse):
    CASES[("pagerank_from_transition", "invalid")] += 1
    rng = np.random.default_rng(seed)
    M = rng.random((n, n)) + 0.1
    M /= M.sum(axis=0)
    i, j = rng.integers(0, n, size=2)
    if kind == "colsum":
        M[i, j] *= rng.choice([0.5, 1.5, 3.0])
    elif kind == "negative":
        M[i, j] = -M[i, j]
    elif kind in ("nan", "inf"):
        M[i, j] = np.nan if kind == "nan" else np.inf
    elif kind == "nonsquare":
        M = np.vstack([M, M[:1]])
    elif kind == "text":
        M = np.full((n, n), "a")
    elif kind == "1d":
        M = M[0]
    elif kind == "empty":
        M = np.empty((0, 0))
    else:
        M = M + 1j
    if sparse and kind in ("colsum", "negative", "nan", "inf", "nonsquare"):
        M = sp.csr_array(M)
    _clear_error(lambda: pagerank_from_transition(M), ["M"])
