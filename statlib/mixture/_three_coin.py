"""The three-coin model (Li Hang §9.1.1, Example 9.1) and its EM algorithm, eqs. (9.5)-(9.8)."""

import warnings

import numpy as np
from numba import njit
from sklearn.base import BaseEstimator, DensityMixin
from sklearn.exceptions import ConvergenceWarning
from sklearn.utils.validation import check_is_fitted

from .._validation import check_array, check_int, check_numeric, check_real, validate_data

__all__ = ["ThreeCoinEM", "three_coin_log_likelihood"]


@njit(cache=True)
def _three_coin_em(y, pi, p, q, max_iter, tol, history):
    """EM for the three-coin model, Li Hang (9.5)-(9.8), from theta^(0) = (pi, p, q).

    Each iteration runs the E-step (9.5), mu_j = P(coin B | y_j, theta^(i)), then the M-step
    pi = mean(mu) (9.6), p = sum(mu y) / sum(mu) (9.7), q = sum((1 - mu) y) / sum(1 - mu) (9.8).
    Stops when max(|theta^(i+1) - theta^(i)|) < tol (the book's first criterion) or after
    ``max_iter`` iterations. Row i of ``history`` receives (pi, p, q, log P(Y | theta)) at
    theta^(i); ``history`` has ``max_iter + 1`` rows. Returns (iterations used, converged).
    """
    n = y.shape[0]
    history[0, 0], history[0, 1], history[0, 2] = pi, p, q
    history[0, 3] = _log_likelihood(y, pi, p, q)
    for it in range(1, max_iter + 1):
        s_mu = 0.0
        s_mu_y = 0.0
        s_y = 0.0
        for j in range(n):
            # E-step (9.5): the posterior probability that y_j came from coin B.
            if y[j] == 1:
                b = pi * p
                c = (1.0 - pi) * q
            else:
                b = pi * (1.0 - p)
                c = (1.0 - pi) * (1.0 - q)
            mu = b / (b + c)
            s_mu += mu
            s_mu_y += mu * y[j]
            s_y += y[j]
        # M-step (9.6)-(9.8); sum(1 - mu) = n - sum(mu) and sum((1 - mu) y) = sum(y) - sum(mu y).
        # (With 0 < pi, p, q < 1 at the start every mu_j lies in (0, 1), so both sums are positive.)
        new_pi = s_mu / n
        new_p = s_mu_y / s_mu if s_mu > 0.0 else p
        new_q = (s_y - s_mu_y) / (n - s_mu) if n - s_mu > 0.0 else q
        change = max(abs(new_pi - pi), abs(new_p - p), abs(new_q - q))
        pi, p, q = new_pi, new_p, new_q
        history[it, 0], history[it, 1], history[it, 2] = pi, p, q
        history[it, 3] = _log_likelihood(y, pi, p, q)
        if change < tol:
            return it, True
    return max_iter, False


@njit(cache=True)
def _log_likelihood(y, pi, p, q):
    """log P(Y | theta) = sum_j log(pi p^y_j (1-p)^(1-y_j) + (1-pi) q^y_j (1-q)^(1-y_j)), eq. (9.3)."""
    total = 0.0
    for j in range(y.shape[0]):
        if y[j] == 1:
            total += np.log(pi * p + (1.0 - pi) * q)
        else:
            total += np.log(pi * (1.0 - p) + (1.0 - pi) * (1.0 - q))
    return total


def _check_binary(y, name):
    """Raise unless every entry of ``y`` is 0 or 1; return it as int64."""
    if not np.all((y == 0.0) | (y == 1.0)):
        bad = y[(y != 0.0) & (y != 1.0)][0]
        raise ValueError(f"{name} must contain only the outcomes 0 (tails) and 1 (heads); found {float(bad)!r}")
    return y.astype(np.int64)


def _check_outcomes(X, name="X"):
    """The coin outcomes as a 1-D int64 array of 0s and 1s (accepts shape (n,) or (n, 1))."""
    arr = check_array(X, name, ndim=np.ndim(X) if np.ndim(X) in (1, 2) else 1, dtype=np.float64)
    if arr.ndim == 2:
        if arr.shape[1] != 1:
            raise ValueError(f"{name} must be a 1-D array of 0/1 outcomes or one column, got shape {arr.shape}")
        arr = arr[:, 0]
    return _check_binary(arr, name)


def three_coin_log_likelihood(y, pi, p, q):
    """Log-likelihood log P(Y | pi, p, q) of the three-coin model, Li Hang (9.3), vectorised over theta.

    Parameters
    ----------
    y : array-like of shape (n,)
        Outcomes, 0 or 1.
    pi, p, q : float or array-like
        Parameters; arrays broadcast against each other (e.g. a grid for a contour plot).

    Returns
    -------
    float or ndarray
        sum_j log P(y_j | theta). It depends on theta only through the probability of heads
        pi p + (1 - pi) q, which is why Example 9.1 has a whole ridge of maximisers.
    """
    y = _check_outcomes(y, "y")
    pi, p, q = np.broadcast_arrays(
        *(check_numeric(v, name, allow_nonfinite=True) for v, name in ((pi, "pi"), (p, "p"), (q, "q")))
    )
    for name, v in (("pi", pi), ("p", p), ("q", q)):
        if not np.all(np.isfinite(v)) or np.any((v < 0) | (v > 1)):
            raise ValueError(f"{name} must lie in [0, 1]")
    heads = pi * p + (1.0 - pi) * q
    n1 = int(y.sum())
    n0 = y.shape[0] - n1
    with np.errstate(divide="ignore", invalid="ignore"):
        out = np.where(n1 > 0, n1 * np.log(heads), 0.0) + np.where(n0 > 0, n0 * np.log1p(-heads), 0.0)
    return out[()] if out.ndim == 0 else out


class ThreeCoinEM(DensityMixin, BaseEstimator):
    """The three-coin model of Li Hang §9.1.1, fitted by EM (Example 9.1).

    Coin A (heads with probability ``pi``) picks coin B (heads ``p``) or coin C (heads ``q``);
    only the result of the picked coin is seen. Each observation therefore has the distribution
    P(y | theta) = pi p^y (1-p)^(1-y) + (1-pi) q^y (1-q)^(1-y), eq. (9.1), and EM iterates the
    E-step (9.5) and the M-step (9.6)-(9.8) from the starting point given to the constructor.

    The model is not identifiable: the likelihood depends on theta only through
    pi p + (1 - pi) q, so every theta on that surface with value (number of heads)/n is a maximum
    likelihood estimate, and which one EM returns depends on the start (the book's point).

    Parameters
    ----------
    pi, p, q : float, default=0.5
        The initial values pi^(0), p^(0), q^(0), each in the open interval (0, 1).
    max_iter : int, default=100
        Maximum number of EM iterations.
    tol : float, default=1e-10
        Stop when the largest change of a parameter in one iteration, ||theta^(i+1) - theta^(i)||_inf,
        is below ``tol`` (the first stopping rule of Algorithm 9.1).

    Attributes
    ----------
    pi_, p_, q_ : float
        The estimates.
    n_iter_ : int
        Number of iterations run.
    converged_ : bool
        Whether the stopping rule was met within ``max_iter`` iterations.
    history_ : ndarray of shape (n_iter_ + 1, 3)
        theta^(0), theta^(1), ..., as rows (pi, p, q).
    log_likelihoods_ : ndarray of shape (n_iter_ + 1,)
        log P(Y | theta^(i)) for each row of ``history_`` (non-decreasing by Theorem 9.1).

    References
    ----------
    Li Hang, *Statistical Learning Methods*, 2nd ed., §9.1.1, Example 9.1, eqs. (9.1)-(9.8).
    A. P. Dempster, N. M. Laird, D. B. Rubin, "Maximum likelihood from incomplete data via the EM
    algorithm", JRSS B 39(1), 1977.

    Examples
    --------
    >>> from statlib.mixture import ThreeCoinEM
    >>> em = ThreeCoinEM(pi=0.4, p=0.6, q=0.7).fit([1, 1, 0, 1, 0, 0, 1, 0, 1, 1])
    >>> round(em.pi_, 4), round(em.p_, 4), round(em.q_, 4)
    (0.4064, 0.5368, 0.6432)
    """

    def __init__(self, pi=0.5, p=0.5, q=0.5, max_iter=100, tol=1e-10):
        self.pi = pi
        self.p = p
        self.q = q
        self.max_iter = max_iter
        self.tol = tol

    def _check_params(self):
        start = [
            check_real(getattr(self, name), name, low=0.0, high=1.0, low_inclusive=False, high_inclusive=False)
            for name in ("pi", "p", "q")
        ]
        max_iter = check_int(self.max_iter, "max_iter", low=1)
        tol = check_real(self.tol, "tol", low=0.0)
        return start, max_iter, tol

    def _validate_outcomes(self, X, reset):
        """Outcomes as 1-D int64 0/1; a 1-D ``X`` is read as one column (the book's y_1, ..., y_n)."""
        if not hasattr(X, "shape") and not isinstance(X, (str, bytes)):
            X = np.asarray(X)
        if getattr(X, "ndim", 2) == 1:
            X = X.reshape(-1, 1)
        X = validate_data(self, X, dtype=np.float64, reset=reset)
        if X.shape[1] != 1:
            raise ValueError(f"X must hold one outcome per row (shape (n,) or (n, 1)), got {X.shape[1]} columns")
        return _check_binary(X[:, 0], "X")

    def fit(self, X, y=None):
        """Run EM on the outcomes ``X`` (the book's y_1, ..., y_n: 0/1, shape (n,) or (n, 1)).

        ``y`` is ignored (present for scikit-learn's API).
        """
        (pi, p, q), max_iter, tol = self._check_params()
        obs = self._validate_outcomes(X, reset=True)
        history = np.empty((max_iter + 1, 4))
        n_iter, converged = _three_coin_em(obs, pi, p, q, max_iter, tol, history)
        self.history_ = history[: n_iter + 1, :3].copy()
        self.log_likelihoods_ = history[: n_iter + 1, 3].copy()
        self.pi_, self.p_, self.q_ = (float(v) for v in self.history_[-1])
        self.n_iter_ = int(n_iter)
        self.converged_ = bool(converged)
        if not converged:
            warnings.warn(
                f"ThreeCoinEM did not converge in max_iter={max_iter} iterations (tol={tol:g}).",
                ConvergenceWarning,
                stacklevel=2,
            )
        return self

    def predict_proba(self, X):
        """P(coin B | y_j, theta) and P(coin C | y_j, theta) for each outcome: shape (n, 2), eq. (9.5)."""
        check_is_fitted(self)
        obs = self._validate_outcomes(X, reset=False)
        b = self.pi_ * np.where(obs == 1, self.p_, 1.0 - self.p_)
        c = (1.0 - self.pi_) * np.where(obs == 1, self.q_, 1.0 - self.q_)
        mu = b / (b + c)
        return np.column_stack([mu, 1.0 - mu])

    def score_samples(self, X):
        """log P(y_j | theta) for each outcome, eq. (9.1)."""
        check_is_fitted(self)
        obs = self._validate_outcomes(X, reset=False)
        heads = self.pi_ * self.p_ + (1.0 - self.pi_) * self.q_
        with np.errstate(divide="ignore"):
            return np.where(obs == 1, np.log(heads), np.log1p(-heads))

    def score(self, X, y=None):
        """Mean log-likelihood per outcome, (1/n) log P(Y | theta), eq. (9.3)."""
        return float(np.mean(self.score_samples(X)))
