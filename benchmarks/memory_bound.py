"""How far three streaming kernels are from the machine's memory bandwidth (one thread).

    python -m benchmarks.memory_bound     # writes the "memory_bound" part of benchmarks/results.json

For each kernel the *bound* is the time one iteration would take if it did nothing but move its minimal bytes at
the measured stream bandwidth (the STREAM "triad" a = b + s c, counted as STREAM counts it: three arrays of
8-byte floats per element). The ratio measured time / bound says how far the kernel is from that limit; a
kernel whose working set sits in cache, or that waits on a chain of dependent arithmetic, can sit far above it
without wasting memory traffic, and the table says which limit binds.

- PageRank (Li Hang (21.15)), statlib's push power step on the benchmark graph: per step it streams the CSR
  structure (indptr, indices) once and x, 1/L, the new iterate and the L1 change over n-vectors.
- k-means (Li Hang Algorithm 14.2), one Lloyd iteration of statlib's KMeans: the data X once, the labels once.
- HMM forward pass (Li Hang Algorithm 10.2, scaled), statlib's kernel: per step the symbol, one row of the
  emission table and the new alpha_t row; the N x N transition matrix stays in cache.
"""

import os

for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS", "NUMBA_NUM_THREADS"):
    os.environ[_var] = "1"

import datetime  # noqa: E402
import json  # noqa: E402
import time  # noqa: E402
import warnings  # noqa: E402
from pathlib import Path  # noqa: E402

import numpy as np  # noqa: E402
from numba import njit  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


@njit(cache=True)
def _triad(a, b, c, s):
    for i in range(a.shape[0]):
        a[i] = b[i] + s * c[i]


def stream_bandwidth(n=1 << 24, repeat=7):
    """Bytes per second of the triad over three n-element float64 arrays (best of ``repeat``)."""
    a, b, c = np.zeros(n), np.ones(n), np.full(n, 2.0)
    _triad(a, b, c, 3.0)
    best = min(_timed(lambda: _triad(a, b, c, 3.0)) for _ in range(repeat))
    return 3 * 8 * n / best


def _timed(fn):
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def _best(fn, repeat=5):
    fn()  # compile, or load from the cache
    return min(_timed(fn) for _ in range(repeat))


def pagerank_step():
    from benchmarks.cases.pagerank import make_data
    from statlib.graph import pagerank

    data = make_data("full", 0)
    A = data["adjacency"]
    n, m = A.shape[0], A.nnz
    steps = 50

    def run():
        with warnings.catch_warnings():  # tol=0: every one of the 50 steps is taken
            warnings.simplefilter("ignore")
            pagerank(A, damping=0.85, tol=0.0, max_iter=steps)

    seconds = _best(run) / steps
    # indices once, indptr once; x, 1/L and the new iterate in the step, both iterates again for the L1 change
    bytes_moved = m * A.indices.itemsize + (n + 1) * A.indptr.itemsize + 5 * 8 * n
    return {"kernel": "PageRank power step", "size": f"n={n}, m={m}", "seconds": seconds, "bytes": bytes_moved}


def kmeans_iteration():
    from benchmarks.cases.kmeans import make_data
    from statlib.cluster import KMeans

    data = make_data("n=100000,d=10,k=8", 0)
    X = data["X"]
    iterations = 50

    def run():
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            KMeans(data["k"], init=data["init"], n_init=1, max_iter=iterations, tol=0.0).fit(X)

    seconds = _best(run) / iterations
    bytes_moved = X.nbytes + 8 * X.shape[0]  # X read once, one label written per point
    n, d = X.shape
    return {
        "kernel": "k-means Lloyd iteration",
        "size": f"n={n}, d={d}, k={data['k']}",
        "seconds": seconds,
        "bytes": bytes_moved,
    }


def hmm_forward_step():
    from benchmarks.cases.hmm import make_data
    from statlib.hmm import CategoricalHMM

    data = make_data("full", 0)
    model = CategoricalHMM(data["startprob"], data["transmat"], data["emissionprob"])
    obs = data["obs"]
    T, N = obs.shape[0], data["startprob"].shape[0]
    seconds = _best(lambda: model.forward(obs, scaled=True)) / T
    bytes_moved = obs.itemsize + 8 * N + 8 * N + 8  # symbol, emission row, alpha_t row, scale
    return {"kernel": "HMM forward step (scaled)", "size": f"T={T}, N={N}", "seconds": seconds, "bytes": bytes_moved}


def measure():
    bandwidth = stream_bandwidth()
    rows = []
    for fn in (pagerank_step, kmeans_iteration, hmm_forward_step):
        row = fn()
        row["bound_seconds"] = row["bytes"] / bandwidth
        row["times_bound"] = row["seconds"] / row["bound_seconds"]
        rows.append(row)
    return {"stream_triad_bytes_per_s": bandwidth, "kernels": rows, "date": datetime.date.today().isoformat()}


def main():
    result = measure()
    print(f"stream triad, one thread: {result['stream_triad_bytes_per_s'] / 1e9:.1f} GB/s")
    for row in result["kernels"]:
        print(
            f"{row['kernel']:28s} {row['size']:24s} {row['seconds'] * 1e6:10.3f} us/step  "
            f"bound {row['bound_seconds'] * 1e6:10.3f} us  x{row['times_bound']:.1f}"
        )
    path = ROOT / "benchmarks" / "results.json"
    results = json.loads(path.read_text())
    results["memory_bound"] = result
    path.write_text(json.dumps(results, indent=1, sort_keys=True) + "\n")
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
