"""Gradient boosting with stumps, squared loss (Li Hang alg. 8.4) vs scikit-learn, 100 rounds."""

import numpy as np

from benchmarks._case import Case, size_params

ROUNDS = 100


GRID = (
    "n=1000,d=5",
    "n=1000,d=20",
    "n=5000,d=5",
    "n=5000,d=20",
    "n=20000,d=5",
    "n=20000,d=20",
)


def make_data(size, seed):
    s = size_params(size, {"full": {"n": 20_000, "d": 20}, "smoke": {"n": 300, "d": 5}})
    n, d = s["n"], s["d"]
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, d))
    y = np.sin(X[:, 0]) + X[:, 1] ** 2 - X[:, 2] * (X[:, 3] > 0) + 0.3 * rng.normal(size=n)
    return {"X": X, "y": y}


def run_statlib(data):
    from statlib.ensemble import GradientBoostingRegressor

    m = GradientBoostingRegressor(n_estimators=ROUNDS, learning_rate=0.1, max_depth=1).fit(data["X"], data["y"])
    return m.predict(data["X"])


def run_reference(data):
    from sklearn.ensemble import GradientBoostingRegressor

    m = GradientBoostingRegressor(n_estimators=ROUNDS, learning_rate=0.1, max_depth=1, random_state=0)
    return m.fit(data["X"], data["y"]).predict(data["X"])


def check(ours, theirs):
    # Same least-squares splits and leaf means: the same fit on the training data.
    np.testing.assert_allclose(ours, theirs, rtol=1e-7, atol=1e-9)


CASE = Case(
    name="gradient_boosting",
    algorithm="gradient boosting, squared loss, stumps (Li Hang alg. 8.4), 100 rounds",
    size="n=20 000, d=20",
    reference_name="sklearn.ensemble.GradientBoostingRegressor (max_depth=1)",
    target=1.0,
    make_data=make_data,
    statlib=run_statlib,
    reference=run_reference,
    check=check,
    tolerance="identical training predictions (rtol 1e-7)",
    repeat=3,
    grid=GRID,
)
