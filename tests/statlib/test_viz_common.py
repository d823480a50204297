"""statlib.viz's shared helpers: the source excerpts the chapters print beside their equations, and the timing
of the chapters' side-by-side tables."""

import time

import numpy as np
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


# statlib.viz._common._place_beside: the label placer the topic map, the k-means panels and the biplot share


def _placer_axes():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(4, 4), dpi=100)
    ax.set(xlim=(0, 10), ylim=(0, 10))
    return fig, ax


def _ring(step=15.0):
    """Candidate centre offsets (pixels): right, up, left, down."""
    return [(step, 0.0), (0.0, step), (-step, 0.0), (0.0, -step)]


def test_placer_takes_the_first_free_candidate_and_serves_labels_in_order():
    import matplotlib.pyplot as plt

    from statlib.viz._common import _place_beside

    fig, ax = _placer_axes()
    points = [(5.0, 5.0), (5.0, 5.0)]
    choices, boxes = _place_beside(ax, points, [(10.0, 6.0)] * 2, [_ring(), _ring()])
    assert choices == [0, 1]  # the second label finds the right taken by the first, and goes up
    x, y = ax.transData.transform((5.0, 5.0))
    np.testing.assert_allclose(boxes[0], (x + 10, y - 3, x + 20, y + 3))
    choices, _ = _place_beside(ax, points, [(10.0, 6.0)] * 2, [_ring(), _ring()], order=[1, 0])
    assert choices == [1, 0]
    plt.close(fig)


def test_placer_avoids_marks_segments_placed_boxes_and_the_axes_edge():
    import matplotlib.pyplot as plt

    from statlib.viz._common import _place_beside

    fig, ax = _placer_axes()
    x, y = ax.transData.transform((5.0, 5.0))
    size = [(10.0, 6.0)]
    right = ax.transData.inverted().transform((x + 15, y))
    assert _place_beside(ax, [(5, 5)], size, [_ring()], marks=[right])[0] == [1]  # a marker on the right
    segment = [[right + (0, -1), right + (0, 1)]]  # a vertical line through the right-hand place
    assert _place_beside(ax, [(5, 5)], size, [_ring()], segments=segment)[0] == [1]
    assert _place_beside(ax, [(5, 5)], size, [_ring()], placed=[(x + 5, y - 5, x + 25, y + 5)])[0] == [1]
    # per-mark margins: the same marker 10 pixels above the right-hand place blocks it only with a wide margin
    above = ax.transData.inverted().transform((x + 15, y + 13))
    assert _place_beside(ax, [(5, 5)], size, [_ring()], marks=[above], margin=[2.0])[0] == [0]
    assert _place_beside(ax, [(5, 5)], size, [_ring()], marks=[above], margin=[12.0])[0] == [2]
    # at the right edge of the axes the places right and above are partly outside, unless the caller keeps its
    # labels inside by other means
    assert _place_beside(ax, [(10, 5)], size, [_ring()])[0] == [2]
    assert _place_beside(ax, [(10, 5)], size, [_ring()], inside=False)[0] == [0]
    plt.close(fig)


def test_placer_falls_back_to_the_fewest_crossings_then_to_the_first_candidate():
    import matplotlib.pyplot as plt

    from statlib.viz._common import _place_beside

    fig, ax = _placer_axes()
    x, y = ax.transData.transform((5.0, 5.0))
    to_data = ax.transData.inverted().transform
    # two lines through the right-hand place, one through each of the others
    lines = [[to_data((x + 13, y - 9)), to_data((x + 13, y + 9))], [to_data((x + 17, y - 9)), to_data((x + 17, y + 9))]]
    lines += [
        [to_data((x - 9, y + 15)), to_data((x + 9, y + 15))],
        [to_data((x - 15, y - 9)), to_data((x - 15, y + 9))],
    ]
    lines += [[to_data((x - 9, y - 15)), to_data((x + 9, y - 15))]]
    choices, _ = _place_beside(ax, [(5, 5)], [(10.0, 6.0)], [_ring()], segments=lines)
    assert choices == [1]  # crossed once, not twice as on the right
    # nothing free and no candidate left that only lines cross: the first candidate, reported as None
    choices, boxes = _place_beside(ax, [(5, 5)], [(10.0, 6.0)], [_ring()], placed=[(x - 30, y - 30, x + 30, y + 30)])
    assert choices == [None]
    np.testing.assert_allclose(boxes[0], (x + 10, y - 3, x + 20, y + 3))
    plt.close(fig)


def test_segment_crossing_is_exact():
    from statlib.viz._common import _segment_crosses_rect

    rect = (0.0, 0.0, 2.0, 1.0)
    assert _segment_crosses_rect((-1.0, 0.5), (3.0, 0.5), rect)  # straight through
    assert _segment_crosses_rect((1.0, 0.5), (1.2, 0.6), rect)  # wholly inside
    assert not _segment_crosses_rect((-1.0, 0.5), (-0.01, 0.5), rect)  # stops short
    assert not _segment_crosses_rect((-1.0, -0.02), (0.02, 1.5), rect)  # passes the corner outside... just
    assert _segment_crosses_rect((-1.0, -0.2), (0.5, 1.5), rect)  # ...or cuts it
    assert not _segment_crosses_rect((0.0, 1.0), (2.0, 1.0), rect)  # along an edge is not through the inside


@pytest.mark.parametrize(
    "kwargs, name",
    [
        ({"sizes": [(1.0, 1.0)] * 2}, "sizes"),
        ({"candidates": [_ring()] * 3}, "candidates"),
        ({"marks": [(1.0, 1.0)], "margin": [1.0, 2.0]}, "margin"),
    ],
)
def test_placer_wants_one_entry_per_point(kwargs, name):
    import matplotlib.pyplot as plt

    from statlib.viz._common import _place_beside

    fig, ax = _placer_axes()
    args = {"sizes": [(1.0, 1.0)], "candidates": [_ring()]} | kwargs
    with pytest.raises(ValueError, match=name):
        _place_beside(ax, [(5, 5)], args.pop("sizes"), args.pop("candidates"), **args)
    plt.close(fig)
