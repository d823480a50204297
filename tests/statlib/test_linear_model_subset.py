"""Bayesian variable selection, best-subset and greedy search (MLAPP section 13.2).

Every expected value comes from outside the code under test: the marginal likelihood (13.13) evaluated directly
with scipy.stats for every model, the multivariate-t density for the noise integrated out, least squares by
numpy.linalg.lstsq, scikit-learn's OrthogonalMatchingPursuit, the catalogue's best-subset RSS of the prostate data
and the printed Gray-code numbering of MLAPP's table.
"""

import itertools

import numpy as np
import pytest
from scipy import stats
from scipy.special import gammaln, logsumexp
from sklearn.linear_model import OrthogonalMatchingPursuit as SkOMP
from sklearn.utils.estimator_checks import parametrize_with_checks

from statlib.datasets import load_example, load_prostate
from statlib.datasets.mlapp_ch13 import make_figure_13_1
from statlib.linear_model import (
    BayesianVariableSelection,
    OrthogonalMatchingPursuit,
    all_subsets,
    backward_selection,
    best_subset,
    forward_selection,
    gray_code,
    l0_objective,
    matching_pursuit,
    single_best_replacement,
)


def _rss(X, y, mask, intercept=True):
    A = X[:, mask]
    if intercept:
        A = np.column_stack([np.ones(len(y)), A])
    if A.shape[1] == 0:
        return float(y @ y)
    coef, *_ = np.linalg.lstsq(A, y, rcond=None)
    r = y - A @ coef
    return float(r @ r)


@pytest.fixture(scope="module")
def small():
    rng = np.random.default_rng(3)
    X = rng.normal(size=(15, 6))
    y = X @ np.array([1.5, 0.0, -1.0, 0.0, 0.3, 0.0]) + 0.8 * rng.normal(size=15)
    return X, y


# ---------------------------------------------------------------------------------------------- Gray code
@pytest.mark.parametrize("D", [1, 2, 5, 10])
def test_gray_code_visits_every_subset_once_one_bit_at_a_time(D):
    models, flips = gray_code(D)
    assert models.shape == (2**D, D)
    codes = models.astype(np.int64) @ (1 << np.arange(D))
    assert sorted(codes.tolist()) == list(range(2**D))
    assert not models[0].any()
    np.testing.assert_array_equal(np.abs(np.diff(models.astype(int), axis=0)).sum(axis=1), 1)
    changed = np.argmax(models[1:] != models[:-1], axis=1)
    np.testing.assert_array_equal(changed, flips)


def test_gray_code_numbers_the_printed_table():
    # MLAPP's "model" m is row m - 1 of the binary-reflected Gray code, bit j - 1 <-> variable j (catalogue §10)
    models, _ = gray_code(10)
    for number, _, members in load_example("mlapp", "figure-13.1").top8:
        assert tuple(np.flatnonzero(models[number - 1]) + 1) == members


# ---------------------------------------------------------------------------------------------- scores
def test_known_noise_score_is_the_gaussian_marginal_of_every_model(small):
    X, y = small
    sigma2, slab, pi0 = 0.7, 2.5, 0.3
    m = BayesianVariableSelection(noise_variance=sigma2, slab_variance=slab, pi0=pi0, fit_intercept=False).fit(X, y)
    D, N = X.shape[1], X.shape[0]
    for gamma, score in zip(m.models_, m.log_scores_):
        Xg = X[:, gamma]
        C = sigma2 * slab * Xg @ Xg.T + sigma2 * np.eye(N)  # (13.14) with Sigma_gamma = sigma_w^2 I
        log_prior = gamma.sum() * np.log(pi0) + (D - gamma.sum()) * np.log(1 - pi0)  # (13.7)
        expected = stats.multivariate_normal(np.zeros(N), C).logpdf(y) + log_prior
        assert score == pytest.approx(expected, abs=1e-9)
    np.testing.assert_allclose(m.posterior_.sum(), 1.0, atol=1e-12)


def test_integrated_noise_score_is_the_multivariate_t_marginal(small):
    X, y = small
    a, b, slab = 1.5, 0.8, 3.0
    m = BayesianVariableSelection(slab_variance=slab, a_sigma=a, b_sigma=b, pi0=0.5, fit_intercept=False).fit(X, y)
    N, D = X.shape
    for gamma, score in zip(m.models_, m.log_scores_):
        V = slab * X[:, gamma] @ X[:, gamma].T + np.eye(N)
        # integrating N(y | 0, sigma^2 V) over IG(sigma^2 | a, b) gives a Student t with 2a degrees of freedom
        expected = stats.multivariate_t(np.zeros(N), (b / a) * V, df=2 * a).logpdf(y) + D * np.log(0.5)
        assert score == pytest.approx(expected, abs=1e-9)


def test_integrated_noise_with_intercept_uses_n_minus_one(small):
    # (13.16) as printed: exponent (2 a + N - 1) / 2 once the intercept (flat prior) is integrated out
    X, y = small
    m = BayesianVariableSelection(slab_variance=2.0).fit(X, y)
    Xc, yc = X - X.mean(0), y - y.mean()
    N = len(y)
    ref = []
    for gamma in m.models_:
        A = Xc[:, gamma].T @ Xc[:, gamma] + np.eye(gamma.sum()) / 2.0
        S = yc @ yc - yc @ Xc[:, gamma] @ np.linalg.solve(A, Xc[:, gamma].T @ yc)  # (13.17)
        ref.append(-0.5 * np.linalg.slogdet(A)[1] - 0.5 * gamma.sum() * np.log(2.0) - (N - 1) / 2 * np.log(S))
    ref = np.array(ref)
    np.testing.assert_allclose(m.posterior_, np.exp(ref - logsumexp(ref)), atol=1e-10)


def test_g_prior_matches_exercise_13_4(small):
    X, y = small
    g, a, b = 10.0, 1.0, 0.5
    m = BayesianVariableSelection(prior="g", g=g, a_sigma=a, b_sigma=b, fit_intercept=False).fit(X, y)
    N = len(y)
    for gamma, score in zip(m.models_, m.log_scores_):
        Xg = X[:, gamma]
        # Sigma_gamma = g (X_g^T X_g)^{-1} in the Gaussian marginal: V = I + g X_g (X_g^T X_g)^{-1} X_g^T
        V = np.eye(N) + (g * Xg @ np.linalg.solve(Xg.T @ Xg, Xg.T) if gamma.any() else 0.0)
        expected = stats.multivariate_t(np.zeros(N), (b / a) * V, df=2 * a).logpdf(y) + X.shape[1] * np.log(0.5)
        assert score == pytest.approx(expected, abs=1e-8)
    # and the closed form (13.190)-(13.191) up to a constant
    S = np.array([y @ y - g / (1 + g) * (y @ y - _rss(X, y, gm, False)) for gm in m.models_])
    ref = -0.5 * m.models_.sum(1) * np.log(1 + g) - (2 * a + N) / 2 * np.log(2 * b + S)
    np.testing.assert_allclose(m.posterior_, np.exp(ref - logsumexp(ref)), atol=1e-10)


def test_bic_score_is_13_18(small):
    X, y = small
    m = BayesianVariableSelection(prior="bic", pi0=0.2).fit(X, y)
    N, D = X.shape
    for gamma, score in zip(m.models_, m.log_scores_):
        rss = _rss(X, y, gamma)
        k = gamma.sum()
        expected = (
            -N / 2 * (np.log(2 * np.pi * rss / N) + 1) - k / 2 * np.log(N) + k * np.log(0.2) + (D - k) * np.log(0.8)
        )
        assert score == pytest.approx(expected, abs=1e-9)


def test_posterior_summaries(small):
    X, y = small
    m = BayesianVariableSelection(noise_variance=0.64, fit_intercept=False).fit(X, y)
    np.testing.assert_allclose(m.inclusion_probs_, (m.posterior_[:, None] * m.models_).sum(0), atol=1e-12)
    np.testing.assert_array_equal(m.map_model_, m.models_[np.argmax(m.posterior_)])
    np.testing.assert_array_equal(m.median_model_, m.inclusion_probs_ > 0.5)
    # the model-averaged posterior mean: under each model E[w | gamma, D] = (X^T X + I / sigma_w^2)^{-1} X^T y
    ref = np.zeros(X.shape[1])
    for p, gamma in zip(m.posterior_, m.models_):
        if gamma.any():
            Xg = X[:, gamma]
            ref[gamma] += p * np.linalg.solve(Xg.T @ Xg + np.eye(gamma.sum()), Xg.T @ y)
    np.testing.assert_allclose(m.coef_, ref, atol=1e-10)
    np.testing.assert_allclose(m.predict(X), X @ ref, atol=1e-10)


def test_enumeration_stays_accurate_over_many_updates():
    rng = np.random.default_rng(7)
    X = rng.normal(size=(40, 13)) + 0.5 * rng.normal(size=(40, 1))  # correlated columns
    y = X[:, :3] @ [1.0, -2.0, 0.5] + rng.normal(size=40)
    models, rss = all_subsets(X, y)
    for i in rng.choice(len(models), size=60, replace=False):
        assert rss[i] == pytest.approx(_rss(X, y, models[i]), rel=1e-9, abs=1e-9)


# ---------------------------------------------------------------------------------------------- worked examples
def test_prostate_best_subset_rss_matches_the_reference_numbers():
    # catalogue §10.4 (recomputed, MLAPP Figure 13.2(b)): 67 training rows, with intercept
    data = load_example("mlapp", "figure-13.2")
    rss, models = best_subset(data.X, data.y)
    np.testing.assert_allclose(rss, [96.281, 44.529, 37.092, 34.908, 32.815, 32.069, 30.540, 29.437, 29.426], atol=5e-4)
    names = np.array(data.feature_names)
    assert list(names[models[1]]) == ["lcavol"]
    assert set(names[models[2]]) == {"lcavol", "lweight"}
    assert set(names[models[3]]) == {"lcavol", "lweight", "svi"}
    for k in range(9):
        assert rss[k] == pytest.approx(_rss(data.X, data.y, models[k]), rel=1e-10)


def test_prostate_all_subsets_against_lstsq():
    p = load_prostate()
    X, y = p.data[p.train], p.target[p.train]
    models, rss = all_subsets(X, y)
    ref = np.array([_rss(X, y, m) for m in models])
    np.testing.assert_allclose(rss, ref, rtol=1e-10)


def test_greedy_paths_on_prostate():
    p = load_prostate()
    X, y = p.data[p.train], p.target[p.train]
    order, rss, coefs = forward_selection(X, y)
    # forward selection (13.28) happens to follow the best-subset envelope on these data
    np.testing.assert_allclose(rss, [44.529, 37.092, 34.908, 32.815, 32.069, 30.540, 29.437, 29.426], atol=5e-4)
    # each step is the exact argmin of (13.28)
    chosen = np.zeros(8, dtype=bool)
    for j, r in zip(order, rss):
        cands = {c: _rss(X, y, chosen | (np.arange(8) == c)) for c in range(8) if not chosen[c]}
        assert j == min(cands, key=cands.get) and r == pytest.approx(cands[j], rel=1e-10)
        chosen[j] = True
    b_order, b_rss = backward_selection(X, y)
    assert b_rss[-1] == pytest.approx(96.281, abs=5e-4)
    alive = np.ones(8, dtype=bool)
    for j, r in zip(b_order, b_rss):
        cands = {c: _rss(X, y, alive & (np.arange(8) != c)) for c in range(8) if alive[c]}
        assert j == min(cands, key=cands.get) and r == pytest.approx(cands[j], rel=1e-10)
        alive[j] = False


@pytest.mark.parametrize("criterion", ["omp", "ols"])
def test_forward_steps_are_the_rule_applied_to_least_squares_fits(criterion):
    # a wide problem, so that many steps run: every step's choice, RSS and coefficients against fresh lstsq fits
    rng = np.random.default_rng(5)
    X = rng.normal(size=(80, 60)) * rng.uniform(0.5, 2.0, size=60)
    y = X[:, :6] @ [3.0, -2.0, 1.5, 1.0, -0.5, 0.25] + 0.3 * rng.normal(size=80)
    Xc, yc = X - X.mean(0), y - y.mean()
    order, rss, coefs = forward_selection(X, y, 25, criterion=criterion)
    assert len(order) == 25
    active = []
    for j, r, w in zip(order, rss, coefs):
        fit = np.linalg.lstsq(Xc[:, active], yc, rcond=None)[0] if active else np.zeros(0)
        resid = yc - Xc[:, active] @ fit
        out = [c for c in range(60) if c not in active]
        if criterion == "omp":
            expected = out[int(np.argmax(np.abs(Xc[:, out].T @ resid)))]  # (13.30)
        else:
            expected = min(out, key=lambda c: _rss(X, y, np.isin(np.arange(60), active + [c])))  # (13.28)
        assert j == expected
        active.append(j)
        fit = np.linalg.lstsq(Xc[:, active], yc, rcond=None)[0]
        np.testing.assert_allclose(w[active], fit, rtol=1e-9, atol=1e-12)
        assert np.count_nonzero(w) == len(active)
        assert r == pytest.approx(np.sum((yc - Xc[:, active] @ fit) ** 2), rel=1e-9)


def test_forward_selection_does_not_depend_on_column_scale():
    # (13.28) is invariant to rescaling a column, so OLS's path is too: a column measured in tiny units (scaled
    # by 1e-8) is chosen at the same step, with its coefficient scaled by 1e8; backward selection likewise
    rng = np.random.default_rng(3)
    X = rng.normal(size=(40, 8))
    y = X[:, [0, 2, 5]] @ [2.0, -1.0, 0.5] + 0.1 * rng.normal(size=40)
    scale = np.ones(8)
    scale[[2, 5]] = 1e-8
    order, rss, coefs = forward_selection(X, y, 8, criterion="ols")
    order_s, rss_s, coefs_s = forward_selection(X * scale, y, 8, criterion="ols")
    np.testing.assert_array_equal(order_s, order)
    np.testing.assert_allclose(rss_s, rss, rtol=1e-9)
    np.testing.assert_allclose(coefs_s * scale, coefs, rtol=1e-6, atol=1e-12)
    back = backward_selection(X, y)
    back_s = backward_selection(X * scale, y)
    np.testing.assert_array_equal(back_s[0], back[0])


# ---------------------------------------------------------------------------------------------- OMP
@pytest.mark.parametrize("fit_intercept", [True, False])
@pytest.mark.parametrize("k", [1, 2, 4, 7])
def test_omp_matches_scikit_learn(fit_intercept, k):
    rng = np.random.default_rng(k)
    X = rng.normal(size=(50, 12))
    y = X[:, [1, 4, 8]] @ [2.0, -1.0, 0.5] + 0.1 * rng.normal(size=50) + 3.0
    ours = OrthogonalMatchingPursuit(n_nonzero_coefs=k, fit_intercept=fit_intercept).fit(X, y)
    ref = SkOMP(n_nonzero_coefs=k, fit_intercept=fit_intercept).fit(X, y)
    np.testing.assert_array_equal(ours.coef_ != 0, ref.coef_ != 0)
    np.testing.assert_allclose(ours.coef_, ref.coef_, atol=1e-10)
    assert ours.intercept_ == pytest.approx(ref.intercept_, abs=1e-10)


def test_omp_tol_and_default_match_scikit_learn():
    rng = np.random.default_rng(11)
    X = rng.normal(size=(60, 30))
    y = X[:, :5] @ [3.0, -2.0, 1.0, 0.5, 0.25] + 0.05 * rng.normal(size=60)
    for kwargs in ({"tol": 5.0}, {"tol": 0.5}, {}):
        ours = OrthogonalMatchingPursuit(**kwargs).fit(X, y)
        ref = SkOMP(**kwargs).fit(X, y)
        np.testing.assert_allclose(ours.coef_, ref.coef_, atol=1e-9)


def test_omp_matches_scikit_learn_on_short_fat_designs():
    # N < D: scikit-learn works on X (Cholesky updates, explicit residual); statlib on X^T X
    rng = np.random.default_rng(0)
    X = rng.normal(size=(50, 200))
    w = np.zeros(200)
    w[rng.choice(200, 5, replace=False)] = 3 * rng.normal(size=5)
    y = X @ w + 0.1 * rng.normal(size=50)
    ours = OrthogonalMatchingPursuit(n_nonzero_coefs=10).fit(X, y)
    ref = SkOMP(n_nonzero_coefs=10).fit(X, y)
    np.testing.assert_array_equal(ours.coef_ != 0, ref.coef_ != 0)
    np.testing.assert_allclose(ours.coef_, ref.coef_, rtol=1e-8, atol=1e-10)


def test_omp_rule_is_13_30_for_unit_norm_columns():
    rng = np.random.default_rng(5)
    X = rng.normal(size=(30, 8))
    X /= np.linalg.norm(X, axis=0)
    y = rng.normal(size=30)
    order, _, coefs = forward_selection(X, y, 3, criterion="omp", fit_intercept=False)
    r = y.copy()
    for t, j in enumerate(order):
        corr = np.abs(X.T @ r)
        corr[order[:t]] = -1
        assert j == np.argmax(corr)
        S = order[: t + 1]
        w, *_ = np.linalg.lstsq(X[:, S], y, rcond=None)
        np.testing.assert_allclose(coefs[t, S], w, atol=1e-10)
        r = y - X[:, S] @ w


# ---------------------------------------------------------------------------------------------- SBR, MP, l0
def test_single_best_replacement_against_brute_force_l0():
    rng = np.random.default_rng(2)
    X = rng.normal(size=(25, 6))
    y = X @ [1.0, 0.0, 0.0, -0.8, 0.0, 0.2] + 0.3 * rng.normal(size=25)
    for lam in (0.0, 0.5, 2.0, 50.0):
        support, objective = single_best_replacement(X, y, lam)
        assert np.all(np.diff(objective) < 0)
        # SBR stops at a local minimum of (13.26): no single flip improves
        f = _rss(X, y, support) + lam * support.sum()
        assert objective[-1] == pytest.approx(f, rel=1e-10)
        for j in range(6):
            flipped = support.copy()
            flipped[j] = not flipped[j]
            assert _rss(X, y, flipped) + lam * flipped.sum() >= f - 1e-9
        best = min(_rss(X, y, np.array(b, dtype=bool)) + lam * sum(b) for b in itertools.product([0, 1], repeat=6))
        assert f >= best - 1e-9
    assert single_best_replacement(X, y, 1e6)[0].sum() == 0


def test_matching_pursuit_converges_to_least_squares():
    rng = np.random.default_rng(4)
    X = rng.normal(size=(40, 5))
    y = X @ [1.0, -1.0, 0.5, 0.0, 2.0] + rng.normal(size=40)
    coef, rss = matching_pursuit(X, y, 400, fit_intercept=False)
    assert np.all(np.diff(rss) <= 1e-12)
    ls, *_ = np.linalg.lstsq(X, y, rcond=None)
    np.testing.assert_allclose(coef, ls, atol=1e-6)


def test_l0_objective():
    X = np.array([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
    y = np.array([1.0, 0.0, 2.0])
    # residual (1 - 1, 0 - 3, 2 - 5) = (0, -3, -3): 18, plus 2.5 * one non-zero
    assert l0_objective(X, y, [1.0, 0.0], 2.5) == pytest.approx(20.5)


# ---------------------------------------------------------------------------------------------- MH
def test_mh_visit_frequencies_converge_to_the_enumerated_posterior(small):
    X, y = small
    kw = dict(noise_variance=0.64, pi0=0.3, fit_intercept=False)
    exact = BayesianVariableSelection(**kw).fit(X, y)
    mh = BayesianVariableSelection(method="mh", n_iter=60_000, burn_in=1000, random_state=0, **kw).fit(X, y)
    np.testing.assert_allclose(mh.inclusion_probs_, exact.inclusion_probs_, atol=0.03)
    codes = exact.models_.astype(np.int64) @ (1 << np.arange(6))
    lookup = dict(zip(codes.tolist(), exact.posterior_))
    mh_codes = mh.models_.astype(np.int64) @ (1 << np.arange(6))
    for c, p in zip(mh_codes[:5], mh.posterior_[:5]):
        assert p == pytest.approx(lookup[int(c)], abs=0.03)
    # the chain's stored scores are the enumerated scores of the models it visited
    exact_scores = dict(zip(codes.tolist(), exact.log_scores_))
    for c, s in zip(mh_codes, mh.log_scores_):
        assert s == pytest.approx(exact_scores[int(c)], abs=1e-8)
    assert 0.0 < mh.acceptance_rate_ < 1.0


def test_mh_is_reproducible(small):
    X, y = small
    a = BayesianVariableSelection(method="mh", n_iter=3000, burn_in=100, random_state=4).fit(X, y)
    b = BayesianVariableSelection(method="mh", n_iter=3000, burn_in=100, random_state=4).fit(X, y)
    np.testing.assert_array_equal(a.chain_, b.chain_)


def test_figure_13_1_worked_example():
    data = load_example("mlapp", "figure-13.1")
    m = BayesianVariableSelection(noise_variance=1.0, slab_variance=1.0, pi0=0.1, fit_intercept=False)
    m.fit(data.X, data.y)
    assert len(m.posterior_) == 1024
    # the two large weights (variables 2 and 6, 1-based) are found; the two tiny ones (3 and 8) are not
    assert m.inclusion_probs_[1] > 0.99 and m.inclusion_probs_[5] > 0.95
    assert m.inclusion_probs_[2] < 0.1 and m.inclusion_probs_[7] < 0.1
    assert list(np.flatnonzero(m.map_model_) + 1) == [1, 2, 6]


# ---------------------------------------------------------------------------------------------- bad input
@pytest.mark.parametrize(
    ("make", "name"),
    [
        (lambda: BayesianVariableSelection(prior="laplace"), "prior"),
        (lambda: BayesianVariableSelection(method="gibbs"), "method"),
        (lambda: BayesianVariableSelection(pi0=1.0), "pi0"),
        (lambda: BayesianVariableSelection(slab_variance=0.0), "slab_variance"),
        (lambda: BayesianVariableSelection(noise_variance=-1.0), "noise_variance"),
        (lambda: BayesianVariableSelection(prior="g", noise_variance=1.0), "noise_variance"),
        (lambda: BayesianVariableSelection(g=-2.0), "g"),
        (lambda: BayesianVariableSelection(a_sigma=-1.0), "a_sigma"),
        (lambda: BayesianVariableSelection(method="mh", n_iter=10, burn_in=10), "burn_in"),
        (lambda: OrthogonalMatchingPursuit(n_nonzero_coefs=0), "n_nonzero_coefs"),
        (lambda: OrthogonalMatchingPursuit(n_nonzero_coefs=9), "n_nonzero_coefs"),
        (lambda: OrthogonalMatchingPursuit(tol=-1.0), "tol"),
    ],
)
def test_bad_hyperparameters_are_refused(small, make, name):
    X, y = small
    with pytest.raises((ValueError, TypeError), match=name):
        make().fit(X, y)


def test_bad_data_are_refused(small):
    X, y = small
    with pytest.raises(ValueError, match="X"):
        BayesianVariableSelection().fit(np.full((5, 2), np.nan), y[:5])
    with pytest.raises(ValueError, match="X"):
        BayesianVariableSelection(prior="bic").fit(np.column_stack([X, X[:, 0]]), y)  # rank-deficient
    with pytest.raises(ValueError, match="X"):
        BayesianVariableSelection().fit(np.zeros((5, 21)), np.arange(5.0))
    with pytest.raises(ValueError, match="y"):
        all_subsets(X, y[:-1])
    with pytest.raises(ValueError, match="X"):
        best_subset(X[:5], y[:5])
    with pytest.raises(ValueError, match="criterion"):
        forward_selection(X, y, criterion="lars")
    with pytest.raises(ValueError, match="lam"):
        single_best_replacement(X, y, -1.0)
    with pytest.raises(ValueError, match="coef"):
        l0_objective(X, y, np.zeros(3), 1.0)
    with pytest.raises((ValueError, TypeError), match="n_features"):
        gray_code(0)
    with pytest.raises(ValueError, match="X"):
        matching_pursuit(np.column_stack([X, np.ones(len(y))]), y, 5)
    with pytest.raises((ValueError, TypeError), match="n_samples"):
        make_figure_13_1(n_samples=0)


@parametrize_with_checks([BayesianVariableSelection(), OrthogonalMatchingPursuit()])
def test_sklearn_compatible(estimator, check):
    check(estimator)


def test_multivariate_t_constant_is_right():
    # a one-dimensional sanity check of the IG-integrated marginal used above, by quadrature
    from scipy import integrate

    a, b, y = 1.5, 0.8, 1.3
    dens = integrate.quad(lambda s2: stats.norm(0, np.sqrt(s2)).pdf(y) * stats.invgamma(a, scale=b).pdf(s2), 0, np.inf)
    log_t = gammaln(a + 0.5) - gammaln(a) + a * np.log(2 * b) - 0.5 * np.log(np.pi) - (a + 0.5) * np.log(2 * b + y * y)
    assert np.log(dens[0]) == pytest.approx(log_t, abs=1e-8)
    assert stats.multivariate_t([0.0], [[b / a]], df=2 * a).logpdf([y]) == pytest.approx(log_t, abs=1e-10)


# ---------------------------------------------------------------------------------------------- exercises
def test_exercise_checkers_of_section_13_2():
    from scipy import integrate
    from scipy.special import comb

    from statlib.exercises import check

    # 13.4: a data set with the numbers of the exercise (N = 20, y^T y = 40 centred, RSS 20 with one column and 18
    # with two), scored by the g-prior marginal of the estimator
    rng = np.random.default_rng(0)
    Z = rng.normal(size=(20, 3))
    Z -= Z.mean(0)
    Q, _ = np.linalg.qr(np.column_stack([np.ones(20), Z]))
    e1, e2, e3 = Q[:, 1], Q[:, 2], Q[:, 3]
    y = np.sqrt(20.0) * e1 + np.sqrt(2.0) * e2 + np.sqrt(18.0) * e3  # y^T y = 40, orthogonal to 1
    X = np.column_stack([e1, e2])
    m = BayesianVariableSelection(prior="g", g=20.0).fit(X, y)
    scores = {tuple(g): s for g, s in zip(m.models_.tolist(), m.log_scores_)}
    assert check("mlapp-13.4", scores[(True, True)] - scores[(True, False)])
    assert check("mlapp-13.4", -0.62)  # the answer to two decimals
    assert not check("mlapp-13.4", 0.0)
    assert not check("mlapp-13.4", -0.569)  # N instead of N - 1 in the exponent
    assert not check("mlapp-13.4", -0.521)  # S = RSS, without the g / (1 + g) shrinkage
    # 13.7: the Beta-Bernoulli marginals by quadrature, one rate per bit (the book's pi_j) and one shared rate
    p1, _ = integrate.quad(lambda t: t, 0, 1)  # p(gamma_j = 1) = p(gamma_j = 0) = E[pi_j] = 1/2 for Beta(1, 1)
    p, _ = integrate.quad(lambda t: t**2 * (1 - t) ** 8, 0, 1)
    assert check("mlapp-13.7", [p1**10, p, comb(10, 2) * p])
    assert not check("mlapp-13.7", [p, p, comb(10, 2) * p])
    # three significant figures pass, whatever the magnitude; one does not
    assert check("mlapp-13.7", [0.000977, 0.00202, 0.0909])
    assert check("mlapp-13.7", [1 / 1024, 1 / 495, 0.091])
    coarse = check("mlapp-13.7", [0.001, 0.002, 0.0909])
    assert not coarse
    named = coarse.message.split("Hint:")[0]  # the wrong entries are named, the right third one is not
    assert "p(gamma) with one rate per variable" in named and "p(gamma) with the shared rate" in named
    assert "P(size = 2)" not in named
    assert not check("mlapp-13.7", [1 / 1024, 1 / 1024, 45 / 1024])  # a fixed pi_0 = 1/2 throughout
    # companion-13.20: from the Gray code itself
    models, flips = gray_code(10)
    assert check("companion-13.20", [*(np.flatnonzero(models[451]) + 1), len(flips)])
    # companion-13.21: the first steps of OMP and orthogonal least squares
    Xe = np.array([[4.0, 1.0], [0.0, 1.0], [0.0, 1.0], [0.0, 0.0]])
    ye = np.ones(4)
    first = [forward_selection(Xe, ye, 1, criterion=c, fit_intercept=False)[0][0] + 1 for c in ("omp", "ols")]
    assert check("companion-13.21", first)
    # companion-13.22: unit-norm columns, the second steps differ; answers from the forward kernel itself
    Xu = np.array([[1.0, 0.0, -0.8], [0.0, 1.0, 0.0], [0.0, 0.0, 0.6]])
    np.testing.assert_allclose(np.linalg.norm(Xu, axis=0), 1.0)
    yu = np.array([4.0, 2.0, 3.0])
    steps = {c: forward_selection(Xu, yu, 2, criterion=c, fit_intercept=False) for c in ("omp", "ols")}
    assert steps["omp"][0][0] == steps["ols"][0][0] == 0
    answer = [steps["omp"][0][1] + 1, steps["ols"][0][1] + 1, steps["omp"][1][1], steps["ols"][1][1]]
    assert check("companion-13.22", answer)
    swapped = check("companion-13.22", [3, 2, 4, 9])
    assert not swapped and "OMP's second variable" in swapped.message
    one_off = check("companion-13.22", [2, 3, 9, 5])
    assert not one_off and "OLS's RSS" in one_off.message and "OMP's" not in one_off.message.split("Hint:")[0]


def test_omp_stops_on_linear_dependence_like_scikit_learn():
    rng = np.random.default_rng(8)
    A = rng.normal(size=(20, 2))
    X = np.column_stack([A, A @ [1.0, -2.0]])  # the third column is a combination of the first two
    y = X @ [1.0, 0.5, 0.3] + 0.1 * rng.normal(size=20)
    with pytest.warns(RuntimeWarning, match="linear dependence"):
        ours = OrthogonalMatchingPursuit(n_nonzero_coefs=3, fit_intercept=False).fit(X, y)
    with pytest.warns(RuntimeWarning):
        ref = SkOMP(n_nonzero_coefs=3, fit_intercept=False).fit(X, y)
    np.testing.assert_allclose(ours.coef_, ref.coef_, atol=1e-8)


def test_g_prior_posterior_mean_shrinks_least_squares_by_g_over_1_plus_g(small):
    # under Sigma_gamma = g (X^T X)^{-1} the posterior mean is (g / (1 + g)) times the least-squares fit
    X, y = small
    m = BayesianVariableSelection(prior="g", g=4.0, fit_intercept=False).fit(X, y)
    for gamma, coef in zip(m.models_[1:], m.model_coefs_[1:]):
        ls, *_ = np.linalg.lstsq(X[:, gamma], y, rcond=None)
        np.testing.assert_allclose(coef[gamma], 0.8 * ls, atol=1e-10)
        assert np.all(coef[~gamma] == 0)


def test_bounds_implied_by_the_printed_table():
    # the eight printed models hold 0.969; p(gamma_6 = 1 | D) lies between the listed mass with 6 and that plus 0.031
    top8 = load_example("mlapp", "figure-13.1").top8
    total = sum(p for _, p, _ in top8)
    assert total == pytest.approx(0.969, abs=1e-9)
    low6 = sum(p for _, p, m in top8 if 6 in m)
    assert (low6, low6 + 1 - total) == (pytest.approx(0.471, abs=1e-9), pytest.approx(0.502, abs=1e-9))


@pytest.mark.parametrize("scale", [1e-300, 1e-160])
def test_subset_searches_refuse_data_whose_squares_underflow(scale):
    # the sweep divided by a zero pivot inside the kernel: ZeroDivisionError
    rng = np.random.default_rng(0)
    X = rng.normal(size=(20, 3))
    y = X @ [1.0, -2.0, 0.5] + 0.1 * rng.normal(size=20)
    for search in (best_subset, all_subsets, backward_selection, forward_selection):
        with pytest.raises(ValueError, match="X is too small for squares"):
            search(X * scale, y)


def test_bayesian_variable_selection_refuses_data_whose_squares_overflow():
    # predict raised 'Input contains NaN' after a fit that gave no error
    rng = np.random.default_rng(0)
    X = rng.normal(size=(20, 3))
    y = X @ [1.0, -2.0, 0.5] + 0.1 * rng.normal(size=20)
    with pytest.raises(ValueError, match="X is too large"):
        BayesianVariableSelection().fit(X * 1e300, y)
    with pytest.raises(ValueError, match="y is too large"):
        BayesianVariableSelection().fit(X, y * 1e300)


def test_omp_refuses_data_whose_gram_matrix_leaves_float64():
    # the Gram matrix underflowed or overflowed and OMP picked other atoms than on the unscaled data
    rng = np.random.default_rng(0)
    X = rng.normal(size=(30, 2))
    y = X @ [1.0, -2.0] + rng.normal(size=30)
    for scale, words in ((1e-300, "too small"), (1e300, "too large")):
        with pytest.raises(ValueError, match=f"X is {words}"):
            OrthogonalMatchingPursuit(1).fit(X * scale, y)
    with pytest.raises(ValueError, match="y is too large"):
        OrthogonalMatchingPursuit(1).fit(X, y * 1e300)
