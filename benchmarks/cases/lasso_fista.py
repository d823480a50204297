"""Lasso by proximal gradient, FISTA (MLAPP section 13.4.3, fixed step 1/||X||^2), vs
scikit-learn's Lasso, same alpha and duality-gap tolerance, from zero."""

import numpy as np

from benchmarks._case import Case

TOL = 1e-8


def make_data(size, seed):
    n, p, k = {"full": (2_000, 500, 50), "smoke": (200, 50, 5)}[size]
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, p))
    w = np.zeros(p)
    w[rng.choice(p, k, replace=False)] = 2.0 * rng.normal(size=k)
    y = X @ w + rng.normal(size=n) + 1.0
    alpha_max = np.abs((X - X.mean(axis=0)).T @ (y - y.mean())).max() / n
    return {"X": X, "y": y, "alpha": 0.02 * alpha_max}  # about k non-zero coefficients


def run_statlib(data):
    from statlib.linear_model import Lasso

    m = Lasso(alpha=data["alpha"], tol=TOL, max_iter=100_000, solver="fista").fit(data["X"], data["y"])
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
    name="lasso_fista",
    algorithm="lasso, FISTA (Nesterov acceleration, MLAPP section 13.4.3), duality gap <= 1e-8 ||y||^2",
    size="n=2 000, p=500, 50 non-zero true coefficients",
    reference_name="sklearn.linear_model.Lasso",
    target=1.0,
    make_data=make_data,
    statlib=run_statlib,
    reference=run_reference,
    check=check,
    tolerance="same support; coefficients and intercept within 1e-6",
)
