"""Probabilistic PCA (MLAPP §12.2.4-12.2.5) fitted by Roweis' EM for PCA (12.65)-(12.66), L << D, vs scikit-learn's
PCA(svd_solver="full"), whose score is the same PPCA log-likelihood: a tall data set with 5 strong directions."""

import numpy as np

from benchmarks._case import Case, size_params

L = 5


GRID = (
    "n=1000,d=50",
    "n=10000,d=400",
    "n=50000,d=100",
)


def make_data(size, seed):
    s = size_params(size, {"full": {"n": 10_000, "d": 400}, "smoke": {"n": 120, "d": 15}})
    n, d = s["n"], s["d"]
    rng = np.random.default_rng(seed)
    W = rng.normal(size=(d, L)) * np.linspace(6.0, 3.0, L)
    return {"X": rng.normal(size=(n, L)) @ W.T + rng.normal(size=(n, d)) + rng.normal(size=d)}


def run_statlib(data):
    from statlib.decomposition import ProbabilisticPCA

    m = ProbabilisticPCA(L, method="em", random_state=0).fit(data["X"])
    n = len(data["X"])
    # scikit-learn's variances divide by n - 1, the maximum-likelihood ones by n
    return m.principal_axes_, m.explained_variance_ * n / (n - 1), m.noise_variance_ * n / (n - 1)


def run_reference(data):
    from sklearn.decomposition import PCA

    m = PCA(L, svd_solver="full").fit(data["X"])
    return m.components_, m.explained_variance_, m.noise_variance_


def check(ours, theirs):
    np.testing.assert_allclose(np.abs(ours[0] @ theirs[0].T), np.eye(L), atol=1e-6)
    np.testing.assert_allclose(ours[1], theirs[1], rtol=1e-8)
    np.testing.assert_allclose(ours[2], theirs[2], rtol=1e-8)


CASE = Case(
    name="ppca",
    algorithm="PPCA by EM for PCA (MLAPP 12.65-12.66), L = 5 of D = 400",
    size="10 000 x 400",
    reference_name="sklearn.decomposition.PCA(n_components=5, svd_solver='full')",
    target=1.0,
    make_data=make_data,
    statlib=run_statlib,
    reference=run_reference,
    check=check,
    tolerance="same principal directions up to sign (1e-6), variances and noise variance (rtol 1e-8)",
    notes="EM costs O(N D L) per iteration against the O(N D min(N, D)) of the full SVD; both give the same PPCA fit.",
    grid=GRID,
)
