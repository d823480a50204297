"""Figures and the explorer of the PageRank chapter (Li Hang ch. 21): small directed graphs, iterates, damping."""

import numpy as np

# Node positions for the book's small graphs: four nodes on a square, three on a triangle.
SQUARE = {"A": (0.0, 1.0), "B": (1.0, 1.0), "C": (0.0, 0.0), "D": (1.0, 0.0)}
TRIANGLE = {"A": (0.5, 1.0), "B": (0.0, 0.0), "C": (1.0, 0.0)}


def _positions(nodes):
    if len(nodes) == 4:
        return [SQUARE[v] for v in nodes]
    if len(nodes) == 3:
        return [TRIANGLE[v] for v in nodes]
    angles = np.pi / 2 - 2 * np.pi * np.arange(len(nodes)) / len(nodes)
    return list(zip(np.cos(angles), np.sin(angles)))


def draw_digraph(ax, adjacency, nodes, *, values=None, edge_labels=True, title=None, radius=0.13):
    """Draw a small directed graph (rows of ``adjacency`` are sources) with arrows and optional node values.

    A pair of opposite links is drawn as two arcs; a self-loop as a small circle beside the node. With
    ``edge_labels``, each link carries its transition probability 1/k (Def. 21.2). ``values`` (e.g. PageRank)
    scale the node discs and are printed under the names.
    """
    from matplotlib.patches import Circle, FancyArrowPatch

    A = np.asarray(adjacency, dtype=float)
    pos = np.array(_positions(nodes), dtype=float)
    out = A.sum(axis=1)
    sizes = np.full(len(nodes), radius)
    if values is not None:
        v = np.asarray(values, dtype=float)
        sizes = radius * (0.7 + 0.9 * np.sqrt(v / v.max()))
    for i, j in zip(*np.nonzero(A)):
        if i == j:
            centre = pos[i] + np.array([-1.6 * sizes[i], 0.0]) * (1 if pos[i][0] < 0.5 else -1)
            ax.add_patch(Circle(centre, 0.75 * sizes[i], fill=False, lw=1.3, color="0.3"))
            if edge_labels:
                ax.text(
                    *(centre + np.array([0, 0.9 * sizes[i]])),
                    f"1/{int(out[i])}" if out[i] > 1 else "1",
                    ha="center",
                    va="bottom",
                    fontsize=9,
                    color="C3",
                )
            continue
        rad = 0.18 if A[j, i] else 0.0
        arrow = FancyArrowPatch(
            pos[i],
            pos[j],
            arrowstyle="-|>",
            mutation_scale=14,
            lw=1.3,
            color="0.3",
            connectionstyle=f"arc3,rad={rad}",
            shrinkA=sizes[i] * 140,
            shrinkB=sizes[j] * 140,
        )
        ax.add_patch(arrow)
        if edge_labels:
            mid = (pos[i] + pos[j]) / 2
            # arc3 bends the arc i -> j towards (dy, -dx): the label goes on that side, beside its own arc.
            normal = np.array([pos[j][1] - pos[i][1], pos[i][0] - pos[j][0]])
            normal = normal / (np.linalg.norm(normal) or 1.0)
            spot = mid + normal * (0.1 if rad else 0.0) + np.array([0.0, 0.02])
            ax.text(
                *spot,
                f"1/{int(out[i])}" if out[i] > 1 else "1",
                ha="center",
                va="center",
                fontsize=9,
                color="C3",
                bbox=dict(boxstyle="round,pad=0.1", fc="white", ec="none", alpha=0.8),
            )
    for k, name in enumerate(nodes):
        ax.add_patch(Circle(pos[k], sizes[k], color="C0", alpha=0.9, zorder=3))
        label = name if values is None else f"{name}\n{values[k]:.3f}"
        ax.text(*pos[k], label, ha="center", va="center", color="white", fontsize=10, zorder=4, fontweight="bold")
    ax.set_xlim(-0.45, 1.45)
    ax.set_ylim(-0.35, 1.35)
    ax.set_aspect("equal")
    ax.axis("off")
    if title:
        ax.set_title(title, fontsize=11)
    return ax


def plot_iterates(ax, iterates, nodes, *, limit=None, xlabel="t", ylabel="$PR(v_i)$ in $R_t$"):
    """One line per node: the iterates R_t (rows of ``iterates``), with the limit as dashed lines."""
    T = np.arange(iterates.shape[0])
    for k, name in enumerate(nodes):
        ax.plot(T, iterates[:, k], "o-", ms=3, color=f"C{k}", label=name)
        if limit is not None:
            ax.axhline(limit[k], color=f"C{k}", ls="--", lw=0.8)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.legend(title="node", fontsize=8)
    return ax


def plot_convergence_vs_damping(ax, adjacency, dampings, *, n_iter=60):
    """L1 distance ||R_t - R||_1 of the iteration (21.15) for several damping factors, on a log scale, with d^t."""
    from ..graph import pagerank, pagerank_iterates

    t = np.arange(n_iter + 1)
    for k, d in enumerate(dampings):
        R = pagerank(adjacency, damping=d, method="algebraic")
        err = np.abs(pagerank_iterates(adjacency, damping=d, n_iter=n_iter) - R).sum(axis=1)
        shown = err > 1e-15
        ax.semilogy(t[shown], err[shown], "-", color=f"C{k}", label=f"d = {d:g}")
        ax.semilogy(t, err[0] * d**t, ":", color=f"C{k}", lw=1)
    ax.set_xlabel("iteration t")
    ax.set_ylabel(r"$\|R_t - R\|_1$")
    ax.set_ylim(1e-14, 2)
    ax.legend(fontsize=8, title="solid: (21.15); dotted: $d^t$", title_fontsize=8)
    return ax


def plot_damping_panel(axes, adjacency, nodes, damping):
    """Left: the graph with node discs scaled by the PageRank at ``damping``; right: R as d runs over (0, 1)."""
    from ..graph import pagerank

    R = pagerank(adjacency, damping=damping, method="algebraic")
    draw_digraph(axes[0], adjacency, nodes, values=R, edge_labels=False, title=f"PageRank with d = {damping:.2f}")
    grid = np.linspace(0.01, 0.99, 99)
    path = np.array([pagerank(adjacency, damping=d, method="algebraic") for d in grid])
    for k, name in enumerate(nodes):
        axes[1].plot(grid, path[:, k], color=f"C{k}", label=name)
        axes[1].plot(damping, R[k], "o", color=f"C{k}")
    axes[1].axvline(damping, color="0.5", lw=0.8)
    axes[1].axhline(1 / len(nodes), color="0.5", ls=":", lw=0.8)
    axes[1].set_xlabel("damping factor d")
    axes[1].set_ylabel("PR(v)")
    axes[1].legend(title="node", fontsize=8)
    axes[1].set_title("R(d): uniform at d = 0, the basic PageRank as d -> 1", fontsize=10)
    return axes


def damping_explorer(adjacency, nodes, damping=0.85):
    """A damping-factor slider over :func:`plot_damping_panel`."""
    import ipywidgets as widgets
    import matplotlib.pyplot as plt

    from ._common import explorer_panel

    slider = widgets.FloatSlider(value=damping, min=0.05, max=0.95, step=0.05, description="d", continuous_update=False)

    def draw():
        fig, axes = plt.subplots(1, 2, figsize=(10, 4))
        plot_damping_panel(axes, adjacency, nodes, slider.value)
        fig.tight_layout()
        return fig

    return explorer_panel([[slider]], draw)


def demo_explorer():
    """The chapter's explorer on Example 21.3's graph (Fig. 21.4, the self-loop at C)."""
    from ..datasets import load_example

    ex = load_example("lihang", "21.3")
    return damping_explorer(ex.adjacency, ex.nodes)
