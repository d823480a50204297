"""Figures and the explorer of the PRML section 7.1 chapter: error functions and support vector regression."""

import numpy as np

__all__ = ["plot_error_functions", "plot_eps_insensitive", "plot_tube", "svr_explorer", "demo_explorer"]


def plot_error_functions(ax, z=None):
    """PRML Fig. 7.5: the hinge error [1 - z]_+, the logistic error ln(1 + e^-z) divided by ln 2
    (so that it passes through (0, 1)), the misclassification error and the squared error (1 - z)^2,
    against z = y t."""
    z = np.linspace(-2.0, 2.0, 401) if z is None else np.asarray(z, dtype=float)
    ax.plot(z, np.maximum(0.0, 1.0 - z), color="C0", label=r"hinge $E_{SV}$")
    ax.plot(z, np.log1p(np.exp(-z)) / np.log(2.0), color="C3", label=r"logistic $E_{LR}/\ln 2$")
    ax.plot(z, (z < 0).astype(float), color="k", drawstyle="steps-mid", label="misclassification")
    ax.plot(z, (1.0 - z) ** 2, color="C2", label=r"squared $(1 - z)^2$")
    ax.set_ylim(-0.1, 4.0)
    ax.set_xlabel(r"$z = y\,t$")
    ax.set_ylabel(r"$E(z)$")
    ax.legend(fontsize=8)
    return ax


def plot_eps_insensitive(ax, epsilon=1.0):
    """PRML Fig. 7.6: the epsilon-insensitive error, zero inside [-epsilon, epsilon] and rising linearly
    outside, beside the quadratic error, against the residual r = y(x) - t."""
    r = np.linspace(-2.0 * epsilon - 1.0, 2.0 * epsilon + 1.0, 401)
    ax.plot(r, np.maximum(0.0, np.abs(r) - epsilon), color="C3", label=r"$E_\epsilon(r)$")
    ax.plot(r, 0.5 * r**2, color="C2", label=r"quadratic $r^2/2$")
    ax.axvspan(-epsilon, epsilon, color="0.9")
    ax.set_ylim(-0.1, 2.5)
    ax.set_xlabel(r"residual $r = y(x) - t$")
    ax.set_ylabel("error")
    ax.legend(fontsize=8)
    return ax


def plot_tube(ax, model, X, t, *, truth=None):
    """PRML Fig. 7.7: the fitted y(x) of a one-dimensional SVR with its epsilon-tube, the support vectors
    (points on or outside the tube, a_n - a_hat_n != 0) ringed and the points inside the tube plain."""
    x = np.asarray(X, dtype=float).ravel()
    grid = np.linspace(x.min(), x.max(), 400)
    y = model.predict(grid[:, None])
    eps = model.epsilon
    ax.fill_between(grid, y - eps, y + eps, color="C0", alpha=0.15, label=r"$\epsilon$-tube")
    ax.plot(grid, y, color="C0", label=r"$y(x)$")
    if truth is not None:
        ax.plot(grid, truth(grid), "--", color="0.4", lw=1, label="true function")
    sv = np.zeros(x.size, dtype=bool)
    sv[model.support_] = True
    ax.scatter(x[~sv], np.asarray(t)[~sv], s=18, color="C1", label="inside the tube")
    ax.scatter(x[sv], np.asarray(t)[sv], s=60, facecolors="none", edgecolors="k", label="support vectors")
    ax.set_xlabel("$x$")
    ax.set_ylabel("$t$")
    return ax


def svr_explorer(X, t, *, truth=None):
    """An ipywidgets explorer: sliders for epsilon, log10 C and log10 gamma refit statlib's SVR and redraw the
    tube and the support vectors."""
    import ipywidgets as widgets
    import matplotlib.pyplot as plt

    from ..svm import SVR
    from ._common import explorer_panel

    epsilon = widgets.FloatSlider(value=0.2, min=0.0, max=1.0, step=0.05, description="ε")
    log10_C = widgets.FloatSlider(value=1.0, min=-2.0, max=3.0, step=0.25, description="log₁₀ C")
    log10_gamma = widgets.FloatSlider(value=1.0, min=-1.0, max=2.0, step=0.25, description="log₁₀ γ")

    def draw():
        model = SVR(C=10.0**log10_C.value, epsilon=epsilon.value, gamma=10.0**log10_gamma.value, tol=1e-6)
        model.fit(X, t)
        fig, ax = plt.subplots(figsize=(6, 4))
        plot_tube(ax, model, X, t, truth=truth)
        ax.set_title(
            f"ε = {epsilon.value:.2f}: {model.support_.size} of {len(t)} points are support vectors", fontsize=10
        )
        ax.legend(loc="lower left", fontsize=7)
        return fig

    return explorer_panel([[epsilon, log10_C, log10_gamma]], draw)


def demo_explorer():
    """The chapter's explorer on the sinusoidal data of PRML section 7.1.4 (used by the widget tests)."""
    from ..datasets import load_example

    data = load_example("prml", "figure-7.8")
    return svr_explorer(data.X, data.y, truth=lambda x: np.sin(2 * np.pi * x))
