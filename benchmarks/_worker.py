"""Runs one side of one case in a fresh process and prints a JSON line: times, peak memory, the answer file.

Usage: python -m benchmarks._worker CASE SIDE SIZE SEED REPEAT OUT.npz [BUDGET_S]
"""

import importlib
import json
import pickle
import resource
import statistics
import sys
import time

MIN_TOTAL_S = 1.0
MAX_CALLS = 500


def peak_rss_mib():
    """This process's peak resident memory in MiB. Linux's VmHWM belongs to the memory of the program now running, so
    it starts afresh at exec; ru_maxrss (the fallback elsewhere) keeps the high-water mark of the parent it was forked
    from, which made every case run late in a long benchmark run report the runner's own peak."""
    try:
        for line in open("/proc/self/status"):
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main():
    case_name, side, size, seed, repeat, out = sys.argv[1:7]
    budget = float(sys.argv[7]) if len(sys.argv) > 7 else float("inf")
    case = importlib.import_module(f"benchmarks.cases.{case_name}").CASE
    data = case.make_data(size, int(seed))
    fn = case.statlib if side == "statlib" else case.reference
    rss_before = peak_rss_mib()
    start = time.perf_counter()
    answer = fn(data)  # first call: includes Numba compilation (or loading it from the cache)
    first = time.perf_counter() - start
    times = []
    # at least `repeat` calls; a call of a few milliseconds is repeated until the calls add up to MIN_TOTAL_S,
    # so that the median of a short call is not at the mercy of one interruption
    # (a grid cell passes a budget: a call that takes seconds is timed fewer times, at least once)
    while (len(times) < int(repeat) and sum(times) < budget) or (sum(times) < MIN_TOTAL_S and len(times) < MAX_CALLS):
        start = time.perf_counter()
        answer = fn(data)
        times.append(time.perf_counter() - start)
    rss_after = peak_rss_mib()
    with open(out, "wb") as fh:
        pickle.dump(answer, fh)
    print(
        json.dumps(
            {
                "first_call_s": first,
                "median_s": statistics.median(times),
                "times_s": times,
                "peak_rss_mib": rss_after,
                "rss_before_fit_mib": rss_before,
            }
        )
    )


if __name__ == "__main__":
    main()
