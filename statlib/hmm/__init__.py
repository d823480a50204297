"""Hidden Markov models (Li Hang ch. 10): forward-backward, Viterbi, Baum-Welch, sampling."""

from ._categorical import CategoricalHMM, estimate_from_labelled

__all__ = ["CategoricalHMM", "estimate_from_labelled"]
