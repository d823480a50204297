"""Group lasso, fused lasso, elastic net by augmentation and HAL (MLAPP sections 13.5-13.6)."""

import numpy as np
import pytest
from scipy.optimize import minimize
from sklearn.exceptions import ConvergenceWarning
from sklearn.linear_model import ElasticNet as SkElasticNet
from sklearn.linear_model import Lasso as SkLasso
from sklearn.utils.estimator_checks import parametrize_with_checks

from statlib.exercises import check
from statlib.linear_model import (
    GroupLasso,
    HierarchicalAdaptiveLasso,
    augment_elastic_net,
    elastic_net_by_lasso,
    elastic_net_sklearn_params,
    fused_lasso,
    group_soft_threshold,
    hal_penalty,
    hal_threshold,
    prox_linf,
)


@parametrize_with_checks([GroupLasso(), HierarchicalAdaptiveLasso()])
def test_sklearn_compatible(estimator, check):
    check(estimator)


# ------------------------------------------------------------------------------------------- group lasso
def _group_problem(seed=0, n=30, sizes=(2, 3, 1, 4)):
    rng = np.random.default_rng(seed)
    groups = np.repeat(np.arange(len(sizes)), sizes)
    X = rng.standard_normal((n, groups.size))
    w = np.zeros(groups.size)
    w[groups == 1] = [1.0, -2.0, 0.5]
    y = X @ w + 0.1 * rng.standard_normal(n)
    return X, y, groups


def test_block_soft_threshold_closed_form():
    # (13.108)-(13.109) by hand: ||(3, 4)|| = 5, so lam = 2.5 halves the vector and lam >= 5 zeroes it
    np.testing.assert_allclose(group_soft_threshold([3.0, 4.0], 2.5), [1.5, 2.0])
    np.testing.assert_array_equal(group_soft_threshold([3.0, 4.0], 5.0), [0.0, 0.0])


def test_proximal_operators_minimise_their_objectives():
    rng = np.random.default_rng(1)
    for _ in range(5):
        b = rng.standard_normal(4) * 2
        lam = rng.uniform(0.2, 2.0)
        for prox, norm in ((group_soft_threshold, lambda z: np.linalg.norm(z)), (prox_linf, lambda z: np.abs(z).max())):
            f = lambda z: 0.5 * np.sum((z - b) ** 2) + lam * norm(z)  # noqa: E731
            z = prox(b, lam)
            ref = minimize(f, b, method="Nelder-Mead", options={"xatol": 1e-10, "fatol": 1e-14, "maxiter": 20000})
            assert f(z) <= ref.fun + 1e-9


@pytest.mark.parametrize("solver", ["bcd", "fista"])
def test_group_lasso_kkt_l2(solver):
    X, y, groups = _group_problem()
    alpha = 0.2
    m = GroupLasso(groups=groups, alpha=alpha, solver=solver, tol=1e-14, max_iter=200000).fit(X, y)
    n = X.shape[0]
    r = y - X @ m.coef_ - m.intercept_
    for g in np.unique(groups):
        idx = groups == g
        grad = X[:, idx].T @ r / n
        lam = alpha * np.sqrt(idx.sum())
        wg = m.coef_[idx]
        if np.any(wg != 0):  # stationarity: X_g^T r / n = lam w_g / ||w_g||
            np.testing.assert_allclose(grad, lam * wg / np.linalg.norm(wg), atol=1e-6)
        else:
            assert np.linalg.norm(grad) <= lam + 1e-6
    assert m.active_groups_[1] and not m.active_groups_[0]


@pytest.mark.parametrize("solver", ["bcd", "fista"])
def test_group_lasso_kkt_linf(solver):
    X, y, groups = _group_problem(seed=2)
    alpha = 0.5
    m = GroupLasso(groups=groups, alpha=alpha, norm="linf", solver=solver, tol=1e-14, max_iter=200000).fit(X, y)
    n = X.shape[0]
    r = y - X @ m.coef_ - m.intercept_
    for g in np.unique(groups):
        idx = groups == g
        grad = X[:, idx].T @ r / n
        lam = alpha * np.sqrt(idx.sum())
        wg = m.coef_[idx]
        # the subdifferential of lam ||.||_inf: dual-norm (l1) ball, with equality <grad, w_g> = lam ||w_g||_inf
        assert np.abs(grad).sum() <= lam + 1e-6
        np.testing.assert_allclose(grad @ wg, lam * np.abs(wg).max(), atol=1e-6)


@pytest.mark.parametrize("solver", ["bcd", "fista"])
@pytest.mark.parametrize("norm", ["l2", "linf"])
def test_group_lasso_matches_generic_solver(norm, solver):
    X, y, groups = _group_problem(seed=3, n=20)
    alpha = 0.3
    m = GroupLasso(
        groups=groups, alpha=alpha, norm=norm, solver=solver, fit_intercept=False, tol=1e-14, max_iter=200000
    )
    m = m.fit(X, y)
    n = X.shape[0]

    def objective(w):
        pen = 0.0
        for g in np.unique(groups):
            wg = w[groups == g]
            pen += np.sqrt(wg.size) * (np.linalg.norm(wg) if norm == "l2" else np.abs(wg).max())
        return 0.5 / n * np.sum((y - X @ w) ** 2) + alpha * pen

    # reference: SLSQP on the smooth epigraph form, min 1/(2n) ||y - X w||^2 + alpha sum_g sqrt(d_g) t_g with
    # t_g >= +-w_j (l-infinity) or t_g^2 >= ||w_g||^2, t_g >= 0 (l2)
    p, labels = X.shape[1], np.unique(groups)
    sizes = np.array([np.sum(groups == g) for g in labels])

    def f(z):
        w, t = z[:p], z[p:]
        return 0.5 / n * np.sum((y - X @ w) ** 2) + alpha * np.sqrt(sizes) @ t

    cons = []
    for k, g in enumerate(labels):
        for j in np.flatnonzero(groups == g):
            if norm == "linf":
                cons.append({"type": "ineq", "fun": lambda z, j=j, k=k: z[p + k] - z[j]})
                cons.append({"type": "ineq", "fun": lambda z, j=j, k=k: z[p + k] + z[j]})
        if norm == "l2":
            idx = np.flatnonzero(groups == g)
            cons.append({"type": "ineq", "fun": lambda z, idx=idx, k=k: z[p + k] ** 2 - np.sum(z[idx] ** 2)})
            cons.append({"type": "ineq", "fun": lambda z, k=k: z[p + k]})
    z0 = np.concatenate((np.zeros(p), np.ones(len(labels))))
    ref = minimize(f, z0, method="SLSQP", constraints=cons, options={"ftol": 1e-14, "maxiter": 2000})
    assert ref.success
    # SLSQP may end a hair outside its constraints, so compare the objectives with a relative tolerance
    assert objective(m.coef_) == pytest.approx(ref.fun, rel=1e-7)
    np.testing.assert_allclose(m.coef_, ref.x[:p], atol=1e-4)


@pytest.mark.parametrize("solver", ["bcd", "fista"])
def test_group_lasso_with_singleton_groups_is_the_lasso(solver):
    rng = np.random.default_rng(4)
    X = rng.standard_normal((50, 8))
    y = X @ [2.0, 0, 0, -1.0, 0, 0, 0.5, 0] + 0.2 * rng.standard_normal(50)
    for norm in ("l2", "linf"):
        m = GroupLasso(alpha=0.1, norm=norm, solver=solver, tol=1e-14, max_iter=200000).fit(X, y)
        ref = SkLasso(alpha=0.1, tol=1e-14, max_iter=100000).fit(X, y)
        np.testing.assert_allclose(m.coef_, ref.coef_, atol=1e-7)
        assert m.intercept_ == pytest.approx(ref.intercept_, abs=1e-7)


def test_group_lasso_large_alpha_gives_zero():
    X, y, groups = _group_problem()
    n = X.shape[0]
    Xc, yc = X - X.mean(0), y - y.mean()
    # all groups vanish once alpha sqrt(d_g) >= ||X_g^T y|| / n for every g (the KKT condition at w = 0)
    alpha_max = max(np.linalg.norm(Xc[:, groups == g].T @ yc) / n / np.sqrt((groups == g).sum()) for g in range(4))
    m = GroupLasso(groups=groups, alpha=alpha_max * 1.0001).fit(X, y)
    np.testing.assert_array_equal(m.coef_, 0.0)
    assert m.intercept_ == pytest.approx(y.mean())
    m = GroupLasso(groups=groups, alpha=alpha_max * 0.99).fit(X, y)
    assert np.any(m.coef_ != 0)


def test_group_lasso_rejects_bad_input():
    X, y, groups = _group_problem()
    with pytest.raises(ValueError, match="groups"):
        GroupLasso(groups=groups[:-1]).fit(X, y)
    with pytest.raises(TypeError, match="groups"):
        GroupLasso(groups=np.full(groups.size, 0.5)).fit(X, y)
    with pytest.raises(ValueError, match="alpha"):
        GroupLasso(groups=groups, alpha=0.0).fit(X, y)
    with pytest.raises(ValueError, match="norm"):
        GroupLasso(groups=groups, norm="l1").fit(X, y)
    with pytest.raises(ValueError, match="solver"):
        GroupLasso(groups=groups, solver="cd").fit(X, y)
    with pytest.raises(ValueError, match="lam"):
        group_soft_threshold([1.0], -1.0)
    with pytest.raises(ValueError, match="b"):
        prox_linf([np.nan], 1.0)


# ------------------------------------------------------------------------------------------- fused lasso
def _fused_objective(w, y, lambda1, lambda2):
    return np.sum((y - w) ** 2) + lambda1 * np.sum(np.abs(w)) + lambda2 * np.sum(np.abs(np.diff(w)))


@pytest.mark.parametrize("lambda1", [0.0, 0.7])
def test_fused_lasso_matches_qp(lambda1):
    rng = np.random.default_rng(5)
    y = np.repeat([0.0, 2.0, -1.0], 4) + 0.3 * rng.standard_normal(12)
    lambda2 = 1.5
    w = fused_lasso(y, lambda1, lambda2)
    # reference: the dual box QP of TV denoising solved by L-BFGS-B, then the soft threshold is checked via the
    # primal objective directly against a derivative-free search started from the answer's neighbourhood
    mu = lambda2 / 2
    dmat = np.diff(np.eye(12), axis=0)
    res = minimize(
        lambda u: 0.5 * np.sum((y - dmat.T @ u) ** 2),
        np.zeros(11),
        jac=lambda u: -dmat @ (y - dmat.T @ u),
        bounds=[(-mu, mu)] * 11,
        method="L-BFGS-B",
        options={"ftol": 1e-15, "gtol": 1e-12, "maxiter": 10000},
    )
    tv = y - dmat.T @ res.x
    ref = np.sign(tv) * np.maximum(np.abs(tv) - lambda1 / 2, 0)
    np.testing.assert_allclose(w, ref, atol=1e-5)
    # and no perturbation lowers the printed objective (13.115)
    f0 = _fused_objective(w, y, lambda1, lambda2)
    for _ in range(200):
        assert _fused_objective(w + 1e-3 * rng.standard_normal(12), y, lambda1, lambda2) >= f0 - 1e-9


def test_fused_lasso_limits():
    y = np.array([3.0, -1.0, 0.2, 5.0])
    # lambda2 = 0: soft threshold at lambda1 / 2, by hand
    np.testing.assert_allclose(fused_lasso(y, 2.0, 0.0), [2.0, 0.0, 0.0, 4.0])
    # lambda2 huge: one fused level, the mean 1.8, then soft-thresholded at lambda1 / 2 = 0.5
    np.testing.assert_allclose(fused_lasso(y, 1.0, 100.0), np.full(4, 1.3), atol=1e-6)
    # two-piece signal by hand: each level moves toward the other by mu / (piece length) = 1 / 2
    np.testing.assert_allclose(fused_lasso([0.0, 0.0, 4.0, 4.0], 0.0, 2.0), [0.5, 0.5, 3.5, 3.5], atol=1e-8)


def test_fused_lasso_image_matches_dual_qp():
    rng = np.random.default_rng(6)
    img = np.zeros((5, 6))
    img[1:4, 2:5] = 1.0
    y = img + 0.2 * rng.standard_normal(img.shape)
    w = fused_lasso(y, 0.0, 0.6)
    f = lambda z: _lattice_objective(z.reshape(5, 6), y, 0.6)  # noqa: E731
    f0 = f(w.ravel())
    for _ in range(200):
        assert f(w.ravel() + 1e-3 * rng.standard_normal(30)) >= f0 - 1e-9
    assert w.shape == y.shape
    assert abs(w.mean() - y.mean()) < 1e-8  # TV denoising keeps the mean (the all-ones vector is in D's kernel)


def _lattice_objective(w, y, lambda2):
    return np.sum((y - w) ** 2) + lambda2 * (np.abs(np.diff(w, axis=0)).sum() + np.abs(np.diff(w, axis=1)).sum())


def test_fused_lasso_rejects_bad_input():
    with pytest.raises(ValueError, match="y"):
        fused_lasso(np.zeros((2, 2, 2)))
    with pytest.raises(ValueError, match="lambda1"):
        fused_lasso([1.0, 2.0], -1.0, 1.0)
    with pytest.raises(ValueError, match="lambda2"):
        fused_lasso([1.0, 2.0], 0.0, np.inf)
    with pytest.raises(ValueError, match="y"):
        fused_lasso([1.0, np.nan])


# ------------------------------------------------------------------------------------------- elastic net
def test_sklearn_mapping_and_augmentation_agree_with_sklearn():
    rng = np.random.default_rng(7)
    X = rng.standard_normal((40, 6))
    X[:, 1] = X[:, 0] + 0.01 * rng.standard_normal(40)
    y = X @ [1.0, 1.0, 0, 0, -0.5, 0] + 0.1 * rng.standard_normal(40)
    X, y = X - X.mean(0), y - y.mean()
    lambda1, lambda2 = 3.0, 2.0
    alpha, rho = elastic_net_sklearn_params(lambda1, lambda2, 40)
    ref = SkElasticNet(alpha=alpha, l1_ratio=rho, fit_intercept=False, tol=1e-14, max_iter=100000).fit(X, y).coef_

    def J(w):  # (13.122)
        return np.sum((y - X @ w) ** 2) + lambda2 * w @ w + lambda1 * np.abs(w).sum()

    res = minimize(J, ref + 0.01, method="Powell", options={"xtol": 1e-12, "ftol": 1e-15})
    assert J(ref) <= res.fun + 1e-9
    naive = elastic_net_by_lasso(X, y, lambda1, lambda2)
    np.testing.assert_allclose(naive, ref, atol=1e-8)
    np.testing.assert_allclose(
        elastic_net_by_lasso(X, y, lambda1, lambda2, corrected=True), (1 + lambda2) * ref, atol=1e-7
    )
    # the naive identity J~(w~) = J(c w~) holds for any c, e.g. the +1/2 exponent printed in (13.123)
    np.testing.assert_allclose(elastic_net_by_lasso(X, y, lambda1, lambda2, c=np.sqrt(1 + lambda2)), ref, atol=1e-8)


def test_augmented_objective_identity():
    rng = np.random.default_rng(8)
    X, y = rng.standard_normal((10, 3)), rng.standard_normal(10)
    lambda1, lambda2 = 0.7, 1.3
    Xa, ya, c = augment_elastic_net(X, y, lambda2)
    assert c == pytest.approx((1 + lambda2) ** -0.5)
    for _ in range(5):
        wt = rng.standard_normal(3)
        w = c * wt
        lhs = np.sum((ya - Xa @ wt) ** 2) + c * lambda1 * np.abs(wt).sum()  # (13.124)
        rhs = np.sum((y - X @ w) ** 2) + lambda2 * w @ w + lambda1 * np.abs(w).sum()  # (13.122)
        assert lhs == pytest.approx(rhs, rel=1e-12)


def test_grouping_effect_identical_columns():
    rng = np.random.default_rng(9)
    x = rng.standard_normal(30)
    X = np.column_stack((x, x, rng.standard_normal(30)))
    y = 2 * x + 0.1 * rng.standard_normal(30)
    X, y = X - X.mean(0), y - y.mean()
    w = elastic_net_by_lasso(X, y, 1.0, 1.0)
    assert w[0] == pytest.approx(w[1], abs=1e-8) and w[0] > 0  # Zou and Hastie's grouping effect


def test_elastic_net_rejects_bad_input():
    with pytest.raises(ValueError, match="lambda1"):
        elastic_net_sklearn_params(0.0, 1.0, 10)
    with pytest.raises(ValueError, match="lambda2"):
        augment_elastic_net(np.eye(2), [1.0, 2.0], -1.0)
    with pytest.raises(ValueError, match="y"):
        elastic_net_by_lasso(np.eye(2), [1.0, 2.0, 3.0], 1.0, 1.0)


# ------------------------------------------------------------------------------------------- HAL
def test_hal_penalty_is_minus_log_generalised_t():
    # (13.141): p(w | a, b) = a / (2 b) (1 + |w| / b)^-(a + 1); its -log is (13.143) plus log(2 b / a)
    a, b = 2.0, 0.5
    w = np.linspace(-3, 3, 13)
    density = a / (2 * b) * (1 + np.abs(w) / b) ** -(a + 1)
    np.testing.assert_allclose(hal_penalty(w, a, b), -np.log(density) - np.log(2 * b / a), rtol=1e-12)
    from scipy.integrate import quad

    assert quad(lambda t: a / (2 * b) * (1 + abs(t) / b) ** -(a + 1), -np.inf, np.inf)[0] == pytest.approx(1.0)


def test_hal_threshold_is_the_global_minimiser():
    a, b = 1.0, 0.5
    grid = np.linspace(-12, 12, 240001)
    for z in (-7.0, -2.1, -0.3, 0.0, 0.9, 1.7, 2.5, 6.0):
        f = 0.5 * (z - grid) ** 2 + hal_penalty(grid, a, b)
        assert hal_threshold(z, a, b) == pytest.approx(grid[np.argmin(f)], abs=2e-4)
    # nearly unbiased for large inputs: w -> z - (a + 1) / (z + b) + ...
    assert 100 - hal_threshold(100.0, a, b) < 0.03


def test_hal_em_decreases_objective_and_matches_orthogonal_threshold():
    rng = np.random.default_rng(10)
    Q, _ = np.linalg.qr(rng.standard_normal((20, 5)))
    w_true = np.array([6.0, 0.0, -4.0, 0.0, 3.0])
    y = Q @ w_true + 0.3 * rng.standard_normal(20)
    a, b = 1.0, 0.5
    m = HierarchicalAdaptiveLasso(a=a, b=b, fit_intercept=False, max_iter=500, tol=1e-12).fit(Q, y)
    assert np.all(np.diff(m.objective_path_) <= 1e-9)
    z = Q.T @ y  # (13.145): the ML estimate for an orthonormal design
    # started from z, EM converges to the nearest stationary point; where the larger root exists and beats 0 it
    # is the global minimiser (13.146)
    big = np.abs(z) > 2
    np.testing.assert_allclose(m.coef_[big], hal_threshold(z[big], a, b), atol=1e-6)


def test_adaptive_lasso_is_one_weighted_lasso():
    rng = np.random.default_rng(11)
    X = rng.standard_normal((60, 4))
    y = X @ [3.0, 0.0, -1.5, 0.0] + 0.5 * rng.standard_normal(60)
    X, y = X - X.mean(0), y - y.mean()
    ols = np.linalg.lstsq(X, y, rcond=None)[0]
    lam = 2.0
    with pytest.warns(ConvergenceWarning):  # one step, not iterated to convergence
        m = HierarchicalAdaptiveLasso(a=0.0, b=0.0, noise_var=lam, fit_intercept=False, max_iter=1).fit(X, y)
    # reference: scikit-learn's lasso on X_j |w_j^OLS| (Zou 2006), penalty lam sum |w_j| / |w_j^OLS|
    ref = SkLasso(alpha=lam / 60, fit_intercept=False, tol=1e-14, max_iter=100000).fit(X * np.abs(ols), y)
    np.testing.assert_allclose(m.coef_, ref.coef_ * np.abs(ols), atol=1e-8)


def test_hal_rejects_bad_input():
    with pytest.raises(ValueError, match="b"):
        hal_penalty(1.0, 1.0, 0.0)
    with pytest.raises(ValueError, match="a"):
        hal_threshold(1.0, -1.0, 1.0)
    with pytest.raises(ValueError, match="noise_var"):
        HierarchicalAdaptiveLasso(noise_var=0.0).fit(np.eye(3), [1.0, 2.0, 3.0])


# ------------------------------------------------------------------------------------------- exercises
def test_exercise_checkers():
    # 13.5 on one unit-norm column with x^T y = 3, lambda_1 = 2, lambda_2 = 3: [c, w~, naive c w~, corrected]
    x = np.array([[0.6], [0.8]])
    y = np.array([2.6, 1.8])  # x^T y = 3
    X_aug, y_aug, c = augment_elastic_net(x, y, 3.0)
    w_tilde = SkLasso(alpha=c * 2.0 / (2 * len(y_aug)), fit_intercept=False, tol=1e-14).fit(X_aug, y_aug).coef_[0]
    naive = elastic_net_by_lasso(x, y, 2.0, 3.0)[0]
    corrected = elastic_net_by_lasso(x, y, 2.0, 3.0, corrected=True)[0]
    np.testing.assert_allclose([c, w_tilde, naive, corrected], [0.5, 1.0, 0.5, 2.0], atol=1e-9)
    assert check("mlapp-13.5", [c, w_tilde, naive, corrected]).correct
    assert not check("mlapp-13.5", [2.0, 0.25, 0.5, 0.5]).correct  # the printed c = (1 + lambda_2)^(+1/2)
    assert not check("mlapp-13.5", [0.5]).correct
    # 13.10: shape and rate for d_g = 3 and the marginal exp(-3 ||w_g||); the printed rate gamma / 2 is refused
    assert check("mlapp-13.10", [2.0, 4.5]).correct
    assert not check("mlapp-13.10", [2.0, 1.5]).correct
    assert check("companion-13.30", [1.5, 2.0]).correct
    assert check("companion-13.31", [9.8151]).correct
    assert not check("companion-13.30", [3.0, 4.0]).correct


# ------------------------------------------------------------------------------------------- the chapter's checks
def test_figures_13_13_and_13_14_at_reduced_size():
    # the chapter's reduced version of MLAPP's demonstration: D = 1024 in 32 groups of 32, 4 active, N = 256,
    # noise variance 1e-4; the group lassos find exactly the true groups and, debiased, recover the signal, and
    # the l-infinity estimate is flat within each block
    rng = np.random.default_rng(1)
    D, G, N = 1024, 32, 256
    groups = np.repeat(np.arange(G), D // G)
    active = np.sort(rng.choice(G, 4, replace=False))
    X = rng.standard_normal((N, D))
    noise = 1e-2 * rng.standard_normal(N)
    for kind in ("gauss", "const"):
        w = np.zeros(D)
        for g in active:
            w[groups == g] = rng.standard_normal(D // G) if kind == "gauss" else 1.0
        y = X @ w + noise
        for norm, alpha in (("l2", 0.3), ("linf", 3.0)):
            coef = GroupLasso(groups=groups, alpha=alpha, norm=norm, fit_intercept=False).fit(X, y).coef_
            np.testing.assert_array_equal(np.unique(groups[coef != 0]), active)
            support = np.flatnonzero(coef)
            debiased = np.zeros(D)
            debiased[support] = np.linalg.lstsq(X[:, support], y, rcond=None)[0]
            assert np.mean((debiased - w) ** 2) < 1e-6
            # MLAPP: the l-infinity penalty makes the values within a block similar; at least half of each active
            # block shares the block's largest magnitude, where the l2 estimate has a single entry there
            at_max = min(
                np.mean(np.isclose(np.abs(coef[groups == g]), np.abs(coef[groups == g]).max(), rtol=1e-3))
                for g in active
            )
            assert at_max >= 0.5 if norm == "linf" else at_max <= 0.1


def test_exponential_power_density_as_printed_and_corrected():
    # (13.132) as printed, b / (2 a Gamma(1 + 1/b)) exp(-|w|^b / a), integrates to b a^(1/b - 1); the corrected
    # 1 / (2 a Gamma(1 + 1/b)) exp(-(|w| / a)^b) integrates to 1 and is N(0, sigma^2) for b = 2, a = sigma sqrt 2
    from math import gamma

    from scipy.integrate import quad

    for a, b in ((0.7, 0.4), (2.0, 2.0), (0.5, 3.0)):
        printed = 2 * quad(lambda t: b / (2 * a * gamma(1 + 1 / b)) * np.exp(-(t**b) / a), 0, np.inf, limit=500)[0]
        fixed = 2 * quad(lambda t: np.exp(-((t / a) ** b)) / (2 * a * gamma(1 + 1 / b)), 0, np.inf, limit=500)[0]
        assert printed == pytest.approx(b * a ** (1 / b - 1), rel=1e-6)
        assert fixed == pytest.approx(1.0, rel=1e-6)
    sigma = 1.7
    t = np.linspace(-5, 5, 11)
    a = sigma * np.sqrt(2)
    np.testing.assert_allclose(
        np.exp(-((np.abs(t) / a) ** 2)) / (2 * a * gamma(1.5)),
        np.exp(-(t**2) / (2 * sigma**2)) / np.sqrt(2 * np.pi * sigma**2),
        rtol=1e-12,
    )


def test_group_lasso_and_hal_refuse_data_whose_squares_leave_float64():
    rng = np.random.default_rng(0)
    X = rng.normal(size=(20, 3))
    y = X @ [1.0, -2.0, 0.5] + 0.1 * rng.normal(size=20)
    with pytest.raises(ValueError, match="X is too small"):  # the predictions were NaN
        GroupLasso(groups=[0, 0, 1]).fit(X * 1e-160, y)
    with pytest.raises(ValueError, match="y is too large"):  # the predictions were NaN
        GroupLasso(groups=[0, 0, 1]).fit(X, y * 1e300)
    with pytest.raises(ValueError, match="y is too large"):  # objective_path_ was inf
        HierarchicalAdaptiveLasso().fit(X, y * 1e300)
