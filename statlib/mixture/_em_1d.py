"""Algorithm 9.2 of Li Hang (one dimension), plus its GEM variants (Algorithms 9.4, 9.5), one of which is
(9.31) read literally.

This is the readable reference: plain NumPy, one line per equation, every iterate recorded. It is
meant for the book's small examples and for showing how the variants differ; the fast estimator is
:class:`statlib.mixture.GaussianMixture`.
"""

import warnings

import numpy as np
from sklearn.exceptions import ConvergenceWarning
from sklearn.utils import Bunch

from .._validation import check_choice, check_int, check_probability_vector, check_real, check_vector

__all__ = ["em_gmm_1d"]

_M_STEPS = ("em", "ecm", "damped")


def _log_phi(y, mu, sigma2):
    """log phi(y_j | mu_k, sigma_k^2), eq. (9.25), as an (N, K) array."""
    with np.errstate(divide="ignore", invalid="ignore"):
        return -0.5 * (np.log(2.0 * np.pi * sigma2) + (y[:, None] - mu) ** 2 / sigma2)


def _responsibilities(y, alpha, mu, sigma2):
    """E-step of Algorithm 9.2: gamma_jk and log P(Y | theta), computed in log space."""
    a = np.log(alpha) + _log_phi(y, mu, sigma2)
    top = a.max(axis=1, keepdims=True)
    log_norm = top[:, 0] + np.log(np.exp(a - top).sum(axis=1))
    return np.exp(a - log_norm[:, None]), float(log_norm.sum())


def _q_function(y, gamma, alpha, mu, sigma2):
    """Q(theta, theta^(i)) of eq. (9.29), with gamma computed at theta^(i)."""
    return float((gamma * (np.log(alpha) + _log_phi(y, mu, sigma2))).sum())


def em_gmm_1d(y, alpha, mu, sigma2, *, max_iter=100, tol=1e-10, m_step="em", step=0.5):
    """EM for a one-dimensional Gaussian mixture, Li Hang Algorithm 9.2, recording every iterate.

    Parameters
    ----------
    y : array-like of shape (N,)
        The observations y_1, ..., y_N.
    alpha, mu, sigma2 : array-like of shape (K,)
        Initial weights alpha_k (summing to 1), means mu_k and variances sigma_k^2 (positive).
    max_iter : int, default=100
        Maximum number of iterations.
    tol : float or None, default=1e-10
        Stop when log P(Y | theta) changes by less than ``tol`` ("until the log-likelihood no longer
        changes noticeably", end of §9.3.2); if that has not happened after ``max_iter`` iterations, a
        ``ConvergenceWarning`` is issued. ``None`` runs exactly ``max_iter`` iterations, silently
        (for showing single steps).
    m_step : {"em", "ecm", "damped"}, default="em"
        ``"em"``: the exact M-step (9.30)-(9.32), the variance taken about the new mean.
        ``"ecm"``: (9.31) read literally, about the *old* mean mu_k^(i) (most likely a dropped hat: the
        book derives (9.30)-(9.32) as the joint stationary point of (9.29), which is ``"em"``). This is
        not the maximiser of Q, but it is two conditional maximisations (first sigma^2 given
        mu = mu^(i), then mu), i.e. GEM Algorithm 9.5, so the likelihood still never decreases.
        ``"damped"``: move only a fraction ``step`` of the way from theta^(i) to the EM maximiser,
        in the coordinates (alpha_k, mu_k / sigma_k^2, -1 / (2 sigma_k^2)) in which Q is concave;
        Q then increases without being maximised (GEM Algorithm 9.4).
    step : float, default=0.5
        The fraction for ``m_step="damped"``, in (0, 1].

    Returns
    -------
    Bunch with
        ``alpha``, ``mu``, ``sigma2`` : ndarray of shape (T + 1, K), the iterates theta^(0..T);
        ``log_likelihood`` : ndarray of shape (T + 1,), log P(Y | theta^(t)) (9.24);
        ``q_gain`` : ndarray of shape (T,), Q(theta^(t+1), theta^(t)) - Q(theta^(t), theta^(t)) >= 0;
        ``gamma`` : ndarray of shape (N, K), the responsibilities at the last iterate;
        ``n_iter`` : int T; ``converged`` : bool.
    """
    y = check_vector(y, "y")
    alpha = check_probability_vector(alpha, "alpha")
    mu = check_vector(mu, "mu")
    sigma2 = check_vector(sigma2, "sigma2")
    K = alpha.shape[0]
    for name, v in (("mu", mu), ("sigma2", sigma2)):
        if v.shape != (K,):
            raise ValueError(f"{name} must have the same length as alpha ({K}), got {v.shape[0]}")
    if np.any(sigma2 <= 0):
        raise ValueError("sigma2 must be positive")
    if np.any(alpha <= 0):
        raise ValueError("alpha must be positive (a zero weight never recovers under EM)")
    max_iter = check_int(max_iter, "max_iter", low=1)
    tol = None if tol is None else check_real(tol, "tol", low=0.0)
    m_step = check_choice(m_step, "m_step", _M_STEPS)
    step = check_real(step, "step", low=0.0, high=1.0, low_inclusive=False)

    alphas, mus, sigma2s, gains = [alpha], [mu], [sigma2], []
    # (2) E-step at theta^(0): responsibilities gamma_jk.
    gamma, loglik = _responsibilities(y, alpha, mu, sigma2)
    logliks = [loglik]
    converged = False
    for _ in range(max_iter):
        # (3) M-step.
        n_k = gamma.sum(axis=0)
        if np.any(n_k <= 0):
            raise ValueError(
                f"a component lost all its responsibility at iteration {len(gains) + 1}; "
                "start from other initial values."
            )
        new_mu = gamma.T @ y / n_k  # (9.30)
        new_alpha = n_k / y.shape[0]  # (9.32)
        if m_step == "ecm":
            new_sigma2 = (gamma * (y[:, None] - mu) ** 2).sum(axis=0) / n_k  # (9.31) as printed: old mu
        else:
            new_sigma2 = (gamma * (y[:, None] - new_mu) ** 2).sum(axis=0) / n_k  # (9.31) with the new mu
        if m_step == "damped":
            eta1 = (1 - step) * mu / sigma2 + step * new_mu / new_sigma2
            eta2 = (1 - step) / sigma2 + step / new_sigma2  # -2 times the second natural parameter
            new_alpha = (1 - step) * alpha + step * new_alpha
            new_sigma2 = 1.0 / eta2
            new_mu = eta1 * new_sigma2
        if not (np.all(np.isfinite(new_mu)) and np.all(new_sigma2 > 0) and np.all(np.isfinite(new_sigma2))):
            raise ValueError(
                f"a component collapsed at iteration {len(gains) + 1} (its variance went to 0 or its "
                "responsibilities vanished): the likelihood of a Gaussian mixture is unbounded there. "
                "Start from other initial values."
            )
        gains.append(_q_function(y, gamma, new_alpha, new_mu, new_sigma2) - _q_function(y, gamma, alpha, mu, sigma2))
        alpha, mu, sigma2 = new_alpha, new_mu, new_sigma2
        alphas.append(alpha)
        mus.append(mu)
        sigma2s.append(sigma2)
        # (2) E-step for the next iteration; (4) stop when the log-likelihood settles.
        gamma, loglik = _responsibilities(y, alpha, mu, sigma2)
        logliks.append(loglik)
        if tol is not None and abs(logliks[-1] - logliks[-2]) < tol:
            converged = True
            break
    if tol is not None and not converged:
        warnings.warn(
            f"em_gmm_1d did not converge in max_iter={max_iter} iterations (tol={tol:g}).",
            ConvergenceWarning,
            stacklevel=2,
        )
    return Bunch(
        alpha=np.array(alphas),
        mu=np.array(mus),
        sigma2=np.array(sigma2s),
        log_likelihood=np.array(logliks),
        q_gain=np.array(gains),
        gamma=gamma,
        n_iter=len(gains),
        converged=converged,
    )
