"""Figures and the explorer of the lasso chapter (MLAPP sections 13.3-13.4)."""

import numpy as np


def constrained_solution(w_ls, A, ball, radius, n_points=20001):
    """The point of the boundary of the l1 (``ball="l1"``) or l2 ball of ``radius`` with the smallest
    (w - w_ls)^T A (w - w_ls), found on a fine grid of the boundary (the ball excludes w_ls)."""
    t = np.linspace(0.0, 2 * np.pi, n_points)
    c, s = np.cos(t), np.sin(t)
    if ball == "l1":
        scale = radius / (np.abs(c) + np.abs(s))
    elif ball == "l2":
        scale = np.full_like(t, radius)
    else:
        raise ValueError(f"ball must be 'l1' or 'l2', got {ball!r}")
    P = np.c_[scale * c, scale * s]
    D = P - np.asarray(w_ls)
    q = np.einsum("ij,jk,ik->i", D, np.asarray(A), D)
    return P[np.argmin(q)], float(q.min())


def plot_constraint_regions(axes, w_ls=(1.6, 0.7), A=((1.4, 0.3), (0.3, 1.0)), radius=1.0):
    """MLAPP Fig. 13.3: the RSS contours around the least-squares point touch the l1 ball at a corner (a
    sparse solution) and the l2 ball at a generic point.

    The contact point is whatever :func:`constrained_solution` finds; with the default ``w_ls`` and ``A`` it is
    the corner (1, 0) of the l1 ball, since there minus the gradient of the RSS, 2 A (w_ls - (1, 0)) =
    (2.1, 1.76), lies inside the normal cone {(a, b): a >= |b|} of the ball, and a point with both
    coordinates non-zero on the l2 ball. Other ``w_ls`` or ``A`` may give an edge point of the l1 ball."""
    A = np.asarray(A)
    g = np.linspace(-2.2, 2.8, 300)
    W1, W2 = np.meshgrid(g, g)
    D1, D2 = W1 - w_ls[0], W2 - w_ls[1]
    Q = A[0, 0] * D1**2 + 2 * A[0, 1] * D1 * D2 + A[1, 1] * D2**2
    t = np.linspace(0, 2 * np.pi, 400)
    for ax, ball in zip(axes, ("l1", "l2")):
        w_hat, q_hat = constrained_solution(w_ls, A, ball, radius)
        if ball == "l1":
            ax.fill([radius, 0, -radius, 0], [0, radius, 0, -radius], color="C0", alpha=0.25)
            title = r"$\ell_1$ ball $|w_1| + |w_2| \leq B$ (lasso)"
        else:
            ax.fill(radius * np.cos(t), radius * np.sin(t), color="C1", alpha=0.25)
            title = r"$\ell_2$ ball $w_1^2 + w_2^2 \leq B^2$ (ridge)"
        ax.contour(W1, W2, Q, levels=q_hat * np.array([0.25, 0.6, 1.0, 1.6, 2.4]), colors="0.4", linewidths=0.8)
        ax.plot(*w_ls, "k+", ms=10)
        ax.annotate(r"$\hat{w}_{LS}$", w_ls, xytext=(5, 5), textcoords="offset points")
        ax.plot(*w_hat, "o", color="C3")
        ax.annotate(rf"$\hat w = ({w_hat[0]:.2f}, {w_hat[1]:.2f})$", w_hat, xytext=(6, -14), textcoords="offset points")
        ax.axhline(0, color="k", lw=0.5)
        ax.axvline(0, color="k", lw=0.5)
        ax.set_aspect("equal")
        ax.set_xlabel("$w_1$")
        ax.set_ylabel("$w_2$")
        ax.set_title(title)


def plot_thresholding(ax, lam=1.0):
    """MLAPP Fig. 13.5: soft and hard thresholding of the least-squares coefficient c / a."""
    from statlib.linear_model._lasso import soft_threshold

    u = np.linspace(-3, 3, 601)
    ax.plot(u, u, ":", color="0.5", label="least squares")
    ax.plot(u, [soft_threshold(v, lam) for v in u], color="C0", label=f"soft, λ = {lam:g}")
    ax.plot(u, np.where(np.abs(u) > lam, u, 0.0), "--", color="C3", label=f"hard, threshold {lam:g}")
    ax.axvspan(-lam, lam, color="0.9")
    ax.set_xlabel(r"$c_j / a_j$ (least-squares coefficient)")
    ax.set_ylabel(r"$\hat w_j$")
    ax.legend()


def plot_path(ax, x, coefs, names, xlabel, marks=None):
    """Coefficient paths ``coefs`` (n_features, n_points) against ``x``, labelled at the right end."""
    for j, name in enumerate(names):
        ax.plot(x, coefs[j], "-", marker="o" if marks else None, ms=3, label=name)
    ax.axhline(0, color="k", lw=0.5)
    ax.set_xlabel(xlabel)
    ax.set_ylabel("coefficient")
    ax.legend(fontsize=8, ncol=2)


def plot_convergence(ax, histories, f_star):
    """Objective gap F(w_k) - F* against the iteration k, on log-log axes, for each ``name -> history``."""
    for name, h in histories.items():
        gap = np.maximum(np.asarray(h) - f_star, 1e-16)
        ax.loglog(np.arange(1, len(gap) + 1), gap, label=name)
    ax.set_xlabel("iteration k")
    ax.set_ylabel(r"$F(w_k) - F^\ast$")
    ax.legend()


def prostate_path_explorer():
    """A slider over log10(alpha): the prostate lasso coefficients as bars beside the whole LARS path, the
    current alpha marked on the path."""
    import ipywidgets as widgets
    import matplotlib.pyplot as plt

    from statlib.datasets import load_example
    from statlib.linear_model import Lasso, lasso_path

    from ._common import explorer_panel

    d = load_example("mlapp", "listing-13.1")
    X, y = d.X_train, d.y_train
    alphas, coefs = lasso_path(X, y - y.mean(), method="lars")
    slider = widgets.FloatSlider(value=-1.0, min=-3.0, max=0.0, step=0.05, description="log10 α")

    def draw():
        alpha = 10.0**slider.value
        w = Lasso(alpha=alpha, tol=1e-10, max_iter=10_000).fit(X, y).coef_
        fig, (a0, a1) = plt.subplots(1, 2, figsize=(11, 3.8))
        a0.bar(d.feature_names, w, color=["C0" if v != 0 else "0.7" for v in w])
        a0.axhline(0, color="k", lw=0.5)
        a0.set_ylim(-0.35, 0.8)
        a0.set_ylabel("coefficient")
        a0.set_title(f"α = {alpha:.4f}: {int(np.sum(w != 0))} non-zero")
        a0.tick_params(axis="x", rotation=45)
        plot_path(a1, np.abs(coefs).sum(0), coefs, d.feature_names, r"$\|w\|_1$")
        a1.axvline(np.abs(w).sum(), color="C3", ls="--")
        a1.set_title("LARS path (Listing 13.1's breakpoints)")
        fig.tight_layout()
        return fig

    return explorer_panel([[slider]], draw)


def demo_explorer():
    """The path explorer on MLAPP's prostate data."""
    return prostate_path_explorer()
