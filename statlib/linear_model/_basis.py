"""Fixed basis expansions phi(x) for linear basis function models (PRML section 3.1, eqs. (3.2)-(3.6)).

Each expansion is a scikit-learn transformer, so that ``make_pipeline(GaussianBasis(9), Ridge(alpha))`` is the
model y(x, w) = w_0 + sum_j w_j phi_j(x) of PRML (3.2), with the bias w_0 fitted as the regressor's intercept.
A multi-dimensional input is expanded feature by feature (an additive model): the columns of the output are
phi_1(x_1), ..., phi_M(x_1), phi_1(x_2), ..., phi_M(x_D), with no cross terms.
"""

import numpy as np
from scipy.special import expit
from sklearn.base import BaseEstimator, TransformerMixin
from sklearn.utils.validation import check_is_fitted

from .._validation import check_array, check_bool, check_int, check_real, validate_data


class PolynomialBasis(TransformerMixin, BaseEstimator):
    """Powers of each input, phi_j(x) = x^j for j = 1, ..., degree (PRML section 3.1, "phi_j(x) = x^j").

    Parameters
    ----------
    degree : int, default=3
        Highest power M - 1 (at least 1).
    include_bias : bool, default=False
        Prepend the dummy basis function phi_0(x) = 1 of PRML (3.3). Leave it False when the regressor fits
        an intercept.

    Attributes
    ----------
    n_features_in_ : int
    n_output_features_ : int
        ``n_features_in_ * degree`` (+ 1 with the bias column).
    """

    def __init__(self, degree=3, include_bias=False):
        self.degree = degree
        self.include_bias = include_bias

    def fit(self, X, y=None):
        """Check ``X`` (n_samples, n_features) and record its width; nothing is learned from the values."""
        degree = check_int(self.degree, "degree", low=1)
        include_bias = check_bool(self.include_bias, "include_bias")
        X = validate_data(self, X, dtype=np.float64)
        self.n_output_features_ = X.shape[1] * degree + int(include_bias)
        return self

    def transform(self, X):
        """The matrix of basis values, feature by feature: x_1, x_1^2, ..., x_1^M, x_2, ...."""
        check_is_fitted(self)
        X = validate_data(self, X, dtype=np.float64, reset=False)
        largest = float(np.max(np.abs(X))) if X.size else 0.0
        with np.errstate(over="ignore"):
            top = np.float64(largest) ** self.degree
        if not np.isfinite(top):
            raise ValueError(
                f"X is too large for degree={self.degree}: its largest |x| = {largest:.3g} raised to the degree "
                "overflows float64; rescale X or lower degree"
            )
        powers = np.arange(1, self.degree + 1)
        Phi = (X[:, :, None] ** powers).reshape(len(X), -1)
        if self.include_bias:
            Phi = np.column_stack([np.ones(len(X)), Phi])
        return Phi


class _CentredBasis(TransformerMixin, BaseEstimator):
    """Shared fitting of bases phi_j(x) = h((x - mu_j) / s) with centres mu_j and one width s."""

    def __init__(self, n_basis=9, width=None, centers=None, include_bias=False):
        self.n_basis = n_basis
        self.width = width
        self.centers = centers
        self.include_bias = include_bias

    def fit(self, X, y=None):
        """Place the centres (evenly over each feature's range unless ``centers`` is given) and set the width."""
        include_bias = check_bool(self.include_bias, "include_bias")
        X = validate_data(self, X, dtype=np.float64)
        d = X.shape[1]
        if self.centers is None:
            n_basis = check_int(self.n_basis, "n_basis", low=1)
            lo, hi = X.min(axis=0), X.max(axis=0)
            if n_basis == 1:  # a single bump sits in the middle of the range, not at its left end
                self.centers_ = ((lo + hi) / 2).reshape(1, d)
            else:
                self.centers_ = np.linspace(lo, hi, n_basis).reshape(n_basis, d)
            spacing = (hi - lo) / (n_basis - 1) if n_basis > 1 else np.zeros(d)
            default_width = float(spacing.mean()) if np.all(spacing > 0) else 1.0
        else:
            centers = np.asarray(self.centers, dtype=object)
            if centers.ndim == 1:
                c = check_array(np.asarray(self.centers).reshape(-1, 1), "centers")
                c = np.repeat(c, d, axis=1)
            else:
                c = check_array(self.centers, "centers")
                if c.shape[1] != d:
                    raise ValueError(f"centers must have one column per feature of X ({d}), got shape {c.shape}")
            self.centers_ = c
            spacing = np.diff(np.sort(c, axis=0), axis=0).mean() if len(c) > 1 else 1.0
            default_width = float(spacing) if spacing > 0 else 1.0
        if self.width is None:
            self.width_ = default_width
        else:
            self.width_ = check_real(self.width, "width", low=0.0, low_inclusive=False)
        self.n_output_features_ = self.centers_.size + int(include_bias)
        return self

    def transform(self, X):
        """The matrix of basis values, feature by feature: phi_1(x_1), ..., phi_M(x_1), phi_1(x_2), ...."""
        check_is_fitted(self)
        X = validate_data(self, X, dtype=np.float64, reset=False)
        # (3.4)-(3.5): the argument (x - mu_j) / s for every sample, feature and centre, shape (n, d, M)
        a = (X[:, :, None] - self.centers_.T[None, :, :]) / self.width_
        Phi = self._shape(a).reshape(len(X), -1)  # phi_j(x_i) = h(a), feature by feature
        if self.include_bias:
            Phi = np.column_stack([np.ones(len(X)), Phi])
        return Phi


class GaussianBasis(_CentredBasis):
    """Gaussian bumps phi_j(x) = exp(-(x - mu_j)^2 / (2 s^2)), PRML (3.4).

    Parameters
    ----------
    n_basis : int, default=9
        Number of centres per feature, spread evenly over the training range, ends included (one centre sits at
        the middle of the range). Ignored when ``centers`` is given.
    width : float or None, default=None
        The spatial scale s > 0, one for all features; None takes the spacing between neighbouring centres
        (averaged over the features when there are several; 1.0 when there is a single centre).
    centers : array-like of shape (n_basis,) or (n_basis, n_features), or None
        Fixed centres mu_j (the same for every feature when 1-D).
    include_bias : bool, default=False
        Prepend phi_0(x) = 1 (PRML (3.3)).

    Attributes
    ----------
    centers_ : ndarray of shape (n_basis, n_features)
    width_ : float
    n_output_features_ : int
    """

    @staticmethod
    def _shape(a):
        return np.exp(-0.5 * a**2)  # (3.4): exp(-(x - mu_j)^2 / (2 s^2)), no normalisation constant


class SigmoidBasis(_CentredBasis):
    """Logistic sigmoids phi_j(x) = sigma((x - mu_j) / s) with sigma(a) = 1 / (1 + exp(-a)), PRML (3.5)-(3.6).

    Parameters and attributes are those of :class:`GaussianBasis`.
    """

    @staticmethod
    def _shape(a):
        return expit(a)  # (3.5)-(3.6): sigma(a) = 1 / (1 + exp(-a)), without overflow for large |a|
