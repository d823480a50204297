"""Sparse codes for a fixed dictionary (MLAPP section 13.8, the Z-step of (13.176)).

Orientation is scikit-learn's: ``X`` is (n_samples, n_features), the dictionary is
(n_components, n_features) with one atom per row (MLAPP's W is its transpose, D x L), and the codes are
(n_samples, n_components) (MLAPP's z_i are their rows). A sample is approximated by ``code @ dictionary``.

``algorithm="lasso_cd"`` minimises, for each sample separately,

    1/2 ||x_i - W z_i||^2 + alpha ||z_i||_1                                  (13.176, one term)

by the coordinate-descent kernel of :class:`statlib.linear_model.Lasso` (MLAPP Algorithm 13.1, with its
duality-gap stopping rule), called with the dictionary's transpose as the design. ``algorithm="omp"`` keeps
the ``n_nonzero_coefs`` atoms that orthogonal matching pursuit (MLAPP (13.29)-(13.30)) picks, through the
kernel of :class:`statlib.linear_model.OrthogonalMatchingPursuit`.
"""

import numpy as np
from numba import njit

from .._validation import check_array, check_choice, check_int, check_real
from ..linear_model._lasso import _enet_cd
from ..linear_model._subset import _forward

__all__ = ["sparse_encode", "sparse_encode_masked"]


@njit(cache=True)
def _encode_lasso(DT, X, Z, l1, tol, max_iter):
    """Lasso codes, one sample at a time, in place on ``Z`` (a warm start); returns how many converged.

    DT is the (n_features, n_components) design (atoms as columns), X (n_samples, n_features)."""
    n_features, n_components = DT.shape
    zero_mean = np.zeros(n_components)
    col_sq = np.zeros(n_components)
    for k in range(n_components):
        for f in range(n_features):
            col_sq[k] += DT[f, k] * DT[f, k]
    n_converged = 0
    for i in range(X.shape[0]):
        y = X[i].copy()
        yy = 0.0
        for f in range(n_features):
            yy += y[f] * y[f]
        w = Z[i].copy()
        if yy == 0.0:
            Z[i] = 0.0
            n_converged += 1
            continue
        # (13.176) for sample i: the lasso with design W (D x L) and target x_i
        gap, n_epochs, converged = _enet_cd(DT, zero_mean, y, w, col_sq, l1, 0.0, tol * yy, max_iter, True)
        Z[i] = w
        n_converged += converged
    return n_converged


@njit(cache=True)
def _encode_masked(DT, X, mask, Z, l1, tol, max_iter):
    """As :func:`_encode_lasso`, but sample i sees only the rows f of DT with mask[i, f] true."""
    n_features, n_components = DT.shape
    zero_mean = np.zeros(n_components)
    n_converged = 0
    for i in range(X.shape[0]):
        m = 0
        for f in range(n_features):
            if mask[i, f]:
                m += 1
        if m == 0:
            Z[i] = 0.0
            n_converged += 1
            continue
        # keep only the visible entries f in V_i of x_i and the matching rows of the design (atoms as columns):
        # the lasso below then fits sum_{f in V_i} (x_if - (W z)_f)^2 / 2 + l1 ||z||_1
        sub = np.empty((m, n_components))
        y = np.empty(m)
        r = 0
        for f in range(n_features):
            if mask[i, f]:
                sub[r] = DT[f]
                y[r] = X[i, f]
                r += 1
        col_sq = np.zeros(n_components)
        yy = 0.0
        for r in range(m):
            yy += y[r] * y[r]
            for k in range(n_components):
                col_sq[k] += sub[r, k] * sub[r, k]
        w = np.zeros(n_components)
        if yy == 0.0:
            Z[i] = 0.0
            n_converged += 1
            continue
        gap, n_epochs, converged = _enet_cd(sub, zero_mean, y, w, col_sq, l1, 0.0, tol * yy, max_iter, True)
        Z[i] = w
        n_converged += converged
    return n_converged


@njit(cache=True)
def _encode_omp(gram, corr, sq_norms, n_nonzero_coefs, Z):
    """OMP codes in place on ``Z``: for sample i, the augmented Gram matrix [[W^T W, W^T x_i], [x_i^T W,
    x_i^T x_i]] goes to the forward greedy kernel with rule 1, (13.29)-(13.30)."""
    L = gram.shape[0]
    G0 = np.empty((L + 1, L + 1))
    G0[:L, :L] = gram
    for i in range(corr.shape[0]):
        G0[:L, L] = corr[i]
        G0[L, :L] = corr[i]
        G0[L, L] = sq_norms[i]
        Z[i] = 0.0
        if sq_norms[i] == 0.0:
            continue
        order, rss, coefs = _forward(G0, 1, n_nonzero_coefs)
        steps = 0
        for t in range(n_nonzero_coefs):
            if order[t] >= 0:
                steps = t + 1
        if steps > 0:
            Z[i] = coefs[steps - 1]


def _check_dictionary(dictionary, n_features):
    dictionary = check_array(dictionary, "dictionary")
    if dictionary.shape[1] != n_features:
        raise ValueError(
            f"dictionary must have one column per feature of X ({n_features}), got shape {dictionary.shape}"
        )
    return dictionary


def _lasso_codes(X, dictionary, alpha, max_iter, tol, init):
    Z = np.zeros((X.shape[0], dictionary.shape[0])) if init is None else init.copy()
    DT = np.ascontiguousarray(dictionary.T)
    n_converged = _encode_lasso(DT, X, Z, alpha, tol, max_iter)
    return Z, int(n_converged)


def _gram(dictionary):
    gram = dictionary @ dictionary.T
    return 0.5 * (gram + gram.T)


def _omp_codes(X, dictionary, n_nonzero_coefs, gram=None):
    """OMP codes of the rows of X; ``gram`` is ``_gram(dictionary)`` when the caller has it already."""
    if gram is None:
        gram = _gram(dictionary)
    corr = np.ascontiguousarray(X @ dictionary.T)
    sq_norms = np.einsum("ij,ij->i", X, X)
    Z = np.zeros((X.shape[0], dictionary.shape[0]))
    _encode_omp(gram, corr, sq_norms, n_nonzero_coefs, Z)
    return Z


def sparse_encode(
    X, dictionary, *, algorithm="lasso_cd", alpha=1.0, n_nonzero_coefs=None, max_iter=10000, tol=1e-10, init=None
):
    """Sparse codes of the rows of ``X`` for a fixed dictionary (MLAPP (13.176) with W fixed).

    Parameters
    ----------
    X : (n_samples, n_features) array
        The samples (MLAPP's x_i as rows).
    dictionary : (n_components, n_features) array
        One atom per row (MLAPP's W transposed).
    algorithm : {"lasso_cd", "omp"}
        ``"lasso_cd"``: minimise 1/2 ||x_i - W z_i||^2 + alpha ||z_i||_1 for each i by coordinate descent
        (MLAPP Algorithm 13.1), the objective of scikit-learn's ``sparse_encode(..., algorithm="lasso_cd")``.
        ``"omp"``: orthogonal matching pursuit with ``n_nonzero_coefs`` atoms (MLAPP (13.29)-(13.30)).
    alpha : float > 0
        The l1 weight lambda of (13.176) (lasso only).
    n_nonzero_coefs : int in [1, n_components], optional
        Atoms per sample for OMP; default ``max(1, n_features // 10)`` as in scikit-learn.
    max_iter : int >= 1
        Coordinate-descent epochs per sample (lasso only).
    tol : float >= 0
        The lasso stops when its duality gap is at most ``tol * ||x_i||^2``.
    init : (n_samples, n_components) array, optional
        Warm start for the lasso.

    Returns
    -------
    codes : (n_samples, n_components) array, with ``X ≈ codes @ dictionary``.

    Examples
    --------
    >>> import numpy as np
    >>> D = np.eye(3)
    >>> sparse_encode([[3.0, -0.5, 1.0]], D, alpha=1.0) + 0.0  # soft thresholding: + 0.0 turns -0.0 into 0.0
    array([[2., 0., 0.]])
    >>> sparse_encode([[3.0, -0.5, 1.0]], D, algorithm="omp", n_nonzero_coefs=1)
    array([[3., 0., 0.]])
    """
    X = check_array(X, "X")
    dictionary = _check_dictionary(dictionary, X.shape[1])
    algorithm = check_choice(algorithm, "algorithm", ("lasso_cd", "omp"))
    if algorithm == "omp":
        L = dictionary.shape[0]
        k = max(1, X.shape[1] // 10) if n_nonzero_coefs is None else n_nonzero_coefs
        k = (
            min(check_int(k, "n_nonzero_coefs", low=1), L)
            if n_nonzero_coefs is None
            else check_int(k, "n_nonzero_coefs", low=1, high=L)
        )
        return _omp_codes(X, dictionary, k)
    alpha = check_real(alpha, "alpha", low=0.0, low_inclusive=False)
    max_iter = check_int(max_iter, "max_iter", low=1)
    tol = check_real(tol, "tol", low=0.0)
    if init is not None:
        init = check_array(init, "init")
        if init.shape != (X.shape[0], dictionary.shape[0]):
            raise ValueError(
                f"init must have shape (n_samples, n_components) = {(X.shape[0], dictionary.shape[0])}, "
                f"got {init.shape}"
            )
    return _lasso_codes(X, dictionary, alpha, max_iter, tol, init)[0]


def sparse_encode_masked(X, mask, dictionary, *, alpha=1.0, max_iter=10000, tol=1e-10):
    """Lasso codes of the rows of ``X`` from their visible entries only (MLAPP section 13.8.4).

    Sample i is coded from the features f with ``mask[i, f]`` true, with the matching rows of W:
    min_z 1/2 sum_{f visible} (x_if - (W z)_f)^2 + alpha ||z||_1. Then ``codes @ dictionary`` fills in
    the hidden entries: the prediction of y_H from y_V under the sparse model.

    Parameters
    ----------
    X : (n_samples, n_features) array; hidden entries may hold anything finite.
    mask : (n_samples, n_features) bool array, true where an entry is observed.
    dictionary : (n_components, n_features) array, one atom per row.
    alpha, max_iter, tol : as in :func:`sparse_encode`.

    Returns
    -------
    codes : (n_samples, n_components) array.
    """
    X = check_array(X, "X")
    mask = np.asarray(mask)
    if mask.dtype != np.bool_:
        raise TypeError(f"mask must be a boolean array, got dtype {mask.dtype}")
    if mask.shape != X.shape:
        raise ValueError(f"mask must have the shape of X {X.shape}, got {mask.shape}")
    dictionary = _check_dictionary(dictionary, X.shape[1])
    alpha = check_real(alpha, "alpha", low=0.0, low_inclusive=False)
    max_iter = check_int(max_iter, "max_iter", low=1)
    tol = check_real(tol, "tol", low=0.0)
    Z = np.zeros((X.shape[0], dictionary.shape[0]))
    _encode_masked(np.ascontiguousarray(dictionary.T), X, np.ascontiguousarray(mask), Z, alpha, tol, max_iter)
    return Z
