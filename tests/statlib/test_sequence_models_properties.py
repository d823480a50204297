"""Property-based tests for the Part I models and functions that take other inputs than (X, y) tables.

The tabular estimators are in ``test_estimators_properties.py``; here are the sequence models (three-coin EM,
Baum-Welch, linear-chain CRF), the categorical ones (ID3, C4.5, categorical naive Bayes, the kd tree's
invalid inputs), maximum entropy, the optimiser and the metric and bound functions. As there, valid inputs
must give finite answers of the right shape and invalid ones a ValueError/TypeError naming the argument.
"""

from collections import Counter

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from property_support import SEEDS, SETTINGS, bad_array, categorical_table, quietly, refused

from statlib.crf import LinearChainCRF
from statlib.hmm import CategoricalHMM
from statlib.maxent import fit_maxent
from statlib.metrics import MARGIN_LOSSES, margin_loss, precision_recall_f1
from statlib.mixture import GaussianMixture, ThreeCoinEM
from statlib.model_selection import hoeffding_bound, hoeffding_sample_size
from statlib.naive_bayes import CategoricalNB
from statlib.neighbors import KDTree
from statlib.optim import minimize, rosenbrock, rosenbrock_grad
from statlib.tree import C45Classifier, ID3Classifier

CASES = Counter()  # (name, kind) -> number of generated cases; reported by conftest.py


BAD_KINDS = st.sampled_from(["nan", "inf", "text", "rank", "empty"])


# -- kd tree ------------------------------------------------------------------------------------------------


@SETTINGS
@given(seed=SEEDS, kind=st.sampled_from(["nan", "inf", "text", "rank", "empty", "query_dim", "k_zero",
                                          "k_too_big", "k_float", "leaf_size"]))
def test_kd_tree_refuses_invalid_input(seed, kind):
    CASES[("KDTree", "invalid")] += 1
    rng = np.random.default_rng(seed)
    n, d = int(rng.integers(2, 30)), int(rng.integers(1, 4))
    X = rng.normal(size=(n, d))
    if kind in ("nan", "inf", "text", "rank", "empty"):
        refused(lambda: KDTree(bad_array(rng, kind, (n, d))), ["X"])
    elif kind == "query_dim":
        refused(lambda: KDTree(X).query(rng.normal(size=(2, d + 1))), ["x", "X", "feature"])
    elif kind == "leaf_size":
        refused(lambda: KDTree(X, leaf_size=int(rng.integers(-3, 1))), ["leaf_size"])
    else:
        k = {"k_zero": 0, "k_too_big": n + 1, "k_float": 1.5}[kind]
        refused(lambda: KDTree(X).query(X[:1], k=k), ["k"])


# -- categorical models: naive Bayes, ID3, C4.5 ---------------------------------------------------------------

CATEGORICAL = {
    "CategoricalNB": lambda: CategoricalNB(alpha=1.0),
    "ID3Classifier": lambda: ID3Classifier(epsilon=0.0),
    "C45Classifier": lambda: C45Classifier(epsilon=0.0),
}


@pytest.mark.parametrize("name", sorted(CATEGORICAL))
@SETTINGS
@given(data=categorical_table())
def test_categorical_models_on_valid_data(name, data):
    X, y = data
    CASES[(name, "valid")] += 1
    model = CATEGORICAL[name]().fit(X, y)
    proba = model.predict_proba(X)
    assert proba.shape == (len(X), 2) and np.all(np.isfinite(proba)) and np.allclose(proba.sum(axis=1), 1)
    assert set(model.predict(X)) <= set(y)


@pytest.mark.parametrize("name", sorted(CATEGORICAL))
@SETTINGS
@given(data=categorical_table(), kind=st.sampled_from(["missing", "rank", "mismatch", "empty", "unseen", "one_d_y"]))
def test_categorical_models_refuse_invalid_data(name, data, kind):
    X, y = data
    CASES[(name, "invalid")] += 1
    model = CATEGORICAL[name]()
    if kind == "missing":
        X = X.astype(object)
        X[0, 0] = None if X.dtype == object and isinstance(X[0, 0], str) else np.nan
        refused(lambda: model.fit(X, y), ["X"])
    elif kind == "rank":
        refused(lambda: model.fit(X[:, 0], y), ["X"])
    elif kind == "mismatch":
        refused(lambda: model.fit(X, y[:-1]), ["X and y", "y"])
    elif kind == "empty":
        refused(lambda: model.fit(X[:0], y[:0]), ["X"])
    elif kind == "one_d_y":
        refused(lambda: model.fit(X, np.column_stack([y, y])), ["y"])
    else:  # a value never seen in training, at prediction time
        model.fit(X, y)
        unseen = X[:1].copy()
        unseen[0, 0] = "never seen" if unseen.dtype == object else 99
        refused(lambda: model.predict(unseen), ["X", "categor", "value"])


# -- Gaussian mixture: more varied invalid data -------------------------------------------------------------


@SETTINGS
@given(seed=SEEDS, kind=BAD_KINDS, k=st.integers(1, 3))
def test_gaussian_mixture_refuses_invalid_data(seed, kind, k):
    CASES[("GaussianMixture", "invalid")] += 1
    rng = np.random.default_rng(seed)
    n, d = int(rng.integers(5, 40)), int(rng.integers(1, 4))
    refused(lambda: GaussianMixture(n_components=k).fit(bad_array(rng, kind, (n, d))), ["X"])


@SETTINGS
@given(n_components=st.sampled_from([0, -1, 2.5, "two", 10_000]), reg=st.sampled_from([-1.0, np.nan, "small"]),
       which=st.sampled_from(["n_components", "reg_covar", "covariance_type", "max_iter"]))
def test_gaussian_mixture_refuses_bad_hyperparameters(n_components, reg, which):
    CASES[("GaussianMixture", "invalid")] += 1
    X = np.random.default_rng(0).normal(size=(20, 2))
    params = {"n_components": {"n_components": n_components}, "reg_covar": {"reg_covar": reg},
              "covariance_type": {"covariance_type": "round"}, "max_iter": {"max_iter": -1}}[which]
    refused(lambda: GaussianMixture(**params).fit(X), list(params) + (["X"] if n_components == 10_000 else []))


# -- three-coin EM ------------------------------------------------------------------------------------------


@SETTINGS
@given(seed=SEEDS, start=st.tuples(*[st.floats(0.01, 0.99)] * 3))
def test_three_coin_em_on_valid_data(seed, start):
    CASES[("ThreeCoinEM", "valid")] += 1
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 2, size=int(rng.integers(1, 60)))
    model = quietly(lambda: ThreeCoinEM(*start, max_iter=50).fit(y))
    assert all(0.0 <= v <= 1.0 for v in (model.pi_, model.p_, model.q_))
    # EM never decreases the likelihood (Theorem 9.1).
    assert np.all(np.diff(model.log_likelihoods_) >= -1e-10)
    assert model.predict_proba(y).shape == (len(y), 2)


@SETTINGS
@given(seed=SEEDS, kind=st.sampled_from(["nan", "inf", "text", "empty", "two_columns", "not_binary",
                                         "pi", "p", "q", "max_iter"]))
def test_three_coin_em_refuses_invalid_input(seed, kind):
    CASES[("ThreeCoinEM", "invalid")] += 1
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 2, size=int(rng.integers(2, 30))).astype(float)
    if kind in ("pi", "p", "q"):
        refused(lambda: ThreeCoinEM(**{kind: float(rng.choice([0.0, 1.0, -0.5, 1.5]))}).fit(y), [kind])
    elif kind == "max_iter":
        refused(lambda: ThreeCoinEM(max_iter=0).fit(y), ["max_iter"])
    elif kind == "two_columns":
        refused(lambda: ThreeCoinEM().fit(np.column_stack([y, y])), ["X"])
    elif kind == "not_binary":
        y[0] = 2.0
        refused(lambda: ThreeCoinEM().fit(y), ["X"])
    else:
        refused(lambda: ThreeCoinEM().fit(bad_array(rng, kind, (len(y), 1))), ["X"])


# -- hidden Markov model: Baum-Welch ------------------------------------------------------------------------


@SETTINGS
@given(seed=SEEDS, n_states=st.integers(1, 3), n_symbols=st.integers(1, 4))
def test_baum_welch_on_valid_sequences(seed, n_states, n_symbols):
    CASES[("CategoricalHMM.fit", "valid")] += 1
    rng = np.random.default_rng(seed)
    truth = CategoricalHMM(rng.dirichlet(np.ones(n_states)), rng.dirichlet(np.ones(n_states), n_states),
                           rng.dirichlet(np.ones(n_symbols), n_states))
    sequences = [truth.sample(int(rng.integers(1, 40)), random_state=int(rng.integers(2**31)))[0]
                 for _ in range(int(rng.integers(1, 4)))]
    start = CategoricalHMM(rng.dirichlet(np.ones(n_states)), rng.dirichlet(np.ones(n_states), n_states),
                           rng.dirichlet(np.ones(n_symbols), n_states))
    model = quietly(lambda: start.fit(sequences))
    for name in ("startprob", "transmat", "emissionprob"):
        values = getattr(model, name + "_", None)
        values = getattr(model, name) if values is None else values
        assert np.all(np.isfinite(values)) and np.allclose(np.sum(values, axis=-1), 1.0)


@SETTINGS
@given(seed=SEEDS, kind=st.sampled_from(["symbol", "negative", "fraction", "nan", "text", "empty", "max_iter",
                                         "tol", "not_stochastic"]))
def test_baum_welch_refuses_invalid_input(seed, kind):
    CASES[("CategoricalHMM.fit", "invalid")] += 1
    rng = np.random.default_rng(seed)
    n_states, n_symbols = int(rng.integers(1, 4)), int(rng.integers(2, 5))
    params = (rng.dirichlet(np.ones(n_states)), rng.dirichlet(np.ones(n_states), n_states),
              rng.dirichlet(np.ones(n_symbols), n_states))
    obs = rng.integers(0, n_symbols, size=int(rng.integers(2, 30))).astype(float)
    if kind == "max_iter":
        refused(lambda: CategoricalHMM(*params, max_iter=0).fit(obs), ["max_iter"])
    elif kind == "tol":
        refused(lambda: CategoricalHMM(*params, tol=-1.0).fit(obs), ["tol"])
    elif kind == "not_stochastic":
        emit = params[2].copy()
        emit[0, 0] += 0.25
        refused(lambda: CategoricalHMM(params[0], params[1], emit).fit(obs), ["emissionprob"])
    elif kind == "empty":
        refused(lambda: CategoricalHMM(*params).fit(obs[:0]), ["X"])
    elif kind == "text":
        refused(lambda: CategoricalHMM(*params).fit(["a", "b"]), ["X"])
    else:
        obs[int(rng.integers(len(obs)))] = {"symbol": n_symbols, "negative": -1, "fraction": 0.5, "nan": np.nan}[kind]
        refused(lambda: CategoricalHMM(*params).fit(obs), ["X"])


# -- linear-chain CRF ---------------------------------------------------------------------------------------


@st.composite
def labelled_sequences(draw):
    rng = np.random.default_rng(draw(SEEDS))
    d, m = int(rng.integers(1, 4)), int(rng.integers(2, 4))
    X = [rng.normal(size=(int(rng.integers(2, 8)), d)) for _ in range(int(rng.integers(1, 5)))]
    y = [rng.integers(0, m, size=len(x)) for x in X]
    y[0][:2] = [0, 1]  # at least two labels overall
    return X, y


@SETTINGS
@given(data=labelled_sequences(), method=st.sampled_from(["lbfgs", "iis"]))
def test_crf_on_valid_sequences(data, method):
    X, y = data
    CASES[("LinearChainCRF", "valid")] += 1
    if method == "iis":  # IIS needs non-negative features
        X = [np.abs(x) for x in X]
    model = quietly(lambda: LinearChainCRF(method=method, max_iter=15).fit(X, y))
    predicted = model.predict(X)
    assert [p.shape for p in predicted] == [(len(x),) for x in X]
    marginals = model.predict_marginals(X)
    for x, mu in zip(X, marginals):
        assert mu.shape == (len(x), len(model.classes_)) and np.allclose(mu.sum(axis=1), 1)


@SETTINGS
@given(data=labelled_sequences(), kind=st.sampled_from(["nan", "inf", "text", "rank", "empty_list", "label_length",
                                                        "widths", "one_class", "c2", "max_iter", "method"]))
def test_crf_refuses_invalid_input(data, kind):
    X, y = data
    CASES[("LinearChainCRF", "invalid")] += 1
    rng = np.random.default_rng(len(X))
    if kind in ("nan", "inf", "text", "rank"):
        X = list(X)
        X[0] = bad_array(rng, kind, X[0].shape)
        refused(lambda: LinearChainCRF(max_iter=5).fit(X, y), ["X[0]", "X"])
    elif kind == "empty_list":
        refused(lambda: LinearChainCRF().fit([], []), ["X"])
    elif kind == "label_length":
        y = list(y)
        y[0] = np.append(y[0], 0)
        refused(lambda: LinearChainCRF().fit(X, y), ["y[0]"])
    elif kind == "widths":
        X = list(X) + [np.zeros((2, X[0].shape[1] + 1))]
        y = list(y) + [np.array([0, 1])]
        refused(lambda: LinearChainCRF().fit(X, y), ["X"])
    elif kind == "one_class":
        refused(lambda: LinearChainCRF().fit(X, [np.zeros(len(x), int) for x in X]), ["y"])
    else:
        params = {"c2": {"c2": -1.0}, "max_iter": {"max_iter": 0}, "method": {"method": "sgd"}}[kind]
        refused(lambda: LinearChainCRF(**params).fit(X, y), list(params))


# -- maximum entropy ----------------------------------------------------------------------------------------


@SETTINGS
@given(seed=SEEDS, method=st.sampled_from(["iis", "bfgs"]))
def test_fit_maxent_on_valid_data(seed, method):
    CASES[("fit_maxent", "valid")] += 1
    rng = np.random.default_rng(seed)
    n_x, n_y, n_f = int(rng.integers(1, 4)), int(rng.integers(2, 5)), int(rng.integers(1, 4))
    F = rng.integers(0, 2, size=(n_x, n_y, n_f)).astype(float)
    counts = rng.integers(1, 5, size=(n_x, n_y)).astype(float)
    result = quietly(lambda: fit_maxent(F, counts, method=method, max_iter=200))
    assert result.proba.shape == (n_x, n_y) and np.allclose(result.proba.sum(axis=1), 1)
    assert np.all(np.isfinite(result.w)) and np.isfinite(result.loglik)


@SETTINGS
@given(seed=SEEDS, kind=st.sampled_from(["nan", "rank", "shape", "negative", "method", "tol", "max_iter", "w0"]))
def test_fit_maxent_refuses_invalid_input(seed, kind):
    CASES[("fit_maxent", "invalid")] += 1
    rng = np.random.default_rng(seed)
    n_x, n_y, n_f = int(rng.integers(1, 4)), int(rng.integers(2, 5)), int(rng.integers(1, 4))
    F = rng.integers(0, 2, size=(n_x, n_y, n_f)).astype(float)
    p = rng.random((n_x, n_y)) + 0.1
    if kind == "nan":
        F[0, 0, 0] = np.nan
        refused(lambda: fit_maxent(F, p), ["F"])
    elif kind == "rank":
        refused(lambda: fit_maxent(F[:, :, 0], p), ["F"])
    elif kind == "shape":
        refused(lambda: fit_maxent(F, p[:, :-1]), ["p_xy"])
    elif kind == "negative":
        p[0, 0] = -1.0
        refused(lambda: fit_maxent(F, p), ["p_xy"])
    elif kind == "w0":
        refused(lambda: fit_maxent(F, p, w0=np.zeros(n_f + 1)), ["w0"])
    else:
        kwargs = {"method": {"method": "magic"}, "tol": {"tol": -1.0}, "max_iter": {"max_iter": -1}}[kind]
        refused(lambda: fit_maxent(F, p, **kwargs), list(kwargs))


# -- the optimiser ------------------------------------------------------------------------------------------


@SETTINGS
@given(x0=st.tuples(st.floats(-2, 2), st.floats(-2, 2)), method=st.sampled_from(["bfgs", "dfp", "broyden", "newton"]))
def test_minimize_on_valid_starts(x0, method):
    CASES[("minimize", "valid")] += 1
    from statlib.optim import rosenbrock_hess

    result = quietly(lambda: minimize(rosenbrock, np.array(x0), jac=rosenbrock_grad, hess=rosenbrock_hess,
                                       method=method, max_iter=500))
    assert result.x.shape == (2,) and np.all(np.isfinite(result.x)) and np.isfinite(result.fun)
    assert result.fun <= rosenbrock(np.array(x0)) + 1e-12  # a descent method never ends above its start


@SETTINGS
@given(kind=st.sampled_from(["x0_nan", "x0_text", "x0_rank", "method", "tol", "max_iter", "not_callable",
                             "nonfinite_start"]), seed=SEEDS)
def test_minimize_refuses_invalid_input(kind, seed):
    CASES[("minimize", "invalid")] += 1
    x0 = np.random.default_rng(seed).normal(size=2)
    if kind == "x0_nan":
        x0[0] = np.nan
        refused(lambda: minimize(rosenbrock, x0, jac=rosenbrock_grad), ["x0"])
    elif kind == "x0_text":
        refused(lambda: minimize(rosenbrock, ["a", "b"], jac=rosenbrock_grad), ["x0"])
    elif kind == "x0_rank":
        refused(lambda: minimize(rosenbrock, x0[:, None], jac=rosenbrock_grad), ["x0"])
    elif kind == "not_callable":
        refused(lambda: minimize(3.0, x0), ["fun"])
    elif kind == "nonfinite_start":
        refused(lambda: minimize(lambda x: np.inf, x0, jac=lambda x: x), ["fun", "x0"])
    else:
        kwargs = {"method": {"method": "simplex"}, "tol": {"tol": -1e-3}, "max_iter": {"max_iter": -2}}[kind]
        refused(lambda: minimize(rosenbrock, x0, jac=rosenbrock_grad, **kwargs), list(kwargs))


# -- metrics and bounds -------------------------------------------------------------------------------------


@SETTINGS
@given(seed=SEEDS, n=st.integers(1, 50))
def test_precision_recall_f1_on_valid_labels(seed, n):
    CASES[("precision_recall_f1", "valid")] += 1
    rng = np.random.default_rng(seed)
    y_true, y_pred = rng.integers(0, 2, n), rng.integers(0, 2, n)
    y_true[0] = 1  # the positive class occurs (otherwise the function refuses: pos_label is probably mistyped)
    p, r, f1 = precision_recall_f1(y_true, y_pred)
    assert all(0.0 <= v <= 1.0 for v in (p, r, f1))
    if p + r > 0:
        assert np.isclose(f1, 2 * p * r / (p + r))  # F1 is the harmonic mean of P and R (1.43)


@SETTINGS
@given(seed=SEEDS, kind=st.sampled_from(["mismatch", "empty", "rank", "nan"]))
def test_precision_recall_f1_refuses_invalid_labels(seed, kind):
    CASES[("precision_recall_f1", "invalid")] += 1
    rng = np.random.default_rng(seed)
    n = int(rng.integers(2, 30))
    y_true, y_pred = rng.integers(0, 2, n).astype(float), rng.integers(0, 2, n).astype(float)
    if kind == "mismatch":
        refused(lambda: precision_recall_f1(y_true, y_pred[:-1]), ["y_true", "y_pred"])
    elif kind == "empty":
        refused(lambda: precision_recall_f1(y_true[:0], y_pred[:0]), ["y_true", "y_pred"])
    elif kind == "rank":
        refused(lambda: precision_recall_f1(y_true[:, None] * np.ones(2), y_pred), ["y_true"])
    else:
        y_pred[0] = np.nan
        refused(lambda: precision_recall_f1(y_true, y_pred), ["y_pred"])


@SETTINGS
@given(name=st.sampled_from(sorted(MARGIN_LOSSES)), margins=st.lists(st.floats(-50, 50), min_size=0, max_size=20))
def test_margin_losses_on_valid_margins(name, margins):
    CASES[("margin_loss", "valid")] += 1
    loss = margin_loss(name, np.array(margins))
    assert loss.shape == (len(margins),) and np.all(np.isfinite(loss)) and np.all(loss >= 0)


@SETTINGS
@given(kind=st.sampled_from(["name", "base", "nan", "text"]), seed=SEEDS)
def test_margin_loss_refuses_invalid_input(kind, seed):
    CASES[("margin_loss", "invalid")] += 1
    m = np.random.default_rng(seed).normal(size=5)
    if kind == "name":
        refused(lambda: margin_loss("squared_hinge", m), ["name"])
    elif kind == "base":
        refused(lambda: margin_loss("logistic", m, log_base=float(np.random.default_rng(seed).uniform(-1, 1))),
                 ["log_base"])
    elif kind == "nan":
        m[0] = np.nan
        refused(lambda: margin_loss("hinge", m), ["margin"])
    else:
        refused(lambda: margin_loss("hinge", ["a", "b"]), ["margin"])


@SETTINGS
@given(d=st.integers(1, 10**6), n=st.integers(1, 10**6), delta=st.floats(1e-9, 0.999))
def test_hoeffding_bound_on_valid_arguments(d, n, delta):
    CASES[("hoeffding_bound", "valid")] += 1
    eps = hoeffding_bound(d, n, delta)
    assert np.isfinite(eps) and eps > 0
    # The sample size that achieves eps is at most n (it inverts (1.33) up to rounding up).
    assert hoeffding_sample_size(d, eps * (1 + 1e-9), delta) <= n


@SETTINGS
@given(which=st.sampled_from(["n_hypotheses", "n_samples", "delta"]),
       bad=st.one_of(st.integers(-10**6, 0), st.floats(allow_nan=True), st.text(max_size=3), st.none()))
def test_hoeffding_bound_refuses_invalid_arguments(which, bad):
    args = {"n_hypotheses": 10, "n_samples": 100, "delta": 0.05}
    if which == "delta" and isinstance(bad, float) and 0 < bad < 1:
        bad = 1 + bad  # a probability must lie in (0, 1)
    if which != "delta" and isinstance(bad, float) and bad >= 1 and float(bad).is_integer():
        bad = bad + 0.5  # a count must be a whole number
    CASES[("hoeffding_bound", "invalid")] += 1
    args[which] = bad
    refused(lambda: hoeffding_bound(**args), [which])
