"""Figures and the explorer of the variable-selection chapter (MLAPP section 13.2)."""

import numpy as np


def plot_gray_codes(ax, models):
    """MLAPP Figure 13.1(a): the bit vectors in Gray-code order, variable 1 on top, a dark cell for 1."""
    ax.imshow(
        models.T,
        aspect="auto",
        cmap="gray_r",
        interpolation="nearest",
        extent=[0.5, len(models) + 0.5, models.shape[1] + 0.5, 0.5],
    )
    ax.set_xlabel("model number (1 + position in Gray-code order)")
    ax.set_ylabel("variable $j$")
    ax.set_yticks(np.arange(1, models.shape[1] + 1))


def plot_scores(ax, log_scores):
    """MLAPP Figure 13.1(b): log p(model, data) = -f(gamma) for every model, in Gray-code order."""
    ax.plot(np.arange(1, len(log_scores) + 1), log_scores, lw=0.6, color="C0")
    ax.set_xlabel("model number")
    ax.set_ylabel(r"$\log p(\gamma, \mathcal{D})$")


def plot_posterior(ax, posterior, *, top=0.1):
    """MLAPP Figure 13.1(c): p(model | data) as stems, the vertical axis cut at ``top``."""
    m = np.arange(1, len(posterior) + 1)
    ax.vlines(m, 0, posterior, lw=0.6, color="C0")
    ax.plot(m, posterior, "o", ms=2.5, mfc="none", color="C0")
    ax.set_ylim(0, top)
    ax.set_xlabel("model number")
    ax.set_ylabel(r"$p(\gamma \mid \mathcal{D})$")


def plot_inclusion(ax, probs, *, true_model=None, threshold=0.5):
    """MLAPP Figure 13.1(d): the marginal inclusion probabilities p(gamma_j = 1 | D), the truly non-zero
    variables (1-based ``true_model``) in a second colour, the median-model threshold (13.4) dashed."""
    D = len(probs)
    colors = ["C0"] * D
    for j in true_model if true_model is not None else ():
        colors[j - 1] = "C3"
    ax.bar(np.arange(1, D + 1), probs, color=colors)
    ax.axhline(threshold, color="k", ls="--", lw=0.8)
    ax.set_xticks(np.arange(1, D + 1))
    ax.set_ylim(0, 1)
    ax.set_xlabel("variable $j$")
    ax.set_ylabel(r"$p(\gamma_j = 1 \mid \mathcal{D})$")


def plot_subset_rss(ax, models, rss, best_rss):
    """MLAPP Figure 13.2(b): the RSS of every subset against its size, with the lower envelope."""
    sizes = models.sum(axis=1)
    ax.scatter(sizes, rss, s=10, color="0.5", alpha=0.6, label="every subset")
    ax.plot(np.arange(len(best_rss)), best_rss, "o-", color="C3", label="best subset of each size")
    ax.set_xlabel("subset size $k$")
    ax.set_ylabel("residual sum of squares")
    ax.legend()


def selection_explorer(*, random_state=0):
    """Sliders for the prior inclusion probability pi0, the slab variance sigma_w^2 (log10) and the number of
    samples N of the Figure 13.1 model; the view is the posterior over the 1024 models and the inclusion
    probabilities, recomputed by enumeration."""
    import ipywidgets as widgets
    import matplotlib.pyplot as plt

    from statlib.datasets.mlapp_ch13 import FIGURE_13_1_W, make_figure_13_1
    from statlib.linear_model import BayesianVariableSelection

    from ._common import explorer_panel

    pi0 = widgets.Dropdown(options=[0.05, 0.1, 0.25, 0.5], value=0.1, description="π₀")
    slab = widgets.FloatSlider(value=0.0, min=-1.0, max=3.0, step=0.5, description="log₁₀ σ_w²")
    n = widgets.IntSlider(value=20, min=10, max=200, step=10, description="N")
    true_model = np.flatnonzero(FIGURE_13_1_W) + 1

    def draw():
        X, y = make_figure_13_1(random_state, n_samples=n.value)
        m = BayesianVariableSelection(
            noise_variance=1.0, slab_variance=10.0**slab.value, pi0=pi0.value, fit_intercept=False
        ).fit(X, y)
        fig, (a0, a1) = plt.subplots(1, 2, figsize=(11, 3.6))
        plot_posterior(a0, m.posterior_, top=1.0)
        best = np.argmax(m.posterior_)
        a0.set_title(f"MAP model {best + 1}: variables {list(np.flatnonzero(m.models_[best]) + 1)}", fontsize=10)
        plot_inclusion(a1, m.inclusion_probs_, true_model=true_model)
        a1.set_title(f"N = {n.value}: median model {list(np.flatnonzero(m.median_model_) + 1)}", fontsize=10)
        fig.tight_layout()
        return fig

    return explorer_panel([[pi0, slab, n]], draw)


def demo_explorer():
    """The chapter's explorer on the Figure 13.1 model."""
    return selection_explorer()
