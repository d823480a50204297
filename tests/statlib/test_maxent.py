"""statlib.maxent: Li Hang Examples 6.1 and 6.2, IIS (algorithm 6.1) and BFGS (algorithm 6.2)."""

import numpy as np
import pytest
import scipy.optimize as so
from sklearn.exceptions import ConvergenceWarning

from statlib.datasets import load_example
from statlib.linear_model import LogisticRegression
from statlib.maxent import feature_tensor, fit_maxent, maxent_proba

SQRT051 = np.sqrt(0.51)
THIRD_CASE = np.array([0.9 - SQRT051, SQRT051 - 0.6, SQRT051 - 0.4, (1.1 - SQRT051) / 2, (1.1 - SQRT051) / 2])


def _one_context(feature_rows, p_tilde):
    """Example 6.1 as a maxent model: a single input x, outputs A..E, features given as rows over y."""
    F = np.array(feature_rows, dtype=float).T[None, :, :]  # (1, 5, n_features)
    return F, np.asarray(p_tilde, dtype=float)[None, :]


def _entropy_max(A, b):
    cons = [{"type": "eq", "fun": lambda p, a=a, v=v: a @ p - v} for a, v in zip(A, b)]
    res = so.minimize(
        lambda p: np.sum(p * np.log(p)),
        np.full(5, 0.2),
        method="SLSQP",
        constraints=cons,
        bounds=[(1e-12, 1)] * 5,
        options={"ftol": 1e-14, "maxiter": 500},
    )
    return res.x


def test_example_6_1_book_answers_are_entropy_maximisers():
    data = load_example("lihang", "6.1")
    for case, answer in zip(data.cases[:2], data.book_answers[:2]):
        np.testing.assert_allclose(_entropy_max(case.A, case.b), answer, atol=1e-6)
    assert data.book_answers[2] is None


@pytest.mark.parametrize("method", ["iis", "bfgs", "dfp"])
def test_example_6_2_via_the_dual(method):
    data = load_example("lihang", "6.2")
    # Any empirical distribution with P~(y1) + P~(y2) = 3/10 gives the same constraint.
    F, p = _one_context([[1, 1, 0, 0, 0]], [0.1, 0.2, 0.3, 0.2, 0.2])
    res = fit_maxent(F, p, method=method, tol=1e-12)
    assert res.success
    np.testing.assert_allclose(res.proba[0], data.book_answer, atol=1e-10)  # 3/20 and 7/30
    # The book's multiplier enters as -w1 (its Lagrangian uses E_P - E_P~): weight = -ln(14/9).
    assert res.w[0] == pytest.approx(-np.log(14 / 9), abs=1e-9)
    # Maximal entropy 1.587837 nats (derived).
    assert -np.sum(res.proba * np.log(res.proba)) == pytest.approx(1.587837, abs=1e-6)


def test_example_6_2_book_multipliers_maximise_the_dual_function():
    # L(P_w, w) = -2 exp(-w1 - w0 - 1) - 3 exp(-w0 - 1) - 3/10 w1 - w0 (book);
    # maximiser w0 = ln(30/7) - 1, w1 = ln(14/9).
    def neg_dual(w):
        w0, w1 = w
        return 2 * np.exp(-w1 - w0 - 1) + 3 * np.exp(-w0 - 1) + 0.3 * w1 + w0

    res = so.minimize(neg_dual, [0.0, 0.0], method="BFGS", options={"gtol": 1e-12})
    np.testing.assert_allclose(res.x, [np.log(30 / 7) - 1, np.log(14 / 9)], atol=1e-7)
    np.testing.assert_allclose(np.exp(-res.x[1] - res.x[0] - 1), 3 / 20, atol=1e-9)
    np.testing.assert_allclose(np.exp(-res.x[0] - 1), 7 / 30, atol=1e-9)


@pytest.mark.parametrize("method", ["iis", "bfgs", "dfp", "broyden"])
def test_example_6_1_third_case_closed_form(method):
    F, p = _one_context([[1, 0, 1, 0, 0], [1, 1, 0, 0, 0]], [0.1, 0.2, 0.4, 0.15, 0.15])
    res = fit_maxent(F, p, method=method, tol=1e-12)
    assert res.success
    np.testing.assert_allclose(res.proba[0], THIRD_CASE, atol=1e-9)
    np.testing.assert_allclose(THIRD_CASE, [0.185857, 0.114143, 0.314143, 0.192929, 0.192929], atol=5e-7)
    np.testing.assert_allclose(
        THIRD_CASE,
        _entropy_max(load_example("lihang", "6.1").cases[2].A, load_example("lihang", "6.1").cases[2].b),
        atol=1e-6,
    )
    # P(A) P(D) = P(B) P(C), the identity behind the closed form.
    q = res.proba[0]
    assert q[0] * q[3] == pytest.approx(q[1] * q[2], abs=1e-12)


@pytest.mark.parametrize("method", ["iis", "bfgs", "dfp", "broyden", "gd"])
def test_example_6_1_first_case_no_features_is_uniform(method):
    # The first case of Example 6.1: no constraint beyond sum_y P(y) = 1, so no feature at all. The entropy
    # maximiser is uniform (the book's answer, and SLSQP's on the normalisation constraint alone).
    data = load_example("lihang", "6.1")
    F, p = np.zeros((1, 5, 0)), np.array([[0.1, 0.2, 0.4, 0.15, 0.15]])
    res = fit_maxent(F, p, method=method)
    assert res.success and res.nit == 0 and res.w.shape == (0,)
    np.testing.assert_array_equal(res.proba[0], np.full(5, 0.2))
    np.testing.assert_allclose(res.proba[0], data.book_answers[0], atol=1e-12)
    np.testing.assert_allclose(res.proba[0], _entropy_max(data.cases[0].A, data.cases[0].b), atol=1e-6)
    assert res.loglik == pytest.approx(np.log(1 / 5), abs=1e-12)
    # Several inputs, one of them unseen: P(y|x) = 1/n_y for every x, and maxent_proba agrees.
    F3, p3 = np.zeros((3, 4, 0)), np.array([[1.0, 2, 0, 0], [0, 0, 0, 0], [3, 1, 1, 1]])
    res3 = fit_maxent(F3, p3, method=method, w0=[])
    np.testing.assert_array_equal(res3.proba, np.full((3, 4), 0.25))
    np.testing.assert_array_equal(maxent_proba(F3, []), np.full((3, 4), 0.25))
    with pytest.raises(ValueError, match="w0"):
        fit_maxent(F3, p3, method=method, w0=[0.0])


def test_iis_newton_branch_and_closed_form_branch():
    # f# is not constant for the features of Example 6.1 (f#(A) = 2, f#(D) = 0): Newton's method (6.35).
    F, p = _one_context([[1, 0, 1, 0, 0], [1, 1, 0, 0, 0]], [0.1, 0.2, 0.4, 0.15, 0.15])
    assert not fit_maxent(F, p, method="iis").closed_form
    # Adding a slack feature makes f# = 2 everywhere: the closed form (6.34) applies, same model.
    slack = 2 - F.sum(axis=2, keepdims=True)
    res = fit_maxent(np.concatenate([F, slack], axis=2), p, method="iis", tol=1e-12)
    assert res.closed_form
    np.testing.assert_allclose(res.proba[0], THIRD_CASE, atol=1e-9)


def _random_problem(seed, n_x=6, n_y=3, n_feat=5):
    rng = np.random.default_rng(seed)
    F = (rng.random((n_x, n_y, n_feat)) < 0.5).astype(float)
    counts = rng.integers(1, 5, size=(n_x, n_y)).astype(float)
    return F, counts


@pytest.mark.parametrize("seed", range(3))
def test_all_methods_reach_the_same_model(seed):
    F, counts = _random_problem(seed)
    ref = fit_maxent(F, counts, method="bfgs", tol=1e-11)
    for method in ("iis", "dfp", "broyden", "gd"):
        res = fit_maxent(F, counts, method=method, tol=1e-9, max_iter=200_000)
        np.testing.assert_allclose(res.proba, ref.proba, atol=1e-7)
    # The fitted model satisfies the constraints (6.10): E_P(f_i) = E_P~(f_i).
    p_x = counts.sum(axis=1) / counts.sum()
    model = np.einsum("x,xy,xyi->i", p_x, ref.proba, F)
    np.testing.assert_allclose(model, ref.empirical_expectation, atol=1e-10)
    # IIS increases the likelihood at every step (the lower bound B(delta|w) >= 0).
    iis = fit_maxent(F, counts, method="iis", tol=1e-9)
    assert np.all(np.diff(iis.loglik_path) >= -1e-12)


@pytest.mark.parametrize("seed", range(3))
def test_dual_function_equals_log_likelihood(seed):
    # Psi(w) from the Lagrangian, first line of (6.27), equals the log-likelihood (6.26) at any w.
    F, counts = _random_problem(seed)
    p_xy = counts / counts.sum()
    p_x = p_xy.sum(axis=1)
    w = np.random.default_rng(seed + 10).normal(size=F.shape[2])
    P = maxent_proba(F, w)
    psi = np.sum(p_x[:, None] * P * np.log(P)) + w @ (
        np.einsum("xy,xyi->i", p_xy, F) - np.einsum("x,xy,xyi->i", p_x, P, F)
    )
    loglik = np.sum(p_xy * np.log(P))
    assert psi == pytest.approx(loglik, abs=1e-12)


def test_maxent_with_class_indicator_features_is_multinomial_logistic_regression():
    # f_{j,k}(x, y) = x_j [y = k] for k < K (and a bias feature per class) is model (6.7)-(6.8).
    rng = np.random.default_rng(3)
    X = rng.normal(size=(40, 2))
    y = rng.integers(0, 3, size=40)
    K, d = 3, 2
    Xb = np.hstack([X, np.ones((40, 1))])
    F = np.zeros((40, K, (K - 1) * (d + 1)))
    for k in range(K - 1):
        F[:, k, k * (d + 1) : (k + 1) * (d + 1)] = Xb
    counts = np.zeros((40, K))
    counts[np.arange(40), y] = 1
    res = fit_maxent(F, counts, method="bfgs", tol=1e-10)
    lr = LogisticRegression(penalty=None, tol=1e-12).fit(X, y)
    np.testing.assert_allclose(res.proba, lr.predict_proba(X), atol=1e-7)


def test_feature_tensor_and_proba():
    F = feature_tensor([lambda x, y: float(y in "AB"), lambda x, y: float(y in "AC")], ["x"], list("ABCDE"))
    assert F.shape == (1, 5, 2)
    np.testing.assert_array_equal(F[0, :, 0], [1, 1, 0, 0, 0])
    np.testing.assert_allclose(maxent_proba(F, np.zeros(2)), np.full((1, 5), 0.2))


def test_max_iter_reports_failure():
    F, counts = _random_problem(0)
    with pytest.warns(ConvergenceWarning, match="2 iterations"):
        res = fit_maxent(F, counts, method="iis", max_iter=2)
    assert not res.success and res.nit == 2
    with pytest.warns(ConvergenceWarning, match="bfgs"):
        assert not fit_maxent(F, counts, method="bfgs", max_iter=1).success


@pytest.mark.parametrize(
    "F, p, kwargs, error, match",
    [
        (np.ones((2, 3)), np.ones((2, 3)), {}, ValueError, "F"),
        (np.full((1, 2, 1), np.nan), np.ones((1, 2)), {}, ValueError, "F"),
        (np.ones((1, 2, 1)), np.ones((2, 2)), {}, ValueError, "p_xy"),
        (np.ones((1, 2, 1)), -np.ones((1, 2)), {}, ValueError, "p_xy"),
        (np.ones((1, 2, 1)), np.ones((1, 2)), {"method": "newton"}, ValueError, "method"),
        (np.ones((1, 2, 1)), np.ones((1, 2)), {"tol": -1.0}, ValueError, "tol"),
        (-np.ones((1, 2, 1)), np.ones((1, 2)), {}, ValueError, "non-negative"),
        (np.array([[[1.0], [0.0]]]), np.array([[0.0, 1.0]]), {}, ValueError, "feature 0"),
        (np.ones((1, 2, 1)), np.ones((1, 2)), {"w0": [0.0, 0.0]}, ValueError, "w0"),
        ("abc", np.ones((1, 2)), {}, TypeError, "F"),
    ],
)
def test_bad_input(F, p, kwargs, error, match):
    with pytest.raises(error, match=match):
        fit_maxent(F, p, **kwargs)


def test_feature_tensor_bad_input():
    with pytest.raises(TypeError, match="features"):
        feature_tensor([1], ["x"], ["a"])
    with pytest.raises(ValueError, match="xs"):
        feature_tensor([lambda x, y: 1.0], [], ["a"])


def test_exercise_6_3_dfp():
    from statlib.exercises import check

    F, p = _one_context([[1, 0, 1, 0, 0], [1, 1, 0, 0, 0]], [0.1, 0.2, 0.4, 0.15, 0.15])
    assert check("lihang-6.3", fit_maxent(F, p, method="dfp", tol=1e-10).proba[0]).correct
    assert not check("lihang-6.3", np.full(5, 0.2)).correct
    assert not check("lihang-6.3", [0.2, 0.2]).correct
