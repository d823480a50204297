"""Run the benchmarks side by side and write ``benchmarks/results.json``.

    python -m benchmarks.run                 # every case at full size
    python -m benchmarks.run --only svc hmm  # some cases
    python -m benchmarks.run --size smoke    # tiny sizes: checks only that everything runs and agrees
    python -m benchmarks.run --chapters --suite  # also time every chapter and the whole `make test`
    python -m benchmarks.run --grid          # every cell of the cases that declare a grid of sizes
    python -m benchmarks.run --recheck       # measure again, over five rounds, the grid cells over their target

Each side of each case runs in its own process (so peak memory is that fit's alone) with one thread
(OMP/OpenBLAS/MKL/Numba). The first call is timed separately (Numba compilation, or the cache load on a
warm cache); a process's time is the median of the later calls (at least ``repeat`` of them, more for a call
of a few milliseconds, until they add up to a second), and each side keeps the faster of ROW_ROUNDS processes run in
alternation with the other side's. The answers of both sides are compared with the case's own check before any time
is reported.
"""

import argparse
import datetime
import importlib
import json
import os
import pickle
import pkgutil
import platform
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
THREAD_VARS = ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS", "NUMBA_NUM_THREADS")


def case_names():
    import benchmarks.cases

    return sorted(m.name for m in pkgutil.iter_modules(benchmarks.cases.__path__))


def processor():
    """The processor as Linux describes it: model name, family and model numbers (the model name of a virtual
    machine can be as bare as "AMD EPYC"; the numbers say which generation) and the data caches that the first
    core sees, by level (its own L1 and L2, and the L3 it shares)."""
    info = {"cpu": "unknown"}
    try:
        first_cpu = Path("/proc/cpuinfo").read_text().split("\n\n")[0]
        fields = dict(line.split(":", 1) for line in first_cpu.splitlines() if ":" in line)
        fields = {key.strip(): value.strip() for key, value in fields.items()}
        info["cpu"] = fields.get("model name", "unknown")
        info["cpu_family"], info["cpu_model"] = fields.get("cpu family"), fields.get("model")
    except OSError:
        pass
    caches = {}
    for index in sorted(Path("/sys/devices/system/cpu/cpu0/cache").glob("index*")):
        try:
            level, kind, size = ((index / f).read_text().strip() for f in ("level", "type", "size"))
        except OSError:
            continue
        if kind != "Instruction":
            caches[f"L{level}"] = size
    if caches:
        info["caches"] = caches
    return info


def machine():
    import numba
    import numpy
    import scipy
    import sklearn

    return processor() | {
        "cores": os.cpu_count(),
        "python": platform.python_version(),
        "numpy": numpy.__version__,
        "scipy": scipy.__version__,
        "scikit-learn": sklearn.__version__,
        "numba": numba.__version__,
        "threads": 1,
    }


def run_side(name, side, size, seed, repeat, workdir, budget=None):
    env = dict(os.environ, **{v: "1" for v in THREAD_VARS}, PYTHONPATH=str(ROOT))
    out = Path(workdir) / f"{name}-{side}.pkl"
    extra = [] if budget is None else [str(budget)]
    proc = subprocess.run(
        [sys.executable, "-m", "benchmarks._worker", name, side, size, str(seed), str(repeat), str(out), *extra],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    if proc.returncode != 0:
        raise RuntimeError(f"{name} ({side}) failed:\n{proc.stderr[-3000:]}")
    stats = json.loads(proc.stdout.strip().splitlines()[-1])
    with open(out, "rb") as fh:
        return stats, pickle.load(fh)


def run_case(name, size="full", seed=0, repeat=None, rounds=1, budget=None):
    """One row: each side in its own process, ``rounds`` times in alternation (statlib, reference, statlib, ...).

    With several rounds each side keeps its fastest round's median: load from other jobs only ever slows a
    round down, and alternating the sides keeps a burst of it from falling on one side alone.
    """
    case = importlib.import_module(f"benchmarks.cases.{name}").CASE
    if repeat is None:
        repeat = case.repeat if size == "full" else 1
    ours_rounds, theirs_rounds = [], []
    with tempfile.TemporaryDirectory() as workdir:
        for _ in range(rounds):
            stats, answer_ours = run_side(name, "statlib", size, seed, repeat, workdir, budget)
            ours_rounds.append(stats)
            stats, answer_theirs = run_side(name, "reference", size, seed, repeat, workdir, budget)
            theirs_rounds.append(stats)
            case.check(answer_ours, answer_theirs)  # every round's answers: raises if they disagree
    ours = min(ours_rounds, key=lambda r: r["median_s"])
    theirs = min(theirs_rounds, key=lambda r: r["median_s"])
    return {
        "name": name,
        "algorithm": case.algorithm,
        "size": case.size if size == "full" else size,
        "reference": case.reference_name,
        "tolerance": case.tolerance,
        "target_ratio": case.target,
        "statlib_s": ours["median_s"],
        "reference_s": theirs["median_s"],
        "ratio": ours["median_s"] / theirs["median_s"],
        "meets_target": ours["median_s"] / theirs["median_s"] <= case.target,
        # the first round's first call (Numba's compilation, or its cache as the first round left it), and the
        # largest peak memory of any round
        "statlib_first_call_s": ours_rounds[0]["first_call_s"],
        "reference_first_call_s": theirs_rounds[0]["first_call_s"],
        "statlib_peak_rss_mib": max(r["peak_rss_mib"] for r in ours_rounds),
        "reference_peak_rss_mib": max(r["peak_rss_mib"] for r in theirs_rounds),
        "repeat": repeat,
        "rounds": rounds,
        "notes": case.notes,
    }


ROW_ROUNDS = 2  # a row: each side the faster of two processes in alternation, as a grid cell
GRID_REPEAT = 3
GRID_ROUNDS = 2
GRID_BUDGET_S = 2.0  # per side and round: a call that takes seconds is timed once or twice, not three times


def run_grid(name):
    """Every cell of a case's grid: the ratio at each size. Per side, the faster of GRID_ROUNDS alternating rounds,
    each the median of GRID_REPEAT later calls (fewer once they add up to GRID_BUDGET_S, more for calls of
    milliseconds)."""
    case = importlib.import_module(f"benchmarks.cases.{name}").CASE
    cells = []
    for label in case.grid:
        row = run_case(name, size=label, repeat=GRID_REPEAT, rounds=GRID_ROUNDS, budget=GRID_BUDGET_S)
        cells.append({k: row[k] for k in ("size", "statlib_s", "reference_s", "ratio")})
        print(f"{name:14s} {label:24s} ratio {row['ratio']:5.2f}", flush=True)
    worst = max(cells, key=lambda c: c["ratio"])
    return {
        "reference": case.reference_name,
        "target_ratio": case.target,
        "cells": cells,
        "worst": worst["size"],
        "repeat": GRID_REPEAT,
        "rounds": GRID_ROUNDS,
        "date": datetime.date.today().isoformat(),
    }


RECHECK_ROUNDS = 5


def recheck_grid(name, grid):
    """Measure again the cells of a grid over its target, keeping the first ratio beside the new one.

    A grid run on a shared machine can catch a burst of load on one side of a cell, and two processes running the
    same code can differ by several percent (where the memory they are given falls); a second measurement of the
    cells over the target, with each side the faster of RECHECK_ROUNDS alternating processes, tells such noise from
    a real loss. Both ratios stay in the results.
    """
    for cell in grid["cells"]:
        if cell["ratio"] > grid["target_ratio"]:
            row = run_case(name, size=cell["size"], repeat=GRID_REPEAT, rounds=RECHECK_ROUNDS, budget=GRID_BUDGET_S)
            cell["recheck_rounds"] = RECHECK_ROUNDS
            cell["first_ratio"] = cell.get("first_ratio", cell["ratio"])
            cell.update({k: row[k] for k in ("statlib_s", "reference_s", "ratio")})
            cell["rechecked"] = datetime.date.today().isoformat()
            print(f"{name:14s} {cell['size']:24s} ratio {cell['first_ratio']:5.2f} -> {cell['ratio']:5.2f}", flush=True)
    grid["worst"] = max(grid["cells"], key=lambda c: c["ratio"])["size"]
    return grid


def import_time():
    """Seconds for `import statlib` in a fresh interpreter (median of 5)."""
    code = "import time; t = time.perf_counter(); import statlib; print(time.perf_counter() - t)"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    runs = sorted(
        float(subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True).stdout)
        for _ in range(5)
    )
    return runs[2]


def chapter_times(notebooks, cache_dir):
    """Wall time to execute each chapter top to bottom in a fresh kernel (outputs are not written back), with one
    thread per library, forced as for each side of a benchmark case (``make test`` sets the same by default)."""
    times = {}
    for nb_path in notebooks:
        code = (
            "import sys, time, nbformat; from nbclient import NotebookClient; "
            "p = sys.argv[1]; nb = nbformat.read(p, as_version=4); t = time.perf_counter(); "
            "NotebookClient(nb, kernel_name='python3', timeout=900, "
            "resources={'metadata': {'path': str(__import__('pathlib').Path(p).parent)}}).execute(); "
            "print(time.perf_counter() - t)"
        )
        env = dict(os.environ, **{v: "1" for v in THREAD_VARS}, PYTHONPATH=str(ROOT), NUMBA_CACHE_DIR=str(cache_dir))
        proc = subprocess.run(
            [sys.executable, "-c", code, str(nb_path)], env=env, capture_output=True, text=True, cwd=ROOT
        )
        if proc.returncode != 0:
            raise RuntimeError(f"{nb_path} failed:\n{proc.stderr[-2000:]}")
        times[str(Path(nb_path).relative_to(ROOT))] = float(proc.stdout.strip().splitlines()[-1])
    return times


def suite_time():
    """Wall time of the README's test command, ``make test``, and pytest's last summary lines."""
    start = datetime.datetime.now()
    proc = subprocess.run(["make", "test"], cwd=ROOT, capture_output=True, text=True)
    seconds = (datetime.datetime.now() - start).total_seconds()
    summaries = [line.strip("= ") for line in proc.stdout.splitlines() if re.match(r"=* ?\d+ (passed|failed)", line)]
    if proc.returncode != 0:
        raise RuntimeError(f"make test failed:\n{proc.stdout[-3000:]}\n{proc.stderr[-2000:]}")
    return {"seconds": seconds, "pytest_summaries": summaries}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", nargs="*", help="case names (default: all)")
    parser.add_argument("--size", default="full", choices=["full", "smoke"])
    parser.add_argument("--output", default=str(ROOT / "benchmarks" / "results.json"))
    parser.add_argument(
        "--chapters", action="store_true", help="also time every chapter, with a cold and then a warm Numba cache"
    )
    parser.add_argument("--suite", action="store_true", help="also time the whole test suite (make test)")
    parser.add_argument(
        "--grid", action="store_true", help="measure the grids of sizes (of the --only cases that have one) instead"
    )
    parser.add_argument(
        "--recheck", action="store_true", help="measure again the grid cells over their target (of the --only cases)"
    )
    args = parser.parse_args(argv)
    names = case_names() if args.only is None else args.only  # `--only` alone: no cases (e.g. with --suite)
    unknown = set(names) - set(case_names())
    if unknown:
        parser.error(f"unknown case(s): {', '.join(sorted(unknown))}; known: {', '.join(case_names())}")

    output = Path(args.output)
    # the file is updated, never started afresh: a run replaces only what it measures (rows, grids, timings)
    results = json.loads(output.read_text()) if output.exists() else {"cases": {}}
    failed = []
    if args.recheck:
        for name in names:
            if name in results.get("grids", {}):
                results["grids"][name] = recheck_grid(name, results["grids"][name])
                output.write_text(json.dumps(results, indent=1, sort_keys=True) + "\n")
        names = []
    if args.grid:
        for name in names:
            if importlib.import_module(f"benchmarks.cases.{name}").CASE.grid:
                try:
                    results.setdefault("grids", {})[name] = run_grid(name)
                except (RuntimeError, AssertionError) as exc:
                    failed.append(name)
                    print(f"{name:14s} FAILED: {str(exc)[-1500:]}", flush=True)
                    continue
                # written after each case, so that a long run keeps what it has measured
                output.write_text(json.dumps(results, indent=1, sort_keys=True) + "\n")
        names = []  # the grids replace the single-size rows in this run
    for name in names:
        try:
            row = run_case(name, args.size, rounds=ROW_ROUNDS if args.size == "full" else 1)
        except (RuntimeError, AssertionError) as exc:  # a broken case is reported, the others still run
            failed.append(name)
            print(f"{name:14s} FAILED: {str(exc)[-1500:]}", flush=True)
            continue
        row["date"] = datetime.date.today().isoformat()
        results["cases"][name] = row
        print(
            f"{name:14s} statlib {row['statlib_s']:9.4f} s  reference {row['reference_s']:9.4f} s  "
            f"ratio {row['ratio']:5.2f} (target {row['target_ratio']:g})  "
            f"first call {row['statlib_first_call_s']:.2f} s",
            flush=True,
        )
    if args.chapters:
        notebooks = sorted(p for p in (ROOT / "chapters").rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)
        with tempfile.TemporaryDirectory() as cache:
            results["chapters_cold_cache_s"] = chapter_times(notebooks, cache)  # compiles every kernel
            results["chapters_warm_cache_s"] = chapter_times(notebooks, cache)  # loads them from the cache
        results["chapters_date"] = datetime.date.today().isoformat()
        for name, warm in results["chapters_warm_cache_s"].items():
            print(f"{name:50s} cold {results['chapters_cold_cache_s'][name]:6.1f} s   warm {warm:6.1f} s", flush=True)
    if args.suite:
        results["make_test"] = suite_time() | {"date": datetime.date.today().isoformat()}
        print(
            f"make test: {results['make_test']['seconds']:.0f} s; "
            + "; ".join(results["make_test"]["pytest_summaries"])
        )
    results["machine"] = machine()
    results["import_statlib_s"] = import_time()
    results["date"] = datetime.date.today().isoformat()  # of the last run; each part above carries its own date
    if args.size == "full":
        output.write_text(json.dumps(results, indent=1, sort_keys=True) + "\n")
        print(f"wrote {output}")
    if failed:
        sys.exit(f"failed: {', '.join(failed)}")


if __name__ == "__main__":
    main()
