"""Property-based tests: whatever a reader feeds statlib, it either answers sensibly or refuses clearly.

For every estimator, hypothesis generates valid inputs (random sizes, scales, label sets) and checks that
fitting and predicting give finite outputs of the right shape; and it generates invalid inputs (NaN and
infinity, empty data, 1-D where 2-D is expected, mismatched lengths, text, bad hyperparameters, symbols
out of range, non-stochastic matrices) and checks that they raise ValueError or TypeError, whose message
names the offending argument where the input is one argument. The number of cases tried per estimator is
printed at the end of the run (see conftest.py).
"""

import warnings
from collections import Counter

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from statlib.ensemble import AdaBoostClassifier, BoostingTreeRegressor, GradientBoostingRegressor
from statlib.hmm import CategoricalHMM
from statlib.linear_model import LinearRegression, LogisticRegression, Perceptron, Ridge
from statlib.mixture import GaussianMixture
from statlib.naive_bayes import CategoricalNB
from statlib.neighbors import KDTree, KNeighborsClassifier
from statlib.svm import SVC
from statlib.tree import DecisionTreeClassifier, DecisionTreeRegressor

CASES = Counter()  # (estimator, kind) -> number of generated cases; reported by conftest.py

CLASSIFIERS = {
    "Perceptron": lambda: Perceptron(max_iter=20),
    "LogisticRegression": lambda: LogisticRegression(max_iter=50),
    "KNeighborsClassifier": lambda: KNeighborsClassifier(n_neighbors=3),
    "DecisionTreeClassifier": lambda: DecisionTreeClassifier(max_depth=4),
    "SVC": lambda: SVC(C=1.0, max_iter=2000),
    "SVC-platt": lambda: SVC(C=1.0, max_iter=2000, working_set="platt"),
    "AdaBoostClassifier": lambda: AdaBoostClassifier(n_estimators=5),
}
REGRESSORS = {
    "Ridge": lambda: Ridge(alpha=1.0),
    "LinearRegression": lambda: LinearRegression(),
    "DecisionTreeRegressor": lambda: DecisionTreeRegressor(max_depth=4),
    "GradientBoostingRegressor": lambda: GradientBoostingRegressor(n_estimators=5),
    "BoostingTreeRegressor": lambda: BoostingTreeRegressor(n_estimators=3),
}
SETTINGS = settings(
    max_examples=200,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@st.composite
def tabular(draw, classification):
    n = draw(st.integers(4, 30))
    d = draw(st.integers(1, 5))
    scale = draw(st.sampled_from([1e-3, 1.0, 1e3]))
    X = draw(st.lists(st.floats(-1, 1, allow_nan=False), min_size=n * d, max_size=n * d))
    X = np.array(X).reshape(n, d) * scale
    if classification:
        k = draw(st.integers(2, 3))
        y = np.array(draw(st.lists(st.integers(0, k - 1), min_size=n, max_size=n)))
        y[:k] = np.arange(k)  # every class present
        labels = draw(st.sampled_from(["int", "str", "pm1"]))
        y = {"int": y, "str": np.array(["a", "b", "c"])[y], "pm1": np.where(y == 0, -1, 1) if k == 2 else y}[labels]
    else:
        y = np.array(draw(st.lists(st.floats(-100, 100, allow_nan=False), min_size=n, max_size=n)))
    return X, y


def _fit_quietly(model, *args):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # convergence warnings are expected on random data
        return model.fit(*args)


@pytest.mark.parametrize("name", sorted(CLASSIFIERS))
@SETTINGS
@given(data=tabular(classification=True))
def test_classifiers_on_valid_data(name, data):
    X, y = data
    CASES[(name, "valid")] += 1
    model = _fit_quietly(CLASSIFIERS[name](), X, y)
    predicted = model.predict(X)
    assert predicted.shape == (len(X),)
    assert set(np.unique(predicted)) <= set(np.unique(y))
    if hasattr(model, "decision_function"):
        assert np.all(np.isfinite(model.decision_function(X)))
    if hasattr(model, "predict_proba"):
        proba = model.predict_proba(X)
        assert proba.shape == (len(X), len(np.unique(y)))
        assert np.all(np.isfinite(proba)) and np.allclose(proba.sum(axis=1), 1)


@pytest.mark.parametrize("name", sorted(REGRESSORS))
@SETTINGS
@given(data=tabular(classification=False))
def test_regressors_on_valid_data(name, data):
    X, y = data
    CASES[(name, "valid")] += 1
    predicted = _fit_quietly(REGRESSORS[name](), X, y).predict(X)
    assert predicted.shape == (len(X),) and predicted.dtype == np.float64
    assert np.all(np.isfinite(predicted))


def _corrupt(draw, X, y):
    """One kind of invalid (X, y), and the words the error should use to name the argument at fault."""
    kind = draw(st.sampled_from(["nan", "inf", "empty", "1d", "3d", "mismatch", "text"]))
    X = X.copy()
    if kind == "nan":
        X[draw(st.integers(0, len(X) - 1)), 0] = np.nan
        return kind, X, y, ["X"]
    if kind == "inf":
        X[0, 0] = -np.inf
        return kind, X, y, ["X"]
    if kind == "empty":
        return kind, X[:0], y[:0], ["X"]
    if kind == "1d":
        return kind, X[:, 0], y, ["X"]
    if kind == "3d":
        return kind, X[:, :, None], y, ["X"]
    if kind == "mismatch":
        return kind, X, y[:-1], ["X and y"]
    return kind, np.full(X.shape, "abc", dtype=object), y, ["X"]


@st.composite
def invalid_tabular(draw, classification):
    X, y = draw(tabular(classification))
    return _corrupt(draw, X, y)


def _assert_clear_error(fit, names):
    with pytest.raises((ValueError, TypeError)) as error:
        fit()
    message = str(error.value)
    assert message, "empty error message"
    if names is not None:
        assert any(n in message for n in names), f"the message does not name {names}: {message!r}"


@pytest.mark.parametrize("name", sorted(CLASSIFIERS) + sorted(REGRESSORS))
@SETTINGS
@given(data=st.data())
def test_invalid_data_is_refused_clearly(name, data):
    classification = name in CLASSIFIERS
    kind, X, y, argument = data.draw(invalid_tabular(classification))
    CASES[(name, "invalid")] += 1
    factory = CLASSIFIERS.get(name) or REGRESSORS[name]
    _assert_clear_error(lambda: _fit_quietly(factory(), X, y), argument)


BAD_HYPERPARAMETERS = {
    "Perceptron": [{"eta": 0}, {"eta": -1.0}, {"max_iter": 0}, {"eta": "1"}],
    "LogisticRegression": [{"C": 0}, {"C": -1.0}, {"max_iter": 0}, {"solver": "magic"}],
    "KNeighborsClassifier": [{"n_neighbors": 0}, {"n_neighbors": 2.5}, {"p": 0}],
    "DecisionTreeClassifier": [{"max_depth": 0}, {"min_samples_leaf": 0}, {"criterion": "purity"}],
    "SVC": [{"C": 0}, {"C": -1.0}, {"gamma": -1.0}, {"kernel": "magic"}],
    "AdaBoostClassifier": [{"n_estimators": 0}, {"n_estimators": 1.5}],
    "Ridge": [{"alpha": -1.0}, {"alpha": "big"}],
    "DecisionTreeRegressor": [{"max_depth": 0}, {"min_samples_split": 1}],
    "GradientBoostingRegressor": [{"learning_rate": 0}, {"n_estimators": 0}, {"loss": "cubic"}],
}
FACTORIES = {**CLASSIFIERS, **REGRESSORS}


@pytest.mark.parametrize(
    "name, params", [(n, p) for n, ps in BAD_HYPERPARAMETERS.items() for p in ps], ids=lambda v: str(v)
)
def test_bad_hyperparameters_name_themselves(name, params):
    CASES[(name, "invalid")] += 1
    X, y = np.arange(12.0).reshape(6, 2), np.array([0, 1, 0, 1, 0, 1])
    model = FACTORIES[name]().set_params(**params)
    _assert_clear_error(lambda: _fit_quietly(model, X, y), list(params))


@SETTINGS
@given(n=st.integers(10, 60), d=st.integers(1, 4), k=st.integers(1, 3), seed=st.integers(0, 2**16))
def test_gaussian_mixture_on_valid_data(n, d, k, seed):
    CASES[("GaussianMixture", "valid")] += 1
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, d)) * rng.choice([1e-2, 1.0, 1e2])
    model = _fit_quietly(GaussianMixture(n_components=k, random_state=seed, max_iter=30), X)
    assert np.all(np.isfinite(model.means_)) and np.all(np.isfinite(model.covariances_))
    assert np.isclose(model.weights_.sum(), 1.0)
    assert model.predict(X).shape == (n,) and np.all(np.isfinite(model.score_samples(X)))


@SETTINGS
@given(data=st.data())
def test_gaussian_mixture_refuses_invalid_data(data):
    CASES[("GaussianMixture", "invalid")] += 1
    X = np.random.default_rng(0).normal(size=(20, 2))
    kind, X_bad, _, argument = _corrupt(data.draw, X, np.zeros(20))
    if kind == "mismatch":
        X_bad = X[:1]  # fewer samples than components
        argument = ["X", "n_components"]
    _assert_clear_error(lambda: _fit_quietly(GaussianMixture(n_components=2), X_bad), argument)


@st.composite
def hmm_parameters(draw):
    n_states, n_symbols = draw(st.integers(1, 4)), draw(st.integers(1, 5))
    rng = np.random.default_rng(draw(st.integers(0, 2**16)))
    return (
        rng.dirichlet(np.ones(n_states)),
        rng.dirichlet(np.ones(n_states), size=n_states),
        rng.dirichlet(np.ones(n_symbols), size=n_states),
    )


@SETTINGS
@given(params=hmm_parameters(), length=st.integers(1, 300), seed=st.integers(0, 2**16))
def test_hmm_on_valid_sequences(params, length, seed):
    CASES[("CategoricalHMM", "valid")] += 1
    hmm = CategoricalHMM(*params)
    obs, states = hmm.sample(length, random_state=seed)
    assert obs.shape == (length,) and states.shape == (length,)
    _, log_prob = hmm.forward(obs, scaled=True)
    path, _ = hmm.viterbi(obs)
    assert np.isfinite(log_prob) and log_prob <= 1e-9
    assert path.shape == (length,) and path.min() >= 0 and path.max() < len(params[0])


@SETTINGS
@given(params=hmm_parameters(), kind=st.sampled_from(["symbol", "negative", "nan", "not_stochastic", "shape"]))
def test_hmm_refuses_invalid_input(params, kind):
    CASES[("CategoricalHMM", "invalid")] += 1
    start, trans, emit = params
    if kind == "not_stochastic":
        trans = trans.copy()
        trans[0, 0] += 0.5
        _assert_clear_error(lambda: CategoricalHMM(start, trans, emit).forward([0]), ["transmat"])
        return
    if kind == "shape":
        _assert_clear_error(
            lambda: CategoricalHMM(start, trans[:, :-1] if len(start) > 1 else np.ones((1, 2)) / 2, emit).forward([0]),
            ["transmat"],
        )
        return
    hmm = CategoricalHMM(start, trans, emit)
    obs = {"symbol": [0, emit.shape[1]], "negative": [0, -1], "nan": [0.0, np.nan]}[kind]
    _assert_clear_error(lambda: hmm.forward(obs), ["obs", "symbol", "X"])


@SETTINGS
@given(data=tabular(classification=False), k=st.integers(1, 5))
def test_kd_tree_queries_match_brute_force(data, k):
    CASES[("KDTree", "valid")] += 1
    X, _ = data
    k = min(k, len(X))
    distances, indices = KDTree(X).query(X[:3], k=k)
    brute = np.sort(np.linalg.norm(X[:3, None, :] - X[None, :, :], axis=2), axis=1)[:, :k]
    np.testing.assert_allclose(distances, brute, rtol=1e-9, atol=1e-9 * np.abs(X).max())
    assert indices.shape == (3, k)


@SETTINGS
@given(n=st.integers(4, 40), d=st.integers(1, 4), values=st.integers(2, 5), seed=st.integers(0, 2**16))
def test_categorical_nb_on_valid_data(n, d, values, seed):
    CASES[("CategoricalNB", "valid")] += 1
    rng = np.random.default_rng(seed)
    X = rng.integers(0, values, size=(n, d))
    y = rng.integers(0, 2, size=n)
    y[:2] = [0, 1]
    model = CategoricalNB(alpha=1.0).fit(X, y)
    proba = model.predict_proba(X)
    assert np.all(np.isfinite(proba)) and np.allclose(proba.sum(axis=1), 1)
