"""statlib.mixture.GaussianMixture against sklearn.mixture.GaussianMixture: EM with full covariances.

Both start from the same parameters (scikit-learn's k-means initialisation, passed to both as
weights_init / means_init / precisions_init), run exactly ``--iter`` iterations (tol=0) on one thread,
and must agree on the log-likelihood and the parameters. Prints the best of ``--repeat`` timings.

    OMP_NUM_THREADS=1 python benchmarks/bench_gaussian_mixture.py --n 50000 --d 5 --k 5 --iter 100
"""

import argparse
import time
import warnings

import numpy as np
from sklearn.exceptions import ConvergenceWarning
from sklearn.mixture import GaussianMixture as SkGaussianMixture
from threadpoolctl import threadpool_limits

from statlib.mixture import GaussianMixture


def make_data(n, d, k, seed=0):
    rng = np.random.default_rng(seed)
    centres = rng.normal(scale=4.0, size=(k, d))
    parts = []
    for c in centres:
        A = rng.normal(size=(d, d))
        parts.append(rng.multivariate_normal(c, A @ A.T / d + 0.5 * np.eye(d), n // k))
    return np.vstack(parts)


def best_time(fn, repeat):
    fn()
    best = np.inf
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=50_000)
    parser.add_argument("--d", type=int, default=5)
    parser.add_argument("--k", type=int, default=5)
    parser.add_argument("--iter", type=int, default=100)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()

    X = make_data(args.n, args.d, args.k)
    init = SkGaussianMixture(args.k, max_iter=0, random_state=0).fit(X)
    kw = dict(weights_init=init.weights_, means_init=init.means_, precisions_init=init.precisions_,
              tol=0.0, max_iter=args.iter)
    warnings.simplefilter("ignore", ConvergenceWarning)
    with threadpool_limits(1):
        ours = GaussianMixture(args.k, **kw).fit(X)
        ref = SkGaussianMixture(args.k, **kw).fit(X)
        np.testing.assert_allclose(ours.lower_bounds_, ref.lower_bounds_, rtol=1e-10)
        np.testing.assert_allclose(ours.means_, ref.means_, rtol=1e-7, atol=1e-9)
        np.testing.assert_allclose(ours.covariances_, ref.covariances_, rtol=1e-7, atol=1e-9)
        t_ours = best_time(lambda: GaussianMixture(args.k, **kw).fit(X), args.repeat)
        t_ref = best_time(lambda: SkGaussianMixture(args.k, **kw).fit(X), args.repeat)
    print(f"n={args.n} d={args.d} k={args.k} iterations={args.iter} (full covariances, one thread)")
    print(f"statlib      {t_ours:8.3f} s")
    print(f"scikit-learn {t_ref:8.3f} s")
    print(f"ratio statlib / scikit-learn = {t_ours / t_ref:.2f}")


if __name__ == "__main__":
    main()
