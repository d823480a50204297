"""Input validation shared by the clustering estimators."""

from sklearn.utils.validation import validate_data


def validate_X(estimator, X, **kwargs):
    """scikit-learn's ``validate_data`` (which records ``n_features_in_``), with errors that name ``X``.

    scikit-learn states what it expected ("Expected 2D array, got 1D array instead") but not always
    of which argument; the message is kept and prefixed so that it names ``X``.
    """
    try:
        return validate_data(estimator, X, **kwargs)
    except (TypeError, ValueError) as error:
        message = str(error)
        if message.startswith("X ") or "X " in message[:40]:
            raise
        raise type(error)(f"X is not valid input: {message}") from error
