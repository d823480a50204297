"""Figures and the explorer of chapter 20 (latent Dirichlet allocation): the plate diagram of the model
(Li Hang Figure 20.4) and the state of the collapsed Gibbs sampler (Algorithm 20.2) after a number of sweeps."""

import numpy as np
from matplotlib.patches import Circle, FancyArrowPatch, Rectangle

from ..topic import LatentDirichletAllocation

__all__ = ["plot_plate_diagram", "gibbs_state", "plot_gibbs_state", "explorer", "demo_explorer"]


def plot_plate_diagram(ax):
    """Draw the plate diagram of LDA (Li Hang Figure 20.4) on ``ax``: alpha -> theta_m -> z_mn -> w_mn <- phi_k
    <- beta, with the plates M (documents), N_m (words of a document) and K (topics); w_mn is observed (shaded)."""
    if not hasattr(ax, "add_patch"):
        raise TypeError(f"ax must be a matplotlib Axes, got {type(ax).__name__}")
    nodes = {  # name: (x, y, label, observed, radius)
        "alpha": (0.6, 2.0, r"$\alpha$", False, 0.28),
        "theta": (2.0, 2.0, r"$\theta_m$", False, 0.38),
        "z": (3.5, 2.0, r"$z_{mn}$", False, 0.38),
        "w": (5.0, 2.0, r"$w_{mn}$", True, 0.38),
        "phi": (5.0, 0.35, r"$\varphi_k$", False, 0.38),
        "beta": (3.4, 0.35, r"$\beta$", False, 0.28),
    }
    for x, y, label, observed, r in nodes.values():
        filled = r > 0.3
        ax.add_patch(
            Circle((x, y), r, facecolor="0.8" if observed else "white", edgecolor="black" if filled else "none")
        )
        ax.text(x, y, label, ha="center", va="center", fontsize=13)
    for a, b in [("alpha", "theta"), ("theta", "z"), ("z", "w"), ("beta", "phi"), ("phi", "w")]:
        (x0, y0, *_, r0), (x1, y1, *_, r1) = nodes[a], nodes[b]
        d = np.hypot(x1 - x0, y1 - y0)
        ux, uy = (x1 - x0) / d, (y1 - y0) / d
        ax.add_patch(
            FancyArrowPatch(
                (x0 + ux * r0, y0 + uy * r0), (x1 - ux * r1, y1 - uy * r1), arrowstyle="-|>", mutation_scale=14
            )
        )
    for (x, y, w, h), label in [
        ((1.35, 1.15, 4.85, 1.65), "$M$"),
        ((2.9, 1.35, 2.75, 1.25), "$N_m$"),
        ((4.35, -0.3, 1.3, 1.2), "$K$"),
    ]:
        ax.add_patch(Rectangle((x, y), w, h, fill=False, edgecolor="0.3"))
        ax.text(x + w - 0.08, y + 0.08, label, ha="right", va="bottom", fontsize=11)
    ax.set_xlim(0.0, 6.4)
    ax.set_ylim(-0.5, 3.0)
    ax.set_aspect("equal")
    ax.axis("off")
    return ax


def gibbs_state(X, n_topics, n_sweeps, *, alpha=0.1, beta=0.01, random_state=0):
    """The collapsed Gibbs sampler (Algorithm 20.2) on the counts ``X`` (documents x words) after ``n_sweeps``
    sweeps, with the log joint (20.26) recorded after every sweep: a fitted ``LatentDirichletAllocation``.

    The uniforms of each sweep are drawn in order from one generator, so the run for ``n_sweeps`` is the first
    ``n_sweeps`` sweeps of any longer run with the same seed."""
    return LatentDirichletAllocation(
        n_topics, alpha=alpha, beta=beta, n_iter=n_sweeps, evaluate_every=1, random_state=random_state
    ).fit(X)


def plot_gibbs_state(axes, model, words, documents, *, loglik_limits=None):
    """Three panels for a fitted ``LatentDirichletAllocation``: phi (20.33) as topics x words, theta (20.31) as
    documents x topics (each with a colour bar of the probabilities), and the trace of the log joint (20.26) over
    the sweeps recorded in ``model``."""
    if len(axes) != 3:
        raise ValueError(f"axes must hold three Axes, got {len(axes)}")
    phi, theta = model.components_, model.doc_topic_
    K = phi.shape[0]
    if len(words) != phi.shape[1] or len(documents) != theta.shape[0]:
        raise ValueError("words and documents must match the model's words and the documents it was fitted on")
    ax = axes[0]
    im = ax.imshow(phi, cmap="Blues", vmin=0, vmax=max(0.5, phi.max()), aspect="auto")
    ax.figure.colorbar(im, ax=ax, fraction=0.05, pad=0.02)
    ax.set_xticks(range(len(words)), words, rotation=60, ha="right", fontsize=8)
    ax.set_yticks(range(K), [f"topic {k + 1}" for k in range(K)])
    ax.set_xlabel("word $v$")
    ax.set_ylabel("topic $k$")
    ax.set_title(r"$\varphi_{kv}$ (20.33)")
    ax = axes[1]
    im = ax.imshow(theta, cmap="Oranges", vmin=0, vmax=1, aspect="auto")
    ax.figure.colorbar(im, ax=ax, fraction=0.1, pad=0.04)
    ax.set_yticks(range(len(documents)), documents, fontsize=8)
    ax.set_xticks(range(K), [str(k + 1) for k in range(K)])
    ax.set_xlabel("topic $k$")
    ax.set_ylabel("document $m$")
    ax.set_title(r"$\theta_{mk}$ (20.31)")
    ax = axes[2]
    ax.plot(model.loglikelihood_sweeps_, model.loglikelihoods_, color="C0")
    ax.set_xlabel("sweep")
    ax.set_ylabel(r"$\log p(\mathbf{w}, \mathbf{z} \mid \alpha, \beta)$ (20.26)")
    ax.set_title("log joint of the chain")
    if loglik_limits is not None:
        ax.set_ylim(*loglik_limits)
    return axes


def explorer(X, words, documents, *, beta=0.01, max_sweeps=200, random_state=0):
    """Widget: sliders for the number of topics K and the sweep t, a menu for alpha; the panels of
    :func:`plot_gibbs_state` follow the sampler on ``X`` (documents x words) up to sweep t."""
    import ipywidgets as widgets
    import matplotlib.pyplot as plt

    from ._common import explorer_panel

    max_sweeps = int(max_sweeps)
    if max_sweeps < 2:
        raise ValueError(f"max_sweeps must be at least 2, got {max_sweeps}")
    k_slider = widgets.IntSlider(value=2, min=2, max=4, description="topics K")
    t_slider = widgets.IntSlider(value=max_sweeps, min=1, max=max_sweeps, description="sweep t")
    a_menu = widgets.Dropdown(options=[0.01, 0.1, 1.0], value=0.1, description="α")

    def draw():
        model = gibbs_state(X, k_slider.value, t_slider.value, alpha=a_menu.value, beta=beta, random_state=random_state)
        fig, axes = plt.subplots(1, 3, figsize=(13, 3.8), gridspec_kw={"width_ratios": [1.6, 0.8, 1.3]})
        plot_gibbs_state(axes, model, words, documents)
        fig.tight_layout()
        return fig

    return explorer_panel([[k_slider, a_menu, t_slider]], draw)


def demo_explorer():
    """The chapter's explorer on the book titles of §17.2.2 (Exercise 20.2)."""
    from ..datasets import load_example

    ex = load_example("lihang", "exercise-20.2")
    return explorer(ex.X, ex.words, ex.documents, max_sweeps=100)
