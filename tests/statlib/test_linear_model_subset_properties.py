"""Property-based tests for subset selection (MLAPP section 13.2): BayesianVariableSelection,
OrthogonalMatchingPursuit, all_subsets / best_subset, forward and backward selection, single best replacement,
matching pursuit, l0_objective and gray_code.

Valid inputs (random sizes and scales) give answers that satisfy exact identities: the posterior sums to one and
the inclusion probabilities are its marginals; each model's RSS equals a direct least-squares fit; the best-subset
envelope never increases with the size; OMP's residual is orthogonal to its active columns; SBR never raises the
l0 objective. Invalid inputs raise ValueError or TypeError naming the argument. Counts are printed by conftest.py.
"""

from collections import Counter

import numpy as np
from hypothesis import given
from property_support import SEEDS, SETTINGS, random_bad, refused

from statlib.linear_model import (
    BayesianVariableSelection,
    OrthogonalMatchingPursuit,
    all_subsets,
    backward_selection,
    best_subset,
    forward_selection,
    gray_code,
    l0_objective,
    matching_pursuit,
    single_best_replacement,
)

CASES = Counter()  # (name, kind) -> number of generated cases; reported by conftest.py
X_NAMES = ["X", "2D array", "dim <= 2", "2-D"]


def _data(rng):
    d = int(rng.integers(1, 6))
    n = int(rng.integers(d + 3, 30))
    scale = [1e-2, 1.0, 1e2][rng.integers(3)]
    X = rng.normal(size=(n, d)) * scale
    y = X @ rng.normal(size=d) + rng.normal(size=n) * scale
    return X, y


def _lstsq_rss(X, y, mask):
    A = np.column_stack([np.ones(len(y)), X[:, mask]])
    coef, *_ = np.linalg.lstsq(A, y, rcond=None)
    r = y - A @ coef
    return float(r @ r)


@SETTINGS
@given(seed=SEEDS)
def test_bayesian_variable_selection_on_valid_data(seed):
    rng = np.random.default_rng(seed)
    X, y = _data(rng)
    prior = ["spike_slab", "g", "bic"][rng.integers(3)]
    kw = {"prior": prior, "pi0": float(rng.uniform(0.05, 0.95))}
    if prior == "spike_slab" and rng.integers(2):
        kw["noise_variance"] = float(rng.uniform(0.1, 3.0)) * np.var(y)
    method = "mh" if rng.integers(4) == 0 else "enumerate"
    CASES[("BayesianVariableSelection", "valid")] += 1
    m = BayesianVariableSelection(method=method, n_iter=400, burn_in=50, random_state=seed, **kw).fit(X, y)
    assert np.isclose(m.posterior_.sum(), 1.0) and np.all(m.posterior_ >= 0)
    np.testing.assert_allclose(m.inclusion_probs_, m.posterior_ @ m.models_, atol=1e-12)
    assert np.all((m.inclusion_probs_ >= 0) & (m.inclusion_probs_ <= 1 + 1e-12))
    assert np.all(np.isfinite(m.predict(X)))
    if method == "enumerate":
        assert len(m.posterior_) == 2 ** X.shape[1]


@SETTINGS
@given(seed=SEEDS)
def test_subsets_and_greedy_on_valid_data(seed):
    rng = np.random.default_rng(seed)
    X, y = _data(rng)
    d = X.shape[1]
    CASES[("all_subsets", "valid")] += 1
    models, rss = all_subsets(X, y)
    i = int(rng.integers(len(models)))
    assert np.isclose(rss[i], _lstsq_rss(X, y, models[i]), rtol=1e-7, atol=1e-9 * (y @ y))
    CASES[("best_subset", "valid")] += 1
    best, _ = best_subset(X, y)
    assert np.all(np.diff(best) <= 1e-9 * (y @ y))
    CASES[("forward_selection", "valid")] += 1
    order, f_rss, _ = forward_selection(X, y, criterion=["ols", "omp"][rng.integers(2)])
    assert np.all(f_rss >= best[1 : len(f_rss) + 1] - 1e-9 * (y @ y)) and len(set(order.tolist())) == len(order)
    CASES[("backward_selection", "valid")] += 1
    b_order, b_rss = backward_selection(X, y)
    assert sorted(b_order.tolist()) == list(range(d)) and np.isclose(b_rss[-1], ((y - y.mean()) ** 2).sum())
    CASES[("single_best_replacement", "valid")] += 1
    lam = float(rng.uniform(0, 2)) * np.var(y) * len(y) / 10
    support, objective = single_best_replacement(X, y, lam)
    assert np.all(np.diff(objective) < 0) or len(objective) == 1
    CASES[("matching_pursuit", "valid")] += 1
    _, mp_rss = matching_pursuit(X, y, int(rng.integers(1, 10)))
    assert np.all(np.diff(mp_rss) <= 1e-9 * (y @ y))
    CASES[("l0_objective", "valid")] += 1
    coef = rng.normal(size=d) * (rng.random(d) < 0.5)
    r = y - X @ coef
    assert np.isclose(l0_objective(X, y, coef, lam), r @ r + lam * np.count_nonzero(coef))
    CASES[("gray_code", "valid")] += 1
    g, flips = gray_code(d)
    assert len(flips) == 2**d - 1 and np.all(np.abs(np.diff(g.astype(int), axis=0)).sum(1) == 1)


@SETTINGS
@given(seed=SEEDS)
def test_omp_on_valid_data(seed):
    rng = np.random.default_rng(seed)
    X, y = _data(rng)
    CASES[("OrthogonalMatchingPursuit", "valid")] += 1
    k = int(rng.integers(1, X.shape[1] + 1))
    m = OrthogonalMatchingPursuit(n_nonzero_coefs=k).fit(X, y)
    assert np.count_nonzero(m.coef_) <= k
    r = y - m.predict(X)
    active = m.coef_ != 0
    Xc = X - X.mean(0)
    assert np.all(
        np.abs(Xc[:, active].T @ r) <= 1e-7 * np.linalg.norm(Xc[:, active], axis=0) * np.linalg.norm(y) + 1e-12
    )


@SETTINGS
@given(seed=SEEDS)
def test_invalid_input_is_refused(seed):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(12, 3))
    y = rng.normal(size=12)
    kind = int(rng.integers(6))
    CASES[("BayesianVariableSelection", "invalid")] += 1
    if kind == 0:
        refused(lambda: BayesianVariableSelection().fit(random_bad(rng, (12, 3)), y), X_NAMES)
    elif kind == 1:
        refused(lambda: BayesianVariableSelection(pi0=float(rng.choice([0.0, 1.0, -0.5, 2.0]))).fit(X, y), ["pi0"])
    elif kind == 2:
        refused(lambda: BayesianVariableSelection(slab_variance=-float(rng.uniform(0, 3))).fit(X, y), ["slab_variance"])
    elif kind == 3:
        refused(lambda: BayesianVariableSelection(prior=str(rng.integers(100))).fit(X, y), ["prior"])
    elif kind == 4:
        refused(lambda: BayesianVariableSelection(method="mh", n_iter=int(rng.integers(-5, 1))).fit(X, y), ["n_iter"])
    else:
        refused(lambda: BayesianVariableSelection().fit(X, random_bad(rng, (12,), ("nan", "inf", "text"))), ["y"])
    CASES[("OrthogonalMatchingPursuit", "invalid")] += 1
    if kind % 2 == 0:
        refused(lambda: OrthogonalMatchingPursuit().fit(random_bad(rng, (12, 3)), y), X_NAMES)
    else:
        refused(lambda: OrthogonalMatchingPursuit(n_nonzero_coefs=int(rng.integers(4, 20))).fit(X, y), ["n_nonzero"])
    for name, call, names in (
        ("all_subsets", lambda: all_subsets(random_bad(rng, (12, 3)), y), X_NAMES),
        ("best_subset", lambda: best_subset(X, random_bad(rng, (12,), ("nan", "inf", "text", "empty"))), ["y"]),
        ("forward_selection", lambda: forward_selection(X, y, int(rng.integers(4, 9))), ["n_nonzero_coefs"]),
        ("backward_selection", lambda: backward_selection(random_bad(rng, (12, 3)), y), X_NAMES),
        ("single_best_replacement", lambda: single_best_replacement(X, y, -float(rng.uniform(0.1, 5))), ["lam"]),
        ("matching_pursuit", lambda: matching_pursuit(X, y, int(rng.integers(-5, 1))), ["n_iter"]),
        ("l0_objective", lambda: l0_objective(X, y, rng.normal(size=int(rng.integers(4, 8))), 1.0), ["coef"]),
        ("gray_code", lambda: gray_code(int(rng.choice([0, -1, 21, 40]))), ["n_features"]),
    ):
        CASES[(name, "invalid")] += 1
        refused(call, names)
