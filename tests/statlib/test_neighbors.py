"""Li Hang ch. 3: L_p distances, the kd tree (algorithms 3.2-3.3) and the k-NN classifier (algorithm 3.1)."""

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from scipy.spatial import distance as scipy_distance
from sklearn.neighbors import KDTree as SkKDTree
from sklearn.neighbors import KNeighborsClassifier as SkKNN
from sklearn.utils.estimator_checks import parametrize_with_checks

from statlib.datasets import load_example
from statlib.exercises import check
from statlib.neighbors import KDTree, KNeighborsClassifier, linear_scan, minkowski_distance

# ---------------------------------------------------------------------------------------------
# Example 3.1: L_p distances
# ---------------------------------------------------------------------------------------------


def test_example_3_1_book_distances():
    x1, x2, x3 = load_example("lihang", "3.1").X
    for p in (1, 2, 3, 4, 7.5, np.inf):
        assert minkowski_distance(x1, x2, p=p) == pytest.approx(4.0)  # "L_p(x1, x2) = 4 for every p"
    book = {1: 6, 2: 4.24, 3: 3.78, 4: 3.57}
    for p, value in book.items():
        assert minkowski_distance(x1, x3, p=p) == pytest.approx(value, abs=0.005)
        assert minkowski_distance(x1, x3, p=p) == pytest.approx(scipy_distance.minkowski(x1, x3, p))
    assert minkowski_distance(x1, x3, p=np.inf) == pytest.approx(scipy_distance.chebyshev(x1, x3))


def test_example_3_1_nearest_neighbour_changes_with_p():
    X = load_example("lihang", "3.1").X
    others = X[1:]
    for p, nearest in ((1, 0), (2, 0), (3, 1), (4, 1), (np.inf, 1)):  # x2 for p <= 2, x3 for p >= 3
        _, ind = KDTree(others, p=p, bounds="book").query(X[0], k=1)
        assert ind[0] == nearest, p


def test_minkowski_distance_rows_and_errors():
    rng = np.random.default_rng(1)
    A, B = rng.normal(size=(6, 3)), rng.normal(size=(6, 3))
    np.testing.assert_allclose(minkowski_distance(A, B, p=3), [scipy_distance.minkowski(a, b, 3) for a, b in zip(A, B)])
    with pytest.raises(ValueError, match="p must be >= 1"):
        minkowski_distance(A, B, p=0.5)
    with pytest.raises(ValueError, match="same number of features"):
        minkowski_distance(A, B[:, :2])
    with pytest.raises(TypeError, match="p must be a real number"):
        minkowski_distance(A, B, p="2")


# ---------------------------------------------------------------------------------------------
# Example 3.2: the balanced kd tree (algorithm 3.2)
# ---------------------------------------------------------------------------------------------


def _node_of(tree, point):
    hits = np.flatnonzero(
        [tree.node_point[i] >= 0 and np.array_equal(tree.data[tree.node_point[i]], point) for i in range(tree.n_nodes)]
    )
    assert hits.size == 1, point
    return hits[0]


def test_example_3_2_tree_is_the_books():
    tree = KDTree(load_example("lihang", "3.2").X, bounds="book")
    coords = lambda node: tuple(tree.data[tree.node_point[node]])  # noqa: E731
    assert tree.n_nodes == 6
    assert coords(0) == (7, 2) and tree.node_axis[0] == 0 and tree.node_split[0] == 7  # root splits x(1) at 7
    left, right = tree.left[0], tree.right[0]
    assert coords(left) == (5, 4) and tree.node_axis[left] == 1 and tree.node_split[left] == 4
    assert coords(right) == (9, 6) and tree.node_axis[right] == 1 and tree.node_split[right] == 6
    assert coords(tree.left[left]) == (2, 3) and coords(tree.right[left]) == (4, 7)
    assert coords(tree.left[right]) == (8, 1) and tree.right[right] == -1
    assert tree.depth.tolist() == [0, 1, 1, 2, 2, 2]


def test_tree_invariants_random():
    rng = np.random.default_rng(2)
    X = np.round(rng.normal(size=(200, 3)), 1)  # many repeated coordinates
    for leaf_size in (1, 4):
        tree = KDTree(X, leaf_size=leaf_size, bounds="book")
        assert np.array_equal(np.sort(tree.index), np.arange(len(X)))
        for node in range(tree.n_nodes):
            block = tree.index[tree.start[node] : tree.end[node]]
            if tree.node_axis[node] < 0:
                assert len(block) <= leaf_size
                continue
            a, s = tree.node_axis[node], tree.node_split[node]
            assert a == tree.depth[node] % 3
            m = tree.start[node] + (len(block)) // 2  # upper median position
            assert tree.index[m] == tree.node_point[node]
            assert np.all(X[tree.index[tree.start[node] : m], a] <= s)
            assert np.all(X[tree.index[m + 1 : tree.end[node]], a] >= s)


# ---------------------------------------------------------------------------------------------
# Algorithm 3.3: search; Exercise 3.2 and the story of Example 3.3
# ---------------------------------------------------------------------------------------------


def test_exercise_3_2_nearest_neighbour_and_path():
    data = load_example("lihang", "3.2")
    tree = KDTree(data.X, bounds="book")
    dist, ind, steps = tree.search_path([3, 4.5])
    assert tuple(data.X[ind[0]]) == (2, 3)
    assert dist[0] == pytest.approx(np.sqrt(3.25))
    checked = [tuple(data.X[s.point]) for s in steps if s.event == "check"]
    assert checked == [(4, 7), (5, 4), (2, 3), (7, 2)]  # leaf first, then backing up
    pruned = [s.node for s in steps if s.event == "prune"]
    assert pruned == [tree.right[0]]  # the region x(1) > 7 is too far: |3 - 7| = 4 > 1.80
    assert check("lihang-3.2", data.X[ind[0]]).correct
    assert not check("lihang-3.2", (5, 4)).correct


def test_example_3_3_story():
    data = load_example("lihang", "3.3")
    names = dict(enumerate(data.names))
    tree = KDTree(data.X, bounds="book")
    node_name = {i: names[tree.node_point[i]] for i in range(tree.n_nodes)}
    assert node_name[0] == "A" and {node_name[tree.left[0]], node_name[tree.right[0]]} == {"B", "C"}
    _, ind, steps = tree.search_path(data.target_point)
    assert names[ind[0]] == "E"
    checks = [names[s.point] for s in steps if s.event == "check"]
    assert checks[0] == "D"  # the leaf containing S is D
    pruned = [node_name[s.node] for s in steps if s.event == "prune"]
    entered = [node_name[s.node] for s in steps if s.event == "enter"]
    assert "F" in pruned and "C" in entered and "E" in entered
    assert entered.index("C") > checks.index("A") - 0  # C is searched after backing up to A


@pytest.mark.parametrize("p", [1, 2, 3, np.inf])
@pytest.mark.parametrize("leaf_size", [1, 5, 40])
def test_query_matches_sklearn_and_linear_scan(p, leaf_size):
    rng = np.random.default_rng(3)
    X, Q = rng.normal(size=(500, 3)), rng.normal(size=(60, 3))
    k = 7
    dist, ind = KDTree(X, leaf_size=leaf_size, p=p, bounds="book").query(Q, k=k)
    metric = {1: "manhattan", 2: "euclidean", np.inf: "chebyshev"}.get(p, "minkowski")
    sk = SkKDTree(X, metric=metric, **({"p": p} if metric == "minkowski" else {}))
    sk_dist, sk_ind = sk.query(Q, k=k)
    np.testing.assert_array_equal(ind, sk_ind)
    np.testing.assert_allclose(dist, sk_dist, rtol=1e-12)
    bf_dist, bf_ind = linear_scan(X, Q, k=k, p=p)
    np.testing.assert_array_equal(ind, bf_ind)
    np.testing.assert_allclose(dist, bf_dist, rtol=1e-12)


def test_ties_resolved_like_a_stable_sort():
    rng = np.random.default_rng(4)
    X = rng.integers(0, 4, size=(80, 2)).astype(float)  # a small grid: many equal distances and duplicates
    Q = rng.integers(0, 4, size=(30, 2)) + 0.5 * rng.integers(0, 2, size=(30, 2))
    for k in (1, 3, 10):
        _, ind = KDTree(X, leaf_size=1, bounds="book").query(Q, k=k)
        _, ind_bf = linear_scan(X, Q, k=k)
        np.testing.assert_array_equal(ind, ind_bf)
        d2 = ((Q[:, None, :] - X[None]) ** 2).sum(-1)
        np.testing.assert_array_equal(ind, np.argsort(d2, axis=1, kind="stable")[:, :k])


def test_exercise_3_2_book_trace_is_the_hand_solution():
    # The default pruning is the book's: every step of the hand solution of Exercise 3.2, in order, with the
    # radii sqrt(1 + 6.25), sqrt(4 + 0.25), sqrt(1 + 2.25) and the distances to the cut regions 0.5 and 4.
    data = load_example("lihang", "3.2")
    tree = KDTree(data.X, bounds="book")
    assert tree.bounds == "book" and tree.node_lower is None
    _, _, steps = tree.search_path([3, 4.5])
    got = [(s.event, tuple(data.X[tree.node_point[s.node]]), round(s.distance, 4), round(s.radius, 4)) for s in steps]
    r1, r2, r3 = np.sqrt(7.25), np.sqrt(4.25), np.sqrt(3.25)
    expected = [
        ("enter", (7, 2), 0.0, np.inf),
        ("enter", (5, 4), 0.0, np.inf),
        ("enter", (4, 7), 0.0, np.inf),
        ("check", (4, 7), r1, r1),
        ("check", (5, 4), r2, r2),
        ("enter", (2, 3), 0.5, r2),
        ("check", (2, 3), r3, r3),
        ("check", (7, 2), np.sqrt(22.25), r3),
        ("prune", (9, 6), 4.0, r3),
    ]
    assert got == [(e, p, round(d, 4), round(r, 4)) for e, p, d, r in expected]


def test_exercise_3_2_bounding_box_trace():
    # The same tree pruned with bounding boxes, derived by hand: the root's point (7, 2) is checked on entering
    # (radius sqrt(22.25)); its left subtree's box [2, 5] x [3, 7] contains x; there (5, 4) (radius sqrt(4.25)),
    # then the nearer child box {(2, 3)} at sqrt(3.25) before {(4, 7)} at sqrt(7.25), which is then pruned, as is
    # the right subtree's box [8, 9] x [1, 6] at |3 - 8| = 5. Three distances instead of four.
    data = load_example("lihang", "3.2")
    tree = KDTree(data.X, leaf_size=1, bounds="bbox")
    dist, ind, steps = tree.search_path([3, 4.5])
    assert tuple(data.X[ind[0]]) == (2, 3) and dist[0] == pytest.approx(np.sqrt(3.25))
    got = [(s.event, tuple(data.X[tree.node_point[s.node]]), round(s.distance, 4), round(s.radius, 4)) for s in steps]
    r0, r2, r3, r4 = np.sqrt(22.25), np.sqrt(4.25), np.sqrt(3.25), np.sqrt(7.25)
    expected = [
        ("enter", (7, 2), 0.0, np.inf),
        ("check", (7, 2), r0, r0),
        ("enter", (5, 4), 0.0, r0),
        ("check", (5, 4), r2, r2),
        ("enter", (2, 3), r3, r2),
        ("check", (2, 3), r3, r3),
        ("prune", (4, 7), r4, r3),
        ("prune", (9, 6), 5.0, r3),
    ]
    assert got == [(e, p, round(d, 4), round(r, 4)) for e, p, d, r in expected]
    np.testing.assert_array_equal(tree.node_lower[0], [2, 1])
    np.testing.assert_array_equal(tree.node_upper[0], [9, 7])


def test_bounding_boxes_are_the_blocks_extremes():
    rng = np.random.default_rng(11)
    X = np.round(rng.normal(size=(300, 3)), 1)
    for leaf_size in (1, 7):
        tree = KDTree(X, leaf_size=leaf_size, bounds="bbox")
        for node in range(tree.n_nodes):
            block = X[tree.index[tree.start[node] : tree.end[node]]]
            np.testing.assert_array_equal(tree.node_lower[node], block.min(axis=0))
            np.testing.assert_array_equal(tree.node_upper[node], block.max(axis=0))
        # the tree itself does not depend on the pruning test
        book = KDTree(X, leaf_size=leaf_size, bounds="book")
        for name in ("index", "start", "end", "node_point", "node_axis", "left", "right", "depth"):
            np.testing.assert_array_equal(getattr(tree, name), getattr(book, name))


@pytest.mark.parametrize("p", [1, 2, 3, np.inf])
@pytest.mark.parametrize("leaf_size", [1, 4, 32])
def test_bbox_query_is_the_linear_scan_with_ties(p, leaf_size):
    # Integer grid points: many duplicates and equal distances. The neighbours must be exactly the brute force's,
    # a stable sort by distance (ties to the smaller index), for small k (sorted list) and large k (heap).
    rng = np.random.default_rng(12)
    X = rng.integers(0, 5, size=(400, 3)).astype(float)
    Q = np.vstack([rng.integers(0, 5, size=(40, 3)) + 0.5 * rng.integers(0, 2, size=(40, 3)), X[:10]])
    for k in (1, 5, 16, 17, 60):
        tree = KDTree(X, leaf_size=leaf_size, p=p, bounds="bbox")
        dist, ind = tree.query(Q, k=k)
        bf_dist, bf_ind = linear_scan(X, Q, k=k, p=p)
        np.testing.assert_array_equal(ind, bf_ind)
        np.testing.assert_array_equal(dist, bf_dist)
        book_dist, book_ind = KDTree(X, leaf_size=leaf_size, p=p, bounds="book").query(Q, k=k)
        np.testing.assert_array_equal(ind, book_ind)
        np.testing.assert_array_equal(dist, book_dist)
        diff = np.abs(Q[:, None, :] - X[None])
        full = diff.max(-1) if np.isinf(p) else (diff**p).sum(-1)
        np.testing.assert_array_equal(ind, np.argsort(full, axis=1, kind="stable")[:, :k])


@pytest.mark.parametrize("p", [1, 2, np.inf])
def test_bbox_query_matches_sklearn(p):
    rng = np.random.default_rng(13)
    X, Q = rng.random((3000, 3)), rng.random((300, 3))
    X[2990:] = X[:10]  # duplicated points: equal distances, which scikit-learn may order differently
    metric = {1: "manhattan", 2: "euclidean", np.inf: "chebyshev"}[p]
    for k in (1, 5, 40):
        dist, ind = KDTree(X, leaf_size=32, p=p, bounds="bbox").query(Q, k=k)
        sk_dist, sk_ind = SkKDTree(X, metric=metric).query(Q, k=k)
        np.testing.assert_allclose(dist, sk_dist, rtol=1e-12)
        same = ~np.any(np.isin(ind, np.r_[0:10, 2990:3000]), axis=1)
        np.testing.assert_array_equal(ind[same], sk_ind[same])  # rows without a duplicate: identical
        assert same.sum() > 150


def test_bbox_search_path_prunes_more_and_agrees():
    rng = np.random.default_rng(14)
    X = rng.random((2000, 2))
    book, bbox = KDTree(X, leaf_size=8, bounds="book"), KDTree(X, leaf_size=8, bounds="bbox")
    n_book = n_bbox = 0
    for x in rng.random((20, 2)):
        d1, i1, s1 = book.search_path(x, k=5)
        d2, i2, s2 = bbox.search_path(x, k=5)
        np.testing.assert_array_equal(i1, i2)
        np.testing.assert_array_equal(d1, d2)
        radii = [s.radius for s in s2]
        assert all(a >= b for a, b in zip(radii, radii[1:]))
        assert all(s.distance > s.radius for s in s2 if s.event == "prune")
        n_book += sum(s.event == "check" for s in s1)
        n_bbox += sum(s.event == "check" for s in s2)
    assert n_bbox < n_book  # the boxes are tighter than the cut regions
    d1, i1, _ = book.search_path(x, k=20)  # k > 16: the k best are kept in a heap
    d2, i2, _ = bbox.search_path(x, k=20)
    np.testing.assert_array_equal(i1, i2)
    np.testing.assert_array_equal(d1, d2)


@settings(max_examples=200, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(
    n=st.integers(1, 60),
    d=st.integers(1, 4),
    grid=st.integers(1, 6),
    leaf_size=st.integers(1, 12),
    p=st.sampled_from([1.0, 1.5, 2.0, np.inf]),
    k=st.integers(1, 25),
    seed=st.integers(0, 2**16),
)
def test_bbox_query_is_the_linear_scan_property(n, d, grid, leaf_size, p, k, seed):
    # Random sizes, few distinct coordinates (grid): duplicates and ties everywhere. Both pruning tests give
    # exactly the linear scan's neighbours and distances.
    rng = np.random.default_rng(seed)
    X = rng.integers(0, grid, size=(n, d)) * 0.5
    Q = np.vstack([rng.integers(-1, grid + 1, size=(5, d)) * 0.25, X[:2]])
    k = min(k, n)
    bf_dist, bf_ind = linear_scan(X, Q, k=k, p=p)
    for bounds in ("book", "bbox"):
        dist, ind = KDTree(X, leaf_size=leaf_size, p=p, bounds=bounds).query(Q, k=k)
        np.testing.assert_array_equal(ind, bf_ind)
        np.testing.assert_array_equal(dist, bf_dist)


def test_query_shapes_and_k_equal_n():
    X = load_example("lihang", "3.2").X
    tree = KDTree(X, bounds="book")
    d, i = tree.query([3, 4.5], k=2)
    assert d.shape == i.shape == (2,)
    d, i = tree.query([[3, 4.5], [8, 8]], k=6)
    assert d.shape == i.shape == (2, 6)
    assert sorted(i[0]) == list(range(6)) and np.all(np.diff(d, axis=1) >= 0)
    assert tree.query([[3, 4.5]], return_distance=False).shape == (1, 1)


def test_search_path_k_neighbours_and_radius():
    rng = np.random.default_rng(5)
    X = rng.random((100, 2))
    tree = KDTree(X, bounds="book")
    dist, ind, steps = tree.search_path([0.5, 0.5], k=4)
    d_ref, i_ref = linear_scan(X, [0.5, 0.5], k=4)
    np.testing.assert_array_equal(ind, i_ref)
    np.testing.assert_allclose(dist, d_ref)
    radii = [s.radius for s in steps]
    assert all(a >= b for a, b in zip(radii, radii[1:]))  # the hypersphere only shrinks
    assert steps[-1].radius == pytest.approx(dist[-1])
    for s in steps:
        if s.event == "prune":
            assert s.distance > s.radius
    n_checked = sum(s.event == "check" for s in steps)
    assert n_checked < len(X)  # the point of the tree


def test_default_tree_is_the_fast_one_on_large_data_and_the_book_tree_is_one_point_per_node():
    # The defaults are the fast search (bounding boxes, 32-point leaves) above 256 points; bounds="book" gives the
    # tree of Example 3.2, one point per node. Both find the linear scan's neighbours.
    rng = np.random.default_rng(11)
    X, Q = rng.random((500, 3)), rng.random((50, 3))
    fast, book = KDTree(X), KDTree(X, bounds="book")
    assert (fast.bounds, fast.leaf_size, book.bounds, book.leaf_size) == ("bbox", 32, "book", 1)
    # Up to 256 points the default is the book's tree: Example 3.2's root is (7, 2), as built by hand.
    small = KDTree(load_example("lihang", "3.2").X)
    assert (small.bounds, small.leaf_size, tuple(small.data[small.node_point[0]])) == ("book", 1, (7, 2))
    assert KDTree(X[:256]).bounds == "book" and KDTree(X[:257]).bounds == "bbox"
    assert np.all(book.end - book.start >= 1) and book.n_nodes == len(X)  # every node stores one point
    assert np.max(fast.end[fast.left < 0] - fast.start[fast.left < 0]) <= 32
    scan = linear_scan(X, Q, k=3)
    for tree in (fast, book):
        np.testing.assert_array_equal(tree.query(Q, k=3)[1], scan[1])


def test_figures_of_the_book_tree_refuse_any_other_tree():
    # Figures 3.3-3.5 and the search table draw one point per node and the regions of the splitting planes: a
    # tree with leaf buckets or bounding-box pruning (the default above 256 points) would be drawn wrongly.
    from statlib.viz import knn as viz

    X = np.random.default_rng(3).random((300, 2))
    box = (np.zeros(2), np.ones(2))
    for tree in (KDTree(X), KDTree(X, bounds="bbox"), KDTree(X, bounds="book", leaf_size=4)):
        with pytest.raises(ValueError, match="tree must be the book's tree"):
            viz.node_cells(tree, box)
        with pytest.raises(ValueError, match="tree must be the book's tree"):
            viz.search_table(tree, [0.5, 0.5], tree.search_path([0.5, 0.5])[2])
    with pytest.raises(TypeError, match="tree must be a statlib.neighbors.KDTree"):
        viz.plot_kd_tree(None, SkKDTree(X))
    # Example 3.2's tree (the default on six points is the book's): the root's region is the whole box, and its
    # children are cut at x(1) = 7.
    low, high = viz.node_cells(KDTree(load_example("lihang", "3.2").X), (np.zeros(2), np.full(2, 10.0)))
    np.testing.assert_array_equal([high[1, 0], low[2, 0]], [7, 7])


def test_kdtree_bad_input():
    X = np.random.default_rng(0).random((10, 2))
    with pytest.raises(ValueError, match="X must contain only finite"):
        KDTree(np.array([[0.0, np.nan]]))
    with pytest.raises(TypeError, match="X must be array-like of numbers"):
        KDTree([["a", "b"]])
    with pytest.raises(ValueError, match="X must be a 2-D array"):
        KDTree([1.0, 2.0])
    with pytest.raises(ValueError, match="X must have at least 1 row"):
        KDTree(np.empty((0, 2)))
    with pytest.raises(ValueError, match="leaf_size must be >= 1"):
        KDTree(X, leaf_size=0)
    with pytest.raises(ValueError, match="p must be >= 1"):
        KDTree(X, p=0.5)
    with pytest.raises(ValueError, match="bounds must be one of"):
        KDTree(X, bounds="box")
    tree = KDTree(X)
    with pytest.raises(ValueError, match="k must be <= 10"):
        tree.query(X, k=11)
    with pytest.raises(ValueError, match="k must be >= 1"):
        tree.query(X, k=0)
    with pytest.raises(TypeError, match="k must be an integer"):
        tree.query(X, k=1.5)
    with pytest.raises(ValueError, match="X must have 2 features"):
        tree.query([[1.0, 2.0, 3.0]])
    with pytest.raises(ValueError, match="X must contain only finite"):
        tree.query([[1.0, np.inf]])
    with pytest.raises(ValueError, match="single point"):
        tree.search_path(X[:2])


def test_exercise_3_3_checker():
    def good(tree, x, k):
        return tree.query(x, k=k)[1]

    def bad(tree, x, k):
        return tree.query(x, k=k)[1][::-1][:1]

    assert check("lihang-3.3", good).correct
    assert not check("lihang-3.3", bad).correct
    assert not check("lihang-3.3", 42).correct


def test_exercise_3_1_checker():
    X = np.random.default_rng(6).random((40, 2))
    y = (X[:, 0] > 0.5).astype(int)
    training_error = np.mean(KNeighborsClassifier(n_neighbors=1).fit(X, y).predict(X) != y)
    assert check("lihang-3.1", training_error).correct


# ---------------------------------------------------------------------------------------------
# The classifier (algorithm 3.1)
# ---------------------------------------------------------------------------------------------


@parametrize_with_checks([KNeighborsClassifier(), KNeighborsClassifier(algorithm="brute", n_neighbors=3, p=1)])
def test_sklearn_compatible(estimator, check):
    check(estimator)


@pytest.mark.parametrize("algorithm", ["kd_tree", "brute"])
def test_classifier_matches_sklearn(algorithm):
    rng = np.random.default_rng(7)
    X = rng.normal(size=(300, 2))
    y = (X[:, 0] + 0.5 * rng.normal(size=300) > 0).astype(int) + (X[:, 1] > 1)
    T = rng.normal(size=(200, 2))
    for k in (1, 4, 15):  # k = 4 has tied votes: both pick the first class
        ours = KNeighborsClassifier(n_neighbors=k, algorithm=algorithm).fit(X, y)
        if algorithm == "kd_tree":
            assert ours.tree_.bounds == "bbox"
        ref = SkKNN(n_neighbors=k, algorithm="kd_tree").fit(X, y)
        np.testing.assert_array_equal(ours.predict(T), ref.predict(T))
        np.testing.assert_allclose(ours.predict_proba(T), ref.predict_proba(T))
        d, i = ours.kneighbors(T)
        d_ref, i_ref = ref.kneighbors(T)
        np.testing.assert_array_equal(i, i_ref)
        np.testing.assert_allclose(d, d_ref)


def test_majority_vote_is_eq_3_1():
    X = np.array([[0.0], [1.0], [2.0], [3.0], [10.0]])
    y = np.array(["a", "b", "b", "a", "c"])
    clf = KNeighborsClassifier(n_neighbors=3).fit(X, y)
    assert clf.predict([[1.2]])[0] == "b"  # neighbours 1, 2, 0: two b, one a
    np.testing.assert_allclose(clf.predict_proba([[1.2]]), [[1 / 3, 2 / 3, 0.0]])
    clf = KNeighborsClassifier(n_neighbors=5).fit(X, y)
    assert clf.predict([[100.0]])[0] == "a"  # k = N: a and b tie at 2 votes; the first class wins


def test_classifier_bad_input():
    X, y = np.random.default_rng(8).random((10, 2)), np.arange(10) % 2
    with pytest.raises(ValueError, match="n_neighbors must be >= 1"):
        KNeighborsClassifier(n_neighbors=0).fit(X, y)
    with pytest.raises(ValueError, match="n_neighbors must be <= the number of training samples"):
        KNeighborsClassifier(n_neighbors=11).fit(X, y)
    with pytest.raises(TypeError, match="n_neighbors must be an integer"):
        KNeighborsClassifier(n_neighbors=2.0).fit(X, y)
    with pytest.raises(ValueError, match="p must be >= 1"):
        KNeighborsClassifier(p=0).fit(X, y)
    with pytest.raises(ValueError, match="algorithm must be one of"):
        KNeighborsClassifier(algorithm="ball_tree").fit(X, y)
    with pytest.raises(ValueError, match="at least two classes"):
        KNeighborsClassifier(n_neighbors=1).fit(X, np.zeros(10))
    with pytest.raises(ValueError, match="NaN"):
        KNeighborsClassifier().fit(np.where(X > 0.9, np.nan, X), y)
    clf = KNeighborsClassifier(n_neighbors=3).fit(X, y)
    with pytest.raises(ValueError, match="n_neighbors must be <= 10"):
        clf.kneighbors(X, n_neighbors=20)
    with pytest.raises(ValueError, match="features"):
        clf.predict(np.ones((2, 3)))


_SPREAD = np.random.default_rng(0).normal(size=(30, 3))
_WIDEST = np.vstack([_SPREAD, [[-1.5e308, 0.0, 0.0], [1.5e308, 0.0, 0.0]]])  # a span beyond the largest double


@pytest.mark.parametrize("p", [1, 2, 3, np.inf])
def test_neighbour_searches_refuse_distances_beyond_float64(p):
    # two points 3e308 apart: no float64 holds their distance, for any p
    with pytest.raises(ValueError, match=f"X is too large for L_p distances with p={p:g}"):
        KDTree(_WIDEST, p=p)
    with pytest.raises(ValueError, match="X and queries is too large"):
        linear_scan(_WIDEST, _WIDEST[:5], k=3, p=p)
    for algorithm in ("kd_tree", "brute"):
        with pytest.raises(ValueError, match="X is too large"):
            KNeighborsClassifier(3, p=p, algorithm=algorithm).fit(_WIDEST, np.arange(len(_WIDEST)) % 2)
    with pytest.raises(ValueError, match="a and b is too large"):
        minkowski_distance(_WIDEST[-1], _WIDEST[-2], p=p)
    with pytest.raises(ValueError, match="X \\(with the tree's data\\) is too large"):
        KDTree(_SPREAD, p=p).query([[1.5e308, 0.0, 0.0], [-1.5e308, 0.0, 0.0]])


def test_neighbour_searches_refuse_a_power_that_overflows_at_unit_scale():
    # 1.8^1500 is beyond float64: points at -0.9 and 0.9 are already at unit scale, and any scaling that brought their
    # reduced distance within range would send the other terms below it
    with pytest.raises(ValueError, match="take a smaller p"):
        KDTree([[-0.9, 0.0], [0.9, 0.0], [0.0, 0.0]], p=1500)


_QUERIES = np.random.default_rng(1).normal(size=(12, 3))
_LABELS = (_SPREAD[:, 0] + _SPREAD[:, 1] > 0).astype(int)


@pytest.mark.parametrize("k", [-1000, -530, 530, 1000])
@pytest.mark.parametrize("p", [2, 3])
def test_neighbour_searches_at_extreme_scales_match_scikit_learn_at_unit_scale(k, p):
    # points near 2^-1000 ~ 1e-301 (squared differences underflowed to 0) or 2^530 ~ 1e160 (they overflowed) tied every
    # distance at 0 or inf, so the "nearest" were the first rows (or were refused). Scaled inside the search by a power
    # of two they are the unit-scale data's neighbours, as scikit-learn finds them, and their distances scale by 2^k
    X, Q = np.ldexp(_SPREAD, k), np.ldexp(_QUERIES, k)
    expected_d, expected_i = SkKDTree(_SPREAD, metric="minkowski", p=p).query(_QUERIES, k=4)
    unit_d, _ = KDTree(_SPREAD, p=p).query(_QUERIES, k=4)
    for bounds in ("book", "bbox"):
        d, i = KDTree(X, p=p, bounds=bounds).query(Q, k=4)
        np.testing.assert_array_equal(i, expected_i)
        np.testing.assert_allclose(np.ldexp(d, -k), expected_d, rtol=1e-12)
        if p == 2:  # a power of two changes no digit of a square or a root: the same distances exactly
            np.testing.assert_array_equal(np.ldexp(d, -k), unit_d)
    d, i = linear_scan(X, Q, k=4, p=p)
    np.testing.assert_array_equal(i, expected_i)
    np.testing.assert_allclose(np.ldexp(d, -k), expected_d, rtol=1e-12)
    reference = scipy_distance.minkowski(_SPREAD[0], _QUERIES[0], p)
    np.testing.assert_allclose(np.ldexp(minkowski_distance(X[0], Q[0], p=p), -k), reference, rtol=1e-12)
    expected = SkKNN(5, p=p).fit(_SPREAD, _LABELS).predict(_QUERIES)
    for algorithm in ("kd_tree", "brute"):
        model = KNeighborsClassifier(5, p=p, algorithm=algorithm).fit(X, _LABELS)
        np.testing.assert_array_equal(model.predict(Q), expected)
        np.testing.assert_array_equal(model.kneighbors(Q, 4)[1], expected_i)


def test_queries_far_from_the_tree_are_searched_with_it():
    # queries near 2^700 ~ 5e210 beside data near 1: data and queries share one scaling; the distances are the
    # queries' norms (the data's coordinates are below their precision), as scikit-learn finds them at 2^-700
    tree = KDTree(_SPREAD)
    d, i = tree.query(np.ldexp(_QUERIES, 700), k=3)
    expected_d, _ = SkKDTree(np.ldexp(_SPREAD, -700)).query(_QUERIES, k=3)
    np.testing.assert_allclose(np.ldexp(d, -700), expected_d, rtol=1e-12)
    np.testing.assert_array_equal(i, linear_scan(_SPREAD, np.ldexp(_QUERIES, 700), k=3)[1])


def test_neighbour_searches_keep_exact_answers_where_distances_fit():
    # p = 1 and p = inf take no powers: 1e-300 and 1e300 data give the same neighbours as the unscaled ones
    X = np.random.default_rng(0).normal(size=(30, 3))
    for p in (1, np.inf):
        expected = KDTree(X, p=p).query(X[:5], k=3)[1]
        for scale in (1e-300, 1e300):
            np.testing.assert_array_equal(KDTree(X * scale, p=p).query(X[:5] * scale, k=3)[1], expected)
            np.testing.assert_array_equal(linear_scan(X * scale, X[:5] * scale, k=3, p=p)[1], expected)


@pytest.mark.parametrize("shape", [(1, 1), (7, 3), (1000, 2), (5, 40)])
def test_column_extremes_are_numpys_column_minima_and_maxima(shape):
    from statlib.neighbors._distance import column_extremes

    X = np.random.default_rng(3).normal(size=shape)
    lo, hi = column_extremes(X)
    np.testing.assert_array_equal(lo, X.min(axis=0))
    np.testing.assert_array_equal(hi, X.max(axis=0))
    lo, hi = column_extremes(np.empty((0, 3)))  # no rows: the identities of min and max
    assert np.all(lo == np.inf) and np.all(hi == -np.inf)


@pytest.mark.parametrize("searcher", ["KDTree", "kd_tree", "brute"])
def test_queries_are_checked_together_with_the_fitted_points(searcher):
    # The fitted points keep their columns' extremes from construction. Points in [-1e308, 1] and queries at 1e308
    # are each fine alone; together their first column spans 2e308, beyond float64, and the query is refused. A check
    # that forgot the stored extremes (or the queries') would let it through.
    X = np.array([[-1e308, 0.0], [1.0, 1.0], [0.5, 0.5]])
    Q = np.array([[1e308, 0.5]])
    if searcher == "KDTree":
        model = KDTree(X)
        query = lambda: model.query(Q, k=1)  # noqa: E731
    else:
        model = KNeighborsClassifier(n_neighbors=1, algorithm=searcher).fit(X, [0, 1, 1])
        query = lambda: model.predict(Q)  # noqa: E731
    with pytest.raises(ValueError, match="too large for L_p distances"):
        query()
