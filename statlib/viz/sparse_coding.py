"""Figures and the explorer of the sparse-coding chapter (MLAPP section 13.8)."""

import numpy as np

__all__ = ["atom_mosaic", "plot_atoms", "sensing_problem", "plot_signal", "sensing_explorer", "demo_explorer"]


def atom_mosaic(atoms, patch_size, n_cols=None, pad=1):
    """Tile the rows of ``atoms`` (each ``patch_size**2`` pixels, row-major) into one image, each atom scaled to
    [-1, 1] by its largest magnitude; padding is 0 (mid-grey in a symmetric colour map)."""
    atoms = np.asarray(atoms, dtype=float)
    n = atoms.shape[0]
    n_cols = int(np.ceil(np.sqrt(n))) if n_cols is None else n_cols
    n_rows = int(np.ceil(n / n_cols))
    s = patch_size
    out = np.zeros((n_rows * (s + pad) + pad, n_cols * (s + pad) + pad))
    for k in range(n):
        a = atoms[k].reshape(s, s)
        top = np.abs(a).max()
        r, c = divmod(k, n_cols)
        out[pad + r * (s + pad) : pad + r * (s + pad) + s, pad + c * (s + pad) : pad + c * (s + pad) + s] = (
            a / top if top > 0 else a
        )
    return out


def plot_atoms(ax, atoms, patch_size, title, n_cols=None, signed=True):
    """One panel of MLAPP Figure 13.21: the atoms (or filters) as small grey images; ``signed=False`` maps
    [0, 1] to black-white (for non-negative atoms), otherwise [-1, 1] with zero mid-grey."""
    low = -1 if signed else 0
    ax.imshow(atom_mosaic(atoms, patch_size, n_cols), cmap="gray", vmin=low, vmax=1, interpolation="nearest")
    ax.set_title(title)
    ax.set_xticks([])
    ax.set_yticks([])


def sensing_problem(n_features=128, n_nonzero=8, n_measurements=40, seed=0):
    """A k-sparse signal x (Gaussian non-zeros at random places) and a Gaussian sensing matrix R with
    N(0, 1/M) entries (MLAPP section 13.8.3); returns (x, R, y = R x). The signal depends only on ``seed``, and
    the first M rows of R are the same for every M, so that recovery can be compared across M."""
    rng = np.random.default_rng(seed)
    x = np.zeros(n_features)
    x[rng.choice(n_features, n_nonzero, replace=False)] = rng.standard_normal(n_nonzero)
    R_all = rng.standard_normal((n_features, n_features))
    R = R_all[:n_measurements] / np.sqrt(n_measurements)
    return x, R, R @ x


def plot_signal(ax, x, x_hat, title):
    """The true sparse signal (stems) and a recovery (dots)."""
    idx = np.arange(len(x))
    ax.vlines(idx, 0, x, color="0.6", lw=2, label="true x")
    ax.plot(idx, x_hat, ".", color="C3", ms=5, label="recovered")
    ax.axhline(0, color="k", lw=0.5)
    ax.set_xlabel("index j")
    ax.set_ylabel(r"$x_j$")
    ax.set_title(title)
    ax.legend(loc="upper right", fontsize=8)


def sensing_explorer(n_features=128):
    """Sliders for the number of measurements M and the sparsity k, and a choice of recovery (l1 basis
    pursuit or the minimum-l2-norm solution): the true signal against the recovery."""
    import ipywidgets as widgets
    import matplotlib.pyplot as plt

    from statlib.sparse_coding import basis_pursuit

    from ._common import explorer_panel

    m_slider = widgets.IntSlider(value=40, min=8, max=96, step=8, description="M")
    k_slider = widgets.IntSlider(value=8, min=2, max=24, step=2, description="k")
    method = widgets.Dropdown(
        options=["l1 (basis pursuit)", "l2 (least norm)"], value="l1 (basis pursuit)", description="recovery"
    )

    def draw():
        x, R, y = sensing_problem(n_features, k_slider.value, m_slider.value)
        x_hat = basis_pursuit(R, y) if method.value.startswith("l1") else np.linalg.pinv(R) @ y
        err = np.linalg.norm(x_hat - x) / np.linalg.norm(x)
        fig, ax = plt.subplots(figsize=(9, 3.5))
        plot_signal(
            ax,
            x,
            x_hat,
            f"M = {m_slider.value} measurements of D = {n_features}, k = {k_slider.value}: relative error {err:.2f}",
        )
        fig.tight_layout()
        return fig

    return explorer_panel([[m_slider, k_slider, method]], draw)


def demo_explorer():
    """The compressed-sensing explorer on a 128-dimensional signal."""
    return sensing_explorer()
