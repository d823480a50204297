"""statlib.optim: Li Hang appendices A-C, checked against SciPy, exact identities and hand derivations."""

import numpy as np
import pytest
import scipy.optimize as so

from statlib.optim import (
    OptimizeResult,
    approx_grad,
    check_grad,
    dual_ascent,
    kkt_check,
    minimize,
    rosenbrock,
    rosenbrock_grad,
    rosenbrock_hess,
)
from statlib.optim._minimize import _bfgs_hessian_update, _bfgs_update, _broyden_update, _dfp_update

X0 = np.array([-1.2, 1.0])
A = np.array([[3.0, 1.0], [1.0, 2.0]])
B = np.array([1.0, 1.0])


def quad(x):
    return 0.5 * x @ A @ x - B @ x


def quad_grad(x):
    return A @ x - B


@pytest.mark.parametrize("seed", range(3))
def test_rosenbrock_matches_scipy(seed):
    with pytest.raises(ValueError, match="x"):
        rosenbrock([1.0])
    x = np.random.default_rng(seed).normal(size=5)
    assert rosenbrock(x) == pytest.approx(so.rosen(x), rel=1e-14)
    np.testing.assert_allclose(rosenbrock_grad(x), so.rosen_der(x), rtol=1e-13)
    np.testing.assert_allclose(rosenbrock_hess(x), so.rosen_hess(x), rtol=1e-13)


@pytest.mark.parametrize("method", ["newton", "dfp", "bfgs", "broyden"])
def test_rosenbrock_minimum_found_and_matches_scipy(method):
    res = minimize(rosenbrock, X0, jac=rosenbrock_grad, hess=rosenbrock_hess, method=method, tol=1e-8)
    assert res.success and res.status == 0
    ref = so.minimize(so.rosen, X0, jac=so.rosen_der, method="BFGS", options={"gtol": 1e-10})
    np.testing.assert_allclose(res.x, ref.x, atol=1e-7)
    np.testing.assert_allclose(res.x, [1.0, 1.0], atol=1e-7)
    assert res.path.shape == (res.nit + 1, 2)
    np.testing.assert_array_equal(res.path[0], X0)
    np.testing.assert_array_equal(res.path[-1], res.x)
    assert np.all(np.diff(res.fun_path) <= 1e-12)  # every line search decreases f


def test_rosenbrock_5d_bfgs_matches_scipy():
    x0 = np.array([1.3, 0.7, 0.8, 1.9, 1.2])
    res = minimize(rosenbrock, x0, jac=rosenbrock_grad, method="bfgs", tol=1e-9)
    ref = so.minimize(so.rosen, x0, jac=so.rosen_der, method="BFGS", options={"gtol": 1e-10})
    np.testing.assert_allclose(res.x, ref.x, atol=1e-7)


def test_gradient_descent_on_rosenbrock_is_slow():
    res = minimize(rosenbrock, X0, jac=rosenbrock_grad, method="gd", max_iter=1000)
    assert not res.success and res.nit == 1000
    assert res.fun < 0.1 * rosenbrock(X0) and np.all(np.diff(res.fun_path) <= 0)
    bfgs = minimize(rosenbrock, X0, jac=rosenbrock_grad, method="bfgs")
    assert bfgs.success and bfgs.nit < 100


def test_gradient_descent_exact_line_search_on_quadratic():
    # Hand derivation: along p = -g, the exact step is g.g / g.A g; from x0 = 0, g0 = -b, so lambda_0 = 2/7.
    res = minimize(quad, np.zeros(2), jac=quad_grad, method="gd", line_search="exact", tol=1e-10)
    assert res.step_path[0] == pytest.approx(2 / 7, abs=1e-8)
    np.testing.assert_allclose(res.x, np.linalg.solve(A, B), atol=1e-9)
    # Exact line search makes successive gradients orthogonal (the zigzag of steepest descent).
    g = np.array([quad_grad(x) for x in res.path[:6]])
    cosines = np.sum(g[1:] * g[:-1], axis=1) / np.linalg.norm(g[1:], axis=1) / np.linalg.norm(g[:-1], axis=1)
    np.testing.assert_allclose(cosines, 0.0, atol=1e-6)


def test_newton_solves_a_quadratic_in_one_step():
    res = minimize(
        quad, np.array([5.0, -3.0]), jac=quad_grad, hess=lambda x: A, method="newton", line_search="none", tol=1e-12
    )
    assert res.nit == 1
    np.testing.assert_allclose(res.x, [0.2, 0.4], atol=1e-14)


@pytest.mark.parametrize("method", ["dfp", "bfgs", "broyden"])
def test_quasi_newton_exact_line_search_terminates_on_quadratic(method):
    # With exact line searches, Broyden-class methods minimise an n-dimensional quadratic in n steps
    # and end with G_n = A^{-1} (Nocedal and Wright, theorem 6.4 / Fletcher 1987).
    rng = np.random.default_rng(0)
    M = rng.normal(size=(4, 4))
    A4 = M @ M.T + 4 * np.eye(4)
    b4 = rng.normal(size=4)
    res = minimize(
        lambda x: 0.5 * x @ A4 @ x - b4 @ x,
        np.zeros(4),
        jac=lambda x: A4 @ x - b4,
        method=method,
        line_search="exact",
        tol=1e-9,
    )
    assert res.nit <= 5
    np.testing.assert_allclose(res.x, np.linalg.solve(A4, b4), atol=1e-7)
    np.testing.assert_allclose(res.hess_inv, np.linalg.inv(A4), atol=1e-5)


def _random_pair(seed, n=5):
    rng = np.random.default_rng(seed)
    M = rng.normal(size=(n, n))
    G = M @ M.T + n * np.eye(n)
    delta = rng.normal(size=n)
    y = delta + 0.1 * rng.normal(size=n)  # y . delta > 0
    return G, delta, y


@pytest.mark.parametrize("seed", range(4))
def test_updates_satisfy_the_quasi_newton_condition(seed):
    G, delta, y = _random_pair(seed)
    for update in (_dfp_update, _bfgs_update):
        Gn = update(G, delta, y)
        np.testing.assert_allclose(Gn @ y, delta, atol=1e-10)  # (B.16)
        np.testing.assert_allclose(Gn, Gn.T, atol=1e-12)
        assert np.all(np.linalg.eigvalsh(Gn) > 0)
    Bn = _bfgs_hessian_update(np.linalg.inv(G), delta, y)
    np.testing.assert_allclose(Bn @ delta, y, atol=1e-10)  # (B.25)
    # (B.31) is the inverse of (B.30): Sherman-Morrison twice.
    np.testing.assert_allclose(np.linalg.inv(Bn), _bfgs_update(G, delta, y), rtol=1e-9, atol=1e-10)
    np.testing.assert_allclose(_broyden_update(G, delta, y, 0.0), _bfgs_update(G, delta, y), atol=1e-12)
    np.testing.assert_allclose(_broyden_update(G, delta, y, 1.0), _dfp_update(G, delta, y), atol=1e-12)


def test_bfgs_iterates_match_hessian_form():
    # Algorithm B.3 (B_k, solve B p = -g) and the inverse form (B.31) give the same iterates.
    res = minimize(rosenbrock, X0, jac=rosenbrock_grad, method="bfgs", tol=1e-8)
    Bk = np.eye(2)
    for k in range(min(res.nit, 10)):
        x, x_next = res.path[k], res.path[k + 1]
        p = np.linalg.solve(Bk, -rosenbrock_grad(x))
        step = x_next - x
        np.testing.assert_allclose(step, res.step_path[k] * p, rtol=1e-6, atol=1e-10)
        Bk = _bfgs_hessian_update(Bk, step, rosenbrock_grad(x_next) - rosenbrock_grad(x))


def test_finite_differences():
    x = np.array([0.3, -0.7, 1.1])
    np.testing.assert_allclose(approx_grad(rosenbrock, x), rosenbrock_grad(x), rtol=1e-8)
    np.testing.assert_allclose(approx_grad(rosenbrock, x), so.approx_fprime(x, so.rosen, 1e-7), rtol=1e-4)
    assert check_grad(rosenbrock, rosenbrock_grad, x) < 1e-6
    assert check_grad(rosenbrock, lambda z: rosenbrock_grad(z) + 1.0, x) > 1.0


def test_jac_none_and_jac_true():
    a = minimize(rosenbrock, X0, method="bfgs", tol=1e-6)
    b = minimize(lambda x: (rosenbrock(x), rosenbrock_grad(x)), X0, jac=True, method="bfgs", tol=1e-6)
    np.testing.assert_allclose(a.x, [1, 1], atol=1e-5)
    np.testing.assert_allclose(b.x, [1, 1], atol=1e-5)
    assert a.nfev > b.nfev
    newton_fd = minimize(rosenbrock, X0, jac=rosenbrock_grad, method="newton", tol=1e-8)
    assert newton_fd.success and newton_fd.nhev == newton_fd.nit


def test_args_are_passed():
    res = minimize(lambda x, s: np.sum((x - s) ** 2), np.zeros(3), args=(2.0,), jac=lambda x, s: 2 * (x - s))
    np.testing.assert_allclose(res.x, 2.0, atol=1e-8)


def test_max_iter_reached_reports_failure():
    res = minimize(rosenbrock, X0, jac=rosenbrock_grad, method="gd", max_iter=5)
    assert not res.success and res.status == 1 and res.nit == 5
    assert "Maximum" in res.message


def test_result_object():
    res = minimize(quad, np.zeros(2), jac=quad_grad)
    assert isinstance(res, OptimizeResult) and res["x"] is res.x
    assert "hess_inv" in res and "fun" in repr(res)
    with pytest.raises(AttributeError):
        _ = res.nonexistent


@pytest.mark.parametrize(
    "kwargs, error, match",
    [
        ({"method": "lbfgs"}, ValueError, "method"),
        ({"tol": 0.0}, ValueError, "tol"),
        ({"tol": "small"}, TypeError, "tol"),
        ({"max_iter": -1}, ValueError, "max_iter"),
        ({"max_iter": 2.5}, TypeError, "max_iter"),
        ({"line_search": "backtrack"}, ValueError, "line_search"),
        ({"broyden_alpha": 1.5}, ValueError, "broyden_alpha"),
        ({"step": -1.0}, ValueError, "step"),
        ({"G0": np.diag([1.0, -1.0])}, ValueError, "G0"),
        ({"G0": np.eye(3)}, ValueError, "G0"),
        ({"jac": "2-point"}, TypeError, "jac"),
        ({"hess": 3}, TypeError, "hess"),
        ({"callback": 1}, TypeError, "callback"),
    ],
)
def test_bad_arguments(kwargs, error, match):
    with pytest.raises(error, match=match):
        minimize(quad, np.zeros(2), jac=quad_grad, **kwargs)


@pytest.mark.parametrize(
    "x0, error", [([np.nan, 0.0], ValueError), ("ab", TypeError), ([], ValueError), ([[0.0, 1.0]], ValueError)]
)
def test_bad_x0(x0, error):
    with pytest.raises(error, match="x0"):
        minimize(quad, x0, jac=quad_grad)


def test_fun_must_be_callable():
    with pytest.raises(TypeError, match="fun"):
        minimize(3, np.zeros(2))


# The KKT example: min (x1 - 2)^2 + (x2 - 1)^2  s.t.  x1^2 - x2 <= 0,  x1 + x2 - 2 <= 0.
# Hand solution: x* = (1, 1), both constraints active, alpha* = (2/3, 2/3), p* = d* = 1.
def f_kkt(x):
    return (x[0] - 2) ** 2 + (x[1] - 1) ** 2


def g_kkt(x):
    return np.array([2 * (x[0] - 2), 2 * (x[1] - 1)])


def c_kkt(x):
    return np.array([x[0] ** 2 - x[1], x[0] + x[1] - 2])


def J_kkt(x):
    return np.array([[2 * x[0], -1.0], [1.0, 1.0]])


def test_kkt_conditions_at_the_hand_solution():
    report = kkt_check([1.0, 1.0], [2 / 3, 2 / 3], jac=g_kkt, ineq=c_kkt, ineq_jac=J_kkt)
    assert report.max_violation < 1e-12
    np.testing.assert_array_equal(report.active, [0, 1])
    wrong = kkt_check([1.0, 1.0], [1.0, 0.0], jac=g_kkt, ineq=c_kkt, ineq_jac=J_kkt)
    assert wrong.stationarity > 0.1


def test_dual_ascent_matches_slsqp_and_strong_duality():
    res = dual_ascent(f_kkt, [0.0, 0.0], jac=g_kkt, ineq=c_kkt, ineq_jac=J_kkt, step=0.5, tol=1e-9)
    assert res.success
    np.testing.assert_allclose(res.x, [1.0, 1.0], atol=1e-7)
    np.testing.assert_allclose(res.alpha, [2 / 3, 2 / 3], atol=1e-7)
    assert res.dual == pytest.approx(1.0, abs=1e-7) and res.fun == pytest.approx(1.0, abs=1e-7)
    assert np.all(np.diff(res.dual_path) >= -1e-9)  # ascent on theta_D
    assert np.all(res.dual_path <= 1.0 + 1e-9)  # weak duality (C.15)
    ref = so.minimize(
        f_kkt,
        [0.0, 0.0],
        jac=g_kkt,
        method="SLSQP",
        constraints=[{"type": "ineq", "fun": lambda x: -c_kkt(x), "jac": lambda x: -J_kkt(x)}],
    )
    np.testing.assert_allclose(res.x, ref.x, atol=1e-6)


def test_dual_ascent_with_equality_constraint():
    # min x1^2 + x2^2 s.t. x1 + x2 = 1: x* = (1/2, 1/2), beta* = -1.
    res = dual_ascent(
        lambda x: x @ x,
        [0.0, 0.0],
        jac=lambda x: 2 * x,
        eq=lambda x: np.array([x.sum() - 1]),
        eq_jac=lambda x: np.ones((1, 2)),
        step=0.5,
        tol=1e-10,
    )
    np.testing.assert_allclose(res.x, [0.5, 0.5], atol=1e-8)
    np.testing.assert_allclose(res.beta, [-1.0], atol=1e-8)


def test_duality_bad_arguments():
    with pytest.raises(ValueError, match="constraint"):
        dual_ascent(f_kkt, [0.0, 0.0], jac=g_kkt)
    with pytest.raises(TypeError, match="ineq"):
        kkt_check([1.0, 1.0], [0.1, 0.1], jac=g_kkt, ineq=c_kkt)
    with pytest.raises(ValueError, match="alpha"):
        kkt_check([1.0, 1.0], [0.1], jac=g_kkt, ineq=c_kkt, ineq_jac=J_kkt)
    with pytest.raises(ValueError, match="step"):
        dual_ascent(f_kkt, [0.0, 0.0], jac=g_kkt, ineq=c_kkt, ineq_jac=J_kkt, step=0)


def test_appendix_exercises():
    from statlib.exercises import check

    newton = minimize(
        quad, np.array([7.0, -2.0]), jac=quad_grad, hess=lambda x: A, method="newton", line_search="none", max_iter=1
    )
    assert check("optim-1.1", newton.x).correct
    assert not check("optim-1.1", [0.0, 0.0]).correct
    gd = minimize(quad, np.zeros(2), jac=quad_grad, method="gd", line_search="exact", max_iter=1)
    assert check("optim-1.2", gd.step_path[0]).correct
    assert not check("optim-1.2", 0.25).correct
    dual = dual_ascent(
        lambda x: x @ x,
        [0.0, 0.0],
        jac=lambda x: 2 * x,
        ineq=lambda x: np.array([1 - x.sum()]),
        ineq_jac=lambda x: -np.ones((1, 2)),
        tol=1e-10,
    )
    assert check("optim-1.3", dual.alpha[0]).correct
    assert not check("optim-1.3", 0.5).correct
