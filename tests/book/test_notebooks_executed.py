"""Every chapter is committed executed, top to bottom, so the site (built from stored outputs) is current.

nbval re-runs each notebook and compares outputs, but it skips cells never executed; this test closes
that gap by requiring execution counts 1, 2, ..., n over the code cells.
"""

import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted(p for p in (ROOT / "chapters").rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)
TOC = (ROOT / "_toc.yml").read_text()


def test_there_are_chapters():
    assert NOTEBOOKS, "no chapter notebooks found under chapters/"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: str(p.relative_to(ROOT)))
def test_executed_in_order(path):
    nb = json.loads(path.read_text())
    counts = [c.get("execution_count") for c in nb["cells"] if c["cell_type"] == "code"]
    assert counts == list(range(1, len(counts) + 1)), f"{path.name}: execution counts {counts}"
    errors = [
        o
        for c in nb["cells"]
        if c["cell_type"] == "code"
        for o in c.get("outputs", [])
        if o.get("output_type") == "error"
    ]
    assert not errors, f"{path.name} was committed with an error output"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: str(p.relative_to(ROOT)))
def test_listed_in_toc(path):
    entry = str(path.relative_to(ROOT).with_suffix(""))
    assert f"file: {entry}\n" in TOC, f"{entry} is not in _toc.yml"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_saved_widget_state(path):
    # Saved widget state makes the site fetch a widget manager from a CDN; `make outputs` never stores it.
    assert "widgets" not in json.loads(path.read_text())["metadata"], f"{path.name}: run `make outputs NB={path.name}`"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: str(p.relative_to(ROOT)))
def test_directives_carry_the_sources_numbers(path):
    # Titles name the source's numbers; book-wide running numbers would contradict them.
    import re

    for cell in json.loads(path.read_text())["cells"]:
        if cell["cell_type"] != "markdown":
            continue
        lines = "".join(cell["source"]).split("\n")
        for i, line in enumerate(lines):
            if re.match(r"^(`{3,}|:{3,})\{(prf:(?!proof)[a-z]+|exercise)\}", line):
                options = []
                for following in lines[i + 1 :]:
                    if not following.startswith(":"):
                        break
                    options.append(following)
                assert ":nonumber:" in options, (
                    f"{path.name}: `{line}` lacks :nonumber: (scripts/unnumber_directives.py)"
                )


def _draws_a_figure(cell):
    return cell["cell_type"] == "code" and any("image/png" in o.get("data", {}) for o in cell.get("outputs", []))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_figure_has_a_caption(path):
    # chapter contract, point 7: the cell right after a figure is its caption, one italic paragraph "*Figure ...*",
    # which the site, Binder and the PDF all show (cell metadata would be invisible in Jupyter)
    import re

    cells = json.loads(path.read_text())["cells"]
    bare = [
        i
        for i, cell in enumerate(cells)
        if _draws_a_figure(cell)
        and not (
            i + 1 < len(cells)
            and cells[i + 1]["cell_type"] == "markdown"
            and re.match(r"\*Figure\b", "".join(cells[i + 1]["source"]).strip())
        )
    ]
    assert not bare, f"{path.name}: the figures of cells {bare} have no caption cell (*Figure ...*) right after them"


# A chapter that reads the clock itself, rather than through statlib.viz.time_side_by_side, must hold BLAS and
# OpenMP to one thread while it does (threadpoolctl's threadpool_limits in the same cell, or once for the whole
# chapter), as the benchmarks do: a threaded BLAS on a busy machine can make one side wait whole scheduler slices.
_CLOCK = ("perf_counter", "process_time", "timeit", "time.time(", "time.monotonic(")


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: str(p.relative_to(ROOT)))
def test_timings_run_on_one_thread(path):
    cells = ["".join(c["source"]) for c in json.loads(path.read_text())["cells"] if c["cell_type"] == "code"]
    whole_chapter = any("_ = threadpool_limits(1)" in source for source in cells)
    unlimited = [
        i
        for i, source in enumerate(cells)
        if any(clock in source for clock in _CLOCK) and not whole_chapter and "threadpool_limits" not in source
    ]
    assert not unlimited, (
        f"{path.name}: code cells {unlimited} read the clock without threadpool_limits(1); "
        "use statlib.viz.time_side_by_side"
    )
