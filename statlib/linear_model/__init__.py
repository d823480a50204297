"""Linear models: the perceptron (Li Hang ch. 2)."""

from ._perceptron import Perceptron

__all__ = ["Perceptron"]
