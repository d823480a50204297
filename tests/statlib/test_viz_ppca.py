"""The computations behind the PCA/PPCA chapter's figures (statlib.viz.ppca), against SciPy's normal density,
scikit-learn's PCA and hand derivations: the profile likelihood (MLAPP (12.70)-(12.72)), PPCA's reconstructions
(12.61)-(12.64) and Roweis' EM iterates (12.65)-(12.66)."""

import numpy as np
import pytest
from scipy.stats import norm
from sklearn.decomposition import PCA as SkPCA

from statlib.viz import ppca as viz


def test_profile_log_likelihood_against_scipy():
    lam = np.array([9.0, 8.0, 7.5, 2.0, 1.5, 1.0, 0.5])
    K = len(lam)
    got = viz.profile_log_likelihood(lam)
    assert got.shape == (K - 1,)
    for L in range(1, K):
        a, b = lam[:L], lam[L:]
        s2 = (((a - a.mean()) ** 2).sum() + ((b - b.mean()) ** 2).sum()) / K  # pooled, divisor K (12.71)
        ref = norm.logpdf(a, a.mean(), np.sqrt(s2)).sum() + norm.logpdf(b, b.mean(), np.sqrt(s2)).sum()
        assert got[L - 1] == pytest.approx(ref, rel=1e-12)
    # the change of regime between the third and fourth values
    assert np.argmax(got) + 1 == 3


def test_profile_log_likelihood_by_hand():
    # lam = (5, 3, 1, 1), L = 1: mu_1 = 5, mu_2 = 5/3, sum of squares 8/3, sigma^2 = 2/3; the residuals' squares sum
    # to K sigma^2, so l(1) = -(K/2) (log(2 pi sigma^2) + 1) = -2 log(4 pi / 3) - 2
    got = viz.profile_log_likelihood([5.0, 3.0, 1.0, 1.0])
    assert got[0] == pytest.approx(-2 * np.log(4 * np.pi / 3) - 2, rel=1e-14)


@pytest.mark.parametrize("lam", [[1.0, 2.0, 0.5], [3.0]])
def test_profile_log_likelihood_refuses_bad_input(lam):
    with pytest.raises(ValueError, match="lam"):
        viz.profile_log_likelihood(lam)


def test_ppca_reconstruction_zero_noise_is_pca_and_shrinks_by_one_minus_s2_over_lambda():
    X = viz.demo_data(n=60, random_state=3)
    sk = SkPCA(1).fit(X)
    pca_rec = sk.inverse_transform(sk.transform(X))
    _, X0, _ = viz.ppca_reconstruction(X, 0.0)
    np.testing.assert_allclose(X0, pca_rec, atol=1e-10)
    lam1 = np.linalg.eigvalsh(np.cov(X.T, bias=True)).max()
    s2 = 0.3 * lam1
    _, Xs, W = viz.ppca_reconstruction(X, s2)
    np.testing.assert_allclose(Xs - X.mean(0), (1 - s2 / lam1) * (pca_rec - X.mean(0)), atol=1e-10)
    assert (W[:, 0] @ W[:, 0]) == pytest.approx(lam1 - s2, rel=1e-12)  # (12.61)


def test_ppca_reconstruction_refuses_noise_at_or_above_lambda_L():
    X = viz.demo_data()
    lam1 = np.linalg.eigvalsh(np.cov(X.T, bias=True)).max()
    with pytest.raises(ValueError, match="noise_variance"):
        viz.ppca_reconstruction(X, lam1)
    with pytest.raises(ValueError, match="noise_variance"):
        viz.ppca_reconstruction(X, -1.0)


def test_em_iterates_project_then_regress_and_reach_the_top_eigenvector():
    X = viz.demo_data(n=50, random_state=1)
    Xc = X - X.mean(0)
    w0 = np.array([1.0, -0.3])
    states = viz.em_pca_iterates(X, w0, n_steps=30)
    assert [s[0] for s in states[:2]] == ["E-step 1", "M-step 1"] and len(states) == 60
    # the first E-step: least-squares coordinates of each point along w0 (12.65)
    np.testing.assert_allclose(states[0][2], np.linalg.lstsq(w0[:, None], Xc.T, rcond=None)[0].ravel(), atol=1e-12)
    # the first M-step: least-squares regression of the data on z (12.66)
    z = states[1][2]
    np.testing.assert_allclose(states[1][1], np.linalg.lstsq(z[:, None], Xc, rcond=None)[0].ravel(), atol=1e-12)
    w = states[-1][1]
    v1 = np.linalg.eigh(Xc.T @ Xc)[1][:, -1]
    assert abs(w @ v1) / np.linalg.norm(w) == pytest.approx(1.0, abs=1e-10)


def test_em_iterates_refuse_a_zero_or_misshapen_start():
    X = viz.demo_data()
    with pytest.raises(ValueError, match="w0"):
        viz.em_pca_iterates(X, np.zeros(2), 1)
    with pytest.raises(ValueError, match="w0"):
        viz.em_pca_iterates(X, np.ones(3), 1)
    with pytest.raises(ValueError, match="n_steps"):
        viz.em_pca_iterates(X, np.ones(2), 0)
