"""Paired views (MLAPP §12.5): CCA, PLSCanonical, PLSRegression, canonical_correlations, ProbabilisticCCA.

References from outside the code under test: scikit-learn's cross_decomposition estimators (run to a tight
tolerance), the eigenvalues of S_xx^{-1} S_xy S_yy^{-1} S_yx (an eigen-route to the canonical correlations,
independent of the SVD route), Bach and Jordan's closed-form maximum-likelihood estimate and its invariants,
exact identities, and hand-computed cases.
"""

import warnings

import numpy as np
import pytest
from scipy import linalg
from sklearn import cross_decomposition as skcd
from sklearn.datasets import load_linnerud
from sklearn.exceptions import ConvergenceWarning
from sklearn.utils.estimator_checks import parametrize_with_checks

from statlib.cross_decomposition import (
    CCA,
    PLSCanonical,
    PLSRegression,
    ProbabilisticCCA,
    canonical_correlations,
)
from statlib.decomposition import SupervisedPCA

LINNERUD = load_linnerud()
X_L, Y_L = LINNERUD.data, LINNERUD.target
ATTRS = ["x_weights_", "y_weights_", "x_loadings_", "y_loadings_", "x_rotations_", "y_rotations_", "coef_"]


def _paired(n=300, p=5, q=4, d=2, seed=0):
    rng = np.random.default_rng(seed)
    z = rng.normal(size=(n, d))
    X = z @ rng.normal(size=(d, p)) + rng.normal(size=(n, p)) + rng.normal(size=p)
    Y = z @ rng.normal(size=(d, q)) + 0.7 * rng.normal(size=(n, q)) - rng.normal(size=q)
    return X, Y


@parametrize_with_checks([CCA(n_components=1), PLSCanonical(n_components=1), PLSRegression(n_components=1)])
def test_scikit_learn_contract(estimator, check):
    check(estimator)


@parametrize_with_checks(
    [ProbabilisticCCA(n_components=1), ProbabilisticCCA(n_components=1, method="em", random_state=0)]
)
def test_scikit_learn_contract_pcca(estimator, check):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        check(estimator)


@pytest.mark.parametrize(
    "ours, ref",
    [
        (CCA, skcd.CCA),
        (PLSCanonical, skcd.PLSCanonical),
        (PLSRegression, skcd.PLSRegression),
    ],
)
@pytest.mark.parametrize("scale", [True, False])
@pytest.mark.parametrize("data", ["linnerud", "synthetic"])
def test_agrees_with_scikit_learn(ours, ref, scale, data):
    X, Y = (X_L, Y_L) if data == "linnerud" else _paired()
    K = 3
    a = ours(K, scale=scale).fit(X, Y)
    b = ref(K, scale=scale, tol=1e-15, max_iter=100000).fit(X, Y)
    for name in ATTRS:
        np.testing.assert_allclose(getattr(a, name), getattr(b, name), atol=1e-6, err_msg=name)
    for u, v in zip(a.transform(X, Y), b.transform(X, Y)):
        np.testing.assert_allclose(u, v, atol=1e-6 * np.abs(v).max())
    np.testing.assert_allclose(a.predict(X), b.predict(X), atol=1e-6 * np.abs(Y).max())
    np.testing.assert_allclose(a.inverse_transform(a.transform(X)), b.inverse_transform(b.transform(X)), atol=1e-5)


def test_pls_regression_one_target_like_scikit_learn():
    y = Y_L[:, 0]
    a = PLSRegression(2).fit(X_L, y)
    b = skcd.PLSRegression(2, tol=1e-15, max_iter=100000).fit(X_L, y)
    assert a.predict(X_L).shape == (20,)
    np.testing.assert_allclose(a.predict(X_L), b.predict(X_L), rtol=1e-8)
    np.testing.assert_allclose(a.coef_, b.coef_, rtol=1e-8)


def _eigen_route(X, Y):
    """Canonical correlations as square roots of the eigenvalues of S_xx^{-1} S_xy S_yy^{-1} S_yx."""
    Xc, Yc = X - X.mean(0), Y - Y.mean(0)
    Sxx, Syy, Sxy = Xc.T @ Xc, Yc.T @ Yc, Xc.T @ Yc
    ev = linalg.eigvals(linalg.solve(Sxx, Sxy) @ linalg.solve(Syy, Sxy.T)).real
    return np.sqrt(np.sort(np.clip(ev, 0, None))[::-1][: min(X.shape[1], Y.shape[1])])


@pytest.mark.parametrize("data", ["linnerud", "synthetic"])
def test_canonical_correlations_eigen_route_and_scores(data):
    X, Y = (X_L, Y_L) if data == "linnerud" else _paired()
    rho = canonical_correlations(X, Y)
    np.testing.assert_allclose(rho, _eigen_route(X, Y), atol=1e-10)
    cca = CCA(3).fit(X, Y)
    np.testing.assert_allclose(cca.canonical_correlations_, rho[:3], atol=1e-10)
    t, u = cca.transform(X, Y)
    corr = [np.corrcoef(t[:, k], u[:, k])[0, 1] for k in range(3)]
    np.testing.assert_allclose(corr, rho[:3], atol=1e-10)
    # the canonical variates are uncorrelated within each view
    for s in (t, u):
        c = np.corrcoef(s.T)
        np.testing.assert_allclose(c - np.diag(np.diag(c)), 0.0, atol=1e-10)


def test_linnerud_first_canonical_correlation():
    # Linnerud (3 exercise, 3 physiological variables, n = 20): checked against scikit-learn's CCA at tol 1e-15
    ref = skcd.CCA(1, tol=1e-15, max_iter=100000).fit(X_L, Y_L)
    t, u = ref.transform(X_L, Y_L)
    expected = np.corrcoef(t[:, 0], u[:, 0])[0, 1]
    assert canonical_correlations(X_L, Y_L)[0] == pytest.approx(expected, abs=1e-9)
    assert round(float(expected), 4) == 0.7956


def test_canonical_correlations_by_hand():
    # y = 2x + 1 exactly: rho = 1; an independent pair (orthogonal centred columns): rho = 0
    x = np.arange(5.0)[:, None]
    np.testing.assert_allclose(canonical_correlations(x, 2 * x + 1), [1.0], atol=1e-12)
    a = np.array([[1.0], [-1.0], [1.0], [-1.0]])
    b = np.array([[1.0], [1.0], [-1.0], [-1.0]])
    np.testing.assert_allclose(canonical_correlations(a, b), [0.0], atol=1e-12)
    # invariance under invertible linear maps of each view
    X, Y = _paired(seed=3)
    A = np.random.default_rng(1).normal(size=(5, 5))
    np.testing.assert_allclose(canonical_correlations(X @ A, Y), canonical_correlations(X, Y), atol=1e-9)


def _bach_jordan(X, Y, d):
    """Bach and Jordan's MLE from an eigen-decomposition, independent of the estimator's SVD route."""
    n, p = X.shape
    Xc, Yc = X - X.mean(0), Y - Y.mean(0)
    Sxx, Syy, Sxy = Xc.T @ Xc / n, Yc.T @ Yc / n, Xc.T @ Yc / n
    # generalised symmetric eigenproblem: S_xy S_yy^{-1} S_yx a = rho^2 S_xx a, with a^T S_xx a = 1
    ev, A = linalg.eigh(Sxy @ linalg.solve(Syy, Sxy.T), Sxx)
    order = np.argsort(ev)[::-1][:d]
    rho = np.sqrt(ev[order])
    Ux = A[:, order]
    Uy = linalg.solve(Syy, Sxy.T) @ Ux / rho  # b = S_yy^{-1} S_yx a / rho, so b^T S_yy b = 1
    return Sxx, Syy, Ux, Uy, rho


def test_closed_form_is_bach_jordan_mle():
    X, Y = _paired(n=400, p=4, q=3, d=2, seed=5)
    m = ProbabilisticCCA(2).fit(X, Y)
    Sxx, Syy, Ux, Uy, rho = _bach_jordan(X, Y, 2)
    np.testing.assert_allclose(m.canonical_correlations_, rho, rtol=1e-9)
    # W_x W_y^T = S_xx U_xd P_d U_yd^T S_yy is invariant under the rotation and M_x M_y^T = P_d
    np.testing.assert_allclose(m.Wx_ @ m.Wy_.T, Sxx @ Ux @ np.diag(rho) @ Uy.T @ Syy, atol=1e-9)
    np.testing.assert_allclose(m.Wx_ @ m.Wx_.T + m.psi_x_, Sxx, atol=1e-9)
    np.testing.assert_allclose(m.Wy_ @ m.Wy_.T + m.psi_y_, Syy, atol=1e-9)
    # the noise covariances are positive definite (spectral norm of M_x below 1)
    assert linalg.eigvalsh(m.psi_x_).min() > 0 and linalg.eigvalsh(m.psi_y_).min() > 0
    # the likelihood equals scipy's multivariate normal log-density at the fitted covariance
    from scipy.stats import multivariate_normal

    V = np.hstack([X, Y])
    ref = multivariate_normal(np.hstack([m.mean_x_, m.mean_y_]), m.get_covariance()).logpdf(V).mean()
    assert m.score(X, Y) == pytest.approx(ref, rel=1e-10)
    assert m.loglike_[-1] == pytest.approx(ref, rel=1e-10)


def test_em_reaches_the_closed_form_mle():
    X, Y = _paired(n=300, p=4, q=3, d=2, seed=1)
    cf = ProbabilisticCCA(2).fit(X, Y)
    em = ProbabilisticCCA(2, method="em", max_iter=20000, tol=1e-14, random_state=0).fit(X, Y)
    assert np.all(np.diff(em.loglike_) > -1e-12)  # EM never decreases the likelihood
    assert em.loglike_[-1] <= cf.loglike_[0] + 1e-10  # the closed form is the maximum
    assert em.loglike_[-1] == pytest.approx(cf.loglike_[0], abs=1e-8)
    np.testing.assert_allclose(em.get_covariance(), cf.get_covariance(), atol=1e-4)
    np.testing.assert_allclose(em.Wx_ @ em.Wy_.T, cf.Wx_ @ cf.Wy_.T, atol=1e-4)


def test_posterior_means_span_the_canonical_variates():
    # E[z | x] = M_x^T U_xd^T (x - mu_x): a rotation/scaling of the classical canonical variates (Bach-Jordan)
    X, Y = _paired(n=300, p=4, q=3, d=2, seed=2)
    for method in ("closed_form", "em"):
        m = ProbabilisticCCA(2, method=method, max_iter=20000, tol=1e-14, random_state=0).fit(X, Y)
        Z = m.transform(X)
        T = CCA(2, scale=False).fit(X, Y).transform(X)
        # regress Z on T: exact fit means the same 2-D subspace of R^n
        coef, *_ = linalg.lstsq(T - T.mean(0), Z - Z.mean(0))
        np.testing.assert_allclose((T - T.mean(0)) @ coef, Z - Z.mean(0), atol=1e-4 * np.abs(Z).max())


def test_pcca_transform_with_both_views_is_the_gaussian_posterior_mean():
    X, Y = _paired(n=200, p=3, q=2, d=1, seed=4)
    m = ProbabilisticCCA(1).fit(X, Y)
    W = np.vstack([m.Wx_, m.Wy_])
    Psi = linalg.block_diag(m.psi_x_, m.psi_y_)
    Sigma = linalg.inv(np.eye(1) + W.T @ linalg.solve(Psi, W))  # (12.19)
    V = np.hstack([X - m.mean_x_, Y - m.mean_y_])
    np.testing.assert_allclose(m.transform(X, Y), (Sigma @ W.T @ linalg.solve(Psi, V.T)).T, atol=1e-10)


def test_em_warns_and_reports_iterations():
    X, Y = _paired(n=100, p=3, q=2, d=1)
    with pytest.warns(ConvergenceWarning):
        m = ProbabilisticCCA(1, method="em", max_iter=2, tol=0.0, random_state=0).fit(X, Y)
    assert m.n_iter_ == 2 and len(m.loglike_) == 2


@pytest.mark.parametrize("est", [CCA(1), PLSCanonical(1), PLSRegression(1), ProbabilisticCCA(1)])
def test_bad_input_names_the_argument(est):
    X, Y = _paired(n=30, p=3, q=2)
    with pytest.raises(ValueError, match="y"):
        est.fit(X)
    with pytest.raises(ValueError, match="same number of samples|inconsistent"):
        est.fit(X, Y[:-1])
    with pytest.raises((ValueError, TypeError), match="n_components"):
        type(est)(n_components=0).fit(X, Y)
    with pytest.raises((ValueError, TypeError), match="n_components"):
        type(est)(n_components=9).fit(X, Y)
    bad = X.copy()
    bad[0, 0] = np.nan
    with pytest.raises(ValueError, match="X"):
        est.fit(bad, Y)
    fitted = est.fit(X, Y)
    with pytest.raises(ValueError, match="X|feature"):
        fitted.transform(X[:, :2])
    with pytest.raises(ValueError, match="y"):
        fitted.transform(X, Y[:, :1] if Y.shape[1] > 1 else np.hstack([Y, Y]))


def test_bad_hyperparameters():
    X, Y = _paired(n=30, p=3, q=2)
    with pytest.raises(TypeError, match="scale"):
        CCA(1, scale="yes").fit(X, Y)
    with pytest.raises(ValueError, match="method"):
        ProbabilisticCCA(1, method="gibbs").fit(X, Y)
    with pytest.raises((ValueError, TypeError), match="tol"):
        ProbabilisticCCA(1, method="em", tol=-1.0).fit(X, Y)
    with pytest.raises(ValueError, match="rank"):
        ProbabilisticCCA(1).fit(np.hstack([X, X[:, :1]]), Y)
    with pytest.raises(ValueError, match="n_components"):
        canonical_correlations(X, Y, n_components=5)
    with pytest.raises(ValueError, match="Y"):
        canonical_correlations(X, Y[:, 0])


# ------------------------------------------------------------------------------------------- SupervisedPCA
@parametrize_with_checks([SupervisedPCA(n_components=1)])
def test_scikit_learn_contract_supervised_pca(estimator, check):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        check(estimator)


def test_supervised_pca_prediction_is_the_gaussian_conditional():
    X, Y = _paired(n=300, p=5, q=2, d=2, seed=8)
    m = SupervisedPCA(2).fit(X, Y)
    assert np.all(np.diff(m.loglike_) > -1e-10)  # EM never decreases the likelihood
    # the fitted joint covariance W W^T + Psi, and its conditional of y given x (12.78)
    W = np.vstack([m.Wx_, m.Wy_])
    psi = np.concatenate([np.full(5, m.noise_variance_x_), np.full(2, m.noise_variance_y_)])
    Sigma = W @ W.T + np.diag(psi)
    B = linalg.solve(Sigma[:5, :5], Sigma[:5, 5:]).T
    np.testing.assert_allclose(m.coef_, B, atol=1e-10)
    np.testing.assert_allclose(m.predictive_covariance_, Sigma[5:, 5:] - B @ Sigma[:5, 5:], atol=1e-10)
    np.testing.assert_allclose(m.predict(X), m.mean_y_ + (X - m.mean_x_) @ B.T, atol=1e-10)
    # the mean log-likelihood is scipy's Gaussian log-density at the fitted model
    from scipy.stats import multivariate_normal

    ref = multivariate_normal(np.concatenate([m.mean_x_, m.mean_y_]), Sigma).logpdf(np.hstack([X, Y])).mean()
    assert m.loglike_[-1] == pytest.approx(ref, rel=1e-10)


def test_supervised_pca_likelihood_is_at_least_ppca():
    # PPCA of the stacked (x, y) is the special case sigma_x^2 = sigma_y^2 of supervised PCA, so supervised PCA's
    # maximum likelihood is at least PPCA's closed-form maximum (Tipping and Bishop's solution, computed apart)
    from statlib.decomposition import ProbabilisticPCA

    X, Y = _paired(n=400, p=4, q=1, d=1, seed=9)
    V = np.hstack([X, Y])
    m = SupervisedPCA(1, tol=1e-12).fit(X, Y[:, 0])
    ppca = ProbabilisticPCA(1).fit(V)
    assert m.loglike_[-1] >= ppca.score(V) - 1e-8
    assert m.predict(X).shape == (400,)


def test_supervised_pca_bad_input():
    X, Y = _paired(n=30, p=3, q=1)
    with pytest.raises((ValueError, TypeError), match="n_components"):
        SupervisedPCA(0).fit(X, Y[:, 0])
    with pytest.raises((ValueError, TypeError), match="tol"):
        SupervisedPCA(1, tol=-1.0).fit(X, Y[:, 0])
    with pytest.raises(ValueError, match="same number of samples|inconsistent"):
        SupervisedPCA(1).fit(X, Y[:-1, 0])


@pytest.mark.parametrize("estimator", [CCA(1), PLSCanonical(1), PLSRegression(1), ProbabilisticCCA(1)])
@pytest.mark.parametrize("scale, words", [(1e-300, "too small"), (1e300, "too large")])
@pytest.mark.parametrize("view", ["X", "y"])
def test_two_view_models_refuse_views_whose_squares_leave_float64(estimator, scale, words, view):
    # these failed in LAPACK ('Array must not contain infs or NaNs', 'Matrix is not positive definite'), naming
    # neither view
    rng = np.random.default_rng(0)
    X, Y = rng.normal(size=(20, 3)), rng.normal(size=(20, 2))
    X, Y = (X * scale, Y) if view == "X" else (X, Y * scale)
    with pytest.raises(ValueError, match=f"{view} is {words}"):
        estimator.fit(X, Y)


def test_supervised_pca_refuses_data_whose_squares_overflow():
    rng = np.random.default_rng(0)
    X, y = rng.normal(size=(20, 3)), rng.normal(size=20)
    with pytest.raises(ValueError, match="X is too large"):  # was a LinAlgError, eigenvalues did not converge
        SupervisedPCA(1).fit(X * 1e300, y)
    with pytest.raises(ValueError, match="y is too large"):
        SupervisedPCA(1).fit(X, y * 1e300)


def _rank_one_y(seed=0):
    """X random (30 x 2), Y = [y, 2y]: rank Y = 1, so there is one canonical pair, not two."""
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(30, 2))
    y = rng.normal(size=30)
    return X, np.c_[y, 2 * y]


@pytest.mark.parametrize("ours, ref", [(CCA, skcd.CCA), (PLSCanonical, skcd.PLSCanonical)])
def test_used_up_y_stops_like_scikit_learn(ours, ref):
    # scikit-learn warns "y residual is constant at iteration 1" and leaves the second component zero;
    # a cut-off relative to the deflated Y itself would count its round-off as a second direction
    X, Y = _rank_one_y()
    with pytest.warns(UserWarning, match="y is zero after 1 of n_components=2"):
        a = ours(2).fit(X, Y)
    with pytest.warns(UserWarning, match="y residual is constant at iteration 1"):
        b = ref(2, tol=1e-15, max_iter=100000).fit(X, Y)
    for name in ATTRS:
        np.testing.assert_allclose(getattr(a, name), getattr(b, name), atol=1e-8, err_msg=name)
    t, u = a.transform(X, Y)
    assert np.all(t[:, 1] == 0.0) and np.all(u[:, 1] == 0.0)
    if ours is CCA:
        # one canonical correlation exists (rank Y = 1): the SVD route gives it, and the second is zero
        np.testing.assert_allclose(a.canonical_correlations_[0], canonical_correlations(X, Y)[0], atol=1e-12)
        assert canonical_correlations(X, Y).shape == (1,)
        assert a.canonical_correlations_[1] == 0.0


@pytest.mark.parametrize("est", [CCA, PLSCanonical, PLSRegression])
def test_used_up_x_stops_instead_of_repeating_a_component(est):
    # X = [y, -y] has rank 1: after one deflation X_k is round-off, and a second component would only be its noise
    rng = np.random.default_rng(3)
    x = rng.normal(size=40)
    X, Y = np.c_[x, -x], rng.normal(size=(40, 2))
    with pytest.warns(UserWarning, match="X is zero after 1 of n_components=2"):
        m = est(2).fit(X, Y)
    np.testing.assert_allclose(np.abs(m.x_weights_[:, 0]), [2**-0.5, 2**-0.5], atol=1e-12)
    assert np.all(m.x_weights_[:, 1] == 0.0) and np.all(m.transform(X)[:, 1] == 0.0)
    # the one component still reproduces the fitted part of X exactly: X = t p^T
    Xs = (X - X.mean(0)) / X.std(0, ddof=1)
    np.testing.assert_allclose(np.outer(m.transform(X)[:, 0], m.x_loadings_[:, 0]), Xs, atol=1e-10)


def test_pls_regression_stops_when_y_is_fitted_exactly_like_scikit_learn():
    # centred orthogonal columns and y = the first column: one PLS component fits y exactly (hand derivation:
    # a_1 = X^T y / |X^T y| = e_1), so y's residual is zero and scikit-learn warns and stops
    rng = np.random.default_rng(1)
    A = rng.normal(size=(20, 3))
    Q = np.linalg.qr(A - A.mean(0))[0]
    X = Q * [3.0, 2.0, 1.0]
    y = X[:, 0].copy()
    with pytest.warns(UserWarning, match=r"y is zero after 1 of n_components=2 components \(y is fitted exactly\)"):
        a = PLSRegression(2, scale=False).fit(X, y)
    with pytest.warns(UserWarning, match="y residual is constant at iteration 1"):
        b = skcd.PLSRegression(2, scale=False, tol=1e-15, max_iter=100000).fit(X, y)
    np.testing.assert_allclose(a.x_weights_[:, 0], [1.0, 0.0, 0.0], atol=1e-12)
    for name in ATTRS:
        np.testing.assert_allclose(getattr(a, name), getattr(b, name), atol=1e-8, err_msg=name)
    np.testing.assert_allclose(a.coef_, [[1.0, 0.0, 0.0]], atol=1e-12)


def test_full_rank_views_give_every_component_without_a_warning():
    X, Y = _paired()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for est in (CCA, PLSCanonical, PLSRegression):
            m = est(4).fit(X, Y)
            assert np.all(np.linalg.norm(m.x_weights_, axis=0) > 0.99)


def test_digits_halves_with_blank_pixels_agree_with_scikit_learn():
    # the halves have constant (blank) pixels, so S_xx and S_yy are singular: the SVD route works in the column
    # spaces, and no view is used up within 3 components
    from sklearn.datasets import load_digits

    images = load_digits().images
    left, right = images[:, :, :4].reshape(len(images), -1), images[:, :, 4:].reshape(len(images), -1)
    assert np.linalg.matrix_rank(left - left.mean(0)) < left.shape[1]
    for ours, ref in [(CCA, skcd.CCA), (PLSCanonical, skcd.PLSCanonical)]:
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            a = ours(3).fit(left, right)
        b = ref(3, tol=1e-14, max_iter=100000).fit(left, right)
        s_a, s_b = a.transform(left), b.transform(left)
        np.testing.assert_allclose(s_a, s_b, atol=1e-4 * np.abs(s_b).max())
