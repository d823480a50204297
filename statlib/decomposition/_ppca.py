"""Probabilistic PCA (MLAPP §12.2.4, Theorem 12.2.2; Tipping and Bishop 1999) and EM for PCA (MLAPP §12.2.5;
Roweis 1997).

The model is factor analysis with isotropic noise: z ~ N(0, I_L), x | z ~ N(W z + mu, sigma^2 I_D), so that
x ~ N(mu, C) with C = W W^T + sigma^2 I (MLAPP (12.60)). With the sample covariance S = (1/N) sum_i
(x_i - xbar)(x_i - xbar)^T, its eigenvalues lambda_1 >= ... >= lambda_D and unit eigenvectors V, the maximum
of the log-likelihood is reached at

    W = V_L (Lambda_L - sigma^2 I)^{1/2} R      (12.61)
    sigma^2 = (1 / (D - L)) sum_{j > L} lambda_j      (12.62)

for any orthogonal R (we take R = I), and the posterior of the latent factors is
p(z | x) = N(F^{-1} W^T (x - mu), sigma^2 F^{-1}) with F = W^T W + sigma^2 I (12.63)-(12.64).

``method="em"`` finds the principal subspace by Roweis' zero-noise EM, E-step Z = (W^T W)^{-1} W^T X (12.65),
M-step W = X Z^T (Z Z^T)^{-1} (12.66), never forming S; the subspace is then orthogonalised and the
eigenvalues inside it read off, after which (12.61)-(12.62) give the same maximum-likelihood estimate.
"""

import numbers
import warnings

import numpy as np
from numba import njit
from scipy import linalg
from sklearn.base import BaseEstimator, ClassNamePrefixFeaturesOutMixin, TransformerMixin
from sklearn.exceptions import ConvergenceWarning
from sklearn.utils import check_random_state
from sklearn.utils.validation import check_is_fitted

from .._validation import check_array, check_choice, check_int, check_real, check_scale, check_vector, validate_data
from ._pca import _covariance_eigh, _is_tall
from ._signs import _flip_signs

__all__ = ["ProbabilisticPCA", "ppca_log_likelihood"]

_LOG_2PI = float(np.log(2.0 * np.pi))


@njit(cache=True)
def _em_pca(Xt, W, max_iter, tol):
    """Roweis' EM for PCA (MLAPP §12.2.5) on the centred data ``Xt`` (D x N, one sample per column).

    Iterates (12.65)-(12.66) from the start ``W`` (D x L, full column rank) until the largest principal angle
    between successive subspaces falls to ``tol``: the change is the sine of that angle, the spectral norm of
    Q_new - Q_old Q_old^T Q_new (orthonormal bases from QR). Returns (W, n_iter, converged).
    """
    W = np.ascontiguousarray(W)
    Q_old = np.ascontiguousarray(np.linalg.qr(W)[0])
    converged = False
    n_iter = 0
    for it in range(max_iter):
        n_iter = it + 1
        # (12.65) E-step: Z = (W^T W)^{-1} W^T X, the orthogonal projection onto span(W) in W's coordinates
        Z = np.linalg.solve(W.T @ W, W.T @ Xt)
        # (12.66) M-step: W = X Z^T (Z Z^T)^{-1}, a least-squares regression of X on the latent Z
        W = np.ascontiguousarray(np.linalg.solve(Z @ Z.T, Z @ Xt.T).T)
        Q_new = np.ascontiguousarray(np.linalg.qr(W)[0])
        # sine of the largest principal angle between the old and new subspaces: the spectral norm of the part
        # of Q_new outside span(Q_old) (computed directly, not as sqrt(1 - cos^2), which cancels)
        R = Q_new - Q_old @ (np.ascontiguousarray(Q_old.T) @ Q_new)
        change = np.linalg.svd(R)[1][0]
        Q_old = Q_new
        if change <= tol:
            converged = True
            break
    return W, n_iter, converged


def ppca_log_likelihood(X, mean, W, noise_variance):
    """Log-density log N(x_i | mean, W W^T + sigma^2 I) of each row of ``X`` (MLAPP (12.60)).

    Evaluated in O(N D L) without forming the D x D covariance C (MLAPP Exercise 12.10): with the thin SVD
    W = U diag(s) R^T, C has eigenvalues s_k^2 + sigma^2 on the columns of U and sigma^2 on their orthogonal
    complement, so log|C| = sum_k log(s_k^2 + sigma^2) + (D - L) log sigma^2 and
    x^T C^{-1} x = sum_k (u_k^T x)^2 / (s_k^2 + sigma^2) + (||x||^2 - ||U^T x||^2) / sigma^2.

    Parameters
    ----------
    X : array-like of shape (n_samples, D)
    mean : array-like of shape (D,)
    W : array-like of shape (D, L)
        The factor loading matrix (L <= D).
    noise_variance : float
        sigma^2 >= 0; it must be positive unless L = D and W has full rank.

    Returns
    -------
    ndarray of shape (n_samples,)
    """
    X = check_array(X, "X")
    W = check_array(W, "W")
    mean = check_vector(mean, "mean")
    D, L = W.shape
    if X.shape[1] != D or mean.shape[0] != D:
        raise ValueError(f"X, mean and W must agree on the dimension D = {D}; got X {X.shape}, mean {mean.shape}")
    if L > D:
        raise ValueError(f"W must have at most D = {D} columns, got {L}")
    check_scale(X - mean, "X")  # the Mahalanobis terms are sums of squares of X - mean
    s2 = check_real(noise_variance, "noise_variance", low=0.0)
    U, s, _ = linalg.svd(W, full_matrices=False)
    ev = s**2 + s2  # eigenvalues of C on span(W)
    if np.any(ev <= 0) or (L < D and s2 <= 0):
        raise ValueError("noise_variance must be positive unless W is square and of full rank: C is singular")
    Xc = X - mean
    P = Xc @ U
    quad = (P**2 / ev).sum(axis=1)
    logdet = np.log(ev).sum()
    if L < D:
        quad += ((Xc**2).sum(axis=1) - (P**2).sum(axis=1)) / s2
        logdet += (D - L) * np.log(s2)
    return -0.5 * (D * _LOG_2PI + logdet + quad)


class ProbabilisticPCA(ClassNamePrefixFeaturesOutMixin, TransformerMixin, BaseEstimator):
    """Probabilistic PCA, MLAPP Theorem 12.2.2 (12.60)-(12.64), fitted in closed form or by EM (§12.2.5).

    Parameters
    ----------
    n_components : int or None, default=None
        The latent dimension L, in [1, n_features]; None takes min(n_samples, n_features).
    method : {"closed_form", "em"}, default="closed_form"
        "closed_form": the eigenvalues and eigenvectors of S, then (12.61)-(12.62): for at most 1000 features
        and at least ten times as many samples from S itself (formed as :class:`PCA`'s covariance route forms it,
        and diagonalised), otherwise from the thin SVD of the centred data (PCA's choice between
        "covariance_eigh" and "full"; never the randomised solver).
        "em": Roweis' EM (12.65)-(12.66) for the principal subspace (O(N D L) per iteration),
        orthogonalised, then (12.61)-(12.62) inside it.
    max_iter : int, default=1000
        Most EM iterations (``method="em"`` only).
    tol : float, default=1e-9
        EM stops when the sine of the largest principal angle between successive subspaces is <= tol.
    random_state : int, RandomState, Generator or None, default=None
        Draws EM's starting W (standard normal entries), in NumPy.

    Attributes
    ----------
    components_ : ndarray of shape (n_components, n_features)
        W^T, the maximum-likelihood loading matrix (12.61) with R = I: row k is sqrt(lambda_k - sigma^2) v_k.
    principal_axes_ : ndarray of shape (n_components, n_features)
        The unit eigenvectors v_k of S, by decreasing eigenvalue; each sign fixed so that its entry of
        largest absolute value is positive (the convention of :class:`statlib.decomposition.PCA`).
    explained_variance_ : ndarray of shape (n_components,)
        lambda_1 >= ... >= lambda_L, the leading eigenvalues of S (divisor N: the maximum-likelihood S).
    noise_variance_ : float
        sigma^2 (12.62), the average of the D - L discarded eigenvalues (0 when L = D).
    mean_ : ndarray of shape (n_features,)
    n_components_, n_iter_ : int
        n_iter_ is the number of EM iterations (1 for the closed form: a single SVD or eigen-decomposition).
    n_features_in_ : int

    References
    ----------
    K. P. Murphy, *Machine Learning: A Probabilistic Perspective*, §12.2.4-12.2.5.
    M. E. Tipping and C. M. Bishop (1999), Probabilistic principal component analysis, JRSS B 61(3).
    S. Roweis (1997), EM algorithms for PCA and SPCA, NIPS 10.

    Examples
    --------
    >>> import numpy as np
    >>> from statlib.decomposition import ProbabilisticPCA
    >>> X = np.array([[2.0, 0.0, 0.0], [-2.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, -1.0, 0.0]])
    >>> ppca = ProbabilisticPCA(n_components=1).fit(X)
    >>> ppca.explained_variance_.round(12), round(ppca.noise_variance_, 12)
    (array([2.]), 0.25)

    (S = diag(2, 1/2, 0), so lambda_1 = 2 and sigma^2 = (1/2 + 0) / 2 = 1/4 by (12.62).)
    """

    def __init__(self, n_components=None, *, method="closed_form", max_iter=1000, tol=1e-9, random_state=None):
        self.n_components = n_components
        self.method = method
        self.max_iter = max_iter
        self.tol = tol
        self.random_state = random_state

    def _check_params(self, n, d):
        nc = self.n_components
        if nc is None:
            L = min(n, d)
        else:
            if isinstance(nc, (bool, np.bool_)) or not isinstance(nc, numbers.Integral):
                raise TypeError(f"n_components must be an int or None, got {nc!r}")
            L = check_int(nc, "n_components", low=1, high=d)
        check_choice(self.method, "method", ("closed_form", "em"))
        check_int(self.max_iter, "max_iter", low=1)
        check_real(self.tol, "tol", low=0.0)
        return L

    def fit(self, X, y=None):
        """Maximum-likelihood PPCA of ``X`` (n_samples >= 2). Returns ``self``."""
        X = validate_data(self, X, dtype=np.float64, reset=True, ensure_min_samples=2)
        n, d = X.shape
        L = self._check_params(n, d)
        if self.method == "closed_form" and _is_tall(n, d):  # tall data: S itself, as PCA does
            # S's eigenpairs (divisor N), decreasing, only the L leading ones where 10 L <= D, and tr S
            mean, lam, axes, total = _covariance_eigh(X, n, top=L)
            axes = axes[:L]
            self.n_iter_ = 1  # one eigen-decomposition
        elif self.method == "closed_form":
            mean = X.mean(axis=0)
            Xc = check_scale(X - mean, "X", small=True)  # S and its eigenvalues are sums of squares
            _, sv, Vt = linalg.svd(Xc, full_matrices=False)
            lam = sv**2 / n  # eigenvalues of S (divisor N)
            total = None  # all of them are at hand
            axes = Vt[:L].copy()
            self.n_iter_ = 1  # one eigen-decomposition
        else:
            mean = X.mean(axis=0)
            Xc = check_scale(X - mean, "X", small=True)  # S and its eigenvalues are sums of squares
            total = float((Xc**2).sum() / n)  # tr S
            rng = check_random_state(self.random_state)
            W0 = rng.standard_normal((d, L))
            try:
                W, n_iter, converged = _em_pca(np.ascontiguousarray(Xc.T), W0, int(self.max_iter), float(self.tol))
            except np.linalg.LinAlgError as err:
                # Z Z^T of (12.66) is singular when the centred data have rank below L
                raise ValueError(
                    f"EM for PCA needs centred X of rank >= n_components = {L}: Z Z^T in (12.66) became singular"
                ) from err
            self.n_iter_ = int(n_iter)
            if not converged:
                warnings.warn(
                    f"EM for PCA did not converge in max_iter={self.max_iter} iterations (tol={self.tol}); "
                    "increase max_iter or tol",
                    ConvergenceWarning,
                    stacklevel=2,
                )
            # Orthogonalise: an orthonormal basis Q of span(W), then the eigen-decomposition of Q^T S Q (L x L)
            # orders the directions by variance, as MLAPP §12.2.5 suggests.
            Q = np.linalg.qr(W)[0]
            P = Xc @ Q
            lam_in, E = np.linalg.eigh(P.T @ P / n)
            order = np.argsort(lam_in)[::-1]
            lam = np.clip(lam_in[order], 0.0, None)
            axes = (Q @ E[:, order]).T
        axes = np.ascontiguousarray(axes)
        _flip_signs(axes, None)
        kept = lam[:L]
        # the sum of the D - L discarded eigenvalues: read off directly where they were computed, else tr S minus the
        # kept ones (EM never computes the others, nor does the covariance route when L is at most a tenth of D)
        rest = float(lam[L:].sum()) if total is None or len(lam) > L else max(total - kept.sum(), 0.0)
        s2 = rest / (d - L) if L < d else 0.0  # (12.62)
        self.mean_ = mean
        self.principal_axes_ = axes
        self.explained_variance_ = kept.copy()
        self.noise_variance_ = float(s2)
        self.components_ = np.sqrt(np.maximum(kept - s2, 0.0))[:, None] * axes  # (12.61), R = I
        self.n_components_ = L
        return self

    def get_covariance(self):
        """C = W W^T + sigma^2 I (12.60), the model's covariance of x."""
        check_is_fitted(self)
        W = self.components_.T
        return W @ W.T + self.noise_variance_ * np.eye(W.shape[0])

    def posterior(self, X):
        """The posterior p(z | x) = N(F^{-1} W^T (x - mu), sigma^2 F^{-1}) of (12.63)-(12.64).

        Returns ``(means, covariance)``: the posterior means, shape (n_samples, n_components), and the
        covariance sigma^2 F^{-1} shared by every sample, shape (n_components, n_components)."""
        check_is_fitted(self)
        X = validate_data(self, X, dtype=np.float64, reset=False)
        W = self.components_.T
        F = W.T @ W + self.noise_variance_ * np.eye(W.shape[1])  # (12.64)
        if np.linalg.matrix_rank(F) < F.shape[0]:
            raise ValueError("the posterior of z is undefined: F = W^T W + sigma^2 I is singular")
        means = np.linalg.solve(F, W.T @ (X - self.mean_).T).T  # (12.63), mean
        return means, self.noise_variance_ * np.linalg.inv(F)  # (12.63), covariance

    def transform(self, X):
        """The posterior means E[z | x] (12.63) of the rows of ``X``."""
        return self.posterior(X)[0]

    def inverse_transform(self, Z):
        """W z + mu: the reconstruction from latent coordinates (shrunk toward the mean when sigma^2 > 0)."""
        check_is_fitted(self)
        Z = check_array(Z, "Z")
        if Z.shape[1] != self.n_components_:
            raise ValueError(f"Z must have n_components_ = {self.n_components_} columns, got {Z.shape[1]}")
        return Z @ self.components_ + self.mean_

    def score_samples(self, X):
        """log N(x_i | mu, C) for each row of ``X`` (12.60)."""
        check_is_fitted(self)
        X = validate_data(self, X, dtype=np.float64, reset=False)
        return ppca_log_likelihood(X, self.mean_, self.components_.T, self.noise_variance_)

    def score(self, X, y=None):
        """The mean log-likelihood per sample of ``X``, as scikit-learn's ``PCA.score``."""
        return float(np.mean(self.score_samples(X)))

    @property
    def _n_features_out(self):
        return self.components_.shape[0]
