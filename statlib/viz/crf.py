"""Figures and the explorer for the conditional random field chapter (Li Hang ch. 11)."""

import numpy as np

from .._validation import check_bool
from ..crf import marginals, viterbi


def plot_clique_graph(ax):
    """Li Hang Fig. 11.3: four nodes, edges Y1-Y2, Y2-Y3, Y3-Y4, Y4-Y2, Y1-Y3, maximal cliques shaded."""
    from matplotlib.patches import Polygon

    pos = {1: (0.0, 0.5), 2: (1.0, 1.0), 3: (1.0, 0.0), 4: (2.0, 0.5)}
    for clique, colour in (((1, 2, 3), "tab:blue"), ((2, 3, 4), "tab:orange")):
        ax.add_patch(
            Polygon(
                [pos[v] for v in clique],
                closed=True,
                alpha=0.18,
                color=colour,
                label="maximal clique {" + ", ".join(f"$Y_{v}$" for v in clique) + "}",
            )
        )
    for a, b in [(1, 2), (2, 3), (3, 4), (4, 2), (1, 3)]:
        ax.plot(*zip(pos[a], pos[b]), color="k", lw=1.5, zorder=1)
    for v, (x, y) in pos.items():
        ax.scatter(x, y, s=900, color="white", edgecolor="k", zorder=2)
        ax.text(x, y, f"$Y_{v}$", ha="center", va="center", fontsize=12, zorder=3)
    ax.set_xlim(-0.3, 2.3)
    ax.set_ylim(-0.2, 1.2)
    ax.set_aspect("equal")
    ax.axis("off")  # a graph: positions carry no meaning
    ax.legend(loc="upper center", fontsize=8, ncol=2, bbox_to_anchor=(0.5, 0.0), frameon=False)


def plot_chain_graph(ax, n=4, *, same_structure=False):
    """Li Hang Figs. 11.4 and 11.5: a linear-chain CRF. Labels Y_1..Y_n form a chain; the input is either one
    node X joined to every label (Fig. 11.4) or a chain X_1..X_n with X_i joined to Y_i (Fig. 11.5)."""
    ys = [(i, 0.0) for i in range(n)]
    for i in range(n - 1):
        ax.plot([i, i + 1], [0, 0], color="k", lw=1.5, zorder=1)
    if same_structure:
        for i in range(n):
            ax.plot([i, i], [0, 1], color="grey", lw=1, zorder=1)
            ax.scatter(i, 1, s=700, color="lightgrey", edgecolor="k", zorder=2)
            ax.text(i, 1, f"$X_{i + 1}$", ha="center", va="center", zorder=3)
    else:
        centre = (n - 1) / 2
        for i in range(n):
            ax.plot([i, centre], [0, 1], color="grey", lw=1, zorder=1)
        ax.scatter(centre, 1, s=1400, color="lightgrey", edgecolor="k", zorder=2)
        ax.text(centre, 1, "$X$", ha="center", va="center", zorder=3)
    for i, (x, y) in enumerate(ys):
        ax.scatter(x, y, s=700, color="white", edgecolor="k", zorder=2)
        ax.text(x, y, f"$Y_{i + 1}$", ha="center", va="center", zorder=3)
    ax.set_xlim(-0.6, n - 0.4)
    ax.set_ylim(-0.4, 1.4)
    ax.axis("off")


def plot_lattice(ax, M, *, start, stop, label_names=None, highlight=None, edge_text=None):
    """Li Hang Fig. 11.6: the start -> y_1 -> ... -> y_n -> stop lattice, each edge marked with its M_i entry.

    Edges with weight zero are not drawn; ``highlight`` (0-based labels y_1..y_n) is drawn thick.
    ``edge_text(i, a, b, value)`` gives the text on the edge from label a at position i to label b (by
    default the value of M_{i+1}(a, b)).
    """
    if edge_text is None:

        def edge_text(i, a, b, value):
            return f"{value:g}"

    M = np.asarray(M, dtype=float)
    n1, m = M.shape[0], M.shape[1]
    n = n1 - 1
    names = label_names if label_names is not None else [str(j + 1) for j in range(m)]

    def xy(i, j):  # column i = 0 (start) .. n+1 (stop), row j
        return i, m - 1 - j

    nodes = {(0, start), (n + 1, stop)} | {(i, j) for i in range(1, n + 1) for j in range(m)}
    hl = set()
    if highlight is not None:
        full = [start] + list(highlight) + [stop]
        hl = {(i, full[i], full[i + 1]) for i in range(n + 1)}
    ax.set_ylim(-0.6, m - 0.4)
    ax.set_xlim(-0.4, n + 1.4)
    for i in range(n + 1):
        for a in range(m):
            for b in range(m):
                if (i, a) not in nodes or (i + 1, b) not in nodes or M[i, a, b] == 0:
                    continue
                (x0, y0), (x1, y1) = xy(i, a), xy(i + 1, b)
                strong = (i, a, b) in hl
                ax.plot([x0, x1], [y0, y1], color="tab:red" if strong else "grey", lw=3 if strong else 1, zorder=1)
                t = 0.3 if y1 != y0 else 0.5
                text = edge_text(i, a, b, M[i, a, b])
                # Beside the edge, not on it: shift the label along the edge's upward normal (in display
                # coordinates) by half its extent across the edge plus a gap, so that it clears the line.
                (u0, v0), (u1, v1) = ax.transData.transform([(x0, y0), (x1, y1)])
                length = np.hypot(u1 - u0, v1 - v0)
                nx, ny = -(v1 - v0) / length, (u1 - u0) / length
                if ny < 0:
                    nx, ny = -nx, -ny
                width, height = 0.6 * 8 * len(text) + 2, 8 + 2  # the label's extent in points (fontsize 8)
                reach = 0.5 * (abs(width * nx) + abs(height * ny)) + 2.5
                ax.annotate(
                    text,
                    (x0 + t * (x1 - x0), y0 + t * (y1 - y0)),
                    xytext=(reach * nx, reach * ny),
                    textcoords="offset points",
                    fontsize=8,
                    ha="center",
                    va="center",
                    color="tab:red" if strong else "k",
                    bbox=dict(boxstyle="round,pad=0.1", fc="white", ec="none", alpha=0.8),
                )
    for i, j in nodes:
        x, y = xy(i, j)
        ax.scatter(x, y, s=500, color="white", edgecolor="k", zorder=2)
        label = "start" if i == 0 else "stop" if i == n + 1 else names[j]
        ax.text(x, y, label if i in (0, n + 1) else f"{label}", ha="center", va="center", fontsize=8, zorder=3)
    ax.set_xticks(range(n + 2))
    ax.set_xticklabels(["$y_0$"] + [f"$y_{i}$" for i in range(1, n + 1)] + [f"$y_{n + 1}$"])
    ax.set_yticks(range(m))
    ax.set_yticklabels([f"label {names[m - 1 - r]}" for r in range(m)])
    ax.set_xlabel("position")


def plot_convergence(ax, curves, *, optimum=None):
    """Objective f(w) - f* against iteration, log scale, one line per method (``curves``: name -> values)."""
    best = optimum if optimum is not None else min(np.min(c) for c in curves.values())
    for name, c in curves.items():
        gap = np.maximum(np.asarray(c) - best, 1e-12)
        ax.semilogy(np.arange(len(c)), gap, label=name)
    ax.set_xlabel("iteration")
    ax.set_ylabel("$f(w) - f^*$ (regularised negative log-likelihood)")
    ax.legend()


def draw_digit_strip(ax, images, true_labels):
    """The 8 x 8 digit images of a sequence side by side, each marked below with its true digit."""
    n = len(images)
    gap = np.full((8, 1), np.nan)  # one blank column between neighbouring digits
    strip = np.hstack([part for im in images for part in (np.asarray(im, dtype=float).reshape(8, 8), gap)][:-1])
    ax.imshow(strip, cmap="gray_r", aspect="equal")
    ax.set_xticks(np.arange(n) * 9 + 3.5)
    ax.set_xticklabels([str(t) for t in true_labels])
    ax.set_yticks([])
    ax.set_xlabel(f"true digit at positions 0 to {n - 1}, left to right")


def draw_decoding(axes, images, unary, trans, scale, true_labels, *, colorbar=True):
    """Digits on top; below, P(Y_i = c | x) (11.32) as a heat map with the Viterbi path (circles) and the truth (x).

    The transition scores are multiplied by ``scale``: 0 gives independent per-position decisions. ``axes`` is
    the pair (digits, heat map); with ``None`` for the digits only the heat map is drawn (several heat maps can
    then share one strip drawn with :func:`draw_digit_strip`). ``colorbar`` adds the heat map's colour bar
    (leave it out to draw one shared bar for several heat maps: the shading always runs from 0 to 1).
    """
    colorbar = check_bool(colorbar, "colorbar")
    ax_img, ax_heat = axes
    n = len(images)
    if ax_img is not None:
        draw_digit_strip(ax_img, images, true_labels)
    _, node, _ = marginals(unary, scale * trans)
    path, _, _, _ = viterbi(unary, scale * trans)
    shading = ax_heat.imshow(node.T, origin="lower", cmap="Blues", vmin=0, vmax=1, aspect="auto")
    ax_heat.scatter(np.arange(n), path, s=80, facecolor="none", edgecolor="tab:red", linewidth=2, label="Viterbi path")
    ax_heat.scatter(np.arange(n), true_labels, marker="x", color="k", label="true label")
    ax_heat.set_xticks(np.arange(n))
    ax_heat.set_yticks(range(node.shape[1]))
    ax_heat.set_xlabel("position $i$")
    ax_heat.set_ylabel("label $c$")
    errors = int(np.sum(path != np.asarray(true_labels)))
    noun = "error" if errors == 1 else "errors"
    ax_heat.set_title(f"transition weights × {scale:g}: {errors} {noun} on this sequence", fontsize=10)
    ax_heat.legend(loc="upper center", fontsize=8, ncol=2, bbox_to_anchor=(0.5, -0.16), frameon=False)
    if colorbar:
        ax_heat.figure.colorbar(shading, ax=ax_heat, label="marginal $P(y_i = c \\mid x)$")
    return path


def decoding_explorer(images, unary, trans, true_labels):
    """Explorer: a slider scales the transition weights; the picture is :func:`draw_decoding`.

    Built with :func:`statlib.viz._common.explorer_panel`, so it renders into an ``ipywidgets.Image`` that
    changes whenever the slider does (needs a running kernel to be interactive).
    """
    import ipywidgets as widgets
    import matplotlib.pyplot as plt

    from ._common import explorer_panel

    scale = widgets.FloatSlider(value=1.0, min=0.0, max=3.0, step=0.1, description="transition ×")

    def draw():
        fig, axes = plt.subplots(2, 1, figsize=(9, 5), gridspec_kw={"height_ratios": [1, 2.2]}, constrained_layout=True)
        draw_decoding(axes, images, unary, trans, scale.value, true_labels)
        return fig

    return explorer_panel([[scale]], draw)


def demo_explorer():
    """The chapter's explorer on its own data: a CRF trained on digit sequences, one test sequence."""
    import warnings

    from ..crf import LinearChainCRF
    from ..datasets.lihang_ch11 import make_digit_sequences

    train = make_digit_sequences(60, random_state=0, noise=0.3)
    test = make_digit_sequences(1, images="test", random_state=1, noise=0.3, min_length=8, max_length=8)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        crf = LinearChainCRF(c2=1.0, max_iter=100).fit(train.X, train.y)
    x, y = test.X[0], test.y[0]
    return decoding_explorer(x, x @ crf.state_weights_, crf.transition_weights_, y)
