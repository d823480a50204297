"""Sparse-representation-based classification, SRC (Wright, Yang, Ganesh, Sastry and Ma 2009; the lecture's
face-recognition example).

The training samples of all classes, scaled to unit l2 norm, are the atoms of one dictionary A = [A_1, ..., A_c].
A test sample y is coded sparsely over A (the lasso, or orthogonal matching pursuit with a budget of atoms); if
y belongs to class i, its sparse code should put its weight on the atoms of A_i. With delta_i(x) the code with
every entry outside class i set to zero, SRC assigns y to the class of smallest class residual

    r_i(y) = ||y - A delta_i(x)||_2,          identity(y) = argmin_i r_i(y).

Wright et al. solve the l1 problem exactly (basis pursuit, or its noisy form, the lasso); the lasso with a small
weight and OMP are the two coders offered here, both from :func:`~statlib.sparse_coding.sparse_encode`.
"""

import numpy as np
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.utils.multiclass import check_classification_targets
from sklearn.utils.validation import check_is_fitted

from .._validation import check_choice, check_int, check_real, validate_data
from ._encode import _gram, _lasso_codes, _omp_codes

__all__ = ["SparseRepresentationClassifier"]


class SparseRepresentationClassifier(ClassifierMixin, BaseEstimator):
    """SRC: code a sample over all training samples and pick the class whose atoms reconstruct it best.

    Parameters
    ----------
    algorithm : {"omp", "lasso_cd"}, default="omp"
        The sparse coder: orthogonal matching pursuit with ``n_nonzero_coefs`` atoms, or the lasso
        1/2 ||y - A x||^2 + alpha ||x||_1 (coordinate descent).
    n_nonzero_coefs : int >= 1, default=10
        OMP's budget (clipped to the number of training samples and of features).
    alpha : float > 0, default=0.01
        The lasso weight, relative to unit-norm samples (each test sample is scaled to unit norm too).

    Attributes
    ----------
    classes_ : (n_classes,) array
    dictionary_ : (n_atoms, n_features) array
        The training samples scaled to unit l2 norm (the atoms, one per row); all-zero samples are left out.
    atom_labels_ : (n_train,) array of indices into ``classes_``
    gram_ : (n_atoms, n_atoms) array or None
        The Gram matrix of the atoms, ``dictionary_ @ dictionary_.T``, kept for OMP (None for the lasso).

    Examples
    --------
    >>> import numpy as np
    >>> X = np.array([[1.0, 0.1], [2.0, -0.1], [0.1, 1.0], [-0.1, 3.0]])
    >>> SparseRepresentationClassifier(n_nonzero_coefs=1).fit(X, [0, 0, 1, 1]).predict([[5.0, 0.2], [0.0, 2.0]])
    array([0, 1])
    """

    def __init__(self, algorithm="omp", n_nonzero_coefs=10, alpha=0.01):
        self.algorithm = algorithm
        self.n_nonzero_coefs = n_nonzero_coefs
        self.alpha = alpha

    def fit(self, X, y):
        """Store the unit-norm training samples as the dictionary; returns ``self``."""
        check_choice(self.algorithm, "algorithm", ("omp", "lasso_cd"))
        check_int(self.n_nonzero_coefs, "n_nonzero_coefs", low=1)
        check_real(self.alpha, "alpha", low=0.0, low_inclusive=False)
        X, y = validate_data(self, X, y, dtype=np.float64)
        check_classification_targets(y)
        norms = np.linalg.norm(X, axis=1)
        if not np.any(norms > 0.0):
            raise ValueError("X must have at least one sample that is not all zero")
        classes, labels = np.unique(y, return_inverse=True)
        keep = norms > 0.0  # an all-zero sample can represent nothing: it is not an atom
        self.classes_, self.atom_labels_ = classes, labels[keep]
        self.dictionary_ = np.ascontiguousarray(X[keep] / norms[keep, None])
        # OMP works on the Gram matrix A A^T of the atoms: computed once here, not at every prediction
        self.gram_ = _gram(self.dictionary_) if self.algorithm == "omp" else None
        return self

    def sparse_codes(self, X):
        """The sparse codes x of the unit-scaled rows of ``X`` over ``dictionary_``, (n_samples, n_train)."""
        check_is_fitted(self, "dictionary_")
        X = validate_data(self, X, dtype=np.float64, reset=False)
        norms = np.linalg.norm(X, axis=1)
        Y = np.ascontiguousarray(X / np.where(norms > 0.0, norms, 1.0)[:, None])
        A = self.dictionary_
        if self.algorithm == "omp":
            return _omp_codes(Y, A, min(self.n_nonzero_coefs, A.shape[0], A.shape[1]), self.gram_)
        return _lasso_codes(Y, A, float(self.alpha), 10000, 1e-10, None)[0]

    def class_residuals(self, X):
        """r_i(y) = ||y - A delta_i(x)||_2 for each row y of ``X`` (scaled to unit norm) and each class i."""
        codes = self.sparse_codes(X)
        X = validate_data(self, X, dtype=np.float64, reset=False)
        norms = np.linalg.norm(X, axis=1)
        Y = X / np.where(norms > 0.0, norms, 1.0)[:, None]
        R = np.empty((X.shape[0], len(self.classes_)))
        for i in range(len(self.classes_)):
            own = self.atom_labels_ == i
            R[:, i] = np.linalg.norm(Y - codes[:, own] @ self.dictionary_[own], axis=1)
        return R

    def decision_function(self, X):
        """Minus the class residuals (larger is better); for two classes, r_0 - r_1."""
        check_is_fitted(self, "dictionary_")
        R = self.class_residuals(X)
        return R[:, 0] - R[:, 1] if len(self.classes_) == 2 else -R

    def predict(self, X):
        """The class of smallest residual, argmin_i r_i(y)."""
        check_is_fitted(self, "dictionary_")
        return self.classes_[np.argmin(self.class_residuals(X), axis=1)]
