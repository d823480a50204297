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
vectors projected onto that subspace (the kernel :func:`_complement_basis`), and every right singular
vector has its largest-magnitude entry positive, the first of several equal to a relative 1e-10
(``_signs._flip_signs`` with a tie tolerance); the left vectors of positive singular values follow from
(15.12). The answer therefore does not depend on the LAPACK or BLAS build.

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

from .._validation import check_array, check_choice, check_int, check_real, check_scale, validate_data
from ._signs import _flip_signs

__all__ = ["svd", "TruncatedSVD"]

_KINDS = ("full", "compact", "truncated")


_TIE_RTOL = 1e-10  # relative tolerance within which two magnitudes count as tied (round-off level)


@njit(cache=True)
def _complement_basis(U, out, tie_rtol):
    """Fill the d columns of ``out`` (m x d; Fortran order keeps the writes contiguous) with the first d
    vectors of the canonical orthonormal basis of the orthogonal complement of the span of the orthonormal
    columns of ``U`` (m x r), each with the sign rule of :func:`_flip_signs` (entry of largest magnitude
    positive, the first of several within ``tie_rtol``).

    The canonical basis is pivoted Gram-Schmidt over the projected standard basis P e_1, ..., P e_m,
    P = I - U U^T: each step takes the e_j whose remaining component (orthogonal to U and to the vectors
    already chosen) is longest -- the lowest index j among those within ``tie_rtol`` of the longest -- and
    normalises that component. It is a function of the subspace only; e.g. it returns e_4 first for N(A^T)
    in Li Hang Example 15.1.

    The chosen vectors never need to be orthogonalised explicitly. If J is the set of rows already pivoted
    and F the rest, the remaining component of e_j (j in F) is zero on J and equals
    e_j - U_F M^{-1} u_j on F, with M = U_F^T U_F (r x r) and u_j the j-th row of U; its squared length is
    1 - u_j M^{-1} u_j^T. Removing a row from F is a rank-one change of M (Sherman-Morrison), so each step
    costs O(m r) and the whole basis O(m d r), the cost of LAPACK's Householder completion.
    """
    m, r = U.shape
    d = out.shape[1]
    Minv = np.eye(r)  # (U_F^T U_F)^{-1}; F = all rows and U^T U = I at the start
    c = np.zeros(m)  # c_j = u_j M^{-1} u_j^T; the remaining squared length of e_j is 1 - c_j
    for j in range(m):
        for p in range(r):
            c[j] += U[j, p] * U[j, p]
    free = np.ones(m, dtype=np.bool_)
    w = np.zeros(r)
    z = np.zeros(m)
    for k in range(d):
        top = -1.0
        for j in range(m):
            if free[j] and 1.0 - c[j] > top:
                top = 1.0 - c[j]
        best = -1
        for j in range(m):  # ties (to round-off) go to the lowest index
            if free[j] and 1.0 - c[j] >= top * (1.0 - tie_rtol):
                best = j
                break
        for p in range(r):  # w = M^{-1} u_best
            s = 0.0
            for q in range(r):
                s += Minv[p, q] * U[best, q]
            w[p] = s
        length2 = 1.0
        for p in range(r):
            length2 -= U[best, p] * w[p]
        for i in range(m):  # z = U w, so the new vector is (e_best - z) on F, 0 on J
            s = 0.0
            for p in range(r):
                s += U[i, p] * w[p]
            z[i] = s
        # (15.16): the next u_j of N(A^T) = R(A)^perp is e_best minus its projection, normalised.
        length = np.sqrt(length2)
        for i in range(m):
            out[i, k] = -z[i] / length if free[i] else 0.0
        out[best, k] = (1.0 - z[best]) / length
        free[best] = False
        big = 0.0  # sign rule: the first entry within tie_rtol of the largest |entry| is made positive
        for i in range(m):
            big = max(big, abs(out[i, k]))
        for i in range(m):
            if abs(out[i, k]) >= big * (1.0 - tie_rtol):
                if out[i, k] < 0:
                    for i2 in range(m):
                        out[i2, k] = -out[i2, k]
                break
        for p in range(r):  # Sherman-Morrison: (M - u u^T)^{-1} = M^{-1} + w w^T / (1 - u^T w)
            for q in range(r):
                Minv[p, q] += w[p] * w[q] / length2
        for i in range(m):  # the remaining lengths drop by the new vector's entries squared
            if free[i]:
                c[i] += z[i] * z[i] / length2


def _complement(Q, d=None, out=None):
    """The first ``d`` (default: all m - r) vectors of the canonical basis of span(Q)^perp, written into
    ``out`` (m x d) if given, else into a new Fortran-ordered array."""
    m, r = Q.shape
    d = m - r if d is None else d
    if out is None:
        out = np.zeros((m, d), order="F")
    if d > 0:
        _complement_basis(np.ascontiguousarray(Q), out, _TIE_RTOL)
    return out


def _svd_from_gram(A, W, kind, k, rtol):
    """:func:`svd` after validation: ``A`` (m x n, dense or SciPy sparse) and its Gram matrix W = A^T A
    (dense n x n)."""
    m, n = A.shape
    p = min(m, n)
    # (1) W = A^T A and its eigen-decomposition, eigenvalues in decreasing order (15.4).
    W = 0.5 * (W + W.T)
    lam, V = linalg.eigh(W)
    lam, V = lam[::-1].copy(), V[:, ::-1].copy()
    top = max(lam[0], 0.0)
    # sigma_j <= rtol * sigma_1  <=>  lambda_j <= rtol^2 * lambda_1 counts as zero: this fixes r (15.4).
    positive = lam > rtol**2 * top if top > 0 else np.zeros(n, dtype=bool)
    r = min(int(positive.sum()), p)  # rank(A) <= min(m, n), whatever the round-off in the small eigenvalues
    # (2) V = [V_1 V_2] (15.6): V_1 spans R(A^T); eigenvalues equal to round-off share one basis, made
    # canonical (the canonical basis of a block is the complement of the other eigenvectors); V_2 is the
    # canonical basis of N(A) = N(A^T A) (15.8)-(15.9).
    V1 = V[:, :r].copy()
    start = 0
    while start < r:
        stop = start + 1
        while stop < r and lam[start] - lam[stop] <= 64 * n * np.finfo(float).eps * top:
            stop += 1
        if stop - start > 1:
            V1[:, start:stop] = _complement(np.hstack([V[:, :start], V[:, stop:]]))
        start = stop
    # The null-space bases V_2, U_2 are needed by the full SVD, and by a truncated one with k > r.
    extra = {"full": n - r, "compact": 0, "truncated": max(k - r, 0) if k is not None else 0}[kind]
    V = np.hstack([V1, _complement(V1, min(extra, n - r))]) if extra else V1
    # (3) sigma_j = sqrt(lambda_j) (15.5); zero beyond the rank.
    s = np.zeros(p)
    s[:r] = np.sqrt(lam[:r])
    # Sign convention on V before U_1 is formed from it.
    Vt = np.ascontiguousarray(V.T)
    _flip_signs(Vt, tie_rtol=_TIE_RTOL)
    # (4) u_j = A v_j / sigma_j (15.12), U_1 (15.13), completed by a basis of N(A^T) = R(A)^perp (15.16).
    U1 = np.asarray(A @ Vt[:r].T) / s[:r]
    extra = {"full": m - r, "compact": 0, "truncated": max(k - r, 0) if k is not None else 0}[kind]
    if extra:  # U = [U_1 U_2], U_2 written in place (Fortran order: one contiguous column per vector)
        U = np.empty((m, r + extra), order="F")
        U[:, :r] = U1
        _complement(U1, extra, out=U[:, r:])
    else:
        U = U1
    if kind == "full":
        return U, s, Vt
    if kind == "compact":
        return np.ascontiguousarray(U), s[:r].copy(), Vt
    # Truncated: the first k triplets (15.19); beyond the rank, sigma = 0 and null-space basis vectors.
    return np.ascontiguousarray(U[:, :k]), s[:k].copy(), np.ascontiguousarray(Vt[:k])


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
        Relative threshold on the singular values, as ``numpy.linalg.matrix_rank``'s ``rtol``: sigma_j with
        sigma_j <= rtol * sigma_1 count as zero, which fixes the rank r (15.4); r is at most min(m, n).
        0 <= rtol < 1. Default ``8 * sqrt(max(m, n) * eps)`` (about 1.2e-7 * sqrt(max(m, n))): sigma_j is
        computed as sqrt(lambda_j) from the eigenvalues of A^T A, whose round-off is up to a small multiple of
        max(m, n) * eps * lambda_1, so singular values below about sqrt(eps) * sigma_1 are not resolved, and
        the default keeps a margin above that noise (numpy's default max(m, n) * eps assumes an SVD of A
        itself).

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
    positive -- the first of them if several are equal to a relative 1e-10, so that round-off in the
    eigensolver cannot decide a tie such as (1, -1)/sqrt(2); u_j follows from (15.12); the null-space
    columns of U obey the same rule. Bases of repeated singular values and of the null spaces are chosen
    deterministically (pivoted Gram-Schmidt on the projected standard basis, ties again to a relative
    1e-10), so the result does not depend on the LAPACK build. The full SVD of an m x n matrix of rank r
    costs O(m n^2 + n^3) for A^T A and its eigenvectors plus O(m^2 r) for the completion of U.

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
    A = check_scale(check_array(A, "A"), "A")  # the construction goes through A^T A
    check_choice(kind, "kind", _KINDS)
    m, n = A.shape
    if kind == "truncated":
        if k is None:
            raise ValueError("k must be given (an integer in [1, min(m, n)]) when kind='truncated'")
        k = check_int(k, "k", low=1, high=min(m, n))
    elif k is not None:
        raise ValueError(f"k is only used with kind='truncated'; got k={k!r} with kind={kind!r}")
    if rtol is None:
        rtol = np.sqrt(64 * max(m, n) * np.finfo(float).eps)  # lambda_j <= 64 max(m, n) eps lambda_1 is noise
    else:
        rtol = check_real(rtol, "rtol", low=0.0, high=1.0, low_inclusive=True, high_inclusive=False)
    return _svd_from_gram(A, A.T @ A, kind, k, rtol)


@njit(cache=True)
def _shifted_moments(X, shift, sums, squares):
    """sums_j += sum_i (X_ij - shift_j) and squares_j += sum_i (X_ij - shift_j)^2, in one pass over the rows."""
    n, m = X.shape
    for i in range(n):
        for j in range(m):
            v = X[i, j] - shift[j]
            sums[j] += v
            squares[j] += v * v


def _total_variance(X):
    """sum_j Var(X_j) (ddof 0) of a dense X, what ``np.var(X, axis=0).sum()`` gives.

    The corrected two-pass algorithm (Chan, Golub and LeVeque 1983): the column means first, then one compiled pass
    for the sums of d = x - mean and of d^2, and Var_j = mean(d^2) - mean(d)^2, where the second term corrects the
    rounding of the mean. For a C-ordered X both passes read it row by row and copy nothing, whereas np.var forms a
    centred n x m copy; any other layout is left to np.var."""
    if not X.flags.c_contiguous:
        return float(np.var(X, axis=0).sum())
    n, m = X.shape
    mean = X.sum(axis=0) / n
    sums, squares = np.zeros(m), np.zeros(m)
    _shifted_moments(X, mean, sums, squares)
    drift = sums / n
    return float(np.sum(np.maximum(squares / n - drift * drift, 0.0)))


_ALGORITHMS = ("randomized", "arpack", "eigh")
_NORMALIZERS = ("auto", "QR", "LU", "none")


def _randomized_range_finder(A, size, n_iter, normalizer, rng):
    """Halko, Martinsson and Tropp (2011), Algorithm 4.3 with normalised power iterations (Algorithm 4.4):
    an orthonormal Q (n_rows x size) with A ~ Q Q^T A. The draws and the normalisation are those of
    scikit-learn's ``randomized_range_finder``."""
    Q = rng.normal(size=(A.shape[1], size))  # Gaussian test matrix Omega
    if normalizer == "auto":
        normalizer = "none" if n_iter <= 2 else "LU"
    # Every product below is a new array that nothing else holds, so the factorisations may work in it (overwrite_a)
    # instead of copying it first; they return the same numbers.
    for _ in range(n_iter):  # power iterations: Q <- (A A^T)^q A Omega, renormalised each half step
        Q = A @ Q
        if normalizer == "LU":
            Q = linalg.lu(Q, permute_l=True, check_finite=False, overwrite_a=True)[0]
        elif normalizer == "QR":
            Q = linalg.qr(Q, mode="economic", check_finite=False, overwrite_a=True)[0]
        Q = A.T @ Q
        if normalizer == "LU":
            Q = linalg.lu(Q, permute_l=True, check_finite=False, overwrite_a=True)[0]
        elif normalizer == "QR":
            Q = linalg.qr(Q, mode="economic", check_finite=False, overwrite_a=True)[0]
    Q, _ = linalg.qr(A @ Q, mode="economic", check_finite=False, overwrite_a=True)  # Y = A Omega, Y = QR
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
        k. ``algorithm="randomized"``: 1 <= k <= n_features (beyond n_samples the extra components
        have zero singular values); ``"arpack"``: 1 <= k < min(n_samples, n_features) (ARPACK's limit);
        ``"eigh"``: 1 <= k <= min(n_samples, n_features).
    algorithm : {"randomized", "arpack", "eigh"}, default="randomized"
        ``"randomized"``: the randomised range finder of Halko et al. (2011) (``_randomized_svd``),
        the same draws and normalisation as scikit-learn. ``"arpack"``: implicitly restarted Lanczos
        through ``scipy.sparse.linalg.svds``. ``"eigh"``: the construction of Li Hang §15.2
        (:func:`svd` with ``kind="truncated"``), exact up to round-off for the leading triplets; a
        sparse X stays sparse (only the n_features x n_features matrix X^T X is formed densely).
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

    def __init__(
        self,
        n_components=2,
        *,
        algorithm="randomized",
        n_iter=5,
        n_oversamples=10,
        power_iteration_normalizer="auto",
        random_state=None,
        tol=0.0,
    ):
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
        """Fit and return the scores, shape (n_samples, n_components): U_k Sigma_k for ``"eigh"`` and
        for ``"arpack"`` with ``tol=0``, ``X V_k`` for ``"randomized"`` and for ``"arpack"`` with
        ``tol > 0`` (scikit-learn's rule: an approximate SVD has X V_k != U_k Sigma_k, and X V_k is what
        :meth:`transform` returns)."""
        algorithm = check_choice(self.algorithm, "algorithm", _ALGORITHMS)
        if isinstance(self.n_components, (bool, np.bool_)) or not isinstance(self.n_components, numbers.Integral):
            raise TypeError(f"n_components must be an integer, got {self.n_components!r}")
        check_int(self.n_iter, "n_iter", low=0)
        check_int(self.n_oversamples, "n_oversamples", low=1)
        check_choice(self.power_iteration_normalizer, "power_iteration_normalizer", _NORMALIZERS)
        tol = check_real(self.tol, "tol", low=0.0)
        X = validate_data(self, X, dtype=np.float64, reset=True, ensure_min_features=2, accept_sparse=["csr", "csc"])
        # explained_variance_ is a variance of the scores: squares of X. ARPACK's Krylov vectors X^T X v and eigh's
        # X^T X are squares too, and vanish where every square underflows; the randomised route is not.
        top = check_scale(X, "X", small=algorithm != "randomized", return_top=True)
        n, d = X.shape
        k = self.n_components
        if algorithm == "arpack":
            if k >= min(n, d):
                raise ValueError(
                    f"n_components must be < min(n_samples, n_features) with algorithm='arpack' "
                    f"(n_samples = {n}, n_features = {d}), got {k}"
                )
        k = check_int(k, "n_components", low=1, high=d)
        rng = check_random_state(self.random_state)
        if top == 0.0 and (X.count_nonzero() if sparse.issparse(X) else np.count_nonzero(X)) == 0:
            # A zero matrix: every singular value is 0 and, as in svd(), V is the standard basis (ARPACK
            # cannot start from a zero Krylov vector).
            U, s, Vt = np.zeros((n, k)), np.zeros(k), np.eye(d)[:k].copy()
        elif algorithm == "randomized":
            U, s, Vt = _randomized_svd(
                X,
                k,
                n_oversamples=self.n_oversamples,
                n_iter=self.n_iter,
                power_iteration_normalizer=self.power_iteration_normalizer,
                random_state=rng,
            )
            U, Vt = np.ascontiguousarray(U), np.ascontiguousarray(Vt)
            if len(s) < k:  # k > n_samples: pad with zero singular values and directions of N(X)
                extra = _complement(Vt.T, k - len(s))
                U = np.hstack([U, np.zeros((n, k - len(s)))])
                s = np.concatenate([s, np.zeros(k - len(s))])
                Vt = np.ascontiguousarray(np.vstack([Vt, extra.T]))
            _flip_signs(Vt, U, tie_rtol=_TIE_RTOL)
        elif algorithm == "arpack":
            from scipy.sparse.linalg import svds

            v0 = rng.uniform(-1, 1, min(X.shape))
            U, s, Vt = svds(X, k=k, tol=tol, v0=v0)
            U, s, Vt = np.ascontiguousarray(U[:, ::-1]), s[::-1].copy(), np.ascontiguousarray(Vt[::-1])
            _flip_signs(Vt, U, tie_rtol=_TIE_RTOL)
        else:
            # Li Hang §15.2 on A = X^T would need the eigenvectors of X X^T (n_samples x n_samples); the
            # same triplets come from the right singular vectors of X, the eigenvectors of X^T X.
            if k > min(n, d):
                raise ValueError(
                    f"n_components must be <= min(n_samples, n_features) = {min(n, d)} with algorithm='eigh', got {k}"
                )
            W = (X.T @ X).toarray() if sparse.issparse(X) else X.T @ X
            U, s, Vt = _svd_from_gram(X, W, "truncated", k, np.sqrt(max(n, d) * np.finfo(float).eps))
        self.components_ = Vt
        self.singular_values_ = s
        exact = algorithm == "eigh" or (algorithm == "arpack" and tol == 0)
        Z = U * s if exact else np.asarray(X @ Vt.T)
        self.explained_variance_ = np.var(Z, axis=0)
        total = mean_variance_axis(X, axis=0)[1].sum() if sparse.issparse(X) else _total_variance(X)
        with np.errstate(invalid="ignore", divide="ignore"):
            self.explained_variance_ratio_ = (
                self.explained_variance_ / total if total > 0 else np.zeros_like(self.explained_variance_)
            )
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
