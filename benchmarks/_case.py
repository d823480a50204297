"""What a benchmark case is.

A case module in ``benchmarks/cases/`` defines a module-level ``CASE = Case(...)``:

- ``make_data(size, seed)``: builds the inputs for ``size`` ("full", the size in the performance table, or
  "smoke", a tiny size for the test suite) and returns a dict;
- ``statlib(data)`` and ``reference(data)``: run one fit/solve each and return the answer to compare
  (arrays, numbers or a tuple of them);
- ``check(ours, theirs)``: raise ``AssertionError`` unless the answers agree within the case's tolerance.

A case may also declare a ``grid``: size labels such as ``"n=10000,k=8"`` that its ``make_data`` accepts besides
"full" and "smoke" (``size_params`` reads them). ``python -m benchmarks.run --grid`` measures every cell, with
statlib at its default arguments, so the performance page can show the ratio across sizes and its worst cell.

Everything that is timed runs single-threaded (the runner sets the thread variables before any import).
"""

from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Case:
    name: str
    algorithm: str
    size: str
    reference_name: str
    target: float
    make_data: Callable
    statlib: Callable
    reference: Callable
    check: Callable
    tolerance: str
    repeat: int = 5
    notes: str = ""  # why a target is missed, or what the comparison leaves out
    grid: tuple = ()  # size labels "name=value,..." measured by ``benchmarks.run --grid``


def size_params(size, presets):
    """The integer parameters of a size: ``presets[size]`` for a named size, else parsed from a grid label.

    >>> size_params("n=1000,d=3", {"smoke": {"n": 10, "d": 2}})
    {'n': 1000, 'd': 3}
    >>> size_params("smoke", {"smoke": {"n": 10, "d": 2}})
    {'n': 10, 'd': 2}
    """
    if size in presets:
        return dict(presets[size])
    params = {}
    for item in size.split(","):
        key, sep, value = item.partition("=")
        if not sep or not key.strip() or not value.strip().isdigit():
            raise ValueError(f"size must be one of {sorted(presets)} or a label like 'n=1000,d=3', got {size!r}")
        params[key.strip()] = int(value)
    return params
