"""Tests for statlib.crf (Li Hang ch. 11): the book's worked examples, exact identities, a finite-difference
gradient check, agreement with CRFsuite, and the estimator contract."""

import itertools
import warnings

import numpy as np
import pytest
from scipy.optimize import approx_fprime
from scipy.special import logsumexp
from sklearn.exceptions import ConvergenceWarning
from sklearn.utils.estimator_checks import parametrize_with_checks

from statlib.crf import (
    LinearChainCRF,
    backward_vectors,
    forward_vectors,
    global_features,
    log_partition,
    marginals,
    matrix_form,
    normalizer,
    path_probabilities,
    scores_from_features,
    sequence_score,
    viterbi,
)
from statlib.datasets import load_example
from statlib.datasets.lihang_ch11 import exercise_11_4, make_digit_sequences
from statlib.exercises import check


@pytest.fixture
def ex11_1():
    d = load_example("lihang", "11.1")
    unary, trans = scores_from_features(d.transition_features, d.state_features, d.n_positions, d.n_labels)
    return d, unary, trans


def brute_force(unary, trans):
    """Every label sequence with its score, straight from the definition (11.10)."""
    n, m = unary.shape
    paths = np.array(list(itertools.product(range(m), repeat=n)))
    scores = np.array([sequence_score(unary, trans, p) for p in paths])
    return paths, scores


def random_chain(rng, n, m, position_dependent=False):
    unary = rng.standard_normal((n, m))
    trans = rng.standard_normal((n - 1, m, m) if position_dependent else (m, m))
    return unary, trans


# ---------------------------------------------------------------------------------------------
# The book's examples
# ---------------------------------------------------------------------------------------------


def test_example_11_1_unnormalised_probability(ex11_1):
    d, unary, trans = ex11_1
    # Book: P(y1=1, y2=2, y3=2 | x) is proportional to exp(3.2).
    assert sequence_score(unary, trans, [0, 1, 1]) == pytest.approx(3.2, abs=1e-12)
    # Simplified form (11.15): the same number as w . F(y, x).
    w = np.array([f[-1] for f in d.transition_features] + [f[-1] for f in d.state_features])
    F = global_features(d.transition_features, d.state_features, [0, 1, 1], d.n_labels)
    np.testing.assert_array_equal(F, [1, 0, 0, 0, 1, 1, 1, 0, 1])  # t1, t5, s1, s2, s4 fire once each
    assert w @ F == pytest.approx(3.2, abs=1e-12)


def test_example_11_1_all_sequences_by_hand(ex11_1):
    # Scores of all 8 sequences, computed by hand from the feature table (derived, not printed).
    _, unary, trans = ex11_1
    by_hand = {
        (0, 1, 0): 4.3,
        (0, 0, 1): 3.9,
        (1, 0, 1): 3.8,
        (0, 0, 0): 3.2,
        (0, 1, 1): 3.2,
        (1, 0, 0): 3.1,
        (1, 1, 0): 2.8,
        (1, 1, 1): 1.7,
    }
    for y, s in by_hand.items():
        assert sequence_score(unary, trans, y) == pytest.approx(s, abs=1e-12)
    z = sum(np.exp(s) for s in by_hand.values())
    assert np.exp(log_partition(unary, trans)) == pytest.approx(z, rel=1e-12)
    assert z == pytest.approx(260.98503, abs=1e-5)


def test_example_11_1_three_forms_agree(ex11_1):
    # Parametrised (11.10), simplified (11.15) and matrix (11.24) forms give the same probabilities.
    d, unary, trans = ex11_1
    M = matrix_form(unary, trans)
    paths, weights, probs = path_probabilities(M)
    w = np.array([f[-1] for f in d.transition_features] + [f[-1] for f in d.state_features])
    simplified = np.array([np.exp(w @ global_features(d.transition_features, d.state_features, p, 2)) for p in paths])
    np.testing.assert_allclose(weights, simplified, rtol=1e-12)
    np.testing.assert_allclose(probs, simplified / simplified.sum(), rtol=1e-12)


def test_example_11_2_matrix_product_is_sum_of_paths():
    # Book: Z = (start, stop) entry of M1 M2 M3 M4 = a01 b11 c11 + ... + a02 b22 c22, with start = stop = 1.
    rng = np.random.RandomState(11)
    a, b, c = rng.rand(2) + 0.1, rng.rand(2, 2) + 0.1, rng.rand(2, 2) + 0.1
    M = np.stack([np.array([a, [0.0, 0.0]]), b, c, np.array([[1.0, 0.0], [1.0, 0.0]])])
    paths, weights, _ = path_probabilities(M, start=0, stop=0)
    # The book lists the 8 weights in this order: a01b11c11, a01b11c12, a01b12c21, a01b12c22, a02b21c11, ...
    book = [a[i] * b[i, j] * c[j, k] for i in range(2) for j in range(2) for k in range(2)]
    np.testing.assert_allclose(weights, book, rtol=1e-14)
    np.testing.assert_array_equal(paths[:3], [[0, 0, 0], [0, 0, 1], [0, 1, 0]])
    assert normalizer(M, start=0, stop=0) == pytest.approx(sum(book), rel=1e-14)
    assert (M[0] @ M[1] @ M[2] @ M[3])[0, 0] == pytest.approx(sum(book), rel=1e-14)


def test_example_11_3_viterbi_table(ex11_1):
    _, unary, trans = ex11_1
    path, score, delta, psi = viterbi(unary, trans)
    # Book: delta_1 = (1, 0.5); delta_2 = (2.4, 2.5), Psi_2 = (1, 1); delta_3 = (4.3, 3.9), Psi_3 = (2, 1).
    np.testing.assert_allclose(delta, [[1.0, 0.5], [2.4, 2.5], [4.3, 3.9]], atol=1e-12)
    np.testing.assert_array_equal(psi[1:] + 1, [[1, 1], [2, 1]])
    assert score == pytest.approx(4.3, abs=1e-12)
    np.testing.assert_array_equal(path + 1, [1, 2, 1])  # y* = (1, 2, 1)
    paths, scores = brute_force(unary, trans)
    np.testing.assert_array_equal(paths[np.argmax(scores)], path)


# ---------------------------------------------------------------------------------------------
# Forward-backward identities
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("position_dependent", [False, True])
@pytest.mark.parametrize("n, m", [(1, 3), (2, 2), (5, 3), (6, 4)])
def test_partition_three_ways_and_brute_force(n, m, position_dependent):
    rng = np.random.RandomState(n * 10 + m)
    unary, trans = (
        random_chain(rng, n, m, position_dependent)
        if n > 1
        else (rng.standard_normal((1, m)), rng.standard_normal((m, m)))
    )
    _, scores = brute_force(unary, trans)
    exact = logsumexp(scores)
    assert log_partition(unary, trans, direction="forward") == pytest.approx(exact, abs=1e-12)
    assert log_partition(unary, trans, direction="backward") == pytest.approx(exact, abs=1e-12)
    M = matrix_form(unary, trans, start=m - 1, stop=0)
    assert normalizer(M, start=m - 1, stop=0) == pytest.approx(np.exp(exact), rel=1e-12)
    assert normalizer(M, start=m - 1, stop=0, log=True) == pytest.approx(exact, abs=1e-12)


@pytest.mark.parametrize("position_dependent", [False, True])
def test_marginals_match_brute_force(position_dependent):
    rng = np.random.RandomState(3)
    n, m = 5, 3
    unary, trans = random_chain(rng, n, m, position_dependent)
    paths, scores = brute_force(unary, trans)
    p = np.exp(scores - logsumexp(scores))
    log_z, node, pair = marginals(unary, trans)
    assert log_z == pytest.approx(logsumexp(scores), abs=1e-12)
    for i in range(n):
        for j in range(m):
            assert node[i, j] == pytest.approx(p[paths[:, i] == j].sum(), abs=1e-12)
    for i in range(1, n):
        for a in range(m):
            for b in range(m):
                mask = (paths[:, i - 1] == a) & (paths[:, i] == b)
                assert pair[i - 1, a, b] == pytest.approx(p[mask].sum(), abs=1e-12)
    np.testing.assert_allclose(pair.sum(axis=2), node[:-1], atol=1e-12)  # consistency of (11.32)-(11.33)


def test_long_sequence_does_not_underflow():
    # 100 000 positions: exp of the total score is far outside double range, log Z is not.
    rng = np.random.RandomState(0)
    unary, trans = 5.0 * rng.standard_normal((100_000, 3)), 5.0 * rng.standard_normal((3, 3))
    lf = log_partition(unary, trans, direction="forward")
    lb = log_partition(unary, trans, direction="backward")
    lm = normalizer(matrix_form(unary / 50, trans / 50), log=True)  # scaled scores keep M finite
    lf_small = log_partition(unary / 50, trans / 50)
    assert np.isfinite(lf) and lf > 1e5
    assert lf == pytest.approx(lb, rel=1e-12)
    assert lf_small == pytest.approx(lm, rel=1e-10)
    _, node, _ = marginals(unary, trans)
    np.testing.assert_allclose(node.sum(axis=1), 1.0, atol=1e-9)
    path, score, _, _ = viterbi(unary, trans)
    assert score == pytest.approx(sequence_score(unary, trans, path), rel=1e-12)
    assert score <= lf


def test_forward_backward_vectors_identity():
    # Exercise 11.2 (as corrected): alpha_i^T beta_i = Z(x) for every i = 0..n+1, hence alpha_n^T 1 = Z.
    data = exercise_11_4()
    alpha = forward_vectors(data.M, start=data.start)
    beta = backward_vectors(data.M, stop=data.stop)
    z = normalizer(data.M, start=data.start, stop=data.stop)
    np.testing.assert_allclose((alpha * beta).sum(axis=1), z, rtol=1e-14)
    assert alpha[3].sum() == pytest.approx(z)
    assert beta[0, data.start] == pytest.approx(z)
    # As printed, "Z = 1^T beta_1" leaves out M_1(start, .): here it gives 2 while Z = 1.
    assert beta[1].sum() == pytest.approx(2.0)
    assert z == pytest.approx(1.0)


def test_viterbi_matches_brute_force_on_random_chains():
    rng = np.random.RandomState(5)
    for trial in range(30):
        unary, trans = random_chain(rng, 6, 3, position_dependent=trial % 2 == 0)
        paths, scores = brute_force(unary, trans)
        path, score, _, _ = viterbi(unary, trans)
        assert score == pytest.approx(scores.max(), abs=1e-12)
        np.testing.assert_array_equal(path, paths[np.argmax(scores)])


# ---------------------------------------------------------------------------------------------
# Learning
# ---------------------------------------------------------------------------------------------


def small_problem(n_seq=12, d=4, m=3, seed=0):
    rng = np.random.RandomState(seed)
    X = [rng.rand(rng.randint(2, 7), d) for _ in range(n_seq)]
    y = [rng.randint(m, size=len(x)) for x in X]
    return X, y


def objective_parts(X, y, c2):
    crf = LinearChainCRF(c2=c2)
    Xs = np.vstack(X)
    offsets = np.concatenate([[0], np.cumsum([len(x) for x in X])]).astype(np.int64)
    ys = np.concatenate(y)
    crf.classes_ = np.unique(ys)
    emp = crf._empirical_counts(Xs, ys, offsets, len(crf.classes_))
    return crf, Xs, offsets, emp


def test_gradient_matches_finite_differences():
    X, y = small_problem()
    crf, Xs, offsets, emp = objective_parts(X, y, 0.3)
    w = np.random.RandomState(1).standard_normal(emp.size)
    f, g = crf._objective(w, Xs, offsets, emp, 0.3)
    num = approx_fprime(w, lambda v: crf._objective(v, Xs, offsets, emp, 0.3)[0], 1e-6)
    np.testing.assert_allclose(g, num, atol=1e-5)


def test_objective_is_negative_log_likelihood_by_brute_force():
    X, y = small_problem(n_seq=3, d=2, m=2)
    crf, Xs, offsets, emp = objective_parts(X, y, 0.0)
    w = np.random.RandomState(2).standard_normal(emp.size)
    W, T = w[:4].reshape(2, 2), w[4:].reshape(2, 2)
    nll = 0.0
    for x, lab in zip(X, y):
        _, scores = brute_force(x @ W, T)
        nll -= sequence_score(x @ W, T, lab) - logsumexp(scores)
    assert crf._objective(w, Xs, offsets, emp, 0.0)[0] == pytest.approx(nll, rel=1e-12)


def test_lbfgs_and_iis_reach_the_same_optimum():
    X, y = small_problem()
    lb = LinearChainCRF(method="lbfgs", c2=0.5, max_iter=500, tol=1e-9).fit(X, y)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        iis = LinearChainCRF(method="iis", c2=0.5, max_iter=3000, tol=1e-9).fit(X, y)
    assert iis.objective_curve_[-1] == pytest.approx(lb.objective_curve_[-1], rel=1e-6)
    np.testing.assert_allclose(iis.state_weights_, lb.state_weights_, atol=2e-3)
    np.testing.assert_allclose(iis.transition_weights_, lb.transition_weights_, atol=2e-3)


@pytest.mark.parametrize("bound", ["sequence", "global"])
def test_iis_never_increases_the_objective(bound):
    X, y = small_problem(seed=4)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        crf = LinearChainCRF(method="iis", c2=0.1, max_iter=40, iis_bound=bound).fit(X, y)
    assert np.all(np.diff(crf.objective_curve_) <= 1e-10)
    assert crf.n_iter_ == 40


def test_iis_global_bound_is_slower_than_sequence_bound():
    X, y = small_problem(seed=6)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        s = LinearChainCRF(method="iis", c2=0.1, max_iter=30, iis_bound="sequence").fit(X, y)
        g = LinearChainCRF(method="iis", c2=0.1, max_iter=30, iis_bound="global").fit(X, y)
    assert s.objective_curve_[-1] < g.objective_curve_[-1]


def test_l1_gives_zeros_and_meets_optimality_conditions():
    X, y = small_problem(n_seq=20, d=6)
    c1 = 1.0
    crf = LinearChainCRF(c1=c1, c2=0.0, max_iter=2000, tol=1e-8).fit(X, y)
    w = np.concatenate([crf.state_weights_.ravel(), crf.transition_weights_.ravel()])
    part, Xs, offsets, emp = objective_parts(X, y, 0.0)
    _, g = part._objective(w, Xs, offsets, emp, 0.0)
    zero = np.abs(w) < 1e-8
    assert zero.any()
    assert np.all(np.abs(g[zero]) <= c1 + 1e-4)  # subgradient condition at zero weights
    np.testing.assert_allclose(g[~zero], -c1 * np.sign(w[~zero]), atol=1e-3)


def test_converges_on_separable_toy_and_predicts_lists():
    X = [np.array([[1.0, 0.0], [0.0, 1.0], [1.0, 0.0]]), np.array([[0.0, 1.0], [1.0, 0.0]])]
    y = [np.array(["a", "b", "a"]), np.array(["b", "a"])]
    crf = LinearChainCRF(c2=0.01).fit(X, y)
    pred = crf.predict(X)
    assert isinstance(pred, list) and [p.tolist() for p in pred] == [["a", "b", "a"], ["b", "a"]]
    marg = crf.predict_marginals(X)
    assert [mm.shape for mm in marg] == [(3, 2), (2, 2)]
    np.testing.assert_allclose(np.concatenate(marg).sum(axis=1), 1.0)
    assert crf.score(X, y) == 1.0
    assert crf.log_likelihood(X, y) < 0
    M = crf.transition_matrices(X[0])
    assert M.shape == (4, 2, 2)
    assert np.log(normalizer(M)) == pytest.approx(log_partition(X[0] @ crf.state_weights_, crf.transition_weights_))


def test_max_iter_warns_and_sets_n_iter():
    X, y = small_problem()
    with pytest.warns(ConvergenceWarning, match="max_iter=2"):
        crf = LinearChainCRF(max_iter=2).fit(X, y)
    assert crf.n_iter_ == 2 and not crf.converged_
    with pytest.warns(ConvergenceWarning):
        crf = LinearChainCRF(method="iis", max_iter=3).fit(X, y)
    assert crf.n_iter_ == 3


def test_fit_is_deterministic():
    X, y = small_problem()
    a = LinearChainCRF(c2=0.2).fit(X, y)
    b = LinearChainCRF(c2=0.2).fit(X, y)
    np.testing.assert_array_equal(a.state_weights_, b.state_weights_)


def test_transitions_help_on_digit_sequences():
    train = make_digit_sequences(150, random_state=0, noise=0.3)
    test = make_digit_sequences(150, images="test", random_state=1, noise=0.3)
    crf = LinearChainCRF(c2=1.0, max_iter=300).fit(train.X, train.y)
    from sklearn.linear_model import LogisticRegression

    lr = LogisticRegression(max_iter=3000).fit(np.vstack(train.X), np.concatenate(train.y))
    acc_lr = lr.score(np.vstack(test.X), np.concatenate(test.y))
    acc_crf = crf.score(test.X, test.y)
    assert acc_crf > acc_lr + 0.03


def test_digit_sequences_are_reproducible():
    a = make_digit_sequences(5, random_state=3)
    b = make_digit_sequences(5, random_state=3)
    assert all(np.array_equal(p, q) for p, q in zip(a.X, b.X))
    assert all(np.array_equal(p, q) for p, q in zip(a.y, b.y))
    np.testing.assert_allclose(a.transmat.sum(axis=1), 1.0)
    with pytest.raises(ValueError, match="images"):
        make_digit_sequences(2, images="valid")


def test_same_optimum_as_crfsuite():
    pycrfsuite = pytest.importorskip("pycrfsuite")
    import tempfile

    train = make_digit_sequences(40, random_state=2, noise=0.3)
    X = [x[:, ::4] for x in train.X]  # 16 pixels keep the problem small
    c2 = 0.5
    ours = LinearChainCRF(c2=c2, max_iter=1000, tol=1e-7).fit(X, train.y)
    trainer = pycrfsuite.Trainer(verbose=False)
    for x, lab in zip(X, train.y):
        items = pycrfsuite.ItemSequence([{f"p{j}": float(v) for j, v in enumerate(row)} for row in x])
        trainer.append(items, [str(v) for v in lab])
    trainer.set_params(
        {
            "c1": 0.0,
            "c2": c2,
            "max_iterations": 1000,
            "epsilon": 1e-10,
            "delta": 1e-12,
            "feature.possible_states": True,
            "feature.possible_transitions": True,
        }
    )
    with tempfile.TemporaryDirectory() as tmp:
        trainer.train(f"{tmp}/model.crfsuite")
        loss = trainer.logparser.iterations[-1]["loss"]
        tagger = pycrfsuite.Tagger()
        tagger.open(f"{tmp}/model.crfsuite")
        info = tagger.info()
        theirs = [
            np.array(
                [
                    int(t)
                    for t in tagger.tag(
                        pycrfsuite.ItemSequence([{f"p{j}": float(v) for j, v in enumerate(row)} for row in x])
                    )
                ]
            )
            for x in X
        ]
        tagger.close()
    # Same objective (CRFsuite's c2 ||w||^2 convention) and the same weights at the optimum.
    assert ours.objective_curve_[-1] == pytest.approx(loss, rel=1e-5)
    for (a, b), wt in info.transitions.items():
        assert ours.transition_weights_[int(a), int(b)] == pytest.approx(wt, abs=1e-3)
    for (attr, lab), wt in info.state_features.items():
        assert ours.state_weights_[int(attr[1:]), int(lab)] == pytest.approx(wt, abs=1e-3)
    pred = ours.predict(X)
    assert all(np.array_equal(p, q) for p, q in zip(pred, theirs))


# ---------------------------------------------------------------------------------------------
# Exercises
# ---------------------------------------------------------------------------------------------


def test_exercise_checkers():
    assert check("lihang-11.1", [{1, 2, 3}, {2, 3, 4}])
    assert not check("lihang-11.1", [{1, 2}, {2, 3}, {3, 4}, {2, 4}, {1, 3}])
    data = exercise_11_4()
    alpha = forward_vectors(data.M, start=data.start)
    beta = backward_vectors(data.M, stop=data.stop)
    assert check("lihang-11.2", (alpha * beta).sum(axis=1))
    assert not check("lihang-11.2", [1.0, 1.0, 2.0, 1.0, 1.0])
    paths, _, probs = path_probabilities(data.M, start=data.start, stop=data.stop)
    # Hand computation: weight = 0.5 * M2[y1, y2] * M3[y2, y3]; the rows of M2 and M3 sum to one, so Z = 1.
    by_hand = [0.5 * data.M[1][p[0], p[1]] * data.M[2][p[1], p[2]] for p in paths]
    np.testing.assert_allclose(probs, by_hand)
    assert check("lihang-11.4", by_hand)
    assert not check("lihang-11.4", np.ones(8) / 8)
    best = paths[np.argmax(probs)] + 1
    assert check("lihang-11.4b", best)
    assert not check("lihang-11.4b", paths[np.argmin(probs)] + 1)
    assert not check("lihang-11.4b", best - 1)
    # Both numeric exercises are also static quizzes, one question per value.
    from statlib.exercises import quiz_questions

    assert len(quiz_questions("lihang-11.2")) == 5 and len(quiz_questions("lihang-11.4")) == 8

    def grad(w):
        rng = np.random.RandomState(0)
        X = [rng.rand(4, 3), rng.rand(3, 3)]
        y = [np.array([0, 1, 1, 0]), np.array([1, 0, 1])]
        c, Xs_, off, e = objective_parts(X, y, 0.0)
        return approx_fprime(w, lambda v: c._objective(v, Xs_, off, e, 0.0)[0], 1e-7)

    assert check("lihang-11.3", grad)
    assert not check("lihang-11.3", lambda w: -grad(w))
    assert not check("lihang-11.3", 3.0)


# ---------------------------------------------------------------------------------------------
# Bad input
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "params, match",
    [
        ({"method": "newton"}, "method"),
        ({"c1": -1.0}, "c1"),
        ({"c2": -0.1}, "c2"),
        ({"c2": "big"}, "c2"),
        ({"max_iter": 0}, "max_iter"),
        ({"max_iter": 2.5}, "max_iter"),
        ({"tol": 0.0}, "tol"),
        ({"iis_bound": "local"}, "iis_bound"),
        ({"method": "iis", "c1": 0.1}, "c1"),
    ],
)
def test_bad_hyperparameters(params, match):
    X, y = small_problem()
    with pytest.raises((ValueError, TypeError), match=match):
        LinearChainCRF(**params).fit(X, y)


def test_bad_sequences():
    X, y = small_problem()
    with pytest.raises(ValueError, match="at least one sequence"):
        LinearChainCRF().fit([], [])
    with pytest.raises(ValueError, match="y must be a list"):
        LinearChainCRF().fit(X, y[:-1])
    with pytest.raises(ValueError, match=r"y\[0\]"):
        LinearChainCRF().fit(X, [y[0][:-1]] + y[1:])
    with pytest.raises(ValueError, match="same number of features"):
        LinearChainCRF().fit([X[0], X[1][:, :2]], y[:2])
    bad = [x.copy() for x in X]
    bad[2][0, 0] = np.nan
    with pytest.raises(ValueError, match=r"X\[2\]"):
        LinearChainCRF().fit(bad, y)
    with pytest.raises(ValueError, match=r"X\[1\]"):
        LinearChainCRF().fit([X[0], np.zeros((0, 4))], [y[0], np.array([])])
    with pytest.raises(ValueError, match="two classes"):
        LinearChainCRF().fit(X, [np.zeros(len(x)) for x in X])
    with pytest.raises(TypeError, match=r"y\[0\]"):
        LinearChainCRF().fit(X[:1], ["ab"])
    with pytest.raises(ValueError, match="non-negative"):
        LinearChainCRF(method="iis").fit([x - 0.5 for x in X], y)
    crf = LinearChainCRF().fit(X, y)
    with pytest.raises(ValueError, match="features"):
        crf.predict([x[:, :3] for x in X])
    with pytest.raises(ValueError, match="not seen"):
        crf.log_likelihood(X[:1], [np.full(len(X[0]), 7)])
    with pytest.raises(TypeError):
        LinearChainCRF().fit([np.array([["a", "b"]])], [np.array([0])])


def test_bad_chain_inputs(ex11_1):
    _, unary, trans = ex11_1
    with pytest.raises(ValueError, match="trans"):
        log_partition(unary, np.zeros((3, 3)))
    with pytest.raises(ValueError, match="trans"):
        log_partition(unary, np.zeros((5, 2, 2)))
    with pytest.raises(ValueError, match="unary"):
        viterbi(unary[:, :, None], trans)
    with pytest.raises(ValueError, match="unary"):
        viterbi(np.array([[np.nan, 0.0]]), np.zeros((2, 2)))
    with pytest.raises(TypeError, match="unary"):
        viterbi("abc", trans)
    with pytest.raises(ValueError, match="y"):
        sequence_score(unary, trans, [0, 2, 1])
    with pytest.raises(ValueError, match="y"):
        sequence_score(unary, trans, [0, 1])
    with pytest.raises(ValueError, match="direction"):
        log_partition(unary, trans, direction="sideways")
    with pytest.raises(ValueError, match="start"):
        matrix_form(unary, trans, start=2)
    with pytest.raises(ValueError, match="M"):
        normalizer(-np.ones((3, 2, 2)))
    with pytest.raises(ValueError, match="M"):
        path_probabilities(np.ones((3, 2, 3)))
    with pytest.raises(ValueError, match="positions"):
        scores_from_features([(0, 1, (0,), 1.0)], [], 3, 2)
    with pytest.raises(ValueError, match="label"):
        scores_from_features([], [(2, (0,), 1.0)], 3, 2)
    with pytest.raises(ValueError, match="state_features"):
        scores_from_features([], [(0, 1.0)], 3, 2)


# ---------------------------------------------------------------------------------------------
# scikit-learn contract (a single 2-D X is read as one sequence)
# ---------------------------------------------------------------------------------------------

_SEQUENCE_MODEL = (
    "a CRF labels a sequence jointly: a position's label depends on its neighbours, so predictions "
    "change when the rows of a sequence are permuted or split into pieces"
)


@parametrize_with_checks(
    [LinearChainCRF()],
    expected_failed_checks=lambda est: {
        "check_methods_sample_order_invariance": _SEQUENCE_MODEL,
        "check_methods_subset_invariance": _SEQUENCE_MODEL,
    },
)
def test_sklearn_compatible(estimator, check):
    check(estimator)


# ---------------------------------------------------------------------------------------------
# Figures (they run and draw what they say)
# ---------------------------------------------------------------------------------------------


def test_figures_draw():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from statlib.viz import crf as viz

    data = exercise_11_4()
    fig, axes = plt.subplots(2, 3)
    viz.plot_clique_graph(axes[0, 0])
    viz.plot_chain_graph(axes[0, 1], 4)
    viz.plot_chain_graph(axes[0, 2], 3, same_structure=True)
    viz.plot_lattice(axes[1, 0], data.M, start=data.start, stop=data.stop, highlight=[0, 1, 0])
    # 12 edges have a non-zero weight: 2 from start, 4 + 4 between positions, 2 into stop
    assert len(axes[1, 0].lines) == 12
    viz.plot_convergence(axes[1, 1], {"a": [3.0, 2.0, 1.0], "b": [3.0, 1.5, 1.0]})
    rng = np.random.RandomState(0)
    images, unary, trans = rng.rand(4, 64), rng.standard_normal((4, 10)), rng.standard_normal((10, 10))
    fig2, ax2 = plt.subplots(2, 1)
    path = viz.draw_decoding(ax2, images, unary, trans, 1.0, [0, 1, 2, 3])
    np.testing.assert_array_equal(path, viterbi(unary, trans)[0])
    plt.close("all")


def test_explorer_slider_changes_the_picture():
    import matplotlib

    matplotlib.use("Agg")
    import ipywidgets as widgets

    from statlib.viz import crf as viz

    rng = np.random.RandomState(1)
    images, unary, trans = rng.rand(5, 64), rng.standard_normal((5, 10)), 3.0 * rng.standard_normal((10, 10))
    panel = viz.decoding_explorer(images, unary, trans, [0, 1, 2, 3, 4])
    assert isinstance(panel.image, widgets.Image) and panel.image.value[:4] == b"\x89PNG"
    slider = panel.children[0].children[0]
    assert slider.description == "transition ×"
    before = panel.image.value
    slider.value = 0.0
    assert panel.image.value != before
