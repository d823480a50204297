"""Tests of statlib.feature_selection against hand computations, exact identities and scikit-learn."""

from fractions import Fraction
from itertools import combinations

import numpy as np
import pytest
from scipy import integrate, linalg, stats
from sklearn.datasets import load_breast_cancer, load_wine
from sklearn.feature_selection import SequentialFeatureSelector, mutual_info_classif
from sklearn.naive_bayes import GaussianNB
from sklearn.utils.estimator_checks import parametrize_with_checks

from statlib.ensemble import AdaBoostClassifier
from statlib.feature_selection import (
    AdaBoostSelector,
    BranchAndBound,
    Relief,
    ReliefF,
    SequentialSelection,
    SingleFeatureRanking,
    WrapperCriterion,
    branch_and_bound,
    divergence_criterion,
    exhaustive_search,
    fisher_criterion,
    information_gain_criterion,
    mutual_information,
    n_subsets,
    posterior_entropy,
    scatter_matrices,
)
from statlib.tree import information_gain


def _blobs(seed, n=60, d=6, c=2, shift=(1, 3)):
    rng = np.random.default_rng(seed)
    y = np.arange(n) % c
    X = rng.normal(size=(n, d))
    for j in shift:
        X[:, j] += y * (1.0 + 0.3 * j)
    return X, y


# ----------------------------------------------------------------------------------------- criteria
def test_scatter_matrices_sum_to_the_total_covariance_and_jd_is_the_pairwise_distance():
    X, y = _blobs(0, c=3)
    S_w, S_b = scatter_matrices(X, y)
    np.testing.assert_allclose(S_w + S_b, np.cov(X.T, bias=True), atol=1e-12)
    # J_d = 1/2 sum_i sum_j P_i P_j mean_{k,l} ||x_k^(i) - x_l^(j)||^2, the lecture's first definition
    D = ((X[:, None, :] - X[None, :, :]) ** 2).sum(axis=-1)
    jd = 0.0
    for i in range(3):
        for j in range(3):
            jd += 0.5 * np.mean(y == i) * np.mean(y == j) * D[np.ix_(y == i, y == j)].mean()
    assert fisher_criterion(X, y, "Jd") == pytest.approx(jd, rel=1e-12)


def test_fisher_criteria_against_generalised_eigenvalues_and_determinants():
    X, y = _blobs(1, c=3)
    S_w, S_b = scatter_matrices(X, y)
    eig = linalg.eigh(S_b, S_w, eigvals_only=True)
    assert fisher_criterion(X, y) == pytest.approx(eig.sum(), rel=1e-10)
    assert fisher_criterion(X, y, "J3") == pytest.approx(np.trace(S_b) / np.trace(S_w), rel=1e-12)
    # S_b has rank c - 1 = 2 < 6, so |S_b| = 0 and J_4 vanishes; on 2 features it is the product of eigenvalues
    assert fisher_criterion(X, y, "J4") == pytest.approx(0.0, abs=1e-12)
    eig2 = linalg.eigh(*[M[np.ix_([1, 3], [1, 3])] for M in (S_b, S_w)], eigvals_only=True)
    assert fisher_criterion(X[:, [1, 3]], y, "J4") == pytest.approx(np.prod(eig2), rel=1e-10)


def test_fisher_criterion_by_hand():
    X = np.array([[0.0], [2.0], [4.0], [6.0]])  # class means 1 and 5, m = 3; S_w = 1, S_b = 4
    assert fisher_criterion(X, [0, 0, 1, 1]) == 4.0
    assert fisher_criterion(X, [0, 0, 1, 1], "Jd") == 5.0


def test_divergence_matches_numerical_integration_in_one_dimension():
    rng = np.random.default_rng(2)
    a, b = rng.normal(0.0, 1.0, 40), rng.normal(1.5, 2.0, 50)
    X = np.concatenate([a, b])[:, None]
    y = np.repeat([0, 1], [40, 50])
    p = stats.norm(a.mean(), a.std())
    q = stats.norm(b.mean(), b.std())
    jd, _ = integrate.quad(lambda x: (p.pdf(x) - q.pdf(x)) * (p.logpdf(x) - q.logpdf(x)), -30, 30, limit=200)
    assert divergence_criterion(X, y, reg=0.0) == pytest.approx(jd, rel=1e-8)


def test_divergence_is_the_sum_of_the_two_kl_divergences():
    X, y = _blobs(3, d=3, shift=(0, 2))

    def kl(m0, S0, m1, S1):  # KL(N0 || N1), the textbook closed form
        P1 = np.linalg.inv(S1)
        dm = m1 - m0
        return 0.5 * (np.trace(P1 @ S0) + dm @ P1 @ dm - len(m0) + np.log(np.linalg.det(S1) / np.linalg.det(S0)))

    fits = [(X[y == c].mean(0), np.cov(X[y == c].T, bias=True)) for c in (0, 1)]
    expected = kl(*fits[0], *fits[1]) + kl(*fits[1], *fits[0])
    assert divergence_criterion(X, y, reg=0.0) == pytest.approx(expected, rel=1e-10)


def test_entropy_criteria_by_hand_and_against_scikit_learn():
    X = np.array([[0, 0], [0, 1], [1, 0], [1, 1], [1, 1], [2, 0]])
    y = np.array([0, 1, 1, 1, 0, 1])
    # feature 0: cells {0: y=0,1}, {1: y=1,1,0}, {2: y=1}; posterior entropies 1, h(1/3), 0 (bits)
    h13 = -(1 / 3) * np.log2(1 / 3) - (2 / 3) * np.log2(2 / 3)
    assert posterior_entropy(X[:, :1], y) == pytest.approx(2 / 6 * 1 + 3 / 6 * h13, rel=1e-12)
    quad = 2 * (2 / 6 * (1 - 0.5) + 3 / 6 * (1 - 5 / 9) + 0)
    assert posterior_entropy(X[:, :1], y, "quadratic") == pytest.approx(quad, rel=1e-12)
    np.testing.assert_allclose(
        mutual_information(X, y), mutual_info_classif(X, y, discrete_features=True), rtol=0, atol=1e-12
    )
    for j in range(2):
        assert information_gain_criterion(X[:, [j]], y) == pytest.approx(information_gain(X[:, j], y), abs=1e-12)


def test_mutual_information_ranking_matches_scikit_learn_on_discretised_wine():
    X, y = load_wine(return_X_y=True)
    Xd = np.column_stack([np.digitize(x, np.quantile(x, [0.25, 0.5, 0.75])) for x in X.T])
    ours = mutual_information(Xd, y)
    ref = mutual_info_classif(Xd, y, discrete_features=True)
    np.testing.assert_allclose(ours, ref, atol=1e-12)
    np.testing.assert_array_equal(np.argsort(-ours, kind="stable")[:5], np.argsort(-ref, kind="stable")[:5])


@pytest.mark.parametrize("criterion", ["fisher", "divergence"])
def test_monotone_criteria_grow_with_every_added_feature(criterion):
    X, y = _blobs(4, d=5, c=3)
    crit = {"fisher": fisher_criterion, "divergence": divergence_criterion}[criterion]
    for k in range(1, 5):
        for S in combinations(range(5), k):
            for j in set(range(5)) - set(S):
                assert crit(X[:, sorted(S + (j,))], y) >= crit(X[:, list(S)], y) - 1e-10


def test_n_subsets():
    assert n_subsets(5, 2) == 10 and n_subsets(10) == 1024 and n_subsets(30, 5) == 142506


# ------------------------------------------------------------------------------------------ Relief
def test_relief_weights_by_hand():
    # ranges 5 and 4; scaled rows x1 = (0, 0), x2 = (.2, .75), x3 = (.8, .25), x4 = (1, 1).
    # nearest hit / miss: x1 -> x2 / x3, x2 -> x1 / x3, x3 -> x4 / x2, x4 -> x3 / x2, so (in 1/400 units)
    # delta^1 = (-16 + 256) + (-16 + 144) + (-16 + 144) + (-16 + 256) = 736 and
    # delta^2 = (-225 + 25) + (-225 + 100) + (-225 + 100) + (-225 + 25) = -650.
    X = np.array([[0.0, 0.0], [1.0, 3.0], [4.0, 1.0], [5.0, 4.0]])
    y = np.array([0, 0, 1, 1])
    w = Relief().fit(X, y).feature_importances_
    expected = [float(Fraction(736, 400) / 4), float(Fraction(-650, 400) / 4)]
    np.testing.assert_allclose(w, expected, rtol=0, atol=1e-15)
    np.testing.assert_allclose(ReliefF(n_neighbors=1).fit(X, y).feature_importances_, expected, atol=1e-15)


def _relieff_reference(X, y, k, samples, normalise=True):
    """Relief-F written directly from its definition with a full distance matrix (no early exit)."""
    Xs = (X - X.min(0)) / np.where(np.ptp(X, 0) > 0, np.ptp(X, 0), 1.0)
    D = ((Xs[:, None, :] - Xs[None, :, :]) ** 2).sum(-1)
    classes = np.unique(y)
    p = np.array([np.mean(y == c) for c in classes])
    w = np.zeros(X.shape[1])
    for i in samples:
        ci = np.searchsorted(classes, y[i])
        for cl, c in enumerate(classes):
            idx = np.flatnonzero((y == c) & (np.arange(len(y)) != i))
            near = idx[np.argsort(D[i, idx], kind="stable")[:k]]
            if len(near) == 0:
                continue
            term = ((Xs[near] - Xs[i]) ** 2).mean(0)
            w += -term if cl == ci else p[cl] / ((1 - p[ci]) if normalise else 1.0) * term
    return w / len(samples)


@pytest.mark.parametrize("k", [1, 3, 10])
def test_relieff_against_a_direct_reference(k):
    X, y = load_wine(return_X_y=True)
    ours = ReliefF(n_neighbors=k).fit(X, y).feature_importances_
    np.testing.assert_allclose(ours, _relieff_reference(X, y, k, range(len(y))), rtol=1e-10, atol=1e-14)


def test_relieff_with_the_lecture_miss_weights_by_hand_and_against_a_direct_reference():
    # the hand example of test_relief_weights_by_hand with the lecture's weights p_l = 1/2 on the misses:
    # delta^1 = (-16 * 4 + (256 + 144 + 144 + 256) / 2) / 400 = 336 / 400 and
    # delta^2 = (-225 * 4 + (25 + 100 + 100 + 25) / 2) / 400 = -775 / 400, per sample a quarter of that.
    X = np.array([[0.0, 0.0], [1.0, 3.0], [4.0, 1.0], [5.0, 4.0]])
    w = ReliefF(n_neighbors=1, miss_weights="lecture").fit(X, [0, 0, 1, 1]).feature_importances_
    np.testing.assert_allclose(w, [336 / 1600, -775 / 1600], rtol=0, atol=1e-15)
    X, y = load_wine(return_X_y=True)
    for k in (1, 5):
        ours = ReliefF(n_neighbors=k, miss_weights="lecture").fit(X, y).feature_importances_
        ref = _relieff_reference(X, y, k, range(len(y)), normalise=False)
        np.testing.assert_allclose(ours, ref, rtol=1e-10, atol=1e-14)


def test_relief_sampling_replays_numpy_stream():
    X, y = load_breast_cancer(return_X_y=True)
    sel = Relief(n_iterations=50, random_state=7).fit(X, y)
    samples = np.random.RandomState(7).randint(0, len(y), size=50)
    np.testing.assert_array_equal(sel.samples_, samples)
    np.testing.assert_allclose(sel.feature_importances_, _relieff_reference(X, y, 1, samples), rtol=1e-10, atol=1e-14)
    np.testing.assert_array_equal(
        Relief(n_iterations=50, random_state=7).fit(X, y).feature_importances_, sel.feature_importances_
    )


def test_relief_pools_the_misses_of_several_classes_and_selects_by_rank():
    X, y = load_wine(return_X_y=True)
    # with two classes the pooled rule is Relief-F's; with three, a class-0 sample's nearest miss is
    # its nearest neighbour among classes 1 and 2 together, i.e. Relief-F on the labels "0 / not 0"
    w = Relief(n_iterations=40, random_state=0).fit(X, y)
    binary = np.where(y == 0, 0, 1)
    rows = w.samples_[y[w.samples_] == 0]
    ref = _relieff_reference(X, binary, 1, rows) * len(rows)
    others = w.samples_[y[w.samples_] != 0]
    for c in (1, 2):
        rows_c = others[y[others] == c]
        if len(rows_c):
            ref += _relieff_reference(X, np.where(y == c, 0, 1), 1, rows_c) * len(rows_c)
    np.testing.assert_allclose(w.feature_importances_, ref / 40, rtol=1e-10, atol=1e-14)
    sel = ReliefF(n_neighbors=5, n_features_to_select=4).fit(X, y)
    assert sel.get_support().sum() == 4
    assert set(np.flatnonzero(sel.get_support())) == set(np.argsort(-sel.feature_importances_)[:4])
    assert sel.transform(X).shape == (178, 4)


# ------------------------------------------------------------------------------------------- search
@pytest.mark.parametrize("direction", ["forward", "backward"])
def test_sequential_wrapper_matches_scikit_learn(direction):
    X, y = load_breast_cancer(return_X_y=True)
    X = X[:, :8]
    ref = SequentialFeatureSelector(GaussianNB(), n_features_to_select=3, direction=direction, cv=3).fit(X, y)
    ours = SequentialSelection("wrapper", 3, direction=direction, estimator=GaussianNB(), cv=3).fit(X, y)
    np.testing.assert_array_equal(ours.get_support(), ref.get_support())
    steps = 3 if direction == "forward" else 5
    assert len(ours.path_) == steps
    assert ours.n_evaluations_ == (sum(8 - i for i in range(3)) if direction == "forward" else sum(range(4, 9)))


def test_sequential_forward_with_a_filter_criterion_by_brute_force():
    X, y = _blobs(5, d=6, c=3)
    sel = SequentialSelection("fisher", 3).fit(X, y)
    subset = []
    for _ in range(3):
        rest = [j for j in range(6) if j not in subset]
        subset.append(rest[int(np.argmax([fisher_criterion(X[:, sorted(subset + [j])], y) for j in rest]))])
    np.testing.assert_array_equal(np.flatnonzero(sel.get_support()), sorted(subset))
    assert sel.path_scores_[-1] == pytest.approx(fisher_criterion(X[:, sorted(subset)], y))


def test_best_subset_is_the_best_of_every_subset_the_search_evaluated():
    # step 3 of the lecture's forward-search wrapper: output the best subset evaluated during the whole search.
    # J_3 is not monotone, so along a full forward search the best subset is one of the intermediate ones.
    X, y = load_wine(return_X_y=True)
    seen = {}

    def j3(X_subset, y_subset):
        value = fisher_criterion(X_subset, y_subset, "J3")
        seen[X_subset.shape[1], tuple(X_subset[0])] = value
        return value

    sel = SequentialSelection(j3, 13, direction="forward").fit(X, y)
    assert len(seen) == sel.n_evaluations_ == sum(range(1, 14))
    assert sel.best_score_ == max(seen.values())
    assert sel.best_score_ == pytest.approx(fisher_criterion(X[:, list(sel.best_subset_)], y, "J3"), rel=1e-12)
    assert 1 <= len(sel.best_subset_) < 13
    assert sel.best_score_ > fisher_criterion(X, y, "J3")
    # a backward search that keeps every feature takes no step: the starting subset, evaluated once
    full = SequentialSelection("fisher", 13, direction="backward").fit(X, y)
    assert full.path_ == [] and full.best_subset_ == tuple(range(13)) and full.n_evaluations_ == 1
    assert full.best_score_ == pytest.approx(fisher_criterion(X, y), rel=1e-12)


def test_plus_l_take_away_r_sizes():
    X, y = load_wine(return_X_y=True)
    sel = SequentialSelection("fisher", 4, direction="plus-l-take-away-r", l=3, r=1).fit(X, y)
    assert [len(s) for s in sel.path_] == [1, 2, 3, 2, 3, 4]
    down = SequentialSelection("fisher", 9, direction="plus-l-take-away-r", l=1, r=2).fit(X, y)
    assert [len(s) for s in down.path_] == [12, 11, 12, 11, 10, 11, 10, 9]
    assert down.get_support().sum() == 9
    with pytest.raises(ValueError, match="l and r"):
        SequentialSelection("fisher", 4, direction="plus-l-take-away-r", l=2, r=2).fit(X, y)


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("criterion", ["fisher", "divergence"])
def test_branch_and_bound_equals_exhaustive_search(seed, criterion):
    X, y = _blobs(seed, n=90, d=7, c=3, shift=(1, 2, 5))
    for k in (2, 3, 5):
        best, value, _ = exhaustive_search(X, y, k, criterion)
        bb, bb_value, _ = branch_and_bound(X, y, k, criterion)
        assert bb == best and bb_value == pytest.approx(value, rel=1e-12)


def test_branch_and_bound_on_discrete_information_gain_finds_the_optimum_value():
    rng = np.random.default_rng(9)
    X = rng.integers(0, 3, size=(80, 6))
    y = (X[:, 0] + X[:, 4] > 2).astype(int) ^ (rng.random(80) < 0.1)
    _, value, _ = exhaustive_search(X, y, 2, "information_gain")
    _, bb_value, _ = branch_and_bound(X, y, 2, "information_gain")
    assert bb_value == pytest.approx(value, abs=1e-12)


def test_branch_and_bound_prunes_when_few_features_are_removed():
    X, y = load_wine(return_X_y=True)
    sel = BranchAndBound("fisher", n_features_to_select=10).fit(X, y)
    assert sel.n_evaluations_ < n_subsets(13, 10)
    assert sel.score_ == pytest.approx(exhaustive_search(X, y, 10, "fisher")[1], rel=1e-12)


def test_single_feature_ranking_orders_by_the_criterion():
    X, y = load_wine(return_X_y=True)
    sel = SingleFeatureRanking("fisher", 3).fit(X, y)
    scores = [fisher_criterion(X[:, [j]], y) for j in range(13)]
    np.testing.assert_allclose(sel.scores_, scores, rtol=1e-12)
    assert set(np.flatnonzero(sel.get_support())) == set(np.argsort(scores)[-3:])


def _viola_jones(X, y, T):
    """The lecture's Algorithm 5 by brute force: W <- W beta for correct samples, normalised each round."""
    n, d = X.shape
    W = np.full(n, 1.0 / n)
    chosen, alphas = [], []
    for _ in range(T):
        W = W / W.sum()
        best = (np.inf, None)
        for j in range(d):
            v = np.unique(X[:, j])
            for thr in (v[1:] + v[:-1]) / 2:
                for s in (1, -1):
                    h = np.where(X[:, j] < thr, s, -s)
                    err = W[h != y].sum()
                    if err < best[0] - 1e-12:
                        best = (err, (j, h))
        err, (j, h) = best
        beta = err / (1 - err)
        chosen.append(j)
        alphas.append(-np.log(beta))
        W = np.where(h == y, W * beta, W)
    return chosen, np.array(alphas)


def test_adaboost_selection_follows_algorithm_5():
    X, y = load_breast_cancer(return_X_y=True)
    X, y = X[::5, :10], np.where(y[::5] == 1, 1, -1)
    chosen, alphas = _viola_jones(X, y, 6)
    sel = AdaBoostSelector(n_features_to_select=3, n_estimators=6).fit(X, y)
    np.testing.assert_array_equal(sel.estimator_.stump_features_, chosen)
    np.testing.assert_allclose(2 * sel.estimator_.estimator_weights_, alphas, rtol=1e-8)
    order = list(dict.fromkeys(chosen))
    np.testing.assert_array_equal(sel.selection_order_, order)
    np.testing.assert_array_equal(np.flatnonzero(sel.get_support()), sorted(order[:3]))
    assert sel.feature_importances_.sum() == pytest.approx(alphas.sum())
    assert isinstance(sel.estimator_, AdaBoostClassifier)


# ------------------------------------------------------------------------------------------ inputs
@pytest.mark.parametrize(
    "make, name",
    [
        (lambda: SequentialSelection(direction="sideways"), "direction"),
        (lambda: SequentialSelection(criterion="accuracy"), "criterion"),
        (lambda: SequentialSelection(criterion=3), "criterion"),
        (lambda: SequentialSelection(criterion="wrapper"), "estimator"),
        (lambda: SequentialSelection(n_features_to_select=0), "n_features_to_select"),
        (lambda: SequentialSelection(n_features_to_select=99), "n_features_to_select"),
        (lambda: ReliefF(n_neighbors=0), "n_neighbors"),
        (lambda: ReliefF(miss_weights="uniform"), "miss_weights"),
        (lambda: Relief(n_iterations=0), "n_iterations"),
        (lambda: AdaBoostSelector(n_estimators=0), "n_estimators"),
        (lambda: BranchAndBound(criterion="best"), "criterion"),
        (lambda: SingleFeatureRanking(n_features_to_select=2.5), "n_features_to_select"),
    ],
)
def test_bad_hyperparameters_are_refused(make, name):
    X, y = _blobs(0)
    with pytest.raises((ValueError, TypeError), match=name):
        make().fit(X, y)


@pytest.mark.parametrize(
    "call, name",
    [
        (lambda X, y: fisher_criterion(X, y, kind="J9"), "kind"),
        (lambda X, y: fisher_criterion(X[:, 0], y), "X"),
        (lambda X, y: scatter_matrices(X, y[:-1]), "y"),
        (lambda X, y: scatter_matrices(X, np.zeros_like(y)), "classes"),
        (lambda X, y: divergence_criterion(X, y, reg=-1.0), "reg"),
        (lambda X, y: posterior_entropy(X, y, entropy="renyi"), "entropy"),
        (lambda X, y: exhaustive_search(X, y, 0), "n_features_to_select"),
        (lambda X, y: branch_and_bound(X, y, 2, criterion="best"), "criterion"),
        (lambda X, y: n_subsets(3, 4), "n_features_to_select"),
        (lambda X, y: WrapperCriterion("knn"), "estimator"),
    ],
)
def test_bad_arguments_of_functions_are_refused(call, name):
    X, y = _blobs(0)
    with pytest.raises((ValueError, TypeError), match=name):
        call(X, y)


def test_bad_data_is_refused():
    X, y = _blobs(0)
    X_nan = X.copy()
    X_nan[0, 0] = np.nan
    for sel in (Relief(), ReliefF(), SequentialSelection(), BranchAndBound(), AdaBoostSelector()):
        with pytest.raises(ValueError, match="X"):
            sel.fit(X_nan, y)
        with pytest.raises(ValueError, match="class"):
            sel.fit(X, np.zeros_like(y))
    with pytest.raises(ValueError, match="singular"):
        fisher_criterion(np.column_stack([X[:, 0], X[:, 0]]), y)


@parametrize_with_checks(
    [
        Relief(n_features_to_select=1),
        ReliefF(n_neighbors=3, n_features_to_select=1),
        SequentialSelection(n_features_to_select=1),
        SequentialSelection("wrapper", 1, estimator=GaussianNB(), cv=2),
        SingleFeatureRanking(n_features_to_select=1),
        BranchAndBound("fisher", n_features_to_select=1),
        AdaBoostSelector(n_features_to_select=1, n_estimators=5),
    ]
)
def test_sklearn_compatible(estimator, check):
    check(estimator)


# ---------------------------------------------------------------------- embedded selection, exercises
def test_lasso_on_an_orthonormal_design_soft_thresholds_at_n_lambda_over_two():
    # the lecture's objective (1/N)||y - Xb||^2 + lambda ||b||_1 is statlib's Lasso with alpha = lambda / 2
    from statlib.linear_model import Lasso

    rng = np.random.default_rng(3)
    N, lam = 50, 0.04
    Q, _ = np.linalg.qr(rng.normal(size=(N, 4)))
    y = Q @ np.array([3.0, -1.0, 0.4, 0.0]) + 0.1 * rng.normal(size=N)
    b_ols = Q.T @ y
    fit = Lasso(alpha=lam / 2, fit_intercept=False, tol=1e-12, max_iter=100_000).fit(Q, y)
    np.testing.assert_allclose(fit.coef_, np.sign(b_ols) * np.maximum(np.abs(b_ols) - N * lam / 2, 0), atol=1e-8)
    assert not np.allclose(fit.coef_, np.sign(b_ols) * np.maximum(np.abs(b_ols) - N * lam, 0), atol=1e-3)


@pytest.mark.parametrize(
    "exercise, answer",
    [
        ("lecture-1.1", [142506, 2**30]),
        ("lecture-1.2", [0.46, -0.40625]),
        ("lecture-1.3", [4, 5, 4]),
        ("lecture-1.4", False),
        ("lecture-1.5", [3, 10]),
        ("lecture-1.6", [1.0]),
    ],
)
def test_exercise_answers_are_accepted_and_match_the_library(exercise, answer):
    from statlib.exercises import check

    assert check(exercise, answer)
    if exercise == "lecture-1.2":
        X = np.array([[0.0, 0.0], [1.0, 3.0], [4.0, 1.0], [5.0, 4.0]])
        np.testing.assert_allclose(Relief().fit(X, [0, 0, 1, 1]).feature_importances_, answer, atol=1e-15)
    if exercise == "lecture-1.3":
        X, y = np.array([[0.0], [2.0], [4.0], [6.0]]), [0, 0, 1, 1]
        assert [fisher_criterion(X, y, k) for k in ("J2", "Jd", "J3")] == answer
    if exercise == "lecture-1.5":
        assert exhaustive_search(_blobs(0, d=5)[0], _blobs(0, d=5)[1], 2)[2] == answer[1]


def test_scatter_criteria_refuse_data_whose_squares_overflow():
    # the scatter matrices were inf and J2 NaN, with no error
    X = np.random.default_rng(0).normal(size=(12, 3)) * 1e300
    y = np.array([0, 1] * 6)
    for criterion in (scatter_matrices, fisher_criterion):
        with pytest.raises(ValueError, match="X is too large"):
            criterion(X, y)


def test_branch_and_bound_tree_accounts_for_every_leaf_and_follows_the_bound():
    X, y = load_wine(return_X_y=True)
    for k in (1, 2, 5, 12, 13):
        subset, value, count, tree = branch_and_bound(X, y, k, "fisher", return_tree=True)
        assert (subset, value, count) == branch_and_bound(X, y, k, "fisher")
        leaves = [node for node in tree if node["status"] in ("leaf", "new bound")]
        assert len(leaves) + sum(node.get("leaves_cut", 0) for node in tree) == n_subsets(13, k)
        assert tree[0]["parent"] is None and tree[0]["subset"] == tuple(range(13))
        for node in tree[1:]:
            parent = tree[node["parent"]]
            assert node["value"] <= parent["value"] * (1 + 1e-12)  # J_2 is monotone
            assert set(node["subset"]) == set(parent["subset"]) - {node["removed"]}
            assert (node["status"] == "pruned") == (node["value"] < node["bound"])
        assert [node for node in tree if node["status"] == "new bound"][-1]["subset"] == subset
    sel = BranchAndBound("fisher", 2).fit(X[:, :5], y)
    assert sel.tree_ == branch_and_bound(X[:, :5], y, 2, "fisher", return_tree=True)[3]


def test_branch_and_bound_refuses_a_non_bool_return_tree():
    X, y = load_wine(return_X_y=True)
    with pytest.raises(TypeError, match="return_tree"):
        branch_and_bound(X[:, :4], y, 2, return_tree="yes")
