"""What the property-based test modules (tests/statlib/test_*_properties.py) share: hypothesis settings and checks."""

import warnings

import numpy as np
import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

# 200 generated cases per test, the same ones on every run (derandomize), no time limit per case.
SETTINGS = settings(max_examples=200, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
SEEDS = st.integers(0, 2**32 - 1)


def quietly(call):
    """``call()`` with warnings silenced: convergence warnings are expected on random data."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return call()


def refused(call, names):
    """``call`` raises ValueError/TypeError whose message contains one of ``names``."""
    with pytest.raises((ValueError, TypeError)) as error:
        quietly(call)
    message = str(error.value)
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
