"""Relevance vector regression (PRML section 7.2.1, MacKay's re-estimation (7.87)-(7.88)) on the noisy sinc data of
PRML Figure 7.9 vs scikit-learn's ARDRegression fitted to the same kernel design matrix [K, 1].

An RVM is ARD on the kernel basis: scikit-learn has no RVM, but its ARDRegression runs the same re-estimation and
pruning rule on any design matrix. The reference gets its best case: the N x (N + 1) design is built in
``make_data``, outside its timed call; statlib's call builds its own from X."""

import warnings

import numpy as np

from benchmarks._case import Case, size_params

GAMMA = 5.0


GRID = (
    "n=100",
    "n=200",
    "n=400",
)


def make_data(size, seed):
    n = size_params(size, {"full": {"n": 400}, "smoke": {"n": 60}})["n"]
    rng = np.random.default_rng(seed)
    x = np.sort(rng.uniform(-10, 10, size=n))
    t = np.sinc(x / np.pi) + rng.normal(scale=0.1, size=n)  # sin(x)/x, PRML Figure 7.9
    X = x[:, None]
    design = np.hstack((np.exp(-GAMMA * (X - X.T) ** 2 / 10.0), np.ones((n, 1))))
    return {"X": X, "t": t, "design": design}


def run_statlib(data):
    from statlib.svm import RelevanceVectorRegressor

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        m = RelevanceVectorRegressor(gamma=GAMMA / 10.0).fit(data["X"], data["t"])
    return m.predict(data["X"])


def run_reference(data):
    from sklearn.linear_model import ARDRegression

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        m = ARDRegression(
            alpha_1=0.0,
            alpha_2=0.0,
            lambda_1=0.0,
            lambda_2=0.0,
            threshold_lambda=1e6,
            fit_intercept=False,
            max_iter=1000,
            tol=1e-3,
        ).fit(data["design"], data["t"])
    return m.predict(data["design"])


def check(ours, theirs):
    np.testing.assert_allclose(ours, theirs, rtol=0, atol=1e-6)


CASE = Case(
    name="rvm",
    algorithm="relevance vector regression, RBF kernel, MacKay re-estimation (PRML 7.87-7.88)",
    size="n=400 noisy sinc points",
    reference_name="sklearn.linear_model.ARDRegression on the kernel design [K, 1] (hyperpriors 0)",
    target=1.0,
    make_data=make_data,
    statlib=run_statlib,
    reference=run_reference,
    check=check,
    tolerance="predictions at the training inputs within 1e-6",
    repeat=3,
    notes="The design has more columns than rows (n + 1 > n), so scikit-learn's ARDRegression updates its posterior "
    "by the Woodbury identity, inverting an n x n matrix at every iteration; statlib inverts the precision of the "
    "columns still active, which shrink to the few relevance vectors within the first iterations. The ratio "
    "measures that choice, not a faster inner loop. The reference's arguments are statlib's model and defaults: no "
    "hyperpriors, pruning at a precision of 1e6 (threshold_lambda) and up to 1000 iterations; at scikit-learn's own "
    "defaults (hyperpriors 1e-6, 1e4, 300) the predictions differ by more than 1e-6, it stops at the 300-iteration "
    "cap at n=400, and it takes about as long (6.4-7.4 s against statlib's 0.08 s in one-thread probes).",
    grid=GRID,
)
