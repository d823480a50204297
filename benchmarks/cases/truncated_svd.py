"""Truncated SVD by the randomised range finder (Halko, Martinsson and Tropp 2011; Li Hang (15.19)) vs
scikit-learn's TruncatedSVD(algorithm="randomized"): the same Gaussian test matrix (same seed), 5 LU-normalised
power iterations, so both return the same factors."""

import numpy as np

from benchmarks._case import Case, size_params

GRID = (
    "n=1000,m=200,k=10",
    "n=5000,m=1000,k=20",
    "n=20000,m=1000,k=20",
    "n=5000,m=5000,k=20",
)


def make_data(size, seed):
    s = size_params(size, {"full": {"n": 5_000, "m": 1_000, "k": 20}, "smoke": {"n": 80, "m": 30, "k": 3}})
    n, m, k = s["n"], s["m"], s["k"]
    rng = np.random.default_rng(seed)
    # Low rank plus noise, with a decaying spectrum.
    X = (rng.normal(size=(n, 2 * k)) * np.geomspace(10.0, 0.5, 2 * k)) @ rng.normal(size=(2 * k, m))
    X += 0.1 * rng.normal(size=(n, m))
    return {"X": X, "k": k}


def _fit(cls, data):
    model = cls(data["k"], algorithm="randomized", n_iter=5, random_state=0)
    Z = model.fit_transform(data["X"])
    return Z, model.components_, model.singular_values_, model.explained_variance_ratio_


def run_statlib(data):
    from statlib.decomposition import TruncatedSVD

    return _fit(TruncatedSVD, data)


def run_reference(data):
    from sklearn.decomposition import TruncatedSVD

    return _fit(TruncatedSVD, data)


def check(ours, theirs):
    np.testing.assert_allclose(ours[2], theirs[2], rtol=1e-10)
    np.testing.assert_allclose(ours[1], theirs[1], atol=1e-8)
    np.testing.assert_allclose(ours[0], theirs[0], atol=1e-8 * ours[2][0])
    np.testing.assert_allclose(ours[3], theirs[3], rtol=1e-8)


CASE = Case(
    name="truncated_svd",
    algorithm="Truncated SVD, randomised range finder (Halko et al. 2011), k = 20, 5 power iterations",
    size="5 000 x 1 000, decaying spectrum (40 directions + noise)",
    reference_name="sklearn.decomposition.TruncatedSVD(algorithm='randomized')",
    target=1.0,
    make_data=make_data,
    statlib=run_statlib,
    reference=run_reference,
    check=check,
    tolerance="same singular values (rtol 1e-10), components (atol 1e-8), scores and variance ratios",
    notes="Both sides draw the same Gaussian test matrix and spend their time in the same BLAS products "
    "X Q and X^T Q and small LU/QR factorisations; the ratio is parity up to timing noise.",
    grid=GRID,
)
