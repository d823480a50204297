from .._discovery import import_submodules

_EXAMPLES = {}
_SOURCES = ("lihang", "mlapp", "prml", "lecture")
_loaded = False


def example(source, number):
    """Decorator registering a zero-argument loader as the data of ``source`` example ``number``."""
    if source not in _SOURCES:
        raise ValueError(f"source must be one of {_SOURCES}, got {source!r}")

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

    The Bunch always has a ``DESCR`` string saying where the data are printed; its other fields
    (``X``, ``y``, ``sequence``, ``table``, ...) depend on the example.
    """
    _load_all()
    if source not in _SOURCES:
        raise ValueError(f"source must be one of {_SOURCES}, got {source!r}")
    key = (source, str(number))
    if key not in _EXAMPLES:
        known = ", ".join(n for s, n in sorted(_EXAMPLES) if s == source)
        raise ValueError(f"number {number!r} is not a registered {source} example; known: {known}")
    return _EXAMPLES[key]()
