"""A BLAS matrix product that adds into its output, callable from Numba kernels.

Numba's ``np.dot(A, B, out)`` always overwrites ``out``. A kernel that sums products over blocks of rows
(``sum_b A_b^T B_b``) while each block is still in cache needs dgemm's ``beta = 1`` instead. The routine here is
the same BLAS that Numba's ``np.dot`` calls (SciPy's ``scipy.linalg.cython_blas``), reached through a named symbol
so that kernels using it can still be cached on disk.
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


@njit(cache=True)
def gemm_tn(A, B, C, beta):
    """C <- A^T B + beta C for float64 arrays whose rows are contiguous: A (r, k), B (r, m), C (k, m).

    ``beta`` is 0.0 (C's old values are ignored, even NaN) or 1.0 (the product is added to them). The caller
    guarantees the shapes: the kernel is not meant to see unchecked input.
    """
    r, k = A.shape
    m = B.shape[1]
    if r == 0:  # an empty sum; BLAS libraries differ on whether they apply beta then
        if beta == 0.0:
            C[:] = 0.0
        return
    # Row-major C (k, m) is column-major C^T (m, k) = B^T A: BLAS's "B untransposed times A transposed".
    # Each leading dimension is the row stride in elements (a slice of rows keeps its parent's).
    chars = np.array([_NO_TRANSPOSE, _TRANSPOSE], dtype=np.uint8)
    ints = np.array([m, k, r, B.strides[0] // 8, A.strides[0] // 8, C.strides[0] // 8], dtype=np.int32)
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
