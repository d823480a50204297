"""Matrix decompositions (Li Hang ch. 15-17, MLAPP ch. 12): PCA, non-negative matrix factorisation and FastICA."""

from ._fastica import FastICA
from ._nmf import NMF, beta_divergence
from ._pca import PCA, flip_signs, pca_from_correlation

__all__ = ["NMF", "PCA", "FastICA", "beta_divergence", "flip_signs", "pca_from_correlation"]
