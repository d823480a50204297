"""Property-based tests for statlib.metrics: confusion counts, precision / recall / F1 and the margin losses.

What the generated cases must satisfy, and how they are registered and run: ``property_support``.
"""

from collections import Counter

import numpy as np
from hypothesis import given
from hypothesis import strategies as st
from property_support import SEEDS, SETTINGS, harness, refused, registry

from statlib import metrics
from statlib.metrics import MARGIN_LOSSES, margin_loss, precision_recall_f1

CASES = Counter()  # (name, kind) -> number of generated cases; reported by conftest.py
VALID, INVALID, valid, invalid = registry()


# -- metrics and bounds ---------------------------------------------------------------------------------------


@valid("confusion_counts")
def _(rng):
    n = int(rng.integers(1, 20))
    t, p = rng.integers(0, 3, size=n), rng.integers(0, 3, size=n)
    if rng.integers(2):
        t, p = np.array(["a", "b", "c"])[t], np.array(["a", "b", "c"])[p]
    pos = (list(t) + list(p))[rng.integers(2 * n)]
    counts = metrics.confusion_counts(t, p, pos_label=pos)
    assert len(counts) == 4 and all(isinstance(c, (int, np.integer)) and c >= 0 for c in counts)
    tp, fp, fn, tn = counts
    assert tp + fp + fn + tn == n and tp + fn == np.sum(t == pos) and tp + fp == np.sum(p == pos)


@invalid("confusion_counts")
def _(rng):
    n = int(rng.integers(2, 8))
    t, p = rng.integers(0, 2, size=n), rng.integers(0, 2, size=n)
    t[0], p[0] = 1, 0
    return [
        (lambda: metrics.confusion_counts(t, p[:-1]), ["y_true", "y_pred"]),
        (lambda: metrics.confusion_counts(t[:0], p[:0]), ["y_true", "y_pred"]),
        (lambda: metrics.confusion_counts(t.reshape(1, -1), p.reshape(1, -1)), ["y_true", "y_pred"]),
        (lambda: metrics.confusion_counts(np.where(t == 1, np.nan, 0.0), p), ["y_true"]),
        (lambda: metrics.confusion_counts(t, np.where(p == 0, np.inf, 1.0)), ["y_pred"]),
        (lambda: metrics.confusion_counts(t, p, pos_label=[7, "x"][rng.integers(2)]), ["pos_label"]),
    ]


# -- metrics and bounds -------------------------------------------------------------------------------------


@SETTINGS
@given(seed=SEEDS, n=st.integers(1, 50))
def test_precision_recall_f1_on_valid_labels(seed, n):
    CASES[("precision_recall_f1", "valid")] += 1
    rng = np.random.default_rng(seed)
    y_true, y_pred = rng.integers(0, 2, n), rng.integers(0, 2, n)
    y_true[0] = 1  # the positive class occurs (otherwise the function refuses: pos_label is probably mistyped)
    p, r, f1 = precision_recall_f1(y_true, y_pred)
    assert all(0.0 <= v <= 1.0 for v in (p, r, f1))
    if p + r > 0:
        assert np.isclose(f1, 2 * p * r / (p + r))  # F1 is the harmonic mean of P and R (1.43)


@SETTINGS
@given(seed=SEEDS, kind=st.sampled_from(["mismatch", "empty", "rank", "nan"]))
def test_precision_recall_f1_refuses_invalid_labels(seed, kind):
    CASES[("precision_recall_f1", "invalid")] += 1
    rng = np.random.default_rng(seed)
    n = int(rng.integers(2, 30))
    y_true, y_pred = rng.integers(0, 2, n).astype(float), rng.integers(0, 2, n).astype(float)
    if kind == "mismatch":
        refused(lambda: precision_recall_f1(y_true, y_pred[:-1]), ["y_true", "y_pred"])
    elif kind == "empty":
        refused(lambda: precision_recall_f1(y_true[:0], y_pred[:0]), ["y_true", "y_pred"])
    elif kind == "rank":
        refused(lambda: precision_recall_f1(y_true[:, None] * np.ones(2), y_pred), ["y_true"])
    else:
        y_pred[0] = np.nan
        refused(lambda: precision_recall_f1(y_true, y_pred), ["y_pred"])


@SETTINGS
@given(name=st.sampled_from(sorted(MARGIN_LOSSES)), margins=st.lists(st.floats(-50, 50), min_size=0, max_size=20))
def test_margin_losses_on_valid_margins(name, margins):
    CASES[("margin_loss", "valid")] += 1
    loss = margin_loss(name, np.array(margins))
    assert loss.shape == (len(margins),) and np.all(np.isfinite(loss)) and np.all(loss >= 0)


@SETTINGS
@given(kind=st.sampled_from(["name", "base", "nan", "text"]), seed=SEEDS)
def test_margin_loss_refuses_invalid_input(kind, seed):
    CASES[("margin_loss", "invalid")] += 1
    m = np.random.default_rng(seed).normal(size=5)
    if kind == "name":
        refused(lambda: margin_loss("squared_hinge", m), ["name"])
    elif kind == "base":
        refused(
            lambda: margin_loss("logistic", m, log_base=float(np.random.default_rng(seed).uniform(-1, 1))), ["log_base"]
        )
    elif kind == "nan":
        m[0] = np.nan
        refused(lambda: margin_loss("hinge", m), ["margin"])
    else:
        refused(lambda: margin_loss("hinge", ["a", "b"]), ["margin"])


# -- the two tests -----------------------------------------------------------------------------------------------


# The two tests every family's property module runs over the names it registered.
test_valid_inputs_give_finite_answers, test_invalid_inputs_are_refused = harness(VALID, INVALID, CASES)
