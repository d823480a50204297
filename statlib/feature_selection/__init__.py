"""Feature selection (lecture "Feature selection and sparse learning"): subset-evaluation criteria,
filters (single-feature ranking, Relief, Relief-F), sequential search (SFS, SBS, plus-l-take-away-r),
branch and bound, and AdaBoost-based selection. Embedded selection is the lasso path,
:func:`statlib.linear_model.lasso_path`.
"""

from ._base import WrapperCriterion
from ._criteria import (
    divergence_criterion,
    fisher_criterion,
    information_gain_criterion,
    mutual_information,
    posterior_entropy,
    scatter_matrices,
)
from ._relief import Relief, ReliefF
from ._search import (
    AdaBoostSelector,
    BranchAndBound,
    SequentialSelection,
    SingleFeatureRanking,
    branch_and_bound,
    exhaustive_search,
    n_subsets,
)

__all__ = [
    "AdaBoostSelector",
    "BranchAndBound",
    "Relief",
    "ReliefF",
    "SequentialSelection",
    "SingleFeatureRanking",
    "WrapperCriterion",
    "branch_and_bound",
    "divergence_criterion",
    "exhaustive_search",
    "fisher_criterion",
    "information_gain_criterion",
    "mutual_information",
    "n_subsets",
    "posterior_entropy",
    "scatter_matrices",
]
