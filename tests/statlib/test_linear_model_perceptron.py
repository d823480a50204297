"""The perceptron (Li Hang ch. 2): the book's Tables 2.1 and 2.2, and the estimator contract."""

import warnings

import numpy as np
import pytest
from sklearn.datasets import load_iris
from sklearn.exceptions import ConvergenceWarning
from sklearn.linear_model import Perceptron as SkPerceptron
from sklearn.utils.estimator_checks import parametrize_with_checks

from statlib.datasets import load_example
from statlib.linear_model import Perceptron

# Table 2.1 (Li Hang, Example 2.1): after each update, the misclassified point used (1-based as printed),
# w and b. Row 0 is the start.
TABLE_2_1 = [
    (None, (0, 0), 0),
    (1, (3, 3), 1),
    (3, (2, 2), 0),
    (3, (1, 1), -1),
    (3, (0, 0), -2),
    (1, (3, 3), -1),
    (3, (2, 2), -2),
    (3, (1, 1), -3),
]

# Table 2.2 (Example 2.2): alpha_1, alpha_2, alpha_3 and b after each update.
TABLE_2_2 = [
    (0, 0, 0, 0),
    (1, 0, 0, 1),
    (1, 0, 1, 0),
    (1, 0, 2, -1),
    (1, 0, 3, -2),
    (2, 0, 3, -1),
    (2, 0, 4, -2),
    (2, 0, 5, -3),
]


@pytest.fixture
def example():
    return load_example("lihang", "2.1")


def test_example_2_1_final_model(example):
    model = Perceptron(eta=1.0).fit(example.X, example.y)
    np.testing.assert_array_equal(model.coef_, [[1.0, 1.0]])
    np.testing.assert_array_equal(model.intercept_, [-3.0])
    assert model.converged_ and model.n_updates_[0] == 7


def test_table_2_1_every_iteration(example):
    model = Perceptron(eta=1.0).fit(example.X, example.y)
    points, w, b = model.history(example.X, example.y)
    assert [p + 1 for p in points] == [row[0] for row in TABLE_2_1[1:]]
    np.testing.assert_array_equal(w, [row[1] for row in TABLE_2_1])
    np.testing.assert_array_equal(b, [row[2] for row in TABLE_2_1])


def test_table_2_2_every_iteration(example):
    model = Perceptron(eta=1.0, dual=True).fit(example.X, example.y)
    points, _, b = model.history(example.X, example.y)
    alphas = [np.bincount(points[:k], minlength=3) for k in range(len(points) + 1)]
    np.testing.assert_array_equal(alphas, [row[:3] for row in TABLE_2_2])
    np.testing.assert_array_equal(b, [row[3] for row in TABLE_2_2])
    # Example 2.2's answer: alpha = (2, 0, 5), so w = 2 x1 + 0 x2 - 5 x3 = (1, 1), b = -3.
    np.testing.assert_array_equal(model.alpha_, [[2.0, 0.0, 5.0]])
    np.testing.assert_array_equal(model.coef_, [[1.0, 1.0]])
    np.testing.assert_array_equal(model.intercept_, [-3.0])


def test_gram_matrix_of_example_2_2(example):
    # The Gram matrix printed in Example 2.2.
    np.testing.assert_array_equal(example.X @ example.X.T, [[18, 21, 6], [21, 25, 7], [6, 7, 2]])


@pytest.mark.parametrize("eta", [1.0, 0.5, 0.1])
@pytest.mark.parametrize("seed", range(5))
def test_dual_and_primal_agree(eta, seed):
    rng = np.random.default_rng(seed)
    X, y = _separable(rng, n=60, d=4)
    primal = Perceptron(eta=eta, shuffle=True, random_state=seed).fit(X, y)
    dual = Perceptron(eta=eta, dual=True, shuffle=True, random_state=seed).fit(X, y)
    # Same visiting order, same mistakes: the two forms are the same algorithm (Li Hang 2.3.3).
    np.testing.assert_array_equal(primal.updates_[0], dual.updates_[0])
    np.testing.assert_allclose(primal.coef_, dual.coef_, rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(primal.intercept_, dual.intercept_, rtol=1e-12, atol=1e-12)


def _separable(rng, n, d, margin=0.1):
    """Points on both sides of a random hyperplane, at least ``margin`` away from it."""
    w, b = rng.normal(size=d), rng.normal()
    X = rng.normal(size=(4 * n, d))
    score = (X @ w + b) / np.linalg.norm(w)
    keep = np.abs(score) > margin
    X, score = X[keep][:n], score[keep][:n]
    return X, np.where(score > 0, 1, -1)


@pytest.mark.parametrize("seed", range(10))
def test_separable_data_are_separated_within_novikoff_bound(seed):
    rng = np.random.default_rng(100 + seed)
    X, y = _separable(rng, n=200, d=3)
    model = Perceptron().fit(X, y)
    assert model.converged_
    assert np.all(y * model.decision_function(X) > 0)
    # Theorem 2.1 with x_hat = (x, 1): k <= (R / gamma)^2 for any unit w_hat that separates with margin gamma.
    # Use the (normalised) final solution as w_hat_opt: it separates the data, so the bound applies.
    X_hat = np.hstack([X, np.ones((len(X), 1))])
    w_hat = np.r_[model.coef_[0], model.intercept_] / np.linalg.norm(np.r_[model.coef_[0], model.intercept_])
    gamma = np.min(y * (X_hat @ w_hat))
    R = np.max(np.linalg.norm(X_hat, axis=1))
    assert model.n_updates_[0] <= (R / gamma) ** 2


def test_matches_scikit_learn_on_separable_iris():
    # Setosa vs versicolor is linearly separable. scikit-learn's Perceptron, with no shuffling, eta0=1 and no
    # regularisation, runs the same cyclic algorithm; it updates on y (w.x + b) <= 0 as well.
    iris = load_iris()
    mask = iris.target < 2
    X, y = iris.data[mask], np.where(iris.target[mask] == 1, 1, -1)
    ours = Perceptron(eta=1.0, max_iter=1000).fit(X, y)
    ref = SkPerceptron(eta0=1.0, max_iter=1000, tol=None, shuffle=False, n_iter_no_change=1000).fit(X, y)
    np.testing.assert_allclose(ours.coef_, ref.coef_, rtol=1e-12)
    np.testing.assert_allclose(ours.intercept_, ref.intercept_, rtol=1e-12)
    assert ours.score(X, y) == 1.0


def test_xor_does_not_converge():
    X = np.array([[0.0, 0.0], [1.0, 1.0], [0.0, 1.0], [1.0, 0.0]])
    y = np.array([-1, -1, 1, 1])
    with pytest.warns(ConvergenceWarning, match="not separate"):
        model = Perceptron(max_iter=50).fit(X, y)
    assert not model.converged_ and model.n_iter_ == 50
    assert model.score(X, y) < 1.0


def test_multiclass_one_versus_rest():
    X = np.array([[0.0, 0.0], [0.0, 1.0], [5.0, 5.0], [5.0, 6.0], [10.0, 0.0], [10.0, 1.0]])
    y = np.array(["a", "a", "b", "b", "c", "c"])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        model = Perceptron(max_iter=200).fit(X, y)
    assert model.coef_.shape == (3, 2) and len(model.updates_) == 3
    assert set(model.predict(X)) <= {"a", "b", "c"}


def test_labels_are_mapped_to_plus_minus_one():
    # classes_[1] is the positive class, whatever the labels are called.
    X = np.array([[3.0, 3.0], [4.0, 3.0], [1.0, 1.0]])
    model = Perceptron().fit(X, np.array(["pos", "pos", "neg"]))
    np.testing.assert_array_equal(model.classes_, ["neg", "pos"])
    np.testing.assert_array_equal(model.coef_, [[1.0, 1.0]])
    np.testing.assert_array_equal(model.predict(X), ["pos", "pos", "neg"])


def test_point_on_the_hyperplane_is_positive():
    # sign(0) = +1 (Li Hang 2.2).
    model = Perceptron().fit(np.array([[3.0, 3.0], [4.0, 3.0], [1.0, 1.0]]), np.array([1, 1, -1]))
    assert model.predict(np.array([[1.5, 1.5]]))[0] == 1


@pytest.mark.parametrize(
    "params, error, match",
    [
        ({"eta": 0.0}, ValueError, "eta must be > 0"),
        ({"eta": -1}, ValueError, "eta must be > 0"),
        ({"eta": "fast"}, TypeError, "eta must be a real number"),
        ({"max_iter": 0}, ValueError, "max_iter must be >= 1"),
        ({"max_iter": 2.5}, TypeError, "max_iter must be an integer"),
        ({"dual": "yes"}, TypeError, "dual must be True or False"),
    ],
)
def test_bad_hyperparameters(params, error, match, example):
    with pytest.raises(error, match=match):
        Perceptron(**params).fit(example.X, example.y)


@pytest.mark.parametrize(
    "X, y, match",
    [
        ([[1.0, np.nan], [2.0, 3.0]], [1, -1], "NaN"),
        ([1.0, 2.0, 3.0], [1, -1, 1], "2D array"),
        ([[1.0, 2.0], [2.0, 3.0]], [1, -1, 1], "inconsistent numbers of samples"),
        ([[1.0, 2.0], [2.0, 3.0]], [1, 1], "1 class"),
        ([["a", "b"], ["c", "d"]], [1, -1], "could not convert|dtype"),
        (np.empty((0, 2)), [], "0 sample"),
    ],
)
def test_bad_data(X, y, match):
    with pytest.raises((ValueError, TypeError), match=match):
        Perceptron().fit(np.asarray(X, dtype=object) if isinstance(X, list) else X, y)


def test_history_rejects_wrong_problem(example):
    model = Perceptron().fit(example.X, example.y)
    with pytest.raises(ValueError, match="problem must be <= 0"):
        model.history(example.X, example.y, problem=1)


def test_seeded_shuffle_is_reproducible():
    rng = np.random.default_rng(7)
    X, y = _separable(rng, n=100, d=5)
    a = Perceptron(shuffle=True, random_state=3).fit(X, y)
    b = Perceptron(shuffle=True, random_state=3).fit(X, y)
    np.testing.assert_array_equal(a.coef_, b.coef_)
    np.testing.assert_array_equal(a.updates_[0], b.updates_[0])


@parametrize_with_checks([Perceptron(), Perceptron(dual=True), Perceptron(shuffle=True, random_state=0)])
def test_scikit_learn_contract(estimator, check):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        check(estimator)


def test_perceptron_refuses_data_whose_squared_norms_overflow():
    # w grows like eta * x: at 1e300 the scores w . x + b were inf and NaN, with no error
    X = np.array([[3.0, 3.0], [4.0, 3.0], [1.0, 1.0]])
    y = np.array([1, 1, -1])
    with pytest.raises(ValueError, match="X is too large for squared norms"):
        Perceptron().fit(X * 1e300, y)
    # below the limit, data separable through the origin are still separated
    X0 = np.array([[3.0, 3.0], [4.0, 3.0], [-1.0, -1.0]]) * 1e100
    np.testing.assert_array_equal(Perceptron().fit(X0, y).predict(X0), y)
