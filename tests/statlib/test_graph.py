"""statlib.graph.pagerank: Li Hang ch. 21's worked examples, networkx, exact solutions and eigenvectors."""

import warnings
from fractions import Fraction as F

import networkx as nx
import numpy as np
import pytest
import scipy.sparse as sp
from sklearn.exceptions import ConvergenceWarning

from statlib.datasets import load_example
from statlib.graph import google_matrix, pagerank, pagerank_from_transition, pagerank_iterates, transition_matrix

ABCD = "ABCD"


def fractions(*values):
    return np.array([float(v) for v in values])


def exact_solve(lhs, rhs):
    """Gauss-Jordan elimination over the rationals (an exact answer independent of the code under test)."""
    n = len(rhs)
    a = [[F(v) for v in row] + [F(r)] for row, r in zip(lhs, rhs)]
    for col in range(n):
        pivot = next(r for r in range(col, n) if a[r][col] != 0)
        a[col], a[pivot] = a[pivot], a[col]
        a[col] = [v / a[col][col] for v in a[col]]
        for r in range(n):
            if r != col and a[r][col] != 0:
                factor = a[r][col]
                a[r] = [v - factor * w for v, w in zip(a[r], a[col])]
    return [a[r][n] for r in range(n)]


def exact_general_pagerank(edges, n, d):
    """R = d M R + (1 - d)/n 1 with uniform dangling columns, solved exactly over the rationals."""
    out = {j: [i for (s, i) in edges if s == j] for j in range(n)}
    M = [[F(0)] * n for _ in range(n)]
    for j in range(n):
        if out[j]:
            for i in out[j]:
                M[i][j] += F(1, len(out[j]))
        else:
            for i in range(n):
                M[i][j] = F(1, n)
    lhs = [[(1 if i == j else 0) - d * M[i][j] for j in range(n)] for i in range(n)]
    return exact_solve(lhs, [(1 - d) / n] * n)


# --------------------------------------------------------------------------------------------------
# The transition matrices the book prints


def test_transition_matrix_of_fig_21_1_is_the_books_M():
    M = transition_matrix(load_example("lihang", "21.1").adjacency)
    book = [[0, F(1, 2), 1, 0], [F(1, 3), 0, 0, F(1, 2)], [F(1, 3), 0, 0, F(1, 2)], [F(1, 3), F(1, 2), 0, 0]]
    np.testing.assert_array_equal(M, np.array(book, dtype=float))
    np.testing.assert_allclose(M.sum(axis=0), 1.0, rtol=1e-15)  # (21.3)


def test_transition_matrices_of_examples_21_2_to_21_4():
    M2 = transition_matrix(load_example("lihang", "21.2").adjacency)
    np.testing.assert_array_equal(M2, [[0, 0.5, 0, 0], [1 / 3, 0, 0, 0.5], [1 / 3, 0, 0, 0.5], [1 / 3, 0.5, 0, 0]])
    assert M2[:, 2].sum() == 0  # "the third column sums to 0, not 1"
    M3 = transition_matrix(load_example("lihang", "21.3").adjacency)
    np.testing.assert_array_equal(M3, [[0, 0.5, 0, 0], [1 / 3, 0, 0, 0.5], [1 / 3, 0, 1, 0.5], [1 / 3, 0.5, 0, 0]])
    np.testing.assert_allclose(
        0.8 * M3, [[0, 0.4, 0, 0], [4 / 15, 0, 0, 0.4], [4 / 15, 0, 0.8, 0.4], [4 / 15, 0.4, 0, 0]], rtol=1e-15
    )
    M4 = transition_matrix(load_example("lihang", "21.4").adjacency)
    np.testing.assert_array_equal(M4, [[0, 0, 1], [0.5, 0, 0], [0.5, 1, 0]])


def test_google_matrix_of_example_21_4():
    A = google_matrix(load_example("lihang", "21.4").adjacency, damping=0.85)
    np.testing.assert_allclose(A, [[0.05, 0.05, 0.9], [0.475, 0.05, 0.05], [0.475, 0.9, 0.05]], rtol=1e-14)


def test_transition_matrix_dangling_options_and_sparse_input():
    adjacency = load_example("lihang", "21.2").adjacency
    M = transition_matrix(adjacency, dangling="uniform")
    np.testing.assert_array_equal(M[:, 2], 0.25)
    np.testing.assert_allclose(M.sum(axis=0), 1.0, rtol=1e-15)
    Ms = transition_matrix(sp.csr_array(adjacency), dangling="uniform")
    assert sp.issparse(Ms)
    np.testing.assert_array_equal(Ms.toarray(), M)
    with pytest.raises(ValueError, match=r"adjacency has 1 dangling node.*node 2"):
        transition_matrix(adjacency, dangling="error")


def test_weighted_links_are_normalised_by_out_weight():
    adjacency = np.array([[0, 3, 1], [1, 0, 0], [2, 2, 0]], dtype=float)
    M = transition_matrix(adjacency)
    np.testing.assert_allclose(M, [[0, 1, 0.5], [0.75, 0, 0.5], [0.25, 0, 0]], rtol=1e-15)


# --------------------------------------------------------------------------------------------------
# Example 21.1: basic PageRank


def test_example_21_1_iterates_are_the_books_fractions():
    ex = load_example("lihang", "21.1")
    R = pagerank_iterates(ex.adjacency, damping=1.0, n_iter=3, start=ex.start)
    expected = [
        fractions(F(1, 4), F(1, 4), F(1, 4), F(1, 4)),
        fractions(F(9, 24), F(5, 24), F(5, 24), F(5, 24)),
        fractions(F(15, 48), F(11, 48), F(11, 48), F(11, 48)),
        fractions(F(11, 32), F(7, 32), F(7, 32), F(7, 32)),
    ]
    np.testing.assert_allclose(R, expected, rtol=1e-15, atol=0)


@pytest.mark.parametrize("method", ["power", "algebraic", "power_max_norm"])
def test_example_21_1_limit(method):
    R = pagerank(load_example("lihang", "21.1").adjacency, damping=1.0, method=method, tol=1e-15)
    np.testing.assert_allclose(R, fractions(F(3, 9), F(2, 9), F(2, 9), F(2, 9)), rtol=1e-13)


def test_exercise_21_2_any_start_gives_the_same_limit():
    rng = np.random.default_rng(0)
    adjacency = load_example("lihang", "21.1").adjacency
    for _ in range(5):
        R = pagerank(adjacency, damping=1.0, start=rng.random(4), tol=1e-15)
        np.testing.assert_allclose(R, [1 / 3, 2 / 9, 2 / 9, 2 / 9], rtol=1e-13)


# --------------------------------------------------------------------------------------------------
# Example 21.2: the iterates drain away through the dangling node; basic PageRank is refused


def test_example_21_2_iterates_collapse_to_zero():
    ex = load_example("lihang", "21.2")
    R = pagerank_iterates(ex.adjacency, damping=1.0, n_iter=200, dangling="zero", start=ex.start)
    expected = [
        fractions(F(1, 4), F(1, 4), F(1, 4), F(1, 4)),
        fractions(F(3, 24), F(5, 24), F(5, 24), F(5, 24)),
        fractions(F(5, 48), F(7, 48), F(7, 48), F(7, 48)),
        fractions(F(21, 288), F(31, 288), F(31, 288), F(31, 288)),
    ]
    np.testing.assert_allclose(R[:4], expected, rtol=1e-15, atol=0)
    assert np.all(np.diff(R.sum(axis=1)) < 0)  # the mass leaks at every step
    assert R[-1].max() < 1e-20  # ... to (0, 0, 0, 0)


@pytest.mark.parametrize("method", ["power", "algebraic", "power_max_norm"])
def test_basic_pagerank_refuses_a_dangling_node(method):
    with pytest.raises(ValueError, match=r"adjacency has 1 dangling node.*node 2.*damping=1"):
        pagerank(load_example("lihang", "21.2").adjacency, damping=1.0, method=method)


def test_basic_pagerank_refuses_graphs_that_are_not_strongly_connected():
    # Fig. 21.4 has no dangling node, but nothing leaves C: C is its own strong component.
    with pytest.raises(ValueError, match="adjacency is not strongly connected"):
        pagerank(load_example("lihang", "21.3").adjacency, damping=1.0)


@pytest.mark.parametrize("method", ["power", "algebraic"])
def test_basic_pagerank_refuses_a_periodic_graph(method):
    cycle = load_example("lihang", "figure-21.2").adjacency
    with pytest.raises(ValueError, match=r"adjacency is periodic.*divisible by 3"):
        pagerank(cycle, damping=1.0, method=method)
    # A self-loop breaks the period; the stationary distribution of the lazy cycle is then found.
    lazy = cycle.copy()
    lazy[0, 0] = 1
    R = pagerank(lazy, damping=1.0, method=method, tol=1e-14)
    # By hand: A -> A, B (1/2 each), B -> C, C -> A, so pi_B = pi_A / 2, pi_C = pi_B, pi_A = pi_A / 2 + pi_C:
    # pi = (2, 1, 1) / 4.
    M = transition_matrix(lazy)
    np.testing.assert_allclose(M @ R, R, atol=1e-13)
    np.testing.assert_allclose(R, [0.5, 0.25, 0.25], rtol=1e-12)


def test_periodic_graph_with_damping_below_one_is_uniform():
    R = pagerank(load_example("lihang", "figure-21.2").adjacency, damping=0.85)
    np.testing.assert_allclose(R, 1 / 3, rtol=1e-14)


# --------------------------------------------------------------------------------------------------
# Example 21.3: general PageRank with a self-loop


def test_example_21_3_iterates_are_the_books_fractions():
    ex = load_example("lihang", "21.3")
    R = pagerank_iterates(ex.adjacency, damping=ex.damping, n_iter=3, start=ex.start)
    expected = [
        fractions(F(1, 4), F(1, 4), F(1, 4), F(1, 4)),
        fractions(F(9, 60), F(13, 60), F(25, 60), F(13, 60)),
        fractions(F(41, 300), F(53, 300), F(153, 300), F(53, 300)),
        fractions(F(543, 4500), F(707, 4500), F(2543, 4500), F(707, 4500)),
    ]
    np.testing.assert_allclose(R, expected, rtol=1e-15, atol=0)


@pytest.mark.parametrize("method", ["power", "algebraic", "power_max_norm"])
@pytest.mark.parametrize("as_sparse", [False, True])
def test_example_21_3_limit(method, as_sparse):
    ex = load_example("lihang", "21.3")
    adjacency = sp.csr_array(ex.adjacency) if as_sparse else ex.adjacency
    R = pagerank(adjacency, damping=0.8, method=method, tol=1e-15)
    book = fractions(F(15, 148), F(19, 148), F(95, 148), F(19, 148))
    np.testing.assert_allclose(R, book, rtol=1e-13 if method != "algebraic" else 1e-15)
    assert R[2] > 0.5  # "C's PageRank exceeds one half"


def test_example_21_3_limit_solves_the_exact_equation():
    # The book's answer from exact rational arithmetic on (21.23).
    edges = [(0, 1), (0, 2), (0, 3), (1, 0), (1, 3), (2, 2), (3, 1), (3, 2)]
    assert exact_general_pagerank(edges, 4, F(4, 5)) == [F(15, 148), F(19, 148), F(95, 148), F(19, 148)]


# --------------------------------------------------------------------------------------------------
# Example 21.4: the power method with the infinity norm


def test_example_21_4_early_iterates_to_the_printed_digits():
    ex = load_example("lihang", "21.4")
    x = pagerank_iterates(ex.adjacency, damping=0.85, n_iter=6, method="power_max_norm", start=ex.start)
    printed = np.array(
        [
            [1, 1, 1],
            [0.7018, 0.4035, 1],
            [1, 0.4224, 0.7814],
            [0.8659, 0.5985, 1],
            [0.9732, 0.4912, 1],
            [1, 0.5516, 0.9807],
            [0.9409, 0.5405, 1],
        ]
    )
    # Three printed entries differ from the exact iterates in the 4th decimal: x_2[2] = 0.781451 (printed
    # 0.7814), x_3[0] = 0.866018 (printed 0.8659) and x_4[1] = 0.491283 (printed 0.4912). The first two
    # come from dividing the printed, rounded y_t: 0.7465 / 0.9553 = 0.78143, 0.7744 / 0.8943 = 0.86593.
    np.testing.assert_allclose(x, printed, atol=1.2e-4)
    agree = np.abs(np.round(x, 4) - printed) < 1e-9
    assert sorted(zip(*np.nonzero(~agree))) == [(2, 2), (3, 0), (4, 1)]
    assert round(0.7465 / 0.9553, 4) == printed[2, 2] and round(0.7744 / 0.8943, 4) == printed[3, 0]
    # The products y_t = A x_{t-1} the book prints before normalising.
    A = google_matrix(ex.adjacency, damping=0.85)
    np.testing.assert_allclose(A @ x[0], [1, 0.575, 1.425], rtol=1e-14)
    np.testing.assert_allclose(A @ x[1], [0.9553, 0.4035, 0.7465], atol=5e-5)
    # The book prints y_3 = (0.7744, 0.5352, 0.8943); its 3rd entry is 0.475 + 0.9 * 0.4224 + 0.05 * 0.7814
    # = 0.89423 even from the printed x_2 (exactly 0.894238), and x_3[0] = 0.7744 / 0.8942 would round to 0.8660.
    np.testing.assert_array_equal(np.round(A @ x[2], 4), [0.7744, 0.5352, 0.8942])


@pytest.mark.parametrize("method", ["power_max_norm", "power", "algebraic"])
def test_example_21_4_answer(method):
    ex = load_example("lihang", "21.4")
    R = pagerank(ex.adjacency, damping=0.85, method=method, start=ex.start if method != "algebraic" else None)
    # The exact answer rounds to (0.3878, 0.2148, 0.3974); the book prints (0.3877, 0.2149, 0.3974) for its
    # x_21 = (0.9756, 0.5406, 1), which normalised is (0.3877, 0.2148, 0.3974): the 0.2149 is a further slip.
    np.testing.assert_allclose(R, [0.3878, 0.2148, 0.3974], atol=5e-5)
    exact = exact_general_pagerank([(0, 1), (0, 2), (1, 2), (2, 0)], 3, F(17, 20))
    np.testing.assert_allclose(R, [float(v) for v in exact], rtol=1e-9)
    np.testing.assert_allclose(R / R.max(), [0.9758, 0.5405, 1.0], atol=5e-5)
    book_x21 = np.array([0.9756, 0.5406, 1.0])
    np.testing.assert_array_equal(np.round(book_x21 / book_x21.sum(), 4), [0.3877, 0.2148, 0.3974])


# --------------------------------------------------------------------------------------------------
# Dangling nodes with the uniform convention: exact answers and networkx


def test_two_node_graph_with_a_dangling_node_by_hand():
    # A -> B, B dangling. With uniform jumps from B: R_A = (1 - d)/2 + d R_B / 2 and R_A + R_B = 1,
    # so R_A = 1 / (2 + d), R_B = (1 + d) / (2 + d).
    for d in (0.5, 0.85, 0.99):
        for method in ("power", "algebraic", "power_max_norm"):
            R = pagerank([[0, 1], [0, 0]], damping=d, method=method, tol=1e-15)
            np.testing.assert_allclose(R, [1 / (2 + d), (1 + d) / (2 + d)], rtol=1e-13)


@pytest.mark.parametrize("as_sparse", [False, True])
def test_fig_21_3_with_uniform_dangling_matches_exact_rationals(as_sparse):
    adjacency = load_example("lihang", "21.2").adjacency
    edges = [tuple(e) for e in np.argwhere(adjacency)]
    exact = np.array([float(v) for v in exact_general_pagerank(edges, 4, F(4, 5))])
    A = sp.csr_array(adjacency) if as_sparse else adjacency
    for method in ("power", "algebraic", "power_max_norm"):
        np.testing.assert_allclose(pagerank(A, damping=0.8, method=method, tol=1e-15), exact, rtol=1e-13)


def test_dangling_error_names_the_node():
    adjacency = load_example("lihang", "21.2").adjacency
    for method in ("power", "algebraic", "power_max_norm"):
        with pytest.raises(ValueError, match=r"adjacency has 1 dangling node.*node 2.*dangling='uniform'"):
            pagerank(adjacency, damping=0.85, method=method, dangling="error")
    # Example 21.3's C has a self-loop: not dangling, accepted under "error".
    pagerank(load_example("lihang", "21.3").adjacency, damping=0.8, dangling="error")


def random_graph(rng, n, p, weighted=False, n_dangling=2, self_loops=True):
    A = (rng.random((n, n)) < p).astype(float)
    if weighted:
        A *= rng.uniform(0.1, 5.0, size=(n, n))
    if not self_loops:
        np.fill_diagonal(A, 0)
    A[rng.choice(n, size=n_dangling, replace=False)] = 0
    return A


def networkx_pagerank(A, d, tol_l1):
    G = nx.from_numpy_array(A, create_using=nx.DiGraph)
    n = A.shape[0]
    result = nx.pagerank(G, alpha=d, tol=tol_l1 / n, max_iter=10_000)
    return np.array([result[i] for i in range(n)])


@pytest.mark.parametrize("seed", range(6))
def test_agrees_with_networkx_on_random_graphs_with_dangling_nodes(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(5, 80))
    A = random_graph(rng, n, p=rng.uniform(0.02, 0.3), weighted=seed % 2 == 1, n_dangling=int(rng.integers(1, 4)))
    d = [0.5, 0.85, 0.9, 0.99, 0.7, 0.85][seed]
    reference = networkx_pagerank(A, d, 1e-14)
    for method in ("power", "algebraic", "power_max_norm"):
        R = pagerank(A, damping=d, method=method, tol=1e-14)
        np.testing.assert_allclose(R, reference, rtol=1e-10, atol=0)
        np.testing.assert_allclose(
            pagerank(sp.csr_array(A), damping=d, method=method, tol=1e-14), reference, rtol=1e-10, atol=0
        )


def test_same_stopping_rule_as_networkx():
    # At a loose tolerance both stop after the same step, so the vectors agree far below the tolerance.
    rng = np.random.default_rng(7)
    A = random_graph(rng, 300, 0.02)
    R, n_iter = pagerank(A, damping=0.85, tol=1e-6, return_n_iter=True)
    np.testing.assert_allclose(R, networkx_pagerank(A, 0.85, 1e-6), rtol=1e-12)
    assert n_iter > 5


@pytest.mark.parametrize("seed", range(4))
def test_agrees_with_the_dominant_eigenvector_of_A(seed):
    rng = np.random.default_rng(100 + seed)
    A = random_graph(rng, 40, 0.1, weighted=True)
    G = google_matrix(A, damping=0.85)
    np.testing.assert_allclose(G.sum(axis=0), 1.0, rtol=1e-14)  # column-stochastic
    values, vectors = np.linalg.eig(G)
    top = np.argmax(np.abs(values))
    np.testing.assert_allclose(values[top], 1.0, rtol=1e-12)  # (21.22): dominant eigenvalue 1
    v = np.real(vectors[:, top])
    v /= v.sum()
    np.testing.assert_allclose(pagerank(A, tol=1e-15), v, rtol=1e-10)
    np.testing.assert_allclose(pagerank(A, method="algebraic"), v, rtol=1e-10)


def test_result_is_a_positive_probability_vector_and_satisfies_21_10():
    rng = np.random.default_rng(3)
    A = random_graph(rng, 60, 0.05)
    M = transition_matrix(A, dangling="uniform")
    R = pagerank(A, damping=0.85, tol=1e-15)
    assert np.all(R > 0) and abs(R.sum() - 1) < 1e-14  # (21.12), (21.13)
    np.testing.assert_allclose(0.85 * M @ R + 0.15 / 60, R, rtol=1e-13)  # (21.10)


def test_numerics_at_scale_sparse_graph_matches_networkx():
    # 20 000 nodes, 200 000 links, some dangling: the sparse power iteration against networkx's scipy one.
    rng = np.random.default_rng(11)
    n, m = 20_000, 200_000
    src, dst = rng.integers(0, n, m), rng.integers(0, n, m)
    keep = ~np.isin(src, rng.choice(n, 500, replace=False))
    A = sp.csr_array((np.ones(keep.sum()), (src[keep], dst[keep])), shape=(n, n))
    A.data[:] = 1.0  # repeated links count once, as in a networkx DiGraph
    R = pagerank(A, damping=0.85, tol=1e-12)
    G = nx.from_scipy_sparse_array(A, create_using=nx.DiGraph)
    ref = nx.pagerank(G, alpha=0.85, tol=1e-12 / n, max_iter=1000)
    np.testing.assert_allclose(R, [ref[i] for i in range(n)], rtol=1e-9)
    assert abs(R.sum() - 1) < 1e-12


# --------------------------------------------------------------------------------------------------
# Convergence, iteration counts, input handling


def test_convergence_warning_and_iteration_count():
    adjacency = load_example("lihang", "21.3").adjacency
    with pytest.warns(ConvergenceWarning, match="did not converge in max_iter=3"):
        R, n_iter = pagerank(adjacency, damping=0.8, max_iter=3, return_n_iter=True)
    assert n_iter == 3
    # The three steps are the book's R_1..R_3 (the returned vector is R_3 rescaled to sum 1).
    np.testing.assert_allclose(R, np.array([543, 707, 2543, 707]) / 4500, rtol=1e-15)
    with warnings.catch_warnings():
        warnings.simplefilter("error", ConvergenceWarning)
        R, n_iter = pagerank(adjacency, damping=0.8, tol=1e-12, return_n_iter=True)
    # The error contracts by a factor d = 0.8 or better per step: at most log(1e-12) / log(0.8) = 124 steps,
    # and the stopping rule leaves R within d / (1 - d) * tol of the answer in the L1 norm.
    assert 10 < n_iter <= 124
    assert np.abs(R - np.array([15, 19, 95, 19]) / 148).sum() < 4 * 1e-12
    _, n_alg = pagerank(adjacency, damping=0.8, method="algebraic", return_n_iter=True)
    assert n_alg == 0


def test_does_not_modify_its_input_and_is_deterministic():
    rng = np.random.default_rng(5)
    A = random_graph(rng, 50, 0.1, weighted=True)
    S = sp.csr_array(A)
    A0, S0 = A.copy(), S.copy()
    R1 = pagerank(A)
    R2 = pagerank(A)
    R3 = pagerank(S)
    assert np.array_equal(R1, R2)
    np.testing.assert_array_equal(A, A0)
    assert (S != S0).nnz == 0
    np.testing.assert_allclose(R1, R3, rtol=1e-14)


def test_accepts_integer_boolean_coo_and_duplicate_entries():
    adjacency = load_example("lihang", "21.3").adjacency
    book = np.array([15, 19, 95, 19]) / 148
    for A in (adjacency.astype(bool), adjacency.astype(np.int32), sp.coo_array(adjacency), sp.csc_matrix(adjacency)):
        np.testing.assert_allclose(pagerank(A, damping=0.8, tol=1e-15), book, rtol=1e-13)
    # Duplicate COO entries add up: link 0 -> 1 of weight 2 twice the others.
    coo = sp.coo_array((np.ones(3), ([0, 0, 0], [1, 1, 2])), shape=(3, 3))
    np.testing.assert_allclose(transition_matrix(coo).toarray()[:, 0], [0, 2 / 3, 1 / 3], rtol=1e-15)


def test_single_node():
    np.testing.assert_array_equal(pagerank([[1]], damping=1.0), [1.0])
    np.testing.assert_array_equal(pagerank([[0]], damping=0.5), [1.0])
    with pytest.raises(ValueError, match="dangling node"):
        pagerank([[0]], damping=1.0)


@pytest.mark.parametrize(
    "kwargs, name",
    [
        (dict(damping=0.0), "damping"),
        (dict(damping=1.5), "damping"),
        (dict(damping=float("nan")), "damping"),
        (dict(damping="0.85"), "damping"),
        (dict(method="eigen"), "method"),
        (dict(tol=-1.0), "tol"),
        (dict(max_iter=0), "max_iter"),
        (dict(max_iter=2.5), "max_iter"),
        (dict(dangling="zero"), "dangling"),
        (dict(start=[1, 1]), "start"),
        (dict(start=[0, 0, 0, 0]), "start"),
        (dict(start=[1, -1, 1, 1]), "start"),
        (dict(return_n_iter="yes"), "return_n_iter"),
    ],
)
def test_bad_parameters_name_themselves(kwargs, name):
    with pytest.raises((ValueError, TypeError), match=name):
        pagerank(load_example("lihang", "21.1").adjacency, **kwargs)


@pytest.mark.parametrize(
    "adjacency, message",
    [
        (np.ones((3, 4)), "square"),
        (np.ones(4), "2-D"),
        (np.ones((2, 2, 2)), "2-D"),
        ([[0, -1], [1, 0]], r"non-negative.*adjacency\[0, 1\]"),
        ([[0, np.nan], [1, 0]], "finite"),
        ([[0, np.inf], [1, 0]], "finite"),
        ([["a", "b"], ["c", "d"]], "numbers"),
        (np.zeros((0, 0)), "at least 1"),
        (sp.csr_array(np.ones((2, 3))), "square"),
        (sp.csr_array(np.array([[0, -1.0], [1, 0]])), "non-negative"),
        (sp.csr_array(np.array([[0, np.nan], [1, 0]])), "finite"),
        (sp.csr_array(np.array([[0, 1j], [1, 0]])), "real numbers"),
        (nx.DiGraph([(0, 1)]), "adjacency"),
    ],
)
def test_bad_adjacency_is_refused(adjacency, message):
    with pytest.raises((ValueError, TypeError), match=message) as error:
        pagerank(adjacency)
    assert "adjacency" in str(error.value)


def test_iterates_validation():
    adjacency = load_example("lihang", "21.1").adjacency
    with pytest.raises(ValueError, match="n_iter"):
        pagerank_iterates(adjacency, n_iter=-1)
    with pytest.raises(ValueError, match="method"):
        pagerank_iterates(adjacency, method="algebraic")
    with pytest.raises(ValueError, match="dangling"):
        pagerank_iterates(load_example("lihang", "21.2").adjacency, dangling="error")
    with pytest.raises(ValueError, match="dangling"):
        transition_matrix(adjacency, dangling="drop")
    assert pagerank_iterates(adjacency, n_iter=0).shape == (1, 4)


# --------------------------------------------------------------------------------------------------
# The book's M as a front door


BOOK_M_21_1 = np.array([[0, 1 / 2, 1, 0], [1 / 3, 0, 0, 1 / 2], [1 / 3, 0, 0, 1 / 2], [1 / 3, 1 / 2, 0, 0]])


@pytest.mark.parametrize("method", ["power", "algebraic"])
@pytest.mark.parametrize("as_sparse", [False, True])
def test_example_21_1_through_the_books_M(method, as_sparse):
    M = sp.csr_array(BOOK_M_21_1) if as_sparse else BOOK_M_21_1
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        R = pagerank_from_transition(M, damping=1.0, method=method, tol=1e-14)
    np.testing.assert_allclose(R, fractions(F(1, 3), F(2, 9), F(2, 9), F(2, 9)), atol=1e-12)


def test_example_21_3_through_the_books_M():
    # Example 21.3 as printed: M of Fig. 21.4 (self-loop at C), d = 0.8; R = (15, 19, 95, 19)/148.
    M = np.array([[0, 1 / 2, 0, 0], [1 / 3, 0, 0, 1 / 2], [1 / 3, 0, 1, 1 / 2], [1 / 3, 1 / 2, 0, 0]])
    R = pagerank_from_transition(M, damping=0.8, method="algebraic")
    np.testing.assert_allclose(R, np.array([15, 19, 95, 19]) / 148, atol=1e-14)


def test_transition_door_treats_a_zero_column_as_a_dangling_node():
    # Example 21.2's M has a zero column (C); the uniform convention gives the exact rationals of Fig. 21.3.
    M = np.array([[0, 1 / 2, 0, 0], [1 / 3, 0, 0, 1 / 2], [1 / 3, 0, 0, 1 / 2], [1 / 3, 1 / 2, 0, 0]])
    edges = [(0, 1), (0, 2), (0, 3), (1, 0), (1, 3), (3, 1), (3, 2)]
    exact = exact_general_pagerank(edges, 4, F(85, 100))
    np.testing.assert_allclose(pagerank_from_transition(M, method="algebraic"), [float(v) for v in exact], atol=1e-14)
    with pytest.raises(ValueError, match="dangling"):
        pagerank_from_transition(M, dangling="error")


def test_transition_door_agrees_with_the_adjacency_door_on_weighted_graphs():
    rng = np.random.default_rng(7)
    W = (rng.random((30, 30)) < 0.2) * rng.uniform(0.5, 3.0, size=(30, 30))
    W[rng.integers(0, 30)] = 0.0
    M = transition_matrix(W)  # independent construction: checked against the book's M above
    np.testing.assert_allclose(pagerank_from_transition(M, tol=1e-13), pagerank(W, tol=1e-13), atol=1e-12)


@pytest.mark.parametrize(
    "M, error, message",
    [
        (BOOK_M_21_1.T, ValueError, "M must be column-stochastic.*column 0 sums to 1.5"),
        (np.ones((2, 3)) / 2, ValueError, "M must be a square"),
        (-BOOK_M_21_1, ValueError, "M must have non-negative"),
        (np.array([[np.nan, 1.0], [1.0, 0.0]]), ValueError, "M"),
        (np.array([["a", "b"], ["c", "d"]]), TypeError, "M"),
    ],
)
def test_transition_door_refuses_what_is_not_column_stochastic(M, error, message):
    with pytest.raises(error, match=message):
        pagerank_from_transition(M)


def test_adjacency_door_warns_when_given_the_books_M():
    with pytest.warns(UserWarning, match="pagerank_from_transition"):
        R = pagerank(BOOK_M_21_1, damping=1.0)
    # It answers a different question: the walk along the reversed links (the brief's numbers).
    np.testing.assert_allclose(R, [0.286, 0.256, 0.190, 0.268], atol=5e-4)
    with pytest.warns(UserWarning, match="pagerank_from_transition"):
        pagerank(sp.csr_array(BOOK_M_21_1))


def test_adjacency_door_does_not_warn_on_adjacency_matrices():
    row_stochastic = transition_matrix(load_example("lihang", "21.1").adjacency).T  # rows sum to 1: a weighted graph
    doubly = np.full((3, 3), 1 / 3)  # columns and rows sum to 1: both readings give the same answer
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        pagerank(load_example("lihang", "21.1").adjacency)
        pagerank(row_stochastic)
        np.testing.assert_allclose(pagerank(doubly), np.full(3, 1 / 3), rtol=1e-12)


def test_canonical_csr_input_is_read_in_place_and_other_sparse_forms_agree():
    # A square float64 CSR with sorted, distinct indices and positive weights is validated in one pass without a
    # copy; every other sparse form (duplicates, stored zeros, unsorted indices, NaN) takes the cleaning path.
    rng = np.random.default_rng(3)
    dense = (rng.random((30, 30)) < 0.15) * rng.integers(1, 4, size=(30, 30)).astype(float)
    dense[5] = 0.0  # a dangling node
    expected = pagerank(dense)
    clean = sp.csr_array(dense)
    saved = (clean.data.copy(), clean.indices.copy(), clean.indptr.copy())
    np.testing.assert_allclose(pagerank(clean), expected, rtol=0, atol=1e-15)
    for before, after in zip(saved, (clean.data, clean.indices, clean.indptr)):
        np.testing.assert_array_equal(after, before)
    indptr, indices, data = clean.indptr, clean.indices, clean.data
    rev = np.concatenate([np.arange(indptr[i + 1] - 1, indptr[i] - 1, -1) for i in range(30)]).astype(int)
    unsorted = sp.csr_array((data[rev], indices[rev], indptr), shape=dense.shape)  # each row's links reversed
    split = np.repeat(np.arange(data.size), 2)  # each link stored twice with half its weight
    messy = sp.csr_array((data[split] / 2, indices[split], 2 * indptr), shape=dense.shape)
    messy.data[0] = 0.0  # and one stored zero beside its twin
    messy.data[1] *= 2
    at = indptr[5]  # the dangling node 5 given one stored zero: still dangling
    zero_row = sp.csr_array(
        (np.insert(data, at, 0.0), np.insert(indices, at, 0), indptr + (np.arange(31) > 5)), shape=dense.shape
    )
    for A in (unsorted, messy, zero_row, sp.csr_matrix(dense)):
        np.testing.assert_allclose(pagerank(A), expected, rtol=0, atol=1e-12)
    bad = sp.csr_array(dense)
    bad.data[0] = np.nan
    with pytest.raises(ValueError, match="finite"):
        pagerank(bad)


@pytest.mark.parametrize("weighted", [False, True])
def test_grouped_links_give_the_plain_push_iterates_bit_for_bit(weighted):
    # above 2^15 nodes the power step reads the links grouped by target block; each node still receives the same
    # terms in the same order, so the iterates are those of the plain push that pagerank_iterates runs
    rng = np.random.default_rng(7)
    n, m = 40_000, 240_000
    codes = np.unique(rng.integers(0, n, size=m) * n + rng.integers(0, n, size=m))
    data = rng.uniform(0.5, 2.0, size=codes.size) if weighted else np.ones(codes.size)
    A = sp.csr_array((data, np.divmod(codes, n)), shape=(n, n))
    R, steps = pagerank(A, damping=0.85, tol=1e-10, return_n_iter=True)
    trace = pagerank_iterates(A, damping=0.85, n_iter=steps)[-1]
    assert np.array_equal(R, trace / trace.sum())


@pytest.mark.parametrize("weighted", [False, True])
def test_grouped_links_give_the_plain_max_norm_iterates_bit_for_bit(weighted):
    # Algorithm 21.2 (method="power_max_norm") above 2^15 nodes: the step over the links grouped by target block
    # gives the iterates of the plain push over the CSR links bit for bit, and the normalised limit is (21.15)'s
    from statlib.graph._pagerank import _kernel_arrays, _link_blocks, _power_method

    rng = np.random.default_rng(11)
    n, m = 40_000, 240_000
    codes = np.unique(rng.integers(0, n, size=m) * n + rng.integers(0, n, size=m))
    data = rng.uniform(0.5, 2.0, size=codes.size) if weighted else np.ones(codes.size)
    A = sp.csr_array((data, np.divmod(codes, n)), shape=(n, n))
    indptr, indices, weights, inv_out = _kernel_arrays(A)
    starts, sources, offsets, block_weights, dangling = _link_blocks(indptr, indices, weights, n)
    assert starts.size > 2  # more than one target block: the grouped step runs
    steps = 30

    def run(links, link_weights):  # 30 steps of Algorithm 21.2 from x0 = 1, with no early stop (tol = 0)
        return _power_method(indptr, indices, link_weights, inv_out, *links, 0.85, 1.0, np.ones(n), 0.0, steps, True)

    grouped = run((starts, sources, offsets, dangling), block_weights)
    plain = run((starts[:0], sources[:0], offsets[:0], dangling[:0]), weights)  # no blocks: the plain push
    assert grouped[1] == plain[1] == steps
    assert np.array_equal(grouped[0], plain[0])
    assert grouped[0].max() == 1.0  # (21.21): each iterate is scaled to maximum 1
    R = pagerank(A, damping=0.85, method="power_max_norm", tol=1e-9)  # on x scaled to max 1
    np.testing.assert_allclose(R, pagerank(A, damping=0.85, tol=1e-13), rtol=1e-9)


@pytest.mark.parametrize("scale", [5e-324, 1e-300, 1e300, 5e307])
@pytest.mark.parametrize("kind", ["dense", "sparse"])
def test_link_weights_of_any_finite_scale_give_the_same_ranks(scale, kind):
    # the probabilities w_ij / sum_k w_ik do not depend on the scale of a row's weights; before, subnormal weights
    # (1 / out-weight = inf) gave NaN ranks and weights whose row sum overflowed gave wrong ones (off by 0.1)
    A = np.roll(np.eye(4), 1, axis=1) + 3 * np.roll(np.eye(4), 2, axis=1)
    A[3] = [1.0, 0.0, 0.0, 0.0]
    scaled = A * scale if kind == "dense" else sp.csr_array(A * scale)
    for method in ("power", "algebraic"):
        np.testing.assert_allclose(pagerank(scaled, method=method), pagerank(A, method=method), rtol=0, atol=1e-12)
    np.testing.assert_allclose(np.asarray(sp.csr_array(transition_matrix(scaled)).todense()), transition_matrix(A))
    np.testing.assert_allclose(google_matrix(scaled), google_matrix(A))
    np.testing.assert_allclose(pagerank_iterates(scaled, n_iter=3), pagerank_iterates(A, n_iter=3))
    if kind == "sparse":  # the caller's matrix is left as it was
        np.testing.assert_array_equal(scaled.toarray(), A * scale)
