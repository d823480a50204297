"""Linear models: the perceptron (Li Hang ch. 2); least squares and ridge regression (Li Hang ch. 1, PRML 3.1),
with basis expansions and sequential (LMS) least squares (PRML 3.1);
logistic regression (Li Hang ch. 6); the lasso and the elastic net by coordinate descent, and the exact lasso
path by LARS, proximal gradient (ISTA, FISTA) and EM for the lasso (MLAPP ch. 13); Bayesian variable selection,
best-subset and greedy search (OMP, orthogonal least squares, stepwise, single best replacement) (MLAPP
section 13.2); the group lasso, the fused lasso, the elastic net as an augmented lasso and the hierarchical
adaptive lasso (MLAPP sections 13.5-13.6); automatic relevance determination (PRML 7.2.1, MLAPP 13.7)."""

from ._ard import ARDClassifier, ARDRegression, ard_fit, ard_reweighted_l1, log_evidence
from ._basis import GaussianBasis, PolynomialBasis, SigmoidBasis
from ._elastic_net_augmented import augment_elastic_net, elastic_net_by_lasso, elastic_net_sklearn_params
from ._fused_lasso import fused_lasso
from ._group_lasso import GroupLasso, group_soft_threshold, prox_linf
from ._hal import HierarchicalAdaptiveLasso, hal_penalty, hal_threshold
from ._lars import LassoLars
from ._lasso import ElasticNet, Lasso
from ._lasso_path import lasso_path
from ._lasso_proximal import lasso_em, lasso_proximal
from ._least_squares import LinearRegression, Ridge
from ._lms import LMSRegressor
from ._logistic import LogisticRegression
from ._perceptron import Perceptron
from ._subset import (
    BayesianVariableSelection,
    OrthogonalMatchingPursuit,
    all_subsets,
    backward_selection,
    best_subset,
    forward_selection,
    gray_code,
    l0_objective,
    matching_pursuit,
    single_best_replacement,
)

__all__ = [
    "ARDClassifier",
    "ARDRegression",
    "BayesianVariableSelection",
    "ElasticNet",
    "GaussianBasis",
    "GroupLasso",
    "HierarchicalAdaptiveLasso",
    "LMSRegressor",
    "Lasso",
    "LassoLars",
    "LinearRegression",
    "LogisticRegression",
    "OrthogonalMatchingPursuit",
    "Perceptron",
    "PolynomialBasis",
    "Ridge",
    "SigmoidBasis",
    "all_subsets",
    "ard_fit",
    "ard_reweighted_l1",
    "augment_elastic_net",
    "backward_selection",
    "best_subset",
    "elastic_net_by_lasso",
    "elastic_net_sklearn_params",
    "forward_selection",
    "fused_lasso",
    "gray_code",
    "group_soft_threshold",
    "hal_penalty",
    "hal_threshold",
    "l0_objective",
    "lasso_em",
    "lasso_path",
    "lasso_proximal",
    "log_evidence",
    "matching_pursuit",
    "prox_linf",
    "single_best_replacement",
]
