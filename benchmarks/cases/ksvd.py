"""K-SVD (Aharon, Elad and Bruckstein 2006, as the lecture states it): OMP codes with T0 atoms per sample, then each
atom and its users' codes replaced by the best rank-one approximation of the restricted residual E_k^R. statlib's
DictionaryLearning(method="ksvd") vs the same algorithm written on scikit-learn's OMP (``orthogonal_mp_gram``)
and NumPy's SVD, what a practitioner without a K-SVD library would write: the same starting dictionary, the same
T0 and the same number of sweeps.

scikit-learn has no K-SVD; its MiniBatchDictionaryLearning minimises the l1 objective with online updates, a
different problem, so it is not the reference here."""

import warnings

import numpy as np

from benchmarks._case import Case, size_params

SWEEPS = 5


GRID = (
    "n=500,d=32,atoms=64,t0=4",
    "n=2000,d=32,atoms=64,t0=4",
    "n=8000,d=32,atoms=64,t0=4",
    "n=2000,d=16,atoms=32,t0=3",
    "n=2000,d=64,atoms=128,t0=8",
)


def make_data(size, seed):
    s = size_params(
        size, {"full": {"n": 2_000, "d": 32, "atoms": 64, "t0": 4}, "smoke": {"n": 300, "d": 16, "atoms": 24, "t0": 3}}
    )
    n, d, atoms, t0 = s["n"], s["d"], s["atoms"], s["t0"]
    rng = np.random.default_rng(seed)
    # samples that are sparse combinations of a planted dictionary, plus noise
    planted = rng.normal(size=(atoms, d))
    planted /= np.linalg.norm(planted, axis=1, keepdims=True)
    codes = np.zeros((n, atoms))
    for i in range(n):
        codes[i, rng.choice(atoms, t0, replace=False)] = rng.normal(size=t0)
    X = codes @ planted + 0.01 * rng.normal(size=(n, d))
    init = X[rng.choice(n, atoms, replace=False)].copy()
    init /= np.linalg.norm(init, axis=1, keepdims=True)
    return {"X": X, "init": init, "t0": t0}


def run_statlib(data):
    from statlib.sparse_coding import DictionaryLearning

    with warnings.catch_warnings():  # tol=0: every sweep is run
        warnings.simplefilter("ignore")
        m = DictionaryLearning(
            data["init"].shape[0],
            method="ksvd",
            n_nonzero_coefs=data["t0"],
            max_iter=SWEEPS,
            tol=0.0,
            dict_init=data["init"],
        ).fit(data["X"])
    return m.components_


def _rank_one(E):
    U, s, Vt = np.linalg.svd(E, full_matrices=False)
    atom, coef = Vt[0], s[0] * U[:, 0]
    if atom[np.argmax(np.abs(atom))] < 0:  # the same sign convention, so the dictionaries can be compared
        atom, coef = -atom, -coef
    return atom, coef


def run_reference(data):
    from sklearn.linear_model import orthogonal_mp_gram

    X, W = data["X"], data["init"].copy()
    for _ in range(SWEEPS):
        Z = orthogonal_mp_gram(W @ W.T, W @ X.T, n_nonzero_coefs=data["t0"]).T  # sparse-coding stage
        Z[np.abs(Z) <= 1e-10 * np.linalg.norm(X, axis=1)[:, None]] = 0.0
        for k in range(W.shape[0]):  # dictionary-update stage, atom by atom
            users = np.flatnonzero(Z[:, k])
            if users.size == 0:
                raise AssertionError("an atom fell out of use; the comparison needs every atom in use")
            E = X[users] - Z[users] @ W + np.outer(Z[users, k], W[k])  # E_k restricted to omega_k
            W[k], Z[users, k] = _rank_one(E)
    return W


def check(ours, theirs):
    np.testing.assert_allclose(ours, theirs, rtol=0, atol=1e-8)


CASE = Case(
    name="ksvd",
    algorithm="K-SVD (OMP coding, rank-one atom updates), 5 sweeps",
    size="n=2 000 samples, d=32, 64 atoms, T0=4",
    reference_name="the same algorithm on sklearn.linear_model.orthogonal_mp_gram and numpy.linalg.svd",
    target=1.0,
    make_data=make_data,
    statlib=run_statlib,
    reference=run_reference,
    check=check,
    tolerance="dictionaries within 1e-8 after 5 sweeps",
    grid=GRID,
)
