"""Naive Bayes (Li Hang ch. 4): the categorical model with maximum-likelihood or additive-smoothing estimates."""

from ._categorical import CategoricalNB

__all__ = ["CategoricalNB"]
