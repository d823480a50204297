"""FastICA, parallel fixed-point iteration with the log cosh contrast (MLAPP §12.6.2, eqs. (12.108)-(12.109))
vs scikit-learn's FastICA, from the same w_init."""

import warnings

import numpy as np

from benchmarks._case import Case, size_params

GRID = (
    "n=10000",
    "n=100000",
    "n=1000000",
)


def make_data(size, seed):
    n = size_params(size, {"full": {"n": 100_000}, "smoke": {"n": 2_000}})["n"]
    rng = np.random.default_rng(seed)
    t = np.linspace(0.0, 200.0, n)
    S = np.c_[
        np.sin(2.0 * t),  # sine
        np.sign(np.sin(3.0 * t)),  # square wave
        2.0 * ((0.5 * t) % 1.0) - 1.0,  # sawtooth
        rng.laplace(size=n),  # super-Gaussian noise
    ]
    A = rng.uniform(0.5, 2.0, size=(4, 4)) * rng.choice([-1.0, 1.0], size=(4, 4))
    X = S @ A.T
    return {"X": X, "S": S, "w_init": rng.normal(size=(4, 4))}


def _fit(cls, data):
    from sklearn.exceptions import ConvergenceWarning

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        model = cls(
            4, algorithm="parallel", fun="logcosh", w_init=data["w_init"], max_iter=200, tol=1e-4, random_state=0
        ).fit(data["X"])
    return model.components_, model.mixing_, model.n_iter_


def run_statlib(data):
    from statlib.decomposition import FastICA

    return _fit(FastICA, data)


def run_reference(data):
    from sklearn.decomposition import FastICA

    return _fit(FastICA, data)


def check(ours, theirs):
    assert ours[2] == theirs[2]
    np.testing.assert_allclose(ours[0], theirs[0], rtol=1e-8, atol=1e-10)
    np.testing.assert_allclose(ours[1], theirs[1], rtol=1e-8, atol=1e-10)


CASE = Case(
    name="fastica",
    algorithm="FastICA, parallel, log cosh contrast (MLAPP §12.6.2), whitening included",
    size="n=100 000 samples, 4 sources",
    reference_name="sklearn.decomposition.FastICA",
    target=1.0,
    make_data=make_data,
    statlib=run_statlib,
    reference=run_reference,
    check=check,
    tolerance="same iteration count, unmixing and mixing matrices rtol 1e-8",
    grid=GRID,
)
