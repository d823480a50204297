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


def _chapter_13_kmeans_panels():
    """Chapter 13's k-means run on Table 13.1 from the starts A, B, one panel per step as the chapter draws it:
    (table, run, figure, axes)."""
    t1 = load_example("lihang", "table-13.1")
    run = viz_clustering.kmeans_iterates(t1.X, t1.X[[0, 1]], n_steps=10)
    fig, axes = plt.subplots(1, len(run), figsize=(3.3 * len(run), 3.2), sharex=True, sharey=True)
    for t, (ax, (centres, labels, _)) in enumerate(zip(axes, run)):
        previous = run[t - 1][0] if t else None
        viz_clustering.plot_kmeans_state(ax, t1.X, centres, labels, previous=previous, point_names=t1.sample_names)
    return t1, run, fig, axes


def test_kmeans_state_names_lie_inside_the_axes():
    # Table 13.1 (chapter 13): sample E at (3, 5) is the largest in both coordinates, its name up and to the right
    t1, run, fig, axes = _chapter_13_kmeans_panels()
    single, ax1 = plt.subplots(figsize=(4.5, 4))
    centres, labels, _ = run[-1]
    viz_clustering.plot_kmeans_state(ax1, t1.X, centres, labels, point_names=t1.sample_names)
    for figure in (fig, single):
        figure.canvas.draw()
    for ax in [*axes, ax1]:
        assert len([t for t in ax.texts if t.get_text()]) == 5
        _assert_texts_inside(ax)


def test_kmeans_names_keep_off_the_centres_moves():
    # chapter 13's run from the starts A, B: at t = 3 the move of the centre of {D, E} passes through D, and D's name
    # on the side away from the centre sat on it
    from statlib.viz._common import _segment_crosses_rect

    _, run, fig, axes = _chapter_13_kmeans_panels()
    fig.canvas.draw()
    for t in range(1, len(run)):
        ax = axes[t]
        moves = [ax.transData.transform([a, b]) for a, b in zip(run[t - 1][0], run[t][0])]
        for text in [t for t in ax.texts if t.get_text()]:
            box = text.get_bbox_patch().get_window_extent().extents
            assert not any(_segment_crosses_rect(p, q, box) for p, q in moves), (t, text.get_text())


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


@pytest.mark.parametrize("steps, degrees", [(1, 0.0), (30, 0.0), (30, 45.0)])
def test_biplot_labels_do_not_overlap_one_another(steps, degrees):
    # the factor analysis chapter's static view: ash and magnesium, proanthocyanins and total phenols, malic acid
    # and nonflavanoid phenols have loadings close enough that labels at the arrow tips would overprint
    wine = load_wine()
    X = (wine.data - wine.data.mean(axis=0)) / wine.data.std(axis=0)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        fa = FactorAnalysis(2, tol=0.0, max_iter=steps, algorithm="em").fit(X)
    R = viz_fa.rotation(np.deg2rad(degrees))
    fig, ax = plt.subplots(figsize=(14 / 3, 4.4))
    viz_fa.plot_biplot(ax, fa.transform(X) @ R, fa.components_.T @ R, wine.feature_names)
    fig.tight_layout()
    fig.canvas.draw()
    labels = [text for text in ax.texts if text.get_text()]
    boxes = [text.get_window_extent() for text in labels]
    assert len(boxes) == len(wine.feature_names)
    for i in range(len(boxes)):
        for j in range(i + 1, len(boxes)):
            assert not boxes[i].overlaps(boxes[j]), (labels[i].get_text(), labels[j].get_text())


def _line_pixels(ax, line, n=200):
    x, y = line.get_data()
    t = np.linspace(0.0, 1.0, n)
    points = np.column_stack([x[0] + t * (x[-1] - x[0]), y[0] + t * (y[-1] - y[0])])
    return ax.transData.transform(points)


def test_pca_rotated_axis_names_lie_beyond_their_lines():
    # chapter 16, Figure 16.1: the names y_1 and y_2 sit past the ends of their lines, clear of them and of the legend
    from statlib.viz import pca as viz_pca

    rng = np.random.default_rng(0)
    X = rng.multivariate_normal([0.0, 0.0], [[1.0, 0.8], [0.8, 1.0]], size=300)
    X = (X - X.mean(axis=0)) / X.std(axis=0, ddof=1)
    components = np.array([[1.0, 1.0], [1.0, -1.0]]) / np.sqrt(2.0)
    fig, axes = plt.subplots(1, 2, figsize=(10, 4.8), constrained_layout=True)
    viz_pca.plot_rotation(axes, X, components)
    fig.canvas.draw()
    ax = axes[1]
    names = [text for text in ax.texts if text.get_text() in ("$y_1$", "$y_2$")]
    legend = ax.get_legend().get_window_extent()
    assert len(names) == 2
    for text in names:
        box = text.get_window_extent()
        assert not box.overlaps(legend), text.get_text()
        for line in ax.get_lines()[-2:]:
            assert not any(box.contains(px, py) for px, py in _line_pixels(ax, line)), text.get_text()


@pytest.mark.parametrize("direction", [(0.73, 0.68), (1.0, 0.0), (0.0, 1.0), (-0.6, 0.8)])
def test_pca_projection_origin_name_stays_off_the_axis(direction):
    # chapter 16, Figure 16.2: the name O beside the origin is never drawn over the axis through it
    from statlib.viz import pca as viz_pca

    abc = np.array([[1.2, 1.5], [-1.5, -0.4], [0.3, -1.1]])
    fig, ax = plt.subplots(figsize=(5, 4.8))
    viz_pca.plot_projection(ax, abc, direction)
    fig.canvas.draw()
    (origin,) = [text for text in ax.texts if text.get_text() == "O"]
    box = origin.get_window_extent()
    assert not any(box.contains(px, py) for px, py in _line_pixels(ax, ax.get_lines()[0]))


def test_biplot_labels_sit_on_no_arrow():
    # the factor analysis chapter's static view, as the chapter draws it (three panels, then tight_layout): labels at
    # the arrow tips lay across the arrows of their neighbours (total phenols over proanthocyanins, nonflavanoid
    # phenols over its own arrow)
    from statlib.viz._common import _segment_crosses_rect

    wine = load_wine()
    names = [n.replace("od280/od315_of_diluted_wines", "OD280/OD315") for n in wine.feature_names]
    X = (wine.data - wine.data.mean(axis=0)) / wine.data.std(axis=0)
    fig, axes = plt.subplots(1, 3, figsize=(14, 4.4))
    arrows = []
    for ax, (steps, degrees) in zip(axes, [(1, 0.0), (30, 0.0), (30, 45.0)]):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ConvergenceWarning)
            fa = FactorAnalysis(2, tol=0.0, max_iter=steps, algorithm="em").fit(X)
        R = viz_fa.rotation(np.deg2rad(degrees))
        scores, loadings = fa.transform(X) @ R, fa.components_.T @ R
        viz_fa.plot_biplot(ax, scores, loadings, names)
        arrows.append(loadings * 0.9 * np.abs(scores).max() / np.abs(loadings).max())
    fig.tight_layout()
    fig.canvas.draw()
    for ax, tips in zip(axes, arrows):
        tips, origin = ax.transData.transform(tips), ax.transData.transform((0.0, 0.0))
        labels = [text for text in ax.texts if text.get_text() in names]
        assert len(labels) == len(names)
        for text in labels:
            box = text.get_bbox_patch().get_window_extent().extents
            assert not any(_segment_crosses_rect(origin, tip, box) for tip in tips), text.get_text()


def test_biplot_wants_a_name_per_variable():
    fig, ax = plt.subplots()
    with pytest.raises(ValueError, match="names"):
        viz_fa.plot_biplot(ax, np.zeros((3, 2)), np.eye(2), ["only one"])
