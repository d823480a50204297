"""Property-based tests for statlib.svm: the primal and dual QPs, margins, kernels, string kernels and the SMO step.

What the generated cases must satisfy, and how they are registered and run: ``property_support``.
"""

import itertools
import math
from collections import Counter

import numpy as np
from property_support import finite, finite_float, harness, random_bad, registry

from statlib import svm

CASES = Counter()  # (name, kind) -> number of generated cases; reported by conftest.py
VALID, INVALID, valid, invalid = registry()


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


@valid("smo_trace")
def _(rng):
    X, y = _svm_data(rng, separable=rng.integers(2) == 1)
    if rng.integers(4) == 0:
        X = np.vstack([X, X[:1]])  # a repeated point: eta = 0 for that pair
        y = np.append(y, y[0])
    kernel = ["linear", "rbf", "poly"][rng.integers(3)]
    C = float(rng.uniform(0.1, 10.0))
    working_set = ["platt", "second-order", "first-order"][rng.integers(3)]
    trace = svm.smo_trace(
        X,
        y,
        C=C,
        kernel=kernel,
        gamma=float(rng.uniform(0.1, 2.0)),
        degree=2,
        coef0=1.0,
        tol=1e-6,
        working_set=working_set,
        max_steps=500,
    )
    n = len(y)
    assert trace.alpha.shape == (trace.n_steps, n) and trace.E.shape == (trace.n_steps, n)
    assert finite(trace.alpha) and finite(trace.b) and finite(trace.E) and finite_float(trace.b_final)
    assert np.all(trace.alpha >= 0) and np.all(trace.alpha <= C)
    assert np.allclose(trace.alpha @ y, 0.0, atol=1e-9)  # (7.99) after every step


@invalid("smo_trace")
def _(rng):
    X, y = _svm_data(rng)

    def call(**kw):
        args = {"X": X, "y": y}
        args.update(kw)
        X_, y_ = args.pop("X"), args.pop("y")
        return lambda: svm.smo_trace(X_, y_, **args)

    return [
        (call(X=random_bad(rng, X.shape)), ["X"]),
        (call(y=np.where(y > 0, 2.0, 0.0)), ["y"]),
        (call(y=np.ones(len(y))), ["y"]),
        (call(y=y[:-1]), ["X", "y"]),
        (call(C=[0.0, -1.0, np.nan, "C"][rng.integers(4)]), ["C"]),
        (call(kernel=["sigmoid", 3, None][rng.integers(3)]), ["kernel"]),
        (call(gamma=[0.0, -1.0, np.inf][rng.integers(3)]), ["gamma"]),
        (call(tol=[0.0, -1e-3][rng.integers(2)]), ["tol"]),
        (call(working_set=["libsvm", "Platt", 1][rng.integers(3)]), ["working_set"]),
        (call(max_steps=[0, -5, 2.5][rng.integers(3)]), ["max_steps"]),
    ]


@valid("SVR")
def _(rng):
    n, d = int(rng.integers(2, 12)), int(rng.integers(1, 3))
    X = rng.normal(size=(n, d))
    t = rng.normal(size=n)
    C = [0.1, 1.0, 10.0][rng.integers(3)]
    eps = [0.0, 0.1, 0.5][rng.integers(3)]
    kernel = ["rbf", "linear", "poly"][rng.integers(3)]
    model = svm.SVR(C=C, epsilon=eps, kernel=kernel, degree=2, coef0=1.0, tol=1e-6).fit(X, t)
    a, a_hat = model.a_, model.a_hat_
    assert finite(a) and finite(a_hat) and finite(model.intercept_)
    assert np.all((a >= 0) & (a <= C)) and np.all((a_hat >= 0) & (a_hat <= C))  # the SVR box
    assert abs(np.sum(a - a_hat)) < 1e-9 * max(1.0, C * n)  # sum_n (a_n - a_hat_n) = 0
    if eps > 0:
        assert np.all(np.minimum(a, a_hat) == 0)  # a_n a_hat_n = 0: both positive needs |r| > eps and < -eps
    y = model.predict(X)
    assert y.shape == (n,) and finite(y)


@invalid("SVR")
def _(rng):
    X = rng.normal(size=(5, 2))
    t = rng.normal(size=5)

    def call(**kw):
        args = {"X": X, "y": t}
        args.update(kw)
        X_, y_ = args.pop("X"), args.pop("y")
        return lambda: svm.SVR(**args).fit(X_, y_)

    return [
        (call(X=random_bad(rng, X.shape)), ["X"]),
        (call(y=random_bad(rng, (5,), kinds=("nan", "inf", "text"))), ["y", "Input"]),
        (call(y=t[:-1]), ["X", "y"]),
        (call(C=[0.0, -1.0, np.nan, np.inf, "C"][rng.integers(5)]), ["C"]),
        (call(epsilon=[-0.1, np.nan, np.inf, "e"][rng.integers(4)]), ["epsilon"]),
        (call(kernel=["sigmoid", 3, None][rng.integers(3)]), ["kernel"]),
        (call(gamma=[0.0, -1.0, np.inf, "sc", None][rng.integers(5)]), ["gamma"]),
        (call(tol=[0.0, -1e-3][rng.integers(2)]), ["tol"]),
        (call(max_iter=[0, -5, 2.5][rng.integers(3)]), ["max_iter"]),
        (call(working_set=["platt", "libsvm", 1][rng.integers(3)]), ["working_set"]),
    ]


# -- the two tests -----------------------------------------------------------------------------------------------


# The two tests every family's property module runs over the names it registered.
test_valid_inputs_give_finite_answers, test_invalid_inputs_are_refused = harness(VALID, INVALID, CASES)
