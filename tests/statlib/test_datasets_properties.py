"""Property-based tests for statlib.datasets.load_docstring_corpus: every valid choice of options gives a
consistent corpus, every invalid one is refused with an error naming the argument.

Valid inputs: one or two small subpackages, any label depth, either text mode, random min_tokens, min_df and
max_df (counts or proportions, with min_df below max_df), with or without the default stop words and the
removal of duplicates. The corpus must have one count row per document and label, no empty row, document
frequencies within the bounds, and labels that are prefixes of the documents' names. Invalid inputs: bad
package names, repeated or nested packages, non-integer or non-positive label_depth and min_tokens, unknown
text modes, out-of-range or wrongly typed min_df/max_df, a string as stop_words, a non-bool drop_duplicates.
"""

from collections import Counter

import numpy as np
from property_support import harness, registry

from statlib.datasets import load_docstring_corpus

CASES = Counter()  # (function, kind) -> number of generated cases; reported by conftest.py
VALID, INVALID, valid, invalid = registry()
SMALL = ["numpy.linalg", "numpy.fft", "sklearn.cluster", "sklearn.svm"]


@valid("load_docstring_corpus")
def _valid(rng):
    packages = list(rng.choice(SMALL, size=int(rng.integers(1, 3)), replace=False))
    depth = int(rng.integers(1, 4))
    min_df = int(rng.integers(1, 4)) if rng.random() < 0.5 else float(rng.uniform(0.001, 0.02))
    max_df = float(rng.uniform(0.3, 1.0)) if rng.random() < 0.5 else 1_000
    kwargs = dict(
        label_depth=depth,
        text=str(rng.choice(["full", "description"])),
        min_tokens=int(rng.integers(1, 12)),
        min_df=min_df,
        max_df=max_df,
        drop_duplicates=bool(rng.random() < 0.5),
    )
    if rng.random() < 0.3:
        kwargs["stop_words"] = frozenset({"the", "and", "of"})
    try:
        c = load_docstring_corpus(packages, **kwargs)
    except ValueError as exc:  # a legitimate refusal: nothing survives the filters
        assert "no document" in str(exc) or "no word" in str(exc)
        return
    n = len(c.documents)
    assert c.X.shape == (n, len(c.feature_names)) and n == len(c.labels) == len(c.names) == len(c.target)
    assert np.all(np.diff(c.X.indptr) > 0) and c.X.data.min() >= 1
    assert all(name.startswith(label) for name, label in zip(c.names, c.labels))
    assert all(len(label.split(".")) <= depth for label in c.labels)
    df = np.diff(c.X.tocsc().indptr)
    assert df.min() >= 1


@invalid("load_docstring_corpus")
def _invalid(rng):
    p = "numpy.linalg"
    return [
        (lambda: load_docstring_corpus([]), ["packages"]),
        (lambda: load_docstring_corpus([float(rng.random())]), ["packages"]),
        (lambda: load_docstring_corpus(f"no_such_package_{int(rng.integers(1e6))}"), ["packages"]),
        (lambda: load_docstring_corpus(f"numpy.no_sub_{int(rng.integers(1e6))}"), ["packages"]),
        (lambda: load_docstring_corpus("numpy..linalg"), ["packages"]),
        (lambda: load_docstring_corpus(["numpy", "numpy.linalg"]), ["packages"]),
        (lambda: load_docstring_corpus([p, p]), ["packages"]),
        (lambda: load_docstring_corpus(p, label_depth=-int(rng.integers(0, 5))), ["label_depth"]),
        (lambda: load_docstring_corpus(p, label_depth=float(rng.uniform(1, 3))), ["label_depth"]),
        (lambda: load_docstring_corpus(p, text="all"), ["text"]),
        (lambda: load_docstring_corpus(p, min_tokens=-int(rng.integers(0, 5))), ["min_tokens"]),
        (lambda: load_docstring_corpus(p, min_df=-int(rng.integers(0, 5))), ["min_df"]),
        (lambda: load_docstring_corpus(p, min_df=float(rng.uniform(1.01, 5))), ["min_df"]),
        (lambda: load_docstring_corpus(p, max_df=-float(rng.uniform(0, 1))), ["max_df"]),
        (lambda: load_docstring_corpus(p, max_df="half"), ["max_df"]),
        (lambda: load_docstring_corpus(p, stop_words="the"), ["stop_words"]),
        (lambda: load_docstring_corpus(p, drop_duplicates=int(rng.integers(0, 2))), ["drop_duplicates"]),
        (lambda: load_docstring_corpus(p, min_df=10**6), ["min_df"]),
    ]


test_valid_inputs_give_finite_answers, test_invalid_inputs_are_refused = harness(VALID, INVALID, CASES)
