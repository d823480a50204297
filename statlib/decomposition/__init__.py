"""Matrix decompositions (Li Hang ch. 15-17, MLAPP ch. 12): the SVD and truncated SVD, PCA, non-negative
matrix factorisation, FastICA, factor analysis and probabilistic PCA, binary PCA, and supervised PCA. CCA and
PLS of two paired views are in :mod:`statlib.cross_decomposition`."""

from ._binary_pca import BinaryPCA, jaakkola_jordan_lambda
from ._factor_analysis import FactorAnalysis, max_factors
from ._fastica import FastICA
from ._nmf import NMF, beta_divergence
from ._pca import PCA, pca_from_correlation
from ._ppca import ProbabilisticPCA, ppca_log_likelihood
from ._signs import flip_signs
from ._supervised_pca import SupervisedPCA
from ._svd import TruncatedSVD, svd

__all__ = [
    "SupervisedPCA",
    "BinaryPCA",
    "NMF",
    "PCA",
    "FactorAnalysis",
    "ProbabilisticPCA",
    "FastICA",
    "TruncatedSVD",
    "beta_divergence",
    "flip_signs",
    "jaakkola_jordan_lambda",
    "max_factors",
    "pca_from_correlation",
    "ppca_log_likelihood",
    "svd",
]
