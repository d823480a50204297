"""statlib.svm.SVC against scikit-learn's SVC (libsvm): RBF kernel, two classes, n = 5000.

Run with ``OMP_NUM_THREADS=1 python benchmarks/bench_svm.py``. Both solvers are single-threaded
SMO with second-order working-set selection and stop at the same KKT tolerance (1e-3); the script
reports the best of ``--repeat`` fits (after a warm-up fit that compiles the Numba kernels), the
ratio of the times, and how far apart the two solutions are.
"""

import argparse
import time

import numpy as np
from sklearn import svm as sk_svm
from sklearn.datasets import make_classification, make_moons

from statlib.svm import SVC


def best_time(fit, repeat):
    fit()
    best = np.inf
    for _ in range(repeat):
        start = time.perf_counter()
        model = fit()
        best = min(best, time.perf_counter() - start)
    return best, model


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=5000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    problems = {
        "make_classification(20 features)": make_classification(args.n, 20, n_informative=10, flip_y=0.05,
                                                                random_state=0),
        "make_moons(noise=0.3)": make_moons(args.n, noise=0.3, random_state=0),
    }
    for name, (X, y) in problems.items():
        t_ours, ours = best_time(lambda: SVC(C=1.0, kernel="rbf", gamma="scale").fit(X, y), args.repeat)
        t_ref, ref = best_time(lambda: sk_svm.SVC(C=1.0, kernel="rbf", gamma="scale").fit(X, y), args.repeat)
        same = np.array_equal(ours.support_, ref.support_)
        gap = np.abs(ours.decision_function(X) - ref.decision_function(X)).max()
        print(f"{name:34s} n={args.n}: statlib {t_ours:.3f} s, libsvm {t_ref:.3f} s, ratio {t_ours / t_ref:.2f}; "
              f"iterations {ours.n_iter_[0]} vs {ref.n_iter_[0]}; SVs {ours.support_.size} vs {ref.support_.size} "
              f"(identical: {same}); max |decision difference| {gap:.1e}")


if __name__ == "__main__":
    main()
