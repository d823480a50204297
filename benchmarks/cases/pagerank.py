"""PageRank, general definition with d = 0.85 (Li Hang Algorithm 21.1, eq. (21.15)), on a random sparse directed
graph with dangling nodes: statlib's power iteration (a push over the out-links of the CSR adjacency) vs a plain SciPy
power loop ``x <- d (M @ x) + c 1`` over a prebuilt CSR matrix M, with the same stopping rule (L1 change < 1e-10),
the same start and the same uniform treatment of dangling nodes. The grid runs 10^4 to 10^6 nodes.

The reference gets its best case: M (column-stochastic, stored as CSR with rows as targets) is built in
``make_data``, outside the timed call; statlib's timed call starts from the adjacency matrix (rows are sources) and
includes its validation."""

import numpy as np

from benchmarks._case import Case, size_params

DAMPING = 0.85
TOL_L1 = 1e-10
GRID = ("n=10000", "n=100000", "n=1000000")  # 11 links per node, 2% dangling nodes, as the single-size row


def make_data(size, seed):
    p = size_params(size, {"full": {"n": 100_000}, "smoke": {"n": 300, "m": 3_000, "dangling": 6}})
    n = p["n"]
    m, n_dangling = p.get("m", 11 * n), p.get("dangling", n // 50)
    rng = np.random.default_rng(seed)
    dangling = rng.choice(n, size=n_dangling, replace=False)
    src = rng.integers(0, n, size=2 * m)
    src = src[~np.isin(src, dangling)]
    dst = rng.integers(0, n, size=src.size)
    codes = np.unique(src * n + dst)  # distinct links, in random order below
    codes = rng.permutation(codes)[:m]
    src, dst = np.divmod(codes, n)
    import scipy.sparse as sp

    adjacency = sp.csr_array((np.ones(src.size), (src, dst)), shape=(n, n))
    out = np.diff(adjacency.indptr)
    is_dangling = out == 0
    inv_out = np.where(is_dangling, 0.0, 1.0 / np.maximum(out, 1))
    M = (sp.diags_array(inv_out) @ adjacency).T.tocsr()  # M[i, j] = 1 / L(v_j) for a link j -> i, eq. (21.1)
    M.sort_indices()
    return {"adjacency": adjacency, "M": M, "dangling": is_dangling, "n": n}


def run_statlib(data):
    from statlib.graph import pagerank

    return pagerank(data["adjacency"], damping=DAMPING, tol=TOL_L1, max_iter=1000)


def run_reference(data):
    M, dangling, n = data["M"], data["dangling"], data["n"]
    x = np.full(n, 1.0 / n)
    for _ in range(1000):
        x_new = DAMPING * (M @ x) + (DAMPING * x[dangling].sum() + 1.0 - DAMPING) / n
        err = np.abs(x_new - x).sum()
        x = x_new
        if err < TOL_L1:
            break
    return x / x.sum()


def check(ours, theirs):
    np.testing.assert_allclose(ours.sum(), 1.0, rtol=1e-12)
    assert np.abs(ours - theirs).sum() < 1e-12, np.abs(ours - theirs).sum()


CASE = Case(
    name="pagerank",
    algorithm="PageRank, d = 0.85, sparse power iteration (Li Hang alg. 21.1, eq. (21.15)), uniform dangling nodes",
    size="n=100 000 nodes, 1 100 000 links, 2 000 dangling nodes",
    reference_name="SciPy power loop, x <- d (M @ x) + c 1 over a prebuilt CSR M",
    target=1.0,
    make_data=make_data,
    statlib=run_statlib,
    reference=run_reference,
    check=check,
    tolerance="same stopping rule (L1 change < 1e-10), same start; vectors within 1e-12 in L1",
    notes="The SciPy loop's M is built outside its timed call; statlib's call includes validating the adjacency "
    "matrix (one compiled pass over a canonical CSR array, read in place). statlib pushes x_j / L(v_j) along the "
    "out-links. On a graph of more than 2^15 nodes it first groups the links by target block (once per call, a stable "
    "counting sort, 6 bytes per link): each step then adds the shares into a 256 KiB stretch of the new iterate that "
    "stays in L2, with the same sums in the same order (iterates bit for bit those of the plain push). Measured "
    "against the plain push in one process: whole calls 0.73 (n=10^5) and 0.62 (n=10^6) of its time, a step at "
    "n=10^6 0.61-0.68. A pull over the transposed links (gathering, as csr @ x does) was measured before at 0.70-0.86 "
    "of the plain push's step, but building the transpose costs 3-7 steps and this graph converges in 18.",
    grid=GRID,
)
