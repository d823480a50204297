"""The books' example data, by example number, and the data files the repository ships.

``load_example("lihang", "2.1")`` returns the data of Li Hang's Example 2.1 as a
:class:`sklearn.utils.Bunch`. Each source chapter's examples live in their own module
(``lihang_ch02.py``, ...), registered with :func:`example`. :func:`load_docstring_corpus` builds a
labelled text corpus from the docstrings of the installed packages and :func:`load_import_graph` the directed
graph of their imports. Nothing is ever downloaded.
"""

from ._corpus import load_docstring_corpus
from ._files import load_prostate
from ._generators import make_sine
from ._import_graph import PINNED_PACKAGES, load_import_graph
from ._registry import example, list_examples, load_example

__all__ = [
    "PINNED_PACKAGES",
    "example",
    "list_examples",
    "load_docstring_corpus",
    "load_example",
    "load_import_graph",
    "load_prostate",
    "make_sine",
]
