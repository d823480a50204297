"""Latent Dirichlet allocation by collapsed Gibbs sampling: Li Hang Algorithm 20.2 (Griffiths & Steyvers 2004).

The corpus is a list of tokens i = (m, n), the n-th word of document m, with word v = w_i and topic
z_i. Integrating out theta and phi gives p(w, z | alpha, beta) (20.26); its full conditional for one
token, with that token's own counts removed, is (20.29):

    p(z_i = k | z_{-i}, w) proportional to (n_kv + beta_v) / sum_v (n_kv + beta_v) * (n_mk + alpha_k).

The second factor's denominator sum_k (n_mk + alpha_k) = n_m - 1 + sum alpha is the same for every k
and is dropped. :func:`_gibbs_sweep` visits every token once, decrements its counts, samples the new
topic by inverting the cumulative sum of the K unnormalised weights at a uniform draw, and increments
the counts again (Algorithm 20.2, step 3 (a)-(c)). The uniforms of a sweep are drawn by NumPy before
the sweep from a generator seeded by ``random_state``, so the chain is bit-identical for a seed. The
estimates are (20.31) theta_mk = (n_mk + alpha_k) / sum_k (n_mk + alpha_k) and (20.33)
phi_kv = (n_kv + beta_v) / sum_v (n_kv + beta_v).

Layout and profile (2 000 documents, 5 000 words, K = 20, 300 000 tokens; one sweep timed alone): the
topic-word counts are kept word-major, ``n_wk`` of shape (V, K), so the K counts one token reads are
contiguous (the (K, V) layout measured the same within noise at this size, where the counts fit in
cache); counts are int32; the K reciprocals 1 / (n_k + sum beta) are
cached and only the two that change are recomputed per token (about 25% faster than dividing for every
topic). Sampling reuses one scratch array for the cumulative weights, allocating nothing per token; a
two-pass variant (weights, then a fast-math sum and a running scan) was no faster, so the sum stays in
exact left-to-right order. Drawing the uniforms of a sweep with NumPy costs about 5% of a sweep.
"""

import math
import zlib

import numpy as np
from numba import njit
from sklearn.base import BaseEstimator, TransformerMixin
from sklearn.utils import check_random_state
from sklearn.utils.validation import check_is_fitted

from .._validation import check_array, check_int, check_real
from ._counts import CountsInputMixin, check_counts

__all__ = ["LatentDirichletAllocation"]


@njit(cache=True)
def _count(doc, word, z, n_dk, n_wk, n_k):
    """Fill the counts n_mk (``n_dk``), n_kv (``n_wk``, word-major) and n_k from the assignments ``z``."""
    n_dk[:, :] = 0
    n_wk[:, :] = 0
    n_k[:] = 0
    for i in range(z.shape[0]):
        k = z[i]
        n_dk[doc[i], k] += 1
        n_wk[word[i], k] += 1
        n_k[k] += 1


@njit(cache=True)
def _gibbs_sweep(doc, word, z, n_dk, n_wk, n_k, alpha, beta, beta_sum, uniforms, cum, inv_den):
    """One sweep of collapsed Gibbs sampling over the tokens, Algorithm 20.2 step (3), in place.

    For token i in document d = ``doc[i]`` with word v = ``word[i]`` and topic k = ``z[i]``: remove it
    from n_dk, n_wk and n_k; form the cumulative sums c_t = sum_{s <= t} (n_vs + beta_v) (n_ds + alpha_s)
    / (n_s + sum beta) of the weights of (20.29) in ``cum`` (K,); take the first t with
    c_t > u_i c_{K-1} for the pre-drawn uniform u_i = ``uniforms[i]``; add the token back under t.
    ``inv_den`` (K,) is scratch for 1 / (n_t + sum beta). On return ``cum`` holds the cumulative
    weights of the last token visited.
    """
    K = n_k.shape[0]
    for t in range(K):
        inv_den[t] = 1.0 / (n_k[t] + beta_sum)
    for i in range(z.shape[0]):
        d = doc[i]
        v = word[i]
        k = z[i]
        n_dk[d, k] -= 1
        n_wk[v, k] -= 1
        n_k[k] -= 1
        inv_den[k] = 1.0 / (n_k[k] + beta_sum)
        b = beta[v]
        total = 0.0
        for t in range(K):
            total += (n_wk[v, t] + b) * (n_dk[d, t] + alpha[t]) * inv_den[t]
            cum[t] = total
        u = uniforms[i] * total
        t = 0
        while t < K - 1 and cum[t] <= u:
            t += 1
        z[i] = t
        n_dk[d, t] += 1
        n_wk[v, t] += 1
        n_k[t] += 1
        inv_den[t] = 1.0 / (n_k[t] + beta_sum)


@njit(cache=True)
def _fold_in(tok_ptr, word, z, phi_wk, alpha, uniforms, n_sweeps, theta, counts, cum):
    """Gibbs sampling of new documents with the topics fixed, one document at a time.

    The conditional is (20.29) with phi in place of its count estimate: p(z_i = k) proportional to
    phi_kv (n_dk + alpha_k), n_dk without token i. Document d owns tokens ``tok_ptr[d]:tok_ptr[d + 1]``
    (initial topics in ``z``) and the uniforms ``uniforms[tok_ptr[d] * n_sweeps:tok_ptr[d + 1] * n_sweeps]``,
    sweep by sweep. ``theta[d]`` receives (20.31) averaged over the sweeps of the second half; an
    empty document gets alpha / sum(alpha). ``counts`` and ``cum`` (K,) are scratch.
    """
    D, K = theta.shape
    alpha_sum = 0.0
    for k in range(K):
        alpha_sum += alpha[k]
    for d in range(D):
        start = tok_ptr[d]
        n = tok_ptr[d + 1] - start
        for k in range(K):
            counts[k] = 0
            theta[d, k] = 0.0
        if n == 0:
            for k in range(K):
                theta[d, k] = alpha[k] / alpha_sum
            continue
        for i in range(start, start + n):
            counts[z[i]] += 1
        kept = 0
        for s in range(n_sweeps):
            base = start * n_sweeps + s * n - start
            for i in range(start, start + n):
                v = word[i]
                counts[z[i]] -= 1
                total = 0.0
                for t in range(K):
                    total += phi_wk[v, t] * (counts[t] + alpha[t])
                    cum[t] = total
                u = uniforms[base + i] * total
                t = 0
                while t < K - 1 and cum[t] <= u:
                    t += 1
                z[i] = t
                counts[t] += 1
            if 2 * s >= n_sweeps - 1:
                kept += 1
                for k in range(K):
                    theta[d, k] += (counts[k] + alpha[k]) / (n + alpha_sum)
        for k in range(K):
            theta[d, k] /= kept


@njit(cache=True)
def _log_joint(n_dk, n_wk, n_k, alpha, beta):
    """log p(w, z | alpha, beta) of eq. (20.26), the quantity the ``lda`` package reports.

      sum_k [log Gamma(sum beta) - log Gamma(n_k + sum beta)
             + sum_v (log Gamma(n_kv + beta_v) - log Gamma(beta_v))]
    + sum_m [log Gamma(sum alpha) - log Gamma(n_m + sum alpha)
             + sum_k (log Gamma(n_mk + alpha_k) - log Gamma(alpha_k))],
    i.e. log prod_k B(n_k + beta) / B(beta) + log prod_m B(n_m + alpha) / B(alpha); zero counts add nothing.
    """
    D, K = n_dk.shape
    V = n_wk.shape[0]
    alpha_sum = 0.0
    for k in range(K):
        alpha_sum += alpha[k]
    beta_sum = 0.0
    for v in range(V):
        beta_sum += beta[v]
    ll = 0.0
    for k in range(K):
        ll += math.lgamma(beta_sum) - math.lgamma(n_k[k] + beta_sum)
    for v in range(V):
        lg_b = math.lgamma(beta[v])
        for k in range(K):
            c = n_wk[v, k]
            if c > 0:
                ll += math.lgamma(c + beta[v]) - lg_b
    lg_alpha_sum = math.lgamma(alpha_sum)
    for d in range(D):
        n_d = 0
        for k in range(K):
            c = n_dk[d, k]
            if c > 0:
                n_d += c
                ll += math.lgamma(c + alpha[k]) - math.lgamma(alpha[k])
        ll += lg_alpha_sum - math.lgamma(n_d + alpha_sum)
    return ll


def _tokens(indptr, indices, data):
    """The token list of CSR counts: document and word of every occurrence, document by document,
    words in column order within a document (as the ``lda`` package orders them)."""
    repeats = data.astype(np.int64)
    doc_of_nz = np.repeat(np.arange(indptr.shape[0] - 1, dtype=np.int32), np.diff(indptr))
    doc = np.repeat(doc_of_nz, repeats)
    word = np.repeat(indices.astype(np.int32), repeats)
    return np.ascontiguousarray(doc), np.ascontiguousarray(word)


def _check_token_count(data):
    """Refuse a corpus whose token list would not fit int32 indices (before allocating it)."""
    n_tokens = int(data.sum())
    if n_tokens > np.iinfo(np.int32).max:
        raise ValueError(f"X holds {n_tokens} word occurrences; at most {np.iinfo(np.int32).max} are supported")


def _check_prior(value, name, size):
    """A Dirichlet parameter: a positive scalar (symmetric prior) or a positive vector of length ``size``."""
    if np.ndim(value) == 0 and not isinstance(value, (str, bytes)):
        value = check_real(value, name, low=0.0, low_inclusive=False)
        return np.full(size, value)
    vec = check_array(value, name, ndim=1)
    if vec.shape[0] != size:
        raise ValueError(f"{name} must be a positive number or a vector of length {size}, got length {vec.shape[0]}")
    if np.any(vec <= 0):
        raise ValueError(f"{name} must have positive entries (a Dirichlet parameter)")
    return vec


class LatentDirichletAllocation(CountsInputMixin, TransformerMixin, BaseEstimator):
    """Latent Dirichlet allocation fitted by collapsed Gibbs sampling, Li Hang Algorithm 20.2.

    Topics phi_k ~ Dir(beta) and document topic proportions theta_m ~ Dir(alpha); each word occurrence
    of document m draws a topic z ~ theta_m and then a word w ~ phi_z (Algorithm 20.1). With theta and
    phi integrated out, the topic assignments are sampled one token at a time from (20.29)
    (Griffiths & Steyvers 2004); after ``n_iter`` sweeps theta and phi are estimated from the final
    sample by (20.31) and (20.33).

    Parameters
    ----------
    n_topics : int, default=10
        Number of topics K.
    alpha : float or array-like of shape (n_topics,), default=0.1
        Dirichlet parameter of theta_m (a scalar gives the symmetric prior).
    beta : float or array-like of shape (n_words,), default=0.01
        Dirichlet parameter of phi_k (the ``lda`` package's ``eta``).
    n_iter : int, default=200
        Number of Gibbs sweeps over all tokens (at least 1).
    random_state : int, RandomState or None, default=None
        Seeds the initial topics (uniform on 0..K-1, Algorithm 20.2 step (2)) and the uniforms of
        every sweep; the same seed gives a bit-identical chain.
    evaluate_every : int, default=10
        Record :meth:`loglikelihood` of the current sample after sweeps 1, 1 + evaluate_every, ...
        and after the last sweep, in ``loglikelihoods_`` (0: only after the last sweep).
    transform_iter : int, default=50
        Gibbs sweeps :meth:`transform` runs on new documents.

    Attributes
    ----------
    components_ : ndarray of shape (n_topics, n_words)
        phi, eq. (20.33): row k is topic k's word distribution.
    doc_topic_ : ndarray of shape (n_documents, n_topics)
        theta, eq. (20.31). An empty document gets the prior mean alpha / sum(alpha).
    topic_word_counts_ : ndarray of int32, shape (n_topics, n_words)
        n_kv of the final sample.
    doc_topic_counts_ : ndarray of int32, shape (n_documents, n_topics)
        n_mk of the final sample.
    topic_assignments_ : ndarray of int32, shape (n_tokens,)
        z of the final sample, tokens ordered by document and then by word index.
    loglikelihoods_ : ndarray
        log p(w, z) (20.26) after the sweeps listed in ``loglikelihood_sweeps_``.
    loglikelihood_sweeps_ : ndarray of int
    n_iter_ : int
        Sweeps run (= ``n_iter``; a Gibbs sampler has no convergence test, so none is warned about).
    n_features_in_ : int

    Notes
    -----
    ``X`` is documents by words (the book's word sequences w_m are the rows' counts expanded into
    tokens, in column order). :meth:`transform` runs ``transform_iter`` Gibbs sweeps on the new
    documents with phi fixed at ``components_``, p(z_i = k) proportional to phi_kv (n_mk + alpha_k),
    and returns (20.31) averaged over the samples of the second half of the sweeps; an empty document
    gets alpha / sum(alpha). Each new document's random stream is seeded by ``random_state`` and by
    its own counts, so its answer does not depend on which documents are transformed with it.
    ``fit_transform`` is ``fit`` followed by ``transform`` (use ``doc_topic_`` for the fitted
    sample's theta).

    References
    ----------
    Li Hang, *Statistical Learning Methods*, 2nd ed., ch. 20, §20.3, Algorithm 20.2.
    T. L. Griffiths, M. Steyvers, Finding scientific topics, PNAS 101 (suppl. 1), 2004.
    D. M. Blei, A. Y. Ng, M. I. Jordan, Latent Dirichlet allocation, JMLR 3, 2003.

    Examples
    --------
    >>> import numpy as np
    >>> from statlib.topic import LatentDirichletAllocation
    >>> X = np.array([[5, 4, 0, 0], [4, 6, 0, 1], [0, 0, 5, 5], [0, 1, 6, 4]])
    >>> lda = LatentDirichletAllocation(n_topics=2, n_iter=50, random_state=0).fit(X)
    >>> lda.components_.shape, lda.doc_topic_.shape
    ((2, 4), (4, 2))
    >>> bool(np.allclose(lda.components_.sum(axis=1), 1.0))
    True
    """

    def __init__(
        self, n_topics=10, *, alpha=0.1, beta=0.01, n_iter=200, random_state=None, evaluate_every=10, transform_iter=50
    ):
        self.n_topics = n_topics
        self.alpha = alpha
        self.beta = beta
        self.n_iter = n_iter
        self.random_state = random_state
        self.evaluate_every = evaluate_every
        self.transform_iter = transform_iter

    def _check_hyperparameters(self):
        K = check_int(self.n_topics, "n_topics", low=1)
        return dict(
            K=K,
            alpha=_check_prior(self.alpha, "alpha", K),
            n_iter=check_int(self.n_iter, "n_iter", low=1),
            evaluate_every=check_int(self.evaluate_every, "evaluate_every", low=0),
            transform_iter=check_int(self.transform_iter, "transform_iter", low=1),
        )

    @staticmethod
    def _generator(random_state):
        """A NumPy Generator seeded from ``random_state`` (int, RandomState or None)."""
        return np.random.default_rng(check_random_state(random_state).randint(np.iinfo(np.int32).max))

    def fit(self, X, y=None):
        """Run ``n_iter`` sweeps of collapsed Gibbs sampling on the counts ``X`` (n_documents, n_words)."""
        hp = self._check_hyperparameters()
        K, alpha = hp["K"], hp["alpha"]
        indptr, indices, data, (D, V) = check_counts(X, "X", integer=True)
        beta = _check_prior(self.beta, "beta", V)
        beta_sum = float(beta.sum())
        _check_token_count(data)
        doc, word = _tokens(indptr, indices, data)
        n_tokens = doc.shape[0]
        rng = self._generator(self.random_state)
        z = rng.integers(0, K, size=n_tokens, dtype=np.int32)  # Algorithm 20.2 step (2): z ~ Mult(1/K)
        n_dk = np.zeros((D, K), dtype=np.int32)
        n_wk = np.zeros((V, K), dtype=np.int32)
        n_k = np.zeros(K, dtype=np.int32)
        _count(doc, word, z, n_dk, n_wk, n_k)
        uniforms = np.empty(n_tokens)
        cum = np.empty(K)
        inv_den = np.empty(K)
        logliks, sweeps = [], []
        every = hp["evaluate_every"]
        for sweep in range(1, hp["n_iter"] + 1):
            rng.random(out=uniforms)
            _gibbs_sweep(doc, word, z, n_dk, n_wk, n_k, alpha, beta, beta_sum, uniforms, cum, inv_den)
            if sweep == hp["n_iter"] or (every and (sweep - 1) % every == 0):
                logliks.append(_log_joint(n_dk, n_wk, n_k, alpha, beta))
                sweeps.append(sweep)
        self.doc_topic_counts_ = n_dk
        self.topic_word_counts_ = np.ascontiguousarray(n_wk.T)
        self.topic_assignments_ = z
        self.components_ = (self.topic_word_counts_ + beta) / (n_k + beta_sum)[:, None]  # (20.33)
        self.doc_topic_ = (n_dk + alpha) / (n_dk.sum(axis=1) + alpha.sum())[:, None]  # (20.31)
        self.loglikelihoods_ = np.asarray(logliks)
        self.loglikelihood_sweeps_ = np.asarray(sweeps)
        self.n_iter_ = hp["n_iter"]
        self.n_features_in_ = V
        self._alpha = alpha
        self._beta = beta
        return self

    def loglikelihood(self):
        """log p(w, z | alpha, beta), eq. (20.26), of the final sample (as ``lda.LDA.loglikelihood()``)."""
        check_is_fitted(self, "components_")
        n_wk = np.ascontiguousarray(self.topic_word_counts_.T)
        return float(
            _log_joint(self.doc_topic_counts_, n_wk, n_wk.sum(axis=0, dtype=np.int32), self._alpha, self._beta)
        )

    def transform(self, X):
        """theta of new documents by Gibbs sampling with phi fixed; shape (n_documents, n_topics)."""
        check_is_fitted(self, "components_")
        hp = self._check_hyperparameters()
        alpha = self._alpha
        indptr, indices, data, (D, V) = check_counts(
            X, "X", integer=True, n_words=self.n_features_in_, allow_all_empty=True, owner=type(self).__name__
        )
        K = self.components_.shape[0]
        _check_token_count(data)
        doc, word = _tokens(indptr, indices, data)
        sweeps = hp["transform_iter"]
        tok_ptr = np.zeros(D + 1, dtype=np.int64)
        np.cumsum(np.bincount(doc, minlength=D), out=tok_ptr[1:])
        z = np.empty(doc.shape[0], dtype=np.int32)
        uniforms = np.empty(doc.shape[0] * sweeps)
        base_seed = int(check_random_state(self.random_state).randint(np.iinfo(np.int32).max))
        for d in range(D):
            start, stop = tok_ptr[d], tok_ptr[d + 1]
            if stop == start:
                continue
            # Each document's stream is seeded by random_state and by the document itself, so its
            # answer does not depend on the other documents transformed with it, nor on their order.
            key = zlib.crc32(indices[indptr[d] : indptr[d + 1]].tobytes() + data[indptr[d] : indptr[d + 1]].tobytes())
            rng = np.random.default_rng([base_seed, key])
            z[start:stop] = rng.integers(0, K, size=stop - start, dtype=np.int32)
            uniforms[start * sweeps : stop * sweeps] = rng.random((stop - start) * sweeps)
        theta = np.empty((D, K))
        _fold_in(
            tok_ptr,
            word,
            z,
            np.ascontiguousarray(self.components_.T),
            alpha,
            uniforms,
            sweeps,
            theta,
            np.empty(K, dtype=np.int64),
            np.empty(K),
        )
        return theta
