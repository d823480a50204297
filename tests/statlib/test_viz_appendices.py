"""statlib.viz.linalg and statlib.viz.dirichlet (appendices D and E): the figures show what they claim, and the
helpers agree with SciPy."""

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402
import scipy.stats as st  # noqa: E402

from statlib.datasets import load_example  # noqa: E402
from statlib.viz import dirichlet as vdir  # noqa: E402
from statlib.viz import linalg as vla  # noqa: E402


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


def test_figure_d1_states_the_four_dimensions_of_example_15_1():
    fig, ax = plt.subplots()
    vla.plot_fundamental_subspaces(ax, 5, 4, 3)
    texts = " ".join(t.get_text() for t in ax.texts)
    for part in ("dim $r$ = 3", "dim $n - r$ = 1", "dim $m - r$ = 2", "$N(A^T)$", "$R(A^T)$"):
        assert part in texts


@pytest.mark.parametrize(
    "m, n, r, error",
    [
        (5, 4, 5, ValueError),
        (0, 4, 0, ValueError),
        (5, 4, -1, ValueError),
        (5.0, 4, 3, TypeError),
        (5, 4, True, TypeError),
    ],
)
def test_figure_d1_rejects_impossible_dimensions(m, n, r, error):
    fig, ax = plt.subplots()
    with pytest.raises(error):
        vla.plot_fundamental_subspaces(ax, m, n, r)


def test_row_null_split_of_example_15_5():
    A = load_example("lihang", "15.5").A  # rows (1, 1), (2, 2), (0, 0): row space along (1, 1)
    fig, ax = plt.subplots()
    x_r, x_n = vla.plot_row_null_plane(ax, A, [2.0, -1.0])
    np.testing.assert_allclose(x_r, [0.5, 0.5], atol=1e-12)  # projection of (2, -1) on (1, 1)/sqrt(2), by hand
    np.testing.assert_allclose(x_n, [1.5, -1.5], atol=1e-12)
    np.testing.assert_allclose(A @ x_n, 0, atol=1e-12)


@pytest.mark.parametrize(
    "A, x",
    [
        (np.eye(2), [1.0, 0.0]),
        (np.ones((3, 3)), [1.0, 0.0]),
        (np.ones((2, 2)), [1.0, np.nan]),
        (np.ones((2, 2)), [1.0, 2.0, 3.0]),
    ],
)
def test_row_null_split_rejects_bad_input(A, x):
    fig, ax = plt.subplots()
    with pytest.raises(ValueError):
        vla.plot_row_null_plane(ax, A, x)


def test_dirichlet_logpdf_matches_scipy_and_the_grid_is_on_the_simplex():
    theta, xy = vdir.simplex_grid(20)
    assert len(theta) == 19 * 18 // 2 and np.all(theta > 0)
    np.testing.assert_allclose(theta.sum(axis=1), 1.0, atol=1e-12)
    for alpha in ([1.0, 1.0, 1.0], [0.6, 2.0, 7.5]):
        np.testing.assert_allclose(
            vdir.dirichlet_logpdf(theta, alpha), [st.dirichlet.logpdf(t, alpha) for t in theta], rtol=1e-10, atol=1e-12
        )
    assert vdir.dirichlet_logpdf([0.2, 0.3, 0.5], [1.0, 1.0, 1.0]) == pytest.approx(np.log(2.0))  # flat: 1 / area


@pytest.mark.parametrize("alpha", [[1.0, 1.0], [1.0, 0.0, 2.0], [1.0, np.inf, 2.0]])
def test_simplex_density_rejects_bad_alpha(alpha):
    fig, ax = plt.subplots()
    with pytest.raises(ValueError, match="alpha"):
        vdir.plot_simplex_density(ax, alpha)


def test_simplex_density_marks_the_mean():
    fig, ax = plt.subplots()
    vdir.plot_simplex_density(ax, [2.0, 5.0, 10.0], resolution=30)
    (mean,) = [c.get_offsets()[0] for c in ax.collections if type(c).__name__ == "PathCollection"]
    corners = np.array([[0.0, 0.0], [1.0, 0.0], [0.5, np.sqrt(3) / 2]])
    np.testing.assert_allclose(mean, np.array([2.0, 5.0, 10.0]) / 17 @ corners)


def test_bernoulli_kl_curves_vanish_only_at_p_and_reject_bad_p():
    fig, ax = plt.subplots()
    vdir.plot_bernoulli_kl(ax, 0.3)
    for line in ax.get_lines()[:2]:
        q, d = line.get_data()
        assert np.all(d >= 0) and abs(q[np.argmin(d)] - 0.3) < 0.003
        k = np.argmin(np.abs(q - 0.8))
        P, Q = [0.3, 0.7], [q[k], 1 - q[k]]
        expected = st.entropy(P, Q) if line.get_linestyle() == "--" else st.entropy(Q, P)
        assert d[k] == pytest.approx(expected, rel=1e-12)
    for bad in (0.0, 1.0, -0.2):
        with pytest.raises(ValueError, match="p must"):
            vdir.plot_bernoulli_kl(ax, bad)


def test_dirichlet_explorer_starts_at_alpha_and_rejects_bad_input():
    import ipywidgets as widgets

    panel = vdir.explorer((0.5, 3.0, 7.0), n_samples=0)
    sliders = [w for w in panel.children[0].children if isinstance(w, widgets.FloatSlider)]
    assert [s.value for s in sliders] == [0.5, 3.0, 7.0]
    assert panel.image.value[:4] == b"\x89PNG"
    with pytest.raises(ValueError, match="alpha"):
        vdir.explorer((1.0, -1.0, 2.0))
    with pytest.raises(ValueError, match="n_samples"):
        vdir.explorer((1.0, 1.0, 2.0), n_samples=-5)
