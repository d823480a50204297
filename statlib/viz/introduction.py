"""Figures and the explorer for the introduction (Li Hang ch. 1)."""

import numpy as np
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import PolynomialFeatures

from ..linear_model import Ridge


def polynomial_model(degree, alpha=0.0):
    """f_M(x, w) = sum_{j<=M} w_j x^j (Li Hang (1.22)) fitted by (regularised) least squares (1.23)/(1.25)."""
    # Degree 0 needs one (constant) feature column; its weight is then 0 and the intercept is the mean.
    return make_pipeline(PolynomialFeatures(degree, include_bias=degree == 0), Ridge(alpha=alpha))


def rms_error(model, x, t):
    """Root-mean-square error sqrt(2 L(w) / N), which puts training and test sets of any size on one scale."""
    return float(np.sqrt(np.mean((model.predict(x[:, None]) - t) ** 2)))


def draw_fit(ax, x, t, degree, alpha=0.0, *, title=None):
    """One panel of Li Hang's Figure 1.8: the data, sin(2 pi x) and the fitted polynomial."""
    grid = np.linspace(0, 1, 400)
    model = polynomial_model(degree, alpha).fit(x[:, None], t)
    ax.plot(grid, np.sin(2 * np.pi * grid), color="tab:green", lw=1, label="$\\sin(2\\pi x)$")
    ax.plot(grid, model.predict(grid[:, None]), color="tab:red", label="fit")
    ax.scatter(x, t, facecolor="none", edgecolor="tab:blue", s=40, label="data")
    ax.set(xlim=(-0.05, 1.05), ylim=(-1.6, 1.6), xlabel="$x$", ylabel="$t$")
    ax.set_title(title if title is not None else f"M = {degree}", fontsize=10)
    return model


def plot_losses():
    """The loss functions (1.9)-(1.12), each against the quantity it depends on."""
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, 3, figsize=(12, 3.3), constrained_layout=True)
    r = np.linspace(-2, 2, 401)
    axes[0].plot(r, r**2, label="quadratic (1.10): $(Y - f(X))^2$")
    axes[0].plot(r, np.abs(r), label="absolute (1.11): $|Y - f(X)|$")
    axes[0].set(xlabel="residual $Y - f(X)$", ylabel="loss", title="Regression losses")
    axes[0].legend(fontsize=8)
    axes[1].step([-1, 0, 0, 1], [1, 1, 0, 0], where="post")
    axes[1].set(xticks=[-0.5, 0.5], xticklabels=["$Y \\neq f(X)$", "$Y = f(X)$"], ylabel="loss",
                title="0-1 loss (1.9)", ylim=(-0.1, 1.2), xlim=(-1, 1))
    p = np.linspace(0.01, 1, 400)
    axes[2].plot(p, -np.log(p))
    axes[2].set(
        xlabel="$P(Y \\mid X)$ given to the true label", ylabel="loss", title="Log loss (1.12): $-\\log P(Y\\mid X)$"
    )
    return fig


def explorer(x, t, x_test, t_test):
    """Widget: the polynomial degree M and log10 lambda; shows the fit and its training and test RMS error."""
    import ipywidgets as widgets
    import matplotlib.pyplot as plt

    from ._common import explorer_panel

    degree = widgets.IntSlider(value=9, min=0, max=9, description="degree M")
    log_alpha = widgets.FloatSlider(value=-18, min=-18, max=0, step=0.5, description="log₁₀ λ")

    def draw():
        alpha = 0.0 if log_alpha.value <= -18 else 10.0**log_alpha.value
        fig, ax = plt.subplots(figsize=(5, 3.5))
        model = draw_fit(ax, x, t, degree.value, alpha)
        ax.set_title(
            f"M = {degree.value}, λ = {alpha:.2g}: train RMS {rms_error(model, x, t):.3f}, "
            f"test RMS {rms_error(model, x_test, t_test):.3f}",
            fontsize=9,
        )
        return fig

    return explorer_panel([[degree, log_alpha]], draw)


def demo_explorer():
    """The chapter's explorer on the Example 1.1 data (used by the widget tests)."""
    from ..datasets import make_sine

    x, t = make_sine(10, random_state=1)
    x_test, t_test = make_sine(30, random_state=2, evenly_spaced=False)
    return explorer(x, t, x_test, t_test)
