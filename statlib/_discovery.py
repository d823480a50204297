"""Import every public submodule of a package, so that modules that register themselves are loaded."""

import importlib
import pkgutil


def import_submodules(package_name):
    """Import ``package_name``'s submodules whose names do not start with ``_``; return them by name."""
    package = importlib.import_module(package_name)
    return {
        info.name: importlib.import_module(f"{package_name}.{info.name}")
        for info in pkgutil.iter_modules(package.__path__)
        if not info.name.startswith("_")
    }
