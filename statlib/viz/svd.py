"""Figures and the explorers of the SVD chapter (Li Hang ch. 15). Plotting only: the decomposition lives in
:mod:`statlib.decomposition`."""

import numpy as np

from ..decomposition import svd

__all__ = [
    "plot_svd_geometry",
    "low_rank",
    "grey_sample_image",
    "plot_rank_k_images",
    "plot_outer_product_layers",
    "plot_error_vs_rank",
    "image_rank_explorer",
    "geometry_explorer",
    "demo_explorer",
]


def _arrow(ax, v, color, label=None):
    ax.annotate(
        "", xy=(v[0], v[1]), xytext=(0, 0), arrowprops=dict(arrowstyle="-|>", color=color, lw=2, shrinkA=0, shrinkB=0)
    )
    if label:
        ax.text(1.08 * v[0], 1.08 * v[1], label, color=color, fontsize=10, ha="center", va="center")


def plot_svd_geometry(axes, A):
    """Li Hang Figure 15.1 for a 2 x 2 matrix: the unit circle and e_1, e_2 (red, gold) through V^T
    (rotation or reflection), Sigma (scaling of the axes by sigma_1, sigma_2) and U (rotation or reflection);
    the last panel is A x. ``axes``: four axes. Uses :func:`statlib.decomposition.svd`."""
    A = np.asarray(A, dtype=float)
    U, s, Vt = svd(A)
    t = np.linspace(0, 2 * np.pi, 241)
    circle = np.vstack([np.cos(t), np.sin(t)])
    stages = [
        (np.eye(2), "$x$ (unit circle, $e_1$, $e_2$)"),
        (Vt, "$V^{T}x$ (rotate/reflect)"),
        (np.diag(s) @ Vt, r"$\Sigma V^{T}x$ (scale axes by $\sigma_1,\sigma_2$)"),
        (U @ np.diag(s) @ Vt, r"$U\Sigma V^{T}x = Ax$ (rotate/reflect)"),
    ]
    lim = 1.15 * max(1.0, s[0])
    for ax, (M, title) in zip(np.ravel(axes), stages):
        pts = M @ circle
        ax.plot(pts[0], pts[1], color="C0", lw=1.5)
        ax.fill(pts[0], pts[1], color="C0", alpha=0.08)
        _arrow(ax, M[:, 0], "red", "1")
        _arrow(ax, M[:, 1], "goldenrod", "2")
        ax.axhline(0, color="grey", lw=0.5)
        ax.axvline(0, color="grey", lw=0.5)
        ax.set_xlim(-lim, lim)
        ax.set_ylim(-lim, lim)
        ax.set_aspect("equal")
        ax.set_title(title, fontsize=10)
        ax.set_xlabel("first coordinate")
        ax.set_ylabel("second coordinate")
    last = np.ravel(axes)[3]
    for j in range(2):  # the ellipse's semi-axes sigma_j u_j
        _arrow(last, s[j] * U[:, j], "black", rf"$\sigma_{j + 1}u_{j + 1}$")
    return U, s, Vt


def low_rank(U, s, Vt, k):
    """The rank-k truncated SVD A_k = sum_{j <= k} sigma_j u_j v_j^T (15.46) from the factors."""
    return (U[:, :k] * s[:k]) @ Vt[:k]


def grey_sample_image(name="china.jpg"):
    """One of scikit-learn's bundled sample images as a grey-level matrix (rows x columns, values in [0, 1]),
    the luminance 0.299 R + 0.587 G + 0.114 B."""
    from sklearn.datasets import load_sample_image

    rgb = load_sample_image(name).astype(float) / 255.0
    return rgb @ np.array([0.299, 0.587, 0.114])


def plot_rank_k_images(axes, image, U, s, Vt, ranks):
    """The image and its rank-k approximations A_k, one panel each (``axes`` has len(ranks) + 1 panels)."""
    m, n = image.shape
    axes = np.ravel(axes)
    axes[0].imshow(image, cmap="gray", vmin=0, vmax=1)
    axes[0].set_title(f"original, rank {min(m, n)}")
    for ax, k in zip(axes[1:], ranks):
        Ak = np.clip(low_rank(U, s, Vt, k), 0, 1)
        stored = k * (m + n + 1) / (m * n)
        ax.imshow(Ak, cmap="gray", vmin=0, vmax=1)
        ax.set_title(f"rank {k}: {100 * stored:.1f}% of the numbers")
    for ax in axes:
        ax.set_xticks([])
        ax.set_yticks([])


def plot_outer_product_layers(axes, U, s, Vt):
    """The first terms sigma_j u_j v_j^T of the outer-product expansion (15.46), one panel each, on a
    symmetric grey scale (white positive, black negative), with the share sigma_j^2 / sum sigma^2 of ||A||_F^2."""
    total = np.sum(s**2)
    for j, ax in enumerate(np.ravel(axes)):
        layer = s[j] * np.outer(U[:, j], Vt[j])
        top = np.abs(layer).max()
        ax.imshow(layer, cmap="gray", vmin=-top, vmax=top)
        term = rf"$\sigma_{{{j + 1}}}u_{{{j + 1}}}v_{{{j + 1}}}^T$"
        ax.set_title(rf"{term}: {100 * s[j] ** 2 / total:.1f}% of $\|A\|_F^2$")
        ax.set_xticks([])
        ax.set_yticks([])


def plot_error_vs_rank(ax, s, errors=None, ranks=None):
    """Relative Frobenius error of the best rank-k approximation: sqrt(sum_{j > k} sigma_j^2) / ||A||_F
    (15.33) as a curve, with measured errors ||A - A_k||_F / ||A||_F at ``ranks`` as dots."""
    tail = np.sqrt(np.cumsum((s**2)[::-1])[::-1])  # tail[k] = sqrt(sum_{j > k} sigma_j^2), 1-based sigma
    total = tail[0]
    k = np.arange(len(s))
    ax.semilogy(k, tail / total, color="C0", lw=2, label=r"$\sqrt{\sigma_{k+1}^2+\cdots}\,/\,\|A\|_F$ (15.33)")
    if errors is not None:
        ax.semilogy(ranks, np.asarray(errors) / total, "o", color="C3", label=r"measured $\|A-A_k\|_F/\|A\|_F$")
    ax.set_xlabel("rank $k$")
    ax.set_ylabel("relative Frobenius error")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend()


def image_rank_explorer(names=("china.jpg", "flower.jpg")):
    """A rank slider and an image menu: the rank-k approximation of a bundled sample image beside the
    error-vs-rank curve, with the current k marked."""
    import ipywidgets as widgets
    import matplotlib.pyplot as plt
    from scipy import linalg

    from ._common import explorer_panel

    factors = {}

    def factor(name):
        if name not in factors:
            image = grey_sample_image(name)
            factors[name] = (image,) + tuple(linalg.svd(image, full_matrices=False))
        return factors[name]

    image_menu = widgets.Dropdown(options=list(names), value=names[0], description="image")
    rank = widgets.IntSlider(value=20, min=1, max=200, description="rank k")

    def draw():
        image, U, s, Vt = factor(image_menu.value)
        k = rank.value
        fig, (a0, a1) = plt.subplots(1, 2, figsize=(11, 3.8), gridspec_kw={"width_ratios": [1.4, 1]})
        a0.imshow(np.clip(low_rank(U, s, Vt, k), 0, 1), cmap="gray", vmin=0, vmax=1)
        a0.set_title(f"rank-{k} approximation")
        a0.set_xticks([])
        a0.set_yticks([])
        plot_error_vs_rank(a1, s)
        tail = np.sqrt(np.sum(s[k:] ** 2) / np.sum(s**2))
        a1.plot([k], [tail], "o", color="C3", ms=8)
        a1.set_title(f"k = {k}: relative error {tail:.3f}")
        fig.tight_layout()
        return fig

    return explorer_panel([[image_menu, rank]], draw)


def geometry_explorer(A=((3.0, 1.0), (2.0, 1.0))):
    """Four sliders for the entries of a 2 x 2 matrix; the four panels of :func:`plot_svd_geometry`."""
    import ipywidgets as widgets
    import matplotlib.pyplot as plt

    from ._common import explorer_panel

    A = np.asarray(A, dtype=float)
    sliders = [
        widgets.FloatSlider(value=A[i, j], min=-3, max=3, step=0.1, description=f"a{i + 1}{j + 1}")
        for i in range(2)
        for j in range(2)
    ]

    def draw():
        M = np.array([[sliders[0].value, sliders[1].value], [sliders[2].value, sliders[3].value]])
        fig, axes = plt.subplots(1, 4, figsize=(14, 3.8))
        plot_svd_geometry(axes, M)
        fig.tight_layout()
        return fig

    return explorer_panel([sliders[:2], sliders[2:]], draw)


def demo_explorer():
    """The image explorer on scikit-learn's bundled photograph of China."""
    return image_rank_explorer()
