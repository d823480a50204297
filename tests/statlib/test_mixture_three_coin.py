"""The three-coin model (Li Hang §9.1.1): Example 9.1 from both starts, Exercise 9.1, and the estimator contract."""

import math
import warnings
from fractions import Fraction

import numpy as np
import pytest
from sklearn.exceptions import ConvergenceWarning
from sklearn.utils.estimator_checks import parametrize_with_checks

from statlib.datasets import load_example
from statlib.exercises import check
from statlib.mixture import ThreeCoinEM, three_coin_log_likelihood

Y = [1, 1, 0, 1, 0, 0, 1, 0, 1, 1]


def _em_step_exact(pi, p, q, heads=6, tails=4):
    """One EM iteration (9.5)-(9.8) in exact arithmetic, by hand: returns (mu_heads, mu_tails, pi, p, q)."""
    mu1 = pi * p / (pi * p + (1 - pi) * q)
    mu0 = pi * (1 - p) / (pi * (1 - p) + (1 - pi) * (1 - q))
    n = heads + tails
    new_pi = (heads * mu1 + tails * mu0) / n
    new_p = heads * mu1 / (heads * mu1 + tails * mu0)
    new_q = heads * (1 - mu1) / (heads * (1 - mu1) + tails * (1 - mu0))
    return mu1, mu0, new_pi, new_p, new_q


def test_example_data_as_printed():
    data = load_example("lihang", "9.1")
    np.testing.assert_array_equal(data.y, Y)
    assert data.starts == [(0.5, 0.5, 0.5), (0.4, 0.6, 0.7)]


def test_example_9_1_first_start():
    # Book: mu^(1) = 0.5 for every j; theta^(1) = theta^(2) = (0.5, 0.6, 0.6), the MLE.
    em = ThreeCoinEM(0.5, 0.5, 0.5).fit(Y)
    np.testing.assert_allclose(em.history_[1], [0.5, 0.6, 0.6], atol=1e-15)
    np.testing.assert_allclose(em.history_[2], [0.5, 0.6, 0.6], atol=1e-15)
    np.testing.assert_allclose([em.pi_, em.p_, em.q_], [0.5, 0.6, 0.6], atol=1e-15)
    assert em.converged_ and em.n_iter_ == 2


def test_example_9_1_second_start_book_rounding():
    # Book: from (0.4, 0.6, 0.7) the estimate is (0.4064, 0.5368, 0.6432).
    em = ThreeCoinEM(pi=0.4, p=0.6, q=0.7).fit(Y)
    np.testing.assert_allclose([em.pi_, em.p_, em.q_], [0.4064, 0.5368, 0.6432], atol=5e-5)


def test_example_9_1_second_start_exact_fractions():
    mu1, mu0, pi, p, q = _em_step_exact(Fraction(2, 5), Fraction(3, 5), Fraction(7, 10))
    assert (mu1, mu0) == (Fraction(4, 11), Fraction(8, 17))
    assert (pi, p, q) == (Fraction(76, 187), Fraction(51, 95), Fraction(119, 185))
    # The exact step is a fixed point: the next step returns the same theta.
    assert _em_step_exact(pi, p, q)[2:] == (pi, p, q)
    em = ThreeCoinEM(pi=0.4, p=0.6, q=0.7).fit(Y)
    np.testing.assert_allclose(em.history_[1], [float(pi), float(p), float(q)], rtol=1e-14)
    np.testing.assert_allclose(em.predict_proba([1, 0])[:, 0], [float(mu1), float(mu0)], rtol=1e-14)
    assert em.n_iter_ == 2


def test_exercise_9_1_exact_and_checker():
    mu1, mu0, pi, p, q = _em_step_exact(Fraction(46, 100), Fraction(55, 100), Fraction(67, 100))
    assert (mu1, mu0) == (Fraction(1265, 3074), Fraction(115, 214))
    em = ThreeCoinEM(0.46, 0.55, 0.67).fit(Y)
    np.testing.assert_allclose([em.pi_, em.p_, em.q_], [float(pi), float(p), float(q)], rtol=1e-13)
    assert check("lihang-9.1", [round(float(v), 4) for v in (pi, p, q)]).correct
    assert not check("lihang-9.1", [0.4064, 0.5368, 0.6432]).correct


@pytest.mark.parametrize("seed", range(20))
def test_every_fixed_point_lies_on_the_ridge(seed):
    # The likelihood depends on theta only through h = pi p + (1 - pi) q; its maximum is at h = 6/10,
    # where log P(Y | theta) = 6 log 0.6 + 4 log 0.4.
    rng = np.random.default_rng(seed)
    start = rng.uniform(0.05, 0.95, size=3)
    em = ThreeCoinEM(*start).fit(Y)
    assert em.n_iter_ <= 2
    assert em.pi_ * em.p_ + (1 - em.pi_) * em.q_ == pytest.approx(0.6, abs=1e-14)
    best = 6 * math.log(0.6) + 4 * math.log(0.4)
    assert em.log_likelihoods_[-1] == pytest.approx(best, abs=1e-12)
    assert em.score(Y) * len(Y) == pytest.approx(best, abs=1e-12)


@pytest.mark.parametrize("seed", range(10))
def test_likelihood_never_decreases(seed):
    # Theorem 9.1, on data where EM takes many steps.
    rng = np.random.default_rng(seed)
    y = (rng.uniform(size=200) < 0.3).astype(int)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        em = ThreeCoinEM(*rng.uniform(0.05, 0.95, size=3), max_iter=50).fit(y)
    assert np.all(np.diff(em.log_likelihoods_) >= -1e-12)
    assert em.history_.shape == (em.n_iter_ + 1, 3)


def test_log_likelihood_function_matches_direct_sum():
    pi, p, q = 0.3, 0.2, 0.9
    direct = sum(math.log(pi * p**y * (1 - p) ** (1 - y) + (1 - pi) * q**y * (1 - q) ** (1 - y)) for y in Y)
    assert three_coin_log_likelihood(Y, pi, p, q) == pytest.approx(direct, rel=1e-14)
    grid = three_coin_log_likelihood(Y, 0.5, np.linspace(0.1, 0.9, 5)[:, None], np.linspace(0.1, 0.9, 7))
    assert grid.shape == (5, 7)
    # Points on the ridge pi p + (1 - pi) q = 0.6 all have the maximal value.
    ridge = three_coin_log_likelihood(Y, 0.5, [0.2, 0.5, 0.8, 1.0], [1.0, 0.7, 0.4, 0.2])
    np.testing.assert_allclose(ridge, 6 * math.log(0.6) + 4 * math.log(0.4), rtol=1e-14)


def test_lemma_9_2_F_equals_log_likelihood():
    # F(P~, theta) = E_P~ log P(Y, Z | theta) + H(P~) at P~ = P(Z | Y, theta) equals log P(Y | theta);
    # here by brute force over all 2^10 hidden sequences Z.
    pi, p, q = 0.4, 0.6, 0.7
    y = np.array(Y)
    z = (np.arange(2**10)[:, None] >> np.arange(10)) & 1  # z_j = 1: coin B
    joint = np.where(z == 1, pi * np.where(y == 1, p, 1 - p), (1 - pi) * np.where(y == 1, q, 1 - q))
    log_joint = np.log(joint).sum(axis=1)
    log_py = np.log(np.exp(log_joint).sum())
    posterior = np.exp(log_joint - log_py)
    F = posterior @ log_joint - posterior @ np.log(posterior)
    assert F == pytest.approx(log_py, abs=1e-12)
    assert F == pytest.approx(6 * math.log(0.66) + 4 * math.log(0.34), abs=1e-12)
    assert check("lihang-9.2", F).correct


def test_stops_at_max_iter_with_warning():
    y = np.r_[np.ones(30), np.zeros(70)]
    with pytest.warns(ConvergenceWarning, match="did not converge"):
        em = ThreeCoinEM(0.4, 0.6, 0.7, max_iter=1).fit(y)
    assert em.n_iter_ == 1 and not em.converged_
    assert em.history_.shape == (2, 3)


def test_accepts_a_column_and_all_heads():
    em = ThreeCoinEM(0.4, 0.6, 0.7).fit(np.array(Y)[:, None])
    np.testing.assert_allclose([em.pi_, em.p_, em.q_], [76 / 187, 51 / 95, 119 / 185], rtol=1e-14)
    em = ThreeCoinEM(0.3, 0.2, 0.9).fit(np.ones(5))
    assert (em.p_, em.q_) == (1.0, 1.0) and np.isfinite(em.log_likelihoods_).all()
    assert em.score_samples([1, 1]).tolist() == [0.0, 0.0]


@pytest.mark.parametrize(
    "params, error, match",
    [
        ({"pi": 0.0}, ValueError, "pi must be > 0"),
        ({"pi": 1.0}, ValueError, "pi must be < 1"),
        ({"p": 1.5}, ValueError, "p must be < 1"),
        ({"q": -0.1}, ValueError, "q must be > 0"),
        ({"q": "half"}, TypeError, "q must be a real number"),
        ({"max_iter": 0}, ValueError, "max_iter must be >= 1"),
        ({"max_iter": 1.5}, TypeError, "max_iter must be an integer"),
        ({"tol": -1.0}, ValueError, "tol must be >= 0"),
    ],
)
def test_bad_hyperparameters(params, error, match):
    with pytest.raises(error, match=match):
        ThreeCoinEM(**params).fit(Y)


@pytest.mark.parametrize(
    "X, error, match",
    [
        ([1, 0, 2], ValueError, "only the outcomes 0"),
        ([1, 0, 0.5], ValueError, "only the outcomes 0"),
        ([1, 0, np.nan], ValueError, "NaN"),
        (np.ones((4, 2)), ValueError, "one outcome per row"),
        (np.empty(0), ValueError, "0 sample"),
        (np.array(["a", "b"], dtype=object), ValueError, "could not convert"),
    ],
)
def test_bad_data(X, error, match):
    with pytest.raises(error, match=match):
        ThreeCoinEM().fit(X)


def test_bad_data_to_the_log_likelihood_function():
    with pytest.raises(ValueError, match="y must contain only the outcomes"):
        three_coin_log_likelihood([0, 3], 0.5, 0.5, 0.5)
    with pytest.raises(ValueError, match="pi must lie in"):
        three_coin_log_likelihood(Y, 1.5, 0.5, 0.5)


# The three-coin model is defined for 0/1 outcomes in one column; these checks fit it on continuous data
# with several columns (or negative values), which it must reject.
_NEEDS_CONTINUOUS_DATA = (
    "the three-coin model accepts only 0/1 outcomes in one column; this check fits continuous multi-column data"
)
_EXPECTED_FAILURES = {
    name: _NEEDS_CONTINUOUS_DATA
    for name in [
        "check_fit_score_takes_y",
        "check_estimators_overwrite_params",
        "check_dont_overwrite_parameters",
        "check_estimators_fit_returns_self",
        "check_readonly_memmap_input",
        "check_n_features_in_after_fitting",
        "check_positive_only_tag_during_fit",
        "check_estimators_dtypes",
        "check_dtype_object",
        "check_pipeline_consistency",
        "check_estimators_nan_inf",
        "check_estimators_pickle",
        "check_f_contiguous_array_estimator",
        "check_methods_sample_order_invariance",
        "check_methods_subset_invariance",
        "check_fit2d_1sample",
        "check_fit2d_1feature",
        "check_dict_unchanged",
        "check_fit_idempotent",
        "check_fit_check_is_fitted",
        "check_n_features_in",
        "check_fit2d_predict1d",
    ]
}


@parametrize_with_checks([ThreeCoinEM()], expected_failed_checks=lambda est: _EXPECTED_FAILURES)
def test_scikit_learn_contract(estimator, check):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        check(estimator)
