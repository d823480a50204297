"""Figures and the explorer of the SVM chapter (Li Hang ch. 7)."""

import numpy as np

__all__ = ["plot_margins", "plot_losses", "plot_smo_box", "svm_grid", "svm_explorer"]


def _grid(X, padding, resolution):
    x0, x1 = X[:, 0].min() - padding, X[:, 0].max() + padding
    y0, y1 = X[:, 1].min() - padding, X[:, 1].max() + padding
    gx, gy = np.meshgrid(np.linspace(x0, x1, resolution), np.linspace(y0, y1, resolution))
    return gx, gy


def plot_margins(ax, decision, X, y, *, support=None, padding=0.5, resolution=200, labels=None, shade=True,
                 title=None, marker_size=28):
    """Draw f(x) = 0 (solid) and the margin boundaries f(x) = +-1 (dashed) of a decision function, the
    points coloured by class, and the support vectors ringed.

    ``decision`` maps an (m, 2) array to f values (e.g. ``clf.decision_function``); ``y`` holds two labels,
    the second being the positive class; ``support`` indexes the support vectors in ``X``.
    """
    X = np.asarray(X, dtype=float)
    y = np.asarray(y)
    gx, gy = _grid(X, padding, resolution)
    f = np.asarray(decision(np.c_[gx.ravel(), gy.ravel()])).reshape(gx.shape)
    if shade:
        lim = max(np.abs(f).max(), 1e-12)
        ax.contourf(gx, gy, np.clip(f, -2, 2), levels=np.linspace(-2, 2, 21), cmap="coolwarm", alpha=0.25,
                    vmin=-min(lim, 2), vmax=min(lim, 2))
    ax.contour(gx, gy, f, levels=[-1, 0, 1], colors="k", linestyles=["--", "-", "--"], linewidths=[1, 1.6, 1])
    classes = np.unique(y)
    styles = [dict(color="tab:blue", marker="o"), dict(color="tab:red", marker="s")]
    for k, c in enumerate(classes):
        name = labels[k] if labels is not None else str(c)
        ax.scatter(*X[y == c].T, edgecolor="k", s=marker_size, label=name, zorder=3, **styles[k % 2])
    if support is not None and len(support):
        ax.scatter(*X[support].T, s=4 * marker_size, facecolor="none", edgecolor="k", linewidth=1.3,
                   label=f"support vectors ({len(support)})", zorder=4)
    ax.set_xlim(gx.min(), gx.max())
    ax.set_ylim(gy.min(), gy.max())
    if title:
        ax.set_title(title)
    return ax


def plot_losses(ax, z=None):
    """Figure 7.6: the 0-1 loss, the hinge loss [1 - z]_+ and the perceptron loss [-z]_+ against the
    functional margin z = y f(x)."""
    z = np.linspace(-2, 3, 501) if z is None else np.asarray(z)
    ax.plot(z, (z <= 0).astype(float), label="0-1 loss", drawstyle="steps-mid")
    ax.plot(z, np.maximum(0, 1 - z), label=r"hinge loss $[1 - z]_+$")
    ax.plot(z, np.maximum(0, -z), "--", label=r"perceptron loss $[-z]_+$")
    ax.set_xlabel(r"functional margin $z = y\,(w\cdot x + b)$")
    ax.set_ylabel("loss")
    ax.legend()
    return ax


def plot_smo_box(axes, C=1.0, alpha1=0.3, alpha2=0.6):
    """Figure 7.8: the box [0, C]^2 and the constraint line through (alpha1, alpha2), for y1 != y2
    (alpha1 - alpha2 = k) and y1 = y2 (alpha1 + alpha2 = k), with the feasible segment [L, H] for alpha2."""
    cases = [
        ("$y_1 \\neq y_2$: $\\alpha_1 - \\alpha_2 = k$", lambda a2: a2 + (alpha1 - alpha2),
         max(0.0, alpha2 - alpha1), min(C, C + alpha2 - alpha1)),
        ("$y_1 = y_2$: $\\alpha_1 + \\alpha_2 = k$", lambda a2: (alpha1 + alpha2) - a2,
         max(0.0, alpha1 + alpha2 - C), min(C, alpha1 + alpha2)),
    ]
    for ax, (title, a1_of_a2, L, H) in zip(axes, cases):
        ax.plot([0, C, C, 0, 0], [0, 0, C, C, 0], "k-", lw=1)
        a2 = np.linspace(-0.5 * C, 1.5 * C, 10)
        ax.plot(a1_of_a2(a2), a2, ":", color="grey")
        seg = np.array([L, H])
        ax.plot(a1_of_a2(seg), seg, "-", color="tab:red", lw=3, label=r"feasible segment, $L \leq \alpha_2 \leq H$")
        ax.plot([alpha1], [alpha2], "ko", label=r"$(\alpha_1^{old}, \alpha_2^{old})$")
        ax.axhline(L, color="tab:green", lw=0.8, ls="--")
        ax.axhline(H, color="tab:purple", lw=0.8, ls="--")
        ax.text(1.02 * C, L, "L", color="tab:green", va="center")
        ax.text(1.02 * C, H, "H", color="tab:purple", va="center")
        ax.set_xlim(-0.15 * C, 1.2 * C)
        ax.set_ylim(-0.15 * C, 1.2 * C)
        ax.set_aspect("equal")
        ax.set_xlabel(r"$\alpha_1$")
        ax.set_ylabel(r"$\alpha_2$")
        ax.set_title(title)
        ax.legend(loc="upper center", fontsize=8)
    return axes


def svm_grid(make_model, X, y, Cs, gammas, *, labels=None, xlabel="feature 1", ylabel="feature 2"):
    """The static twin of :func:`svm_explorer`: a figure with one panel per (C, gamma), margins and
    support vectors drawn. ``make_model(C, gamma)`` returns an unfitted classifier."""
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(len(Cs), len(gammas), figsize=(3.2 * len(gammas), 3.0 * len(Cs)),
                             sharex=True, sharey=True, squeeze=False)
    for r, C in enumerate(Cs):
        for c, gamma in enumerate(gammas):
            clf = make_model(C, gamma).fit(X, y)
            ax = axes[r, c]
            plot_margins(ax, clf.decision_function, X, y, support=clf.support_, labels=labels, resolution=120,
                         marker_size=12)
            ax.set_title(f"C={C:g}, γ={gamma:g}: {clf.support_.size} SVs, acc {clf.score(X, y):.2f}", fontsize=9)
            if r == len(Cs) - 1:
                ax.set_xlabel(xlabel)
            if c == 0:
                ax.set_ylabel(ylabel)
    return fig


def svm_explorer(make_model, X, y, *, labels=None, xlabel="feature 1", ylabel="feature 2"):
    """An ipywidgets explorer: sliders for log10 C and log10 gamma refit the classifier and redraw its
    decision boundary, margins and support vectors. ``make_model(C, gamma)`` returns an unfitted
    classifier. The picture is an ``ipywidgets.Image`` (``panel.image``), redrawn on every change."""
    import ipywidgets as widgets
    import matplotlib.pyplot as plt

    from ._common import explorer_panel

    log10_C = widgets.FloatSlider(value=0.0, min=-2.0, max=3.0, step=0.25, description="log₁₀ C")
    log10_gamma = widgets.FloatSlider(value=0.0, min=-2.0, max=2.0, step=0.25, description="log₁₀ γ")

    def draw():
        C, gamma = 10.0**log10_C.value, 10.0**log10_gamma.value
        clf = make_model(C, gamma).fit(X, y)
        fig, ax = plt.subplots(figsize=(5.5, 4.5))
        plot_margins(ax, clf.decision_function, X, y, support=clf.support_, labels=labels)
        ax.set_title(f"C = {C:.3g}, γ = {gamma:.3g}: {clf.support_.size} support vectors, "
                     f"training accuracy {clf.score(X, y):.3f}", fontsize=10)
        ax.set_xlabel(xlabel)
        ax.set_ylabel(ylabel)
        ax.legend(loc="lower right", fontsize=8)
        return fig

    return explorer_panel([[log10_C, log10_gamma]], draw)


def demo_explorer():
    """The chapter's explorer on 100 seeded two-moons points (used by the widget tests)."""
    from sklearn.datasets import make_moons

    from ..svm import SVC

    X, y = make_moons(100, noise=0.2, random_state=0)
    return svm_explorer(lambda C, gamma: SVC(C=C, gamma=gamma), X, y)
