"""The exact lasso path by LARS with the lasso modification (Efron et al. 2004; MLAPP section 13.4.2) vs
scikit-learn's lars_path(method="lasso"), full path on centred data with correlated columns (so that some
coefficients cross zero and leave the active set)."""

import numpy as np

from benchmarks._case import Case, size_params

GRID = (
    "n=100,p=20",
    "n=500,p=100",
    "n=5000,p=100",
    "n=1000,p=500",
    "n=200,p=1000",
)


def make_data(size, seed):
    s = size_params(size, {"full": {"n": 500, "p": 100}, "smoke": {"n": 60, "p": 12}})
    n, p = s["n"], s["p"]
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, p))
    X[:, 1::2] += 0.7 * X[:, ::2][:, : p // 2]
    y = X @ (rng.normal(size=p) * (rng.random(p) < 0.3)) + rng.normal(size=n)
    return {"X": X - X.mean(axis=0), "y": y - y.mean()}


def run_statlib(data):
    from statlib.linear_model import lasso_path

    return lasso_path(data["X"], data["y"], method="lars")


def run_reference(data):
    from sklearn.linear_model import lars_path

    alphas, _, coefs = lars_path(data["X"], data["y"], method="lasso")
    return alphas, coefs


def check(ours, theirs):
    assert ours[0].shape == theirs[0].shape, f"{len(ours[0])} breakpoints, reference {len(theirs[0])}"
    np.testing.assert_allclose(ours[0], theirs[0], rtol=0, atol=1e-10 * theirs[0][0])
    np.testing.assert_allclose(ours[1], theirs[1], rtol=0, atol=1e-9 * max(1.0, np.abs(theirs[1]).max()))


CASE = Case(
    name="lars_path",
    algorithm="lasso path by LARS with the lasso modification (MLAPP section 13.4.2), all breakpoints",
    size="n=500, p=100",
    reference_name="sklearn.linear_model.lars_path(method='lasso')",
    target=1.0,
    make_data=make_data,
    statlib=run_statlib,
    reference=run_reference,
    check=check,
    tolerance="same breakpoints (1e-10 of alpha_max) and coefficients (1e-9)",
    grid=GRID,
)
