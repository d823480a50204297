"""Boosting (Li Hang ch. 8): AdaBoost, boosting trees for regression, gradient boosting."""

from ._adaboost import AdaBoostClassifier
from ._gradient_boosting import (
    BoostingTreeRegressor,
    GradientBoostingRegressor,
    regression_stump_losses,
    round_half_up,
)

__all__ = [
    "AdaBoostClassifier",
    "BoostingTreeRegressor",
    "GradientBoostingRegressor",
    "regression_stump_losses",
    "round_half_up",
]
