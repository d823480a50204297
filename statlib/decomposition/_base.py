"""Input validation shared by the decomposition estimators."""

import numpy as np

from .._validation import validate_data


def validate_X(estimator, X, *, reset, **kwargs):
    """statlib's ``validate_data`` (scikit-learn's, with errors that name X) for a float64 ``X``."""
    return validate_data(estimator, X, dtype=np.float64, reset=reset, **kwargs)
