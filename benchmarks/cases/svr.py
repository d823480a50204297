"""Support vector regression by SMO (PRML section 7.1.4) vs scikit-learn's SVR (libsvm): RBF kernel, n = 3000.

Both solve libsvm's 2n-variable form of the SVR dual (PRML section 7.1.4) by SMO with second-order working-set
selection and stop at the same KKT tolerance, 1e-3, so they stop at nearby iterates of the same solution.
"""

import numpy as np

from benchmarks._case import Case, size_params

GRID = (
    "n=300",
    "n=1000",
    "n=3000",
    "n=6000",
)


def make_data(size, seed):
    from sklearn.datasets import make_friedman1

    n = size_params(size, {"full": {"n": 3000}, "smoke": {"n": 300}})["n"]
    X, y = make_friedman1(n, 10, noise=1.0, random_state=seed)
    return {"X": X, "y": (y - y.mean()) / y.std()}


def run_statlib(data):
    from statlib.svm import SVR

    m = SVR(C=1.0, epsilon=0.1, kernel="rbf", gamma="scale", tol=1e-3).fit(data["X"], data["y"])
    return m.support_, m.predict(data["X"])


def run_reference(data):
    from sklearn.svm import SVR

    m = SVR(C=1.0, epsilon=0.1, kernel="rbf", gamma="scale", tol=1e-3).fit(data["X"], data["y"])
    return m.support_, m.predict(data["X"])


def check(ours, theirs):
    # Same support vectors up to a handful at the edge of the tube, and the same predictions up to the tolerance.
    assert len(np.setxor1d(ours[0], theirs[0])) <= max(2, len(theirs[0]) // 200)
    np.testing.assert_allclose(ours[1], theirs[1], atol=5e-3)


CASE = Case(
    name="svr",
    algorithm="epsilon-SVR by SMO (PRML 7.1.4), RBF, C=1, epsilon=0.1, tol=1e-3",
    size="n=3 000, d=10",
    reference_name="sklearn.svm.SVR (libsvm)",
    target=1.5,
    make_data=make_data,
    statlib=run_statlib,
    reference=run_reference,
    check=check,
    tolerance="support sets equal up to 0.5%, predictions within 5e-3",
    repeat=3,
    grid=GRID,
)
