"""Property-based tests for the lasso family: Lasso, ElasticNet, LassoLars and lasso_path.

Valid inputs (random sizes, scales, collinear and constant columns, penalties across the path) give finite
answers of the right shape; the exact LARS path satisfies the lasso's optimality conditions at every
breakpoint. Invalid inputs (NaN, infinity, empty, wrong dimension, mismatched lengths, text, bad
hyperparameters) raise ValueError or TypeError naming the argument. Counts are printed by conftest.py.
"""

from collections import Counter

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from property_support import SETTINGS
from property_support import quietly as _quietly

from statlib.linear_model import ElasticNet, Lasso, LassoLars, lasso_em, lasso_path, lasso_proximal

CASES = Counter()  # (estimator, kind) -> number of generated cases; reported by conftest.py
ESTIMATORS = {
    "Lasso": lambda alpha: Lasso(alpha=alpha, max_iter=300),
    "ElasticNet": lambda alpha: ElasticNet(alpha=alpha, l1_ratio=0.7, max_iter=300),
    "LassoLars": lambda alpha: LassoLars(alpha=alpha),
    "Lasso-ista": lambda alpha: Lasso(alpha=alpha, max_iter=300, solver="ista"),
    "Lasso-fista": lambda alpha: Lasso(alpha=alpha, max_iter=300, solver="fista"),
}
# scikit-learn's validation answers a 1-D or 3-D X with "Expected 2D array" / "dim <= 2": it states the
# expectation rather than the argument's name (accepted, as in tests/statlib/test_estimators_properties.py).
X_NAMES = ["X", "2D array", "dim <= 2"]


@st.composite
def regression_data(draw, min_n=1):
    n = draw(st.integers(min_n, 30))
    p = draw(st.integers(1, 12))
    seed = draw(st.integers(0, 2**16))
    rng = np.random.default_rng(seed)
    scale = draw(st.sampled_from([1e-3, 1.0, 1e3]))
    X = rng.normal(size=(n, p)) * scale
    structure = draw(st.sampled_from(["plain", "duplicate", "constant", "integers"]))
    if structure == "duplicate" and p > 1:
        X[:, -1] = X[:, 0]
    elif structure == "constant":
        X[:, 0] = 3.0
    elif structure == "integers":
        X = np.round(X / scale * 2) * scale  # many ties
    y = rng.normal(size=n) * draw(st.sampled_from([1e-2, 1.0, 1e2])) + X[:, 0] / scale
    return X, y


def _alpha(draw, X, y):
    a_max = np.abs((X - X.mean(0)).T @ (y - y.mean())).max() / len(y)
    return max(a_max, 1e-12) * draw(st.sampled_from([1e-4, 1e-2, 0.1, 0.5, 1.5]))


@pytest.mark.parametrize("name", sorted(ESTIMATORS))
@SETTINGS
@given(data=st.data())
def test_estimators_on_valid_data(name, data):
    X, y = data.draw(regression_data())
    alpha = _alpha(data.draw, X, y)
    CASES[(name, "valid")] += 1
    model = _quietly(lambda: ESTIMATORS[name](alpha).fit(X, y))
    predicted = model.predict(X)
    assert model.coef_.shape == (X.shape[1],) and model.coef_.dtype == np.float64
    assert predicted.shape == (len(X),) and np.all(np.isfinite(predicted))
    assert np.isfinite(model.intercept_) and model.n_iter_ >= 0
    # the fit is no worse than the best constant (w = 0) on the penalised objective
    objective = 0.5 * np.mean((y - predicted) ** 2) + alpha * np.abs(model.coef_).sum()
    assert objective <= 0.5 * np.mean((y - y.mean()) ** 2) * (1 + 1e-6) + 1e-12


def _corrupt(draw, X, y):
    kind = draw(st.sampled_from(["nan", "inf", "empty", "1d", "3d", "mismatch", "text", "y_nan", "y_2d"]))
    X = X.copy()
    if kind == "nan":
        X[draw(st.integers(0, len(X) - 1)), 0] = np.nan
        return X, y, X_NAMES
    if kind == "inf":
        X[0, 0] = np.inf
        return X, y, X_NAMES
    if kind == "empty":
        return X[:0], y[:0], None
    if kind == "1d":
        return X[:, 0], y, X_NAMES
    if kind == "3d":
        return X[:, :, None], y, X_NAMES
    if kind == "mismatch":
        return X, np.append(y, 1.0), None
    if kind == "text":
        return np.full(X.shape, "abc", dtype=object), y, None
    if kind == "y_nan":
        y = y.copy()
        y[0] = np.nan
        return X, y, ["y", "Input"]
    return X, np.c_[y, y, y], None


BAD_HYPERPARAMETERS = {
    "Lasso": [
        {"alpha": 0.0},
        {"alpha": -1.0},
        {"alpha": "1"},
        {"alpha": np.inf},
        {"max_iter": 0},
        {"max_iter": 1.5},
        {"tol": -1.0},
        {"fit_intercept": None},
        {"warm_start": "no"},
        {"screening": 2},
    ],
    "ElasticNet": [
        {"alpha": 0.0},
        {"l1_ratio": 0.0},
        {"l1_ratio": 1.01},
        {"l1_ratio": "half"},
        {"max_iter": -1},
        {"tol": np.nan},
    ],
    "LassoLars": [{"alpha": -1e-3}, {"alpha": None}, {"max_iter": 0}, {"fit_intercept": 0}],
}
_SOLVER_BAD = [{"solver": "newton"}, {"solver": None}, {"alpha": 0.0}, {"max_iter": 0}, {"tol": -1.0}]
BAD_HYPERPARAMETERS["Lasso-ista"] = _SOLVER_BAD + [{"fit_intercept": "yes"}, {"warm_start": 2}]
BAD_HYPERPARAMETERS["Lasso-fista"] = _SOLVER_BAD + [{"screening": None}, {"alpha": np.nan}]


@pytest.mark.parametrize("name", sorted(ESTIMATORS))
@SETTINGS
@given(data=st.data())
def test_estimators_refuse_invalid_input(name, data):
    X, y = data.draw(regression_data(min_n=2))
    CASES[(name, "invalid")] += 1
    if data.draw(st.booleans()):
        params = data.draw(st.sampled_from(BAD_HYPERPARAMETERS[name]))
        model, names = ESTIMATORS[name](1.0).set_params(**params), list(params)
    else:
        X, y, names = _corrupt(data.draw, X, y)
        model = ESTIMATORS[name](1.0)
    with pytest.raises((ValueError, TypeError)) as error:
        _quietly(lambda: model.fit(X, y))
    assert str(error.value)
    if names is not None:
        assert any(n in str(error.value) for n in names), str(error.value)


@SETTINGS
@given(data=st.data())
def test_lasso_path_on_valid_data(data):
    X, y = data.draw(regression_data())
    X, y = X - X.mean(0), y - y.mean()
    method = data.draw(st.sampled_from(["lars", "cd"]))
    CASES[("lasso_path", "valid")] += 1
    if method == "cd":
        n_alphas = data.draw(st.integers(1, 15))
        alphas, coefs = _quietly(lambda: lasso_path(X, y, method="cd", n_alphas=n_alphas, max_iter=300))
        assert alphas.shape == (n_alphas,)
    else:
        alphas, coefs = lasso_path(X, y, method="lars")
        # every breakpoint solves the lasso: |x_j^T r| / n <= alpha, with equality on the support
        scale = np.abs(X).max() * np.abs(y).max() + 1e-300
        for alpha, w in zip(alphas, coefs.T):
            grad = X.T @ (y - X @ w) / len(y)
            assert np.all(np.abs(grad) <= alpha + 1e-8 * scale)
            on = w != 0
            np.testing.assert_allclose(grad[on], alpha * np.sign(w[on]), atol=1e-8 * scale)
    assert coefs.shape == (X.shape[1], len(alphas)) and coefs.dtype == np.float64
    assert np.all(np.isfinite(alphas)) and np.all(np.isfinite(coefs))
    assert np.all(np.diff(alphas) <= 0)


@SETTINGS
@given(data=st.data())
def test_lasso_path_refuses_invalid_input(data):
    X, y = data.draw(regression_data(min_n=2))
    CASES[("lasso_path", "invalid")] += 1
    method = data.draw(st.sampled_from(["lars", "cd"]))
    if data.draw(st.booleans()):
        kwargs = data.draw(
            st.sampled_from(
                [
                    {"method": "shooting"},
                    {"method": None},
                    {"alphas": [1.0, 0.0]},
                    {"alphas": -1.0},
                    {"alphas": "big"},
                    {"alphas": [np.nan]},
                    {"n_alphas": 0},
                    {"n_alphas": 2.0},
                    {"eps": 0.0},
                    {"eps": 2.0},
                    {"tol": -1.0},
                    {"max_iter": 0},
                    {"alpha_min": -0.5},
                    {"alpha_min": "0"},
                ]
            )
        )
        kwargs = {"method": method, **kwargs}
        names = [k for k in kwargs if k != "method" or kwargs[k] != method]
        with pytest.raises((ValueError, TypeError)) as error:
            _quietly(lambda: lasso_path(X, y, **kwargs))
    else:
        X, y, names = _corrupt(data.draw, X, y)
        if names == ["y", "Input"]:
            names = ["y"]
        if names is None:
            names = ["X", "y"]
        with pytest.raises((ValueError, TypeError)) as error:
            _quietly(lambda: lasso_path(X, y, method=method))
    assert any(n in str(error.value) for n in names), str(error.value)


# --- lasso_proximal (ISTA, FISTA) and lasso_em --------------------------------------------------------------

FUNCTIONS = {
    "lasso_proximal": lambda X, y, alpha, **kw: lasso_proximal(X, y, alpha, **{"max_iter": 300, **kw}),
    "lasso_em": lambda X, y, alpha, **kw: lasso_em(X, y, alpha, **{"max_iter": 100, **kw}),
}


@pytest.mark.parametrize("name", sorted(FUNCTIONS))
@SETTINGS
@given(data=st.data())
def test_solver_functions_on_valid_data(name, data):
    X, y = data.draw(regression_data())
    alpha = _alpha(data.draw, X, y)
    kwargs = {"method": data.draw(st.sampled_from(["ista", "fista"]))} if name == "lasso_proximal" else {}
    CASES[(name, "valid")] += 1
    coef, intercept, objective = _quietly(lambda: FUNCTIONS[name](X, y, alpha, **kwargs))
    assert coef.shape == (X.shape[1],) and np.all(np.isfinite(coef)) and np.isfinite(intercept)
    assert objective.ndim == 1 and np.all(np.isfinite(objective))
    if name == "lasso_em" and len(objective) > 1:  # EM (a majorise-minimise scheme) never raises the objective
        assert np.all(np.diff(objective) <= 1e-9 * (np.abs(objective[:-1]) + 1e-300))


@pytest.mark.parametrize("name", sorted(FUNCTIONS))
@SETTINGS
@given(data=st.data())
def test_solver_functions_refuse_invalid_input(name, data):
    X, y = data.draw(regression_data(min_n=2))
    CASES[(name, "invalid")] += 1
    if data.draw(st.booleans()):
        kwargs = data.draw(
            st.sampled_from(
                [{"alpha": 0.0}, {"alpha": "1"}, {"alpha": np.inf}, {"max_iter": 0}, {"tol": -1.0}]
                + [{"fit_intercept": 1}]
                + ([{"method": "newton"}, {"method": None}] if name == "lasso_proximal" else [])
            )
        )
        alpha = kwargs.pop("alpha", 1.0)
        names = ["alpha"] if not kwargs else list(kwargs)
        call = lambda: FUNCTIONS[name](X, y, alpha, **kwargs)  # noqa: E731
    else:
        X, y, names = _corrupt(data.draw, X, y)
        if names == ["y", "Input"]:
            names = ["y"]
        call = lambda: FUNCTIONS[name](X, y, 1.0)  # noqa: E731
    with pytest.raises((ValueError, TypeError)) as error:
        _quietly(call)
    assert str(error.value)
    if names is not None:
        assert any(n in str(error.value) for n in names), str(error.value)
