"""Property-based tests for statlib.sparse_coding (MLAPP section 13.8).

Valid inputs (random shapes, scales and options) give finite codes of the right shape that satisfy exact
properties (the lasso's optimality conditions, at most n_nonzero_coefs non-zeros for OMP, atoms in the unit ball,
R x = y for basis pursuit, Eckart-Young for the K-SVD step); invalid inputs (NaN, infinity, text, wrong rank,
empty, mismatched shapes, bad hyperparameters) raise ValueError or TypeError naming the argument. The number of
cases is printed at the end of the run (see conftest.py).
"""

from collections import Counter

import numpy as np
from property_support import harness, random_bad, registry

from statlib.sparse_coding import (
    DictionaryLearning,
    SparseRepresentationClassifier,
    basis_pursuit,
    ksvd_atom_update,
    mutual_coherence,
    restricted_isometry_estimate,
    sparse_coding_objective,
    sparse_encode,
    sparse_encode_masked,
)

CASES = Counter()  # (name, kind) -> number of generated cases; reported by conftest.py
VALID, INVALID, valid, invalid = registry()


def _problem(rng):
    n, d, k = int(rng.integers(1, 12)), int(rng.integers(1, 8)), int(rng.integers(1, 10))
    scale = float(rng.choice([1e-2, 1.0, 1e2]))
    X = rng.normal(size=(n, d)) * scale
    W = rng.normal(size=(k, d))
    W /= np.maximum(np.linalg.norm(W, axis=1, keepdims=True), 1e-12)
    return X, W, scale


@valid("sparse_encode")
def _(rng):
    X, W, scale = _problem(rng)
    if rng.random() < 0.5:
        alpha = float(rng.uniform(0.05, 1.0)) * scale
        Z = sparse_encode(X, W, alpha=alpha)
        assert Z.shape == (X.shape[0], W.shape[0]) and np.all(np.isfinite(Z))
        G = (X - Z @ W) @ W.T
        assert np.all(np.abs(G) <= alpha * (1 + 1e-5) + 1e-9 * scale)  # subgradient condition
    else:
        t = int(rng.integers(1, W.shape[0] + 1))
        Z = sparse_encode(X, W, algorithm="omp", n_nonzero_coefs=t)
        assert np.all(np.isfinite(Z)) and np.all(np.count_nonzero(Z, axis=1) <= t)


@valid("sparse_encode_masked")
def _(rng):
    X, W, scale = _problem(rng)
    mask = rng.random(X.shape) < 0.7
    Z = sparse_encode_masked(X, mask, W, alpha=0.1 * scale)
    assert Z.shape == (X.shape[0], W.shape[0]) and np.all(np.isfinite(Z))
    assert np.all(Z[~mask.any(axis=1)] == 0)


@valid("DictionaryLearning")
def _(rng):
    X, _, scale = _problem(rng)
    k = int(rng.integers(1, 6))
    method = str(rng.choice(["alternating", "ksvd"]))
    t = int(rng.integers(1, k + 1))
    m = DictionaryLearning(k, alpha=0.1 * scale, method=method, n_nonzero_coefs=t, max_iter=3, random_state=0)
    Z = m.fit_transform(X)
    assert Z.shape == (X.shape[0], k) and np.all(np.isfinite(Z)) and np.all(np.isfinite(m.components_))
    assert np.all(np.linalg.norm(m.components_, axis=1) <= 1 + 1e-9)


@valid("ksvd_atom_update")
def _(rng):
    E = rng.normal(size=(int(rng.integers(1, 8)), int(rng.integers(1, 8)))) * float(rng.choice([1e-3, 1.0, 1e3]))
    atom, coef = ksvd_atom_update(E)
    s = np.linalg.svd(E, compute_uv=False)
    assert abs(np.linalg.norm(atom) - 1) < 1e-10
    assert abs(np.linalg.norm(E - np.outer(coef, atom)) - np.sqrt(np.sum(s[1:] ** 2))) <= 1e-8 * (1 + s[0])


@valid("basis_pursuit")
def _(rng):
    m, d = int(rng.integers(1, 6)), int(rng.integers(1, 10))
    R = rng.normal(size=(m, d))
    y = R @ rng.normal(size=d)
    x = basis_pursuit(R, y)
    assert x.shape == (d,) and np.allclose(R @ x, y, atol=1e-6 * (1 + np.abs(y).max()))


@valid("sparse_coding_objective")
def _(rng):
    X, W, _ = _problem(rng)
    Z = rng.normal(size=(X.shape[0], W.shape[0]))
    alpha = float(rng.uniform(0, 2))
    value = sparse_coding_objective(X, Z, W, alpha)
    assert np.isclose(value, 0.5 * np.sum((X - Z @ W) ** 2) + alpha * np.abs(Z).sum())


@invalid("sparse_encode")
def _(rng):
    X, W, _ = _problem(rng)
    return [
        (lambda: sparse_encode(random_bad(rng, X.shape), W), ["X"]),
        (lambda: sparse_encode(X, random_bad(rng, W.shape, kinds=("nan", "inf", "text", "empty"))), ["dictionary"]),
        (lambda: sparse_encode(X, W[:, :0] if W.shape[1] > 1 else np.ones((2, 3))), ["dictionary"]),
        (lambda: sparse_encode(X, W, alpha=-float(rng.random())), ["alpha"]),
        (lambda: sparse_encode(X, W, algorithm=str(rng.choice(["lars", "cd", ""]))), ["algorithm"]),
        (lambda: sparse_encode(X, W, algorithm="omp", n_nonzero_coefs=W.shape[0] + 1), ["n_nonzero_coefs"]),
        (lambda: sparse_encode(X, W, max_iter=0), ["max_iter"]),
        (lambda: sparse_encode(X, W, tol=-1.0), ["tol"]),
        (lambda: sparse_encode(X, W, init=np.zeros((X.shape[0] + 1, W.shape[0]))), ["init"]),
    ]


@invalid("sparse_encode_masked")
def _(rng):
    X, W, _ = _problem(rng)
    mask = np.ones(X.shape, dtype=bool)
    return [
        (lambda: sparse_encode_masked(random_bad(rng, X.shape), mask, W), ["X"]),
        (lambda: sparse_encode_masked(X, mask.astype(int), W), ["mask"]),
        (lambda: sparse_encode_masked(X, mask[:, :0], W), ["mask"]),
        (lambda: sparse_encode_masked(X, mask, W, alpha=0.0), ["alpha"]),
        (lambda: sparse_encode_masked(X, mask, np.ones((2, X.shape[1] + 1))), ["dictionary"]),
    ]


@invalid("DictionaryLearning")
def _(rng):
    X, _, _ = _problem(rng)
    return [
        (lambda: DictionaryLearning(2).fit(random_bad(rng, X.shape)), ["X"]),
        (lambda: DictionaryLearning(int(rng.integers(-3, 1))).fit(X), ["n_components"]),
        (lambda: DictionaryLearning(2, alpha=-float(rng.random())).fit(X), ["alpha"]),
        (lambda: DictionaryLearning(2, method="mod").fit(X), ["method"]),
        (lambda: DictionaryLearning(2, n_nonzero_coefs=3).fit(X), ["n_nonzero_coefs"]),
        (lambda: DictionaryLearning(2, max_iter=0).fit(X), ["max_iter"]),
        (lambda: DictionaryLearning(2, tol=-1.0).fit(X), ["tol"]),
        (lambda: DictionaryLearning(2, dict_init=np.ones((3, X.shape[1]))).fit(X), ["dict_init"]),
        (lambda: DictionaryLearning(2, transform_algorithm="lars").fit(X), ["transform_algorithm"]),
    ]


@invalid("ksvd_atom_update")
def _(rng):
    return [(lambda: ksvd_atom_update(random_bad(rng, (3, 4))), ["residual"])]


@invalid("basis_pursuit")
def _(rng):
    R = rng.normal(size=(3, 5))
    return [
        (lambda: basis_pursuit(random_bad(rng, R.shape), np.ones(3)), ["sensing_matrix"]),
        (lambda: basis_pursuit(R, random_bad(rng, (3,))), ["y"]),
        (lambda: basis_pursuit(R, np.ones(int(rng.integers(4, 7)))), ["y"]),
    ]


@invalid("sparse_coding_objective")
def _(rng):
    X, W, _ = _problem(rng)
    Z = np.zeros((X.shape[0], W.shape[0]))
    return [
        (lambda: sparse_coding_objective(random_bad(rng, X.shape), Z, W, 0.1), ["X"]),
        (lambda: sparse_coding_objective(X, Z[:, :0] if Z.shape[1] > 0 else Z, W, 0.1), ["codes"]),
        (lambda: sparse_coding_objective(X, np.zeros((X.shape[0] + 1, W.shape[0])), W, 0.1), ["codes"]),
        (lambda: sparse_coding_objective(X, Z, W, -1.0), ["alpha"]),
    ]


@valid("mutual_coherence")
def _(rng):
    A = rng.normal(size=(int(rng.integers(1, 8)), int(rng.integers(2, 10)))) * float(rng.choice([1e-3, 1.0, 1e3]))
    mu = mutual_coherence(A)
    U = A / np.linalg.norm(A, axis=0)
    assert 0.0 <= mu <= 1.0 and mu >= np.abs(U[:, 0] @ U[:, 1]) - 1e-12  # at least the first pair's cosine


@valid("restricted_isometry_estimate")
def _(rng):
    m, d = int(rng.integers(1, 6)), int(rng.integers(1, 8))
    A = rng.normal(size=(m, d)) / np.sqrt(m)
    s = int(rng.integers(1, min(m, d) + 1))
    exact = restricted_isometry_estimate(A, s, n_supports=None)
    assert (
        0.0 <= restricted_isometry_estimate(A, s, n_supports=int(rng.integers(1, 5)), random_state=0) <= exact + 1e-12
    )


@valid("SparseRepresentationClassifier")
def _(rng):
    X, _, _ = _problem(rng)
    y = rng.integers(0, 3, size=X.shape[0])
    model = SparseRepresentationClassifier(
        str(rng.choice(["omp", "lasso_cd"])), n_nonzero_coefs=int(rng.integers(1, 5))
    ).fit(X, y)
    R = model.class_residuals(X)
    assert R.shape == (X.shape[0], len(model.classes_)) and np.all(np.isfinite(R)) and np.all(R <= 1 + 1e-9)
    assert set(model.predict(X)) <= set(model.classes_)


@invalid("mutual_coherence")
def _(rng):
    return [
        (lambda: mutual_coherence(random_bad(rng, (3, 4))), ["matrix"]),
        (lambda: mutual_coherence(np.ones((3, 1))), ["matrix"]),
        (lambda: mutual_coherence(np.zeros((2, int(rng.integers(2, 5))))), ["matrix"]),
    ]


@invalid("restricted_isometry_estimate")
def _(rng):
    A = rng.normal(size=(3, 5))
    return [
        (lambda: restricted_isometry_estimate(random_bad(rng, A.shape), 2), ["matrix"]),
        (lambda: restricted_isometry_estimate(A, int(rng.integers(4, 9))), ["sparsity"]),
        (lambda: restricted_isometry_estimate(A, -int(rng.integers(0, 3))), ["sparsity"]),
        (lambda: restricted_isometry_estimate(A, 2, n_supports=-int(rng.integers(0, 3))), ["n_supports"]),
    ]


@invalid("SparseRepresentationClassifier")
def _(rng):
    X, _, _ = _problem(rng)
    y = np.arange(X.shape[0]) % 2
    return [
        (lambda: SparseRepresentationClassifier().fit(random_bad(rng, X.shape), y), ["X"]),
        (lambda: SparseRepresentationClassifier(algorithm=str(rng.choice(["bp", "lars"]))).fit(X, y), ["algorithm"]),
        (
            lambda: SparseRepresentationClassifier(n_nonzero_coefs=-int(rng.integers(0, 3))).fit(X, y),
            ["n_nonzero_coefs"],
        ),
        (lambda: SparseRepresentationClassifier(alpha=-float(rng.random())).fit(X, y), ["alpha"]),
    ]


test_valid_inputs_give_finite_answers, test_invalid_inputs_are_refused = harness(VALID, INVALID, CASES)
