import warnings

import pytest


@pytest.fixture(autouse=True)
def _seeded_warnings():
    # Each test sees warnings afresh, so pytest.warns works regardless of test order.
    with warnings.catch_warnings():
        warnings.simplefilter("default")
        yield


# Property-based test modules (tests/statlib/test_*_properties.py) each keep a ``CASES`` counter keyed by
# (estimator, "valid" or "invalid"). Under pytest-xdist the counts live in the workers, so each worker sends
# its totals back to the controller, which prints them all at the end of the run.
_PROPERTY_CASES = {}


def _local_property_cases():
    import sys
    from collections import Counter

    cases = Counter()
    for name, module in list(sys.modules.items()):
        if name.rpartition(".")[2].endswith("_properties") and isinstance(getattr(module, "CASES", None), Counter):
            cases.update(module.CASES)
    return cases


def pytest_sessionfinish(session):
    workeroutput = getattr(session.config, "workeroutput", None)
    if workeroutput is not None:  # an xdist worker: hand the counts to the controller
        workeroutput["property_cases"] = [[name, kind, n] for (name, kind), n in _local_property_cases().items()]


def pytest_testnodedown(node, error):
    for name, kind, n in getattr(node, "workeroutput", {}).get("property_cases", []):
        _PROPERTY_CASES[(name, kind)] = _PROPERTY_CASES.get((name, kind), 0) + n


def pytest_terminal_summary(terminalreporter):
    """After a run that included property-based tests, say how many cases each estimator was given."""
    cases = dict(_PROPERTY_CASES)
    for key, n in _local_property_cases().items():
        cases[key] = cases.get(key, 0) + n
    if not cases:
        return
    terminalreporter.write_sep("-", "property-based cases tried (valid / invalid inputs)")
    for name in sorted({name for name, _ in cases}):
        terminalreporter.write_line(
            f"{name:28s} {cases.get((name, 'valid'), 0):5d} / {cases.get((name, 'invalid'), 0):5d}"
        )
