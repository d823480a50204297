import warnings

import pytest


@pytest.fixture(autouse=True)
def _seeded_warnings():
    # Each test sees warnings afresh, so pytest.warns works regardless of test order.
    with warnings.catch_warnings():
        warnings.simplefilter("default")
        yield
