"""The k-nearest-neighbour classifier (Li Hang algorithm 3.1)."""

import numpy as np
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.utils.multiclass import check_classification_targets
from sklearn.utils.validation import check_is_fitted

from .._validation import check_choice, check_int, validate_data
from ._brute import _linear_scan
from ._distance import _unreduce, check_distance_scale, check_p, column_extremes
from ._kd_tree import KDTree


class KNeighborsClassifier(ClassifierMixin, BaseEstimator):
    """k-nearest-neighbour classification by majority vote, Li Hang algorithm 3.1.

    The class of x is the most common class among its k nearest training points, eq. (3.1):
    y = argmax_c sum_{x_i in N_k(x)} I(y_i = c). A tie in the vote goes to the class that comes
    first in ``classes_`` (as in scikit-learn); a tie in distance goes to the training point that
    comes first in the training data.

    Parameters
    ----------
    n_neighbors : int, default=5
        k, the number of neighbours that vote.
    p : float >= 1 or numpy.inf, default=2
        The L_p distance (3.2): 1 Manhattan, 2 Euclidean, inf the largest coordinate difference. Points far
        from unit scale (near 1e-300 or 1e300) are searched scaled by a power of two, the queries with them,
        so that the terms |x_l - z_l|^p neither underflow nor overflow: the same neighbours, exactly.
    algorithm : {"kd_tree", "brute"}, default="kd_tree"
        Find the neighbours with a kd tree (algorithms 3.2-3.3) or by linear scan. Same result. The
        tree prunes with the bounding boxes of its nodes (``KDTree(..., bounds="bbox")``), the fast
        variant of the book's test; the neighbours are the same.
    leaf_size : int, default=16
        Leaf size of the kd tree (see :class:`KDTree`); 1 gives the tree of algorithm 3.2, one point per
        node, still searched with bounding boxes (``KDTree(X, bounds="book")`` is the book's search).

    Attributes
    ----------
    classes_ : ndarray of shape (n_classes,)
        The class labels.
    tree_ : KDTree or None
        The kd tree over the training points (``None`` with ``algorithm="brute"``).
    n_features_in_ : int
        Number of features seen in ``fit``.
    n_samples_fit_ : int
        Number of training points.

    References
    ----------
    Li Hang, *Statistical Learning Methods*, 2nd ed., ch. 3, algorithm 3.1.
    T. Cover and P. Hart, "Nearest neighbor pattern classification", IEEE Transactions on
    Information Theory 13(1), 1967.
    """

    def __init__(self, n_neighbors=5, p=2, algorithm="kd_tree", leaf_size=16):
        self.n_neighbors = n_neighbors
        self.p = p
        self.algorithm = algorithm
        self.leaf_size = leaf_size

    def fit(self, X, y):
        """Store the training data ``X`` (n_samples, n_features) and labels ``y``; build the kd tree."""
        n_neighbors = check_int(self.n_neighbors, "n_neighbors", low=1)
        p = check_p(self.p)
        algorithm = check_choice(self.algorithm, "algorithm", ("kd_tree", "brute"))
        leaf_size = check_int(self.leaf_size, "leaf_size", low=1)
        X, y = validate_data(self, X, y, dtype=np.float64, order="C")
        check_classification_targets(y)
        self.classes_, self._y_index = np.unique(y, return_inverse=True)
        if len(self.classes_) < 2:
            raise ValueError(f"y must contain at least two classes; got 1 class: {self.classes_.tolist()}")
        if n_neighbors > X.shape[0]:
            raise ValueError(f"n_neighbors must be <= the number of training samples ({X.shape[0]}), got {n_neighbors}")
        extremes = column_extremes(X)  # of each column, kept for the scale checks of the queries
        check_distance_scale(p, X, "X", extremes=extremes)  # refuses distances that leave float64
        self.n_samples_fit_ = X.shape[0]
        self._fit_X, self._fit_extremes = X, extremes
        self._p = p
        self.tree_ = KDTree(X, leaf_size=leaf_size, p=p, bounds="bbox") if algorithm == "kd_tree" else None
        return self

    def kneighbors(self, X, n_neighbors=None, return_distance=True):
        """The nearest training points of each row of ``X``: ``(distances, indices)``, each (n_queries, k)."""
        check_is_fitted(self)
        X = validate_data(self, X, dtype=np.float64, order="C", reset=False)
        k = self.n_neighbors if n_neighbors is None else n_neighbors
        k = check_int(k, "n_neighbors", low=1, high=self.n_samples_fit_)
        p = self._p
        # far from unit scale, the training points and the queries are searched scaled by one power of two (exact)
        exponent = check_distance_scale(p, self._fit_X, "X (with the training data)", X, extremes=self._fit_extremes)
        if self.tree_ is not None:
            reduced, indices = self.tree_._query_reduced(X, k, exponent)
        elif exponent:
            reduced, indices = _linear_scan(np.ldexp(self._fit_X, -exponent), np.ldexp(X, -exponent), k, p)
        else:
            reduced, indices = _linear_scan(self._fit_X, X, k, p)
        if not return_distance:
            return indices
        return _unreduce(reduced, p, exponent), indices

    def _votes(self, X):
        """Counts of each class among the k nearest neighbours: the sums in eq. (3.1), (n_queries, n_classes)."""
        check_is_fitted(self)
        neighbour_classes = self._y_index[self.kneighbors(X, return_distance=False)]
        n_classes = len(self.classes_)
        offsets = np.arange(neighbour_classes.shape[0])[:, None] * n_classes
        counts = np.bincount((neighbour_classes + offsets).ravel(), minlength=neighbour_classes.shape[0] * n_classes)
        return counts.reshape(-1, n_classes)

    def predict(self, X):
        """Majority vote of the k nearest neighbours, eq. (3.1)."""
        votes = self._votes(X)
        return self.classes_[np.argmax(votes, axis=1)]

    def predict_proba(self, X):
        """Fraction of the k nearest neighbours in each class, (n_queries, n_classes)."""
        votes = self._votes(X)
        return votes / votes.sum(axis=1, keepdims=True)
