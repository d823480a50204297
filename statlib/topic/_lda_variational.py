"""Latent Dirichlet allocation by variational EM: Li Hang Algorithms 20.4 and 20.5 (Blei, Ng & Jordan 2003).

The book's simplified model (Fig. 20.7) treats the topics phi (K x V) as parameters and alpha as a
hyperparameter to estimate; each document m gets the mean-field distribution
q(theta, z | gamma, eta) = Dir(theta | gamma) prod_n Mult(z_n | eta_n) (20.43). For a document the
updates of Algorithm 20.4 are

    eta_nk proportional to phi_{k, w_n} exp(Psi(gamma_k) - Psi(sum_l gamma_l))     (20.58)
    gamma_k = alpha_k + sum_n eta_nk                                                 (20.62)

(all occurrences of one word in a document share eta, so the sums run over the non-zero counts
weighted by n(w, d)). The M-step of Algorithm 20.5 sets phi_kv proportional to
sum_m sum_n eta_mnk [w_mn = v] (20.64, normalised over v: the printed denominator lacks sum_v) and
moves alpha by Newton's method (20.65)-(20.68) on the concave part of the bound that involves it.

Each E-step fits every document twice, from the book's start gamma_k = alpha_k + N/K and from the previous
iteration's gamma, and keeps the fit with the larger bound: the warm start alone makes the bound (20.44)
non-decreasing (tested), but on the planted-topic test corpus it left every run in a poor optimum, which
the book's fresh start avoids.
"""

import math
import warnings

import numpy as np
from numba import njit
from scipy.special import gammaln, polygamma, psi
from sklearn.base import BaseEstimator, TransformerMixin
from sklearn.exceptions import ConvergenceWarning
from sklearn.utils import check_random_state
from sklearn.utils.validation import check_is_fitted

from .._validation import check_bool, check_int, check_real
from ._counts import CountsInputMixin, check_counts
from ._lda import _check_prior

__all__ = ["VariationalLDA"]


@njit(cache=True)
def _digamma(x):
    """Psi(x) for x > 0: the recurrence Psi(x) = Psi(x + 1) - 1/x up to x >= 10, then the asymptotic
    series log x - 1/(2x) - sum B_2j / (2j x^2j) to the x^-10 term (error below 1e-13)."""
    r = 0.0
    while x < 10.0:
        r -= 1.0 / x
        x += 1.0
    f = 1.0 / (x * x)
    t = f * (-1.0 / 12.0 + f * (1.0 / 120.0 + f * (-1.0 / 252.0 + f * (1.0 / 240.0 + f * (-1.0 / 132.0)))))
    return r + math.log(x) - 0.5 / x + t


@njit(cache=True)
def _fit_document(
    start, stop, indices, data, phi_wk, alpha, lg_alpha_term, g, max_iter, tol, elog_theta, eta, new_gamma
):
    """Algorithm 20.4 for one document from the Dirichlet parameters ``g`` (K,), updated in place; the
    responsibilities of its words are left in ``eta`` (rows 0..stop-start-1). Returns (its bound, converged).

    Rounds of eta by (20.58) for every non-zero word, then gamma by (20.62), until the mean absolute
    change of gamma is below ``tol`` (at most ``max_iter`` rounds). The bound at the final (gamma, eta):
      log Gamma(sum alpha) - sum log Gamma(alpha_k)   (``lg_alpha_term``)
      + sum_k (alpha_k - gamma_k) E_k - log Gamma(sum gamma) + sum log Gamma(gamma_k)
      + sum_w n(w, d) sum_k eta_wk (E_k + log phi_kw - log eta_wk),
    with E_k = Psi(gamma_k) - Psi(sum gamma) = E_q[log theta_k]: the five terms (20.49)-(20.55).
    A word whose topics all give it probability zero (unseen by the fixed topics of ``transform``)
    gets eta = 0 and is ignored.
    """
    K = g.shape[0]
    converged = False
    for it in range(max_iter):
        gsum = 0.0
        for k in range(K):
            gsum += g[k]
        dg_sum = _digamma(gsum)
        for k in range(K):
            elog_theta[k] = math.exp(_digamma(g[k]) - dg_sum)
            new_gamma[k] = alpha[k]
        for j in range(start, stop):
            w = indices[j]
            s = 0.0
            for k in range(K):
                e = phi_wk[w, k] * elog_theta[k]
                eta[j - start, k] = e
                s += e
            if not s > 0.0:
                for k in range(K):
                    eta[j - start, k] = 0.0
                continue
            inv = 1.0 / s
            for k in range(K):
                eta[j - start, k] *= inv  # eq. (20.58), normalised
                new_gamma[k] += eta[j - start, k] * data[j]
        change = 0.0
        for k in range(K):
            change += abs(new_gamma[k] - g[k])
            g[k] = new_gamma[k]  # eq. (20.62)
        if change < tol * K:
            converged = True
            break
    gsum = 0.0
    term = lg_alpha_term
    for k in range(K):
        gsum += g[k]
        term += math.lgamma(g[k])
    term -= math.lgamma(gsum)
    dg_sum = _digamma(gsum)
    for k in range(K):
        e = _digamma(g[k]) - dg_sum
        elog_theta[k] = e
        term += (alpha[k] - g[k]) * e
    for j in range(start, stop):
        w = indices[j]
        n = data[j]
        for k in range(K):
            q = eta[j - start, k]
            if q > 0.0:
                term += n * q * (elog_theta[k] + math.log(phi_wk[w, k]) - math.log(q))
    return term, converged


@njit(cache=True)
def _e_step(
    indptr, indices, data, phi_wk, alpha, gamma, warm, max_iter, tol, suff, elog_theta, eta, eta_alt, new_gamma, g_alt
):
    """The E-step over all documents; returns (the bound (20.44) summed over documents, documents not converged).

    Each document is fitted by :func:`_fit_document` from the book's start gamma_k = alpha_k + n(d) / K
    (Algorithm 20.4) and, if ``warm``, also from its current ``gamma`` row; the fit with the larger bound
    is kept. The warm start makes the bound of an EM iteration at least the previous one (monotone EM);
    the fresh start lets a document leave a poor optimum when the topics have moved. ``gamma`` (D, K) is
    updated in place and ``suff`` (V, K), zeroed here, receives sum_d n(w, d) eta_dwk, the numerator of
    (20.64). ``elog_theta``, ``new_gamma``, ``g_alt`` (K,) and ``eta``, ``eta_alt`` (longest document, K)
    are scratch.
    """
    D, K = gamma.shape
    V = phi_wk.shape[0]
    for v in range(V):
        for k in range(K):
            suff[v, k] = 0.0
    alpha_sum = 0.0
    lg_alpha_term = 0.0
    for k in range(K):
        alpha_sum += alpha[k]
        lg_alpha_term -= math.lgamma(alpha[k])
    lg_alpha_term += math.lgamma(alpha_sum)
    bound = 0.0
    unconverged = 0
    for d in range(D):
        start, stop = indptr[d], indptr[d + 1]
        n_d = 0.0
        for j in range(start, stop):
            n_d += data[j]
        if warm:
            for k in range(K):
                g_alt[k] = gamma[d, k]
            term_alt, conv_alt = _fit_document(
                start,
                stop,
                indices,
                data,
                phi_wk,
                alpha,
                lg_alpha_term,
                g_alt,
                max_iter,
                tol,
                elog_theta,
                eta_alt,
                new_gamma,
            )
        for k in range(K):
            gamma[d, k] = alpha[k] + n_d / K
        term, conv = _fit_document(
            start,
            stop,
            indices,
            data,
            phi_wk,
            alpha,
            lg_alpha_term,
            gamma[d],
            max_iter,
            tol,
            elog_theta,
            eta,
            new_gamma,
        )
        best = eta
        if warm and term_alt > term:
            term, conv, best = term_alt, conv_alt, eta_alt
            for k in range(K):
                gamma[d, k] = g_alt[k]
        if not conv:
            unconverged += 1
        for j in range(start, stop):
            w = indices[j]
            for k in range(K):
                suff[w, k] += data[j] * best[j - start, k]
        bound += term
    return bound, unconverged


def _initial_topics(indptr, indices, data, K, V, rng):
    """phi_k from the word counts of one randomly chosen non-empty document plus one pseudo-count spread over
    the vocabulary and a uniform [0, 1) jitter of the same total mass (a "seeded" start, Blei et al. 2003)."""
    nonempty = np.flatnonzero(np.diff(indptr) > 0)
    chosen = nonempty[rng.randint(nonempty.shape[0], size=K)]
    phi = rng.random_sample((K, V)) / V + 1.0 / V
    for k, d in enumerate(chosen):
        phi[k, indices[indptr[d] : indptr[d + 1]]] += data[indptr[d] : indptr[d + 1]]
    return phi


def _lengths(indptr, data):
    """n(d) of every document from the CSR arrays."""
    D = indptr.shape[0] - 1
    return np.bincount(np.repeat(np.arange(D), np.diff(indptr)), weights=data, minlength=D)


def _alpha_objective(alpha, n_docs, stats):
    """The part of the bound that depends on alpha: M [log Gamma(sum alpha) - sum log Gamma(alpha_k)]
    + sum_k (alpha_k - 1) sum_m E_q[log theta_mk] (the first line of (20.65))."""
    return n_docs * (gammaln(alpha.sum()) - gammaln(alpha).sum()) + ((alpha - 1.0) * stats).sum()


def _newton_alpha(alpha, n_docs, stats, max_iter=50, tol=1e-10):
    """Newton's method (20.66)-(20.68) for alpha, with step halving so alpha stays positive and the
    concave objective :func:`_alpha_objective` increases. ``stats[k]`` = sum_m (Psi(gamma_mk) - Psi(sum_l gamma_ml))."""
    alpha = alpha.copy()
    value = _alpha_objective(alpha, n_docs, stats)
    for _ in range(max_iter):
        grad = n_docs * (psi(alpha.sum()) - psi(alpha)) + stats  # (20.66)
        hess = n_docs * (polygamma(1, alpha.sum()) - np.diag(polygamma(1, alpha)))  # (20.67)
        step = np.linalg.solve(hess, grad)
        t = 1.0
        for _ in range(60):
            candidate = alpha - t * step  # (20.68)
            if np.all(candidate > 0):
                new_value = _alpha_objective(candidate, n_docs, stats)
                if new_value >= value:
                    break
            t *= 0.5
        else:
            break
        done = np.max(np.abs(candidate - alpha)) < tol * np.max(alpha)
        alpha, value = candidate, new_value
        if done:
            break
    return alpha


class VariationalLDA(CountsInputMixin, TransformerMixin, BaseEstimator):
    """Latent Dirichlet allocation fitted by variational EM, Li Hang Algorithms 20.4-20.5.

    The E-step fits each document's variational Dirichlet gamma_m and word-topic responsibilities eta
    by coordinate ascent (Algorithm 20.4, eqs. (20.58), (20.62)); the M-step sets the topics phi by
    (20.64) and, if ``update_alpha``, alpha by Newton's method (20.65)-(20.68). The evidence lower
    bound (20.44) summed over the documents never decreases.

    Parameters
    ----------
    n_topics : int, default=10
        Number of topics K.
    alpha : float or array-like of shape (n_topics,), default=0.1
        Dirichlet parameter of theta (the starting value when ``update_alpha``).
    update_alpha : bool, default=True
        Estimate alpha in the M-step (Algorithm 20.5); otherwise keep it fixed.
    max_iter : int, default=100
        Maximum number of EM iterations (at least 1).
    tol : float, default=1e-6
        Stop when the bound changes by less than ``tol`` times its absolute value.
    e_step_max_iter : int, default=100
        Maximum rounds of (20.58)/(20.62) per document and E-step.
    e_step_tol : float, default=1e-6
        A document's E-step stops when the mean absolute change of gamma is below this.
    random_state : int, RandomState or None, default=None
        Seed of the initial topics: phi_k drawn uniform on [0, 1) per word and normalised.

    Attributes
    ----------
    components_ : ndarray of shape (n_topics, n_words)
        phi (20.64): row k is topic k's word distribution.
    gamma_ : ndarray of shape (n_documents, n_topics)
        The variational Dirichlet parameters of the training documents.
    doc_topic_ : ndarray of shape (n_documents, n_topics)
        E_q[theta] = gamma / sum(gamma); an empty document gets the prior mean alpha_ / sum(alpha_).
    alpha_ : ndarray of shape (n_topics,)
        The (estimated) Dirichlet parameter.
    bounds_ : ndarray of shape (n_iter_,)
        The bound (20.44) summed over documents after each E-step; non-decreasing.
    n_iter_ : int
    converged_ : bool
    n_features_in_ : int

    Notes
    -----
    Unlike the Gibbs sampler, the updates only use the counts as weights, so non-integer weights are
    accepted. On a small corpus whose documents each use one topic, estimating alpha drives it towards
    zero and the bound keeps creeping up (a ConvergenceWarning); fix alpha there. :meth:`transform` runs the E-step on
    new documents with phi and alpha fixed (from
    gamma_k = alpha_k + n(d) / K, the book's start) and returns gamma / sum(gamma).

    References
    ----------
    Li Hang, *Statistical Learning Methods*, 2nd ed., §20.4, Algorithms 20.4 and 20.5.
    D. M. Blei, A. Y. Ng, M. I. Jordan, Latent Dirichlet allocation, JMLR 3, 2003.

    Examples
    --------
    >>> import numpy as np
    >>> from statlib.topic import VariationalLDA
    >>> X = np.array([[5, 4, 0, 0], [4, 6, 0, 1], [0, 0, 5, 5], [0, 1, 6, 4]])
    >>> model = VariationalLDA(n_topics=2, update_alpha=False, random_state=0).fit(X)
    >>> model.doc_topic_.argmax(axis=1)
    array([0, 0, 1, 1])
    >>> bool(np.all(np.diff(model.bounds_) >= 0))
    True
    """

    def __init__(
        self,
        n_topics=10,
        *,
        alpha=0.1,
        update_alpha=True,
        max_iter=100,
        tol=1e-6,
        e_step_max_iter=100,
        e_step_tol=1e-6,
        random_state=None,
    ):
        self.n_topics = n_topics
        self.alpha = alpha
        self.update_alpha = update_alpha
        self.max_iter = max_iter
        self.tol = tol
        self.e_step_max_iter = e_step_max_iter
        self.e_step_tol = e_step_tol
        self.random_state = random_state

    def _check_hyperparameters(self):
        K = check_int(self.n_topics, "n_topics", low=1)
        return dict(
            K=K,
            alpha=_check_prior(self.alpha, "alpha", K),
            update_alpha=check_bool(self.update_alpha, "update_alpha"),
            max_iter=check_int(self.max_iter, "max_iter", low=1),
            tol=check_real(self.tol, "tol", low=0.0),
            e_max_iter=check_int(self.e_step_max_iter, "e_step_max_iter", low=1),
            e_tol=check_real(self.e_step_tol, "e_step_tol", low=0.0),
        )

    @staticmethod
    def _scratch(indptr, K, V):
        longest = max(int(np.max(np.diff(indptr))), 1)
        return dict(
            suff=np.empty((V, K)),
            elog_theta=np.empty(K),
            eta=np.empty((longest, K)),
            eta_alt=np.empty((longest, K)),
            new_gamma=np.empty(K),
            g_alt=np.empty(K),
        )

    def fit(self, X, y=None):
        """Fit phi (and alpha) by variational EM on the counts ``X`` (n_documents, n_words). ``y`` is ignored."""
        hp = self._check_hyperparameters()
        K, alpha = hp["K"], hp["alpha"].copy()
        indptr, indices, data, (D, V) = check_counts(X, "X", integer=False)
        rng = check_random_state(self.random_state)
        phi = _initial_topics(indptr, indices, data, K, V, rng)
        phi_wk = np.ascontiguousarray((phi / phi.sum(axis=1, keepdims=True)).T)
        gamma = alpha + _lengths(indptr, data)[:, None] / K  # Algorithm 20.4's start
        scratch = self._scratch(indptr, K, V)
        suff = scratch["suff"]
        bounds = []
        converged = False
        n_iter = 0
        for n_iter in range(1, hp["max_iter"] + 1):
            bound, _ = _e_step(
                indptr, indices, data, phi_wk, alpha, gamma, n_iter > 1, hp["e_max_iter"], hp["e_tol"], **scratch
            )
            bounds.append(bound)
            if len(bounds) > 1 and abs(bounds[-1] - bounds[-2]) <= hp["tol"] * abs(bounds[-1]):
                converged = True
                break
            if n_iter == hp["max_iter"]:
                break  # end on an E-step, so gamma_ belongs to components_ and alpha_
            totals = suff.sum(axis=0)
            phi_wk = suff / np.where(totals > 0, totals, 1.0)  # (20.64), normalised over the words
            phi_wk[:, totals == 0] = 1.0 / V
            phi_wk = np.ascontiguousarray(phi_wk)
            if hp["update_alpha"] and K > 1:  # with one topic theta = 1 whatever alpha is
                stats = (psi(gamma) - psi(gamma.sum(axis=1, keepdims=True))).sum(axis=0)
                alpha = _newton_alpha(alpha, D, stats)
        self.components_ = np.ascontiguousarray(phi_wk.T)
        self.alpha_ = alpha
        self.gamma_ = gamma
        self.doc_topic_ = gamma / gamma.sum(axis=1, keepdims=True)
        self.bounds_ = np.asarray(bounds)
        self.n_iter_ = n_iter
        self.converged_ = converged
        self.n_features_in_ = V
        if not converged:
            warnings.warn(
                f"VariationalLDA did not converge in max_iter={hp['max_iter']} iterations "
                f"(tol={hp['tol']:g}); increase max_iter or tol.",
                ConvergenceWarning,
                stacklevel=2,
            )
        return self

    def transform(self, X):
        """E_q[theta] of new documents by the E-step (Algorithm 20.4) with phi and alpha fixed."""
        check_is_fitted(self, "components_")
        hp = self._check_hyperparameters()
        indptr, indices, data, (D, V) = check_counts(
            X, "X", integer=False, n_words=self.n_features_in_, allow_all_empty=True, owner=type(self).__name__
        )
        K = self.components_.shape[0]
        gamma = self.alpha_ + _lengths(indptr, data)[:, None] / K
        _e_step(
            indptr,
            indices,
            data,
            np.ascontiguousarray(self.components_.T),
            self.alpha_,
            gamma,
            False,
            hp["e_max_iter"],
            hp["e_tol"],
            **self._scratch(indptr, K, V),
        )
        return gamma / gamma.sum(axis=1, keepdims=True)
