"""Figures and the explorer for the perceptron chapter (Li Hang ch. 2)."""

import itertools

import numpy as np

from ..linear_model import Perceptron


def draw_line(ax, w, b, *, xlim, **style):
    """Draw w . x + b = 0 over ``xlim`` (nothing if w = 0)."""
    w = np.asarray(w, dtype=float)
    xs = np.linspace(*xlim, 2)
    if abs(w[1]) > 1e-12:
        ax.plot(xs, -(w[0] * xs + b) / w[1], **style)
    elif abs(w[0]) > 1e-12:
        ax.axvline(-b / w[0], **style)


def draw_step(ax, X, y, points, w, b, k, *, names=None, lim=(0, 5)):
    """Panel for update ``k`` of a replayed fit: points, the current line, the point just used."""
    names = names if names is not None else [f"x{i + 1}" for i in range(len(X))]
    ax.scatter(*X[y > 0].T, marker="o", s=60, color="tab:blue", edgecolor="k", label="+1")
    ax.scatter(*X[y < 0].T, marker="s", s=60, color="tab:red", edgecolor="k", label="−1")
    for name, (a, c) in zip(names, X):
        ax.annotate(name, (a, c), textcoords="offset points", xytext=(6, 4))
    if k > 0:
        ax.scatter(*X[points[k - 1]], s=250, facecolor="none", edgecolor="orange", linewidth=2)
    draw_line(ax, w[k], b[k], xlim=lim, color="k")
    ax.set_xlim(*lim)
    ax.set_ylim(*lim)
    ax.set_aspect("equal")
    ax.set_xlabel("$x^{(1)}$")
    ax.set_ylabel("$x^{(2)}$")
    wk = ", ".join(f"{v:g}" for v in w[k])
    ax.set_title(f"k = {k}: w = ({wk}), b = {b[k]:g}", fontsize=9)


def plot_updates(X, y, points, w, b, *, ncols=4, names=None, lim=(0, 5)):
    """Small multiples: one panel per row of Table 2.1."""
    import matplotlib.pyplot as plt

    n = len(w)
    nrows = int(np.ceil(n / ncols))
    fig, axes = plt.subplots(nrows, ncols, figsize=(3 * ncols, 3 * nrows), constrained_layout=True)
    for k, ax in enumerate(axes.ravel()):
        if k < n:
            draw_step(ax, X, y, points, w, b, k, names=names, lim=lim)
        else:
            ax.axis("off")
    return fig


def explorer(X, y, *, names=None, lim=(0, 5)):
    """Widget: choose eta and the visiting order, then step through the updates of algorithm 2.1."""
    import ipywidgets as widgets
    import matplotlib.pyplot as plt

    from ._common import explorer_panel

    names = names if names is not None else [f"x{i + 1}" for i in range(len(X))]
    orders = {" → ".join(names[i] for i in p): list(p) for p in itertools.permutations(range(len(X)))}
    eta = widgets.FloatSlider(value=1.0, min=0.1, max=2.0, step=0.1, description="η")
    order = widgets.Dropdown(options=list(orders), description="order")
    step = widgets.IntSlider(value=0, min=0, max=20, description="update k")
    play = widgets.Play(interval=800, min=0, max=20)
    widgets.jslink((play, "value"), (step, "value"))

    def draw():
        perm = np.array(orders[order.value])
        model = Perceptron(eta=eta.value).fit(X[perm], y[perm])
        local, w, b = model.history(X[perm], y[perm])
        step.max = play.max = len(w) - 1
        fig, ax = plt.subplots(figsize=(4.5, 4.5))
        draw_step(ax, X, y, perm[local], w, b, min(step.value, len(w) - 1), names=names, lim=lim)
        return fig

    return explorer_panel([[eta, order], [play, step]], draw)


def plot_geometry(w, b, x0, *, xlim=(-1, 5), ylim=(-1, 4)):
    """Li Hang's Figure 2.1: the hyperplane w . x + b = 0, its unit normal, the distance of ``x0`` to it
    (eq. perceptron-distance) and the distance |b| / ||w|| of the origin."""
    import matplotlib.pyplot as plt

    w, x0 = np.asarray(w, dtype=float), np.asarray(x0, dtype=float)
    unit = w / np.linalg.norm(w)
    foot = x0 - (w @ x0 + b) / (w @ w) * w  # orthogonal projection of x0 onto the hyperplane
    origin_foot = -b / (w @ w) * w
    distance = (w @ x0 + b) / np.linalg.norm(w)

    fig, ax = plt.subplots(figsize=(5, 4))
    draw_line(ax, w, b, xlim=xlim, color="k", label="$w\\cdot x+b=0$")
    ax.annotate("", xy=foot + unit, xytext=foot, arrowprops=dict(arrowstyle="->", color="tab:blue"))
    ax.text(*(foot + 0.55 * unit + [0.15, -0.1]), "$w$", color="tab:blue")
    ax.plot(*np.c_[x0, foot], "--", color="tab:orange")
    ax.scatter(*x0, color="tab:orange", zorder=3)
    ax.text(*(x0 + [0.1, 0.1]), f"$x_0$: distance {distance:.3f}")
    ax.plot(*np.c_[[0, 0], origin_foot], ":", color="grey")
    ax.text(*(origin_foot / 2 + [0.1, -0.3]), "$|b|/\\|w\\|$", color="grey")
    ax.set(
        xlim=xlim,
        ylim=ylim,
        aspect="equal",
        xlabel="$x^{(1)}$",
        ylabel="$x^{(2)}$",
        title="Figure 2.1: the hyperplane $S$, its normal $w$ and distances",
    )
    ax.legend(loc="upper right")
    return fig, foot, distance


def demo_explorer():
    """The chapter's explorer on Example 2.1 (used by the widget tests)."""
    from ..datasets import load_example

    ex = load_example("lihang", "2.1")
    return explorer(ex.X, ex.y, names=ex.names)
