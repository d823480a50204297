"""LMS, sequential least squares (PRML (3.23)) vs scikit-learn's SGDRegressor with a constant step, 10 passes
in the given order."""

import warnings

import numpy as np

from benchmarks._case import Case, size_params

PASSES = 10
ETA = 1e-3


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
    y = X @ rng.normal(size=d) + 0.5 + 0.3 * rng.normal(size=n)
    return {"X": X, "y": y}


def run_statlib(data):
    from statlib.linear_model import LMSRegressor

    m = LMSRegressor(eta=ETA, max_iter=PASSES, shuffle=False).fit(data["X"], data["y"])
    return m.coef_, m.intercept_


def run_reference(data):
    from sklearn.linear_model import SGDRegressor

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        m = SGDRegressor(
            loss="squared_error",
            penalty=None,
            learning_rate="constant",
            eta0=ETA,
            shuffle=False,
            max_iter=PASSES,
            tol=None,
        ).fit(data["X"], data["y"])
    return m.coef_, m.intercept_[0]


def check(ours, theirs):
    np.testing.assert_allclose(ours[0], theirs[0], rtol=1e-8, atol=1e-10)
    np.testing.assert_allclose(ours[1], theirs[1], rtol=1e-8, atol=1e-10)


CASE = Case(
    name="lms",
    algorithm="LMS sequential least squares (PRML (3.23)), 10 passes, constant step",
    size="n=100 000, d=50",
    reference_name="sklearn.linear_model.SGDRegressor",
    target=1.0,
    make_data=make_data,
    statlib=run_statlib,
    reference=run_reference,
    check=check,
    tolerance="identical weights (rtol 1e-8)",
    grid=GRID,
)
