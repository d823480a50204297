"""Linear models: the perceptron (Li Hang ch. 2); least squares and ridge regression (Li Hang ch. 1, PRML 3.1),
with basis expansions and sequential (LMS) least squares (PRML 3.1);
logistic regression (Li Hang ch. 6); the lasso and the elastic net by coordinate descent, and the exact lasso
path by LARS (MLAPP ch. 13); automatic relevance determination (PRML 7.2.1, MLAPP 13.7)."""

from ._ard import ARDRegression, ard_fit, log_evidence
from ._basis import GaussianBasis, PolynomialBasis, SigmoidBasis
from ._lars import LassoLars
from ._lasso import ElasticNet, Lasso
from ._lasso_path import lasso_path
from ._least_squares import LinearRegression, Ridge
from ._lms import LMSRegressor
from ._logistic import LogisticRegression
from ._perceptron import Perceptron

__all__ = [
    "ARDRegression",
    "ElasticNet",
    "GaussianBasis",
    "LMSRegressor",
    "Lasso",
    "LassoLars",
    "LinearRegression",
    "LogisticRegression",
    "Perceptron",
    "PolynomialBasis",
    "Ridge",
    "SigmoidBasis",
    "ard_fit",
    "lasso_path",
    "log_evidence",
]
