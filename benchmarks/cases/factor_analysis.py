"""Factor analysis (MLAPP §12.1) vs scikit-learn's FactorAnalysis, both run to the same maximum of the likelihood.

statlib's default on complete data is the eigen fixed point (Barber, BRML §21.2.1, Algorithm 21.1): for the
current Psi, W is the exact maximiser from the top eigenpairs of the D x D matrix Psi^{-1/2} S Psi^{-1/2}, then
Psi = diag(S - W W^T). scikit-learn runs the same fixed point with a randomized SVD of the N x D scaled data in
each step (its default ``svd_method="randomized"``). The book's EM (``algorithm="em"``) stays available and is
what the chapter traces. The grid runs n = 10^3 to 10^5 at d = 40 with L = 5 factors, and at d = 10 with L = 2
(five factors in ten variables is close to the identifiability bound (12.12), where both iterations crawl for
thousands of steps) and, once, L = 5."""

import warnings

import numpy as np

from benchmarks._case import Case, size_params

TOL = 1e-6
GRID = tuple(f"n={n},d={d},L={L}" for d, L in ((10, 2), (40, 5)) for n in (1_000, 10_000, 100_000)) + (
    "n=1000,d=10,L=5",
)


def make_data(size, seed):
    s = size_params(size, {"full": {"n": 20_000, "d": 40, "L": 5}, "smoke": {"n": 300, "d": 6, "L": 5}})
    n, d, L = s["n"], s["d"], s["L"]
    rng = np.random.default_rng(seed)
    W = rng.normal(size=(d, L))
    X = rng.normal(size=(n, L)) @ W.T + rng.normal(size=(n, d)) * rng.uniform(0.3, 1.5, size=d)
    return {"X": X, "L": min(L, d - 1)}


def run_statlib(data):
    from statlib.decomposition import FactorAnalysis

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        m = FactorAnalysis(data["L"], tol=TOL, max_iter=100_000).fit(data["X"])
    return m.score(data["X"]), m.get_covariance()


def run_reference(data):
    from sklearn.decomposition import FactorAnalysis

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        m = FactorAnalysis(data["L"], tol=TOL, max_iter=100_000).fit(data["X"])
    return m.score(data["X"]), m.get_covariance()


def check(ours, theirs):
    assert abs(ours[0] - theirs[0]) < 1e-6
    np.testing.assert_allclose(ours[1], theirs[1], atol=1e-3 * np.abs(theirs[1]).max())


CASE = Case(
    name="factor_analysis",
    algorithm="factor analysis, the eigen fixed point on the D x D covariance (BRML alg. 21.1; statlib's default "
    "on complete data), L=5, total log-likelihood tolerance 1e-6 on both sides",
    size="n=20 000, d=40",
    reference_name="sklearn.decomposition.FactorAnalysis (svd_method='randomized')",
    target=1.0,
    make_data=make_data,
    statlib=run_statlib,
    reference=run_reference,
    check=check,
    tolerance="mean log-likelihood within 1e-6, W W^T + Psi within 1e-3 of its largest entry",
    notes="Both sides run the same fixed point; scikit-learn takes each step from a randomized SVD of the N x D "
    "scaled data (O(N D L) per step), statlib from the eigendecomposition of the D x D scaled covariance (O(D^3) "
    "per step once S is formed, whatever N is).",
    grid=GRID,
)
