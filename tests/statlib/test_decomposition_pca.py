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
    # both are tall, so the default is the covariance route; digits has three constant pixels, whose
    # zero-variance directions are any basis of a 3-dimensional space, so only the others are compared
    assert ours._fit_svd_solver == "covariance_eigh"
    keep = ref.explained_variance_ > 1e-10 * ref.explained_variance_[0]
    assert keep.sum() == np.linalg.matrix_rank(X - X.mean(axis=0))  # one direction per dimension the data span
    np.testing.assert_allclose(ours.components_[keep], ref.components_[keep], rtol=1e-8, atol=1e-10)
    np.testing.assert_allclose(
        ours.explained_variance_, ref.explained_variance_, rtol=1e-10, atol=1e-12 * ref.explained_variance_[0]
    )


def _tall(n, m, offset, seed=0):
    # correlated columns with variances 1, 1/4, ..., 1/m^2 about a common offset
    rng = np.random.default_rng(seed)
    Q, _ = np.linalg.qr(rng.normal(size=(m, m)))
    return (rng.normal(size=(n, m)) / np.arange(1, m + 1)) @ Q.T + offset


@pytest.mark.parametrize("n_components", [None, 2, 0.9])
@pytest.mark.parametrize("whiten", [False, True])
def test_covariance_route_is_the_svd_route(n_components, whiten):
    # Section 16.2.2's route (eigenvectors of S) and Algorithm 16.1's (the SVD of the centred data) give the same
    # principal components, variances and scores
    X = _tall(3000, 7, offset=5.0)
    eig = PCA(n_components, whiten=whiten, svd_solver="covariance_eigh").fit(X)
    svd = PCA(n_components, whiten=whiten, svd_solver="full").fit(X)
    assert eig.n_components_ == svd.n_components_
    for name in ("components_", "explained_variance_", "explained_variance_ratio_", "singular_values_", "mean_"):
        np.testing.assert_allclose(getattr(eig, name), getattr(svd, name), rtol=1e-10, atol=1e-13, err_msg=name)
    assert math.isclose(eig.noise_variance_, svd.noise_variance_, rel_tol=1e-10, abs_tol=1e-15)
    np.testing.assert_allclose(eig.transform(X), svd.transform(X), rtol=1e-9, atol=1e-11)
    np.testing.assert_allclose(
        PCA(n_components, whiten=whiten, svd_solver="covariance_eigh").fit_transform(X), svd.transform(X), atol=1e-10
    )
    ref = skd.PCA(n_components, whiten=whiten, svd_solver="covariance_eigh").fit(X)
    np.testing.assert_allclose(eig.components_, ref.components_, rtol=1e-8, atol=1e-10)


def test_covariance_route_keeps_its_accuracy_under_an_offset():
    # Data 10^7 away from the origin with variances 1 down to 1/25 (spreads 1 to 1/5): S formed as
    # (X^T X - n mean mean^T) / (n - 1) subtracts two terms of about 10^14 each (per sample), whose rounding is
    # larger than the smallest variance; statlib shifts each block of rows before multiplying and keeps the SVD's
    # answer
    X = _tall(4000, 5, offset=1e7, seed=1)
    exact = PCA(svd_solver="full").fit(X).explained_variance_
    n, mean = X.shape[0], X.mean(axis=0)
    naive = np.linalg.eigvalsh((X.T @ X - n * np.outer(mean, mean)) / (n - 1))[::-1]
    assert abs(naive[-1] - exact[-1]) > 1e-2 * exact[-1]  # the cancellation is real on these data
    np.testing.assert_allclose(PCA(svd_solver="covariance_eigh").fit(X).explained_variance_, exact, rtol=1e-9)


@pytest.mark.parametrize(("shape", "solver"), [((100, 10), "covariance_eigh"), ((99, 10), "full"), ((5, 40), "full")])
def test_auto_takes_the_covariance_route_for_tall_data(shape, solver):
    # scikit-learn's rule between these two solvers: at most 1000 features and at least ten times as many samples
    X = np.random.default_rng(0).normal(size=shape)
    assert PCA().fit(X)._fit_svd_solver == solver == skd.PCA().fit(X)._fit_svd_solver


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


def _wide(n, m, rank=30, seed=0):
    # a strong low-rank part plus a little noise: a clear gap after the rank-th variance
    rng = np.random.default_rng(seed)
    return rng.normal(size=(n, rank)) @ rng.normal(size=(rank, m)) + 0.1 * rng.normal(size=(n, m)) + 3.0


@pytest.mark.parametrize("whiten", [False, True])
def test_randomized_route_is_scikit_learns(whiten):
    # the same integer seed draws the same test matrix, so the components are scikit-learn's to rounding
    X = _wide(300, 700)
    ours = PCA(8, whiten=whiten, svd_solver="randomized", random_state=3).fit(X)
    ref = skd.PCA(8, whiten=whiten, svd_solver="randomized", random_state=3).fit(X)
    for name in ("components_", "explained_variance_", "explained_variance_ratio_", "singular_values_", "mean_"):
        np.testing.assert_allclose(getattr(ours, name), getattr(ref, name), rtol=1e-9, atol=1e-12, err_msg=name)
    assert math.isclose(ours.noise_variance_, ref.noise_variance_, rel_tol=1e-9)
    np.testing.assert_allclose(ours.transform(X), ref.transform(X), rtol=1e-8, atol=1e-9)
    fresh = PCA(8, whiten=whiten, svd_solver="randomized", random_state=3)
    np.testing.assert_allclose(fresh.fit_transform(X), ours.transform(X), rtol=1e-12, atol=1e-12)


def test_randomized_route_finds_the_leading_directions():
    # with a clear gap after the 10th variance (a rank-10 signal and a little noise), 10 components by random
    # projection are the SVD's
    X = _wide(400, 900, rank=10)
    rand, exact = PCA(10, svd_solver="randomized").fit(X), PCA(10, svd_solver="full").fit(X)
    np.testing.assert_allclose(rand.explained_variance_, exact.explained_variance_, rtol=1e-8)
    np.testing.assert_allclose(rand.components_, exact.components_, atol=1e-6)
    np.testing.assert_allclose(rand.noise_variance_, exact.noise_variance_, rtol=1e-8)
    # random_state=None is the seed 0: a default fit is reproducible
    np.testing.assert_array_equal(PCA(10).fit(X).components_, PCA(10, random_state=0).fit(X).components_)


@pytest.mark.parametrize(
    ("shape", "n_components", "solver"),
    [
        ((600, 520), 10, "randomized"),
        ((600, 520), 450, "full"),
        ((600, 520), None, "full"),
        ((600, 520), 0.9, "full"),
        ((400, 480), 10, "full"),
        ((6000, 520), 10, "covariance_eigh"),
    ],
)
def test_auto_takes_scikit_learns_solver(shape, n_components, solver):
    X = np.random.default_rng(1).normal(size=shape)
    assert PCA(n_components).fit(X)._fit_svd_solver == solver == skd.PCA(n_components).fit(X)._fit_svd_solver


@pytest.mark.parametrize(
    ("kwargs", "error", "name"),
    [
        ({"iterated_power": -1}, ValueError, "iterated_power"),
        ({"iterated_power": "many"}, TypeError, "iterated_power"),
        ({"n_oversamples": 0}, ValueError, "n_oversamples"),
        ({"power_iteration_normalizer": "qr"}, ValueError, "power_iteration_normalizer"),
        ({"svd_solver": "randomized", "n_components": 0}, ValueError, "n_components"),
        ({"svd_solver": "randomized", "n_components": 0.5}, ValueError, "n_components"),
    ],
)
def test_randomized_parameters_are_checked(kwargs, error, name):
    with pytest.raises(error, match=name):
        PCA(**kwargs).fit(_wide(30, 40))


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


@pytest.mark.parametrize(
    ("scale", "words"), [(1e155, "too large for squared norms"), (1e-300, "too small for squares")]
)
@pytest.mark.parametrize("solver", ["covariance_eigh", "randomized"])
def test_every_route_refuses_what_the_svd_route_refuses(scale, words, solver):
    # the covariance route reads the refusals off X_c^T X_c (no centred copy); the randomised one checks X_c
    X = np.random.default_rng(0).normal(size=(600, 3 if solver == "covariance_eigh" else 520)) * scale
    with pytest.raises(ValueError, match=f"X is {words}"):
        PCA(2, svd_solver=solver).fit(X)
    ok = np.random.default_rng(0).normal(size=(600, 3))
    np.testing.assert_allclose(
        PCA(svd_solver="covariance_eigh").fit(ok * 1e140).explained_variance_,
        PCA(svd_solver="covariance_eigh").fit(ok).explained_variance_ * 1e280,
        rtol=1e-12,
    )
    assert PCA(svd_solver="covariance_eigh").fit(np.ones((600, 3))).explained_variance_.tolist() == [0.0, 0.0, 0.0]


def test_covariance_route_accumulates_every_block():
    # 20000 x 20: four blocks of 2^17 numbers, the last partial; rows sorted, so the first block's mean is off
    from statlib.decomposition import ProbabilisticPCA

    X = _tall(20000, 20, offset=1e6, seed=2)
    X = X[np.argsort(X[:, 0])]
    eig, svd = PCA(svd_solver="covariance_eigh").fit(X), PCA(svd_solver="full").fit(X)
    np.testing.assert_allclose(eig.mean_, svd.mean_, rtol=1e-13)
    np.testing.assert_allclose(eig.explained_variance_, svd.explained_variance_, rtol=1e-9)
    np.testing.assert_allclose(eig.components_, svd.components_, atol=1e-9)
    np.testing.assert_allclose(ProbabilisticPCA(3).fit(X).principal_axes_, svd.components_[:3], atol=1e-9)


def _two_pass_gram(X):
    """Xc^T Xc with the mean subtracted first: the reference the covariance route must match."""
    Xc = X - X.mean(axis=0)
    return Xc.T @ Xc


@pytest.mark.parametrize("sort", [False, True])
def test_covariance_route_on_data_near_the_origin_is_the_two_pass_gram(sort):
    # No offset to speak of: X^T X - n mean mean^T (one BLAS call) loses nothing, sorted rows or not
    from statlib.decomposition._pca import _mean_and_centred_gram

    X = _tall(20000, 20, offset=0.0, seed=3)
    if sort:
        X = X[np.argsort(X[:, 0])]
    mean, gram = _mean_and_centred_gram(X)
    np.testing.assert_allclose(mean, X.astype(np.longdouble).mean(axis=0), rtol=0, atol=4e-15)
    reference = _two_pass_gram(X)
    assert np.abs(gram - reference).max() <= 1e-13 * np.abs(reference).max()


def test_covariance_route_checks_the_offset_on_all_rows(monkeypatch):
    # A first block of 10 rows whose mean (10^7) is within its own spread (10^8), then 10^5 rows at 10^7 with spreads 1
    # and 1/100: judged on the first block alone, X^T X - n mean mean^T looks safe, but over all the rows the offset's
    # square (2e14) is a hundred times the spread (2e12 per row), and that formula is off by about 1e-12 of S's
    # largest entry. The route sees it on all the rows and shifts: 2e-14.
    from statlib.decomposition import _pca

    monkeypatch.setattr(_pca, "_GRAM_BLOCK_ENTRIES", 20)
    first = np.array([[1.0, 1.0], [-1.0, -1.0]] * 5) * 1e8 + 1e7
    rest = 1e7 + np.random.default_rng(0).normal(size=(100_000 - 10, 2)) * np.array([1.0, 1e-2])
    X = np.vstack([first, rest])
    mean, gram = _pca._mean_and_centred_gram(X)
    reference = _two_pass_gram(X)
    assert np.abs(gram - reference).max() <= 1e-13 * np.abs(reference).max()


@pytest.mark.parametrize("offset", [0.9, 1e6])
def test_covariance_route_is_s_to_a_few_units_of_rounding(offset):
    # 100000 x 20 standard normal data, one column offset by 0.9 standard deviations (within the spread: X^T X - n
    # mean mean^T is formed directly) or by 10^6 (the shifted blocks). Against S computed in extended precision both
    # stay within a few units of rounding of ||S|| (about 1e-15). At 0.9, summing the columns row by row instead of
    # block by block, or testing the offset against tr S instead of the largest variance, lost a digit (1.4e-14).
    from statlib.decomposition._pca import _mean_and_centred_gram

    X = np.random.default_rng(0).normal(size=(100_000, 20))
    X[:, 0] += offset
    Xl = X.astype(np.longdouble)
    reference = ((Xl - Xl.mean(axis=0)).T @ (Xl - Xl.mean(axis=0))).astype(float)
    mean, gram = _mean_and_centred_gram(X)
    assert np.linalg.norm(gram - reference, 2) <= 4e-15 * np.linalg.norm(reference, 2)
    np.testing.assert_allclose(mean, Xl.mean(axis=0).astype(float), rtol=1e-15, atol=1e-15)
