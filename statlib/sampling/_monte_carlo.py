"""Monte Carlo sampling and integration, Li Hang §19.1: the accept-reject method and sample means.

The expectation of f(x) under p(x) is estimated by the sample mean (19.1)-(19.3), and an integral of h(x) by
writing h = f p and averaging f = h / p over samples of p (19.4)-(19.5). Every random number is drawn in
NumPy from ``random_state``.
"""

import numpy as np
from sklearn.utils import check_random_state

from .._validation import check_int, check_real


def _check_callable(fn, name):
    if not callable(fn):
        raise TypeError(f"{name} must be callable, got {type(fn).__name__}")
    return fn


def _evaluate(fn, x, name, n):
    """``fn(x)`` as a float array of n finite entries, or a ValueError naming ``name``."""
    try:
        value = np.asarray(fn(x), dtype=np.float64)
    except (TypeError, ValueError) as error:
        raise ValueError(f"{name} must return real numbers: {error}") from None
    value = np.broadcast_to(value, (n,)) if value.ndim == 0 else value
    if value.shape != (n,):
        raise ValueError(f"{name} must return one value per sample (shape ({n},)), got shape {value.shape}")
    if not np.all(np.isfinite(value)):
        raise ValueError(f"{name} must return finite values")
    return value


def monte_carlo_integrate(h, a, b, n_samples, random_state=None, *, return_std=False):
    """Monte Carlo estimate of the integral of h over [a, b] from uniform samples, Li Hang (19.4)-(19.5).

    With p(x) = 1 / (b - a) on [a, b], the integral is E_p[(b - a) h(x)], estimated by
    (b - a) / n * sum h(x_i) (Example 19.1).

    Parameters
    ----------
    h : callable
        Vectorised integrand: ``h(x)`` for a 1-D array ``x`` returns an array of the same length.
    a, b : float
        The finite interval, a < b.
    n_samples : int
    random_state : int, RandomState or None
    return_std : bool, default=False
        Also return the estimate's standard error (b - a) s / sqrt(n).

    Examples
    --------
    >>> est = monte_carlo_integrate(lambda x: np.exp(-x**2 / 2), 0, 1, 100_000, random_state=0)
    >>> round(est, 2)  # Example 19.1: the exact value is 0.8556...
    0.86
    """
    _check_callable(h, "h")
    a = check_real(a, "a")
    b = check_real(b, "b")
    if not b > a:
        raise ValueError(f"b must be greater than a, got a={a}, b={b}")
    n_samples = check_int(n_samples, "n_samples", low=1)
    x = a + (b - a) * check_random_state(random_state).random_sample(n_samples)
    f = (b - a) * _evaluate(h, x, "h", n_samples)  # f = h / p with p = 1 / (b - a)  (19.4)
    est = float(f.mean())  # (19.5)
    if return_std:
        return est, float(f.std(ddof=1) / np.sqrt(n_samples)) if n_samples > 1 else float("nan")
    return est


def monte_carlo_expectation(f, sampler, n_samples, random_state=None, *, return_std=False):
    """Monte Carlo estimate of E_p[f(x)] = (1/n) sum f(x_i), x_i ~ p, Li Hang (19.1)-(19.3).

    Parameters
    ----------
    f : callable
        Vectorised: ``f(x)`` for an array of n samples returns n values.
    sampler : callable
        ``sampler(rng, n)`` returns n independent samples of p (first axis n) drawn from the
        ``numpy.random.RandomState`` ``rng``.
    n_samples : int
    random_state : int, RandomState or None
    return_std : bool, default=False
        Also return the standard error s / sqrt(n).

    Examples
    --------
    Example 19.2: E[x] under N(0, 1), the integral of x times the standard normal density, is 0.

    >>> est = monte_carlo_expectation(lambda x: x, lambda rng, n: rng.standard_normal(n), 10_000, random_state=0)
    >>> abs(est) < 0.05
    True
    """
    _check_callable(f, "f")
    _check_callable(sampler, "sampler")
    n_samples = check_int(n_samples, "n_samples", low=1)
    rng = check_random_state(random_state)
    x = np.asarray(sampler(rng, n_samples))
    if x.ndim == 0 or x.shape[0] != n_samples:
        raise ValueError(f"sampler(rng, n) must return n={n_samples} samples along the first axis, got shape {x.shape}")
    values = _evaluate(f, x, "f", n_samples)
    est = float(values.mean())  # (19.3)
    if return_std:
        return est, float(values.std(ddof=1) / np.sqrt(n_samples)) if n_samples > 1 else float("nan")
    return est


def rejection_sample(
    density,
    proposal_sampler,
    proposal_density,
    c,
    n_samples,
    random_state=None,
    *,
    batch_size=1024,
    return_n_proposed=False,
):
    """The accept-reject method of Li Hang §19.1.2 (Algorithm 19.1).

    Draw x* from the proposal q and u ~ U(0, 1); accept x* when u <= p(x*) / (c q(x*)); repeat until
    ``n_samples`` are accepted. It needs c q(x) >= p(x) everywhere; p may be unnormalised, and then the
    acceptance rate is (integral of p) / c.

    Parameters
    ----------
    density : callable
        Vectorised target p(x) (possibly unnormalised).
    proposal_sampler : callable
        ``proposal_sampler(rng, n)`` returns n draws of q from the RandomState ``rng``.
    proposal_density : callable
        Vectorised q(x).
    c : float
        Envelope constant, c > 0 with c q(x) >= p(x).
    n_samples : int
    random_state : int, RandomState or None
    batch_size : int, default=1024
        Proposals drawn per round; the accepted samples are the same whatever the batch size is only up
        to the order of the random stream, so keep it fixed for a reproducible sequence.
    return_n_proposed : bool, default=False
        Also return the number of proposals made.

    Raises
    ------
    ValueError
        If some proposal has p(x*) > c q(x*) (the envelope fails), naming ``c``.
    """
    for fn, name in (
        (density, "density"),
        (proposal_sampler, "proposal_sampler"),
        (proposal_density, "proposal_density"),
    ):
        _check_callable(fn, name)
    c = check_real(c, "c", low=0, low_inclusive=False)
    n_samples = check_int(n_samples, "n_samples", low=1)
    batch_size = check_int(batch_size, "batch_size", low=1)
    rng = check_random_state(random_state)
    accepted, n_accepted, n_proposed = [], 0, 0
    while n_accepted < n_samples:
        x = np.asarray(proposal_sampler(rng, batch_size))
        if x.ndim == 0 or x.shape[0] != batch_size:
            raise ValueError(f"proposal_sampler(rng, n) must return n={batch_size} samples, got shape {x.shape}")
        u = rng.random_sample(batch_size)
        p = _evaluate(density, x, "density", batch_size)
        q = _evaluate(proposal_density, x, "proposal_density", batch_size)
        if np.any(p < 0) or np.any(q < 0):
            raise ValueError("density and proposal_density must be non-negative")
        if np.any(p > c * q * (1 + 1e-12)):
            raise ValueError("c is too small: the envelope c * q(x) must cover p(x) at every x")
        keep = u * c * q <= p
        take = x[keep][: n_samples - n_accepted]
        if take.shape[0] < np.count_nonzero(keep):  # stop counting at the proposal that completed the sample
            n_proposed += int(np.flatnonzero(keep)[n_samples - n_accepted - 1]) + 1
        else:
            n_proposed += batch_size
        accepted.append(take)
        n_accepted += take.shape[0]
    out = np.concatenate(accepted)
    return (out, n_proposed) if return_n_proposed else out
