"""Diagnostics of MCMC output: ergodic means, autocorrelation, effective sample size, burn-in.

The ergodic mean (19.28)/(19.33) of a chain converges to E_p f by the ergodic theorem (Theorem 19.4), but its
samples are correlated, so n of them carry the information of fewer independent draws: the effective sample
size n / tau with the integrated autocorrelation time tau = 1 + 2 sum_k rho_k, estimated with Geyer's (1992)
initial monotone sequence. Burn-in is judged with Geweke's (1992) comparison of the means of the start and
the end of the chain.
"""

import numpy as np
from numba import njit

from .._validation import check_int, check_real, check_scale, check_vector


def _check_chain(x, name="x", min_length=2):
    x = check_vector(x, name, min_length=min_length)
    check_scale(x, name, small=True)  # the autocovariances are sums of squares
    return np.ascontiguousarray(x)


@njit(cache=True)
def _autocorrelation_kernel(x, max_lag):
    """rho_k = sum_t (x_t - m)(x_{t+k} - m) / sum_t (x_t - m)^2 for k = 0..max_lag, by direct sums."""
    n = x.shape[0]
    m = 0.0
    for t in range(n):
        m += x[t]
    m /= n
    c = x - m
    out = np.empty(max_lag + 1)
    c0 = 0.0
    for t in range(n):
        c0 += c[t] * c[t]
    if c0 == 0.0:
        out[:] = 0.0
        out[0] = 1.0
        return out
    for k in range(max_lag + 1):
        s = 0.0
        for t in range(n - k):
            s += c[t] * c[t + k]
        out[k] = s / c0
    return out


def autocorrelation(x, max_lag=None):
    """The sample autocorrelation rho_0 = 1, rho_1, ..., rho_max_lag of a 1-D chain.

    Parameters
    ----------
    x : array-like of shape (n,)
    max_lag : int, optional
        Largest lag, at most n - 1 (default: min(n - 1, 1000)).

    Returns
    -------
    ndarray of shape (max_lag + 1,)

    Examples
    --------
    >>> autocorrelation([1.0, -1.0, 1.0, -1.0], 2).round(3)
    array([ 1.  , -0.75,  0.5 ])
    """
    x = _check_chain(x)
    max_lag = (
        min(x.shape[0] - 1, 1000) if max_lag is None else check_int(max_lag, "max_lag", low=0, high=x.shape[0] - 1)
    )
    return _autocorrelation_kernel(x, max_lag)


def integrated_autocorrelation_time(x, max_lag=None):
    """tau = 1 + 2 sum_k rho_k, truncated by Geyer's initial monotone sequence.

    The pair sums Gamma_m = rho_{2m} + rho_{2m+1} of a reversible chain are positive and decreasing; the sum
    stops at the first Gamma_m <= 0 and each Gamma_m is replaced by the minimum of those before it. Then
    tau = -1 + 2 sum_m Gamma_m.
    """
    rho = autocorrelation(x, max_lag)
    if rho.shape[0] % 2:
        rho = np.append(rho, 0.0)
    gamma = rho[0::2] + rho[1::2]
    positive = np.flatnonzero(gamma <= 0)
    gamma = gamma[: positive[0]] if positive.size else gamma
    gamma = np.minimum.accumulate(gamma)
    return float(max(-1.0 + 2.0 * gamma.sum(), 1.0 / len(np.atleast_1d(x)))) if gamma.size else 1.0


def effective_sample_size(x, max_lag=None):
    """n / tau: the number of independent draws whose mean has the variance of the chain's mean.

    ``x`` of shape (n,) gives a float; of shape (n, d) an array with one value per column.

    Examples
    --------
    Independent draws have an effective sample size close to n:

    >>> rng = np.random.default_rng(0)
    >>> 0.8 < effective_sample_size(rng.standard_normal(4000)) / 4000 < 1.2
    True
    """
    if np.ndim(x) == 2:
        X = np.asarray(x)
        return np.array([effective_sample_size(X[:, j], max_lag) for j in range(X.shape[1])])
    x = _check_chain(x)
    return x.shape[0] / integrated_autocorrelation_time(x, max_lag)


def ergodic_mean(samples, burn_in=0):
    """The running ergodic mean f_t = (1/(t - m)) sum_{i=m+1}^{t} x_i, eq. (19.33), for t = m+1, ..., n.

    ``samples`` of shape (n,) or (n, d); ``burn_in`` = m states are dropped first. The last entry is the
    estimate of Algorithm 19.2.
    """
    X = np.asarray(samples)
    if X.ndim == 2:
        return np.column_stack([ergodic_mean(X[:, j], burn_in) for j in range(X.shape[1])])
    x = check_vector(samples, "samples")
    burn_in = check_int(burn_in, "burn_in", low=0, high=x.shape[0] - 1)
    x = x[burn_in:]
    return np.cumsum(x) / np.arange(1, x.shape[0] + 1)


def geweke_z(x, first=0.1, last=0.5):
    """Geweke's z-score: (mean of the first part - mean of the last part) / its standard error.

    The variance of each part's mean is sigma^2 tau / length, with the variance sigma^2 and the integrated
    autocorrelation time tau of the last part. |z| below about 2 means the start of the chain looks like its
    end, i.e. no sign of an unfinished burn-in.
    """
    x = _check_chain(x, min_length=20)
    first = check_real(first, "first", low=0, high=1, low_inclusive=False, high_inclusive=False)
    last = check_real(last, "last", low=0, high=1, low_inclusive=False, high_inclusive=False)
    if first + last > 1:
        raise ValueError(f"first + last must be at most 1, got {first} + {last}")
    n = x.shape[0]
    a, b = x[: max(int(first * n), 2)], x[n - max(int(last * n), 2) :]
    # Both means' variances come from the last part, the part taken to be stationary: sigma^2 tau / length.
    # (The first part's own autocorrelation would be inflated by the very drift the test looks for.)
    s2tau = b.var(ddof=1) * integrated_autocorrelation_time(b) if b.var() > 0 else 0.0
    va, vb = s2tau / a.shape[0], s2tau / b.shape[0]
    if va + vb == 0:
        return 0.0 if a.mean() == b.mean() else float(np.sign(a.mean() - b.mean()) * np.inf)
    return float((a.mean() - b.mean()) / np.sqrt(va + vb))


def estimate_burn_in(x, *, step=None, threshold=2.0):
    """The smallest m on a grid (multiples of ``step``, default n // 20) such that x[m:] passes Geweke's test.

    Returns the burn-in m as an int; raises ValueError if no m up to n / 2 passes (run the chain longer).
    """
    x = _check_chain(x, min_length=40)
    n = x.shape[0]
    step = max(n // 20, 1) if step is None else check_int(step, "step", low=1)
    threshold = check_real(threshold, "threshold", low=0, low_inclusive=False)
    for m in range(0, n // 2 + 1, step):
        if abs(geweke_z(x[m:])) < threshold:
            return m
    raise ValueError("no burn-in up to half the chain passes Geweke's test: run the chain longer")
