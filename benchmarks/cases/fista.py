"""FISTA for the lasso (MLAPP (13.83)-(13.85) with the soft threshold (13.70)) vs skglm's FISTA solver, the
same number of iterations from zero with the same step 1/L on the same centred data.

Both run 500 iterations (no early stop), so the row compares the cost of an iteration of the same algorithm:
two products with the design and a soft threshold. The momentum sequences differ (statlib uses MLAPP's
(k - 1)/(k + 2), skglm Beck and Teboulle's t_k), so the iterates differ until both have converged; the check
holds both against each other at the lasso's optimum. ISTA is the same kernel without the extrapolation, so an
ISTA iteration costs what a FISTA iteration does; it has no row of its own."""

import warnings

import numpy as np

from benchmarks._case import Case, size_params

ITERATIONS = 500


GRID = (
    "n=500,p=100,k=10",
    "n=2000,p=500,k=50",
    "n=2000,p=2000,k=50",
    "n=10000,p=500,k=50",
)


def make_data(size, seed):
    s = size_params(size, {"full": {"n": 2_000, "p": 500, "k": 50}, "smoke": {"n": 200, "p": 50, "k": 5}})
    n, p, k = s["n"], s["p"], s["k"]
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, p))
    w = np.zeros(p)
    w[rng.choice(p, k, replace=False)] = 2.0 * rng.normal(size=k)
    y = X @ w + rng.normal(size=n)
    X -= X.mean(axis=0)
    y -= y.mean()
    alpha = 0.05 * np.abs(X.T @ y).max() / n
    return {"X": X, "y": y, "alpha": alpha}


def run_statlib(data):
    from statlib.linear_model import lasso_proximal

    with warnings.catch_warnings():  # tol=0 asks for every iteration, so the fit "does not converge"
        warnings.simplefilter("ignore")
        coef, _, _ = lasso_proximal(
            data["X"], data["y"], data["alpha"], method="fista", fit_intercept=False, max_iter=ITERATIONS, tol=0.0
        )
    return coef


def run_reference(data):
    from skglm.datafits import Quadratic
    from skglm.penalties import L1
    from skglm.solvers import FISTA

    return FISTA(max_iter=ITERATIONS, tol=0.0).solve(data["X"], data["y"], Quadratic(), L1(data["alpha"]))[0]


def check(ours, theirs):
    np.testing.assert_allclose(ours, theirs, rtol=0, atol=1e-8)
    assert np.array_equal(ours != 0, theirs != 0), "different supports"


CASE = Case(
    name="fista",
    algorithm="lasso by FISTA (MLAPP (13.83)-(13.85)), 500 iterations, step 1/L",
    size="n=2 000, p=500, 50 non-zero true coefficients",
    reference_name="skglm.solvers.FISTA",
    target=1.0,
    make_data=make_data,
    statlib=run_statlib,
    reference=run_reference,
    check=check,
    tolerance="same support; coefficients within 1e-8 after 500 iterations",
    grid=GRID,
)
