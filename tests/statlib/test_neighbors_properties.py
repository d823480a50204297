"""Property-based tests for statlib.neighbors: the Minkowski distance, the linear scan and the kd tree.

What the generated cases must satisfy, and how they are registered and run: ``property_support``.
"""

from collections import Counter

import numpy as np
from hypothesis import given
from hypothesis import strategies as st
from property_support import SEEDS, SETTINGS, bad_array, finite, harness, random_bad, refused, registry

from statlib import neighbors
from statlib.neighbors import KDTree

CASES = Counter()  # (name, kind) -> number of generated cases; reported by conftest.py
VALID, INVALID, valid, invalid = registry()


P_VALUES = [1, 1.5, 2, 3, np.inf]
BAD_P = [0.5, 0, -1, np.nan, "2", None]


# -- neighbors --------------------------------------------------------------------------------------------------


@valid("linear_scan")
def _(rng):
    n, d, q = int(rng.integers(1, 12)), int(rng.integers(1, 4)), int(rng.integers(1, 4))
    X, Q = rng.normal(size=(n, d)), rng.normal(size=(q, d))
    k, p = int(rng.integers(1, n + 1)), P_VALUES[rng.integers(len(P_VALUES))]
    dist, ind = neighbors.linear_scan(X, Q, k=k, p=p)
    assert dist.shape == ind.shape == (q, k) and dist.dtype == np.float64 and np.issubdtype(ind.dtype, np.integer)
    assert finite(dist) and np.all(np.diff(dist, axis=1) >= 0) and ind.min() >= 0 and ind.max() < n
    assert np.allclose(dist, neighbors.minkowski_distance(X[ind.ravel()], np.repeat(Q, k, axis=0), p).reshape(q, k))
    all_d = np.array([[neighbors.minkowski_distance(x, z, p) for x in X] for z in Q])
    assert np.allclose(dist[:, -1], np.sort(all_d, axis=1)[:, k - 1])
    d1, i1 = neighbors.linear_scan(X, Q[0], k=k, p=p)
    assert d1.shape == (k,) and np.array_equal(i1, ind[0])


@invalid("linear_scan")
def _(rng):
    n, d = int(rng.integers(2, 10)), int(rng.integers(1, 4))
    X, Q = rng.normal(size=(n, d)), rng.normal(size=(2, d))
    return [
        (lambda: neighbors.linear_scan(random_bad(rng, (n, d)), Q), ["X"]),
        (lambda: neighbors.linear_scan(X, random_bad(rng, (2, d), ("nan", "inf", "text", "empty"))), ["queries"]),
        (lambda: neighbors.linear_scan(X, rng.normal(size=(2, d + 1))), ["queries", "feature"]),
        (lambda: neighbors.linear_scan(X, Q, k=[0, n + 1, 1.5, -1, "1"][rng.integers(5)]), ["k"]),
        (lambda: neighbors.linear_scan(X, Q, p=BAD_P[rng.integers(len(BAD_P))]), ["p"]),
    ]


@valid("minkowski_distance")
def _(rng):
    m, d = int(rng.integers(1, 6)), int(rng.integers(1, 5))
    a, b, c = rng.normal(size=(3, m, d))
    p = P_VALUES[rng.integers(len(P_VALUES))]
    dab = neighbors.minkowski_distance(a, b, p)
    assert dab.shape == (m,) and dab.dtype == np.float64 and finite(dab) and np.all(dab >= 0)
    assert np.allclose(dab, neighbors.minkowski_distance(b, a, p))
    assert np.all(dab <= neighbors.minkowski_distance(a, c, p) + neighbors.minkowski_distance(c, b, p) + 1e-12)
    one = neighbors.minkowski_distance(a[0], b[0], p)
    assert isinstance(one, float) and np.isclose(one, dab[0])
    assert neighbors.minkowski_distance(a[0], a[0], p) == 0.0
    assert np.allclose(neighbors.minkowski_distance(a[0], b, p), [neighbors.minkowski_distance(a[0], r, p) for r in b])


@invalid("minkowski_distance")
def _(rng):
    d = int(rng.integers(1, 5))
    a, b = rng.normal(size=(2, 3, d))
    return [
        (lambda: neighbors.minkowski_distance(random_bad(rng, (3, d), ("nan", "inf", "text", "empty")), b), ["a"]),
        (lambda: neighbors.minkowski_distance(a, random_bad(rng, (3, d), ("nan", "inf", "text", "empty"))), ["b"]),
        (lambda: neighbors.minkowski_distance(a, rng.normal(size=(3, d + 1))), ["a", "b"]),
        (lambda: neighbors.minkowski_distance(a, rng.normal(size=(4, d))), ["a", "b"]),
        (lambda: neighbors.minkowski_distance(a[..., None], b[..., None]), ["a", "b"]),
        (lambda: neighbors.minkowski_distance(a, b, BAD_P[rng.integers(len(BAD_P))]), ["p"]),
    ]


# -- kd tree ------------------------------------------------------------------------------------------------


@SETTINGS
@given(
    seed=SEEDS,
    kind=st.sampled_from(
        ["nan", "inf", "text", "rank", "empty", "query_dim", "k_zero", "k_too_big", "k_float", "leaf_size"]
    ),
)
def test_kd_tree_refuses_invalid_input(seed, kind):
    CASES[("KDTree", "invalid")] += 1
    rng = np.random.default_rng(seed)
    n, d = int(rng.integers(2, 30)), int(rng.integers(1, 4))
    X = rng.normal(size=(n, d))
    if kind in ("nan", "inf", "text", "rank", "empty"):
        refused(lambda: KDTree(bad_array(rng, kind, (n, d))), ["X"])
    elif kind == "query_dim":
        refused(lambda: KDTree(X).query(rng.normal(size=(2, d + 1))), ["x", "X", "feature"])
    elif kind == "leaf_size":
        refused(lambda: KDTree(X, leaf_size=int(rng.integers(-3, 1))), ["leaf_size"])
    else:
        k = {"k_zero": 0, "k_too_big": n + 1, "k_float": 1.5}[kind]
        refused(lambda: KDTree(X).query(X[:1], k=k), ["k"])


# -- the two tests -----------------------------------------------------------------------------------------------


# The two tests every family's property module runs over the names it registered.
test_valid_inputs_give_finite_answers, test_invalid_inputs_are_refused = harness(VALID, INVALID, CASES)
