"""Property-based tests for ProbabilisticPCA and ppca_log_likelihood (MLAPP §12.2.4-12.2.5).

Valid inputs (random sizes, scales, latent dimensions, both methods) give finite outputs of the right shapes, a
model covariance whose trace is the data's total variance, and a noise variance no larger than the smallest kept
eigenvalue; invalid inputs raise ValueError or TypeError whose message names the argument.
"""

from collections import Counter

import numpy as np
from hypothesis import given
from hypothesis import strategies as st
from property_support import SETTINGS
from property_support import quietly as _quietly
from property_support import refused as _assert_clear_error

from statlib.decomposition import ProbabilisticPCA, ppca_log_likelihood

CASES = Counter()  # (estimator, kind) -> number of generated cases; reported by conftest.py


@st.composite
def matrices(draw, min_rows=3, max_rows=30, max_cols=6):
    n = draw(st.integers(min_rows, max_rows))
    d = draw(st.integers(2, max_cols))
    scale = draw(st.sampled_from([1e-2, 1.0, 1e2]))
    rng = np.random.default_rng(draw(st.integers(0, 2**16)))
    return rng.normal(size=(n, d)) * scale * rng.uniform(0.5, 2.0, size=d)


@SETTINGS
@given(X=matrices(), data=st.data())
def test_ppca_on_valid_data(X, data):
    CASES[("ProbabilisticPCA", "valid")] += 1
    n, d = X.shape
    L = data.draw(st.integers(1, min(n - 1, d - 1)))
    method = data.draw(st.sampled_from(["closed_form", "em"]))
    m = _quietly(lambda: ProbabilisticPCA(L, method=method, random_state=0).fit(X))
    assert m.components_.shape == (L, d) and m.principal_axes_.shape == (L, d)
    assert np.all(np.diff(m.explained_variance_) <= 1e-9 * m.explained_variance_[0])
    assert m.noise_variance_ <= m.explained_variance_[-1] * (1 + 1e-6) + 1e-12
    total = np.trace(np.cov(X.T, bias=True))
    assert np.isclose(np.trace(m.get_covariance()), total, rtol=1e-6)
    if m.noise_variance_ > 1e-8 * total:
        scores = m.score_samples(X)
        assert scores.shape == (n,) and np.all(np.isfinite(scores))
        Z = m.transform(X)
        assert Z.shape == (n, L) and np.all(np.isfinite(Z))
        assert m.inverse_transform(Z).shape == X.shape


@SETTINGS
@given(X=matrices(), data=st.data())
def test_ppca_refuses_invalid_input(X, data):
    CASES[("ProbabilisticPCA", "invalid")] += 1
    n, d = X.shape
    which = data.draw(st.sampled_from(["X", "n_components", "method", "max_iter", "tol", "score", "Z", "few"]))
    if which == "X":
        bad = X.copy()
        kind = data.draw(st.sampled_from(["nan", "inf", "1d", "text", "empty"]))
        if kind == "nan":
            bad[0, 0] = np.nan
        elif kind == "inf":
            bad[-1, -1] = np.inf
        elif kind == "1d":
            bad = bad[:, 0]
        elif kind == "text":
            bad = np.full(bad.shape, "abc", dtype=object)
        else:
            bad = bad[:0]
        _assert_clear_error(lambda: ProbabilisticPCA(1).fit(bad), ["X"])
    elif which == "few":
        _assert_clear_error(lambda: ProbabilisticPCA(1).fit(X[:1]), ["sample"])
    elif which in ("score", "Z"):
        m = ProbabilisticPCA(1).fit(X)
        if which == "score":
            _assert_clear_error(lambda: m.score(np.ones((2, d + 1))), ["X", "feature"])
        else:
            _assert_clear_error(lambda: m.inverse_transform(np.ones((2, 2))), ["Z"])
    else:
        value = data.draw(
            st.sampled_from(
                {
                    "n_components": [0, -1, d + 1, 1.5, "2", True],
                    "method": ["svd", "", None, 3],
                    "max_iter": [0, -2, 1.5, "10"],
                    "tol": [-1.0, "1e-4", None, np.nan],
                }[which]
            )
        )
        _assert_clear_error(lambda: ProbabilisticPCA(1, **{which: value}).fit(X), [which])


def _loglik_args(X, data):
    n, d = X.shape
    L = data.draw(st.integers(1, d))
    W = np.random.default_rng(data.draw(st.integers(0, 2**16))).normal(size=(d, L))
    return L, W, data.draw(st.floats(1e-3, 10.0))


@SETTINGS
@given(X=matrices(), data=st.data())
def test_ppca_log_likelihood_on_valid_data(X, data):
    CASES[("ppca_log_likelihood", "valid")] += 1
    L, W, s2 = _loglik_args(X, data)
    out = ppca_log_likelihood(X, X.mean(0), W, s2)
    assert out.shape == (X.shape[0],) and np.all(np.isfinite(out))


@SETTINGS
@given(X=matrices(), data=st.data())
def test_ppca_log_likelihood_refuses_invalid_input(X, data):
    CASES[("ppca_log_likelihood", "invalid")] += 1
    d = X.shape[1]
    L, W, s2 = _loglik_args(X, data)
    which = data.draw(st.sampled_from(["X", "mean", "W", "noise_variance"]))
    args = {"X": X, "mean": X.mean(0), "W": W, "noise_variance": s2}
    args[which] = {
        "X": X[:, :-1],
        "mean": np.full(d, np.nan),
        "W": np.ones((d, d + 1)),
        "noise_variance": data.draw(st.sampled_from([-1.0, np.nan, "1", 0.0 if L < d else -0.5])),
    }[which]
    names = {"X": ["D ="], "mean": ["mean"], "W": ["W"], "noise_variance": ["noise_variance"]}[which]
    _assert_clear_error(lambda: ppca_log_likelihood(**args), names)
