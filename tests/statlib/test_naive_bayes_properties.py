"""Property-based tests for statlib.naive_bayes: categorical naive Bayes on categorical tables.

Generated valid inputs must give finite answers of the right shape (and, where cheap, an exact identity);
generated invalid inputs must raise a ValueError/TypeError naming the argument.
"""

from collections import Counter

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from property_support import SETTINGS, categorical_table, refused

from statlib.naive_bayes import CategoricalNB

CASES = Counter()  # (name, kind) -> number of generated cases; reported by conftest.py


# -- categorical naive Bayes ----------------------------------------------------------------------------------------

CATEGORICAL = {
    "CategoricalNB": lambda: CategoricalNB(alpha=1.0),
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
