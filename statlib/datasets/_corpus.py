"""A text corpus that ships with every installation: the docstrings of installed Python packages.

:func:`load_docstring_corpus` reads the source files of packages such as NumPy, SciPy, scikit-learn and
Matplotlib (pinned in the repository's ``requirements.txt``) with ``ast``, without importing them, and
turns the docstring of every public module-level function and class into a document labelled by the
(sub)package it comes from. The labels make topics judgeable: a topic model that finds "distribution,
probability, random, variable" should find it in ``scipy.stats``. Nothing is downloaded and nothing is
cached on disk: the corpus is rebuilt from the installed sources (about a second; the parsed docstrings
are kept in memory for later calls in the same process).

The corpus is a function of the installed package versions (returned in ``versions``); with the pinned
versions it is the same on every machine.
"""

import ast
import functools
import importlib.metadata
import importlib.util
import numbers
import os
import re

import numpy as np
from scipy import sparse
from sklearn.feature_extraction.text import ENGLISH_STOP_WORDS
from sklearn.utils import Bunch

__all__ = ["load_docstring_corpus", "tokenize", "DOCSTRING_STOP_WORDS", "STOP_WORDS"]

DEFAULT_PACKAGES = (
    "numpy.linalg",
    "numpy.polynomial",
    "scipy.optimize",
    "scipy.signal",
    "scipy.sparse",
    "scipy.stats",
    "sklearn.cluster",
    "sklearn.metrics",
)

# Words of the numpydoc layout, of reStructuredText/Sphinx markup and of Python type names: they occur in
# docstrings of every subject and say nothing about the subject.
DOCSTRING_STOP_WORDS = frozenset(
    """
    parameters parameter returns return yields yield raises raise notes note examples example references
    default optional none true false int float str bool dict list tuple object like type types shape
    versionadded versionchanged deprecated seealso http https www org com doi html pdf
    func meth class attr mod ref math obj data py
""".split()
)

#: The stop words removed by ``tokenize``: scikit-learn's English list plus ``DOCSTRING_STOP_WORDS``.
STOP_WORDS = frozenset(ENGLISH_STOP_WORDS) | DOCSTRING_STOP_WORDS

_TOKEN = re.compile(r"(?<![a-z])[a-z]{3,}(?![a-z])")
_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$")
_SECTION = re.compile(r"^\s*([A-Za-z][A-Za-z ]*)\n\s*-{3,}\s*$", re.MULTILINE)
_SKIP_DIRS = {"tests", "test", "__pycache__"}
_TEXTS = ("full", "description")


def tokenize(text, stop_words=STOP_WORDS):
    """Split ``text`` into the tokens of the corpus.

    The text is lower-cased; a token is a maximal run of at least three ASCII letters (so ``array_like``
    gives ``array`` and ``like``, and digits, symbols and one- or two-letter words are dropped); tokens in
    ``stop_words`` are removed.

    >>> tokenize("Compute the QR decomposition of a 2-D array_like `a`.")
    ['compute', 'decomposition', 'array']
    """
    if not isinstance(text, str):
        raise TypeError(f"text must be a str, got {type(text).__name__}")
    return [t for t in _TOKEN.findall(text.lower()) if t not in stop_words]


def _clean_docstring(doc, text):
    """The part of a (cleaned) docstring that becomes the document.

    ``"description"``: the summary and extended description, i.e. everything before the first numpydoc
    section header (a line followed by a line of dashes). ``"full"``: everything except the
    ``Examples`` section and doctest lines (``>>>``/``...``), which are code rather than prose.
    """
    headers = list(_SECTION.finditer(doc))
    if text == "description":
        return doc[: headers[0].start()] if headers else doc
    for i, h in enumerate(headers):
        if h.group(1).strip().lower() == "examples":
            end = headers[i + 1].start() if i + 1 < len(headers) else len(doc)
            doc = doc[: h.start()] + doc[end:]
            break
    return "\n".join(line for line in doc.splitlines() if not line.lstrip().startswith((">>>", "...")))


def _package_dir(name):
    """The directory of package ``name`` (dotted), found without importing it or any of its submodules."""
    top, *rest = name.split(".")
    spec = importlib.util.find_spec(top)
    if spec is None or spec.origin is None or not spec.origin.endswith("__init__.py"):
        raise ValueError(f"packages: {top!r} is not an installed package with Python sources")
    path = os.path.join(os.path.dirname(spec.origin), *rest)
    if not os.path.isfile(os.path.join(path, "__init__.py")):
        raise ValueError(f"packages: {name!r} is not a subpackage of {top!r} (no {name.replace('.', '/')}/__init__.py)")
    return path


# Distribution names that differ from the import name (the rest are looked up under the import name).
_DISTRIBUTIONS = {"sklearn": "scikit-learn"}


def _version(top):
    try:
        return importlib.metadata.version(_DISTRIBUTIONS.get(top, top))
    except importlib.metadata.PackageNotFoundError:
        return None


@functools.lru_cache(maxsize=64)
def _docstrings(package, root, stamp):
    """(module, name, docstring) of the public module-level definitions of ``package``, in file order.

    Kept in memory only (keyed by the newest modification time ``stamp`` of the files, so an upgraded
    package is re-read); nothing is written to disk.
    """
    out = []
    for module, path in _walk(package, root):
        with open(path, encoding="utf-8") as fh:
            try:
                tree = ast.parse(fh.read(), filename=path)
            except SyntaxError:  # a template or a file for another Python version
                continue
        for node in tree.body:
            definition = isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
            if definition and not node.name.startswith("_"):
                doc = ast.get_docstring(node)
                if doc:
                    out.append((module, node.name, doc))
    return tuple(out)


def _stamp(package, root):
    return max(os.stat(path).st_mtime_ns for _, path in _walk(package, root))


def _walk(package, root):
    """(module name, source path) of every source file of ``package`` in sorted order, tests left out."""
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(
            d for d in dirnames if d not in _SKIP_DIRS and os.path.isfile(os.path.join(dirpath, d, "__init__.py"))
        )
        rel = os.path.relpath(dirpath, root)
        parts = package.split(".") + ([] if rel == "." else rel.split(os.sep))
        for f in sorted(filenames):
            if not f.endswith(".py") or f.startswith("test_") or f == "conftest.py":
                continue
            module = parts if f == "__init__.py" else parts + [f[:-3]]
            yield ".".join(module), os.path.join(dirpath, f)


def _check_df(value, name):
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be an int (a number of documents) or a float in (0, 1], got {value!r}")
    if isinstance(value, numbers.Integral):
        if value < 1:
            raise ValueError(f"{name} must be >= 1 as a number of documents, got {value}")
    elif not 0.0 < value <= 1.0:
        raise ValueError(f"{name} must lie in (0, 1] as a proportion of documents, got {value}")
    return value


def load_docstring_corpus(
    packages=DEFAULT_PACKAGES,
    *,
    label_depth=2,
    text="full",
    min_tokens=10,
    min_df=5,
    max_df=0.5,
    stop_words=STOP_WORDS,
    drop_duplicates=True,
):
    """Docstrings of installed packages as a labelled bag-of-words corpus (nothing downloaded).

    Every ``.py`` file of each package in ``packages`` (directories named ``tests``/``test`` and files
    ``test_*.py``/``conftest.py`` left out) is parsed with ``ast``, never imported. Each module-level
    ``def`` or ``class`` whose name does not start with ``_`` and which has a docstring gives one document.
    Files are read in sorted path order and definitions in source order, so the corpus is deterministic
    for given package versions.

    Pipeline: docstring → the part chosen by ``text`` → ``tokenize`` (lower-case, runs of >= 3
    letters, ``stop_words`` removed) → documents with fewer than ``min_tokens`` tokens dropped, and with
    ``drop_duplicates`` every document whose text repeats an earlier one (templated docstrings) →
    vocabulary: the words in at least ``min_df`` and at most ``max_df`` documents → count matrix; documents
    left without a vocabulary word are dropped.

    Parameters
    ----------
    packages : str or sequence of str, default=DEFAULT_PACKAGES
        Installed packages or subpackages, dotted (``"scipy"``, ``"scipy.stats"``). The default is eight
        subpackages of NumPy, SciPy and scikit-learn on distinct subjects (about 1,300 documents).
    label_depth : int, default=2
        A document's label is the first ``label_depth`` components of its module's dotted name:
        ``scipy.stats._continuous_distns`` is labelled ``"scipy.stats"`` with 2 and ``"scipy"`` with 1.
    text : {"full", "description"}, default="full"
        ``"full"``: the docstring without its ``Examples`` section and doctest lines; ``"description"``:
        only the summary and extended description (before the first numpydoc section).
    min_tokens : int, default=10
        Documents with fewer tokens (after stop words, before the vocabulary is pruned) are dropped.
    min_df, max_df : int or float, default=5 and 0.5
        Document-frequency bounds of the vocabulary, as in scikit-learn's ``CountVectorizer``: an int is
        a number of documents, a float in (0, 1] a proportion of them.
    stop_words : collection of str, default=STOP_WORDS
        Words removed by the tokeniser; the default is scikit-learn's English list and
        ``DOCSTRING_STOP_WORDS`` (numpydoc section names, markup, type names).
    drop_duplicates : bool, default=True
        Drop documents whose text (after ``text`` is applied) equals an earlier document's.

    Returns
    -------
    Bunch with
        ``X`` : scipy.sparse.csr_matrix of shape (n_documents, n_words), int64 counts (documents as samples,
        scikit-learn's orientation; Li Hang's word-document matrix is ``X.T``);
        ``documents`` : list of str, the texts; ``names`` : list of str, the qualified names
        (``"scipy.stats._morestats.shapiro"``); ``labels`` : list of str; ``target`` : ndarray of int,
        the index of each label in ``target_names`` (sorted); ``feature_names`` : ndarray of str, the
        vocabulary in alphabetical order; ``versions`` : dict, the installed version of each top-level
        package; ``DESCR``.

    Examples
    --------
    >>> corpus = load_docstring_corpus(["numpy.linalg", "sklearn.cluster"], min_df=3)
    >>> corpus.target_names
    ['numpy.linalg', 'sklearn.cluster']
    >>> corpus.X.shape[0] == len(corpus.documents) == len(corpus.labels)
    True
    """
    if isinstance(packages, str):
        packages = [packages]
    try:
        packages = list(packages)
    except TypeError:
        raise TypeError(f"packages must be a str or a sequence of str, got {type(packages).__name__}") from None
    if not packages:
        raise ValueError("packages must name at least one package")
    for p in packages:
        if not isinstance(p, str):
            raise TypeError(f"packages must hold str, got {type(p).__name__} {p!r}")
        if not _NAME.match(p):
            raise ValueError(f"packages: {p!r} is not a dotted package name")
    if len(set(packages)) != len(packages):
        raise ValueError(f"packages must not repeat a name, got {packages}")
    if isinstance(label_depth, bool) or not isinstance(label_depth, numbers.Integral):
        raise TypeError(f"label_depth must be an int, got {label_depth!r}")
    if label_depth < 1:
        raise ValueError(f"label_depth must be >= 1, got {label_depth}")
    if text not in _TEXTS:
        raise ValueError(f"text must be one of {_TEXTS}, got {text!r}")
    if isinstance(min_tokens, bool) or not isinstance(min_tokens, numbers.Integral):
        raise TypeError(f"min_tokens must be an int, got {min_tokens!r}")
    if min_tokens < 1:
        raise ValueError(f"min_tokens must be >= 1, got {min_tokens}")
    _check_df(min_df, "min_df")
    _check_df(max_df, "max_df")
    if isinstance(stop_words, str) or not all(isinstance(w, str) for w in stop_words):
        raise TypeError("stop_words must be a collection of str (not a single str)")
    stop_words = frozenset(stop_words)
    if not isinstance(drop_duplicates, (bool, np.bool_)):
        raise TypeError(f"drop_duplicates must be a bool, got {drop_duplicates!r}")
    roots = [(p, _package_dir(p)) for p in packages]
    for p, _ in roots:
        for q in packages:
            if q != p and q.startswith(p + "."):
                raise ValueError(f"packages: {q!r} lies inside {p!r}; name each package once")

    documents, names, labels, tokens, seen = [], [], [], [], set()
    for package, root in roots:
        for module, name, doc in _docstrings(package, root, _stamp(package, root)):
            doc = _clean_docstring(doc, text).strip()
            toks = tokenize(doc, stop_words)
            if len(toks) < min_tokens or (drop_duplicates and doc in seen):
                continue
            seen.add(doc)
            documents.append(doc)
            names.append(f"{module}.{name}")
            labels.append(".".join(module.split(".")[:label_depth]))
            tokens.append(toks)
    n = len(documents)
    if n == 0:
        raise ValueError(f"packages {packages} gave no document with at least min_tokens={min_tokens} tokens")

    df = {}
    for toks in tokens:
        for w in set(toks):
            df[w] = df.get(w, 0) + 1
    low = min_df if isinstance(min_df, numbers.Integral) else min_df * n
    high = max_df if isinstance(max_df, numbers.Integral) else max_df * n
    vocabulary = sorted(w for w, c in df.items() if low <= c <= high)
    if not vocabulary:
        raise ValueError(
            f"no word has a document frequency within min_df={min_df} and max_df={max_df} over the {n} documents"
        )
    index = {w: j for j, w in enumerate(vocabulary)}
    rows, cols = [], []
    for i, toks in enumerate(tokens):
        for w in toks:
            j = index.get(w)
            if j is not None:
                rows.append(i)
                cols.append(j)
    X = sparse.csr_matrix((np.ones(len(rows), dtype=np.int64), (rows, cols)), shape=(n, len(vocabulary)))
    X.sum_duplicates()
    keep = np.flatnonzero(np.diff(X.indptr) > 0)
    X = X[keep]
    documents = [documents[i] for i in keep]
    names = [names[i] for i in keep]
    labels = [labels[i] for i in keep]
    target_names = sorted(set(labels))
    code = {lab: i for i, lab in enumerate(target_names)}
    versions = {top: _version(top) for top in sorted({p.split(".")[0] for p in packages})}
    return Bunch(
        X=X,
        documents=documents,
        names=names,
        labels=labels,
        target=np.array([code[lab] for lab in labels], dtype=np.intp),
        target_names=target_names,
        feature_names=np.array(vocabulary, dtype=object),
        versions=versions,
        DESCR=(
            f"Docstrings of {', '.join(packages)} ({', '.join(f'{k} {v}' for k, v in versions.items())}): "
            f"{X.shape[0]} documents, {X.shape[1]} words (min_df={min_df}, max_df={max_df}, text={text!r}), "
            f"labelled by the first {label_depth} components of the module name."
        ),
    )
