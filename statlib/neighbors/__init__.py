"""Nearest neighbours (Li Hang ch. 3): L_p distances, the kd tree, linear scan and the k-NN classifier."""

from ._brute import linear_scan
from ._classification import KNeighborsClassifier
from ._distance import minkowski_distance
from ._kd_tree import KDTree, SearchStep

__all__ = ["KDTree", "KNeighborsClassifier", "SearchStep", "linear_scan", "minkowski_distance"]
