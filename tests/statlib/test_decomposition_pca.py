"""PCA (Li Hang ch. 16): what the chapter adds on top of tests/statlib/test_decomposition.py.

Exercises 16.1-16.3 checked against closed forms derived by hand (not against statlib's output), the docstring's
Exercise 16.1 ratio, Algorithm 16.1 in the book's m x n orientation, the evidence that Table 16.2 is not a rounding
of the exact eigenvectors of Table 16.1, and the chapter's figures.
"""

import math
from fractions import Fraction

import matplotlib
import numpy as np
import pytest
from sklearn import decomposition as skd

from statlib.datasets import load_example
from statlib.decomposition import PCA, flip_signs, pca_from_correlation
from statlib.exercises import check

matplotlib.use("Agg")

# Li Hang Exercise 16.1, in the book's orientation (rows are the m = 2 variables, columns the n = 6 samples).
X_BOOK = np.array([[2.0, 3, 3, 4, 5, 7], [2, 4, 5, 5, 6, 8]])


def _exercise_16_1_moments():
    """S of Exercise 16.1 in exact arithmetic: the means 4 and 5, deviations, divisor n - 1 = 5 (16.41)."""
    cols = [[Fraction(int(v)) for v in row] for row in X_BOOK]
    means = [sum(row) / len(row) for row in cols]
    dev = [[v - mu for v in row] for row, mu in zip(cols, means)]
    S = [[sum(a * b for a, b in zip(dev[i], dev[j])) / 5 for j in range(2)] for i in range(2)]
    return means, S


def test_exercise_16_1_moments_in_exact_arithmetic():
    means, S = _exercise_16_1_moments()
    assert means == [4, 5]
    assert S == [[Fraction(16, 5), Fraction(17, 5)], [Fraction(17, 5), Fraction(4)]]
    np.testing.assert_allclose(np.cov(X_BOOK), np.array(S, dtype=float), rtol=1e-15)


def test_exercise_16_1_correlation_route():
    r = 17 / math.sqrt(16 * 20)  # s12 / sqrt(s11 s22) with the common factor 1/5 cancelled (16.42)
    assert math.isclose(r, 17 * math.sqrt(5) / 40, rel_tol=1e-15)
    res = pca_from_correlation(np.corrcoef(X_BOOK))  # np.corrcoef: rows are variables, the book's orientation
    np.testing.assert_allclose(res.eigenvalues, [1 + r, 1 - r], rtol=1e-12)
    np.testing.assert_allclose(res.components, np.array([[1.0, 1.0], [1.0, -1.0]]) / math.sqrt(2), atol=1e-12)
    np.testing.assert_allclose(res.explained_variance_ratio, [(1 + r) / 2, (1 - r) / 2], rtol=1e-12)
    # The checker accepts the derived answer and refuses the covariance-route eta_1 and swapped eigenvalues.
    assert check("lihang-16.1", [1 + r, 1 - r, (1 + r) / 2])
    assert not check("lihang-16.1", [1 - r, 1 + r, (1 + r) / 2])
    assert not check("lihang-16.1", [7.0234, 0.1766, 0.9755])
    assert not check("lihang-16.1", None)


def test_exercise_16_1_covariance_route_is_the_docstring_value():
    # tr S = 36/5, det S = 31/25, so lambda = (36 +- sqrt(1172)) / 10 and eta_1 = 1/2 + sqrt(1172)/72 = 0.97548;
    # the PCA docstring prints 0.9755 (it used to say 0.9727, which is neither route's value).
    pca = PCA().fit(X_BOOK.T)  # statlib's orientation: samples as rows
    lam = np.array([36 + math.sqrt(1172), 36 - math.sqrt(1172)]) / 10
    np.testing.assert_allclose(pca.explained_variance_, lam, rtol=1e-12)
    assert math.isclose(pca.explained_variance_ratio_[0], 0.5 + math.sqrt(1172) / 72, rel_tol=1e-12)
    assert round(float(pca.explained_variance_ratio_[0]), 4) == 0.9755
    r = 17 / math.sqrt(320)
    assert round((1 + r) / 2, 4) == 0.9752  # the standardised route differs in the fourth decimal


def test_algorithm_16_1_in_the_books_orientation():
    Xc = X_BOOK - X_BOOK.mean(axis=1, keepdims=True)
    n = X_BOOK.shape[1]
    X_prime = Xc.T / math.sqrt(n - 1)  # (16.51)
    np.testing.assert_allclose(X_prime.T @ X_prime, np.cov(X_BOOK), rtol=1e-14)  # (16.52)-(16.53)
    _, s, Vt = np.linalg.svd(X_prime, full_matrices=False)
    pca = PCA().fit(X_BOOK.T)
    signs = np.sign(np.sum(Vt * pca.components_, axis=1))
    V = (Vt * signs[:, None]).T
    np.testing.assert_allclose(pca.components_, V.T, atol=1e-12)
    np.testing.assert_allclose(pca.explained_variance_, s**2, rtol=1e-12)
    np.testing.assert_allclose(pca.transform(X_BOOK.T).T, V.T @ Xc, atol=1e-12)  # Y = V^T X is transform(X).T


def test_exercise_16_2_factor_and_unbiasedness():
    # E[sum_j (x_j - xbar)(x_j - xbar)^T] = (n - 1) Sigma; exact check over all 2^3 sign patterns of a +-1 variable
    # (mean 0, variance 1) with n = 3: the average of S (divisor n - 1) is 1, of S_n (divisor n) is 2/3.
    import itertools

    values = [np.array(p, dtype=float) for p in itertools.product([-1.0, 1.0], repeat=3)]
    mean_S = np.mean([np.var(v, ddof=1) for v in values])
    mean_Sn = np.mean([np.var(v, ddof=0) for v in values])
    assert math.isclose(mean_S, 1.0) and math.isclose(mean_Sn, 2 / 3)
    assert check("lihang-16.2", 5 / 6)
    assert not check("lihang-16.2", 1.0)
    assert not check("lihang-16.2", 6 / 5)


def test_exercise_16_3_eckart_young():
    Xs = (X_BOOK - X_BOOK.mean(axis=1, keepdims=True)) / X_BOOK.std(axis=1, ddof=1, keepdims=True)  # (16.48)
    r = 17 / math.sqrt(320)
    sigma = np.linalg.svd(Xs, compute_uv=False)
    np.testing.assert_allclose(sigma**2, 5 * np.array([1 + r, 1 - r]), rtol=1e-12)  # sigma_j^2 = (n - 1) lambda_j
    one = PCA(n_components=1).fit(Xs.T)
    best = np.linalg.norm(Xs.T - one.inverse_transform(one.transform(Xs.T)))
    assert math.isclose(best, math.sqrt(5 * (1 - r)), rel_tol=1e-12)
    assert check("lihang-16.3", math.sqrt(5 * (1 - r)))
    assert not check("lihang-16.3", 5 * (1 - r))  # the squared norm is not the answer


def test_table_16_2_is_not_a_rounding_of_the_exact_eigenvectors():
    ex = load_example("lihang", "16.1")
    res = pca_from_correlation(ex.R, n_components=2)  # nu over the book's k = 2 components
    a = ex.components

    def min_residual(b):
        # min over mu of ||R b - mu b|| is attained at mu* = b^T R b / b^T b (least squares in mu).
        mu = np.einsum("ki,ij,kj->k", b, ex.R, b) / np.einsum("ki,ki->k", b, b)
        return np.linalg.norm(b @ ex.R - mu[:, None] * b, axis=1)

    residual = min_residual(a)
    # A 3-decimal rounding e_k + d of an exact eigenvector (|d_i| <= 5e-4, ||d|| <= 1e-3) has
    # min_mu ||R a - mu a|| <= ||R a - lambda_k a|| = ||(R - lambda_k I) d|| <= max_i |lambda_i - lambda_k| * 1e-3;
    # the rounded exact vectors satisfy it, the book's do not.
    bound = np.abs(res.eigenvalues[None, :] - res.eigenvalues[:2, None]).max(axis=1) * 1e-3
    rounded = np.round(res.components[:2], 3)
    rounded_residual = min_residual(rounded)
    assert np.all(rounded_residual <= bound)
    assert np.all(residual > bound)
    # The largest gaps the chapter quotes.
    assert round(float(np.abs(res.components[:2] - a).max()), 3) == 0.006
    assert round(float(np.abs(res.loadings[:2] - ex.loadings).max()), 3) == 0.009
    assert round(float(np.abs(res.contributions - ex.contributions).max()), 3) == 0.014


@pytest.mark.parametrize("name", ["wine", "digits"])
def test_real_data_matches_scikit_learn(name):
    from sklearn.datasets import load_digits, load_wine

    X = (load_wine if name == "wine" else load_digits)().data
    if name == "wine":
        X = (X - X.mean(axis=0)) / X.std(axis=0, ddof=1)
        np.testing.assert_allclose(
            PCA().fit(X).components_, pca_from_correlation(np.corrcoef(X, rowvar=False)).components, atol=1e-8
        )
    ours, ref = PCA().fit(X), skd.PCA(svd_solver="full").fit(X)
    np.testing.assert_allclose(ours.components_, ref.components_, rtol=1e-8, atol=1e-10)
    np.testing.assert_allclose(ours.explained_variance_, ref.explained_variance_, rtol=1e-10)


def test_chapter_figures_draw():
    import matplotlib.pyplot as plt

    from statlib.viz import pca as viz

    ex = load_example("lihang", "16.1")
    fig, axes = plt.subplots(1, 4)
    viz.plot_loadings(axes[0], ex.loadings, ["a", "b", "c", "d"], offsets=[(0, 0)] * 4)
    assert len(axes[0].texts) == 4
    viz.plot_scree(axes[1], pca_from_correlation(ex.R).explained_variance_ratio, threshold=0.75)
    rng = np.random.default_rng(0)
    Z = rng.normal(size=(50, 2))
    viz.plot_rotation(axes[2:], Z, PCA().fit(Z).components_)
    plt.close(fig)
    # Figure 16.2: the two sums add up to the sum of squared norms, and the first axis has the larger first sum.
    abc = np.array([[1.2, 1.5], [-1.5, -0.4], [0.3, -1.1]])
    fig, axes = plt.subplots(1, 2)
    best = viz.plot_projection(axes[0], abc, PCA().fit(abc).components_[0])
    other = viz.plot_projection(axes[1], abc, [1.0, 0.0])
    for along, across in (best, other):
        assert np.isclose(along + across, (abc**2).sum())
    assert best[0] > other[0] and best[1] < other[1]
    plt.close(fig)
    X = rng.integers(0, 17, size=(30, 64)).astype(float)
    pca = PCA().fit(X)
    fig, axes = plt.subplots(2, 3)
    viz.plot_reconstructions(axes, pca, X[:2], [1, 30])
    # With every component kept, the reconstruction is the image itself.
    np.testing.assert_allclose(viz._reconstruct(pca, X, pca.n_components_), X, atol=1e-10)
    plt.close(fig)


def test_companion_16_1_wine_bound():
    from sklearn.datasets import load_wine

    X = load_wine().data
    S = np.cov(X, rowvar=False)
    bound = np.diag(S).max() / np.trace(S)
    assert check("companion-16.1", bound)
    assert not check("companion-16.1", PCA().fit(X).explained_variance_ratio_[0])  # eta_1 is not the bound
    # Rayleigh quotient at a coordinate vector: lambda_1 >= max sigma_ii, so eta_1 >= the bound.
    assert PCA().fit(X).explained_variance_ratio_[0] >= bound


def test_flip_signs_by_hand():
    V = np.array([[0.6, -0.8], [-0.8, -0.6], [0.5, -0.5], [-0.5, 0.5], [0.0, 0.0], [-3.0, 2.0]])
    expected = np.array([[-0.6, 0.8], [0.8, 0.6], [0.5, -0.5], [0.5, -0.5], [0.0, 0.0], [3.0, -2.0]])
    before = V.copy()
    out = flip_signs(V)
    np.testing.assert_array_equal(out, expected)  # ties: the first largest entry decides; a zero row is kept
    np.testing.assert_array_equal(V, before)  # the input is not modified
    assert out.dtype == np.float64
    np.testing.assert_array_equal(flip_signs([[-1, 2, -2]]), [[-1.0, 2.0, -2.0]])  # ints accepted, tie -> column 1
    np.testing.assert_array_equal(flip_signs(out), out)  # idempotent


def test_flip_signs_is_scikit_learns_rule_and_pcas():
    from sklearn.utils.extmath import svd_flip

    rng = np.random.default_rng(11)
    for _ in range(20):
        Vt = rng.normal(size=(rng.integers(1, 6), rng.integers(1, 7)))
        _, ref = svd_flip(np.zeros((3, Vt.shape[0])), Vt.copy(), u_based_decision=False)
        np.testing.assert_array_equal(flip_signs(Vt), ref)
        np.testing.assert_array_equal(flip_signs(-Vt), ref)  # the sign of the input does not matter
    X = rng.normal(size=(40, 5))
    comps = PCA().fit(X).components_
    np.testing.assert_array_equal(flip_signs(comps), comps)
    np.testing.assert_array_equal(flip_signs(-comps), comps)


@pytest.mark.parametrize(
    "bad, error",
    [
        ([1.0, -2.0], ValueError),
        (np.zeros((0, 3)), ValueError),
        ([[1.0, np.nan]], ValueError),
        ([[np.inf, 0.0]], ValueError),
        ("rows", TypeError),
        (np.zeros((2, 2, 2)), ValueError),
    ],
)
def test_flip_signs_refuses_bad_input(bad, error):
    with pytest.raises(error, match="components"):
        flip_signs(bad)


@pytest.mark.parametrize("scale", [1e155, 1e300])
def test_pca_refuses_data_whose_variances_overflow(scale):
    # the variances (16.52) of data near 1e300 were inf and explained_variance_ratio_ NaN, with no error
    X = np.random.default_rng(0).normal(size=(20, 3)) * scale
    with pytest.raises(ValueError, match="X is too large for squared norms"):
        PCA(2).fit(X)
    # below the limit the variances are finite and scale exactly with the data
    X = np.random.default_rng(0).normal(size=(20, 3))
    np.testing.assert_allclose(PCA(2).fit(X * 1e140).explained_variance_, PCA(2).fit(X).explained_variance_ * 1e280)


def test_pca_refuses_data_whose_variances_underflow():
    # at 1e-300 the variances (16.52) were 0 and explained_variance_ratio_ all zero, without an error
    X = np.random.default_rng(0).normal(size=(20, 3)) * 1e-300
    with pytest.raises(ValueError, match="X is too small for squares"):
        PCA(2).fit(X)
