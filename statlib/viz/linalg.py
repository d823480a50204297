"""Figures for the linear-algebra appendix (Li Hang appendix D): the four fundamental subspaces."""

import numpy as np

from .._validation import check_array


def plot_fundamental_subspaces(ax, m, n, r):
    """Draw Li Hang Figure D.1 for an m x n matrix of rank r: R^n = R(A^T) + N(A) on the left,
    R^m = R(A) + N(A^T) on the right, with the dimensions of the four subspaces and the action of A.

    The row space and the column space are drawn as boxes of the same height (both have dimension r);
    each null space sits below, at right angles to its partner (Theorem D.1).
    """
    from matplotlib.patches import FancyArrowPatch, Rectangle

    for name, value in (("m", m), ("n", n), ("r", r)):
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
            raise TypeError(f"{name} must be an integer, got {type(value).__name__}")
    if m < 1 or n < 1:
        raise ValueError(f"m and n must be at least 1, got m={m}, n={n}")
    if not 0 <= r <= min(m, n):
        raise ValueError(f"r must lie in [0, min(m, n)] = [0, {min(m, n)}], got {r}")

    def boxes(x0, top, bottom, top_label, bottom_label, colours):
        ax.add_patch(Rectangle((x0, 0.0), 2.0, 1.4, fc=colours[0], ec="k", alpha=0.5, zorder=1))
        ax.add_patch(Rectangle((x0, -1.4), 2.0, 1.4, fc=colours[1], ec="k", alpha=0.5, zorder=1))
        ax.text(x0 + 1.0, 0.95, top_label, ha="center", va="center", fontsize=11)
        ax.text(x0 + 1.0, 0.45, top, ha="center", va="center", fontsize=10)
        ax.text(x0 + 1.0, -0.45, bottom_label, ha="center", va="center", fontsize=11)
        ax.text(x0 + 1.0, -0.95, bottom, ha="center", va="center", fontsize=10)
        ax.plot([x0, x0 + 0.18, x0 + 0.18], [0.18, 0.18, 0.0], color="k", lw=0.8)  # right-angle mark: orthogonal

    boxes(
        0.0,
        f"row space, dim $r$ = {r}",
        f"null space, dim $n - r$ = {n - r}",
        r"$R(A^T)$",
        r"$N(A)$",
        ("tab:blue", "tab:orange"),
    )
    boxes(
        4.0,
        f"column space, dim $r$ = {r}",
        f"left null space, dim $m - r$ = {m - r}",
        r"$R(A)$",
        r"$N(A^T)$",
        ("tab:green", "tab:red"),
    )
    arrow = dict(arrowstyle="-|>", mutation_scale=14, lw=1.4, color="0.2")
    ax.add_patch(FancyArrowPatch((2.05, 0.7), (3.95, 0.7), connectionstyle="arc3,rad=-0.2", **arrow))
    ax.text(3.0, 1.18, r"$A x_r = A x$ (one to one)", ha="center", fontsize=10)
    ax.add_patch(FancyArrowPatch((2.05, -0.7), (4.55, -0.02), connectionstyle="arc3,rad=0.15", **arrow))
    ax.scatter([4.6], [0.0], s=25, color="k", zorder=3)
    ax.text(4.68, 0.06, "$0$", fontsize=10)
    ax.text(3.05, -0.95, r"$A x_n = 0$", ha="center", fontsize=10)
    ax.add_patch(FancyArrowPatch((3.95, 0.25), (2.05, 0.25), connectionstyle="arc3,rad=-0.15", **arrow))
    ax.text(3.0, 0.05, r"$A^T$", ha="center", fontsize=10)
    ax.text(1.0, 1.7, rf"$\mathbf{{R}}^n$, $n$ = {n}", ha="center", fontsize=12)
    ax.text(5.0, 1.7, rf"$\mathbf{{R}}^m$, $m$ = {m}", ha="center", fontsize=12)
    ax.set_xlim(-0.2, 6.2)
    ax.set_ylim(-1.6, 2.0)
    ax.set_axis_off()
    return ax


def plot_row_null_plane(ax, A, x):
    """For a matrix A with two columns, draw R^2 split into the row space R(A^T) and the null space N(A), and
    the split x = x_r + x_n of the vector ``x`` (x_r its projection on the row space).

    Returns ``(x_r, x_n)``.
    """
    A = check_array(A, "A", ndim=2)
    x = np.asarray(x, dtype=float)
    if A.shape[1] != 2:
        raise ValueError(f"A must have two columns (a map from R^2), got shape {A.shape}")
    if x.shape != (2,) or not np.all(np.isfinite(x)):
        raise ValueError(f"x must be a finite vector of length 2, got {x!r}")
    from ..decomposition import svd

    _, s, Vt = svd(A)
    r = int(np.sum(s > 0))
    if r != 1:
        raise ValueError(f"A must have rank 1, so that both subspaces are lines; got rank {r}")
    v_row, v_null = Vt[0], Vt[1]
    x_r, x_n = (x @ v_row) * v_row, (x @ v_null) * v_null
    t = np.linspace(-4, 4, 2)
    ax.plot(t * v_row[0], t * v_row[1], color="tab:blue", lw=2, label=r"row space $R(A^T)$")
    ax.plot(t * v_null[0], t * v_null[1], color="tab:orange", lw=2, label=r"null space $N(A)$")
    for vec, colour, name in ((x, "k", "$x$"), (x_r, "tab:blue", "$x_r$"), (x_n, "tab:orange", "$x_n$")):
        ax.annotate("", xy=vec, xytext=(0, 0), arrowprops=dict(arrowstyle="-|>", color=colour, lw=1.6))
        ax.text(*(vec * 1.08 + 0.08), name, color=colour, fontsize=12)
    ax.plot([x_r[0], x[0], x_n[0]], [x_r[1], x[1], x_n[1]], color="0.5", ls="--", lw=1)
    ax.set(xlim=(-3.2, 3.2), ylim=(-3.2, 3.2), aspect="equal", xlabel="$x^{(1)}$", ylabel="$x^{(2)}$")
    ax.axhline(0, color="0.85", lw=0.8, zorder=0)
    ax.axvline(0, color="0.85", lw=0.8, zorder=0)
    ax.legend(loc="lower right", fontsize=9)
    return x_r, x_n
