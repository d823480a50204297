"""Property-based tests for statlib.optim: numerical gradients, line searches, KKT checks, dual ascent and minimize.

What the generated cases must satisfy, and how they are registered and run: ``property_support``.
"""

from collections import Counter

import numpy as np
from hypothesis import given
from hypothesis import strategies as st
from property_support import SEEDS, SETTINGS, finite, finite_float, harness, quietly, random_bad, refused, registry

from statlib import optim
from statlib.optim import minimize, rosenbrock, rosenbrock_grad

CASES = Counter()  # (name, kind) -> number of generated cases; reported by conftest.py
VALID, INVALID, valid, invalid = registry()


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


# -- the optimiser ------------------------------------------------------------------------------------------


@SETTINGS
@given(x0=st.tuples(st.floats(-2, 2), st.floats(-2, 2)), method=st.sampled_from(["bfgs", "dfp", "broyden", "newton"]))
def test_minimize_on_valid_starts(x0, method):
    CASES[("minimize", "valid")] += 1
    from statlib.optim import rosenbrock_hess

    result = quietly(
        lambda: minimize(
            rosenbrock, np.array(x0), jac=rosenbrock_grad, hess=rosenbrock_hess, method=method, max_iter=500
        )
    )
    assert result.x.shape == (2,) and np.all(np.isfinite(result.x)) and np.isfinite(result.fun)
    assert result.fun <= rosenbrock(np.array(x0)) + 1e-12  # a descent method never ends above its start


@SETTINGS
@given(
    kind=st.sampled_from(
        ["x0_nan", "x0_text", "x0_rank", "method", "tol", "max_iter", "not_callable", "nonfinite_start"]
    ),
    seed=SEEDS,
)
def test_minimize_refuses_invalid_input(kind, seed):
    CASES[("minimize", "invalid")] += 1
    x0 = np.random.default_rng(seed).normal(size=2)
    if kind == "x0_nan":
        x0[0] = np.nan
        refused(lambda: minimize(rosenbrock, x0, jac=rosenbrock_grad), ["x0"])
    elif kind == "x0_text":
        refused(lambda: minimize(rosenbrock, ["a", "b"], jac=rosenbrock_grad), ["x0"])
    elif kind == "x0_rank":
        refused(lambda: minimize(rosenbrock, x0[:, None], jac=rosenbrock_grad), ["x0"])
    elif kind == "not_callable":
        refused(lambda: minimize(3.0, x0), ["fun"])
    elif kind == "nonfinite_start":
        refused(lambda: minimize(lambda x: np.inf, x0, jac=lambda x: x), ["fun", "x0"])
    else:
        kwargs = {"method": {"method": "simplex"}, "tol": {"tol": -1e-3}, "max_iter": {"max_iter": -2}}[kind]
        refused(lambda: minimize(rosenbrock, x0, jac=rosenbrock_grad, **kwargs), list(kwargs))


# -- the two tests -----------------------------------------------------------------------------------------------


# The two tests every family's property module runs over the names it registered.
test_valid_inputs_give_finite_answers, test_invalid_inputs_are_refused = harness(VALID, INVALID, CASES)
