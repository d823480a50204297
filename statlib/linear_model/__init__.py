"""Linear models: the perceptron (Li Hang ch. 2) and logistic regression (Li Hang ch. 6)."""

from ._logistic import LogisticRegression
from ._perceptron import Perceptron

__all__ = ["LogisticRegression", "Perceptron"]
