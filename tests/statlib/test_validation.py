"""statlib._validation: every check names the argument and what was expected."""

import numpy as np
import pytest
import scipy.sparse as sp

from statlib import _validation as v


def test_check_array_shapes_and_values():
    assert v.check_array([[1, 2], [3, 4]]).dtype == np.float64
    with pytest.raises(ValueError, match=r"X must be a 2-D array.*reshape"):
        v.check_array([1.0, 2.0])
    with pytest.raises(ValueError, match="X must contain only finite numbers"):
        v.check_array([[1.0, np.inf]])
    with pytest.raises(ValueError, match="X must have at least 1 row"):
        v.check_array(np.empty((0, 3)))
    with pytest.raises(TypeError, match="X must be array-like of numbers"):
        v.check_array([["a", "b"]])
    with pytest.raises(TypeError, match="X must be array-like of numbers, got a str"):
        v.check_array("abc")


def test_integer_arrays():
    np.testing.assert_array_equal(v.check_vector([0, 1, 2.0], "obs", dtype=np.int64), [0, 1, 2])
    with pytest.raises(ValueError, match="obs must contain whole numbers"):
        v.check_vector([0, 1.5], "obs", dtype=np.int64)


def test_scalars():
    assert v.check_real(2, "eta", low=0, low_inclusive=False) == 2.0
    with pytest.raises(ValueError, match="eta must be > 0, got 0.0"):
        v.check_real(0, "eta", low=0, low_inclusive=False)
    with pytest.raises(TypeError, match="eta must be a real number"):
        v.check_real(True, "eta")
    with pytest.raises(ValueError, match="eta must be finite"):
        v.check_real(float("nan"), "eta")
    with pytest.raises(TypeError, match="k must be an integer"):
        v.check_int(2.0, "k")
    with pytest.raises(ValueError, match="k must be <= 5"):
        v.check_int(6, "k", high=5)
    with pytest.raises(ValueError, match="method must be one of 'power', 'algebraic'"):
        v.check_choice("fast", "method", ("power", "algebraic"))


def test_probabilities():
    v.check_stochastic_matrix([[0.5, 0.5], [0.1, 0.9]], "transmat")
    with pytest.raises(ValueError, match="transmat must be row-stochastic.*row 1 sums to 0.8"):
        v.check_stochastic_matrix([[0.5, 0.5], [0.1, 0.7]], "transmat")
    with pytest.raises(ValueError, match="startprob must be a probability vector: found a negative"):
        v.check_probability_vector([1.2, -0.2], "startprob")
    with pytest.raises(ValueError, match=r"obs must hold symbols 0..1; found 2"):
        v.check_symbol_sequence([0, 1, 2], "obs", 2)


def test_same_length():
    with pytest.raises(ValueError, match="X and y must have the same number of samples; X has 2, y has 3"):
        v.check_same_length(X=np.zeros((2, 1)), y=np.zeros(3))


def test_complex_input_is_refused_not_truncated():
    # np.asarray(z, dtype=float) would keep only the real part (with a ComplexWarning): silent garbage.
    with pytest.raises(TypeError, match="X must hold real numbers"):
        v.check_array(np.array([[1 + 2j, 3.0]]), "X")
    with pytest.raises(TypeError, match="y must hold real numbers"):
        v.check_vector([1.0, 2j], "y")


@pytest.mark.parametrize("estimator", ["SVR", "Ridge"])
def test_complex_targets_are_blamed_on_y_and_complex_inputs_on_x(estimator):
    # scikit-learn says "Complex data not supported" without naming the argument; validate_data names it
    from statlib.linear_model import Ridge
    from statlib.svm import SVR

    make = {"SVR": SVR, "Ridge": Ridge}[estimator]
    with pytest.raises(ValueError, match="^y must be a 1-D array of numbers: Complex data"):
        make().fit(np.ones((3, 1)), np.array([1 + 1j, 2, 3]))
    with pytest.raises(ValueError, match="^X must be a 2-D array of numbers .*: Complex data"):
        make().fit(np.ones((3, 1)) * (1 + 1j), np.array([1.0, 2.0, 3.0]))


def test_check_numeric_keeps_the_shape_and_refuses_text_complex_and_non_finite():
    assert v.check_numeric(2, "z").shape == () and v.check_numeric([[1, 2]], "z").shape == (1, 2)
    assert np.isnan(v.check_numeric([np.nan], "z", allow_nonfinite=True)[0])
    for value, error in (("1.0", TypeError), ([1, "a"], TypeError), ([1j], TypeError), ([np.inf], ValueError)):
        with pytest.raises(error, match="z"):
            v.check_numeric(value, "z")


def test_check_scale_refuses_squares_that_leave_float64():
    X = np.array([[1.0, -2.0], [3.0, 0.5]])
    assert v.check_scale(X, "X") is X and v.check_scale(X * 1e-150, "X", small=True) is not None
    v.check_scale(np.array([[1e149, 1e149]]), "X")  # a squared norm of 2e298: still safe
    v.check_scale(np.zeros((2, 2)), "X", small=True)  # all zero: nothing to underflow
    with pytest.raises(ValueError, match=r"X is too large for squared norms in float64 \(a squared norm of 4e\+300"):
        v.check_scale(np.array([[2e150, 0.0]]), "X")
    with pytest.raises(ValueError, match="y is too large"):
        v.check_scale(np.array([1.0, 1e300]), "y")
    with pytest.raises(ValueError, match=r"X is too small for squares in float64 \(its largest entry is 1e-160"):
        v.check_scale(np.array([[1e-160, -1e-200]]), "X", small=True)
    v.check_scale(np.array([[1e-160]]), "X")  # only refused when asked
    # NaN marks a missing value (factor analysis) and is left out; sparse matrices are measured by their rows
    v.check_scale(np.array([[np.nan, 1.0]]), "X")
    with pytest.raises(ValueError, match="X is too large"):
        v.check_scale(np.array([[np.nan, 1e200]]), "X")
    with pytest.raises(ValueError, match="X is too large"):
        v.check_scale(sp.csr_array(np.array([[0.0, 1e200], [1.0, 0.0]])), "X")
    # the smallest entry's sign does not matter; a missing value beside tiny entries is still left out
    with pytest.raises(ValueError, match=r"X is too small for squares in float64 \(its largest entry is 2e-160"):
        v.check_scale(np.array([[-2e-160, 1e-200], [np.nan, 0.0]]), "X", small=True)
    v.check_scale(np.array([[1e-3, -1e-4], [np.nan, 0.0]]), "X", small=True)  # small, but squares are normal


def test_check_scale_reads_dense_data_without_copying_it():
    # A copy of X would cost as much memory as X (8 MB here); the check keeps to one float per row.
    import tracemalloc

    X = np.random.default_rng(0).normal(size=(1000, 1000))
    tracemalloc.start()
    try:
        v.check_scale(X, "X", small=True)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 0.1 * X.nbytes, peak


def test_check_scale_returns_the_largest_squared_row_norm_when_asked():
    X = np.array([[3.0, 4.0], [1.0, -1.0], [np.nan, 2.0]])
    assert v.check_scale(X, "X", return_top=True) == 25.0  # rows' squared norms 25, 2 and (NaN left out) 4
    assert v.check_scale(np.zeros((3, 2)), "X", return_top=True) == 0.0
    assert v.check_scale(np.empty((0, 2)), "X", return_top=True) == 0.0
    # every square underflows: zero, though X is not, which is why a caller then counts the non-zeros
    assert v.check_scale(np.full((2, 2), 1e-170), "X", return_top=True) == 0.0
