"""Property-based tests for statlib.decomposition.svd and TruncatedSVD (Li Hang ch. 15).

Valid inputs (random shapes, scales, ranks, kinds and options) give an SVD that reconstructs A, with
orthonormal factors, singular values in decreasing order and the sign convention; invalid inputs (NaN,
infinity, empty, wrong rank, text, bad kind/k/rtol and hyperparameters) raise ValueError or TypeError whose
message names the argument. The number of cases is printed at the end of the run (see conftest.py).
"""

from collections import Counter

import numpy as np
from hypothesis import given
from hypothesis import strategies as st
from property_support import SETTINGS, bad_array, quietly, refused
from scipy import linalg, sparse

from statlib.decomposition import TruncatedSVD, svd

CASES = Counter()  # (name, kind) -> number of generated cases; reported by conftest.py


@st.composite
def matrices(draw, min_rows=1, max_rows=12, min_cols=1, max_cols=12):
    m = draw(st.integers(min_rows, max_rows))
    n = draw(st.integers(min_cols, max_cols))
    scale = draw(st.sampled_from([1e-3, 1.0, 1e3]))
    rng = np.random.default_rng(draw(st.integers(0, 2**16)))
    rank = draw(st.integers(0, min(m, n)))
    A = (rng.normal(size=(m, rank)) @ rng.normal(size=(rank, n))) * scale
    if draw(st.booleans()):  # integer entries: ties, repeated singular values, exact zeros
        A = np.round(A / scale)
    return A


# ------------------------------------------------------------------------------------------------ svd
@SETTINGS
@given(A=matrices(), data=st.data())
def test_svd_on_valid_input(A, data):
    CASES[("svd", "valid")] += 1
    m, n = A.shape
    p = min(m, n)
    kind = data.draw(st.sampled_from(["full", "compact", "truncated"]))
    k = data.draw(st.integers(1, p)) if kind == "truncated" else None
    U, s, Vt = svd(A, kind=kind, k=k)
    assert np.all(np.isfinite(U)) and np.all(np.isfinite(s)) and np.all(np.isfinite(Vt))
    assert np.all(s >= 0) and np.all(np.diff(s) <= 0)
    top = max(np.abs(A).max(), 1e-300)
    if kind == "full":
        assert U.shape == (m, m) and s.shape == (p,) and Vt.shape == (n, n)
        np.testing.assert_allclose(U.T @ U, np.eye(m), atol=1e-6)
        np.testing.assert_allclose(U @ linalg.diagsvd(s, m, n) @ Vt, A, atol=1e-6 * top * max(m, n))
    else:
        q = len(s)
        assert U.shape == (m, q) and Vt.shape == (q, n)
        if kind == "compact":
            np.testing.assert_allclose((U * s) @ Vt, A, atol=1e-6 * top * max(m, n))
    np.testing.assert_allclose(Vt @ Vt.T, np.eye(Vt.shape[0]), atol=1e-8)
    for row in Vt:  # the sign convention: the first entry within a relative 1e-10 of the largest is positive
        mag = np.abs(row)
        assert row[np.argmax(mag >= mag.max() * (1 - 1e-10))] > 0


@SETTINGS
@given(A=matrices(), data=st.data())
def test_svd_refuses_invalid_input(A, data):
    CASES[("svd", "invalid")] += 1
    which = data.draw(st.sampled_from(["A", "kind", "k", "rtol"]))
    if which == "A":
        kind = data.draw(st.sampled_from(["nan", "inf", "text", "rank", "empty"]))
        bad = bad_array(np.random.default_rng(data.draw(st.integers(0, 99))), kind, A.shape)
        refused(lambda: svd(bad), ["A"])
    elif which == "kind":
        refused(lambda: svd(A, kind=data.draw(st.sampled_from(["thin", "", None, 3, "Full"]))), ["kind"])
    elif which == "k":
        p = min(A.shape)
        value = data.draw(st.sampled_from([0, -1, p + 1, 1.5, "2", True, None]))
        if value is None:
            refused(lambda: svd(A, kind="truncated", k=None), ["k"])
        else:
            refused(lambda: svd(A, kind="truncated", k=value), ["k"])
    else:
        refused(lambda: svd(A, rtol=data.draw(st.sampled_from([-0.1, 1.0, 2.0, np.nan, "small", np.inf]))), ["rtol"])


# --------------------------------------------------------------------------------------- TruncatedSVD
@SETTINGS
@given(X=matrices(min_rows=2, min_cols=2), data=st.data())
def test_truncated_svd_on_valid_input(X, data):
    CASES[("TruncatedSVD", "valid")] += 1
    n, d = X.shape
    algorithm = data.draw(st.sampled_from(["randomized", "arpack", "eigh"]))
    if algorithm == "arpack":
        k = data.draw(st.integers(1, min(n, d) - 1))
    elif algorithm == "eigh":
        k = data.draw(st.integers(1, min(n, d)))
    else:
        k = data.draw(st.integers(1, d))
    model = TruncatedSVD(
        k,
        algorithm=algorithm,
        n_iter=data.draw(st.integers(0, 6)),
        power_iteration_normalizer=data.draw(st.sampled_from(["auto", "QR", "LU", "none"])),
        random_state=data.draw(st.integers(0, 2**16)),
    )
    data_in = sparse.csr_matrix(X) if data.draw(st.booleans()) else X  # dense or sparse input
    Z = quietly(lambda: model.fit_transform(data_in))
    assert Z.shape == (n, k) and np.all(np.isfinite(Z))
    assert model.components_.shape == (k, d) and model.singular_values_.shape == (k,)
    assert np.all(np.isfinite(model.explained_variance_ratio_))
    back = model.inverse_transform(Z)
    assert back.shape == X.shape and np.all(np.isfinite(back))


@SETTINGS
@given(X=matrices(min_rows=3, min_cols=3), data=st.data())
def test_truncated_svd_refuses_invalid_input(X, data):
    CASES[("TruncatedSVD", "invalid")] += 1
    n, d = X.shape
    which = data.draw(
        st.sampled_from(
            ["X", "n_components", "algorithm", "n_iter", "n_oversamples", "power_iteration_normalizer", "tol"]
        )
    )
    if which == "X":
        kind = data.draw(st.sampled_from(["nan", "inf", "text", "rank", "empty"]))
        bad = bad_array(np.random.default_rng(data.draw(st.integers(0, 99))), kind, X.shape)
        refused(lambda: TruncatedSVD(1).fit(bad), ["X"])
        return
    bad = {
        "n_components": [0, -1, d + 1, 1.5, "2", True],
        "algorithm": ["lapack", "", None, 2],
        "n_iter": [-1, 1.5, "5"],
        "n_oversamples": [0, -3, 2.5],
        "power_iteration_normalizer": ["SVD", None, "qr"],
        "tol": [-1.0, np.nan, "0"],
    }[which]
    params = {"n_components": 1, which: data.draw(st.sampled_from(bad))}
    refused(lambda: TruncatedSVD(**params).fit(X), [which])
