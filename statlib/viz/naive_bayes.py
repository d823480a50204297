"""Tables, figures and the explorer for the naive Bayes chapter (Li Hang ch. 4)."""

import numpy as np

from ..naive_bayes import CategoricalNB


def probability_table(model, *, feature_names=None, value_order=None):
    """The estimates of a fitted :class:`CategoricalNB`, one row per probability, written as the book does
    ((count + lambda) / (total + S lambda), unreduced), as an exact fraction and as a float: the prior first, then
    each class's conditionals feature by feature. Numeric classes are listed from the
    largest down (the book's Y = 1 before Y = -1); ``value_order`` (a list per feature) lists a feature's
    values in the book's order instead of sorted."""
    import pandas as pd

    prior, conditional = model.exact_probabilities()
    names = feature_names or [f"X({j + 1})" for j in range(len(conditional))]
    a = float(model.alpha)
    pa = a if model.smooth_prior else 0.0
    n, n_classes = int(model.class_count_.sum()), len(model.classes_)
    classes = list(range(n_classes))
    if np.issubdtype(np.asarray(model.classes_).dtype, np.number):
        classes = classes[::-1]
    rows = [
        (f"P(Y={model.classes_[k]})", f"{model.class_count_[k] + pa:g}/{n + n_classes * pa:g}", prior[k])
        for k in classes
    ]
    for k in classes:
        for j, table in enumerate(conditional):
            values = list(model.categories_[j])
            s_j = len(values)
            for value in value_order[j] if value_order is not None else values:
                l = values.index(value)
                as_counts = f"{model.category_count_[j][k, l] + a:g}/{model.class_count_[k] + s_j * a:g}"
                rows.append((f"P({names[j]}={value} | Y={model.classes_[k]})", as_counts, table[k, l]))
    return pd.DataFrame(
        {
            "from the counts": [r[1] for r in rows],
            "fraction": [str(r[2]) for r in rows],
            "value": [float(r[2]) for r in rows],
        },
        index=pd.Index([r[0] for r in rows], name="probability"),
    )


def plot_estimates(ax, models, feature, *, feature_name=None):
    """Bars of P(X^(j) = a | Y = c) for one feature, side by side for each fitted model in ``models``
    (label -> model), one group per (class, value)."""
    labels = list(models)
    first = models[labels[0]]
    values = first.categories_[feature]
    groups = [(k, l) for k in range(len(first.classes_)) for l in range(len(values))]
    width = 0.8 / len(labels)
    for m, label in enumerate(labels):
        probs = np.exp(models[label].feature_log_prob_[feature])
        ax.bar(
            np.arange(len(groups)) + (m - (len(labels) - 1) / 2) * width,
            [probs[k, l] for k, l in groups],
            width,
            label=label,
        )
    name = feature_name or f"X({feature + 1})"
    ax.set_xticks(np.arange(len(groups)), [f"{values[l]}\nY={first.classes_[k]}" for k, l in groups], fontsize=8)
    ax.set(
        xlabel=f"value a of {name}, class Y",
        ylabel=f"P({name} = a | Y)",
        title=f"{name}: estimates of (4.9) and (4.10)",
    )
    ax.legend(fontsize=8)
    return ax


def smoothing_path(X, y, x, lambdas):
    """P(Y = c | x) for each lambda (rows) and class (columns) under the estimates (4.10)-(4.11)."""
    return np.array([CategoricalNB(alpha=lam).fit(X, y).predict_proba([x])[0] for lam in lambdas])


def explorer(X, y, x, *, feature_names=None):
    """Widget: move the smoothing constant lambda and watch the estimates and the posterior of ``x``."""
    import ipywidgets as widgets
    import matplotlib.pyplot as plt

    from ._common import explorer_panel

    lam = widgets.FloatSlider(value=1.0, min=0.0, max=10.0, step=0.1, description="λ")
    mle = CategoricalNB(alpha=0).fit(X, y)

    def draw():
        model = CategoricalNB(alpha=lam.value).fit(X, y)
        post = model.predict_proba([x])[0]
        fig, axes = plt.subplots(
            1, 3, figsize=(13, 3.4), constrained_layout=True, gridspec_kw={"width_ratios": [1, 1, 0.5]}
        )
        for j in range(2):
            plot_estimates(
                axes[j],
                {"MLE (λ = 0)": mle, f"λ = {lam.value:.2g}": model},
                j,
                feature_name=None if feature_names is None else feature_names[j],
            )
        axes[2].bar([str(c) for c in model.classes_], post, color=["tab:red", "tab:blue"])
        axes[2].set(ylim=(0, 1), xlabel="class c", ylabel="P(Y = c | x)", title=f"posterior of x = {tuple(x)}")
        return fig

    return explorer_panel([[lam]], draw)


def demo_explorer():
    """The chapter's explorer on its data: Table 4.1 and x = (2, S)."""
    from ..datasets import load_example

    ex = load_example("lihang", "4.1")
    return explorer(ex.X, ex.y, ex.x)
