"""Property-based tests for the public functions that the estimator tests do not reach.

Each function gets random valid inputs, which must give finite answers of the right shape and dtype (and,
where it is cheap to check, an exact identity: entropy <= log K, information gain = H(D) - H(D|A), CRF
marginals summing to one, the Viterbi path scoring at least as high as any other path, ...), and random
invalid inputs (NaN or infinity, wrong rank or shape, mismatched lengths, text, out-of-range labels, bad
hyperparameters), which must raise a ValueError/TypeError naming the argument. The generators live in two
tables, ``VALID`` and ``INVALID``, keyed by the public name (``property_support.registry``); each entry
draws one case from a seeded ``numpy`` generator.
"""

import itertools
import math
from collections import Counter

import numpy as np
import pytest
from hypothesis import given
from property_support import SEEDS, SETTINGS, finite, finite_float, quietly, random_bad, refused, registry

from statlib import crf, ensemble, hmm, maxent, metrics, mixture, model_selection, neighbors, optim, svm, tree

CASES = Counter()  # (name, kind) -> number of generated cases; reported by conftest.py
VALID, INVALID, valid, invalid = registry()


P_VALUES = [1, 1.5, 2, 3, np.inf]
BAD_P = [0.5, 0, -1, np.nan, "2", None]


# -- neighbors --------------------------------------------------------------------------------------------------


@valid("linear_scan")
def _(rng):
    n, d, q = int(rng.integers(1, 12)), int(rng.integers(1, 4)), int(rng.integers(1, 4))
    X, Q = rng.normal(size=(n, d)), rng.normal(size=(q, d))
    k, p = int(rng.integers(1, n + 1)), P_VALUES[rng.integers(len(P_VALUES))]
    dist, ind = neighbors.linear_scan(X, Q, k=k, p=p)
    assert dist.shape == ind.shape == (q, k) and dist.dtype == np.float64 and np.issubdtype(ind.dtype, np.integer)
    assert finite(dist) and np.all(np.diff(dist, axis=1) >= 0) and ind.min() >= 0 and ind.max() < n
    assert np.allclose(dist, neighbors.minkowski_distance(X[ind.ravel()], np.repeat(Q, k, axis=0), p).reshape(q, k))
    all_d = np.array([[neighbors.minkowski_distance(x, z, p) for x in X] for z in Q])
    assert np.allclose(dist[:, -1], np.sort(all_d, axis=1)[:, k - 1])
    d1, i1 = neighbors.linear_scan(X, Q[0], k=k, p=p)
    assert d1.shape == (k,) and np.array_equal(i1, ind[0])


@invalid("linear_scan")
def _(rng):
    n, d = int(rng.integers(2, 10)), int(rng.integers(1, 4))
    X, Q = rng.normal(size=(n, d)), rng.normal(size=(2, d))
    return [
        (lambda: neighbors.linear_scan(random_bad(rng, (n, d)), Q), ["X"]),
        (lambda: neighbors.linear_scan(X, random_bad(rng, (2, d), ("nan", "inf", "text", "empty"))), ["queries"]),
        (lambda: neighbors.linear_scan(X, rng.normal(size=(2, d + 1))), ["queries", "feature"]),
        (lambda: neighbors.linear_scan(X, Q, k=[0, n + 1, 1.5, -1, "1"][rng.integers(5)]), ["k"]),
        (lambda: neighbors.linear_scan(X, Q, p=BAD_P[rng.integers(len(BAD_P))]), ["p"]),
    ]


@valid("minkowski_distance")
def _(rng):
    m, d = int(rng.integers(1, 6)), int(rng.integers(1, 5))
    a, b, c = rng.normal(size=(3, m, d))
    p = P_VALUES[rng.integers(len(P_VALUES))]
    dab = neighbors.minkowski_distance(a, b, p)
    assert dab.shape == (m,) and dab.dtype == np.float64 and finite(dab) and np.all(dab >= 0)
    assert np.allclose(dab, neighbors.minkowski_distance(b, a, p))
    assert np.all(dab <= neighbors.minkowski_distance(a, c, p) + neighbors.minkowski_distance(c, b, p) + 1e-12)
    one = neighbors.minkowski_distance(a[0], b[0], p)
    assert isinstance(one, float) and np.isclose(one, dab[0])
    assert neighbors.minkowski_distance(a[0], a[0], p) == 0.0
    assert np.allclose(neighbors.minkowski_distance(a[0], b, p), [neighbors.minkowski_distance(a[0], r, p) for r in b])


@invalid("minkowski_distance")
def _(rng):
    d = int(rng.integers(1, 5))
    a, b = rng.normal(size=(2, 3, d))
    return [
        (lambda: neighbors.minkowski_distance(random_bad(rng, (3, d), ("nan", "inf", "text", "empty")), b), ["a"]),
        (lambda: neighbors.minkowski_distance(a, random_bad(rng, (3, d), ("nan", "inf", "text", "empty"))), ["b"]),
        (lambda: neighbors.minkowski_distance(a, rng.normal(size=(3, d + 1))), ["a", "b"]),
        (lambda: neighbors.minkowski_distance(a, rng.normal(size=(4, d))), ["a", "b"]),
        (lambda: neighbors.minkowski_distance(a[..., None], b[..., None]), ["a", "b"]),
        (lambda: neighbors.minkowski_distance(a, b, BAD_P[rng.integers(len(BAD_P))]), ["p"]),
    ]


# -- tree criteria ------------------------------------------------------------------------------------------------

BASES = [2, None, np.e, 10, 3.5]
BAD_BASES = [1, 0.5, 0, -2, np.nan, np.inf, "2"]


def _labelled(rng):
    n, k, v = int(rng.integers(1, 25)), int(rng.integers(1, 5)), int(rng.integers(1, 4))
    y, x = rng.integers(0, k, size=n), rng.integers(0, v, size=n)
    if rng.integers(2):
        y = np.array(["no", "yes", "maybe", "never"])[y]
    if rng.integers(2):
        x = np.array(["low", "mid", "high"])[x].astype(object)
    return x, y, BASES[rng.integers(len(BASES))]


def _log(value, base):
    return math.log(value) if base is None else math.log(value, base)


@valid("entropy")
def _(rng):
    x, y, base = _labelled(rng)
    h = tree.entropy(y, base=base)
    assert finite_float(h) and -1e-12 <= h <= _log(len(set(y)), base) + 1e-12


@valid("conditional_entropy")
def _(rng):
    x, y, base = _labelled(rng)
    h = tree.conditional_entropy(x, y, base=base)
    assert finite_float(h) and -1e-12 <= h <= tree.entropy(y, base=base) + 1e-12


@valid("information_gain")
def _(rng):
    x, y, base = _labelled(rng)
    g = tree.information_gain(x, y, base=base)
    assert finite_float(g) and g >= -1e-12
    assert np.isclose(g, tree.entropy(y, base=base) - tree.conditional_entropy(x, y, base=base), atol=1e-12)


@valid("split_information")
def _(rng):
    x, y, base = _labelled(rng)
    h = tree.split_information(x, base=base)
    assert finite_float(h) and -1e-12 <= h <= _log(len(set(x)), base) + 1e-12
    assert np.isclose(h, tree.entropy(x, base=base))


@valid("gain_ratio")
def _(rng):
    x, y, base = _labelled(rng)
    r = tree.gain_ratio(x, y, base=base)
    h_a = tree.split_information(x, base=base)
    assert finite_float(r) and r >= -1e-12
    expected = 0.0 if h_a == 0 else tree.information_gain(x, y, base=base) / h_a
    assert np.isclose(r, expected)


@valid("gini")
def _(rng):
    x, y, base = _labelled(rng)
    g = tree.gini(y)
    assert finite_float(g) and -1e-12 <= g <= 1 - 1 / len(set(y)) + 1e-12


@valid("gini_split")
def _(rng):
    x, y, base = _labelled(rng)
    value = x[rng.integers(len(x))]
    g = tree.gini_split(x, y, value)
    assert finite_float(g) and -1e-12 <= g <= tree.gini(y) + 1e-12  # splitting never raises the Gini index
    inside = x == value
    expected = sum(part.mean() * tree.gini(y[part]) for part in (inside, ~inside) if part.any())
    assert np.isclose(g, expected)


def _bad_labels(rng, n):
    kind = rng.integers(5)
    if kind == 4:
        return np.array([None, 1, "a"] * n, dtype=object)[:n]  # labels that cannot be compared
    if kind == 0:
        return np.array([0.0] * (n - 1) + [np.nan])
    if kind == 1:
        return np.array([], dtype=int)
    if kind == 2:
        return rng.integers(0, 2, size=(n, 2))
    return "abc"


def _tree_invalid(fn, arity, with_base=True, single="y"):
    def cases(rng):
        n = int(rng.integers(2, 10))
        x, y = rng.integers(0, 3, size=n), rng.integers(0, 2, size=n)
        args = [x, y][2 - arity:] if arity < 3 else [x, y, 0]
        names = ([single] if arity == 1 else ["x", "y"])
        out = []
        for i, name in enumerate(names):
            def call(i=i):
                bad = list(args)
                bad[i] = _bad_labels(rng, n)
                return fn(*bad)
            out.append((call, [name]))
        if len(names) == 2:
            out.append((lambda: fn(*([x, y[:-1]] + args[2:])), ["same number", "x", "y"]))
        if with_base:
            out.append((lambda: fn(*args, base=BAD_BASES[rng.integers(len(BAD_BASES))]), ["base"]))
        return out
    return cases


INVALID["entropy"] = _tree_invalid(tree.entropy, 1)
INVALID["split_information"] = _tree_invalid(tree.split_information, 1, single="x")
INVALID["gini"] = _tree_invalid(tree.gini, 1, with_base=False)
INVALID["conditional_entropy"] = _tree_invalid(tree.conditional_entropy, 2)
INVALID["information_gain"] = _tree_invalid(tree.information_gain, 2)
INVALID["gain_ratio"] = _tree_invalid(tree.gain_ratio, 2)
INVALID["gini_split"] = _tree_invalid(tree.gini_split, 3, with_base=False)


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


# -- optimisation ---------------------------------------------------------------------------------------------


def _quadratic(rng, n):
    A = rng.normal(size=(n, n))
    H = A @ A.T + n * np.eye(n)
    c = rng.normal(size=n)
    return H, c, (lambda x: 0.5 * x @ H @ x + c @ x), (lambda x: H @ x + c)


@valid("approx_grad")
def _(rng):
    n = int(rng.integers(1, 5))
    H, c, f, g = _quadratic(rng, n)
    x = rng.normal(size=n)
    grad = optim.approx_grad(f, x)
    assert grad.shape == (n,) and grad.dtype == np.float64 and np.allclose(grad, g(x), atol=1e-6)


@valid("check_grad")
def _(rng):
    n = int(rng.integers(1, 5))
    H, c, f, g = _quadratic(rng, n)
    x = rng.normal(size=n)
    err = optim.check_grad(f, g, x)
    assert finite_float(err) and 0 <= err < 1e-5
    assert optim.check_grad(f, lambda z: g(z) + 1, x) > 0.5


def _grad_invalid(fn, with_jac):
    def cases(rng):
        f, g = (lambda x: float(x @ x)), (lambda x: 2 * x)
        head = (f, g) if with_jac else (f,)
        return [
            (lambda: fn(*head, random_bad(rng, (3,), ("nan", "inf", "text", "empty", "rank"))), ["x"]),
            (lambda: fn(*head, np.ones(3), eps=[0.0, -1e-3, np.nan, "a"][rng.integers(4)]), ["eps"]),
            (lambda: fn(*((1.0, g) if with_jac else (1.0,)), np.ones(3)), ["fun"]),
            (lambda: fn(*(((lambda x: [np.nan, x, "a"][rng.integers(3)]),) + head[1:]), np.ones(3)), ["fun"]),
        ] + ([(lambda: fn(f, "grad", np.ones(3)), ["jac"])] if with_jac else [])

    return cases


INVALID["approx_grad"] = _grad_invalid(optim.approx_grad, False)
INVALID["check_grad"] = _grad_invalid(optim.check_grad, True)


def _line_search_valid(search, name):
    def case(rng):
        n = int(rng.integers(1, 5))
        H, c, f, g = _quadratic(rng, n)
        fg = lambda x: (f(x), g(x))  # noqa: E731
        x = rng.normal(size=n)
        f0, g0 = fg(x)
        p = -g0 if rng.integers(2) else -np.linalg.solve(H, g0)
        if not g0 @ p < 0:
            return
        out = search(fg, x, p, f0, g0)
        assert out is not None
        lam, f_new, g_new = out
        assert finite_float(lam) and lam > 0 and finite_float(f_new) and f_new <= f0
        assert g_new.shape == (n,) and finite(g_new) and np.isclose(f_new, f(x + lam * p))
        if name == "exact":  # the minimiser of a quadratic along p
            assert np.isclose(lam, -(g0 @ p) / (p @ H @ p), rtol=1e-6)
        # an ascent direction is no descent direction: no step
        assert search(fg, x, -p, f0, g0) is None

    return case


VALID["armijo_line_search"] = _line_search_valid(optim.armijo_line_search, "armijo")
VALID["wolfe_line_search"] = _line_search_valid(optim.wolfe_line_search, "wolfe")
VALID["exact_line_search"] = _line_search_valid(optim.exact_line_search, "exact")


def _line_search_invalid(search, extra):
    def cases(rng):
        fg = lambda x: (float(x @ x), 2 * x)  # noqa: E731
        x = np.ones(3)
        f0, g0, p = 3.0, 2 * x, -2 * x
        out = [
            (lambda: search(fg, random_bad(rng, (3,), ("nan", "inf", "text", "empty", "rank")), p, f0, g0), ["x"]),
            (lambda: search(fg, x, random_bad(rng, (3,), ("nan", "inf", "text", "empty", "rank")), f0, g0), ["p"]),
            (lambda: search(fg, x, np.ones(4), f0, g0), ["p"]),
            (lambda: search(fg, x, p, f0, random_bad(rng, (3,), ("nan", "inf", "text", "empty", "rank"))), ["g0"]),
            (lambda: search(fg, x, p, f0, np.ones(2)), ["g0"]),
            (lambda: search(fg, x, p, [np.nan, np.inf, "a", None][rng.integers(4)], g0), ["f0"]),
            (lambda: search("fg", x, p, f0, g0), ["fg"]),
            (lambda: search(fg, x, p, f0, g0, lam0=[0.0, -1.0, np.nan, "1"][rng.integers(4)]), ["lam0"]),
            (lambda: search(fg, x, p, f0, g0, max_iter=[0, -1, 1.5][rng.integers(3)]), ["max_iter"]),
        ]
        for name, bad in extra.items():
            out.append(
                (lambda name=name, bad=bad: search(fg, x, p, f0, g0, **{name: bad[rng.integers(len(bad))]}), [name])
            )
        return out

    return cases


INVALID["armijo_line_search"] = _line_search_invalid(
    optim.armijo_line_search, {"c1": [0.0, 1.0, -0.1, np.nan], "shrink": [0.0, 1.0, 1.5, np.nan]}
)
INVALID["wolfe_line_search"] = _line_search_invalid(
    optim.wolfe_line_search,
    {"c1": [0.0, 1.0, -0.1, np.nan], "c2": [0.0, 1.0, 1e-5, np.nan], "lam_max": [0.0, -1.0, np.nan]},
)
INVALID["exact_line_search"] = _line_search_invalid(optim.exact_line_search, {"rtol": [0.0, -1.0, np.nan]})


def _constrained(rng, n):
    """min ||x - t||^2 subject to sum x <= s (one inequality) and x_0 = e (one equality)."""
    t = rng.normal(size=n)
    s, e = float(rng.normal()), float(rng.normal())
    return dict(
        fun=lambda x: float((x - t) @ (x - t)),
        jac=lambda x: 2 * (x - t),
        ineq=lambda x: np.array([x.sum() - s]),
        ineq_jac=lambda x: np.ones((1, n)),
        eq=lambda x: np.array([x[0] - e]),
        eq_jac=lambda x: np.eye(1, n),
    )


@valid("kkt_check")
def _(rng):
    n = int(rng.integers(1, 4))
    prob = _constrained(rng, n)
    prob.pop("fun")
    x, alpha, beta = rng.normal(size=n), rng.normal(size=1), rng.normal(size=1)
    res = optim.kkt_check(x, alpha, beta, **prob)
    for key in ("stationarity", "complementary_slackness", "primal_feasibility", "dual_feasibility", "max_violation"):
        assert finite_float(float(res[key])) and res[key] >= 0
    assert res.max_violation == max(
        res.stationarity, res.complementary_slackness, res.primal_feasibility, res.dual_feasibility
    )
    assert res.c.shape == (1,) and res.h.shape == (1,)


@invalid("kkt_check")
def _(rng):
    prob = _constrained(rng, 2)
    prob.pop("fun")
    x = np.zeros(2)
    return [
        (
            lambda: optim.kkt_check(
                random_bad(rng, (2,), ("nan", "inf", "text", "empty", "rank")), [0.0], [0.0], **prob
            ),
            ["x"],
        ),
        (lambda: optim.kkt_check(x, random_bad(rng, (1,), ("nan", "inf", "text")), [0.0], **prob), ["alpha"]),
        (lambda: optim.kkt_check(x, [0.0, 1.0], [0.0], **prob), ["alpha"]),
        (lambda: optim.kkt_check(x, [0.0], random_bad(rng, (1,), ("nan", "inf", "text")), **prob), ["beta"]),
        (lambda: optim.kkt_check(x, [0.0], [0.0, 1.0], **prob), ["beta"]),
        (lambda: optim.kkt_check(x, [0.0], [0.0], **{**prob, "jac": "grad"}), ["jac"]),
        (lambda: optim.kkt_check(x, [0.0], [0.0], **{**prob, "ineq_jac": None}), ["ineq"]),
        (lambda: optim.kkt_check(x, [0.0], [0.0], **{**prob, "jac": lambda z: np.ones(3)}), ["jac"]),
        (lambda: optim.kkt_check(x, [0.0], [0.0], **{**prob, "ineq": lambda z: np.array([np.nan])}), ["ineq"]),
    ]


@valid("dual_ascent")
def _(rng):
    n = int(rng.integers(1, 3))
    prob = _constrained(rng, n)
    if n == 1:  # x_0 = e and x_0 <= s must be feasible
        prob["eq"] = prob["eq_jac"] = None
    res = optim.dual_ascent(prob.pop("fun"), np.zeros(n), max_iter=50, **prob)
    assert res.x.shape == (n,) and finite(res.x) and res.alpha.shape == (1,) and np.all(res.alpha >= 0)
    assert finite_float(float(res.fun)) and finite_float(float(res.dual))


@invalid("dual_ascent")
def _(rng):
    prob = _constrained(rng, 2)
    fun = prob.pop("fun")
    return [
        (
            lambda: optim.dual_ascent(fun, random_bad(rng, (2,), ("nan", "inf", "text", "empty", "rank")), **prob),
            ["x0"],
        ),
        (lambda: optim.dual_ascent(fun, np.zeros(2), step=[0.0, -1.0, np.nan, "a"][rng.integers(4)], **prob), ["step"]),
        (lambda: optim.dual_ascent(fun, np.zeros(2), tol=[-1.0, np.nan][rng.integers(2)], **prob), ["tol"]),
        (lambda: optim.dual_ascent(fun, np.zeros(2), max_iter=[0, -1, 2.5][rng.integers(3)], **prob), ["max_iter"]),
        (lambda: optim.dual_ascent("f", np.zeros(2), **prob), ["fun"]),
        (lambda: optim.dual_ascent(fun, np.zeros(2), **{**prob, "eq_jac": None}), ["eq"]),
    ]


# -- support vector machines ------------------------------------------------------------------------------------


def _svm_data(rng, separable=False):
    n, d = int(rng.integers(2, 9)), int(rng.integers(1, 3))
    y = np.where(rng.integers(0, 2, size=n) == 1, 1.0, -1.0)
    y[:2] = [1.0, -1.0]
    X = rng.normal(size=(n, d))
    if separable:
        X[:, 0] += 3 * y
    return X, y


@valid("primal_qp")
def _(rng):
    X, y = _svm_data(rng, separable=rng.integers(2) == 1)
    C = [None, 0.1, 1.0, 10.0][rng.integers(4)]
    if C is None:
        X, y = _svm_data(rng, separable=True)
    sq = bool(C is not None and rng.integers(2))
    res = svm.primal_qp(X, y, C, squared_slack=sq)
    assert res.w.shape == (X.shape[1],) and finite(res.w) and finite_float(float(res.b))
    assert res.xi.shape == (len(y),) and np.all(res.xi >= -1e-6) and finite_float(float(res.objective))
    if res.success:
        assert np.all(svm.functional_margin(X, y, res.w, res.b) >= 1 - res.xi - 1e-5)


@valid("dual_qp")
def _(rng):
    X, y = _svm_data(rng, separable=True)
    C = [None, 0.1, 1.0, 10.0][rng.integers(4)]
    sq = bool(C is not None and rng.integers(2))
    res = svm.dual_qp(svm.kernel_matrix(X, kernel="linear"), y, C, squared_slack=sq)
    assert res.alpha.shape == (len(y),) and finite(res.alpha) and finite_float(float(res.objective))
    if res.success:
        assert np.all(res.alpha >= -1e-8) and abs(res.alpha @ y) < 1e-5
        if C is not None and not sq:
            assert np.all(res.alpha <= C + 1e-8)


@valid("primal_from_dual")
def _(rng):
    X, y = _svm_data(rng, separable=True)
    res = svm.dual_qp(X @ X.T, y)
    w, b = svm.primal_from_dual(X, y, res.alpha)
    assert w.shape == (X.shape[1],) and finite(w) and finite_float(float(b))
    assert np.allclose(w, (res.alpha * y) @ X)
    if res.success:  # the hard-margin solution separates with functional margin 1
        assert svm.functional_margin(X, y, w, b).min() > 1 - 1e-4


def _qp_invalid(which):
    def cases(rng):
        X, y = _svm_data(rng, separable=True)
        n, d = X.shape
        gram = X @ X.T
        first = gram if which == "dual" else X
        first_name = "gram" if which == "dual" else "X"
        call = {"dual": svm.dual_qp, "primal": svm.primal_qp}.get(which)
        if which == "from_dual":
            alpha = np.full(n, 0.5)
            call = lambda A, yy, C=None, **kw: svm.primal_from_dual(A, yy, alpha, C, **kw)  # noqa: E731
        out = [
            (lambda: call(random_bad(rng, first.shape), y), [first_name]),
            (lambda: call(first, random_bad(rng, (n,), ("nan", "inf", "text", "empty"))), ["y"]),
            (lambda: call(first, y * 2), ["y"]),
            (lambda: call(first, np.ones(n)), ["y"]),
            (lambda: call(first, np.append(y, 1.0)), ["y", "same number"]),
            (lambda: call(first, y, [0.0, -1.0, np.nan, np.inf, "1"][rng.integers(5)]), ["C"]),
        ]
        if which == "dual":
            out.append((lambda: call(gram[:, :-1] if n > 2 else gram[:1], y), ["gram"]))
            out.append((lambda: call(gram + np.triu(np.ones((n, n)), 1), y), ["gram"]))  # not symmetric
            out.append((lambda: call(gram - (np.trace(gram) + 1) * np.eye(n), y), ["gram"]))  # not PSD
            out.append((lambda: call(gram, y, 1.0, squared_slack="yes"), ["squared_slack"]))
            out.append((lambda: call(gram, y, None, squared_slack=True), ["squared_slack", "C"]))
        if which == "primal":
            out.append((lambda: call(X, y, 1.0, squared_slack=1), ["squared_slack"]))
        if which == "from_dual":
            out.append(
                (lambda: svm.primal_from_dual(X, y, random_bad(rng, (n,), ("nan", "inf", "text", "empty"))), ["alpha"])
            )
            out.append((lambda: svm.primal_from_dual(X, y, np.ones(n + 1)), ["alpha"]))
            out.append((lambda: svm.primal_from_dual(X, y, alpha, tol=[-1.0, np.nan][rng.integers(2)]), ["tol"]))
        return out

    return cases


INVALID["dual_qp"] = _qp_invalid("dual")
INVALID["primal_qp"] = _qp_invalid("primal")
INVALID["primal_from_dual"] = _qp_invalid("from_dual")


def _margin_args(rng):
    n, d = int(rng.integers(1, 8)), int(rng.integers(1, 4))
    X = rng.normal(size=(n, d))
    y = np.where(rng.integers(0, 2, size=n) == 1, 1.0, -1.0)
    w = rng.normal(size=d)
    return X, y, w, float(rng.normal())


@valid("functional_margin")
def _(rng):
    X, y, w, b = _margin_args(rng)
    m = svm.functional_margin(X, y, w, b)
    assert m.shape == (len(y),) and m.dtype == np.float64 and np.allclose(m, y * (X @ w + b))


@valid("geometric_margin")
def _(rng):
    X, y, w, b = _margin_args(rng)
    m = svm.geometric_margin(X, y, w, b)
    assert m.shape == (len(y),) and finite(m)
    assert np.allclose(m, svm.geometric_margin(X, y, 3 * w, 3 * b))  # invariant under scaling (w, b)
    assert np.allclose(m * np.linalg.norm(w), svm.functional_margin(X, y, w, b))


def _margin_invalid(fn, geometric):
    def cases(rng):
        X, y, w, b = _margin_args(rng)
        n, d = X.shape
        out = [
            (lambda: fn(random_bad(rng, (n, d)), y, w, b), ["X"]),
            (lambda: fn(X, random_bad(rng, (n,), ("nan", "inf", "text", "empty")), w, b), ["y"]),
            (lambda: fn(X, np.append(y, 1.0), w, b), ["same number", "y"]),
            (lambda: fn(X, y, random_bad(rng, (d,), ("nan", "inf", "text", "empty")), b), ["w"]),
            (lambda: fn(X, y, np.ones(d + 1), b), ["w"]),
            (lambda: fn(X, y, w, [np.nan, np.inf, "0", None][rng.integers(4)]), ["b"]),
        ]
        if geometric:
            out.append((lambda: fn(X, y, np.zeros(d), b), ["w"]))
        return out

    return cases


INVALID["functional_margin"] = _margin_invalid(svm.functional_margin, False)
INVALID["geometric_margin"] = _margin_invalid(svm.geometric_margin, True)


@valid("kernel_matrix")
def _(rng):
    m, n, d = int(rng.integers(1, 7)), int(rng.integers(1, 7)), int(rng.integers(1, 4))
    X, Z = rng.normal(size=(m, d)), rng.normal(size=(n, d))
    kernel = ["linear", "poly", "rbf"][rng.integers(3)]
    kw = dict(
        kernel=kernel, gamma=float(rng.uniform(0.1, 2)), degree=int(rng.integers(0, 4)), coef0=float(rng.uniform(0, 2))
    )
    K = svm.kernel_matrix(X, **kw)
    assert K.shape == (m, m) and K.dtype == np.float64 and finite(K) and np.allclose(K, K.T)
    assert np.linalg.eigvalsh(K).min() >= -1e-8 * max(1.0, np.abs(K).max())  # positive semi-definite (Theorem 7.5)
    KZ = svm.kernel_matrix(X, Z, **kw)
    assert KZ.shape == (m, n) and finite(KZ)
    if kernel == "rbf":
        assert np.allclose(np.diag(K), 1) and np.all((KZ > 0) & (KZ <= 1))
    if kernel == "linear":
        assert np.allclose(KZ, X @ Z.T)


@invalid("kernel_matrix")
def _(rng):
    X = rng.normal(size=(3, 2))
    return [
        (lambda: svm.kernel_matrix(random_bad(rng, (3, 2))), ["X"]),
        (lambda: svm.kernel_matrix(X, random_bad(rng, (2, 2))), ["Z"]),
        (lambda: svm.kernel_matrix(X, rng.normal(size=(2, 3))), ["Z"]),
        (lambda: svm.kernel_matrix(X, kernel=["sigmoid", "", None, 1][rng.integers(4)]), ["kernel"]),
        (lambda: svm.kernel_matrix(X, gamma=[0.0, -1.0, np.nan, np.inf, "1"][rng.integers(5)]), ["gamma"]),
        (lambda: svm.kernel_matrix(X, kernel="poly", degree=[-1, 1.5, "3"][rng.integers(3)]), ["degree"]),
        (lambda: svm.kernel_matrix(X, kernel="poly", coef0=[np.nan, np.inf, "0"][rng.integers(3)]), ["coef0"]),
        (lambda: svm.kernel_matrix(1e100 * X, kernel="poly", degree=5), ["kernel", "X"]),  # overflows
    ]


ALPHABET = "ab c"


def _word(rng, low=0, high=6):
    return "".join(ALPHABET[i] for i in rng.integers(0, len(ALPHABET), size=int(rng.integers(low, high))))


@valid("string_features")
def _(rng):
    s, n, lam = _word(rng), int(rng.integers(1, 4)), float(rng.uniform(0.05, 1))
    phi = svm.string_features(s, n, lam)
    assert isinstance(phi, dict) and all(len(u) == n and isinstance(v, float) and 0 < v for u, v in phi.items())
    assert sum(1 for _ in itertools.combinations(range(len(s)), n)) == 0 or phi
    assert all(v <= math.comb(len(s), n) * lam**n + 1e-12 for v in phi.values())


@valid("string_kernel")
def _(rng):
    s, t, n, lam = _word(rng), _word(rng), int(rng.integers(1, 4)), float(rng.uniform(0.05, 1))
    if rng.integers(10) == 0:  # longer subsequences than either string: the kernel is zero, at no cost
        n = int(rng.integers(7, 10**9))
    k = svm.string_kernel(s, t, n, lam)
    assert finite_float(k) and k >= 0 and np.isclose(k, svm.string_kernel(t, s, n, lam))
    if n > 6:
        assert k == 0.0
        return
    fs, ft = svm.string_features(s, n, lam), svm.string_features(t, n, lam)
    assert np.isclose(k, sum(v * ft.get(u, 0.0) for u, v in fs.items()), rtol=1e-10, atol=1e-14)


def _string_invalid(fn, two):
    def cases(rng):
        s, t = _word(rng, 1), _word(rng, 1)
        head = (s, t) if two else (s,)
        out = [
            (lambda: fn(*((["ab"], t) if two else (["ab"],)), 2, 0.5), ["s"]),
            (lambda: fn(*(head[:-1] + ([1, 2][rng.integers(2)],)), 2, 0.5), ["t" if two else "s"]),
            (lambda: fn(*head, [0, -1, 1.5, "2"][rng.integers(4)], 0.5), ["n"]),
            (lambda: fn(*head, 2, [0.0, -0.5, 1.5, np.nan, "a"][rng.integers(5)]), ["lam"]),
        ]
        return out

    return cases


INVALID["string_features"] = _string_invalid(svm.string_features, False)
INVALID["string_kernel"] = _string_invalid(svm.string_kernel, True)


@valid("two_variable_update")
def _(rng):
    C = [np.inf, float(rng.uniform(0.1, 5))][rng.integers(2)]
    top = 5.0 if C == np.inf else C
    a1, a2 = rng.uniform(0, top, size=2)
    y1, y2 = rng.choice([-1.0, 1.0], size=2)
    x1, x2 = rng.normal(size=(2, 2))
    K11, K22, K12 = x1 @ x1, x2 @ x2, x1 @ x2
    E1, E2 = rng.normal(size=2)
    n1, n2 = svm.two_variable_update(a1, a2, y1, y2, E1, E2, K11, K22, K12, C)
    assert finite_float(float(n1)) and finite_float(float(n2))
    assert -1e-9 <= n2 <= C + 1e-9 and -1e-9 <= n1 <= C + 1e-9
    assert np.isclose(y1 * n1 + y2 * n2, y1 * a1 + y2 * a2)  # the equality constraint (7.38) is kept


@invalid("two_variable_update")
def _(rng):
    good = [0.5, 0.5, 1.0, -1.0, 0.1, -0.2, 2.0, 1.0, 0.3, 1.0]
    names = ["alpha1", "alpha2", "y1", "y2", "E1", "E2", "K11", "K22", "K12", "C"]

    def replaced(i, value):
        args = list(good)
        args[i] = value
        return lambda: svm.two_variable_update(*args)

    i = int(rng.integers(len(good)))
    bad = [np.nan, "x", None][rng.integers(3)]
    return [
        (replaced(i, bad), [names[i]]),
        (replaced(2 + int(rng.integers(2)), [0.0, 2.0, 0.5][rng.integers(3)]), ["y1", "y2"]),
        (replaced(9, [0.0, -1.0][rng.integers(2)]), ["C"]),
        (replaced(int(rng.integers(2)), [-0.5, 1.5][rng.integers(2)]), ["alpha1", "alpha2"]),
    ]


# -- boosting -------------------------------------------------------------------------------------------------


@valid("regression_stump_losses")
def _(rng):
    n = int(rng.integers(1, 12))
    x = rng.integers(0, 6, size=n).astype(float) if rng.integers(2) else rng.normal(size=n)
    r = rng.normal(size=n)
    s, m, c1, c2 = ensemble.regression_stump_losses(x, r)
    k = len(np.unique(x)) - 1
    assert s.shape == m.shape == c1.shape == c2.shape == (k,)
    assert all(a.dtype == np.float64 and finite(a) for a in (s, m, c1, c2))
    total = ((r - r.mean()) ** 2).sum()
    assert np.all(m <= total + 1e-9) and np.all(m >= -1e-12) and np.all(np.diff(s) > 0)
    for si, mi in zip(s, m):
        left = x <= si
        assert np.isclose(mi, ((r[left] - r[left].mean()) ** 2).sum() + ((r[~left] - r[~left].mean()) ** 2).sum())


@invalid("regression_stump_losses")
def _(rng):
    n = int(rng.integers(2, 8))
    x, r = rng.normal(size=n), rng.normal(size=n)
    return [
        (lambda: ensemble.regression_stump_losses(random_bad(rng, (n,)), r), ["x"]),
        (lambda: ensemble.regression_stump_losses(x, random_bad(rng, (n,))), ["r"]),
        (lambda: ensemble.regression_stump_losses(x, r[:-1]), ["same number", "x", "r"]),
    ]


@valid("round_half_up")
def _(rng):
    shape = [(), (int(rng.integers(1, 6)),), (2, 3)][rng.integers(3)]
    decimals = int(rng.integers(0, 4))
    v = rng.integers(-2000, 2000, size=shape) / 1000 + rng.choice([0.0, 5 * 10.0 ** (-decimals - 1)], size=shape)
    out = ensemble.round_half_up(v, decimals)
    assert np.shape(out) == shape and finite(out)
    assert np.all(np.abs(out - v) <= 0.5 * 10.0**-decimals + 1e-9)
    assert np.allclose(out, -ensemble.round_half_up(-v, decimals))  # halves go away from zero on both sides


@invalid("round_half_up")
def _(rng):
    return [
        (lambda: ensemble.round_half_up(random_bad(rng, (3,), ("nan", "inf", "text")), 2), ["values"]),
        (lambda: ensemble.round_half_up("0.5", 2), ["values"]),
        (lambda: ensemble.round_half_up(np.ones(3), [1.5, "2", None, 400, -400][rng.integers(5)]), ["decimals"]),
    ]


# -- mixtures -------------------------------------------------------------------------------------------------


@valid("em_gmm_1d")
def _(rng):
    N, K = int(rng.integers(2, 15)), int(rng.integers(1, 4))
    y = rng.normal(scale=3, size=N)
    alpha = rng.dirichlet(np.ones(K))
    mu, sigma2 = rng.normal(size=K), rng.uniform(0.5, 3, size=K)
    m_step = ["em", "ecm", "damped"][rng.integers(3)]
    T = int(rng.integers(1, 10))
    try:
        res = mixture.em_gmm_1d(y, alpha, mu, sigma2, max_iter=T, tol=None, m_step=m_step)
    except ValueError as error:  # a documented outcome on tiny samples: the likelihood is unbounded there
        assert "collapsed" in str(error)
        return
    assert res.alpha.shape == res.mu.shape == res.sigma2.shape == (T + 1, K) and res.n_iter == T
    assert res.log_likelihood.shape == (T + 1,) and res.q_gain.shape == (T,) and res.gamma.shape == (N, K)
    for a in (res.alpha, res.mu, res.sigma2, res.log_likelihood, res.gamma):
        assert finite(a)
    assert np.allclose(res.alpha.sum(axis=1), 1) and np.all(res.sigma2 > 0) and np.allclose(res.gamma.sum(1), 1)
    scale = 1e-9 * max(1.0, np.abs(res.log_likelihood).max())
    assert np.all(np.diff(res.log_likelihood) >= -scale)  # EM and GEM never decrease the likelihood


@invalid("em_gmm_1d")
def _(rng):
    K = int(rng.integers(1, 4))
    y = rng.normal(size=6)
    alpha, mu, s2 = np.full(K, 1 / K), np.zeros(K), np.ones(K)
    em = mixture.em_gmm_1d
    return [
        (lambda: em(random_bad(rng, (6,)), alpha, mu, s2), ["y"]),
        (lambda: em(y, random_bad(rng, (K,), ("nan", "inf", "text", "empty")), mu, s2), ["alpha"]),
        (lambda: em(y, alpha + 0.5, mu, s2), ["alpha"]),
        (lambda: em(y, alpha, random_bad(rng, (K,), ("nan", "inf", "text", "empty")), s2), ["mu"]),
        (lambda: em(y, alpha, np.zeros(K + 1), s2), ["mu"]),
        (lambda: em(y, alpha, mu, -s2 if rng.integers(2) else 0 * s2), ["sigma2"]),
        (lambda: em(y, alpha, mu, np.ones(K + 1)), ["sigma2"]),
        (lambda: em(y, alpha, mu, s2, max_iter=[0, -1, 1.5][rng.integers(3)]), ["max_iter"]),
        (lambda: em(y, alpha, mu, s2, tol=[-1.0, np.nan, "a"][rng.integers(3)]), ["tol"]),
        (lambda: em(y, alpha, mu, s2, m_step=["EM", "gem", None][rng.integers(3)]), ["m_step"]),
        (lambda: em(y, alpha, mu, s2, m_step="damped", step=[0.0, 1.5, np.nan][rng.integers(3)]), ["step"]),
    ]


@valid("three_coin_log_likelihood")
def _(rng):
    y = rng.integers(0, 2, size=int(rng.integers(1, 20)))
    shape = [(), (int(rng.integers(1, 5)),)][rng.integers(2)]
    pi, p, q = (rng.uniform(0.01, 0.99, size=shape) for _ in range(3))
    ll = mixture.three_coin_log_likelihood(y, pi, p, q)
    assert np.shape(ll) == shape and finite(ll) and np.all(np.asarray(ll) <= 1e-12)
    h = pi * p + (1 - pi) * q
    assert np.allclose(ll, y.sum() * np.log(h) + (len(y) - y.sum()) * np.log(1 - h))


@invalid("three_coin_log_likelihood")
def _(rng):
    y = rng.integers(0, 2, size=5)
    ll = mixture.three_coin_log_likelihood
    bad_theta = [-0.1, 1.1, np.nan, "a"]
    out = [
        (lambda: ll(random_bad(rng, (5,), ("nan", "inf", "text", "empty", "rank")), 0.5, 0.5, 0.5), ["y"]),
        (lambda: ll(np.array([0, 1, 2]), 0.5, 0.5, 0.5), ["y"]),
        (lambda: ll(np.array([0, 0.5]), 0.5, 0.5, 0.5), ["y"]),
    ]
    for i, name in enumerate(["pi", "p", "q"]):

        def call(i=i):
            theta = [0.5, 0.5, 0.5]
            theta[i] = bad_theta[rng.integers(len(bad_theta))]
            return ll(y, *theta)

        out.append((call, [name]))
    return out


# -- hidden Markov models ----------------------------------------------------------------------------------------


@valid("estimate_from_labelled")
def _(rng):
    N, M = int(rng.integers(1, 4)), int(rng.integers(1, 4))
    n_seq = int(rng.integers(1, 4))
    X = [rng.integers(0, M, size=int(rng.integers(1, 8))) for _ in range(n_seq)]
    S = [rng.integers(0, N, size=len(x)) for x in X]
    given_sizes = bool(rng.integers(2))
    model = hmm.estimate_from_labelled(X, S, n_states=N if given_sizes else None, n_symbols=M if given_sizes else None)
    n = N if given_sizes else max(s.max() for s in S) + 1
    m = M if given_sizes else max(x.max() for x in X) + 1
    assert model.startprob.shape == (n,) and model.transmat.shape == (n, n) and model.emissionprob.shape == (n, m)
    for P in (model.startprob[None], model.transmat, model.emissionprob):
        assert finite(P) and np.all(P >= 0) and np.allclose(P.sum(axis=1), 1)


@invalid("estimate_from_labelled")
def _(rng):
    X = [np.array([0, 1, 1]), np.array([1, 0])]
    S = [np.array([0, 0, 1]), np.array([1, 1])]
    est = hmm.estimate_from_labelled
    return [
        (lambda: est([np.array([0, np.nan, 1]), X[1]], S), ["X"]),
        (lambda: est(X, [np.array([0, -1, 1]), S[1]]), ["states"]),
        (lambda: est(X, [np.array([0, 0]), S[1]]), ["states", "length", "same"]),
        (lambda: est(X, S[:1]), ["states", "X", "sequences"]),
        (lambda: est(X, S, n_states=1), ["n_states", "states"]),
        (lambda: est(X, S, n_symbols=1), ["n_symbols", "X"]),
        (lambda: est(X, S, n_states=[0, -1, 1.5, "2"][rng.integers(4)]), ["n_states"]),
        (lambda: est(X, S, n_symbols=[0, -1, 1.5, "2"][rng.integers(4)]), ["n_symbols"]),
        (lambda: est("abc", S), ["X"]),
        (lambda: est(X, [np.array([0.5, 0, 1]), S[1]]), ["states"]),
    ]


# -- linear-chain CRF -------------------------------------------------------------------------------------------


def _chain(rng, max_n=5, max_m=3):
    n, m = int(rng.integers(1, max_n + 1)), int(rng.integers(1, max_m + 1))
    unary = rng.normal(scale=2, size=(n, m))
    trans = rng.normal(scale=2, size=(m, m)) if rng.integers(2) else rng.normal(scale=2, size=(max(n - 1, 0), m, m))
    return unary, trans


def _all_paths(n, m):
    return np.array(list(itertools.product(range(m), repeat=n)), dtype=np.int64)


def _brute_log_z(unary, trans):
    n, m = unary.shape
    scores = [crf.sequence_score(unary, trans, y) for y in _all_paths(n, m)]
    return np.logaddexp.reduce(scores), scores


@valid("sequence_score")
def _(rng):
    unary, trans = _chain(rng)
    n, m = unary.shape
    y = rng.integers(0, m, size=n)
    s = crf.sequence_score(unary, trans, y)
    T = trans if trans.ndim == 3 else np.broadcast_to(trans, (max(n - 1, 0), m, m))
    expected = unary[np.arange(n), y].sum() + sum(T[i - 1, y[i - 1], y[i]] for i in range(1, n))
    assert finite_float(s) and np.isclose(s, expected)


@valid("log_partition")
def _(rng):
    unary, trans = _chain(rng, max_n=4)
    lz = crf.log_partition(unary, trans, direction=["forward", "backward"][rng.integers(2)])
    assert finite_float(lz) and np.isclose(lz, _brute_log_z(unary, trans)[0])
    M = crf.matrix_form(unary, trans)
    assert np.isclose(lz, np.log(crf.normalizer(M)))  # log Z(x) is the log of the normaliser (11.25)


@valid("marginals")
def _(rng):
    unary, trans = _chain(rng)
    n, m = unary.shape
    log_z, node, pair = crf.marginals(unary, trans)
    assert finite_float(log_z) and np.isclose(log_z, crf.log_partition(unary, trans))
    assert node.shape == (n, m) and pair.shape == (max(n - 1, 0), m, m) and finite(node) and finite(pair)
    assert np.allclose(node.sum(axis=1), 1) and np.all(node >= 0) and np.all(pair >= 0)
    assert np.allclose(pair.sum(axis=2), node[:-1]) and np.allclose(pair.sum(axis=1), node[1:])


@valid("viterbi")
def _(rng):
    unary, trans = _chain(rng)
    n, m = unary.shape
    path, score, delta, psi = crf.viterbi(unary, trans)
    assert path.shape == (n,) and np.issubdtype(path.dtype, np.integer) and path.min() >= 0 and path.max() < m
    assert delta.shape == psi.shape == (n, m) and finite(delta) and np.all(psi[0] == -1)
    assert (
        finite_float(score)
        and np.isclose(score, crf.sequence_score(unary, trans, path))
        and np.isclose(score, delta[-1].max())
    )
    for y in rng.integers(0, m, size=(8, n)):  # no sampled path scores higher
        assert crf.sequence_score(unary, trans, y) <= score + 1e-9
    assert score <= crf.log_partition(unary, trans) + 1e-9


@valid("matrix_form")
def _(rng):
    unary, trans = _chain(rng, max_n=4)
    n, m = unary.shape
    start, stop = int(rng.integers(m)), int(rng.integers(m))
    M = crf.matrix_form(unary, trans, start=start, stop=stop)
    assert M.shape == (n + 1, m, m) and M.dtype == np.float64 and finite(M) and np.all(M >= 0)
    assert np.all(np.delete(M[0], start, axis=0) == 0) and np.all(M[n][:, stop] == 1)
    assert np.isclose(
        np.log(np.linalg.multi_dot(list(M)) if n > 0 else M[0])[start, stop], crf.log_partition(unary, trans)
    )


def _matrices(rng):
    unary, trans = _chain(rng, max_n=4)
    m = unary.shape[1]
    start, stop = int(rng.integers(m)), int(rng.integers(m))
    return crf.matrix_form(unary, trans, start=start, stop=stop), start, stop, unary, trans


@valid("normalizer")
def _(rng):
    M, start, stop, unary, trans = _matrices(rng)
    Z = crf.normalizer(M, start=start, stop=stop)
    assert finite_float(Z) and Z > 0
    assert np.isclose(crf.normalizer(M, start=start, stop=stop, log=True), np.log(Z))
    assert np.isclose(np.log(Z), crf.log_partition(unary, trans))


@valid("forward_vectors")
def _(rng):
    M, start, stop, unary, trans = _matrices(rng)
    n, m = M.shape[0] - 1, M.shape[1]
    alpha = crf.forward_vectors(M, start=start)
    assert alpha.shape == (n + 2, m) and finite(alpha) and np.all(alpha >= 0)
    assert np.isclose(alpha[n + 1, stop], crf.normalizer(M, start=start, stop=stop))


@valid("backward_vectors")
def _(rng):
    M, start, stop, unary, trans = _matrices(rng)
    n, m = M.shape[0] - 1, M.shape[1]
    beta = crf.backward_vectors(M, stop=stop)
    assert beta.shape == (n + 2, m) and finite(beta) and np.all(beta >= 0)
    assert np.isclose(beta[0, start], crf.normalizer(M, start=start, stop=stop))
    alpha = crf.forward_vectors(M, start=start)
    Z = crf.normalizer(M, start=start, stop=stop)
    assert np.allclose((alpha[1 : n + 1] * beta[1 : n + 1]).sum(axis=1), Z)  # sum_j alpha_i(j) beta_i(j) = Z


@valid("path_probabilities")
def _(rng):
    M, start, stop, unary, trans = _matrices(rng)
    n, m = M.shape[0] - 1, M.shape[1]
    paths, weights, probs = crf.path_probabilities(M, start=start, stop=stop)
    assert paths.shape == (m**n, n) and weights.shape == probs.shape == (m**n,)
    assert finite(weights) and finite(probs) and np.isclose(probs.sum(), 1) and np.all(probs >= 0)
    assert np.isclose(weights.sum(), crf.normalizer(M, start=start, stop=stop))
    best = paths[np.argmax(probs)]
    assert np.isclose(crf.sequence_score(unary, trans, best), crf.viterbi(unary, trans)[1])


def _scores_invalid(fn, extra=None):
    def cases(rng):
        n, m = int(rng.integers(2, 5)), int(rng.integers(1, 4))
        unary, trans = rng.normal(size=(n, m)), rng.normal(size=(n - 1, m, m))
        out = [
            (lambda: fn(random_bad(rng, (n, m)), trans), ["unary"]),
            (lambda: fn(unary, random_bad(rng, (m, m), ("nan", "inf", "text"))), ["trans"]),
            (lambda: fn(unary, rng.normal(size=(m + 1, m + 1))), ["trans"]),
            (lambda: fn(unary, rng.normal(size=(n, m, m))), ["trans"]),
            (lambda: fn(unary, rng.normal(size=(2, 2, m, m))), ["trans"]),
        ]
        if extra:
            out += extra(rng, unary, trans)
        return out

    return cases


INVALID["log_partition"] = _scores_invalid(
    crf.log_partition,
    lambda rng, u, t: [(lambda: crf.log_partition(u, t, direction=["left", None, 1][rng.integers(3)]), ["direction"])],
)
INVALID["marginals"] = _scores_invalid(crf.marginals)
INVALID["viterbi"] = _scores_invalid(crf.viterbi)
INVALID["sequence_score"] = _scores_invalid(
    lambda u, t: crf.sequence_score(u, t, np.zeros(len(u), dtype=int)),
    lambda rng, u, t: [
        (lambda: crf.sequence_score(u, t, np.zeros(len(u) + 1, dtype=int)), ["y"]),
        (lambda: crf.sequence_score(u, t, np.full(len(u), [-1, u.shape[1]][rng.integers(2)])), ["y"]),
        (lambda: crf.sequence_score(u, t, np.full(len(u), 0.5)), ["y"]),
        (lambda: crf.sequence_score(u, t, "ab"), ["y"]),
    ],
)
INVALID["matrix_form"] = _scores_invalid(
    crf.matrix_form,
    lambda rng, u, t: [
        (lambda: crf.matrix_form(u, t, start=[-1, u.shape[1], 0.5][rng.integers(3)]), ["start"]),
        (lambda: crf.matrix_form(u, t, stop=[-1, u.shape[1], "0"][rng.integers(3)]), ["stop"]),
    ],
)


def _matrices_invalid(fn, keywords):
    def cases(rng):
        M = _matrices(rng)[0]
        m = M.shape[1]
        out = [
            (lambda: fn(random_bad(rng, M.shape)), ["M"]),
            (lambda: fn(-M - 1), ["M"]),
            (lambda: fn(M[:1]), ["M"]),
            (lambda: fn(M[0]), ["M"]),
            (lambda: fn(np.ones((3, 2, 3))), ["M"]),
        ]
        for key in keywords:
            out.append((lambda key=key: fn(M, **{key: [-1, m, 0.5, "0"][rng.integers(4)]}), [key]))
        return out

    return cases


INVALID["normalizer"] = _matrices_invalid(crf.normalizer, ["start", "stop"])
INVALID["path_probabilities"] = _matrices_invalid(crf.path_probabilities, ["start", "stop"])
INVALID["forward_vectors"] = _matrices_invalid(crf.forward_vectors, ["start"])
INVALID["backward_vectors"] = _matrices_invalid(crf.backward_vectors, ["stop"])


def _random_features(rng, n, m):
    # positions may repeat: a feature still fires once per position
    trans = [
        (
            int(rng.integers(m)),
            int(rng.integers(m)),
            rng.integers(1, n, size=int(rng.integers(1, 4))).tolist(),
            float(rng.normal()),
        )
        for _ in range(int(rng.integers(0, 4)) if n > 1 else 0)
    ]
    states = [
        (int(rng.integers(m)), rng.integers(0, n, size=int(rng.integers(1, 4))).tolist(), float(rng.normal()))
        for _ in range(int(rng.integers(0, 4)))
    ]
    return trans, states


@valid("scores_from_features")
def _(rng):
    n, m = int(rng.integers(1, 5)), int(rng.integers(1, 4))
    tf, sf = _random_features(rng, n, m)
    unary, trans = crf.scores_from_features(tf, sf, n, m)
    assert unary.shape == (n, m) and trans.shape == (max(n - 1, 0), m, m) and finite(unary) and finite(trans)
    y = rng.integers(0, m, size=n)
    w = np.array([f[-1] for f in tf] + [f[-1] for f in sf])
    # w . F(y, x) (11.19) computed from the global features equals the score computed from the local ones
    assert np.isclose(w @ crf.global_features(tf, sf, y, m) if len(w) else 0.0, crf.sequence_score(unary, trans, y))


@valid("global_features")
def _(rng):
    n, m = int(rng.integers(1, 5)), int(rng.integers(1, 4))
    tf, sf = _random_features(rng, n, m)
    y = rng.integers(0, m, size=n)
    F = crf.global_features(tf, sf, y, m)
    assert F.shape == (len(tf) + len(sf),) and F.dtype == np.float64 and np.all(F >= 0)
    assert np.all(F == np.round(F)) and np.all(F[len(tf) :] <= n)


def _features_invalid(kind):
    def cases(rng):
        n, m = 4, 2
        tf, sf = [(0, 1, [1, 2], 1.0)], [(1, [0, 3], 0.5)]
        if kind == "scores":
            call = lambda t, s, nn=n, mm=m: crf.scores_from_features(t, s, nn, mm)  # noqa: E731
        else:
            call = lambda t, s, nn=n, mm=m: crf.global_features(t, s, np.zeros(nn, dtype=int), mm)  # noqa: E731
        out = [
            (lambda: call([(0, 1, [1])], sf), ["transition_features"]),
            (lambda: call([None, 5][rng.integers(2)], sf), ["transition_features"]),
            (lambda: call(tf, [sf[0], [None, 5, "ab"][rng.integers(3)]]), ["state_features"]),
            (lambda: call([(m, 1, [1], 1.0)], sf), ["transition_features"]),
            (lambda: call([(0, 1, [[0, n][rng.integers(2)]], 1.0)], sf), ["transition_features"]),
            (lambda: call([(0, 1, [np.nan], 1.0)], sf), ["transition_features"]),
            (lambda: call(tf, [(1, [0])]), ["state_features"]),
            (lambda: call(tf, [(-1, [0], 1.0)]), ["state_features"]),
            (lambda: call(tf, [(0, [[n, -1][rng.integers(2)]], 1.0)]), ["state_features"]),
            (lambda: call(tf, [(0, [0], [np.nan, "w"][rng.integers(2)])]), ["state_features"]),
            (lambda: call(tf, [(0, [0], 1.0)], mm=[0, -1, 1.5][rng.integers(3)]), ["n_labels"]),
        ]
        if kind == "scores":
            out.append((lambda: call(tf, sf, nn=[0, -1, 2.5][rng.integers(3)]), ["n_positions"]))
        else:
            out.append((lambda: crf.global_features(tf, sf, np.full(n, [-1, m][rng.integers(2)]), m), ["y"]))
            out.append((lambda: crf.global_features(tf, sf, np.array([0, np.nan, 0, 1]), m), ["y"]))
        return out

    return cases


INVALID["scores_from_features"] = _features_invalid("scores")
INVALID["global_features"] = _features_invalid("global")


# -- metrics and bounds ---------------------------------------------------------------------------------------


@valid("confusion_counts")
def _(rng):
    n = int(rng.integers(1, 20))
    t, p = rng.integers(0, 3, size=n), rng.integers(0, 3, size=n)
    if rng.integers(2):
        t, p = np.array(["a", "b", "c"])[t], np.array(["a", "b", "c"])[p]
    pos = (list(t) + list(p))[rng.integers(2 * n)]
    counts = metrics.confusion_counts(t, p, pos_label=pos)
    assert len(counts) == 4 and all(isinstance(c, (int, np.integer)) and c >= 0 for c in counts)
    tp, fp, fn, tn = counts
    assert tp + fp + fn + tn == n and tp + fn == np.sum(t == pos) and tp + fp == np.sum(p == pos)


@invalid("confusion_counts")
def _(rng):
    n = int(rng.integers(2, 8))
    t, p = rng.integers(0, 2, size=n), rng.integers(0, 2, size=n)
    t[0], p[0] = 1, 0
    return [
        (lambda: metrics.confusion_counts(t, p[:-1]), ["y_true", "y_pred"]),
        (lambda: metrics.confusion_counts(t[:0], p[:0]), ["y_true", "y_pred"]),
        (lambda: metrics.confusion_counts(t.reshape(1, -1), p.reshape(1, -1)), ["y_true", "y_pred"]),
        (lambda: metrics.confusion_counts(np.where(t == 1, np.nan, 0.0), p), ["y_true"]),
        (lambda: metrics.confusion_counts(t, np.where(p == 0, np.inf, 1.0)), ["y_pred"]),
        (lambda: metrics.confusion_counts(t, p, pos_label=[7, "x"][rng.integers(2)]), ["pos_label"]),
    ]


@valid("hoeffding_sample_size")
def _(rng):
    d = int(rng.integers(1, 10**6)) if rng.integers(2) else 10 ** int(rng.integers(1, 400))  # any size of class
    eps, delta = float(rng.uniform(0.01, 1)), float(rng.uniform(1e-6, 0.999))
    N = model_selection.hoeffding_sample_size(d, eps, delta)
    assert isinstance(N, (int, np.integer)) and N >= 0
    assert model_selection.hoeffding_bound(d, max(N, 1), delta) <= eps + 1e-12
    if N > 1:
        assert model_selection.hoeffding_bound(d, N - 1, delta) > eps - 1e-12


@invalid("hoeffding_sample_size")
def _(rng):
    f = model_selection.hoeffding_sample_size
    return [
        (lambda: f([0, -1, 1.5, "3", None][rng.integers(5)], 0.1, 0.05), ["n_hypotheses"]),
        (lambda: f(10, [0.0, -0.1, np.nan, np.inf, "a", 1e-200][rng.integers(6)], 0.05), ["epsilon"]),
        (lambda: f(10, 0.1, [0.0, 1.0, -0.5, 1.5, np.nan, "a"][rng.integers(6)]), ["delta"]),
    ]


# -- the two tests -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(VALID))
@SETTINGS
@given(seed=SEEDS)
def test_valid_inputs_give_finite_answers(name, seed):
    CASES[(name, "valid")] += 1
    quietly(lambda: VALID[name](np.random.default_rng(seed)))


@pytest.mark.parametrize("name", sorted(INVALID))
@SETTINGS
@given(seed=SEEDS)
def test_invalid_inputs_are_refused(name, seed):
    CASES[(name, "invalid")] += 1
    rng = np.random.default_rng(seed)
    cases = INVALID[name](rng)
    call, names = cases[rng.integers(len(cases))]
    refused(call, names)
