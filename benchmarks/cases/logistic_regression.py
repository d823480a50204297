"""Binary logistic regression with an L2 penalty (Li Hang section 6.1), Newton's method, vs scikit-learn's
newton-cholesky solver, both run to a gradient tolerance of 1e-8."""

import numpy as np

from benchmarks._case import Case, size_params

GRID = (
    "n=1000,d=5",
    "n=1000,d=30",
    "n=50000,d=5",
    "n=50000,d=30",
    "n=500000,d=5",
    "n=500000,d=30",
)


def make_data(size, seed):
    s = size_params(size, {"full": {"n": 50_000, "d": 30}, "smoke": {"n": 400, "d": 5}})
    n, d = s["n"], s["d"]
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, d))
    y = (X @ rng.normal(size=d) + rng.logistic(size=n) > 0).astype(int)
    return {"X": X, "y": y}


def run_statlib(data):
    from statlib.linear_model import LogisticRegression

    m = LogisticRegression(C=1.0, solver="newton", tol=1e-8).fit(data["X"], data["y"])
    return m.coef_, m.intercept_


def run_reference(data):
    from sklearn.linear_model import LogisticRegression

    m = LogisticRegression(C=1.0, solver="newton-cholesky", tol=1e-8, max_iter=100).fit(data["X"], data["y"])
    return m.coef_, m.intercept_


def check(ours, theirs):
    np.testing.assert_allclose(ours[0], theirs[0], atol=1e-6)
    np.testing.assert_allclose(ours[1], theirs[1], atol=1e-6)


CASE = Case(
    name="logistic_regression",
    algorithm="binary logistic regression, L2 (C = 1), Newton's method (Li Hang 6.1, alg. B.1)",
    size="n=50 000, d=30",
    reference_name="sklearn.linear_model.LogisticRegression(solver='newton-cholesky')",
    target=1.0,
    make_data=make_data,
    statlib=run_statlib,
    reference=run_reference,
    check=check,
    tolerance="same coefficients (atol 1e-6)",
    notes="Both take a handful of Newton steps whose cost is forming "
    "X^T W X (BLAS). statlib's binary Newton loop takes the steps of statlib.optim.minimize (Armijo "
    "backtracking) but evaluates loss, gradient and Hessian weights in one Numba pass, forms the Hessian from "
    "the weights of the accepted point without recomputing X theta, as G^T G with G = sqrt(W) X by one symmetric "
    "rank-k update (BLAS syrk: one triangle, half the multiply-adds of the general product X^T (W X)), and reuses "
    "its work arrays.",
    grid=GRID,
)
