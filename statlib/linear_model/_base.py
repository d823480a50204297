"""What the linear classifiers share: the score w . x + b."""

import numpy as np
from sklearn.utils.validation import check_is_fitted

from .._validation import validate_data


class LinearDecisionMixin:
    """``decision_function`` for a fitted linear classifier with ``coef_`` (one row per problem) and ``intercept_``."""

    def decision_function(self, X):
        """w . x + b for each row of ``X``: shape (n_samples,) for two classes (the score of ``classes_[1]``),
        else (n_samples, n_classes)."""
        check_is_fitted(self)
        X = validate_data(self, X, dtype=np.float64, reset=False)
        scores = X @ self.coef_.T + self.intercept_
        return scores[:, 0] if scores.shape[1] == 1 else scores
