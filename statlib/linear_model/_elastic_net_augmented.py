"""The elastic net as a lasso on augmented data (MLAPP section 13.5.3, Zou and Hastie 2005).

MLAPP's vanilla elastic net (13.122) is ``J(w) = ||y - X w||^2 + lambda_2 ||w||_2^2 + lambda_1 ||w||_1`` (no
intercept: centre the data first). With ``X~ = c [X; sqrt(lambda_2) I_D]`` and ``y~ = [y; 0_D]`` (13.123),
``||y~ - X~ w~||^2 + c lambda_1 ||w~||_1`` (13.124) equals ``J(c w~)`` for every c > 0, so the naive estimate is
``w = c w~``. Zou and Hastie take ``c = (1 + lambda_2)^(-1/2)`` (MLAPP's Exercise 13.5; (13.123) prints the
exponent +1/2); only with that c is the corrected estimate ``sqrt(1 + lambda_2) w~`` (13.125) equal to
``(1 + lambda_2)`` times the naive one, the rescaling that undoes the ridge shrinkage.

In scikit-learn's scaling ``(1 / (2 n)) ||y - X w||^2 + alpha rho ||w||_1 + alpha (1 - rho) / 2 ||w||^2``,
dividing (13.122) by 2 n gives ``alpha rho = lambda_1 / (2 n)`` and ``alpha (1 - rho) = lambda_2 / n``, i.e.
``alpha = (lambda_1 + 2 lambda_2) / (2 n)`` and ``rho = lambda_1 / (lambda_1 + 2 lambda_2)``.
"""

import numpy as np

from .._validation import check_array, check_int, check_real, check_same_length, check_vector


def _check_xy(X, y):
    X = check_array(X, "X")
    y = check_vector(y, "y")
    check_same_length(X=X, y=y)
    return X, y


def augment_elastic_net(X, y, lambda2, c=None):
    """The augmented data (13.123): ``X~ = c [X; sqrt(lambda2) I]``, ``y~ = [y; 0]``.

    ``c`` defaults to Zou and Hastie's ``(1 + lambda2)^(-1/2)``. Returns ``(X_aug, y_aug, c)``.

    >>> Xa, ya, c = augment_elastic_net([[1.0], [2.0]], [1.0, 0.0], 3.0)
    >>> float(c), Xa.ravel().tolist(), ya.tolist()
    (0.5, [0.5, 1.0, 0.8660254037844386], [1.0, 0.0, 0.0])
    """
    X, y = _check_xy(X, y)
    lambda2 = check_real(lambda2, "lambda2", low=0.0)
    c = 1.0 / np.sqrt(1.0 + lambda2) if c is None else check_real(c, "c", low=0.0, low_inclusive=False)
    d = X.shape[1]
    X_aug = c * np.vstack((X, np.sqrt(lambda2) * np.eye(d)))
    y_aug = np.concatenate((y, np.zeros(d)))
    return X_aug, y_aug, float(c)


def elastic_net_sklearn_params(lambda1, lambda2, n_samples):
    """scikit-learn's ``(alpha, l1_ratio)`` for MLAPP's (13.122) with penalties ``lambda1 > 0``, ``lambda2 >= 0``.

    >>> elastic_net_sklearn_params(2.0, 1.0, 10)
    (0.2, 0.5)
    """
    lambda1 = check_real(lambda1, "lambda1", low=0.0, low_inclusive=False)
    lambda2 = check_real(lambda2, "lambda2", low=0.0)
    n = check_int(n_samples, "n_samples", low=1)
    return (lambda1 + 2.0 * lambda2) / (2.0 * n), lambda1 / (lambda1 + 2.0 * lambda2)


def elastic_net_by_lasso(X, y, lambda1, lambda2, *, corrected=False, c=None, tol=1e-12, max_iter=100000):
    """Solve MLAPP's elastic net (13.122) as a lasso (13.124) on the augmented data (13.123).

    Returns the naive estimate ``c w~`` or, with ``corrected=True``, the corrected one ``sqrt(1 + lambda2) w~``
    (13.125) (which presumes Zou and Hastie's ``c = (1 + lambda2)^(-1/2)``, the default). The lasso is
    :class:`~statlib.linear_model.Lasso` without intercept, whose ``alpha`` is ``c lambda1 / (2 (n + D))``.
    """
    from ._lasso import Lasso

    X, y = _check_xy(X, y)
    lambda1 = check_real(lambda1, "lambda1", low=0.0, low_inclusive=False)
    lambda2 = check_real(lambda2, "lambda2", low=0.0)
    X_aug, y_aug, c = augment_elastic_net(X, y, lambda2, c)
    alpha = c * lambda1 / (2.0 * X_aug.shape[0])
    w_tilde = Lasso(alpha=alpha, fit_intercept=False, tol=tol, max_iter=max_iter).fit(X_aug, y_aug).coef_
    return np.sqrt(1.0 + lambda2) * w_tilde if corrected else c * w_tilde
