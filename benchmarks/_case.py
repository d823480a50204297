"""What a benchmark case is.

A case module in ``benchmarks/cases/`` defines a module-level ``CASE = Case(...)``:

- ``make_data(size, seed)``: builds the inputs for ``size`` ("full", the size in the performance table, or
  "smoke", a tiny size for the test suite) and returns a dict;
- ``statlib(data)`` and ``reference(data)``: run one fit/solve each and return the answer to compare
  (arrays, numbers or a tuple of them);
- ``check(ours, theirs)``: raise ``AssertionError`` unless the answers agree within the case's tolerance.

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
