"""Property-based tests for ARD and the relevance vector machines: ARDRegression, ard_fit, log_evidence,
RelevanceVectorRegressor, RelevanceVectorClassifier.

Valid inputs (random sizes and scales) give finite answers of the right shape and exact properties hold: the
evidence from the M x M posterior equals the N x N Gaussian density (7.85)-(7.86); gamma_i lies in [0, 1]
(7.89); the predictive variance is at least the noise variance 1/beta (7.91); probabilities lie in [0, 1] and
sum to one. Invalid inputs raise ValueError or TypeError naming the argument. Counts are printed by conftest.py.
"""

from collections import Counter

import numpy as np
from hypothesis import given
from property_support import SEEDS, SETTINGS, quietly, random_bad, refused

from statlib.linear_model import ARDRegression, ard_fit, log_evidence
from statlib.svm import RelevanceVectorClassifier, RelevanceVectorRegressor

CASES = Counter()  # (name, kind) -> number of generated cases; reported by conftest.py
X_NAMES = ["X", "2D array", "dim <= 2"]


def _data(rng):
    n, d = int(rng.integers(3, 16)), int(rng.integers(1, 4))
    scale = [1e-2, 1.0, 1e2][rng.integers(3)]
    X = rng.normal(size=(n, d)) * scale
    y = X @ rng.normal(size=d) / scale + 0.3 * rng.normal(size=n)
    return X, y


@SETTINGS
@given(seed=SEEDS)
def test_ard_on_valid_data(seed):
    rng = np.random.default_rng(seed)
    X, y = _data(rng)
    CASES[("ARDRegression", "valid")] += 1
    update = ["mackay", "em", "sequential"][rng.integers(3)]
    model = quietly(lambda: ARDRegression(update=update, max_iter=50).fit(X, y))
    mean, std = model.predict(X, return_std=True)
    assert mean.shape == std.shape == (len(y),) and np.all(np.isfinite(mean))
    assert np.all(std >= model.beta_**-0.5 * (1 - 1e-12))
    assert np.all((model.well_determined_ > -1e-9) & (model.well_determined_ < 1 + 1e-9))
    assert np.all(np.isinf(model.alpha_[~model.active_])) and np.all(model.coef_[~model.active_] == 0)

    CASES[("ard_fit", "valid")] += 1
    res = quietly(lambda: ard_fit(X, y, max_iter=20, update=update))
    assert res.mean.shape == (X.shape[1],) and np.all(np.isfinite(res.scores)) and res.beta > 0

    CASES[("log_evidence", "valid")] += 1
    alpha = np.exp(rng.normal(size=X.shape[1]))
    alpha[rng.random(X.shape[1]) < 0.3] = np.inf
    beta = float(np.exp(rng.normal()))
    C = np.eye(len(y)) / beta + (X[:, np.isfinite(alpha)] / alpha[np.isfinite(alpha)]) @ X[:, np.isfinite(alpha)].T
    direct = -0.5 * (len(y) * np.log(2 * np.pi) + np.linalg.slogdet(C)[1] + y @ np.linalg.solve(C, y))
    np.testing.assert_allclose(log_evidence(X, y, alpha, beta), direct, rtol=1e-6, atol=1e-6)


@SETTINGS
@given(seed=SEEDS)
def test_rvm_on_valid_data(seed):
    rng = np.random.default_rng(seed)
    X, y = _data(rng)
    X = X / (np.abs(X).max() + 1e-300)
    kernel = ["rbf", "linear", "poly"][rng.integers(3)]
    CASES[("RelevanceVectorRegressor", "valid")] += 1
    update = ["mackay", "em", "sequential"][rng.integers(3)]
    reg = quietly(lambda: RelevanceVectorRegressor(kernel=kernel, max_iter=30, update=update).fit(X, y))
    mean, std = reg.predict(X, return_std=True)
    assert np.all(np.isfinite(mean)) and np.all(std >= reg.beta_**-0.5 * (1 - 1e-12))
    assert len(reg.coef_) == len(reg.relevance_) <= len(y)

    CASES[("RelevanceVectorClassifier", "valid")] += 1
    labels = (y > np.median(y)).astype(int)
    labels[:2] = [0, 1]  # both classes present
    clf = quietly(lambda: RelevanceVectorClassifier(kernel=kernel, max_iter=30).fit(X, labels))
    proba = clf.predict_proba(X)
    assert np.all((proba >= 0) & (proba <= 1)) and np.allclose(proba.sum(axis=1), 1.0)
    assert set(clf.predict(X)) <= {0, 1}


@SETTINGS
@given(seed=SEEDS)
def test_invalid_input_is_refused(seed):
    rng = np.random.default_rng(seed)
    X, y = _data(rng)
    kind = int(rng.integers(4))
    CASES[("ARDRegression", "invalid")] += 1
    if kind == 0:
        refused(lambda: ARDRegression().fit(random_bad(rng, X.shape), y), X_NAMES)
    elif kind == 1:
        refused(lambda: ARDRegression(threshold_alpha=-float(rng.uniform(0, 5))).fit(X, y), ["threshold_alpha"])
    elif kind == 2:
        refused(lambda: ARDRegression(update=["fast", "", "EM"][rng.integers(3)]).fit(X, y), ["update"])
    else:
        refused(lambda: ARDRegression(tol=-float(rng.uniform(0.1, 5))).fit(X, y), ["tol"])

    CASES[("ard_fit", "invalid")] += 1
    if kind == 0:
        refused(lambda: ard_fit(random_bad(rng, X.shape), y), ["Phi", "2-D", "finite", "empty"])
    elif kind == 1:
        refused(lambda: ard_fit(X, y[:-1]), ["t must have"])
    elif kind == 2:
        refused(lambda: ard_fit(X, y, max_iter=-int(rng.integers(0, 5))), ["max_iter"])
    else:
        refused(lambda: ard_fit(X, y, alpha_init=-float(rng.uniform(0, 5))), ["alpha_init"])

    CASES[("log_evidence", "invalid")] += 1
    alpha = np.ones(X.shape[1])
    if kind == 0:
        alpha[rng.integers(len(alpha))] = [-1.0, 0.0, np.nan][rng.integers(3)]
        refused(lambda: log_evidence(X, y, alpha, 1.0), ["alpha"])
    elif kind == 1:
        refused(lambda: log_evidence(X, y, alpha, -float(rng.uniform(0, 5))), ["beta"])
    elif kind == 2:
        refused(lambda: log_evidence(X, y, np.ones(X.shape[1] + 1), 1.0), ["alpha"])
    else:
        refused(lambda: log_evidence(random_bad(rng, X.shape), y, alpha, 1.0), ["Phi", "2-D", "finite", "empty"])

    labels = (y > np.median(y)).astype(int)
    for cls, target in ((RelevanceVectorRegressor, y), (RelevanceVectorClassifier, labels)):
        CASES[(cls.__name__, "invalid")] += 1
        if kind == 0:
            refused(lambda: cls().fit(random_bad(rng, X.shape), target), X_NAMES)
        elif kind == 1:
            refused(lambda: cls(kernel=["sigmoid", "RBF", "gauss"][rng.integers(3)]).fit(X, target), ["kernel"])
        elif kind == 2:
            refused(lambda: cls(gamma=-float(rng.uniform(0, 5))).fit(X, target), ["gamma"])
        else:
            refused(lambda: cls(max_iter=-int(rng.integers(0, 5))).fit(X, target), ["max_iter"])
