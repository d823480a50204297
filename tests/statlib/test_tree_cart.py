"""CART (Li Hang section 5.5): statlib.tree.DecisionTreeClassifier / DecisionTreeRegressor.

Expected values come from outside the code under test: scikit-learn's trees (same algorithm, same
split-point convention), hand derivations on Table 5.2, and identities (sample weights as
repetitions, the weakest-link sequence checked by brute force over all subtrees).
"""

import itertools

import numpy as np
import pytest
from sklearn import tree as sktree
from sklearn.datasets import load_breast_cancer, load_diabetes
from sklearn.model_selection import train_test_split
from sklearn.utils.estimator_checks import parametrize_with_checks

from statlib.tree import DecisionTreeClassifier, DecisionTreeRegressor

X_52 = np.arange(1, 11, dtype=float).reshape(-1, 1)
Y_52 = np.array([4.50, 4.75, 4.91, 5.34, 5.80, 7.05, 7.90, 8.23, 8.70, 9.00])


def _estimator_checks_xfail(estimator):
    return {}


@parametrize_with_checks(
    [DecisionTreeClassifier(), DecisionTreeClassifier(criterion="entropy", max_depth=3), DecisionTreeRegressor()],
    expected_failed_checks=_estimator_checks_xfail,
)
def test_sklearn_compatible(estimator, check):
    check(estimator)


# --- Algorithm 5.5 on Table 5.2 (hand derivation) ---------------------------------------------


def _best_stump(x, y):
    """Brute force over s in the data of (5.21): returns (s, c1, c2, loss)."""
    best = None
    for s in x[:-1]:
        left, right = y[x <= s], y[x > s]
        loss = ((left - left.mean()) ** 2).sum() + ((right - right.mean()) ** 2).sum()
        if best is None or loss < best[3]:
            best = (s, left.mean(), right.mean(), loss)
    return best


def test_regression_stump_table_5_2():
    s, c1, c2, _ = _best_stump(X_52[:, 0], Y_52)
    assert s == 5  # R1 = {x <= 5}
    stump = DecisionTreeRegressor(max_depth=1).fit(X_52, Y_52)
    assert stump.tree_.feature[0] == 0
    assert stump.tree_.threshold[0] == 5.5  # midpoint between 5 and 6: same partition as x <= 5
    np.testing.assert_allclose(stump.tree_.value[1:], [c1, c2])
    np.testing.assert_allclose([c1, c2], [25.30 / 5, 40.88 / 5])  # 5.06 and 8.176 by hand


def test_regression_tree_is_recursive_stumps():
    """Each internal node of the full tree splits its region as the brute-force stump does."""
    reg = DecisionTreeRegressor().fit(X_52, Y_52)
    t = reg.tree_
    assert t.n_leaves == 10  # grown until every leaf holds one sample
    leaves = reg.apply(X_52)
    np.testing.assert_allclose(reg.predict(X_52), Y_52)
    for node in np.flatnonzero(t.children_left >= 0):
        members = np.flatnonzero([node in _path(t, i) for i in leaves])
        x, y = X_52[members, 0], Y_52[members]
        s, *_ = _best_stump(x, y)
        assert x[x <= s].max() < t.threshold[node] < x[x > s].min()


def _path(t, leaf):
    """Nodes on the root-to-leaf path (pre-order parents are smaller ids)."""
    parents = {}
    for p in range(t.node_count):
        if t.children_left[p] >= 0:
            parents[t.children_left[p]] = p
            parents[t.children_right[p]] = p
    out = [leaf]
    while out[-1] in parents:
        out.append(parents[out[-1]])
    return out


# --- agreement with scikit-learn --------------------------------------------------------------


def _same_tree(ours, theirs, *, regression):
    a, b = ours.tree_, theirs.tree_
    assert a.node_count == b.node_count
    np.testing.assert_array_equal(a.children_left, b.children_left)
    np.testing.assert_array_equal(a.children_right, b.children_right)
    np.testing.assert_array_equal(a.feature, b.feature)
    internal = a.children_left >= 0
    # scikit-learn sorts float32 copies of X, so its thresholds agree to float32 precision.
    np.testing.assert_allclose(a.threshold[internal], b.threshold[internal], rtol=1e-6, atol=1e-6)
    np.testing.assert_allclose(a.impurity, b.impurity, rtol=1e-9, atol=1e-12)
    np.testing.assert_array_equal(a.n_node_samples, b.n_node_samples)
    expected_value = b.value[:, 0, 0] if regression else b.value[:, 0, :]
    np.testing.assert_allclose(a.value, expected_value, rtol=1e-9, atol=1e-12)


@pytest.mark.parametrize("criterion", ["gini", "entropy"])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_classifier_matches_sklearn_one_feature(criterion, seed):
    # One continuous feature: no ties between features. Within the feature, two split points can
    # tie exactly (e.g. in a node of 10 samples); statlib takes the lowest, scikit-learn whichever
    # rounding favours, so min_samples_leaf=3 keeps such tiny nodes out and the trees are identical.
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(300, 1))
    y = (np.sin(3 * X[:, 0]) + 0.5 * rng.normal(size=300) > 0).astype(int) + (X[:, 0] > 1)
    ours = DecisionTreeClassifier(criterion=criterion, min_samples_leaf=3).fit(X, y)
    theirs = sktree.DecisionTreeClassifier(criterion=criterion, min_samples_leaf=3, random_state=0).fit(X, y)
    _same_tree(ours, theirs, regression=False)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_regressor_matches_sklearn_one_feature(seed):
    rng = np.random.default_rng(seed)
    X = rng.uniform(-2, 2, size=(300, 1))
    y = np.sin(2 * X[:, 0]) + 0.3 * rng.normal(size=300)
    ours = DecisionTreeRegressor(min_samples_leaf=3).fit(X, y)
    theirs = sktree.DecisionTreeRegressor(min_samples_leaf=3, random_state=0).fit(X, y)
    _same_tree(ours, theirs, regression=True)


def test_classifier_matches_sklearn_several_features_shallow():
    # Several continuous features, depth-limited and min_samples_leaf: no ties in practice.
    rng = np.random.default_rng(5)
    X = rng.normal(size=(500, 6))
    y = (X[:, 0] + X[:, 1] * X[:, 2] + 0.3 * rng.normal(size=500) > 0).astype(int)
    ours = DecisionTreeClassifier(max_depth=4, min_samples_leaf=10).fit(X, y)
    theirs = sktree.DecisionTreeClassifier(max_depth=4, min_samples_leaf=10, random_state=0).fit(X, y)
    _same_tree(ours, theirs, regression=False)


def test_real_data_accuracy_close_to_sklearn():
    X, y = load_breast_cancer(return_X_y=True)
    X_tr, X_te, y_tr, y_te = train_test_split(X, y, test_size=0.3, random_state=0, stratify=y)
    ours = DecisionTreeClassifier(min_samples_leaf=5).fit(X_tr, y_tr).score(X_te, y_te)
    theirs = [
        sktree.DecisionTreeClassifier(min_samples_leaf=5, random_state=s).fit(X_tr, y_tr).score(X_te, y_te)
        for s in range(5)
    ]
    assert min(theirs) - 0.03 <= ours <= max(theirs) + 0.03


def test_real_data_regression_close_to_sklearn():
    X, y = load_diabetes(return_X_y=True)
    X_tr, X_te, y_tr, y_te = train_test_split(X, y, test_size=0.3, random_state=0)
    ours = DecisionTreeRegressor(max_depth=3).fit(X_tr, y_tr)
    theirs = sktree.DecisionTreeRegressor(max_depth=3, random_state=0).fit(X_tr, y_tr)
    _same_tree(ours, theirs, regression=True)


# --- sample weights ---------------------------------------------------------------------------


@pytest.mark.parametrize("Est", [DecisionTreeClassifier, DecisionTreeRegressor])
def test_integer_weights_equal_repetition(Est):
    rng = np.random.default_rng(3)
    X = rng.normal(size=(80, 3))
    y = (X[:, 0] > 0).astype(int) + (X[:, 1] > 0.5) if Est is DecisionTreeClassifier else X[:, 0] ** 2 + X[:, 1]
    weights = rng.integers(1, 4, size=80)
    weighted = Est(max_depth=4).fit(X, y, sample_weight=weights)
    repeated = Est(max_depth=4).fit(np.repeat(X, weights, axis=0), np.repeat(y, weights))
    np.testing.assert_array_equal(weighted.tree_.feature, repeated.tree_.feature)
    np.testing.assert_allclose(weighted.tree_.threshold, repeated.tree_.threshold)
    np.testing.assert_allclose(weighted.tree_.value, repeated.tree_.value)


def test_weighted_regression_leaf_is_weighted_mean():
    X = np.array([[0.0], [0.0], [1.0], [1.0]])
    y = np.array([1.0, 3.0, 10.0, 20.0])
    w = np.array([3.0, 1.0, 1.0, 4.0])
    reg = DecisionTreeRegressor().fit(X, y, sample_weight=w)
    np.testing.assert_allclose(reg.predict([[0.0], [1.0]]), [(3 + 3) / 4, (10 + 80) / 5])


# --- Algorithm 5.7: pruning -------------------------------------------------------------------


def test_pruning_path_matches_sklearn():
    rng = np.random.default_rng(0)
    X = rng.normal(size=(200, 1))
    y = (X[:, 0] + 0.8 * rng.normal(size=200) > 0).astype(int)
    ours = DecisionTreeClassifier().cost_complexity_pruning_path(X, y)
    theirs = sktree.DecisionTreeClassifier(random_state=0).cost_complexity_pruning_path(X, y)
    # scikit-learn prunes one node per round, repeating alpha on ties; Algorithm 5.7 prunes all
    # nodes with g(t) = alpha at once. The distinct alphas and their impurities must agree.
    alphas, first = np.unique(np.round(theirs.ccp_alphas, 12), return_index=True)
    last = np.array([np.flatnonzero(np.round(theirs.ccp_alphas, 12) == a)[-1] for a in alphas])
    np.testing.assert_allclose(ours.ccp_alphas, theirs.ccp_alphas[first], rtol=1e-7, atol=1e-12)
    np.testing.assert_allclose(ours.impurities, theirs.impurities[last], rtol=1e-7, atol=1e-12)


@pytest.mark.parametrize("alpha_index", [1, 3, 6])
def test_ccp_alpha_gives_sklearn_subtree(alpha_index):
    rng = np.random.default_rng(1)
    X = rng.normal(size=(150, 1))
    y = X[:, 0] ** 2 + 0.5 * rng.normal(size=150)
    path = DecisionTreeRegressor(min_samples_leaf=2).cost_complexity_pruning_path(X, y)
    alpha = 0.5 * (path.ccp_alphas[alpha_index] + path.ccp_alphas[alpha_index + 1])
    ours = DecisionTreeRegressor(min_samples_leaf=2, ccp_alpha=alpha).fit(X, y)
    theirs = sktree.DecisionTreeRegressor(min_samples_leaf=2, ccp_alpha=alpha, random_state=0).fit(X, y)
    _same_tree(ours, theirs, regression=True)


def _all_pruned_subtrees(t):
    """Every pruned subtree of a small tree, as a boolean 'made a leaf' mask (brute force)."""
    internal = list(np.flatnonzero(t.children_left >= 0))
    for mask_bits in itertools.product([False, True], repeat=len(internal)):
        mask = np.zeros(t.node_count, dtype=bool)
        mask[internal] = mask_bits
        yield mask


def _cost(t, mask, alpha):
    sub = t.subtree(mask)
    leaves = sub.children_left < 0
    return (
        sub.weighted_n_node_samples[leaves] / sub.weighted_n_node_samples[0] * sub.impurity[leaves]
    ).sum() + alpha * leaves.sum(), leaves.sum()


def test_weakest_link_subtrees_are_optimal():
    """Exercises 5.3 and 5.4 numerically: T_k minimises C_alpha over all pruned subtrees for alpha in
    [alpha_k, alpha_{k+1}), and is the smallest such minimiser."""
    rng = np.random.default_rng(4)
    X = rng.normal(size=(60, 2))
    y = (X[:, 0] + 0.7 * rng.normal(size=60) > 0).astype(int)
    clf = DecisionTreeClassifier(max_depth=3).fit(X, y)
    t = clf.tree_
    assert 3 <= int((t.children_left >= 0).sum()) <= 7
    sequence = clf.pruning_sequence()
    alphas = [a for a, _ in sequence] + [np.inf]
    for k, (alpha_k, t_k) in enumerate(sequence):
        hi = alphas[k + 1] if np.isfinite(alphas[k + 1]) else alpha_k + 1.0
        for alpha in np.linspace(alpha_k, hi, 5)[:-1]:
            costs = [_cost(t, m, alpha) for m in _all_pruned_subtrees(t)]
            best = min(c for c, _ in costs)
            smallest = min(n for c, n in costs if c <= best + 1e-12)
            leaves = t_k.children_left < 0
            c_k = (t_k.weighted_n_node_samples[leaves] / t_k.weighted_n_node_samples[0] * t_k.impurity[leaves]).sum()
            assert c_k + alpha * leaves.sum() == pytest.approx(best, abs=1e-12)
            assert leaves.sum() == smallest


# --- bad input --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "params, match",
    [
        ({"max_depth": 0}, "max_depth"),
        ({"max_depth": 2.5}, "max_depth"),
        ({"min_samples_split": 1}, "min_samples_split"),
        ({"min_samples_leaf": 0}, "min_samples_leaf"),
        ({"min_impurity_decrease": -1.0}, "min_impurity_decrease"),
        ({"ccp_alpha": -0.1}, "ccp_alpha"),
        ({"criterion": "log_loss"}, "criterion"),
    ],
)
def test_bad_hyperparameters(params, match):
    X, y = np.array([[0.0], [1.0], [2.0]]), np.array([0, 1, 1])
    with pytest.raises((ValueError, TypeError), match=match):
        DecisionTreeClassifier(**params).fit(X, y)


def test_bad_data():
    with pytest.raises(ValueError, match="2D|2-D"):
        DecisionTreeRegressor().fit(np.arange(4.0), np.arange(4.0))
    with pytest.raises(ValueError, match="NaN|infinity"):
        DecisionTreeRegressor().fit([[0.0], [np.nan]], [1.0, 2.0])
    with pytest.raises(ValueError, match="sample"):
        DecisionTreeRegressor().fit(np.empty((0, 2)), np.empty(0))
    with pytest.raises(ValueError, match="inconsistent|same number"):
        DecisionTreeRegressor().fit([[0.0], [1.0]], [1.0])
    with pytest.raises(ValueError, match="class"):
        DecisionTreeClassifier().fit([[0.0], [1.0]], [1, 1])
    with pytest.raises(ValueError, match="Unknown label|continuous"):
        DecisionTreeClassifier().fit([[0.0], [1.0]], [0.5, 1.5])
    with pytest.raises(ValueError, match="[Nn]egative"):
        DecisionTreeRegressor().fit([[0.0], [1.0]], [1.0, 2.0], sample_weight=[1.0, -1.0])
    with pytest.raises(ValueError, match="[Ss]ample.weight"):
        DecisionTreeRegressor().fit([[0.0], [1.0]], [1.0, 2.0], sample_weight=[0.0, 0.0])
    with pytest.raises((ValueError, TypeError)):
        DecisionTreeRegressor().fit([["a"], ["b"]], [1.0, 2.0])
    reg = DecisionTreeRegressor().fit([[0.0, 1.0], [1.0, 0.0]], [1.0, 2.0])
    with pytest.raises(ValueError, match="features"):
        reg.predict([[0.0]])


def test_deep_tree_matches_sklearn():
    # y = 3^x: the best split always isolates the largest response, so the tree is a chain of depth 149
    # (deeper than the 64 rows the grower starts with for its per-depth bookkeeping).
    X = np.arange(150, dtype=float).reshape(-1, 1)
    y = 3.0 ** np.arange(150)
    ours = DecisionTreeRegressor().fit(X, y)
    theirs = sktree.DecisionTreeRegressor(random_state=0).fit(X, y)
    assert ours.get_depth() == theirs.get_depth() > 64
    a, b = ours.tree_, theirs.tree_
    np.testing.assert_array_equal(a.children_left, b.children_left)
    np.testing.assert_array_equal(a.feature, b.feature)
    np.testing.assert_allclose(a.threshold, b.threshold, rtol=1e-6)
    np.testing.assert_allclose(a.value, b.value[:, 0, 0], rtol=1e-9)
    # scikit-learn's one-pass variance (E y^2 - mean^2) loses everything at these magnitudes; ours is two-pass:
    # a one-sample leaf has impurity exactly 0.
    assert np.all(a.impurity[a.children_left < 0] == 0.0)


def test_features_constant_on_a_branch_match_sklearn():
    # Feature 1 is 0 wherever x0 <= 0: below such a split it is constant and skipped (neither scanned nor
    # partitioned). A continuous response, a single such feature and leaves of at least 10 samples keep
    # exact ties between features out (in a node of 6, say, two features often give the same 3 | 3
    # partition), so the trees must be identical.
    rng = np.random.default_rng(7)
    X = rng.normal(size=(400, 5))
    X[X[:, 0] <= 0, 1] = 0.0
    y = X[:, 1] + X[:, 2] ** 2 + np.abs(X[:, 0]) + 0.1 * rng.normal(size=400)
    ours = DecisionTreeRegressor(min_samples_leaf=10).fit(X, y)
    theirs = sktree.DecisionTreeRegressor(min_samples_leaf=10, random_state=0).fit(X, y)
    _same_tree(ours, theirs, regression=True)
    assert 0 in ours.tree_.feature and {1, 2} <= set(ours.tree_.feature)
