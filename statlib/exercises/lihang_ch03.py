"""Li Hang ch. 3 (k-nearest neighbour): exercises 3.1-3.3."""

import numpy as np

from ._checkers import numeric, predicate
from ._registry import register

# 3.1 asks for drawings of the k = 1 and k = 2 partitions; the computable part we check: the training
# error of the 1-NN rule on training points that are all distinct.
register(
    "lihang-3.1",
    numeric(0.0, atol=1e-12),
    hint="classify each training point by its own nearest neighbour: which point is nearest to x_i, "
    "and at what distance?",
    prompts=["What is the training error rate of the 1-NN rule on a training set whose points are all distinct?"],
)

# 3.2: the nearest neighbour of x = (3, 4.5) in the kd tree of Example 3.2.
register(
    "lihang-3.2",
    numeric([2.0, 3.0], atol=1e-9),
    hint="go down the tree to the leaf containing x, then back up; at (5, 4) the circle around x crosses the "
    "line x(2) = 4, so the other child's region must be searched. Answer with the point's coordinates.",
    prompts=[
        "The nearest neighbour of x = (3, 4.5): its first coordinate x(1) =",
        "... and its second coordinate x(2) =",
    ],
)


def _agrees_with_linear_scan(knn):
    """Run the reader's k-NN search on random kd trees and compare it with a linear scan."""
    from statlib.neighbors import KDTree

    if not callable(knn):
        return False, "pass a function knn(tree, x, k) that returns the indices of the k nearest points."
    rng = np.random.default_rng(0)
    for trial in range(20):
        X = rng.random((int(rng.integers(5, 60)), 2))
        x = rng.random(2)
        k = int(rng.integers(1, min(6, len(X)) + 1))
        tree = KDTree(X, bounds="book")
        expected = np.argsort(np.linalg.norm(X - x, axis=1))[:k]
        got = np.sort(np.asarray(knn(tree, x, k), dtype=np.int64).ravel())
        if got.shape != (k,) or not np.array_equal(got, np.sort(expected)):
            return False, (
                f"on trial {trial} (n={len(X)}, k={k}) your search returned {got.tolist()}, "
                f"but the {k} nearest points are {np.sort(expected).tolist()}."
            )
    return True, ""


# 3.3: algorithm 3.3 for k neighbours; checked by running it.
register(
    "lihang-3.3",
    predicate(_agrees_with_linear_scan, success="your search agrees with a linear scan on 20 random trees."),
    hint="keep the k best points in a max-heap; the hypersphere's radius is the distance to the k-th best, "
    "and it is infinite until k points have been seen.",
)
