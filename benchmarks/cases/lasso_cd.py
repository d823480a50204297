"""Lasso by cyclic coordinate descent (MLAPP Algorithm 13.1, with gap-safe screening and working sets) vs
scikit-learn's Lasso, same alpha and duality-gap tolerance, from zero."""

import numpy as np

from benchmarks._case import Case, size_params

TOL = 1e-8


GRID = (
    "n=200,p=50,k=5",
    "n=2000,p=500,k=50",
    "n=20000,p=500,k=50",
    "n=1000,p=5000,k=50",
)


def make_data(size, seed):
    s = size_params(size, {"full": {"n": 2_000, "p": 500, "k": 50}, "smoke": {"n": 200, "p": 50, "k": 5}})
    n, p, k = s["n"], s["p"], s["k"]
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, p))
    w = np.zeros(p)
    w[rng.choice(p, k, replace=False)] = 2.0 * rng.normal(size=k)
    y = X @ w + rng.normal(size=n) + 1.0
    alpha_max = np.abs((X - X.mean(axis=0)).T @ (y - y.mean())).max() / n
    return {"X": X, "y": y, "alpha": 0.02 * alpha_max}  # about k non-zero coefficients


def run_statlib(data):
    from statlib.linear_model import Lasso

    m = Lasso(alpha=data["alpha"], tol=TOL, max_iter=10_000).fit(data["X"], data["y"])
    return m.coef_, m.intercept_


def run_reference(data):
    from sklearn.linear_model import Lasso

    m = Lasso(alpha=data["alpha"], tol=TOL, max_iter=10_000).fit(data["X"], data["y"])
    return m.coef_, m.intercept_


def check(ours, theirs):
    np.testing.assert_allclose(ours[0], theirs[0], rtol=0, atol=1e-6)
    np.testing.assert_allclose(ours[1], theirs[1], rtol=0, atol=1e-6)
    assert np.array_equal(ours[0] != 0, theirs[0] != 0), "different supports"


CASE = Case(
    name="lasso_cd",
    algorithm="lasso, cyclic coordinate descent (MLAPP Algorithm 13.1), duality gap <= 1e-8 ||y||^2",
    size="n=2 000, p=500, 50 non-zero true coefficients",
    reference_name="sklearn.linear_model.Lasso",
    target=1.0,
    make_data=make_data,
    statlib=run_statlib,
    reference=run_reference,
    check=check,
    tolerance="same support; coefficients and intercept within 1e-6",
    grid=GRID,
)
