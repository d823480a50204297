"""MLAPP ch. 13 (sparse linear models): the book's example data: the seeded draw and printed table of Figure 13.1
(section 13.2), the prostate best-subset numbers of Figure 13.2, and the printed numbers of the prostate-cancer
example (section 13.3.4).

The data are :func:`statlib.datasets.load_prostate` (67 training and 30 test cases, eight predictors, after
Hastie, Tibshirani and Friedman 2009, Table 3.3). Predictors are standardised with the training means and the
training standard deviations (``ddof=1``); with that convention the least-squares column of Table 13.1 and
every entry of Listing 13.1 are reproduced. The Chinese translation lost the header row of Listing 13.1; the
column order below is the data's and is confirmed by reproducing the listing.
"""

import numpy as np
from sklearn.utils import Bunch

from .._validation import check_int
from ._files import load_prostate
from ._registry import example

FEATURES = ["lcavol", "lweight", "age", "lbph", "svi", "lcp", "gleason", "pgg45"]


def _standardised():
    d = load_prostate()
    X, y = np.asarray(d.data, dtype=float), np.asarray(d.target, dtype=float)
    train = np.asarray(d.train, dtype=bool)
    mean, std = X[train].mean(axis=0), X[train].std(axis=0, ddof=1)
    Z = (X - mean) / std
    return Z[train], y[train], Z[~train], y[~train]


@example("mlapp", "listing-13.1")
def _listing_13_1():
    X_train, y_train, X_test, y_test = _standardised()
    return Bunch(
        X_train=X_train,
        y_train=y_train,
        feature_names=list(FEATURES),
        printed=np.array(
            [
                [0, 0, 0, 0, 0, 0, 0, 0],
                [0.4279, 0, 0, 0, 0, 0, 0, 0],
                [0.5015, 0.0735, 0, 0, 0, 0, 0, 0],
                [0.5610, 0.1878, 0, 0, 0.0930, 0, 0, 0],
                [0.5622, 0.1890, 0, 0.0036, 0.0963, 0, 0, 0],
                [0.5797, 0.2456, 0, 0.1435, 0.2003, 0, 0, 0.0901],
                [0.5864, 0.2572, -0.0321, 0.1639, 0.2082, 0, 0, 0.1066],
                [0.6994, 0.2910, -0.1337, 0.2062, 0.3003, -0.2565, 0, 0.2452],
                [0.7164, 0.2926, -0.1425, 0.2120, 0.3096, -0.2890, -0.0209, 0.2773],
            ]
        ),
        DESCR="MLAPP Listing 13.1 (output of lassoPathProstate): lasso coefficients at the breakpoints of the "
        "path, one row per breakpoint, columns as feature_names; the last row is least squares. X_train is "
        "standardised (training mean, ddof=1 std); centre y_train before a path without intercept.",
    )


@example("mlapp", "table-13.1")
def _table_13_1():
    X_train, y_train, X_test, y_test = _standardised()
    return Bunch(
        X_train=X_train,
        y_train=y_train,
        X_test=X_test,
        y_test=y_test,
        feature_names=list(FEATURES),
        columns=["LS", "Best Subset", "Ridge", "Lasso"],
        intercept=np.array([2.452, 2.481, 2.479, 2.480]),
        printed=np.array(
            [
                [0.716, 0.651, 0.656, 0.653],
                [0.293, 0.380, 0.300, 0.297],
                [-0.143, 0.0, -0.129, -0.119],
                [0.212, 0.0, 0.208, 0.200],
                [0.310, 0.0, 0.301, 0.289],
                [-0.289, 0.0, -0.260, -0.236],
                [-0.021, 0.0, -0.019, 0.0],
                [0.277, 0.178, 0.256, 0.226],
            ]
        ),
        test_error=np.array([0.586, 0.572, 0.580, 0.564]),
        DESCR="MLAPP Table 13.1: coefficients (rows feature_names) and test errors of least squares, best subset, "
        "ridge and the lasso on the prostate data, as printed (the book prints -0.000 for the zeros of best "
        "subset). Only the LS coefficients are reproducible from the described procedure; the LS test error "
        "computed from them is 0.521, not 0.586 (see the chapter).",
    )


@example("mlapp", "exercise-13.11")
def _exercise_13_11():
    rng = np.random.default_rng(1311)
    X = rng.normal(size=(20, 5))
    y = X @ np.array([2.0, 0.0, -1.0, 0.0, 0.5]) + 0.3 * rng.normal(size=20)
    return Bunch(
        X=X,
        y=y,
        lam=8.0,
        DESCR="A small basis-pursuit denoising problem for MLAPP Exercise 13.11 (ours; the exercise prints no "
        "data): minimise RSS(theta) + lam ||theta||_1 over theta, with no intercept.",
    )


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

    Parameters
    ----------
    random_state : int, Generator or None, default=0
    n_samples : int, default=20
        N >= 1.

    Returns
    -------
    X : ndarray of shape (n_samples, 10)
    y : ndarray of shape (n_samples,)
    """
    n_samples = check_int(n_samples, "n_samples", low=1)
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


# ----------------------------------------------------------------------- section 13.8 (sparse coding)
def _grey_china():
    from sklearn.datasets import load_sample_image

    rgb = load_sample_image("china.jpg").astype(np.float64) / 255.0
    return rgb @ np.array([0.299, 0.587, 0.114])  # ITU-R 601 luma


@example("mlapp", "figure-13.21")
def _figure_13_21():
    from sklearn.feature_extraction.image import extract_patches_2d

    grey = _grey_china()
    size = 8
    raw = extract_patches_2d(grey, (size, size), max_patches=3000, random_state=1321).reshape(-1, size * size)
    centred = raw - raw.mean(axis=1, keepdims=True)
    norms = np.linalg.norm(centred, axis=1)
    keep = norms > 1e-3 * norms.max()  # flat patches have no direction to normalise
    patches = centred[keep] / norms[keep, None]
    return Bunch(
        patches=patches,
        patch_size=size,
        image=grey,
        DESCR="Substitute for MLAPP Figure 13.21's natural-image patches: 3000 random 8 x 8 patches (seed 1321) of "
        "scikit-learn's sample image china.jpg in grey levels (ITU-R 601 luma of RGB / 255); each patch centred "
        "and scaled to unit norm, as the figure's caption says, after dropping (near-)constant patches. Rows of "
        "patches are the 64 pixels in row-major order. The book's own patches are not distributed.",
    )


@example("mlapp", "figure-13.23")
def _figure_13_23():
    grey = _grey_china()
    crop = grey[150:246, 260:356].copy()  # 96 x 96: a roof corner of the temple picture
    rng = np.random.default_rng(1323)
    mask = np.ones(crop.shape, dtype=bool)
    # scratches: twelve random straight strokes, two pixels wide
    for _ in range(12):
        r0, c0 = rng.integers(0, 96, size=2)
        angle = rng.uniform(0.0, np.pi)
        length = rng.integers(15, 40)
        t = np.arange(length)
        rows = np.clip(np.round(r0 + t * np.sin(angle)).astype(int), 0, 95)
        cols = np.clip(np.round(c0 + t * np.cos(angle)).astype(int), 0, 95)
        mask[rows, cols] = False
        mask[np.clip(rows + 1, 0, 95), cols] = False
    return Bunch(
        image=crop,
        mask=mask,
        DESCR="Substitute for MLAPP Figure 13.23: a 96 x 96 grey crop (rows 150-245, columns 260-355) of "
        "scikit-learn's china.jpg, values in [0, 1], and a mask (False = scratched) of twelve random two-pixel "
        "strokes (seed 1323).",
    )
