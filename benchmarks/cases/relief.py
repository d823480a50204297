"""Relief-F (lecture; Kononenko 1994), 10 nearest hits and misses per class, every sample visited, against a
vectorised NumPy reference (one distance row and one stable argsort per sample)."""

import numpy as np

from benchmarks._case import Case, size_params

K = 10


GRID = (
    "n=500,d=10,c=3",
    "n=500,d=40,c=3",
    "n=3000,d=10,c=3",
    "n=3000,d=40,c=3",
    "n=6000,d=40,c=3",
)


def make_data(size, seed):
    s = size_params(size, {"full": {"n": 3_000, "d": 40, "c": 3}, "smoke": {"n": 120, "d": 6, "c": 3}})
    n, d, c = s["n"], s["d"], s["c"]
    rng = np.random.default_rng(seed)
    y = np.arange(n) % c
    X = rng.normal(size=(n, d))
    X[:, : d // 4] += y[:, None]
    return {"X": X, "y": y}


def run_statlib(data):
    from statlib.feature_selection import ReliefF

    return ReliefF(n_neighbors=K).fit(data["X"], data["y"]).feature_importances_


def run_reference(data):
    X, y = data["X"], data["y"]
    span = np.ptp(X, axis=0)
    Xs = (X - X.min(axis=0)) / np.where(span > 0, span, 1.0)
    classes, codes = np.unique(y, return_inverse=True)
    p = np.bincount(codes) / len(y)
    members = [np.flatnonzero(codes == c) for c in range(len(classes))]
    w = np.zeros(X.shape[1])
    for i in range(len(y)):
        dist = ((Xs - Xs[i]) ** 2).sum(axis=1)
        ci = codes[i]
        for c, idx in enumerate(members):
            idx = idx[idx != i]
            near = idx[np.argsort(dist[idx], kind="stable")[:K]]
            term = ((Xs[near] - Xs[i]) ** 2).mean(axis=0)
            w += -term if c == ci else p[c] / (1 - p[ci]) * term
    return w / len(y)


def check(ours, theirs):
    np.testing.assert_allclose(ours, theirs, rtol=1e-9, atol=1e-12)


CASE = Case(
    name="relief",
    algorithm="Relief-F (lecture; Kononenko 1994), k=10, every sample visited",
    size="n=3 000, d=40, 3 classes",
    reference_name="NumPy reference (vectorised distances + argsort)",
    target=1.0,
    make_data=make_data,
    statlib=run_statlib,
    reference=run_reference,
    check=check,
    tolerance="same weights (rtol 1e-9)",
    grid=GRID,
)
