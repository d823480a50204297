"""Property-based tests for statlib.maxent: the feature tensor, the model's probabilities and fit_maxent.

What the generated cases must satisfy, and how they are registered and run: ``property_support``.
"""

from collections import Counter

import numpy as np
from hypothesis import given
from hypothesis import strategies as st
from property_support import SEEDS, SETTINGS, finite, harness, quietly, random_bad, refused, registry

from statlib import maxent
from statlib.maxent import fit_maxent

CASES = Counter()  # (name, kind) -> number of generated cases; reported by conftest.py
VALID, INVALID, valid, invalid = registry()


# -- maximum entropy ----------------------------------------------------------------------------------------------


@valid("feature_tensor")
def _(rng):
    nx, ny, nf = int(rng.integers(1, 4)), int(rng.integers(1, 4)), int(rng.integers(1, 4))
    xs, ys = [f"x{i}" for i in range(nx)], list(range(ny))
    table = rng.normal(size=(nf, nx, ny))
    features = [lambda x, y, t=t: float(t[int(x[1:]), y]) for t in table]
    F = maxent.feature_tensor(features, xs, ys)
    assert F.shape == (nx, ny, nf) and F.dtype == np.float64 and np.array_equal(F, np.moveaxis(table, 0, 2))


@invalid("feature_tensor")
def _(rng):
    f = [lambda x, y: float(x == y)]
    return [
        (lambda: maxent.feature_tensor([], [0], [0]), ["features"]),
        (lambda: maxent.feature_tensor([1.0, 2.0], [0], [0]), ["features"]),
        (lambda: maxent.feature_tensor(f[0], [0], [0]), ["features"]),
        (lambda: maxent.feature_tensor(f, [], [0, 1]), ["xs"]),
        (lambda: maxent.feature_tensor(f, [3, None, "ab"][rng.integers(3)], [0, 1]), ["xs"]),
        (lambda: maxent.feature_tensor(f, [0, 1], []), ["ys"]),
        (lambda: maxent.feature_tensor([lambda x, y: [np.nan, np.inf][rng.integers(2)]], [0], [0]), ["features"]),
        (lambda: maxent.feature_tensor([lambda x, y: "a"], [0], [0]), ["features"]),
    ]


@valid("maxent_proba")
def _(rng):
    nx, ny, nf = int(rng.integers(1, 5)), int(rng.integers(1, 5)), int(rng.integers(1, 4))
    F, w = rng.normal(size=(nx, ny, nf)), rng.normal(scale=5, size=nf)
    P = maxent.maxent_proba(F, w)
    assert P.shape == (nx, ny) and P.dtype == np.float64 and finite(P) and np.all(P >= 0)
    assert np.allclose(P.sum(axis=1), 1)
    S = F @ w
    E = np.exp(S - S.max(axis=1, keepdims=True))
    assert np.allclose(P, E / E.sum(1, keepdims=True))


@invalid("maxent_proba")
def _(rng):
    F, w = rng.normal(size=(2, 3, 2)), rng.normal(size=2)
    return [
        (lambda: maxent.maxent_proba(random_bad(rng, (2, 3, 2), ("nan", "inf", "text", "empty")), w), ["F"]),
        (lambda: maxent.maxent_proba(F[0], w), ["F"]),
        (lambda: maxent.maxent_proba(F, random_bad(rng, (2,), ("nan", "inf", "text", "empty"))), ["w"]),
        (lambda: maxent.maxent_proba(F, rng.normal(size=3)), ["w"]),
        (lambda: maxent.maxent_proba(np.full((2, 3, 2), 1e308), [10.0, 1.0]), ["F"]),  # the scores overflow
    ]


# -- maximum entropy ----------------------------------------------------------------------------------------


@SETTINGS
@given(seed=SEEDS, method=st.sampled_from(["iis", "bfgs"]))
def test_fit_maxent_on_valid_data(seed, method):
    CASES[("fit_maxent", "valid")] += 1
    rng = np.random.default_rng(seed)
    n_x, n_y, n_f = int(rng.integers(1, 4)), int(rng.integers(2, 5)), int(rng.integers(1, 4))
    F = rng.integers(0, 2, size=(n_x, n_y, n_f)).astype(float)
    counts = rng.integers(1, 5, size=(n_x, n_y)).astype(float)
    result = quietly(lambda: fit_maxent(F, counts, method=method, max_iter=200))
    assert result.proba.shape == (n_x, n_y) and np.allclose(result.proba.sum(axis=1), 1)
    assert np.all(np.isfinite(result.w)) and np.isfinite(result.loglik)


@SETTINGS
@given(seed=SEEDS, kind=st.sampled_from(["nan", "rank", "shape", "negative", "method", "tol", "max_iter", "w0"]))
def test_fit_maxent_refuses_invalid_input(seed, kind):
    CASES[("fit_maxent", "invalid")] += 1
    rng = np.random.default_rng(seed)
    n_x, n_y, n_f = int(rng.integers(1, 4)), int(rng.integers(2, 5)), int(rng.integers(1, 4))
    F = rng.integers(0, 2, size=(n_x, n_y, n_f)).astype(float)
    p = rng.random((n_x, n_y)) + 0.1
    if kind == "nan":
        F[0, 0, 0] = np.nan
        refused(lambda: fit_maxent(F, p), ["F"])
    elif kind == "rank":
        refused(lambda: fit_maxent(F[:, :, 0], p), ["F"])
    elif kind == "shape":
        refused(lambda: fit_maxent(F, p[:, :-1]), ["p_xy"])
    elif kind == "negative":
        p[0, 0] = -1.0
        refused(lambda: fit_maxent(F, p), ["p_xy"])
    elif kind == "w0":
        refused(lambda: fit_maxent(F, p, w0=np.zeros(n_f + 1)), ["w0"])
    else:
        kwargs = {"method": {"method": "magic"}, "tol": {"tol": -1.0}, "max_iter": {"max_iter": -1}}[kind]
        refused(lambda: fit_maxent(F, p, **kwargs), list(kwargs))


# -- the two tests -----------------------------------------------------------------------------------------------


# The two tests every family's property module runs over the names it registered.
test_valid_inputs_give_finite_answers, test_invalid_inputs_are_refused = harness(VALID, INVALID, CASES)
