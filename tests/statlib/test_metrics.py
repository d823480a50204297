"""Precision, recall, F1 (Li Hang (1.41)-(1.44)) and the Hoeffding bound (Theorem 1.1)."""

import numpy as np
import pytest
from sklearn.metrics import precision_recall_fscore_support

from statlib.metrics import confusion_counts, precision_recall_f1
from statlib.model_selection import hoeffding_bound, hoeffding_sample_size


def test_hand_counted_example():
    y_true = [1, 1, 1, 1, 0, 0, 0, 0, 0, 0]
    y_pred = [1, 1, 1, 0, 1, 1, 0, 0, 0, 0]
    assert confusion_counts(y_true, y_pred) == (3, 2, 1, 4)
    p, r, f1 = precision_recall_f1(y_true, y_pred)
    assert (p, r) == (3 / 5, 3 / 4)
    assert f1 == pytest.approx(2 * 3 / (2 * 3 + 2 + 1))  # = 2/3
    assert 2 / f1 == pytest.approx(1 / p + 1 / r)  # (1.43): harmonic mean


@pytest.mark.parametrize("seed", range(5))
def test_matches_scikit_learn(seed):
    rng = np.random.default_rng(seed)
    y_true, y_pred = rng.choice(["a", "b"], 200), rng.choice(["a", "b"], 200)
    ref = precision_recall_fscore_support(y_true, y_pred, pos_label="b", average="binary")
    np.testing.assert_allclose(precision_recall_f1(y_true, y_pred, pos_label="b"), ref[:3])


def test_zero_division_and_bad_input():
    assert precision_recall_f1([0, 0], [0, 0], pos_label=0) == (1.0, 1.0, 1.0)
    assert precision_recall_f1([1, 0], [0, 0]) == (0.0, 0.0, 0.0)
    with pytest.raises(ValueError, match="same number of samples"):
        precision_recall_f1([1, 0, 1], [1, 0])
    with pytest.raises(ValueError, match="pos_label=2 occurs in neither"):
        precision_recall_f1([1, 0], [1, 0], pos_label=2)


def test_hoeffding_bound_value():
    # Hand evaluation of (1.33): d = 1000, N = 10000, delta = 0.05:
    # (ln 1000 + ln 20) / 20000 = (6.907755 + 2.995732) / 20000 = 4.951744e-4, sqrt = 0.0222525.
    assert hoeffding_bound(1000, 10000, 0.05) == pytest.approx(0.0222525, abs=1e-7)
    # One hypothesis, N = 1, delta = 1/e: sqrt(1/2).
    assert hoeffding_bound(1, 1, np.exp(-1)) == pytest.approx(np.sqrt(0.5))


def test_sample_size_inverts_the_bound():
    for d, eps, delta in [(10, 0.1, 0.05), (1000, 0.02, 0.01), (1, 0.5, 0.5)]:
        n = hoeffding_sample_size(d, eps, delta)
        assert hoeffding_bound(d, n, delta) <= eps < (hoeffding_bound(d, n - 1, delta) if n > 1 else np.inf)


def test_bound_holds_by_simulation():
    # Theorem 1.1 for d threshold classifiers on x ~ U(0, 1) with noisy labels: the fraction of training sets on
    # which some classifier's true risk exceeds its training risk by more than epsilon is at most delta.
    rng = np.random.default_rng(0)
    d, n, delta, trials = 20, 200, 0.1, 2000
    thresholds = np.linspace(0, 1, d)
    flip = 0.1  # labels are 1[x > 0.5], flipped with probability 0.1
    true_risk = flip + (1 - 2 * flip) * np.abs(thresholds - 0.5)
    eps = hoeffding_bound(d, n, delta)
    failures = 0
    for _ in range(trials):
        x = rng.uniform(size=n)
        y = (x > 0.5) ^ (rng.uniform(size=n) < flip)
        train_risk = np.mean((x[None, :] > thresholds[:, None]) != y[None, :], axis=1)
        failures += np.any(true_risk - train_risk > eps)
    assert failures / trials <= delta


@pytest.mark.parametrize(
    "args, error, match",
    [
        ((0, 10, 0.1), ValueError, "n_hypotheses must be >= 1"),
        ((10, 0, 0.1), ValueError, "n_samples must be >= 1"),
        ((10, 10, 1.0), ValueError, "delta must be < 1"),
        ((10, 10, 0), ValueError, "delta must be > 0"),
        ((10.5, 10, 0.1), TypeError, "n_hypotheses must be an integer"),
    ],
)
def test_bound_rejects_bad_input(args, error, match):
    with pytest.raises(error, match=match):
        hoeffding_bound(*args)
