import warnings

import pytest


@pytest.fixture(autouse=True)
def _seeded_warnings():
    # Each test sees warnings afresh, so pytest.warns works regardless of test order.
    with warnings.catch_warnings():
        warnings.simplefilter("default")
        yield


def pytest_terminal_summary(terminalreporter):
    """After a run that included the property-based tests, say how many cases each estimator was given."""
    import sys

    module = sys.modules.get("test_properties")
    if module is None or not module.CASES:
        return
    names = sorted({name for name, _ in module.CASES})
    terminalreporter.write_sep("-", "property-based cases tried (valid / invalid inputs)")
    for name in names:
        terminalreporter.write_line(
            f"{name:28s} {module.CASES[(name, 'valid')]:5d} / {module.CASES[(name, 'invalid')]:5d}")
