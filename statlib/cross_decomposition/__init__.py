"""Cross decomposition of two paired views (MLAPP §12.5.2-12.5.3): canonical correlation analysis, partial least
squares (canonical and regression), the canonical correlations themselves, and probabilistic CCA."""

from ._pcca import ProbabilisticCCA
from ._pls import CCA, PLSCanonical, PLSRegression, canonical_correlations

__all__ = [
    "CCA",
    "PLSCanonical",
    "PLSRegression",
    "ProbabilisticCCA",
    "canonical_correlations",
]
