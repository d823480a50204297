"""Principal component analysis: Li Hang ch. 16 (Algorithm 16.1, PCA by the SVD) and MLAPP §12.2.

Sample PCA of n samples (rows of ``X``) of m variables. With the centred data Xc = X - mean, the
book's X' = Xc / sqrt(n - 1) (16.51, in the samples-as-rows orientation) satisfies X'^T X' = S, the
sample covariance matrix (16.41), (16.52)-(16.53). A thin SVD X' = U Sigma V^T then gives the
principal directions as the columns of V (the rows of ``components_``) and their variances
lambda_k = sigma_k^2 (Theorem 16.1: var(y_k) = lambda_k), without ever forming S. The scores are
y = V^T (x - mean) (16.43)-(16.47), and Algorithm 16.1's output Y = V^T X is ``transform(X).T``.

For tall data (n >= 10 m, m <= 1000) the default solver forms S itself and takes its eigen-decomposition,
the route of §16.2.2 (which the book states for S or R, its steps written for R): S costs n m^2 operations
against the SVD's several times that, and its m x m eigen-problem is small. The same directions and variances,
up to rounding; but since S squares the data's singular values, each variance is computed with an absolute error
of about machine precision times lambda_1 (the SVD's: about machine precision times sqrt(lambda_1 lambda_k)), so
small variances lose relative accuracy in proportion to lambda_1 / lambda_k, and those below about 1e-16 lambda_1
are lost; ``svd_solver="full"`` keeps the SVD's accuracy. For a few components of a large matrix the default is a
randomised SVD (approximate, seeded).

The correlation-matrix PCA of §16.2.2 (the book's Example 16.1, where only R is printed) is
:func:`pca_from_correlation`: eigenvalues and eigenvectors of R, variance contribution rates (16.30),
factor loadings rho(y_k, x_i) = sqrt(lambda_k) e_ik (16.36) and the contribution of the first k
components to each variable nu_i (16.32).
"""

import numbers

import numpy as np
from numba import njit
from scipy import linalg
from sklearn.base import BaseEstimator, ClassNamePrefixFeaturesOutMixin, TransformerMixin
from sklearn.utils import Bunch, check_random_state
from sklearn.utils.validation import check_is_fitted

from .._validation import (
    check_array,
    check_bool,
    check_choice,
    check_gram_scale,
    check_int,
    check_real,
    check_scale,
    validate_data,
)
from ._signs import _flip_signs, flip_signs
from ._svd import _NORMALIZERS, _randomized_svd

__all__ = ["PCA", "pca_from_correlation"]


class PCA(ClassNamePrefixFeaturesOutMixin, TransformerMixin, BaseEstimator):
    """Principal component analysis by the SVD of the centred data, Li Hang Algorithm 16.1 (MLAPP §12.2.3), by the
    eigen-decomposition of the sample covariance matrix (§16.2.2's route) for tall data, or by a randomised SVD for
    a few components of a large matrix.

    The principal directions are the right singular vectors of the centred data, the component
    variances lambda_k = sigma_k^2 / (n - 1) (the eigenvalues of the sample covariance (16.41),
    Theorem 16.1), and the scores y = V^T (x - mean) (16.43). Parameters and attributes follow
    :class:`sklearn.decomposition.PCA` with ``svd_solver`` "full", "covariance_eigh" or "randomized" (no "arpack", no
    ``n_components="mle"``).

    Sign convention: singular vectors are unique only up to sign (Li Hang §15.1). Each principal
    direction is flipped so that its entry of largest absolute value is positive (the first such entry
    if several tie), the rule of :func:`flip_signs` and of scikit-learn's
    ``svd_flip(..., u_based_decision=False)``, so ``components_`` and the scores agree with scikit-learn
    entry by entry.

    Parameters
    ----------
    n_components : int, float or None, default=None
        Number of components kept: an int in [0, min(n_samples, n_features)]; a float in (0, 1) keeps
        the fewest components whose cumulative variance contribution rate (16.31) exceeds it; None keeps
        min(n_samples, n_features).
    copy : bool, default=True
        Accepted for scikit-learn compatibility; ``X`` is never modified.
    whiten : bool, default=False
        Divide the scores by sqrt(lambda_k), so that each has unit sample variance.
    svd_solver : {"auto", "full", "covariance_eigh", "randomized"}, default="auto"
        "full": the LAPACK thin SVD of the centred data (``scipy.linalg.svd``, ``full_matrices=False``),
        Algorithm 16.1. "covariance_eigh": the eigen-decomposition of the sample covariance matrix S (16.41)
        (§16.2.2's route), with S = Xc^T Xc / (n - 1) accumulated over blocks of rows shifted by the first
        block's mean and corrected to the true mean, so that no centred copy of ``X`` is made. "randomized": the
        leading ``n_components`` singular triplets of the centred data by random projection (Halko, Martinsson
        and Tropp 2011), as :class:`TruncatedSVD` computes them: approximate, and much faster when few
        components of a large matrix are kept. "auto", scikit-learn's rule: "covariance_eigh" when ``X`` has at
        most 1000 columns and at least ten times as many rows; else "full" when neither side exceeds 500; else
        "randomized" when ``n_components`` is an integer of at least 1 and below 80% of min(n_samples,
        n_features); else "full".
    iterated_power : int or "auto", default="auto"
        Power iterations of the randomised solver; "auto" is 7 when ``n_components`` is below a tenth of
        min(n_samples, n_features), else 4, as in scikit-learn.
    n_oversamples : int, default=10
        Extra random directions drawn by the randomised solver.
    power_iteration_normalizer : {"auto", "QR", "LU", "none"}, default="auto"
        How the randomised solver renormalises between power iterations (as :class:`TruncatedSVD`).
    random_state : int, RandomState instance or None, default=None
        The randomised solver's test matrix. None means the fixed seed 0, so that a default fit is reproducible
        (scikit-learn draws from NumPy's global generator instead); with the same integer the draws, and so the
        components, are scikit-learn's.

    Attributes
    ----------
    components_ : ndarray of shape (n_components, n_features)
        The principal directions (unit eigenvectors of S), one per row, by decreasing variance.
    explained_variance_ : ndarray of shape (n_components,)
        lambda_k, the variance of the k-th principal component.
    explained_variance_ratio_ : ndarray of shape (n_components,)
        The variance contribution rates eta_k = lambda_k / sum_i lambda_i (16.30).
    singular_values_ : ndarray of shape (n_components,)
        The singular values of the centred data, sigma_k = sqrt((n - 1) lambda_k).
    mean_ : ndarray of shape (n_features,)
    n_components_, n_samples_ : int
    noise_variance_ : float
        Mean of the discarded lambda_k (the PPCA estimate (MLAPP 12.62)); 0 if none is discarded.
    n_features_in_ : int

    References
    ----------
    Li Hang, *Statistical Learning Methods*, 2nd ed., §16.2, Algorithm 16.1.
    K. P. Murphy, *Machine Learning: A Probabilistic Perspective*, §12.2.
    K. Pearson (1901); H. Hotelling (1933).

    Examples
    --------
    >>> import numpy as np
    >>> from statlib.decomposition import PCA
    >>> X = np.array([[2.0, 2], [3, 4], [3, 5], [4, 5], [5, 6], [7, 8]])  # Li Hang Exercise 16.1, transposed
    >>> pca = PCA(n_components=1).fit(X)
    >>> pca.explained_variance_ratio_.round(4)
    array([0.9755])

    (S = [[16, 17], [17, 20]] / 5 has trace 36/5 and determinant 31/25, so lambda_1 = (36 + sqrt(1172)) / 10 and
    eta_1 = lambda_1 / tr S = 1/2 + sqrt(1172)/72 = 0.97548. Standardising first (16.48), the book's procedure,
    gives eta_1 = (1 + r_12) / 2 = 0.97516 instead.)
    """

    def __init__(
        self,
        n_components=None,
        *,
        copy=True,
        whiten=False,
        svd_solver="auto",
        iterated_power="auto",
        n_oversamples=10,
        power_iteration_normalizer="auto",
        random_state=None,
    ):
        self.n_components = n_components
        self.copy = copy
        self.whiten = whiten
        self.svd_solver = svd_solver
        self.iterated_power = iterated_power
        self.n_oversamples = n_oversamples
        self.power_iteration_normalizer = power_iteration_normalizer
        self.random_state = random_state

    def _check_n_components(self, n, m):
        nc = self.n_components
        limit = min(n, m)
        if nc is None:
            return limit
        if isinstance(nc, (bool, np.bool_)) or not isinstance(nc, numbers.Real):
            raise TypeError(f"n_components must be an int, a float in (0, 1) or None, got {nc!r}")
        if isinstance(nc, numbers.Integral):
            return check_int(nc, "n_components", low=0, high=limit)
        return check_real(nc, "n_components", low=0.0, high=1.0, low_inclusive=False, high_inclusive=False)

    def fit(self, X, y=None):
        """Compute the principal components of ``X`` (n_samples >= 2). Returns ``self``."""
        self._fit(X)
        return self

    def fit_transform(self, X, y=None):
        """Fit and return the scores of ``X``, shape (n_samples, n_components)."""
        U, S = self._fit(X)
        if U is None:  # covariance or randomised solver: the scores are (16.43) itself
            return self.transform(X)
        k = self.n_components_
        scores = U[:, :k] * (np.sqrt(self.n_samples_ - 1) if self.whiten else S[:k])
        return scores

    def _fit(self, X):
        check_bool(self.copy, "copy")
        check_bool(self.whiten, "whiten")
        check_choice(self.svd_solver, "svd_solver", ("auto", "full", "covariance_eigh", "randomized"))
        if self.iterated_power != "auto":
            check_int(self.iterated_power, "iterated_power", low=0)
        check_int(self.n_oversamples, "n_oversamples", low=1)
        check_choice(self.power_iteration_normalizer, "power_iteration_normalizer", _NORMALIZERS)
        X = validate_data(self, X, dtype=np.float64, reset=True, ensure_min_samples=2)
        n, m = X.shape
        nc = self._check_n_components(n, m)
        side = min(n, m)
        solver = self.svd_solver
        if solver == "auto":  # scikit-learn's rule
            if _is_tall(n, m):
                solver = "covariance_eigh"
            elif max(n, m) > 500 and isinstance(nc, numbers.Integral) and 1 <= nc < 0.8 * side:
                solver = "randomized"
            else:
                solver = "full"
        self._fit_svd_solver = solver
        if solver == "randomized":
            return self._fit_randomized(X, nc)
        if solver == "full":
            mean = X.mean(axis=0)  # (16.40)
            Xc = X - mean  # Algorithm 16.1 wants centred data
            check_scale(Xc, "X", small=True)  # the variances (16.52) must neither overflow nor underflow
            # (16.51): the book's X' = X^T / sqrt(n - 1) is Xc / sqrt(n - 1) here (samples are rows); the SVD of Xc
            # has the same V, with singular values sqrt(n - 1) times those of X'.
            U, S, Vt = linalg.svd(Xc, full_matrices=False)
            _flip_signs(Vt, U)  # fix each direction's sign (largest-magnitude entry positive)
            variance = S**2 / (n - 1)  # (16.52)-(16.53): eigenvalues of S = X'^T X', var(y_k) = lambda_k (16.6)
        else:
            # S (16.41) and its eigen-decomposition S v_k = lambda_k v_k, by decreasing lambda_k; S is positive
            # semi-definite, so an eigenvalue rounded below zero is zero
            mean, variance, Vt, _ = _covariance_eigh(X, n - 1)  # (16.40), and S's eigen-decomposition
            _flip_signs(Vt)
            U, S = None, np.sqrt(variance * (n - 1))  # the singular values of Xc: sigma_k^2 = (n - 1) lambda_k
        total = variance.sum()
        ratio = variance / total if total > 0 else np.zeros_like(variance)  # (16.30)
        if isinstance(nc, float):  # the fewest k whose cumulative rate (16.31) exceeds nc
            k = int(np.searchsorted(np.cumsum(ratio), nc, side="right") + 1)
            k = min(k, len(S))
        else:
            k = nc
        noise = float(variance[k:].mean()) if k < min(n, m) else 0.0
        self._store(mean, Vt[:k], variance[:k], ratio[:k], S[:k], n, noise)
        return U, S

    def _store(self, mean, components, variance, ratio, singular_values, n, noise_variance):
        """The fitted attributes, the same for every solver."""
        self.mean_ = mean
        self.components_ = components.copy()
        self.explained_variance_ = variance.copy()
        self.explained_variance_ratio_ = ratio.copy()
        self.singular_values_ = singular_values.copy()
        self.n_components_ = components.shape[0]
        self.n_samples_ = n
        self.noise_variance_ = noise_variance

    def _fit_randomized(self, X, k):
        """The leading k principal directions by the randomised SVD of the centred data; the variances of the
        others are known only through their sum, the total variance tr S less the k kept."""
        n, m = X.shape
        if not isinstance(k, numbers.Integral) or not 1 <= k <= min(n, m):
            raise ValueError(
                f"n_components must be an int in [1, min(n_samples, n_features) = {min(n, m)}] with "
                f"svd_solver='randomized', got {self.n_components!r}"
            )
        power = self.iterated_power
        if power == "auto":
            power = 7 if k < 0.1 * min(n, m) else 4
        rng = check_random_state(0 if self.random_state is None else self.random_state)
        mean = X.mean(axis=0)  # (16.40)
        Xc = check_scale(X - mean, "X", small=True)  # the variances (16.52) must neither overflow nor underflow
        U, S, Vt = _randomized_svd(
            Xc,
            k,
            n_oversamples=self.n_oversamples,
            n_iter=power,
            power_iteration_normalizer=self.power_iteration_normalizer,
            random_state=rng,
        )
        Vt = np.ascontiguousarray(Vt)
        _flip_signs(Vt)
        variance = S**2 / (n - 1)
        total = float(np.einsum("ij,ij->", Xc, Xc)) / (n - 1)  # tr S, the total variance
        ratio = variance / total if total > 0 else np.zeros_like(variance)  # (16.30)
        noise = (total - float(variance.sum())) / (min(n, m) - k) if k < min(n, m) else 0.0
        self._store(mean, Vt, variance, ratio, S, n, noise)
        return None, S

    def transform(self, X):
        """The principal-component scores y = V^T (x - mean) (16.43) of each row of ``X``."""
        check_is_fitted(self)
        X = validate_data(self, X, dtype=np.float64, reset=False)
        Y = (X - self.mean_) @ self.components_.T  # (16.43); Algorithm 16.1 step (3): Y = V^T X is Y.T
        if self.whiten:
            # A direction of (numerically) zero variance is divided by machine epsilon, not by 0, as in
            # scikit-learn, so the scores stay finite.
            Y /= np.maximum(np.sqrt(self.explained_variance_), np.finfo(np.float64).eps)
        return Y

    def inverse_transform(self, X):
        """Back to the data space: mean + y V^T (the best rank-k reconstruction, Eckart-Young)."""
        check_is_fitted(self)
        Y = check_array(X, "X", min_cols=0)
        if Y.shape[1] != self.n_components_:
            raise ValueError(f"X must have n_components_ = {self.n_components_} columns, got {Y.shape[1]}")
        if self.whiten:
            Y = Y * np.sqrt(self.explained_variance_)
        return Y @ self.components_ + self.mean_

    def get_covariance(self):
        """The data covariance implied by the model, V^T diag(lambda - s2) V + s2 I with s2 = ``noise_variance_``
        (the sample covariance itself when every component is kept). Unlike scikit-learn's, the result does
        not depend on ``whiten``."""
        check_is_fitted(self)
        s2 = self.noise_variance_
        V = self.components_
        return (V.T * np.maximum(self.explained_variance_ - s2, 0.0)) @ V + s2 * np.eye(V.shape[1])

    @property
    def _n_features_out(self):
        return self.components_.shape[0]


def _is_tall(n, m):
    """scikit-learn's test for the covariance route: at most 1000 columns and at least ten times as many rows."""
    return m <= 1000 and n >= 10 * m


def _covariance_eigh(X, divisor, top=None):
    """The covariance route (Li Hang §16.2.2): the mean of ``X``, the eigenvalues (decreasing, those rounded below
    zero set to zero) and unit eigenvectors (rows) of S = X_c^T X_c / ``divisor`` (the divisor n - 1 of (16.41) for
    PCA, the maximum-likelihood n for PPCA), and tr S, the sum of all its eigenvalues.

    LAPACK's divide and conquer takes the whole eigenproblem. With ``top`` at most a tenth of the dimension, only
    the ``top`` leading eigenpairs are computed and returned (LAPACK's dsyevr on that subset: bisection, then inverse
    iteration for their vectors), after the same reduction to tridiagonal form but without the back-transformation of
    all m vectors; tr S still gives the sum of the others."""
    mean, gram = _mean_and_centred_gram(X)
    check_gram_scale(gram, X, "X")  # S and its eigenvalues are sums of squares
    S = gram / divisor
    m = S.shape[0]
    if top is not None and 10 * top <= m:
        eigenvalues, eigenvectors = linalg.eigh(S, driver="evr", subset_by_index=[m - top, m - 1])
    else:
        eigenvalues, eigenvectors = linalg.eigh(S, driver="evd")
    axes = np.ascontiguousarray(eigenvectors[:, ::-1].T)
    return mean, np.maximum(eigenvalues[::-1], 0.0), axes, float(np.trace(S))


# Rows per block of _mean_and_centred_gram: 2**17 numbers (1 MiB), a block that stays in a core's cache between
# being shifted and being multiplied.
_GRAM_BLOCK_ENTRIES = 1 << 17


@njit(cache=True)
def _shift_rows(X, start, shift, block, sums):
    """block = X[start : start + len(block)] - shift, row by row, and the block's column sums added into ``sums``:
    one pass over the rows, instead of a subtraction and then a matrix-vector product over the block."""
    rows, m = block.shape
    for i in range(rows):
        for j in range(m):
            v = X[start + i, j] - shift[j]
            block[i, j] = v
            sums[j] += v


def _offset_within_spread(mean, variances):
    """Whether every mean_j^2 <= variances_j and ||mean||^2 <= max_j variances_j (see _mean_and_centred_gram)."""
    squares = mean * mean
    return bool(np.all(squares <= variances) and squares.sum() <= variances.max())


def _mean_and_centred_gram(X):
    """The column means of ``X`` and Xc^T Xc for the centred data Xc = X - mean.

    Forming X^T X and subtracting n mean mean^T loses digits as the data's offset grows: the two terms grow with
    n ||mean||^2, their difference is n S. Where every mean_j^2 is at most its column's variance S_jj, and ||mean||^2
    at most the largest variance (no more than S's largest eigenvalue), both terms stay within twice the size of n S,
    entry by entry and as a whole, and the loss is a bit or two. This is judged on the first block of rows, shifted by
    its own mean c into a small buffer B (``_shift_rows``); if there are more blocks and it passes, X^T X comes from
    one BLAS call (a symmetric rank-k update), the column sums from a sum per block (so that their rounding does not
    grow with n), and the same test is confirmed on all the rows.
    Otherwise (data of one block, an offset beyond the spread, or a first block that hid it, as sorted rows can),
    every block of rows is shifted by c into B, which also sums its columns, and B^T B is added into
    G = sum (x_i - c)(x_i - c)^T, with s = sum (x_i - c); then mean = c + s / n and Xc^T Xc = G - s s^T / n. Since c
    is the mean of rows of the data, c - mean is of the order of the spread, not of the offset, so s s^T / n stays of
    the order of G's own terms; no n x m centred copy of ``X`` is made either way. Overflow is left to the caller's
    check of the result (``check_gram_scale``)."""
    n, m = X.shape
    rows = max(1, min(n, _GRAM_BLOCK_ENTRIES // max(m, 1)))
    buffer = np.empty((rows, m))
    shift = X[:rows].mean(axis=0)
    sums = np.zeros(m)
    with np.errstate(over="ignore", invalid="ignore"):
        _shift_rows(X, 0, shift, buffer, sums)
        if n > rows and _offset_within_spread(shift, np.einsum("ij,ij->j", buffer, buffer) / rows):
            column_sums = np.zeros(m)
            for start in range(0, n, rows):
                column_sums += X[start : start + rows].sum(axis=0)
            mean = column_sums / n
            gram = X.T @ X
            gram -= np.outer(mean, n * mean)
            if _offset_within_spread(mean, gram.diagonal() / n):  # and so is the whole data's
                return mean, gram
        gram = buffer.T @ buffer
        for start in range(rows, n, rows):
            block = buffer[: min(rows, n - start)]
            _shift_rows(X, start, shift, block, sums)
            gram += block.T @ block
        gram -= np.outer(sums, sums / n)
    return shift + sums / n, gram


def pca_from_correlation(R, n_components=None):
    """Principal components of standardised variables from their correlation matrix R (Li Hang §16.2.2).

    Steps 3 and 5 of the book's procedure: the eigen-decomposition R e_k = lambda_k e_k, sorted by
    decreasing lambda_k, with each eigenvector's largest-magnitude entry made positive (the sign
    convention of :class:`PCA`); the variance contribution rates eta_k = lambda_k / m (16.30), since
    tr R = m (16.35); the factor loadings rho(y_k, x_i) = sqrt(lambda_k) e_ik (16.36); and the
    contribution of the first ``n_components`` components to each variable, nu_i = sum_k rho(y_k, x_i)^2
    (16.32 with sigma_ii = 1).

    Parameters
    ----------
    R : array-like of shape (m, m)
        A correlation matrix: symmetric, unit diagonal, positive semi-definite.
    n_components : int or None, default=None
        How many components the contributions nu use (all m if None).

    Returns
    -------
    Bunch with ``eigenvalues`` (m,), ``components`` (m, m; row k is e_k), ``explained_variance_ratio``
    (m,), ``loadings`` (m, m; row k is rho(y_k, x_.)) and ``contributions`` (m,).
    """
    R = check_array(R, "R")
    m = R.shape[0]
    if R.shape != (m, m):
        raise ValueError(f"R must be a square matrix, got shape {R.shape}")
    if not np.allclose(R, R.T, atol=1e-10):
        raise ValueError("R must be symmetric")
    if not np.allclose(np.diag(R), 1.0, atol=1e-10):
        raise ValueError("R must be a correlation matrix with a unit diagonal")
    k = m if n_components is None else check_int(n_components, "n_components", low=1, high=m)
    lam, E = np.linalg.eigh(R)  # step (3): |R - lambda I| = 0
    if lam[0] < -1e-8:
        raise ValueError(f"R must be positive semi-definite; it has the eigenvalue {lam[0]:.3g}")
    lam = np.clip(lam[::-1], 0.0, None)
    Vt = flip_signs(E[:, ::-1].T)  # one eigenvector per row, largest-magnitude entry positive
    loadings = np.sqrt(lam)[:, None] * Vt  # (16.36): rho(y_k, x_i) = sqrt(lambda_k) e_ik
    return Bunch(
        eigenvalues=lam,
        components=Vt,
        explained_variance_ratio=lam / m,  # (16.30) with (16.35): the eigenvalues sum to m
        loadings=loadings,
        contributions=(loadings[:k] ** 2).sum(axis=0),  # (16.32) with sigma_ii = 1
    )
