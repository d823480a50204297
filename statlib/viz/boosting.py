"""Figures and the explorer for the boosting chapter (Li Hang ch. 8)."""

import numpy as np

from ..ensemble import AdaBoostClassifier

_POS, _NEG = "tab:blue", "tab:red"


def _label_colours(y):
    return np.where(np.asarray(y) > 0, _POS, _NEG)


def plot_adaboost_rounds_1d(x, y, clf, weights):
    """Example 8.1, one row per round m: the distribution D_m as bars (blue +1, red -1) with the
    stump G_m's threshold, and the staircase f_m(x) = sum_{k<=m} alpha_k G_k(x) (8.6) with sign f_m."""
    import matplotlib.pyplot as plt

    x = np.asarray(x, dtype=float)
    grid = np.linspace(x.min() - 0.5, x.max() + 0.5, 400)
    staged = list(clf.staged_decision_function(grid.reshape(-1, 1)))
    staged_train = list(clf.staged_decision_function(x.reshape(-1, 1)))
    rounds = len(staged)
    fig, axes = plt.subplots(rounds, 2, figsize=(11, 2.6 * rounds), constrained_layout=True, squeeze=False)
    for m in range(rounds):
        ax = axes[m, 0]
        ax.bar(x, weights[m], color=_label_colours(y), edgecolor="k", width=0.7)
        v, s = clf.stump_thresholds_[m], clf.stump_polarities_[m]
        ax.axvline(v, color="k", ls="--")
        side = f"x < {v:g} → +1" if s > 0 else f"x > {v:g} → +1"
        ax.set_title(f"$D_{m + 1}$ and $G_{m + 1}$: {side}; $e_{m + 1}$ = {clf.estimator_errors_[m]:.4f}", fontsize=10)
        ax.set(xlabel="x", ylabel=f"$w_{{{m + 1},i}}$", xticks=x)
        ax = axes[m, 1]
        ax.plot(grid, staged[m], color="k", drawstyle="steps-post")
        ax.axhline(0, color="grey", lw=0.8)
        wrong = np.where(staged_train[m] >= 0, 1, -1) != y
        ax.scatter(x, staged_train[m], c=_label_colours(y), edgecolor="k", zorder=3, s=40)
        ax.scatter(x[wrong], staged_train[m][wrong], s=180, facecolor="none", edgecolor="orange", lw=2, zorder=4)
        ax.set_title(f"$f_{m + 1}(x)$: {int(wrong.sum())} training mistakes (circled)", fontsize=10)
        ax.set(xlabel="x", ylabel=f"$f_{m + 1}(x)$", xticks=x)
    return fig


def plot_boosting_tree_rounds(x, y, staged, *, losses=None, title_prefix=""):
    """Example 8.2: the data and the piecewise-constant f_m(x) after each round (left), and the
    training loss L(y, f_m) against m (right). ``staged`` is a list of ``(grid, f_m(grid))`` pairs;
    ``losses`` maps a label to the losses of rounds 1..M."""
    import matplotlib.pyplot as plt

    fig, (ax, ax2) = plt.subplots(1, 2, figsize=(12, 4), constrained_layout=True, gridspec_kw={"width_ratios": [2, 1]})
    ax.scatter(x, y, color="k", zorder=3, label="data (Table 8.2)")
    cmap = plt.get_cmap("viridis")
    for m, (grid, values) in enumerate(staged):
        ax.plot(grid, values, drawstyle="steps-post", color=cmap(m / max(len(staged) - 1, 1)), label=f"$f_{m + 1}$")
    ax.set(xlabel="x", ylabel="y", title=f"{title_prefix}$f_m(x)$ after each round")
    ax.set_xticks(np.unique(x))
    ax.legend(ncol=2, fontsize=8)
    if losses is not None:
        for name, values in losses.items():
            ax2.plot(np.arange(1, len(values) + 1), values, "o-", label=name)
        ax2.set(xlabel="round m", ylabel="$L(y, f_m)$", title="training loss $\\sum_i (y_i - f_m(x_i))^2$")
        ax2.legend()
    return fig


def plot_bound(errors, normalizers, estimator_errors, *, ax=None, title=None):
    """Training error of sign f_m against the bounds of Theorems 8.1/8.2, on a log scale."""
    import matplotlib.pyplot as plt

    if ax is None:
        _, ax = plt.subplots(figsize=(6, 4))
    errors = np.asarray(errors, dtype=float)
    m = np.arange(1, len(errors) + 1)
    gamma = 0.5 - np.asarray(estimator_errors)
    # A zero training error has no place on a log scale: those rounds are marked along the bottom.
    ax.semilogy(m, np.where(errors > 0, errors, np.nan), "o-", ms=3, label="training error of sign $f_m$")
    zero = errors == 0
    if zero.any():
        ax.plot(
            m[zero],
            np.full(zero.sum(), 0.0),
            "|",
            color="tab:blue",
            ms=10,
            transform=ax.get_xaxis_transform(),
            label="rounds with training error 0",
        )
    ax.semilogy(m, np.cumprod(normalizers), label="$\\prod_{k\\leq m} Z_k$ (Theorem 8.1)")
    ax.semilogy(m, np.exp(-2 * np.cumsum(gamma**2)), "--", label="$\\exp(-2\\sum_{k\\leq m}\\gamma_k^2)$ (Theorem 8.2)")
    ax.set(xlabel="round m", ylabel="error / bound (log scale)", title=title)
    ax.legend(fontsize=8)
    return ax


def draw_adaboost_state(ax, X, y, clf, weights, m, *, grid=150, size_scale=4000):
    """Panel for round m (1-based) on 2-D data: the regions of sign f_m, the points sized by their
    weight in D_{m+1} (where round m+1 will look), the mistakes of sign f_m circled."""
    X = np.asarray(X, dtype=float)
    lo, hi = X.min(axis=0) - 0.3, X.max(axis=0) + 0.3
    gx, gy = np.meshgrid(np.linspace(lo[0], hi[0], grid), np.linspace(lo[1], hi[1], grid))
    fm = _staged_at(clf, np.c_[gx.ravel(), gy.ravel()], m).reshape(gx.shape)
    ax.contourf(gx, gy, fm, levels=[-1e9, 0, 1e9], colors=[_NEG, _POS], alpha=0.15)
    ax.contour(gx, gy, fm, levels=[0], colors="k", linewidths=1)
    y_pm = np.where(y == clf.classes_[1], 1, -1)
    f_train = _staged_at(clf, X, m)
    wrong = np.where(f_train >= 0, 1, -1) != y_pm
    ax.scatter(*X.T, s=size_scale * weights[m] + 4, c=_label_colours(y_pm), edgecolor="k", linewidth=0.5)
    ax.scatter(*X[wrong].T, s=size_scale * weights[m][wrong] + 60, facecolor="none", edgecolor="orange", lw=1.5)
    ax.set(xlim=(lo[0], hi[0]), ylim=(lo[1], hi[1]), xlabel="$x^{(1)}$", ylabel="$x^{(2)}$")
    ax.set_title(f"m = {m}: {int(wrong.sum())} training mistakes", fontsize=10)


def _staged_at(clf, X, m):
    for k, f in enumerate(clf.staged_decision_function(X), start=1):
        if k == m:
            return f
    return f


def explorer(X, y, *, n_estimators=60):
    """Widget: play AdaBoost's rounds on 2-D data. Left: sign f_m and the weights D_{m+1} as point
    sizes; right: the training error and the bounds of Theorems 8.1/8.2 up to round m."""
    import ipywidgets as widgets
    import matplotlib.pyplot as plt

    from ._common import explorer_panel

    clf = AdaBoostClassifier(n_estimators=n_estimators).fit(X, y)
    weights = clf.weight_history(X, y)
    errors = np.array([np.mean(p != y) for p in clf.staged_predict(X)])
    rounds = clf.n_estimators_
    step = widgets.IntSlider(value=1, min=1, max=rounds, description="round m")
    play = widgets.Play(value=1, min=1, max=rounds, interval=600)
    widgets.jslink((play, "value"), (step, "value"))

    def draw():
        m = step.value
        fig, (ax, ax2) = plt.subplots(1, 2, figsize=(11, 4.3), constrained_layout=True)
        draw_adaboost_state(ax, X, y, clf, weights, m)
        plot_bound(
            errors[:m],
            clf.normalizers_[:m],
            clf.estimator_errors_[:m],
            ax=ax2,
            title=f"after {m} rounds: Π Z = {np.prod(clf.normalizers_[:m]):.3f}",
        )
        ax2.set_xlim(0.5, rounds + 0.5)
        return fig

    return explorer_panel([[play, step]], draw)


def demo_explorer():
    """The chapter's explorer on the two-moons data of section 8.6 (used by the widget tests)."""
    from sklearn.datasets import make_moons

    X, y = make_moons(n_samples=200, noise=0.25, random_state=0)
    return explorer(X, y, n_estimators=20)
