"""What the property-based test modules (tests/statlib/test_*_properties.py) share: hypothesis settings and checks."""

import math
import warnings

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

# 200 generated cases per test, the same ones on every run (derandomize), no time limit per case.
SETTINGS = settings(
    max_examples=200,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
SEEDS = st.integers(0, 2**32 - 1)


def quietly(call):
    """``call()`` with warnings silenced: convergence warnings are expected on random data."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return call()


def refused(call, names):
    """``call`` raises ValueError/TypeError with a message that contains one of ``names`` (any non-empty message
    when ``names`` is None)."""
    with pytest.raises((ValueError, TypeError)) as error:
        quietly(call)
    message = str(error.value)
    assert message, "empty error message"
    if names is not None:
        assert any(n in message for n in names), f"the message does not name {names}: {message!r}"


def bad_array(rng, kind, shape):
    """An array-like that is not a valid float array of ``shape``: NaN, infinity, text, wrong rank, empty."""
    good = rng.normal(size=shape)
    if kind == "nan":
        good.flat[rng.integers(good.size)] = np.nan
        return good
    if kind == "inf":
        good.flat[rng.integers(good.size)] = np.inf
        return good
    if kind == "text":
        return np.full(shape, "abc", dtype=object)
    if kind == "rank":
        return good.ravel() if good.ndim == 2 else good[..., None, None]
    return good[:0]  # empty


def random_bad(rng, shape, kinds=("nan", "inf", "text", "rank", "empty")):
    """``bad_array`` of ``shape``, of a kind that ``rng`` draws from ``kinds``."""
    return bad_array(rng, kinds[rng.integers(len(kinds))], shape)


def finite(value):
    """Every entry of ``value`` is a finite number."""
    return np.all(np.isfinite(np.asarray(value, dtype=float)))


def finite_float(value):
    """``value`` is a Python float and finite."""
    return isinstance(value, float) and math.isfinite(value)


def registry():
    """The case tables of one family's property module and the decorators that fill them.

    Returns ``VALID, INVALID, valid, invalid``. ``VALID[name]`` is ``fn(rng)``, which draws one valid case for the
    public function ``name`` from a seeded ``numpy`` generator and asserts that the answer is finite and of the
    right shape (and, where cheap, an exact identity); ``INVALID[name]`` is ``fn(rng) -> list of (call, names)``,
    invalid calls of which one is drawn per example and must raise a ValueError/TypeError naming one of ``names``.
    Register with ``@valid(name)`` / ``@invalid(name)`` or by assigning to the tables. Each module runs its tables
    with its own two tests (``test_valid_inputs_give_finite_answers``, ``test_invalid_inputs_are_refused``),
    parametrised over the names it registered, and counts the cases in its own ``CASES``.
    """
    VALID, INVALID = {}, {}

    def valid(name):
        def register(fn):
            VALID[name] = fn
            return fn

        return register

    def invalid(name):
        """Register ``fn(rng) -> list of (call, names)``; one of the listed cases is drawn per example."""

        def register(fn):
            INVALID[name] = fn
            return fn

        return register

    return VALID, INVALID, valid, invalid


@st.composite
def categorical_table(draw):
    """A table of categorical features (codes or words) and binary labels in which both labels occur."""
    rng = np.random.default_rng(draw(SEEDS))
    n, d, values = int(rng.integers(2, 30)), int(rng.integers(1, 4)), int(rng.integers(2, 4))
    X = rng.integers(0, values, size=(n, d))
    y = rng.integers(0, 2, size=n)
    y[:2] = [0, 1]
    if draw(st.booleans()):  # the book's tables hold words, not codes
        X = np.array(["low", "mid", "high", "top"])[X].astype(object)
        y = np.array(["no", "yes"])[y]
    return X, y


def harness(VALID, INVALID, CASES):
    """The two tests of a family's property module, over the names registered in its tables (call it last).

    ``test_valid_inputs_give_finite_answers`` draws a seed per example and runs ``VALID[name]`` on a generator
    seeded with it; ``test_invalid_inputs_are_refused`` draws one of ``INVALID[name]``'s invalid calls and checks
    that it raises a ValueError/TypeError naming the argument. Both count their cases in ``CASES``.
    """

    @pytest.mark.parametrize("name", sorted(VALID))
    @SETTINGS
    @given(seed=SEEDS)
    def test_valid_inputs_give_finite_answers(name, seed):
        CASES[(name, "valid")] += 1
        quietly(lambda: VALID[name](np.random.default_rng(seed)))

    @pytest.mark.parametrize("name", sorted(INVALID))
    @SETTINGS
    @given(seed=SEEDS)
    def test_invalid_inputs_are_refused(name, seed):
        CASES[(name, "invalid")] += 1
        rng = np.random.default_rng(seed)
        cases = INVALID[name](rng)
        call, names = cases[rng.integers(len(cases))]
        refused(call, names)

    return test_valid_inputs_give_finite_answers, test_invalid_inputs_are_refused


def categorical_harness(CATEGORICAL, CASES):
    """The two tests of the categorical-table models (``CATEGORICAL[name]()`` builds one): valid tables give
    probabilities that sum to one, and missing values, wrong ranks and lengths, empty tables, 2-D labels and
    unseen values are refused naming the argument."""

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
    @given(
        data=categorical_table(), kind=st.sampled_from(["missing", "rank", "mismatch", "empty", "unseen", "one_d_y"])
    )
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

    return test_categorical_models_on_valid_data, test_categorical_models_refuse_invalid_data
