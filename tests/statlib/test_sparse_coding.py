"""Tests of statlib.sparse_coding (MLAPP section 13.8): codes against scikit-learn, the monotone objective of
(13.176) under (13.177), recovery of a planted dictionary, K-SVD's rank-one update, basis pursuit."""

import warnings

import numpy as np
import pytest
from scipy.optimize import linprog
from sklearn.decomposition import sparse_encode as sk_sparse_encode
from sklearn.exceptions import ConvergenceWarning
from sklearn.utils.estimator_checks import parametrize_with_checks

from statlib.sparse_coding import (
    DictionaryLearning,
    basis_pursuit,
    ksvd_atom_update,
    sparse_coding_objective,
    sparse_encode,
    sparse_encode_masked,
)


def _unit_rows(A):
    return A / np.linalg.norm(A, axis=1, keepdims=True)


@pytest.fixture
def problem():
    rng = np.random.default_rng(0)
    W = _unit_rows(rng.standard_normal((15, 8)))
    X = rng.standard_normal((25, 8))
    return X, W


@pytest.mark.parametrize("alpha", [0.05, 0.3, 1.0])
def test_lasso_codes_match_sklearn_lars(problem, alpha):
    # scikit-learn's lasso_lars solves the same objective 1/2||x - zW||^2 + alpha||z||_1 exactly (LARS path)
    X, W = problem
    ours = sparse_encode(X, W, alpha=alpha)
    ref = sk_sparse_encode(X, W, algorithm="lasso_lars", alpha=alpha)
    np.testing.assert_allclose(ours, ref, atol=1e-6)


def test_lasso_codes_match_sklearn_cd(problem):
    X, W = problem
    ours = sparse_encode(X, W, alpha=0.2)
    ref = sk_sparse_encode(X, W, algorithm="lasso_cd", alpha=0.2, max_iter=100000)
    np.testing.assert_allclose(ours, ref, atol=1e-4)


@pytest.mark.parametrize("k", [1, 3, 5])
def test_omp_codes_match_sklearn(problem, k):
    X, W = problem
    np.testing.assert_allclose(
        sparse_encode(X, W, algorithm="omp", n_nonzero_coefs=k),
        sk_sparse_encode(X, W, algorithm="omp", n_nonzero_coefs=k),
        atol=1e-10,
    )


def test_lasso_codes_satisfy_kkt(problem):
    # optimality of (13.176) in z: W(x - W^T z) = alpha sign(z) on the support, |.| <= alpha off it
    X, W = problem
    alpha = 0.3
    Z = sparse_encode(X, W, alpha=alpha)
    G = (X - Z @ W) @ W.T
    on = Z != 0
    np.testing.assert_allclose(G[on], alpha * np.sign(Z[on]), atol=1e-6)
    assert np.all(np.abs(G[~on]) <= alpha + 1e-6)


def test_identity_dictionary_gives_soft_thresholding():
    x = np.array([[3.0, -0.5, 1.0, -2.5]])
    np.testing.assert_allclose(sparse_encode(x, np.eye(4), alpha=1.0), [[2.0, 0.0, 0.0, -1.5]], atol=1e-12)


def test_masked_codes_equal_codes_of_visible_columns(problem):
    X, W = problem
    rng = np.random.default_rng(1)
    mask = rng.random(X.shape) < 0.7
    Z = sparse_encode_masked(X, mask, W, alpha=0.1)
    for i in range(5):
        vis = mask[i]
        ref = sk_sparse_encode(X[i : i + 1, vis], W[:, vis], algorithm="lasso_lars", alpha=0.1)
        np.testing.assert_allclose(Z[i : i + 1], ref, atol=1e-6)
    # all visible: the same as sparse_encode
    np.testing.assert_allclose(
        sparse_encode_masked(X, np.ones(X.shape, bool), W, alpha=0.1), sparse_encode(X, W, alpha=0.1), atol=1e-10
    )


def test_objective_by_hand():
    assert sparse_coding_objective([[1.0, 2.0]], [[1.0]], [[1.0, 0.0]], 0.5) == pytest.approx(0.5 * 4 + 0.5)


def _planted(seed=0, N=400, D=16, L=10, k=2, noise=0.0):
    rng = np.random.default_rng(seed)
    W = _unit_rows(rng.standard_normal((L, D)))
    Z = np.zeros((N, L))
    for i in range(N):
        S = rng.choice(L, k, replace=False)
        Z[i, S] = rng.choice([-1, 1], k) * rng.uniform(1.0, 2.0, k)
    return Z @ W + noise * rng.standard_normal((N, D)), W


def _matched(W_true, W_hat, threshold):
    cos = np.abs(_unit_rows(W_true) @ _unit_rows(W_hat).T)
    return int(np.sum(cos.max(axis=1) > threshold))


def test_alternating_objective_non_increasing_and_unit_ball():
    X, _ = _planted(noise=0.05)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        m = DictionaryLearning(10, alpha=0.2, max_iter=30, random_state=0).fit(X)
    obj = np.array(m.objective_)
    assert np.all(np.diff(obj) <= 1e-9 * obj[:-1])
    assert np.all(np.linalg.norm(m.components_, axis=1) <= 1 + 1e-12)
    # codes_ are one more Z-step for the final dictionary: the objective goes down once more
    assert sparse_coding_objective(X, m.codes_, m.components_, 0.2) <= obj[-1] * (1 + 1e-12)


@pytest.mark.parametrize("method", ["alternating", "ksvd"])
def test_planted_dictionary_is_recovered(method):
    X, W = _planted(seed=3)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        m = DictionaryLearning(10, alpha=0.2, method=method, n_nonzero_coefs=2, max_iter=60, random_state=0).fit(X)
    # every planted atom is found up to sign and permutation
    assert _matched(W, m.components_, 0.99) == 10


def test_ksvd_atom_update_is_best_rank_one():
    rng = np.random.default_rng(2)
    E = rng.standard_normal((9, 6))
    atom, coef = ksvd_atom_update(E)
    s = np.linalg.svd(E, compute_uv=False)
    assert np.linalg.norm(atom) == pytest.approx(1.0)
    # Eckart-Young: the error of the best rank-one approximation is sqrt(sum_{i>=2} s_i^2)
    assert np.linalg.norm(E - np.outer(coef, atom)) == pytest.approx(np.sqrt(np.sum(s[1:] ** 2)))
    # no random rank-one matrix does better
    for _ in range(50):
        a, c = rng.standard_normal(6), rng.standard_normal(9)
        c = E @ a / (a @ a)
        assert np.linalg.norm(E - np.outer(c, a)) >= np.linalg.norm(E - np.outer(coef, atom)) - 1e-12
    assert atom[np.argmax(np.abs(atom))] > 0


def _lecture_ksvd(Y, D0, T, n_iter):
    """The K-SVD algorithm box of the lecture (Aharon, Elad and Bruckstein 2006), written literally in its own
    orientation: Y is n x N (samples as columns), D is n x K, X is K x N; scikit-learn's OMP codes the samples."""
    D = D0.T.copy()
    for _ in range(n_iter):
        X = sk_sparse_encode(Y.T, D.T, algorithm="omp", n_nonzero_coefs=T).T
        X[np.abs(X) <= 1e-10 * np.linalg.norm(Y, axis=0)] = 0.0  # round-off codes are not uses of an atom
        for k in range(D.shape[1]):
            omega = np.flatnonzero(X[k])  # omega_k = {i : x_T^k(i) != 0}
            E = Y - D @ X + np.outer(D[:, k], X[k])  # E_k = Y - sum_{j != k} d_j x_T^j
            Omega = np.zeros((Y.shape[1], omega.size))
            Omega[omega, np.arange(omega.size)] = 1.0  # the N x |omega_k| selection matrix
            U, s, Vt = np.linalg.svd(E @ Omega, full_matrices=False)  # E_k^R = U Delta V^T
            D[:, k], X[k, omega] = U[:, 0], s[0] * Vt[0]  # d_k = u_1, x_R^k = Delta(1, 1) v_1
    return D.T


@pytest.mark.parametrize("seed", [0, 1])
def test_ksvd_follows_the_lecture_algorithm(seed):
    # Samples used as starting atoms are coded exactly by one atom; OMP then adds a second atom with a
    # round-off coefficient, which must not count as a use of that atom.
    X, _ = _planted(seed=seed)
    init = _unit_rows(X[np.random.default_rng(seed).choice(len(X), 10, replace=False)])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        m = DictionaryLearning(10, method="ksvd", n_nonzero_coefs=2, max_iter=3, tol=0.0, dict_init=init).fit(X)
    ref = _lecture_ksvd(X.T, init, 2, 3)
    signs = np.sign(np.sum(m.components_ * ref, axis=1))  # an SVD fixes each atom up to sign
    np.testing.assert_allclose(m.components_, signs[:, None] * ref, atol=1e-10)


def test_ksvd_atoms_unit_norm_and_sparsity():
    X, _ = _planted(seed=4, noise=0.05)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        m = DictionaryLearning(10, method="ksvd", n_nonzero_coefs=2, max_iter=10, random_state=0).fit(X)
    np.testing.assert_allclose(np.linalg.norm(m.components_, axis=1), 1.0, atol=1e-12)
    assert np.all(np.count_nonzero(m.codes_, axis=1) <= 2)
    assert np.all(np.count_nonzero(m.transform(X), axis=1) <= 2)


def test_basis_pursuit_matches_linprog_and_recovers_sparse_signal():
    rng = np.random.default_rng(5)
    D, M, k = 60, 30, 4
    x = np.zeros(D)
    x[rng.choice(D, k, replace=False)] = rng.standard_normal(k)
    R = rng.standard_normal((M, D)) / np.sqrt(M)
    x_hat = basis_pursuit(R, R @ x)
    np.testing.assert_allclose(x_hat, x, atol=1e-7)
    # the minimum-norm l2 solution does not recover it
    assert np.linalg.norm(np.linalg.pinv(R) @ (R @ x) - x) > 0.1
    # small exact case: min |x1|+|x2|+|x3| s.t. x1+x2 = 1, x2+x3 = 1 is x = (0, 1, 0)
    np.testing.assert_allclose(basis_pursuit([[1, 1, 0], [0, 1, 1]], [1, 1]), [0, 1, 0], atol=1e-9)
    # the same optimum value as SciPy's linear programme in the epigraph form min sum(t), -t <= x <= t
    R2, y2 = rng.standard_normal((5, 9)), rng.standard_normal(5)
    c = np.r_[np.zeros(9), np.ones(9)]
    eye = np.eye(9)
    A_ub = np.block([[eye, -eye], [-eye, -eye]])
    ref = linprog(
        c, A_ub=A_ub, b_ub=np.zeros(18), A_eq=np.hstack([R2, np.zeros((5, 9))]), b_eq=y2, bounds=[(None, None)] * 18
    )
    assert np.abs(basis_pursuit(R2, y2)).sum() == pytest.approx(ref.fun, rel=1e-7)


@pytest.mark.parametrize("k_R, k_y", [(500, 500), (-1000, -1000), (0, 600), (-600, 0), (60, -60)])
def test_basis_pursuit_at_extreme_scales_is_the_unit_scale_answer_scaled(k_R, k_y):
    # R x = y <=> (R 2^kR)(x 2^(ky-kR)) = y 2^ky: the recovered x scales by 2^(ky - kR) exactly. HiGHS reads entries of
    # 1e15 and more as infinite ("model error") and judges feasibility to 1e-7 absolute (x = 0 "solved" tiny data)
    rng = np.random.default_rng(5)
    D, M, k = 60, 30, 4
    x = np.zeros(D)
    x[rng.choice(D, k, replace=False)] = rng.standard_normal(k)
    R = rng.standard_normal((M, D)) / np.sqrt(M)
    y = R @ x
    x_hat = basis_pursuit(np.ldexp(R, k_R), np.ldexp(y, k_y))
    np.testing.assert_allclose(np.ldexp(x_hat, k_R - k_y), x, atol=1e-7)  # the signal, recovered
    # R and y whose largest entries lie beyond 2^16 are handed to HiGHS at one unit scale: the same answer bit for bit
    if abs(k_R) > 16 and abs(k_y) > 16:
        for shift_R, shift_y in ((-900, -900), (300, 200), (-80, 250)):
            other = basis_pursuit(np.ldexp(R, shift_R), np.ldexp(y, shift_y))
            np.testing.assert_array_equal(np.ldexp(other, shift_R - shift_y), np.ldexp(x_hat, k_R - k_y))


def test_basis_pursuit_refuses_a_solution_beyond_float64():
    # x = y / R ~ 1e600 has no float64 value
    with pytest.raises(ValueError, match="y is too large for sensing_matrix"):
        basis_pursuit([[1e-300, 2e-300]], [1e300])


def test_random_state_reproducible():
    X, _ = _planted(seed=6, noise=0.1, N=60)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        a = DictionaryLearning(6, alpha=0.3, max_iter=5, random_state=1).fit(X).components_
        b = DictionaryLearning(6, alpha=0.3, max_iter=5, random_state=1).fit(X).components_
    np.testing.assert_array_equal(a, b)


@pytest.mark.parametrize(
    "call, name",
    [
        (lambda: sparse_encode([[1.0, np.nan]], np.eye(2)), "X"),
        (lambda: sparse_encode([[1.0, 2.0]], np.eye(3)), "dictionary"),
        (lambda: sparse_encode([[1.0, 2.0]], np.eye(2), alpha=0.0), "alpha"),
        (lambda: sparse_encode([[1.0, 2.0]], np.eye(2), algorithm="lars"), "algorithm"),
        (lambda: sparse_encode([[1.0, 2.0]], np.eye(2), algorithm="omp", n_nonzero_coefs=3), "n_nonzero_coefs"),
        (lambda: sparse_encode([[1.0, 2.0]], np.eye(2), init=np.zeros((2, 2))), "init"),
        (lambda: sparse_encode_masked([[1.0, 2.0]], [[1, 0]], np.eye(2)), "mask"),
        (lambda: sparse_encode_masked([[1.0, 2.0]], np.ones((1, 3), bool), np.eye(2)), "mask"),
        (lambda: basis_pursuit(np.eye(2), [1.0, 2.0, 3.0]), "y"),
        (lambda: basis_pursuit("R", [1.0]), "sensing_matrix"),
        (lambda: ksvd_atom_update(np.ones(3)), "residual"),
        (lambda: DictionaryLearning(0).fit(np.ones((3, 2))), "n_components"),
        (lambda: DictionaryLearning(2, method="mod").fit(np.ones((3, 2))), "method"),
        (lambda: DictionaryLearning(2, alpha=-1).fit(np.ones((3, 2))), "alpha"),
        (lambda: DictionaryLearning(2, dict_init=np.ones((3, 2))).fit(np.ones((3, 2))), "dict_init"),
        (lambda: sparse_coding_objective([[1.0]], [[1.0, 2.0]], [[1.0]], 0.1), "codes"),
    ],
)
def test_bad_input_names_argument(call, name):
    with pytest.raises((ValueError, TypeError), match=name):
        call()


@parametrize_with_checks([DictionaryLearning(3, max_iter=5, random_state=0)])
def test_sklearn_compatible(estimator, check):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        check(estimator)


def test_exercise_answers_come_out_of_the_library():
    from statlib.exercises import check

    z = sparse_encode([[3.0, -0.5, 1.0, -2.5]], np.eye(4), alpha=1.0)[0]
    assert check("companion-13.40", z)
    # one atom, one block-coordinate step from w = 0 (A = z^T z, B = z^T X)
    from statlib.sparse_coding._dictionary import _update_atoms

    W = np.zeros((1, 2))
    z = np.array([[1.0], [2.0]])
    X = np.array([[1.0, 0.0], [2.0, 2.0]])
    _update_atoms(W, z.T @ z, z.T @ X)
    assert check("companion-13.41", W[0])
    R, y = np.array([[1.0, 1.0, 0.0], [0.0, 1.0, 1.0]]), np.array([1.0, 1.0])
    assert check("companion-13.42", [np.abs(basis_pursuit(R, y)).sum(), (np.linalg.pinv(R) @ y)[0]])
    atom, coef = ksvd_atom_update([[3.0, 4.0], [6.0, 8.0]])
    assert check("companion-13.43", [*atom, *coef])
    assert not check("companion-13.43", [0.8, 0.6, 5.0, 10.0])


def test_image_patch_data_follow_figure_13_21_caption():
    from statlib.datasets import load_example

    d = load_example("mlapp", "figure-13.21")
    assert d.patches.shape[1] == d.patch_size**2 == 64 and 2900 < d.patches.shape[0] <= 3000
    # "each patch is first centred and normalised to unit norm"
    np.testing.assert_allclose(d.patches.mean(axis=1), 0.0, atol=1e-12)
    np.testing.assert_allclose(np.linalg.norm(d.patches, axis=1), 1.0, atol=1e-12)
    e = load_example("mlapp", "figure-13.23")
    assert e.image.shape == e.mask.shape == (96, 96) and e.mask.dtype == bool
    assert 0.0 <= e.image.min() and e.image.max() <= 1.0 and 0.01 < (~e.mask).mean() < 0.1


@pytest.fixture(scope="module")
def figure_13_21_fit():
    """The chapter's Figure 13.21(b) fit: 36 atoms, lambda = 0.11, 10 iterations on the first 1000 patches."""
    from statlib.datasets import load_example

    P = load_example("mlapp", "figure-13.21").patches[:1000]
    init = P[np.random.default_rng(0).choice(len(P), 36, replace=False)]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        model = DictionaryLearning(36, alpha=0.11, max_iter=10, dict_init=init).fit(P)
    return P, init, model


def test_about_ten_active_atoms_per_patch_as_in_mlapp_figure_13_21(figure_13_21_fit):
    # MLAPP section 13.8.2: lambda is chosen so that the number of active atoms (non-zeros of z_i) is about 10
    _, _, model = figure_13_21_fit
    active = np.count_nonzero(model.codes_, axis=1).mean()
    assert 9 <= active <= 11


def test_objective_trajectory_matches_sklearn_dictionary_learning(figure_13_21_fit):
    from sklearn.decomposition import DictionaryLearning as SkDictionaryLearning

    P, init, model = figure_13_21_fit
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        ref = SkDictionaryLearning(
            36,
            alpha=0.11,
            max_iter=10,
            dict_init=init,
            code_init=np.zeros((len(P), 36)),
            fit_algorithm="cd",
            transform_algorithm="lasso_cd",
            tol=1e-12,
            random_state=0,
        ).fit(P)
    # scikit-learn's error_ is (13.176) after each iteration of the same alternating scheme from the same start
    assert len(model.objective_) == len(ref.error_) == 10
    np.testing.assert_allclose(model.objective_, ref.error_, rtol=1e-5)


def test_atom_update_meets_the_ball_constrained_kkt_conditions_and_slsqp():
    """The last atom of a sweep minimises (13.176) over its ball with the others fixed: checked by the KKT
    conditions A_jj (w - u) + mu w = 0, mu = A_jj (||u|| - 1)_+, and by SciPy's SLSQP on the objective itself."""
    from scipy.optimize import minimize

    from statlib.sparse_coding._dictionary import _update_atoms

    X, _ = _planted(seed=1)
    rng = np.random.default_rng(5)
    for scale in (1.0, 0.05):  # scale 0.05 makes the unconstrained minimiser fall inside the ball
        W0 = _unit_rows(rng.standard_normal((10, X.shape[1])))
        Z = sparse_encode(X, W0, alpha=0.2) / scale
        A, B = Z.T @ Z, Z.T @ X
        W = W0.copy()
        _update_atoms(W, A, B)
        j = W.shape[0] - 1
        u = (B[j] - A[j] @ W + A[j, j] * W[j]) / A[j, j]

        def f(w):
            trial = W.copy()
            trial[j] = w
            return sparse_coding_objective(X, Z, trial, 0.2)

        # identity: f(w) - A_jj / 2 ||w - u||^2 does not depend on w
        gaps = [f(w) - 0.5 * A[j, j] * np.sum((w - u) ** 2) for w in rng.standard_normal((10, X.shape[1]))]
        assert np.ptp(gaps) <= 1e-10 * np.max(np.abs(gaps))
        mu = A[j, j] * max(np.linalg.norm(u) - 1.0, 0.0)
        assert (mu > 0) == (scale == 1.0)
        assert np.linalg.norm(A[j, j] * (W[j] - u) + mu * W[j]) <= 1e-10 * A[j, j] * np.linalg.norm(u)
        ball = {"type": "ineq", "fun": lambda w: 1.0 - w @ w, "jac": lambda w: -2.0 * w}
        res = minimize(f, W0[j], method="SLSQP", constraints=[ball], options={"ftol": 1e-14, "maxiter": 500})
        np.testing.assert_allclose(res.x, W[j], atol=1e-5)
