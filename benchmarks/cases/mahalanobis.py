"""Mahalanobis distances (Li Hang (14.6)) between all pairs of samples vs scipy.spatial.distance.cdist."""

import numpy as np

from benchmarks._case import Case, size_params

GRID = (
    "n=300,d=3",
    "n=300,d=20",
    "n=1000,d=3",
    "n=1000,d=20",
    "n=3000,d=3",
    "n=3000,d=20",
)


def make_data(size, seed):
    s = size_params(size, {"full": {"n": 3_000, "d": 20}, "smoke": {"n": 50, "d": 3}})
    n, d = s["n"], s["d"]
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, d)) @ rng.normal(size=(d, d))
    return {"X": X, "S": np.cov(X, rowvar=False)}


def run_statlib(data):
    from statlib.cluster import mahalanobis_distances

    return mahalanobis_distances(data["X"], cov=data["S"])


def run_reference(data):
    from scipy.spatial.distance import cdist

    return cdist(data["X"], data["X"], "mahalanobis", VI=np.linalg.inv(data["S"]))


def check(ours, theirs):
    np.testing.assert_allclose(ours, theirs, rtol=1e-8, atol=1e-10)


CASE = Case(
    name="mahalanobis",
    algorithm="Mahalanobis distance matrix (Li Hang (14.6))",
    size="n=3 000, d=20",
    reference_name="scipy.spatial.distance.cdist(metric='mahalanobis')",
    target=1.0,
    make_data=make_data,
    statlib=run_statlib,
    reference=run_reference,
    check=check,
    tolerance="rtol 1e-8",
    notes="statlib whitens once with the Cholesky factor of S and takes Euclidean distances; scipy evaluates the "
    "quadratic form for every pair.",
    grid=GRID,
)
