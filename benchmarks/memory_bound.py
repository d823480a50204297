"""How far three streaming kernels are from what this machine allows them (one thread): a roofline.

    python -m benchmarks.memory_bound     # writes the "memory_bound" part of benchmarks/results.json

Each kernel gets the time one step could take at best, from two limits measured on this machine:

- *memory*: the bytes the step must move, over the one-thread stream bandwidth (the STREAM "triad"
  a = b + s c, counted as STREAM counts it: three arrays of 8-byte floats per element). The sizes are chosen so
  that the working set exceeds the last-level cache: the data really come from memory at every step.
- *arithmetic*: the floating-point operations of the step, over the rate of a large one-thread matrix product
  (BLAS dgemm), the fastest this core does arithmetic in practice.

The bound is the larger of the two; the ratio measured / bound says how far the kernel is from it. (A recurrence
adds a third limit, the latency of its chain of dependent operations per step. The HMM's recursion (10.16), the only
recurrence here, is linear in alpha, so steps compose, alpha_{t+1} = alpha_{t-1} A diag(b(o_t)) A diag(b(o_{t+1})):
with one table A diag(b(o)) A per symbol, statlib's kernel takes two steps per dependent link, and halves the chain.
The chain's length therefore depends on the implementation, not on the problem (k steps per link would take M^(k-1)
tables per pass), and it is not counted as a bound; the comparison lines give its latency at one and at two steps
per link.) Beside each kernel, ``context`` times what the same hardware does with the same data in simpler ways (for
PageRank, SciPy's sparse product, a bare gather of m scattered reads, and the two halves of statlib's step, its
reads and its adds; for the HMM, the latency of (10.16)'s chain per step, at one and at two steps per link (from the
measured latencies of one add and one multiply), the arithmetic alone of each, the recursion without its table, the
recursion into a table already mapped and a fresh table merely filled), so that the distance from the bound can be
read against what is attainable.

- PageRank (Li Hang (21.15)), statlib's power step on a 10^6-node graph: at the least, the link structure once
  (link targets and row pointers as 4-byte integers; L(v_j) follows from the row pointers), the iterate read and
  the new one written. statlib groups the links by target block, so that the stretch of the new iterate being
  added into stays in a core's cache; the shares x_j / L(v_j) are then read at scattered places, from the
  last-level cache.
- k-means (Li Hang Algorithm 14.2), one Lloyd iteration of statlib's KMeans at n = 10^6: at the least, X read
  once and the labels written; per point 2 k d operations for the distances (14.22) (k dot products x.m_l of d
  multiplies and d - 1 adds, each subtracted from ||m_l||^2 / 2) and d adds into its cluster's sum for the new
  means, plus k d divisions for the means themselves.
- HMM forward pass (Li Hang Algorithm 10.2, scaled), statlib's kernel on T = 10^6 steps: per step the symbol,
  the new alpha_t row and its scale; the N x N transition and emission tables stay in cache. Per step, (10.16)'s
  N^2 products and N (N - 1) adds, the emission factors, the row's sum and its normalisation.
"""

import os

for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS", "NUMBA_NUM_THREADS"):
    os.environ[_var] = "1"

import datetime  # noqa: E402
import json  # noqa: E402
import math  # noqa: E402
import time  # noqa: E402
import warnings  # noqa: E402
from pathlib import Path  # noqa: E402

import numpy as np  # noqa: E402
from numba import njit  # noqa: E402

from benchmarks.run import processor  # noqa: E402
from statlib.hmm import _vector  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


@njit(cache=True)
def _triad(a, b, c, s):
    for i in range(a.shape[0]):
        a[i] = b[i] + s * c[i]


@njit(cache=True)
def _gather_sum(indices, x):
    """sum_k x[indices[k]] in four independent partial sums: the reads of a scattered gather and nothing else."""
    s0 = s1 = s2 = s3 = 0.0
    m = indices.shape[0] - indices.shape[0] % 4
    for k in range(0, m, 4):
        s0 += x[indices[k]]
        s1 += x[indices[k + 1]]
        s2 += x[indices[k + 2]]
        s3 += x[indices[k + 3]]
    for k in range(m, indices.shape[0]):
        s0 += x[indices[k]]
    return (s0 + s1) + (s2 + s3)


@njit(cache=True)
def _block_adds(starts, offsets, y, shift):
    """The other half of statlib's PageRank step (``_blocked_matvec``): each link adds into its target's entry of the
    block of 2^shift targets it belongs to, in the step's order, a constant instead of the source's share."""
    size = 1 << shift
    for b in range(starts.shape[0] - 1):
        block = y[b * size : min(y.shape[0], (b + 1) * size)]
        block[:] = 0.0
        for k in range(starts[b], starts[b + 1]):
            block[offsets[k]] += 1.0


@njit(cache=True)
def _forward_chain(transmat, emission, steps):
    """Only the dependent arithmetic of ``steps`` steps of statlib's 8-state forward recursion: u <- (sum_k
    (u permuted by k) * d_k) * b, the permutations, products, tree of sums and multiply of
    :func:`statlib.hmm._kernels._forward_recursion_vector`, with no symbol read, no sum, no test, no rescaling.
    ``emission`` (b) is an argument, not a constant, so that the compiler keeps its multiply; with b = 1 and A
    stochastic, sum(u) stays 1 and no number becomes subnormal."""
    d = _vector.xor_columns(transmat, 8)
    u = _vector.head(np.full(8, 0.125), 8)
    b = _vector.head(emission, 8)
    for _ in range(steps):
        u = _vector.times(_vector.xor_products_sum(u, d), b)
    return _vector.total(u)


@njit(cache=True)
def _forward_pairs_chain(transmat, pair, emission, steps):
    """Only the arithmetic of ``steps`` steps of statlib's 8-state forward recursion taken two steps per link
    (:func:`statlib.hmm._kernels._forward_recursion_pairs`): per link, u_{t+1} <- (sum_k (u_{t-1} permuted by k) *
    c_k) * b on the chain, and u_t <- (sum_k (u_{t-1} permuted by k) * d_k) * b beside it, with no symbol read, no
    sum, no test, no rescaling and no table. ``pair`` stands for A diag(b) A. 8 u_t is multiplied into an
    accumulator, so that the compiler keeps it; pass the uniform transition matrix and b = 1, so that every u is 1/8
    exactly and the accumulator stays 1 (no number becomes subnormal)."""
    d = _vector.xor_columns(transmat, 8)
    c = _vector.xor_columns(pair, 8)
    u = _vector.head(np.full(8, 0.125), 8)
    b = _vector.head(emission, 8)
    kept = _vector.head(np.ones(8), 8)
    for _ in range(steps // 2):
        v = _vector.times(_vector.xor_products_sum(u, d), b)  # u_t, beside the chain
        kept = _vector.times(kept, _vector.scaled(v, 8.0))
        u = _vector.times(_vector.xor_products_sum(u, c), b)  # u_{t+1}, the chain
    return _vector.total(u) + _vector.total(kept)


@njit(cache=True)
def _add_chain(x, c, n):
    for _ in range(n):  # each add waits for the previous one (no reassociation without fastmath)
        x = x + c
    return x


@njit(cache=True)
def _mul_chain(x, c, n):
    for _ in range(n):
        x = x * c
    return x


def _timed(fn):
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def _best(fn, repeat=5):
    fn()  # compile, or load from the cache
    return min(_timed(fn) for _ in range(repeat))


def _per_step(run, many, few, repeat=3):
    """Seconds per step of ``run(steps)``: the difference of ``many`` and ``few`` steps, so the fixed cost of a
    call (validation, set-up, the result's summaries) drops out."""
    return (_best(lambda: run(many), repeat) - _best(lambda: run(few), repeat)) / (many - few)


def stream_bandwidth(n=1 << 24, repeat=7):
    """Bytes per second of the triad over three n-element float64 arrays (best of ``repeat``)."""
    a, b, c = np.zeros(n), np.ones(n), np.full(n, 2.0)
    return 3 * 8 * n / _best(lambda: _triad(a, b, c, 3.0), repeat)


def dgemm_rate(n=1000, repeat=5):
    """Floating-point operations per second of a one-thread n x n matrix product (best of ``repeat``)."""
    rng = np.random.default_rng(0)
    A, B = rng.normal(size=(n, n)), rng.normal(size=(n, n))
    return 2 * n**3 / _best(lambda: A @ B, repeat)


def chain_latency(steps=50_000_000):
    """Seconds per dependent floating-point add and per dependent multiply (best of 5)."""
    add = _best(lambda: _add_chain(0.0, 1e-9, steps)) / steps
    mul = _best(lambda: _mul_chain(1.0, 1.0000000001, steps)) / steps
    return add, mul


def pagerank_step():
    from benchmarks.cases.pagerank import make_data
    from statlib.graph import pagerank
    from statlib.graph._pagerank import _BLOCK_SHIFT, _kernel_arrays, _link_blocks

    data = make_data("n=1000000", 0)
    A, M = data["adjacency"], data["M"]
    n, m = A.shape[0], A.nnz
    x = np.full(n, 1.0 / n)
    targets = np.random.default_rng(0).integers(0, n, size=m).astype(np.uint32)
    # the link sources in the order statlib's step reads the shares x_j / L(v_j): grouped by target block, increasing
    # within a block
    starts, sources, offsets = _link_blocks(*_kernel_arrays(A)[:3], n)[:3]
    y = np.zeros(n)

    def run(steps):
        with warnings.catch_warnings():  # tol=0: every step is taken
            warnings.simplefilter("ignore")
            pagerank(A, damping=0.85, tol=0.0, max_iter=steps)

    return {
        "kernel": "PageRank power step",
        "size": f"n={n:,}, m={m:,}",
        "seconds": _per_step(run, 40, 10),
        "bytes": 4 * m + 4 * (n + 1) + 2 * 8 * n,
        "flops": 2 * m,
        # what the same hardware does with the same links, for comparison: SciPy's CSR product M x alone (the
        # pull over in-links that the reference's power loop runs, without its other vector operations), a loop
        # that only reads m entries of an n-vector at random places and adds them up, and statlib's step in two
        # halves: its reads of the shares (the same loop, reading them in the step's order) and its adds into the
        # blocks of the new iterate
        "context": {
            "SciPy csr M @ x": _best(lambda: M @ x),
            "m random reads of an n-vector": _best(lambda: _gather_sum(targets, x)),
            "the step's reads of the shares alone": _best(lambda: _gather_sum(sources, x)),
            "the step's adds into the blocks alone": _best(lambda: _block_adds(starts, offsets, y, _BLOCK_SHIFT)),
        },
    }


def kmeans_iteration():
    from benchmarks.cases.kmeans import make_data
    from statlib.cluster import KMeans

    data = make_data("n=1000000,d=10,k=8", 0)
    X, k = data["X"], data["k"]
    n, d = X.shape

    def run(iterations):  # the partition still changes after 10 iterations on these data: no early stop
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            model = KMeans(k, init=data["init"], n_init=1, max_iter=iterations, tol=0.0).fit(X)
        assert model.n_iter_ == iterations

    return {
        "kernel": "k-means Lloyd iteration",
        "size": f"n={n:,}, d={d}, k={k}",
        "seconds": _per_step(run, 10, 4),
        "bytes": 8 * n * d + 8 * n,
        "flops": 2 * n * k * d + n * d + k * d,
    }


def hmm_forward_step(latencies):
    from benchmarks.cases.hmm import make_data
    from statlib.hmm import CategoricalHMM

    data = make_data("full", 0)
    model = CategoricalHMM(data["startprob"], data["transmat"], data["emissionprob"])
    from statlib.hmm._kernels import _forward_scaled

    obs = data["obs"]
    T, N = obs.shape[0], data["startprob"].shape[0]
    pi, A = data["startprob"], np.ascontiguousarray(data["transmat"])
    A_t, B_t = np.ascontiguousarray(A.T), np.ascontiguousarray(data["emissionprob"].T)
    symbols = np.ascontiguousarray(obs, dtype=np.int64)
    alpha, scale = np.empty((T, N)), np.empty(T)
    add_latency, mul_latency = latencies
    step_latency = math.ceil(math.log2(N)) * add_latency + 2 * mul_latency  # a multiply, the tree of adds, a multiply
    uniform = np.full((N, N), 1.0 / N)
    return {
        "kernel": "HMM forward step (scaled)",
        "size": f"T={T:,}, N={N}",
        "seconds": _best(lambda: model.forward(obs, scaled=True)) / T,
        # (10.16) one step per dependent link: the latency of its chain and the step's dependent arithmetic alone;
        # two steps per link, as statlib's kernel takes them on a long sequence: the chain's latency per step and the
        # arithmetic alone; then the public call's parts: the recursion alone (log P only, no table written), the
        # recursion writing a table that is already mapped (reused from call to call), and a fresh T x N table
        # merely filled
        "context": {
            "one step per link: chain latency": step_latency,
            "one step per link: arithmetic alone": _best(lambda: _forward_chain(A, np.ones(N), T)) / T,
            "two steps per link: chain latency": step_latency / 2,
            "two steps per link: arithmetic alone": _best(lambda: _forward_pairs_chain(uniform, uniform, np.ones(N), T))
            / T,
            "recursion alone": _best(lambda: _forward_scaled(pi, A, A_t, B_t, symbols, alpha[:2], scale[:1])) / T,
            "recursion into a reused table": _best(lambda: _forward_scaled(pi, A, A_t, B_t, symbols, alpha, scale)) / T,
            "filling a fresh T x N table": _best(lambda: np.empty((T, N)).fill(0.0)) / T,
        },
        "bytes": obs.itemsize + 8 * N + 8,
        "flops": 2 * N * N + 2 * N,
    }


def measure():
    bandwidth = stream_bandwidth()
    flop_rate = dgemm_rate()
    add_latency, mul_latency = chain_latency()
    rows = []
    for fn in (pagerank_step, kmeans_iteration, lambda: hmm_forward_step((add_latency, mul_latency))):
        row = fn()
        row["memory_bound_seconds"] = row["bytes"] / bandwidth
        row["arithmetic_bound_seconds"] = row["flops"] / flop_rate
        limits = {"memory": row["memory_bound_seconds"], "arithmetic": row["arithmetic_bound_seconds"]}
        row["context_order"] = list(row.get("context", {}))  # results.json sorts keys; the page prints in this order
        row["binding"] = max(limits, key=limits.get)
        row["bound_seconds"] = limits[row["binding"]]
        row["times_bound"] = row["seconds"] / row["bound_seconds"]
        row["times_memory_bound"] = row["seconds"] / row["memory_bound_seconds"]
        rows.append(row)
    return {
        "machine": processor(),
        "stream_triad_bytes_per_s": bandwidth,
        "dgemm_flops_per_s": flop_rate,
        "add_latency_s": add_latency,
        "mul_latency_s": mul_latency,
        "kernels": rows,
        "date": datetime.date.today().isoformat(),
    }


def main():
    result = measure()
    print(
        f"one thread: stream triad {result['stream_triad_bytes_per_s'] / 1e9:.1f} GB/s, "
        f"dgemm {result['dgemm_flops_per_s'] / 1e9:.1f} GFLOP/s, dependent add {result['add_latency_s'] * 1e9:.2f} ns, "
        f"dependent multiply {result['mul_latency_s'] * 1e9:.2f} ns"
    )
    for row in result["kernels"]:
        print(
            f"{row['kernel']:27s} {row['size']:26s} {row['seconds'] * 1e6:10.3f} us/step  "
            f"bound {row['bound_seconds'] * 1e6:10.3f} us ({row['binding']})  x{row['times_bound']:.2f}"
        )
        for label, seconds in row.get("context", {}).items():
            print(f"    {label:40s} {seconds * 1e6:10.3f} us  x{seconds / row['bound_seconds']:.2f}")
    path = ROOT / "benchmarks" / "results.json"
    results = json.loads(path.read_text())
    results["memory_bound"] = result
    path.write_text(json.dumps(results, indent=1, sort_keys=True) + "\n")
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
