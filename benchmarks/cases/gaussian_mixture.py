"""Gaussian mixture EM, full covariances (Li Hang alg. 9.2 in d dimensions) vs scikit-learn's GaussianMixture,
100 iterations from the same initial parameters."""

import warnings

import numpy as np

from benchmarks._case import Case, size_params

ITERATIONS = 100


GRID = (
    "n=1000,d=5,k=5",
    "n=10000,d=5,k=5",
    "n=50000,d=5,k=5",
    "n=10000,d=2,k=3",
    "n=10000,d=20,k=5",
    "n=10000,d=5,k=20",
)


def make_data(size, seed):
    s = size_params(size, {"full": {"n": 50_000, "d": 5, "k": 5}, "smoke": {"n": 600, "d": 3, "k": 3}})
    n, d, k = s["n"], s["d"], s["k"]
    rng = np.random.default_rng(seed)
    parts = []
    for centre in rng.normal(scale=4.0, size=(k, d)):
        A = rng.normal(size=(d, d))
        parts.append(rng.multivariate_normal(centre, A @ A.T / d + 0.5 * np.eye(d), n // k))
    X = np.vstack(parts)
    from sklearn.mixture import GaussianMixture

    init = GaussianMixture(k, max_iter=0, random_state=seed).fit(X)
    start = dict(weights_init=init.weights_, means_init=init.means_, precisions_init=init.precisions_)
    return {"X": X, "k": k, "start": start}


def _fit(cls, data):
    from sklearn.exceptions import ConvergenceWarning

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        m = cls(data["k"], tol=0.0, max_iter=ITERATIONS, **data["start"]).fit(data["X"])
    return np.asarray(m.lower_bounds_), m.means_, m.covariances_


def run_statlib(data):
    from statlib.mixture import GaussianMixture

    return _fit(GaussianMixture, data)


def run_reference(data):
    from sklearn.mixture import GaussianMixture

    return _fit(GaussianMixture, data)


def check(ours, theirs):
    np.testing.assert_allclose(ours[0], theirs[0], rtol=1e-10)
    np.testing.assert_allclose(ours[1], theirs[1], rtol=1e-7, atol=1e-9)
    np.testing.assert_allclose(ours[2], theirs[2], rtol=1e-7, atol=1e-9)


CASE = Case(
    name="gaussian_mixture",
    algorithm="Gaussian mixture EM, full covariances (Li Hang alg. 9.2), 100 iterations",
    size="n=50 000, d=5, K=5",
    reference_name="sklearn.mixture.GaussianMixture",
    target=1.0,
    make_data=make_data,
    statlib=run_statlib,
    reference=run_reference,
    check=check,
    tolerance="same log-likelihood sequence (rtol 1e-10), parameters rtol 1e-7",
    grid=GRID,
)
