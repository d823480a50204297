"""Li Hang ch. 13 and 14: the chapters' data sets (Tables 13.1-13.5) and the exercise checkers, against answers
derived independently (by enumeration, by the Stirling recurrence, by the random walk written out by hand)."""

import itertools

import numpy as np
import pytest

from statlib.cluster import KMeans, linkage
from statlib.datasets import load_example
from statlib.exercises import check, quiz_questions
from statlib.graph import pagerank, pagerank_iterates
from statlib.topic import LatentDirichletAllocation


# ------------------------------------------------------------------------------------------ ch. 13 data
def test_table_13_1_kmeans_gives_the_books_clusters_from_every_start():
    t = load_example("lihang", "table-13.1")
    for pair in itertools.combinations(range(5), 2):
        km = KMeans(2, init=t.X[list(pair)], tol=0.0).fit(t.X)
        assert km.labels_[0] == km.labels_[1] == km.labels_[2] != km.labels_[3] == km.labels_[4]
        assert np.isclose(km.inertia_, 11 / 3)


def test_table_13_3_is_the_transpose_and_lda_recovers_table_13_4():
    t3, t4 = load_example("lihang", "table-13.3"), load_example("lihang", "table-13.4")
    np.testing.assert_array_equal(t3.X, t3.counts.T)
    assert t3.counts.sum() == 12 and np.all(t3.counts.sum(axis=0) == 2)
    lda = LatentDirichletAllocation(2, alpha=0.01, beta=0.01, n_iter=500, random_state=0).fit(t3.X)
    order = np.argsort(-lda.components_[:, 0])
    np.testing.assert_allclose(lda.components_[order], t4.topic_word, atol=0.005)
    np.testing.assert_allclose(lda.doc_topic_[:, order], t4.doc_topic, atol=0.01)


def test_table_13_5_graph_is_the_only_one_and_reproduces_the_steps():
    t = load_example("lihang", "table-13.5")
    # by hand on the graph A -> B, C; B -> D; C -> A, B, D; D -> C (column-stochastic M, rows are targets)
    M = np.array([[0, 0, 1 / 3, 0], [1 / 2, 0, 1 / 3, 0], [1 / 2, 0, 0, 1], [0, 1, 1 / 3, 0]])
    np.testing.assert_allclose(M, (t.adjacency / t.adjacency.sum(axis=1, keepdims=True)).T)
    np.testing.assert_allclose(pagerank_iterates(t.adjacency, damping=1.0, n_iter=2), t.steps, atol=1e-15)
    np.testing.assert_allclose(pagerank(t.adjacency, damping=1.0, method="algebraic"), [1 / 8, 3 / 16, 3 / 8, 5 / 16])
    pairs = [(i, j) for i in range(4) for j in range(4) if i != j]
    found = 0
    for bits in itertools.product([0, 1], repeat=12):
        A = np.zeros((4, 4))
        A[tuple(np.array(pairs)[np.array(bits, dtype=bool)].T)] = 1.0
        if A.sum(axis=1).min() > 0:
            P = (A / A.sum(axis=1, keepdims=True)).T
            r1 = P @ np.full(4, 0.25)
            found += np.allclose([r1, P @ r1], t.steps[1:], atol=1e-12)
    assert found == 1


def test_table_13_2_is_the_printed_part():
    t = load_example("lihang", "table-13.2")
    assert t.X.shape == (4, 9) and t.X[1, 0] == 0.25 and t.X[3, 2] == 3.2


# ---------------------------------------------------------------------------------------- exercises
def test_13_1_within_scatter():
    assert check("lihang-13.1", 11 / 3)
    assert not check("lihang-13.1", 8 / 3)


def test_13_2_step_four():
    R3 = np.array([3, 4, 9, 8]) / 24
    R4 = [R3[2] / 3, R3[0] / 2 + R3[2] / 3, R3[0] / 2 + R3[3], R3[1] + R3[2] / 3]
    assert check("lihang-13.2", R4)
    assert not check("lihang-13.2", R3)
    # 3/16 = 0.1875 is exactly halfway between the 3-decimal roundings: both must pass
    assert check("lihang-13.2", [0.125, 0.188, 0.396, 0.292])
    assert check("lihang-13.2", [0.125, 0.187, 0.396, 0.292])


def test_14_1_first_divisive_split_of_example_14_1():
    D = load_example("lihang", "14.1").distances
    a, b = np.unravel_index(np.argmax(D), D.shape)
    group = sorted(i + 1 for i in range(5) if D[i, a] <= D[i, b])
    assert check("lihang-14.1", group) and check("lihang-14.1", [2, 4])
    assert not check("lihang-14.1", [0, 2, 4]) and not check("lihang-14.1", [1, 2])
    # it is also the top split of the single-linkage hierarchy (the last merge joins {x1, x3, x5} and {x2, x4})
    Z = linkage(D, "single", metric="precomputed")
    assert Z[-1, 3] == 5 and sorted([Z[-2, 3], Z[-3, 3]]) == [2, 3]


def test_14_2_and_14_4_true_false():
    assert check("lihang-14.2", False) and not check("lihang-14.2", True)
    assert check("lihang-14.4", True) and not check("lihang-14.4", False)


def _stirling_by_recurrence(n, k):
    # S(n, k) = k S(n-1, k) + S(n-1, k-1): the last sample opens a new cluster or joins one of k
    table = [[1] + [0] * k] + [[0] * (k + 1) for _ in range(n)]
    for i in range(1, n + 1):
        for j in range(1, k + 1):
            table[i][j] = j * table[i - 1][j] + table[i - 1][j - 1]
    return table[n][k]


def test_14_3_stirling_numbers():
    expected = [_stirling_by_recurrence(5, 2), _stirling_by_recurrence(10, 3)]
    assert expected == [15, 9330]
    assert check("lihang-14.3", expected)
    assert not check("lihang-14.3", [-16, 9330])  # the printed (14.21) with k^n gives -16 for S(5, 2)


@pytest.mark.parametrize("exercise", ["lihang-13.1", "lihang-13.2", "lihang-14.2", "lihang-14.3", "lihang-14.4"])
def test_quizzes_exist(exercise):
    assert quiz_questions(exercise)
