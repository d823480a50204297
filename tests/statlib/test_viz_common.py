"""statlib.viz's shared helpers: the source excerpts the chapters print beside their equations, and the timing
of the chapters' side-by-side tables."""

import time

import pytest
from threadpoolctl import threadpool_info, threadpool_limits

from statlib.viz import show_source, time_side_by_side


def _kernel(x):
    total = 0.0
    for v in x:  # (1.1) the sum
        total += v
    return total  # (1.2) the result


def test_whole_source_is_printed(capsys):
    show_source(_kernel)
    out = capsys.readouterr().out
    assert out.startswith("def _kernel(x):") and "return total" in out


def test_excerpt_runs_from_start_through_stop_dedented(capsys):
    show_source(_kernel, start="# (1.1)", stop="total +=")
    assert capsys.readouterr().out == "for v in x:  # (1.1) the sum\n    total += v\n"


def test_excerpt_without_stop_runs_to_the_end(capsys):
    show_source(_kernel, start="# (1.2)")
    assert capsys.readouterr().out == "return total  # (1.2) the result\n"


@pytest.mark.parametrize(
    ("kwargs", "error", "name"),
    [
        ({"start": "no such line"}, ValueError, "start"),
        ({"start": "# (1.2)", "stop": "for v"}, ValueError, "stop"),
        ({"stop": "return"}, ValueError, "stop"),
        ({"start": 3}, TypeError, "start"),
    ],
)
def test_bad_markers_name_the_argument(kwargs, error, name):
    with pytest.raises(error, match=name):
        show_source(_kernel, **kwargs)


def _blas_threads():
    return [pool["num_threads"] for pool in threadpool_info() if pool["user_api"] == "blas"]


def test_timing_warms_up_then_interleaves_the_rounds():
    calls = []
    runs = {"a": lambda: calls.append("a"), "b": lambda: calls.append("b")}
    times = time_side_by_side(runs, repeat=3, number=2)
    assert set(times) == {"a", "b"}
    # one warm-up call each, then three rounds in which each side is called twice in a row
    assert calls == ["a", "b"] + ["a", "a", "b", "b"] * 3


def test_timing_runs_on_one_blas_thread_and_restores_the_pool():
    seen = []
    with threadpool_limits(limits=2, user_api="blas"):  # as on a reader's machine (the tests pin one thread)
        before = _blas_threads()
        if not before or max(before) < 2:
            pytest.skip("no BLAS library here can run two threads")
        time_side_by_side({"probe": lambda: seen.append(_blas_threads())}, repeat=2)
        after = _blas_threads()
    assert seen and all(threads == [1] * len(before) for threads in seen)
    assert after == before


def test_timing_is_seconds_per_call():
    times = time_side_by_side({"sleep": lambda: time.sleep(0.002)}, repeat=2, number=3)
    assert 0.002 <= times["sleep"] < 0.2


@pytest.mark.parametrize(
    ("runs", "kwargs", "error", "name"),
    [
        ({}, {}, TypeError, "runs"),
        ([print], {}, TypeError, "runs"),
        ({"x": 3}, {}, TypeError, "runs"),
        ({"x": print}, {"repeat": 0}, ValueError, "repeat"),
        ({"x": print}, {"number": 1.5}, ValueError, "number"),
        ({"x": print}, {"repeat": True}, ValueError, "repeat"),
    ],
)
def test_timing_bad_arguments_name_the_argument(runs, kwargs, error, name):
    with pytest.raises(error, match=name):
        time_side_by_side(runs, **kwargs)
