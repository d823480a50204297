"""Figures and the explorer for the chapter on logistic regression and maximum entropy (Li Hang ch. 6)."""

import warnings

import numpy as np
from sklearn.exceptions import ConvergenceWarning

_TRIANGLE = np.array([[0.0, 0.0], [1.0, 0.0], [0.5, np.sqrt(3.0) / 2.0]])


def logistic_cdf(x, mu=0.0, gamma=1.0):
    """F(x) of the logistic distribution, eq. (6.1)."""
    return 1.0 / (1.0 + np.exp(-(np.asarray(x, dtype=float) - mu) / gamma))


def logistic_pdf(x, mu=0.0, gamma=1.0):
    """f(x) = F'(x) of the logistic distribution, eq. (6.2)."""
    e = np.exp(-np.abs(np.asarray(x, dtype=float) - mu) / gamma)  # f is symmetric about mu
    return e / (gamma * (1.0 + e) ** 2)


def plot_logistic_distribution(mu=0.0, gammas=(0.5, 1.0, 2.0), xlim=(-6.0, 6.0)):
    """Figure 6.1: density and distribution function of the logistic distribution for several gamma."""
    import matplotlib.pyplot as plt

    x = np.linspace(*xlim, 400)
    fig, (left, right) = plt.subplots(1, 2, figsize=(10, 3.6), constrained_layout=True)
    for g in gammas:
        left.plot(x, logistic_pdf(x, mu, g), label=f"γ = {g:g}")
        right.plot(x, logistic_cdf(x, mu, g), label=f"γ = {g:g}")
    left.set(xlabel="x", ylabel="f(x)", title="density f(x), eq. (6.2)")
    right.axhline(0.5, color="grey", lw=0.8, ls=":")
    right.axvline(mu, color="grey", lw=0.8, ls=":")
    right.scatter([mu], [0.5], color="k", zorder=3)
    right.annotate("(μ, 1/2)", (mu, 0.5), textcoords="offset points", xytext=(8, -14))
    right.set(xlabel="x", ylabel="F(x)", title="distribution function F(x), eq. (6.1)")
    for ax in (left, right):
        ax.legend()
    return fig


def _to_plane(P):
    """Barycentric coordinates (p1, p2, p3) -> points of the triangle."""
    return np.asarray(P) @ _TRIANGLE


def plot_simplex(ax, constraints=(), *, levels=12, resolution=300):
    """Figure 6.2: the 2-simplex of distributions (p1, p2, p3), entropy contours, and constraint lines.

    ``constraints`` is a sequence of ``(a, b, label)``: the line a . p = b. For each line, the point of
    largest entropy on it is marked: the maximum entropy model under that constraint.
    """
    t = np.linspace(0.0, 1.0, resolution)
    p1, p2 = np.meshgrid(t, t)
    p3 = 1.0 - p1 - p2
    inside = p3 >= 0
    P = np.stack([p1, p2, np.where(inside, p3, 0.0)], axis=-1)
    with np.errstate(divide="ignore", invalid="ignore"):
        H = -np.sum(np.where(P > 0, P * np.log(P), 0.0), axis=-1)
    H = np.where(inside, H, np.nan)
    xy = _to_plane(P.reshape(-1, 3)).reshape(resolution, resolution, 2)
    cs = ax.contourf(xy[..., 0], xy[..., 1], H, levels=levels, cmap="Greys_r")
    ax.plot(*np.vstack([_TRIANGLE, _TRIANGLE[:1]]).T, color="k", lw=1)
    for name, corner, offset, ha in zip(
        ("$P(y_1)=1$", "$P(y_2)=1$", "$P(y_3)=1$"),
        _TRIANGLE,
        ((0, -14), (0, -14), (8, -4)),
        ("center", "center", "left"),
    ):
        ax.annotate(name, corner, textcoords="offset points", xytext=offset, fontsize=9, ha=ha)
    ax.scatter(
        *_to_plane([1 / 3, 1 / 3, 1 / 3]),
        marker="*",
        s=150,
        color="gold",
        edgecolor="k",
        zorder=4,
        label="uniform: largest entropy, log 3",
    )
    colours = ("tab:blue", "tab:red", "tab:green", "tab:purple")
    for (a, b, label), colour in zip(constraints, colours):
        a = np.asarray(a, dtype=float)
        # The points of the simplex on the line a . p = b, found on a fine grid of the simplex's boundary
        # parametrisation: p = (s, u, 1 - s - u) with a . p = b solved for u.
        s = np.linspace(0.0, 1.0, 4001)
        denom = a[1] - a[2]
        if abs(denom) > 1e-12:
            u = (b - a[2] - (a[0] - a[2]) * s) / denom
        else:
            s = np.full_like(s, (b - a[2]) / (a[0] - a[2]))
            u = np.linspace(0.0, 1.0, 4001)
        pts = np.column_stack([s, u, 1.0 - s - u])
        ok = np.all(pts >= -1e-12, axis=1)
        pts = np.clip(pts[ok], 0.0, 1.0)
        if len(pts) == 0:
            continue
        ax.plot(*_to_plane(pts).T, color=colour, lw=2, label=label)
        with np.errstate(divide="ignore", invalid="ignore"):
            ent = -np.sum(np.where(pts > 0, pts * np.log(pts), 0.0), axis=1)
        best = pts[np.argmax(ent)]
        ax.scatter(*_to_plane(best), color=colour, edgecolor="k", s=60, zorder=5)
    ax.set_aspect("equal")
    ax.set(xlim=(-0.05, 1.05), ylim=(-0.1, 0.92))
    ax.axis("off")
    return cs


def plot_probability_map(ax, model, X, y, *, names=None, resolution=200, padding=0.5):
    """P(Y = 1 | x) of a fitted binary classifier as a colour map over two features, with the data and the
    decision boundary P = 1/2 (where w . x + b = 0)."""
    x0, x1 = X[:, 0].min() - padding, X[:, 0].max() + padding
    y0, y1 = X[:, 1].min() - padding, X[:, 1].max() + padding
    gx, gy = np.meshgrid(np.linspace(x0, x1, resolution), np.linspace(y0, y1, resolution))
    prob = model.predict_proba(np.c_[gx.ravel(), gy.ravel()])[:, 1].reshape(gx.shape)
    im = ax.contourf(gx, gy, prob, levels=np.linspace(0, 1, 11), cmap="coolwarm", alpha=0.6)
    ax.contour(gx, gy, prob, levels=[0.5], colors="k", linewidths=1.5)
    names = names if names is not None else [str(c) for c in model.classes_]
    for k, (marker, colour) in enumerate((("o", "tab:blue"), ("s", "tab:red"))):
        ax.scatter(*X[y == model.classes_[k]].T, marker=marker, color=colour, edgecolor="k", s=25, label=names[k])
    ax.set(xlim=(x0, x1), ylim=(y0, y1))
    return im


def explorer(X, y, *, feature_names=("x1", "x2"), class_names=None):
    """Widget: the penalty C (log scale) and the penalty on/off of ``LogisticRegression``; shows P(Y=1|x)."""
    import ipywidgets as widgets
    import matplotlib.pyplot as plt

    from ..linear_model import LogisticRegression
    from ._common import explorer_panel

    logC = widgets.FloatSlider(value=0.0, min=-3.0, max=3.0, step=0.25, description="log10 C")
    penalty = widgets.Dropdown(options=[("L2 penalty", "l2"), ("no penalty", None)], value="l2", description="penalty")

    def draw():
        model = LogisticRegression(C=10.0**logC.value, penalty=penalty.value, max_iter=200)
        with warnings.catch_warnings():
            # Unpenalised fits may stop at max_iter when the classes are (nearly) separable.
            warnings.simplefilter("ignore", ConvergenceWarning)
            model.fit(X, y)
        fig, ax = plt.subplots(figsize=(5.5, 4.2))
        plot_probability_map(ax, model, X, y, names=class_names)
        w, b = model.coef_[0], model.intercept_[0]
        ax.set(
            xlabel=feature_names[0],
            ylabel=feature_names[1],
            title=f"w = ({w[0]:.2f}, {w[1]:.2f}), b = {b:.2f}, training accuracy {model.score(X, y):.3f}",
        )
        ax.legend(loc="upper left")
        return fig

    return explorer_panel([[logC, penalty]], draw)


def demo_explorer():
    """The chapter's explorer on its data: iris versicolor against virginica, petal length and width."""
    from sklearn.datasets import load_iris

    iris = load_iris()
    mask = iris.target > 0
    return explorer(
        iris.data[mask][:, 2:],
        iris.target[mask],
        feature_names=("petal length (cm)", "petal width (cm)"),
        class_names=["versicolor", "virginica"],
    )
