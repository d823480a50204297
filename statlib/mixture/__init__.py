"""Mixture models fitted by EM (Li Hang ch. 9): the three-coin model and Gaussian mixtures."""

from ._em_1d import em_gmm_1d
from ._gaussian_mixture import GaussianMixture
from ._three_coin import ThreeCoinEM, three_coin_log_likelihood

__all__ = ["GaussianMixture", "ThreeCoinEM", "em_gmm_1d", "three_coin_log_likelihood"]
