"""Subset-evaluation criteria of the lecture "Feature selection and sparse learning".

Three families of indirect criteria judge a feature subset by how well it separates the classes:

* distance-based: the scatter matrices S_w and S_b and the criteria J_d = tr(S_w + S_b),
  J_2 = tr(S_w^{-1} S_b), J_3 = tr S_b / tr S_w and J_4 = |S_b| / |S_w| (Fisher-type);
* distribution-based: the symmetric Kullback-Leibler divergence J_D = KL_ij + KL_ji between the
  class-conditional densities, here Gaussians fitted to each class;
* entropy-based: the expected entropy of the class posterior given the (discrete) features, and the
  information gain H(Y) - H(Y | X_S) it implies (Shannon or quadratic entropy).

Every criterion takes the columns of one subset, ``X[:, subset]``, and the labels ``y``, and returns a
float: larger is better. ``J_2``, ``J_D`` and the information gain never decrease when a feature is
added (they are *monotone*), which branch and bound needs.
"""

import numpy as np

from .._validation import check_array, check_choice, check_real, check_scale

__all__ = [
    "scatter_matrices",
    "fisher_criterion",
    "divergence_criterion",
    "posterior_entropy",
    "information_gain_criterion",
    "mutual_information",
]


def _xy(X, y, *, min_classes=2):
    X = check_scale(check_array(X, "X"), "X")  # the scatter matrices are sums of squares
    if isinstance(y, (str, bytes)):
        raise TypeError(f"y must be a 1-D array-like of class labels, got a {type(y).__name__}")
    y = np.asarray(y)
    if y.ndim != 1:
        raise ValueError(f"y must be a 1-D array of class labels, got an array of shape {y.shape}")
    if y.shape[0] != X.shape[0]:
        raise ValueError(f"X and y must have the same number of samples, got {X.shape[0]} and {y.shape[0]}")
    if y.dtype.kind == "f" and not np.all(np.isfinite(y)):
        raise ValueError("y must not contain NaN or infinity")
    classes, codes = np.unique(y, return_inverse=True)
    if len(classes) < min_classes:
        raise ValueError(f"y must contain at least {min_classes} classes, got {len(classes)}")
    return X, classes, codes.ravel()


def scatter_matrices(X, y):
    """Within-class and between-class scatter matrices of the lecture's distance-based criteria.

    S_w = sum_i P_i (1/n_i) sum_k (x_k^(i) - m_i)(x_k^(i) - m_i)^T and
    S_b = sum_i P_i (m_i - m)(m_i - m)^T, with P_i = n_i / n the class priors, m_i the class means and
    m the overall mean. Their sum is the total (biased) covariance of X, and
    tr(S_w + S_b) = J_d, the mean squared Euclidean distance between samples of all pairs of classes
    (halved), the lecture's first distance criterion.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
    y : array-like of shape (n_samples,)
        Class labels (at least two classes).

    Returns
    -------
    S_w, S_b : ndarrays of shape (n_features, n_features)

    Examples
    --------
    >>> import numpy as np
    >>> X = np.array([[0.0], [2.0], [4.0], [6.0]])
    >>> S_w, S_b = scatter_matrices(X, [0, 0, 1, 1])
    >>> float(S_w[0, 0]), float(S_b[0, 0])
    (1.0, 4.0)
    """
    X, classes, codes = _xy(X, y)
    n, d = X.shape
    m = X.mean(axis=0)
    S_w = np.zeros((d, d))
    S_b = np.zeros((d, d))
    for c in range(len(classes)):
        Xc = X[codes == c]
        p = Xc.shape[0] / n
        mc = Xc.mean(axis=0)
        D = Xc - mc
        S_w += p * (D.T @ D) / Xc.shape[0]
        S_b += p * np.outer(mc - m, mc - m)
    return S_w, S_b


_FISHER_KINDS = ("J2", "J3", "J4", "Jd")


def fisher_criterion(X, y, kind="J2"):
    """Distance-based separability of the features in ``X``: J_2, J_3, J_4 or J_d.

    J_2 = tr(S_w^{-1} S_b) (the Fisher criterion), J_3 = tr S_b / tr S_w, J_4 = |S_b| / |S_w| and
    J_d = tr(S_w + S_b), with S_w, S_b from :func:`scatter_matrices`. J_2 is monotone: it equals
    sum_i P_i (m_i - m)^T S_w^{-1} (m_i - m), a sum of Mahalanobis lengths, and a Mahalanobis length
    cannot shrink when a coordinate is added.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
    y : array-like of shape (n_samples,)
    kind : {"J2", "J3", "J4", "Jd"}, default="J2"

    Returns
    -------
    float

    Examples
    --------
    >>> import numpy as np
    >>> X = np.array([[0.0], [2.0], [4.0], [6.0]])
    >>> fisher_criterion(X, [0, 0, 1, 1])        # S_b / S_w = 4 / 1
    4.0
    """
    kind = check_choice(kind, "kind", _FISHER_KINDS)
    S_w, S_b = scatter_matrices(X, y)
    if kind == "Jd":
        return float(np.trace(S_w + S_b))
    if kind == "J3":
        tw = np.trace(S_w)
        if tw <= 0:
            raise ValueError("X has no within-class scatter (tr S_w = 0); J3 is undefined")
        return float(np.trace(S_b) / tw)
    sign, logdet = np.linalg.slogdet(S_w)
    if sign <= 0 or logdet < np.log(np.finfo(float).tiny):
        raise ValueError("the within-class scatter S_w of X is singular; J2 and J4 need it invertible")
    if kind == "J2":
        return float(np.trace(np.linalg.solve(S_w, S_b)))
    return float(np.linalg.det(S_b) / np.linalg.det(S_w))


def _gaussian_fit(Xc, reg):
    mu = Xc.mean(axis=0)
    D = Xc - mu
    S = D.T @ D / Xc.shape[0] + reg * np.eye(Xc.shape[1])
    return mu, S


def divergence_criterion(X, y, reg=1e-6):
    """Distribution-based separability J_D: the symmetric KL divergence between Gaussian classes.

    Each class density p(x | omega_i) is the Gaussian N(m_i, S_i) fitted by maximum likelihood (with
    ``reg`` added to the diagonal of S_i). For two Gaussians the divergence
    J_D = KL_ij + KL_ji = integral [p_i - p_j] ln(p_i / p_j) dx has the closed form

        J_D = 1/2 tr(S_i^{-1} S_j + S_j^{-1} S_i - 2 I) + 1/2 (m_i - m_j)^T (S_i^{-1} + S_j^{-1}) (m_i - m_j).

    With more than two classes the pairwise values are averaged with weights P_i P_j (i < j). J_D is
    monotone: the KL divergence of marginals never exceeds that of the joint densities, and the
    marginal of a fitted Gaussian is the Gaussian fitted to the marginal data.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
    y : array-like of shape (n_samples,)
    reg : float, default=1e-6
        Ridge added to each class covariance (>= 0).

    Returns
    -------
    float

    Examples
    --------
    >>> import numpy as np
    >>> X = np.array([[-1.0], [1.0], [1.0], [3.0]])     # N(0, 1) against N(2, 1)
    >>> round(divergence_criterion(X, [0, 0, 1, 1], reg=0.0), 12)   # (m_i - m_j)^2 = 4
    4.0
    """
    reg = check_real(reg, "reg", low=0.0)
    X, classes, codes = _xy(X, y)
    n, d = X.shape
    fits = []
    priors = []
    for c in range(len(classes)):
        Xc = X[codes == c]
        mu, S = _gaussian_fit(Xc, reg)
        if np.linalg.matrix_rank(S) < d:
            raise ValueError(
                f"the covariance of class {classes[c]!r} in X is singular; use more samples per class or reg > 0"
            )
        fits.append((mu, S, np.linalg.inv(S)))
        priors.append(Xc.shape[0] / n)
    total = 0.0
    weight = 0.0
    for i in range(len(fits)):
        for j in range(i + 1, len(fits)):
            mi, Si, Pi = fits[i]
            mj, Sj, Pj = fits[j]
            dm = mi - mj
            jd = 0.5 * np.trace(Pi @ Sj + Pj @ Si - 2.0 * np.eye(d)) + 0.5 * dm @ (Pi + Pj) @ dm
            w = priors[i] * priors[j]
            total += w * jd
            weight += w
    return float(total / weight)


_ENTROPIES = ("shannon", "quadratic")


def _cells(X):
    """Code each row of the discrete matrix X as one cell index (the joint value of its features)."""
    _, cells = np.unique(X, axis=0, return_inverse=True)
    return cells.ravel()


def _entropy_rows(P, kind):
    if kind == "shannon":
        with np.errstate(divide="ignore", invalid="ignore"):
            logs = np.where(P > 0, np.log2(np.where(P > 0, P, 1.0)), 0.0)
        return -(P * logs).sum(axis=-1)
    return 2.0 * (1.0 - (P**2).sum(axis=-1))


def posterior_entropy(X, y, entropy="shannon"):
    """Expected entropy of the class posterior P(omega | x) over the discrete feature values in ``X``.

    The lecture's entropy criteria measure how evenly the posterior spreads over the classes: the
    Shannon entropy H = -sum_i P(omega_i | x) log_2 P(omega_i | x) or the quadratic entropy
    H = 2 [1 - sum_i P(omega_i | x)^2]. The posteriors are the class frequencies within each cell
    of equal feature values (all columns of ``X`` together), and the result is their average
    weighted by the cell frequencies, E_x[H(x)]: for Shannon entropy, the conditional entropy
    H(Y | X_S) in bits. Smaller is better.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
        Discrete features (any numbers; equal values form one cell).
    y : array-like of shape (n_samples,)
    entropy : {"shannon", "quadratic"}, default="shannon"

    Returns
    -------
    float

    Examples
    --------
    >>> posterior_entropy([[0], [0], [1], [1]], [0, 1, 1, 1])   # cells {0, 1} and {1, 1}
    0.5
    """
    entropy = check_choice(entropy, "entropy", _ENTROPIES)
    X, classes, codes = _xy(X, y, min_classes=1)
    cells = _cells(X)
    counts = np.zeros((cells.max() + 1, len(classes)))
    np.add.at(counts, (cells, codes), 1.0)
    sizes = counts.sum(axis=1)
    H = _entropy_rows(counts / sizes[:, None], entropy)
    return float(np.sum(sizes / X.shape[0] * H))


def information_gain_criterion(X, y, entropy="shannon"):
    """Entropy-based criterion: the information gain H(Y) - E_x[H(Y | x)] of the discrete features.

    With Shannon entropy this is the empirical mutual information I(X_S; Y) in bits (the information
    gain g(D, A) of Li Hang (5.9) when X_S is one feature). It never decreases when a feature is
    added: refining the cells cannot raise the expected posterior entropy (the entropies are concave).

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
        Discrete features.
    y : array-like of shape (n_samples,)
    entropy : {"shannon", "quadratic"}, default="shannon"

    Returns
    -------
    float

    Examples
    --------
    >>> information_gain_criterion([[0], [0], [1], [1]], [0, 0, 1, 1])   # one bit
    1.0
    """
    entropy = check_choice(entropy, "entropy", _ENTROPIES)
    X, classes, codes = _xy(X, y, min_classes=1)
    prior = np.bincount(codes, minlength=len(classes)) / X.shape[0]
    return float(_entropy_rows(prior, entropy) - posterior_entropy(X, y, entropy=entropy))


def mutual_information(X, y):
    """Per-feature empirical mutual information I(X_j; Y) in nats, for discrete features.

    The single-feature ranking filter of the lecture with the information-gain criterion. It equals
    scikit-learn's ``mutual_info_classif(X, y, discrete_features=True)`` and, divided by ln 2, Li
    Hang's information gain g(D, A) (:func:`statlib.tree.information_gain`).

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
        Discrete features.
    y : array-like of shape (n_samples,)

    Returns
    -------
    ndarray of shape (n_features,)

    Examples
    --------
    >>> mutual_information([[0, 1], [0, 0], [1, 1], [1, 0]], [0, 0, 1, 1]).round(6).tolist()
    [0.693147, 0.0]
    """
    from ..tree import information_gain

    X, _, codes = _xy(X, y, min_classes=1)
    return np.array([information_gain(X[:, j], codes, base=None) for j in range(X.shape[1])])
