"""Tests for statlib.svm (Li Hang ch. 7): the book's examples, identities, and agreement with libsvm."""

import itertools
import warnings

import numpy as np
import pytest
from sklearn import svm as sk_svm
from sklearn.datasets import load_breast_cancer, load_iris, make_moons
from sklearn.exceptions import ConvergenceWarning
from sklearn.metrics.pairwise import polynomial_kernel, rbf_kernel
from sklearn.preprocessing import StandardScaler
from sklearn.utils.estimator_checks import parametrize_with_checks

from statlib.datasets import load_example
from statlib.exercises import check
from statlib.metrics import margin_loss
from statlib.svm import (
    SVC,
    dual_qp,
    functional_margin,
    geometric_margin,
    kernel_matrix,
    primal_from_dual,
    primal_qp,
    smo_trace,
    string_features,
    string_kernel,
    two_variable_update,
)

# --------------------------------------------------------------------------------------------
# Example 7.1 and 7.2 (book numbers)


@pytest.fixture
def ex71():
    data = load_example("lihang", "7.1")
    return data.X, data.y.astype(float)


def test_example_7_1_primal(ex71):
    X, y = ex71
    sol = primal_qp(X, y)
    assert sol.success
    # Book: w1 = w2 = 1/2, b = -2.
    np.testing.assert_allclose(sol.w, [0.5, 0.5], atol=1e-6)
    np.testing.assert_allclose(sol.b, -2.0, atol=1e-6)
    # Support vectors x1 and x3 have functional margin exactly 1; geometric margin is 1/||w|| = sqrt(2).
    np.testing.assert_allclose(functional_margin(X, y, sol.w, sol.b), [1.0, 1.5, 1.0], atol=1e-6)
    np.testing.assert_allclose(geometric_margin(X, y, sol.w, sol.b).min(), np.sqrt(2), atol=1e-6)


def test_example_7_2_dual(ex71):
    X, y = ex71
    sol = dual_qp(X @ X.T, y)
    # Book: alpha* = (1/4, 0, 1/4), w* = (1/2, 1/2), b* = -2.
    np.testing.assert_allclose(sol.alpha, [0.25, 0.0, 0.25], atol=1e-7)
    w, b = primal_from_dual(X, y, sol.alpha)
    np.testing.assert_allclose(w, [0.5, 0.5], atol=1e-6)
    np.testing.assert_allclose(b, -2.0, atol=1e-6)
    # The dual optimum -1/4 (the book's min of s(alpha1, alpha2) on the boundary) equals -(1/2)||w||^2.
    np.testing.assert_allclose(sol.objective, -0.25, atol=1e-9)


def test_example_7_2_objective_written_out(ex71):
    # The book writes the dual objective as 1/2 (18 a1^2 + 25 a2^2 + 2 a3^2 + 42 a1 a2 - 12 a1 a3 - 14 a2 a3) - sum a.
    X, y = ex71
    Q = np.outer(y, y) * (X @ X.T)
    rng = np.random.default_rng(0)
    for a in rng.uniform(0, 1, size=(5, 3)):
        a1, a2, a3 = a
        book = 0.5 * (18 * a1**2 + 25 * a2**2 + 2 * a3**2 + 42 * a1 * a2 - 12 * a1 * a3 - 14 * a2 * a3) - a.sum()
        np.testing.assert_allclose(0.5 * a @ Q @ a - a.sum(), book)
        # Substituting a3 = a1 + a2: s(a1, a2) = 4 a1^2 + 13/2 a2^2 + 10 a1 a2 - 2 a1 - 2 a2.
        b = np.array([a1, a2, a1 + a2])
        np.testing.assert_allclose(0.5 * b @ Q @ b - b.sum(), 4 * a1**2 + 6.5 * a2**2 + 10 * a1 * a2 - 2 * a1 - 2 * a2)


@pytest.mark.parametrize("working_set", ["second-order", "first-order", "platt"])
def test_example_7_2_by_smo_hard_margin(ex71, working_set):
    X, y = ex71
    clf = SVC(kernel="linear", C=np.inf, tol=1e-10, working_set=working_set).fit(X, y)
    # SVs x1 and x3 (0-based 0 and 2), grouped by class: the negative class -1 first.
    np.testing.assert_array_equal(clf.support_, [2, 0])
    np.testing.assert_allclose(clf.dual_coef_, [[-0.25, 0.25]], atol=1e-9)
    np.testing.assert_allclose(clf.coef_, [[0.5, 0.5]], atol=1e-9)
    np.testing.assert_allclose(clf.intercept_, [-2.0], atol=1e-9)
    np.testing.assert_array_equal(clf.predict(X), [1, 1, -1])


def test_exercise_7_2_answer():
    data = load_example("lihang", "exercise-7.2")
    X, y = data.X, data.y.astype(float)
    sol = primal_qp(X, y)
    np.testing.assert_allclose(np.r_[sol.w, sol.b], [-1.0, 2.0, -2.0], atol=1e-6)
    clf = SVC(kernel="linear", C=np.inf, tol=1e-10).fit(X, y)
    np.testing.assert_allclose(np.r_[clf.coef_[0], clf.intercept_], [-1.0, 2.0, -2.0], atol=1e-8)
    assert sorted(clf.support_.tolist()) == [0, 2, 4]
    assert check("lihang-7.2", np.r_[sol.w, sol.b]).correct
    assert not check("lihang-7.2", [1.0, -2.0, 2.0]).correct


def test_exercise_7_3_strong_duality():
    # Squared-slack SVM: the primal optimum equals the dual optimum with K + I/(2C) (exact: 24/19 for C = 1).
    data = load_example("lihang", "exercise-7.2")
    X, y = data.X, data.y.astype(float)
    primal = primal_qp(X, y, C=1.0, squared_slack=True)
    dual = dual_qp(X @ X.T, y, C=1.0, squared_slack=True)
    np.testing.assert_allclose(primal.objective, 24 / 19, atol=1e-7)
    np.testing.assert_allclose(-dual.objective, 24 / 19, atol=1e-7)
    # KKT: w = sum alpha_i y_i x_i and xi_i = alpha_i / (2C).
    np.testing.assert_allclose((dual.alpha * y) @ X, primal.w, atol=1e-5)
    np.testing.assert_allclose(dual.alpha / 2.0, primal.xi, atol=1e-5)
    assert check("lihang-7.3", -dual.objective).correct
    # Random data: duality gap closes too.
    rng = np.random.default_rng(3)
    Xr = rng.normal(size=(12, 2))
    yr = np.where(Xr[:, 0] + 0.5 * rng.normal(size=12) > 0, 1.0, -1.0)
    p = primal_qp(Xr, yr, C=0.7, squared_slack=True)
    d = dual_qp(Xr @ Xr.T, yr, C=0.7, squared_slack=True)
    np.testing.assert_allclose(p.objective, -d.objective, rtol=1e-5)


def test_exercises_7_1_and_7_4():
    # 7.1 is a discussion (the perceptron's dual against the SVM's): no checker is registered for it.
    with pytest.raises(ValueError, match="lihang-7.1"):
        check("lihang-7.1", -3)

    def phi(x, p):
        out = np.ones(1)
        for _ in range(p):
            out = np.kron(out, x)
        return out

    assert check("lihang-7.4", phi).correct
    assert not check("lihang-7.4", lambda x, p: x**p).correct
    assert not check("lihang-7.4", 3).correct


def test_soft_margin_primal_dual_and_hinge():
    # Theorem 7.3 and Theorem 7.4: soft-margin primal = dual, and = hinge loss with lambda = 1/(2C), scaled by C.
    X, y = make_moons(40, noise=0.3, random_state=0)
    y = np.where(y == 1, 1.0, -1.0)
    C = 0.5
    p = primal_qp(X, y, C=C)
    d = dual_qp(X @ X.T, y, C=C)
    np.testing.assert_allclose(p.objective, -d.objective, rtol=1e-5)
    np.testing.assert_allclose((d.alpha * y) @ X, p.w, atol=1e-4)
    hinge = margin_loss("hinge", functional_margin(X, y, p.w, p.b)).sum() + 1 / (2 * C) * p.w @ p.w
    np.testing.assert_allclose(C * hinge, p.objective, rtol=1e-5)
    clf = SVC(kernel="linear", C=C, tol=1e-8).fit(X, y)
    np.testing.assert_allclose(clf.coef_[0], p.w, atol=1e-4)
    np.testing.assert_allclose(clf.intercept_[0], p.b, atol=1e-3)


# --------------------------------------------------------------------------------------------
# Kernels


def test_example_7_3_feature_maps():
    rng = np.random.default_rng(1)
    maps = [
        lambda x: np.array([x[0] ** 2, np.sqrt(2) * x[0] * x[1], x[1] ** 2]),
        lambda x: np.array([x[0] ** 2 - x[1] ** 2, 2 * x[0] * x[1], x[0] ** 2 + x[1] ** 2]) / np.sqrt(2),
        lambda x: np.array([x[0] ** 2, x[0] * x[1], x[0] * x[1], x[1] ** 2]),
    ]
    for _ in range(10):
        x, z = rng.normal(size=2), rng.normal(size=2)
        for phi in maps:
            np.testing.assert_allclose(phi(x) @ phi(z), (x @ z) ** 2)


def test_kernel_matrix_matches_sklearn():
    X = np.random.default_rng(2).normal(size=(20, 4))
    Z = np.random.default_rng(3).normal(size=(7, 4))
    np.testing.assert_allclose(kernel_matrix(X, Z, kernel="linear"), X @ Z.T)
    np.testing.assert_allclose(kernel_matrix(X, Z, kernel="rbf", gamma=0.3), rbf_kernel(X, Z, gamma=0.3))
    np.testing.assert_allclose(
        kernel_matrix(X, Z, kernel="poly", gamma=1.0, degree=3, coef0=1.0),
        polynomial_kernel(X, Z, degree=3, gamma=1.0, coef0=1.0),
    )


@pytest.mark.parametrize("kernel", ["linear", "poly", "rbf"])
def test_gram_matrices_are_psd(kernel):
    # Theorem 7.5: a positive definite kernel has positive semi-definite Gram matrices.
    X = np.random.default_rng(4).normal(size=(30, 3))
    K = kernel_matrix(X, kernel=kernel, gamma=0.5, degree=2, coef0=1.0)
    np.testing.assert_allclose(K, K.T, atol=1e-12)
    assert np.linalg.eigvalsh(K).min() > -1e-9 * np.abs(K).max()


def test_string_kernel_book_instance():
    lam = 0.5
    # [phi_3("Nasdaq")]_asd = lam^3 and [phi_3("lass das")]_asd = 2 lam^5 (section 7.3.3).
    assert string_features("Nasdaq", 3, lam)["asd"] == pytest.approx(lam**3)
    assert string_features("lass das", 3, lam)["asd"] == pytest.approx(2 * lam**5)


@pytest.mark.parametrize(
    "s,t,n",
    [("Nasdaq", "lass das", 3), ("cat", "cart", 2), ("science", "silence", 3), ("ab", "ba", 1), ("abc", "ab", 3)],
)
def test_string_kernel_dynamic_programme_equals_feature_inner_product(s, t, n):
    lam = 0.7
    fs, ft = string_features(s, n, lam), string_features(t, n, lam)
    explicit = sum(v * ft.get(u, 0.0) for u, v in fs.items())
    assert string_kernel(s, t, n, lam) == pytest.approx(explicit, rel=1e-12, abs=1e-15)


def test_string_kernel_gram_psd():
    words = ["statistical", "learning", "machine", "margin", "kernel", "support", "vector", "lagrange"]
    K = np.array([[string_kernel(a, b, 2, 0.6) for b in words] for a in words])
    np.testing.assert_allclose(K, K.T, rtol=1e-12)
    assert np.linalg.eigvalsh(K).min() > -1e-10


# --------------------------------------------------------------------------------------------
# SMO: the two-variable step and agreement with libsvm


def test_two_variable_update_is_the_exact_minimiser_on_the_segment():
    # Minimise W(alpha1, alpha2) of (7.101) along the constraint line by brute force and compare.
    rng = np.random.default_rng(5)
    for _ in range(50):
        A = rng.normal(size=(2, 3))
        K = A @ A.T
        y1, y2 = rng.choice([-1.0, 1.0], size=2)
        C = 1.0
        a1, a2 = rng.uniform(0, C, size=2)
        v1, v2 = rng.normal(size=2)  # the fixed part sum_{j>=3} alpha_j y_j K_ij, (7.110)
        b = rng.normal()

        def W(b1, b2):
            return (
                0.5 * K[0, 0] * b1**2
                + 0.5 * K[1, 1] * b2**2
                + y1 * y2 * K[0, 1] * b1 * b2
                - b1
                - b2
                + y1 * v1 * b1
                + y2 * v2 * b2
            )

        E1 = a1 * y1 * K[0, 0] + a2 * y2 * K[0, 1] + v1 + b - y1
        E2 = a1 * y1 * K[0, 1] + a2 * y2 * K[1, 1] + v2 + b - y2
        n1, n2 = two_variable_update(a1, a2, y1, y2, E1, E2, K[0, 0], K[1, 1], K[0, 1], C)
        # Feasible: in the box and on the line.
        assert 0 <= n1 <= C and 0 <= n2 <= C
        assert y1 * n1 + y2 * n2 == pytest.approx(y1 * a1 + y2 * a2, abs=1e-12)
        grid = np.linspace(0, C, 20001)
        line1 = (y1 * a1 + y2 * a2 - y2 * grid) * y1
        ok = (line1 >= -1e-12) & (line1 <= C + 1e-12)
        best = min(W(b1, b2) for b1, b2 in zip(line1[ok], grid[ok]))
        assert W(n1, n2) <= best + 1e-9


@pytest.fixture(scope="module")
def cancer():
    X, y = load_breast_cancer(return_X_y=True)
    return StandardScaler().fit_transform(X), y


@pytest.mark.parametrize(
    "kernel,params", [("rbf", {}), ("linear", {"C": 0.1}), ("poly", {"degree": 2, "coef0": 1.0, "gamma": 0.05})]
)
def test_binary_matches_libsvm(cancer, kernel, params):
    X, y = cancer
    ours = SVC(kernel=kernel, tol=1e-6, **params).fit(X, y)
    ref = sk_svm.SVC(kernel=kernel, tol=1e-6, **params).fit(X, y)
    np.testing.assert_array_equal(ours.support_, ref.support_)
    np.testing.assert_array_equal(ours.n_support_, ref.n_support_)
    np.testing.assert_allclose(ours.dual_coef_, ref.dual_coef_, atol=1e-4)
    np.testing.assert_allclose(ours.intercept_, ref.intercept_, atol=1e-4)
    np.testing.assert_allclose(ours.decision_function(X), ref.decision_function(X), atol=1e-4)
    np.testing.assert_array_equal(ours.predict(X), ref.predict(X))
    np.testing.assert_allclose(ours.support_vectors_, ref.support_vectors_)


@pytest.mark.parametrize("shape", ["ovr", "ovo"])
def test_multiclass_one_vs_one_matches_libsvm(shape):
    X, y = load_iris(return_X_y=True)
    ours = SVC(C=10.0, gamma=0.5, tol=1e-6, decision_function_shape=shape).fit(X, y)
    ref = sk_svm.SVC(C=10.0, gamma=0.5, tol=1e-6, decision_function_shape=shape).fit(X, y)
    np.testing.assert_array_equal(ours.support_, ref.support_)
    np.testing.assert_array_equal(ours.n_support_, ref.n_support_)
    np.testing.assert_allclose(ours.dual_coef_, ref.dual_coef_, atol=1e-4)
    np.testing.assert_allclose(ours.intercept_, ref.intercept_, atol=1e-4)
    np.testing.assert_allclose(ours.decision_function(X), ref.decision_function(X), atol=1e-4)
    np.testing.assert_array_equal(ours.predict(X), ref.predict(X))
    assert ours.n_iter_.shape == (3,)


def test_string_labels_and_sign_convention():
    X, y = make_moons(60, noise=0.2, random_state=1)
    labels = np.array(["no", "yes"])[y]
    clf = SVC(gamma=1.0).fit(X, labels)
    assert list(clf.classes_) == ["no", "yes"]
    dec = clf.decision_function(X)
    np.testing.assert_array_equal(clf.predict(X), np.where(dec > 0, "yes", "no"))
    K = rbf_kernel(X, clf.support_vectors_, gamma=1.0)
    np.testing.assert_allclose(dec, K @ clf.dual_coef_[0] + clf.intercept_[0], atol=1e-10)


def test_kkt_conditions_hold_at_the_solution(cancer):
    # (7.111)-(7.113) within tol: alpha_i = 0 => y g >= 1, 0 < alpha < C => y g = 1, alpha = C => y g <= 1.
    X, y = cancer
    C, tol = 2.0, 1e-5
    clf = SVC(C=C, tol=tol, gamma=0.02).fit(X, y)
    ypm = np.where(y == clf.classes_[1], 1.0, -1.0)
    alpha = np.zeros(len(y))
    alpha[clf.support_] = np.abs(clf.dual_coef_[0])
    yg = ypm * clf.decision_function(X)
    assert np.all(yg[alpha == 0] >= 1 - tol)
    free = (alpha > 0) & (alpha < C)
    assert np.allclose(yg[free], 1, atol=tol)
    assert np.all(yg[alpha == C] <= 1 + tol)
    np.testing.assert_allclose(alpha @ ypm, 0, atol=1e-9)  # (7.99)


def test_working_set_rules_reach_the_same_solution(cancer):
    X, y = cancer
    a = SVC(working_set="second-order", tol=1e-6).fit(X, y)
    b = SVC(working_set="first-order", tol=1e-6).fit(X, y)
    np.testing.assert_array_equal(a.support_, b.support_)
    np.testing.assert_allclose(a.dual_coef_, b.dual_coef_, atol=1e-4)
    assert a.n_iter_[0] < b.n_iter_[0]  # second-order information needs fewer steps


@pytest.mark.parametrize("working_set", ["second-order", "platt"])
def test_small_cache_gives_the_same_solution(cancer, working_set):
    # With two cache slots every fall-back sweep of Platt's inner loop evicts rows; the row of alpha_1
    # must survive them (the decision values differed by up to 9.5 when it did not).
    X, y = cancer
    a = SVC(tol=1e-6, gamma=0.05, working_set=working_set).fit(X, y)
    b = SVC(tol=1e-6, gamma=0.05, working_set=working_set, cache_size=0.01).fit(X, y)  # two rows of the cache
    np.testing.assert_allclose(a.dual_coef_, b.dual_coef_, atol=1e-12)
    np.testing.assert_array_equal(a.support_, b.support_)
    assert b.kernel_rows_[0] > a.kernel_rows_[0]


def test_max_iter_warns_and_sets_n_iter(cancer):
    X, y = cancer
    with pytest.warns(ConvergenceWarning, match="max_iter=5"):
        clf = SVC(max_iter=5).fit(X, y)
    assert clf.n_iter_[0] == 5 and not clf.converged_


def test_coef_only_for_linear(cancer):
    X, y = cancer
    clf = SVC().fit(X[:50], y[:50])
    with pytest.raises(AttributeError, match="linear"):
        _ = clf.coef_


def test_deterministic(cancer):
    X, y = cancer
    a = SVC().fit(X, y)
    b = SVC().fit(X, y)
    np.testing.assert_array_equal(a.dual_coef_, b.dual_coef_)


# --------------------------------------------------------------------------------------------
# Bad input


@pytest.mark.parametrize(
    "params,error,word",
    [
        ({"C": 0.0}, ValueError, "C"),
        ({"C": -1.0}, ValueError, "C"),
        ({"C": "1"}, TypeError, "C"),
        ({"kernel": "sigmoid"}, ValueError, "kernel"),
        ({"gamma": -1.0}, ValueError, "gamma"),
        ({"gamma": "big"}, ValueError, "gamma"),
        ({"degree": 1.5}, TypeError, "degree"),
        ({"degree": -1}, ValueError, "degree"),
        ({"coef0": np.nan}, ValueError, "coef0"),
        ({"tol": 0.0}, ValueError, "tol"),
        ({"max_iter": 0}, ValueError, "max_iter"),
        ({"max_iter": -2}, ValueError, "max_iter"),
        ({"cache_size": 0}, ValueError, "cache_size"),
        ({"working_set": "random"}, ValueError, "working_set"),
        ({"working_set": "Platt"}, ValueError, "working_set"),
        ({"decision_function_shape": "ova"}, ValueError, "decision_function_shape"),
    ],
)
def test_bad_hyperparameters(params, error, word):
    X, y = make_moons(20, random_state=0)
    with pytest.raises(error, match=word):
        SVC(**params).fit(X, y)


def test_bad_data():
    X, y = make_moons(20, random_state=0)
    with pytest.raises(ValueError, match="class"):
        SVC().fit(X, np.zeros(20))
    bad = X.copy()
    bad[0, 0] = np.nan
    with pytest.raises(ValueError):
        SVC().fit(bad, y)
    with pytest.raises(ValueError):
        SVC().fit(X[:, 0], y)
    with pytest.raises(ValueError):
        SVC().fit(X, y[:-1])
    with pytest.raises(ValueError):
        SVC().fit(np.empty((0, 2)), np.empty(0))
    with pytest.raises(ValueError):
        SVC().fit([["a", "b"]] * 20, y)
    with pytest.raises(ValueError, match="Unknown label type"):
        SVC().fit(X, np.linspace(0, 1, 20))
    clf = SVC().fit(X, y)
    with pytest.raises(ValueError, match="features"):
        clf.predict(X[:, :1])


def test_bad_input_to_helpers():
    X = np.array([[0.0, 1.0], [1.0, 0.0]])
    with pytest.raises(ValueError, match="y"):
        primal_qp(X, [1, 2])
    with pytest.raises(ValueError, match="y"):
        dual_qp(X @ X.T, [1, 1])
    with pytest.raises(ValueError, match="gram"):
        dual_qp(np.ones((2, 3)), [1, -1])
    with pytest.raises(ValueError, match="C"):
        dual_qp(X @ X.T, [1, -1], C=-1.0)
    with pytest.raises(ValueError, match="kernel"):
        kernel_matrix(X, kernel="cosine")
    with pytest.raises(ValueError, match="Z"):
        kernel_matrix(X, np.ones((2, 3)))
    with pytest.raises(TypeError, match="s"):
        string_kernel(3, "abc", 2, 0.5)
    with pytest.raises(ValueError, match="lam"):
        string_kernel("ab", "abc", 2, 1.5)
    with pytest.raises(ValueError, match="n"):
        string_features("ab", 0, 0.5)
    with pytest.raises(ValueError, match="w"):
        functional_margin(X, [1, -1], [1.0, 2.0, 3.0], 0.0)
    with pytest.raises(ValueError, match="y1"):
        two_variable_update(0.0, 0.0, 2, 1, 0.0, 0.0, 1.0, 1.0, 0.0, 1.0)
    with pytest.raises(ValueError, match="alpha1"):
        two_variable_update(2.0, 0.0, 1, 1, 0.0, 0.0, 1.0, 1.0, 0.0, 1.0)


# --------------------------------------------------------------------------------------------
# scikit-learn's estimator contract


@parametrize_with_checks([SVC(), SVC(kernel="linear"), SVC(kernel="poly", degree=2, coef0=1.0)])
def test_sklearn_compatible(estimator, check):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        check(estimator)


def test_pairs_cover_every_class_pair():
    X, y = load_iris(return_X_y=True)
    clf = SVC().fit(X, y)
    assert clf.intercept_.shape == (len(list(itertools.combinations(range(3), 2))),)
    assert clf.dual_coef_.shape == (2, clf.support_.size)


def test_explorer_controls_change_the_picture():
    import matplotlib

    matplotlib.use("Agg")
    from statlib.viz import svm as svm_viz

    X, y = make_moons(80, noise=0.25, random_state=0)
    panel = svm_viz.svm_explorer(lambda C, gamma: SVC(C=C, gamma=gamma), X, y)
    assert panel.image.value[:4] == b"\x89PNG"
    sliders = [w for row in panel.children[:-1] for w in row.children]
    assert len(sliders) == 2
    for slider in sliders:
        before = panel.image.value
        slider.value = slider.max
        assert panel.image.value != before


# -- degenerate data: duplicated and collinear points (the dual has many solutions; the primal has one) --------


def test_duplicated_points_give_the_same_hyperplane():
    # Duplicating every training point doubles each alpha's share but leaves the hard-margin hyperplane alone:
    # the primal problem has the same constraints, so w and b must be those of the original data.
    X, y = load_example("lihang", "7.2").X, load_example("lihang", "7.2").y
    once = SVC(kernel="linear", C=1e6, tol=1e-10).fit(X, y)
    twice = SVC(kernel="linear", C=1e6, tol=1e-10).fit(np.vstack([X, X, X[:1]]), np.concatenate([y, y, y[:1]]))
    np.testing.assert_allclose(twice.coef_, once.coef_, atol=1e-8)
    np.testing.assert_allclose(twice.intercept_, once.intercept_, atol=1e-8)
    np.testing.assert_allclose(once.coef_, [[0.5, 0.5]], atol=1e-8)  # Example 7.2: w* = (1/2, 1/2), b* = -2
    np.testing.assert_allclose(once.intercept_, [-2.0], atol=1e-8)


def test_collinear_points_reduce_to_the_one_dimensional_margin():
    # Every point lies on the line through 0 with direction u = (1, 2)/sqrt(5); along it the classes sit at
    # t = -3, -2, -1 and 1, 2, 4 (with the margin points doubled). The widest gap is (-1, 1), so by hand
    # w = u (|w| = 2 / gap = 1) and b = 0, i.e. f(x) = u . x, equal to -1 and +1 at the closest points.
    u = np.array([1.0, 2.0]) / np.sqrt(5.0)
    t = np.array([-3.0, -2.0, -1.0, -1.0, 1.0, 1.0, 2.0, 4.0])
    X, y = t[:, None] * u, np.where(t > 0, 1, -1)
    model = SVC(kernel="linear", C=1e6, tol=1e-10).fit(X, y)
    np.testing.assert_allclose(model.coef_[0], u, atol=1e-8)
    np.testing.assert_allclose(model.intercept_, [0.0], atol=1e-8)
    np.testing.assert_allclose(model.decision_function(X), t, atol=1e-8)


@pytest.mark.parametrize("kernel", ["linear", "rbf"])
def test_the_same_point_with_both_labels_terminates_like_libsvm(kernel):
    # A point given with both labels makes the data inseparable and the kernel matrix singular; SMO must
    # still stop, at libsvm's optimum (the primal objective, hence the decision function, is unique for w).
    rng = np.random.default_rng(3)
    X = rng.normal(size=(40, 2))
    y = np.where(X[:, 0] + X[:, 1] > 0, 1, -1)
    X = np.vstack([X, X[:5]])
    y = np.concatenate([y, -y[:5]])
    ours = SVC(kernel=kernel, C=1.0, gamma=0.5, tol=1e-8).fit(X, y)
    ref = sk_svm.SVC(kernel=kernel, C=1.0, gamma=0.5, tol=1e-8).fit(X, y)
    np.testing.assert_allclose(ours.decision_function(X), ref.decision_function(X), atol=1e-5)


# -- Platt's heuristics (Li Hang section 7.4.2, algorithm 7.5), traced step by step --------------------------


def test_platt_trace_of_example_7_2_by_hand(ex71):
    # By hand: alpha = 0, b = 0 give g = 0 and E = -y = (-1, -1, 1) (7.105). The whole-set sweep starts at
    # x1: y1 E1 = -1 < 0 with alpha1 < C violates (7.111). The largest |E1 - E_i| is |-1 - 1| = 2, at x3.
    # eta = K11 + K33 - 2 K13 = 18 + 2 - 12 = 8 (7.107); alpha3 = 0 + y3 (E1 - E3) / eta = (-1)(-2)/8 = 1/4
    # (7.106), unclipped since H = C = inf (7.108); alpha1 = 0 + y1 y3 (0 - 1/4) = 1/4 (7.109).
    # alpha1 is free, so b = b1 = -E1 - y1 K11 (1/4) - y3 K31 (1/4) + 0 = 1 - 18/4 + 6/4 = -2 (7.115).
    # g(x) = (x(1) + x(2))/2 - 2, so E = (1 - 1, 1.5 - 1, -1 + 1) = (0, 1/2, 0) (7.117). The rest of that
    # sweep, the margin sweep and the final whole-set sweep find no violator: one step in all.
    X, y = ex71
    trace = smo_trace(X, y, C=np.inf, tol=1e-9)
    assert trace.converged and trace.n_steps == 1
    assert (trace.first[0], trace.second[0]) == (0, 2)
    assert trace.sweep == ["all"] and trace.rule == ["max |E1-E2|"]
    np.testing.assert_allclose(trace.alpha[0], [0.25, 0.0, 0.25], atol=1e-15)
    np.testing.assert_allclose(trace.b, [-2.0], atol=1e-15)
    np.testing.assert_allclose(trace.E[0], [0.0, 0.5, 0.0], atol=1e-14)
    assert trace.b_final == -2.0


def test_platt_trace_three_steps_by_hand():
    # One feature, x = 0, 1, 2, 3 with y = -1, -1, +1, +1, hard margin; K_ij = x_i x_j.
    # Step 1 (whole set, i1 = x=0): E = (1, 1, -1, -1); largest |E1 - E_i| = 2 first at x=2; eta = 0 + 4 - 0 = 4;
    #   alpha(2) = 0 + (+1)(1 + 1)/4 = 1/2, alpha(0) = 1/2; b = -1 - 0 - 0 + 0 = -1 (7.115);
    #   w = 1, g = x - 1, E = (0, 1, 0, 1).
    # Step 2 (i1 = x=1, y E = -1): largest |1 - E_i| = 1 first at x=0; y equal, eta = 1 + 0 - 0 = 1;
    #   alpha(0)^unc = 1/2 + (-1)(1 - 0)/1 = -1/2, clipped to L = 0 (7.108); alpha(1) = 0 + (1/2 - 0) = 1/2;
    #   b = -1 - (-1)(1)(1/2) - (-1)(0)(-1/2) + (-1) = -3/2; w = 1/2, g = x/2 - 3/2, E = (-1/2, 0, -3/2, -1).
    # Step 3 (i1 = x=2, y E = -3/2): largest |-3/2 - E_i| = 3/2 at x=1; eta = 4 + 1 - 4 = 1;
    #   alpha(1) = 1/2 + (-1)(-3/2 - 0)/1 = 2, alpha(2) = 1/2 - (1/2 - 2) = 2;
    #   b = 3/2 - (1)(4)(3/2) - (-1)(2)(3/2) + (-3/2) = -3; w = 2, g = 2x - 3, E = (-2, 0, 0, 2).
    # x=3 (alpha = 0, y g = 3 >= 1) is fine; the margin sweep and the whole set then find no violator.
    X = np.array([[0.0], [1.0], [2.0], [3.0]])
    y = np.array([-1.0, -1.0, 1.0, 1.0])
    trace = smo_trace(X, y, C=np.inf, tol=1e-9)
    assert trace.converged and trace.n_steps == 3
    np.testing.assert_array_equal(trace.first, [0, 1, 2])
    np.testing.assert_array_equal(trace.second, [2, 0, 1])
    np.testing.assert_allclose(trace.alpha, [[0.5, 0, 0.5, 0], [0, 0.5, 0.5, 0], [0, 2, 2, 0]], atol=1e-15)
    np.testing.assert_allclose(trace.b, [-1.0, -1.5, -3.0], atol=1e-15)
    np.testing.assert_allclose(trace.E, [[0, 1, 0, 1], [-0.5, 0, -1.5, -1], [-2, 0, 0, 2]], atol=1e-14)
    # the hard margin in one dimension by hand: boundaries at x = 1 and x = 2, so w = 2 / (2 - 1), b = -3
    clf = SVC(kernel="linear", C=np.inf, tol=1e-9, working_set="platt").fit(X, y)
    np.testing.assert_allclose(clf.coef_, [[2.0]], atol=1e-12)
    np.testing.assert_allclose(clf.intercept_, [-3.0], atol=1e-12)


def test_platt_fallback_to_the_margin_sweep_by_hand():
    # The same points in the order x = 0, 2, 1, 3. Steps 1-4 use the largest |E1 - E2|; after step 4
    # (alpha = (0, 3/2, 7/4, 1/4), b = -3, E = (-2, 0, 0, 2)) the margin sweep examines x=3 (alpha = 1/4,
    # y E = 2 > 0 violates (7.112)): the largest |2 - E_i| = 4 is at x=0, but there y differs, eta = 9 and
    # alpha(0)^unc = 0 + (-1)(2 + 2)/9 < 0 is clipped to L = 0 (7.108): no progress. The inner loop falls back
    # to the margin vectors in order, x=2 first: y equal, eta = 9 + 4 - 12 = 1,
    # alpha(2)^unc = 3/2 + (+1)(2 - 0)/1 = 7/2, clipped to H = alpha(3) + alpha(2) = 7/4, and alpha(3) = 0.
    X = np.array([[0.0], [2.0], [1.0], [3.0]])
    y = np.array([-1.0, 1.0, -1.0, 1.0])
    trace = smo_trace(X, y, C=np.inf, tol=1e-9)
    assert trace.converged
    assert trace.rule[:4] == ["max |E1-E2|"] * 4 and trace.rule[4] == "margin sweep"
    assert trace.sweep[:3] == ["all"] * 3 and trace.sweep[3:] == ["margin"] * (trace.n_steps - 3)
    np.testing.assert_allclose(trace.alpha[3], [0, 1.5, 1.75, 0.25], atol=1e-15)
    np.testing.assert_allclose(trace.E[3], [-2, 0, 0, 2], atol=1e-14)
    assert (trace.first[4], trace.second[4]) == (3, 1)
    np.testing.assert_allclose(trace.alpha[4], [0, 1.75, 1.75, 0], atol=1e-15)
    np.testing.assert_allclose(trace.alpha_final, [0, 2, 2, 0], atol=1e-12)
    np.testing.assert_allclose(trace.b_final, -3.0, atol=1e-12)


@pytest.mark.parametrize("working_set", ["platt", "second-order", "first-order"])
def test_trace_errors_are_the_definition(working_set):
    # E_i = sum_j alpha_j y_j K_ij + b - y_i (7.105), recomputed from the traced alpha and b.
    X, y = make_moons(12, noise=0.3, random_state=0)
    y = np.where(y == 1, 1.0, -1.0)
    trace = smo_trace(X, y, C=1.0, kernel="rbf", gamma=0.7, tol=1e-6, working_set=working_set)
    assert trace.converged and trace.n_steps > 1
    K = rbf_kernel(X, gamma=0.7)
    for a, b, E in zip(trace.alpha, trace.b, trace.E):
        np.testing.assert_allclose(E, K @ (a * y) + b - y, atol=1e-10)
        np.testing.assert_allclose(a @ y, 0.0, atol=1e-12)  # (7.99)
        assert np.all(a >= 0) and np.all(a <= 1.0)  # (7.100)
    Q = np.outer(y, y) * K
    objective = [0.5 * a @ Q @ a - a.sum() for a in trace.alpha]
    assert np.all(np.diff(objective) < 0)  # every step lowers the dual objective (7.98)


@pytest.mark.parametrize("kernel,params", [("linear", {"C": 0.5}), ("rbf", {"C": 2.0, "gamma": 0.1})])
def test_platt_reaches_the_default_optimum(cancer, kernel, params):
    # Same dual optimum (7.98)-(7.100), same w and b as libsvm's second-order working sets.
    X, y = cancer
    X, y = X[:200], y[:200]
    platt = SVC(kernel=kernel, tol=1e-7, working_set="platt", **params).fit(X, y)
    default = SVC(kernel=kernel, tol=1e-7, **params).fit(X, y)
    ref = sk_svm.SVC(kernel=kernel, tol=1e-7, **params).fit(X, y)
    assert platt.converged_

    def dual_objective(model):
        alpha_y = np.zeros(len(y))
        alpha_y[model.support_] = model.dual_coef_[0]
        K = kernel_matrix(X, kernel=kernel, gamma=params.get("gamma", 1.0))
        return 0.5 * alpha_y @ K @ alpha_y - np.abs(alpha_y).sum()

    np.testing.assert_allclose(dual_objective(platt), dual_objective(default), rtol=1e-6)
    np.testing.assert_allclose(dual_objective(platt), dual_objective(ref), rtol=1e-6)
    np.testing.assert_allclose(platt.intercept_, default.intercept_, atol=1e-4)
    np.testing.assert_allclose(platt.decision_function(X), ref.decision_function(X), atol=1e-4)
    if kernel == "linear":
        np.testing.assert_allclose(platt.coef_, default.coef_, atol=1e-5)
        np.testing.assert_allclose(platt.coef_, ref.coef_, atol=1e-5)


def test_platt_kkt_within_epsilon(cancer):
    # Algorithm 7.5, step (3): on return every point satisfies (7.111)-(7.113) within epsilon.
    X, y = cancer
    C, eps = 1.0, 1e-4
    clf = SVC(C=C, tol=eps, gamma=0.05, working_set="platt").fit(X, y)
    ypm = np.where(y == clf.classes_[1], 1.0, -1.0)
    alpha = np.zeros(len(y))
    alpha[clf.support_] = np.abs(clf.dual_coef_[0])
    yg = ypm * clf.decision_function(X)
    assert np.all(yg[alpha == 0] >= 1 - eps - 1e-9)
    free = (alpha > 0) & (alpha < C)
    assert np.all(np.abs(yg[free] - 1) <= eps + 1e-9)
    assert np.all(yg[alpha == C] <= 1 + eps + 1e-9)


def test_platt_max_iter_warns(cancer):
    X, y = cancer
    with pytest.warns(ConvergenceWarning, match="max_iter=3"):
        clf = SVC(max_iter=3, working_set="platt").fit(X, y)
    assert clf.n_iter_[0] == 3 and not clf.converged_


def test_smo_trace_max_steps():
    X = np.array([[0.0], [2.0], [1.0], [3.0]])
    y = np.array([-1.0, 1.0, -1.0, 1.0])
    trace = smo_trace(X, y, C=np.inf, max_steps=2)
    assert trace.n_steps == 2 and not trace.converged


@pytest.mark.parametrize(
    "kwargs,error,word",
    [
        ({"X": [[0.0], [1.0]], "y": [0, 1]}, ValueError, "y"),
        ({"X": [[0.0], [1.0]], "y": [1, 1]}, ValueError, "y"),
        ({"X": [[0.0], [1.0], [2.0]], "y": [1, -1]}, ValueError, "y"),
        ({"X": [[np.nan], [1.0]], "y": [1, -1]}, ValueError, "X"),
        ({"C": -1.0}, ValueError, "C"),
        ({"C": "big"}, TypeError, "C"),
        ({"kernel": "sigmoid"}, ValueError, "kernel"),
        ({"gamma": 0.0}, ValueError, "gamma"),
        ({"tol": 0.0}, ValueError, "tol"),
        ({"working_set": "random"}, ValueError, "working_set"),
        ({"max_steps": 0}, ValueError, "max_steps"),
        ({"max_steps": 1.5}, TypeError, "max_steps"),
    ],
)
def test_smo_trace_rejects_bad_input(kwargs, error, word):
    args = {"X": [[0.0], [1.0]], "y": [-1.0, 1.0]}
    args.update(kwargs)
    X, y = args.pop("X"), args.pop("y")
    with pytest.raises(error, match=word):
        smo_trace(X, y, **args)


def test_smo_dual_row_map_is_a_relabelling_of_the_data():
    # The shared SMO loop reads kernel rows through a map from variables to data points. Storing the points in
    # another order and mapping each variable to its point's new position is the same problem (Q_st depends only
    # on the points), so the multipliers, the threshold and the path of the iterations must not change; this
    # runs the loop's general branch (a non-identity row map) against its direct one.
    from statlib.svm._kernel_functions import _KERNEL_CODE
    from statlib.svm._smo import WSS_SECOND_ORDER, _smo_dual, _smo_solve

    X, y = make_moons(60, noise=0.3, random_state=3)
    y = np.where(y == 1, 1.0, -1.0)
    perm = np.random.default_rng(0).permutation(60)
    row = np.argsort(perm)  # point t of X is point row[t] of X[perm]
    args = (2.0, _KERNEL_CODE["rbf"], 0.7, 3.0, 0.0, 1e-8, 100_000, WSS_SECOND_ORDER, 60)
    direct = _smo_solve(X, y, *args, 5)
    mapped = _smo_dual(np.ascontiguousarray(X[perm]), y, np.full(60, -1.0), row, *args, 5)
    np.testing.assert_allclose(mapped[0], direct[0], rtol=0, atol=1e-12)
    assert abs(mapped[1] - direct[1]) < 1e-12
    assert mapped[2] == direct[2] and mapped[3] and direct[3]
    np.testing.assert_array_equal(mapped[5], direct[5])  # the same pairs (i, j) at the first five steps


_MOONS = make_moons(60, noise=0.2, random_state=0)
_MOON_QUERIES = np.random.default_rng(1).normal(size=(25, 2))


@pytest.mark.parametrize("k", [-1000, -530, -400, 400, 530, 1000])
@pytest.mark.parametrize("working_set", ["second-order", "platt"])
def test_svc_rbf_at_extreme_scales_is_the_unit_scale_svm(k, working_set):
    # data near 2^-1000 ~ 1e-301 or 2^530 ~ 1e160: gamma='scale' was inf or 0 (refused), and squared distances
    # underflowed to 0 or overflowed. exp(-gamma ||x - z||^2) = exp(-gamma 4^e ||2^-e x - 2^-e z||^2): the kernel is
    # computed on X scaled by a power of two, with gamma scaled by 4^e, so the fit is the unit-scale data's, bit for
    # bit, and agrees with libsvm's (scikit-learn) there
    X, y = _MOONS
    Xk, Qk = np.ldexp(X, k), np.ldexp(_MOON_QUERIES, k)
    unit = SVC(working_set=working_set).fit(X, y)
    model = SVC(working_set=working_set).fit(Xk, y)
    np.testing.assert_array_equal(model.support_, unit.support_)
    np.testing.assert_array_equal(model.dual_coef_, unit.dual_coef_)
    np.testing.assert_array_equal(model.decision_function(Qk), unit.decision_function(_MOON_QUERIES))
    np.testing.assert_array_equal(model.predict(Qk), sk_svm.SVC().fit(X, y).predict(_MOON_QUERIES))
    np.testing.assert_array_equal(model.support_vectors_, Xk[model.support_])
    with np.errstate(over="ignore", under="ignore"):
        assert model.gamma_ == np.ldexp(unit.gamma_, -2 * k)  # inf, subnormal or 0 in X's units; the same kernel
    # a given gamma is in X's units: gamma 4^-k on the scaled data is gamma on the unit-scale data (where 0.7 * 4^-k is
    # a normal number), the same SVM bit for bit
    if abs(k) < 500:
        given = SVC(gamma=float(np.ldexp(0.7, -2 * k)), working_set=working_set).fit(Xk, y)
        unit = SVC(gamma=0.7, working_set=working_set).fit(X, y)
        np.testing.assert_array_equal(given.decision_function(Qk), unit.decision_function(_MOON_QUERIES))
    # three classes (one-vs-one), against libsvm at unit scale
    X3, y3 = load_iris(return_X_y=True)
    np.testing.assert_array_equal(
        SVC().fit(np.ldexp(X3, k), y3).predict(np.ldexp(X3, k)), SVC().fit(X3, y3).predict(X3)
    )


def test_svc_rbf_refuses_a_gamma_beyond_float64_at_the_data_scale():
    # gamma * max|X|^2 ~ 1e319: gamma ||x - z||^2 overflows for every pair of distinct points (it was refused as X)
    X, y = _MOONS
    with pytest.raises(ValueError, match="gamma=0.7 is too large for X"):
        SVC(gamma=0.7).fit(np.ldexp(X, 530), y)


def test_smo_trace_refuses_data_whose_kernel_overflows():
    X = np.array([[3.0, 3.0], [4.0, 3.0], [1.0, 1.0]]) * 1e300  # the trace's alphas were NaN
    with pytest.raises(ValueError, match="X is too large"):
        smo_trace(X, np.array([1.0, 1.0, -1.0]))


def test_svc_refuses_data_whose_kernel_overflows():
    # with the linear kernel at 1e300 every x . z was inf; the message named gamma='scale', which it does not use
    X, y = make_moons(30, noise=0.1, random_state=0)
    with pytest.raises(ValueError, match="X is too large for squared norms"):
        SVC(kernel="linear").fit(X * 1e300, y)
