"""Every benchmark case runs at a tiny size and both sides give the same answer (no timing is asserted)."""

import importlib
import pkgutil

import pytest

import benchmarks.cases
from benchmarks import run

CASES = sorted(m.name for m in pkgutil.iter_modules(benchmarks.cases.__path__))


@pytest.mark.parametrize("name", CASES)
def test_case_agrees_with_reference_at_smoke_size(name):
    case = importlib.import_module(f"benchmarks.cases.{name}").CASE
    data = case.make_data("smoke", 0)
    case.check(case.statlib(data), case.reference(data))


def test_runner_end_to_end_on_one_case():
    row = run.run_case(CASES[0], size="smoke")
    assert row["ratio"] > 0 and row["statlib_peak_rss_mib"] > 0 and row["size"] == "smoke"


def test_every_grid_label_is_a_size_its_case_accepts():
    from benchmarks._case import size_params

    for name in CASES:
        case = importlib.import_module(f"benchmarks.cases.{name}").CASE
        for label in case.grid:
            assert size_params(label, {})  # parses
    with pytest.raises(ValueError, match="size"):
        size_params("n=ten", {"smoke": {}})


def test_runner_measures_one_grid_cell():
    row = run.run_case("kd_tree", size="n=300,d=2", repeat=1)
    assert row["size"] == "n=300,d=2" and row["ratio"] > 0
