"""Basis expansions (PRML (3.3)-(3.6)), sequential least squares (LMS, PRML (3.22)-(3.23)) and multiple-output
least squares (PRML (3.34)-(3.35)), against scikit-learn, closed forms and exact identities."""

import warnings

import numpy as np
import pytest
from sklearn.linear_model import LinearRegression as SkLinearRegression
from sklearn.linear_model import SGDRegressor
from sklearn.preprocessing import PolynomialFeatures
from sklearn.utils.estimator_checks import parametrize_with_checks

from statlib.datasets import make_sine
from statlib.linear_model import (
    GaussianBasis,
    LinearRegression,
    LMSRegressor,
    PolynomialBasis,
    Ridge,
    SigmoidBasis,
)


# --- basis expansions -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("degree", [1, 3, 9])
@pytest.mark.parametrize("include_bias", [False, True])
def test_polynomial_basis_matches_scikit_learn_in_one_dimension(degree, include_bias):
    x = np.linspace(-1.5, 2.0, 17).reshape(-1, 1)
    ours = PolynomialBasis(degree, include_bias=include_bias).fit_transform(x)
    ref = PolynomialFeatures(degree, include_bias=include_bias).fit_transform(x)
    np.testing.assert_allclose(ours, ref, rtol=1e-14)


def test_polynomial_basis_is_additive_in_several_dimensions():
    # Columns are x_1, x_1^2, x_2, x_2^2: the pure powers among scikit-learn's monomials, no cross terms.
    X = np.array([[2.0, 3.0], [-1.0, 0.5]])
    np.testing.assert_array_equal(PolynomialBasis(2).fit_transform(X), [[2.0, 4.0, 3.0, 9.0], [-1.0, 1.0, 0.5, 0.25]])


def test_gaussian_basis_values_by_hand():
    # (3.4) at x = mu_j is 1; one width away it is exp(-1/2); two widths away exp(-2).
    g = GaussianBasis(centers=[0.0, 1.0, 2.0], width=0.5).fit(np.zeros((1, 1)))
    Phi = g.transform([[1.0], [0.5]])
    np.testing.assert_allclose(Phi[0], [np.exp(-2.0), 1.0, np.exp(-2.0)], rtol=1e-15)
    np.testing.assert_allclose(Phi[1], [np.exp(-0.5), np.exp(-0.5), np.exp(-4.5)], rtol=1e-15)


def test_sigmoid_basis_values_by_hand():
    # (3.5)-(3.6): sigma(0) = 1/2, sigma(a) + sigma(-a) = 1, sigma(ln 3) = 3/4.
    s = SigmoidBasis(centers=[0.0], width=1.0).fit(np.zeros((1, 1)))
    np.testing.assert_allclose(s.transform([[0.0], [np.log(3.0)], [-np.log(3.0)]]).ravel(), [0.5, 0.75, 0.25])
    # no overflow far in the tails
    far = s.transform([[-1e4], [1e4]]).ravel()
    np.testing.assert_array_equal(far, [0.0, 1.0])


def test_default_centres_span_the_training_range_with_spacing_as_width():
    x = np.linspace(0.0, 1.0, 11).reshape(-1, 1)
    g = GaussianBasis(5).fit(x)
    np.testing.assert_allclose(g.centers_.ravel(), [0.0, 0.25, 0.5, 0.75, 1.0])
    assert g.width_ == pytest.approx(0.25)
    assert g.transform(x).shape == (11, 5) and g.n_output_features_ == 5
    gb = GaussianBasis(5, include_bias=True).fit(x)
    np.testing.assert_array_equal(gb.transform(x)[:, 0], 1.0)
    one = SigmoidBasis(1).fit(np.array([[2.0, -1.0], [4.0, 3.0]]))  # a single centre: mid-range, width 1
    np.testing.assert_array_equal(one.centers_, [[3.0, 1.0]])
    assert one.width_ == 1.0


def test_gaussian_basis_with_all_centres_at_the_points_is_an_rbf_interpolant():
    # N Gaussian bumps centred at the N inputs: the Gram matrix is positive definite, so least squares interpolates.
    x, t = make_sine(8, random_state=0)
    X = x.reshape(-1, 1)
    Phi = GaussianBasis(centers=x, width=0.1).fit_transform(X)
    m = LinearRegression(fit_intercept=False).fit(Phi, t)
    np.testing.assert_allclose(m.predict(Phi), t, atol=1e-8)


@pytest.mark.parametrize(
    "make, error, match",
    [
        (lambda: PolynomialBasis(0), ValueError, "degree"),
        (lambda: PolynomialBasis(2.5), TypeError, "degree"),
        (lambda: PolynomialBasis(include_bias=1), TypeError, "include_bias"),
        (lambda: GaussianBasis(0), ValueError, "n_basis"),
        (lambda: GaussianBasis(width=0.0), ValueError, "width"),
        (lambda: SigmoidBasis(width=-1.0), ValueError, "width"),
        (lambda: SigmoidBasis(width="wide"), TypeError, "width"),
        (lambda: GaussianBasis(centers=[[0.0, 1.0, 2.0]]), ValueError, "centers"),
        (lambda: GaussianBasis(centers=[0.0, np.nan]), ValueError, "centers"),
    ],
)
def test_bad_basis_parameters_name_themselves(make, error, match):
    with pytest.raises(error, match=match):
        make().fit(np.zeros((3, 2)))


def test_bases_refuse_bad_data():
    for basis in (PolynomialBasis(), GaussianBasis(), SigmoidBasis()):
        with pytest.raises(ValueError, match="NaN"):
            basis.fit([[1.0], [np.nan]])
        with pytest.raises(ValueError, match="2D array"):
            basis.fit([1.0, 2.0])
        fitted = basis.fit(np.zeros((3, 2)) + [[0.0, 1.0]])
        with pytest.raises(ValueError, match="features"):
            fitted.transform(np.zeros((2, 3)))


# --- least squares: normal equations, pseudo-inverse, geometry, bias, beta_ML, multiple outputs ---------------
def _design(n=40, m=6, seed=0):
    x, t = make_sine(n, random_state=seed, evenly_spaced=False)
    return GaussianBasis(m, include_bias=True).fit_transform(x.reshape(-1, 1)), t


def test_least_squares_is_the_pseudo_inverse_solution_and_the_residual_is_orthogonal():
    Phi, t = _design()
    w = LinearRegression(fit_intercept=False).fit(Phi, t).coef_
    # (3.15)/(3.17): w_ML = Phi^+ t = (Phi^T Phi)^{-1} Phi^T t
    np.testing.assert_allclose(w, np.linalg.pinv(Phi) @ t, rtol=1e-8, atol=1e-10)
    np.testing.assert_allclose(w, np.linalg.solve(Phi.T @ Phi, Phi.T @ t), rtol=1e-6)
    # section 3.1.2: y = Phi w_ML is the orthogonal projection of t on the column space: Phi^T (t - y) = 0
    np.testing.assert_allclose(Phi.T @ (t - Phi @ w), 0.0, atol=1e-10)


def test_bias_is_mean_target_minus_weighted_mean_basis():
    # (3.19)-(3.20): w_0 = tbar - sum_j w_j phibar_j
    Phi, t = _design()
    Phi = Phi[:, 1:]
    m = LinearRegression().fit(Phi, t)
    assert m.intercept_ == pytest.approx(t.mean() - Phi.mean(axis=0) @ m.coef_, abs=1e-12)
    full = LinearRegression(fit_intercept=False).fit(np.column_stack([np.ones(len(t)), Phi]), t)
    np.testing.assert_allclose(np.r_[m.intercept_, m.coef_], full.coef_, rtol=1e-7, atol=1e-9)


def test_ridge_is_the_closed_form_3_28_with_unpenalised_bias():
    Phi, t = _design()
    Phi, lam = Phi[:, 1:], 0.3
    m = Ridge(alpha=lam).fit(Phi, t)
    Pc, tc = Phi - Phi.mean(axis=0), t - t.mean()
    np.testing.assert_allclose(m.coef_, np.linalg.solve(lam * np.eye(Phi.shape[1]) + Pc.T @ Pc, Pc.T @ tc), rtol=1e-9)


@pytest.mark.parametrize("model", [LinearRegression(), Ridge(alpha=0.7), LinearRegression(fit_intercept=False)])
def test_multiple_outputs_decouple_into_one_problem_per_target(model):
    # (3.34)-(3.35): the k-th column of W_ML is the single-output fit to the k-th column of T.
    rng = np.random.default_rng(3)
    X, T = rng.normal(size=(25, 4)), rng.normal(size=(25, 3))
    multi = model.fit(X, T)
    coef, intercept = multi.coef_.copy(), np.atleast_1d(multi.intercept_).copy()
    assert coef.shape == (3, 4) and intercept.shape == (3,)
    for k in range(3):
        single = model.fit(X, T[:, k])
        np.testing.assert_allclose(coef[k], single.coef_, rtol=1e-12, atol=1e-14)
        assert intercept[k] == pytest.approx(single.intercept_, abs=1e-12)
    np.testing.assert_allclose(model.fit(X, T).predict(X)[:, 1], model.fit(X, T[:, 1]).predict(X), atol=1e-12)


def test_multiple_outputs_match_scikit_learn():
    rng = np.random.default_rng(4)
    X, T = rng.normal(size=(30, 5)), rng.normal(size=(30, 2))
    ours, ref = LinearRegression().fit(X, T), SkLinearRegression().fit(X, T)
    np.testing.assert_allclose(ours.coef_, ref.coef_, rtol=1e-9, atol=1e-12)
    np.testing.assert_allclose(ours.intercept_, ref.intercept_, rtol=1e-9, atol=1e-12)


# --- LMS --------------------------------------------------------------------------------------------------------
def _sgd(eta, passes):
    return SGDRegressor(
        loss="squared_error",
        penalty=None,
        learning_rate="constant",
        eta0=eta,
        shuffle=False,
        max_iter=passes,
        tol=None,
        average=False,
    )


@pytest.mark.parametrize("eta, passes", [(0.01, 1), (0.05, 20), (0.2, 5)])
def test_lms_in_a_fixed_order_is_scikit_learns_constant_step_sgd(eta, passes):
    rng = np.random.default_rng(5)
    X = rng.normal(size=(60, 4))
    y = X @ [1.0, -2.0, 0.5, 0.0] + 0.3 + 0.1 * rng.normal(size=60)
    ours = LMSRegressor(eta=eta, max_iter=passes, shuffle=False).fit(X, y)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        ref = _sgd(eta, passes).fit(X, y)
    np.testing.assert_allclose(ours.coef_, ref.coef_, rtol=1e-10, atol=1e-12)
    assert ours.intercept_ == pytest.approx(ref.intercept_[0], abs=1e-12)
    assert ours.n_iter_ == passes and ours.t_ == passes * 60


def test_one_lms_step_by_hand():
    # (3.23) from w = 0, b = 0 on the point phi = (1, 2), t = 3 with eta = 0.1: err = 3, w = 0.3 phi, b = 0.3.
    m = LMSRegressor(eta=0.1).partial_fit([[1.0, 2.0]], [3.0])
    np.testing.assert_allclose(m.coef_, [0.3, 0.6])
    assert m.intercept_ == pytest.approx(0.3)
    # a second step: prediction 0.3 + 0.3 + 1.2 = 1.8, err = 1.2
    m.partial_fit([[1.0, 2.0]], [3.0])
    np.testing.assert_allclose(m.coef_, [0.42, 0.84])
    assert m.intercept_ == pytest.approx(0.42)


def test_partial_fit_passes_equal_fit_without_shuffling():
    rng = np.random.default_rng(6)
    X, y = rng.normal(size=(30, 3)), rng.normal(size=30)
    online = LMSRegressor(eta=0.05)
    for _ in range(4):
        online.partial_fit(X, y)
    batch = LMSRegressor(eta=0.05, max_iter=4, shuffle=False).fit(X, y)
    np.testing.assert_array_equal(online.coef_, batch.coef_)
    assert online.n_iter_ == 4


def test_lms_on_noise_free_data_converges_to_the_exact_weights():
    rng = np.random.default_rng(7)
    X = rng.normal(size=(50, 3))
    y = X @ [2.0, -1.0, 0.5] - 1.0
    m = LMSRegressor(eta=0.05, max_iter=300, random_state=0).fit(X, y)
    np.testing.assert_allclose(m.coef_, [2.0, -1.0, 0.5], atol=1e-8)
    assert m.intercept_ == pytest.approx(-1.0, abs=1e-8)


def test_lms_with_small_step_approaches_least_squares():
    # noisy data: a constant step leaves the weights hovering near w_ML, at a distance that shrinks with eta
    rng = np.random.default_rng(1)
    Phi = rng.normal(size=(50, 3))
    t = Phi @ [1.0, 0.0, -1.0] + 0.5 * rng.normal(size=50)
    ls = LinearRegression().fit(Phi, t)
    errs = []
    for eta in (0.03, 0.003, 0.0003):
        m = LMSRegressor(eta=eta, max_iter=2000, random_state=0).fit(Phi, t)
        errs.append(np.abs(m.coef_ - ls.coef_).max())
    assert errs[2] < errs[1] < errs[0] < 0.2 and errs[2] < 1e-2


def test_lms_order_is_drawn_from_random_state():
    rng = np.random.default_rng(8)
    X, y = rng.normal(size=(20, 2)), rng.normal(size=20)
    a = LMSRegressor(eta=0.1, max_iter=3, random_state=1).fit(X, y)
    b = LMSRegressor(eta=0.1, max_iter=3, random_state=1).fit(X, y)
    c = LMSRegressor(eta=0.1, max_iter=3, random_state=2).fit(X, y)
    np.testing.assert_array_equal(a.coef_, b.coef_)
    assert not np.array_equal(a.coef_, c.coef_)
    # the order is NumPy's permutation stream, replayed by hand through fixed-order passes
    r = np.random.RandomState(1)
    replay = LMSRegressor(eta=0.1)
    for _ in range(3):
        p = r.permutation(20)
        replay.partial_fit(X[p], y[p])
    np.testing.assert_array_equal(a.coef_, replay.coef_)


def test_automatic_step_is_one_over_the_largest_squared_norm():
    X = np.array([[1.0, 2.0], [3.0, 0.0], [0.0, 0.5]])
    assert LMSRegressor().fit(X, [1.0, 2.0, 3.0]).eta_ == pytest.approx(1 / 10)  # 3^2 + 1 (the bias)
    assert LMSRegressor(fit_intercept=False).fit(X, [1.0, 2.0, 3.0]).eta_ == pytest.approx(1 / 9)


def test_lms_divergence_is_reported_naming_eta():
    X = np.array([[10.0], [-10.0], [5.0]])
    model = LMSRegressor(eta=1.0, max_iter=500, shuffle=False)
    with pytest.raises(ValueError, match="eta"):
        model.fit(X, [1.0, 2.0, 3.0])
    assert not hasattr(model, "coef_")  # a diverged fit leaves no half-fitted state behind
    online = LMSRegressor(eta=0.01).partial_fit(X, [1.0, 2.0, 3.0])
    before = (online.coef_.copy(), online.intercept_, online.n_iter_, online.t_)
    online.set_params(eta=1.0)
    with pytest.raises(ValueError, match="eta"):
        for _ in range(500):
            online.partial_fit(X, [1.0, 2.0, 3.0])
    assert online.n_iter_ < 500 and online.n_iter_ >= before[2]
    assert np.all(np.isfinite(online.coef_))  # the weights of the last finite pass are kept


@pytest.mark.parametrize(
    "params, error",
    [
        ({"eta": 0.0}, ValueError),
        ({"eta": "fast"}, TypeError),
        ({"eta": None}, TypeError),
        ({"max_iter": 0}, ValueError),
        ({"shuffle": "yes"}, TypeError),
        ({"fit_intercept": None}, TypeError),
    ],
)
def test_lms_bad_hyperparameters_name_themselves(params, error):
    with pytest.raises(error, match=list(params)[0]):
        LMSRegressor(**params).fit([[1.0], [2.0]], [1.0, 2.0])


def test_lms_bad_data():
    with pytest.raises(ValueError, match="NaN"):
        LMSRegressor().fit([[1.0], [np.nan]], [1.0, 2.0])
    with pytest.raises(ValueError, match="X and y"):
        LMSRegressor().fit([[1.0], [2.0]], [1.0])
    m = LMSRegressor().fit([[1.0, 2.0]], [1.0])
    with pytest.raises(ValueError, match="features"):
        m.partial_fit([[1.0]], [1.0])


@parametrize_with_checks([PolynomialBasis(), GaussianBasis(), SigmoidBasis(), LMSRegressor()])
def test_scikit_learn_contract(estimator, check):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check(estimator)


# --- the chapter's checked exercises (PRML 3.1, 3.6 and companion-3.11 to 3.13): hand-derived answers, recomputed -
def test_exercise_answers_recomputed_and_accepted():
    from statlib.exercises import check

    a = np.linspace(-3, 3, 61)
    np.testing.assert_allclose(2 / (1 + np.exp(-2 * a)) - 1, np.tanh(a), atol=1e-12)  # 3.1: tanh = 2 sigma(2a) - 1
    Phi = np.array([[1.0, 0.0], [1.0, 1.0], [1.0, 2.0]])
    t = np.array([1.0, 2.0, 4.0])
    m = LinearRegression(fit_intercept=False).fit(Phi, t)
    beta = 1 / np.mean((t - m.predict(Phi)) ** 2)
    np.testing.assert_allclose([*m.coef_, beta], [5 / 6, 1.5, 18.0], rtol=1e-10)  # companion-3.11
    bounds = [2 / np.max(np.sum(Phi**2, axis=1)), 2 / np.linalg.eigvalsh(Phi.T @ Phi / 3)[-1]]
    np.testing.assert_allclose(bounds, [0.4, 6 / (4 + np.sqrt(10))], rtol=1e-12)  # companion-3.12
    Q = np.linalg.qr(np.random.default_rng(9).normal(size=(8, 3)))[0]
    z = np.array([3.0, -0.5, 1.2])
    tq = Q @ z + (np.eye(8) - Q @ Q.T) @ np.random.default_rng(10).normal(size=8)
    ridge = Ridge(alpha=2.0, fit_intercept=False).fit(Q, tq).coef_
    from statlib.linear_model import Lasso

    lasso = Lasso(alpha=2.0 / 16, fit_intercept=False, tol=1e-12, max_iter=10_000).fit(Q, tq).coef_
    np.testing.assert_allclose(ridge, [1.0, -1 / 6, 0.4], atol=1e-10)  # companion-3.13: z / (1 + lambda)
    np.testing.assert_allclose(lasso, [2.0, 0.0, 0.2], atol=1e-8)  # companion-3.13: soft threshold at lambda / 2
    for ex_id, answer in [
        ("prml-3.1", [2, 2, -1]),
        ("companion-3.11", [5 / 6, 1.5, 18]),
        ("companion-3.12", bounds),
        ("companion-3.13", [*ridge, *lasso]),
        ("prml-3.6", True),
    ]:
        assert check(ex_id, answer).correct
    assert not check("companion-3.11", [1.0, 1.5, 18]).correct
    assert not check("companion-3.13", [1.0, -1 / 6, 0.4, 2.0, -0.5, 0.2]).correct  # lasso without the threshold
    assert not check("prml-3.6", False).correct
    # prml-3.1b, w = (0.3, -1.2, 2.0, 0.7): sigma(a) = (1 + tanh(a / 2)) / 2 term by term, checked on a grid
    w, mu, s = np.array([0.3, -1.2, 2.0, 0.7]), np.array([-0.5, 0.0, 0.5]), 0.2
    u = np.r_[w[0] + w[1:].sum() / 2, w[1:] / 2]
    x = np.linspace(-1, 1, 41)[:, None]
    np.testing.assert_allclose(
        w[0] + (1 / (1 + np.exp(-(x - mu) / s))) @ w[1:], u[0] + np.tanh((x - mu) / (2 * s)) @ u[1:], atol=1e-12
    )
    assert check("prml-3.1b", u).correct
    assert not check("prml-3.1b", [0.3, -0.6, 1.0, 0.35]).correct  # u_0 = w_0
    assert not check("prml-3.1b", [1.05, -1.2, 2.0, 0.7]).correct  # u_j = w_j


def test_polynomial_basis_refuses_powers_that_overflow():
    X = np.array([[1e150], [-2.0]])
    with pytest.raises(ValueError, match="X is too large for degree=3"):  # x ** 3 was inf
        PolynomialBasis(degree=3).fit(X).transform(X)
    np.testing.assert_allclose(PolynomialBasis(degree=2).fit(X).transform(X)[:, 1], [1e300, 4.0], rtol=1e-15)


def test_prml_3_1_names_the_sign_convention_and_explains_the_mirror_triple():
    # tanh(a) = A sigma(B a) + C has exactly two solutions: a -> +inf and a -> -inf give A + C = 1 and C = -1
    # for B > 0 (C = 1, A = -2 for B < 0), and the slope A B / 4 = 1 at a = 0 fixes B. Both are identities:
    from statlib.exercises import check
    from statlib.exercises._registry import quiz_questions

    a = np.linspace(-4, 4, 81)
    sigma = lambda u: 1 / (1 + np.exp(-u))  # noqa: E731
    np.testing.assert_allclose(2 * sigma(2 * a) - 1, np.tanh(a), atol=1e-12)
    np.testing.assert_allclose(-2 * sigma(-2 * a) + 1, np.tanh(a), atol=1e-12)
    # The exercise asks for A, B > 0: the first triple is accepted, the mirror one refused with the reason.
    assert check("prml-3.1", [2, 2, -1]).correct
    mirror = check("prml-3.1", [-2, -2, 1])
    assert not mirror.correct and "A, B > 0" in str(mirror)
    assert "that is not it" in str(check("prml-3.1", [2, 2, 1]))
    assert all(">" in q["question"] for q in quiz_questions("prml-3.1")[:2])


def test_companion_answers_to_three_decimals_are_accepted_as_the_prompts_ask():
    from statlib.exercises import check
    from statlib.exercises._registry import quiz_questions

    # the exact values 5/6, 6 / (4 + sqrt(10)) = 0.83772..., -1/6 rounded by hand to 3 decimals
    assert check("companion-3.11", [0.833, 1.5, 18.0]).correct
    assert check("companion-3.12", [0.4, 0.838]).correct
    assert check("companion-3.13", [1.0, -0.167, 0.4, 2.0, 0.0, 0.2]).correct
    assert not check("companion-3.12", [0.4, 0.84]).correct  # two decimals are not enough
    for ex_id in ("companion-3.11", "companion-3.12", "companion-3.13"):
        assert all("3 decimals" in q["question"] for q in quiz_questions(ex_id))


# --- PRML Figs. 3.2 and 3.4 -------------------------------------------------------------------------------------
def test_fig_3_2_projection_by_hand():
    # Phi = [[1, 0], [1, 1], [1, 2]]: Phi^T Phi = [[3, 3], [3, 5]], inverse [[5, -3], [-3, 3]] / 6.
    # t = (1, 2, 4): Phi^T t = (7, 10), w = (5/6, 3/2), y = (5/6, 7/3, 23/6).
    # t = (2, 0.5, 3) (the figure's): Phi^T t = (5.5, 6.5), w = (4/3, 1/2), y = (4/3, 11/6, 7/3).
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from statlib.viz import basis_functions as viz

    Phi = np.array([[1.0, 0.0], [1.0, 1.0], [1.0, 2.0]])
    for t, w, y in (
        ([1.0, 2.0, 4.0], [5 / 6, 3 / 2], [5 / 6, 7 / 3, 23 / 6]),
        ([2.0, 0.5, 3.0], [4 / 3, 1 / 2], [4 / 3, 11 / 6, 7 / 3]),
    ):
        np.testing.assert_allclose(LinearRegression(fit_intercept=False).fit(Phi, t).coef_, w, atol=1e-12)
        fig = plt.figure()
        ax = viz.plot_projection(Phi, np.array(t), fig.add_subplot(projection="3d"))
        residual = np.array(ax.lines[-1].get_data_3d())  # the dashed segment from y to t, one column per end
        np.testing.assert_allclose(residual[:, 0], y, atol=1e-12)
        np.testing.assert_allclose(residual[:, 1], t, atol=1e-12)
        plt.close(fig)


def test_fig_3_4_constrained_minima():
    from statlib.viz import basis_functions as viz

    c, A = np.array([1.5, 0.3]), np.array([[1.0, 0.6], [0.6, 0.9]])
    # q = 1: at the corner (1, 0) the gradient of (w - c)^T A (w - c) is 2 A (w - c) = 2 (-0.68, -0.57); its
    # negative, 1.36 (1, 0.838), lies in the normal cone {mu (1, s): |s| <= 1} of the diamond there, so the
    # corner is the constrained minimum (KKT, convex problem).
    np.testing.assert_allclose(A @ (np.array([1.0, 0.0]) - c), [-0.68, -0.57], atol=1e-12)
    np.testing.assert_allclose(viz.constrained_minimum(c, A, 1.0), [1.0, 0.0], atol=1e-3)
    # q = 2: on the unit circle, with the gradient A (w - c) pointing along -w (KKT), both weights nonzero.
    w = viz.constrained_minimum(c, A, 2.0)
    g = A @ (w - c)
    np.testing.assert_allclose(np.linalg.norm(w), 1.0, atol=1e-9)
    np.testing.assert_allclose(g[0] * w[1] - g[1] * w[0], 0.0, atol=1e-3)  # parallel
    assert g @ w < 0 and np.all(np.abs(w) > 0.1)
