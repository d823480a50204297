"""Mixture models fitted by EM (Li Hang ch. 9, MLAPP §12.1.4): the three-coin model, Gaussian mixtures and
mixtures of factor analysers."""

from ._em_1d import em_gmm_1d
from ._gaussian_mixture import GaussianMixture
from ._mfa import MixtureOfFactorAnalysers
from ._three_coin import ThreeCoinEM, three_coin_log_likelihood

__all__ = [
    "GaussianMixture",
    "MixtureOfFactorAnalysers",
    "ThreeCoinEM",
    "em_gmm_1d",
    "three_coin_log_likelihood",
]
