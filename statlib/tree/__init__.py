"""Decision trees (Li Hang ch. 5): impurity measures, ID3/C4.5 on categorical features, and CART.

- :func:`entropy`, :func:`conditional_entropy`, :func:`information_gain`, :func:`gain_ratio`,
  :func:`gini`, :func:`gini_split`: the criteria of sections 5.2 and 5.5, eqs. (5.7)-(5.10), (5.24)-(5.25).
- :class:`ID3Classifier`, :class:`C45Classifier`: multiway trees on categorical features
  (Algorithms 5.2 and 5.3) with the pruning of Algorithm 5.4.
- :class:`DecisionTreeClassifier`, :class:`DecisionTreeRegressor`: CART (Algorithms 5.5-5.7) over
  Numba kernels, scikit-learn compatible.
"""

from ._cart import DecisionTreeClassifier, DecisionTreeRegressor, Tree
from ._criteria import (
    conditional_entropy,
    entropy,
    gain_ratio,
    gini,
    gini_split,
    information_gain,
    split_information,
)
from ._id3 import C45Classifier, ID3Classifier, Node

__all__ = [
    "C45Classifier",
    "ID3Classifier",
    "Node",
    "DecisionTreeClassifier",
    "DecisionTreeRegressor",
    "Tree",
    "conditional_entropy",
    "entropy",
    "gain_ratio",
    "gini",
    "gini_split",
    "information_gain",
    "split_information",
]
