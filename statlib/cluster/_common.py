"""Input validation shared by the clustering estimators."""

from .._validation import validate_data


def validate_X(estimator, X, **kwargs):
    """statlib's ``validate_data`` (scikit-learn's, recording ``n_features_in_``, with errors that name X)."""
    return validate_data(estimator, X, **kwargs)
