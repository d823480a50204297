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
    axes[1].set(
        xticks=[-0.5, 0.5],
        xticklabels=["$Y \\neq f(X)$", "$Y = f(X)$"],
        xlabel="the prediction $f(X)$ against the label $Y$",
        ylabel="loss",
        title="0-1 loss (1.9)",
        ylim=(-0.1, 1.2),
        xlim=(-1, 1),
    )
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


def beta_posterior(n, k, a=1.0, b=1.0):
    """The posterior (1.3) of a Bernoulli parameter after ``k`` ones in ``n`` trials under a Beta(a, b) prior.

    Returns the frozen ``scipy.stats.beta(k + a, n - k + b)``: the likelihood p^k (1 - p)^(n - k) times the
    prior density, normalised by P(D).
    """
    from scipy import stats

    from .._validation import check_int, check_real

    n = check_int(n, "n", low=1)
    k = check_int(k, "k", low=0, high=n)
    a = check_real(a, "a", low=0.0, low_inclusive=False)
    b = check_real(b, "b", low=0.0, low_inclusive=False)
    return stats.beta(k + a, n - k + b)


def plot_bayes_vs_mle(n, k, priors=((1.0, 1.0), (2.0, 2.0))):
    """Figure 1.6 as a computation: the posterior densities of p against the single maximum-likelihood point k/n.

    ``priors`` is a sequence of Beta(a, b) parameters; each posterior is drawn with its mode (the MAP estimate)
    and its mean (the predictive probability (1.4) of a 1).
    """
    import matplotlib.pyplot as plt

    posteriors = [(a, b, beta_posterior(n, k, a, b)) for a, b in priors]
    if not posteriors:
        raise ValueError("priors must hold at least one (a, b) pair")
    grid = np.linspace(0, 1, 501)
    fig, ax = plt.subplots(figsize=(6.5, 3.6))
    for (a, b, post), color in zip(posteriors, ("tab:blue", "tab:orange", "tab:purple", "tab:brown")):
        ax.plot(grid, post.pdf(grid), color=color, label=f"posterior, Beta({a:g}, {b:g}) prior")
        ax.axvline(post.mean(), color=color, ls=":", lw=1)
    ax.axvline(k / n, color="tab:red", lw=2, label=f"maximum likelihood $k/n$ = {k / n:.2f}")
    ax.set(
        xlabel="$p = P(X = 1)$",
        ylabel="density",
        xlim=(0, 1),
        title=f"Figure 1.6: Bayesian estimation and maximum likelihood ({k} ones in {n} trials)",
    )
    ax.legend(fontsize=8, loc="upper left")
    return fig


def feature_map(X):
    """The map phi(x) = (x1^2, x2^2) of Figure 1.7: a circle x1^2 + x2^2 = r^2 becomes the line z1 + z2 = r^2."""
    from .._validation import check_array

    X = check_array(X, "X")
    if X.shape[1] != 2:
        raise ValueError(f"X must have 2 columns (points of the plane), got {X.shape[1]}")
    return X**2


def circle_data(n_samples=200, radius=1.0, random_state=0):
    """Points uniform on [-2, 2]^2, labelled +1 inside the circle of ``radius`` and -1 outside (Figure 1.7)."""
    from .._validation import check_int, check_real

    n_samples = check_int(n_samples, "n_samples", low=1)
    radius = check_real(radius, "radius", low=0.0, low_inclusive=False)
    rng = np.random.default_rng(random_state)
    X = rng.uniform(-2, 2, size=(n_samples, 2))
    y = np.where(np.sum(X**2, axis=1) < radius**2, 1, -1)
    return X, y


def plot_feature_map(X, y, radius=1.0):
    """Figure 1.7: not linearly separable in the input space, separable by a line after ``feature_map``."""
    import matplotlib.pyplot as plt

    Z = feature_map(X)
    fig, (a0, a1) = plt.subplots(1, 2, figsize=(10, 4), constrained_layout=True)
    for ax, P, xl, yl in (
        (a0, X, "$x^{(1)}$", "$x^{(2)}$"),
        (a1, Z, "$z^{(1)} = (x^{(1)})^2$", "$z^{(2)} = (x^{(2)})^2$"),
    ):
        ax.scatter(*P[y == 1].T, marker="o", s=14, color="tab:blue", label="$y = +1$")
        ax.scatter(*P[y != 1].T, marker="x", s=14, color="tab:red", label="$y = -1$")
        ax.set(xlabel=xl, ylabel=yl)
    theta = np.linspace(0, 2 * np.pi, 300)
    a0.plot(radius * np.cos(theta), radius * np.sin(theta), "k--", lw=1)
    a0.set(aspect="equal", title="input space: a circle separates the classes")
    z = np.linspace(0, radius**2, 50)
    a1.plot(z, radius**2 - z, "k--", lw=1)
    a1.set(title=r"feature space $\varphi(x)$: a straight line does")
    a1.legend(fontsize=8, loc="upper right")
    fig.suptitle("Figure 1.7: mapping the input space to a feature space")
    return fig
