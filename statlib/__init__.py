"""statlib: the algorithms of the book, as scikit-learn estimators over Numba kernels.

Subpackages are imported on first use (``statlib.linear_model``, ``statlib.hmm``, ...), so
``import statlib`` stays cheap and compiles nothing.
"""

import importlib
import os
import pkgutil
import tempfile

__version__ = "0.1.0"


def _configure_numba_cache():
    """Give Numba a writable cache directory when the package directory is read-only.

    Numba writes compiled kernels next to the source (``__pycache__``); in a system-wide or Binder
    install that folder may be read-only, and ``cache=True`` would then fail at import time.
    """
    if os.environ.get("NUMBA_CACHE_DIR"):
        return
    here = os.path.dirname(os.path.abspath(__file__))
    if os.access(here, os.W_OK):
        return
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    for candidate in (os.path.join(base, "statlib-numba"), os.path.join(tempfile.gettempdir(), "statlib-numba")):
        try:
            os.makedirs(candidate, exist_ok=True)
        except OSError:
            continue
        if os.access(candidate, os.W_OK):
            os.environ["NUMBA_CACHE_DIR"] = candidate
            return


_configure_numba_cache()

# The subpackages that exist, read from the package folder (so the list can never name one that is missing).
_SUBPACKAGES = tuple(sorted(m.name for m in pkgutil.iter_modules(__path__) if m.ispkg and not m.name.startswith("_")))


def __getattr__(name):
    if name in _SUBPACKAGES:
        module = importlib.import_module(f"{__name__}.{name}")
        globals()[name] = module
        return module
    raise AttributeError(f"module 'statlib' has no attribute {name!r}")


def __dir__():
    # The public names: the subpackages (imported or not) and the version, not the helpers used above.
    return sorted({*_SUBPACKAGES, "__version__"})
