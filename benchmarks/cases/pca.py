"""PCA by the SVD of the centred data (Li Hang Algorithm 16.1, eqs. (16.51)-(16.53)) vs scikit-learn's
PCA(svd_solver="full"): all components of a tall, correlated data matrix."""

import numpy as np

from benchmarks._case import Case, size_params

GRID = (
    "n=1000,m=50",
    "n=20000,m=200",
    "n=100000,m=50",
    "n=5000,m=1000",
)


def make_data(size, seed):
    s = size_params(size, {"full": {"n": 20_000, "m": 200}, "smoke": {"n": 80, "m": 12}})
    n, m = s["n"], s["m"]
    rng = np.random.default_rng(seed)
    # Correlated features with decaying variances: a random rotation of independent columns.
    scales = 1.0 / np.arange(1, m + 1)
    Q, _ = np.linalg.qr(rng.standard_normal((m, m)))
    return {"X": (rng.standard_normal((n, m)) * scales) @ Q.T + rng.normal(size=m)}


def _fit(cls, data, **kwargs):
    model = cls(**kwargs).fit(data["X"])
    return model.components_, model.explained_variance_, model.transform(data["X"][:100])


def run_statlib(data):
    from statlib.decomposition import PCA

    return _fit(PCA, data)


def run_reference(data):
    from sklearn.decomposition import PCA

    return _fit(PCA, data, svd_solver="full")


def check(ours, theirs):
    # Both fix each direction's sign by its largest-magnitude entry, so the comparison is entry by entry.
    np.testing.assert_allclose(ours[0], theirs[0], rtol=1e-7, atol=1e-9)
    np.testing.assert_allclose(ours[1], theirs[1], rtol=1e-10)
    np.testing.assert_allclose(ours[2], theirs[2], rtol=1e-7, atol=1e-9)


CASE = Case(
    name="pca",
    algorithm="PCA by the SVD of the centred data (Li Hang alg. 16.1), all components",
    size="20 000 x 200",
    reference_name="sklearn.decomposition.PCA(svd_solver='full')",
    target=1.0,
    make_data=make_data,
    statlib=run_statlib,
    reference=run_reference,
    check=check,
    tolerance="same components and scores (rtol 1e-7), same explained variances (rtol 1e-10)",
    notes="Both sides call LAPACK's thin SVD (gesdd) on the same centred array, so the ratio is parity up to "
    "timing noise and the bookkeeping around the call.",
    grid=GRID,
)
