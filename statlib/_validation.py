"""Input checks shared by every public function and estimator.

Every check raises ``TypeError`` (wrong kind of object) or ``ValueError`` (right kind, bad value)
with a message that names the argument and says what was expected. Numba kernels are only ever
called with arrays that passed through here, so they never index out of bounds or see NaN.
"""

import numbers
import re

import numpy as np
from sklearn.utils.validation import validate_data as _sklearn_validate_data

__all__ = [
    "check_array",
    "check_vector",
    "check_same_length",
    "check_real",
    "check_int",
    "check_numeric",
    "check_bool",
    "check_choice",
    "check_probability_vector",
    "check_stochastic_matrix",
    "check_symbol_sequence",
    "check_gram_scale",
    "check_scale",
    "scale_exponent",
    "validate_data",
]


def _describe(value):
    return f"{type(value).__name__} {value!r}" if np.ndim(value) == 0 else f"{type(value).__name__}"


def _as_numeric_array(value, name, dtype):
    if isinstance(value, (str, bytes)):
        raise TypeError(f"{name} must be array-like of numbers, got a {type(value).__name__}")
    if np.iscomplexobj(value) and not np.issubdtype(np.dtype(dtype), np.complexfloating):
        # numpy would drop the imaginary part with only a warning
        raise TypeError(f"{name} must hold real numbers, got complex values")
    try:
        arr = np.asarray(value, dtype=dtype)
    except (TypeError, ValueError) as exc:
        raise TypeError(f"{name} must be array-like of numbers; could not convert it ({exc})") from None
    return arr


def check_numeric(value, name, *, dtype=np.float64, allow_nonfinite=False):
    """A number or an array of numbers of any shape (text and complex values refused), finite unless allowed."""
    arr = _as_numeric_array(value, name, dtype)
    if not allow_nonfinite and not np.all(np.isfinite(arr)):
        raise ValueError(f"{name} must contain only finite numbers; found NaN or infinity")
    return arr


def check_array(X, name="X", *, ndim=2, dtype=np.float64, min_rows=1, min_cols=1, allow_nonfinite=False):
    """Return ``X`` as a C-contiguous array of ``dtype`` with ``ndim`` dimensions, or raise.

    Parameters
    ----------
    X : array-like
        The input.
    name : str
        The argument's name, used in error messages.
    ndim : int
        Required number of dimensions (1 or 2).
    dtype : numpy dtype
        Target dtype (float64 for data, int64 for labels and symbols).
    min_rows, min_cols : int
        Least acceptable length along the first (and, for 2-D, second) axis.
    allow_nonfinite : bool
        Accept NaN and infinity (only for inputs where they have a meaning).
    """
    arr = _as_numeric_array(X, name, np.float64 if np.issubdtype(np.dtype(dtype), np.integer) else dtype)
    if arr.ndim != ndim:
        shape_word = {1: "a 1-D array (n,)", 2: "a 2-D array (n_samples, n_features)"}.get(ndim, f"{ndim}-D")
        hint = ""
        if ndim == 2 and arr.ndim == 1:
            hint = "; reshape a single feature with X.reshape(-1, 1) or a single sample with X.reshape(1, -1)"
        raise ValueError(f"{name} must be {shape_word}, got an array of shape {arr.shape}{hint}")
    if arr.shape[0] < min_rows:
        raise ValueError(f"{name} must have at least {min_rows} row(s), got shape {arr.shape}")
    if ndim == 2 and arr.shape[1] < min_cols:
        raise ValueError(f"{name} must have at least {min_cols} column(s), got shape {arr.shape}")
    if not allow_nonfinite and arr.size and not np.all(np.isfinite(arr)):
        raise ValueError(f"{name} must contain only finite numbers; found NaN or infinity")
    if np.issubdtype(np.dtype(dtype), np.integer):
        if arr.size and not np.all(arr == np.round(arr)):
            raise ValueError(f"{name} must contain whole numbers")
        arr = arr.astype(dtype)
    return np.ascontiguousarray(arr, dtype=dtype)


def check_vector(y, name="y", *, dtype=np.float64, min_length=1, allow_nonfinite=False):
    """Return ``y`` as a 1-D contiguous array of ``dtype``, or raise (see :func:`check_array`)."""
    return check_array(y, name, ndim=1, dtype=dtype, min_rows=min_length, allow_nonfinite=allow_nonfinite)


def check_same_length(**arrays):
    """Raise unless every given array has the same first dimension."""
    lengths = {name: len(a) for name, a in arrays.items()}
    if len(set(lengths.values())) > 1:
        detail = ", ".join(f"{n} has {k}" for n, k in lengths.items())
        raise ValueError(f"{' and '.join(lengths)} must have the same number of samples; {detail}")


def check_real(value, name, *, low=None, high=None, low_inclusive=True, high_inclusive=True):
    """Return ``value`` as a float if it is a real number within the given bounds, else raise."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a real number, got {_describe(value)}")
    value = float(value)
    if not np.isfinite(value):
        raise ValueError(f"{name} must be finite, got {value}")
    _check_bounds(value, name, low, high, low_inclusive, high_inclusive)
    return value


def check_int(value, name, *, low=None, high=None):
    """Return ``value`` as an int if it is an integer in ``[low, high]``, else raise."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{name} must be an integer, got {_describe(value)}")
    value = int(value)
    _check_bounds(value, name, low, high, True, True)
    return value


def check_bool(value, name):
    """Return ``value`` if it is a bool, else raise."""
    if not isinstance(value, (bool, np.bool_)):
        raise TypeError(f"{name} must be True or False, got {_describe(value)}")
    return bool(value)


def _check_bounds(value, name, low, high, low_inclusive, high_inclusive):
    if low is not None and (value < low or (value == low and not low_inclusive)):
        op = ">=" if low_inclusive else ">"
        raise ValueError(f"{name} must be {op} {low}, got {value}")
    if high is not None and (value > high or (value == high and not high_inclusive)):
        op = "<=" if high_inclusive else "<"
        raise ValueError(f"{name} must be {op} {high}, got {value}")


def check_choice(value, name, choices):
    """Return ``value`` if it is one of ``choices``, else raise."""
    if not isinstance(value, str) or value not in choices:
        listed = ", ".join(repr(c) for c in choices)
        raise ValueError(f"{name} must be one of {listed}, got {value!r}")
    return value


# float64 squares overflow beyond about 1.3e154 per entry; a sum of squared entries (a squared norm, a variance, a Gram
# entry, a squared distance) is kept below 1e300, which leaves room for sums over many rows. Below sqrt(tiny) ~ 1.5e-154
# an entry's square is subnormal or zero, so variances and Gram matrices of such data lose all their digits.
_SQUARE_HIGH = 1e300
_ENTRY_LOW = float(np.sqrt(np.finfo(np.float64).tiny))


def check_scale(X, name, *, small=False, return_top=False):
    """Refuse finite data whose squares leave float64's range: ``X`` back, or ``ValueError`` naming ``name``.

    Too large: a row's squared norm (of a 1-D array, the squared norm of one entry) reaches 1e300, so norms,
    variances, Gram matrices and squared distances are inf or NaN. With ``small``: ``X`` is not all zero but its
    largest entry is below sqrt(tiny) ~ 1.5e-154, so every square is subnormal or zero and the same quantities
    have no correct digits. ``X`` must already be a validated float array (a SciPy sparse matrix, or dense with
    NaN for missing values, is allowed: NaN entries are left out). With ``return_top``, the largest squared row norm
    is returned instead of ``X``: positive unless ``X`` is all zero or all its squares underflow, which spares a
    caller another pass over ``X`` to find out whether it is zero.
    """
    values = X.data if hasattr(X, "tocsr") else X
    if values.size == 0:
        return 0.0 if return_top else X
    with np.errstate(over="ignore", invalid="ignore", under="ignore"):
        if hasattr(X, "tocsr"):
            squares = np.asarray(abs(X).power(2).sum(axis=1)).ravel()
        else:  # one pass over X and no copy of it, unless it holds NaN
            rows = X.reshape(X.shape[0], -1) if X.ndim > 1 else X.reshape(-1, 1)
            squares = np.einsum("ij,ij->i", rows, rows)
            if np.isnan(np.max(squares)):
                rows = np.nan_to_num(rows, nan=0.0)
                squares = np.einsum("ij,ij->i", rows, rows)
        top = float(np.max(squares))
    if not top < _SQUARE_HIGH:
        raise ValueError(
            f"{name} is too large for squared norms in float64 (a squared norm of {top:.3g}, above 1e300); "
            f"rescale {name}"
        )
    if small and top < 1.0:  # else some entry is at least 1 / sqrt(number of columns), far above sqrt(tiny)
        largest = max(float(np.nanmax(values)), -float(np.nanmin(values)))
        if 0.0 < largest < _ENTRY_LOW:
            raise ValueError(
                f"{name} is too small for squares in float64 (its largest entry is {largest:.3g}, below 1.5e-154, "
                f"so every square underflows); rescale {name}"
            )
    return top if return_top else X


def scale_exponent(X, axis=None):
    """The exponent e of the largest magnitude in ``X``, max|X| in [2^(e-1), 2^e) (0 where ``X`` is all zero), along
    ``axis`` if given (an array of exponents, one per slice). ``np.ldexp(X, -e)`` then has its largest magnitude in
    [0.5, 1), and the scaling is exact: a power of two changes only the exponents, except for entries that fall
    below the normal range (below 2^-1022 times that largest magnitude, already past float64's relative precision).
    Squares, norms and distances of the scaled data neither overflow nor underflow where their terms matter, and
    they scale back exactly by powers of two. ``X`` must be a finite float array; read twice (its maximum and its
    minimum), never copied."""
    X = np.asarray(X)
    if X.size == 0:
        return 0 if axis is None else np.zeros(np.delete(X.shape, axis), dtype=np.int64)
    top = np.maximum(np.max(X, axis=axis), -np.min(X, axis=axis))
    exponent = np.frexp(top)[1].astype(np.int64)  # frexp(0) gives 0
    return int(exponent) if axis is None else exponent


def check_gram_scale(gram, X, name):
    """:func:`check_scale`'s two refusals (with ``small``) for the centred data X_c, read off its Gram matrix
    ``gram`` = X_c^T X_c where no centred copy of ``X`` is made: an entry overflowed, or the largest diagonal entry
    (a column's sum of squares) is below the smallest normal number though ``X`` is not constant, so every square
    underflowed. ``ValueError`` naming ``name``; ``gram`` back otherwise."""
    if not np.all(np.isfinite(gram)):
        raise ValueError(
            f"{name} is too large for squared norms in float64 (the centred data's sums of squares overflow); "
            f"rescale {name}"
        )
    top = float(np.max(np.diag(gram))) if gram.size else 0.0
    if top < np.finfo(np.float64).tiny and (top > 0.0 or np.any(X != X[:1])):  # the last only for tiny data
        raise ValueError(
            f"{name} is too small for squares in float64 (the centred data's sums of squares are subnormal, so "
            f"every square underflows); rescale {name}"
        )
    return gram


def check_probability_vector(p, name, *, atol=1e-8):
    """Return ``p`` as a 1-D float array of non-negative entries summing to one, or raise."""
    p = check_vector(p, name)
    if np.any(p < 0):
        raise ValueError(f"{name} must be a probability vector: found a negative entry")
    if abs(p.sum() - 1.0) > atol:
        raise ValueError(f"{name} must be a probability vector summing to 1, got sum {p.sum():.6g}")
    return p


def check_stochastic_matrix(A, name, *, shape=None, atol=1e-8):
    """Return ``A`` as a 2-D float array whose rows are probability vectors, or raise."""
    A = check_array(A, name)
    if shape is not None and A.shape != tuple(shape):
        raise ValueError(f"{name} must have shape {tuple(shape)}, got {A.shape}")
    if np.any(A < 0):
        raise ValueError(f"{name} must be row-stochastic: found a negative entry")
    sums = A.sum(axis=1)
    bad = np.flatnonzero(np.abs(sums - 1.0) > atol)
    if bad.size:
        raise ValueError(f"{name} must be row-stochastic (each row sums to 1); row {bad[0]} sums to {sums[bad[0]]:.6g}")
    return A


def check_symbol_sequence(obs, name, n_symbols, *, min_length=1):
    """Return ``obs`` as a 1-D int64 array with every entry in ``0..n_symbols-1``, or raise."""
    obs = check_vector(obs, name, dtype=np.int64, min_length=min_length)
    if obs.size and (obs.min() < 0 or obs.max() >= n_symbols):
        raise ValueError(
            f"{name} must hold symbols 0..{n_symbols - 1}; found {obs.min() if obs.min() < 0 else obs.max()}"
        )
    return obs


_NAMES_ARGUMENT = re.compile(r"\b(X|y)\b")


def validate_data(estimator, X="no_validation", y="no_validation", **kwargs):
    """scikit-learn's ``validate_data``, with error messages that name the argument at fault.

    scikit-learn answers a 1-D ``X`` with "Expected 2D array, got 1D array instead", a length mismatch with
    "Found input variables with inconsistent numbers of samples", text with "could not convert string to
    float" and complex numbers with "Complex data not supported": each says what went wrong but not which
    argument. This wrapper keeps scikit-learn's checks (so estimators still pass ``parametrize_with_checks``)
    and its message, and prefixes the argument and what was expected.
    """
    try:
        return _sklearn_validate_data(estimator, X, y, **kwargs)
    except ValueError as error:
        message = str(error)
        if "inconsistent numbers of samples" in message:
            raise ValueError(
                f"X and y must have the same number of samples (one label in y per row of X): {message}"
            ) from None
        if _NAMES_ARGUMENT.search(message):
            raise
        culprit = "X"
        if "could not convert" in message and _is_text(y) and not _is_text(X):
            culprit = "y"
        if "Complex data" in message and _is_complex(y) and not _is_complex(X):
            culprit = "y"
        expected = {"X": "a 2-D array of numbers of shape (n_samples, n_features)", "y": "a 1-D array of numbers"}[
            culprit
        ]
        raise ValueError(f"{culprit} must be {expected}: {message}") from None


def _is_text(value):
    return _dtype_kind_in(value, "OUS")


def _is_complex(value):
    return _dtype_kind_in(value, "c")


def _dtype_kind_in(value, kinds):
    if isinstance(value, str) and value == "no_validation":
        return False
    try:
        return np.asarray(value).dtype.kind in kinds
    except Exception:  # an object numpy cannot even hold is not data we can blame
        return False
