"""Figures and the explorer of the ICA chapter (MLAPP §12.6)."""

import numpy as np

from statlib._validation import check_array
from statlib.decomposition import source_log_density


def rotation(theta):
    """The 2 x 2 rotation matrix R(theta) = [[cos, -sin], [sin, cos]]."""
    c, s = np.cos(theta), np.sin(theta)
    return np.array([[c, -s], [s, c]])


def whiten(X):
    """Centre ``X`` and whiten it by PCA: (X - mean) @ K.T has identity sample covariance (divisor n)."""
    X = check_array(X, "X", min_rows=2)
    Xc = X - X.mean(axis=0)
    lam, U = np.linalg.eigh(Xc.T @ Xc / len(X))
    if lam.min() <= 1e-12 * max(lam.max(), np.finfo(np.float64).tiny):
        raise ValueError("X has a singular sample covariance and cannot be whitened")
    return Xc @ (U / np.sqrt(lam)) @ U.T  # the symmetric (ZCA) choice K = C^{-1/2}


def excess_kurtosis(y):
    """kurt(y) = mu_4 / sigma^4 - 3 (12.110) of each column of ``y``."""
    y = check_array(y, "y", min_rows=2)
    y = y - y.mean(axis=0)
    return (y**4).mean(axis=0) / (y**2).mean(axis=0) ** 2 - 3.0


def rotation_objectives(Z, angles, density="logistic"):
    """For white 2-d data ``Z`` and each angle theta: the mean log-likelihood E[sum_j log p(y_j)] of y = R(theta) z
    ((12.101) without the constant log |det V| = 0; minus (12.102)) and the sum of |kurt(y_j)| (12.110)."""
    Z = check_array(Z, "Z", min_rows=2)
    if Z.shape[1] != 2:
        raise ValueError(f"Z must have 2 columns (white 2-d data), got {Z.shape[1]}")
    ll, kurt = [], []
    for t in np.atleast_1d(np.asarray(angles, dtype=np.float64)):
        Y = Z @ rotation(t).T
        ll.append(source_log_density(Y, density).sum(axis=1).mean())
        kurt.append(np.abs(excess_kurtosis(Y)).sum())
    return np.array(ll), np.array(kurt)


def plot_signals(axes, S, *, title=None, color="C0"):
    """One signal per axis in a column (MLAPP Figs. 12.20): the rows of ``S`` are time steps."""
    t = np.arange(len(S))
    for j, ax in enumerate(axes):
        ax.plot(t, S[:, j], lw=0.8, color=color)
        ax.set_yticks([])
        ax.set_ylabel(f"{j + 1}", rotation=0, labelpad=8)
        if j < len(axes) - 1:
            # hide this row's labels only: emptying the tick labels would empty them on every axis sharing x
            ax.tick_params(axis="x", labelbottom=False)
    axes[-1].set_xlabel("t")
    if title:
        axes[0].set_title(title)


def plot_scatter(ax, S, title, *, lim=None):
    """A 2-d scatter of ``S`` with equal axes (MLAPP Fig. 12.21)."""
    ax.scatter(S[:, 0], S[:, 1], s=8, color="C0")
    ax.set_title(title)
    if lim is None:
        ax.set_aspect("equal", adjustable="datalim")
    else:
        ax.set_xlim(-lim, lim)
        ax.set_ylim(-lim, lim)
        ax.set_aspect("equal", adjustable="box")
    ax.set_xlabel("component 1")
    ax.set_ylabel("component 2")


def plot_rotation_state(axes, Z, theta, angles, ll, kurt, *, density="logistic"):
    """Three panels for white 2-d data ``Z`` turned by ``theta``: the rotated scatter, the two marginal
    histograms against the model's unit-variance density, and the objectives over all ``angles``."""
    left, mid, right = axes
    Y = Z @ rotation(theta).T
    lim = 1.1 * np.abs(Z).max()
    plot_scatter(left, Y, f"y = R(θ) z, θ = {np.rad2deg(theta):.0f}°", lim=lim)
    grid = np.linspace(-lim, lim, 200)
    bins = np.linspace(-lim, lim, 31)
    for j in range(2):
        mid.hist(Y[:, j], bins=bins, density=True, alpha=0.45, label=f"$y_{j + 1}$")
    mid.plot(grid, np.exp(source_log_density(grid, density)), color="k", lw=1.2, label=f"{density} model")
    mid.set_xlabel("value")
    mid.set_ylabel("density")
    mid.legend(fontsize=8)
    mid.set_title("marginals of y")
    deg = np.rad2deg(angles)
    right.plot(deg, ll, color="C0", label="mean log-likelihood (12.101)")
    right.set_xlabel("rotation θ (degrees)")
    right.set_ylabel("mean log-likelihood", color="C0")
    twin = right.twinx()
    twin.plot(deg, kurt, color="C3", ls="--", label=r"$\Sigma_j\,|\mathrm{kurt}(y_j)|$")
    twin.set_ylabel(r"$\Sigma_j\,|\mathrm{kurt}(y_j)|$", color="C3")
    # keep small (sampling-noise) variations small on the page: each axis spans at least a fixed range; a sum of
    # absolute values is never negative, so its axis starts at zero at the lowest (the range slides up, same span)
    for axis, values, span, floor in ((right, ll, 0.05, -np.inf), (twin, kurt, 1.0, 0.0)):
        mid_value, half = (values.max() + values.min()) / 2, max(values.max() - values.min(), span) / 2
        low = max(mid_value - 1.1 * half, floor)
        axis.set_ylim(low, low + 2.2 * half)
    right.axvline(np.rad2deg(theta), color="0.4", lw=0.8)
    right.set_title("objectives over the rotation")
    return twin


def _demo_sources(kind, n=500, seed=0):
    rng = np.random.default_rng(seed)
    if kind == "uniform":
        return rng.uniform(-np.sqrt(3), np.sqrt(3), size=(n, 2))
    if kind == "laplace":
        return rng.laplace(scale=1 / np.sqrt(2), size=(n, 2))
    return rng.normal(size=(n, 2))


def rotation_explorer(W, *, n=500, seed=0, density="logistic"):
    """Turn the whitened mixtures x = W z (MLAPP (12.98)) by an angle and watch the marginals and the objectives.

    A dropdown picks the sources (uniform, Laplace, Gaussian); the slider sets the rotation theta applied to the
    white data. The right panel shows the mean log-likelihood (12.101) with the unit-variance ``density`` and the
    summed absolute kurtosis (12.110) over all angles: for non-Gaussian sources both have their extremes where the
    marginals are the sources; for Gaussian sources nothing changes with the angle (12.96).
    """
    import ipywidgets as widgets
    import matplotlib.pyplot as plt

    from ._common import explorer_panel

    angle = widgets.IntSlider(value=0, min=-90, max=90, step=3, description="θ (deg)")
    kind = widgets.Dropdown(
        options=[("uniform (sub-Gaussian)", "uniform"), ("Laplace (super-Gaussian)", "laplace"), ("Gaussian", "gauss")],
        value="uniform",
        description="sources",
    )
    angles = np.deg2rad(np.arange(-90, 91, 3))
    cache = {}

    def state(k):
        if k not in cache:
            Z = whiten(_demo_sources(k, n, seed) @ np.asarray(W).T)
            cache[k] = (Z, *rotation_objectives(Z, angles, density))
        return cache[k]

    def draw():
        Z, ll, kurt = state(kind.value)
        fig, axes = plt.subplots(1, 3, figsize=(14, 4.2))
        plot_rotation_state(axes, Z, np.deg2rad(angle.value), angles, ll, kurt, density=density)
        fig.tight_layout()
        plt.close(fig)
        return fig

    return explorer_panel([[kind, angle]], draw)


def demo_explorer():
    """The explorer on 500 samples mixed by the matrix W = [[2, 3], [2, 1]] of MLAPP (12.98)."""
    return rotation_explorer(np.array([[2.0, 3.0], [2.0, 1.0]]))
