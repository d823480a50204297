"""Matrix decompositions (Li Hang ch. 15-17, MLAPP ch. 12): the SVD and truncated SVD, PCA, non-negative
matrix factorisation, factor analysis, probabilistic PCA, binary PCA, supervised PCA, and independent component
analysis (FastICA, natural-gradient maximum likelihood, independent factor analysis). CCA and PLS of two paired
views are in :mod:`statlib.cross_decomposition`."""

from ._binary_pca import BinaryPCA, jaakkola_jordan_lambda
from ._factor_analysis import FactorAnalysis, max_factors
from ._fastica import FastICA
from ._ica_ml import NaturalGradientICA, ica_log_likelihood, source_log_density
from ._ifa import IndependentFactorAnalysis
from ._nmf import NMF, beta_divergence
from ._pca import PCA, pca_from_correlation
from ._ppca import ProbabilisticPCA, ppca_log_likelihood
from ._signs import flip_signs
from ._supervised_pca import SupervisedPCA
from ._svd import TruncatedSVD, svd

__all__ = [
    "BinaryPCA",
    "FactorAnalysis",
    "FastICA",
    "IndependentFactorAnalysis",
    "NMF",
    "NaturalGradientICA",
    "PCA",
    "ProbabilisticPCA",
    "SupervisedPCA",
    "TruncatedSVD",
    "beta_divergence",
    "flip_signs",
    "ica_log_likelihood",
    "jaakkola_jordan_lambda",
    "max_factors",
    "pca_from_correlation",
    "ppca_log_likelihood",
    "source_log_density",
    "svd",
]
