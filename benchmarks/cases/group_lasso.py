"""Group lasso (MLAPP (13.98) with lambda_g = lambda sqrt(d_g), (13.100)) vs skglm's GroupLasso, both by block
coordinate descent at their defaults, solved until they agree to 1e-8.

skglm's GroupLasso is block coordinate descent with working sets and Anderson acceleration, stopped on the
largest KKT violation; statlib's is plain cyclic block coordinate descent stopped on the duality gap. Each is
given a tolerance tight enough that both land on the same solution, so the row times the same answer."""

import numpy as np

from benchmarks._case import Case, size_params

GRID = (
    "n=200,groups=20,d=10,active=8",
    "n=200,groups=100,d=10,active=8",
    "n=1000,groups=20,d=10,active=8",
    "n=1000,groups=100,d=10,active=8",
    "n=5000,groups=20,d=10,active=8",
    "n=5000,groups=100,d=10,active=8",
)


def make_data(size, seed):
    s = size_params(
        size,
        {
            "full": {"n": 1_000, "groups": 100, "d": 10, "active": 8},
            "smoke": {"n": 100, "groups": 10, "d": 3, "active": 2},
        },
    )
    n, n_groups, d, active = s["n"], s["groups"], s["d"], s["active"]
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, n_groups * d))
    w = np.zeros(n_groups * d)
    for g in rng.choice(n_groups, active, replace=False):
        w[g * d : (g + 1) * d] = rng.normal(size=d)
    y = X @ w + 0.5 * rng.normal(size=n) + 1.0
    Xc, yc = X - X.mean(axis=0), y - y.mean()
    alpha_max = max(np.linalg.norm(Xc[:, g * d : (g + 1) * d].T @ yc) / np.sqrt(d) for g in range(n_groups)) / n
    return {"X": X, "y": y, "d": d, "n_groups": n_groups, "alpha": 0.1 * alpha_max}


def run_statlib(data):
    from statlib.linear_model import GroupLasso

    groups = np.repeat(np.arange(data["n_groups"]), data["d"])
    m = GroupLasso(groups=groups, alpha=data["alpha"], tol=1e-10, max_iter=100_000).fit(data["X"], data["y"])
    return m.coef_, m.intercept_


def run_reference(data):
    from skglm import GroupLasso

    weights = np.full(data["n_groups"], np.sqrt(data["d"]))  # skglm's default weights are 1
    m = GroupLasso(groups=data["d"], alpha=data["alpha"], weights=weights, tol=1e-10, max_iter=1_000)
    m.fit(data["X"], data["y"])
    return m.coef_, m.intercept_


def check(ours, theirs):
    np.testing.assert_allclose(ours[0], theirs[0], rtol=0, atol=1e-8)
    np.testing.assert_allclose(ours[1], theirs[1], rtol=0, atol=1e-8)
    assert np.array_equal(ours[0] != 0, theirs[0] != 0), "different supports"


CASE = Case(
    name="group_lasso",
    algorithm="group lasso, l2 groups (MLAPP (13.98)-(13.100)), block coordinate descent to 1e-8 agreement",
    size="n=1 000, 100 groups of 10, 8 active",
    reference_name="skglm.GroupLasso",
    target=1.0,
    make_data=make_data,
    statlib=run_statlib,
    reference=run_reference,
    check=check,
    tolerance="same support; coefficients and intercept within 1e-8",
    grid=GRID,
)
