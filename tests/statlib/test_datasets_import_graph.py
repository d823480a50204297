"""statlib.datasets.load_import_graph: the import graph of installed packages, read with ast."""

import ast
import re
from pathlib import Path

import numpy as np
import pytest
import scipy.sparse as sp

from statlib.datasets import PINNED_PACKAGES, load_import_graph
from statlib.datasets._import_graph import DISTRIBUTION_IMPORT_NAMES, _import_statements

SMALL = ("sklearn", "hmmlearn", "ipywidgets")


@pytest.fixture(scope="module")
def small():
    return load_import_graph(SMALL)


def links(graph):
    rows, cols = graph.adjacency.nonzero()
    return {(graph.nodes[i], graph.nodes[j]) for i, j in zip(rows, cols)}


def test_default_packages_are_the_pinned_requirements():
    text = (Path(__file__).resolve().parents[2] / "requirements.txt").read_text()
    names = [re.split(r"[=<>!~\[; ]", line.strip())[0] for line in text.splitlines()]
    names = [n for n in names if n and not n.startswith(("#", "-"))]
    assert tuple(DISTRIBUTION_IMPORT_NAMES.get(n, n) for n in names) == PINNED_PACKAGES


def test_shape_and_node_order(small):
    A, nodes = small.adjacency, small.nodes
    assert sp.issparse(A) and A.format == "csr"
    assert A.shape == (len(nodes), len(nodes))
    assert nodes == sorted(set(nodes))
    assert {name.split(".")[0] for name in nodes} == set(SMALL)
    np.testing.assert_array_equal(A.data, 1.0)  # a link is there or not
    assert A.diagonal().sum() == 0  # self-imports dropped
    assert not any(".tests." in name or name.endswith(".tests") for name in nodes)


def test_deterministic(small):
    again = load_import_graph(list(reversed(SMALL)))
    assert again.nodes == small.nodes
    assert (again.adjacency != small.adjacency).nnz == 0
    np.testing.assert_array_equal(again.adjacency.indptr, small.adjacency.indptr)
    np.testing.assert_array_equal(again.adjacency.indices, small.adjacency.indices)


def test_known_links(small):
    found = links(small)
    # sklearn/cluster/_kmeans.py: `from sklearn.base import (...)`, `from sklearn.cluster._k_means_lloyd import ...`,
    # `from sklearn.utils import check_array, ...` (a function, so the link goes to the package),
    # `from sklearn.metrics.pairwise import ...`.
    for target in ("sklearn.base", "sklearn.cluster._k_means_lloyd", "sklearn.utils", "sklearn.metrics.pairwise"):
        assert ("sklearn.cluster._kmeans", target) in found
    # hmmlearn/hmm.py: `from . import _emissions, _utils`, `from .base import BaseHMM`, `from sklearn import cluster`.
    for target in ("hmmlearn._emissions", "hmmlearn._utils", "hmmlearn.base", "sklearn.cluster"):
        assert ("hmmlearn.hmm", target) in found
    # ipywidgets/__init__.py: `from ._version import ...`, `from .widgets import *`, `from . import comm`.
    for target in ("ipywidgets._version", "ipywidgets.widgets", "ipywidgets.comm"):
        assert ("ipywidgets", target) in found
    # hmmlearn/hmm.py imports scipy.linalg, which is not in the node set: no such node, no such link.
    assert not any(name.startswith("scipy") for name in small.nodes)


def test_extension_modules_are_dangling_nodes(small):
    i = small.nodes.index("sklearn.cluster._k_means_lloyd")  # a compiled module: no source, no out-links
    assert small.adjacency[[i], :].nnz == 0
    assert small.adjacency[:, [i]].nnz > 0


def test_statement_scan_agrees_with_parsing_whole_files(small):
    exact = load_import_graph(SMALL, exact=True)
    assert exact.nodes == small.nodes
    assert links(exact) == links(small)


def test_statement_scan_on_awkward_source():
    source = b'''"""Docstring:
import os
from a import b
"""
import x.y, z as w
from . import (p,
    q)
from .import r
from ..s import \\
    (t, u)
def f():
    s = "import nothing"
    from m import n  # comment (
x = \'\'\'
from skipped import this
\'\'\'
'''

    def dump(statements):
        return [ast.dump(s) for s in statements]

    assert dump(_import_statements(source, exact=False)) == dump(_import_statements(source, exact=True))
    assert len(_import_statements(source, exact=False)) == 5


def test_include_tests():
    with_tests = load_import_graph(["sklearn"], include_tests=True)
    assert any(".tests." in name for name in with_tests.nodes)


@pytest.mark.parametrize(
    "kwargs, error, name",
    [
        ({"packages": "numpy"}, TypeError, "packages"),
        ({"packages": []}, ValueError, "packages"),
        ({"packages": ["no_such_package_here"]}, ValueError, "packages"),
        ({"packages": ["numpy.linalg"]}, ValueError, "packages"),
        ({"packages": ["sklearn"], "include_tests": "yes"}, TypeError, "include_tests"),
        ({"packages": ["sklearn"], "exact": 1}, TypeError, "exact"),
    ],
)
def test_bad_arguments_name_themselves(kwargs, error, name):
    with pytest.raises(error, match=name):
        load_import_graph(**kwargs)
