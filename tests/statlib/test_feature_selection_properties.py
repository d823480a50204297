"""Property-based tests for statlib.feature_selection: valid generated inputs give finite answers with the
promised structure (monotone criteria grow with every added feature, branch and bound reaches the exhaustive
optimum, selectors keep exactly k features), and invalid inputs are refused with an error naming the argument.

Valid inputs: 2-5 classes, 1-6 features, 8-40 samples, scales 1e-3 to 1e3, shifted class means, optional ties.
Invalid inputs: NaN, infinity, text, wrong rank, empty data, a single class, mismatched lengths and bad
hyperparameters (unknown criteria, directions or entropies, non-positive or non-integer sizes).
"""

from collections import Counter

import numpy as np
from property_support import bad_array, finite, finite_float, harness, registry
from sklearn.naive_bayes import GaussianNB

from statlib.feature_selection import (
    AdaBoostSelector,
    BranchAndBound,
    Relief,
    ReliefF,
    SequentialSelection,
    SingleFeatureRanking,
    branch_and_bound,
    divergence_criterion,
    exhaustive_search,
    fisher_criterion,
    information_gain_criterion,
    mutual_information,
    n_subsets,
    posterior_entropy,
    scatter_matrices,
)

CASES = Counter()  # (name, kind) -> number of generated cases; reported by conftest.py
VALID, INVALID, valid, invalid = registry()


def _data(rng, min_d=1, max_d=6, min_per_class=4):
    c = int(rng.integers(2, 4))
    per = int(rng.integers(min_per_class, 14))
    d = int(rng.integers(min_d, max_d + 1))
    scale = float(rng.choice([1e-3, 1.0, 1e3]))
    y = np.repeat(np.arange(c), per)
    X = rng.normal(size=(c * per, d))
    X[:, rng.integers(d)] += 2.0 * y
    if rng.random() < 0.3:
        X = np.round(X)  # ties
        X += 1e-3 * rng.normal(size=X.shape) * (rng.random(X.shape) < 0.5)
    return X * scale, y


def _discrete(rng):
    n, d = int(rng.integers(4, 40)), int(rng.integers(1, 5))
    X = rng.integers(0, int(rng.integers(2, 4)), size=(n, d))
    y = rng.integers(0, int(rng.integers(2, 4)), size=n)
    y[:2] = [0, 1]
    return X, y


def _bad_xy(rng, X, y):
    """Invalid (X, y) pairs and the names their errors must mention."""
    kind = str(rng.choice(["nan", "inf", "text", "rank", "empty"]))
    return [
        ((bad_array(rng, kind, X.shape), y), ["X"]),
        ((X, np.zeros_like(y)), ["class"]),
        ((X, y[:-1]), ["X", "y", "samples"]),
    ]


# ------------------------------------------------------------------------------------------ criteria
@valid("scatter_matrices")
def _scatter(rng):
    X, y = _data(rng)
    S_w, S_b = scatter_matrices(X, y)
    total = np.cov(X.T, bias=True).reshape(S_w.shape)
    assert finite(S_w) and finite(S_b)
    np.testing.assert_allclose(S_w + S_b, total, rtol=1e-9, atol=1e-9 * np.abs(total).max())


@valid("fisher_criterion")
def _fisher(rng):
    X, y = _data(rng, min_d=2)
    j = int(rng.integers(X.shape[1]))
    rest = [i for i in range(X.shape[1]) if i != j]
    small, big = fisher_criterion(X[:, rest], y), fisher_criterion(X, y)
    assert finite_float(small) and finite_float(big) and big >= small * (1 - 1e-9) - 1e-12  # monotone
    for kind in ("J3", "Jd"):
        assert finite_float(fisher_criterion(X, y, kind)) and fisher_criterion(X, y, kind) >= 0


@valid("divergence_criterion")
def _divergence(rng):
    X, y = _data(rng, max_d=3, min_per_class=8)
    X = X / np.abs(X).max()
    j = int(rng.integers(X.shape[1]))
    small, big = divergence_criterion(X[:, [j]], y, reg=1e-3), divergence_criterion(X, y, reg=1e-3)
    assert finite_float(big) and small >= 0 and big >= small * (1 - 1e-9) - 1e-12  # monotone


@valid("information_gain_criterion")
def _gain(rng):
    X, y = _discrete(rng)
    g_all = information_gain_criterion(X, y)
    g_one = information_gain_criterion(X[:, :1], y)
    assert finite_float(g_all) and -1e-12 <= g_one <= g_all + 1e-12 <= np.log2(3) + 1e-9
    q_all, q_one = (information_gain_criterion(X[:, s], y, "quadratic") for s in (slice(None), slice(0, 1)))
    assert -1e-12 <= q_one <= q_all + 1e-12


@valid("posterior_entropy")
def _posterior(rng):
    X, y = _discrete(rng)
    h = posterior_entropy(X, y)
    assert finite_float(h) and -1e-12 <= h <= np.log2(3) + 1e-12
    assert 0 <= posterior_entropy(X, y, "quadratic") <= 2 * (1 - 1 / 3) + 1e-12


@valid("mutual_information")
def _mi(rng):
    X, y = _discrete(rng)
    mi = mutual_information(X, y)
    assert mi.shape == (X.shape[1],) and np.all(mi >= -1e-12) and finite(mi)


@valid("n_subsets")
def _n_subsets(rng):
    D = int(rng.integers(1, 40))
    assert sum(n_subsets(D, d) for d in range(D + 1)) == n_subsets(D) == 2**D


# ------------------------------------------------------------------------------------------ searches
@valid("branch_and_bound")
def _bb(rng):
    X, y = _data(rng, min_d=2, max_d=6)
    k = int(rng.integers(1, X.shape[1] + 1))
    best, value, count = exhaustive_search(X, y, k, "fisher")
    bb, bb_value, bb_count = branch_and_bound(X, y, k, "fisher")
    assert abs(bb_value - value) <= 1e-9 * max(1.0, abs(value)) and len(bb) == k and bb_count >= 1
    assert count == n_subsets(X.shape[1], k)


@valid("exhaustive_search")
def _exhaustive(rng):
    X, y = _data(rng, max_d=5)
    k = int(rng.integers(1, X.shape[1] + 1))
    best, value, _ = exhaustive_search(X, y, k)
    assert len(best) == k and value == max(fisher_criterion(X[:, list(s)], y) for s in [best])


def _selector_case(rng, make):
    X, y = _data(rng, max_d=5)
    k = int(rng.integers(1, X.shape[1] + 1))
    sel = make(k, rng).fit(X, y)
    mask = sel.get_support()
    assert mask.shape == (X.shape[1],) and mask.dtype == bool and mask.sum() <= k
    Xt = sel.transform(X)
    assert Xt.shape == (len(X), mask.sum()) and np.array_equal(Xt, X[:, mask])
    return sel, k


@valid("Relief")
def _relief(rng):
    sel, k = _selector_case(rng, lambda k, r: Relief(k, n_iterations=int(r.integers(1, 30)), random_state=0))
    assert sel.get_support().sum() == k and np.all(np.abs(sel.feature_importances_) <= 1 + 1e-12)


@valid("ReliefF")
def _relieff(rng):
    sel, k = _selector_case(rng, lambda k, r: ReliefF(int(r.integers(1, 8)), k))
    assert sel.get_support().sum() == k and np.all(np.abs(sel.feature_importances_) <= 1 + 1e-12)


@valid("SequentialSelection")
def _sequential(rng):
    direction = str(rng.choice(["forward", "backward", "plus-l-take-away-r"]))
    l, r = (3, 1) if rng.random() < 0.5 else (1, 2)

    def make(k, _):
        return SequentialSelection("fisher", k, direction=direction, l=l, r=r)

    sel, k = _selector_case(rng, make)
    assert sel.get_support().sum() == k and len(sel.path_scores_) == len(sel.path_)


@valid("SingleFeatureRanking")
def _ranking(rng):
    sel, k = _selector_case(rng, lambda k, _: SingleFeatureRanking("fisher", k))
    assert sel.get_support().sum() == k and np.all(sel.scores_ >= 0)


@valid("BranchAndBound")
def _bb_selector(rng):
    sel, k = _selector_case(rng, lambda k, _: BranchAndBound("fisher", k))
    assert sel.get_support().sum() == k and finite_float(sel.score_)


@valid("AdaBoostSelector")
def _ada(rng):
    sel, k = _selector_case(rng, lambda k, r: AdaBoostSelector(k, int(r.integers(1, 8))))
    assert 1 <= sel.get_support().sum() <= k and np.all(sel.feature_importances_ >= 0)


# ------------------------------------------------------------------------------------------- invalid
def _function_cases(rng, fn, extra):
    X, y = _data(rng)
    return [((lambda a=a: fn(*a)), names) for a, names in _bad_xy(rng, X, y)] + extra(X, y)


@invalid("scatter_matrices")
def _bad_scatter(rng):
    return _function_cases(rng, scatter_matrices, lambda X, y: [(lambda: scatter_matrices(X, "abc"), ["y"])])


@invalid("fisher_criterion")
def _bad_fisher(rng):
    bad = str(rng.choice(["J1", "j2", "", "trace"]))
    return _function_cases(rng, fisher_criterion, lambda X, y: [(lambda: fisher_criterion(X, y, bad), ["kind"])])


@invalid("divergence_criterion")
def _bad_divergence(rng):
    reg = rng.choice([-1.0, np.nan, np.inf])
    return _function_cases(
        rng, divergence_criterion, lambda X, y: [(lambda: divergence_criterion(X, y, reg=reg), ["reg"])]
    )


@invalid("information_gain_criterion")
def _bad_gain(rng):
    X, y = _discrete(rng)
    kind = str(rng.choice(["nan", "inf", "text", "rank", "empty"]))
    return [
        (lambda: information_gain_criterion(bad_array(rng, kind, X.shape), y), ["X"]),
        (lambda: information_gain_criterion(X, y, entropy="gini"), ["entropy"]),
        (lambda: information_gain_criterion(X, y[:-1]), ["samples"]),
    ]


@invalid("posterior_entropy")
def _bad_posterior(rng):
    X, y = _discrete(rng)
    return [
        (lambda: posterior_entropy(X, y, entropy=str(rng.choice(["renyi", "Shannon"]))), ["entropy"]),
        (lambda: posterior_entropy(X[:, 0], y), ["X"]),
        (lambda: posterior_entropy(X, y[:, None]), ["y"]),
    ]


@invalid("mutual_information")
def _bad_mi(rng):
    X, y = _discrete(rng)
    return [
        (lambda: mutual_information(X.astype(float) * np.nan, y), ["X"]),
        (lambda: mutual_information(X, y[:-1]), ["samples"]),
    ]


@invalid("n_subsets")
def _bad_n_subsets(rng):
    D = int(rng.integers(1, 10))
    return [
        (lambda: n_subsets(0), ["n_features"]),
        (lambda: n_subsets(D, D + int(rng.integers(1, 5))), ["n_features_to_select"]),
        (lambda: n_subsets(D, -1), ["n_features_to_select"]),
        (lambda: n_subsets(2.5), ["n_features"]),
    ]


@invalid("branch_and_bound")
def _bad_bb(rng):
    def extra(X, y):
        return [
            (lambda: branch_and_bound(X, y, X.shape[1] + 1), ["n_features_to_select"]),
            (lambda: branch_and_bound(X, y, 1, criterion="gain"), ["criterion"]),
        ]

    return _function_cases(rng, lambda X, y: branch_and_bound(X, y, 1), extra)


@invalid("exhaustive_search")
def _bad_exhaustive(rng):
    def extra(X, y):
        return [(lambda: exhaustive_search(X, y, 0), ["n_features_to_select"])]

    return _function_cases(rng, lambda X, y: exhaustive_search(X, y, 1), extra)


def _selector_invalid(rng, make, params):
    X, y = _data(rng)
    cases = [((lambda a=a: make({}).fit(*a)), names) for a, names in _bad_xy(rng, X, y)]
    for name, values in params.items():
        value = values[int(rng.integers(len(values)))]
        cases.append((lambda name=name, value=value: make({name: value}).fit(X, y), [name]))
    return cases


_K = {"n_features_to_select": [0, -1, 1.5, "2", 99]}


@invalid("Relief")
def _bad_relief(rng):
    return _selector_invalid(rng, lambda p: Relief(**p), {**_K, "n_iterations": [0, -2, 2.5, "10"]})


@invalid("ReliefF")
def _bad_relieff(rng):
    return _selector_invalid(rng, lambda p: ReliefF(**p), {**_K, "n_neighbors": [0, -1, 1.5, "3"]})


@invalid("SequentialSelection")
def _bad_sequential(rng):
    params = {
        **_K,
        "direction": ["both", "Forward", 1],
        "criterion": ["accuracy", 3, None],
        "l": [0, -1, 1.5],
    }

    def make(p):
        p = dict(p)
        if "l" in p:
            p["direction"] = "plus-l-take-away-r"
        return SequentialSelection(**p)

    cases = _selector_invalid(rng, make, params)
    X, y = _data(rng)
    cases.append((lambda: SequentialSelection("wrapper").fit(X, y), ["estimator"]))
    cases.append((lambda: SequentialSelection("wrapper", estimator=GaussianNB, cv=2).fit(X, y), ["estimator"]))
    return cases


@invalid("SingleFeatureRanking")
def _bad_ranking(rng):
    return _selector_invalid(rng, lambda p: SingleFeatureRanking(**p), {**_K, "criterion": ["relief", 0]})


@invalid("BranchAndBound")
def _bad_bb_selector(rng):
    return _selector_invalid(rng, lambda p: BranchAndBound(**p), {**_K, "criterion": ["wrapper", "best", 0]})


@invalid("AdaBoostSelector")
def _bad_ada(rng):
    return _selector_invalid(rng, lambda p: AdaBoostSelector(**p), {**_K, "n_estimators": [0, -1, 1.5, "5"]})


test_valid_inputs_give_finite_answers, test_invalid_inputs_are_refused = harness(VALID, INVALID, CASES)
