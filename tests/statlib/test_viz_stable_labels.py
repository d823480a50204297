"""Figure titles and legends carry no number that depends on where a tolerance stopped a loop or on a sampled
chain's estimate, and labels stay inside their axes (statlib.viz.mixture, optim, lasso_extensions, rvm,
factor_analysis, clustering, mcmc)."""

import matplotlib

matplotlib.use("Agg")

import warnings  # noqa: E402

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402
from sklearn.datasets import load_iris, load_wine  # noqa: E402
from sklearn.exceptions import ConvergenceWarning  # noqa: E402

from statlib.datasets import load_example  # noqa: E402
from statlib.decomposition import FactorAnalysis  # noqa: E402
from statlib.mixture import em_gmm_1d  # noqa: E402
from statlib.optim import minimize, rosenbrock, rosenbrock_grad  # noqa: E402
from statlib.sampling import metropolis_hastings  # noqa: E402
from statlib.viz import clustering as viz_clustering  # noqa: E402
from statlib.viz import factor_analysis as viz_fa  # noqa: E402
from statlib.viz import lasso_extensions as viz_lasso_ext  # noqa: E402
from statlib.viz import mcmc as viz_mcmc  # noqa: E402
from statlib.viz import mixture as viz_mixture  # noqa: E402
from statlib.viz import optim as viz_optim  # noqa: E402
from statlib.viz import rvm as viz_rvm  # noqa: E402


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


def _petal_lengths():
    return load_iris().data[:, 2]


def test_em_steps_title_the_converged_panel_without_its_iteration_count():
    y = _petal_lengths()
    path = em_gmm_1d(y, [0.5, 0.5], [2.4, 4.0], [1.0, 1.0], tol=1e-10, max_iter=1000)
    assert path.converged
    fig, axes = plt.subplots(1, 3)
    viz_mixture.plot_em_steps(axes, y, path, [0, 1, path.n_iter])
    titles = [ax.get_title() for ax in axes]
    assert titles[0].startswith("iteration 0:") and titles[1].startswith("iteration 1:")
    assert titles[2].startswith("at convergence:") and str(path.n_iter) not in titles[2].split(":")[0]


def test_em_steps_keep_the_count_of_a_path_stopped_by_max_iter():
    y = _petal_lengths()
    path = em_gmm_1d(y, [0.5, 0.5], [2.4, 4.0], [1.0, 1.0], tol=None, max_iter=5)
    fig, ax = plt.subplots()
    viz_mixture.plot_em_steps([ax], y, path, [5])
    assert ax.get_title().startswith("iteration 5:")


def test_optim_convergence_legend_names_the_methods_only():
    results = {m: minimize(rosenbrock, [-1.2, 1.0], jac=rosenbrock_grad, method=m) for m in ("bfgs", "dfp")}
    fig, (a, b) = plt.subplots(1, 2)
    viz_optim.plot_convergence(a, b, results)
    assert [line.get_label() for line in a.get_lines()] == ["BFGS", "DFP"]


def test_group_signal_titles_round_the_mse_to_two_significant_figures():
    truth = np.zeros(4)
    fig, axes = plt.subplots(1, 2)
    viz_lasso_ext.plot_group_signals(axes, truth, {"lasso": np.array([1.0, 0.0, 0.0, 0.0])}, np.array([0, 0, 1, 1]))
    assert axes[1].get_title() == "lasso, MSE 2.5e-01"  # mean of (1, 0, 0, 0)^2


def test_rvm_static_view_counts_the_relevance_vectors_of_the_converged_fit():
    # the RVM chapter's converged fit (gamma = 10, 50 points, noise 0.2, seed 0) keeps 4 relevance vectors, the
    # same as ard_fit on its kernel design matrix; the default tolerance 1e-3 stops with more of them
    fig = viz_rvm.draw_rvm_fit(1.0, 50, 0.2)
    assert fig.axes[0].get_title() == "RVM, Gaussian kernel γ = 10: 4 relevance vectors"
    loose = viz_rvm.draw_rvm_fit(1.0, 50, 0.2, tol=1e-3).axes[0].get_title()
    assert int(loose.split(": ")[1].split()[0]) > 4
    fig = viz_rvm.draw_rvm_fit(1.0, 50, 0.2, max_iter=2)
    assert fig.axes[0].get_title().endswith("(not converged in 2 iterations)")


def test_biplot_labels_lie_inside_the_axes():
    # the factor analysis chapter's static view: two factors of the standardised wine data after 30 EM steps,
    # rotated by 45 degrees, whose longest loadings point down and to the right
    wine = load_wine()
    X = (wine.data - wine.data.mean(axis=0)) / wine.data.std(axis=0)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        fa = FactorAnalysis(2, tol=0.0, max_iter=30, algorithm="em").fit(X)
    loadings = fa.components_.T @ viz_fa.rotation(np.deg2rad(45.0))
    fig, ax = plt.subplots(figsize=(14 / 3, 4.4))
    viz_fa.plot_biplot(ax, fa.transform(X) @ viz_fa.rotation(np.deg2rad(45.0)), loadings, wine.feature_names)
    fig.tight_layout()
    fig.canvas.draw()
    box = ax.get_window_extent()
    for text in ax.texts:
        extent = text.get_window_extent()
        assert box.y0 <= extent.y0 and extent.y1 <= box.y1, text.get_text()
        assert box.x0 <= extent.x0 + 0.5 * extent.width and extent.x1 - 0.5 * extent.width <= box.x1, text.get_text()


def _assert_texts_inside(ax):
    box = ax.get_window_extent()
    for text in ax.texts:
        extent = text.get_window_extent()
        assert box.x0 <= extent.x0 and extent.x1 <= box.x1, text.get_text()
        assert box.y0 <= extent.y0 and extent.y1 <= box.y1, text.get_text()


def test_kmeans_state_names_lie_inside_the_axes():
    # Table 13.1 (chapter 13): sample E at (3, 5) is the largest in both coordinates, its name up and to the right
    t1 = load_example("lihang", "table-13.1")
    run = viz_clustering.kmeans_iterates(t1.X, t1.X[[0, 1]], n_steps=10)
    fig, axes = plt.subplots(1, len(run), figsize=(3.3 * len(run), 3.2), sharex=True, sharey=True)
    for t, (ax, (centres, labels, _)) in enumerate(zip(axes, run)):
        previous = run[t - 1][0] if t else None
        viz_clustering.plot_kmeans_state(ax, t1.X, centres, labels, previous=previous, point_names=t1.sample_names)
    single, ax1 = plt.subplots(figsize=(4.5, 4))
    centres, labels, _ = run[-1]
    viz_clustering.plot_kmeans_state(ax1, t1.X, centres, labels, point_names=t1.sample_names)
    for figure in (fig, single):
        figure.canvas.draw()
    for ax in [*axes, ax1]:
        assert len([t for t in ax.texts if t.get_text()]) == 5
        _assert_texts_inside(ax)


def test_kmeans_state_wants_one_name_per_sample():
    X = np.array([[0.0, 0.0], [1.0, 1.0], [4.0, 4.0]])
    fig, ax = plt.subplots()
    with pytest.raises(ValueError, match="point_names"):
        viz_clustering.plot_kmeans_state(ax, X, X[[0, 2]], np.array([0, 0, 1]), point_names=["A", "B"])


def test_chain_diagnostics_keep_the_ess_out_of_a_static_figure():
    samples, _ = metropolis_hastings(viz_mcmc.mixture_log_density, 0.0, 2000, scale=2.5, random_state=0)
    fig, axes = plt.subplots(1, 3)
    viz_mcmc.plot_chain_diagnostics(axes, samples, viz_mcmc.mixture_density, title="trace")
    assert "ESS" not in " ".join(ax.get_title() for ax in axes)
    assert axes[2].get_title() == "autocorrelation of the 2000 samples"
    fig, axes = plt.subplots(1, 3)
    viz_mcmc.plot_chain_diagnostics(axes, samples, show_ess=True)
    assert axes[2].get_title().startswith("autocorrelation; ESS = ")
    with pytest.raises(TypeError, match="show_ess"):
        viz_mcmc.plot_chain_diagnostics(axes, samples, show_ess="yes")
    # the explorer, where the reader moves the step size, shows it
    assert "ESS = " in viz_mcmc.draw_metropolis(2.5, 1000).axes[2].get_title()
