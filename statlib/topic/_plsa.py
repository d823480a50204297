"""Probabilistic latent semantic analysis, the generative model fitted by EM: Li Hang Algorithm 18.1.

The model (18.2) is P(w, d) = P(d) sum_z P(z | d) P(w | z). Its log-likelihood, up to the term
sum_d n(d) log P(d) that does not involve the parameters (P(d) is estimated by n(d) / sum_d n(d) directly), is

    L = sum_d sum_w n(w, d) log sum_k P(w | z_k) P(z_k | d)

(the unnumbered equation before (18.9)). One EM iteration is the E-step (18.11),
P(z_k | w, d) = P(w | z_k) P(z_k | d) / sum_l P(w | z_l) P(z_l | d), and the M-step (18.12)-(18.13),

    P(w | z_k) proportional to sum_d n(w, d) P(z_k | w, d),   P(z_k | d) = sum_w n(w, d) P(z_k | w, d) / n(d).

:func:`_em_iteration` does both in one pass over the non-zero counts only (the posterior of a pair (w, d)
with n(w, d) = 0 is never needed), so a D-by-W-by-K array of posteriors is never formed. The book writes
the word-by-document matrix; here ``X`` is documents by words, its transpose.
"""

import warnings

import numpy as np
from numba import njit
from sklearn.base import BaseEstimator, TransformerMixin
from sklearn.exceptions import ConvergenceWarning
from sklearn.utils import check_random_state
from sklearn.utils.validation import check_is_fitted

from .._validation import check_int, check_real, check_stochastic_matrix
from ._counts import CountsInputMixin, check_counts

__all__ = ["PLSA"]


@njit(cache=True)
def _document_estep(indptr, indices, data, p_w_z, p_z_d, d, post, acc_z, new_w_z, update_words):
    """The E-step (18.11) over the words of document ``d``, weighted by n(w, d) and accumulated.

    For each word w of d, ``post`` (K,) receives P(w | z_k) P(z_k | d); their sum is P(w | d). The
    weighted posteriors n(w, d) P(z_k | w, d) are added to ``acc_z`` (K,) (numerators of (18.13)) and, if
    ``update_words``, to row w of ``new_w_z`` (numerators of (18.12)). A word with P(w | d) = 0 (one the
    fixed P(w | z) of :meth:`PLSA.transform` never saw) carries no information about z and is skipped.
    Returns (sum_w n(w, d) log P(w | d), n(d) over the words used).
    """
    K = p_w_z.shape[1]
    loglik = 0.0
    n_d = 0.0
    for j in range(indptr[d], indptr[d + 1]):
        w = indices[j]
        n = data[j]
        s = 0.0
        for k in range(K):
            v = p_w_z[w, k] * p_z_d[d, k]
            post[k] = v
            s += v
        if not s > 0.0:
            continue
        loglik += n * np.log(s)
        n_d += n
        c = n / s
        for k in range(K):
            r = post[k] * c  # n(w, d) P(z_k | w, d), eq. (18.11)
            acc_z[k] += r
            if update_words:
                new_w_z[w, k] += r
    return loglik, n_d


@njit(cache=True)
def _em_iteration(indptr, indices, data, p_z_d, p_w_z, new_z_d, new_w_z, post, update_words):
    """One EM iteration of Algorithm 18.1 over the non-zeros of the CSR counts; returns L at the old parameters.

    ``p_z_d`` (D, K) holds P(z_k | d), ``p_w_z`` (W, K) holds P(w | z_k) (word-major, so the K values
    of one word are contiguous). :func:`_document_estep` forms the E-step (18.11) of each document and
    accumulates the numerators of (18.13) (``new_z_d``) and, if ``update_words``, of (18.12)
    (``new_w_z``). Then (18.13) divides by n(d) and (18.12) normalises over the words. A document with
    n(d) = 0 has no data about its topics: it gets the uniform P(z | d) = 1 / K. A topic whose column of
    (18.12) sums to zero (possible only by underflow) gets the uniform distribution over the words.
    """
    D, K = p_z_d.shape
    W = p_w_z.shape[0]
    if update_words:
        for w in range(W):
            for k in range(K):
                new_w_z[w, k] = 0.0
    loglik = 0.0
    for d in range(D):
        for k in range(K):
            new_z_d[d, k] = 0.0
        ll_d, n_d = _document_estep(indptr, indices, data, p_w_z, p_z_d, d, post, new_z_d[d], new_w_z, update_words)
        loglik += ll_d
        if n_d > 0.0:
            inv = 1.0 / n_d  # eq. (18.13)
            for k in range(K):
                new_z_d[d, k] *= inv
        else:
            for k in range(K):
                new_z_d[d, k] = 1.0 / K
    if update_words:
        for k in range(K):
            total = 0.0
            for w in range(W):
                total += new_w_z[w, k]
            if total > 0.0:  # eq. (18.12)
                inv = 1.0 / total
                for w in range(W):
                    new_w_z[w, k] *= inv
            else:
                for w in range(W):
                    new_w_z[w, k] = 1.0 / W
    return loglik


@njit(cache=True)
def _fold_in(indptr, indices, data, p_w_z, p_z_d, post, new, max_iter, tol):
    """Folding in (Hofmann 1999): (18.11) and (18.13) with P(w | z) fixed, one document at a time.

    Each row of ``p_z_d`` (D, K), starting from the uniform 1 / K, is iterated until the document's
    log-likelihood divided by n(d) changes by less than ``tol`` or ``max_iter`` iterations have run,
    so a document's answer does not depend on the other documents in ``X``. Pairs with
    sum_k P(w | z_k) P(z_k | d) = 0 (words the fitted model never saw) are skipped; a document with no
    usable words keeps 1 / K. ``post`` and ``new`` (K,) are scratch. Returns the number of documents
    that did not converge.
    """
    D, K = p_z_d.shape
    no_words = np.empty((0, K))  # P(w | z) stays fixed: nothing to accumulate
    unconverged = 0
    for d in range(D):
        for k in range(K):
            p_z_d[d, k] = 1.0 / K
        prev = -np.inf
        done = False
        for it in range(max_iter):
            for k in range(K):
                new[k] = 0.0
            loglik, n_d = _document_estep(indptr, indices, data, p_w_z, p_z_d, d, post, new, no_words, False)
            if n_d == 0.0:
                done = True
                break
            for k in range(K):
                p_z_d[d, k] = new[k] / n_d
            if abs(loglik - prev) < tol * n_d:
                done = True
                break
            prev = loglik
        if not done:
            unconverged += 1
    return unconverged


def _run_em(indptr, indices, data, p_z_d, p_w_z, max_iter, tol):
    """Iterate :func:`_em_iteration` from (p_z_d, p_w_z), updated in place. Returns (logliks, n_iter, converged).

    Stops when the log-likelihood divided by the number of word occurrences changes by less than ``tol``.
    """
    n_tokens = float(data.sum())
    new_z_d = np.empty_like(p_z_d)
    new_w_z = np.empty_like(p_w_z)
    post = np.empty(p_z_d.shape[1])
    logliks = []
    converged = False
    n_iter = 0
    for n_iter in range(1, max_iter + 1):
        logliks.append(_em_iteration(indptr, indices, data, p_z_d, p_w_z, new_z_d, new_w_z, post, True))
        p_z_d[...] = new_z_d
        p_w_z[...] = new_w_z
        if len(logliks) > 1 and abs(logliks[-1] - logliks[-2]) < tol * n_tokens:
            converged = True
            break
    return logliks, n_iter, converged


class PLSA(CountsInputMixin, TransformerMixin, BaseEstimator):
    """Probabilistic latent semantic analysis (the generative model) fitted by EM, Li Hang Algorithm 18.1.

    Each document d has a topic distribution P(z | d) and each topic z a word distribution P(w | z);
    a word occurrence in d is drawn by picking a topic from P(z | d) and a word from P(w | z) (18.2).
    EM maximises the likelihood of the counts n(w, d): the E-step (18.11) and the M-step (18.12)-(18.13)
    are run together over the non-zero counts (Hofmann 1999, 2001).

    Parameters
    ----------
    n_topics : int, default=2
        Number of topics K.
    max_iter : int, default=200
        Maximum number of EM iterations (at least 1).
    tol : float, default=1e-6
        Stop when the log-likelihood divided by the number of word occurrences changes by less than
        ``tol`` between iterations.
    random_state : int, RandomState or None, default=None
        Seed of the random start: P(w | z) then P(z | d), each drawn uniform on [0, 1) (a
        ``numpy.random.RandomState``'s ``random_sample``, first shape (K, W) then (D, K)) and
        normalised.
    topic_word_init : array-like of shape (n_topics, n_words), default=None
        Initial P(w | z) (rows are probability vectors); overrides the random start.
    doc_topic_init : array-like of shape (n_documents, n_topics), default=None
        Initial P(z | d) (rows are probability vectors); overrides the random start.

    Attributes
    ----------
    components_ : ndarray of shape (n_topics, n_words)
        P(w | z): row k is the word distribution of topic k.
    doc_topic_ : ndarray of shape (n_documents, n_topics)
        P(z | d) of the training documents. An empty document gets the uniform 1 / K.
    loglikelihoods_ : ndarray of shape (n_iter_,)
        L = sum n(w, d) log sum_k P(w | z_k) P(z_k | d) at the parameters entering each iteration;
        non-decreasing (EM).
    loglikelihood_ : float
        L at the final parameters.
    n_iter_ : int
    converged_ : bool
    n_features_in_ : int

    Notes
    -----
    The book's data matrix is words by documents; ``X`` here is its transpose (documents by words),
    scikit-learn's orientation. EM uses only the relative sizes of the counts, so non-negative
    non-integer weights (e.g. tf-idf) are accepted as well. :meth:`transform` "folds in" new
    documents (Hofmann 1999): EM over P(z | d) alone with P(w | z) fixed, from the uniform P(z | d),
    each document on its own (same ``max_iter`` and ``tol``, per document); words the fitted model
    gives probability zero are ignored.

    References
    ----------
    Li Hang, *Statistical Learning Methods*, 2nd ed., ch. 18, Algorithm 18.1.
    T. Hofmann, Probabilistic latent semantic analysis, UAI 1999; Unsupervised learning by
    probabilistic latent semantic analysis, Machine Learning 42, 2001.

    Examples
    --------
    >>> import numpy as np
    >>> from statlib.topic import PLSA
    >>> X = np.array([[2, 2, 1, 0], [2, 1, 1, 1], [4, 5, 2, 2], [3, 3, 0, 1]])  # Fig. 18.1, transposed
    >>> model = PLSA(n_topics=2, random_state=0).fit(X)
    >>> model.doc_topic_.shape, model.components_.shape
    ((4, 2), (2, 4))
    >>> bool(np.all(np.diff(model.loglikelihoods_) >= -1e-9))
    True
    """

    def __init__(
        self, n_topics=2, *, max_iter=200, tol=1e-6, random_state=None, topic_word_init=None, doc_topic_init=None
    ):
        self.n_topics = n_topics
        self.max_iter = max_iter
        self.tol = tol
        self.random_state = random_state
        self.topic_word_init = topic_word_init
        self.doc_topic_init = doc_topic_init

    def _check_hyperparameters(self):
        return (
            check_int(self.n_topics, "n_topics", low=1),
            check_int(self.max_iter, "max_iter", low=1),
            check_real(self.tol, "tol", low=0.0),
        )

    def fit(self, X, y=None):
        """Fit P(z | d) and P(w | z) to the counts ``X`` (n_documents, n_words) by EM. ``y`` is ignored."""
        K, max_iter, tol = self._check_hyperparameters()
        indptr, indices, data, (D, W) = check_counts(X, "X", integer=False)
        rng = check_random_state(self.random_state)
        if self.topic_word_init is None:
            start = rng.random_sample((K, W))
            p_w_z = np.ascontiguousarray((start / start.sum(axis=1, keepdims=True)).T)
        else:
            p_w_z = np.ascontiguousarray(
                check_stochastic_matrix(self.topic_word_init, "topic_word_init", shape=(K, W)).T
            )
        if self.doc_topic_init is None:
            start = rng.random_sample((D, K))
            p_z_d = start / start.sum(axis=1, keepdims=True)
        else:
            p_z_d = check_stochastic_matrix(self.doc_topic_init, "doc_topic_init", shape=(D, K)).copy()
        logliks, n_iter, converged = _run_em(indptr, indices, data, p_z_d, p_w_z, max_iter, tol)
        self.components_ = np.ascontiguousarray(p_w_z.T)
        self.doc_topic_ = p_z_d
        self.loglikelihoods_ = np.asarray(logliks)
        self.loglikelihood_ = float(
            _em_iteration(indptr, indices, data, p_z_d, p_w_z, np.empty_like(p_z_d), p_w_z, np.empty(K), False)
        )
        self.n_iter_ = n_iter
        self.converged_ = converged
        self.n_features_in_ = W
        if not converged:
            warnings.warn(
                f"PLSA did not converge in max_iter={max_iter} iterations (tol={tol:g}); increase max_iter or tol.",
                ConvergenceWarning,
                stacklevel=2,
            )
        return self

    def transform(self, X):
        """P(z | d) of the documents ``X`` by folding in: EM over each P(z | d) with P(w | z) fixed.

        Returns an array of shape (n_documents, n_topics); an empty document gets 1 / K.
        """
        check_is_fitted(self, "components_")
        K, max_iter, tol = self._check_hyperparameters()
        indptr, indices, data, (D, W) = check_counts(
            X, "X", integer=False, n_words=self.n_features_in_, allow_all_empty=True, owner=type(self).__name__
        )
        p_w_z = np.ascontiguousarray(self.components_.T)
        K = p_w_z.shape[1]
        p_z_d = np.empty((D, K))
        unconverged = _fold_in(indptr, indices, data, p_w_z, p_z_d, np.empty(K), np.empty(K), max_iter, tol)
        if unconverged:
            warnings.warn(
                f"PLSA.transform did not converge for {unconverged} document(s) in max_iter={max_iter} "
                f"iterations (tol={tol:g}).",
                ConvergenceWarning,
                stacklevel=2,
            )
        return p_z_d
