"""MLAPP ch. 13 (sparse linear models): the book's example data."""

import numpy as np
from sklearn.utils import Bunch

from ._registry import example

# ------------------------------------------------------------------ §13.2 (variable selection): begin
FIGURE_13_1_W = np.array([0.00, -1.67, 0.13, 0.00, 0.00, 1.19, 0.00, -0.04, 0.33, 0.00])
FIGURE_13_1_TOP8 = (
    # (model number = 1 + position in the Gray-code order, posterior probability, members, 1-based)
    (4, 0.447, (2,)),
    (61, 0.241, (2, 6)),
    (452, 0.103, (2, 6, 9)),
    (60, 0.091, (2, 3, 6)),
    (29, 0.041, (2, 5)),
    (68, 0.021, (2, 6, 7)),
    (36, 0.015, (2, 5, 6)),
    (5, 0.010, (2, 3)),
)


def make_figure_13_1(random_state=0, n_samples=20):
    """A draw from the model of MLAPP Figure 13.1: x_i ~ N(0, I_10), y_i ~ N(w^T x_i, 1), with the printed w.

    The book does not print its X and y, nor its prior's hyper-parameters, so any draw gives other
    probabilities than the printed table; this one is seeded.
    """
    rng = np.random.default_rng(random_state)
    X = rng.normal(size=(n_samples, FIGURE_13_1_W.size))
    y = X @ FIGURE_13_1_W + rng.normal(size=n_samples)
    return X, y


@example("mlapp", "figure-13.1")
def _figure_13_1():
    X, y = make_figure_13_1()
    return Bunch(
        X=X,
        y=y,
        coef=FIGURE_13_1_W.copy(),
        noise_variance=1.0,
        true_model=np.array([2, 3, 6, 8, 9]),
        top8=FIGURE_13_1_TOP8,
        DESCR=(
            "MLAPP section 13.2, Figure 13.1 and the table beside it: N = 20 samples of a D = 10 linear regression "
            "y ~ N(w^T x, sigma^2 = 1) with w = (0, -1.67, 0.13, 0, 0, 1.19, 0, -0.04, 0.33, 0) (the 'true' model "
            "{2, 3, 6, 8, 9}, 1-based). The design and the noise are not printed: X and y here are one seeded draw "
            "with x_i ~ N(0, I) (make_figure_13_1). top8 holds the book's table of the eight most probable models: "
            "(model number, probability, members); model m is row m - 1 of the Gray-code order, bit j - 1 standing "
            "for variable j."
        ),
    )


@example("mlapp", "figure-13.2")
def _figure_13_2():
    from ._files import load_prostate

    data = load_prostate()
    return Bunch(
        X=data.data[data.train],
        y=data.target[data.train],
        feature_names=data.feature_names,
        best_rss=np.array([96.281, 44.529, 37.092, 34.908, 32.815, 32.069, 30.540, 29.437, 29.426]),
        DESCR=(
            "MLAPP Figure 13.2(b): RSS against subset size for all subsets of the prostate cancer data (the 67 "
            "training rows, with an intercept). best_rss is the lower envelope for k = 0..8 variables; the book "
            "draws it but prints no numbers; these are recomputed by least squares on every subset."
        ),
    )


# ------------------------------------------------------------------ §13.2 (variable selection): end
