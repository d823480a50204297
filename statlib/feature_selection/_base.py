"""Shared pieces of the selectors: the criterion resolver and the target-size check."""

import numpy as np
from sklearn.base import BaseEstimator, clone
from sklearn.feature_selection import SelectorMixin
from sklearn.model_selection import cross_val_score
from sklearn.utils.multiclass import check_classification_targets
from sklearn.utils.validation import check_is_fitted

from .._validation import check_int, validate_data
from ._criteria import divergence_criterion, fisher_criterion, information_gain_criterion

FILTER_CRITERIA = {
    "fisher": fisher_criterion,
    "divergence": divergence_criterion,
    "information_gain": information_gain_criterion,
}


class WrapperCriterion:
    """The wrapper criterion: the mean cross-validated score of ``estimator`` on a feature subset.

    ``WrapperCriterion(estimator, cv, scoring)(X_subset, y)`` is
    ``cross_val_score(clone(estimator), X_subset, y, cv=cv, scoring=scoring).mean()``, the quantity
    scikit-learn's ``SequentialFeatureSelector`` maximises.
    """

    def __init__(self, estimator, cv=5, scoring=None):
        if not hasattr(estimator, "fit"):
            raise TypeError(f"estimator must be a scikit-learn estimator with fit, got {type(estimator).__name__}")
        self.estimator = estimator
        self.cv = cv
        self.scoring = scoring

    def __call__(self, X, y):
        return float(cross_val_score(clone(self.estimator), X, y, cv=self.cv, scoring=self.scoring).mean())


def resolve_criterion(criterion, estimator=None, cv=5, scoring=None):
    """Turn ``criterion`` (a name, ``"wrapper"`` or a callable ``f(X_subset, y) -> float``) into a callable."""
    if isinstance(criterion, str) and criterion == "wrapper":
        if estimator is None:
            raise ValueError("criterion='wrapper' needs an estimator (got estimator=None)")
        return WrapperCriterion(estimator, cv=cv, scoring=scoring)
    if isinstance(criterion, str):
        if criterion not in FILTER_CRITERIA:
            names = sorted(FILTER_CRITERIA) + ["wrapper"]
            raise ValueError(f"criterion must be one of {names} or a callable, got {criterion!r}")
        return FILTER_CRITERIA[criterion]
    if callable(criterion):
        return criterion
    raise TypeError(f"criterion must be a string or a callable f(X_subset, y) -> float, got {type(criterion).__name__}")


def evaluate(criterion, X, y, subset):
    """criterion on the columns ``subset`` (kept in increasing order, as scikit-learn's masks do)."""
    value = float(criterion(X[:, sorted(subset)], y))
    if not np.isfinite(value):
        raise ValueError(f"the criterion returned {value} on the feature subset {sorted(subset)}")
    return value


def n_to_select(n_features_to_select, n_features):
    """The target size k: None gives half the features (at least one), as scikit-learn's default."""
    if n_features_to_select is None:
        return max(1, n_features // 2)
    return check_int(n_features_to_select, "n_features_to_select", low=1, high=n_features)


class BaseSelector(SelectorMixin, BaseEstimator):
    """Validation and the support mask shared by the selectors (fitted ``support_`` boolean mask)."""

    def _validate_xy(self, X, y, min_samples=2):
        X, y = validate_data(self, X, y, dtype=np.float64)
        check_classification_targets(y)
        classes, codes = np.unique(y, return_inverse=True)
        if len(classes) < 2:
            raise ValueError(f"y must contain at least two classes, got 1 class: {classes.tolist()}")
        if X.shape[0] < min_samples:
            raise ValueError(f"X must have at least {min_samples} samples, got {X.shape[0]}")
        self.classes_ = classes
        return X, y, codes.ravel().astype(np.int64)

    def _get_support_mask(self):
        check_is_fitted(self, "support_")
        return self.support_

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.target_tags.required = True
        return tags
