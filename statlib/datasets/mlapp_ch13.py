"""MLAPP ch. 13 (sparse linear models): the printed numbers of the prostate-cancer example (section 13.3.4).

The data are :func:`statlib.datasets.load_prostate` (67 training and 30 test cases, eight predictors, after
Hastie, Tibshirani and Friedman 2009, Table 3.3). Predictors are standardised with the training means and the
training standard deviations (``ddof=1``); with that convention the least-squares column of Table 13.1 and
every entry of Listing 13.1 are reproduced. The Chinese translation lost the header row of Listing 13.1; the
column order below is the data's and is confirmed by reproducing the listing.
"""

import numpy as np
from sklearn.utils import Bunch

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
