"""Figures and the explorer for the summary of supervised methods (Li Hang ch. 12)."""

import numpy as np
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import KBinsDiscretizer, StandardScaler

from ..metrics import margin_loss
from ._common import plot_decision_regions


def classifiers():
    """The supervised statlib classifiers of Part I, each in the pipeline it needs, keyed by method name."""
    from ..ensemble import AdaBoostClassifier
    from ..linear_model import LogisticRegression, Perceptron
    from ..naive_bayes import CategoricalNB
    from ..neighbors import KNeighborsClassifier
    from ..svm import SVC
    from ..tree import DecisionTreeClassifier

    return {
        "perceptron": make_pipeline(StandardScaler(), Perceptron(max_iter=50)),
        "k-NN (k = 5)": make_pipeline(StandardScaler(), KNeighborsClassifier(n_neighbors=5)),
        # Categorical naive Bayes needs categories: each feature is cut into 5 equal-frequency bins.
        "naive Bayes": make_pipeline(
            KBinsDiscretizer(n_bins=5, encode="ordinal", strategy="quantile", quantile_method="averaged_inverted_cdf"),
            CategoricalNB(alpha=1.0),
        ),
        "decision tree (CART)": DecisionTreeClassifier(max_depth=5),
        "logistic regression": make_pipeline(StandardScaler(), LogisticRegression(C=1.0)),
        "SVM (RBF)": make_pipeline(StandardScaler(), SVC(C=1.0)),
        "AdaBoost (stumps)": AdaBoostClassifier(n_estimators=50),
    }


def plot_margin_losses(ax, *, log_base=2):
    """Li Hang's Figure 12.2: the 0-1 loss and its surrogates against the margin y f(x)."""
    m = np.linspace(-2, 2.5, 901)
    styles = {
        "zero_one": ("0-1 loss", "k"),
        "perceptron": ("perceptron loss", "tab:purple"),
        "hinge": ("hinge loss (12.1)", "tab:blue"),
        "logistic": ("logistic loss (12.2), log base 2", "tab:orange"),
        "exponential": ("exponential loss (12.3)", "tab:green"),
    }
    for name, (label, colour) in styles.items():
        kwargs = {"log_base": log_base} if name == "logistic" else {}
        ax.plot(m, margin_loss(name, m, **kwargs), color=colour, label=label, lw=2 if name == "zero_one" else 1.5)
    ax.set(xlim=(-2, 2.5), ylim=(-0.05, 4), xlabel="margin $y f(x)$", ylabel="loss")
    ax.legend(fontsize=8)
    return ax


def plot_regions(axes, X, y, names, *, labels=None):
    """Decision regions of the named classifiers on 2-D data, one panel each."""
    import warnings

    from sklearn.exceptions import ConvergenceWarning

    models = classifiers()
    for ax, name in zip(axes, names):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ConvergenceWarning)  # the perceptron on non-separable classes
            model = models[name].fit(X, y)
        plot_decision_regions(ax, model.predict, X, y, labels=labels, resolution=150)
        ax.set_title(f"{name}: training accuracy {model.score(X, y):.2f}", fontsize=9)
    return axes


def explorer(X, y, *, labels=None, xlabel="feature 1", ylabel="feature 2"):
    """Widget: pick a method and see its decision regions on the same 2-D data."""
    import ipywidgets as widgets
    import matplotlib.pyplot as plt

    from ._common import explorer_panel

    method = widgets.Dropdown(options=list(classifiers()), value="perceptron", description="method")

    def draw():
        fig, ax = plt.subplots(figsize=(5, 4))
        plot_regions([ax], X, y, [method.value], labels=labels)
        ax.set(xlabel=xlabel, ylabel=ylabel)
        ax.legend(fontsize=8, loc="lower right")
        return fig

    return explorer_panel([[method]], draw)


def demo_explorer():
    """The explorer on iris petal length and width (used by the widget tests)."""
    from sklearn.datasets import load_iris

    iris = load_iris()
    return explorer(iris.data[:, 2:], iris.target, labels=list(iris.target_names))
