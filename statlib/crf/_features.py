"""The parametrised form of a linear-chain CRF (Theorem 11.2) with hand-written indicator features.

A transition feature t_k(y_{i-1}, y_i, x, i) is given as ``(prev, cur, positions, weight)``: it is 1
when y_{i-1} = prev and y_i = cur at one of the listed positions i, and 0 otherwise; ``weight`` is
lambda_k. A state feature s_l(y_i, x, i) is ``(label, positions, weight)``: 1 when y_i = label at one
of the positions, with weight mu_l. Labels and positions are 0-based (the book's position i is i-1
here; a transition feature's position is that of its current label y_i, so it is at least 1).
The input x is fixed, so it does not appear.
"""

import numpy as np

from .._validation import check_array, check_int, check_real

__all__ = ["scores_from_features", "global_features"]


def _check_features(transition_features, state_features, n_positions, n_labels):
    n = check_int(n_positions, "n_positions", low=1)
    m = check_int(n_labels, "n_labels", low=1)
    trans, states = [], []
    for name, feats in (("transition_features", transition_features), ("state_features", state_features)):
        if isinstance(feats, (str, bytes)) or not np.iterable(feats):
            raise TypeError(f"{name} must be a list of tuples, got {type(feats).__name__}")
        for k, feat in enumerate(feats):
            if isinstance(feat, (str, bytes)) or not np.iterable(feat):
                raise TypeError(f"{name}[{k}] must be a tuple, got {type(feat).__name__}")
    for k, feat in enumerate(transition_features):
        if len(feat) != 4:
            raise ValueError(f"transition_features[{k}] must be (prev, cur, positions, weight), got {feat!r}")
        prev, cur, positions, weight = feat
        prev = check_int(prev, f"transition_features[{k}] prev", low=0, high=m - 1)
        cur = check_int(cur, f"transition_features[{k}] cur", low=0, high=m - 1)
        pos = check_array(positions, f"transition_features[{k}] positions", ndim=1, dtype=np.int64)
        if pos.min() < 1 or pos.max() > n - 1:
            raise ValueError(f"transition_features[{k}] positions must lie in 1..{n - 1} (0-based y_i)")
        pos = np.unique(pos)  # a position listed twice is still one position: the feature fires once there
        trans.append((prev, cur, pos, check_real(weight, f"transition_features[{k}] weight")))
    for k, feat in enumerate(state_features):
        if len(feat) != 3:
            raise ValueError(f"state_features[{k}] must be (label, positions, weight), got {feat!r}")
        label, positions, weight = feat
        label = check_int(label, f"state_features[{k}] label", low=0, high=m - 1)
        pos = check_array(positions, f"state_features[{k}] positions", ndim=1, dtype=np.int64)
        if pos.min() < 0 or pos.max() > n - 1:
            raise ValueError(f"state_features[{k}] positions must lie in 0..{n - 1}")
        pos = np.unique(pos)
        states.append((label, pos, check_real(weight, f"state_features[{k}] weight")))
    return trans, states, n, m


def scores_from_features(transition_features, state_features, n_positions, n_labels):
    """The local scores W_i(y_{i-1}, y_i | x) of eq. (11.23), split into state and transition parts.

    Returns
    -------
    unary : array (n, m)
        ``unary[i, j]`` = sum_l mu_l s_l(y_i = j, x, i).
    trans : array (n-1, m, m)
        ``trans[i-1, a, b]`` = sum_k lambda_k t_k(y_{i-1} = a, y_i = b, x, i), one matrix per pair of
        neighbours (features may depend on the position). An empty stack when n = 1.
    """
    trans_f, state_f, n, m = _check_features(transition_features, state_features, n_positions, n_labels)
    unary = np.zeros((n, m))
    trans = np.zeros((max(n - 1, 0), m, m))
    for label, pos, weight in state_f:
        unary[pos, label] += weight
    for prev, cur, pos, weight in trans_f:
        trans[pos - 1, prev, cur] += weight
    return unary, trans


def global_features(transition_features, state_features, y, n_labels):
    """The global feature vector F(y, x) of eqs. (11.13) and (11.18): how often each feature fires along y.

    The transition features come first (k = 1..K1), then the state features (k = K1 + l), as in (11.12);
    with the weights stacked in the same order (11.14), w . F(y, x) is the exponent of (11.15).
    """
    y = check_array(y, "y", ndim=1, dtype=np.int64)
    trans_f, state_f, n, m = _check_features(transition_features, state_features, len(y), n_labels)
    if y.min() < 0 or y.max() >= m:
        raise ValueError(f"y must hold labels 0..{m - 1}")
    counts = [float(np.sum((y[pos - 1] == prev) & (y[pos] == cur))) for prev, cur, pos, _ in trans_f]
    counts += [float(np.sum(y[pos] == label)) for label, pos, _ in state_f]
    return np.array(counts)
