"""Tests for the figure helpers of ch. 1 (statlib.viz.introduction)."""

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402
from scipy import integrate  # noqa: E402

from statlib.viz import introduction as viz  # noqa: E402


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


def test_beta_posterior_is_bayes_rule():
    # (1.3) by brute force: likelihood times prior density, normalised by the evidence P(D).
    n, k, a, b = 10, 7, 2.0, 3.0
    post = viz.beta_posterior(n, k, a, b)
    unnorm = lambda p: p**k * (1 - p) ** (n - k) * p ** (a - 1) * (1 - p) ** (b - 1)  # noqa: E731
    evidence = integrate.quad(unnorm, 0, 1)[0]
    for p in (0.1, 0.5, 0.77):
        assert post.pdf(p) == pytest.approx(unnorm(p) / evidence, rel=1e-9)
    # (1.4) for a Bernoulli x: P(x = 1 | D) = E[p | D] = (k + a) / (n + a + b).
    assert integrate.quad(lambda p: p * post.pdf(p), 0, 1)[0] == pytest.approx((k + a) / (n + a + b), rel=1e-9)


def test_uniform_prior_map_is_the_mle():
    # Li Hang section 1.2.4: with a uniform prior, the posterior maximum is the maximum-likelihood estimate k/n.
    grid = np.linspace(0, 1, 100_001)
    post = viz.beta_posterior(20, 13)
    assert grid[np.argmax(post.pdf(grid))] == pytest.approx(13 / 20, abs=1e-5)


@pytest.mark.parametrize(
    ("args", "error", "match"),
    [
        ((0, 0), ValueError, "n"),
        ((5, 6), ValueError, "k"),
        ((5, 2, -1.0), ValueError, "a"),
        ((5, 2, 1.0, 0.0), ValueError, "b"),
        ((5.0, 2), TypeError, "n"),
    ],
)
def test_beta_posterior_rejects_bad_input(args, error, match):
    with pytest.raises(error, match=match):
        viz.beta_posterior(*args)


def test_feature_map_turns_the_circle_into_a_line():
    theta = np.linspace(0, 2 * np.pi, 17)
    circle = 1.5 * np.c_[np.cos(theta), np.sin(theta)]
    np.testing.assert_allclose(viz.feature_map(circle).sum(axis=1), 1.5**2)
    X, y = viz.circle_data(300, radius=1.2, random_state=3)
    Z = viz.feature_map(X)
    # In the feature space the line z1 + z2 = r^2 separates the classes exactly.
    assert np.array_equal(np.where(Z.sum(axis=1) < 1.2**2, 1, -1), y)
    assert set(np.unique(y)) == {-1, 1}
    with pytest.raises(ValueError, match="X"):
        viz.feature_map(np.ones((3, 3)))
    with pytest.raises(ValueError, match="radius"):
        viz.circle_data(10, radius=0.0)


def test_figures_draw():
    assert viz.plot_bayes_vs_mle(10, 7).axes[0].get_xlabel() == "$p = P(X = 1)$"
    with pytest.raises(ValueError, match="priors"):
        viz.plot_bayes_vs_mle(10, 7, priors=())
    X, y = viz.circle_data(50)
    assert len(viz.plot_feature_map(X, y).axes) == 2
