"""Matrix decompositions (Li Hang ch. 15-17, MLAPP ch. 12): the SVD and truncated SVD, PCA, non-negative
matrix factorisation, FastICA, factor analysis and probabilistic PCA, binary PCA; for paired views, CCA, PLS,
probabilistic CCA and supervised PCA."""

from ._binary_pca import BinaryPCA, jaakkola_jordan_lambda
from ._factor_analysis import FactorAnalysis, max_factors
from ._fastica import FastICA
from ._nmf import NMF, beta_divergence
from ._pca import PCA, pca_from_correlation
from ._pcca import ProbabilisticCCA
from ._pls import CCA, PLSCanonical, PLSRegression, canonical_correlations
from ._ppca import ProbabilisticPCA, ppca_log_likelihood
from ._signs import flip_signs
from ._supervised_pca import SupervisedPCA
from ._svd import TruncatedSVD, svd

__all__ = [
    "SupervisedPCA",
    "BinaryPCA",
    "CCA",
    "PLSCanonical",
    "PLSRegression",
    "ProbabilisticCCA",
    "canonical_correlations",
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
