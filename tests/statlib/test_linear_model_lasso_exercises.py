"""Checkers of MLAPP ch. 13's exercises (sections 13.3-13.4): right answers, computed here independently of the
checkers, are accepted and wrong ones refused."""

import numpy as np
from scipy import integrate, optimize

from statlib.datasets import load_example
from statlib.exercises import check


def test_13_1_partial_derivative_and_one_dimensional_minimiser():
    X = np.array([[1.0, 2.0], [0.0, 1.0], [1.0, 0.0]])
    y = np.array([1.0, 2.0, 3.0])

    def rss(w1):
        return np.sum((X @ np.array([w1, 0.5]) - y) ** 2)

    h = 0.5  # central differences are exact for a quadratic
    # RSS is quadratic in w1: d RSS / d w1 = a w1 - c, so a = second derivative and c = -derivative at 0
    a = (rss(h) - 2 * rss(0.0) + rss(-h)) / h**2
    c = -(rss(h) - rss(-h)) / (2 * h)
    w1 = optimize.minimize_scalar(rss).x
    assert check("mlapp-13.1", [a, c, w1])
    assert not check("mlapp-13.1", [2.0, 3.0, 1.5])


def test_13_8_laplace_e_step_by_quadrature():
    gamma, w = 2.0, 0.5

    # p(w) = int N(w | 0, t) Ga(t | 1, gamma^2 / 2) dt (13.86); E[1/t | w] by quadrature
    def joint(t):
        return np.exp(-(w**2) / (2 * t)) / np.sqrt(2 * np.pi * t) * (gamma**2 / 2) * np.exp(-(gamma**2) * t / 2)

    num = integrate.quad(lambda t: joint(t) / t, 0, np.inf)[0]
    den = integrate.quad(joint, 0, np.inf)[0]
    np.testing.assert_allclose(den, gamma / 2 * np.exp(-gamma * w), rtol=1e-8)  # the Laplace density
    assert check("mlapp-13.8", num / den)
    assert not check("mlapp-13.8", 1 / w)


def test_13_11_projected_gradient_on_the_split_variables():
    d = load_example("mlapp", "exercise-13.11")
    X, y, lam = d.X, d.y, d.lam
    p = X.shape[1]
    # z = [theta+, theta-] >= 0; RSS(theta+ - theta-) + lam 1^T z, a bound-constrained QP (GPSR)
    z = np.zeros(2 * p)
    step = 1.0 / (4 * np.linalg.norm(X, 2) ** 2)
    for _ in range(20000):
        theta = z[:p] - z[p:]
        g = -2 * X.T @ (y - X @ theta)
        grad = np.r_[g, -g] + lam
        z = np.maximum(z - step * grad, 0.0)
    theta = z[:p] - z[p:]
    assert check("mlapp-13.11", theta)
    assert check("mlapp-13.11", np.round(theta, 3))  # the precision the exercise asks for
    assert not check("mlapp-13.11", np.linalg.lstsq(X, y, rcond=None)[0])
    assert not check("mlapp-13.11", [1.0, 2.0])
    # the halved objective 1/2 RSS + lam ||theta||_1 (the other scale of the chapter) is a different problem
    z = np.zeros(2 * p)
    for _ in range(20000):
        g = -X.T @ (y - X @ (z[:p] - z[p:]))
        z = np.maximum(z - 2 * step * (np.r_[g, -g] + lam), 0.0)
    assert not check("mlapp-13.11", z[:p] - z[p:])


def test_13_12_hinge_subdifferentials():
    assert check("mlapp-13.12", [[-1, -1], [-1, 0], [0, 0]])
    assert not check("mlapp-13.12", [[-1, -1], [0, 0], [0, 0]])


def test_13_13_tangent_is_a_global_lower_bound():
    z = np.linspace(-10, 10, 2001)
    assert np.all(6 * z - 9 <= z**2)
    assert check("mlapp-13.13", [6, -9])
    assert not check("mlapp-13.13", [6, 9])


def test_companion_13_1_alpha_max_of_the_prostate_data():
    d = load_example("mlapp", "listing-13.1")
    # the first LARS breakpoint printed in the catalogue of Listing 13.1, in the 1/2 RSS scale: 58.4439
    assert check("companion-13.1", 58.4439 / 67)
    assert check("companion-13.1", 0.872)  # three decimals, the precision the exercise asks for
    assert not check("companion-13.1", 2 * 58.4439 / 67)
    assert not check("companion-13.1", 58.4439)
    assert not check("companion-13.1", 2 * 58.4439)
    assert round(float(np.abs(d.X_train.T @ (d.y_train - d.y_train.mean())).max()), 4) == 58.4439


def test_13_6_shrinkage_parameters_read_off_the_curves():
    # the curves of the chapter's figure, fitted independently: ridge and lasso on an orthonormal design with
    # lambda_1 = 1 and lambda_2 = 3 (MLAPP scale RSS + penalty), as functions of c_k = 2 y^T x_k
    from sklearn.linear_model import Lasso as SkLasso
    from sklearn.linear_model import Ridge as SkRidge

    x = np.ones((4, 1)) / 2.0  # one unit-norm column
    c = np.linspace(-3, 3, 13)
    lasso, ridge = [], []
    for ck in c:
        y = x[:, 0] * ck / 2  # then 2 y^T x = ck
        lasso.append(SkLasso(alpha=1.0 / (2 * 4), fit_intercept=False, tol=1e-12).fit(x, y).coef_[0])
        ridge.append(SkRidge(alpha=3.0, fit_intercept=False).fit(x, y).coef_[0])
    lasso, ridge = np.array(lasso), np.array(ridge)
    lam1 = c[np.abs(lasso) > 1e-12].__abs__().min() - 2 * np.abs(lasso[np.abs(lasso) > 1e-12]).min()
    lam2 = 1 / (2 * np.polyfit(c, ridge, 1)[0]) - 1
    assert check("mlapp-13.6", [lam1, lam2])
    assert not check("mlapp-13.6", [lam2, lam1])  # swapped
    assert not check("mlapp-13.6", [1.0, 1.0])
    assert not check("mlapp-13.6", [0.5, 3.0])


def test_13_6a_which_curve_is_which():
    # the figure draws (1) solid, (2) dotted, (3) dashed; identify them from the shapes of the three estimators:
    # least squares has slope 1/2 everywhere, ridge a smaller slope through 0, the lasso a flat band around 0
    c = np.linspace(-3, 3, 601)
    curves = {1: c / 2, 2: np.sign(c) * np.maximum(np.abs(c) - 1.0, 0.0) / 2, 3: c / (2 * (1 + 3.0))}
    slope = {k: np.polyfit(c[c > 2], v[c > 2], 1)[0] for k, v in curves.items()}
    flat = {k: bool(np.all(v[np.abs(c) < 0.5] == 0)) for k, v in curves.items()}
    ls = next(k for k in curves if np.isclose(slope[k], 0.5) and not flat[k])
    lasso = next(k for k in curves if flat[k])
    ridge = next(k for k in curves if slope[k] < 0.5 - 1e-9)
    assert check("mlapp-13.6a", [ls, ridge, lasso])
    assert not check("mlapp-13.6a", [1, 2, 3])
    assert not check("mlapp-13.6a", [ls, lasso, ridge])


def test_13_9_truncated_normal_mean():
    from scipy import stats

    assert check("mlapp-13.9", stats.truncnorm(0.0, np.inf).mean())
    assert check("mlapp-13.9", 0.798)  # three decimals, the precision the exercise asks for
    assert not check("mlapp-13.9", stats.norm.pdf(0.0))
    assert not check("mlapp-13.9", 0.80)


def test_prompts_state_the_precision_the_checkers_ask_for():
    from statlib.exercises import quiz_questions

    for ex_id in ("mlapp-13.9", "companion-13.1"):
        assert all("3 decimals" in q["question"] for q in quiz_questions(ex_id))
    assert len(quiz_questions("mlapp-13.6a")) == 3 and len(quiz_questions("mlapp-13.6")) == 2
