"""Perceptron, primal form (Li Hang alg. 2.1) vs scikit-learn's Perceptron, 20 epochs on non-separable data."""

import warnings

import numpy as np

from benchmarks._case import Case, size_params

EPOCHS = 20


GRID = (
    "n=1000,d=5",
    "n=1000,d=50",
    "n=100000,d=5",
    "n=100000,d=50",
    "n=1000000,d=5",
    "n=1000000,d=50",
)


def make_data(size, seed):
    s = size_params(size, {"full": {"n": 100_000, "d": 50}, "smoke": {"n": 300, "d": 5}})
    n, d = s["n"], s["d"]
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, d))
    y = np.where(X @ rng.normal(size=d) + 0.5 * rng.normal(size=n) > 0, 1, -1)
    return {"X": X, "y": y}


def run_statlib(data):
    from sklearn.exceptions import ConvergenceWarning

    from statlib.linear_model import Perceptron

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        m = Perceptron(max_iter=EPOCHS).fit(data["X"], data["y"])
    return m.coef_, m.intercept_


def run_reference(data):
    from sklearn.linear_model import Perceptron

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        m = Perceptron(eta0=1.0, penalty=None, shuffle=False, tol=None, max_iter=EPOCHS).fit(data["X"], data["y"])
    return m.coef_, m.intercept_


def check(ours, theirs):
    np.testing.assert_allclose(ours[0], theirs[0], rtol=1e-8, atol=1e-8)
    np.testing.assert_allclose(ours[1], theirs[1], rtol=1e-8, atol=1e-8)


CASE = Case(
    name="perceptron",
    algorithm="perceptron, primal (Li Hang alg. 2.1), 20 epochs",
    size="n=100 000, d=50",
    reference_name="sklearn.linear_model.Perceptron",
    target=1.0,
    make_data=make_data,
    statlib=run_statlib,
    reference=run_reference,
    check=check,
    tolerance="identical weights (rtol 1e-8)",
    grid=GRID,
)
