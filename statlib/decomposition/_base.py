"""Input validation shared by the decomposition estimators."""

import numpy as np
from sklearn.utils.validation import validate_data


def validate_X(estimator, X, *, reset, **kwargs):
    """scikit-learn's ``validate_data`` for a float64 ``X``, with every error message naming X.

    Text that cannot be read as numbers becomes a ``TypeError``; the wording of scikit-learn's own
    message is kept after the argument's name (its estimator checks look for it).
    """
    try:
        return validate_data(estimator, X, dtype=np.float64, reset=reset, **kwargs)
    except (TypeError, ValueError) as exc:
        message = str(exc)
        text = "convert string" in message or "argument must be a string" in message
        if "X" in message.split(":")[0].split() and not text:
            raise
        cls = TypeError if text else type(exc)
        raise cls(f"X must be a 2-D array of numbers: {message}") from None
