"""The import graph of installed Python packages: a real directed graph that needs no download."""

import ast
import importlib.util
import re
from pathlib import Path

import numpy as np
import scipy.sparse as sp
from sklearn.utils import Bunch

# The distributions pinned in the repository's requirements.txt, as their top-level import names.
PINNED_PACKAGES = (
    "numpy",
    "scipy",
    "matplotlib",
    "sklearn",
    "numba",
    "llvmlite",
    "ipywidgets",
    "ipykernel",
    "jupyterquiz",
    "pandas",
    "hmmlearn",
    "pycrfsuite",
    "networkx",
)
# requirements.txt names whose import name differs.
DISTRIBUTION_IMPORT_NAMES = {"scikit-learn": "sklearn", "python-crfsuite": "pycrfsuite"}

_TEST_DIRS = frozenset({"tests", "testing"})
_EXTENSION = re.compile(r"^([A-Za-z_]\w*)\..*(?:\.so|\.pyd)$")
# The first line of an import statement (anywhere, at any indentation); the statement is then cut out and parsed.
_IMPORT_LINE = re.compile(rb"^[ \t]*(from[ \t]+[.\w]+[ \t]*import\b|import[ \t]+[\w.])", re.M)
# Comments and string literals in source order; a triple-quoted one is a span an import line may not start in.
_STRINGS = re.compile(
    rb'#[^\n]*|"""(?:\\.|[^\\])*?"""|'
    + rb"'''(?:\\.|[^\\])*?'''|"
    + rb'"(?:\\.|[^"\\\n])*"|'
    + rb"'(?:\\.|[^'\\\n])*'",
    re.S,
)


def _package_modules(name, include_tests):
    """{dotted module name: source path or None (compiled extension)} of the installed top-level package."""
    if not isinstance(name, str) or not name.isidentifier():
        raise ValueError(f"packages must hold top-level import names, got {name!r}")
    spec = importlib.util.find_spec(name)  # for a top-level name this locates the package without importing it
    if spec is None:
        raise ValueError(f"packages: {name!r} is not installed")
    modules = {}
    if not spec.submodule_search_locations:
        if spec.origin and spec.origin.endswith(".py"):
            modules[name] = Path(spec.origin)
        else:
            modules[name] = None
        return modules
    for location in sorted(spec.submodule_search_locations):
        root = Path(location)
        for path in sorted(root.rglob("*")):
            rel = path.relative_to(root)
            if not path.is_file() or any(not part.isidentifier() for part in rel.parts[:-1]):
                continue
            if not include_tests and _TEST_DIRS.intersection(rel.parts[:-1]):
                continue
            parts = [name, *rel.parts[:-1]]
            if path.suffix == ".py":
                stem = path.stem
                if stem != "__init__":
                    if not stem.isidentifier() or (not include_tests and stem.startswith("test_")):
                        continue
                    parts.append(stem)
                modules.setdefault(".".join(parts), path)
            else:
                match = _EXTENSION.match(path.name)
                if match:
                    modules.setdefault(".".join([*parts, match.group(1)]), None)
    return modules


def _import_statements(source, exact):
    """The import statements of a module's source, as ast nodes.

    ``exact``: parse the whole file. Otherwise cut out each statement that starts a line with ``import`` or
    ``from ... import`` outside a triple-quoted string (docstrings) and parse just that: the same statements
    for ordinary code, at a fraction of the cost of building every file's whole tree.
    """
    if exact:
        try:
            tree = ast.parse(source)
        except (SyntaxError, ValueError):
            return []
        return [node for node in ast.walk(tree) if isinstance(node, (ast.Import, ast.ImportFrom))]
    spans = [m.span() for m in _STRINGS.finditer(source) if m.end() - m.start() >= 6 and source[m.start()] != 35]
    found = []
    q = 0
    for match in _IMPORT_LINE.finditer(source):
        start = match.start(1)
        while q < len(spans) and spans[q][1] <= start:
            q += 1
        if q < len(spans) and spans[q][0] < start:  # inside a string literal (a docstring)
            continue
        end = source.find(b"\n", start)
        end = len(source) if end < 0 else end
        while end < len(source):  # continued by an open parenthesis or a backslash: take the next line too
            statement = source[start:end]
            if statement.count(b"(") <= statement.count(b")") and not statement.rstrip().endswith(b"\\"):
                break
            nxt = source.find(b"\n", end + 1)
            end = len(source) if nxt < 0 else nxt
        try:
            tree = ast.parse(source[start:end])
        except (SyntaxError, ValueError):
            continue
        found.extend(node for node in tree.body if isinstance(node, (ast.Import, ast.ImportFrom)))
    return found


def _resolve(name, nodes):
    """The longest dotted prefix of ``name`` that is a node, or None."""
    while name:
        if name in nodes:
            return name
        name = name.rpartition(".")[0]
    return None


def _targets(module, is_package, statement, nodes):
    if isinstance(statement, ast.Import):
        return [_resolve(alias.name, nodes) for alias in statement.names]
    if statement.level:
        base = module if is_package else module.rpartition(".")[0]
        for _ in range(statement.level - 1):
            base = base.rpartition(".")[0]
        if not base:
            return []
        source = f"{base}.{statement.module}" if statement.module else base
    else:
        source = statement.module or ""
    out = []
    for alias in statement.names:
        full = f"{source}.{alias.name}"
        out.append(full if alias.name != "*" and full in nodes else _resolve(source, nodes))
    return out


def load_import_graph(packages=None, *, include_tests=False, exact=False):
    """The import graph of installed Python packages: a link u -> v when module u imports module v.

    Nodes are the modules of the given top-level packages (by default ``PINNED_PACKAGES``, the
    distributions pinned in the repository's ``requirements.txt``, which a Binder image and a local
    install both have): every ``.py`` file (a package is its ``__init__.py``) and every compiled extension
    module. The sources are read with Python's ``ast`` module; nothing is imported or executed. ``import a.b.c`` links
    to the longest prefix of ``a.b.c`` that is a node, ``from p import x`` to ``p.x`` if that is a module and
    to ``p`` otherwise; relative imports are resolved against the importing module's package. Imports of
    anything outside the node set (the standard library, other packages) and self-imports are dropped.
    Extension modules have no source, so they have no out-links: they are dangling nodes.

    The graph is a property of the installed versions: with the pinned versions it is the same on every
    machine. Nodes are sorted by name, so the matrix is deterministic.

    Parameters
    ----------
    packages : sequence of str, optional
        Top-level import names (``"sklearn"``, not ``"scikit-learn"``). Default: ``PINNED_PACKAGES``.
    include_tests : bool, default=False
        Also take the modules under ``tests``/``testing`` folders and ``test_*.py`` files.
    exact : bool, default=False
        Parse every whole file with ``ast.parse`` (several times slower). By default only the import
        statements are cut out (each line that starts with ``import``/``from ... import`` outside a docstring)
        and parsed.

    Returns
    -------
    Bunch with ``adjacency`` (scipy.sparse.csr_array of shape (n, n), 1.0 for a link, rows are sources),
    ``nodes`` (list of n dotted module names, sorted), ``packages`` (tuple of the package names) and
    ``DESCR``.
    """
    if packages is None:
        packages = PINNED_PACKAGES
    if isinstance(packages, str) or not hasattr(packages, "__iter__"):
        raise TypeError(f"packages must be a sequence of package names, got {type(packages).__name__}")
    packages = tuple(packages)
    if not packages:
        raise ValueError("packages must name at least one package")
    if not isinstance(include_tests, (bool, np.bool_)):
        raise TypeError(f"include_tests must be True or False, got {type(include_tests).__name__}")
    if not isinstance(exact, (bool, np.bool_)):
        raise TypeError(f"exact must be True or False, got {type(exact).__name__}")
    modules = {}
    for name in packages:
        modules.update(_package_modules(name, include_tests))
    names = sorted(modules)
    index = {name: i for i, name in enumerate(names)}
    links = set()
    for name in names:
        path = modules[name]
        if path is None:
            continue
        is_package = path.name == "__init__.py"
        for statement in _import_statements(path.read_bytes(), exact):
            for target in _targets(name, is_package, statement, index):
                if target is not None and target != name:
                    links.add((index[name], index[target]))
    n = len(names)
    pairs = np.array(sorted(links), dtype=np.int64).reshape(-1, 2)
    adjacency = sp.csr_array((np.ones(len(pairs)), (pairs[:, 0], pairs[:, 1])), shape=(n, n))
    adjacency.sort_indices()
    return Bunch(
        adjacency=adjacency,
        nodes=names,
        packages=packages,
        DESCR=(
            f"Import graph of the installed packages {', '.join(packages)}: {n} modules, {len(pairs)} links "
            "(module -> module it imports), read from the source files with ast."
        ),
    )
