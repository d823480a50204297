"""Figures and the explorer of the PCA chapter (Li Hang ch. 16).

``plot_rotation`` redraws Figure 16.1 (standardised 2-D data and the rotated axes y1, y2), ``plot_loadings``
Figure 16.3 (the factor loadings of two components), ``plot_reconstructions`` shows images rebuilt from k
principal components, and ``reconstruction_explorer`` lets the reader choose k and the image.
"""

import numpy as np

__all__ = [
    "demo_explorer",
    "plot_loadings",
    "plot_projection",
    "plot_reconstructions",
    "plot_rotation",
    "plot_scree",
    "reconstruction_explorer",
]


def plot_rotation(axes, X, components, *, labels=("$x_1$", "$x_2$")):
    """Li Hang Figure 16.1: (a) standardised 2-D samples; (b) the same with the principal axes y1, y2.

    ``X`` holds the samples as rows (already standardised); ``components`` the two unit directions as rows.
    """
    a, b = axes
    lim = 1.1 * np.abs(X).max()
    for ax in axes:
        ax.scatter(X[:, 0], X[:, 1], s=10, color="C0", alpha=0.6)
        ax.axhline(0, color="0.6", lw=0.8)
        ax.axvline(0, color="0.6", lw=0.8)
        ax.set_xlim(-lim, lim)
        ax.set_ylim(-lim, lim)
        ax.set_aspect("equal")
        ax.set_xlabel(labels[0])
        ax.set_ylabel(labels[1])
    a.set_title("(a) standardised data")
    for k, (v, colour) in enumerate(zip(components, ("C3", "C2"))):
        b.plot([-lim * v[0], lim * v[0]], [-lim * v[1], lim * v[1]], color=colour, lw=2, label=f"$y_{k + 1}$ axis")
        # the name just beyond the end of its line, on the side away from the origin, never over the line
        b.annotate(
            f"$y_{k + 1}$",
            xy=lim * v,
            xytext=(6 * np.sign(v[0]), 6 * np.sign(v[1])),
            textcoords="offset points",
            ha="left" if v[0] >= 0 else "right",
            va="bottom" if v[1] >= 0 else "top",
            color=colour,
            fontsize=13,
        )
    b.set_title("(b) rotated axes: $y_1$ along the major axis")
    b.legend(loc="upper left", fontsize=8)  # clear of both line ends and their names
    return axes


def plot_projection(ax, points, direction, *, names=("A", "B", "C")):
    """Li Hang Figure 16.2: centred points, the axis through the origin along ``direction``, the feet of the
    perpendiculars (A', B', C') and the two sums that add up to sum |OA|^2 (Pythagoras). Returns the two sums."""
    points = np.asarray(points, dtype=float)
    u = np.asarray(direction, dtype=float)
    u = u / np.linalg.norm(u)
    coords = points @ u
    feet = coords[:, None] * u
    lim = 1.3 * np.abs(points).max()
    ax.plot([-lim * u[0], lim * u[0]], [-lim * u[1], lim * u[1]], color="C3", lw=2, label="axis $y_1$")
    for name, p, f in zip(names, points, feet):
        ax.plot(*p, "o", color="C0")
        ax.plot(*f, "s", color="C3", ms=5)
        ax.plot([p[0], f[0]], [p[1], f[1]], color="0.4", ls="--", lw=1)
        ax.plot([0, f[0]], [0, f[1]], color="C3", lw=4, alpha=0.35)
        ax.annotate(name, p, textcoords="offset points", xytext=(5, 5))
        ax.annotate(name + "'", f, textcoords="offset points", xytext=(5, -12), color="C3")
    ax.plot(0, 0, "k+", ms=10)
    # O beside the origin, 11 points off the axis along its normal on the lower side, never on the line
    normal = np.array([-u[1], u[0]])
    normal = -normal if normal[1] > 0 or (normal[1] == 0 and normal[0] > 0) else normal
    ax.annotate("O", (0, 0), textcoords="offset points", xytext=tuple(11 * normal), ha="center", va="center")
    ax.set_xlim(-lim, lim)
    ax.set_ylim(-lim, lim)
    ax.set_aspect("equal")
    ax.set_xlabel("$x_1$")
    ax.set_ylabel("$x_2$")
    along = float((coords**2).sum())
    across = float(((points - feet) ** 2).sum())
    ax.set_title(f"$\\sum OA'^2$ = {along:.2f},  $\\sum AA'^2$ = {across:.2f}", fontsize=10)
    return along, across


def plot_loadings(ax, loadings, names, *, labels=None, marker="o", color="C0", annotate=True, offsets=None):
    """Li Hang Figure 16.3: each variable x_i at (rho(y1, x_i), rho(y2, x_i)).

    ``loadings`` has shape (2, m): row k holds rho(y_{k+1}, x_i) for i = 1..m. ``offsets`` (one (dx, dy) in
    points per variable) moves labels that would overlap.
    """
    loadings = np.asarray(loadings, dtype=float)
    ax.scatter(loadings[0], loadings[1], marker=marker, color=color, s=50, label=labels, zorder=3)
    if annotate:
        offsets = [(6, 4)] * len(names) if offsets is None else offsets
        for name, x, y, shift in zip(names, loadings[0], loadings[1], offsets):
            ax.annotate(name, (x, y), textcoords="offset points", xytext=shift, fontsize=9)
    ax.axhline(0, color="0.6", lw=0.8)
    ax.axvline(0, color="0.6", lw=0.8)
    ax.set_xlabel(r"$\rho(y_1, x_i)$ (loading on the first component)")
    ax.set_ylabel(r"$\rho(y_2, x_i)$ (loading on the second component)")
    return ax


def plot_scree(ax, ratios, *, threshold=None, title=None):
    """Variance contribution rates (16.30) as bars and their cumulative sum (16.31) as a line."""
    ratios = np.asarray(ratios, dtype=float)
    k = np.arange(1, len(ratios) + 1)
    ax.bar(k, ratios, color="C0", alpha=0.6, label=r"$\eta_k$ (16.30)")
    ax.plot(k, np.cumsum(ratios), "o-", color="C3", ms=3, label=r"$\sum_{i\leq k}\eta_i$ (16.31)")
    if threshold is not None:
        ax.axhline(threshold, color="0.4", ls="--", lw=1, label=f"{threshold:.0%}")
    ax.set_xlabel("component $k$")
    ax.set_ylabel("variance contribution rate")
    ax.set_ylim(0, 1.02)
    if title:
        ax.set_title(title)
    ax.legend(fontsize=8, loc="center right")
    return ax


def _reconstruct(pca, X, k):
    """The rank-k reconstruction mean + (X - mean) V_k^T V_k from a fitted full PCA."""
    V = pca.components_[:k]
    return pca.mean_ + (X - pca.mean_) @ V.T @ V


def plot_reconstructions(axes, pca, images, ks, *, shape=(8, 8)):
    """One row per image: the image rebuilt from k = ``ks`` components, then the original (last column)."""
    axes = np.atleast_2d(axes)
    for row, x in zip(axes, images):
        for ax, k in zip(row, list(ks) + [None]):
            shown = x if k is None else _reconstruct(pca, x[None, :], k)[0]
            ax.imshow(shown.reshape(shape), cmap="gray_r", vmin=0, vmax=16)
            ax.set_xticks([])
            ax.set_yticks([])
    for ax, k in zip(axes[0], list(ks) + [None]):
        ax.set_title("original" if k is None else f"k = {k}", fontsize=9)
    return axes


def reconstruction_explorer(X, pca, *, shape=(8, 8), labels=None):
    """Explorer: choose the number k of principal components and an image; see its rank-k reconstruction.

    ``pca`` is a fitted :class:`~statlib.decomposition.PCA` with all components. The picture shows the original,
    the reconstruction from the first k components (Eckart-Young: the best rank-k fit of the centred data),
    the k-th principal direction as an image, and the cumulative variance contribution rate (16.31).
    """
    import ipywidgets as widgets
    import matplotlib.pyplot as plt

    from ._common import explorer_panel

    m = pca.components_.shape[0]
    k_slider = widgets.IntSlider(value=5, min=1, max=m, description="k")
    index = widgets.IntSlider(value=0, min=0, max=len(X) - 1, description="image")
    cumulative = np.cumsum(pca.explained_variance_ratio_)

    def draw():
        k, i = k_slider.value, index.value
        x = X[i]
        rebuilt = _reconstruct(pca, x[None, :], k)[0]
        fig, axes = plt.subplots(1, 4, figsize=(12, 3.2), gridspec_kw={"width_ratios": [1, 1, 1, 1.6]})
        name = "" if labels is None else f" (a {labels[i]})"
        axes[0].imshow(x.reshape(shape), cmap="gray_r", vmin=0, vmax=16)
        axes[0].set_title(f"image {i}{name}", fontsize=9)
        axes[1].imshow(np.clip(rebuilt, 0, 16).reshape(shape), cmap="gray_r", vmin=0, vmax=16)
        err = np.linalg.norm(x - rebuilt) / max(np.linalg.norm(x - pca.mean_), 1e-12)
        ratio = r"$\Vert x-\hat x\Vert / \Vert x-\bar x\Vert$"
        axes[1].set_title(f"from k = {k} components\n{ratio} = {err:.2f}", fontsize=9)
        v = pca.components_[k - 1]
        lim = np.abs(v).max()
        axes[2].imshow(v.reshape(shape), cmap="RdBu_r", vmin=-lim, vmax=lim)
        axes[2].set_title(f"direction $v_{{{k}}}$", fontsize=9)
        for ax in axes[:3]:
            ax.set_xticks([])
            ax.set_yticks([])
        axes[3].plot(np.arange(1, m + 1), cumulative, color="C3")
        axes[3].plot(k, cumulative[k - 1], "o", color="k")
        axes[3].set_xlabel("number of components $k$")
        axes[3].set_ylabel("cumulative contribution rate")
        axes[3].set_title(f"{cumulative[k - 1]:.1%} of the variance kept", fontsize=9)
        axes[3].set_ylim(0, 1.02)
        fig.tight_layout()
        plt.close(fig)
        return fig

    return explorer_panel([[k_slider, index]], draw)


def demo_explorer():
    """The chapter's explorer on its data: scikit-learn's 8 x 8 handwritten digits, PCA with all 64 components."""
    from sklearn.datasets import load_digits

    from ..decomposition import PCA

    digits = load_digits()
    pca = PCA().fit(digits.data)
    return reconstruction_explorer(digits.data, pca, labels=digits.target)
