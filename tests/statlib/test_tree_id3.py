"""Li Hang sections 5.2-5.4 and Example 5.4: criteria, ID3/C4.5 (statlib.tree.ID3Classifier,
C45Classifier), Algorithm 5.4, and the book's printed numbers for Examples 5.2, 5.3 and 5.4.

The book prints 3 decimals in Examples 5.2/5.3 and 2 decimals in Example 5.4; the tolerances below
are half a unit in that last digit, except where the book subtracts already-rounded numbers.
"""

import numpy as np
import pandas as pd
import pytest
from sklearn.preprocessing import OneHotEncoder
from sklearn.utils.estimator_checks import parametrize_with_checks

from statlib.datasets import load_example
from statlib.exercises import check
from statlib.tree import (
    C45Classifier,
    DecisionTreeClassifier,
    DecisionTreeRegressor,
    ID3Classifier,
    conditional_entropy,
    entropy,
    gain_ratio,
    gini,
    gini_split,
    information_gain,
    split_information,
)

DATA = load_example("lihang", "5.1")
X, Y = DATA.X, DATA.y
D2 = X[:, 2] == "no"  # Example 5.3: the applicants without a house


@parametrize_with_checks([ID3Classifier(handle_unknown="majority"), C45Classifier(handle_unknown="majority")])
def test_sklearn_compatible(estimator, check):
    check(estimator)


# --- the data ---------------------------------------------------------------------------------


def test_table_5_1():
    assert X.shape == (15, 4)
    assert (Y == "yes").sum() == 9 and (Y == "no").sum() == 6
    # the book's Chinese table and the English one are the same table
    assert [DATA.X_zh[8].tolist(), DATA.y_zh[8]] == [["中年", "否", "是", "非常好"], "是"]
    assert X[8].tolist() == ["middle", "no", "yes", "very good"]
    np.testing.assert_array_equal(DATA.X_coded[0], [1, 2, 2, 3])


# --- Example 5.2: entropy and information gain (Algorithm 5.1) -------------------------------


def test_example_5_2():
    assert entropy(Y) == pytest.approx(0.971, abs=5e-4)
    h_cond = [conditional_entropy(X[:, j], Y) for j in range(4)]
    gains = [information_gain(X[:, j], Y) for j in range(4)]
    np.testing.assert_allclose([h_cond[0], h_cond[2], h_cond[3]], [0.888, 0.551, 0.608], atol=5e-4)
    np.testing.assert_allclose(gains, [0.083, 0.324, 0.420, 0.363], atol=5e-4)
    assert int(np.argmax(gains)) == 2  # A3, owns a house
    # H(D|A2) = 10/15 H(4/10, 6/10), as printed in the example
    assert h_cond[1] == pytest.approx(10 / 15 * entropy(["y"] * 4 + ["n"] * 6), abs=1e-12)


def test_entropy_identities():
    assert entropy(["a"] * 7) == 0.0  # 0 log 0 = 0
    assert entropy(["a", "b"]) == pytest.approx(1.0)  # (5.4) at p = 1/2
    assert entropy(list("abcd")) == pytest.approx(2.0)  # log2 n, the bound (5.3)
    assert entropy(list("aab"), base=None) == pytest.approx(-(2 / 3) * np.log(2 / 3) - (1 / 3) * np.log(1 / 3))
    # information gain is mutual information: symmetric in x and y
    assert information_gain(X[:, 0], Y) == pytest.approx(information_gain(Y, X[:, 0]))
    assert split_information(X[:, 0]) == pytest.approx(np.log2(3))
    assert gain_ratio(["v"] * 15, Y) == 0.0


# --- Example 5.3 and Exercise 5.1: ID3 and C4.5 -----------------------------------------------


def test_example_5_3_numbers():
    assert entropy(Y[D2]) == pytest.approx(0.918, abs=5e-4)
    assert conditional_entropy(X[D2, 0], Y[D2]) == pytest.approx(0.667, abs=5e-4)
    gains = [information_gain(X[D2, j], Y[D2]) for j in (0, 1, 3)]
    # The book subtracts rounded values: 0.918 - 0.667 = 0.251; exactly, g(D2, A1) = 0.2516.
    assert round(entropy(Y[D2]), 3) - round(conditional_entropy(X[D2, 0], Y[D2]), 3) == pytest.approx(0.251)
    np.testing.assert_allclose(gains, [0.2516, 0.918, 0.474], atol=5e-4)


def _tree_of_example_5_3(model):
    root = model.tree_
    assert model.feature_names_in_[root.feature] == "owns_house"
    house = dict(zip(model.categories_[root.feature], root.children.values()))
    assert house["yes"].is_leaf and model.classes_[house["yes"].prediction] == "yes"
    job_node = house["no"]
    assert model.feature_names_in_[job_node.feature] == "has_job"
    job = {model.categories_[job_node.feature][c]: child for c, child in job_node.children.items()}
    assert all(child.is_leaf for child in job.values())
    assert [model.classes_[job["yes"].prediction], model.classes_[job["no"].prediction]] == ["yes", "no"]
    assert [job["yes"].n_samples, job["no"].n_samples] == [3, 6]
    assert model.get_n_leaves() == 3 and model.get_depth() == 2


def test_example_5_3_id3_tree():
    frame = pd.DataFrame(X, columns=DATA.feature_names)
    model = ID3Classifier().fit(frame, Y)
    _tree_of_example_5_3(model)
    np.testing.assert_allclose(list(model.tree_.gains.values()), [0.083, 0.324, 0.420, 0.363], atol=5e-4)
    d2 = model.tree_.children[0]  # owns_house = "no" (categories sorted: no, yes)
    np.testing.assert_allclose([d2.gains[j] for j in (0, 1, 3)], [0.2516, 0.918, 0.474], atol=5e-4)
    assert model.rules() == [
        "if owns_house = no and has_job = no then no",
        "if owns_house = no and has_job = yes then yes",
        "if owns_house = yes then yes",
    ]
    np.testing.assert_array_equal(model.predict(frame), Y)


def test_same_tree_from_the_chinese_table():
    model = ID3Classifier().fit(DATA.X_zh, DATA.y_zh)
    assert model.tree_.feature == 2 and model.tree_.children[0].feature == 1
    np.testing.assert_array_equal(model.predict(DATA.X_zh), DATA.y_zh)


def test_exercise_5_1_c45_tree():
    ratios = [gain_ratio(X[:, j], Y) for j in range(4)]
    # g_R = g / H_A(D) with H_A(D) the entropy of the value counts (5/5/5, 5/10, 6/9, 4/6/5 of 15)
    h_a = [np.log2(3), entropy([0] * 5 + [1] * 10), entropy([0] * 6 + [1] * 9), entropy([0] * 4 + [1] * 6 + [2] * 5)]
    gains = [information_gain(X[:, j], Y) for j in range(4)]
    np.testing.assert_allclose(ratios, np.divide(gains, h_a), rtol=1e-12)
    model = C45Classifier().fit(pd.DataFrame(X, columns=DATA.feature_names), Y)
    _tree_of_example_5_3(model)
    np.testing.assert_allclose(list(model.tree_.scores.values()), ratios, rtol=1e-12)
    assert check("lihang-5.1", list(model.tree_.scores.values()))
    d2 = model.tree_.children[0]
    assert check("lihang-5.1b", [d2.scores[j] for j in (0, 1, 3)])
    assert not check("lihang-5.1", [0.083, 0.324, 0.420, 0.363])  # the gains are not the ratios


def test_epsilon_stops_growth():
    # Step (4): with epsilon above the best gain at the root (0.420) the tree is a single leaf.
    model = ID3Classifier(epsilon=0.5).fit(X, Y)
    assert model.tree_.is_leaf and model.classes_[model.tree_.prediction] == "yes"
    # epsilon between g(D, A3) = 0.420 and ... the root still splits.
    assert not ID3Classifier(epsilon=0.4).fit(X, Y).tree_.is_leaf


def test_id3_prefers_many_valued_feature_c45_does_not():
    # A unique ID per sample has the largest gain H(D) but a large split information.
    ids = np.arange(15).astype(str)
    Xi = np.column_stack([ids, X])
    assert ID3Classifier().fit(Xi, Y).tree_.feature == 0
    assert C45Classifier().fit(Xi, Y).tree_.feature == 3  # owns_house


# --- Algorithm 5.4: pruning -------------------------------------------------------------------


def test_pruning_algorithm_5_4():
    model = ID3Classifier().fit(X, Y)
    # The grown tree has pure leaves: C(T) = 0, |T| = 3.
    assert model.cost(0.0) == 0.0 and model.cost(1.0) == pytest.approx(3.0)
    # Retracting the job node: N H = 9 H(3/9, 6/9) = 8.265 bits; keeping it costs 2 alpha more leaves.
    n_h = 9 * entropy(Y[D2])
    assert n_h == pytest.approx(8.2647, abs=1e-4)
    # Job node: retracting its two leaves changes C_alpha by 9 H(D2) + alpha - 2 alpha: pruned iff alpha >= 9 H(D2).
    # Root, once its children are leaves: 15 H(D) + alpha <= 9 H(D2) + 2 alpha iff alpha >= 15 H(D) - 9 H(D2) = 6.30.
    assert 15 * entropy(Y) - n_h == pytest.approx(6.2995, abs=1e-4)
    assert len(model.prune(5.0).leaves()) == 3
    assert len(model.prune(8.0).leaves()) == 3  # job node kept (8 < 8.265), so the root cannot be retracted
    assert model.prune(n_h + 0.01).is_leaf  # job node retracted, then the root too
    assert ID3Classifier(alpha=n_h + 0.01).fit(X, Y).tree_.is_leaf
    assert model.get_n_leaves() == 3  # prune returns a copy


def test_pruning_as_printed_can_miss_the_minimum():
    model = ID3Classifier().fit(X, Y)
    # At alpha = 8: full tree 3 * 8 = 24; root alone 15 H(D) + 8 = 22.56; two leaves 8.265 + 16 = 24.26.
    book = model.prune(8.0)
    best = model.prune(8.0, exact=True)
    assert model.cost(8.0, book) == pytest.approx(24.0)
    assert best.is_leaf and model.cost(8.0, best) == pytest.approx(15 * entropy(Y) + 8.0)
    # For alpha < 6.30 or alpha >= 8.265 both agree.
    for alpha in (1.0, 6.0, 8.3, 20.0):
        assert len(model.prune(alpha).leaves()) == len(model.prune(alpha, exact=True).leaves())


def test_pruning_never_increases_cost():
    rng = np.random.default_rng(0)
    Xr = rng.integers(0, 3, size=(200, 5)).astype(str)
    yr = np.where(rng.random(200) < 0.7, Xr[:, 0] == "1", rng.random(200) < 0.5)
    model = ID3Classifier().fit(Xr, yr)
    for alpha in [0.0, 0.5, 2.0, 5.0, 20.0]:
        pruned = model.prune(alpha)
        best = model.prune(alpha, exact=True)
        assert model.cost(alpha, best) <= model.cost(alpha, pruned) + 1e-9 <= model.cost(alpha) + 2e-9
        assert len(pruned.leaves()) <= model.get_n_leaves()


# --- Example 5.4: CART with the Gini index ----------------------------------------------------


def test_example_5_4_gini_indices():
    C = DATA.X_coded
    book = {
        (0, 1): 0.44,
        (0, 2): 0.48,
        (0, 3): 0.44,
        (1, 1): 0.32,
        (2, 1): 0.27,
        (3, 1): 0.36,
        (3, 2): 0.47,
        (3, 3): 0.32,
    }
    for (j, a), printed in book.items():
        assert gini_split(C[:, j], Y, a) == pytest.approx(printed, abs=5e-3), (j, a)
    # The worked line: Gini(D, A1 = 1) = 5/15 (2 * 2/5 * 3/5) + 10/15 (2 * 7/10 * 3/10)
    assert gini_split(C[:, 0], Y, 1) == pytest.approx(5 / 15 * 2 * 2 / 5 * 3 / 5 + 10 / 15 * 2 * 7 / 10 * 3 / 10)
    assert gini(Y) == pytest.approx(1 - (9 / 15) ** 2 - (6 / 15) ** 2)
    # second level: Gini(D2, A2 = 1) = 0 (derived, not printed)
    assert gini_split(C[D2, 1], Y[D2], 1) == 0.0


def test_example_5_4_cart_tree():
    # Binary tests "A = a" are thresholds on one-hot columns; the CART tree equals ID3's (book).
    enc = OneHotEncoder(sparse_output=False).fit(X)
    cart = DecisionTreeClassifier().fit(enc.transform(X), Y)
    names = enc.get_feature_names_out(DATA.feature_names)
    t = cart.tree_
    assert names[t.feature[0]] in ("owns_house_yes", "owns_house_no")
    second = [n for n in (t.children_left[0], t.children_right[0]) if t.children_left[n] >= 0]
    assert len(second) == 1 and names[t.feature[second[0]]] in ("has_job_yes", "has_job_no")
    assert cart.get_n_leaves() == 3
    # root impurity decrease: Gini(D) - Gini(D, A3 = 1)
    left, right = t.children_left[0], t.children_right[0]
    w = t.n_node_samples
    assert gini(Y) - (w[left] * t.impurity[left] + w[right] * t.impurity[right]) / 15 == pytest.approx(
        gini(Y) - gini_split(DATA.X_coded[:, 2], Y, 1)
    )


# --- Exercise 5.2 -----------------------------------------------------------------------------


def test_exercise_5_2():
    ex = load_example("lihang", "exercise-5.2")
    stump = DecisionTreeRegressor(max_depth=1).fit(ex.X, ex.y)
    assert check("lihang-5.2", [stump.tree_.threshold[0], *stump.tree_.value[1:]])
    depth2 = DecisionTreeRegressor(max_depth=2).fit(ex.X, ex.y)
    leaves = depth2.tree_.children_left < 0
    assert check("lihang-5.2b", depth2.tree_.value[leaves])
    # hand values: means of {1..3}, {4, 5}, {6, 7}, {8, 9, 10}
    np.testing.assert_allclose(
        depth2.tree_.value[leaves], [ex.y[:3].mean(), ex.y[3:5].mean(), ex.y[5:7].mean(), ex.y[7:].mean()]
    )
    assert not check("lihang-5.2", [6, 5.39, 8.46])


# --- bad input --------------------------------------------------------------------------------


def test_bad_input():
    with pytest.raises(ValueError, match="criterion"):
        ID3Classifier(criterion="gini").fit(X, Y)
    with pytest.raises(ValueError, match="epsilon"):
        ID3Classifier(epsilon=-1).fit(X, Y)
    with pytest.raises(TypeError, match="alpha"):
        ID3Classifier(alpha="big").fit(X, Y)
    with pytest.raises(ValueError, match="handle_unknown"):
        ID3Classifier(handle_unknown="ignore").fit(X, Y)
    with pytest.raises(ValueError, match="class"):
        ID3Classifier().fit(X, ["yes"] * 15)
    with pytest.raises(ValueError, match="missing|NaN"):
        ID3Classifier().fit(np.array([["a"], [None]], dtype=object), [0, 1])
    with pytest.raises(ValueError, match="NaN"):
        ID3Classifier().fit([[0.0], [np.nan]], [0, 1])
    with pytest.raises(ValueError, match="2D|2-D"):
        ID3Classifier().fit(X[:, 0], Y)
    with pytest.raises(ValueError, match="inconsistent|same number"):
        ID3Classifier().fit(X, Y[:-1])
    model = ID3Classifier().fit(X, Y)
    with pytest.raises(ValueError, match="category"):
        model.predict([["teenager", "no", "no", "fair"]])
    with pytest.raises(ValueError, match="features"):
        model.predict(X[:, :3])
    lenient = ID3Classifier(handle_unknown="majority").fit(X, Y)
    assert lenient.predict([["teenager", "no", "yes", "fair"]])[0] == "yes"  # root test still applies
    for bad in ("x", [1, 2], [[1, 2]]):
        with pytest.raises((ValueError, TypeError)):
            entropy(bad) if not isinstance(bad, list) or len(bad) != 2 else gini_split(bad, [0], 1)
    with pytest.raises(ValueError, match="does not occur"):
        gini_split(DATA.X_coded[:, 0], Y, 7)
    with pytest.raises(ValueError, match="empty"):
        entropy([])
