"""Property-based tests for the topic models: any count matrix gives finite, normalised distributions of the
right shape; anything that is not a count matrix, or a bad hyperparameter, is refused with an error that
names the argument. Case counts per estimator are printed at the end of the run (see conftest.py)."""

import warnings
from collections import Counter

import numpy as np
import pytest
import scipy.sparse as sp
from hypothesis import given
from hypothesis import strategies as st
from property_support import SETTINGS

from statlib.topic import PLSA, LatentDirichletAllocation, VariationalLDA

CASES = Counter()
FACTORIES = {
    "PLSA": lambda k, seed: PLSA(k, max_iter=30, random_state=seed),
    "LatentDirichletAllocation": lambda k, seed: LatentDirichletAllocation(
        k, n_iter=5, transform_iter=4, random_state=seed
    ),
    "VariationalLDA": lambda k, seed: VariationalLDA(k, max_iter=8, e_step_max_iter=20, random_state=seed),
}


@st.composite
def count_matrices(draw):
    D = draw(st.integers(1, 12))
    V = draw(st.integers(1, 10))
    density = draw(st.sampled_from([0.0, 0.2, 0.6, 1.0]))
    seed = draw(st.integers(0, 2**16))
    rng = np.random.default_rng(seed)
    X = rng.poisson(draw(st.sampled_from([1.0, 5.0, 50.0])), size=(D, V)) * (rng.random((D, V)) < density)
    if X.sum() == 0:
        X[rng.integers(D), rng.integers(V)] = 1  # at least one word somewhere; some rows may stay empty
    form = draw(st.sampled_from(["int", "float", "csr", "csc", "list"]))
    X = {"int": X, "float": X.astype(float), "csr": sp.csr_matrix(X), "csc": sp.csc_matrix(X), "list": X.tolist()}[form]
    return X, (D, V), draw(st.integers(1, 4)), seed


@pytest.mark.parametrize("name", sorted(FACTORIES))
@SETTINGS
@given(data=count_matrices())
def test_valid_counts_give_normalised_finite_distributions(name, data):
    X, (D, V), K, seed = data
    CASES[(name, "valid")] += 1
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        model = FACTORIES[name](K, seed).fit(X)
        theta = model.transform(X)
    for array, shape in ((model.components_, (K, V)), (model.doc_topic_, (D, K)), (theta, (D, K))):
        assert array.shape == shape and array.dtype == np.float64
        assert np.all(np.isfinite(array)) and np.all(array >= 0)
        np.testing.assert_allclose(array.sum(axis=1), 1.0, rtol=1e-10)


def _invalid(draw, name):
    """An invalid fit: (X, params, the argument the message must name)."""
    rng = np.random.default_rng(draw(st.integers(0, 2**16)))
    D, V = draw(st.integers(1, 6)), draw(st.integers(1, 6))
    X = rng.integers(0, 5, size=(D, V)).astype(float)
    X[0, 0] = 1.0
    kinds = [
        "negative",
        "nan",
        "inf",
        "empty",
        "1d",
        "3d",
        "text",
        "all-zero",
        "sparse-nan",
        "sparse-negative",
        "n_topics",
        "max_iter",
    ]
    if name == "LatentDirichletAllocation":
        kinds += ["fraction", "alpha", "beta", "alpha-vector", "beta-vector", "alpha-text"]
    elif name == "VariationalLDA":
        kinds += ["alpha", "alpha-vector", "alpha-text", "tol", "e_step_tol", "e_step_max_iter", "update_alpha"]
    else:
        kinds += ["tol", "doc_topic_init", "topic_word_init"]
    kind = draw(st.sampled_from(kinds))
    i, j = draw(st.integers(0, D - 1)), draw(st.integers(0, V - 1))
    if kind == "negative":
        X[i, j] = -draw(st.integers(1, 5))
        return X, {}, "X"
    if kind == "fraction":
        X[i, j] = draw(st.sampled_from([0.5, 1.25, 3.999]))
        return X, {}, "X"
    if kind == "nan":
        X[i, j] = np.nan
        return X, {}, "X"
    if kind == "inf":
        X[i, j] = draw(st.sampled_from([np.inf, -np.inf]))
        return X, {}, "X"
    if kind == "empty":
        return X[:0] if draw(st.booleans()) else X[:, :0], {}, "X"
    if kind == "1d":
        return X[0], {}, "X"
    if kind == "3d":
        return X[:, :, None], {}, "X"
    if kind == "text":
        return np.full(X.shape, "word", dtype=object), {}, "X"
    if kind == "all-zero":
        return (np.zeros_like(X) if draw(st.booleans()) else sp.csr_matrix(X.shape)), {}, "X"
    if kind == "sparse-nan":
        X[0, 0] = np.nan
        return sp.csr_matrix(X), {}, "X"
    if kind == "sparse-negative":
        X[0, 0] = -1.0
        return sp.csc_matrix(X), {}, "X"
    if kind == "n_topics":
        return X, {"n_topics": draw(st.sampled_from([0, -2, 1.5, "3", None]))}, "n_topics"
    if kind == "max_iter":
        key = "n_iter" if name == "LatentDirichletAllocation" else "max_iter"
        return X, {key: draw(st.sampled_from([0, -1, 2.5, "10"]))}, key
    if kind == "tol":
        return X, {"tol": draw(st.sampled_from([-1e-3, np.nan, np.inf, "small"]))}, "tol"
    if kind == "e_step_tol":
        return X, {"e_step_tol": draw(st.sampled_from([-1.0, np.nan, "tight"]))}, "e_step_tol"
    if kind == "e_step_max_iter":
        return X, {"e_step_max_iter": draw(st.sampled_from([0, -3, 1.5]))}, "e_step_max_iter"
    if kind == "update_alpha":
        return X, {"update_alpha": draw(st.sampled_from(["yes", 1, None]))}, "update_alpha"
    if kind in ("alpha", "beta"):
        return X, {kind: draw(st.sampled_from([0.0, -0.5, np.nan, np.inf]))}, kind
    if kind == "alpha-vector":
        return (
            X,
            {"n_topics": 2, "alpha": draw(st.sampled_from([[1.0], [1.0, 2.0, 3.0], [1.0, -1.0], [[1.0, 1.0]]]))},
            "alpha",
        )
    if kind == "beta-vector":
        return X, {"beta": np.r_[np.ones(V), 1.0] if draw(st.booleans()) else np.r_[np.zeros(V - 1), -1.0]}, "beta"
    if kind == "alpha-text":
        return X, {"alpha": "flat"}, "alpha"
    if kind == "doc_topic_init":
        bad = draw(st.sampled_from(["shape", "sum", "negative"]))
        init = {
            "shape": np.full((D + 1, 2), 0.5),
            "sum": np.full((D, 2), 0.7),
            "negative": np.tile([1.5, -0.5], (D, 1)),
        }[bad]
        return X, {"n_topics": 2, "doc_topic_init": init}, "doc_topic_init"
    bad = draw(st.sampled_from(["shape", "sum", "nan"]))
    init = {"shape": np.full((2, V + 1), 1 / (V + 1)), "sum": np.full((2, V), 2.0 / V), "nan": np.full((2, V), np.nan)}[
        bad
    ]
    return X, {"n_topics": 2, "topic_word_init": init}, "topic_word_init"


@pytest.mark.parametrize("name", sorted(FACTORIES))
@SETTINGS
@given(data=st.data())
def test_invalid_input_is_refused_naming_the_argument(name, data):
    X, params, argument = _invalid(data.draw, name)
    CASES[(name, "invalid")] += 1
    model = FACTORIES[name](2, 0).set_params(**params)
    with pytest.raises((ValueError, TypeError)) as error:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            model.fit(X)
    assert argument in str(error.value), f"{argument!r} not named in {str(error.value)!r}"


@pytest.mark.parametrize("name", sorted(FACTORIES))
@SETTINGS
@given(data=count_matrices(), extra=st.integers(1, 3), kind=st.sampled_from(["columns", "negative", "nan"]))
def test_transform_refuses_invalid_new_documents(name, data, extra, kind):
    X, (D, V), K, seed = data
    CASES[(name, "invalid")] += 1
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        model = FACTORIES[name](K, seed).fit(X)
    new = np.ones((2, V + extra if kind == "columns" else V))
    if kind == "negative":
        new[1, 0] = -1.0
    elif kind == "nan":
        new[0, -1] = np.nan
    with pytest.raises(ValueError, match="X"):
        model.transform(new)
