"""A BLAS matrix product that adds into its output, callable from Numba kernels.

Numba's ``np.dot(A, B, out)`` always overwrites ``out``. A kernel that sums products over blocks of rows
(``sum_b A_b^T B_b``) while each block is still in cache needs dgemm's ``beta = 1`` instead. The routine here is
the same BLAS that Numba's ``np.dot`` calls (SciPy's ``scipy.linalg.cython_blas``, 32-bit integer arguments),
reached through a named symbol so that kernels using it can still be cached on disk. (Numba checks a cached
kernel against its own source file only: after editing this module, clear the caches with ``make clean``.)
"""

import llvmlite.binding as llvm
import numpy as np
from numba import njit, types
from numba.extending import get_cython_function_address

_SYMBOL = "statlib_cython_blas_dgemm"
llvm.add_symbol(_SYMBOL, get_cython_function_address("scipy.linalg.cython_blas", "dgemm"))
# dgemm(transa, transb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc), every argument by reference (Fortran)
_dgemm = types.ExternalFunction(_SYMBOL, types.void(*([types.voidptr] * 13)))

_NO_TRANSPOSE = ord("N")
_TRANSPOSE = ord("T")
_INT32_MAX = 2**31 - 1


@njit(cache=True)
def _rows_contiguous(X):
    """Each row's entries adjacent, and rows that do not overlap (as BLAS's leading dimension requires)."""
    return (X.shape[1] <= 1 or X.strides[1] == 8) and (X.shape[0] <= 1 or X.strides[0] >= 8 * X.shape[1])


@njit(cache=True)
def gemm_tn(A, B, C, beta):
    """C <- A^T B + beta C for 2-d float64 arrays whose rows are contiguous: A (r, k), B (r, m), C (k, m).

    ``beta`` is 0.0 (C's old values are ignored, even NaN) or 1.0 (the product is added to them). Rows may be
    slices of wider arrays (each leading dimension is its array's row stride). Allocates three arrays of two to
    six numbers for the arguments BLAS takes by reference.
    """
    r, k = A.shape
    m = B.shape[1]
    if B.shape[0] != r or C.shape[0] != k or C.shape[1] != m:
        raise ValueError("gemm_tn: A (r, k), B (r, m) and C (k, m) must agree in shape")
    if beta != 0.0 and beta != 1.0:
        raise ValueError("gemm_tn: beta must be 0.0 or 1.0")
    if k == 0 or m == 0:  # an empty C (NumPy gives empty arrays zero strides)
        return
    if r == 0:  # an empty sum; BLAS libraries differ on whether they apply beta then
        if beta == 0.0:
            C[:] = 0.0
        return
    if not (_rows_contiguous(A) and _rows_contiguous(B) and _rows_contiguous(C)):
        raise ValueError("gemm_tn: A, B and C must have contiguous rows")
    lda, ldb, ldc = max(A.strides[0] // 8, k), max(B.strides[0] // 8, m), max(C.strides[0] // 8, m)
    if max(r, m, lda, ldb, ldc) > _INT32_MAX:
        raise ValueError("gemm_tn: dimensions beyond 2**31 - 1 do not fit BLAS's 32-bit integers")
    # Row-major C (k, m) is column-major C^T (m, k) = B^T A: BLAS's "B untransposed times A transposed".
    chars = np.array([_NO_TRANSPOSE, _TRANSPOSE], dtype=np.uint8)
    ints = np.array([m, k, r, ldb, lda, ldc], dtype=np.int32)
    scalars = np.array([1.0, beta])
    _dgemm(
        chars[0:].ctypes,
        chars[1:].ctypes,
        ints[0:].ctypes,
        ints[1:].ctypes,
        ints[2:].ctypes,
        scalars[0:].ctypes,
        B.ctypes,
        ints[3:].ctypes,
        A.ctypes,
        ints[4:].ctypes,
        scalars[1:].ctypes,
        C.ctypes,
        ints[5:].ctypes,
    )
