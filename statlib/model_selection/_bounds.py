import math

import numpy as np

from .._validation import check_int, check_real


def hoeffding_bound(n_hypotheses, n_samples, delta):
    """epsilon(d, N, delta) = sqrt((log d + log(1/delta)) / (2N)), Li Hang (1.33).

    With probability at least 1 - delta, every one of the d functions of a finite hypothesis class has
    expected 0-1 risk at most its empirical risk on N samples plus epsilon (Theorem 1.1).

    Parameters
    ----------
    n_hypotheses : int >= 1
        d, the size of the hypothesis class.
    n_samples : int >= 1
        N, the number of training samples.
    delta : float in (0, 1)
        The allowed failure probability.
    """
    d = check_int(n_hypotheses, "n_hypotheses", low=1)
    n = check_int(n_samples, "n_samples", low=1)
    delta = check_real(delta, "delta", low=0.0, high=1.0, low_inclusive=False, high_inclusive=False)
    return float(np.sqrt((_log_count(d) + np.log(1.0 / delta)) / (2.0 * n)))


def hoeffding_sample_size(n_hypotheses, epsilon, delta):
    """The least N for which :func:`hoeffding_bound` is at most ``epsilon``:
    ceil((log d + log(1/delta)) / (2 eps^2))."""
    d = check_int(n_hypotheses, "n_hypotheses", low=1)
    epsilon = check_real(epsilon, "epsilon", low=0.0, low_inclusive=False)
    delta = check_real(delta, "delta", low=0.0, high=1.0, low_inclusive=False, high_inclusive=False)
    with np.errstate(divide="ignore", over="ignore"):
        n = np.ceil((_log_count(d) + np.log(1.0 / delta)) / (2.0 * epsilon**2))
    if not np.isfinite(n):
        raise ValueError(f"epsilon={epsilon} is too small: the sample size exceeds the floating-point range")
    return int(n)


def _log_count(d):
    """log d for a Python integer d of any size (numpy's log needs it to fit in an int64)."""
    return np.log(d) if d < 2**63 else math.log(d)
