"""Markov chain Monte Carlo, Li Hang §19.3-§19.5: Metropolis-Hastings, single-component MH and Gibbs sampling.

Every random number a chain uses (proposal normals, acceptance uniforms) is drawn in NumPy from
``random_state`` before the chain runs, so a seed gives the same chain on any machine, and another
implementation fed the same numbers gives the same chain. Targets known only as a Python function (a log
density) are run in a Python loop, one call per step; the chains whose whole step is known in advance (the
Gibbs sampler of a bivariate normal, and the accept step of the independence sampler once its proposals and
their weights are computed) run in Numba kernels.
"""

import numpy as np
from numba import njit
from sklearn.utils import check_random_state

from .._validation import check_array, check_choice, check_int, check_real, check_vector


def _check_callable(fn, name):
    if not callable(fn):
        raise TypeError(f"{name} must be callable, got {type(fn).__name__}")
    return fn


def _check_start(x0):
    """``x0`` as a 1-D float vector, and whether it was given as a scalar."""
    scalar = np.ndim(x0) == 0
    x = check_vector(np.atleast_1d(x0) if scalar and not isinstance(x0, str) else x0, "x0")
    return x, scalar


def _log_prob_at(log_prob, x):
    try:
        value = float(log_prob(x))
    except (TypeError, ValueError) as error:
        raise ValueError(f"log_prob must return a real number: {error}") from None
    if np.isnan(value) or value == np.inf:
        raise ValueError(f"log_prob must return a finite number or -inf, got {value}")
    return value


def _check_iterations(n_iter, burn_in):
    n_iter = check_int(n_iter, "n_iter", low=1)
    burn_in = check_int(burn_in, "burn_in", low=0)
    if burn_in >= n_iter:
        raise ValueError(f"burn_in must be smaller than n_iter ({n_iter}), got {burn_in}")
    return n_iter, burn_in


def _check_scale(scale, d):
    if np.ndim(scale) == 0:
        scale = check_real(scale, "scale", low=0, low_inclusive=False)
        return np.full(d, scale)
    scale = check_vector(scale, "scale")
    if scale.shape[0] != d or np.any(scale <= 0):
        raise ValueError(f"scale must be a positive number or {d} positive numbers (one per coordinate)")
    return scale


@njit(cache=True)
def _independence_kernel(log_w, log_u, log_w0):
    """Indices of the independence-sampler chain: accept proposal t when log u_t < log w(x'_t) - log w(x) (19.44).

    Index -1 stands for the starting point x0.
    """
    n = log_w.shape[0]
    index = np.empty(n, dtype=np.int64)
    current, lw = -1, log_w0
    for t in range(n):
        # (19.44): alpha = min(1, w(x') / w(x)), w = p / q
        if log_u[t] < log_w[t] - lw:
            current, lw = t, log_w[t]
        index[t] = current
    return index


def metropolis_hastings(
    log_prob, x0, n_iter, *, burn_in=0, proposal="random_walk", scale=1.0, proposal_mean=None, random_state=None
):
    """The Metropolis-Hastings algorithm, Li Hang Algorithm 19.2, with a Gaussian proposal.

    From x, draw x' from q(x, x') and move there with probability (19.39)

        alpha(x, x') = min{1, p(x') q(x', x) / (p(x) q(x, x'))},

    else stay at x. ``proposal="random_walk"``: x' = x + scale * z, z ~ N(0, I), a symmetric q, so alpha
    reduces to min{1, p(x') / p(x)} (the Metropolis choice, (19.42)-(19.43)). ``proposal="independence"``:
    x' ~ N(proposal_mean, diag(scale^2)) whatever x is, and alpha = min{1, w(x') / w(x)} with w = p / q (19.44).

    Parameters
    ----------
    log_prob : callable
        ``log_prob(x)`` for a 1-D array x of length d returns log p(x) up to an additive constant (a float;
        ``-inf`` outside the support).
    x0 : float or array-like of shape (d,)
        Starting point; log p(x0) must be finite.
    n_iter : int
        n, the number of iterations.
    burn_in : int, default=0
        m: the first m states are dropped, the output is x_{m+1}, ..., x_n.
    proposal : {"random_walk", "independence"}
    scale : float or array-like of shape (d,)
        Standard deviation of the proposal in each coordinate.
    proposal_mean : array-like of shape (d,), optional
        Mean of the independence proposal (default: x0).
    random_state : int, RandomState or None

    Returns
    -------
    samples : ndarray of shape (n_iter - burn_in,) if x0 is a scalar, else (n_iter - burn_in, d)
    acceptance_rate : float
        The fraction of the n proposals that were accepted.

    Examples
    --------
    >>> samples, rate = metropolis_hastings(lambda x: -0.5 * x[0] ** 2, 0.0, 20_000, burn_in=1_000,
    ...                                     scale=2.4, random_state=0)
    >>> samples.shape, abs(samples.mean()) < 0.05, round(float(samples.var()), 1)
    ((19000,), np.True_, 1.0)
    """
    _check_callable(log_prob, "log_prob")
    x, scalar = _check_start(x0)
    d = x.shape[0]
    n_iter, burn_in = _check_iterations(n_iter, burn_in)
    proposal = check_choice(proposal, "proposal", ("random_walk", "independence"))
    scale = _check_scale(scale, d)
    if proposal_mean is None:
        mean = x.copy()
    else:
        if proposal == "random_walk":
            raise ValueError("proposal_mean applies to proposal='independence' only")
        mean = check_vector(proposal_mean, "proposal_mean")
        if mean.shape[0] != d:
            raise ValueError(f"proposal_mean must have length {d} (that of x0), got {mean.shape[0]}")
    lp = _log_prob_at(log_prob, x)
    if not np.isfinite(lp):
        raise ValueError("x0 must be a point where log_prob is finite")
    rng = check_random_state(random_state)
    z = rng.standard_normal((n_iter, d))
    log_u = np.log(rng.random_sample(n_iter))
    if proposal == "independence":
        y = mean + scale * z
        log_q = -0.5 * np.sum(z * z, axis=1)  # log N(y; mean, diag(scale^2)) up to a constant
        log_p = np.array([_log_prob_at(log_prob, y[t]) for t in range(n_iter)])
        log_q0 = -0.5 * np.sum(((x - mean) / scale) ** 2)
        index = _independence_kernel(log_p - log_q, log_u, lp - log_q0)
        chain = np.where((index < 0)[:, None], x[None, :], y[np.maximum(index, 0)])
        accepted = int(np.count_nonzero(index == np.arange(n_iter)))
    else:
        chain = np.empty((n_iter, d))
        step = z * scale
        accepted = 0
        for t in range(n_iter):
            # (a) candidate x' = x + scale * z from the symmetric random-walk proposal
            x_new = x + step[t]
            lp_new = _log_prob_at(log_prob, x_new)
            if log_u[t] < lp_new - lp:  # u <= alpha(x, x') = min(1, p(x') / p(x))  (19.43)
                x, lp = x_new, lp_new
                accepted += 1
            chain[t] = x
    chain = chain[burn_in:]
    return (chain[:, 0] if scalar else chain), accepted / n_iter


def single_component_metropolis_hastings(log_prob, x0, n_iter, *, burn_in=0, scale=1.0, random_state=None):
    """Single-component Metropolis-Hastings, Li Hang §19.4.3, eqs. (19.47)-(19.48).

    Each iteration updates the coordinates j = 1, ..., d in turn: x'_j = x_j + scale_j z, the others fixed,
    accepted with probability min{1, p(x'_j | x_{-j}) / p(x_j | x_{-j})}. The full conditional's normaliser
    cancels, so the ratio is p(x') / p(x) of the joint (19.47)-(19.48) with the symmetric proposal.

    Parameters and returns as :func:`metropolis_hastings` (random-walk proposal); ``acceptance_rate`` is
    an array with one rate per coordinate.
    """
    _check_callable(log_prob, "log_prob")
    x, scalar = _check_start(x0)
    d = x.shape[0]
    n_iter, burn_in = _check_iterations(n_iter, burn_in)
    scale = _check_scale(scale, d)
    lp = _log_prob_at(log_prob, x)
    if not np.isfinite(lp):
        raise ValueError("x0 must be a point where log_prob is finite")
    rng = check_random_state(random_state)
    step = rng.standard_normal((n_iter, d)) * scale
    log_u = np.log(rng.random_sample((n_iter, d)))
    chain = np.empty((n_iter, d))
    accepted = np.zeros(d, dtype=np.int64)
    for t in range(n_iter):
        for j in range(d):
            x_new = x.copy()
            x_new[j] += step[t, j]
            lp_new = _log_prob_at(log_prob, x_new)
            if log_u[t, j] < lp_new - lp:  # (19.48) with q symmetric
                x, lp = x_new, lp_new
                accepted[j] += 1
        chain[t] = x
    chain = chain[burn_in:]
    return (chain[:, 0] if scalar else chain), accepted / n_iter


def gibbs_sampler(conditionals, x0, n_iter, *, burn_in=0, random_state=None):
    """Gibbs sampling, Li Hang Algorithm 19.3, from full conditionals given by their inverse CDFs.

    In iteration i, coordinate j is drawn from p(x_j | x_1^(i), ..., x_{j-1}^(i), x_{j+1}^(i-1), ..., x_k^(i-1))
    (the full-conditional proposal (19.49), always accepted, (19.50)-(19.51)) as ``conditionals[j](x, u)``,
    where x holds the current values of all coordinates
    and u ~ U(0, 1) is drawn in NumPy (so the chain is reproducible from ``random_state``).

    Parameters
    ----------
    conditionals : sequence of callables, one per coordinate
        ``conditionals[j](x, u)`` returns the value F_j^{-1}(u | x_{-j}) of the inverse CDF of the full
        conditional of x_j.
    x0 : array-like of shape (k,)
    n_iter, burn_in, random_state : as :func:`metropolis_hastings`

    Returns
    -------
    samples : ndarray of shape (n_iter - burn_in, k)
    """
    if callable(conditionals) or not hasattr(conditionals, "__len__"):
        raise TypeError("conditionals must be a sequence of callables, one per coordinate")
    for j, c in enumerate(conditionals):
        _check_callable(c, f"conditionals[{j}]")
    x = check_vector(x0, "x0")
    if len(conditionals) != x.shape[0]:
        raise ValueError(
            f"conditionals must hold one callable per coordinate of x0 ({x.shape[0]}), got {len(conditionals)}"
        )
    n_iter, burn_in = _check_iterations(n_iter, burn_in)
    u = check_random_state(random_state).random_sample((n_iter, x.shape[0]))
    chain = np.empty((n_iter, x.shape[0]))
    x = x.copy()
    for i in range(n_iter):
        for j, draw in enumerate(conditionals):
            value = float(draw(x.copy(), float(u[i, j])))
            if not np.isfinite(value):
                raise ValueError(f"conditionals[{j}] returned a non-finite value")
            x[j] = value
        chain[i] = x
    return chain[burn_in:]


@njit(cache=True)
def _gibbs_bivariate_normal_kernel(mean, sd, rho, x0, z):
    """Gibbs sweeps for N(mean, [[s1^2, rho s1 s2], [rho s1 s2, s2^2]]) from standard normals z (n, 2).

    Li Hang Example 19.10: x1 | x2 ~ N(m1 + rho s1/s2 (x2 - m2), s1^2 (1 - rho^2)), and symmetrically.
    """
    n = z.shape[0]
    out = np.empty((n, 2))
    c = np.sqrt(1.0 - rho * rho)
    x1, x2 = x0[0], x0[1]
    for i in range(n):
        # Algorithm 19.3, step (2)(1): x1^(i) ~ p(x1 | x2^(i-1))
        x1 = mean[0] + rho * sd[0] / sd[1] * (x2 - mean[1]) + sd[0] * c * z[i, 0]
        # Algorithm 19.3, step (2)(k): x2^(i) ~ p(x2 | x1^(i))
        x2 = mean[1] + rho * sd[1] / sd[0] * (x1 - mean[0]) + sd[1] * c * z[i, 1]
        out[i, 0] = x1
        out[i, 1] = x2
    return out


def gibbs_bivariate_normal(mean, cov, n_iter, *, x0=None, burn_in=0, random_state=None):
    """Gibbs sampling of a bivariate normal N(mean, cov), Li Hang Example 19.10 (Algorithm 19.3).

    Two standard normals per iteration are drawn in NumPy from ``random_state``; the sweep runs in a Numba
    kernel.

    Parameters
    ----------
    mean : array-like of shape (2,)
    cov : array-like of shape (2, 2)
        Symmetric positive definite.
    n_iter : int
    x0 : array-like of shape (2,), optional
        Starting point (default: ``mean``).
    burn_in : int, default=0
    random_state : int, RandomState or None

    Returns
    -------
    samples : ndarray of shape (n_iter - burn_in, 2)

    Examples
    --------
    >>> s = gibbs_bivariate_normal([0, 0], [[1, 0.5], [0.5, 1]], 50_000, burn_in=100, random_state=0)
    >>> np.corrcoef(s.T)[0, 1].round(1)
    np.float64(0.5)
    """
    mean = check_vector(mean, "mean")
    if mean.shape != (2,):
        raise ValueError(f"mean must have length 2, got {mean.shape[0]}")
    cov = check_array(cov, "cov")
    if cov.shape != (2, 2):
        raise ValueError(f"cov must be 2 x 2, got shape {cov.shape}")
    if cov[0, 1] != cov[1, 0] or cov[0, 0] <= 0 or cov[1, 1] <= 0:
        raise ValueError("cov must be symmetric with positive variances")
    sd = np.sqrt(np.diag(cov))
    rho = cov[0, 1] / (sd[0] * sd[1])
    if not abs(rho) < 1:
        raise ValueError("cov must be positive definite (|correlation| < 1)")
    x0 = mean.copy() if x0 is None else check_vector(x0, "x0")
    if x0.shape != (2,):
        raise ValueError(f"x0 must have length 2, got {x0.shape[0]}")
    n_iter, burn_in = _check_iterations(n_iter, burn_in)
    z = check_random_state(random_state).standard_normal((n_iter, 2))
    return _gibbs_bivariate_normal_kernel(mean, sd, float(rho), x0, z)[burn_in:]
