"""Kernel functions of Li Hang section 7.3: linear, polynomial (7.88), Gaussian (7.90), string (7.92)-(7.93).

The vector kernels follow scikit-learn's parameterisation so that the same numbers mean the same kernel:

* ``"linear"``: K(x, z) = x . z
* ``"poly"``:   K(x, z) = (gamma x . z + coef0)^degree; the book's (x . z + 1)^p (7.88) is gamma=1, coef0=1
* ``"rbf"``:    K(x, z) = exp(-gamma ||x - z||^2); the book's Gaussian kernel (7.90) is gamma = 1 / (2 sigma^2)

The integer codes below are what the Numba kernels receive.
"""

import itertools

import numpy as np
from numba import njit

from .._validation import check_array, check_choice, check_int, check_real, check_scale, scale_exponent

KERNELS = ("linear", "poly", "rbf")
# Codes the Numba kernels branch on (a string cannot be passed into them cheaply).
LINEAR, POLY, RBF = 0, 1, 2
_KERNEL_CODE = {"linear": LINEAR, "poly": POLY, "rbf": RBF}


def scale_gamma(X):
    """scikit-learn's ``gamma="scale"``, 1 / (n_features * X.var()) (1 when X is constant), or ValueError naming X
    when that is not a finite positive number: a variance that underflows (entries near 1e-160) gives an infinite
    gamma and NaN kernels, one that overflows (entries near 1e300) gamma = 0 and a constant kernel."""
    with np.errstate(over="ignore", under="ignore", divide="ignore"):
        var = X.var()
        gamma = 1.0 / (X.shape[1] * var) if var != 0 else 1.0
    if not (np.isfinite(gamma) and gamma > 0):
        raise ValueError(
            f"X is too {'small' if var < 1 else 'large'} for gamma='scale': its variance {var:.3g} gives "
            f"gamma = 1 / (n_features * X.var()) = {gamma:g}; rescale X or give gamma a number"
        )
    return gamma


# The Gaussian kernel sees the data as they are while their largest magnitude lies in [2^-128, 2^128]; beyond, the
# squared distances ||x - z||^2 near 1e-300 underflow to 0 (every kernel value 1) and near 1e160 overflow (NaN).
_UNSCALED_EXPONENT = 128


def gamma_scaling(X, gamma, kernel="rbf"):
    """The exact rescaling behind the Gaussian and polynomial kernels for data far from unit scale: ``(exponent,
    gamma_kernel, gamma_X)``.

    exp(-gamma ||x - z||^2) = exp(-gamma 4^e ||2^-e x - 2^-e z||^2), and gamma x . z = gamma 4^e (2^-e x) . (2^-e z)
    inside (gamma x . z + coef0)^degree: the kernel of the data scaled by the power of two 2^-e, with gamma scaled by
    4^e, is the same kernel, and with e chosen from the largest magnitude (landing in [0.5, 1)) its squared distances
    and products are representable, where those of data near 1e-300 underflow to 0 and those of data near 1e160
    overflow. Powers of two are exact, so the values are those of the same data at unit scale. e = 0 (data used as
    they are) within [2^-128, 2^128]. ``gamma`` is a number in X's units, ``"scale"`` (scikit-learn's
    1 / (n_features X.var()), computed on the scaled data) or ``"auto"`` (1 / n_features). ``gamma_kernel`` goes with
    the scaled data, ``gamma_X`` (X's units) is the one reported, inf, subnormal or 0 where it leaves float64's normal
    range. Where gamma 4^e overflows, gamma ||x - z||^2 exceeds float64 for all but coinciding points: for the
    Gaussian kernel the data are used as they are if their squared norms fit (below 1e300), a kernel value of 0 for
    such points being right; otherwise, and always for the polynomial kernel, whose values would be infinite, they
    are refused (ValueError naming gamma).
    """
    exponent = scale_exponent(X)
    if abs(exponent) <= _UNSCALED_EXPONENT:
        exponent = 0
    with np.errstate(over="ignore", under="ignore"):
        if gamma == "scale" and exponent and np.ldexp(X, -exponent).var() == 0:
            kernel_gamma = float(np.ldexp(1.0, 2 * exponent))  # constant X: gamma = 1 in X's units, as scikit-learn's
        elif gamma == "scale":
            kernel_gamma = scale_gamma(np.ldexp(X, -exponent) if exponent else X)
        else:
            user = 1.0 / X.shape[1] if gamma == "auto" else float(gamma)
            kernel_gamma = float(np.ldexp(user, 2 * exponent))
        user_gamma = float(np.ldexp(kernel_gamma, -2 * exponent))
    fits = 2 * exponent + np.log2(X.shape[1]) < 996
    if not np.isfinite(kernel_gamma) and kernel == "rbf" and gamma not in ("scale", "auto") and fits:
        # squared norms below 1e300 fit as they are: gamma ||x - z||^2 overflows to inf (a kernel value 0) only where
        # it exceeds float64 anyway, and is 0 for coinciding points
        return 0, float(gamma), float(gamma)
    if not np.isfinite(kernel_gamma):
        term = "gamma x . z overflows"
        if kernel == "rbf":
            term = "gamma ||x - z||^2 overflows for all but coinciding points"
        raise ValueError(
            f"gamma={gamma!r} is too large for X (its largest entry is {float(np.max(np.abs(X))):.3g}): "
            f"gamma * max|X|^2 exceeds float64, so {term}; give a smaller gamma or rescale X"
        )
    return exponent, kernel_gamma, user_gamma


def _scaled_cross_kernel(A, B, exponent, kernel, gamma, degree, coef0):
    """:func:`_cross_kernel` of ``A`` and ``B`` both scaled by 2^-exponent (as :func:`gamma_scaling` chose)."""
    if exponent:
        A, B = np.ldexp(A, -exponent), np.ldexp(B, -exponent)
    return _cross_kernel(A, B, kernel, gamma, degree, coef0)


def effective_gamma(X, gamma):
    """gamma as a number: scikit-learn's ``"scale"`` (:func:`scale_gamma`), ``"auto"`` (1 / n_features), or as given."""
    if gamma == "scale":
        return scale_gamma(X)
    if gamma == "auto":
        return 1.0 / X.shape[1]
    return float(gamma)


def kernel_scaling(X, kernel, gamma):
    """``(exponent, gamma_kernel, gamma_X)`` for fitting a kernel machine on ``X``: for the Gaussian and polynomial
    kernels the exact rescaling by a power of two of :func:`gamma_scaling`; the data as they are (exponent 0) for the
    linear kernel, which has no gamma to carry a scale: its products x . z must neither overflow nor all underflow
    (``check_scale``, naming X)."""
    if kernel in ("rbf", "poly"):
        return gamma_scaling(X, gamma, kernel)
    check_scale(X, "X", small=True)
    value = effective_gamma(X, gamma)
    return 0, value, value


def fitted_kernel(model, X):
    """k(x, x_n) between the rows of ``X`` and a fitted SVC's or SVR's support vectors, computed on the scale the fit
    used (``model._kernel_exponent`` and ``model._kernel_gamma`` from :func:`kernel_scaling`)."""
    return _scaled_cross_kernel(
        X,
        model.support_vectors_,
        model._kernel_exponent,
        _KERNEL_CODE[model.kernel],
        model._kernel_gamma,
        float(model.degree),
        float(model.coef0),
    )


@njit(cache=True)
def _kernel_row(XT, sq_norms, i, kernel, gamma, degree, coef0, out):
    """Row i of the Gram matrix, K(x_i, x_t) for t = 0..n-1, written into ``out``.

    ``XT`` is the data transposed, shape (n_features, n), so that the inner loop runs along
    contiguous memory over t and vectorises. For the Gaussian kernel ||x_i - x_t||^2 is expanded as
    ||x_i||^2 + ||x_t||^2 - 2 x_i . x_t with the squared norms precomputed.
    """
    d, n = XT.shape
    for t in range(n):
        out[t] = 0.0
    for k in range(d):
        xik = XT[k, i]
        for t in range(n):
            out[t] += xik * XT[k, t]
    if kernel == POLY:
        for t in range(n):
            out[t] = (gamma * out[t] + coef0) ** degree
    elif kernel == RBF:
        for t in range(n):
            dist2 = sq_norms[i] + sq_norms[t] - 2.0 * out[t]
            if dist2 < 0.0:  # rounding of the expansion near x_i = x_t
                dist2 = 0.0
            out[t] = np.exp(-gamma * dist2)


@njit(cache=True)
def _gram_setup(X, kernel, gamma, degree, coef0):
    """What an SMO solver needs before it computes Gram rows with :func:`_kernel_row`: the data transposed
    (features x samples, so that the rows stream through memory), the squared norms ||x_t||^2 and the
    diagonal K(x_t, x_t) of the Gram matrix."""
    n = X.shape[0]
    XT = np.ascontiguousarray(X.T)
    sq_norms = np.empty(n)
    for t in range(n):
        acc = 0.0
        for k in range(X.shape[1]):
            acc += X[t, k] * X[t, k]
        sq_norms[t] = acc
    diag = np.empty(n)
    for t in range(n):
        if kernel == LINEAR:
            diag[t] = sq_norms[t]
        elif kernel == POLY:
            diag[t] = (gamma * sq_norms[t] + coef0) ** degree
        else:
            diag[t] = 1.0
    return XT, sq_norms, diag


def _cross_kernel(A, B, kernel, gamma, degree, coef0):
    """The matrix [K(a_i, b_j)] for the rows of A and B (eqs. 7.66, 7.88, 7.90), via one matrix product."""
    dot = A @ B.T
    if kernel == LINEAR:
        return dot
    if kernel == POLY:
        return (gamma * dot + coef0) ** degree
    dist2 = (A * A).sum(axis=1)[:, None] + (B * B).sum(axis=1)[None, :] - 2.0 * dot
    np.maximum(dist2, 0.0, out=dist2)
    return np.exp(-gamma * dist2)


def kernel_matrix(X, Z=None, *, kernel="rbf", gamma=1.0, degree=3, coef0=0.0):
    """The Gram matrix ``K[i, j] = K(x_i, z_j)`` (Li Hang (7.85)) for a linear, polynomial or Gaussian kernel.

    Parameters
    ----------
    X : array-like of shape (m, n_features)
    Z : array-like of shape (n, n_features), optional
        Defaults to ``X`` (the square, symmetric Gram matrix of Theorem 7.5).
    kernel : {"linear", "poly", "rbf"}
    gamma, degree, coef0 : float, int, float
        As in scikit-learn: (gamma x.z + coef0)^degree and exp(-gamma ||x - z||^2).

    Returns
    -------
    ndarray of shape (m, n)
    """
    kernel = check_choice(kernel, "kernel", KERNELS)
    X = check_array(X, "X")
    Z = X if Z is None else check_array(Z, "Z")
    if Z.shape[1] != X.shape[1]:
        raise ValueError(f"Z must have {X.shape[1]} features like X, got {Z.shape[1]}")
    gamma = check_real(gamma, "gamma", low=0.0, low_inclusive=False)
    degree = check_int(degree, "degree", low=0)
    coef0 = check_real(coef0, "coef0")
    K = _cross_kernel(X, Z, _KERNEL_CODE[kernel], gamma, float(degree), coef0)
    if not np.all(np.isfinite(K)):
        raise ValueError(f"the {kernel} kernel overflows on these inputs; scale X (and Z), gamma or degree down")
    return K


# ----------------------------------------------------------------------------------------------
# String kernel (section 7.3.3)


def _check_string(s, name):
    if not isinstance(s, str):
        raise TypeError(f"{name} must be a str, got {type(s).__name__}")
    return s


def _check_decay(lam):
    return check_real(lam, "lam", low=0.0, high=1.0, low_inclusive=False)


def string_features(s, n, lam):
    """The explicit feature vector phi_n(s) of (7.92), as a dict ``{u: [phi_n(s)]_u}`` over its non-zero entries.

    For every index sequence i = (i_1 < ... < i_n) the subsequence u = s(i) gains lam^l(i), where
    l(i) = i_n - i_1 + 1 is the span it covers. This enumerates all C(|s|, n) index sequences, so it is
    meant for short strings (checking the dynamic programme of :func:`string_kernel`).
    """
    s = _check_string(s, "s")
    n = check_int(n, "n", low=1)
    lam = _check_decay(lam)
    phi = {}
    for idx in itertools.combinations(range(len(s)), n):
        u = "".join(s[k] for k in idx)
        phi[u] = phi.get(u, 0.0) + lam ** (idx[-1] - idx[0] + 1)
    return phi


@njit(cache=True)
def _string_kernel(s, t, n, lam):
    """k_n(s, t) of (7.93) by the dynamic programme of Lodhi et al. (2002), O(n |s| |t|^2) time.

    Kp[q, i, j] = K'_q(s[:i], t[:j]) sums, over pairs of length-q subsequences, lam raised to the
    distance from each subsequence's first character to the end of its prefix. Appending a
    character x to s: K'_q(sx, t) = lam K'_q(s, t) + sum_{j: t_j = x} K'_{q-1}(s, t[:j-1]) lam^(|t|-j+2),
    and k_n(sx, t) = k_n(s, t) + sum_{j: t_j = x} K'_{n-1}(s, t[:j-1]) lam^2.
    """
    ls, lt = s.shape[0], t.shape[0]
    Kp = np.zeros((n, ls + 1, lt + 1))
    Kp[0, :, :] = 1.0
    for q in range(1, n):
        for i in range(q, ls + 1):
            for j in range(q, lt + 1):
                acc = lam * Kp[q, i - 1, j]  # K'_q(sx, t) = lam K'_q(s, t) + ...
                x = s[i - 1]
                for jj in range(1, j + 1):
                    if t[jj - 1] == x:
                        acc += Kp[q - 1, i - 1, jj - 1] * lam ** (j - jj + 2)  # ... K'_{q-1}(s, t_1..j-1) lam^(|t|-j+2)
                Kp[q, i, j] = acc
    k = 0.0
    for i in range(n, ls + 1):
        x = s[i - 1]
        for jj in range(1, lt + 1):
            if t[jj - 1] == x:
                k += Kp[n - 1, i - 1, jj - 1] * lam * lam  # k_n(sx, t) = k_n(s, t) + ..., (7.93)
    return k


def string_kernel(s, t, n, lam):
    """The string kernel k_n(s, t) of Li Hang (7.93): the inner product of the feature vectors (7.92).

    Parameters
    ----------
    s, t : str
        The strings (any characters, spaces included).
    n : int
        Length of the subsequences u that index the feature space R^(Sigma^n).
    lam : float
        Decay 0 < lam <= 1; a subsequence spanning l characters weighs lam^l.

    Returns
    -------
    float
        sum over u of [phi_n(s)]_u [phi_n(t)]_u, computed by dynamic programming (Lodhi et al. 2002).
    """
    s = _check_string(s, "s")
    t = _check_string(t, "t")
    n = check_int(n, "n", low=1)
    lam = _check_decay(lam)
    if n > min(len(s), len(t)):  # no common subsequence of length n: phi_n(s) or phi_n(t) is zero
        return 0.0
    codes_s = np.array([ord(c) for c in s], dtype=np.int64)
    codes_t = np.array([ord(c) for c in t], dtype=np.int64)
    return float(_string_kernel(codes_s, codes_t, n, lam))
