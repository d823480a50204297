"""statlib.decomposition.svd (Li Hang ch. 15, the construction of Theorem 15.1 / §15.2) and TruncatedSVD.

Expected values: the book's printed matrices of Examples 15.1-15.6 (under the sign convention of
:func:`svd`, which the book's own factors satisfy except for the null-space basis of Example 15.5, compared
as a subspace), LAPACK (scipy.linalg.svd), ARPACK (scipy.sparse.linalg.svds), scikit-learn's TruncatedSVD
from the same random state, and exact identities (15.15), (15.20)-(15.24), (15.26), (15.33), (15.45).
"""

import warnings

import numpy as np
import pytest
from scipy import linalg
from scipy.sparse.linalg import svds
from sklearn import decomposition as skd
from sklearn.utils.estimator_checks import parametrize_with_checks

from statlib.datasets import load_example
from statlib.decomposition import TruncatedSVD, svd
from statlib.decomposition import _svd as svd_module
from statlib.decomposition._svd import _complement

RNG_SHAPES = [(5, 4), (4, 5), (7, 7), (1, 6), (6, 1), (30, 8), (8, 30)]


def _projector(Q):
    return Q @ Q.T


def _convention_holds(Vt):
    for row in Vt:  # the first entry within a relative 1e-10 of the largest |entry| is positive
        j = np.argmax(np.abs(row) >= np.abs(row).max() * (1 - 1e-10))
        assert row[j] > 0 or np.all(row == 0)


# ---------------------------------------------------------------------------------- the book's examples
def test_example_15_1_full_svd_is_the_books():
    ex = load_example("lihang", "15.1")
    U, s, Vt = svd(ex.A)
    np.testing.assert_allclose(s, [4.0, 3.0, np.sqrt(5.0), 0.0], atol=1e-12)
    np.testing.assert_allclose(linalg.diagsvd(s, 5, 4), ex.Sigma, atol=1e-12)
    np.testing.assert_allclose(Vt, ex.Vt, atol=1e-12)
    np.testing.assert_allclose(U, ex.U, atol=1e-12)  # the pivoted basis of N(A^T) is the book's (e_4 first)
    np.testing.assert_allclose(U @ U.T, np.eye(5), atol=1e-12)
    np.testing.assert_allclose(Vt @ Vt.T, np.eye(4), atol=1e-12)


def test_example_15_1_alternative_u_is_also_an_svd():
    ex = load_example("lihang", "15.1")
    U2 = ex.U_alternative
    np.testing.assert_allclose(U2 @ U2.T, np.eye(5), atol=1e-12)
    np.testing.assert_allclose(U2 @ ex.Sigma @ ex.Vt, ex.A, atol=1e-12)
    assert not np.allclose(U2, ex.U)
    # The two U differ only in the basis of N(A^T): same projector onto the last two columns.
    np.testing.assert_allclose(_projector(U2[:, 3:]), _projector(ex.U[:, 3:]), atol=1e-12)


def test_example_15_2_compact_svd():
    ex = load_example("lihang", "15.2")
    U, s, Vt = svd(ex.A, kind="compact")
    assert len(s) == ex.rank == np.linalg.matrix_rank(ex.A)
    np.testing.assert_allclose(U, ex.U_r, atol=1e-12)
    np.testing.assert_allclose(np.diag(s), ex.Sigma_r, atol=1e-12)
    np.testing.assert_allclose(Vt, ex.Vt_r, atol=1e-12)
    np.testing.assert_allclose(U @ np.diag(s) @ Vt, ex.A, atol=1e-12)  # (15.18) is exact


def test_example_15_3_truncated_svd_and_eckart_young():
    ex = load_example("lihang", "15.3")
    U, s, Vt = svd(ex.A, kind="truncated", k=ex.k)
    np.testing.assert_allclose(U, ex.U_k, atol=1e-12)
    np.testing.assert_allclose(np.diag(s), ex.Sigma_k, atol=1e-12)
    np.testing.assert_allclose(Vt, ex.Vt_k, atol=1e-12)
    A2 = U @ np.diag(s) @ Vt
    np.testing.assert_allclose(A2, ex.A_k, atol=1e-12)
    # (15.33): the error is sigma_3 = sqrt(5).
    np.testing.assert_allclose(np.linalg.norm(ex.A - A2), np.sqrt(5.0), rtol=1e-12)


def test_example_15_4_printed_factors_and_basis_images():
    ex = load_example("lihang", "15.4")
    U, s, Vt = svd(ex.A)
    np.testing.assert_allclose(U, ex.U, atol=1e-4)
    np.testing.assert_allclose(np.diag(s), ex.Sigma, atol=1e-4)
    np.testing.assert_allclose(Vt, ex.Vt, atol=1e-4)
    E = np.eye(2)
    np.testing.assert_allclose(Vt @ E, ex.Vt_e, atol=1e-4)
    # The book's 3.6042 is a product of rounded factors (exact 3.60434): 2e-4.
    np.testing.assert_allclose(np.diag(s) @ Vt @ E, ex.Sigma_Vt_e, atol=2e-4)
    assert abs((np.diag(s) @ Vt)[0, 0] - 3.6043) < 5e-5
    np.testing.assert_allclose(U @ np.diag(s) @ Vt @ E, ex.A_e, atol=1e-12)


def test_example_15_5_by_hand():
    ex = load_example("lihang", "15.5")
    np.testing.assert_allclose(ex.A.T @ ex.A, ex.AtA)
    U, s, Vt = svd(ex.A)
    np.testing.assert_allclose(s**2, ex.eigenvalues, atol=1e-12)
    np.testing.assert_allclose(linalg.diagsvd(s, 3, 2), ex.Sigma, atol=1e-12)
    np.testing.assert_allclose(Vt.T, ex.V, atol=1e-12)
    np.testing.assert_allclose(U[:, 0], ex.U[:, 0], atol=1e-12)  # u_1 = A v_1 / sigma_1 (15.12)
    # N(A^T): the book's basis (-2, 1, 0)/sqrt(5), (0, 0, 1) and ours span the same plane.
    np.testing.assert_allclose(ex.A.T @ ex.null_At_basis.T, 0.0)
    np.testing.assert_allclose(_projector(U[:, 1:]), _projector(ex.U[:, 1:]), atol=1e-12)
    np.testing.assert_allclose(U @ linalg.diagsvd(s, 3, 2) @ Vt, ex.A, atol=1e-12)
    np.testing.assert_allclose(ex.U @ ex.Sigma @ ex.V.T, ex.A, atol=1e-12)


def test_example_15_6_outer_product_expansion():
    ex = load_example("lihang", "15.6")
    U, s, Vt = svd(ex.A)
    np.testing.assert_allclose(s[:2], ex.sigma)
    np.testing.assert_allclose(U[:, :2].T, ex.u, atol=1e-12)
    np.testing.assert_allclose(Vt[:2], ex.v, atol=1e-12)
    A2 = sum(s[j] * np.outer(U[:, j], Vt[j]) for j in range(2))  # (15.46)
    np.testing.assert_allclose(A2, ex.A_2, atol=1e-12)
    A_all = sum(s[j] * np.outer(U[:, j], Vt[j]) for j in range(len(s)))  # (15.45)
    np.testing.assert_allclose(A_all, ex.A, atol=1e-12)


# ----------------------------------------------------------------------------- against LAPACK, identities
@pytest.mark.parametrize("shape", RNG_SHAPES)
@pytest.mark.parametrize("rank", [None, 1, 2])
def test_full_svd_against_lapack_and_identities(shape, rank):
    rng = np.random.default_rng(sum(shape) + (rank or 0))
    m, n = shape
    A = rng.normal(size=shape)
    if rank is not None and rank < min(m, n):
        A = rng.normal(size=(m, rank)) @ rng.normal(size=(rank, n))
    U, s, Vt = svd(A)
    assert U.shape == (m, m) and s.shape == (min(m, n),) and Vt.shape == (n, n)
    ref = linalg.svd(A, compute_uv=False)
    np.testing.assert_allclose(s, ref, atol=1e-7 * ref[0])
    np.testing.assert_allclose(U @ U.T, np.eye(m), atol=1e-8)
    np.testing.assert_allclose(Vt @ Vt.T, np.eye(n), atol=1e-10)
    np.testing.assert_allclose(U @ linalg.diagsvd(s, m, n) @ Vt, A, atol=1e-10 * max(1.0, ref[0]))
    r = int(np.sum(s > 0))
    assert r == np.linalg.matrix_rank(A)
    _convention_holds(Vt)
    V = Vt.T
    # (15.20)-(15.21): eigen-decompositions of A^T A and A A^T.
    Sig = linalg.diagsvd(s, m, n)
    np.testing.assert_allclose(V @ (Sig.T @ Sig) @ Vt, A.T @ A, atol=1e-10 * ref[0] ** 2)
    np.testing.assert_allclose(U @ (Sig @ Sig.T) @ U.T, A @ A.T, atol=1e-10 * ref[0] ** 2)
    # (15.22)-(15.24).
    np.testing.assert_allclose(A @ V[:, : min(m, n)], U[:, : min(m, n)] * s, atol=1e-10 * ref[0])
    np.testing.assert_allclose(A.T @ U[:, : min(m, n)], V[:, : min(m, n)] * s, atol=1e-8 * ref[0])
    np.testing.assert_allclose(A.T @ U[:, r:], 0.0, atol=1e-8 * ref[0])
    np.testing.assert_allclose(A @ V[:, r:], 0.0, atol=1e-8 * ref[0])
    # (15.26): ||A||_F^2 = sum sigma^2.
    np.testing.assert_allclose(np.sum(s**2), np.sum(A**2), rtol=1e-12)
    # Subspaces agree with LAPACK's for the distinct positive singular values.
    Ul, sl, Vlt = linalg.svd(A)
    np.testing.assert_allclose(_projector(U[:, :r]), _projector(Ul[:, :r]), atol=1e-7)
    np.testing.assert_allclose(_projector(V[:, :r]), _projector(Vlt[:r].T), atol=1e-7)


@pytest.mark.parametrize("kind", ["compact", "truncated"])
def test_compact_and_truncated_are_leading_blocks_of_the_full(kind):
    rng = np.random.default_rng(3)
    A = rng.normal(size=(9, 3)) @ rng.normal(size=(3, 6))
    U, s, Vt = svd(A)
    k = 2 if kind == "truncated" else None
    Uk, sk, Vkt = svd(A, kind=kind, k=k)
    keep = 3 if kind == "compact" else 2
    np.testing.assert_array_equal(Uk, U[:, :keep])
    np.testing.assert_array_equal(sk, s[:keep])
    np.testing.assert_array_equal(Vkt, Vt[:keep])


@pytest.mark.parametrize("k", [1, 2, 3, 4])
def test_eckart_young_on_random_matrices(k):
    rng = np.random.default_rng(k)
    A = rng.normal(size=(8, 6))
    U, s, Vt = svd(A, kind="truncated", k=k)
    Ak = U @ np.diag(s) @ Vt
    s_all = linalg.svd(A, compute_uv=False)
    np.testing.assert_allclose(np.linalg.norm(A - Ak), np.sqrt(np.sum(s_all[k:] ** 2)), rtol=1e-9)  # (15.33)
    for _ in range(50):  # no random rank-k matrix does better (15.31)
        X = rng.normal(size=(8, k)) @ rng.normal(size=(k, 6))
        X = X * (np.sum(X * A) / np.sum(X * X))  # its best multiple
        assert np.linalg.norm(A - X) >= np.linalg.norm(A - Ak) - 1e-12


def test_repeated_singular_values_get_a_canonical_basis():
    Q = linalg.qr(np.random.default_rng(0).normal(size=(4, 4)))[0]
    U, s, Vt = svd(Q)  # all singular values are 1: V is the pivoted basis of R^4, i.e. the identity
    np.testing.assert_allclose(s, 1.0)
    np.testing.assert_allclose(Vt, np.eye(4), atol=1e-10)
    np.testing.assert_allclose(U, Q, atol=1e-10)
    U, s, Vt = svd(np.zeros((3, 2)))
    np.testing.assert_array_equal(s, [0.0, 0.0])
    np.testing.assert_allclose(U, np.eye(3))
    np.testing.assert_allclose(Vt, np.eye(2))


def test_complement_basis_kernel():
    u1 = np.array([[1.0], [2.0], [0.0]]) / np.sqrt(5.0)  # u_1 of Example 15.5; N(A^T) is its complement
    Q = _complement(u1, 2)
    np.testing.assert_allclose(Q[:, 0], [0, 0, 1], atol=1e-15)  # the longest projected e_j (e_3) first
    np.testing.assert_allclose(Q[:, 1], np.array([2.0, -1.0, 0.0]) / np.sqrt(5.0), atol=1e-15)
    np.testing.assert_allclose(Q.T @ Q, np.eye(2), atol=1e-15)
    # The implicit (Sherman-Morrison) construction equals explicit pivoted Gram-Schmidt on P = I - U U^T.
    rng = np.random.default_rng(5)
    U = linalg.qr(rng.normal(size=(9, 3)), mode="economic")[0]
    R, Q_explicit = np.eye(9) - U @ U.T, np.zeros((9, 6))
    for k in range(6):
        j = int(np.argmax(np.sum(R * R, axis=0)))
        Q_explicit[:, k] = R[:, j] / np.linalg.norm(R[:, j])
        R -= np.outer(Q_explicit[:, k], Q_explicit[:, k] @ R)
    Q_explicit *= np.where(Q_explicit[np.argmax(np.abs(Q_explicit), axis=0), range(6)] < 0, -1.0, 1.0)  # sign rule
    np.testing.assert_allclose(_complement(U, 6), Q_explicit, atol=1e-12)


def test_full_svd_of_a_tall_matrix_completes_u_quickly():
    A = np.random.default_rng(8).normal(size=(2000, 5))
    U, s, Vt = svd(A)  # U is 2000 x 2000: 5 columns from (15.12), 1995 from the completion (15.16)
    np.testing.assert_allclose(U.T @ U, np.eye(2000), atol=1e-11)
    np.testing.assert_allclose(U[:, :5] * s @ Vt, A, atol=1e-11)
    np.testing.assert_allclose(U[:, 5:].T @ A, 0.0, atol=1e-11)  # the completion spans N(A^T)
    np.testing.assert_allclose(s, linalg.svd(A, compute_uv=False), rtol=1e-10)


def _eigh_nudged(direction):
    """scipy.linalg.eigh whose eigenvectors are moved by one ulp, entry by entry in ``direction``."""

    def eigh(W):
        lam, V = linalg.eigh(W)
        target = np.where(np.asarray(direction)[: V.size].reshape(V.shape) > 0, np.inf, -np.inf)
        return lam, np.nextafter(V, target)

    return eigh


@pytest.mark.parametrize("direction", [[1] * 9, [-1] * 9, [1, -1] * 5, [-1, 1] * 5, [1, 1, -1] * 3])
def test_signs_do_not_depend_on_the_last_bit_of_the_eigenvectors(monkeypatch, direction):
    class _Linalg:
        eigh = staticmethod(_eigh_nudged(direction))

    monkeypatch.setattr(svd_module, "linalg", _Linalg)
    ex = load_example("lihang", "15.5")  # v_2 = (1, -1)/sqrt(2): |entries| tie
    U, s, Vt = svd(ex.A)
    np.testing.assert_allclose(Vt.T, ex.V, atol=1e-12)
    np.testing.assert_allclose(U[:, 0], ex.U[:, 0], atol=1e-12)
    # Exercise 15.1: v_3 = (2, -1, -2)/3, |v_31| = |v_33|; the first is made positive.
    U, s, Vt = svd([[1.0, 2.0, 0.0], [2.0, 0.0, 2.0]])
    np.testing.assert_allclose(Vt[2], np.array([2.0, -1.0, -2.0]) / 3.0, atol=1e-12)
    np.testing.assert_allclose(s, [3.0, 2.0], atol=1e-12)


def test_example_15_5_with_correctly_rounded_eigenvectors(monkeypatch):
    h = np.sqrt(0.5)  # the correctly rounded 1/sqrt(2)

    class _Linalg:
        @staticmethod
        def eigh(W):
            return np.array([0.0, 10.0]), np.array([[-h, h], [h, h]])

    monkeypatch.setattr(svd_module, "linalg", _Linalg)
    U, s, Vt = svd(load_example("lihang", "15.5").A)
    np.testing.assert_allclose(Vt, [[h, h], [h, -h]], atol=0)


def test_rtol_thresholds_singular_values():
    A = np.diag([1.0, 1e-3, 0.0])
    assert len(svd(A, "compact", rtol=1e-2)[1]) == 1  # sigma_2 = 1e-3 <= 1e-2 * sigma_1: rank 1
    assert len(svd(A, "compact", rtol=1e-4)[1]) == 2  # sigma_2 > 1e-4 * sigma_1: rank 2
    assert len(svd(A, "compact")[1]) == 2  # default sqrt(3 eps) ~ 2.6e-8


def test_truncated_beyond_the_rank_pads_from_the_null_spaces():
    A = np.array([[1.0, 1.0, 0.0], [2.0, 2.0, 0.0], [0.0, 0.0, 0.0], [1.0, 1.0, 0.0]])  # rank 1
    Uf, sf, Vtf = svd(A)
    U, s, Vt = svd(A, "truncated", k=3)
    np.testing.assert_allclose(U, Uf[:, :3], atol=1e-14)
    np.testing.assert_allclose(s, sf[:3], atol=1e-14)
    np.testing.assert_allclose(Vt, Vtf[:3], atol=1e-14)


def test_svd_refuses_bad_input():
    with pytest.raises(ValueError, match="kind"):
        svd(np.eye(2), kind="thin")
    with pytest.raises(ValueError, match="k must be given"):
        svd(np.eye(2), kind="truncated")
    with pytest.raises(ValueError, match="k"):
        svd(np.eye(2), kind="truncated", k=3)
    with pytest.raises(TypeError, match="k"):
        svd(np.eye(2), kind="truncated", k=1.5)
    with pytest.raises(ValueError, match="k is only used"):
        svd(np.eye(2), k=1)
    with pytest.raises(ValueError, match="A"):
        svd([[1.0, np.nan]])
    with pytest.raises(ValueError, match="A"):
        svd([1.0, 2.0])
    with pytest.raises(ValueError, match="rtol"):
        svd(np.eye(2), rtol=-1.0)


# -------------------------------------------------------------------------------------------- TruncatedSVD
@parametrize_with_checks(
    [TruncatedSVD(), TruncatedSVD(1, algorithm="arpack", random_state=0), TruncatedSVD(algorithm="eigh")]
)
def test_scikit_learn_contract(estimator, check):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        check(estimator)


@pytest.mark.parametrize("algorithm", ["randomized", "arpack"])
@pytest.mark.parametrize("shape", [(60, 12), (12, 60), (200, 40)])
@pytest.mark.parametrize("normalizer", ["auto", "QR", "LU", "none"])
def test_truncated_svd_matches_scikit_learn(algorithm, shape, normalizer):
    rng = np.random.default_rng(shape[0])
    X = rng.normal(size=shape) + 3.0
    k = 4
    kw = dict(algorithm=algorithm, random_state=7)
    if algorithm == "randomized":
        kw.update(n_iter=4, power_iteration_normalizer=normalizer)
    ours = TruncatedSVD(k, **kw)
    theirs = skd.TruncatedSVD(k, **kw)
    Z1, Z2 = ours.fit_transform(X), theirs.fit_transform(X)
    np.testing.assert_allclose(ours.singular_values_, theirs.singular_values_, rtol=1e-10)
    np.testing.assert_allclose(ours.components_, theirs.components_, atol=1e-8)
    np.testing.assert_allclose(Z1, Z2, atol=1e-8 * ours.singular_values_[0])
    np.testing.assert_allclose(ours.explained_variance_, theirs.explained_variance_, rtol=1e-8)
    np.testing.assert_allclose(ours.explained_variance_ratio_, theirs.explained_variance_ratio_, rtol=1e-8)
    np.testing.assert_allclose(ours.inverse_transform(Z1), theirs.inverse_transform(Z2), atol=1e-8 * np.abs(X).max())


def test_truncated_svd_eigh_matches_lapack_and_arpack():
    rng = np.random.default_rng(5)
    X = rng.normal(size=(50, 20))
    model = TruncatedSVD(5, algorithm="eigh").fit(X)
    s = linalg.svd(X, compute_uv=False)
    np.testing.assert_allclose(model.singular_values_, s[:5], rtol=1e-10)
    _, s_arpack, _ = svds(X, k=5, v0=np.ones(20))
    np.testing.assert_allclose(model.singular_values_, s_arpack[::-1], rtol=1e-8)
    _convention_holds(model.components_)
    # inverse_transform(transform(X)) is the best rank-5 approximation: (15.33).
    back = model.inverse_transform(model.transform(X))
    np.testing.assert_allclose(np.linalg.norm(X - back), np.sqrt(np.sum(s[5:] ** 2)), rtol=1e-9)


def test_truncated_svd_on_the_books_example_in_the_samples_as_rows_orientation():
    ex = load_example("lihang", "15.3")
    X = ex.A.T  # the book's A is features x samples only for data; any orientation has the same sigma
    for algorithm in ("eigh", "randomized"):
        model = TruncatedSVD(2, algorithm=algorithm, random_state=0).fit(ex.A)
        np.testing.assert_allclose(model.singular_values_, [4.0, 3.0], atol=1e-10)
        np.testing.assert_allclose(model.components_, ex.Vt_k, atol=1e-10)
        np.testing.assert_allclose(model.inverse_transform(model.transform(ex.A)), ex.A_k, atol=1e-10)
        model_t = TruncatedSVD(2, algorithm=algorithm, random_state=0).fit(X)
        np.testing.assert_allclose(model_t.singular_values_, [4.0, 3.0], atol=1e-10)


def test_truncated_svd_refuses_bad_hyperparameters():
    X = np.random.default_rng(0).normal(size=(10, 5))
    for params, name in [
        ({"n_components": 0}, "n_components"),
        ({"n_components": 6}, "n_components"),
        ({"n_components": 1.5}, "n_components"),
        ({"algorithm": "lapack"}, "algorithm"),
        ({"n_iter": -1}, "n_iter"),
        ({"n_oversamples": 0}, "n_oversamples"),
        ({"power_iteration_normalizer": "SVD"}, "power_iteration_normalizer"),
        ({"tol": -1.0}, "tol"),
        ({"n_components": 5, "algorithm": "arpack"}, "n_components"),
    ]:
        with pytest.raises((ValueError, TypeError), match=name):
            TruncatedSVD(**params).fit(X)
    model = TruncatedSVD(2).fit(X)
    with pytest.raises(ValueError, match="X"):
        model.inverse_transform(np.ones((3, 3)))


@pytest.mark.parametrize("algorithm", ["randomized", "arpack", "eigh"])
@pytest.mark.parametrize("fmt", ["csr", "csc"])
def test_truncated_svd_on_sparse_input_matches_dense_and_scikit_learn(algorithm, fmt):
    from scipy import sparse

    rng = np.random.default_rng(11)
    dense = rng.poisson(0.3, size=(80, 30)).astype(float)  # a sparse count matrix, like a term-document matrix
    X = sparse.csr_matrix(dense) if fmt == "csr" else sparse.csc_matrix(dense)
    ours = TruncatedSVD(5, algorithm=algorithm, random_state=3)
    Z = ours.fit_transform(X)
    reference = TruncatedSVD(5, algorithm=algorithm, random_state=3).fit(dense)
    np.testing.assert_allclose(ours.singular_values_, reference.singular_values_, rtol=1e-10)
    np.testing.assert_allclose(ours.components_, reference.components_, atol=1e-8)
    np.testing.assert_allclose(ours.explained_variance_ratio_, reference.explained_variance_ratio_, rtol=1e-8)
    np.testing.assert_allclose(ours.transform(X), Z, atol=1e-10)
    assert isinstance(Z, np.ndarray)
    if algorithm != "eigh":
        theirs = skd.TruncatedSVD(5, algorithm=algorithm, random_state=3).fit(X)
        np.testing.assert_allclose(ours.singular_values_, theirs.singular_values_, rtol=1e-10)
        np.testing.assert_allclose(ours.explained_variance_ratio_, theirs.explained_variance_ratio_, rtol=1e-8)


def test_randomized_with_more_components_than_samples_pads_with_zero_singular_values():
    X = np.array([[1.0, 2.0, 0.0], [2.0, 0.0, 2.0]])  # Exercise 15.1's matrix as 2 samples x 3 features
    model = TruncatedSVD(3, random_state=0).fit(X)
    np.testing.assert_allclose(model.singular_values_, [3.0, 2.0, 0.0], atol=1e-12)
    np.testing.assert_allclose(model.components_ @ model.components_.T, np.eye(3), atol=1e-12)
    np.testing.assert_allclose(X @ model.components_[2], 0.0, atol=1e-12)  # the padded direction spans N(X)
    np.testing.assert_allclose(model.inverse_transform(model.transform(X)), X, atol=1e-12)


@pytest.mark.parametrize("algorithm, tol", [("randomized", 0.0), ("arpack", 0.0), ("arpack", 1e-6)])
def test_fit_transform_returns_what_scikit_learn_returns(algorithm, tol):
    X = np.random.default_rng(4).normal(size=(40, 12))
    ours = TruncatedSVD(4, algorithm=algorithm, tol=tol, random_state=1)
    theirs = skd.TruncatedSVD(4, algorithm=algorithm, tol=tol, random_state=1)
    np.testing.assert_allclose(ours.fit_transform(X), theirs.fit_transform(X), atol=1e-8)
    if algorithm == "arpack" and tol == 0:  # exact: U_k Sigma_k = X V_k to round-off
        np.testing.assert_allclose(ours.fit_transform(X), X @ ours.components_.T, atol=1e-10)


@pytest.mark.parametrize("kind", ["full", "compact"])
def test_rank_never_exceeds_the_smaller_dimension(kind):
    # A 1 x 3 matrix has rank 1; the two zero eigenvalues of A^T A come out as round-off of either sign.
    A = np.array([[-0.0, 2.0, 1.0]])
    U, s, Vt = svd(A, kind=kind)
    assert s.shape == (1,) and np.isclose(s[0], np.sqrt(5.0))
    assert Vt.shape == ((3, 3) if kind == "full" else (1, 3))
    np.testing.assert_allclose((U * s) @ Vt[:1], A, atol=1e-12)


def test_default_threshold_keeps_round_off_eigenvalues_out_of_the_rank():
    # rank 1: A^T A = [[4, 2, 0], [2, 1, 0], [0, 0, 0]] has two zero eigenvalues, one of which eigh can return as
    # about 3.6e-15 = 0.7 * 3 eps * lambda_1, above the former default's threshold (it gave a spurious
    # sigma_2 = 6e-8); the default keeps a margin above that round-off.
    A = np.array([[-0.0, -0.0, 0.0], [-2.0, -1.0, 0.0]])
    assert len(svd(A, "compact")[1]) == 1
    U, s, Vt = svd(A)
    np.testing.assert_allclose(s, [np.sqrt(5.0), 0.0], atol=1e-12)
    np.testing.assert_allclose(U.T @ U, np.eye(2), atol=1e-12)


def test_svd_and_truncated_svd_refuse_data_whose_squares_overflow():
    # svd(A) failed inside SciPy with 'array must not contain infs or NaNs', naming no argument; TruncatedSVD
    # returned explained_variance_ = inf
    A = np.random.default_rng(0).normal(size=(8, 3)) * 1e300
    with pytest.raises(ValueError, match="A is too large for squared norms"):
        svd(A)
    with pytest.raises(ValueError, match="X is too large for squared norms"):
        TruncatedSVD(2).fit(A)


@pytest.mark.parametrize("algorithm", ["randomized", "arpack", "eigh"])
def test_truncated_svd_of_a_zero_matrix_and_of_one_whose_squares_underflow(algorithm):
    # All zero: every singular value is 0 and V is the standard basis, as svd() gives.
    model = TruncatedSVD(2, algorithm=algorithm, random_state=0).fit(np.zeros((6, 4)))
    np.testing.assert_array_equal(model.singular_values_, [0.0, 0.0])
    np.testing.assert_array_equal(model.components_, np.eye(4)[:2])
    # Not zero, though every square underflows (the scale check then finds no positive squared norm): the rank-one
    # matrix 2^-560 u v^T has the single singular value 2^-560 ||u|| ||v|| = 2^-560 sqrt(6 * 4). The randomised route
    # finds it; ARPACK's Krylov vectors X^T X v and eigh's X^T X underflow to zero, so those refuse X.
    X = np.ldexp(np.ones((6, 4)), -560)
    if algorithm != "randomized":
        with pytest.raises(ValueError, match="X is too small for squares in float64"):
            TruncatedSVD(1, algorithm=algorithm, random_state=0).fit(X)
        return
    model = TruncatedSVD(1, algorithm=algorithm, random_state=0).fit(X)
    np.testing.assert_allclose(model.singular_values_, [np.ldexp(np.sqrt(24.0), -560)], rtol=1e-12)


@pytest.mark.parametrize("order", ["C", "F"])
@pytest.mark.parametrize("data", ["centred", "offset", "first rows apart"])
def test_total_variance_is_the_sum_of_column_variances(order, data):
    # explained_variance_ratio_'s denominator, sum_j Var(X_j), against the same sum in extended precision, to a few
    # units of rounding: data far from the origin (1e6 times the spread), and data whose first 30 rows sit 1e3 apart
    # from the rest (a shift by the mean of the first rows would lose two digits there; np.var loses none)
    rng = np.random.default_rng(7)
    X = rng.normal(size=(3000, 60)) * rng.uniform(0.5, 2.0, 60)
    if data == "offset":
        X += 1e6 * rng.normal(size=60)
    elif data == "first rows apart":
        X[:30] -= 1e3
    X = np.asarray(X, order=order)
    exact = X.astype(np.longdouble)
    exact = float(((exact - exact.mean(axis=0)) ** 2).mean(axis=0).sum())
    assert abs(svd_module._total_variance(X) - exact) <= 4e-15 * exact
