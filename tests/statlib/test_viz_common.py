"""statlib.viz's shared helpers: the source excerpts the chapters print beside their equations."""

import pytest

from statlib.viz import show_source


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
