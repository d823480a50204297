"""Factor analysis (MLAPP §12.1.5, EM) vs scikit-learn's FactorAnalysis (SVD-based), to the same maximum."""

import warnings

import numpy as np

from benchmarks._case import Case, size_params

L = 5


def make_data(size, seed):
    s = size_params(size, {"full": {"n": 20_000, "d": 40}, "smoke": {"n": 300, "d": 6}})
    n, d = s["n"], s["d"]
    rng = np.random.default_rng(seed)
    W = rng.normal(size=(d, L))
    X = rng.normal(size=(n, L)) @ W.T + rng.normal(size=(n, d)) * rng.uniform(0.3, 1.5, size=d)
    return {"X": X, "L": min(L, d - 1)}


def run_statlib(data):
    from statlib.decomposition import FactorAnalysis

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        m = FactorAnalysis(data["L"], tol=1e-6, max_iter=100_000).fit(data["X"])
    return m.score(data["X"]), m.get_covariance()


def run_reference(data):
    from sklearn.decomposition import FactorAnalysis

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        m = FactorAnalysis(data["L"], tol=1e-6, max_iter=100_000).fit(data["X"])
    return m.score(data["X"]), m.get_covariance()


def check(ours, theirs):
    assert abs(ours[0] - theirs[0]) < 1e-6
    np.testing.assert_allclose(ours[1], theirs[1], atol=1e-3 * np.abs(theirs[1]).max())


CASE = Case(
    name="factor_analysis",
    algorithm="factor analysis, EM (MLAPP §12.1.5), L=5, total log-likelihood tolerance 1e-6",
    size="n=20 000, d=40",
    reference_name="sklearn.decomposition.FactorAnalysis",
    target=1.0,
    make_data=make_data,
    statlib=run_statlib,
    reference=run_reference,
    check=check,
    tolerance="mean log-likelihood within 1e-6, W W^T + Psi within 1e-3 of its largest entry",
)
