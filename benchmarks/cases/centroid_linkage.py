"""Agglomerative clustering with centroid linkage (Li Hang (14.16), Algorithm 14.1's loop) vs
scipy.cluster.hierarchy.linkage(method='centroid'), from the data."""

import numpy as np

from benchmarks._case import Case, size_params

GRID = (
    "n=500,d=2",
    "n=500,d=10",
    "n=2000,d=2",
    "n=2000,d=10",
    "n=5000,d=2",
    "n=5000,d=10",
)


def make_data(size, seed):
    s = size_params(size, {"full": {"n": 3_000, "d": 10}, "smoke": {"n": 60, "d": 3}})
    n, d = s["n"], s["d"]
    return {"X": np.random.default_rng(seed).normal(size=(n, d))}


def run_statlib(data):
    from statlib.cluster import linkage

    return linkage(data["X"], "centroid")


def run_reference(data):
    from scipy.cluster.hierarchy import linkage

    return linkage(data["X"], "centroid")


def check(ours, theirs):
    np.testing.assert_array_equal(ours[:, [0, 1, 3]], theirs[:, [0, 1, 3]])
    np.testing.assert_allclose(ours[:, 2], theirs[:, 2], rtol=1e-9)


CASE = Case(
    name="centroid_linkage",
    algorithm="Agglomerative clustering, centroid linkage (Li Hang (14.16)), whole hierarchy",
    size="n=3 000, d=10",
    reference_name="scipy.cluster.hierarchy.linkage(method='centroid')",
    target=1.0,
    make_data=make_data,
    statlib=run_statlib,
    reference=run_reference,
    check=check,
    tolerance="identical merges and sizes; heights rtol 1e-9",
    notes="both run the generic algorithm with cached nearest neighbours (heights can invert); statlib keeps the "
    "full n x n distance matrix (scipy the condensed half).",
    grid=GRID,
)
