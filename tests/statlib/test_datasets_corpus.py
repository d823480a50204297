"""statlib.datasets.load_docstring_corpus: the docstring corpus built offline from installed sources."""

import ast
import importlib.util
import os
from pathlib import Path

import numpy as np
import pytest
from scipy import sparse

from statlib.datasets import load_docstring_corpus
from statlib.datasets._corpus import STOP_WORDS, tokenize

SMALL = ("numpy.linalg", "sklearn.cluster")


@pytest.fixture(scope="module")
def small():
    return load_docstring_corpus(SMALL, min_df=3)


def test_tokenizer_rule():
    # Lower-cased runs of >= 3 letters; underscores, digits and punctuation split; stop words removed.
    assert tokenize("The QR-decomposition of a 2-D array_like `a`, see Notes.") == ["decomposition", "array"]
    assert tokenize("abc def", stop_words=frozenset()) == ["abc", "def"]
    assert {"the", "parameters", "returns", "default"} <= STOP_WORDS
    with pytest.raises(TypeError, match="text"):
        tokenize(3)


def test_shapes_and_labels_are_consistent(small):
    n = len(small.documents)
    assert sparse.issparse(small.X) and small.X.format == "csr" and small.X.dtype == np.int64
    assert small.X.shape == (n, len(small.feature_names))
    assert len(small.names) == len(small.labels) == len(small.target) == n
    assert small.target_names == list(SMALL)
    assert [small.target_names[t] for t in small.target] == small.labels
    # every name lies in the package of its label; vocabulary sorted, no stop word, no empty document
    assert all(name.startswith(label + ".") for name, label in zip(small.names, small.labels))
    assert list(small.feature_names) == sorted(small.feature_names)
    assert not set(small.feature_names) & STOP_WORDS
    assert np.all(np.diff(small.X.indptr) > 0)
    assert set(small.versions) == {"numpy", "sklearn"} and all(small.versions.values())


def test_counts_are_the_tokens_of_each_document(small):
    vocab = {w: j for j, w in enumerate(small.feature_names)}
    for i in (0, len(small.documents) // 2, len(small.documents) - 1):
        expected = np.zeros(len(vocab), dtype=np.int64)
        for t in tokenize(small.documents[i]):
            if t in vocab:
                expected[vocab[t]] += 1
        np.testing.assert_array_equal(small.X[i].toarray().ravel(), expected)


def test_document_frequencies_respect_the_bounds(small):
    df = np.diff(small.X.tocsc().indptr)
    assert df.min() >= 3 and df.max() <= 0.5 * len(small.documents) + 1e-9


def test_documents_are_the_public_docstrings_found_by_hand():
    # numpy.linalg: the public module-level definitions with a docstring, parsed here independently.
    root = os.path.join(os.path.dirname(importlib.util.find_spec("numpy").origin), "linalg")
    expected = set()
    for f in sorted(os.listdir(root)):
        if f.endswith(".py") and not f.startswith("test_"):
            tree = ast.parse(Path(root, f).read_text(encoding="utf-8"))
            for node in tree.body:
                if (
                    isinstance(node, (ast.FunctionDef, ast.ClassDef))
                    and not node.name.startswith("_")
                    and ast.get_docstring(node)
                ):
                    expected.add(node.name)
    corpus = load_docstring_corpus("numpy.linalg", min_tokens=1, min_df=1, max_df=1.0, drop_duplicates=False)
    assert {n.rsplit(".", 1)[1] for n in corpus.names} <= expected
    assert {"svd", "eigh", "qr", "solve", "norm"} <= {n.rsplit(".", 1)[1] for n in corpus.names}


def test_deterministic_and_fresh_objects():
    a = load_docstring_corpus(SMALL, min_df=3)
    b = load_docstring_corpus(SMALL, min_df=3)
    assert a.names == b.names and a.documents == b.documents
    assert (a.X != b.X).nnz == 0 and a.X is not b.X
    assert a.X.shape[0] > 50


def test_label_depth_and_text_options():
    one = load_docstring_corpus(SMALL, min_df=3, label_depth=1)
    assert one.target_names == ["numpy", "sklearn"]
    desc = load_docstring_corpus(SMALL, min_df=3, min_tokens=3, text="description")
    assert all("----" not in d for d in desc.documents)
    full = load_docstring_corpus(SMALL, min_df=3, min_tokens=3)
    assert all(">>>" not in d for d in full.documents)
    # a description is a prefix of the full text, so never longer on average
    assert np.mean([len(d) for d in desc.documents]) < np.mean([len(d) for d in full.documents])


def test_min_df_as_count_and_proportion_agree():
    a = load_docstring_corpus(SMALL, min_df=3)
    n = a.X.shape[0]
    b = load_docstring_corpus(SMALL, min_df=3 / n * (1 - 1e-9) + 0.0)
    assert list(a.feature_names) == list(b.feature_names)


@pytest.mark.parametrize(
    "kwargs, error, match",
    [
        ({"packages": []}, ValueError, "packages must name"),
        ({"packages": [3]}, TypeError, "packages"),
        ({"packages": 3}, TypeError, "packages"),
        ({"packages": "no_such_package_xyz"}, ValueError, "packages"),
        ({"packages": "numpy.no_such_sub"}, ValueError, "packages"),
        ({"packages": "numpy..linalg"}, ValueError, "packages"),
        ({"packages": ["numpy", "numpy.linalg"]}, ValueError, "packages"),
        ({"packages": ["numpy.linalg", "numpy.linalg"]}, ValueError, "packages"),
        ({"label_depth": 0}, ValueError, "label_depth"),
        ({"label_depth": 1.5}, TypeError, "label_depth"),
        ({"text": "all"}, ValueError, "text"),
        ({"min_tokens": 0}, ValueError, "min_tokens"),
        ({"min_df": 0}, ValueError, "min_df"),
        ({"min_df": 1.5}, ValueError, "min_df"),
        ({"max_df": "a"}, TypeError, "max_df"),
        ({"max_df": True}, TypeError, "max_df"),
        ({"stop_words": "the"}, TypeError, "stop_words"),
        ({"drop_duplicates": 1}, TypeError, "drop_duplicates"),
        ({"min_df": 10_000}, ValueError, "min_df"),
    ],
)
def test_bad_arguments_are_refused(kwargs, error, match):
    kwargs = {"packages": "numpy.linalg", **kwargs}
    with pytest.raises(error, match=match):
        load_docstring_corpus(**kwargs)
