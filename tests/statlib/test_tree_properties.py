"""Property-based tests for statlib.tree: the split criteria (entropy, information gain, gain ratio, Gini) and
the ID3 / C4.5 classifiers on categorical tables.

What the generated cases must satisfy, and how they are registered and run: ``property_support``.
"""

import math
from collections import Counter

import numpy as np
from property_support import categorical_harness, finite_float, harness, registry

from statlib import tree
from statlib.tree import C45Classifier, ID3Classifier

CASES = Counter()  # (name, kind) -> number of generated cases; reported by conftest.py
VALID, INVALID, valid, invalid = registry()


# -- tree criteria ------------------------------------------------------------------------------------------------

BASES = [2, None, np.e, 10, 3.5]
BAD_BASES = [1, 0.5, 0, -2, np.nan, np.inf, "2"]


def _labelled(rng):
    n, k, v = int(rng.integers(1, 25)), int(rng.integers(1, 5)), int(rng.integers(1, 4))
    y, x = rng.integers(0, k, size=n), rng.integers(0, v, size=n)
    if rng.integers(2):
        y = np.array(["no", "yes", "maybe", "never"])[y]
    if rng.integers(2):
        x = np.array(["low", "mid", "high"])[x].astype(object)
    return x, y, BASES[rng.integers(len(BASES))]


def _log(value, base):
    return math.log(value) if base is None else math.log(value, base)


@valid("entropy")
def _(rng):
    x, y, base = _labelled(rng)
    h = tree.entropy(y, base=base)
    assert finite_float(h) and -1e-12 <= h <= _log(len(set(y)), base) + 1e-12


@valid("conditional_entropy")
def _(rng):
    x, y, base = _labelled(rng)
    h = tree.conditional_entropy(x, y, base=base)
    assert finite_float(h) and -1e-12 <= h <= tree.entropy(y, base=base) + 1e-12


@valid("information_gain")
def _(rng):
    x, y, base = _labelled(rng)
    g = tree.information_gain(x, y, base=base)
    assert finite_float(g) and g >= -1e-12
    assert np.isclose(g, tree.entropy(y, base=base) - tree.conditional_entropy(x, y, base=base), atol=1e-12)


@valid("split_information")
def _(rng):
    x, y, base = _labelled(rng)
    h = tree.split_information(x, base=base)
    assert finite_float(h) and -1e-12 <= h <= _log(len(set(x)), base) + 1e-12
    assert np.isclose(h, tree.entropy(x, base=base))


@valid("gain_ratio")
def _(rng):
    x, y, base = _labelled(rng)
    r = tree.gain_ratio(x, y, base=base)
    h_a = tree.split_information(x, base=base)
    assert finite_float(r) and r >= -1e-12
    expected = 0.0 if h_a == 0 else tree.information_gain(x, y, base=base) / h_a
    assert np.isclose(r, expected)


@valid("gini")
def _(rng):
    x, y, base = _labelled(rng)
    g = tree.gini(y)
    assert finite_float(g) and -1e-12 <= g <= 1 - 1 / len(set(y)) + 1e-12


@valid("gini_split")
def _(rng):
    x, y, base = _labelled(rng)
    value = x[rng.integers(len(x))]
    g = tree.gini_split(x, y, value)
    assert finite_float(g) and -1e-12 <= g <= tree.gini(y) + 1e-12  # splitting never raises the Gini index
    inside = x == value
    expected = sum(part.mean() * tree.gini(y[part]) for part in (inside, ~inside) if part.any())
    assert np.isclose(g, expected)


def _bad_labels(rng, n):
    kind = rng.integers(5)
    if kind == 4:
        return np.array([None, 1, "a"] * n, dtype=object)[:n]  # labels that cannot be compared
    if kind == 0:
        return np.array([0.0] * (n - 1) + [np.nan])
    if kind == 1:
        return np.array([], dtype=int)
    if kind == 2:
        return rng.integers(0, 2, size=(n, 2))
    return "abc"


def _tree_invalid(fn, arity, with_base=True, single="y"):
    def cases(rng):
        n = int(rng.integers(2, 10))
        x, y = rng.integers(0, 3, size=n), rng.integers(0, 2, size=n)
        args = [x, y][2 - arity :] if arity < 3 else [x, y, 0]
        names = [single] if arity == 1 else ["x", "y"]
        out = []
        for i, name in enumerate(names):

            def call(i=i):
                bad = list(args)
                bad[i] = _bad_labels(rng, n)
                return fn(*bad)

            out.append((call, [name]))
        if len(names) == 2:
            out.append((lambda: fn(*([x, y[:-1]] + args[2:])), ["same number", "x", "y"]))
        if with_base:
            out.append((lambda: fn(*args, base=BAD_BASES[rng.integers(len(BAD_BASES))]), ["base"]))
        return out

    return cases


INVALID["entropy"] = _tree_invalid(tree.entropy, 1)
INVALID["split_information"] = _tree_invalid(tree.split_information, 1, single="x")
INVALID["gini"] = _tree_invalid(tree.gini, 1, with_base=False)
INVALID["conditional_entropy"] = _tree_invalid(tree.conditional_entropy, 2)
INVALID["information_gain"] = _tree_invalid(tree.information_gain, 2)
INVALID["gain_ratio"] = _tree_invalid(tree.gain_ratio, 2)
INVALID["gini_split"] = _tree_invalid(tree.gini_split, 3, with_base=False)


# -- categorical models: ID3, C4.5 ----------------------------------------------------------------------------------

CATEGORICAL = {
    "ID3Classifier": lambda: ID3Classifier(epsilon=0.0),
    "C45Classifier": lambda: C45Classifier(epsilon=0.0),
}


test_categorical_models_on_valid_data, test_categorical_models_refuse_invalid_data = categorical_harness(
    CATEGORICAL, CASES
)


# -- the two tests -----------------------------------------------------------------------------------------------


# The two tests every family's property module runs over the names it registered.
test_valid_inputs_give_finite_answers, test_invalid_inputs_are_refused = harness(VALID, INVALID, CASES)
