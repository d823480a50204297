"""Relief (Kira and Rendell, 1992) and Relief-F (Kononenko, 1994): filter weights from nearest hits and misses."""

import numba
import numpy as np
from sklearn.utils import check_random_state

from .._validation import check_choice, check_int
from ._base import BaseSelector, n_to_select


@numba.njit(cache=True)
def _relief_kernel(Xs, codes, counts, samples, n_neighbors, pooled, normalise, weights):
    """Accumulate the relevance statistic delta^j of Relief / Relief-F over the sampled rows.

    ``Xs`` holds the features scaled to [0, 1] (diff(a, b) = |a - b| / range), ``codes`` the class
    indices 0..c-1, ``counts`` the class sizes, ``samples`` the rows to visit. For row i of class k,
    its ``n_neighbors`` nearest hits H (same class) and, in every other class l, its nearest misses
    M_l (squared Euclidean distance on Xs, ties to the lower index), every feature j gets

        delta^j += -mean_{h in H} diff(x_i^j, x_h^j)^2
                   + sum_{l != k} p_l / (1 - p_k) mean_{m in M_l} diff(x_i^j, x_m^j)^2,

    the lecture's Relief-F statistic with Kononenko's normalised priors (with ``normalise`` false, the
    lecture's weights p_l); with two classes and one neighbour it is the Relief statistic
    delta^j = sum_i -diff(x_i^j, x_nh^j)^2 + diff(x_i^j, x_nm^j)^2.
    With ``pooled`` the misses are the ``n_neighbors`` nearest samples of all other classes together
    (Relief's rule for more than two classes), entering with weight one.
    """
    n, d = Xs.shape
    c = counts.shape[0]
    dist = np.empty(n)
    found = np.zeros(c + 1, dtype=np.int64)
    near = np.zeros((c + 1, d))
    for s in range(samples.shape[0]):
        i = samples[s]
        # squared distances from x_i to every row (x_i itself is skipped below)
        for t in range(n):
            acc = 0.0
            for j in range(d):
                diff = Xs[i, j] - Xs[t, j]
                acc += diff * diff
            dist[t] = acc
        order = np.argsort(dist, kind="mergesort")
        found[:] = 0
        near[:, :] = 0.0
        k = codes[i]
        need = 2 if pooled else c
        # walk the rows from the nearest: the first n_neighbors of class k are the near-hits, the first of
        # every other class l its near-misses; near[l, j] sums their squared differences diff(x_i^j, x^j)^2
        for q in range(n):
            t = order[q]
            if t == i:
                continue
            lt = codes[t]
            if pooled and lt != k:
                lt = c  # one pool of misses
            if found[lt] < n_neighbors:
                found[lt] += 1
                for j in range(d):
                    diff = Xs[i, j] - Xs[t, j]
                    near[lt, j] += diff * diff
                if found[lt] == n_neighbors:
                    need -= 1
                    if need == 0:
                        break
        p_rest = 1.0 - counts[k] / n if normalise else 1.0
        for j in range(d):
            delta = 0.0
            if found[k] > 0:
                delta -= near[k, j] / found[k]  # nearest hits, -diff(x_i, x_nh)^2
            if pooled:
                if found[c] > 0:
                    delta += near[c, j] / found[c]  # nearest misses, all other classes pooled
                weights[j] += delta
                continue
            for lt in range(c):
                if lt != k and found[lt] > 0:
                    delta += (counts[lt] / n) / p_rest * near[lt, j] / found[lt]  # misses, p_l [/ (1 - p_k)] diff^2
            weights[j] += delta  # delta^j summed over the visited samples i
    return weights


class _ReliefBase(BaseSelector):
    def _fit(self, X, y, n_neighbors, pooled, normalise=True):
        X, y, codes = self._validate_xy(X, y)
        n, d = X.shape
        k = n_to_select(self.n_features_to_select, d)
        rng = check_random_state(self.random_state)
        if self.n_iterations is None:
            samples = np.arange(n, dtype=np.int64)
        else:
            m = check_int(self.n_iterations, "n_iterations", low=1)
            samples = rng.randint(0, n, size=m).astype(np.int64)
        lo = X.min(axis=0)
        span = X.max(axis=0) - lo
        span[span == 0] = 1.0
        Xs = np.ascontiguousarray((X - lo) / span)
        counts = np.bincount(codes, minlength=len(self.classes_)).astype(np.float64)
        weights = _relief_kernel(Xs, codes, counts, samples, n_neighbors, pooled, normalise, np.zeros(d))
        self.feature_importances_ = weights / samples.shape[0]
        self.samples_ = samples
        self.ranking_ = np.argsort(-self.feature_importances_, kind="stable")
        support = np.zeros(d, dtype=bool)
        support[self.ranking_[:k]] = True
        self.support_ = support
        return self


class Relief(_ReliefBase):
    """Relief feature weighting for two classes (Kira and Rendell, 1992), as in the lecture.

    Each feature is scaled to [0, 1] by its range, so diff(x_a^j, x_b^j) = |x_a^j - x_b^j| / range_j.
    For each visited sample x_i, its nearest hit x_nh (nearest sample of the same class) and nearest
    miss x_nm (nearest sample of the other class) under the Euclidean distance update the relevance
    statistic

        delta^j = sum_i -diff(x_i^j, x_nh^j)^2 + diff(x_i^j, x_nm^j)^2,

    and ``feature_importances_`` is delta^j divided by the number of visited samples. A feature on
    which samples lie closer to their own class than to the other scores high. Relief is defined for
    two classes; with more, the nearest miss here is the nearest sample of any other class (use
    :class:`ReliefF` for the prior-weighted misses of every class).

    Parameters
    ----------
    n_features_to_select : int or None, default=None
        How many of the highest-weighted features ``transform`` keeps (None: half, at least one).
    n_iterations : int or None, default=None
        The number m of samples drawn (with replacement, from ``random_state``) to estimate delta;
        None visits every sample once, in order (no randomness).
    random_state : int, RandomState or None, default=None

    Attributes
    ----------
    feature_importances_ : ndarray of shape (n_features,)
    ranking_ : ndarray of shape (n_features,)
        Feature indices from the highest weight to the lowest (ties to the lower index).
    support_ : ndarray of bool
    samples_ : ndarray of int
        The visited rows.
    classes_ : ndarray

    References
    ----------
    K. Kira and L. A. Rendell, "A practical approach to feature selection", ICML 1992.

    Examples
    --------
    >>> import numpy as np
    >>> X = np.array([[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]])
    >>> y = np.array([0, 0, 1, 1])               # only the first feature tells the classes apart
    >>> Relief(n_features_to_select=1).fit(X, y).get_support().tolist()
    [True, False]
    """

    def __init__(self, n_features_to_select=None, n_iterations=None, random_state=None):
        self.n_features_to_select = n_features_to_select
        self.n_iterations = n_iterations
        self.random_state = random_state

    def fit(self, X, y):
        """Estimate the Relief weights of the features of ``X`` for the two classes in ``y``."""
        return self._fit(X, y, 1, pooled=True)


class ReliefF(_ReliefBase):
    """Relief-F for any number of classes (Kononenko, 1994), the lecture's multiclass variant.

    As :class:`Relief`, with ``n_neighbors`` nearest hits and, in every other class l,
    ``n_neighbors`` nearest misses, whose mean squared differences enter with weights
    p_l / (1 - p_k) (p_l: the fraction of class l; k: the class of the visited sample):

        delta^j = sum_i -mean_H diff(x_i^j, x_h^j)^2 + sum_{l != k} p_l / (1 - p_k) mean_{M_l} diff(x_i^j, x_m^j)^2.

    The lecture prints the weight as p_l; dividing by 1 - p_k (Kononenko's choice) makes the miss
    weights sum to one, so that with two classes and one neighbour Relief-F is exactly Relief.
    ``miss_weights="lecture"`` uses the lecture's p_l instead.

    Parameters
    ----------
    n_neighbors : int, default=10
        Hits and misses per class (fewer where a class is smaller).
    miss_weights : {"normalised", "lecture"}, default="normalised"
        The weight of the misses of class l: p_l / (1 - p_k) (Kononenko) or p_l (the lecture's formula).
    n_features_to_select : int or None, default=None
    n_iterations : int or None, default=None
    random_state : int, RandomState or None, default=None

    Attributes
    ----------
    feature_importances_, ranking_, support_, samples_, classes_ : as in :class:`Relief`

    References
    ----------
    I. Kononenko, "Estimating attributes: analysis and extensions of RELIEF", ECML 1994.

    Examples
    --------
    >>> import numpy as np
    >>> X = np.array([[0.0, 0.3], [0.1, 0.9], [1.0, 0.2], [0.9, 0.8], [2.0, 0.5], [2.1, 0.1]])
    >>> ReliefF(n_neighbors=1, n_features_to_select=1).fit(X, [0, 0, 1, 1, 2, 2]).get_support().tolist()
    [True, False]
    """

    def __init__(
        self, n_neighbors=10, n_features_to_select=None, n_iterations=None, random_state=None, miss_weights="normalised"
    ):
        self.n_neighbors = n_neighbors
        self.miss_weights = miss_weights
        self.n_features_to_select = n_features_to_select
        self.n_iterations = n_iterations
        self.random_state = random_state

    def fit(self, X, y):
        """Estimate the Relief-F weights of the features of ``X`` for the classes in ``y``."""
        n_neighbors = check_int(self.n_neighbors, "n_neighbors", low=1)
        miss_weights = check_choice(self.miss_weights, "miss_weights", ("normalised", "lecture"))
        return self._fit(X, y, n_neighbors, pooled=False, normalise=miss_weights == "normalised")
