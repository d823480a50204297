"""Every chapter is committed executed, top to bottom, so the site (built from stored outputs) is current.

nbval re-runs each notebook and compares outputs, but it skips cells never executed; this test closes
that gap by requiring execution counts 1, 2, ..., n over the code cells.
"""

import ast
import json
import re
from pathlib import Path

import pytest
from IPython.core.inputtransformer2 import TransformerManager

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
# OpenMP to one thread while it does, as the benchmarks do: a threaded BLAS on a busy machine can make one side
# wait whole scheduler slices. Each clock read must sit inside `with threadpool_limits(1):` (or the chapter holds
# one thread throughout with `_ = threadpool_limits(1)`); a timing magic (%time, %timeit) cannot, so it counts
# as unlimited.
_CLOCK_FUNCTIONS = {"perf_counter", "perf_counter_ns", "process_time", "time", "time_ns", "monotonic", "timeit"}
_CLOCK_MODULES = {"time", "timeit"}
_TIMING_MAGICS = {"time", "timeit", "prun"}


def _is_one_thread_limit(node):
    """``threadpool_limits(1)`` or ``threadpool_limits(limits=1)``."""
    if not (
        isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", None)) == "threadpool_limits"
    ):
        return False
    limits = node.args[0] if node.args else next((k.value for k in node.keywords if k.arg == "limits"), None)
    return isinstance(limits, ast.Constant) and limits.value == 1


def _clock_reads(source):
    """Line numbers in a code cell's source where the clock is read outside a ``with threadpool_limits(1):``."""
    # IPython's own transformation turns magics into calls (get_ipython().run_line_magic("timeit", ...))
    code = TransformerManager().transform_cell(source)
    unlimited = []

    def visit(node, limited):
        if isinstance(node, (ast.With, ast.AsyncWith)):
            limited = limited or any(_is_one_thread_limit(item.context_expr) for item in node.items)
        if isinstance(node, ast.Call) and not limited:
            func = node.func
            if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
                if func.value.id in _CLOCK_MODULES and func.attr in _CLOCK_FUNCTIONS:
                    unlimited.append(node.lineno)
            elif isinstance(func, ast.Name) and func.id in _CLOCK_FUNCTIONS - {"time"}:
                unlimited.append(node.lineno)
            if isinstance(func, ast.Attribute) and func.attr in ("run_line_magic", "run_cell_magic"):
                name = node.args[0] if node.args else None
                if isinstance(name, ast.Constant) and name.value in _TIMING_MAGICS:
                    unlimited.append(node.lineno)
        for child in ast.iter_child_nodes(node):
            visit(child, limited)

    visit(ast.parse(code), False)
    return sorted(unlimited)


def test_clock_reads_are_found():
    # the rule below on its own examples: a read inside the limit passes, one outside it, a bare perf_counter
    # imported by name, or a timing magic does not
    assert _clock_reads("with threadpool_limits(1):\n    t = time.perf_counter()") == []
    assert _clock_reads("with warnings.catch_warnings(), threadpool_limits(limits=1):\n    t = time.time()") == []
    assert _clock_reads("with threadpool_limits(2):\n    t = time.perf_counter()") == [2]
    assert _clock_reads("t = time.perf_counter()\nwith threadpool_limits(1):\n    f()") == [1]
    assert _clock_reads("from time import perf_counter\nt = perf_counter()") == [2]
    assert _clock_reads("%timeit f()\nx = 1") == [1]
    assert _clock_reads("%%time\nf()") == [1]
    assert _clock_reads("s = ('%d'\n     % (3))") == []
    assert _clock_reads("def f():\n    return time.monotonic()") == [2]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: str(p.relative_to(ROOT)))
def test_timings_run_on_one_thread(path):
    cells = ["".join(c["source"]) for c in json.loads(path.read_text())["cells"] if c["cell_type"] == "code"]
    if any(re.search(r"^_ = threadpool_limits\((limits=)?1\)", source, re.M) for source in cells):
        return  # the whole chapter runs on one thread
    unlimited = {i: lines for i, source in enumerate(cells) if (lines := _clock_reads(source))}
    assert not unlimited, (
        f"{path.name}: code cells read the clock outside `with threadpool_limits(1):` (cell: lines) {unlimited}; "
        "use statlib.viz.time_side_by_side"
    )
