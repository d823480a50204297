"""Probabilistic PCA (MLAPP §12.2.4-12.2.5) in closed form, L = 5 << D, statlib's default, vs scikit-learn's PCA(5) at
its default, whose score is the same PPCA log-likelihood: a tall data set with 5 strong directions. On these tall
shapes both take the eigen-decomposition of the sample covariance matrix."""

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

    m = ProbabilisticPCA(L).fit(data["X"])
    n = len(data["X"])
    # scikit-learn's variances divide by n - 1, the maximum-likelihood ones by n
    return m.principal_axes_, m.explained_variance_ * n / (n - 1), m.noise_variance_ * n / (n - 1)


def run_reference(data):
    from sklearn.decomposition import PCA

    m = PCA(L).fit(data["X"])
    return m.components_, m.explained_variance_, m.noise_variance_


def check(ours, theirs):
    np.testing.assert_allclose(np.abs(ours[0] @ theirs[0].T), np.eye(L), atol=1e-6)
    np.testing.assert_allclose(ours[1], theirs[1], rtol=1e-8)
    np.testing.assert_allclose(ours[2], theirs[2], rtol=1e-8)


CASE = Case(
    name="ppca",
    algorithm="PPCA in closed form (MLAPP 12.61-12.62), L = 5 of D = 400, at the defaults",
    size="10 000 x 400",
    reference_name="sklearn.decomposition.PCA(n_components=5) (svd_solver='auto')",
    target=1.0,
    make_data=make_data,
    statlib=run_statlib,
    reference=run_reference,
    check=check,
    tolerance="same principal directions up to sign (1e-6), variances and noise variance (rtol 1e-8)",
    notes="Both defaults form the D x D sample covariance and diagonalise it: scikit-learn as X^T X - n mean mean^T, "
    "statlib the same way where every column's offset is within its variance and the whole offset within the largest "
    "variance (at 50000 x 100), and otherwise from blocks of rows shifted by the first block's mean (at 10000 x 400, "
    "whose squared offset, 419, just exceeds the largest variance, 392), the rule of its PCA; statlib's EM for PCA "
    "(method='em', O(N D L) per iteration) gives the same fit and is timed in the PCA chapter of Part III. Of the "
    "eigen-decomposition, scikit-learn computes all D pairs and statlib only the L = 5 leading ones (L is at most a "
    "tenth of D in every cell), with the noise variance from tr S minus the kept eigenvalues.",
    grid=GRID,
)
