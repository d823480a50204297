"""Linear models: the perceptron (Li Hang ch. 2); least squares and ridge regression (Li Hang ch. 1, PRML 3.1)."""

from ._least_squares import LinearRegression, Ridge
from ._perceptron import Perceptron

__all__ = ["LinearRegression", "Perceptron", "Ridge"]
