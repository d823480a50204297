"""Figures and the explorer of the MCMC chapter (Li Hang ch. 19). Plotting only: the samplers live in
:mod:`statlib.sampling`."""

import numpy as np

from ..sampling import autocorrelation, effective_sample_size, metropolis_hastings

__all__ = [
    "mixture_log_density",
    "mixture_density",
    "plot_chain_diagnostics",
    "draw_metropolis",
    "metropolis_explorer",
    "demo_explorer",
]

# A two-component normal mixture: 0.3 N(-2, 0.6^2) + 0.7 N(2, 1): a target with two separated modes.
WEIGHTS = np.array([0.3, 0.7])
MEANS = np.array([-2.0, 2.0])
SDS = np.array([0.6, 1.0])


def mixture_density(x):
    """The density of 0.3 N(-2, 0.6^2) + 0.7 N(2, 1) at the points ``x``."""
    x = np.asarray(x, dtype=float)[..., None]
    return np.sum(WEIGHTS * np.exp(-0.5 * ((x - MEANS) / SDS) ** 2) / (SDS * np.sqrt(2 * np.pi)), axis=-1)


def mixture_log_density(x):
    """log of :func:`mixture_density` at a 1-D point ``x`` (array of length 1), for the samplers."""
    z = (x[0] - MEANS) / SDS
    terms = np.log(WEIGHTS / (SDS * np.sqrt(2 * np.pi))) - 0.5 * z * z
    top = terms.max()
    return float(top + np.log(np.sum(np.exp(terms - top))))  # log-sum-exp: finite far in the tails


def plot_chain_diagnostics(axes, samples, density=None, *, max_lag=60, title=None, show_ess=False):
    """Trace plot, histogram (with the target density) and autocorrelation of a 1-D chain on three axes.

    The effective sample size is an estimate from the sampled chain, so a static figure does not print it: a
    chapter prints it (or the mathematics it estimates) as text. ``show_ess=True`` adds it to the title of the
    autocorrelation panel, for the explorer, where the reader moves the step size and watches it change.
    """
    from .._validation import check_bool

    show_ess = check_bool(show_ess, "show_ess")
    samples = np.asarray(samples, dtype=float)
    ax_trace, ax_hist, ax_acf = axes
    ax_trace.plot(samples, lw=0.5, color="C0")
    ax_trace.set(xlabel="iteration t", ylabel="$x_t$", title=title or "trace")
    ax_hist.hist(samples, bins=60, density=True, color="C0", alpha=0.5, label="samples")
    if density is not None:
        grid = np.linspace(samples.min() - 1, samples.max() + 1, 400)
        ax_hist.plot(grid, density(grid), color="C3", label="target p(x)")
    ax_hist.set(xlabel="x", ylabel="density", title="histogram against the target")
    ax_hist.legend(fontsize=8)
    rho = autocorrelation(samples, min(max_lag, len(samples) - 1))
    ax_acf.bar(np.arange(len(rho)), rho, width=0.8, color="C0")
    ax_acf.axhline(0, color="k", lw=0.5)
    acf_title = f"autocorrelation of the {len(samples)} samples"
    if show_ess:
        acf_title = f"autocorrelation; ESS = {effective_sample_size(samples):.0f} of {len(samples)}"
    ax_acf.set(xlabel="lag k", ylabel=r"$\rho_k$", ylim=(-0.2, 1.05), title=acf_title)


def draw_metropolis(scale=1.0, n_iter=5000, seed=0):
    """A random-walk Metropolis chain on the two-mode mixture, started at 0: trace, histogram, autocorrelation."""
    import matplotlib.pyplot as plt

    samples, rate = metropolis_hastings(mixture_log_density, 0.0, n_iter, scale=scale, random_state=seed)
    fig, axes = plt.subplots(1, 3, figsize=(14, 3.4))
    plot_chain_diagnostics(
        axes,
        samples,
        mixture_density,
        title=f"trace: proposal sd {scale:g}, acceptance rate {rate:.2f}",
        show_ess=True,
    )
    fig.tight_layout()
    return fig


def metropolis_explorer():
    """Sliders for the proposal's standard deviation, the number of iterations and the seed of a random-walk
    Metropolis chain on a two-mode mixture."""
    import ipywidgets as widgets

    from ._common import explorer_panel

    scale = widgets.FloatSlider(value=1.0, min=0.1, max=10.0, step=0.1, description="proposal sd")
    n_iter = widgets.IntSlider(value=5000, min=500, max=20000, step=500, description="iterations")
    seed = widgets.IntSlider(value=0, min=0, max=20, description="seed")

    def draw():
        return draw_metropolis(scale.value, n_iter.value, seed.value)

    return explorer_panel([[scale, n_iter, seed]], draw)


def demo_explorer():
    """The Metropolis explorer on the two-mode mixture."""
    return metropolis_explorer()
