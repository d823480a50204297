"""Figures and the EM explorer of the EM chapter (Li Hang ch. 9). Plotting only: the algorithms live in
:mod:`statlib.mixture`."""

import numpy as np

from ..mixture import three_coin_log_likelihood

__all__ = [
    "plot_three_coin_ridge",
    "lower_bound_slice",
    "plot_lower_bound",
    "plot_gmm_1d",
    "plot_em_steps",
    "em_explorer",
    "demo_explorer",
    "plot_covariance_ellipses",
]


def plot_three_coin_ridge(axes, y, fits, labels):
    """One panel per fitted :class:`~statlib.mixture.ThreeCoinEM`: contours of log P(Y | pi, p, q) over
    (p, q) at the fitted pi, the ridge pi p + (1 - pi) q = mean(y) of maximisers, and the EM path
    (start and estimate; the start is drawn at its own p, q although its pi differs slightly)."""
    grid = np.linspace(0.0, 1.0, 201)
    # The likelihood on the closed square [0, 1]^2, its edges evaluated a hair inside (log 0 at p or q = 0, 1),
    # so that the shading fills every panel to its frame.
    P, Q = np.meshgrid(grid, grid)
    inside = np.clip(grid, 1e-6, 1 - 1e-6)
    P_in, Q_in = np.meshgrid(inside, inside)
    h = float(np.mean(y))
    best = three_coin_log_likelihood(y, 0.5, h, h)
    for ax, em, label in zip(np.ravel(axes), fits, labels):
        L = three_coin_log_likelihood(y, em.pi_, P_in, Q_in)
        levels = best - np.array([6.0, 3.0, 1.5, 0.75, 0.3, 0.1, 0.02])
        cs = ax.contourf(P, Q, L, levels=np.r_[L.min(), levels, best + 1e-9], cmap="viridis", alpha=0.85)
        # The ridge: p pi + q (1 - pi) = h, i.e. q = (h - pi p) / (1 - pi).
        ridge_q = (h - em.pi_ * grid) / (1.0 - em.pi_)
        keep = (ridge_q >= 0) & (ridge_q <= 1)
        ax.plot(grid[keep], ridge_q[keep], color="white", lw=2, ls="--", label=f"ridge $\\pi p+(1-\\pi)q={h:g}$")
        path = em.history_
        ax.plot(path[:, 1], path[:, 2], color="red", lw=1.5)
        ax.plot(*path[0, 1:], "o", color="red", mec="k", label="start $(p^{(0)},q^{(0)})$")
        ax.plot(em.p_, em.q_, "*", color="gold", mec="k", ms=14, label="EM estimate")
        ax.set_title(f"{label}: $\\hat\\pi$ = {em.pi_:.4f}")
        ax.set_xlabel("$p$ (heads probability of coin B)")
        ax.set_ylabel("$q$ (heads probability of coin C)")
        ax.set_xlim(0.0, 1.0)
        ax.set_ylim(0.0, 1.0)  # the same square in every panel, whatever the path and the ridge reach
        ax.set_aspect("equal")
    np.ravel(axes)[0].legend(loc="lower left", fontsize=8, framealpha=0.9)
    return cs


def lower_bound_slice(y, alpha, mu, sigma2, component, grid):
    """L(theta) and the lower bound B(theta, theta^(i)) of eq. (9.13) along mu_k = grid (all else fixed).

    theta^(i) is (alpha, mu, sigma2). Returns ``(L, B, mu_next)`` where ``mu_next`` maximises B along
    the slice: the responsibility-weighted mean of (9.30).
    """
    y = np.asarray(y, dtype=float)
    alpha, mu, sigma2 = (np.asarray(v, dtype=float) for v in (alpha, mu, sigma2))

    def log_joint(m):  # log alpha_k phi(y_j | theta_k) with mu_component = m: shape (len(grid), N, K)
        mus = np.broadcast_to(mu, (len(m), len(mu))).copy()
        mus[:, component] = m
        return np.log(alpha) - 0.5 * (np.log(2 * np.pi * sigma2) + (y[None, :, None] - mus[:, None, :]) ** 2 / sigma2)

    current = log_joint(np.array([mu[component]]))[0]
    top = current.max(axis=1, keepdims=True)
    log_norm = top[:, 0] + np.log(np.exp(current - top).sum(axis=1))
    gamma = np.exp(current - log_norm[:, None])
    lj = log_joint(np.asarray(grid, dtype=float))
    top = lj.max(axis=2, keepdims=True)
    L = (top[..., 0] + np.log(np.exp(lj - top).sum(axis=2))).sum(axis=1)
    B = (gamma * (lj - np.log(gamma))).sum(axis=(1, 2))
    mu_next = gamma[:, component] @ y / gamma[:, component].sum()
    return L, B, mu_next


def plot_lower_bound(ax, grid, L, B, mu_now, mu_next, step):
    """Li Hang Figure 9.1 for real: L and B(., theta^(i)) touching at theta^(i), maximised at theta^(i+1)."""
    ax.plot(grid, L, color="C0", lw=2, label=r"$L(\theta)=\log P(Y\mid\theta)$")
    ax.plot(grid, B, color="C1", lw=2, label=rf"$B(\theta,\theta^{{({step})}})$")
    i_now = np.argmin(np.abs(grid - mu_now))
    ax.plot(mu_now, L[i_now], "o", color="k")
    ax.axvline(mu_now, color="grey", ls=":", lw=1, label=rf"$\theta^{{({step})}}$ (current)")
    ax.axvline(mu_next, color="C1", ls="--", lw=1, label=rf"$\theta^{{({step + 1})}}$ = top of $B$")
    ax.set_xlabel(r"$\mu_1$ (all other parameters fixed)")
    ax.set_ylabel("log-likelihood")
    ax.legend(loc="lower center", fontsize=8)


def plot_gmm_1d(ax, y, alpha, mu, sigma2, *, bins=30, title=None, xlim=None):
    """Histogram of ``y`` with the weighted components alpha_k phi(. | mu_k, sigma_k^2) and their sum (9.24)."""
    y = np.asarray(y, dtype=float)
    lo, hi = xlim if xlim is not None else (y.min() - 0.15 * np.ptp(y), y.max() + 0.15 * np.ptp(y))
    x = np.linspace(lo, hi, 600)
    ax.hist(y, bins=bins, range=(lo, hi), density=True, color="0.85", edgecolor="0.6", label="data")
    total = np.zeros_like(x)
    for k, (a, m, s2) in enumerate(zip(alpha, mu, sigma2)):
        dens = a * np.exp(-0.5 * (x - m) ** 2 / s2) / np.sqrt(2 * np.pi * s2)
        total += dens
        ax.plot(x, dens, color=f"C{k}", lw=1.5, label=f"$\\alpha_{k + 1}\\phi(y\\mid\\theta_{k + 1})$")
    ax.plot(x, total, color="k", lw=2, label="mixture $P(y\\mid\\theta)$")
    ax.set_xlim(lo, hi)
    ax.set_xlabel("$y$")
    ax.set_ylabel("density")
    if title:
        ax.set_title(title)


def plot_em_steps(axes, y, path, steps, *, bins=30, xlabel="$y$"):
    """Static version of :func:`em_explorer`: the fit after each iteration in ``steps`` (one panel each).

    A step at or beyond ``path.n_iter`` of a converged path is titled "at convergence" rather than with the
    iteration count, which depends on where the tolerance stopped the loop.
    """
    for ax, t in zip(np.ravel(axes), steps):
        t = min(t, path.n_iter)
        when = "at convergence" if path.converged and t == path.n_iter else f"iteration {t}"
        plot_gmm_1d(
            ax,
            y,
            path.alpha[t],
            path.mu[t],
            path.sigma2[t],
            bins=bins,
            title=f"{when}: $\\log P(Y\\mid\\theta)$ = {path.log_likelihood[t]:.2f}",
        )
        ax.set_xlabel(xlabel)
    np.ravel(axes)[0].legend(fontsize=7, loc="upper left")


def em_explorer(y, starts, *, bins=30, xlabel="$y$"):
    """Explorer over the iterations of :func:`~statlib.mixture.em_gmm_1d` (Algorithm 9.2).

    ``starts`` maps a number of components K to an initial ``(alpha, mu, sigma2)``. Controls: K, the
    iteration (with a play button) and the M-step variant (EM, or ECM with Li Hang's (9.31) as printed).
    The picture: the fitted densities after the chosen iteration, and the log-likelihood up to it.
    """
    import ipywidgets as widgets
    import matplotlib.pyplot as plt

    from ..mixture import em_gmm_1d
    from ._common import explorer_panel

    cache = {}

    def path(K, m_step):
        if (K, m_step) not in cache:
            cache[K, m_step] = em_gmm_1d(y, *starts[K], m_step=m_step, tol=1e-8, max_iter=3000)
        return cache[K, m_step]

    components = widgets.Dropdown(options=sorted(starts), value=sorted(starts)[0], description="K")
    variant = widgets.Dropdown(
        options=[("EM", "em"), ("ECM: (9.31) as printed", "ecm")], value="em", description="M-step"
    )
    step = widgets.IntSlider(value=0, min=0, max=200, description="iteration")
    play = widgets.Play(value=0, min=0, max=200, interval=500)
    widgets.jslink((play, "value"), (step, "value"))

    def draw():
        run = path(components.value, variant.value)
        t = min(step.value, run.n_iter)
        fig, (a0, a1) = plt.subplots(1, 2, figsize=(11, 3.8), gridspec_kw={"width_ratios": [1.6, 1]})
        plot_gmm_1d(
            a0,
            y,
            run.alpha[t],
            run.mu[t],
            run.sigma2[t],
            bins=bins,
            title=f"K = {components.value}, after iteration {t} of {run.n_iter}",
        )
        a0.set_xlabel(xlabel)
        a0.legend(fontsize=7, loc="upper left")
        a1.plot(np.arange(run.n_iter + 1), run.log_likelihood, color="0.7")
        a1.plot(np.arange(t + 1), run.log_likelihood[: t + 1], "o-", color="C3", ms=3)
        a1.set_xscale("symlog", linthresh=10)
        a1.set_xlabel("iteration $i$")
        a1.set_ylabel(r"$\log P(Y\mid\theta^{(i)})$")
        a1.set_title("never decreases (Theorem 9.1)")
        fig.tight_layout()
        plt.close(fig)
        return fig

    return explorer_panel([[components, variant], [play, step]], draw)


def demo_explorer():
    """The chapter's explorer on its data: iris petal lengths, K = 2 or 3, from the chapter's starts."""
    from sklearn.datasets import load_iris

    petal = load_iris().data[:, 2]
    starts = {2: ([0.5, 0.5], [2.4, 4.0], [1.0, 1.0]), 3: ([1 / 3] * 3, [2.0, 3.0, 6.5], [1.0] * 3)}
    return em_explorer(petal, starts, xlabel="petal length (cm)")


def plot_covariance_ellipses(ax, means, covariances, *, n_std=2.0, colors=None, **kwargs):
    """Draw the n_std-standard-deviation ellipse of each 2-D Gaussian component."""
    from matplotlib.patches import Ellipse

    for k, (m, c) in enumerate(zip(means, covariances)):
        vals, vecs = np.linalg.eigh(c)
        angle = np.degrees(np.arctan2(vecs[1, 1], vecs[0, 1]))
        width, height = 2 * n_std * np.sqrt(vals[::-1])
        colour = colors[k] if colors is not None else f"C{k}"
        ax.add_patch(Ellipse(m, width, height, angle=angle, fill=False, color=colour, lw=2, **kwargs))
        ax.plot(*m, "x", color=colour, ms=9, mew=2)
