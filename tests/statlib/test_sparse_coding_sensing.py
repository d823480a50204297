"""Tests of the lecture's compressed-sensing and SRC additions to statlib.sparse_coding: mutual coherence,
the restricted-isometry estimate, and the sparse-representation classifier (Wright et al. 2009)."""

import itertools
import warnings

import numpy as np
import pytest
from scipy.fft import dct
from scipy.linalg import hadamard
from sklearn.utils.estimator_checks import parametrize_with_checks

from statlib.sparse_coding import (
    SparseRepresentationClassifier,
    ksvd_atom_update,
    mutual_coherence,
    restricted_isometry_estimate,
)


def test_coherence_of_an_orthonormal_basis_is_zero():
    Q, _ = np.linalg.qr(np.random.default_rng(0).standard_normal((6, 6)))
    assert mutual_coherence(Q) < 1e-12
    assert mutual_coherence(3.0 * np.eye(4)) == 0.0


def test_coherence_of_a_known_pair_and_of_identity_plus_dct():
    # columns (1, 0) and (1, 1) / sqrt 2 at 45 degrees: cos = 1/sqrt 2
    assert mutual_coherence([[1.0, 2.0], [0.0, 2.0]]) == pytest.approx(1 / np.sqrt(2), abs=1e-15)
    # parallel columns (any scale, either sign): 1
    assert mutual_coherence([[1.0, -3.0], [2.0, -6.0]]) == pytest.approx(1.0, abs=1e-15)
    # [I, H / sqrt n] with a Hadamard matrix H: every cross inner product is +-1/sqrt n, the minimum possible
    n = 16
    assert mutual_coherence(np.hstack([np.eye(n), hadamard(n) / np.sqrt(n)])) == pytest.approx(0.25, abs=1e-12)
    # [I, orthonormal DCT-II]: the entries are sqrt(2/n) cos(pi k (2j + 1) / (2n)) for k >= 1; with n = 16 the
    # angle k (2j + 1) / (2n) is never an integer (32 does not divide k (2j + 1) for k < 16), so the largest
    # entry is sqrt(2/n) cos(pi / (2n))
    C = dct(np.eye(n), norm="ortho", axis=0)
    expected = np.sqrt(2 / n) * np.cos(np.pi / (2 * n))
    assert mutual_coherence(np.hstack([np.eye(n), C.T])) == pytest.approx(expected, abs=1e-12)


def test_coherence_respects_the_welch_bound():
    M, D = 8, 20
    A = np.random.default_rng(1).standard_normal((M, D))
    assert mutual_coherence(A) >= np.sqrt((D - M) / (M * (D - 1)))


@pytest.mark.parametrize("k", [-1000, -600, 600, 1000])
def test_coherence_is_exact_at_extreme_scales(k):
    # a cosine does not depend on the scale of either column: scaling the whole matrix, or each column by its own
    # power of two, gives mu(A) bit for bit (the column norms underflowed to 0 near 1e-300 and overflowed near 1e300,
    # refusing a "zero column" or returning NaN)
    rng = np.random.default_rng(1)
    A = rng.standard_normal((8, 20))
    expected = mutual_coherence(A)
    assert mutual_coherence(np.ldexp(A, k)) == expected
    assert mutual_coherence(np.ldexp(A, rng.integers(min(k, 0), max(k, 0) + 1, size=20))) == expected
    # the hand case at 45 degrees, at that scale
    assert mutual_coherence(np.ldexp([[1.0, 2.0], [0.0, 2.0]], k)) == pytest.approx(1 / np.sqrt(2), abs=1e-15)


def _exact_delta(A, s):
    # independent: eigenvalues of every Gram submatrix A_S^T A_S
    worst = 0.0
    for S in itertools.combinations(range(A.shape[1]), s):
        ev = np.linalg.eigvalsh(A[:, S].T @ A[:, S])
        worst = max(worst, ev[-1] - 1.0, 1.0 - ev[0])
    return worst


@pytest.mark.parametrize("s", [1, 2, 3])
def test_rip_estimate_is_a_lower_bound_and_exact_by_enumeration(s):
    rng = np.random.default_rng(2)
    A = rng.standard_normal((6, 9)) / np.sqrt(6)
    exact = _exact_delta(A, s)
    assert restricted_isometry_estimate(A, s, n_supports=None) == pytest.approx(exact, abs=1e-12)
    for seed in range(3):
        assert restricted_isometry_estimate(A, s, n_supports=10, random_state=seed) <= exact + 1e-12


def test_rip_of_unit_columns_at_s1_is_zero_and_of_a_known_pair():
    A = np.array([[1.0, 0.0, 0.6], [0.0, 1.0, 0.8]])
    assert restricted_isometry_estimate(A, 1, n_supports=None) < 1e-15
    # the pair (0, 1), (0.6, 0.8) has Gram eigenvalues 1 +- 0.8
    assert restricted_isometry_estimate(A, 2, n_supports=None) == pytest.approx(0.8, abs=1e-12)


def test_rip_estimate_is_reproducible():
    A = np.random.default_rng(3).standard_normal((10, 30)) / np.sqrt(10)
    a = restricted_isometry_estimate(A, 3, n_supports=50, random_state=7)
    assert a == restricted_isometry_estimate(A, 3, n_supports=50, random_state=7)


def test_bad_input_names_the_argument():
    with pytest.raises(ValueError, match="matrix"):
        mutual_coherence(np.ones((3, 1)))
    with pytest.raises(ValueError, match="matrix"):
        mutual_coherence([[1.0, 0.0], [0.0, 0.0]])
    with pytest.raises(ValueError, match="matrix"):
        mutual_coherence([[np.nan, 1.0], [1.0, 0.0]])
    A = np.ones((3, 5))
    with pytest.raises(ValueError, match="sparsity"):
        restricted_isometry_estimate(A, 4)
    with pytest.raises(ValueError, match="sparsity"):
        restricted_isometry_estimate(A, 0)
    with pytest.raises(ValueError, match="n_supports"):
        restricted_isometry_estimate(A, 2, n_supports=0)
    X, y = np.eye(3), [0, 1, 1]
    with pytest.raises(ValueError, match="algorithm"):
        SparseRepresentationClassifier(algorithm="bp").fit(X, y)
    with pytest.raises(ValueError, match="n_nonzero_coefs"):
        SparseRepresentationClassifier(n_nonzero_coefs=0).fit(X, y)
    with pytest.raises(ValueError, match="alpha"):
        SparseRepresentationClassifier(alpha=0.0).fit(X, y)
    with pytest.raises(ValueError, match="X"):
        SparseRepresentationClassifier().fit(np.zeros((3, 2)), [0, 1, 1])


def test_src_hand_case():
    # atoms (unit rows): class 0 = e1 and (e1 + e2)/sqrt 2, class 1 = e3. For y = (1, 1, 0.5) with one OMP atom,
    # the best atom is (e1 + e2)/sqrt 2 (|cos| = sqrt 2 / 1.5 > 1 / 1.5); code sqrt 2 / 1.5 on unit-scaled y.
    # r_0 = ||y/|y| - (1, 1, 0)/1.5|| = 0.5/1.5 = 1/3; r_1 = ||y/|y||| = 1.
    X = np.array([[2.0, 0.0, 0.0], [1.0, 1.0, 0.0], [0.0, 0.0, 4.0]])
    src = SparseRepresentationClassifier(n_nonzero_coefs=1).fit(X, ["a", "a", "b"])
    np.testing.assert_allclose(src.class_residuals([[1.0, 1.0, 0.5]]), [[1 / 3, 1.0]], atol=1e-12)
    assert src.predict([[1.0, 1.0, 0.5]]).tolist() == ["a"]
    # with two atoms, OMP's second pick is the atom most correlated with the residual (0, 0, 0.5)/1.5, which is e3;
    # y is then represented exactly, r_0 = ||(0, 0, 0.5)||/1.5 = 1/3 and r_1 = ||(1, 1, 0)||/1.5 = sqrt 2 / 1.5.
    src2 = SparseRepresentationClassifier(n_nonzero_coefs=2).fit(X, ["a", "a", "b"])
    np.testing.assert_allclose(
        src2.class_residuals([[1.0, 1.0, 0.5]]), [[0.5 / 1.5, 1.0 / 1.5 * np.sqrt(2)]], atol=1e-12
    )


def test_src_keeps_the_gram_matrix_of_its_atoms_and_codes_as_scikit_learns_omp():
    from sklearn.decomposition import sparse_encode as sk_sparse_encode

    # the atoms of test_src_hand_case: e1, (e1 + e2)/sqrt 2, e3; their inner products by hand
    X = np.array([[2.0, 0.0, 0.0], [1.0, 1.0, 0.0], [0.0, 0.0, 4.0]])
    src = SparseRepresentationClassifier(n_nonzero_coefs=1).fit(X, ["a", "a", "b"])
    c = 1 / np.sqrt(2)
    np.testing.assert_allclose(src.gram_, [[1.0, c, 0.0], [c, 1.0, 0.0], [0.0, 0.0, 1.0]], atol=1e-15)
    assert SparseRepresentationClassifier("lasso_cd").fit(X, ["a", "a", "b"]).gram_ is None
    # with the cached Gram matrix, the OMP codes are scikit-learn's OMP codes of the unit-scaled samples
    rng = np.random.default_rng(7)
    A, T = rng.standard_normal((40, 12)), rng.standard_normal((15, 12))
    model = SparseRepresentationClassifier(n_nonzero_coefs=4).fit(A, np.arange(40) % 3)
    ref = sk_sparse_encode(
        T / np.linalg.norm(T, axis=1, keepdims=True),
        A / np.linalg.norm(A, axis=1, keepdims=True),
        algorithm="omp",
        n_nonzero_coefs=4,
    )
    np.testing.assert_allclose(model.sparse_codes(T), ref, atol=1e-10)


def test_src_lasso_agrees_with_omp_on_separated_classes():
    rng = np.random.default_rng(4)
    centres = np.eye(5)[:3] * 5
    X = np.vstack([c + 0.3 * rng.standard_normal((10, 5)) for c in centres])
    y = np.repeat([0, 1, 2], 10)
    T = np.vstack([c + 0.3 * rng.standard_normal((4, 5)) for c in centres])
    for model in (SparseRepresentationClassifier(n_nonzero_coefs=3), SparseRepresentationClassifier("lasso_cd")):
        assert model.fit(X, y).predict(T).tolist() == np.repeat([0, 1, 2], 4).tolist()


@parametrize_with_checks([SparseRepresentationClassifier(n_nonzero_coefs=3)])
def test_sklearn_compatible(estimator, check):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check(estimator)


@pytest.mark.parametrize(
    "exercise, answer, wrong",
    [
        ("lecture-2.1", [1 / np.sqrt(2), 1], [1 / np.sqrt(2), 2]),
        ("lecture-2.2", [1 / np.sqrt(2), 2 * np.sqrt(2), 2.0], [1 / np.sqrt(2), 4.0, 0.0]),
        ("lecture-2.3", False, True),
        ("lecture-2.4", [0.8, 0.8], [0.8, 0.6]),
    ],
)
def test_exercise_answers_are_accepted_and_match_the_library(exercise, answer, wrong):
    from statlib.exercises import check
    from statlib.sparse_coding import ksvd_atom_update

    assert check(exercise, answer) and not check(exercise, wrong)
    if exercise == "lecture-2.1":
        assert mutual_coherence([[1, 0, 2**-0.5], [0, 1, 2**-0.5]]) == pytest.approx(answer[0], abs=1e-12)
    if exercise == "lecture-2.2":
        atom, coef = ksvd_atom_update([[3.0, 1.0], [1.0, 3.0]])  # symmetric: the same in either orientation
        s = np.linalg.svd([[3.0, 1.0], [1.0, 3.0]], compute_uv=False)
        np.testing.assert_allclose([atom[0], coef[0], s[1]], answer, atol=1e-12)
    if exercise == "lecture-2.4":
        A = [[1.0, 0.0, 0.6], [0.0, 1.0, 0.8]]
        assert [mutual_coherence(A), restricted_isometry_estimate(A, 2, n_supports=None)] == pytest.approx(answer)


def test_ksvd_atom_update_is_the_lectures_restricted_rank_one_step():
    # the lecture's codebook update, built with the explicit N x |omega_k| selection matrix Omega_k
    rng = np.random.default_rng(6)
    n, N, K = 5, 9, 4
    D = rng.standard_normal((n, K))
    D /= np.linalg.norm(D, axis=0)
    Y = rng.standard_normal((n, N))
    X = rng.standard_normal((K, N)) * (rng.random((K, N)) < 0.5)
    X[1, :3] = 1.0  # atom 1 has users
    k = 1
    omega = np.flatnonzero(X[k])
    E_k = Y - D @ X + np.outer(D[:, k], X[k])
    Omega = np.zeros((N, omega.size))
    Omega[omega, np.arange(omega.size)] = 1.0
    U, Delta, Vt = np.linalg.svd(E_k @ Omega, full_matrices=False)
    atom, coef = ksvd_atom_update((E_k @ Omega).T)
    sign = np.sign(atom @ U[:, 0])
    np.testing.assert_allclose(atom, sign * U[:, 0], atol=1e-12)
    np.testing.assert_allclose(coef, sign * Delta[0] * Vt[0], atol=1e-12)
    X_new = X.copy()
    X_new[k, omega] = coef
    D_new = D.copy()
    D_new[:, k] = atom
    assert np.linalg.norm(Y - D_new @ X_new) <= np.linalg.norm(Y - D @ X)
