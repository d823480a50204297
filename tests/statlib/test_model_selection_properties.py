"""Property-based tests for statlib.model_selection: Hoeffding's bound and the sample size that inverts it.

What the generated cases must satisfy, and how they are registered and run: ``property_support``.
"""

from collections import Counter

import numpy as np
from hypothesis import given
from hypothesis import strategies as st
from property_support import SETTINGS, harness, refused, registry

from statlib import model_selection
from statlib.model_selection import hoeffding_bound, hoeffding_sample_size

CASES = Counter()  # (name, kind) -> number of generated cases; reported by conftest.py
VALID, INVALID, valid, invalid = registry()


# -- Hoeffding's bound ----------------------------------------------------------------------------------------------


@valid("hoeffding_sample_size")
def _(rng):
    d = int(rng.integers(1, 10**6)) if rng.integers(2) else 10 ** int(rng.integers(1, 400))  # any size of class
    eps, delta = float(rng.uniform(0.01, 1)), float(rng.uniform(1e-6, 0.999))
    N = model_selection.hoeffding_sample_size(d, eps, delta)
    assert isinstance(N, (int, np.integer)) and N >= 0
    assert model_selection.hoeffding_bound(d, max(N, 1), delta) <= eps + 1e-12
    if N > 1:
        assert model_selection.hoeffding_bound(d, N - 1, delta) > eps - 1e-12


@invalid("hoeffding_sample_size")
def _(rng):
    f = model_selection.hoeffding_sample_size
    return [
        (lambda: f([0, -1, 1.5, "3", None][rng.integers(5)], 0.1, 0.05), ["n_hypotheses"]),
        (lambda: f(10, [0.0, -0.1, np.nan, np.inf, "a", 1e-200][rng.integers(6)], 0.05), ["epsilon"]),
        (lambda: f(10, 0.1, [0.0, 1.0, -0.5, 1.5, np.nan, "a"][rng.integers(6)]), ["delta"]),
    ]


@SETTINGS
@given(d=st.integers(1, 10**6), n=st.integers(1, 10**6), delta=st.floats(1e-9, 0.999))
def test_hoeffding_bound_on_valid_arguments(d, n, delta):
    CASES[("hoeffding_bound", "valid")] += 1
    eps = hoeffding_bound(d, n, delta)
    assert np.isfinite(eps) and eps > 0
    # The sample size that achieves eps is at most n (it inverts (1.33) up to rounding up).
    assert hoeffding_sample_size(d, eps * (1 + 1e-9), delta) <= n


@SETTINGS
@given(
    which=st.sampled_from(["n_hypotheses", "n_samples", "delta"]),
    bad=st.one_of(st.integers(-(10**6), 0), st.floats(allow_nan=True), st.text(max_size=3), st.none()),
)
def test_hoeffding_bound_refuses_invalid_arguments(which, bad):
    args = {"n_hypotheses": 10, "n_samples": 100, "delta": 0.05}
    if which == "delta" and isinstance(bad, float) and 0 < bad < 1:
        bad = 1 + bad  # a probability must lie in (0, 1)
    if which != "delta" and isinstance(bad, float) and bad >= 1 and float(bad).is_integer():
        bad = bad + 0.5  # a count must be a whole number
    CASES[("hoeffding_bound", "invalid")] += 1
    args[which] = bad
    refused(lambda: hoeffding_bound(**args), [which])


# -- the two tests -----------------------------------------------------------------------------------------------


# The two tests every family's property module runs over the names it registered.
test_valid_inputs_give_finite_answers, test_invalid_inputs_are_refused = harness(VALID, INVALID, CASES)
