"""Automatic relevance determination (ARD): Bayesian linear regression with one prior precision per weight.

PRML section 7.2.1 (the relevance vector machine's regression core) and MLAPP section 13.7 (sparse Bayesian
learning). The model is

    p(t | x, w, beta) = N(t | w^T phi(x), beta^{-1})
    p(w | alpha) = prod_i N(w_i | 0, alpha_i^{-1})

with posterior N(w | m, Sigma), Sigma = (A + beta Phi^T Phi)^{-1}, m = beta Sigma Phi^T t,
A = diag(alpha_i), and evidence ln N(t | 0, C), C = beta^{-1} I + Phi A^{-1} Phi^T (7.85). The
hyperparameters maximise the evidence by MacKay's fixed point

    alpha_i <- gamma_i / m_i^2                                           PRML (7.87)
    beta^{-1} <- ||t - Phi m||^2 / (N - sum_i gamma_i)
    gamma_i = 1 - alpha_i Sigma_ii

or by EM, alpha_i <- 1 / (m_i^2 + Sigma_ii) and beta^{-1} <- (||t - Phi m||^2 + beta^{-1} sum_i gamma_i) / N
(MLAPP (13.166), (13.168) with a flat hyperprior), slower but never decreasing the evidence. A weight whose
alpha_i exceeds ``threshold_alpha`` is pruned (alpha_i -> infinity: its posterior collapses onto zero).

The work is dense linear algebra on an M x M matrix (one Cholesky factorisation per iteration), which LAPACK
already does at full speed; there is no loop for a compiled kernel to speed up.

:func:`ard_fit` is the shared core: :class:`ARDRegression` runs it on the (centred) features, and
:class:`statlib.svm.RelevanceVectorRegressor` on a kernel design matrix. :func:`ard_reweighted_l1` reaches
the same fixed points at a given beta by iteratively reweighted l1 (MLAPP 13.7.4.3), each step a lasso solved by
:class:`statlib.linear_model.Lasso`; :class:`ARDClassifier` is logistic ARD (MLAPP 13.7.5), the relevance vector
classifier's Laplace loop run on the features.
"""

import warnings
from dataclasses import dataclass

import numpy as np
from scipy import linalg
from scipy.special import expit
from sklearn.base import BaseEstimator, ClassifierMixin, RegressorMixin
from sklearn.exceptions import ConvergenceWarning
from sklearn.utils.validation import check_is_fitted

from .._validation import (
    check_array,
    check_bool,
    check_choice,
    check_int,
    check_real,
    check_scale,
    check_vector,
    validate_data,
)

UPDATES = ("mackay", "em", "sequential")


@dataclass
class ARDResult:
    """What :func:`ard_fit` returns: the posterior and hyperparameters at the end of the fit.

    ``alpha`` has one entry per column of the design matrix, ``np.inf`` for pruned columns; ``active`` marks
    the columns kept; ``mean`` is the posterior mean m over all columns (0 for pruned ones); ``sigma`` is
    the posterior covariance over the active columns only; ``well_determined`` the gamma_i = 1 - alpha_i Sigma_ii over
    the active columns; ``scores`` the log evidence (7.85) at the hyperparameters of each iteration (plus the
    Gamma hyperprior terms of MLAPP (13.155) when :func:`ard_fit` is given a, b, c or d).
    """

    mean: np.ndarray
    sigma: np.ndarray
    alpha: np.ndarray
    beta: float
    active: np.ndarray
    well_determined: np.ndarray
    scores: np.ndarray
    n_iter: int
    converged: bool


def _inverse_spd(precision):
    """The inverse of a symmetric positive (semi)definite matrix and the log-determinant of the inverse.

    A Cholesky factorisation when it succeeds; when round-off makes the matrix numerically indefinite (a
    nearly singular design with a very large beta), the eigendecomposition with the eigenvalues floored at
    eps times the largest, as a pseudo-inverse would (scikit-learn's ``pinvh``).
    """
    try:
        chol = linalg.cholesky(precision, lower=True, check_finite=False)
    except linalg.LinAlgError:
        values, vectors = linalg.eigh(precision, check_finite=False)
        values = np.maximum(values, np.finfo(float).eps * max(values.max(), np.finfo(float).tiny))
        return (vectors / values) @ vectors.T, -np.sum(np.log(values))
    inverse = linalg.cho_solve((chol, True), np.eye(len(precision)), check_finite=False)
    return inverse, -2.0 * np.sum(np.log(np.diag(chol)))


def _posterior(Phi, t, alpha, beta):
    """Sigma = (A + beta Phi^T Phi)^{-1} and m = beta Sigma Phi^T t (PRML 7.2.1), with ln |Sigma|."""
    # Sigma^{-1} = A + beta Phi^T Phi is symmetric positive definite
    precision = beta * (Phi.T @ Phi)
    precision[np.diag_indices_from(precision)] += alpha
    sigma, logdet_sigma = _inverse_spd(precision)
    # m = beta Sigma Phi^T t
    m = beta * (sigma @ (Phi.T @ t))
    return m, sigma, logdet_sigma


def log_evidence(Phi, t, alpha, beta):
    """The log marginal likelihood ln p(t | alpha, beta) = ln N(t | 0, C) of PRML (7.85).

    Parameters
    ----------
    Phi : array-like of shape (N, M)
        Design matrix.
    t : array-like of shape (N,)
        Targets.
    alpha : array-like of shape (M,)
        Prior precisions alpha_i > 0; ``np.inf`` removes a column (its weight is fixed at zero).
    beta : float
        Noise precision beta > 0.

    Returns
    -------
    float
        -(1/2) {N ln 2 pi + ln |C| + t^T C^{-1} t} with C = beta^{-1} I + Phi A^{-1} Phi^T, computed through
        the M x M posterior: ln |C| = -N ln beta - sum_i ln alpha_i - ln |Sigma| and
        t^T C^{-1} t = beta ||t - Phi m||^2 + m^T A m.

    Examples
    --------
    >>> import numpy as np
    >>> Phi = np.array([[1.0], [2.0]]); t = np.array([1.0, 1.0])
    >>> C = np.eye(2) / 4.0 + Phi @ Phi.T / 0.5
    >>> direct = -0.5 * (2 * np.log(2 * np.pi) + np.linalg.slogdet(C)[1] + t @ np.linalg.solve(C, t))
    >>> bool(np.isclose(log_evidence(Phi, t, [0.5], 4.0), direct))
    True
    """
    Phi = check_array(Phi, "Phi")
    t = check_vector(t, "t")
    if len(t) != Phi.shape[0]:
        raise ValueError(f"t must have one entry per row of Phi ({Phi.shape[0]}), got {len(t)}")
    alpha = np.asarray(alpha, dtype=float)
    if alpha.shape != (Phi.shape[1],) or np.any(np.isnan(alpha)) or np.any(alpha <= 0):
        raise ValueError(f"alpha must be {Phi.shape[1]} positive precisions (np.inf allowed), got {alpha!r}")
    beta = check_real(beta, "beta", low=0.0, low_inclusive=False)
    keep = np.isfinite(alpha)
    return _log_evidence(Phi[:, keep], t, alpha[keep], beta)


def _log_evidence(Phi, t, alpha, beta):
    n = len(t)
    if len(alpha) == 0:
        return -0.5 * (n * np.log(2 * np.pi) - n * np.log(beta) + beta * (t @ t))
    m, _, logdet_sigma = _posterior(Phi, t, alpha, beta)
    resid = t - Phi @ m
    logdet_c = -n * np.log(beta) - np.sum(np.log(alpha)) - logdet_sigma
    quad = beta * (resid @ resid) + m @ (alpha * m)
    return -0.5 * (n * np.log(2 * np.pi) + logdet_c + quad)


def ard_fit(
    Phi,
    t,
    *,
    alpha_init=1.0,
    beta_init=None,
    max_iter=300,
    tol=1e-3,
    threshold_alpha=1e4,
    update="mackay",
    a=0.0,
    b=0.0,
    c=0.0,
    d=0.0,
):
    """Maximise the evidence (7.85) over alpha_1..alpha_M and beta: MacKay's fixed point (7.87) or EM.

    Each iteration computes the Gaussian posterior (PRML 7.2.1) for the current alpha, beta on the active columns,
    then re-estimates them, then prunes the columns with alpha_i >= ``threshold_alpha``. The loop stops when
    the posterior mean moves by less than ``tol`` in the 1-norm between two iterations (scikit-learn's
    criterion); the posterior is then recomputed at the final hyperparameters.

    Parameters
    ----------
    Phi : array-like of shape (N, M)
        Design matrix (not centred here).
    t : array-like of shape (N,)
        Targets.
    alpha_init : float, default=1.0
        Initial alpha_i for every column.
    beta_init : float, optional
        Initial noise precision; default 1 / var(t) (scikit-learn's choice).
    max_iter : int, default=300
    tol : float, default=1e-3
    threshold_alpha : float, default=1e4
        Prune a column once alpha_i reaches this value (``np.inf``: never prune).
    update : {"mackay", "em", "sequential"}, default="mackay"
        ``"sequential"`` is Tipping and Faul's fast marginal likelihood maximisation (PRML 7.2.2): one
        alpha_i at a time, set to its one-hyperparameter maximiser s_i^2 / (q_i^2 - s_i) or to infinity. It
        starts from one basis function, ignores ``alpha_init`` and ``threshold_alpha``, and stops when no
        basis function can be added or deleted and no re-estimate changes ln alpha_i by more than ``tol``.
    a, b, c, d : float, default=0.0
        Gamma hyperpriors on the precisions in MLAPP's form (13.154)-(13.155): the objective gains
        sum_i (a ln alpha_i - b alpha_i) + c ln beta - d beta. The fixed point becomes MLAPP (13.169)-(13.170),
        alpha_i = (gamma_i + 2a) / (m_i^2 + 2b) and 1/beta = (||t - Phi m||^2 + 2d) / (N - sum_i gamma_i + 2c);
        EM becomes (13.166) and (13.168). The default a = b = c = d = 0 (improper, maximally sparse) is the
        plain evidence. With b > 0 no alpha_i can exceed (1 + 2a) / (2b), so nothing is pruned unless
        ``threshold_alpha`` is below that. Not used by ``"sequential"``.

    Returns
    -------
    ARDResult
    """
    Phi = check_array(Phi, "Phi")
    t = check_vector(t, "t")
    if len(t) != Phi.shape[0]:
        raise ValueError(f"t must have one entry per row of Phi ({Phi.shape[0]}), got {len(t)}")
    check_scale(Phi, "Phi", small=True)  # the evidence updates need Phi^T Phi and ||t - Phi m||^2
    check_scale(t, "t")
    if len(t) < 2:
        raise ValueError(f"t must have at least 2 entries to estimate the noise, got {len(t)}")
    alpha_init = check_real(alpha_init, "alpha_init", low=0.0, low_inclusive=False)
    if beta_init is None:
        beta_init = 1.0 / (np.var(t) + np.finfo(float).eps)
    beta_init = check_real(beta_init, "beta_init", low=0.0, low_inclusive=False)
    max_iter = check_int(max_iter, "max_iter", low=1)
    tol = check_real(tol, "tol", low=0.0)
    if not (isinstance(threshold_alpha, (int, float, np.floating)) and threshold_alpha == np.inf):
        threshold_alpha = check_real(threshold_alpha, "threshold_alpha", low=0.0, low_inclusive=False)
    update = check_choice(update, "update", UPDATES)
    hyper = tuple(check_real(v, name, low=0.0) for v, name in ((a, "a"), (b, "b"), (c, "c"), (d, "d")))
    if update == "sequential":
        if any(hyper):
            raise ValueError('a, b, c, d must be 0 with update="sequential" (it maximises the plain evidence)')
        return _sequential_loop(Phi, t, beta_init, max_iter, tol)
    return _ard_loop(Phi, t, alpha_init, beta_init, max_iter, tol, float(threshold_alpha), update, hyper)


def _ard_loop(Phi, t, alpha_init, beta, max_iter, tol, threshold, update, hyper=(0.0, 0.0, 0.0, 0.0)):
    """The loop of :func:`ard_fit`; ``hyper`` = (a, b, c, d) of MLAPP (13.155)."""
    ha, hb, hc, hd = hyper
    n, n_cols = Phi.shape
    alpha = np.full(n_cols, alpha_init)
    active = np.ones(n_cols, dtype=bool)
    mean = np.zeros(n_cols)
    mean_old = None
    scores = []
    converged = False
    n_iter = 0
    for it in range(max_iter):
        n_iter = it + 1
        Phi_a, alpha_a = Phi[:, active], alpha[active]
        m, sigma, logdet_sigma = _posterior(Phi_a, t, alpha_a, beta)
        mean[:] = 0.0
        mean[active] = m
        resid = t - Phi_a @ m
        # floored so that an exact fit (N <= M) leaves beta large but finite
        sse = max(resid @ resid, 1e-12 * (t @ t) + np.finfo(float).tiny)
        # (7.85) at the current hyperparameters, from the M x M quantities (see log_evidence)
        scores.append(
            -0.5
            * (
                n * np.log(2 * np.pi)
                - n * np.log(beta)
                - np.sum(np.log(alpha_a))
                - logdet_sigma
                + beta * sse
                + m @ (alpha_a * m)
            )
            # the Gamma hyperpriors of (13.155); zero by default
            + np.sum(ha * np.log(alpha_a) - hb * alpha_a)
            + hc * np.log(beta)
            - hd * beta
        )
        diag = np.diag(sigma)
        # gamma_i = 1 - alpha_i Sigma_ii, how well the data determine w_i
        gamma = 1.0 - alpha_a * diag
        if update == "mackay":
            # (7.87), MLAPP (13.169)-(13.170): alpha_i = (gamma_i + 2a) / (m_i^2 + 2b);
            # 1/beta = (||t - Phi m||^2 + 2d) / (N - sum_i gamma_i + 2c)
            with np.errstate(divide="ignore"):
                alpha[active] = (gamma + 2 * ha) / (m**2 + 2 * hb)
            beta = (n - gamma.sum() + 2 * hc) / (sse + 2 * hd)
        else:
            # EM, MLAPP (13.166): alpha_i = (1 + 2a) / (E[w_i^2] + 2b), E[w_i^2] = m_i^2 + Sigma_ii;
            # (13.168): 1/beta = (||t - Phi m||^2 + (1/beta) sum_i gamma_i + 2d) / (N + 2c)
            alpha[active] = (1.0 + 2 * ha) / (m**2 + diag + 2 * hb)
            beta = (n + 2 * hc) / (sse + gamma.sum() / beta + 2 * hd)
        # pruning: alpha_i -> infinity removes phi_i from the model
        active &= alpha < threshold
        alpha[~active] = np.inf
        mean[~active] = 0.0
        if mean_old is not None and np.sum(np.abs(mean_old - mean)) < tol:
            converged = True
            break
        mean_old = mean.copy()
        if not active.any():
            converged = True
            break
    mean[:] = 0.0
    if active.any():
        m, sigma, _ = _posterior(Phi[:, active], t, alpha[active], beta)
        mean[active] = m
        gamma = 1.0 - alpha[active] * np.diag(sigma)
    else:
        sigma, gamma = np.zeros((0, 0)), np.zeros(0)
    return ARDResult(mean, sigma, alpha, float(beta), active, gamma, np.array(scores), n_iter, converged)


def _lambda(a, s, q):
    """The part of the evidence that depends on alpha_i, PRML (7.97):
    (1/2) [ln alpha_i - ln(alpha_i + s_i) + q_i^2 / (alpha_i + s_i)], zero at alpha_i = infinity."""
    with np.errstate(divide="ignore", invalid="ignore"):
        value = 0.5 * (np.log(a / (a + s)) + q**2 / (a + s))
    return np.where(np.isinf(a), 0.0, value)


def _sequential_loop(Phi, t, beta, max_iter, tol):
    """Fast marginal likelihood maximisation (Tipping & Faul 2003; PRML 7.2.2): one alpha_i at a time.

    Start from the single basis function best aligned with t. At each step compute, for every basis function,
    the sparsity s_i and quality q_i (with respect to C without that basis function), the maximiser of the
    evidence over alpha_i alone, alpha_i = s_i^2 / (q_i^2 - s_i) if q_i^2 > s_i and infinity otherwise, and the
    gain in the evidence of moving alpha_i there (add, re-estimate or delete basis function i); make the move
    with the largest gain, then re-estimate beta by MacKay's update. Stop when no basis function can be added or
    deleted and no re-estimate moves ln alpha_i by more than ``tol``.
    """
    n, n_cols = Phi.shape
    norms2 = np.einsum("ij,ij->j", Phi, Phi)
    Phi_t = Phi.T @ t
    alpha = np.full(n_cols, np.inf)
    usable = norms2 > 0
    scores = []
    if usable.any():
        with np.errstate(divide="ignore", invalid="ignore"):
            proj = np.where(usable, Phi_t**2 / norms2, -np.inf)
        i = int(np.argmax(proj))
        # the evidence-maximising alpha_i for this basis function alone, C_{-i} = I / beta
        s_i, q_i = beta * norms2[i], beta * Phi_t[i]
        alpha[i] = s_i**2 / (q_i**2 - s_i) if q_i**2 > s_i else norms2[i] / max(proj[i], np.finfo(float).tiny)
    converged = not usable.any()
    n_iter = 0
    for it in range(max_iter if usable.any() else 0):
        n_iter = it + 1
        active = np.isfinite(alpha)
        Pa, a = Phi[:, active], alpha[active]
        m, sigma, logdet_sigma = _posterior(Pa, t, a, beta)
        resid = t - Pa @ m
        sse = max(resid @ resid, 1e-12 * (t @ t) + np.finfo(float).tiny)
        scores.append(
            -0.5
            * (n * np.log(2 * np.pi) - n * np.log(beta) - np.sum(np.log(a)) - logdet_sigma + beta * sse + m @ (a * m))
        )
        # S_i = phi_i^T C^{-1} phi_i (PRML 7.103), Q_i = phi_i^T C^{-1} t (7.102), through the Woodbury form
        # C^{-1} = beta I - beta^2 Pa Sigma Pa^T: (7.107) and (7.106)
        cross = Phi.T @ Pa
        S = beta * norms2 - beta**2 * np.einsum("ij,jk,ik->i", cross, sigma, cross)
        Q = beta * Phi_t - beta**2 * (cross @ (sigma @ (Pa.T @ t)))
        # remove basis function i's own contribution from C: s_i, q_i with respect to C_{-i}, (7.105) and (7.104)
        s, q = S.copy(), Q.copy()
        s[active] = a * S[active] / (a - S[active])
        q[active] = a * Q[active] / (a - S[active])
        theta = q**2 - s
        target = np.full(n_cols, np.inf)
        grow = usable & (theta > 0)
        target[grow] = s[grow] ** 2 / theta[grow]  # the one-hyperparameter maximiser (7.101)
        # the change of lambda(alpha_i) (7.97) if alpha_i moves to its maximiser
        gain = _lambda(target, s, q) - _lambda(alpha, s, q)
        gain[~usable] = -np.inf
        if active.sum() == 1:
            gain[active & ~grow] = -np.inf  # keep at least one basis function
        # a move must raise the evidence by more than round-off: a borderline basis function would otherwise be
        # added and deleted in turn as beta changes
        worth = gain > 1e-10 * (1.0 + abs(scores[-1]))
        adds = ~active & grow & worth
        deletes = active & ~grow & worth
        with np.errstate(divide="ignore", invalid="ignore"):
            moves = np.abs(np.log(target[active & grow & worth]) - np.log(alpha[active & grow & worth]))
        if not adds.any() and not deletes.any() and np.all(moves < tol):
            converged = True
            break
        j = int(np.argmax(gain))
        alpha[j] = target[j]
        # MacKay's beta update (PRML 7.88) at the new alpha
        active = np.isfinite(alpha)
        m, sigma, _ = _posterior(Phi[:, active], t, alpha[active], beta)
        gamma = 1.0 - alpha[active] * np.diag(sigma)
        resid = t - Phi[:, active] @ m
        beta = (n - gamma.sum()) / max(resid @ resid, 1e-12 * (t @ t) + np.finfo(float).tiny)
    active = np.isfinite(alpha)
    mean = np.zeros(n_cols)
    if active.any():
        m, sigma, _ = _posterior(Phi[:, active], t, alpha[active], beta)
        mean[active] = m
        gamma = 1.0 - alpha[active] * np.diag(sigma)
    else:
        sigma, gamma = np.zeros((0, 0)), np.zeros(0)
    return ARDResult(mean, sigma, alpha, float(beta), active, gamma, np.array(scores), n_iter, converged)


class ARDRegression(RegressorMixin, BaseEstimator):
    """Bayesian linear regression with automatic relevance determination (PRML 7.2.1, MLAPP 13.7).

    One Gaussian prior N(w_i | 0, alpha_i^{-1}) per weight (the ARD prior); alpha and the noise precision beta
    maximise the evidence (7.85) by MacKay's re-estimation (7.87) (or by EM); weights whose alpha_i
    exceeds ``threshold_alpha`` are pruned. The bias is not given a prior: with ``fit_intercept`` the data
    are centred first and the intercept is mean(y) - mean(X) . coef_.

    With ``update="mackay"`` the iteration, the initialisation (alpha_i = 1, beta = 1 / var(y)), the pruning
    and the stopping rule are those of ``sklearn.linear_model.ARDRegression`` with its Gamma hyperpriors
    switched off (``alpha_1 = alpha_2 = lambda_1 = lambda_2 = 0``). The names follow PRML, not scikit-learn:
    our ``alpha_`` (weight precisions) is scikit-learn's ``lambda_``, our ``beta_`` (noise precision) is its
    ``alpha_``, and ``threshold_alpha`` is its ``threshold_lambda``.

    Parameters
    ----------
    max_iter : int, default=300
    tol : float, default=1e-3
        Stop when the coefficients change by less than ``tol`` in the 1-norm.
    threshold_alpha : float, default=1e4
        Prune w_i (alpha_i = inf, w_i = 0) once alpha_i reaches this value.
    update : {"mackay", "em", "sequential"}, default="mackay"
        MacKay's fixed point (7.87), EM (monotone in the evidence, slower), or Tipping and Faul's
        sequential algorithm (one alpha_i at a time, starting from a single feature; ``tol`` then bounds the
        change of ln alpha_i).
    fit_intercept : bool, default=True

    Attributes
    ----------
    coef_ : ndarray of shape (n_features,)
        Posterior mean m = beta Sigma Phi^T t; 0 for pruned weights.
    intercept_ : float
    alpha_ : ndarray of shape (n_features,)
        Prior precisions alpha_i; ``np.inf`` for pruned weights.
    beta_ : float
        Noise precision.
    sigma_ : ndarray of shape (n_active, n_active)
        Posterior covariance Sigma = (A + beta Phi^T Phi)^{-1} of the kept weights.
    active_ : ndarray of bool, shape (n_features,)
        The weights kept (alpha_i finite).
    well_determined_ : ndarray of shape (n_active,)
        gamma_i = 1 - alpha_i Sigma_ii of the kept weights.
    scores_ : ndarray of shape (n_iter_,)
        Log evidence (7.85) at the hyperparameters of each iteration.
    n_iter_ : int
    converged_ : bool

    Examples
    --------
    >>> import numpy as np
    >>> rng = np.random.default_rng(0)
    >>> X = rng.normal(size=(60, 5))
    >>> y = 2.0 * X[:, 0] - X[:, 3] + 0.1 * rng.normal(size=60)
    >>> model = ARDRegression().fit(X, y)
    >>> np.flatnonzero(model.active_).tolist()
    [0, 3]
    >>> np.round(model.coef_[[0, 3]], 1).tolist()
    [2.0, -1.0]
    """

    def __init__(self, max_iter=300, tol=1e-3, threshold_alpha=1e4, update="mackay", fit_intercept=True):
        self.max_iter = max_iter
        self.tol = tol
        self.threshold_alpha = threshold_alpha
        self.update = update
        self.fit_intercept = fit_intercept

    def fit(self, X, y):
        """Fit to ``X`` (n_samples, n_features) and real targets ``y`` (n_samples,)."""
        max_iter = check_int(self.max_iter, "max_iter", low=1)
        tol = check_real(self.tol, "tol", low=0.0)
        threshold = check_real(self.threshold_alpha, "threshold_alpha", low=0.0, low_inclusive=False)
        update = check_choice(self.update, "update", UPDATES)
        fit_intercept = check_bool(self.fit_intercept, "fit_intercept")
        X, y = validate_data(self, X, y, dtype=np.float64, y_numeric=True, ensure_min_samples=2)
        check_scale(X, "X", small=True)  # the evidence updates need X^T X and ||y - X m||^2
        check_scale(y, "y")
        if fit_intercept:
            x_mean, y_mean = X.mean(axis=0), y.mean()
        else:
            x_mean, y_mean = np.zeros(X.shape[1]), 0.0
        Xc, yc = X - x_mean, y - y_mean
        beta0 = 1.0 / (np.var(yc) + np.finfo(float).eps)
        if update == "sequential":
            res = _sequential_loop(Xc, yc, beta0, max_iter, tol)
        else:
            res = _ard_loop(Xc, yc, 1.0, beta0, max_iter, tol, threshold, update)
        if not res.converged:
            warnings.warn(
                f"ARDRegression did not converge in max_iter={max_iter} iterations; raise max_iter or tol",
                ConvergenceWarning,
                stacklevel=2,
            )
        self.coef_ = res.mean
        self.intercept_ = float(y_mean - x_mean @ res.mean)
        self.alpha_ = res.alpha
        self.beta_ = res.beta
        self.sigma_ = res.sigma
        self.active_ = res.active
        self.well_determined_ = res.well_determined
        self.scores_ = res.scores
        self.n_iter_ = res.n_iter
        self.converged_ = res.converged
        self.x_mean_ = x_mean
        return self

    def predict(self, X, return_std=False):
        """Predictive mean m^T phi(x) and, with ``return_std``, the standard deviation sqrt of
        sigma^2(x) = 1/beta + phi(x)^T Sigma phi(x) (phi(x) the centred features of the kept weights)."""
        check_is_fitted(self, "coef_")
        return_std = check_bool(return_std, "return_std")
        X = validate_data(self, X, reset=False, dtype=np.float64)
        mean = X @ self.coef_ + self.intercept_
        if not return_std:
            return mean
        phi = (X - self.x_mean_)[:, self.active_]
        var = 1.0 / self.beta_ + np.einsum("ij,jk,ik->i", phi, self.sigma_, phi)
        return mean, np.sqrt(var)


def ard_reweighted_l1(Phi, t, *, beta, max_iter=100, n_inner=5, tol=1e-6, lasso_tol=1e-12):
    """ARD at a fixed noise precision by iteratively reweighted l1 (MLAPP 13.7.4.3; Wipf and Nagarajan 2010).

    ARD is the MAP problem (13.160): minimise ||t - Phi w||^2 + beta^{-1} g_ARD(w) with the non-factorial
    penalty g_ARD(w) = min_{tau^2 >= 0} sum_i w_i^2 / tau_i^2 + ln |C| (13.161), tau_i^2 = 1 / alpha_i the prior
    variances. ln |C| is concave in tau^2, so it lies below its tangent sum_i lambda_i^2 tau_i^2 + const with
    lambda_i^2 = phi_i^T C^{-1} phi_i; minimising w_i^2 / tau_i^2 + lambda_i^2 tau_i^2 over tau_i^2 gives
    2 lambda_i |w_i| at tau_i^2 = |w_i| / lambda_i. Each outer iteration therefore solves the weighted lasso

        w <- argmin_w (beta / 2) ||t - Phi w||^2 + sum_i lambda_i |w_i|                  (13.172)

    (a plain lasso on the columns phi_i / lambda_i) and then re-estimates the weights by a few passes of

        lambda_i <- [phi_i^T (beta^{-1} I + Phi diag(|w_i| / lambda_i) Phi^T)^{-1} phi_i]^{1/2}    (13.173)

    starting from lambda_i = 1. Once the passes of (13.173) have settled, each outer step is a majorise-minimise
    step, so the objective does not increase. At a fixed point,
    alpha_i = lambda_i / |w_i| (infinity where w_i = 0) is a stationary point of the evidence in the alpha_i of
    the kept columns at this beta, and w is the posterior mean (13.158) at those alpha_i.

    Parameters
    ----------
    Phi : array-like of shape (N, M)
        Design matrix (centre it first if the model has an unpenalised intercept).
    t : array-like of shape (N,)
    beta : float
        Noise precision 1 / sigma^2, held fixed (e.g. the value from :func:`ard_fit`).
    max_iter : int, default=100
        Outer (weighted lasso) iterations.
    n_inner : int, default=5
        Passes of (13.173) per outer iteration (MLAPP's footnote 12 suggests a few).
    tol : float, default=1e-6
        Stop when no weight moves by more than ``tol`` (1 + max_i |w_i|).
    lasso_tol : float, default=1e-12
        Tolerance handed to the inner lasso solver.

    Returns
    -------
    ARDResult
        ``mean`` is the final w, ``alpha`` = lambda_i / |w_i|, ``sigma`` and ``well_determined`` the posterior at
        those alpha_i and ``beta``; ``scores`` the log evidence (7.85) at the alpha_i of each outer iteration.
    """
    from ._hal import _weighted_lasso

    Phi = check_array(Phi, "Phi")
    t = check_vector(t, "t")
    if len(t) != Phi.shape[0]:
        raise ValueError(f"t must have one entry per row of Phi ({Phi.shape[0]}), got {len(t)}")
    beta = check_real(beta, "beta", low=0.0, low_inclusive=False)
    max_iter = check_int(max_iter, "max_iter", low=1)
    n_inner = check_int(n_inner, "n_inner", low=1)
    tol = check_real(tol, "tol", low=0.0)
    lasso_tol = check_real(lasso_tol, "lasso_tol", low=0.0, low_inclusive=False)
    n, n_cols = Phi.shape
    usable = np.einsum("ij,ij->j", Phi, Phi) > 0
    lam = np.where(usable, 1.0, np.inf)  # an all-zero column keeps w_i = 0
    w = np.zeros(n_cols)
    scores = []
    converged = False
    n_iter = 0
    for it in range(max_iter):
        n_iter = it + 1
        # (13.172): min (1/2) ||t - Phi w||^2 + beta^{-1} sum_i lambda_i |w_i|
        w_new = _weighted_lasso(Phi, t, lam, 1.0 / beta, lasso_tol, 100_000)
        keep = w_new != 0
        for _ in range(n_inner):
            # (13.173): C = beta^{-1} I + Phi diag(|w_i| / lambda_i) Phi^T, lambda_i^2 = phi_i^T C^{-1} phi_i
            g = np.abs(w_new[keep]) / lam[keep]
            C = np.eye(n) / beta + (Phi[:, keep] * g) @ Phi[:, keep].T
            chol = linalg.cho_factor(C, lower=True, check_finite=False)
            lam_sq = np.einsum("ij,ij->j", Phi, linalg.cho_solve(chol, Phi, check_finite=False))
            lam = np.where(usable, np.sqrt(np.maximum(lam_sq, np.finfo(float).tiny)), np.inf)
        alpha = np.full(n_cols, np.inf)
        alpha[keep] = lam[keep] / np.abs(w_new[keep])
        scores.append(_log_evidence(Phi[:, keep], t, alpha[keep], beta))
        step = np.max(np.abs(w_new - w))
        w = w_new
        if it > 0 and step <= tol * (1.0 + np.max(np.abs(w))):
            converged = True
            break
    active = np.isfinite(alpha)
    if active.any():
        _, sigma, _ = _posterior(Phi[:, active], t, alpha[active], beta)
        gamma = 1.0 - alpha[active] * np.diag(sigma)
    else:
        sigma, gamma = np.zeros((0, 0)), np.zeros(0)
    return ARDResult(w, sigma, alpha, float(beta), active, gamma, np.array(scores), n_iter, converged)


class ARDClassifier(ClassifierMixin, BaseEstimator):
    """Logistic regression with an ARD prior on each weight (MLAPP 13.7.5), by the Laplace approximation.

    p(y = 1 | x, w) = sigma(w^T x + w_0) with w_i ~ N(0, alpha_i^{-1}). Each iteration finds the posterior mode
    by IRLS, approximates the posterior by the Gaussian there (Laplace), and re-estimates
    alpha_i = gamma_i / (w_i*)^2 with gamma_i = 1 - alpha_i Sigma_ii; no noise precision is needed. This is the
    relevance vector classifier (PRML 7.2.3, :class:`statlib.svm.RelevanceVectorClassifier`) with the features
    themselves as the basis functions instead of kernel columns, and it runs the same code. As MLAPP warns,
    the Laplace-EM scheme is not guaranteed to converge.

    Parameters
    ----------
    fit_intercept : bool, default=True
        Add a column of ones (its weight w_0 gets an ARD prior of its own, as the RVM's bias does).
    threshold_alpha : float, default=1e6
        Prune w_i once alpha_i reaches this value.
    max_iter : int, default=500
    tol : float, default=1e-3
        Stop when the mode changes by less than ``tol`` in the 1-norm.

    Attributes
    ----------
    classes_ : ndarray of shape (2,)
    coef_ : ndarray of shape (n_features,)
        The posterior mode w*; 0 for pruned features.
    intercept_ : float
    alpha_ : ndarray of shape (n_features,)
        Prior precisions; ``np.inf`` for pruned features.
    intercept_alpha_ : float
        Prior precision of the intercept (``np.inf`` if pruned or not fitted).
    active_ : ndarray of bool, shape (n_features,)
    sigma_ : ndarray
        Laplace covariance over the kept weights (features, then the intercept).
    scores_ : ndarray
        Laplace log evidence at each iteration.
    n_iter_ : int
    converged_ : bool

    Examples
    --------
    >>> import numpy as np
    >>> rng = np.random.default_rng(0)
    >>> X = rng.normal(size=(300, 6))
    >>> y = (X[:, 0] - 2 * X[:, 2] + 0.5 * rng.normal(size=300) > 0).astype(int)
    >>> model = ARDClassifier().fit(X, y)
    >>> np.flatnonzero(np.abs(model.coef_) > 0.5).tolist()  # the planted features; the others pruned or near 0
    [0, 2]
    >>> bool(model.coef_[0] > 0 > model.coef_[2])
    True
    """

    def __init__(self, fit_intercept=True, threshold_alpha=1e6, max_iter=500, tol=1e-3):
        self.fit_intercept = fit_intercept
        self.threshold_alpha = threshold_alpha
        self.max_iter = max_iter
        self.tol = tol

    def fit(self, X, y):
        """Fit to ``X`` (n_samples, n_features) and labels ``y`` of exactly two classes."""
        from ..svm._rvm import _binary_targets, _rvc_loop

        fit_intercept = check_bool(self.fit_intercept, "fit_intercept")
        threshold = check_real(self.threshold_alpha, "threshold_alpha", low=0.0, low_inclusive=False)
        max_iter = check_int(self.max_iter, "max_iter", low=1)
        tol = check_real(self.tol, "tol", low=0.0)
        X, y = validate_data(self, X, y, dtype=np.float64)
        check_scale(X, "X", small=True)  # the Laplace step needs Phi^T B Phi
        self.classes_, t = _binary_targets(y, "logistic ARD, MLAPP 13.7.5")
        Phi = np.column_stack([X, np.ones(len(X))]) if fit_intercept else X
        w, sigma, alpha, active, scores, n_iter, converged = _rvc_loop(Phi, t, max_iter, tol, threshold)
        if not converged:
            warnings.warn(
                f"ARDClassifier did not converge in max_iter={max_iter} iterations", ConvergenceWarning, stacklevel=2
            )
        d = X.shape[1]
        self.coef_ = w[:d] + 0.0
        self.intercept_ = float(w[d]) if fit_intercept else 0.0
        self.alpha_ = alpha[:d]
        self.intercept_alpha_ = float(alpha[d]) if fit_intercept else np.inf
        self.active_ = active[:d]
        self.sigma_ = sigma
        self.scores_ = scores
        self.n_iter_ = n_iter
        self.converged_ = converged
        return self

    def decision_function(self, X):
        """w*^T x + w_0; positive means ``classes_[1]``."""
        check_is_fitted(self, "coef_")
        X = validate_data(self, X, reset=False, dtype=np.float64)
        return X @ self.coef_ + self.intercept_

    def predict_proba(self, X):
        """sigma(w*^T x + w_0) for ``classes_[1]``, in column 1 (the mode's plug-in probability)."""
        p = expit(self.decision_function(X))
        return np.column_stack([1 - p, p])

    def predict(self, X):
        """``classes_[1]`` where w*^T x + w_0 > 0, else ``classes_[0]``."""
        check_is_fitted(self, "coef_")
        return self.classes_[(self.decision_function(X) > 0).astype(int)]

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.classifier_tags.multi_class = False  # binary logistic regression
        return tags
