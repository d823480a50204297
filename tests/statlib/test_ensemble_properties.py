"""Property-based tests for statlib.ensemble: the regression-stump losses and half-up rounding of boosting.

What the generated cases must satisfy, and how they are registered and run: ``property_support``.
"""

from collections import Counter

import numpy as np
from property_support import finite, harness, random_bad, registry

from statlib import ensemble

CASES = Counter()  # (name, kind) -> number of generated cases; reported by conftest.py
VALID, INVALID, valid, invalid = registry()


# -- boosting -------------------------------------------------------------------------------------------------


@valid("regression_stump_losses")
def _(rng):
    n = int(rng.integers(1, 12))
    x = rng.integers(0, 6, size=n).astype(float) if rng.integers(2) else rng.normal(size=n)
    r = rng.normal(size=n)
    s, m, c1, c2 = ensemble.regression_stump_losses(x, r)
    k = len(np.unique(x)) - 1
    assert s.shape == m.shape == c1.shape == c2.shape == (k,)
    assert all(a.dtype == np.float64 and finite(a) for a in (s, m, c1, c2))
    total = ((r - r.mean()) ** 2).sum()
    assert np.all(m <= total + 1e-9) and np.all(m >= -1e-12) and np.all(np.diff(s) > 0)
    for si, mi in zip(s, m):
        left = x <= si
        assert np.isclose(mi, ((r[left] - r[left].mean()) ** 2).sum() + ((r[~left] - r[~left].mean()) ** 2).sum())


@invalid("regression_stump_losses")
def _(rng):
    n = int(rng.integers(2, 8))
    x, r = rng.normal(size=n), rng.normal(size=n)
    return [
        (lambda: ensemble.regression_stump_losses(random_bad(rng, (n,)), r), ["x"]),
        (lambda: ensemble.regression_stump_losses(x, random_bad(rng, (n,))), ["r"]),
        (lambda: ensemble.regression_stump_losses(x, r[:-1]), ["same number", "x", "r"]),
    ]


@valid("round_half_up")
def _(rng):
    shape = [(), (int(rng.integers(1, 6)),), (2, 3)][rng.integers(3)]
    decimals = int(rng.integers(0, 4))
    v = rng.integers(-2000, 2000, size=shape) / 1000 + rng.choice([0.0, 5 * 10.0 ** (-decimals - 1)], size=shape)
    out = ensemble.round_half_up(v, decimals)
    assert np.shape(out) == shape and finite(out)
    assert np.all(np.abs(out - v) <= 0.5 * 10.0**-decimals + 1e-9)
    assert np.allclose(out, -ensemble.round_half_up(-v, decimals))  # halves go away from zero on both sides


@invalid("round_half_up")
def _(rng):
    return [
        (lambda: ensemble.round_half_up(random_bad(rng, (3,), ("nan", "inf", "text")), 2), ["values"]),
        (lambda: ensemble.round_half_up("0.5", 2), ["values"]),
        (lambda: ensemble.round_half_up(np.ones(3), [1.5, "2", None, 400, -400][rng.integers(5)]), ["decimals"]),
    ]


# -- the two tests -----------------------------------------------------------------------------------------------


# The two tests every family's property module runs over the names it registered.
test_valid_inputs_give_finite_answers, test_invalid_inputs_are_refused = harness(VALID, INVALID, CASES)
