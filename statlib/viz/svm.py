"""Figures and the explorer of the SVM chapter (Li Hang ch. 7)."""

import numpy as np

__all__ = [
    "plot_margins",
    "plot_losses",
    "plot_smo_box",
    "svm_grid",
    "svm_explorer",
    "figure_7_1",
    "figure_7_2",
    "figure_7_3",
    "FIGURE_DATA",
]

# A small separable two-class set for Figures 7.1 and 7.3 (positive first, then negative), drawn once and
# kept as numbers so that the figures never change. The maximum-margin line is x1 + x2 = 4.5, i.e.
# w = (2/3, 2/3), b = -3: H1 (x1 + x2 = 6) passes through row 0 and H2 (x1 + x2 = 3) through rows 6, 7 and 11.
FIGURE_DATA = {
    "X": np.array(
        [
            [3.0, 3.0],
            [4.2, 2.3],
            [4.5, 4.0],
            [5.5, 3.0],
            [5.0, 5.0],
            [6.0, 4.5],
            [2.0, 1.0],
            [1.0, 2.0],
            [1.5, 0.5],
            [0.5, 1.0],
            [2.5, -0.5],
            [0.0, 3.0],
        ]
    ),
    "y": np.array([1, 1, 1, 1, 1, 1, -1, -1, -1, -1, -1, -1]),
}


def _grid(X, padding, resolution):
    x0, x1 = X[:, 0].min() - padding, X[:, 0].max() + padding
    y0, y1 = X[:, 1].min() - padding, X[:, 1].max() + padding
    gx, gy = np.meshgrid(np.linspace(x0, x1, resolution), np.linspace(y0, y1, resolution))
    return gx, gy


def plot_margins(
    ax,
    decision,
    X,
    y,
    *,
    support=None,
    padding=0.5,
    resolution=200,
    labels=None,
    shade=True,
    title=None,
    marker_size=28,
):
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
        ax.contourf(
            gx,
            gy,
            np.clip(f, -2, 2),
            levels=np.linspace(-2, 2, 21),
            cmap="coolwarm",
            alpha=0.25,
            vmin=-min(lim, 2),
            vmax=min(lim, 2),
        )
    ax.contour(gx, gy, f, levels=[-1, 0, 1], colors="k", linestyles=["--", "-", "--"], linewidths=[1, 1.6, 1])
    classes = np.unique(y)
    styles = [dict(color="tab:blue", marker="o"), dict(color="tab:red", marker="s")]
    for k, c in enumerate(classes):
        name = labels[k] if labels is not None else str(c)
        ax.scatter(*X[y == c].T, edgecolor="k", s=marker_size, label=name, zorder=3, **styles[k % 2])
    if support is not None and len(support):
        ax.scatter(
            *X[support].T,
            s=4 * marker_size,
            facecolor="none",
            edgecolor="k",
            linewidth=1.3,
            label=f"support vectors ({len(support)})",
            zorder=4,
        )
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
        (
            "$y_1 \\neq y_2$: $\\alpha_1 - \\alpha_2 = k$",
            lambda a2: a2 + (alpha1 - alpha2),
            max(0.0, alpha2 - alpha1),
            min(C, C + alpha2 - alpha1),
        ),
        (
            "$y_1 = y_2$: $\\alpha_1 + \\alpha_2 = k$",
            lambda a2: (alpha1 + alpha2) - a2,
            max(0.0, alpha1 + alpha2 - C),
            min(C, alpha1 + alpha2),
        ),
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

    fig, axes = plt.subplots(
        len(Cs), len(gammas), figsize=(3.2 * len(gammas), 3.0 * len(Cs)), sharex=True, sharey=True, squeeze=False
    )
    for r, C in enumerate(Cs):
        for c, gamma in enumerate(gammas):
            clf = make_model(C, gamma).fit(X, y)
            ax = axes[r, c]
            plot_margins(
                ax, clf.decision_function, X, y, support=clf.support_, labels=labels, resolution=120, marker_size=12
            )
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
        ax.set_title(
            f"C = {C:.3g}, γ = {gamma:.3g}: {clf.support_.size} support vectors, "
            f"training accuracy {clf.score(X, y):.3f}",
            fontsize=10,
        )
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


def _max_margin_line():
    """(w, b) of the hard-margin SVM on FIGURE_DATA, support vectors at functional margin 1."""
    from ..svm import SVC

    clf = SVC(kernel="linear", C=np.inf, tol=1e-12).fit(FIGURE_DATA["X"], FIGURE_DATA["y"])
    return clf.coef_[0], float(clf.intercept_[0]), clf.support_


def _line(ax, w, b, level, xs, **style):
    """Draw w . x + b = level over the x-range ``xs`` (w[1] != 0)."""
    ax.plot(xs, (level - b - w[0] * xs) / w[1], **style)


def _scatter_classes(ax, X, y):
    ax.scatter(*X[y == 1].T, marker="o", facecolor="none", edgecolor="tab:blue", s=45, label="positive (o)", zorder=3)
    ax.scatter(*X[y == -1].T, marker="x", color="tab:red", s=45, label="negative (x)", zorder=3)


def figure_7_1(ax):
    """Li Hang Figure 7.1: a separable two-class problem, its maximum-margin line, and three positive points
    A, B, C at decreasing distances from the line (decreasingly sure predictions)."""
    X, y = FIGURE_DATA["X"], FIGURE_DATA["y"]
    w, b, _ = _max_margin_line()
    xs = np.linspace(-0.5, 7.0, 2)
    _scatter_classes(ax, X, y)
    _line(ax, w, b, 0.0, xs, color="k", lw=1.6, label=r"$w^\ast \cdot x + b^\ast = 0$")
    points = {"A": np.array([6.5, 6.0]), "B": np.array([4.5, 5.5]), "C": np.array([3.2, 3.9])}
    unit = w / np.linalg.norm(w)
    for name, p in points.items():
        foot = p - (p @ w + b) / np.linalg.norm(w) * unit
        ax.plot(*zip(p, foot), ":", color="gray", lw=1)
        ax.scatter(*p, marker="o", color="tab:green", s=45, zorder=4)
        ax.annotate(name, p, textcoords="offset points", xytext=(6, 4), fontsize=11)
    ax.set(xlim=(-0.5, 7.0), ylim=(-1.0, 6.8), aspect="equal", xlabel="$x^{(1)}$", ylabel="$x^{(2)}$")
    ax.legend(loc="upper left", fontsize=8)
    return ax


def figure_7_2(ax):
    """Li Hang Figure 7.2: the geometric margin. The hyperplane (w, b), its normal vector w, a positive point
    A = x_i and the foot B of the perpendicular; the length of AB is gamma_i (7.5)."""
    w, b = np.array([1.0, 1.0]), -4.0
    xs = np.linspace(0.0, 5.0, 2)
    _line(ax, w, b, 0.0, xs, color="k", lw=1.6, label="$w \\cdot x + b = 0$")
    A = np.array([3.5, 3.0])
    gamma = (A @ w + b) / np.linalg.norm(w)
    B = A - gamma * w / np.linalg.norm(w)
    unit = w / np.linalg.norm(w)
    start = B - 1.2 * np.array([unit[1], -unit[0]])  # the normal drawn from another point of the plane
    ax.annotate("", xy=start + unit, xytext=start, arrowprops=dict(arrowstyle="->", color="tab:purple", lw=1.5))
    ax.annotate("$w$", start + unit, color="tab:purple", fontsize=12, textcoords="offset points", xytext=(2, 2))
    ax.plot(*zip(A, B), color="tab:green", lw=2, label=r"$\gamma_i$ = |AB|")
    ax.scatter(*A, marker="o", facecolor="none", edgecolor="tab:blue", s=60, zorder=3)
    ax.scatter(*B, color="k", s=15, zorder=3)
    ax.annotate("A ($x_i$, $y_i = +1$)", A, textcoords="offset points", xytext=(8, 2))
    ax.annotate("B", B, textcoords="offset points", xytext=(-14, -12))
    ax.annotate(r"$\gamma_i$", (A + B) / 2, textcoords="offset points", xytext=(6, -12), color="tab:green", fontsize=12)
    ax.set(xlim=(0.0, 5.0), ylim=(0.0, 5.0), aspect="equal", xlabel="$x^{(1)}$", ylabel="$x^{(2)}$")
    ax.legend(loc="lower left", fontsize=8)
    return gamma


def figure_7_3(ax):
    """Li Hang Figure 7.3: the support vectors lie on the margin boundaries H1 (w . x + b = 1) and
    H2 (w . x + b = -1); the band between them has width 2 / ||w||."""
    X, y = FIGURE_DATA["X"], FIGURE_DATA["y"]
    w, b, _ = _max_margin_line()
    # The support vectors of section 7.1.3: the points where y_i (w . x_i + b) = 1 holds, i.e. all points on
    # H1 and H2 (a dual solver may give one of them alpha_i = 0 when three are collinear on H2).
    support = np.flatnonzero(np.isclose(y * (X @ w + b), 1.0, atol=1e-8))
    xs = np.linspace(-0.5, 7.0, 200)
    lower = (-1.0 - b - w[0] * xs) / w[1]
    upper = (1.0 - b - w[0] * xs) / w[1]
    ax.fill_between(xs, lower, upper, color="0.9", zorder=0)
    _scatter_classes(ax, X, y)
    _line(ax, w, b, 0.0, xs[[0, -1]], color="k", lw=1.6, label="separating hyperplane")
    _line(ax, w, b, 1.0, xs[[0, -1]], color="tab:blue", ls="--", lw=1, label="$H_1$: $w \\cdot x + b = 1$")
    _line(ax, w, b, -1.0, xs[[0, -1]], color="tab:red", ls="--", lw=1, label="$H_2$: $w \\cdot x + b = -1$")
    ax.scatter(*X[support].T, s=180, facecolor="none", edgecolor="k", lw=1.3, label="support vectors", zorder=4)
    # the margin: from a support vector on H2 straight across to H1
    p = X[support[y[support] == -1][0]]
    q = p + 2.0 / (w @ w) * w
    ax.annotate("", xy=q, xytext=p, arrowprops=dict(arrowstyle="<->", color="k", lw=1))
    ax.annotate(r"$\frac{2}{\|w\|}$", p + 0.75 * (q - p), textcoords="offset points", xytext=(10, -14), fontsize=13)
    ax.set(xlim=(-0.5, 7.0), ylim=(-1.0, 6.8), aspect="equal", xlabel="$x^{(1)}$", ylabel="$x^{(2)}$")
    ax.legend(loc="upper left", bbox_to_anchor=(1.02, 1.0), fontsize=8)
    return w, b, support
