"""The self-checks of the appendices D and E accept the answers that independent computations give (NumPy's
and SciPy's linear algebra, scipy.stats.entropy, scipy.special.digamma) and refuse near misses."""

import numpy as np
import pytest
import scipy.linalg as sl
import scipy.special as sp
import scipy.stats as st

from statlib.exercises import check


def test_appendixd_1_1_dimensions_from_numpy():
    A = np.array([[1.0, 2.0, 3.0], [2.0, 4.0, 6.0]])
    r = np.linalg.matrix_rank(A)
    dims = [r, sl.null_space(A).shape[1], np.linalg.matrix_rank(A.T), sl.null_space(A.T).shape[1]]
    assert dims == [1, 2, 1, 1]
    assert check("appendixd-1.1", dims).correct
    assert not check("appendixd-1.1", [1, 1, 1, 2]).correct


def test_appendixd_1_2_accepts_every_left_null_vector_and_nothing_else():
    A = np.array([[1.0, 1.0], [2.0, 2.0], [0.0, 0.0]])
    basis = sl.null_space(A.T)
    for coeffs in ([1.0, 0.0], [0.0, 1.0], [0.3, -2.0]):
        assert check("appendixd-1.2", basis @ coeffs).correct
    assert check("appendixd-1.2", [-2, 1, 0]).correct
    for wrong in ([0, 0, 0], [1, 2, 0], [1, 1, 1], [1, 2]):
        assert not check("appendixd-1.2", wrong).correct


def test_appendixd_1_3_wide_matrices_have_null_vectors():
    rng = np.random.default_rng(0)
    assert all(sl.null_space(rng.normal(size=(m, m + 1))).shape[1] >= 1 for m in range(1, 6))
    assert check("appendixd-1.3", True).correct
    assert not check("appendixd-1.3", False).correct


def test_appendixe_1_1_divergences_from_scipy():
    Q, P = [0.5, 0.5], [0.25, 0.75]
    answer = [st.entropy(Q, P), st.entropy(P, Q)]
    assert check("appendixe-1.1", answer).correct
    assert check("appendixe-1.1", np.round(answer, 4)).correct
    assert not check("appendixe-1.1", answer[::-1]).correct


def test_appendixe_1_2_from_the_digamma_function():
    assert check("appendixe-1.2", sp.digamma(1.0) - sp.digamma(3.0)).correct
    assert not check("appendixe-1.2", np.log(1 / 3)).correct  # log E[theta_1], the Jensen trap


def test_appendixe_1_3_posterior_mean_from_scipy():
    assert check("appendixe-1.3", st.dirichlet.mean(np.array([1.0, 1.0, 1.0]) + [3, 1, 0])).correct
    assert not check("appendixe-1.3", [0.75, 0.25, 0.0]).correct  # the maximum-likelihood frequencies


@pytest.mark.parametrize(
    "exercise_id",
    ["appendixd-1.1", "appendixd-1.2", "appendixd-1.3", "appendixe-1.1", "appendixe-1.2", "appendixe-1.3"],
)
def test_no_answer_yet_is_not_correct(exercise_id):
    assert not check(exercise_id, None).correct
