"""Clustering (Li Hang ch. 14): the book's Examples 14.1 and 14.2, scipy's and scikit-learn's answers on the same
data and starts, empty clusters with a known answer, convergence warnings and the scikit-learn contract."""

import warnings

import numpy as np
import pytest
from numba import njit
from scipy.cluster.hierarchy import fcluster
from scipy.cluster.hierarchy import linkage as scipy_linkage
from scipy.spatial.distance import pdist, squareform
from sklearn import cluster as skcluster
from sklearn.exceptions import ConvergenceWarning
from sklearn.metrics import adjusted_rand_score
from sklearn.utils.estimator_checks import parametrize_with_checks

from statlib.cluster import AgglomerativeClustering, KMeans, kmeans_plusplus, linkage, pairwise_distances
from statlib.cluster._kmeans import _first_minimum
from statlib.datasets import load_example

EX_14_1 = load_example("lihang", "14.1")
EX_14_2 = load_example("lihang", "14.2")


def _blobs(n, d, k, seed, spread=1.5):
    rng = np.random.default_rng(seed)
    return rng.normal(size=(n, d)) + rng.normal(scale=spread, size=(k, d))[rng.integers(0, k, size=n)]


# ------------------------------------------------------------------------------ Example 14.1
def test_example_14_1_single_linkage_merges_and_heights():
    Z = linkage(EX_14_1.distances, "single", metric="precomputed")
    # book (0-based): G6 = {x3, x5} at D35 = 1; G7 = G6 + {x1} at D61 = 2; G8 = {x2, x4} at D24 = 4; G9 = all
    np.testing.assert_array_equal(Z, [[2, 4, 1, 2], [0, 5, 2, 3], [1, 3, 4, 2], [6, 7, 5, 5]])


@pytest.mark.parametrize(
    "method, heights",
    [
        # by hand from D: complete linkage (14.15) joins x1 to {x3, x5} at max(2, 3) = 3 and ends at max d_ij = 9;
        # average linkage (14.17) at (2 + 3) / 2 = 2.5 and ends at (7 + 9 + 5 + 8 + 6 + 5) / 6 = 20 / 3
        ("complete", [1, 3, 4, 9]),
        ("average", [1, 2.5, 4, 20 / 3]),
    ],
)
def test_example_14_1_with_the_other_linkages(method, heights):
    Z = linkage(EX_14_1.distances, method, metric="precomputed")
    np.testing.assert_array_equal(Z[:, [0, 1, 3]], [[2, 4, 2], [0, 5, 3], [1, 3, 2], [6, 7, 5]])
    np.testing.assert_allclose(Z[:, 2], heights, rtol=1e-15)
    np.testing.assert_array_equal(Z, scipy_linkage(squareform(EX_14_1.distances), method))


def test_example_14_1_condensed_input_and_scipy():
    condensed = squareform(EX_14_1.distances)
    Z = linkage(condensed, "single", metric="precomputed")
    np.testing.assert_array_equal(Z, scipy_linkage(condensed, "single"))
    np.testing.assert_array_equal(Z, linkage(EX_14_1.distances, "single", metric="precomputed"))


def test_example_14_1_flat_clusters():
    model = AgglomerativeClustering(2, metric="precomputed", linkage="single").fit(EX_14_1.distances)
    np.testing.assert_array_equal(model.labels_, [0, 1, 0, 1, 0])  # {x1, x3, x5}, {x2, x4}
    np.testing.assert_array_equal(model.distances_, [1, 2, 4, 5])
    three = AgglomerativeClustering(None, distance_threshold=3.0, metric="precomputed", linkage="single")
    three.fit(EX_14_1.distances)
    assert three.n_clusters_ == 3  # merges at 1 and 2 only: {x1, x3, x5}, {x2}, {x4}
    np.testing.assert_array_equal(three.labels_, [0, 1, 0, 2, 0])


# ------------------------------------------------------------------ linkage against scipy/sklearn
@pytest.mark.parametrize("method", ["single", "complete", "average", "ward"])
@pytest.mark.parametrize("seed", [0, 1])
def test_linkage_matches_scipy(method, seed):
    X = np.random.default_rng(seed).normal(size=(300, 4))
    ours = linkage(X, method)
    theirs = scipy_linkage(X, method)
    np.testing.assert_array_equal(ours[:, [0, 1, 3]], theirs[:, [0, 1, 3]])
    np.testing.assert_allclose(ours[:, 2], theirs[:, 2], rtol=1e-12, atol=1e-12)


@pytest.mark.parametrize("metric, scipy_metric", [("manhattan", "cityblock"), ("chebyshev", "chebyshev")])
@pytest.mark.parametrize("method", ["single", "complete", "average"])
def test_linkage_other_minkowski_distances_match_scipy(metric, scipy_metric, method):
    X = np.random.default_rng(3).normal(size=(120, 3))
    np.testing.assert_allclose(pairwise_distances(X, metric=metric), squareform(pdist(X, scipy_metric)), rtol=1e-14)
    ours = linkage(X, method, metric=metric)
    theirs = scipy_linkage(pdist(X, scipy_metric), method)
    np.testing.assert_array_equal(ours[:, [0, 1, 3]], theirs[:, [0, 1, 3]])
    np.testing.assert_allclose(ours[:, 2], theirs[:, 2], rtol=1e-12)


@pytest.mark.parametrize("method", ["single", "complete", "average", "ward"])
@pytest.mark.parametrize("n_clusters", [2, 5])
def test_agglomerative_matches_scikit_learn_and_fcluster(method, n_clusters):
    X = _blobs(200, 3, 5, seed=7)
    ours = AgglomerativeClustering(n_clusters, linkage=method).fit(X)
    theirs = skcluster.AgglomerativeClustering(n_clusters, linkage=method, compute_distances=True).fit(X)
    assert adjusted_rand_score(ours.labels_, theirs.labels_) == 1.0
    np.testing.assert_allclose(ours.distances_, np.sort(theirs.distances_), rtol=1e-10)
    flat = fcluster(scipy_linkage(X, method), n_clusters, criterion="maxclust")
    assert adjusted_rand_score(ours.labels_, flat) == 1.0
    assert ours.n_clusters_ == n_clusters and ours.labels_.max() == n_clusters - 1
    assert ours.labels_[0] == 0  # numbered in order of first appearance


def test_agglomerative_precomputed_equals_euclidean():
    X = _blobs(80, 2, 3, seed=2)
    a = AgglomerativeClustering(3, linkage="average").fit(X)
    b = AgglomerativeClustering(3, linkage="average", metric="precomputed").fit(squareform(pdist(X)))
    np.testing.assert_array_equal(a.labels_, b.labels_)
    np.testing.assert_allclose(a.linkage_matrix_, b.linkage_matrix_, rtol=1e-12)


def test_single_linkage_heights_are_the_minimum_spanning_tree():
    # Single-linkage merge heights are the edge weights of a minimum spanning tree (an exact identity).
    from scipy.sparse.csgraph import minimum_spanning_tree

    X = np.random.default_rng(5).normal(size=(150, 3))
    mst = minimum_spanning_tree(squareform(pdist(X))).data
    np.testing.assert_allclose(linkage(X, "single")[:, 2], np.sort(mst), rtol=1e-14)


def test_ward_heights_are_the_increase_in_scatter():
    # Ward's height h of a merge satisfies h^2 / 2 = increase of W(C) (14.19) caused by that merge.
    X = np.random.default_rng(11).normal(size=(40, 2))
    Z = linkage(X, "ward")
    members = {i: [i] for i in range(len(X))}
    for i, (a, b, h, size) in enumerate(Z):
        A, B = members.pop(int(a)), members.pop(int(b))
        scatter = lambda idx: ((X[idx] - X[idx].mean(axis=0)) ** 2).sum()  # noqa: E731
        np.testing.assert_allclose(h**2 / 2, scatter(A + B) - scatter(A) - scatter(B), rtol=1e-9, atol=1e-12)
        members[len(X) + i] = A + B
        assert size == len(A + B)


# ------------------------------------------------------------------------------ Example 14.2
def test_example_14_2_from_the_books_centres():
    km = KMeans(2, init=EX_14_2.init, tol=0.0).fit(EX_14_2.X)
    np.testing.assert_array_equal(km.labels_, [0, 1, 1, 1, 0])  # G1 = {x1, x5}, G2 = {x2, x3, x4}
    np.testing.assert_allclose(km.cluster_centers_, [[2.5, 2.0], [2.0, 0.0]], rtol=0, atol=1e-15)
    assert km.inertia_ == pytest.approx(26.5, abs=1e-12)
    assert km.n_iter_ == 2 and km.converged_  # the second iteration leaves the partition unchanged


def test_example_14_2_variant_of_section_14_3_4():
    km = KMeans(2, init=EX_14_2.init_alternative, tol=0.0).fit(EX_14_2.X)
    np.testing.assert_array_equal(km.labels_, [0, 0, 0, 1, 1])  # {x1, x2, x3}, {x4, x5}
    np.testing.assert_allclose(km.cluster_centers_, [[1 / 3, 2 / 3], [5.0, 1.0]], atol=1e-15)
    np.testing.assert_allclose(km.cluster_centers_.round(2), [[0.33, 0.67], [5.0, 1.0]])  # as printed
    assert km.inertia_ == pytest.approx(16 / 3, abs=1e-12)  # better than the main answer's 26.5


def test_example_14_2_with_several_starts_finds_the_better_partition():
    km = KMeans(2, init="random", n_init=20, random_state=0).fit(EX_14_2.X)
    assert km.inertia_ == pytest.approx(16 / 3)


# ------------------------------------------------------------------- agreement with scikit-learn
@pytest.mark.parametrize("algorithm", ["hamerly", "lloyd"])
@pytest.mark.parametrize(
    "n, d, k, seed",
    # the last two: many centres (fewer rows per block), and X beyond 2 MiB (the next block is prefetched)
    [(500, 2, 3, 0), (2000, 5, 8, 1), (3000, 10, 4, 2), (700, 1, 5, 3), (3000, 10, 100, 4), (40_000, 10, 8, 5)],
)
def test_matches_scikit_learn_lloyd_from_the_same_centres(n, d, k, seed, algorithm):
    X = _blobs(n, d, k, seed)
    init = X[np.random.default_rng(seed).choice(n, size=k, replace=False)]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        ours = KMeans(k, init=init, max_iter=100, tol=0.0, algorithm=algorithm).fit(X)
        theirs = skcluster.KMeans(k, init=init, n_init=1, max_iter=100, tol=0.0, algorithm="lloyd").fit(X)
    np.testing.assert_array_equal(ours.labels_, theirs.labels_)
    np.testing.assert_allclose(ours.cluster_centers_, theirs.cluster_centers_, rtol=1e-10, atol=1e-10)
    assert ours.inertia_ == pytest.approx(theirs.inertia_, rel=1e-10)
    assert ours.n_iter_ == theirs.n_iter_


@pytest.mark.parametrize(
    "d, k",
    [(1, 1), (1, 8), (2, 3), (3, 8), (7, 5), (8, 2), (9, 8), (10, 8), (15, 6), (16, 8)]
    + [(1, 9), (2, 16), (3, 17), (5, 20), (10, 24), (16, 32), (12, 13)],  # two and four vectors of 8 centres
)
def test_direct_pass_equals_the_blocked_pass(d, k):
    # For k <= 32 and d <= 16 the assignment scores each row against all centres as one, two or four vectors of
    # 8 instead of a matrix product. Labels and the update's sums must be those of the blocked (dgemm) pass, and
    # the labels those of the plain argmin of the squared distances (14.18): random data have no rounding-level ties.
    from statlib.cluster import _kmeans

    rng = np.random.default_rng(d * 100 + k)
    n = 2500  # not a multiple of the blocked pass's rows per block
    X = rng.normal(size=(n, d))
    centres = X[rng.choice(n, size=k, replace=False)] + 0.1
    passes = []
    for direct in (True, False):
        assert _kmeans._direct(d, k)
        centres_t, half_norms, scratch = _kmeans._assignment_scratch(n, d, k, direct)
        _kmeans._half_norms_and_transpose(centres, centres_t, half_norms)
        labels, sums, counts = np.full(n, -1), np.empty((k, d)), np.empty(k, dtype=np.int64)
        changed = _kmeans._lloyd_pass(X, centres_t, half_norms, scratch, labels, sums, counts, direct)
        again = np.full(n, -1)
        _kmeans._assign(X, centres_t, half_norms, scratch, again, direct)
        passes.append((labels, sums, counts, changed, again))
    (labels, sums, counts, changed, again), blocked = passes
    np.testing.assert_array_equal(labels, ((X[:, None, :] - centres[None]) ** 2).sum(axis=2).argmin(axis=1))
    np.testing.assert_array_equal(labels, blocked[0])
    np.testing.assert_array_equal(sums, blocked[1])  # the same additions in the same order
    np.testing.assert_array_equal(counts, np.bincount(labels, minlength=k))
    np.testing.assert_array_equal(again, labels)
    assert changed == blocked[3] == n


def _plain_first_minimum(products, i, half_norms):
    best, best_score = 0, half_norms[0] - products[i, 0]
    for l in range(1, half_norms.shape[0]):
        score = half_norms[l] - products[i, l]
        if score < best_score:
            best, best_score = l, score
    return best


@njit
def _first_minima(products, half_norms):
    return np.array([_first_minimum(products, i, half_norms) for i in range(products.shape[0])])


@pytest.mark.parametrize("k", [1, 2, 7, 8, 9, 15, 16, 17, 24, 33, 40, 100])
def test_first_minimum_is_the_plain_loops_choice_with_ties(k):
    # The blocked pass picks a row's centre eight scores at a time: the first minimum must still be the one the plain
    # loop picks, with ties in one lane, across lanes and across vectors of 8, and a last vector of k % 8 scores
    # whose lanes past k must never be read.
    rng = np.random.default_rng(k)
    rows = 400
    products = rng.integers(-3, 4, size=(rows, k)).astype(float)  # few values: many exact ties
    half_norms = rng.integers(0, 3, size=k).astype(float)
    products[::7] = half_norms  # every score zero: the first centre
    if k > 1:
        products[2::7, -1] = 1e300  # a smallest score in the last lane of the last vector
    expected = np.array([_plain_first_minimum(products, i, half_norms) for i in range(rows)])
    np.testing.assert_array_equal(_first_minima(products, half_norms), expected)
    # entries past k, in a wider row of products or after half_norms, would win if they were read
    wide = np.full((rows, k + 8), 1e308)
    wide[:, :k] = products
    longer = np.full(k + 8, -1e308)
    longer[:k] = half_norms
    np.testing.assert_array_equal(_first_minima(wide, longer[:k]), expected)


@pytest.mark.parametrize("k", [2, 9, 17, 40])
def test_first_minimum_ties_between_signed_zeros(k):
    # +0.0 and -0.0 compare equal, so the lower centre wins whichever sign it has, wherever the two sit among the
    # vectors of 8 (the other scores are 1).
    for first, second in [(0, 1), (0, k - 1), (k - 2, k - 1), (1, 8 % k)] if k > 2 else [(0, 1)]:
        if first >= second:
            continue
        for signs in [(0.0, -0.0), (-0.0, 0.0)]:
            half_norms = np.ones(k)
            half_norms[[first, second]] = signs
            products = np.zeros((1, k))
            assert _plain_first_minimum(products, 0, half_norms) == first
            assert _first_minima(products, half_norms)[0] == first


def test_direct_pass_realigns_its_stack_frame():
    # With 2 or 4 vectors of centres in many features the direct pass spills 64-byte vectors; the function holding it
    # must ask LLVM to realign its frame, or the spills are unaligned in some processes (statlib._llvm.realign_stack)
    from statlib.cluster import _kmeans

    n, d, k = 50, 10, 32
    X = np.random.default_rng(0).normal(size=(n, d))
    centres_t, half_norms, scratch = _kmeans._assignment_scratch(n, d, k, True)
    _kmeans._half_norms_and_transpose(X[:k], centres_t, half_norms)
    labels, sums, counts = np.full(n, -1), np.empty((k, d)), np.empty(k, dtype=np.int64)
    lloyd_pass = njit(_kmeans._lloyd_pass.py_func)  # compiled afresh: Numba cannot inspect code loaded from its cache
    lloyd_pass(X, centres_t, half_norms, scratch, labels, sums, counts, True)
    (llvm_ir,) = lloyd_pass.inspect_llvm().values()
    assert '"stackrealign"' in llvm_ir


@pytest.mark.parametrize("n", [1, 5, 8, 9, 40])
def test_direct_pass_sums_for_few_rows_and_split_ranges(n):
    # The direct pass adds a row into the sums eight rows after scoring it, and the last rows after its loop: with
    # fewer rows than that, exactly that many, one more, and over ranges that do not start at row 0, every row must be
    # added once, in row order, as the blocked pass adds it.
    from statlib.cluster import _kmeans

    @njit
    def in_two_calls(X, centres_t, half_norms, labels, sums, counts, split):
        a = _kmeans._nearest_rows(X, 0, split, centres_t, half_norms, labels, sums, counts)
        return a + _kmeans._nearest_rows(X, split, X.shape[0], centres_t, half_norms, labels, sums, counts)

    rng = np.random.default_rng(n)
    d, k = 10, 3
    X = rng.normal(size=(n, d))
    centres = rng.normal(size=(k, d))
    passes = []  # the blocked pass, then the direct one
    for direct in (False, True):
        centres_t, half_norms, scratch = _kmeans._assignment_scratch(n, d, k, direct)
        _kmeans._half_norms_and_transpose(centres, centres_t, half_norms)
        labels, sums, counts = np.full(n, -1), np.empty((k, d)), np.empty(k, dtype=np.int64)
        changed = _kmeans._lloyd_pass(X, centres_t, half_norms, scratch, labels, sums, counts, direct)
        passes.append((labels, sums, counts, changed))
    blocked = passes[0]
    for got, want in zip(passes[1], blocked):
        np.testing.assert_array_equal(got, want)
    centres_t, half_norms, padded = _kmeans._assignment_scratch(n, d, k, True)
    _kmeans._half_norms_and_transpose(centres, centres_t, half_norms)
    for split in sorted({0, 1, n // 3, n - 1, n} & set(range(n + 1))):
        labels, counts = np.full(n, -1), np.zeros(k, dtype=np.int64)
        padded[:, :] = 0.0
        changed = in_two_calls(X, centres_t, half_norms, labels, padded, counts, split)
        np.testing.assert_array_equal(labels, blocked[0])
        np.testing.assert_array_equal(padded[:, :d], blocked[1])
        np.testing.assert_array_equal(counts, blocked[2])
        assert changed == n


@pytest.mark.parametrize("init", ["k-means++", "random"])
@pytest.mark.parametrize("seed", [0, 5])
def test_matches_scikit_learn_with_the_same_random_state(init, seed):
    X = _blobs(1500, 3, 6, seed=seed + 10)
    ours = KMeans(6, init=init, random_state=seed).fit(X)
    theirs = skcluster.KMeans(6, init=init, random_state=seed, algorithm="lloyd").fit(X)
    np.testing.assert_array_equal(ours.labels_, theirs.labels_)
    np.testing.assert_allclose(ours.cluster_centers_, theirs.cluster_centers_, rtol=1e-10, atol=1e-10)
    assert ours.n_iter_ == theirs.n_iter_


@pytest.mark.parametrize("case", ["blobs", "overlapping", "empty", "duplicates", "one_cluster", "tol"])
def test_hamerly_bounds_give_exactly_the_plain_iterates(case):
    # The bounds only decide which distances need computing: labels, centres, W and the iteration count must
    # be identical, bit for bit, to the plain iteration that computes every distance.
    rng = np.random.default_rng(7)
    k, tol, X = 5, 0.0, _blobs(3000, 4, 5, seed=7)
    init = X[:k]
    if case == "overlapping":
        X = rng.normal(size=(4000, 3))
        init = X[:k]
    elif case == "empty":
        init = np.vstack([X[:3], np.full((2, 4), 1e3)])
    elif case == "duplicates":
        X = np.repeat(rng.normal(size=(40, 2)), 25, axis=0)
        init = X[[0, 25, 50, 75, 100]]
    elif case == "one_cluster":
        k, init = 1, X[:1]
    elif case == "tol":
        tol = 1e-3
    fits = []
    for algorithm in ("hamerly", "lloyd"):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ConvergenceWarning)
            fits.append(KMeans(k, init=init, max_iter=60, tol=tol, algorithm=algorithm).fit(X))
    bounded, plain = fits
    np.testing.assert_array_equal(bounded.labels_, plain.labels_)
    np.testing.assert_array_equal(bounded.cluster_centers_, plain.cluster_centers_)
    assert bounded.inertia_ == plain.inertia_ and bounded.n_iter_ == plain.n_iter_
    assert bounded.n_relocated_ == plain.n_relocated_


def test_kmeans_plusplus_draws_scikit_learns_seeds():
    X = _blobs(1000, 4, 5, seed=4)
    centres, indices = kmeans_plusplus(X, 7, random_state=3)
    sk_centres, sk_indices = skcluster.kmeans_plusplus(X, 7, random_state=3)
    np.testing.assert_array_equal(indices, sk_indices)
    np.testing.assert_array_equal(centres, X[indices])


# --------------------------------------------------------------------------------- empty clusters
def test_empty_cluster_moves_to_the_farthest_sample():
    # Centre 2 starts at 1000 and gets no sample. The sample farthest from its assigned centre is 30
    # (19.5 from 10.5), so centre 2 moves onto it; centre 1 becomes the mean of {10, 11}. The next
    # assignment is {0, 1}, {10, 11}, {30} and nothing changes after it: W = 4 * 0.5^2 = 1.
    X = np.array([[0.0], [1.0], [10.0], [11.0], [30.0]])
    init = np.array([[0.5], [10.5], [1000.0]])
    km = KMeans(3, init=init, tol=0.0).fit(X)
    np.testing.assert_array_equal(km.labels_, [0, 0, 1, 1, 2])
    np.testing.assert_array_equal(km.cluster_centers_.ravel(), [0.5, 10.5, 30.0])
    assert km.inertia_ == 1.0 and km.n_relocated_ == 1 and km.n_iter_ == 2
    sk = skcluster.KMeans(3, init=init, n_init=1, tol=0.0).fit(X)
    np.testing.assert_array_equal(km.labels_, sk.labels_)


def test_several_empty_clusters_at_scale():
    # 3 x 30 000 points around three centres plus three outliers; three centres start far away and
    # are empty. By the documented rule they take the outliers in decreasing distance from their
    # assigned centres: (100, -300) (distance^2 98 100 to (10, 0)), then (-200, 100) (48 100 to
    # (0, 10)), then (100, 100) (18 100 to (10, 0)). The answer: the three groups and three singletons.
    rng = np.random.default_rng(0)
    blobs = np.array([[0.0, 0.0], [10.0, 0.0], [0.0, 10.0]])
    m = 30_000
    groups = [rng.normal(scale=0.5, size=(m, 2)) + c for c in blobs]
    outliers = np.array([[100.0, 100.0], [-200.0, 100.0], [100.0, -300.0]])
    X = np.vstack(groups + [outliers])
    init = np.vstack([blobs, np.full((3, 2), 1e6)])
    km = KMeans(6, init=init, tol=0.0).fit(X)
    expected = np.r_[np.repeat([0, 1, 2], m), [5, 4, 3]]
    np.testing.assert_array_equal(km.labels_, expected)
    np.testing.assert_allclose(km.cluster_centers_[:3], [g.mean(axis=0) for g in groups], rtol=0, atol=1e-12)
    np.testing.assert_array_equal(km.cluster_centers_[3:], outliers[[2, 1, 0]])
    scatter = sum(((g - g.mean(axis=0)) ** 2).sum() for g in groups)
    assert km.inertia_ == pytest.approx(scatter, rel=1e-12)
    assert km.n_relocated_ == 3 and km.converged_
    sk = skcluster.KMeans(6, init=init, n_init=1, tol=0.0).fit(X)
    assert adjusted_rand_score(km.labels_, sk.labels_) == 1.0  # same partition (scikit-learn may order the
    assert km.inertia_ == pytest.approx(sk.inertia_, rel=1e-12)  # relocations differently)


def test_duplicate_points_fewer_than_clusters_warn_and_stay_finite():
    X = np.array([[1.0, 1.0]] * 5 + [[2.0, 2.0]] * 5)
    with pytest.warns(ConvergenceWarning, match="distinct clusters"):
        km = KMeans(3, init=np.array([[1.0, 1.0], [2.0, 2.0], [9.0, 9.0]])).fit(X)
    assert np.all(np.isfinite(km.cluster_centers_)) and km.inertia_ == 0.0


# ------------------------------------------------------------------- identities and numerics
def test_fitted_state_is_a_fixed_point_of_algorithm_14_2():
    X = _blobs(3000, 4, 6, seed=9)
    km = KMeans(6, random_state=0, tol=0.0, max_iter=500).fit(X)
    assert km.converged_
    for l in range(6):  # every centre is the mean of its cluster ...
        np.testing.assert_allclose(km.cluster_centers_[l], X[km.labels_ == l].mean(axis=0), rtol=1e-12, atol=1e-12)
    distances = ((X[:, None, :] - km.cluster_centers_[None]) ** 2).sum(axis=2)
    np.testing.assert_array_equal(km.labels_, distances.argmin(axis=1))  # ... and every sample is at its nearest
    assert km.inertia_ == pytest.approx(distances.min(axis=1).sum(), rel=1e-12)  # W of (14.19)
    np.testing.assert_array_equal(km.predict(X), km.labels_)
    np.testing.assert_allclose(km.transform(X), np.sqrt(distances), rtol=1e-12)
    assert km.score(X) == pytest.approx(-km.inertia_, rel=1e-12)


def test_within_cluster_scatter_never_increases():
    X = _blobs(2000, 3, 5, seed=12)
    init = X[:5]
    values = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        for t in range(1, 25):
            values.append(KMeans(5, init=init, max_iter=t, tol=0.0).fit(X).inertia_)
    assert np.all(np.diff(values) <= 1e-9 * values[0])


def test_large_common_offset_does_not_change_the_partition():
    # ||x||^2 - 2 x.m + ||m||^2 on raw data 1e8 from the origin would lose every digit; the data are centred first.
    X = _blobs(1000, 3, 4, seed=13)
    init = X[:4]
    a = KMeans(4, init=init, tol=0.0, max_iter=200).fit(X)
    b = KMeans(4, init=init + 1e8, tol=0.0, max_iter=200).fit(X + 1e8)
    np.testing.assert_array_equal(a.labels_, b.labels_)
    np.testing.assert_allclose(b.cluster_centers_ - 1e8, a.cluster_centers_, atol=1e-6)


def test_tol_zero_stops_exactly_when_the_partition_stops_changing():
    X = _blobs(800, 2, 3, seed=14)
    km = KMeans(3, init=X[:3], tol=0.0, max_iter=1000).fit(X)
    assert km.converged_
    previous = KMeans(3, init=X[:3], tol=0.0, max_iter=km.n_iter_ - 1)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        previous.fit(X)
    np.testing.assert_array_equal(previous.labels_, km.labels_)  # the last iteration changed nothing


def test_max_iter_zero_keeps_the_initial_centres():
    X = EX_14_2.X
    km = KMeans(2, init=EX_14_2.init, max_iter=0).fit(X)
    np.testing.assert_array_equal(km.cluster_centers_, EX_14_2.init)
    np.testing.assert_array_equal(km.labels_, [0, 1, 1, 1, 0])
    # squared distances (14.18) of the first iteration of the example: x1, x2 are centres, x3 1, x4 25, x5 25
    assert km.inertia_ == pytest.approx(0 + 0 + 1 + 25 + 25)


# ------------------------------------------------------------ convergence and reproducibility
def test_stops_at_max_iter_with_a_convergence_warning():
    X = _blobs(3000, 5, 8, seed=15)
    with pytest.warns(ConvergenceWarning, match="did not converge in max_iter=2"):
        km = KMeans(8, init=X[:8], max_iter=2, tol=0.0).fit(X)
    assert km.n_iter_ == 2 and not km.converged_


def test_no_warning_when_converged():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        KMeans(2, init=EX_14_2.init).fit(EX_14_2.X)


@pytest.mark.parametrize("init", ["k-means++", "random"])
def test_same_random_state_is_bit_identical(init):
    X = _blobs(2000, 4, 6, seed=16)
    a = KMeans(6, init=init, n_init=3, random_state=42).fit(X)
    b = KMeans(6, init=init, n_init=3, random_state=42).fit(X)
    np.testing.assert_array_equal(a.cluster_centers_, b.cluster_centers_)
    np.testing.assert_array_equal(a.labels_, b.labels_)
    assert a.inertia_ == b.inertia_
    c = KMeans(6, init=init, n_init=3, random_state=np.random.RandomState(42)).fit(X)
    np.testing.assert_array_equal(a.cluster_centers_, c.cluster_centers_)


def test_array_init_with_several_runs_warns():
    with pytest.warns(RuntimeWarning, match="only one run"):
        km = KMeans(2, init=EX_14_2.init, n_init=5).fit(EX_14_2.X)
    assert km.inertia_ == pytest.approx(26.5)


# ------------------------------------------------------------------------------ bad input
@pytest.mark.parametrize(
    "params, error, match",
    [
        ({"n_clusters": 0}, ValueError, "n_clusters must be >= 1"),
        ({"n_clusters": 2.0}, TypeError, "n_clusters must be an integer"),
        ({"n_clusters": 6}, ValueError, "at least n_clusters=6 samples"),
        ({"init": "pca"}, ValueError, "init must be one of"),
        ({"init": None}, TypeError, "init must be"),
        ({"init": [[0.0, 0.0]]}, ValueError, r"init must have shape \(n_clusters, n_features\) = \(2, 2\)"),
        ({"init": [[0.0, np.nan], [1.0, 1.0]]}, ValueError, "init must contain only finite"),
        ({"init": [["a", "b"], ["c", "d"]]}, TypeError, "init must be array-like of numbers"),
        ({"n_init": 0}, ValueError, "n_init must be >= 1"),
        ({"n_init": "many"}, ValueError, "n_init must be one of"),
        ({"max_iter": -1}, ValueError, "max_iter must be >= 0"),
        ({"max_iter": 1.5}, TypeError, "max_iter must be an integer"),
        ({"tol": -1e-4}, ValueError, "tol must be >= 0"),
        ({"tol": "small"}, TypeError, "tol must be a real number"),
        ({"algorithm": "elkan"}, ValueError, "algorithm must be one of"),
    ],
)
def test_kmeans_bad_hyperparameters(params, error, match):
    with pytest.raises(error, match=match):
        KMeans(**{"n_clusters": 2, **params}).fit(EX_14_2.X)


@pytest.mark.parametrize(
    "X, match",
    [
        (np.array([[1.0, np.nan], [2.0, 3.0], [0.0, 1.0]]), "NaN"),
        (np.array([[1.0, np.inf], [2.0, 3.0], [0.0, 1.0]]), "infinity"),
        (np.arange(5.0), "2D array"),
        (np.empty((0, 2)), "0 sample"),
        (np.array([["a", "b"], ["c", "d"]], dtype=object), "could not convert"),
    ],
)
def test_kmeans_bad_data(X, match):
    with pytest.raises(ValueError, match=match):
        KMeans(2).fit(X)


def test_kmeans_predict_rejects_wrong_width_and_unfitted():
    from sklearn.exceptions import NotFittedError

    with pytest.raises(NotFittedError):
        KMeans(2).predict(EX_14_2.X)
    km = KMeans(2, init=EX_14_2.init).fit(EX_14_2.X)
    with pytest.raises(ValueError, match="features"):
        km.predict(np.zeros((3, 3)))


@pytest.mark.parametrize(
    "params, X, error, match",
    [
        ({"linkage": "median"}, None, ValueError, "linkage must be one of"),
        ({"metric": "cosine"}, None, ValueError, "metric must be one of"),
        ({"metric": 2}, None, TypeError, "metric must be a string"),
        ({"n_clusters": 0}, None, ValueError, "n_clusters must be >= 1"),
        ({"n_clusters": 9}, None, ValueError, "at least n_clusters=9 samples"),
        ({"n_clusters": None}, None, ValueError, "exactly one of n_clusters and distance_threshold"),
        ({"distance_threshold": 1.0}, None, ValueError, "exactly one of n_clusters and distance_threshold"),
        ({"n_clusters": None, "distance_threshold": -1.0}, None, ValueError, "distance_threshold must be >= 0"),
        ({"metric": "manhattan", "linkage": "ward"}, None, ValueError, "ward.*euclidean"),
        ({"metric": "precomputed", "linkage": "single"}, np.ones((5, 2)), ValueError, "square distance matrix"),
        ({"metric": "precomputed", "linkage": "single"}, -EX_14_1.distances, ValueError, "non-negative"),
        ({"metric": "precomputed", "linkage": "single"}, EX_14_1.distances + np.eye(5), ValueError, "zero diagonal"),
        ({"metric": "precomputed", "linkage": "single"}, np.triu(EX_14_1.distances), ValueError, "symmetric"),
        ({"metric": "precomputed", "linkage": "ward"}, EX_14_1.distances, ValueError, "ward"),
    ],
)
def test_agglomerative_bad_input(params, X, error, match):
    X = EX_14_2.X if X is None else X
    with pytest.raises(error, match=match):
        AgglomerativeClustering(**{"n_clusters": 2, **params}).fit(X)


@pytest.mark.parametrize(
    "args, kwargs, error, match",
    [
        ((np.arange(4.0),), {}, ValueError, "X must be a 2-D array"),
        ((EX_14_2.X,), {"method": "median"}, ValueError, "method must be one of"),
        ((np.array([1.0, 2.0]),), {"metric": "precomputed"}, ValueError, "n\\(n-1\\)/2 entries"),
        ((np.array([1.0, -2.0, 3.0]),), {"metric": "precomputed"}, ValueError, "non-negative"),
        ((np.array([[0.0, np.nan], [1.0, 2.0]]),), {}, ValueError, "X must contain only finite"),
        (("abc",), {}, TypeError, "X must be array-like"),
        ((EX_14_2.X * 1e200,), {"method": "centroid"}, ValueError, "X is too large for method='centroid'"),
        ((EX_14_2.X * 1e200,), {"method": "ward"}, ValueError, "X is too large for method='ward'"),
        # squared distances that underflow merged the wrong clusters, without an error
        ((EX_14_2.X * 1e-300,), {"method": "centroid"}, ValueError, "X is too small for method='centroid'"),
        ((EX_14_2.X * 1e-300,), {"method": "ward"}, ValueError, "X is too small for method='ward'"),
    ],
)
def test_linkage_bad_input(args, kwargs, error, match):
    with pytest.raises(error, match=match):
        linkage(*args, **kwargs)


# ------------------------------------------------------------------------ scikit-learn contract
@parametrize_with_checks(
    [
        KMeans(n_clusters=2, n_init=2, random_state=0),
        KMeans(n_clusters=3, init="random", random_state=0, max_iter=50),
        KMeans(n_clusters=3, random_state=0, algorithm="lloyd"),
        AgglomerativeClustering(),
        AgglomerativeClustering(n_clusters=3, linkage="average", metric="manhattan"),
    ]
)
def test_scikit_learn_contract(estimator, check):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        check(estimator)


@pytest.mark.parametrize("seed", range(4))
def test_hamerly_after_the_switch_keeps_the_plain_iterates_on_long_runs(seed):
    # overlapping clusters: many steps change few labels, so algorithm="hamerly" switches to its bounds early
    # and then runs for many steps with them; the result must still be the plain iteration's, bit for bit
    X = np.random.default_rng(seed).normal(size=(5000, 3))
    init = X[:8]
    fits = [KMeans(8, init=init, max_iter=300, tol=0.0, algorithm=a).fit(X) for a in ("hamerly", "lloyd")]
    assert fits[0].n_iter_ > 15
    np.testing.assert_array_equal(fits[0].labels_, fits[1].labels_)
    np.testing.assert_array_equal(fits[0].cluster_centers_, fits[1].cluster_centers_)
    assert fits[0].n_iter_ == fits[1].n_iter_ and fits[0].inertia_ == fits[1].inertia_


def test_linkage_on_huge_coordinates():
    # the linkages that update distances themselves (single, complete, average) take data near the float limit
    # as SciPy does; Ward's and the centroid updates square them, so there statlib refuses rather than return
    # non-finite heights
    X = np.random.default_rng(0).normal(size=(30, 2))
    big = X * 2.0**660  # about 5e198
    for method in ("single", "complete", "average"):
        Z = linkage(big, method)
        np.testing.assert_allclose(Z[:, 2] / 2.0**660, linkage(X, method)[:, 2], rtol=1e-13)
    with pytest.raises(ValueError, match="rescale X"):
        linkage(big, "centroid")
    with pytest.raises(ValueError, match="rescale X"):
        AgglomerativeClustering(2, linkage="ward").fit(big)


@pytest.mark.parametrize(
    ("d", "k", "chosen"),
    [(2, 40, "hamerly"), (3, 33, "hamerly"), (4, 40, "lloyd"), (2, 32, "lloyd"), (17, 40, "lloyd")],
)
def test_auto_takes_the_bounds_for_many_centres_in_few_dimensions(d, k, chosen):
    # algorithm="auto" (the default) is Hamerly's bounds beyond the direct step's 32 centres in at most 3
    # dimensions, and the plain step otherwise: the same fit, bit for bit, as the algorithm it picks, and the
    # same partition as scikit-learn's Lloyd iteration from the same start.
    rng = np.random.default_rng(d * 100 + k)
    X = rng.normal(scale=3.0, size=(k, d))[rng.integers(0, k, 3000)] + rng.normal(size=(3000, d))
    init = X[rng.choice(3000, size=k, replace=False)]
    fits = {}
    for algorithm in ("auto", chosen):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ConvergenceWarning)
            fits[algorithm] = KMeans(k, init=init, n_init=1, max_iter=100, tol=0.0, algorithm=algorithm).fit(X)
    assert KMeans().algorithm == "auto"
    from statlib.cluster import _kmeans

    assert _kmeans._bounds_pay(d, k) == (chosen == "hamerly")  # the other checks alone hold for either choice
    np.testing.assert_array_equal(fits["auto"].cluster_centers_, fits[chosen].cluster_centers_)
    np.testing.assert_array_equal(fits["auto"].labels_, fits[chosen].labels_)
    assert fits["auto"].n_iter_ == fits[chosen].n_iter_
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        theirs = skcluster.KMeans(k, init=init, n_init=1, max_iter=100, tol=0.0, algorithm="lloyd").fit(X)
    np.testing.assert_array_equal(fits["auto"].labels_, theirs.labels_)


@pytest.mark.parametrize("k", [3, 20, 40])
def test_data_whose_squares_overflow_are_refused(k):
    # Beyond 1e150 per coordinate the scores ||m||^2 / 2 - x.m overflow to inf or NaN and name no centre; before
    # this check the kernel returned a label past k and wrote outside the cluster sums.
    X = np.random.default_rng(0).normal(size=(200, 2))
    with pytest.raises(ValueError, match="X is too large"):
        KMeans(k, n_init=1, random_state=0).fit(X * 1e160)
    model = KMeans(k, n_init=1, random_state=0).fit(X)
    for method in (model.predict, model.transform, model.score):
        with pytest.raises(ValueError, match="X is too large"):
            method(X * 1e160)


def test_data_whose_squares_underflow_are_refused():
    # At 1e-300 every squared distance is 0: KMeans returned an arbitrary partition (adjusted Rand index 0 against
    # the partition of the unscaled data) and Ward's method a wrong tree, without an error.
    rng = np.random.default_rng(0)
    X = np.vstack([rng.normal(size=(10, 2)) + [4, 0], rng.normal(size=(10, 2)) - [4, 0]])
    with pytest.raises(ValueError, match="X is too small for squares"):
        KMeans(2, n_init=1, random_state=0).fit(X * 1e-300)
    with pytest.raises(ValueError, match="X is too small for method='ward'"):
        AgglomerativeClustering(2, linkage="ward").fit(X * 1e-300)
    # single, complete and average linkage use the distances themselves: the same tree at any finite scale
    for method in ("single", "complete", "average"):
        np.testing.assert_array_equal(linkage(X * 1e-300, method)[:, :2], linkage(X, method)[:, :2])


@pytest.mark.parametrize("scale, words", [(1e-300, "too small"), (1e300, "too large")])
def test_kmeans_plusplus_refuses_data_whose_squared_distances_leave_float64(scale, words):
    # the D(x)^2 weights were all 0 or inf and the seeds differed from those of the unscaled data
    X = np.random.default_rng(0).normal(size=(30, 2))
    with pytest.raises(ValueError, match=f"X is {words}"):
        kmeans_plusplus(X * scale, 3, random_state=0)
