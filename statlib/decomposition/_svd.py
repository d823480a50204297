"""Singular value decomposition: Li Hang ch. 15 (Theorem 15.1's construction, §15.2) and truncated SVD.

:func:`svd` computes the full (15.1), compact (15.18) or truncated (15.19) SVD of a matrix exactly as the
proof of Theorem 15.1 and the procedure of §15.2 build it:

1. the symmetric matrix W = A^T A is diagonalised, V^T W V = Lambda, eigenvalues in decreasing order;
2. its unit eigenvectors are the right singular vectors, the columns of V (15.6);
3. sigma_j = sqrt(lambda_j) (15.5);
4. for the r positive singular values u_j = A v_j / sigma_j (15.12), and U_1 = [u_1 ... u_r] (15.13) is
   completed by an orthonormal basis U_2 of N(A^T) = R(A)^perp (15.16);
5. A = U Sigma V^T (15.17).

Singular vectors are unique only up to sign (and, for a repeated or zero singular value, up to a rotation
within its subspace; Li Hang §15.1.4 property (3)). :func:`svd` fixes one answer: every basis of a
repeated eigenspace, of N(A) and of N(A^T) is built by pivoted Gram-Schmidt from the standard basis
vectors projected onto that subspace (the kernel :func:`_projector_basis`), and every right singular
vector has its largest-magnitude entry positive (:func:`_sign_convention`); the left vectors of positive
singular values follow from (15.12). The answer therefore does not depend on the LAPACK or BLAS build.

:class:`TruncatedSVD` is the estimator of scikit-learn's signature for the samples-as-rows data matrix X
(the book's A is X^T): the leading k singular triplets by the randomised range finder of Halko,
Martinsson and Tropp (2011), by ARPACK (Lanczos, via SciPy) or by the construction of §15.2.
"""

import numbers

import numpy as np
from numba import njit
from scipy import linalg, sparse
from sklearn.base import BaseEstimator, ClassNamePrefixFeaturesOutMixin, TransformerMixin
from sklearn.utils import check_random_state
from sklearn.utils.sparsefuncs import mean_variance_axis
from sklearn.utils.validation import check_is_fitted

from .._validation import check_array, check_choice, check_int, check_real, validate_data
from ._pca import _svd_flip_rows

__all__ = ["svd", "TruncatedSVD"]

_KINDS = ("full", "compact", "truncated")


@njit(cache=True)
def _projector_basis(P, d):
    """An orthonormal basis (m x d) of the column space of the orthogonal projector ``P`` (m x m, rank d).

    Pivoted Gram-Schmidt over the columns P e_1, ..., P e_m: each step takes the column with the largest
    remaining norm (the lowest index among ties), normalises it and removes its direction from all the
    others (modified Gram-Schmidt, applied twice for orthogonality to working precision). The basis is a
    deterministic function of the subspace; e.g. it returns e_4 first for N(A^T) in Li Hang Example 15.1.
    """
    m = P.shape[0]
    R = P.copy()
    Q = np.zeros((m, d))
    # (15.16): u_{r+1}, ..., u_m, an orthonormal basis of N(A^T), from the columns of P = I - U_1 U_1^T.
    for k in range(d):
        best = 0
        top = -1.0
        for j in range(m):
            s = 0.0
            for i in range(m):
                s += R[i, j] * R[i, j]
            if s > top * (1.0 + 1e-10):  # ties (to round-off) go to the lowest index
                top = s
                best = j
        q = R[:, best].copy()
        for _ in range(2):  # re-orthogonalise against the vectors already chosen
            for p in range(k):
                c = 0.0
                for i in range(m):
                    c += Q[i, p] * q[i]
                for i in range(m):
                    q[i] -= c * Q[i, p]
        norm = np.sqrt(np.sum(q * q))
        for i in range(m):
            Q[i, k] = q[i] / norm
        for j in range(m):  # remove the new direction from every candidate column
            c = 0.0
            for i in range(m):
                c += Q[i, k] * R[i, j]
            for i in range(m):
                R[i, j] -= c * Q[i, k]
    return Q


def _canonical(Q):
    """The :func:`_projector_basis` of the span of the orthonormal columns of ``Q``."""
    return _projector_basis(Q @ Q.T, Q.shape[1])


def _complement(Q, m):
    """An orthonormal basis of the orthogonal complement of the span of the orthonormal columns of ``Q``."""
    d = m - Q.shape[1]
    if d == 0:
        return np.zeros((m, 0))
    return _projector_basis(np.eye(m) - Q @ Q.T, d)


def _sign_convention(U, Vt, r):
    """Make the largest-|entry| of every row of ``Vt`` positive (first among ties), flipping the matching
    column of U for the r positive singular values (so u_j = A v_j / sigma_j (15.12) keeps holding), and
    the largest-|entry| of every null-space column of U (columns r, ..., m-1) positive."""
    _svd_flip_rows(Vt, U[:, :r] if r else np.zeros((U.shape[0], 0)))
    if U.shape[1] > r:
        tail = np.ascontiguousarray(U[:, r:].T)
        _svd_flip_rows(tail, np.zeros((0, 0)))
        U[:, r:] = tail.T


def svd(A, kind="full", k=None, *, rtol=None):
    """The SVD of a real matrix, built as in the proof of Li Hang Theorem 15.1 and the procedure of §15.2.

    Parameters
    ----------
    A : array-like of shape (m, n)
        The matrix (the book's orientation: for data, features x samples). Any real m x n, m, n >= 1.
    kind : {"full", "compact", "truncated"}, default="full"
        ``"full"``: A = U Sigma V^T (15.1)-(15.2), U m x m, V n x n orthogonal, Sigma m x n rectangular
        diagonal (returned as its diagonal ``s`` of length p = min(m, n); build the rectangle with
        ``scipy.linalg.diagsvd(s, m, n)``). ``"compact"``: A = U_r Sigma_r V_r^T (15.18) with r = rank(A).
        ``"truncated"``: A ~ U_k Sigma_k V_k^T (15.19), the first k singular triplets.
    k : int or None
        The rank kept by ``kind="truncated"``, 1 <= k <= min(m, n) (the book asks 0 < k < r; k >= r is
        allowed and then pads with zero singular values). Must be None for the other kinds.
    rtol : float or None
        Eigenvalues lambda_j of A^T A with lambda_j <= rtol * lambda_1 count as zero, which fixes the rank r
        (15.4). Default ``max(m, n) * eps``, the round-off level of the eigenvalues of A^T A.

    Returns
    -------
    U : ndarray of shape (m, m), (m, r) or (m, k)
        Left singular vectors: u_j = A v_j / sigma_j (15.12) for sigma_j > 0, then an orthonormal basis of
        N(A^T) (15.16).
    s : ndarray of shape (p,), (r,) or (k,)
        Singular values sigma_1 >= sigma_2 >= ... >= 0, sigma_j = sqrt(lambda_j) (15.5); exact zeros
        beyond the rank.
    Vt : ndarray of shape (n, n), (r, n) or (k, n)
        Right singular vectors as rows: eigenvectors of A^T A (15.6), then an orthonormal basis of N(A)
        (15.8)-(15.9).

    Notes
    -----
    Sign convention: every right singular vector (row of ``Vt``) has its entry of largest magnitude
    positive, the first one if several tie; u_j follows from (15.12); the null-space columns of U have
    their largest-magnitude entry positive. Bases of repeated singular values and of the null spaces are
    chosen deterministically (pivoted Gram-Schmidt on the projected standard basis), so the result does
    not depend on the LAPACK build.

    Accuracy: forming A^T A squares the condition number (the book notes that practical algorithms avoid
    it, end of §15.2). Singular values near sigma_1 * sqrt(eps) or below lose relative accuracy; use
    ``scipy.linalg.svd`` when they matter.

    Examples
    --------
    >>> import numpy as np
    >>> from statlib.decomposition import svd
    >>> U, s, Vt = svd([[1.0, 1.0], [2.0, 2.0], [0.0, 0.0]])      # Li Hang Example 15.5
    >>> (s ** 2).round(10) + 0.0
    array([10.,  0.])
    """
    A = check_array(A, "A")
    check_choice(kind, "kind", _KINDS)
    m, n = A.shape
    p = min(m, n)
    if kind == "truncated":
        if k is None:
            raise ValueError("k must be given (an integer in [1, min(m, n)]) when kind='truncated'")
        k = check_int(k, "k", low=1, high=p)
    elif k is not None:
        raise ValueError(f"k is only used with kind='truncated'; got k={k!r} with kind={kind!r}")
    if rtol is None:
        rtol = max(m, n) * np.finfo(float).eps
    else:
        rtol = check_real(rtol, "rtol", low=0.0, high=1.0, low_inclusive=True, high_inclusive=False)

    # (1) W = A^T A and its eigen-decomposition, eigenvalues in decreasing order (15.4).
    W = A.T @ A
    W = 0.5 * (W + W.T)
    lam, V = linalg.eigh(W)
    lam, V = lam[::-1].copy(), V[:, ::-1].copy()
    top = max(lam[0], 0.0)
    positive = lam > rtol * top if top > 0 else np.zeros(n, dtype=bool)
    r = int(positive.sum())
    # (2) V = [V_1 V_2] (15.6): V_1 spans R(A^T); eigenvalues equal to round-off share one basis, made
    # canonical; V_2 is a canonical basis of N(A) = N(A^T A) (15.8)-(15.9).
    V1 = V[:, :r]
    start = 0
    while start < r:
        stop = start + 1
        while stop < r and lam[start] - lam[stop] <= 64 * n * np.finfo(float).eps * top:
            stop += 1
        if stop - start > 1:
            V1[:, start:stop] = _canonical(np.ascontiguousarray(V1[:, start:stop]))
        start = stop
    full = kind == "full"  # the null-space bases V_2, U_2 are needed only by the full SVD
    V = np.hstack([V1, _complement(np.ascontiguousarray(V1), n)]) if full else V1
    # (3) sigma_j = sqrt(lambda_j) (15.5); zero beyond the rank.
    s = np.zeros(p)
    s[:r] = np.sqrt(lam[:r])
    # Sign convention on V_1 before U_1 is formed from it.
    Vt = np.ascontiguousarray(V.T)
    _svd_flip_rows(Vt, np.zeros((0, 0)))
    # (4) u_j = A v_j / sigma_j (15.12), U_1 (15.13), completed by a basis of N(A^T) = R(A)^perp (15.16).
    U1 = (A @ Vt[:r].T) / s[:r]
    U = np.hstack([U1, _complement(np.ascontiguousarray(U1), m)]) if full else U1
    _sign_convention(U, Vt, r)
    if full:
        return U, s, Vt
    if kind == "compact":
        return np.ascontiguousarray(U), s[:r].copy(), np.ascontiguousarray(Vt)
    # Truncated: the first k triplets (15.19); beyond the rank, pad with sigma = 0 and basis vectors of the
    # null spaces, taken from the full construction.
    if k > r:
        Uf, _, Vtf = svd(A, "full", rtol=rtol)
        return np.ascontiguousarray(Uf[:, :k]), s[:k].copy(), np.ascontiguousarray(Vtf[:k])
    return np.ascontiguousarray(U[:, :k]), s[:k].copy(), np.ascontiguousarray(Vt[:k])


_ALGORITHMS = ("randomized", "arpack", "eigh")
_NORMALIZERS = ("auto", "QR", "LU", "none")


def _randomized_range_finder(A, size, n_iter, normalizer, rng):
    """Halko, Martinsson and Tropp (2011), Algorithm 4.3 with normalised power iterations (Algorithm 4.4):
    an orthonormal Q (n_rows x size) with A ~ Q Q^T A. The draws and the normalisation are those of
    scikit-learn's ``randomized_range_finder``."""
    Q = rng.normal(size=(A.shape[1], size))  # Gaussian test matrix Omega
    if normalizer == "auto":
        normalizer = "none" if n_iter <= 2 else "LU"
    for _ in range(n_iter):  # power iterations: Q <- (A A^T)^q A Omega, renormalised each half step
        Q = A @ Q
        if normalizer == "LU":
            Q = linalg.lu(Q, permute_l=True, check_finite=False)[0]
        elif normalizer == "QR":
            Q = linalg.qr(Q, mode="economic", check_finite=False)[0]
        Q = A.T @ Q
        if normalizer == "LU":
            Q = linalg.lu(Q, permute_l=True, check_finite=False)[0]
        elif normalizer == "QR":
            Q = linalg.qr(Q, mode="economic", check_finite=False)[0]
    Q, _ = linalg.qr(A @ Q, mode="economic", check_finite=False)  # Y = A Omega, Y = QR
    return Q


def _randomized_svd(A, k, *, n_oversamples=10, n_iter=5, power_iteration_normalizer="auto", random_state=None):
    """Rank-k truncated SVD (15.19) by random projection (Halko, Martinsson and Tropp 2011, Algorithms
    4.3/4.4 and 5.1).

    A Gaussian test matrix Omega (n x (k + p)) gives Y = (A A^T)^q A Omega, whose orthonormal basis Q
    captures the leading left singular subspace; the small matrix B = Q^T A is decomposed exactly,
    B = U_B Sigma V^T, and U = Q U_B. Returns ``(U, s, Vt)`` of shapes (m, k), (k,), (k, n), without a
    sign convention (the caller applies one).
    """
    m, n = A.shape
    transpose = m < n  # work with the smaller second dimension, as scikit-learn does
    M = A.T if transpose else A
    Q = _randomized_range_finder(M, k + n_oversamples, n_iter, power_iteration_normalizer, random_state)
    B = Q.T @ M
    Uhat, s, Vt = linalg.svd(B, full_matrices=False, lapack_driver="gesdd")
    U = Q @ Uhat
    if transpose:
        return Vt[:k].T, s[:k], U[:, :k].T
    return U[:, :k], s[:k], Vt[:k]


class TruncatedSVD(ClassNamePrefixFeaturesOutMixin, TransformerMixin, BaseEstimator):
    """Truncated SVD of a data matrix, Li Hang Definition 15.3 (15.19), with scikit-learn's signature.

    For X (n_samples x n_features; the book's A is X^T, features x samples), the rank-k truncated SVD is
    X ~ U_k Sigma_k V_k^T. ``components_`` holds V_k^T (k x n_features), ``transform(X)`` = X V_k
    (= U_k Sigma_k on the training data, Li Hang (15.22) Av_j = sigma_j u_j), and
    ``inverse_transform(Z)`` = Z V_k^T, so ``inverse_transform(transform(X))`` is the best rank-k
    approximation of X in the Frobenius norm (Theorem 15.3, (15.34)). Unlike PCA, X is not centred.

    ``X`` may be a dense array or a SciPy CSR/CSC sparse matrix (e.g. a term-document matrix, Li Hang
    ch. 17); the randomised and ARPACK algorithms never densify it.

    Parameters
    ----------
    n_components : int, default=2
        k, 1 <= k < n_features (k <= n_features for ``algorithm="randomized"`` or ``"eigh"``).
    algorithm : {"randomized", "arpack", "eigh"}, default="randomized"
        ``"randomized"``: the randomised range finder of Halko et al. (2011) (``_randomized_svd``),
        the same draws and normalisation as scikit-learn. ``"arpack"``: implicitly restarted Lanczos
        through ``scipy.sparse.linalg.svds``. ``"eigh"``: the construction of Li Hang §15.2
        (:func:`svd` with ``kind="truncated"``), exact up to round-off for the leading triplets.
    n_iter : int, default=5
        Power iterations of the randomised algorithm.
    n_oversamples : int, default=10
        Extra random vectors p of the randomised algorithm (Omega has k + p columns).
    power_iteration_normalizer : {"auto", "QR", "LU", "none"}, default="auto"
        Re-normalisation between power iterations ("auto": none if n_iter <= 2, else LU).
    random_state : int, RandomState instance or None, default=None
        Seeds the Gaussian test matrix (randomized) or the starting vector (arpack).
    tol : float, default=0.0
        ARPACK's tolerance (0: machine precision).

    Attributes
    ----------
    components_ : ndarray of shape (n_components, n_features)
        V_k^T, the right singular vectors; each row has its largest-magnitude entry positive.
    singular_values_ : ndarray of shape (n_components,)
        sigma_1 >= ... >= sigma_k.
    explained_variance_ : ndarray of shape (n_components,)
        The variance of each column of ``transform(X)``.
    explained_variance_ratio_ : ndarray of shape (n_components,)
        ``explained_variance_`` over the total variance of X's columns.
    n_features_in_ : int

    References
    ----------
    Li Hang, *Statistical Learning Methods*, 2nd ed., §15.1.2, §15.3.
    N. Halko, P.-G. Martinsson, J. A. Tropp (2011), Finding structure with randomness, SIAM Review 53(2).

    Examples
    --------
    >>> import numpy as np
    >>> from statlib.decomposition import TruncatedSVD
    >>> A = np.array([[1.0, 0, 0, 0], [0, 0, 0, 4], [0, 3, 0, 0], [0, 0, 0, 0], [2, 0, 0, 0]])
    >>> TruncatedSVD(2, algorithm="eigh").fit(A).singular_values_     # Li Hang Example 15.3
    array([4., 3.])
    """

    def __init__(self, n_components=2, *, algorithm="randomized", n_iter=5, n_oversamples=10,
                 power_iteration_normalizer="auto", random_state=None, tol=0.0):
        self.n_components = n_components
        self.algorithm = algorithm
        self.n_iter = n_iter
        self.n_oversamples = n_oversamples
        self.power_iteration_normalizer = power_iteration_normalizer
        self.random_state = random_state
        self.tol = tol

    def fit(self, X, y=None):
        """Compute the leading ``n_components`` singular triplets of ``X``. Returns ``self``."""
        self.fit_transform(X)
        return self

    def fit_transform(self, X, y=None):
        """Fit and return ``X V_k``, shape (n_samples, n_components)."""
        algorithm = check_choice(self.algorithm, "algorithm", _ALGORITHMS)
        if isinstance(self.n_components, (bool, np.bool_)) or not isinstance(self.n_components, numbers.Integral):
            raise TypeError(f"n_components must be an integer, got {self.n_components!r}")
        check_int(self.n_iter, "n_iter", low=0)
        check_int(self.n_oversamples, "n_oversamples", low=1)
        check_choice(self.power_iteration_normalizer, "power_iteration_normalizer", _NORMALIZERS)
        tol = check_real(self.tol, "tol", low=0.0)
        X = validate_data(self, X, dtype=np.float64, reset=True, ensure_min_features=2,
                          accept_sparse=["csr", "csc"])
        n, d = X.shape
        k = self.n_components
        if algorithm == "arpack":
            if k >= min(n, d):
                raise ValueError(f"n_components must be < min(n_samples, n_features) with algorithm='arpack' "
                                 f"(n_samples = {n}, n_features = {d}), got {k}")
        k = check_int(k, "n_components", low=1, high=d)
        rng = check_random_state(self.random_state)
        if (X.count_nonzero() if sparse.issparse(X) else np.count_nonzero(X)) == 0:
            # A zero matrix: every singular value is 0 and, as in svd(), V is the standard basis (ARPACK
            # cannot start from a zero Krylov vector).
            U, s, Vt = np.zeros((n, k)), np.zeros(k), np.eye(d)[:k].copy()
        elif algorithm == "randomized":
            U, s, Vt = _randomized_svd(X, k, n_oversamples=self.n_oversamples, n_iter=self.n_iter,
                                      power_iteration_normalizer=self.power_iteration_normalizer,
                                      random_state=rng)
            U, Vt = np.ascontiguousarray(U), np.ascontiguousarray(Vt)
            if len(s) < k:  # k > n_samples: pad with zero singular values and directions of N(X)
                extra = _complement(np.ascontiguousarray(Vt.T), d)[:, :k - len(s)]
                U = np.hstack([U, np.zeros((n, k - len(s)))])
                s = np.concatenate([s, np.zeros(k - len(s))])
                Vt = np.ascontiguousarray(np.vstack([Vt, extra.T]))
            _svd_flip_rows(Vt, U)
        elif algorithm == "arpack":
            from scipy.sparse.linalg import svds

            v0 = rng.uniform(-1, 1, min(X.shape))
            U, s, Vt = svds(X, k=k, tol=tol, v0=v0)
            U, s, Vt = np.ascontiguousarray(U[:, ::-1]), s[::-1].copy(), np.ascontiguousarray(Vt[::-1])
            _svd_flip_rows(Vt, U)
        else:
            # Li Hang §15.2 on A = X^T would need the eigenvectors of X X^T (n_samples x n_samples); the
            # same triplets come from the right singular vectors of X, the eigenvectors of X^T X.
            if k > min(n, d):
                raise ValueError(f"n_components must be <= min(n_samples, n_features) = {min(n, d)} with "
                                 f"algorithm='eigh', got {k}")
            U, s, Vt = svd(X.toarray() if sparse.issparse(X) else X, kind="truncated", k=k)
        self.components_ = Vt
        self.singular_values_ = s
        Z = np.asarray(X @ Vt.T) if algorithm != "eigh" else U * s
        self.explained_variance_ = np.var(Z, axis=0)
        total = mean_variance_axis(X, axis=0)[1].sum() if sparse.issparse(X) else np.var(X, axis=0).sum()
        with np.errstate(invalid="ignore", divide="ignore"):
            self.explained_variance_ratio_ = self.explained_variance_ / total if total > 0 else \
                np.zeros_like(self.explained_variance_)
        self._n_features_out = k
        return Z

    def transform(self, X):
        """Project ``X`` on the right singular vectors: ``X V_k``, shape (n_samples, n_components)."""
        check_is_fitted(self)
        X = validate_data(self, X, dtype=np.float64, reset=False, accept_sparse=["csr", "csc"])
        return np.asarray(X @ self.components_.T)

    def inverse_transform(self, X):
        """Map scores back: ``X V_k^T``, shape (n_samples, n_features)."""
        check_is_fitted(self)
        X = check_array(X, "X", min_cols=1)
        if X.shape[1] != self.components_.shape[0]:
            raise ValueError(f"X must have {self.components_.shape[0]} columns (n_components), got {X.shape[1]}")
        return X @ self.components_

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.transformer_tags.preserves_dtype = ["float64"]
        tags.input_tags.sparse = True
        return tags
