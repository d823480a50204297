"""Figures and the explorer of the chapter on the lasso's extensions (MLAPP sections 13.5-13.6)."""

import numpy as np


def piecewise_signal(n=400, noise=0.35, random_state=0):
    """A synthetic stand-in for the array-CGH profile of MLAPP Fig. 13.16(a): mostly zero ("off"), a few
    constant segments of gain or loss, plus Gaussian noise. Returns ``(y, truth)``."""
    rng = np.random.default_rng(random_state)
    truth = np.zeros(n)
    for start, stop, level in ((60, 100, 1.5), (170, 180, -2.0), (230, 300, 1.0), (340, 350, 2.5)):
        a, b = int(start * n / 400), int(stop * n / 400)
        truth[a:b] = level
    return truth + noise * rng.standard_normal(n), truth


def fused_lasso_explorer(y=None, truth=None):
    """Sliders over log10 lambda_1 and log10 lambda_2 of the fused lasso (13.115) on a noisy piecewise-constant
    signal: the estimate drawn over the data and the truth, with the number of distinct levels and non-zeros."""
    import ipywidgets as widgets
    import matplotlib.pyplot as plt

    from statlib.linear_model import fused_lasso

    from ._common import explorer_panel

    if y is None:
        y, truth = piecewise_signal()
    l1 = widgets.FloatSlider(value=-1.0, min=-2.0, max=1.0, step=0.25, description="log10 λ₁")
    l2 = widgets.FloatSlider(value=0.5, min=-1.0, max=1.5, step=0.25, description="log10 λ₂")

    def draw():
        w = fused_lasso(y, 10.0**l1.value, 10.0**l2.value, tol=1e-7)
        fig, ax = plt.subplots(figsize=(10, 3.4))
        ax.plot(y, ".", color="0.6", ms=3, label="data")
        if truth is not None:
            ax.plot(truth, color="k", lw=1, label="truth")
        ax.plot(w, color="C3", lw=2, label="fused lasso")
        jumps = int(np.sum(np.abs(np.diff(w)) > 1e-6))
        ax.set_title(
            f"λ₁ = {10.0**l1.value:.3g}, λ₂ = {10.0**l2.value:.3g}: {jumps} jumps, "
            f"{int(np.sum(np.abs(w) > 1e-6))} non-zero of {w.size}"
        )
        ax.set_xlabel("position")
        ax.set_ylabel("signal")
        ax.legend(loc="upper right", fontsize=8)
        fig.tight_layout()
        return fig

    return explorer_panel([[l1, l2]], draw)


def plot_group_signals(axes, truth, estimates, groups):
    """Fig. 13.13/13.14 layout: the true signal and each ``name -> estimate``, one panel each, with the group
    boundaries marked and the mean squared error in the title, to two significant figures (the third depends
    on where the solvers' tolerances stopped them)."""
    panels = [("original", truth)] + list(estimates.items())
    edges = np.flatnonzero(np.diff(groups)) + 0.5
    for ax, (name, w) in zip(np.ravel(axes), panels):
        ax.plot(w, lw=0.8)
        for e in edges:
            ax.axvline(e, color="0.9", lw=0.5, zorder=0)
        title = name if name == "original" else f"{name}, MSE {np.mean((w - truth) ** 2):.1e}"
        ax.set_title(title, fontsize=9)
        ax.set_xlabel("index j")
        ax.set_ylabel("$w_j$")


def demo_explorer():
    """The fused-lasso explorer on the synthetic piecewise-constant signal."""
    return fused_lasso_explorer()
