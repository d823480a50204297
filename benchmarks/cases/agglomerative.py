"""Agglomerative clustering with single linkage (Li Hang alg. 14.1) vs scipy.cluster.hierarchy.linkage, from the
data (both compute the Euclidean distances)."""

import numpy as np

from benchmarks._case import Case, size_params

GRID = (
    "n=500,d=2",
    "n=500,d=10",
    "n=2000,d=2",
    "n=2000,d=10",
    "n=8000,d=2",
    "n=8000,d=10",
)


def make_data(size, seed):
    s = size_params(size, {"full": {"n": 4_000, "d": 10}, "smoke": {"n": 60, "d": 3}})
    n, d = s["n"], s["d"]
    return {"X": np.random.default_rng(seed).normal(size=(n, d))}


def run_statlib(data):
    from statlib.cluster import linkage

    return linkage(data["X"], "single")


def run_reference(data):
    from scipy.cluster.hierarchy import linkage

    return linkage(data["X"], "single")


def check(ours, theirs):
    np.testing.assert_array_equal(ours[:, [0, 1, 3]], theirs[:, [0, 1, 3]])
    np.testing.assert_allclose(ours[:, 2], theirs[:, 2], rtol=1e-12)


CASE = Case(
    name="agglomerative",
    algorithm="Agglomerative clustering, single linkage (Li Hang alg. 14.1), whole hierarchy",
    size="n=4 000, d=10",
    reference_name="scipy.cluster.hierarchy.linkage(method='single')",
    target=1.0,
    make_data=make_data,
    statlib=run_statlib,
    reference=run_reference,
    check=check,
    tolerance="identical merges and sizes; heights rtol 1e-12",
    notes="statlib keeps the full n x n distance matrix (scipy the condensed half), so its peak memory is about twice.",
    grid=GRID,
)
