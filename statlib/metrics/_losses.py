"""The classification losses of Li Hang ch. 12 as functions of the margin m = y f(x)."""

import numpy as np

from .._validation import check_choice, check_numeric, check_real

MARGIN_LOSSES = ("zero_one", "perceptron", "hinge", "logistic", "exponential")


def margin_loss(name, margin, *, log_base=np.e):
    """Loss of a binary classifier f with labels y in {-1, +1}, as a function of the margin m = y f(x).

    - ``zero_one``: 1 if m < 0 (a wrong sign), else 0, with m = 0 counted as correct as in Figure 12.2;
    - ``perceptron``: max(0, -m), the perceptron loss (2.4);
    - ``hinge``: max(0, 1 - m), the SVM's loss (12.1);
    - ``logistic``: log(1 + exp(-m)), logistic regression and maximum entropy (12.2); with
      ``log_base=2`` it equals 1 at m = 0 and bounds the 0-1 loss from above, as drawn in Figure 12.2;
    - ``exponential``: exp(-m), AdaBoost's loss (12.3).
    """
    check_choice(name, "name", MARGIN_LOSSES)
    base = check_real(log_base, "log_base", low=1.0, low_inclusive=False)
    m = check_numeric(margin, "margin")
    if name == "zero_one":
        return (m < 0).astype(float)
    if name == "perceptron":
        return np.maximum(0.0, -m) + 0.0  # + 0.0 turns -0.0 into 0.0
    if name == "hinge":
        return np.maximum(0.0, 1.0 - m)
    if name == "logistic":
        return np.logaddexp(0.0, -m) / np.log(base)  # log(1 + e^{-m}) without overflow
    return np.exp(-m)
