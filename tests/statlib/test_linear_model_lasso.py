"""The lasso (MLAPP ch. 13): coordinate descent (Algorithm 13.1), the elastic net, and the exact path by LARS.

Expected values come from outside the code: scikit-learn on the same data with tight tolerances, the lasso's
optimality (KKT) conditions (MLAPP (13.53)), MLAPP's Listing 13.1 and Table 13.1 (prostate data), closed forms
(orthonormal design, MLAPP (13.63); a single feature), and the de-duplicated design for collinear columns.
"""

import warnings

import numpy as np
import pytest
from sklearn.exceptions import ConvergenceWarning
from sklearn.linear_model import ElasticNet as SkElasticNet
from sklearn.linear_model import Lasso as SkLasso
from sklearn.linear_model import LassoLars as SkLassoLars
from sklearn.linear_model import lars_path as sk_lars_path
from sklearn.linear_model import lasso_path as sk_lasso_path
from sklearn.utils.estimator_checks import parametrize_with_checks

from statlib.datasets import load_prostate
from statlib.linear_model import ElasticNet, Lasso, LassoLars, lasso_path
from statlib.linear_model._lasso import soft_threshold

TIGHT = dict(tol=1e-14, max_iter=100_000)


def _data(seed, n=80, p=30, correlated=True, k=5):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, p))
    if correlated:
        X[:, 1::2] += 0.8 * X[:, ::2][:, : X[:, 1::2].shape[1]]
    k = min(k, p)
    y = X[:, :k] @ rng.normal(size=k) * 2 + 0.5 * rng.normal(size=n) + 3.0
    return X, y


def _centred(X, y):
    return X - X.mean(axis=0), y - y.mean()


def _alpha_max(X, y):
    Xc, yc = _centred(X, y)
    return np.abs(Xc.T @ yc).max() / len(y)


# --- coordinate descent against scikit-learn -------------------------------------------------------------


@pytest.mark.parametrize("seed", [0, 1, 2])
@pytest.mark.parametrize("fraction", [0.003, 0.05, 0.3, 0.9])
@pytest.mark.parametrize("fit_intercept", [True, False])
def test_lasso_matches_scikit_learn(seed, fraction, fit_intercept):
    X, y = _data(seed)
    alpha = fraction * _alpha_max(X, y)
    ours = Lasso(alpha=alpha, fit_intercept=fit_intercept, **TIGHT).fit(X, y)
    ref = SkLasso(alpha=alpha, fit_intercept=fit_intercept, **TIGHT).fit(X, y)
    np.testing.assert_allclose(ours.coef_, ref.coef_, rtol=0, atol=1e-8)
    assert abs(ours.intercept_ - ref.intercept_) < 1e-8
    np.testing.assert_allclose(ours.predict(X), ref.predict(X), rtol=0, atol=1e-8)


@pytest.mark.parametrize("l1_ratio", [0.1, 0.5, 0.9])
@pytest.mark.parametrize("fraction", [0.01, 0.2])
def test_elastic_net_matches_scikit_learn(l1_ratio, fraction):
    X, y = _data(3)
    alpha = fraction * _alpha_max(X, y) / l1_ratio
    ours = ElasticNet(alpha=alpha, l1_ratio=l1_ratio, **TIGHT).fit(X, y)
    ref = SkElasticNet(alpha=alpha, l1_ratio=l1_ratio, **TIGHT).fit(X, y)
    np.testing.assert_allclose(ours.coef_, ref.coef_, rtol=0, atol=1e-8)
    assert abs(ours.intercept_ - ref.intercept_) < 1e-8


def test_lasso_matches_scikit_learn_with_more_features_than_samples():
    X, y = _data(4, n=40, p=300, correlated=False)
    alpha = 0.05 * _alpha_max(X, y)
    ours = Lasso(alpha=alpha, **TIGHT).fit(X, y)
    ref = SkLasso(alpha=alpha, **TIGHT).fit(X, y)
    np.testing.assert_allclose(ours.coef_, ref.coef_, rtol=0, atol=1e-8)
    assert 0 < np.count_nonzero(ours.coef_) <= 40


@pytest.mark.parametrize("offset", [1e2, 1e4, 1e6])
def test_large_column_means_are_centred_accurately(offset):
    """The kernel centres implicitly (x_j^T r - mean_j sum(r)); far-from-zero columns still give the answer of
    the explicitly centred data (scikit-learn) and of the unshifted data."""
    X, y = _data(30, n=100, p=40)
    shifted = X + offset * np.arange(1, 41)
    alpha = 0.05 * _alpha_max(X, y)
    ours = Lasso(alpha=alpha, **TIGHT).fit(shifted, y)
    np.testing.assert_allclose(ours.coef_, SkLasso(alpha=alpha, **TIGHT).fit(shifted, y).coef_, atol=1e-10)
    np.testing.assert_allclose(ours.coef_, Lasso(alpha=alpha, **TIGHT).fit(X, y).coef_, atol=1e-8)


def test_default_tolerance_agrees_with_scikit_learn_to_its_accuracy():
    X, y = _data(5, n=200, p=60)
    alpha = 0.02 * _alpha_max(X, y)
    ours, ref = Lasso(alpha=alpha).fit(X, y), SkLasso(alpha=alpha).fit(X, y)
    # Both stop at a duality gap of at most 1e-4 ||y||^2 (unscaled); the coefficients then differ by about
    # sqrt(2 gap / smallest eigenvalue), far below the coefficients' size.
    np.testing.assert_allclose(ours.coef_, ref.coef_, atol=1e-2)
    assert ours.dual_gap_ <= 1e-4 * np.sum((y - y.mean()) ** 2) / len(y)


@pytest.mark.parametrize("fraction", [0.01, 0.1, 0.5])
def test_screening_and_working_sets_do_not_change_the_answer(fraction):
    X, y = _data(6, n=100, p=400, correlated=False, k=20)
    alpha = fraction * _alpha_max(X, y)
    fast = Lasso(alpha=alpha, **TIGHT).fit(X, y)
    plain = Lasso(alpha=alpha, screening=False, **TIGHT).fit(X, y)
    np.testing.assert_allclose(fast.coef_, plain.coef_, rtol=0, atol=1e-9)


# --- optimality conditions and closed forms --------------------------------------------------------------


@pytest.mark.parametrize("fraction", [0.01, 0.1, 0.5])
def test_lasso_solution_satisfies_the_kkt_conditions(fraction):
    """MLAPP (13.53) in this scaling: |x_j^T r| / n <= alpha for all j; = alpha sign(w_j) on the support."""
    X, y = _data(7, n=120, p=40)
    alpha = fraction * _alpha_max(X, y)
    model = Lasso(alpha=alpha, **TIGHT).fit(X, y)
    Xc, yc = _centred(X, y)
    grad = Xc.T @ (yc - Xc @ model.coef_) / len(y)
    support = model.coef_ != 0
    assert support.any() and not support.all()
    assert np.all(np.abs(grad) <= alpha * (1 + 1e-7))
    np.testing.assert_allclose(grad[support], alpha * np.sign(model.coef_[support]), rtol=1e-7)
    # the intercept is the unpenalised least-squares one: the residuals sum to zero
    assert abs(np.sum(y - model.predict(X))) < 1e-8 * len(y)


def test_alpha_at_or_above_alpha_max_gives_zero_coefficients():
    """MLAPP (13.57): lambda_max = max_j |x_j^T y| (here divided by n)."""
    X, y = _data(8)
    a_max = _alpha_max(X, y)
    model = Lasso(alpha=a_max * (1 + 1e-12)).fit(X, y)
    assert np.all(model.coef_ == 0) and model.intercept_ == pytest.approx(y.mean())
    assert np.count_nonzero(Lasso(alpha=a_max * 0.999, **TIGHT).fit(X, y).coef_) >= 1


def test_orthonormal_design_gives_soft_thresholded_least_squares():
    """MLAPP (13.63): with X^T X = I the lasso is soft(w_OLS, lambda) (lambda in the 1/2 RSS scale = n alpha)."""
    rng = np.random.default_rng(9)
    Q, _ = np.linalg.qr(rng.normal(size=(50, 8)))
    y = Q @ np.array([3.0, -2.0, 1.0, 0.5, -0.2, 0.05, 0.0, 4.0]) + 0.01 * rng.normal(size=50)
    w_ols = Q.T @ y
    for alpha in [0.001, 0.01, 0.03]:
        model = Lasso(alpha=alpha, fit_intercept=False, **TIGHT).fit(Q, y)
        expected = np.sign(w_ols) * np.maximum(np.abs(w_ols) - 50 * alpha, 0)
        np.testing.assert_allclose(model.coef_, expected, atol=1e-12)


def test_soft_threshold_is_mlapp_13_56():
    assert soft_threshold(3.0, 1.0) == 2.0 and soft_threshold(-3.0, 1.0) == -2.0
    assert soft_threshold(0.5, 1.0) == 0.0 and soft_threshold(-1.0, 1.0) == 0.0


def test_single_feature_closed_form():
    x = np.array([1.0, 2.0, 3.0, 4.0])
    y = np.array([1.0, 3.0, 2.0, 5.0])
    xc, yc = x - x.mean(), y - y.mean()
    alpha = 0.2
    expected = soft_threshold(xc @ yc, len(x) * alpha) / (xc @ xc)
    model = Lasso(alpha=alpha, **TIGHT).fit(x[:, None], y)
    assert model.coef_[0] == pytest.approx(expected, abs=1e-14)
    assert model.intercept_ == pytest.approx(y.mean() - expected * x.mean(), abs=1e-14)


# --- warm starts, convergence, determinism ---------------------------------------------------------------


def test_warm_start_reuses_the_previous_solution():
    X, y = _data(10)
    alpha = 0.05 * _alpha_max(X, y)
    model = Lasso(alpha=alpha, warm_start=True, tol=1e-10).fit(X, y)
    first, epochs = model.coef_.copy(), model.n_iter_
    model.fit(X, y)
    assert model.n_iter_ < epochs
    np.testing.assert_allclose(model.coef_, first, atol=1e-6)
    assert Lasso(alpha=alpha, tol=1e-10).fit(X, y).n_iter_ == epochs


def test_stopping_at_max_iter_warns_and_reports_the_epochs():
    X, y = _data(11)
    alpha = 0.01 * _alpha_max(X, y)
    with pytest.warns(ConvergenceWarning, match="max_iter=2"):
        model = Lasso(alpha=alpha, tol=1e-14, max_iter=2).fit(X, y)
    assert model.n_iter_ == 2 and np.all(np.isfinite(model.coef_))
    with warnings.catch_warnings():
        warnings.simplefilter("error", ConvergenceWarning)
        converged = Lasso(alpha=alpha).fit(X, y)
    assert 1 <= converged.n_iter_ < 1000


def test_lasso_lars_max_iter_warns():
    X, y = _data(12)
    with pytest.warns(ConvergenceWarning, match="max_iter=2"):
        model = LassoLars(alpha=0.0, max_iter=2).fit(X, y)
    assert model.n_iter_ == 2 and np.count_nonzero(model.coef_) == 2


def test_lasso_path_warns_when_cd_does_not_converge():
    X, y = _centred(*_data(13))
    with pytest.warns(ConvergenceWarning, match="max_iter"):
        lasso_path(X, y, method="cd", tol=1e-14, max_iter=1, n_alphas=5)


def test_fits_are_deterministic():
    X, y = _data(14, n=60, p=90)
    alpha = 0.03 * _alpha_max(X, y)
    a, b = Lasso(alpha=alpha).fit(X, y), Lasso(alpha=alpha).fit(X, y)
    assert np.array_equal(a.coef_, b.coef_) and a.intercept_ == b.intercept_
    p1, p2 = lasso_path(*_centred(X, y)), lasso_path(*_centred(X, y))
    assert np.array_equal(p1[0], p2[0]) and np.array_equal(p1[1], p2[1])


# --- the path: LARS and coordinate descent ---------------------------------------------------------------


@pytest.mark.parametrize("seed, n, p", [(0, 80, 30), (1, 200, 60), (2, 50, 10), (3, 30, 80)])
def test_lars_breakpoints_match_scikit_learn(seed, n, p):
    X, y = _centred(*_data(seed, n=n, p=p))
    alphas, coefs = lasso_path(X, y, method="lars")
    ref_alphas, _, ref_coefs = sk_lars_path(X, y, method="lasso")
    assert alphas.shape == ref_alphas.shape and coefs.shape == (p, len(alphas))
    np.testing.assert_allclose(alphas, ref_alphas, rtol=0, atol=1e-10 * ref_alphas[0])
    np.testing.assert_allclose(coefs, ref_coefs, rtol=0, atol=1e-10 * max(1.0, np.abs(ref_coefs).max()))


def test_lars_path_includes_drops():
    """A path where coefficients cross zero (the lasso modification, Efron et al. 2004 section 3.1)."""
    X, y = _centred(*_data(1, n=200, p=60))
    alphas, coefs = lasso_path(X, y, method="lars")
    active = coefs != 0
    dropped = np.any(active[:, :-1] & ~active[:, 1:], axis=1)
    assert dropped.any()
    assert len(alphas) > 61  # more segments than features


def test_every_lars_breakpoint_satisfies_the_kkt_conditions():
    X, y = _centred(*_data(15, n=60, p=25))
    alphas, coefs = lasso_path(X, y, method="lars")
    for alpha, w in zip(alphas, coefs.T):
        grad = X.T @ (y - X @ w) / len(y)
        assert np.all(np.abs(grad) <= alpha + 1e-12)
        on = w != 0
        np.testing.assert_allclose(grad[on], alpha * np.sign(w[on]), rtol=0, atol=1e-12)
    assert np.all(np.diff(alphas) < 0)


def test_lasso_lars_matches_scikit_learn():
    X, y = _data(16, n=90, p=20)
    for fraction in [0.0, 0.05, 0.4]:
        alpha = fraction * _alpha_max(X, y)
        ours, ref = LassoLars(alpha=alpha).fit(X, y), SkLassoLars(alpha=alpha).fit(X, y)
        np.testing.assert_allclose(ours.coef_, ref.coef_, rtol=0, atol=1e-10)
        assert abs(ours.intercept_ - ref.intercept_) < 1e-10
        assert ours.alphas_[-1] == pytest.approx(alpha, abs=1e-14)


@pytest.mark.parametrize("seed", [0, 3])
def test_cd_path_matches_scikit_learn(seed):
    X, y = _centred(*_data(seed, n=70, p=40))
    alphas, coefs = lasso_path(X, y, method="cd", n_alphas=30, **TIGHT)
    ref_alphas, ref_coefs, _ = sk_lasso_path(X, y, alphas=30, **TIGHT)
    np.testing.assert_allclose(alphas, ref_alphas, rtol=1e-14)
    np.testing.assert_allclose(coefs, ref_coefs, rtol=0, atol=1e-8)
    assert coefs.shape == (40, 30)


def test_lars_and_cd_agree_at_the_same_alphas():
    X, y = _centred(*_data(17, n=100, p=30))
    grid = np.geomspace(0.9, 1e-3, 25) * np.abs(X.T @ y).max() / len(y)
    _, by_cd = lasso_path(X, y, method="cd", alphas=grid, **TIGHT)
    a_lars, by_lars = lasso_path(X, y, method="lars", alphas=grid[::-1])
    np.testing.assert_allclose(a_lars, grid)
    np.testing.assert_allclose(by_lars, by_cd, rtol=0, atol=1e-8)


def test_lars_with_alpha_min_ends_there():
    X, y = _centred(*_data(18))
    alpha_min = 0.1 * np.abs(X.T @ y).max() / len(y)
    alphas, coefs = lasso_path(X, y, method="lars", alpha_min=alpha_min)
    ref_alphas, _, ref_coefs = sk_lars_path(X, y, method="lasso", alpha_min=alpha_min)
    np.testing.assert_allclose(alphas, ref_alphas, rtol=0, atol=1e-12)
    np.testing.assert_allclose(coefs, ref_coefs, rtol=0, atol=1e-10)
    assert alphas[-1] == alpha_min


def test_zero_target_gives_a_single_zero_breakpoint():
    X = np.arange(12.0).reshape(4, 3)
    alphas, coefs = lasso_path(X, np.zeros(4))
    assert alphas.tolist() == [0.0] and np.all(coefs == 0) and coefs.shape == (3, 1)
    assert np.all(Lasso().fit(X, np.ones(4)).coef_ == 0)


# --- MLAPP's prostate example (section 13.3.4) -----------------------------------------------------------


def _prostate_training():
    d = load_prostate()
    X, y = d.data[d.train], d.target[d.train]
    return (X - X.mean(axis=0)) / X.std(axis=0, ddof=1), y


# MLAPP Listing 13.1 (lassoPathProstate): the coefficients at the critical values of the l1 bound, one row per
# LARS breakpoint; columns lcavol lweight age lbph svi lcp gleason pgg45 (header lost in the seed, restored by
# the catalogue).
LISTING_13_1 = np.array(
    [
        [0, 0, 0, 0, 0, 0, 0, 0],
        [0.4279, 0, 0, 0, 0, 0, 0, 0],
        [0.5015, 0.0735, 0, 0, 0, 0, 0, 0],
        [0.5610, 0.1878, 0, 0, 0.0930, 0, 0, 0],
        [0.5622, 0.1890, 0, 0.0036, 0.0963, 0, 0, 0],
        [0.5797, 0.2456, 0, 0.1435, 0.2003, 0, 0, 0.0901],
        [0.5864, 0.2572, -0.0321, 0.1639, 0.2082, 0, 0, 0.1066],
        [0.6994, 0.2910, -0.1337, 0.2062, 0.3003, -0.2565, 0, 0.2452],
        [0.7164, 0.2926, -0.1425, 0.2120, 0.3096, -0.2890, -0.0209, 0.2773],
    ]
)


def test_prostate_lars_path_reproduces_listing_13_1():
    X, y = _prostate_training()
    alphas, coefs = lasso_path(X, y - y.mean(), method="lars")
    assert coefs.shape == (8, 9)
    np.testing.assert_array_equal(np.round(coefs.T, 4), LISTING_13_1)
    # entry order lcavol, lweight, svi, lbph, pgg45, age, lcp, gleason
    first = [int(np.flatnonzero(coefs[j])[0]) for j in range(8)]
    assert list(np.argsort(first)) == [0, 1, 4, 3, 7, 2, 5, 6]


def test_prostate_coordinate_descent_at_the_breakpoints_reproduces_listing_13_1():
    X, y = _prostate_training()
    alphas, _ = lasso_path(X, y - y.mean(), method="lars")
    for alpha, row in zip(alphas[1:-1], LISTING_13_1[1:-1]):
        model = Lasso(alpha=alpha, **TIGHT).fit(X, y)
        np.testing.assert_array_equal(np.round(model.coef_, 4), row)


def test_prostate_least_squares_end_is_table_13_1_ls_column():
    """MLAPP Table 13.1, LS column: intercept 2.452 and the eight coefficients (3 decimals)."""
    X, y = _prostate_training()
    model = LassoLars(alpha=0.0).fit(X, y)
    assert round(model.intercept_, 3) == 2.452
    np.testing.assert_array_equal(np.round(model.coef_, 3), [0.716, 0.293, -0.143, 0.212, 0.310, -0.289, -0.021, 0.277])


def test_prostate_lasso_sets_gleason_to_zero_over_most_of_the_path():
    """Table 13.1's lasso column has gleason = 0: it is the last feature to enter (Listing 13.1)."""
    X, y = _prostate_training()
    alphas, coefs = lasso_path(X, y - y.mean(), method="lars")
    assert np.all(coefs[6, :-1] == 0) and coefs[6, -1] != 0


# --- perfectly collinear columns -------------------------------------------------------------------------


def _collinear():
    rng = np.random.default_rng(19)
    X = rng.normal(size=(40, 6))
    y = X @ np.array([1.5, -2.0, 0.0, 0.0, 1.0, 0.5]) + rng.normal(size=40) + 1.0
    # column 6 duplicates column 0; column 7 is minus column 1
    return X, np.column_stack([X, X[:, 0], -X[:, 1]]), y


@pytest.mark.parametrize("fraction", [0.005, 0.05, 0.3])
@pytest.mark.parametrize("screening", [True, False])
def test_lasso_with_duplicated_columns_matches_the_deduplicated_lasso(fraction, screening):
    X, Xd, y = _collinear()
    alpha = fraction * _alpha_max(X, y)
    dedup = Lasso(alpha=alpha, **TIGHT).fit(X, y)
    with warnings.catch_warnings():
        warnings.simplefilter("error", ConvergenceWarning)  # it converges: no hang, no warning
        dup = Lasso(alpha=alpha, screening=screening, **TIGHT).fit(Xd, y)
    assert np.all(np.isfinite(dup.coef_)) and dup.n_iter_ < TIGHT["max_iter"]
    np.testing.assert_allclose(dup.predict(Xd), dedup.predict(X), rtol=0, atol=1e-8)
    np.testing.assert_allclose(dup.coef_[0] + dup.coef_[6], dedup.coef_[0], atol=1e-8)
    np.testing.assert_allclose(dup.coef_[1] - dup.coef_[7], dedup.coef_[1], atol=1e-8)
    np.testing.assert_allclose(dup.coef_[2:6], dedup.coef_[2:6], atol=1e-8)
    # the duplicates share their coefficient without opposing signs, so the l1 norm is the same
    assert np.sum(np.abs(dup.coef_)) == pytest.approx(np.sum(np.abs(dedup.coef_)), abs=1e-8)


def test_lars_path_with_duplicated_columns_is_the_deduplicated_path():
    """LARS keeps a column in the span of the active ones at zero: the same breakpoints, zeros appended."""
    X, Xd, y = _collinear()
    Xc, yc = _centred(X, y)
    Xdc = Xd - Xd.mean(axis=0)
    alphas, coefs = lasso_path(Xc, yc, method="lars")
    alphas_d, coefs_d = lasso_path(Xdc, yc, method="lars")
    np.testing.assert_allclose(alphas_d, alphas, rtol=0, atol=1e-12)
    np.testing.assert_allclose(coefs_d[:6], coefs, rtol=0, atol=1e-12)
    assert np.all(coefs_d[6:] == 0)
    model = LassoLars(alpha=0.01).fit(Xd, y)
    np.testing.assert_allclose(model.predict(Xd), LassoLars(alpha=0.01).fit(X, y).predict(X), atol=1e-12)


def test_lars_path_with_a_column_that_is_a_sum_of_others():
    """Column 6 = column 0 + column 2: the design has rank 6 with 7 columns; every breakpoint is still a lasso
    solution (KKT) and the fitted values agree with coordinate descent."""
    X, _, y = _collinear()
    Xr = np.column_stack([X, X[:, 0] + X[:, 2]])
    Xc, yc = _centred(Xr, y)
    alphas, coefs = lasso_path(Xc, yc, method="lars")
    for alpha, w in zip(alphas, coefs.T):
        grad = Xc.T @ (yc - Xc @ w) / len(y)
        assert np.all(np.abs(grad) <= alpha + 1e-12)
        np.testing.assert_allclose(grad[w != 0], alpha * np.sign(w[w != 0]), atol=1e-12)
    for alpha, w in zip(alphas[1:-1], coefs.T[1:-1]):
        cd = Lasso(alpha=alpha, fit_intercept=False, **TIGHT).fit(Xc, yc)
        np.testing.assert_allclose(Xc @ cd.coef_, Xc @ w, atol=1e-7)


# --- bad input -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "cls, params, name",
    [
        (Lasso, {"alpha": 0.0}, "alpha"),
        (Lasso, {"alpha": -1.0}, "alpha"),
        (Lasso, {"alpha": "big"}, "alpha"),
        (Lasso, {"alpha": np.nan}, "alpha"),
        (Lasso, {"max_iter": 0}, "max_iter"),
        (Lasso, {"max_iter": 2.5}, "max_iter"),
        (Lasso, {"tol": -1e-3}, "tol"),
        (Lasso, {"fit_intercept": "yes"}, "fit_intercept"),
        (Lasso, {"warm_start": 1}, "warm_start"),
        (Lasso, {"screening": None}, "screening"),
        (ElasticNet, {"l1_ratio": 0.0}, "l1_ratio"),
        (ElasticNet, {"l1_ratio": 1.5}, "l1_ratio"),
        (LassoLars, {"alpha": -0.1}, "alpha"),
        (LassoLars, {"max_iter": 0}, "max_iter"),
    ],
)
def test_bad_hyperparameters_are_named(cls, params, name):
    X, y = _data(20, n=10, p=3)
    with pytest.raises((ValueError, TypeError), match=name):
        cls(**params).fit(X, y)


@pytest.mark.parametrize(
    "kwargs, name",
    [
        ({"method": "lasso"}, "method"),
        ({"alphas": [0.1, -0.2]}, "alphas"),
        ({"alphas": 0.5}, "alphas"),
        ({"alphas": [[0.1]]}, "alphas"),
        ({"n_alphas": 0}, "n_alphas"),
        ({"eps": 0.0}, "eps"),
        ({"eps": 1.0}, "eps"),
        ({"tol": -1.0}, "tol"),
        ({"max_iter": 0}, "max_iter"),
        ({"alpha_min": -1.0}, "alpha_min"),
        ({"method": "cd", "alpha_min": 0.1}, "alpha_min"),
    ],
)
def test_lasso_path_bad_arguments_are_named(kwargs, name):
    X, y = _data(21, n=10, p=3)
    with pytest.raises((ValueError, TypeError), match=name):
        lasso_path(X, y, **kwargs)


def test_lasso_path_bad_data_are_named():
    X, y = _data(22, n=10, p=3)
    bad_X = X.copy()
    bad_X[0, 0] = np.nan
    for args, name in [
        ((bad_X, y), "X"),
        ((X, y[:-1]), "X and y"),
        ((X[:, 0], y), "X"),
        ((X, np.c_[y, y]), "y"),
        ((X[:0], y[:0]), "X"),
        (("abc", y), "X"),
        ((X, np.full(10, np.inf)), "y"),
    ]:
        with pytest.raises((ValueError, TypeError), match=name):
            lasso_path(*args)


def test_lars_alphas_below_alpha_min_are_refused():
    X, y = _centred(*_data(23))
    with pytest.raises(ValueError, match="alpha_min"):
        lasso_path(X, y, method="lars", alpha_min=0.1, alphas=[0.05, 1.0])


# --- scikit-learn's estimator contract -------------------------------------------------------------------


@parametrize_with_checks([Lasso(), ElasticNet(), LassoLars()])
def test_scikit_learn_contract(estimator, check):
    check(estimator)


def test_lasso_refuses_data_whose_squares_leave_float64():
    rng = np.random.default_rng(0)
    X = rng.normal(size=(20, 3))
    y = X @ [1.0, -2.0, 0.5] + 0.1 * rng.normal(size=20)
    with pytest.raises(ValueError, match="X is too small"):  # the path's coefficients were inf and NaN
        lasso_path(X * 1e-160, y, method="lars")
    for model in (Lasso(0.1), ElasticNet(0.1), Lasso(0.1, solver="fista")):  # dual_gap_ was inf
        with pytest.raises(ValueError, match="y is too large"):
            model.fit(X, y * 1e300)
