"""Property-based tests for the basis expansions (PolynomialBasis, GaussianBasis, SigmoidBasis), LMSRegressor and
multiple-output least squares.

Valid inputs (random sizes and scales) give finite answers of the right shape, and exact identities hold: Gaussian
values lie in (0, 1], sigmoid values in [0, 1] and sigma(a) + sigma(-a) = 1, the least-squares residual is
orthogonal to every column, an LMS step by the automatic eta never increases the error on its own point. Invalid
inputs raise ValueError or TypeError naming the argument. Counts are printed by conftest.py.
"""

from collections import Counter

import numpy as np
from hypothesis import given
from property_support import SEEDS, SETTINGS, random_bad, refused

from statlib.linear_model import GaussianBasis, LinearRegression, LMSRegressor, PolynomialBasis, SigmoidBasis

CASES = Counter()  # (name, kind) -> number of generated cases; reported by conftest.py
X_NAMES = ["X", "2D array", "dim <= 2"]


def _data(rng):
    n, d = int(rng.integers(1, 25)), int(rng.integers(1, 4))
    scale = [1e-2, 1.0, 1e2][rng.integers(3)]
    return rng.normal(size=(n, d)) * scale


@SETTINGS
@given(seed=SEEDS)
def test_bases_on_valid_data(seed):
    rng = np.random.default_rng(seed)
    X = _data(rng)
    n, d = X.shape
    m = int(rng.integers(1, 8))
    bias = bool(rng.integers(2))
    for name, basis in (
        ("PolynomialBasis", PolynomialBasis(m, include_bias=bias)),
        ("GaussianBasis", GaussianBasis(m, include_bias=bias)),
        ("SigmoidBasis", SigmoidBasis(m, include_bias=bias, width=float(rng.uniform(0.1, 3.0)))),
    ):
        CASES[(name, "valid")] += 1
        Phi = basis.fit_transform(X)
        assert Phi.shape == (n, d * m + bias) and np.all(np.isfinite(Phi))
        body = Phi[:, int(bias) :]
        if bias:
            assert np.all(Phi[:, 0] == 1.0)
        if name == "PolynomialBasis":
            np.testing.assert_array_equal(body[:, ::m], X)
        elif name == "GaussianBasis":
            assert np.all((body >= 0) & (body <= 1))
        else:
            mirrored = SigmoidBasis(centers=np.zeros(1), width=basis.width_).fit(X)
            np.testing.assert_allclose(mirrored.transform(X) + mirrored.transform(-X), 1.0, atol=1e-12)


@SETTINGS
@given(seed=SEEDS)
def test_bases_refuse_invalid_input(seed):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(6, 2))
    for cls in (PolynomialBasis, GaussianBasis, SigmoidBasis):
        CASES[(cls.__name__, "invalid")] += 1
        _refuse_one(rng, cls, X)


def _refuse_one(rng, cls, X):
    kind = int(rng.integers(5))
    if kind == 0:
        refused(lambda: cls().fit(random_bad(rng, (6, 2))), X_NAMES)
    elif kind == 1:
        refused(lambda: cls().fit(X).transform(rng.normal(size=(3, 3))), ["X", "features"])
    elif kind == 2:
        refused(lambda: cls(include_bias=int(rng.integers(2, 5))).fit(X), ["include_bias"])
    elif kind == 3 and cls is PolynomialBasis:
        refused(lambda: cls(degree=int(rng.integers(-3, 1))).fit(X), ["degree"])
    elif kind == 3:
        refused(lambda: cls(width=-float(rng.uniform(0, 5))).fit(X), ["width"])
    else:
        name = "degree" if cls is PolynomialBasis else "n_basis"
        refused(lambda: cls(**{name: float(rng.uniform(1.1, 4.9))}).fit(X), [name])


@SETTINGS
@given(seed=SEEDS)
def test_least_squares_and_lms_on_valid_data(seed):
    rng = np.random.default_rng(seed)
    X = _data(rng)
    n, d = X.shape
    k = int(rng.integers(1, 4))
    T = rng.normal(size=(n, k))
    CASES[("LinearRegression(Y)", "valid")] += 1
    m = LinearRegression().fit(X, T)
    assert m.coef_.shape == (k, d) and m.intercept_.shape == (k,)
    R = T - m.predict(X)  # residuals orthogonal to the columns of [1, X] (3.1.2)
    scale = max(1.0, np.abs(X).max()) * max(1.0, np.abs(T).max()) * n
    np.testing.assert_allclose(np.column_stack([np.ones(n), X]).T @ R, 0.0, atol=1e-8 * scale)
    CASES[("LMSRegressor", "valid")] += 1
    t = T[:, 0]
    lms = LMSRegressor(max_iter=int(rng.integers(1, 5)), random_state=int(rng.integers(100))).fit(X, t)
    assert lms.coef_.shape == (d,) and np.isfinite(lms.intercept_) and np.all(np.isfinite(lms.predict(X)))
    # a single step with the automatic eta never increases the error on the point it uses
    i = int(rng.integers(n))
    before = t[i] - lms.predict(X[i : i + 1])[0]
    lms.partial_fit(X[i : i + 1], t[i : i + 1])
    after = t[i] - lms.predict(X[i : i + 1])[0]
    assert abs(after) <= abs(before) * (1 + 1e-9) + 1e-12


@SETTINGS
@given(seed=SEEDS)
def test_lms_refuses_invalid_input(seed):
    rng = np.random.default_rng(seed)
    X, y = rng.normal(size=(6, 2)), rng.normal(size=6)
    kind = int(rng.integers(5))
    CASES[("LMSRegressor", "invalid")] += 1
    if kind == 0:
        refused(lambda: LMSRegressor().fit(random_bad(rng, (6, 2)), y), X_NAMES)
    elif kind == 1:
        refused(lambda: LMSRegressor().fit(X, y[: int(rng.integers(0, 5))]), ["X and y", "y"])
    elif kind == 2:
        refused(lambda: LMSRegressor(eta=-float(rng.uniform(0, 5))).fit(X, y), ["eta"])
    elif kind == 3:
        refused(lambda: LMSRegressor(max_iter=int(rng.integers(-5, 1))).fit(X, y), ["max_iter"])
    else:
        refused(lambda: LMSRegressor().fit(X, y).predict(rng.normal(size=(2, 3))), ["X", "features"])
