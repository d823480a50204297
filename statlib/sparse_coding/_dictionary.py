"""Dictionary learning: MLAPP section 13.8.1, (13.176)-(13.177), and K-SVD (Aharon, Elad and Bruckstein 2006).

MLAPP's objective for N samples, L atoms and a Laplace prior on the codes is

    NLL(W, Z) = sum_i 1/2 ||x_i - W z_i||^2 + lambda ||z_i||_1                 (13.176)

over dictionaries in C = {W : w_j^T w_j <= 1 for every atom j} (13.177). It is convex in Z for fixed W (a
lasso per sample) and in W for fixed Z (a least-squares problem over a product of balls), and
``method="alternating"`` alternates the two, Mumford's analysis-synthesis loop:

* Z-step: :func:`~statlib.sparse_coding.sparse_encode` (coordinate descent, warm-started from the last Z);
* W-step: one sweep of block coordinate descent over the atoms (Mairal, Bach, Ponce and Sapiro 2010,
  Algorithm 2). With A = Z^T Z and B = X^T Z, the objective as a function of atom j alone is
  A_jj / 2 ||w_j - u_j||^2 + const with u_j = w_j + (b_j - W a_j) / A_jj; its minimiser over the unit ball
  is u_j / max(1, ||u_j||).

Each step minimises the objective over one block exactly (or, for the lasso, descends from the warm start),
so NLL never increases. An atom that no sample uses (A_jj = 0) is replaced by a sample drawn from
``random_state``; that does not change NLL, since its codes are zero.

``method="ksvd"`` minimises ||X - Z W^T||^2 subject to ||z_i||_0 <= T (Aharon et al.'s algorithm as the
lecture states it): the Z-step is orthogonal matching pursuit with T = ``n_nonzero_coefs`` (codes below
1e-10 ||x_i|| set to zero: round-off, not uses of an atom), and then, atom by atom and with the atoms and codes
updated so far, atom j and the non-zero codes that use it are replaced together by the best rank-one
approximation of the residual E_j restricted to those samples (:func:`ksvd_atom_update`, a truncated SVD by the
Eckart-Young theorem).
"""

import warnings

import numpy as np
from numba import njit
from sklearn.base import BaseEstimator, ClassNamePrefixFeaturesOutMixin, TransformerMixin
from sklearn.exceptions import ConvergenceWarning
from sklearn.utils.validation import check_is_fitted
from threadpoolctl import threadpool_limits

from .._validation import check_array, check_choice, check_int, check_real, validate_data
from ._encode import _check_dictionary, _lasso_codes, _omp_codes

__all__ = ["DictionaryLearning", "ksvd_atom_update", "sparse_coding_objective"]


@njit(cache=True)
def _update_atoms(W, A, B):
    """One sweep of block coordinate descent over the atoms (rows of W), in place.

    W : (L, D) dictionary (atoms as rows); A = Z^T Z (L, L); B = Z^T X (L, D)."""
    L, D = W.shape
    for j in range(L):
        if A[j, j] <= 0.0:
            continue
        # u_j = w_j + (b_j - sum_k A_jk w_k) / A_jj: the unconstrained minimiser of (13.176) in atom j
        u = B[j].copy()
        for k in range(L):
            if A[j, k] != 0.0:
                for f in range(D):
                    u[f] -= A[j, k] * W[k, f]
        norm = 0.0
        for f in range(D):
            u[f] = W[j, f] + u[f] / A[j, j]
            norm += u[f] * u[f]
        # (13.177): project onto the unit ball ||w_j|| <= 1
        scale = 1.0 / max(1.0, np.sqrt(norm))
        for f in range(D):
            W[j, f] = u[f] * scale


def sparse_coding_objective(X, codes, dictionary, alpha):
    """MLAPP (13.176): sum_i 1/2 ||x_i - W z_i||^2 + alpha ||z_i||_1 (alpha = 0 gives half the squared error).

    Examples
    --------
    >>> sparse_coding_objective([[1.0, 2.0]], [[1.0]], [[1.0, 0.0]], 0.5)
    2.5
    """
    X = check_array(X, "X")
    codes = check_array(codes, "codes")
    dictionary = _check_dictionary(dictionary, X.shape[1])
    if codes.shape != (X.shape[0], dictionary.shape[0]):
        raise ValueError(
            f"codes must have shape (n_samples, n_components) = {(X.shape[0], dictionary.shape[0])}, got {codes.shape}"
        )
    alpha = check_real(alpha, "alpha", low=0.0)
    R = X - codes @ dictionary
    return float(0.5 * np.sum(R * R) + alpha * np.sum(np.abs(codes)))


# K-SVD's stages make small matrix products and one small SVD per atom (a few dozen rows by n_features). A
# multithreaded BLAS only adds start-up and synchronisation costs to calls that small, and on a busy machine its
# threads wait for cores: the same fit took anywhere from 0.4 s to 10 s with the load. On one thread it takes a
# few hundredths of a second, whatever the load.
_one_blas_thread = threadpool_limits.wrap(limits=1, user_api="blas")


@_one_blas_thread
def _ksvd_codes(X, W, T):
    """K-SVD's sparse-coding stage: OMP with T atoms, and codes at round-off level set to zero.

    When a sample is already represented exactly (for instance a sample that is itself an atom), OMP still adds
    atoms, with coefficients of order 1e-16. Such a coefficient would put the sample into omega_j, the users of
    atom j, by accident of rounding, and the rank-one update would then fit it; the K-SVD sweep would depend on
    the last bits of the arithmetic."""
    Z = _omp_codes(X, W, T)
    scale = np.sqrt(np.einsum("ij,ij->i", X, X))
    Z[np.abs(Z) <= 1e-10 * scale[:, None]] = 0.0
    return Z


def _rank_one(E):
    # E = U S V^T: the atom is v_1 (unit norm) and the codes are s_1 u_1, so that E ~ outer(codes, atom)
    U, s, Vt = np.linalg.svd(E, full_matrices=False)
    atom, coef = Vt[0].copy(), s[0] * U[:, 0]
    # Sign convention: the entry of largest magnitude in the atom is positive.
    if atom[np.argmax(np.abs(atom))] < 0:
        atom, coef = -atom, -coef
    return atom, coef


def ksvd_atom_update(residual):
    """K-SVD's atom update: the best rank-one approximation ``outer(coefficients, atom)`` of ``residual``.

    ``residual`` is E_j restricted to the samples that use atom j, (n_users, n_features): the data minus the
    contribution of every other atom. By the Eckart-Young theorem the answer is s_1 u_1 v_1^T from the SVD
    E_j = U S V^T; the atom is v_1 (unit norm; its entry of largest magnitude made positive) and the new
    codes are s_1 u_1.

    Returns
    -------
    atom : (n_features,) unit vector
    coefficients : (n_users,) array

    Examples
    --------
    >>> import numpy as np
    >>> atom, coef = ksvd_atom_update(np.outer([2.0, -1.0], [0.6, 0.8]))
    >>> atom.round(6) + 0.0, coef.round(6) + 0.0
    (array([0.6, 0.8]), array([ 2., -1.]))
    """
    E = check_array(residual, "residual")
    return _rank_one(E)


class DictionaryLearning(ClassNamePrefixFeaturesOutMixin, TransformerMixin, BaseEstimator):
    """Sparse coding with a learned dictionary: MLAPP (13.176)-(13.177), or K-SVD.

    Parameters
    ----------
    n_components : int or None, default=None
        Number of atoms L (None: n_features). L > n_features gives an overcomplete dictionary.
    alpha : float > 0, default=1.0
        The lambda of (13.176) (``method="alternating"``).
    method : {"alternating", "ksvd"}, default="alternating"
        Alternating lasso / block-coordinate atom updates, or K-SVD (OMP codes, rank-one atom updates).
    n_nonzero_coefs : int or None, default=None
        Non-zero codes per sample for K-SVD (None: max(1, n_features // 10)).
    max_iter : int, default=100
        Number of outer iterations (one Z-step and one W-step each).
    tol : float, default=1e-6
        Stop when the objective falls by less than ``tol`` times its value in one iteration.
    dict_init : (n_components, n_features) array or None
        Starting dictionary; by default ``n_components`` samples drawn from ``random_state`` (scaled to
        unit norm).
    transform_algorithm : {"lasso_cd", "omp"} or None
        How :meth:`transform` codes new data (None: the fit's Z-step).
    random_state : int, Generator, RandomState or None
        Seeds the starting dictionary and the replacement of unused atoms.

    Attributes
    ----------
    components_ : (n_components, n_features) array, the atoms (rows, norm <= 1; K-SVD: norm 1).
    codes_ : (n_samples, n_components) array, the codes of the training data for the final dictionary.
    objective_ : list of float, the objective after each iteration ((13.176) for "alternating", half the
        squared error for "ksvd").
    n_iter_ : int
    """

    def __init__(
        self,
        n_components=None,
        *,
        alpha=1.0,
        method="alternating",
        n_nonzero_coefs=None,
        max_iter=100,
        tol=1e-6,
        dict_init=None,
        transform_algorithm=None,
        random_state=None,
    ):
        self.n_components = n_components
        self.alpha = alpha
        self.method = method
        self.n_nonzero_coefs = n_nonzero_coefs
        self.max_iter = max_iter
        self.tol = tol
        self.dict_init = dict_init
        self.transform_algorithm = transform_algorithm
        self.random_state = random_state

    def _check_params(self, n_features):
        method = check_choice(self.method, "method", ("alternating", "ksvd"))
        L = n_features if self.n_components is None else check_int(self.n_components, "n_components", low=1)
        alpha = check_real(self.alpha, "alpha", low=0.0, low_inclusive=False)
        if self.n_nonzero_coefs is None:
            T = min(max(1, n_features // 10), L)
        else:
            T = check_int(self.n_nonzero_coefs, "n_nonzero_coefs", low=1, high=L)
        max_iter = check_int(self.max_iter, "max_iter", low=1)
        tol = check_real(self.tol, "tol", low=0.0)
        if self.transform_algorithm is not None:
            check_choice(self.transform_algorithm, "transform_algorithm", ("lasso_cd", "omp"))
        return method, L, alpha, T, max_iter, tol

    def fit(self, X, y=None):
        """Learn the dictionary from the rows of ``X``; returns ``self``."""
        self.fit_transform(X)
        return self

    def fit_transform(self, X, y=None):
        """Learn the dictionary and return the codes of the training data."""
        X = validate_data(self, X, dtype=np.float64, ensure_min_samples=1)
        X = np.ascontiguousarray(X)
        N, D = X.shape
        method, L, alpha, T, max_iter, tol = self._check_params(D)
        rng = (
            np.random.default_rng(self.random_state)
            if not isinstance(self.random_state, np.random.RandomState)
            else np.random.default_rng(self.random_state.randint(2**31))
        )
        if self.dict_init is not None:
            W = check_array(self.dict_init, "dict_init").copy()
            if W.shape != (L, D):
                raise ValueError(f"dict_init must have shape (n_components, n_features) = {(L, D)}, got {W.shape}")
        else:
            W = X[rng.choice(N, size=L, replace=N < L)].copy()
        self._normalise(W, rng, D)
        Z = np.zeros((N, L))
        objective = []
        converged = False
        for it in range(max_iter):
            if method == "alternating":
                # Z-step: the lasso for each sample, warm-started (13.176)
                Z, _ = _lasso_codes(X, W, alpha, 10000, 1e-10, Z)
                # W-step: block coordinate descent over the atoms subject to (13.177)
                A = Z.T @ Z
                B = Z.T @ X
                _update_atoms(W, A, B)
                dead = np.flatnonzero(np.diag(A) == 0.0)
                value = sparse_coding_objective(X, Z, W, alpha)
            else:
                Z = _ksvd_codes(X, W, T)
                dead = self._ksvd_sweep(X, W, Z)
                value = sparse_coding_objective(X, Z, W, 0.0)
            if dead.size:  # unused atoms: a random sample each (their codes are zero, NLL does not move)
                W[dead] = X[rng.choice(N, size=dead.size)]
                self._normalise(W, rng, D, rows=dead)
            objective.append(value)
            if it > 0 and abs(objective[-2] - value) <= tol * max(abs(objective[-2]), np.finfo(float).tiny):
                converged = True
                break
        if not converged:
            warnings.warn(
                f"DictionaryLearning did not converge in max_iter={max_iter} iterations; increase max_iter",
                ConvergenceWarning,
                stacklevel=2,
            )
        # Codes for the final dictionary (one more Z-step; for "alternating" it lowers (13.176) further)
        if method == "alternating":
            Z, _ = _lasso_codes(X, W, alpha, 10000, 1e-10, Z)
        else:
            Z = _ksvd_codes(X, W, T)
        self.components_ = W
        self.codes_ = Z
        self.objective_ = objective
        self.n_iter_ = len(objective)
        self._method, self._alpha, self._T = method, alpha, T
        self._n_features_out = L
        return Z

    @staticmethod
    def _normalise(W, rng, D, rows=None):
        rows = range(W.shape[0]) if rows is None else rows
        for j in rows:
            norm = np.linalg.norm(W[j])
            if norm == 0.0:
                W[j] = rng.standard_normal(D)
                norm = np.linalg.norm(W[j])
            W[j] /= norm

    @staticmethod
    @_one_blas_thread
    def _ksvd_sweep(X, W, Z):
        dead = []
        for j in range(W.shape[0]):
            # omega_j: the samples whose code uses atom j
            users = np.flatnonzero(Z[:, j])
            if users.size == 0:
                dead.append(j)
                continue
            # E_j: the residual of the users of atom j without atom j's contribution
            E = X[users] - Z[users] @ W + np.outer(Z[users, j], W[j])
            # atom j and its non-zero codes together: the best rank-one approximation of E_j (Eckart-Young)
            W[j], Z[users, j] = _rank_one(E)
        return np.array(dead, dtype=np.int64)

    def transform(self, X):
        """Codes of new data for the learned dictionary."""
        check_is_fitted(self, "components_")
        X = validate_data(self, X, dtype=np.float64, reset=False)
        algorithm = self.transform_algorithm
        if algorithm is None:
            algorithm = "lasso_cd" if self._method == "alternating" else "omp"
        if algorithm == "omp":
            return _ksvd_codes(np.ascontiguousarray(X), self.components_, self._T)
        return _lasso_codes(np.ascontiguousarray(X), self.components_, self._alpha, 10000, 1e-10, None)[0]

    def inverse_transform(self, codes):
        """The reconstruction ``codes @ components_``."""
        check_is_fitted(self, "components_")
        codes = check_array(codes, "codes")
        if codes.shape[1] != self.components_.shape[0]:
            raise ValueError(f"codes must have {self.components_.shape[0]} columns, got {codes.shape[1]}")
        return codes @ self.components_
