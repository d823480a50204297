"""statlib._blas: the accumulating BLAS product used by kernels that sum over blocks of rows."""

import numpy as np
import pytest

from statlib._blas import gemm_tn


@pytest.mark.parametrize("shape", [(1, 1, 1), (7, 3, 5), (50, 20, 130)])
def test_gemm_tn_overwrites_with_beta_zero(shape):
    r, k, m = shape
    rng = np.random.default_rng(0)
    A, B = rng.standard_normal((r, k)), rng.standard_normal((r, m))
    C = np.full((k, m), np.nan)  # beta = 0 ignores the old values, NaN included
    gemm_tn(A, B, C, 0.0)
    np.testing.assert_allclose(C, A.T @ B, rtol=1e-13, atol=1e-13)


def test_gemm_tn_sums_blocks_of_rows():
    # blocks are row slices of their parents, the last one ragged
    rng = np.random.default_rng(1)
    A, B = rng.standard_normal((23, 4)), rng.standard_normal((23, 9))
    C = np.empty((4, 9))
    for start in range(0, 23, 5):
        gemm_tn(A[start : start + 5], B[start : start + 5], C, 0.0 if start == 0 else 1.0)
    np.testing.assert_allclose(C, A.T @ B, rtol=1e-13, atol=1e-13)


def test_gemm_tn_reads_and_writes_column_slices_of_wider_arrays():
    # each leading dimension is the parent's row length, not the slice's: A, B and C are column slices
    rng = np.random.default_rng(2)
    P, Q = rng.standard_normal((11, 7)), rng.standard_normal((11, 10))
    A, B = P[:, :3], Q[:, 2:7]
    wide = np.full((3, 12), 5.0)
    C = wide[:, 4:9]
    gemm_tn(A, B, C, 0.0)
    np.testing.assert_allclose(C, A.T @ B, rtol=1e-13, atol=1e-13)
    gemm_tn(A, B, C, 1.0)
    np.testing.assert_allclose(C, 2 * A.T @ B, rtol=1e-13, atol=1e-13)
    assert np.all(wide[:, :4] == 5.0) and np.all(wide[:, 9:] == 5.0)  # the rest of the parent untouched


def test_gemm_tn_with_no_rows_scales_c_by_beta():
    A, B = np.empty((0, 2)), np.empty((0, 3))
    C = np.arange(6.0).reshape(2, 3)
    gemm_tn(A, B, C, 1.0)
    np.testing.assert_array_equal(C, np.arange(6.0).reshape(2, 3))
    gemm_tn(A, B, C, 0.0)
    np.testing.assert_array_equal(C, np.zeros((2, 3)))
    gemm_tn(np.empty((4, 0)), np.ones((4, 3)), np.empty((0, 3)), 0.0)  # k = 0: nothing to write


@pytest.mark.parametrize(
    "A, B, C, beta, message",
    [
        (np.ones((3, 2)), np.ones((4, 5)), np.empty((2, 5)), 0.0, "agree in shape"),
        (np.ones((3, 2)), np.ones((3, 5)), np.empty((2, 4)), 0.0, "agree in shape"),
        (np.asfortranarray(np.ones((3, 2))), np.ones((3, 5)), np.empty((2, 5)), 0.0, "contiguous rows"),
        (np.ones((3, 2)), np.ones((3, 10))[:, ::2], np.empty((2, 5)), 0.0, "contiguous rows"),
        (np.ones((3, 2)), np.ones((3, 5)), np.empty((2, 5)), 0.5, "beta must be 0.0 or 1.0"),
    ],
)
def test_gemm_tn_refuses_arguments_blas_would_misread(A, B, C, beta, message):
    with pytest.raises(ValueError, match=message):
        gemm_tn(A, B, C, beta)
