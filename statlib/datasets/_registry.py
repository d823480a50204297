import difflib
import re

from .._discovery import import_submodules

# One naming scheme for the data of the books: "7.2" is Example 7.2 (例 7.2); other data are named by where
# the book prints them: "exercise-7.2", "figure-21.2", "table-13.1", "section-17.2.2" (an unnumbered example).
ID_PATTERN = re.compile(r"^((exercise|figure|table|section|listing)-)?\d+(\.\d+)+$")

_EXAMPLES = {}
_SOURCES = ("lihang", "mlapp", "prml", "lecture")
_loaded = False


def example(source, number):
    """Decorator registering a zero-argument loader as the data of ``source`` example ``number``."""
    if source not in _SOURCES:
        raise ValueError(f"source must be one of {_SOURCES}, got {source!r}")
    if not ID_PATTERN.match(str(number)):
        raise ValueError(
            f"number must be an example number such as '7.2' or 'exercise-7.2', 'figure-21.2', 'table-13.1', "
            f"'section-17.2.2', 'listing-13.1'; got {number!r}"
        )

    def decorate(loader):
        key = (source, str(number))
        if key in _EXAMPLES:
            raise ValueError(f"example {source} {number} is registered twice")
        _EXAMPLES[key] = loader
        return loader

    return decorate


def _load_all():
    global _loaded
    if _loaded:
        return
    import_submodules(__package__)  # each chapter's module registers its examples on import
    _loaded = True


def list_examples(source=None):
    """The registered ``(source, number)`` pairs, optionally for one source."""
    _load_all()
    return sorted(k for k in _EXAMPLES if source is None or k[0] == source)


def load_example(source, number):
    """Return the data of example ``number`` of ``source`` (e.g. ``"lihang", "2.1"``) as a Bunch.

    ``number`` is the book's example number (``"7.2"`` for Example 7.2), or for data printed elsewhere the place
    it is printed: ``"exercise-7.2"``, ``"figure-21.2"``, ``"table-13.1"``, ``"section-17.2.2"`` (an unnumbered
    example in that section), ``"listing-13.1"``. :func:`list_examples` lists them all.

    The Bunch always has a ``DESCR`` string saying where the data are printed; its other fields
    (``X``, ``y``, ``sequence``, ``table``, ...) depend on the example.
    """
    _load_all()
    if source not in _SOURCES:
        raise ValueError(f"source must be one of {_SOURCES}, got {source!r}")
    key = (source, str(number))
    if key not in _EXAMPLES:
        known = [n for s, n in sorted(_EXAMPLES) if s == source]
        close = difflib.get_close_matches(str(number), known, n=3, cutoff=0.5)
        hint = f"; did you mean {' or '.join(repr(c) for c in close)}?" if close else ""
        raise ValueError(
            f"number {number!r} is not a registered {source} example{hint} (list_examples({source!r}) lists them)"
        )
    return _EXAMPLES[key]()
