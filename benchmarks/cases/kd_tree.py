"""kd tree, build + 5-NN query (Li Hang alg. 3.2 / 3.3) vs scikit-learn's KDTree, uniform points in 3-D; the grid
runs n = 10^3 to 10^6 points in 2, 3 and 10 dimensions with min(n, 10 000) queries."""

import numpy as np

from benchmarks._case import Case, size_params

K = 5
GRID = tuple(f"n={n},d={d}" for d in (2, 3, 10) for n in (1_000, 10_000, 100_000, 1_000_000))


def make_data(size, seed):
    p = size_params(size, {"full": {"n": 100_000, "d": 3, "q": 10_000}, "smoke": {"n": 500, "d": 3, "q": 50}})
    n, d = p["n"], p["d"]
    n_queries = p.get("q", min(n, 10_000))
    rng = np.random.default_rng(seed)
    return {"X": rng.random((n, d)), "Q": rng.random((n_queries, d))}


def run_statlib(data):
    from statlib.neighbors import KDTree

    return KDTree(data["X"]).query(data["Q"], k=K)


def run_reference(data):
    from sklearn.neighbors import KDTree

    return KDTree(data["X"]).query(data["Q"], k=K)


def check(ours, theirs):
    np.testing.assert_allclose(ours[0], theirs[0], rtol=1e-12)
    np.testing.assert_array_equal(ours[1], theirs[1])


CASE = Case(
    name="kd_tree",
    algorithm="kd tree build + 5-NN search (Li Hang alg. 3.2-3.3)",
    size="N=100 000, 10 000 queries, d=3",
    reference_name="sklearn.neighbors.KDTree",
    target=1.0,
    make_data=make_data,
    statlib=run_statlib,
    reference=run_reference,
    check=check,
    tolerance="identical neighbours, distances rtol 1e-12",
    notes='Both with their default arguments. Above 256 points statlib\'s default (bounds="auto") prunes with '
    'bounding boxes, as bounds="bbox" does: a node\'s subtree is skipped when the hypersphere misses the bounding '
    "box of its points (as scikit-learn does), not the book's hyper-rectangle cut out by the splitting planes; 32 "
    "points per leaf (scikit-learn: 40). The tree is built by the book's rule (upper-median splits cycling the "
    "axes); same neighbours.",
    grid=GRID,
)
