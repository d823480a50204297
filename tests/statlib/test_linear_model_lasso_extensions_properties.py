"""Property-based tests for the lasso's extensions: GroupLasso, HierarchicalAdaptiveLasso, fused_lasso,
elastic_net_by_lasso and the proximal operators.

Valid inputs give finite answers of the right shape that are no worse than w = 0 on their own objective (and, for
the proximal operators, obey the exact identities of the prox: non-expansive, zero inside the ball). Invalid
inputs (NaN, infinity, empty, wrong dimension, mismatched lengths, text, bad hyperparameters) raise ValueError or
TypeError naming the argument. Counts are printed by conftest.py.
"""

from collections import Counter

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from property_support import SETTINGS
from property_support import quietly as _quietly

from statlib.linear_model import (
    GroupLasso,
    HierarchicalAdaptiveLasso,
    elastic_net_by_lasso,
    fused_lasso,
    group_soft_threshold,
    prox_linf,
)

CASES = Counter()  # (estimator, kind) -> number of generated cases; reported by conftest.py
X_NAMES = ["X", "2D array", "dim <= 2"]


@st.composite
def regression_data(draw, min_n=2):
    n = draw(st.integers(min_n, 25))
    p = draw(st.integers(1, 9))
    rng = np.random.default_rng(draw(st.integers(0, 2**16)))
    scale = draw(st.sampled_from([1e-2, 1.0, 1e2]))
    X = rng.normal(size=(n, p)) * scale
    if draw(st.booleans()) and p > 1:
        X[:, -1] = X[:, 0]
    y = rng.normal(size=n) + X[:, 0] / scale
    return X, y


def _groups(draw, p):
    return np.array(draw(st.lists(st.integers(0, 3), min_size=p, max_size=p)))


def _alpha_max(X, y):
    return max(np.abs((X - X.mean(0)).T @ (y - y.mean())).max() / len(y), 1e-12)


@SETTINGS
@given(data=st.data())
def test_group_lasso_on_valid_data(data):
    X, y = data.draw(regression_data())
    groups = _groups(data.draw, X.shape[1])
    norm = data.draw(st.sampled_from(["l2", "linf"]))
    solver = data.draw(st.sampled_from(["bcd", "fista"]))
    alpha = _alpha_max(X, y) * data.draw(st.sampled_from([1e-3, 0.1, 0.5, 2.0]))
    CASES[("GroupLasso", "valid")] += 1
    m = _quietly(lambda: GroupLasso(groups=groups, alpha=alpha, norm=norm, solver=solver, max_iter=500).fit(X, y))
    pred = m.predict(X)
    assert m.coef_.shape == (X.shape[1],) and np.all(np.isfinite(pred)) and np.isfinite(m.intercept_)
    pen = 0.0
    for g in np.unique(groups):
        wg = m.coef_[groups == g]
        pen += np.sqrt(wg.size) * (np.linalg.norm(wg) if norm == "l2" else np.abs(wg).max())
    objective = 0.5 * np.mean((y - pred) ** 2) + alpha * pen
    assert objective <= 0.5 * np.mean((y - y.mean()) ** 2) * (1 + 1e-6) + 1e-12
    # a group is either all zero or (generically) all non-zero for the l2 norm
    assert len(m.active_groups_) == len(np.unique(groups))


@SETTINGS
@given(data=st.data())
def test_hal_on_valid_data(data):
    X, y = data.draw(regression_data())
    a = data.draw(st.sampled_from([0.0, 1.0, 5.0]))
    b = data.draw(st.sampled_from([0.01, 0.1, 1.0]))
    CASES[("HierarchicalAdaptiveLasso", "valid")] += 1
    m = _quietly(lambda: HierarchicalAdaptiveLasso(a=a, b=b, max_iter=5).fit(X, y))
    assert m.coef_.shape == (X.shape[1],) and np.all(np.isfinite(m.predict(X)))
    path = m.objective_path_
    assert np.all(np.diff(path) <= 1e-7 * (1 + np.abs(path[:-1])))  # EM (majorise-minimise) never goes up


@SETTINGS
@given(data=st.data())
def test_fused_lasso_on_valid_data(data):
    rng = np.random.default_rng(data.draw(st.integers(0, 2**16)))
    shape = data.draw(st.sampled_from([(1,), (2,), (7,), (20,), (3, 4), (1, 5), (6, 6)]))
    y = rng.normal(size=shape) * data.draw(st.sampled_from([0.1, 1.0, 10.0]))
    lam1 = data.draw(st.sampled_from([0.0, 0.3, 5.0]))
    lam2 = data.draw(st.sampled_from([0.0, 0.5, 3.0, 50.0]))
    CASES[("fused_lasso", "valid")] += 1
    w = _quietly(lambda: fused_lasso(y, lam1, lam2, tol=1e-8))
    assert w.shape == y.shape and np.all(np.isfinite(w))

    def J(v):
        tv = sum(np.abs(np.diff(v, axis=k)).sum() for k in range(v.ndim))
        return np.sum((y - v) ** 2) + lam1 * np.abs(v).sum() + lam2 * tv

    assert J(w) <= J(np.zeros_like(y)) + 1e-9 * (1 + J(np.zeros_like(y)))
    assert J(w) <= J(y) + 1e-6 * (1 + J(y))


@pytest.mark.parametrize("name", ["group_soft_threshold", "prox_linf"])
@SETTINGS
@given(data=st.data())
def test_proximal_operators_on_valid_data(name, data):
    rng = np.random.default_rng(data.draw(st.integers(0, 2**16)))
    b = rng.normal(size=data.draw(st.integers(1, 8))) * data.draw(st.sampled_from([0.01, 1.0, 100.0]))
    c = rng.normal(size=b.size) * 2
    lam = data.draw(st.sampled_from([0.0, 0.1, 1.0, 10.0]))
    CASES[(name, "valid")] += 1
    prox = group_soft_threshold if name == "group_soft_threshold" else prox_linf
    z, zc = prox(b, lam), prox(c, lam)
    assert np.linalg.norm(z - zc) <= np.linalg.norm(b - c) * (1 + 1e-12) + 1e-12  # proxes are non-expansive
    dual = np.linalg.norm(b) if name == "group_soft_threshold" else np.abs(b).sum()
    if dual <= lam:
        assert np.all(z == 0)  # (13.108) and its l-infinity counterpart
    assert np.all(z * b >= 0)  # no sign flips


@SETTINGS
@given(data=st.data())
def test_elastic_net_by_lasso_on_valid_data(data):
    X, y = data.draw(regression_data())
    X, y = X - X.mean(0), y - y.mean()
    lam1 = data.draw(st.sampled_from([1e-3, 0.1, 1.0, 10.0]))
    lam2 = data.draw(st.sampled_from([0.0, 0.1, 1.0, 10.0]))
    CASES[("elastic_net_by_lasso", "valid")] += 1
    w = _quietly(lambda: elastic_net_by_lasso(X, y, lam1, lam2, tol=1e-8, max_iter=2000))
    J = lambda v: np.sum((y - X @ v) ** 2) + lam2 * v @ v + lam1 * np.abs(v).sum()  # noqa: E731
    assert w.shape == (X.shape[1],) and J(w) <= J(np.zeros_like(w)) * (1 + 1e-6) + 1e-10


def _corrupt(draw, X, y):
    kind = draw(st.sampled_from(["nan", "inf", "empty", "1d", "3d", "mismatch", "text", "y_nan"]))
    X = X.copy()
    if kind == "nan":
        X[0, 0] = np.nan
        return X, y, X_NAMES
    if kind == "inf":
        X[-1, 0] = np.inf
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
    y = y.copy()
    y[0] = np.nan
    return X, y, ["y", "Input"]


BAD = {
    "GroupLasso": [
        {"alpha": 0.0},
        {"alpha": -1.0},
        {"alpha": "1"},
        {"norm": "l1"},
        {"norm": None},
        {"max_iter": 0},
        {"tol": -1.0},
        {"fit_intercept": None},
        {"groups": [[0]]},
        {"groups": "abc"},
    ],
    "HierarchicalAdaptiveLasso": [
        {"a": -1.0},
        {"b": -0.1},
        {"noise_var": 0.0},
        {"noise_var": np.nan},
        {"max_iter": 0},
        {"tol": -1.0},
        {"fit_intercept": "no"},
        {"a": "x"},
    ],
}


@pytest.mark.parametrize("name", sorted(BAD))
@SETTINGS
@given(data=st.data())
def test_estimators_refuse_invalid_input(name, data):
    X, y = data.draw(regression_data())
    CASES[(name, "invalid")] += 1
    make = GroupLasso if name == "GroupLasso" else HierarchicalAdaptiveLasso
    if data.draw(st.booleans()):
        params = data.draw(st.sampled_from(BAD[name]))
        model, names = make(**params), list(params)
    else:
        X, y, names = _corrupt(data.draw, X, y)
        model = make()
    with pytest.raises((ValueError, TypeError)) as error:
        _quietly(lambda: model.fit(X, y))
    assert str(error.value)
    if names is not None:
        assert any(n in str(error.value) for n in names), str(error.value)


def _bad_vector(draw, rng, n):
    kind = draw(st.sampled_from(["nan", "inf", "text", "rank", "empty"]))
    v = rng.normal(size=n)
    if kind == "nan":
        v[draw(st.integers(0, n - 1))] = np.nan
    elif kind == "inf":
        v[draw(st.integers(0, n - 1))] = -np.inf if draw(st.booleans()) else np.inf
    elif kind == "text":
        return np.full(n, "abc", dtype=object)
    elif kind == "rank":
        return v[:, None, None]
    else:
        return v[:0]
    return v


def _bad_scalar(draw):
    return draw(st.sampled_from([-1.0, -1e-9, np.nan, -np.inf, "x", None]))


def _bad_call(draw, name):
    """A call of ``name`` with one bad argument, drawn at random, and the argument name the error must contain."""
    rng = np.random.default_rng(draw(st.integers(0, 2**16)))
    n = draw(st.integers(1, 12))
    good = rng.normal(size=n)
    bad_data = draw(st.booleans())
    if name == "fused_lasso":
        if bad_data:
            return (lambda: fused_lasso(_bad_vector(draw, rng, n), 0.1, 1.0)), "y"
        arg = draw(st.sampled_from(["lambda1", "lambda2", "tol", "max_iter"]))
        value = _bad_scalar(draw) if arg != "max_iter" else draw(st.sampled_from([0, -3, 1.5, "x"]))
        return (lambda: fused_lasso(good, **{arg: value})), arg
    if name in ("group_soft_threshold", "prox_linf"):
        prox = group_soft_threshold if name == "group_soft_threshold" else prox_linf
        if bad_data:
            return (lambda: prox(_bad_vector(draw, rng, n), 1.0)), "b"
        value = _bad_scalar(draw)
        return (lambda: prox(good, value)), "lam"
    X = rng.normal(size=(n, 3))
    if bad_data:
        if draw(st.booleans()):
            return (lambda: elastic_net_by_lasso(X, _bad_vector(draw, rng, n), 1.0, 1.0)), "y"
        Xb = X.copy()
        Xb[0, 0] = draw(st.sampled_from([np.nan, np.inf]))
        return (lambda: elastic_net_by_lasso(Xb, good, 1.0, 1.0)), "X"
    arg = draw(st.sampled_from(["lambda1", "lambda2", "c"]))
    values = {"lambda1": 1.0, "lambda2": 1.0}
    value = draw(st.sampled_from([0.0, -1.0, np.nan, "x"])) if arg != "lambda2" else _bad_scalar(draw)
    if arg == "c":
        return (lambda: elastic_net_by_lasso(X, good, 1.0, 1.0, c=value)), "c"
    values[arg] = value
    return (lambda: elastic_net_by_lasso(X, good, values["lambda1"], values["lambda2"])), arg


@pytest.mark.parametrize("name", ["elastic_net_by_lasso", "fused_lasso", "group_soft_threshold", "prox_linf"])
@SETTINGS
@given(data=st.data())
def test_functions_refuse_invalid_input(name, data):
    call, arg = _bad_call(data.draw, name)
    CASES[(name, "invalid")] += 1
    with pytest.raises((ValueError, TypeError)) as error:
        _quietly(call)
    assert arg in str(error.value), str(error.value)
