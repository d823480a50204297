"""The margin losses of Li Hang ch. 12, eqs. (12.1)-(12.3), against hand values and their known bounds."""

import numpy as np
import pytest

from statlib.metrics import MARGIN_LOSSES, margin_loss


def test_hand_values():
    m = np.array([-1.0, 0.0, 0.5, 2.0])
    np.testing.assert_array_equal(margin_loss("zero_one", m), [1, 0, 0, 0])
    np.testing.assert_array_equal(margin_loss("perceptron", m), [1, 0, 0, 0])
    np.testing.assert_array_equal(margin_loss("hinge", m), [2, 1, 0.5, 0])
    np.testing.assert_allclose(margin_loss("logistic", m), np.log([1 + np.e, 2, 1 + np.exp(-0.5), 1 + np.exp(-2)]))
    np.testing.assert_allclose(margin_loss("exponential", m), [np.e, 1, np.exp(-0.5), np.exp(-2)])
    assert margin_loss("logistic", 0.0, log_base=2) == pytest.approx(1.0)


def test_surrogates_bound_the_zero_one_loss():
    # Figure 12.2: hinge, exponential and base-2 logistic losses lie above the 0-1 loss everywhere.
    m = np.linspace(-5, 5, 2001)
    zero_one = margin_loss("zero_one", m)
    for name, kwargs in (("hinge", {}), ("exponential", {}), ("logistic", {"log_base": 2})):
        assert np.all(margin_loss(name, m, **kwargs) >= zero_one)


@pytest.mark.parametrize("name", ["perceptron", "hinge", "logistic", "exponential"])
def test_surrogates_are_convex_and_zero_one_is_not(name):
    rng = np.random.default_rng(0)
    a, b, t = rng.uniform(-4, 4, 500), rng.uniform(-4, 4, 500), rng.uniform(0, 1, 500)
    lhs = margin_loss(name, t * a + (1 - t) * b)
    assert np.all(lhs <= t * margin_loss(name, a) + (1 - t) * margin_loss(name, b) + 1e-12)
    # The 0-1 loss is not convex: at the midpoint of m = -2 (loss 1) and m = 0.5 (loss 0) it is 1 > 1/2.
    assert margin_loss("zero_one", -0.75) > 0.5 * margin_loss("zero_one", -2.0) + 0.5 * margin_loss("zero_one", 0.5)


def test_large_margins_do_not_overflow():
    with np.errstate(over="raise"):
        assert np.isfinite(margin_loss("logistic", -1000.0))
        assert margin_loss("logistic", 1000.0) == pytest.approx(0.0)


def test_bad_input():
    with pytest.raises(ValueError, match="name must be one of"):
        margin_loss("squared", 0.0)
    with pytest.raises(ValueError, match="margin must contain only finite"):
        margin_loss("hinge", [0.0, np.nan])
    with pytest.raises(ValueError, match="log_base must be > 1"):
        margin_loss("logistic", 0.0, log_base=1)
    assert set(MARGIN_LOSSES) == {"zero_one", "perceptron", "hinge", "logistic", "exponential"}


@pytest.mark.parametrize(
    ("margin", "error"),
    [
        ("1.0", TypeError),
        ([1.0, "a"], TypeError),
        (1 + 2j, TypeError),
        ([0.0, np.nan], ValueError),
        (np.inf, ValueError),
    ],
)
def test_text_complex_and_non_finite_margins_are_refused_naming_margin(margin, error):
    with pytest.raises(error, match="margin"):
        margin_loss("hinge", margin)
