"""statlib.decomposition: maximum-likelihood ICA by the natural gradient (MLAPP §12.6.1), the source densities
(12.113)-(12.114), the log-likelihood (12.101), and FastICA (§12.6.2) on the demos of Figures 12.20-12.21.

Expected values come from outside the code under test: SciPy's logistic and Laplace distributions, numerical
integration and finite differences, scikit-learn's FastICA, and exact identities of the model.
"""

import warnings

import numpy as np
import pytest
from scipy import integrate, optimize, stats
from sklearn import decomposition as skd
from sklearn.exceptions import ConvergenceWarning
from sklearn.utils.estimator_checks import parametrize_with_checks

from statlib.decomposition import FastICA, NaturalGradientICA, ica_log_likelihood, source_log_density

W_MLAPP = np.array([[2.0, 3.0], [2.0, 1.0]])  # (12.98)


def _best_abs_corr(S, S_hat):
    """|corr| between each true source and its best-matching estimate, after the best permutation."""
    from itertools import permutations

    k = S.shape[1]
    C = np.abs(np.corrcoef(S.T, S_hat.T)[:k, k:])
    best = max(permutations(range(k)), key=lambda p: sum(C[i, p[i]] for i in range(k)))
    return np.array([C[i, best[i]] for i in range(k)])


def _laplace_mixture(n=3000, k=3, seed=0):
    rng = np.random.default_rng(seed)
    S = rng.laplace(scale=1 / np.sqrt(2), size=(n, k))
    A = rng.normal(size=(k, k)) + 2 * np.eye(k)
    return S, S @ A.T


# ------------------------------------------------------------------------------- source densities
@pytest.mark.parametrize(
    ("density", "ref"),
    [("logistic", stats.logistic(scale=np.sqrt(3) / np.pi)), ("laplace", stats.laplace(scale=1 / np.sqrt(2)))],
)
def test_source_densities_are_scipys_unit_variance_logistic_and_laplace(density, ref):
    z = np.linspace(-8, 8, 41)
    np.testing.assert_allclose(source_log_density(z, density), ref.logpdf(z), rtol=1e-12, atol=1e-12)
    assert ref.var() == pytest.approx(1.0, rel=1e-12)
    mass = integrate.quad(lambda u: np.exp(source_log_density(u, density)), -np.inf, np.inf)[0]
    var = integrate.quad(lambda u: u * u * np.exp(source_log_density(u, density)), -np.inf, np.inf)[0]
    assert mass == pytest.approx(1.0, abs=1e-8) and var == pytest.approx(1.0, abs=1e-8)
    # both are super-Gaussian (12.110): excess kurtosis 1.2 (logistic) and 3 (Laplace)
    assert ref.stats(moments="k") == pytest.approx({"logistic": 1.2, "laplace": 3.0}[density])


def test_source_density_values_from_the_formulas():
    # (12.113) at 0: -log sqrt 2; (12.114) at 0: -log(4 sqrt 3 / pi); a scalar gives a float
    assert source_log_density(0.0, "laplace") == pytest.approx(-0.5 * np.log(2.0), abs=1e-15)
    assert source_log_density(0, "logistic") == pytest.approx(-np.log(4 * np.sqrt(3) / np.pi), abs=1e-15)
    assert isinstance(source_log_density(1.0), float)
    # no overflow far in the tail: log p(z) ~ -pi |z| / sqrt 3 + log 4 - log(4 sqrt 3 / pi)
    far = source_log_density(1e4, "logistic")
    assert far == pytest.approx(-np.pi * 1e4 / np.sqrt(3) + np.log(4) - np.log(4 * np.sqrt(3) / np.pi), rel=1e-12)


# ------------------------------------------------------------------------------- log-likelihood (12.101)
def test_log_likelihood_is_the_change_of_variables_12_100():
    rng = np.random.default_rng(1)
    V = np.array([[1.0, 0.5], [0.2, 1.5]])
    X = rng.normal(size=(50, 2))
    ref = stats.logistic(scale=np.sqrt(3) / np.pi)
    expected = np.log(abs(np.linalg.det(V))) + ref.logpdf(X @ V.T).sum(axis=1).mean()
    assert ica_log_likelihood(V, X) == pytest.approx(expected, rel=1e-12)

    # p_x(x) = p_z(V x) |det V| is a density: it integrates to 1 over the plane
    def p_x(x2, x1):
        return np.exp(ica_log_likelihood(V, np.array([[x1, x2]]), "laplace"))

    mass = integrate.dblquad(p_x, -25, 25, -25, 25, epsabs=1e-7)[0]
    assert mass == pytest.approx(1.0, abs=1e-5)


def test_natural_gradient_is_the_euclidean_gradient_times_VtV():
    rng = np.random.default_rng(2)
    V = rng.normal(size=(3, 3)) + 2 * np.eye(3)
    X = rng.laplace(size=(200, 3))

    def ll(v):
        return ica_log_likelihood(v.reshape(3, 3), X)

    grad = optimize.approx_fprime(V.ravel(), ll, 1e-7).reshape(3, 3)
    Y = X @ V.T
    phi = -2 * (np.pi / (2 * np.sqrt(3))) * np.tanh(np.pi / (2 * np.sqrt(3)) * Y)
    np.testing.assert_allclose(grad, np.linalg.inv(V).T + phi.T @ X / len(X), atol=1e-5)
    np.testing.assert_allclose(grad @ V.T @ V, (np.eye(3) + phi.T @ Y / len(X)) @ V, atol=1e-5)


# ------------------------------------------------------------------------------- NaturalGradientICA
@pytest.mark.parametrize("density", ["logistic", "laplace"])
def test_natural_gradient_ica_agrees_with_scikit_learn_fastica(density):
    S, X = _laplace_mixture()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)  # Laplace: phi jumps when a y_t crosses 0
        ours = NaturalGradientICA(density=density, random_state=0).fit(X)
    ref = skd.FastICA(random_state=0, whiten="unit-variance", tol=1e-8, max_iter=1000).fit(X)
    assert np.all(_best_abs_corr(S, ours.transform(X)) > 0.99)
    assert np.all(_best_abs_corr(ref.transform(X), ours.transform(X)) > 0.995)


def test_natural_gradient_ica_fixed_point_and_whitening():
    S, X = _laplace_mixture(seed=3)
    model = NaturalGradientICA(random_state=1, tol=1e-9, max_iter=5000).fit(X)
    n = len(X)
    Z = (X - X.mean(axis=0)) @ model.whitening_.T
    np.testing.assert_allclose(Z.T @ Z / n, np.eye(3), atol=1e-10)  # white: cov = I (12.99)
    np.testing.assert_allclose(model.components_, model.unmixing_ @ model.whitening_, atol=1e-12)
    np.testing.assert_allclose(model.components_ @ model.mixing_, np.eye(3), atol=1e-10)
    # the stationarity condition of (12.101): E[phi(y) y^T] = -I, computed here with NumPy
    Y = Z @ model.unmixing_.T
    c = np.pi / (2 * np.sqrt(3))
    np.testing.assert_allclose(-2 * c * np.tanh(c * Y).T @ Y / n, -np.eye(3), atol=1e-8)
    # the recorded log-likelihood is (12.101) of the white data; score adds the Jacobian log |det K|
    assert model.loglike_[-1] == pytest.approx(ica_log_likelihood(model.unmixing_, Z), abs=1e-10)
    logdet_K = np.linalg.slogdet(model.whitening_)[1]
    assert model.score(X) == pytest.approx(model.loglike_[-1] + logdet_K, abs=1e-9)
    assert np.all(np.diff(model.loglike_) > -1e-12) and model.loglike_[-1] > model.loglike_[0]
    np.testing.assert_allclose(model.inverse_transform(model.transform(X)), X, atol=1e-9)


def test_natural_gradient_ica_cannot_separate_sub_gaussian_sources():
    # A super-Gaussian model density fails on uniform sources (negative kurtosis, MLAPP §12.6.2.1): the iteration
    # settles half-way between them, while FastICA (whose log cosh contrast works for both signs) recovers them.
    rng = np.random.default_rng(0)
    S = rng.uniform(-np.sqrt(3), np.sqrt(3), size=(2000, 2))
    X = S @ W_MLAPP.T
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        bad = NaturalGradientICA(random_state=0, max_iter=3000).fit(X)
    assert np.all(_best_abs_corr(S, bad.transform(X)) < 0.9)
    good = FastICA(random_state=0, tol=1e-8, max_iter=500).fit(X)
    assert np.all(_best_abs_corr(S, good.transform(X)) > 0.99)


def test_fastica_on_the_figure_12_21_demo_and_pca_only_whitens():
    # 100 uniform 2-d sources mixed by (12.98): ICA recovers them up to order and sign, PCA does not
    rng = np.random.default_rng(0)
    S = rng.uniform(-np.sqrt(3), np.sqrt(3), size=(100, 2))
    X = S @ W_MLAPP.T
    S_ica = FastICA(random_state=0, tol=1e-10, max_iter=1000).fit_transform(X)
    assert np.all(_best_abs_corr(S, S_ica) > 0.98)
    S_pca = skd.PCA(whiten=True).fit_transform(X)
    np.testing.assert_allclose(np.cov(S_pca.T), np.eye(2), atol=1e-12)
    assert np.all(_best_abs_corr(S, S_pca) < 0.95)
    ref = skd.FastICA(random_state=0, tol=1e-10, max_iter=1000).fit_transform(X)
    np.testing.assert_allclose(S_ica, ref, atol=1e-7)
    # after whitening the unmixing matrix is orthogonal (12.99), and the white data have covariance I
    model = FastICA(whiten="arbitrary-variance", random_state=0, tol=1e-10, max_iter=1000).fit(X)
    Z = (X - model.mean_) @ model.whitening_.T * np.sqrt(len(X))
    np.testing.assert_allclose(Z.T @ Z / len(X), np.eye(2), atol=1e-10)
    W = model.components_ @ np.linalg.pinv(model.whitening_)
    np.testing.assert_allclose(W @ W.T, np.eye(2), atol=1e-10)


def test_natural_gradient_ica_is_reproducible_and_warns():
    _, X = _laplace_mixture(n=500)
    a = NaturalGradientICA(random_state=5).fit(X)
    b = NaturalGradientICA(random_state=5).fit(X)
    np.testing.assert_array_equal(a.components_, b.components_)
    with pytest.warns(ConvergenceWarning, match="max_iter"):
        NaturalGradientICA(max_iter=2, random_state=0).fit(X)
    start = np.eye(3)
    c = NaturalGradientICA(w_init=start, max_iter=1, tol=0.0)
    with pytest.warns(ConvergenceWarning):
        c.fit(X)
    assert len(c.loglike_) == 2


@parametrize_with_checks([NaturalGradientICA(random_state=0, max_iter=200)])
def test_scikit_learn_contract(estimator, check):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        check(estimator)


def test_bad_input_names_the_argument():
    _, X = _laplace_mixture(n=100)
    cases = [
        (dict(density="gauss"), "density"),
        (dict(learning_rate=0.0), "learning_rate"),
        (dict(learning_rate=1.5), "learning_rate"),
        (dict(learning_rate="big"), "learning_rate"),
        (dict(max_iter=0), "max_iter"),
        (dict(tol=-1.0), "tol"),
        (dict(n_components=4), "n_components"),
        (dict(n_components=0), "n_components"),
        (dict(w_init=np.eye(2)), "w_init"),
        (dict(w_init=np.zeros((3, 3))), "w_init"),
    ]
    for kwargs, name in cases:
        with pytest.raises((ValueError, TypeError), match=name):
            NaturalGradientICA(**kwargs).fit(X)
    with pytest.raises(ValueError, match="X"):
        NaturalGradientICA().fit(np.array([[1.0, np.nan], [2.0, 3.0]]))
    with pytest.raises(ValueError, match="V"):
        ica_log_likelihood(np.ones((2, 2)), X[:, :2])
    with pytest.raises(ValueError, match="V"):
        ica_log_likelihood(np.ones((2, 3)), X)
    with pytest.raises(ValueError, match="X"):
        ica_log_likelihood(np.eye(2), X)
    with pytest.raises(ValueError, match="density"):
        ica_log_likelihood(np.eye(3), X, "normal")
    with pytest.raises(TypeError, match="z"):
        source_log_density("one")
    with pytest.raises(ValueError, match="z"):
        source_log_density([0.0, np.inf])
    fitted = NaturalGradientICA(n_components=2, random_state=0).fit(X)
    with pytest.raises(ValueError, match="n_components"):
        fitted.score(X)
    with pytest.raises(ValueError, match="X"):
        fitted.inverse_transform(np.ones((2, 3)))


# ------------------------------------------------------------------------------- chapter helpers (statlib.viz.ica)
def test_viz_helpers_whiten_kurtosis_and_rotation_objectives():
    from statlib.viz import ica as viz

    rng = np.random.default_rng(11)
    X = rng.uniform(-1, 1, size=(4000, 2)) @ W_MLAPP.T
    Z = viz.whiten(X)
    np.testing.assert_allclose(Z.T @ Z / len(Z), np.eye(2), atol=1e-10)  # (12.99): white
    np.testing.assert_allclose(viz.excess_kurtosis(X), stats.kurtosis(X, axis=0, fisher=True, bias=True), atol=1e-12)
    angles = np.deg2rad([0.0, 30.0])
    ll, kurt = viz.rotation_objectives(Z, angles, "laplace")
    for t, ll_t, k_t in zip(angles, ll, kurt, strict=True):
        Y = Z @ viz.rotation(t).T
        assert ll_t == pytest.approx(ica_log_likelihood(viz.rotation(t), Z, "laplace"), abs=1e-12)  # log|det R| = 0
        assert k_t == pytest.approx(np.abs(stats.kurtosis(Y, axis=0)).sum(), abs=1e-12)


def test_viz_helpers_name_the_bad_argument():
    from statlib.viz import ica as viz

    with pytest.raises(ValueError, match="X"):
        viz.whiten(np.ones((10, 2)))
    with pytest.raises(ValueError, match="X"):
        viz.whiten(np.array([[1.0, np.nan], [0.0, 1.0]]))
    with pytest.raises(ValueError, match="y"):
        viz.excess_kurtosis(np.ones(3))
    with pytest.raises(ValueError, match="Z"):
        viz.rotation_objectives(np.ones((5, 3)), [0.0])


def test_viz_signal_columns_keep_the_time_labels_of_their_bottom_row():
    # MLAPP Figure 12.20 (sharex=True): the inner rows hide their tick labels, the bottom row keeps them
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from statlib.viz import ica as viz

    S = np.random.default_rng(0).normal(size=(500, 3))
    fig, axes = plt.subplots(3, 2, sharex=True)
    viz.plot_signals(axes[:, 0], S)
    viz.plot_signals(axes[:, 1], S)
    fig.canvas.draw()
    for column in axes.T:
        assert [t.get_text() for t in column[-1].get_xticklabels() if t.get_visible() and t.get_text()]
        for ax in column[:-1]:
            assert not any(t.get_visible() for t in ax.get_xticklabels())
    plt.close(fig)


@pytest.mark.parametrize("kind", ["uniform", "laplace", "gauss"])
def test_viz_kurtosis_axis_never_runs_below_zero(kind):
    # the summed absolute kurtosis is non-negative; its axis keeps the fixed minimum span but starts at 0 at lowest
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from statlib.viz import ica as viz

    W = np.array([[2.0, 3.0], [2.0, 1.0]])
    angles = np.deg2rad(np.arange(-90, 91, 3))
    Z = viz.whiten(viz._demo_sources(kind) @ W.T)
    ll, kurt = viz.rotation_objectives(Z, angles)
    fig, axes = plt.subplots(1, 3)
    twin = viz.plot_rotation_state(axes, Z, angles[np.argmax(kurt)], angles, ll, kurt)
    low, high = twin.get_ylim()
    assert 0.0 <= low <= kurt.min() and kurt.max() <= high and high - low >= 1.1 - 1e-12
    low, high = axes[2].get_ylim()
    assert low <= ll.min() and ll.max() <= high
    plt.close(fig)
