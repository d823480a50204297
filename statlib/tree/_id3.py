"""ID3 and C4.5 tree generation on categorical features (Li Hang Algorithms 5.2 and 5.3) and the
book's cost-complexity pruning of such trees (Algorithm 5.4).

Each internal node tests one feature and has one child per value of that feature seen at the
node (a multiway split); a feature is used at most once on a path. The counting at each node (the
contingency tables of every remaining feature against the class) runs in a Numba kernel; the
criteria are then a few vectorised lines: information gain (5.9) for ID3, gain ratio (5.10) for C4.5.
"""

import numpy as np
from numba import njit
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.utils.multiclass import check_classification_targets
from sklearn.utils.validation import check_is_fitted

from .._validation import check_choice, check_real, validate_data

__all__ = ["ID3Classifier", "C45Classifier", "Node"]


@njit(cache=True)
def _contingency_tables(codes, y, rows, features, n_values_max, n_classes):
    """Counts |D_ik| for the samples ``rows``: table[f, i, k] = #{rows with feature features[f] = i, class k}."""
    tables = np.zeros((features.shape[0], n_values_max, n_classes))
    for r in rows:
        k = y[r]
        for f in range(features.shape[0]):
            tables[f, codes[r, features[f]], k] += 1.0
    return tables


def _entropy_rows(counts):
    """Entropy in bits of each row of ``counts`` (last axis), with 0 log 0 = 0."""
    totals = counts.sum(axis=-1, keepdims=True)
    with np.errstate(divide="ignore", invalid="ignore"):
        p = np.where(totals > 0, counts / np.where(totals > 0, totals, 1.0), 0.0)
        terms = np.where(p > 0, -p * np.log2(np.where(p > 0, p, 1.0)), 0.0)
    return terms.sum(axis=-1)


def _criteria(tables):
    """Per candidate feature: (H(D|A) (5.8), g(D, A) (5.9), H_A(D), g_R(D, A) (5.10)) from its tables."""
    n = tables.sum(axis=(1, 2))
    class_counts = tables.sum(axis=1)  # (features, K): the same row for every feature
    h_d = _entropy_rows(class_counts)
    value_counts = tables.sum(axis=2)  # (features, values): |D_i|
    h_cond = (value_counts / n[:, None] * _entropy_rows(tables)).sum(axis=1)
    gain = h_d - h_cond
    gain = np.where(np.abs(gain) < 1e-12, 0.0, gain)
    h_a = _entropy_rows(value_counts)
    with np.errstate(divide="ignore", invalid="ignore"):
        ratio = np.where(h_a > 0, gain / np.where(h_a > 0, h_a, 1.0), 0.0)
    return h_cond, gain, h_a, ratio


class Node:
    """One node of an ID3/C4.5 tree.

    Attributes
    ----------
    feature : int or None
        Index of the tested feature (None at a leaf).
    children : dict
        Category code -> child Node, one per value of ``feature`` present at the node.
    class_counts : ndarray of shape (n_classes,)
        Number of training samples of each class at the node (N_tk).
    prediction : int
        Index into ``classes_`` of the majority class (ties: the first class).
    scores : dict
        For an internal node or a node that stopped at step (4): feature index -> the criterion
        used to choose (information gain or gain ratio) over the features still available.
    gains, gain_ratios, conditional_entropies : dict
        The same features -> g(D, A), g_R(D, A), H(D|A).
    depth : int
    """

    def __init__(self, class_counts, depth):
        self.feature = None
        self.children = {}
        self.class_counts = class_counts
        self.prediction = int(np.argmax(class_counts))
        self.scores = {}
        self.gains = {}
        self.gain_ratios = {}
        self.conditional_entropies = {}
        self.depth = depth

    @property
    def is_leaf(self):
        return self.feature is None

    @property
    def n_samples(self):
        return int(self.class_counts.sum())

    def entropy(self):
        """Empirical entropy of the node's samples in bits, H_t(T) of (5.12)."""
        return float(_entropy_rows(self.class_counts))

    def leaves(self):
        """The leaves of the subtree rooted here, left to right."""
        if self.is_leaf:
            return [self]
        return [leaf for code in sorted(self.children) for leaf in self.children[code].leaves()]

    def copy(self):
        node = Node(self.class_counts.copy(), self.depth)
        node.feature = self.feature
        node.scores, node.gains = dict(self.scores), dict(self.gains)
        node.gain_ratios, node.conditional_entropies = dict(self.gain_ratios), dict(self.conditional_entropies)
        node.children = {code: child.copy() for code, child in self.children.items()}
        return node


class ID3Classifier(ClassifierMixin, BaseEstimator):
    """Decision tree on categorical features by ID3 (Algorithm 5.2) or C4.5 (Algorithm 5.3).

    At each node the feature with the largest information gain g(D, A) (5.9) (ID3) or gain
    ratio g_R(D, A) (5.10) (C4.5) among the features not yet used on the path is chosen; ties go to
    the lowest feature index. The node gets one child per value of that feature present in its
    samples, and the recursion stops when a node is pure (step 1), no feature is left (step 2) or
    the best criterion is below ``epsilon`` (step 4). With ``alpha`` set, the grown tree is then
    pruned by Algorithm 5.4: groups of sibling leaves are retracted into their parent, bottom up,
    whenever that does not increase C_alpha(T) = sum_t N_t H_t(T) + alpha |T| (5.11), (5.15).

    Parameters
    ----------
    criterion : {"information_gain", "gain_ratio"}, default="information_gain"
        ID3 or C4.5.
    epsilon : float, default=0.0
        Threshold of step (4): a node whose best criterion value is below it becomes a leaf.
    alpha : float or None, default=None
        Complexity parameter of Algorithm 5.4 (entropies in bits); None skips pruning.
    handle_unknown : {"error", "majority"}, default="error"
        What ``predict`` does with a category never seen in training for a feature: raise, or
        answer the majority class of the node where the sample cannot go further. (A category
        seen in training but absent from a node's samples always gets that node's majority class.)

    Attributes
    ----------
    tree_ : Node
        The root of the fitted (and pruned) tree.
    classes_ : ndarray of shape (n_classes,)
    categories_ : list of ndarray
        The sorted categories of each feature; a category's position is its code.
    n_features_in_ : int
    feature_names_in_ : ndarray of str, only when X is a DataFrame with string column names.

    References
    ----------
    Li Hang, *Statistical Learning Methods*, 2nd ed., sections 5.2-5.4, Algorithms 5.1-5.4.
    J. R. Quinlan, "Induction of decision trees", Machine Learning 1, 1986; *C4.5: Programs for
    Machine Learning*, 1993.
    """

    _default_criterion = "information_gain"

    def __init__(self, criterion="information_gain", epsilon=0.0, alpha=None, handle_unknown="error"):
        self.criterion = criterion
        self.epsilon = epsilon
        self.alpha = alpha
        self.handle_unknown = handle_unknown

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.input_tags.categorical = True
        tags.input_tags.string = True
        return tags

    # -- validation and encoding --------------------------------------------------------------
    @staticmethod
    def _check_cells(X, name):
        if X.dtype.kind == "f" and not np.all(np.isfinite(X)):
            raise ValueError(f"{name} must not contain NaN or infinity")
        if X.dtype.kind == "O":
            for value in X.ravel():
                if value is None or (isinstance(value, float) and not np.isfinite(value)):
                    raise ValueError(f"{name} must not contain missing values (None or NaN)")

    def _encode(self, X):
        X = validate_data(self, X, dtype=None, ensure_all_finite=False, reset=False)
        self._check_cells(X, "X")
        codes = np.empty(X.shape, dtype=np.int64)
        for j, cats in enumerate(self.categories_):
            column = X[:, j]
            try:
                pos = np.searchsorted(cats, column)
                pos = np.minimum(pos, len(cats) - 1)
                known = cats[pos] == column
            except TypeError:
                raise TypeError(f"X column {j} holds values not comparable with the training categories") from None
            if not np.all(known):
                if self.handle_unknown == "error":
                    bad = column[~known][0]
                    raise ValueError(
                        f"X column {j} holds the category {bad!r}, not seen in training; "
                        "set handle_unknown='majority' to predict it anyway"
                    )
                pos = np.where(known, pos, -1)
            codes[:, j] = pos
        return codes

    def fit(self, X, y):
        """Grow (and with ``alpha`` set, prune) the tree on categorical ``X`` (n_samples, n_features), labels ``y``."""
        criterion = check_choice(self.criterion, "criterion", ("information_gain", "gain_ratio"))
        epsilon = check_real(self.epsilon, "epsilon", low=0.0)
        alpha = None if self.alpha is None else check_real(self.alpha, "alpha", low=0.0)
        check_choice(self.handle_unknown, "handle_unknown", ("error", "majority"))
        X, y = validate_data(self, X, y, dtype=None, ensure_all_finite=False)
        self._check_cells(X, "X")
        check_classification_targets(y)
        self.classes_, y_codes = np.unique(y, return_inverse=True)
        if len(self.classes_) < 2:
            raise ValueError(f"y must contain at least two classes; got 1 class: {self.classes_.tolist()}")
        codes = np.empty(X.shape, dtype=np.int64)
        self.categories_ = []
        for j in range(X.shape[1]):
            try:
                cats, codes[:, j] = np.unique(X[:, j], return_inverse=True)
            except TypeError:
                raise TypeError(
                    f"X column {j} mixes values that cannot be ordered (e.g. strings and numbers)"
                ) from None
            self.categories_.append(cats)
        self._grow_all(codes, np.ascontiguousarray(y_codes, dtype=np.int64), criterion, epsilon)
        if alpha is not None:
            self.tree_ = self.prune(alpha)
        return self

    def _grow_all(self, codes, y, criterion, epsilon):
        n_values = np.array([len(c) for c in self.categories_], dtype=np.int64)
        n_classes = len(self.classes_)
        self.tree_ = self._grow(
            codes,
            y,
            np.arange(len(y)),
            list(range(codes.shape[1])),
            0,
            criterion,
            epsilon,
            int(n_values.max()),
            n_classes,
        )

    def _grow(self, codes, y, rows, features, depth, criterion, epsilon, n_values_max, n_classes):
        """Steps (1)-(6) of Algorithm 5.2 (5.3 with the gain ratio) for the samples ``rows``."""
        node = Node(np.bincount(y[rows], minlength=n_classes).astype(float), depth)
        if np.count_nonzero(node.class_counts) == 1 or not features:  # steps (1), (2)
            return node
        feats = np.array(features, dtype=np.int64)
        tables = _contingency_tables(codes, y, rows, feats, n_values_max, n_classes)
        h_cond, gain, _, ratio = _criteria(tables)  # step (3): Algorithm 5.1 for every feature
        score = gain if criterion == "information_gain" else ratio
        for f, j in enumerate(features):
            node.scores[j], node.gains[j] = float(score[f]), float(gain[f])
            node.gain_ratios[j], node.conditional_entropies[j] = float(ratio[f]), float(h_cond[f])
        best = int(np.argmax(score))
        if score[best] < epsilon:  # step (4)
            return node
        feature = features[best]
        node.feature = feature  # step (5): one child per value present at the node
        rest = [j for j in features if j != feature]
        column = codes[rows, feature]
        for code in np.unique(column):
            node.children[int(code)] = self._grow(
                codes, y, rows[column == code], rest, depth + 1, criterion, epsilon, n_values_max, n_classes
            )  # step (6)
        return node

    # -- Algorithm 5.4 ------------------------------------------------------------------------
    def cost(self, alpha, tree=None):
        """C_alpha(T) = sum over leaves N_t H_t(T) + alpha |T| (5.11)/(5.14), entropies in bits."""
        check_is_fitted(self)
        alpha = check_real(alpha, "alpha", low=0.0)
        leaves = (tree or self.tree_).leaves()
        return float(sum(leaf.n_samples * leaf.entropy() for leaf in leaves) + alpha * len(leaves))

    def prune(self, alpha, exact=False):
        """Algorithm 5.4: a pruned copy of the fitted tree for the given ``alpha``.

        As printed (``exact=False``): bottom up, a node whose children are all leaves is made a
        leaf when retracting them does not increase the cost, C_alpha(T_A) <= C_alpha(T_B) (5.15).
        Only the node and its children enter the difference,
        N_t H_t + alpha <= sum_children (N_c H_c + alpha), so the test is local.

        Retracting only groups of leaves can stop above the minimum of C_alpha: a node whose
        subtree is worth keeping on its own may still be worth cutting together with its parent.
        ``exact=True`` runs the dynamic programme instead: the best cost of the subtree at t is
        min(N_t H_t + alpha, sum over children of their best costs), which gives the subtree of
        least C_alpha(T) (the smallest one when several tie).
        """
        check_is_fitted(self)
        alpha = check_real(alpha, "alpha", low=0.0)
        exact = bool(exact)
        root = self.tree_.copy()

        def visit(node):
            """Prune the subtree at ``node`` in place; return its cost sum N_t H_t + alpha |T_t|."""
            as_leaf = node.n_samples * node.entropy() + alpha  # step (1): N_t H_t + alpha, (5.11)-(5.12)
            if node.is_leaf:
                return as_leaf
            kept = sum(visit(child) for child in node.children.values())
            retractable = exact or all(child.is_leaf for child in node.children.values())
            if retractable and as_leaf <= kept + 1e-12:  # step (2): C_alpha(T_A) <= C_alpha(T_B) (5.15)
                node.feature, node.children = None, {}
                return as_leaf
            return kept

        visit(root)
        return root

    # -- prediction ---------------------------------------------------------------------------
    def _leaf_for(self, row):
        node = self.tree_
        while not node.is_leaf:
            child = node.children.get(int(row[node.feature]))
            if child is None:
                break
            node = child
        return node

    def predict_proba(self, X):
        """Class distribution of the node where each sample stops, shape (n_samples, n_classes)."""
        check_is_fitted(self)
        codes = self._encode(X)
        out = np.empty((codes.shape[0], len(self.classes_)))
        for i, row in enumerate(codes):
            counts = self._leaf_for(row).class_counts
            out[i] = counts / counts.sum()
        return out

    def predict(self, X):
        """The majority class of the node where each sample stops (ties: first class)."""
        check_is_fitted(self)
        codes = self._encode(X)
        return self.classes_[[self._leaf_for(row).prediction for row in codes]]

    # -- inspection ---------------------------------------------------------------------------
    def feature_name(self, j):
        names = getattr(self, "feature_names_in_", None)
        return str(names[j]) if names is not None else f"x{j}"

    def rules(self):
        """The tree as if-then rules (section 5.1.2), one string per leaf."""
        check_is_fitted(self)
        out = []

        def walk(node, conditions):
            if node.is_leaf:
                premise = " and ".join(conditions) if conditions else "always"
                out.append(f"if {premise} then {self.classes_[node.prediction]}")
                return
            for code in sorted(node.children):
                value = self.categories_[node.feature][code]
                walk(node.children[code], conditions + [f"{self.feature_name(node.feature)} = {value}"])

        walk(self.tree_, [])
        return out

    def get_depth(self):
        check_is_fitted(self)
        return max(leaf.depth for leaf in self.tree_.leaves())

    def get_n_leaves(self):
        check_is_fitted(self)
        return len(self.tree_.leaves())


class C45Classifier(ID3Classifier):
    """C4.5 generation (Algorithm 5.3): :class:`ID3Classifier` with ``criterion="gain_ratio"`` by default."""

    def __init__(self, criterion="gain_ratio", epsilon=0.0, alpha=None, handle_unknown="error"):
        super().__init__(criterion=criterion, epsilon=epsilon, alpha=alpha, handle_unknown=handle_unknown)
