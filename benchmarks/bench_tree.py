"""CART fit time, statlib.tree vs sklearn.tree, at n = 50 000 samples and d = 20 features (one thread).

Run: ``OMP_NUM_THREADS=1 python benchmarks/bench_tree.py``. Prints the best of ``--repeat`` fits of each
library, the ratio, the tree sizes and the test accuracy / R^2 of both (which must agree within 0.01).
"""

import argparse
import time

import numpy as np
from sklearn import tree as sktree
from sklearn.model_selection import train_test_split

from statlib.tree import DecisionTreeClassifier, DecisionTreeRegressor


def best_time(fn, repeat):
    fn()  # warm-up: Numba compilation or cache load
    best = np.inf
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=50_000)
    parser.add_argument("--d", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    rng = np.random.default_rng(0)
    n_total = args.n + args.n // 4  # args.n training samples, a quarter as many test samples
    X = rng.normal(size=(n_total, args.d))
    signal = X[:, 0] + X[:, 1] * X[:, 2] + np.sin(2 * X[:, 3])
    problems = {
        "classifier (gini)": (DecisionTreeClassifier, sktree.DecisionTreeClassifier,
                              (signal + 0.5 * rng.normal(size=n_total) > 0).astype(int)),
        "regressor (squared error)": (DecisionTreeRegressor, sktree.DecisionTreeRegressor,
                                      signal + 0.5 * rng.normal(size=n_total)),
    }
    for name, (Ours, Theirs, y) in problems.items():
        X_tr, X_te, y_tr, y_te = train_test_split(X, y, test_size=args.n // 4, random_state=0)
        ours, theirs = Ours(min_samples_leaf=5), Theirs(min_samples_leaf=5, random_state=0)
        t_ours = best_time(lambda: ours.fit(X_tr, y_tr), args.repeat)
        t_theirs = best_time(lambda: theirs.fit(X_tr, y_tr), args.repeat)
        s_ours, s_theirs = ours.score(X_te, y_te), theirs.score(X_te, y_te)
        assert abs(s_ours - s_theirs) < 0.01, (s_ours, s_theirs)
        print(f"{name:26s} n={len(y_tr)} d={args.d}: statlib {t_ours:.3f} s, sklearn {t_theirs:.3f} s, "
              f"ratio {t_ours / t_theirs:.2f}; leaves {ours.get_n_leaves()} / {theirs.get_n_leaves()}; "
              f"test score {s_ours:.4f} / {s_theirs:.4f}")


if __name__ == "__main__":
    main()
