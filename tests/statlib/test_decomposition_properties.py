"""Property-based tests for statlib.decomposition: PCA, NMF, FastICA, pca_from_correlation, flip_signs, beta_divergence.

Valid inputs (random sizes, scales, ranks, options) give finite outputs of the right shape and dtype;
invalid inputs (NaN and infinity, empty, 1-D or 3-D, text, negative entries for NMF, non-correlation
matrices, bad hyperparameters) raise ValueError or TypeError whose message names the argument.
The number of cases per estimator is printed at the end of the run (see conftest.py).
"""

from collections import Counter

import numpy as np
from hypothesis import given
from hypothesis import strategies as st
from property_support import SETTINGS
from property_support import quietly as _quietly
from property_support import refused as _assert_clear_error

from statlib.decomposition import NMF, PCA, FastICA, beta_divergence, flip_signs, pca_from_correlation

CASES = Counter()  # (estimator, kind) -> number of generated cases; reported by conftest.py


# The estimators validate X with scikit-learn's validate_data and put the argument's name in front of any
# message that lacks it ("X must be a 2-D array of numbers: Expected 2D array, got 1D array instead ...").
X_NAMES = ["X"]


@st.composite
def matrices(draw, min_rows=2, max_rows=30, max_cols=6, nonnegative=False):
    n = draw(st.integers(min_rows, max_rows))
    d = draw(st.integers(1, max_cols))
    scale = draw(st.sampled_from([1e-3, 1.0, 1e3]))
    seed = draw(st.integers(0, 2**16))
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, d)) * scale
    if nonnegative:
        X = np.abs(X)
        X[rng.uniform(size=X.shape) < draw(st.sampled_from([0.0, 0.3]))] = 0.0
    return X


def _corrupt(draw, X):
    """An invalid X, and the strings one of which the error must contain."""
    kind = draw(st.sampled_from(["nan", "inf", "empty", "1d", "3d", "text"]))
    X = X.copy()
    if kind == "nan":
        X[draw(st.integers(0, len(X) - 1)), 0] = np.nan
    elif kind == "inf":
        X[0, -1] = -np.inf if draw(st.booleans()) else np.inf
    elif kind == "empty":
        X = X[:0]
    elif kind == "1d":
        X = X[:, 0]
    elif kind == "3d":
        X = X[:, :, None]
    else:
        X = np.full(X.shape, "abc", dtype=object)
    return X, X_NAMES


# --------------------------------------------------------------------------------------------------- PCA
@SETTINGS
@given(X=matrices(), data=st.data())
def test_pca_on_valid_data(X, data):
    CASES[("PCA", "valid")] += 1
    n, d = X.shape
    n_components = data.draw(st.one_of(st.none(), st.integers(0, min(n, d)), st.floats(0.05, 0.95)))
    whiten = data.draw(st.booleans())
    model = PCA(n_components=n_components, whiten=whiten).fit(X)
    k = model.n_components_
    assert 0 <= k <= min(n, d)
    Y = model.transform(X)
    assert Y.shape == (n, k) and Y.dtype == np.float64
    assert model.components_.shape == (k, d)
    assert np.all(np.isfinite(model.explained_variance_)) and np.all(model.explained_variance_ >= 0)
    assert np.all(np.isfinite(Y))
    back = model.inverse_transform(Y)
    assert back.shape == X.shape and np.all(np.isfinite(back))


@SETTINGS
@given(X=matrices(), data=st.data())
def test_pca_refuses_invalid_input(X, data):
    CASES[("PCA", "invalid")] += 1
    n, d = X.shape
    which = data.draw(st.sampled_from(["X", "n_components", "whiten", "svd_solver", "few"]))
    if which == "X":
        bad, names = _corrupt(data.draw, X)
        _assert_clear_error(lambda: PCA().fit(bad), names)
    elif which == "n_components":
        value = data.draw(st.sampled_from([min(n, d) + 1, -1, 1.5, 0.0, "mle", True, np.nan]))
        _assert_clear_error(lambda: PCA(n_components=value).fit(X), ["n_components"])
    elif which == "whiten":
        _assert_clear_error(lambda: PCA(whiten=data.draw(st.sampled_from(["yes", 1, None]))).fit(X), ["whiten"])
    elif which == "svd_solver":
        _assert_clear_error(
            lambda: PCA(svd_solver=data.draw(st.sampled_from(["arpack", "", 3]))).fit(X), ["svd_solver"]
        )
    else:
        _assert_clear_error(lambda: PCA().fit(X[:1]), ["sample"])


@SETTINGS
@given(X=matrices(min_rows=3, max_cols=5), data=st.data())
def test_pca_from_correlation_on_valid_data(X, data):
    CASES[("pca_from_correlation", "valid")] += 1
    X = X + np.random.default_rng(0).normal(size=X.shape) * X.std()  # no constant column
    R = np.corrcoef(X, rowvar=False).reshape(X.shape[1], X.shape[1])
    if not np.all(np.isfinite(R)):
        R = np.eye(X.shape[1])
    R = (R + R.T) / 2
    np.fill_diagonal(R, 1.0)
    k = data.draw(st.one_of(st.none(), st.integers(1, R.shape[0])))
    res = pca_from_correlation(R, n_components=k)
    m = R.shape[0]
    assert res.eigenvalues.shape == (m,) and res.loadings.shape == (m, m) and res.contributions.shape == (m,)
    assert np.all(np.isfinite(res.loadings)) and np.isclose(res.eigenvalues.sum(), m)
    assert np.all(res.contributions <= 1 + 1e-9)


def _random_correlation(m, seed):
    X = np.random.default_rng(seed).normal(size=(m + 5, m))
    R = np.corrcoef(X, rowvar=False)
    R = (R + R.T) / 2
    np.fill_diagonal(R, 1.0)
    return R


@SETTINGS
@given(m=st.integers(2, 5), seed=st.integers(0, 2**16), size=st.floats(1e-3, 10.0), data=st.data())
def test_pca_from_correlation_refuses_invalid_input(m, seed, size, data):
    CASES[("pca_from_correlation", "invalid")] += 1
    R = _random_correlation(m, seed)
    i, j = data.draw(st.integers(0, m - 1)), data.draw(st.integers(0, m - 1))
    kind = data.draw(st.sampled_from(["asym", "diag", "nan", "1d", "rect", "text", "indef", "k"]))
    if kind == "asym":
        R[0, 1] += size
    elif kind == "diag":
        R[i, i] += size
    elif kind == "nan":
        R[i, j] = data.draw(st.sampled_from([np.nan, np.inf, -np.inf]))
    elif kind == "1d":
        R = R[i]
    elif kind == "rect":
        R = R[:, : max(1, j)] if j < m - 1 else R[:-1]
    elif kind == "text":
        R = data.draw(st.sampled_from(["identity", "R"]))
    elif kind == "indef":
        # A symmetric unit-diagonal matrix with an off-diagonal entry beyond 1 is not positive semi-definite.
        R = np.eye(m)
        R[0, 1] = R[1, 0] = 1.0 + size
    else:
        k = data.draw(st.sampled_from([0, m + 1, -1, 1.5, "all"]))
        _assert_clear_error(lambda: pca_from_correlation(R, n_components=k), ["n_components"])
        return
    _assert_clear_error(lambda: pca_from_correlation(R), ["R"])


# ---------------------------------------------------------------------------------------------- flip_signs
@SETTINGS
@given(V=matrices(min_rows=1, max_rows=8, max_cols=8), data=st.data())
def test_flip_signs_on_valid_data(V, data):
    CASES[("flip_signs", "valid")] += 1
    if data.draw(st.booleans()):
        V[data.draw(st.integers(0, len(V) - 1))] = 0.0  # a zero row is left alone
    before = V.copy()
    out = flip_signs(V)
    assert out.shape == V.shape and out.dtype == np.float64 and np.all(np.isfinite(out))
    np.testing.assert_array_equal(V, before)  # a copy; the input is untouched
    np.testing.assert_array_equal(np.abs(out), np.abs(V))  # only whole rows change sign
    for row, orig in zip(out, V):
        assert np.array_equal(row, orig) or np.array_equal(row, -orig)
        j = int(np.argmax(np.abs(row)))  # the first entry of largest magnitude
        assert row[j] >= 0
    np.testing.assert_array_equal(flip_signs(-V), out)  # the result does not depend on the input's signs
    np.testing.assert_array_equal(flip_signs(out), out)


@SETTINGS
@given(V=matrices(min_rows=1, max_rows=8, max_cols=8), data=st.data())
def test_flip_signs_refuses_invalid_input(V, data):
    CASES[("flip_signs", "invalid")] += 1
    kind = data.draw(st.sampled_from(["nan", "inf", "empty", "1d", "3d", "text", "none"]))
    if kind == "nan":
        V[data.draw(st.integers(0, len(V) - 1)), 0] = np.nan
    elif kind == "inf":
        V[0, -1] = -np.inf if data.draw(st.booleans()) else np.inf
    elif kind == "empty":
        V = V[:0] if data.draw(st.booleans()) else V[:, :0]
    elif kind == "1d":
        V = V[0]
    elif kind == "3d":
        V = V[:, :, None]
    elif kind == "text":
        V = np.full(V.shape, "abc", dtype=object)
    else:
        V = None
    _assert_clear_error(lambda: flip_signs(V), ["components"])


# --------------------------------------------------------------------------------------------------- NMF
@SETTINGS
@given(X=matrices(nonnegative=True), data=st.data())
def test_nmf_on_valid_data(X, data):
    CASES[("NMF", "valid")] += 1
    n, d = X.shape
    init = data.draw(st.sampled_from(["random", "nndsvd", "nndsvda", "nndsvdar", None]))
    k_max = min(n, d) if init not in ("random", None) else n + d
    k = data.draw(st.integers(1, k_max))
    loss = data.draw(st.sampled_from(["frobenius", "kullback-leibler"]))
    model = NMF(k, init=init, beta_loss=loss, max_iter=data.draw(st.integers(1, 60)), random_state=0)
    W = _quietly(lambda: model.fit_transform(X))
    assert W.shape == (n, k) and W.dtype == np.float64 and model.components_.shape == (k, d)
    assert np.all(np.isfinite(W)) and np.all(W >= 0) and np.all(model.components_ >= 0)
    assert np.isfinite(model.reconstruction_err_) and model.reconstruction_err_ >= 0
    assert 1 <= model.n_iter_ <= model.max_iter
    T = _quietly(lambda: model.transform(X))
    assert T.shape == (n, k) and np.all(np.isfinite(T)) and np.all(T >= 0)
    err = beta_divergence(X, W, model.components_, loss)
    assert np.isclose(err, model.reconstruction_err_)


@SETTINGS
@given(X=matrices(nonnegative=True), data=st.data())
def test_nmf_refuses_invalid_input(X, data):
    CASES[("NMF", "invalid")] += 1
    n, d = X.shape
    which = data.draw(
        st.sampled_from(["X", "negative", "n_components", "init", "beta_loss", "tol", "max_iter", "custom", "solver"])
    )
    if which == "X":
        bad, names = _corrupt(data.draw, X)
        _assert_clear_error(lambda: NMF(1).fit(bad), names)
    elif which == "negative":
        bad = X.copy()
        bad[data.draw(st.integers(0, n - 1)), data.draw(st.integers(0, d - 1))] = -data.draw(st.floats(1e-6, 1e6))
        _assert_clear_error(lambda: NMF(1).fit(bad), ["X must be non-negative"])
    elif which == "n_components":
        value = data.draw(st.sampled_from([0, -2, 1.5, "two"]))
        _assert_clear_error(lambda: NMF(value).fit(X), ["n_components"])
    elif which == "init":
        _assert_clear_error(lambda: NMF(1, init=data.draw(st.sampled_from(["pca", "", 0]))).fit(X), ["init"])
    elif which == "beta_loss":
        _assert_clear_error(
            lambda: NMF(1, beta_loss=data.draw(st.sampled_from(["itakura-saito", 2, None]))).fit(X), ["beta_loss"]
        )
    elif which == "tol":
        _assert_clear_error(lambda: NMF(1, tol=data.draw(st.sampled_from([-1e-3, np.nan, "small"]))).fit(X), ["tol"])
    elif which == "max_iter":
        _assert_clear_error(lambda: NMF(1, max_iter=data.draw(st.sampled_from([0, -5, 2.5]))).fit(X), ["max_iter"])
    elif which == "solver":
        _assert_clear_error(lambda: NMF(1, solver=data.draw(st.sampled_from(["cd", "MU"]))).fit(X), ["solver"])
    else:
        k = 2
        W, H = np.ones((n, k)), np.ones((k, d))
        part = data.draw(st.sampled_from(["W-neg", "H-shape", "W-missing", "H-nan"]))
        if part == "W-neg":
            W[0, 0] = -1.0
            _assert_clear_error(lambda: NMF(k, init="custom").fit(X, W=W, H=H), ["W must be non-negative"])
        elif part == "H-shape":
            _assert_clear_error(
                lambda: NMF(k, init="custom").fit(X, W=W, H=H[:, :-1] if d > 1 else H[:1]), ["H must have shape"]
            )
        elif part == "W-missing":
            _assert_clear_error(lambda: NMF(k, init="custom").fit(X, H=H), ["init='custom'"])
        else:
            H[0, 0] = np.nan
            _assert_clear_error(lambda: NMF(k, init="custom").fit(X, W=W, H=H), ["H"])


def _factors(X, data):
    n, d = X.shape
    k = data.draw(st.integers(1, 3))
    rng = np.random.default_rng(data.draw(st.integers(0, 2**16)))
    return np.abs(rng.normal(size=(n, k))), np.abs(rng.normal(size=(k, d))), k


@SETTINGS
@given(X=matrices(nonnegative=True, max_cols=4), data=st.data())
def test_beta_divergence_on_valid_data(X, data):
    CASES[("beta_divergence", "valid")] += 1
    W, H, _ = _factors(X, data)
    for loss in ("frobenius", "kullback-leibler"):
        value = beta_divergence(X, W, H, loss)
        assert isinstance(value, float) and np.isfinite(value) and value >= 0
    assert np.isclose(beta_divergence(X, W, H), np.linalg.norm(X - W @ H))


@SETTINGS
@given(X=matrices(nonnegative=True, max_cols=4), data=st.data())
def test_beta_divergence_refuses_invalid_input(X, data):
    CASES[("beta_divergence", "invalid")] += 1
    W, H, k = _factors(X, data)
    loss = data.draw(st.sampled_from(["frobenius", "kullback-leibler"]))
    which = data.draw(st.sampled_from(["X", "W", "H", "shape", "loss"]))
    if which == "loss":
        _assert_clear_error(
            lambda: beta_divergence(X, W, H, data.draw(st.sampled_from(["l1", "KL", 2]))), ["beta_loss"]
        )
    elif which == "shape":
        _assert_clear_error(lambda: beta_divergence(X, W[:-1], H, loss), ["W and H"])
    else:
        arrays = {"X": X.copy(), "W": W, "H": H}
        arrays[which][0, 0] = data.draw(st.sampled_from([-1.0, np.nan, np.inf]))
        _assert_clear_error(lambda: beta_divergence(arrays["X"], arrays["W"], arrays["H"], loss), [which])


# ----------------------------------------------------------------------------------------------- FastICA
@st.composite
def full_rank(draw):
    d = draw(st.integers(1, 4))
    n = draw(st.integers(d + 3, 60))
    rng = np.random.default_rng(draw(st.integers(0, 2**16)))
    S = np.c_[rng.laplace(size=(n, d))]
    A = rng.normal(size=(d, d)) + 3 * np.eye(d)
    return S @ A.T * draw(st.sampled_from([1e-3, 1.0, 1e3])) + rng.normal(size=d)


@SETTINGS
@given(X=full_rank(), data=st.data())
def test_fastica_on_valid_data(X, data):
    CASES[("FastICA", "valid")] += 1
    n, d = X.shape
    k = data.draw(st.one_of(st.none(), st.integers(1, d)))
    model = FastICA(
        n_components=k,
        algorithm=data.draw(st.sampled_from(["parallel", "deflation"])),
        fun=data.draw(st.sampled_from(["logcosh", "exp", "cube"])),
        whiten=data.draw(st.sampled_from(["unit-variance", "arbitrary-variance"])),
        whiten_solver=data.draw(st.sampled_from(["svd", "eigh"])),
        max_iter=50,
        random_state=data.draw(st.integers(0, 10)),
    )
    S = _quietly(lambda: model.fit_transform(X))
    k = d if k is None else k
    assert S.shape == (n, k) and S.dtype == np.float64 and np.all(np.isfinite(S))
    assert model.components_.shape == (k, d) and model.mixing_.shape == (d, k)
    assert 1 <= model.n_iter_ <= 50
    back = model.inverse_transform(S)
    assert back.shape == X.shape and np.all(np.isfinite(back))


@SETTINGS
@given(X=full_rank(), data=st.data())
def test_fastica_refuses_invalid_input(X, data):
    CASES[("FastICA", "invalid")] += 1
    n, d = X.shape
    which = data.draw(
        st.sampled_from(
            [
                "X",
                "algorithm",
                "fun",
                "whiten",
                "fun_args",
                "max_iter",
                "tol",
                "w_init",
                "n_components",
                "whiten_solver",
            ]
        )
    )
    if which == "X":
        bad, names = _corrupt(data.draw, X)
        _assert_clear_error(lambda: FastICA(random_state=0).fit(bad), names)
        return
    params = {
        "algorithm": ["symmetric", "", 1],
        "fun": ["tanh", "logcosh ", None],
        "whiten": ["pca", True, 1],
        "fun_args": [{"alpha": 0.5}, {"alpha": 3.0}, {"beta": 1}, "alpha=1"],
        "max_iter": [0, -1, 2.5],
        "tol": [-1.0, np.inf, "1e-4"],
        "w_init": [np.ones((d + 1, d + 1)), np.zeros((d, d)), np.full((d, d), np.nan), "eye"],
        "n_components": [0, -1, 1.5, "all"],
        "whiten_solver": ["qr", "SVD"],
    }[which]
    value = data.draw(st.sampled_from(params))
    names = ["alpha"] if which == "fun_args" and isinstance(value, dict) and "alpha" in value else [which]
    _assert_clear_error(lambda: FastICA(random_state=0, **{which: value}).fit(X), names)
