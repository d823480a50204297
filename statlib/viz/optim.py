"""Figures and the explorer for the optimisation appendix (Li Hang appendices A-C)."""

import numpy as np

from ..optim import minimize, rosenbrock, rosenbrock_grad, rosenbrock_hess

STYLE = {
    "gd": ("tab:grey", "gradient descent"),
    "newton": ("tab:red", "Newton"),
    "dfp": ("tab:green", "DFP"),
    "bfgs": ("tab:blue", "BFGS"),
    "broyden": ("tab:purple", "Broyden (α = 1/2)"),
}


def rosenbrock_contours(ax, *, xlim=(-2.0, 2.0), ylim=(-1.0, 3.0), resolution=300):
    """Log-spaced contour lines of the 2-D Rosenbrock function, and its minimiser (1, 1)."""
    gx, gy = np.meshgrid(np.linspace(*xlim, resolution), np.linspace(*ylim, resolution))
    z = 100.0 * (gy - gx**2) ** 2 + (1.0 - gx) ** 2
    ax.contour(gx, gy, z, levels=np.logspace(-1, 3.5, 14), colors="lightgrey", linewidths=0.8)
    ax.scatter([1.0], [1.0], marker="*", s=160, color="gold", edgecolor="k", zorder=5, label="minimum (1, 1)")
    ax.set(xlim=xlim, ylim=ylim, xlabel="$x^{(1)}$", ylabel="$x^{(2)}$")


def plot_path(ax, path, *, colour, label, upto=None, markersize=3):
    """The iterates x^(0), x^(1), ... joined by lines."""
    path = np.asarray(path)[: None if upto is None else upto + 1]
    ax.plot(path[:, 0], path[:, 1], "-o", color=colour, markersize=markersize, lw=1.2, label=label)


def plot_convergence(ax_f, ax_g, results, f_star=0.0):
    """f(x^(k)) - f* and ||g_k|| against k, on log scales, for a dict method -> OptimizeResult.

    The legend names the methods only: where a tolerance stopped each run depends on round-off.
    """
    for method, res in results.items():
        colour, label = STYLE.get(method, ("k", method))
        k = np.arange(res.nit + 1)
        ax_f.semilogy(k, np.maximum(res.fun_path - f_star, 1e-300), color=colour, label=label)
        ax_g.semilogy(k, np.maximum(res.grad_norm_path, 1e-300), color=colour, label=label)
    ax_f.set(xlabel="iteration k", ylabel="$f(x^{(k)}) - f^*$")
    ax_g.set(xlabel="iteration k", ylabel="$\\|g_k\\|$")


def explorer(x0=(-1.2, 1.0)):
    """Widget: pick a method and a line search, then step through its iterates on Rosenbrock's function."""
    import ipywidgets as widgets
    import matplotlib.pyplot as plt

    from ._common import explorer_panel

    method = widgets.Dropdown(options=[(STYLE[m][1], m) for m in STYLE], value="bfgs", description="method")
    search = widgets.Dropdown(options=["wolfe", "exact", "armijo"], value="wolfe", description="line search")
    step = widgets.IntSlider(value=0, min=0, max=2000, description="iteration k")
    play = widgets.Play(interval=400, min=0, max=2000)
    widgets.jslink((play, "value"), (step, "value"))
    cache = {}

    def result():
        key = (method.value, search.value)
        if key not in cache:
            cache[key] = minimize(
                rosenbrock,
                np.asarray(x0, dtype=float),
                jac=rosenbrock_grad,
                hess=rosenbrock_hess,
                method=method.value,
                line_search=search.value,
                max_iter=2000,
                tol=1e-8,
            )
        return cache[key]

    def draw():
        res = result()
        step.max = play.max = res.nit
        k = min(step.value, res.nit)
        fig, ax = plt.subplots(figsize=(5.5, 5))
        rosenbrock_contours(ax)
        colour, label = STYLE[method.value]
        plot_path(ax, res.path, colour=colour, label=f"{label} ({search.value})", upto=k)
        xk = res.path[k]
        ax.set_title(
            f"k = {k} of {res.nit}: x = ({xk[0]:.4f}, {xk[1]:.4f}), f = {res.fun_path[k]:.3g}, "
            f"||g|| = {res.grad_norm_path[k]:.2g}",
            fontsize=9,
        )
        ax.legend(loc="upper left", fontsize=8)
        return fig

    return explorer_panel([[method, search], [play, step]], draw)


def demo_explorer():
    """The appendix's explorer: the methods on Rosenbrock's function from (-1.2, 1)."""
    return explorer()
