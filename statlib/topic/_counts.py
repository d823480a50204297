"""The document-word count matrix both topic models take, checked once and stored as CSR arrays.

The kernels work on the non-zeros only: for document ``d`` the words ``indices[indptr[d]:indptr[d + 1]]``
occur ``data[indptr[d]:indptr[d + 1]]`` times. A dense ``(n_documents, n_words)`` matrix and any
``scipy.sparse`` matrix are accepted.
"""

import numpy as np
import scipy.sparse as sp

from .._validation import check_array


def check_counts(X, name="X", *, integer, n_words=None, allow_all_empty=False, owner="the model"):
    """Return ``(indptr, indices, data, shape)`` of ``X`` as CSR arrays, or raise.

    Parameters
    ----------
    X : array-like or scipy.sparse matrix of shape (n_documents, n_words)
        Counts n(w, d) with documents as rows: finite, non-negative, and whole numbers if ``integer``.
    name : str
        The argument's name for error messages.
    integer : bool
        Require whole-number counts (token counts for Gibbs sampling).
    n_words : int or None
        Required number of columns (the vocabulary size seen in ``fit``).
    owner : str
        The estimator's name, for the message about a wrong number of words.
    allow_all_empty : bool
        Accept a matrix with no words at all (only for ``transform``: every document then gets the
        fitted model's empty-document answer).

    Returns
    -------
    indptr : ndarray of int64, shape (n_documents + 1,)
    indices : ndarray of int64
        Word (column) index of each non-zero, sorted within each document.
    data : ndarray of float64 (or int64 if ``integer``)
        The non-zero counts.
    shape : tuple of int
    """
    dtype = getattr(X, "dtype", None)
    if dtype is not None and np.dtype(dtype).kind == "c":
        raise ValueError(f"{name} must hold real counts: Complex data not supported")
    if sp.issparse(X):
        if X.ndim != 2:
            raise ValueError(f"{name} must be a 2-D (n_documents, n_words) matrix, got shape {X.shape}")
        if X.dtype.kind not in "biuf":
            raise TypeError(f"{name} must hold numbers, got dtype {X.dtype}")
        csr = sp.csr_matrix(X, dtype=np.float64, copy=True)
        csr.sum_duplicates()
        csr.sort_indices()
        values = csr.data
        if values.size and not np.all(np.isfinite(values)):
            raise ValueError(f"{name} must contain only finite numbers; found NaN or infinity")
        indptr, indices, shape = csr.indptr, csr.indices, csr.shape
    else:
        try:
            arr = np.asarray(X)
        except ValueError:  # a ragged nested list
            raise ValueError(
                f"{name} must be a 2-D (n_documents, n_words) count matrix; its rows have different lengths"
            ) from None
        if arr.ndim != 2:
            raise ValueError(
                f"{name} must be a 2-D (n_documents, n_words) count matrix, got an array of shape "
                f"{arr.shape}. Reshape your data: a single document is X.reshape(1, -1)"
            )
        if arr.dtype.kind == "c":
            raise ValueError(f"{name} must hold real counts: Complex data not supported")
        if arr.dtype.kind in "biu":  # integers are finite: no float copy of a large count matrix
            dense = arr
        elif arr.dtype.kind == "f":
            dense = arr
            if dense.size and not np.isfinite(dense).all():
                raise ValueError(f"{name} must contain only finite numbers; found NaN or infinity")
        else:
            dense = check_array(arr, name, min_rows=0, min_cols=0)
        shape = dense.shape
        rows, cols = np.nonzero(dense)
        values = dense[rows, cols].astype(np.float64)
        indptr = np.zeros(shape[0] + 1, dtype=np.int64)
        np.cumsum(np.bincount(rows, minlength=shape[0]), out=indptr[1:])
        indices = cols
    if shape[0] < 1:
        raise ValueError(
            f"{name} has 0 sample(s) (shape={tuple(shape)}) while a minimum of 1 is required: "
            "it needs at least one document"
        )
    if shape[1] < 1:
        raise ValueError(
            f"{name} has 0 feature(s) (shape={tuple(shape)}) while a minimum of 1 is required: "
            "it needs at least one word"
        )
    if values.size and values.min() < 0:
        raise ValueError(
            f"{name} must hold non-negative counts n(w, d); Negative values in data: found {values.min():g}"
        )
    if integer and values.size and not np.all(values == np.round(values)):
        raise ValueError(f"{name} must hold whole-number counts (each entry is how often a word occurs in a document)")
    if n_words is not None and shape[1] != n_words:
        raise ValueError(f"{name} has {shape[1]} features, but {owner} is expecting {n_words} features as input.")
    keep = values > 0
    if not keep.all():  # explicit zeros in a sparse matrix
        row_of = np.repeat(np.arange(shape[0]), np.diff(indptr))
        indptr = np.zeros(shape[0] + 1, dtype=np.int64)
        np.cumsum(np.bincount(row_of[keep], minlength=shape[0]), out=indptr[1:])
        indices, values = indices[keep], values[keep]
    if not allow_all_empty and values.size == 0:
        raise ValueError(
            f"{name} has no words: every document is empty (all counts are zero); a topic model "
            "needs at least one word occurrence"
        )
    data = values.astype(np.int64) if integer else np.ascontiguousarray(values, dtype=np.float64)
    return (
        np.ascontiguousarray(indptr, dtype=np.int64),
        np.ascontiguousarray(indices, dtype=np.int64),
        data,
        (int(shape[0]), int(shape[1])),
    )


class CountsInputMixin:
    """scikit-learn tags shared by the topic models: ``X`` holds non-negative counts, dense or sparse."""

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.input_tags.sparse = True
        tags.input_tags.positive_only = True
        return tags
