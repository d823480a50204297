"""Li Hang ch. 4: naive Bayes with maximum-likelihood (4.8)-(4.9) and Bayesian (4.10)-(4.11) estimates."""

from fractions import Fraction as F

import numpy as np
import pytest
from scipy.optimize import minimize
from sklearn.datasets import load_digits
from sklearn.naive_bayes import CategoricalNB as SkCategoricalNB
from sklearn.utils.estimator_checks import parametrize_with_checks

from statlib.datasets import load_example
from statlib.exercises import check
from statlib.naive_bayes import CategoricalNB


def _book_tables(model):
    """The fitted estimates as {name: Fraction}, named as the book prints them."""
    prior, conditional = model.exact_probabilities()
    out = {f"P(Y={c})": prior[k] for k, c in enumerate(model.classes_)}
    for j, table in enumerate(conditional):
        for k, c in enumerate(model.classes_):
            for l, value in enumerate(model.categories_[j]):
                out[f"P(X{j + 1}={value}|Y={c})"] = table[k, l]
    return out


# Every probability printed in Examples 4.1 and 4.2.
BOOK_4_1 = {
    "P(Y=1)": F(9, 15),
    "P(Y=-1)": F(6, 15),
    "P(X1=1|Y=1)": F(2, 9),
    "P(X1=2|Y=1)": F(3, 9),
    "P(X1=3|Y=1)": F(4, 9),
    "P(X2=S|Y=1)": F(1, 9),
    "P(X2=M|Y=1)": F(4, 9),
    "P(X2=L|Y=1)": F(4, 9),
    "P(X1=1|Y=-1)": F(3, 6),
    "P(X1=2|Y=-1)": F(2, 6),
    "P(X1=3|Y=-1)": F(1, 6),
    "P(X2=S|Y=-1)": F(3, 6),
    "P(X2=M|Y=-1)": F(2, 6),
    "P(X2=L|Y=-1)": F(1, 6),
}
BOOK_4_2 = {
    "P(Y=1)": F(10, 17),
    "P(Y=-1)": F(7, 17),
    "P(X1=1|Y=1)": F(3, 12),
    "P(X1=2|Y=1)": F(4, 12),
    "P(X1=3|Y=1)": F(5, 12),
    "P(X2=S|Y=1)": F(2, 12),
    "P(X2=M|Y=1)": F(5, 12),
    "P(X2=L|Y=1)": F(5, 12),
    "P(X1=1|Y=-1)": F(4, 9),
    "P(X1=2|Y=-1)": F(3, 9),
    "P(X1=3|Y=-1)": F(2, 9),
    "P(X2=S|Y=-1)": F(4, 9),
    "P(X2=M|Y=-1)": F(3, 9),
    "P(X2=L|Y=-1)": F(2, 9),
}


@pytest.mark.parametrize(
    "number, alpha, book, scores",
    [
        ("4.1", 0.0, BOOK_4_1, {1: F(1, 45), -1: F(1, 15)}),
        ("4.2", 1.0, BOOK_4_2, {1: F(5, 153), -1: F(28, 459)}),
    ],
)
def test_examples_4_1_and_4_2(number, alpha, book, scores):
    data = load_example("lihang", number)
    model = CategoricalNB(alpha=alpha).fit(data.X, data.y)
    assert _book_tables(model) == book  # exact fractions, every one the book prints
    # The floats agree with the fractions.
    prior, conditional = model.exact_probabilities()
    np.testing.assert_allclose(np.exp(model.class_log_prior_), np.array(prior, dtype=float), rtol=1e-14)
    for table, logp in zip(conditional, model.feature_log_prob_):
        np.testing.assert_allclose(np.exp(logp), np.array(table, dtype=float), rtol=1e-14)
    # Step (2) of algorithm 4.1 for x = (2, S): the book's scores, and y = -1.
    joint = np.exp(model.joint_log_likelihood([data.x]))[0]
    for k, c in enumerate(model.classes_):
        assert joint[k] == pytest.approx(float(scores[c]), rel=1e-12)
    assert model.predict([data.x])[0] == -1


def test_example_4_2_printed_decimals():
    data = load_example("lihang", "4.2")
    joint = np.exp(CategoricalNB(alpha=1).fit(data.X, data.y).joint_log_likelihood([data.x]))[0]
    np.testing.assert_allclose(joint, [0.0610, 0.0327], atol=5e-5)  # classes_ = [-1, 1]


def test_posteriors_of_examples():
    data = load_example("lihang", "4.1")
    for alpha, expected in ((0, F(1, 15) / (F(1, 15) + F(1, 45))), (1, F(28, 459) / (F(28, 459) + F(5, 153)))):
        proba = CategoricalNB(alpha=alpha).fit(data.X, data.y).predict_proba([data.x])[0]
        assert proba[0] == pytest.approx(float(expected), rel=1e-12)  # P(Y=-1 | x): 3/4 and 0.6512
    assert float(F(28, 459) / (F(28, 459) + F(5, 153))) == pytest.approx(0.6512, abs=5e-5)


def test_declared_categories_order_does_not_matter():
    data = load_example("lihang", "4.1")
    auto = CategoricalNB().fit(data.X, data.y)
    declared = CategoricalNB(categories=data.categories).fit(data.X, data.y)
    assert _book_tables(auto) == _book_tables(declared)


def test_unseen_category_gets_mass_only_with_smoothing():
    X = np.array([[0], [0], [1], [1]])
    y = np.array([0, 0, 1, 1])
    cats = [np.array([0, 1, 2])]
    laplace = CategoricalNB(alpha=1, categories=cats).fit(X, y)
    prior, cond = laplace.exact_probabilities()
    assert cond[0][0].tolist() == [F(3, 5), F(1, 5), F(1, 5)]  # (2+1)/(2+3), (0+1)/(2+3), (0+1)/(2+3)
    mle = CategoricalNB(alpha=0, categories=cats).fit(X, y)
    assert mle.exact_probabilities()[1][0][0].tolist() == [1, 0, 0]
    assert np.all(np.isneginf(mle.joint_log_likelihood([[2]])))
    with pytest.warns(RuntimeWarning, match="probability zero under every class"):
        proba = mle.predict_proba([[2], [0]])
    assert np.all(np.isnan(proba[0])) and proba[1].tolist() == [1.0, 0.0]
    np.testing.assert_allclose(laplace.predict_proba([[2]]), [[0.5, 0.5]])


def test_alpha_zero_is_the_maximum_of_the_likelihood():
    """Exercise 4.1, numerically: no point of the simplex beats (4.8)-(4.9)."""
    data = load_example("lihang", "4.1")
    model = CategoricalNB(alpha=0).fit(data.X, data.y)
    counts = model.category_count_[1][1]  # X(2) given Y = 1: counts over (L, M, S)
    mle = counts / counts.sum()

    def negative_log_likelihood(z):  # softmax parameterisation of a point of the simplex
        theta = np.exp(z - z.max())
        theta /= theta.sum()
        return -np.sum(counts * np.log(theta))

    best = minimize(negative_log_likelihood, np.zeros(3), method="BFGS")
    theta = np.exp(best.x - best.x.max())
    np.testing.assert_allclose(theta / theta.sum(), mle, atol=1e-5)
    # The exercise's self-check value is the log-likelihood at the MLE, which the model also gives.
    loglik = np.sum(model.class_count_ * model.class_log_prior_)
    for counts_j, logp_j in zip(model.category_count_, model.feature_log_prob_):
        loglik += np.sum(np.where(counts_j > 0, counts_j * logp_j, 0.0))
    assert check("lihang-4.1", loglik).correct
    assert not check("lihang-4.1", loglik + 0.01).correct


def test_exercise_4_2_self_check():
    data = load_example("lihang", "4.1")
    model = CategoricalNB(alpha=0.5).fit(data.X, data.y)
    value = model.exact_probabilities()[1][1][list(model.classes_).index(1), list(model.categories_[1]).index("S")]
    assert value == F(1, 7)
    assert check("lihang-4.2", float(value)).correct
    assert not check("lihang-4.2", 1 / 9).correct


def test_bayesian_estimate_is_the_dirichlet_posterior_mean():
    """Exercise 4.2: with a symmetric Dirichlet(lambda) prior, the posterior mean is (4.10); Monte Carlo check."""
    rng = np.random.default_rng(0)
    counts, lam = np.array([1, 4, 4]), 1.0
    draws = rng.dirichlet(counts + lam, size=200_000)
    np.testing.assert_allclose(draws.mean(axis=0), (counts + lam) / (counts.sum() + 3 * lam), atol=3e-3)


def _random_codes(rng, n, n_features, n_values):
    return rng.integers(0, n_values, size=(n, n_features))


@pytest.mark.parametrize("alpha", [0.5, 1.0, 2.0])
def test_matches_sklearn_with_unsmoothed_prior(alpha):
    rng = np.random.default_rng(1)
    X = _random_codes(rng, 200, 6, 4)
    y = rng.integers(0, 3, size=200)
    T = _random_codes(rng, 50, 6, 4)
    ours = CategoricalNB(alpha=alpha, smooth_prior=False).fit(X, y)
    ref = SkCategoricalNB(alpha=alpha).fit(X, y)
    np.testing.assert_allclose(ours.class_log_prior_, ref.class_log_prior_, rtol=1e-12)
    for a, b in zip(ours.feature_log_prob_, ref.feature_log_prob_):
        np.testing.assert_allclose(a, b, rtol=1e-12)
    np.testing.assert_allclose(ours.predict_proba(T), ref.predict_proba(T), rtol=1e-10)
    np.testing.assert_array_equal(ours.predict(T), ref.predict(T))


def test_smoothed_prior_is_4_11_not_sklearn():
    rng = np.random.default_rng(2)
    X, y = _random_codes(rng, 30, 2, 3), rng.integers(0, 2, size=30)
    ours = CategoricalNB(alpha=1).fit(X, y)
    counts = np.bincount(y)
    np.testing.assert_allclose(np.exp(ours.class_log_prior_), (counts + 1) / (30 + 2))
    ref = SkCategoricalNB(alpha=1).fit(X, y)
    np.testing.assert_allclose(np.exp(ref.class_log_prior_), counts / 30)


def test_digits_matches_sklearn():
    digits = load_digits()
    X, y = digits.data.astype(int), digits.target
    cats = [np.arange(17)] * X.shape[1]
    ours = CategoricalNB(alpha=1, categories=cats, smooth_prior=False).fit(X[:1200], y[:1200])
    ref = SkCategoricalNB(alpha=1, min_categories=17).fit(X[:1200], y[:1200])
    np.testing.assert_array_equal(ours.predict(X[1200:]), ref.predict(X[1200:]))
    np.testing.assert_allclose(ours.predict_proba(X[1200:]), ref.predict_proba(X[1200:]), rtol=1e-8, atol=1e-12)


@pytest.mark.parametrize("X_new", [[[3]], [[-1]], [[1.5]], [[np.int8(7)]]])
def test_unknown_integer_codes_are_refused(X_new):
    model = CategoricalNB(categories=[np.arange(3)]).fit(np.array([[0], [1], [2], [0]]), [0, 1, 0, 1])
    with pytest.raises(ValueError, match="not one of its categories"):
        model.predict(np.asarray(X_new))


def test_encoders_agree():
    """Codes equal to the values, the compiled binary search, and the generic path give the same model."""
    rng = np.random.default_rng(3)
    X, y = rng.integers(0, 5, size=(60, 3)), rng.integers(0, 2, size=60)
    T = rng.integers(0, 5, size=(20, 3))
    fast = CategoricalNB(categories=[np.arange(5)] * 3).fit(X, y).predict_proba(T)
    search = CategoricalNB(categories=[np.arange(5) * 2] * 3).fit(2 * X, y).predict_proba(2 * T)
    generic = CategoricalNB().fit(X.astype(str), y).predict_proba(T.astype(str))
    np.testing.assert_allclose(fast, search, rtol=1e-14)
    np.testing.assert_allclose(fast, generic, rtol=1e-14)


def test_strings_and_numbers_as_categories():
    data = load_example("lihang", "4.1")
    codes = np.column_stack([data.X[:, 0].astype(int), np.searchsorted(["L", "M", "S"], data.X[:, 1].astype(str))])
    a = CategoricalNB().fit(data.X, data.y)
    b = CategoricalNB().fit(codes, data.y)
    for u, v in zip(a.feature_log_prob_, b.feature_log_prob_):
        np.testing.assert_array_equal(u, v)


def test_bad_input():
    data = load_example("lihang", "4.1")
    X, y = data.X, data.y
    with pytest.raises(ValueError, match="alpha must be >= 0"):
        CategoricalNB(alpha=-1).fit(X, y)
    with pytest.raises(TypeError, match="alpha must be a real number"):
        CategoricalNB(alpha="1").fit(X, y)
    with pytest.raises(TypeError, match="smooth_prior must be True or False"):
        CategoricalNB(smooth_prior="yes").fit(X, y)
    with pytest.raises(ValueError, match="at least two classes"):
        CategoricalNB().fit(X, np.ones(15))
    model = CategoricalNB().fit(X, y)
    with pytest.raises(ValueError, match="not one of its categories"):
        model.predict([[4, "S"]])
    with pytest.raises(ValueError, match="not one of its categories"):
        model.predict([[2, "XL"]])
    with pytest.raises(ValueError, match="missing values"):
        CategoricalNB().fit(np.array([[1, None], [2, "S"]], dtype=object), [0, 1])
    with pytest.raises(ValueError, match="missing values"):
        CategoricalNB().fit([[1.0, np.nan], [2.0, 1.0]], [0, 1])
    with pytest.raises(ValueError, match="categories must be 'auto' or a list"):
        CategoricalNB(categories=[[1, 2, 3]]).fit(X, y)
    with pytest.raises(ValueError, match="categories must be 'auto'"):
        CategoricalNB(categories="sorted").fit(X, y)
    with pytest.raises(ValueError, match=r"categories\[1\] lists a value twice"):
        CategoricalNB(categories=[[1, 2, 3], ["S", "M", "M"]]).fit(X, y)
    with pytest.raises(ValueError, match="not one of its categories"):
        CategoricalNB(categories=[[1, 2], ["S", "M", "L"]]).fit(X, y)
    with pytest.raises(ValueError, match="2D array"):
        CategoricalNB().fit([1, 2, 3], [0, 1, 0])
    with pytest.raises(ValueError, match="inconsistent numbers of samples"):
        CategoricalNB().fit(X, y[:-1])
    with pytest.raises(ValueError, match="0 sample"):
        CategoricalNB().fit(np.empty((0, 2)), [])
    with pytest.raises(ValueError, match="features"):
        model.predict([[1, "S", 3]])


@parametrize_with_checks([CategoricalNB(), CategoricalNB(alpha=0.5, smooth_prior=False)])
def test_sklearn_compatible(estimator, check):
    check(estimator)
