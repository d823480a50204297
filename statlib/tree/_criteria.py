"""Impurity measures and split criteria of Li Hang ch. 5, on labelled samples.

These small functions reproduce the hand computations of Examples 5.2-5.4 one number at a time:
the empirical entropy H(D) (5.7), the empirical conditional entropy H(D|A) (5.8), the information
gain g(D, A) (5.6)/(5.9), the gain ratio g_R(D, A) (5.10), the Gini index Gini(D) (5.24) and the
Gini index of a binary test Gini(D, A = a) (5.25). They accept labels and feature values of any
kind (strings included) and work with class counts, so ``0 log 0 = 0`` holds by construction.
The tree learners use Numba kernels that compute the same quantities from running counts.
"""

import numpy as np

from .._validation import check_real, check_same_length

__all__ = [
    "entropy",
    "conditional_entropy",
    "information_gain",
    "gain_ratio",
    "split_information",
    "gini",
    "gini_split",
]


def _labels(values, name):
    if isinstance(values, (str, bytes)):
        raise TypeError(f"{name} must be a 1-D array-like of labels, got a {type(values).__name__}")
    arr = np.asarray(values)
    if arr.ndim != 1:
        raise ValueError(f"{name} must be a 1-D array of labels, got an array of shape {arr.shape}")
    if arr.size == 0:
        raise ValueError(f"{name} must hold at least one sample, got an empty array")
    if arr.dtype.kind == "f" and not np.all(np.isfinite(arr)):
        raise ValueError(f"{name} must not contain NaN or infinity")
    if arr.dtype == object:
        try:
            np.unique(arr)
        except TypeError:
            raise TypeError(
                f"{name} must hold labels of one kind (all numbers or all strings); "
                "its values cannot be compared with each other"
            ) from None
    return arr


def _base(base):
    if base is None:
        return None
    base = check_real(base, "base", low=1.0, low_inclusive=False)
    return base


def _entropy_of_counts(counts, base):
    """-sum p log p over the non-zero counts (0 log 0 = 0), in units of log ``base`` (None: nats)."""
    counts = np.asarray(counts, dtype=np.float64)
    total = counts.sum()
    p = counts[counts > 0] / total
    h = -np.sum(p * np.log(p))
    return float(h if base is None else h / np.log(base))


def entropy(y, base=2):
    """Empirical entropy H(D) of the labels ``y``, eq. (5.7) (the plug-in estimate of (5.1)).

    Parameters
    ----------
    y : array-like of shape (n_samples,)
        Class labels of the data set D (numbers or strings).
    base : float or None, default=2
        Base of the logarithm: 2 gives bits as in (5.7); None gives nats (natural log).

    Returns
    -------
    float
        H(D) = -sum_k |C_k|/|D| log |C_k|/|D|.

    Examples
    --------
    >>> round(entropy(["yes"] * 9 + ["no"] * 6), 3)   # Example 5.2
    0.971
    """
    y = _labels(y, "y")
    _, counts = np.unique(y, return_counts=True)
    return _entropy_of_counts(counts, _base(base))


def conditional_entropy(x, y, base=2):
    """Empirical conditional entropy H(D|A) = sum_i |D_i|/|D| H(D_i), eq. (5.8).

    ``x`` holds the value of feature A for each sample, ``y`` its class; D_i are the samples with
    the i-th value of A.
    """
    x, y = _labels(x, "x"), _labels(y, "y")
    check_same_length(x=x, y=y)
    base = _base(base)
    _, xi = np.unique(x, return_inverse=True)
    _, yi = np.unique(y, return_inverse=True)
    table = np.zeros((xi.max() + 1, yi.max() + 1))
    np.add.at(table, (xi, yi), 1.0)
    weights = table.sum(axis=1) / len(y)
    return float(sum(w * _entropy_of_counts(row, base) for w, row in zip(weights, table)))


def information_gain(x, y, base=2):
    """Information gain g(D, A) = H(D) - H(D|A), Definition 5.2, eqs. (5.6) and (5.9) (Algorithm 5.1)."""
    return entropy(y, base) - conditional_entropy(x, y, base)


def split_information(x, base=2):
    """H_A(D) = -sum_i |D_i|/|D| log |D_i|/|D|: the entropy of D with respect to the values of A (see (5.10))."""
    x = _labels(x, "x")
    _, counts = np.unique(x, return_counts=True)
    return _entropy_of_counts(counts, _base(base))


def gain_ratio(x, y, base=2):
    """Information gain ratio g_R(D, A) = g(D, A) / H_A(D), Definition 5.3, eq. (5.10).

    A feature with a single value in D has H_A(D) = 0 and gain 0; its gain ratio is defined as 0.
    """
    h_a = split_information(x, base)
    if h_a == 0.0:
        check_same_length(x=np.asarray(x), y=_labels(y, "y"))
        return 0.0
    return information_gain(x, y, base) / h_a


def gini(y):
    """Gini index of the sample set D, Gini(D) = 1 - sum_k (|C_k|/|D|)^2, eq. (5.24) (Definition 5.4, (5.22))."""
    y = _labels(y, "y")
    _, counts = np.unique(y, return_counts=True)
    p = counts / counts.sum()
    return float(1.0 - np.sum(p * p))


def gini_split(x, y, value):
    """Gini index of D under the binary test A = a, eq. (5.25).

    D_1 = {samples with x == value}, D_2 = D - D_1, and
    Gini(D, A = a) = |D_1|/|D| Gini(D_1) + |D_2|/|D| Gini(D_2). An empty side contributes 0.

    Examples
    --------
    >>> ages = [1] * 5 + [2] * 5 + [3] * 5                  # Table 5.1, A1 coded as in Example 5.4
    >>> labels = [0, 0, 1, 1, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 0]
    >>> round(gini_split(ages, labels, 1), 2)
    0.44
    """
    x, y = _labels(x, "x"), _labels(y, "y")
    check_same_length(x=x, y=y)
    mask = x == value
    if not np.any(mask):
        raise ValueError(f"value {value!r} does not occur in x; the test A = a would not split D")
    total = 0.0
    for part in (mask, ~mask):
        if np.any(part):
            total += part.mean() * gini(y[part])
    return float(total)
