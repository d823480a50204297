"""Subset search: single-feature ranking, sequential selection (SFS, SBS, plus-l-take-away-r),
branch and bound, exhaustive search, and AdaBoost-based selection."""

from itertools import combinations
from math import comb

import numpy as np

from .._validation import check_bool, check_choice, check_int
from ._base import BaseSelector, evaluate, n_to_select, resolve_criterion

_DIRECTIONS = ("forward", "backward", "plus-l-take-away-r")


class SingleFeatureRanking(BaseSelector):
    """The lecture's single-feature filter: score every feature alone, keep the best k.

    Parameters
    ----------
    criterion : str or callable, default="fisher"
        ``"fisher"`` (J_2), ``"divergence"`` (J_D), ``"information_gain"`` (discrete features) or a
        callable ``f(X_subset, y) -> float`` (larger is better).
    n_features_to_select : int or None, default=None
        None: half the features.

    Attributes
    ----------
    scores_ : ndarray of shape (n_features,)
        The criterion of each feature alone.
    ranking_ : ndarray
        Feature indices from the best score to the worst (ties to the lower index).
    support_ : ndarray of bool

    Examples
    --------
    >>> import numpy as np
    >>> X = np.array([[0.0, 5.0], [1.0, 3.0], [4.0, 4.0], [5.0, 6.0]])
    >>> SingleFeatureRanking(n_features_to_select=1).fit(X, [0, 0, 1, 1]).get_support().tolist()
    [True, False]
    """

    def __init__(self, criterion="fisher", n_features_to_select=None):
        self.criterion = criterion
        self.n_features_to_select = n_features_to_select

    def fit(self, X, y):
        """Score each column of ``X`` with the criterion and keep the ``n_features_to_select`` best."""
        criterion = resolve_criterion(self.criterion)
        X, y, _ = self._validate_xy(X, y)
        d = X.shape[1]
        k = n_to_select(self.n_features_to_select, d)
        self.scores_ = np.array([evaluate(criterion, X, y, [j]) for j in range(d)])
        self.ranking_ = np.argsort(-self.scores_, kind="stable")
        self.support_ = np.zeros(d, dtype=bool)
        self.support_[self.ranking_[:k]] = True
        return self


class SequentialSelection(BaseSelector):
    """Sequential forward / backward selection and plus-l-take-away-r, with any subset criterion.

    * ``direction="forward"`` (SFS): start from the empty set and add, one at a time, the feature
      whose addition gives the best criterion, until k features are selected;
    * ``"backward"`` (SBS): start from all features and remove the feature whose removal leaves the
      best criterion, until k remain;
    * ``"plus-l-take-away-r"``: with l > r, start empty and repeat l forward steps followed by r
      backward steps; with r > l ("take away r, plus l"), start full and repeat r backward steps
      followed by l forward steps; the search stops as soon as a step of the first kind (forward
      when l > r) brings the subset to k features. Each cycle moves |l - r| features towards k, and
      the backward (forward) steps give earlier choices a chance to be revised.

    Ties go to the lower feature index, as in scikit-learn's ``SequentialFeatureSelector``; with
    ``criterion="wrapper"`` and ``direction`` forward or backward the selected subset is the one
    scikit-learn's selector returns for the same estimator, ``cv`` and ``scoring``.

    Parameters
    ----------
    criterion : str or callable, default="fisher"
        A filter criterion (``"fisher"``, ``"divergence"``, ``"information_gain"``), ``"wrapper"``
        (mean cross-validated score of ``estimator``) or a callable ``f(X_subset, y) -> float``.
    n_features_to_select : int or None, default=None
    direction : {"forward", "backward", "plus-l-take-away-r"}, default="forward"
    l, r : int, default=2, 1
        The forward and backward steps per cycle of plus-l-take-away-r (l != r).
    estimator : estimator or None, default=None
        The learner of the wrapper criterion.
    cv : int or cross-validation generator, default=5
    scoring : str, callable or None, default=None

    Attributes
    ----------
    support_ : ndarray of bool
    path_ : list of tuple
        The selected subset after every step (sorted feature indices).
    path_scores_ : ndarray
        The criterion of each subset in ``path_``.
    n_evaluations_ : int
        How many subsets were evaluated.
    best_subset_ : tuple of int
        The best subset evaluated during the whole search, step 3 of the lecture's forward-search
        wrapper: every step keeps its best candidate, so this is the subset of ``path_`` with the
        highest score (the earliest one on ties). It may be smaller than ``n_features_to_select``.
        When no step is needed (a backward search with k = d), it is the starting subset, evaluated once.
    best_score_ : float
        The criterion of ``best_subset_``.

    References
    ----------
    P. Pudil, J. Novovicova and J. Kittler, "Floating search methods in feature selection",
    Pattern Recognition Letters 15 (1994) 1119-1125 (SFS, SBS, plus-l-take-away-r and their floating variants).

    Examples
    --------
    >>> import numpy as np
    >>> rng = np.random.default_rng(0)
    >>> y = np.repeat([0, 1], 20)
    >>> X = rng.normal(size=(40, 4)); X[:, 2] += 3 * y
    >>> SequentialSelection(n_features_to_select=1).fit(X, y).get_support().tolist()
    [False, False, True, False]
    """

    def __init__(
        self,
        criterion="fisher",
        n_features_to_select=None,
        direction="forward",
        l=2,  # noqa: E741
        r=1,
        estimator=None,
        cv=5,
        scoring=None,
    ):
        self.criterion = criterion
        self.n_features_to_select = n_features_to_select
        self.direction = direction
        self.l = l
        self.r = r
        self.estimator = estimator
        self.cv = cv
        self.scoring = scoring

    def _step(self, X, y, subset, add):
        """One forward (add=True) or backward step: the best single change of ``subset``."""
        d = X.shape[1]
        candidates = [j for j in range(d) if j not in subset] if add else sorted(subset)
        best, best_value = None, -np.inf
        for j in candidates:
            trial = subset | {j} if add else subset - {j}
            value = evaluate(self._criterion, X, y, trial)
            self.n_evaluations_ += 1
            if value > best_value:
                best, best_value = j, value
        subset = subset | {best} if add else subset - {best}
        self.path_.append(tuple(sorted(subset)))
        self._scores.append(best_value)
        return subset

    def fit(self, X, y):
        """Search for ``n_features_to_select`` columns of ``X`` that maximise the criterion."""
        direction = check_choice(self.direction, "direction", _DIRECTIONS)
        self._criterion = resolve_criterion(self.criterion, self.estimator, self.cv, self.scoring)
        X, y, _ = self._validate_xy(X, y)
        d = X.shape[1]
        k = n_to_select(self.n_features_to_select, d)
        self.n_evaluations_ = 0
        self.path_, self._scores = [], []
        if direction == "forward":
            subset = set()
            while len(subset) < k:
                subset = self._step(X, y, subset, add=True)
        elif direction == "backward":
            subset = set(range(d))
            while len(subset) > k:
                subset = self._step(X, y, subset, add=False)
        else:
            l = check_int(self.l, "l", low=1)  # noqa: E741
            r = check_int(self.r, "r", low=1)
            if l == r:
                raise ValueError(f"l and r must differ (l > r grows the subset, r > l shrinks it), got l = r = {l}")
            grow = l > r
            first, second = (l, r) if grow else (r, l)
            subset = set() if grow else set(range(d))
            while len(subset) != k:
                for _ in range(first):
                    subset = self._step(X, y, subset, add=grow)
                    if len(subset) == k:
                        break
                else:
                    for _ in range(second):
                        subset = self._step(X, y, subset, add=not grow)
        self.support_ = np.zeros(d, dtype=bool)
        self.support_[sorted(subset)] = True
        self.path_scores_ = np.array(self._scores)
        if self.path_:
            best = int(np.argmax(self.path_scores_))  # the first maximum: the earliest subset on ties
            self.best_subset_ = self.path_[best]
            self.best_score_ = float(self.path_scores_[best])
        else:  # no step was needed (backward search with k = d): the one subset is the starting one
            self.best_subset_ = tuple(sorted(subset))
            self.best_score_ = evaluate(self._criterion, X, y, subset)
            self.n_evaluations_ += 1
        del self._scores, self._criterion
        return self


def _check_search(X, y, n_features_to_select, criterion):
    from ._criteria import _xy

    X, _, _ = _xy(X, y)
    y = np.asarray(y)
    k = check_int(n_features_to_select, "n_features_to_select", low=1, high=X.shape[1])
    return X, y, k, resolve_criterion(criterion)


def exhaustive_search(X, y, n_features_to_select, criterion="fisher"):
    """Evaluate every subset of ``n_features_to_select`` columns: C(d, k) evaluations.

    Returns
    -------
    subset : tuple of int
        The best subset (the first in lexicographic order among equal values).
    value : float
    n_evaluations : int

    Examples
    --------
    >>> import numpy as np
    >>> rng = np.random.default_rng(1)
    >>> y = np.repeat([0, 1], 30)
    >>> X = rng.normal(size=(60, 5)); X[:, [1, 3]] += y[:, None]
    >>> exhaustive_search(X, y, 2)[0]
    (1, 3)
    """
    X, y, k, criterion = _check_search(X, y, n_features_to_select, criterion)
    best, best_value, count = None, -np.inf, 0
    for subset in combinations(range(X.shape[1]), k):
        value = evaluate(criterion, X, y, subset)
        count += 1
        if value > best_value:
            best, best_value = subset, value
    return best, best_value, count


def branch_and_bound(X, y, n_features_to_select, criterion="fisher", *, return_tree=False):
    """The branch-and-bound search of the lecture (Narendra and Fukunaga, 1977) for a monotone criterion.

    The root holds all d features; each level removes one feature, so leaves (depth d - k) hold k
    features. At a node the removable features are ordered by the criterion left after removing
    each, the largest decrease on the left; the children are visited from the right (the smallest
    decrease first), and each child whose value V is below the best leaf value B found so far is
    pruned with its whole subtree, since a monotone criterion can only decrease further down
    (J(X_1) >= J(X_2) for X_1 ⊃ X_2). Every k-subset is reachable exactly once (child i may
    only remove features to the right of its own), so for a monotone criterion the result is the
    exhaustive optimum, usually with far fewer evaluations.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
    y : array-like of shape (n_samples,)
    n_features_to_select : int
        k, between 1 and the number of features.
    criterion : str or callable, default="fisher"
        A monotone criterion: ``"fisher"`` (J_2), ``"divergence"`` (J_D), ``"information_gain"``, or a callable
        ``f(X_subset, y) -> float``.
    return_tree : bool, default=False
        Also return the search tree, as the fourth element.

    Returns
    -------
    subset : tuple of int
    value : float
    n_evaluations : int
        Criterion evaluations, the root and the leaves included.
    tree : list of dict, only with ``return_tree=True``
        The nodes the search reached, in the order it reached them (the root first). Each has ``parent`` (the
        index of its parent in the list; None for the root), ``removed`` (the feature its parent dropped),
        ``position`` (its place among its siblings, 0 on the left: the largest decrease of the criterion),
        ``subset`` (sorted feature indices), ``value`` (the criterion V), ``bound`` (the best leaf value B
        when the node was reached; -inf before the first leaf) and ``status``: ``"root"``, ``"branch"`` (an
        inner node that was searched), ``"leaf"``, ``"new bound"`` (a leaf with B' > B, which became the bound)
        or ``"pruned"`` (V < B: its subtree is skipped). A pruned node also has ``leaves_cut``, the number of
        leaves below it. With k = d the root is itself the only leaf, and its status is ``"new bound"``.

    Examples
    --------
    >>> import numpy as np
    >>> rng = np.random.default_rng(1)
    >>> y = np.repeat([0, 1], 30)
    >>> X = rng.normal(size=(60, 5)); X[:, [1, 3]] += y[:, None]
    >>> branch_and_bound(X, y, 2)[0]
    (1, 3)
    >>> subset, value, count, tree = branch_and_bound(X, y, 2, return_tree=True)
    >>> tree[0]["status"], tree[0]["subset"], sum(node["status"] == "new bound" for node in tree) >= 1
    ('root', (0, 1, 2, 3, 4), True)
    """
    X, y, k, criterion = _check_search(X, y, n_features_to_select, criterion)
    return_tree = check_bool(return_tree, "return_tree")
    d = X.shape[1]
    state = {"best": tuple(range(d)), "value": -np.inf, "count": 0}
    tree = []  # every node reached, for return_tree

    def value_of(subset):
        state["count"] += 1
        return evaluate(criterion, X, y, subset)

    def reach(subset, parent, removed, position, value, status):
        tree.append(
            {
                "parent": parent,
                "removed": removed,
                "position": position,
                "subset": tuple(sorted(subset)),
                "value": value,
                "bound": state["value"],
                "status": status,
            }
        )
        return len(tree) - 1

    def search(subset, available, value, node):
        need = len(subset) - k
        if need == 0:
            if value > state["value"]:  # a leaf B' > B: the new bound
                state["best"], state["value"] = tuple(sorted(subset)), value
                tree[node]["status"] = "new bound"
            return
        # children remove one of `available`; order by the criterion that remains, lowest (largest decrease) left
        values = {f: value_of(subset - {f}) for f in available}
        order = sorted(available, key=lambda f: (values[f], f))
        last = len(order) - need  # child i keeps order[i+1:] to remove later, so i <= len - need
        for i in range(last, -1, -1):  # from the right: the smallest decrease first
            f = order[i]
            if values[f] < state["value"]:  # bound: V < B, and nothing below this node can beat B
                cut = reach(subset - {f}, node, f, i, values[f], "pruned")
                tree[cut]["leaves_cut"] = comb(len(order) - i - 1, need - 1)
                continue
            child = reach(subset - {f}, node, f, i, values[f], "leaf" if need == 1 else "branch")
            search(subset - {f}, order[i + 1 :], values[f], child)

    full = set(range(d))
    value = value_of(full)
    search(full, list(range(d)), value, reach(full, None, None, 0, value, "root"))
    if return_tree:
        return state["best"], state["value"], state["count"], tree
    return state["best"], state["value"], state["count"]


class BranchAndBound(BaseSelector):
    """Selector wrapping :func:`branch_and_bound` (exact for a monotone criterion; small d).

    Parameters
    ----------
    criterion : str or callable, default="divergence"
        ``"fisher"`` (J_2), ``"divergence"`` (J_D) and ``"information_gain"`` are monotone.
    n_features_to_select : int or None, default=None

    Attributes
    ----------
    support_ : ndarray of bool
    score_ : float
        The criterion of the selected subset.
    n_evaluations_ : int
        Criterion evaluations; exhaustive search needs C(d, k) (leaves only).
    tree_ : list of dict
        The search tree: every node the search reached, as returned by :func:`branch_and_bound` with
        ``return_tree=True``.

    Examples
    --------
    >>> import numpy as np
    >>> rng = np.random.default_rng(1)
    >>> y = np.repeat([0, 1], 30)
    >>> X = rng.normal(size=(60, 5)); X[:, [1, 3]] += y[:, None]
    >>> BranchAndBound(n_features_to_select=2).fit(X, y).get_support().tolist()
    [False, True, False, True, False]
    """

    def __init__(self, criterion="divergence", n_features_to_select=None):
        self.criterion = criterion
        self.n_features_to_select = n_features_to_select

    def fit(self, X, y):
        """Find the best subset of ``n_features_to_select`` columns of ``X``."""
        resolve_criterion(self.criterion)
        X, y, _ = self._validate_xy(X, y)
        d = X.shape[1]
        k = n_to_select(self.n_features_to_select, d)
        if d > 30:
            raise ValueError(f"X has {d} features; branch and bound here is meant for small d (at most 30)")
        subset, self.score_, self.n_evaluations_, self.tree_ = branch_and_bound(
            X, y, k, self.criterion, return_tree=True
        )
        self.support_ = np.zeros(d, dtype=bool)
        self.support_[list(subset)] = True
        return self


class AdaBoostSelector(BaseSelector):
    """Feature selection by AdaBoost with decision stumps, the lecture's Algorithm 5 (Viola and Jones, 2001).

    Each round of AdaBoost picks the one-feature classifier (stump) h_t with the lowest weighted
    error epsilon_t; the selected features are those of the stumps, in the order in which they are
    first chosen. The boosting itself is :class:`statlib.ensemble.AdaBoostClassifier` (Li Hang
    algorithm 8.1): its reweighting, normalised, is the lecture's W_{t+1}(i) = W_t(i) beta_t for a
    correctly classified sample (beta_t = epsilon_t / (1 - epsilon_t)), and the lecture's
    alpha_t = -log beta_t is twice Li Hang's alpha_m (8.2). ``feature_importances_`` sums the lecture's
    alpha_t of the stumps on each feature.

    Parameters
    ----------
    n_features_to_select : int or None, default=None
        None: half the features. Fewer are selected if the rounds choose fewer distinct features.
    n_estimators : int, default=50
        The number of rounds T.

    Attributes
    ----------
    selection_order_ : ndarray of int
        Distinct stump features in order of first choice.
    feature_importances_ : ndarray of shape (n_features,)
    support_ : ndarray of bool
    estimator_ : AdaBoostClassifier

    Examples
    --------
    >>> import numpy as np
    >>> X = np.array([[0.0, 1.0], [1.0, 0.0], [2.0, 1.0], [3.0, 0.0]])
    >>> AdaBoostSelector(n_features_to_select=1, n_estimators=3).fit(X, [0, 0, 1, 1]).selection_order_.tolist()
    [0]
    """

    def __init__(self, n_features_to_select=None, n_estimators=50):
        self.n_features_to_select = n_features_to_select
        self.n_estimators = n_estimators

    def fit(self, X, y):
        """Run AdaBoost with stumps on ``X``, ``y`` and select the features of its stumps."""
        from ..ensemble import AdaBoostClassifier

        n_estimators = check_int(self.n_estimators, "n_estimators", low=1)
        X, y, _ = self._validate_xy(X, y)
        d = X.shape[1]
        k = n_to_select(self.n_features_to_select, d)
        ada = AdaBoostClassifier(n_estimators=n_estimators).fit(X, y)
        feats = np.atleast_2d(ada.stump_features_)
        alphas = np.atleast_2d(ada.estimator_weights_)
        kept = np.atleast_1d(ada.n_estimators_)
        order, importances = [], np.zeros(d)
        for t in range(feats.shape[1]):
            for p in range(feats.shape[0]):
                if t < kept[p]:
                    f = int(feats[p, t])
                    importances[f] += 2.0 * alphas[p, t]
                    if f not in order:
                        order.append(f)
        self.estimator_ = ada
        self.selection_order_ = np.array(order, dtype=np.int64)
        self.feature_importances_ = importances
        self.support_ = np.zeros(d, dtype=bool)
        self.support_[self.selection_order_[:k]] = True
        return self


def n_subsets(n_features, n_features_to_select=None):
    """The size of the search space: C(D, d) = D! / ((D - d)! d!) subsets of size d, or 2^D in all.

    Examples
    --------
    >>> n_subsets(30, 5), n_subsets(30)
    (142506, 1073741824)
    """
    D = check_int(n_features, "n_features", low=1)
    if n_features_to_select is None:
        return 2**D
    d = check_int(n_features_to_select, "n_features_to_select", low=0, high=D)
    return comb(D, d)


__all__ = [
    "SingleFeatureRanking",
    "SequentialSelection",
    "BranchAndBound",
    "AdaBoostSelector",
    "branch_and_bound",
    "exhaustive_search",
    "n_subsets",
]
