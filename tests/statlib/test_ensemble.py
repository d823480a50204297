"""Tests for statlib.ensemble (Li Hang ch. 8): the book's Examples 8.1 and 8.2, the training-error
bound of Theorems 8.1/8.2, the forward-stagewise view (Theorem 8.3), the estimator contract, input
validation, and agreement with scikit-learn."""

import numpy as np
import pytest
from sklearn.datasets import load_breast_cancer, load_diabetes, make_classification
from sklearn.utils.estimator_checks import parametrize_with_checks

from statlib.datasets import load_example
from statlib.ensemble import (
    AdaBoostClassifier,
    BoostingTreeRegressor,
    GradientBoostingRegressor,
    regression_stump_losses,
    round_half_up,
)
from statlib.ensemble._stumps import _best_classification_stump, _best_regression_stump, sort_columns
from statlib.exercises import check

# ---------------------------------------------------------------------------------------------
# Example 8.1 (AdaBoost), the book's printed trace
# ---------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def ex81():
    data = load_example("lihang", "8.1")
    clf = AdaBoostClassifier(n_estimators=3).fit(data.X, data.y)
    return data, clf


def test_example_8_1_stumps(ex81):
    _, clf = ex81
    np.testing.assert_array_equal(clf.stump_thresholds_, [2.5, 8.5, 5.5])
    # G1, G2: x < v -> +1; G3 reversed: x > 5.5 -> +1, i.e. x < 5.5 -> -1.
    np.testing.assert_array_equal(clf.stump_polarities_, [1, 1, -1])
    assert clf.n_estimators_ == 3


def test_example_8_1_errors_and_alphas(ex81):
    _, clf = ex81
    # Book: e = 0.3, 0.2143, 0.1820; alpha = 0.4236, 0.6496, 0.7514.
    np.testing.assert_allclose(clf.estimator_errors_[:2], [0.3, 0.2143], atol=5e-5)
    np.testing.assert_allclose(clf.estimator_weights_[:2], [0.4236, 0.6496], atol=5e-5)
    # The book's e_3 = 0.1820 adds its rounded D_3 weights of the four misclassified points,
    # 4 x 0.0455; exactly, e_3 = 4/22 = 2/11 = 0.1818. Its alpha_3 = 0.7514 follows from 0.1820.
    data, _ = ex81
    g3 = np.where(data.X[:, 0] < 5.5, -1, 1)
    assert np.flatnonzero(g3 != data.y).tolist() == [0, 1, 2, 9]
    assert round(4 * 0.0455, 4) == 0.1820
    np.testing.assert_allclose(clf.estimator_errors_[2], 0.1820, atol=2e-4)
    np.testing.assert_allclose(clf.estimator_errors_, [3 / 10, 3 / 14, 2 / 11], rtol=1e-12)
    np.testing.assert_allclose(clf.estimator_weights_, 0.5 * np.log([7 / 3, 11 / 3, 9 / 2]), rtol=1e-12)
    assert round(0.5 * np.log((1 - 0.1820) / 0.1820), 4) == 0.7514
    assert abs(clf.estimator_weights_[2] - 0.7514) < 1e-3


def test_example_8_1_weights(ex81):
    data, clf = ex81
    D = clf.weight_history(data.X, data.y)
    np.testing.assert_allclose(D[0], 0.1)
    np.testing.assert_allclose(D[1], [0.07143] * 6 + [0.16667] * 3 + [0.07143], atol=5e-6)
    # The book prints 7/66 = 0.10606 as 0.1060 (truncated, not rounded), hence atol 1e-4 here.
    np.testing.assert_allclose(D[2], [0.0455] * 3 + [0.1667] * 3 + [0.1060] * 3 + [0.0455], atol=1e-4)
    np.testing.assert_allclose(D[2], [1 / 22] * 3 + [1 / 6] * 3 + [7 / 66] * 3 + [1 / 22], rtol=1e-12)
    np.testing.assert_allclose(D[3], [0.125] * 3 + [0.102] * 3 + [0.065] * 3 + [0.125], atol=5e-4)
    # Exact fractions.
    np.testing.assert_allclose(D[3], [1 / 8] * 3 + [11 / 108] * 3 + [7 / 108] * 3 + [1 / 8], rtol=1e-12)


def test_example_8_1_training_errors(ex81):
    data, clf = ex81
    mistakes = [int(np.sum(pred != data.y)) for pred in clf.staged_predict(data.X)]
    assert mistakes == [3, 3, 0]  # book: sign f_1, sign f_2, sign f_3


def test_example_8_1_tie_goes_to_first_threshold():
    # Under D_1, v = 2.5 and v = 8.5 (both x < v -> +1) have error 0.3; the book takes 2.5.
    data = load_example("lihang", "8.1")
    sv, order = sort_columns(data.X)
    y = data.y.astype(float)
    w = np.full(10, 0.1)
    feature, threshold, polarity, error = _best_classification_stump(sv, order, y * w, 0.6, 1.0, False)
    assert (feature, threshold, polarity) == (0, 2.5, 1)
    np.testing.assert_allclose(error, 0.3)
    # Mirrored data: the same tie now resolves to the other stump, always the first in scan order.
    clf = AdaBoostClassifier(n_estimators=1).fit(-data.X, data.y)
    assert clf.stump_thresholds_[0] == -8.5 and clf.stump_polarities_[0] == -1


def test_theorem_8_1_and_8_2_bound(ex81):
    data, clf = ex81
    e = clf.estimator_errors_
    Z = clf.normalizers_
    np.testing.assert_allclose(Z, 2 * np.sqrt(e * (1 - e)), rtol=1e-12)  # (8.11)
    np.testing.assert_allclose(np.prod(Z), 0.580193, atol=1e-6)
    f = clf.decision_function(data.X)
    np.testing.assert_allclose(np.mean(np.exp(-data.y * f)), np.prod(Z), rtol=1e-12)  # (8.9)
    gamma = 0.5 - e
    assert np.prod(Z) <= np.exp(-2 * np.sum(gamma**2))  # (8.10)


def test_theorem_8_1_on_random_data():
    X, y = make_classification(n_samples=300, n_features=5, random_state=0)
    clf = AdaBoostClassifier(n_estimators=40).fit(X, y)
    y_pm = np.where(y == clf.classes_[1], 1, -1)
    f = clf.decision_function(X)
    training_error = np.mean(clf.predict(X) != y)
    bound = np.mean(np.exp(-y_pm * f))
    np.testing.assert_allclose(bound, np.prod(clf.normalizers_), rtol=1e-10)
    assert training_error <= bound


def test_forward_stagewise_exponential_loss(ex81):
    # Theorem 8.3: alpha_m minimises the exponential loss of f_{m-1} + alpha G_m (8.21)-(8.22).
    from scipy.optimize import minimize_scalar

    data, clf = ex81
    f_prev = np.zeros(10)
    for m, f in enumerate(clf.staged_decision_function(data.X)):
        alpha = clf.estimator_weights_[m]
        g = (f - f_prev) / alpha
        res = minimize_scalar(
            lambda a: np.sum(np.exp(-data.y * (f_prev + a * g))),
            bounds=(0, 5),
            method="bounded",
            options={"xatol": 1e-10},
        )
        np.testing.assert_allclose(res.x, alpha, atol=1e-6)
        f_prev = f


# ---------------------------------------------------------------------------------------------
# Example 8.2 (boosting tree for regression)
# ---------------------------------------------------------------------------------------------

TABLE_8_3 = [15.72, 12.07, 8.36, 5.78, 3.91, 1.93, 8.01, 11.73, 15.74]
TABLE_8_4 = [-0.68, -0.54, -0.33, 0.16, 0.56, 0.81, -0.01, -0.21, 0.09, 0.14]
BOOK_LEAVES = [(6.24, 8.91), (-0.52, 0.22), (0.15, -0.22), (-0.16, 0.11), (0.07, -0.11), (-0.15, 0.04)]
BOOK_SPLITS = [6.5, 3.5, 6.5, 4.5, 6.5, 2.5]
BOOK_LOSSES = {1: 1.93, 2: 0.79, 3: 0.47, 4: 0.30, 5: 0.23, 6: 0.17}


def test_table_8_3():
    data = load_example("lihang", "8.2")
    s, m_s, c1, c2 = regression_stump_losses(data.X[:, 0], data.y)
    np.testing.assert_allclose(s, np.arange(1.5, 10, 1.0))
    # Three printed entries (12.07, 8.36, 11.73) are off by one in the last digit: exactly they are
    # 12.0834, 8.3656, 11.7354.
    np.testing.assert_allclose(m_s, TABLE_8_3, atol=0.015)
    np.testing.assert_allclose(m_s[[1, 2, 7]], [12.0834, 8.3656, 11.7354], atol=5e-5)
    assert s[np.argmin(m_s)] == 6.5
    np.testing.assert_allclose([c1[0], c2[0]], [5.56, 7.50], atol=5e-3)


@pytest.mark.parametrize("book_rounding", [True, False])
def test_example_8_2_splits(book_rounding):
    data = load_example("lihang", "8.2")
    reg = BoostingTreeRegressor(n_estimators=6, book_rounding=book_rounding).fit(data.X, data.y)
    np.testing.assert_array_equal(reg.stump_thresholds_, BOOK_SPLITS)


def test_example_8_2_book_rounding_reproduces_every_number():
    data = load_example("lihang", "8.2")
    reg = BoostingTreeRegressor(n_estimators=6, book_rounding=True).fit(data.X, data.y)
    np.testing.assert_allclose(reg.leaf_values_, BOOK_LEAVES, atol=1e-9)
    np.testing.assert_allclose(reg.residuals_[1], TABLE_8_4, atol=1e-9)
    np.testing.assert_allclose(np.round(reg.train_loss_, 2), list(BOOK_LOSSES.values()), atol=1e-9)
    staged = list(reg.staged_predict(data.X))
    np.testing.assert_allclose(np.unique(staged[1]), [5.72, 6.46, 9.13], atol=1e-9)
    np.testing.assert_allclose(np.unique(staged[5]), [5.63, 5.82, 6.56, 6.83, 8.95], atol=1e-9)


def test_example_8_2_exact():
    data = load_example("lihang", "8.2")
    reg = BoostingTreeRegressor(n_estimators=6).fit(data.X, data.y)
    exact_leaves = [
        (6.2367, 8.9125),
        (-0.5133, 0.2200),
        (0.1467, -0.2200),
        (-0.1608, 0.1072),
        (0.0715, -0.1072),
        (-0.1506, 0.0377),
    ]
    np.testing.assert_allclose(reg.leaf_values_, exact_leaves, atol=5e-5)
    np.testing.assert_allclose(reg.train_loss_, [1.9300, 0.8007, 0.4780, 0.3056, 0.2289, 0.1722], atol=5e-5)
    np.testing.assert_allclose(np.unique(reg.predict(data.X)), [5.6300, 5.8183, 6.5516, 6.8197, 8.9502], atol=5e-5)
    # Within the book's rounding: every printed loss is within 0.015 of the exact one.
    np.testing.assert_allclose(reg.train_loss_, list(BOOK_LOSSES.values()), atol=0.015)
    # T_1 by hand: the means of y over x <= 6 and x > 6.
    np.testing.assert_allclose(reg.leaf_values_[0], [data.y[:6].mean(), data.y[6:].mean()], rtol=1e-12)


def test_round_half_up():
    np.testing.assert_allclose(round_half_up([0.125, -0.125, 0.5133, 2.675, -0.005]), [0.13, -0.13, 0.51, 2.68, -0.01])


# ---------------------------------------------------------------------------------------------
# Gradient boosting (algorithm 8.4)
# ---------------------------------------------------------------------------------------------


def test_gradient_boosting_squared_equals_boosting_tree():
    # With the squared loss and learning rate 1, algorithm 8.4 is algorithm 8.3 started at the mean.
    data = load_example("lihang", "8.2")
    gb = GradientBoostingRegressor(n_estimators=6, learning_rate=1.0).fit(data.X, data.y)
    bt = BoostingTreeRegressor(n_estimators=6).fit(data.X, data.y - data.y.mean())
    np.testing.assert_allclose(gb.predict(data.X), bt.predict(data.X) + data.y.mean(), rtol=1e-12)
    np.testing.assert_array_equal(gb.stump_thresholds_, bt.stump_thresholds_)


@pytest.mark.parametrize("loss", ["squared_error", "absolute_error", "huber"])
def test_gradient_boosting_leaf_values_minimise_the_loss(loss):
    # Step 2(c): each leaf value is the exact argmin of the loss over that leaf (checked against
    # a bounded scalar minimiser), and the training loss never increases with learning_rate = 1.
    from scipy.optimize import minimize_scalar

    rng = np.random.default_rng(0)
    X = rng.uniform(0, 10, size=(80, 2))
    y = np.sin(X[:, 0]) + 0.3 * rng.standard_t(2, size=80)
    gb = GradientBoostingRegressor(loss=loss, n_estimators=5, learning_rate=1.0).fit(X, y)
    assert np.all(np.diff(gb.train_score_) <= 1e-12)
    f = np.full(80, gb.init_)
    for m, f_next in enumerate(gb.staged_predict(X)):
        r = y - f
        left = X[:, gb.stump_features_[m]] <= gb.stump_thresholds_[m]
        delta = gb.deltas_[m]

        def leaf_loss(c, part):
            u = r[part] - c
            if loss == "squared_error":
                return np.sum(u**2)
            if loss == "absolute_error":
                return np.sum(np.abs(u))
            return np.sum(np.where(np.abs(u) <= delta, 0.5 * u**2, delta * (np.abs(u) - 0.5 * delta)))

        for j, part in enumerate([left, ~left]):
            best = minimize_scalar(
                lambda c: leaf_loss(c, part), bounds=(r.min(), r.max()), method="bounded", options={"xatol": 1e-12}
            )
            assert leaf_loss(gb.leaf_values_[m, j], part) <= best.fun + 1e-9
        f = f_next


def test_gradient_boosting_init():
    y = np.array([1.0, 2.0, 10.0, 3.0])
    X = np.arange(4.0).reshape(-1, 1)
    assert GradientBoostingRegressor(loss="squared_error", n_estimators=1).fit(X, y).init_ == 4.0
    assert GradientBoostingRegressor(loss="absolute_error", n_estimators=1).fit(X, y).init_ == 2.0


def test_regression_stump_kernel_against_brute_force():
    rng = np.random.default_rng(1)
    X = rng.integers(0, 6, size=(40, 3)).astype(float)
    r = rng.normal(size=40)
    w = rng.uniform(0.5, 2.0, size=40)
    sv, order = sort_columns(X)
    feature, threshold, c1, c2, sse = _best_regression_stump(sv, order, r, w, 1)
    best = np.inf
    for j in range(3):
        vals = np.unique(X[:, j])
        for s in (vals[:-1] + vals[1:]) / 2:
            left = X[:, j] <= s
            cost = sum(np.sum(w[p] * (r[p] - np.average(r[p], weights=w[p])) ** 2) for p in (left, ~left))
            best = min(best, cost)
    np.testing.assert_allclose(sse, best, rtol=1e-10)
    left = X[:, feature] <= threshold
    np.testing.assert_allclose([c1, c2], [np.average(r[left], weights=w[left]), np.average(r[~left], weights=w[~left])])


def test_classification_stump_kernel_against_brute_force():
    rng = np.random.default_rng(2)
    X = rng.normal(size=(60, 4)).round(1)
    y = rng.choice([-1.0, 1.0], size=60)
    w = rng.uniform(size=60)
    w /= w.sum()
    sv, order = sort_columns(X)
    feature, threshold, polarity, error = _best_classification_stump(sv, order, y * w, w[y > 0].sum(), 1.0, False)
    best = np.inf
    for j in range(4):
        vals = np.unique(X[:, j])
        for v in (vals[:-1] + vals[1:]) / 2:
            for s in (1, -1):
                g = np.where(X[:, j] < v, s, -s)
                best = min(best, w[g != y].sum())
    np.testing.assert_allclose(error, best, atol=1e-12)
    g = np.where(X[:, feature] < threshold, polarity, -polarity)
    np.testing.assert_allclose(w[g != y].sum(), best, atol=1e-12)


# ---------------------------------------------------------------------------------------------
# Against scikit-learn on real data
# ---------------------------------------------------------------------------------------------


def test_adaboost_matches_sklearn_on_breast_cancer():
    from sklearn.ensemble import AdaBoostClassifier as SkAdaBoost
    from sklearn.model_selection import train_test_split
    from sklearn.tree import DecisionTreeClassifier

    X, y = load_breast_cancer(return_X_y=True)
    Xtr, Xte, ytr, yte = train_test_split(X, y, test_size=0.3, random_state=0, stratify=y)
    ours = AdaBoostClassifier(n_estimators=100).fit(Xtr, ytr)
    ref = SkAdaBoost(DecisionTreeClassifier(max_depth=1), n_estimators=100, random_state=0).fit(Xtr, ytr)
    assert abs(ours.score(Xte, yte) - ref.score(Xte, yte)) <= 0.03
    # scikit-learn's stump minimises the weighted Gini impurity, not the weighted error, so the stumps
    # may differ from round to round; here the first one is the same, and so is its coefficient:
    # SAMME's weight log((1 - e)/e) is twice the book's alpha (8.2) for two classes.
    assert ours.stump_features_[0] == ref.estimators_[0].tree_.feature[0]
    np.testing.assert_allclose(2 * ours.estimator_weights_[0], ref.estimator_weights_[0], rtol=1e-10)


@pytest.mark.parametrize("loss", ["squared_error", "absolute_error", "huber"])
def test_gradient_boosting_matches_sklearn_on_diabetes(loss):
    from sklearn.ensemble import GradientBoostingRegressor as SkGB
    from sklearn.model_selection import train_test_split

    X, y = load_diabetes(return_X_y=True)
    Xtr, Xte, ytr, yte = train_test_split(X, y, test_size=0.3, random_state=0)
    ours = GradientBoostingRegressor(loss=loss, n_estimators=100, learning_rate=0.1).fit(Xtr, ytr)
    ref = SkGB(loss=loss, n_estimators=100, learning_rate=0.1, max_depth=1, random_state=0).fit(Xtr, ytr)
    assert abs(ours.score(Xte, yte) - ref.score(Xte, yte)) <= 0.02
    if loss == "squared_error":
        # Same splits (both least squares) and leaf values: identical fits on the training data. (On
        # new points a threshold may differ in the last digits: scikit-learn's trees use float32.)
        np.testing.assert_allclose(ours.predict(Xtr), ref.predict(Xtr), rtol=1e-8)


@pytest.mark.parametrize("max_depth", [2, 3])
def test_gradient_boosting_deeper_trees_match_sklearn_squared(max_depth):
    # Deeper trees come from statlib.tree.DecisionTreeRegressor (CART); with the squared loss the fit is
    # scikit-learn's, split for split, on the training data.
    from sklearn.ensemble import GradientBoostingRegressor as SkGB

    X, y = load_diabetes(return_X_y=True)
    ours = GradientBoostingRegressor(n_estimators=50, max_depth=max_depth).fit(X, y)
    ref = SkGB(n_estimators=50, max_depth=max_depth, random_state=0).fit(X, y)
    np.testing.assert_allclose(ours.predict(X), ref.predict(X), rtol=1e-8)
    assert len(ours.estimators_) == 50 and not hasattr(ours, "stump_features_")


@pytest.mark.parametrize("loss", ["absolute_error", "huber"])
def test_gradient_boosting_deeper_trees_leaf_values(loss):
    # Step 2(c) for every leaf of a depth-2 tree: the stored c_mj is the exact minimiser of the loss.
    from scipy.optimize import minimize_scalar

    rng = np.random.default_rng(4)
    X = rng.uniform(size=(120, 3))
    y = X[:, 0] * 4 + np.sin(6 * X[:, 1]) + rng.standard_t(2, size=120)
    gb = GradientBoostingRegressor(loss=loss, n_estimators=3, max_depth=2, learning_rate=1.0).fit(X, y)
    f = np.full(120, gb.init_)
    for m, tree in enumerate(gb.estimators_):
        r, leaf, delta = y - f, tree.apply(X), gb.deltas_[m]
        for j in np.unique(leaf):
            u = r[leaf == j]

            def cost(c):
                d = u - c
                if loss == "absolute_error":
                    return np.sum(np.abs(d))
                return np.sum(np.where(np.abs(d) <= delta, 0.5 * d**2, delta * (np.abs(d) - 0.5 * delta)))

            best = minimize_scalar(cost, bounds=(u.min(), u.max()), method="bounded", options={"xatol": 1e-12})
            assert cost(tree.tree_.value[j]) <= best.fun + 1e-9
        f = f + tree.predict(X)
    np.testing.assert_allclose(f, gb.predict(X), rtol=1e-12)


def test_gradient_boosting_refit_with_other_depth():
    X, y = load_diabetes(return_X_y=True)
    gb = GradientBoostingRegressor(n_estimators=5, max_depth=3).fit(X, y)
    gb.set_params(max_depth=1).fit(X, y)
    assert not hasattr(gb, "estimators_")
    np.testing.assert_allclose(gb.predict(X), GradientBoostingRegressor(n_estimators=5).fit(X, y).predict(X))


# ---------------------------------------------------------------------------------------------
# Estimator contract and input validation
# ---------------------------------------------------------------------------------------------


@parametrize_with_checks(
    [
        AdaBoostClassifier(n_estimators=10),
        AdaBoostClassifier(n_estimators=10, allow_constant=True),
        GradientBoostingRegressor(n_estimators=20),
        GradientBoostingRegressor(n_estimators=10, max_depth=3, loss="huber"),
        BoostingTreeRegressor(n_estimators=20),
    ]
)
def test_sklearn_compatible(estimator, check):
    check(estimator)


@pytest.mark.parametrize(
    "estimator, param, value, error",
    [
        (AdaBoostClassifier, "n_estimators", 0, ValueError),
        (AdaBoostClassifier, "n_estimators", 2.5, TypeError),
        (GradientBoostingRegressor, "loss", "hinge", ValueError),
        (GradientBoostingRegressor, "learning_rate", 0.0, ValueError),
        (GradientBoostingRegressor, "learning_rate", "fast", TypeError),
        (GradientBoostingRegressor, "max_depth", 0, ValueError),
        (GradientBoostingRegressor, "min_samples_leaf", 0, ValueError),
        (GradientBoostingRegressor, "alpha", 1.0, ValueError),
        (BoostingTreeRegressor, "book_rounding", "yes", TypeError),
        (BoostingTreeRegressor, "n_estimators", -1, ValueError),
    ],
)
def test_bad_hyperparameters(estimator, param, value, error):
    X = np.arange(10.0).reshape(-1, 1)
    y = np.array([1, 1, 1, -1, -1, -1, 1, 1, 1, -1])
    with pytest.raises(error, match=param):
        estimator(**{param: value}).fit(X, y)


@pytest.mark.parametrize("estimator", [AdaBoostClassifier, GradientBoostingRegressor, BoostingTreeRegressor])
def test_bad_data(estimator):
    y = np.array([1, -1, 1])
    with pytest.raises(ValueError):
        estimator().fit(np.array([[1.0], [np.nan], [2.0]]), y)
    with pytest.raises(ValueError):
        estimator().fit(np.arange(3.0), y)  # 1-D X
    with pytest.raises(ValueError):
        estimator().fit(np.arange(6.0).reshape(-1, 1), y)  # lengths differ
    with pytest.raises(ValueError):
        estimator().fit(np.empty((0, 1)), np.empty(0))
    with pytest.raises(ValueError, match="sample_weight"):
        estimator().fit(np.arange(3.0).reshape(-1, 1), y, sample_weight=[1.0, -1.0, 1.0])
    with pytest.raises((ValueError, TypeError)):
        estimator().fit(np.array([["a"], ["b"], ["c"]]), y)


def test_adaboost_one_class():
    with pytest.raises(ValueError, match="class"):
        AdaBoostClassifier().fit(np.arange(4.0).reshape(-1, 1), [1, 1, 1, 1])
    with pytest.raises(ValueError, match="class"):
        AdaBoostClassifier().fit(np.arange(4.0).reshape(-1, 1), [1, 1, -1, -1], sample_weight=[1, 1, 0, 0])


def test_adaboost_predict_wrong_width():
    clf = AdaBoostClassifier(n_estimators=3).fit(np.arange(10.0).reshape(-1, 2), [1, -1, 1, -1, 1])
    with pytest.raises(ValueError, match="features"):
        clf.predict(np.zeros((2, 3)))


def test_adaboost_stops_on_a_perfect_stump():
    X = np.arange(6.0).reshape(-1, 1)
    y = np.array([-1, -1, -1, 1, 1, 1])
    clf = AdaBoostClassifier(n_estimators=10).fit(X, y)
    assert clf.n_estimators_ == 1 and clf.estimator_errors_[0] == 0.0
    np.testing.assert_array_equal(clf.predict(X), y)


def test_adaboost_constant_features():
    X = np.ones((4, 2))
    clf = AdaBoostClassifier(n_estimators=5).fit(X, [1, 1, 1, -1])
    np.testing.assert_array_equal(clf.predict(X), [1, 1, 1, 1])


def test_adaboost_multiclass_one_vs_rest():
    from sklearn.datasets import load_iris

    X, y = load_iris(return_X_y=True)
    clf = AdaBoostClassifier(n_estimators=30).fit(X, y)
    assert clf.decision_function(X).shape == (150, 3)
    assert clf.score(X, y) > 0.9


def test_sample_weight_is_the_initial_distribution():
    data = load_example("lihang", "8.1")
    X2 = np.vstack([data.X, data.X[:3]])
    y2 = np.concatenate([data.y, data.y[:3]])
    a = AdaBoostClassifier(n_estimators=5).fit(X2, y2)
    b = AdaBoostClassifier(n_estimators=5).fit(data.X, data.y, sample_weight=[2, 2, 2] + [1] * 7)
    np.testing.assert_allclose(a.estimator_weights_, b.estimator_weights_, rtol=1e-12)
    np.testing.assert_array_equal(a.stump_thresholds_, b.stump_thresholds_)


# ---------------------------------------------------------------------------------------------
# Exercises
# ---------------------------------------------------------------------------------------------


def _brute_force_adaboost(X, y, allow_constant, rounds):
    """Algorithm 8.1 written out with explicit candidate lists (no cumulative sums, no Numba)."""
    n = len(y)
    w = np.full(n, 1 / n)
    f = np.zeros(n)
    alphas, mistakes = [], []
    for _ in range(rounds):
        candidates = []
        for j in range(X.shape[1]):
            vals = np.unique(X[:, j])
            for v in (vals[:-1] + vals[1:]) / 2:
                candidates += [np.where(X[:, j] < v, s, -s) for s in (1, -1)]
        if allow_constant:
            candidates += [np.ones(n), -np.ones(n)]
        errors = [w[g != y].sum() for g in candidates]
        best = next(k for k, e in enumerate(errors) if e < min(errors) + 1e-10)
        g, e = candidates[best], errors[best]
        alpha = 0.5 * np.log((1 - e) / e)
        f += alpha * g
        w = w * np.exp(-alpha * y * g)
        w /= w.sum()
        alphas.append(alpha)
        mistakes.append(int(np.sum(np.where(f >= 0, 1, -1) != y)))
    return np.array(alphas), mistakes


def test_exercise_8_1():
    data = load_example("lihang", "exercise-8.1")
    # With constant stumps allowed, six rounds separate the data.
    clf = AdaBoostClassifier(n_estimators=6, allow_constant=True).fit(data.X, data.y)
    alphas, mistakes = _brute_force_adaboost(data.X, data.y, True, 6)
    np.testing.assert_allclose(clf.estimator_weights_, alphas, rtol=1e-10)
    assert mistakes[-1] == 0 and min(mistakes[:-1]) > 0
    assert [int(np.sum(p != data.y)) for p in clf.staged_predict(data.X)] == mistakes
    assert clf.estimator_errors_[0] == pytest.approx(0.2)  # round 1: the constant "everyone -1"
    assert check("lihang-8.1", np.round(alphas, 4)).correct
    assert not check("lihang-8.1", np.round(alphas, 4) + 0.01).correct
    # Without them f has no intercept and the training error never gets below 2.
    clf = AdaBoostClassifier(n_estimators=200).fit(data.X, data.y)
    alphas, mistakes = _brute_force_adaboost(data.X, data.y, False, 200)
    np.testing.assert_allclose(clf.estimator_weights_, alphas, rtol=1e-8)
    assert min(mistakes) == 2


def test_exercise_8_2_checker():
    z = -1.0
    good = (max(0.0, 1 - z), np.exp(-z), np.log1p(np.exp(-z)))
    assert check("lihang-8.2", good).correct
    assert not check("lihang-8.2", (1.0, 1.0, 1.0)).correct


@pytest.mark.parametrize("model", [GradientBoostingRegressor(n_estimators=3), BoostingTreeRegressor(n_estimators=3)])
def test_boosting_regressors_refuse_targets_whose_squares_overflow(model):
    # train_score_ / train_loss_ were inf
    X = np.arange(10.0).reshape(-1, 1)
    with pytest.raises(ValueError, match="y is too large"):
        model.fit(X, np.sin(X[:, 0]) * 1e300)
