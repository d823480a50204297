"""statlib.exercises: the checker API, and the answers to the perceptron exercises (derived in the chapter)."""

import numpy as np
import pytest

from statlib.exercises import Feedback, check, exercise_ids, register
from statlib.exercises._checkers import exact, numeric


def test_ids_follow_the_scheme():
    ids = exercise_ids()
    assert {"lihang-2.1", "lihang-2.2", "lihang-2.3"} <= set(ids)


def test_unknown_and_malformed_ids():
    with pytest.raises(ValueError, match="exercise_id 'lihang-99.9' is unknown"):
        check("lihang-99.9", 1)
    with pytest.raises(TypeError, match="exercise_id must be a string"):
        check(2.1, 1)
    with pytest.raises(ValueError, match="must look like"):
        register("perceptron one", exact(True), hint="")


def test_no_answer_yet():
    feedback = check("lihang-2.1", None)
    assert not feedback and "no answer yet" in feedback.message


def test_feedback_renders_as_text_and_html():
    feedback = check("lihang-2.1", False)
    assert isinstance(feedback, Feedback) and feedback.correct
    assert repr(feedback).startswith("[lihang-2.1] Correct")
    assert "Correct" in feedback._repr_html_()


def test_2_1_xor_is_not_separable():
    assert check("lihang-2.1", False)
    wrong = check("lihang-2.1", True)
    assert not wrong and "Hint:" in wrong.message


def test_2_1b_certificate_of_non_separability():
    # Hand derivation: (0,1,1) + (1,0,1) - (0,0,1) - (1,1,1) = 0, so equal weights certify; any positive multiple too.
    assert check("lihang-2.1b", [1, 1, 1, 1])
    assert check("lihang-2.1b", [0.25, 0.25, 0.25, 0.25])
    assert not check("lihang-2.1b", [1, 0, 1, 0])  # (0,1,1) - (0,0,1) = (0,1,0)
    assert not check("lihang-2.1b", [0, 0, 0, 0])
    assert not check("lihang-2.1b", [-1, -1, -1, -1])
    assert not check("lihang-2.1b", [1, 1, 1])
    assert not check("lihang-2.1b", "four")
    # The certificate is unique up to scale (lam_2 = lam_4, lam_1 = lam_4, then lam_3 = lam_1), so every positive
    # multiple passes, however large or small, and nothing else does.
    for scale in (3, 1e-200, 1e300):
        assert check("lihang-2.1b", np.full(4, scale)), scale
    assert check("lihang-2.1b", (2, 2, 2, 2.0))
    near = check("lihang-2.1b", [1, 1, 1, 1 + 1e-6])
    assert not near and "(-1e-06, -1e-06, -1e-06)" in near.message
    assert not check("lihang-2.1b", [1, 2, 1, 1])  # (0,1,1) + 2 (1,0,1) - (0,0,1) - (1,1,1) = (1, 0, 1)
    assert not check("lihang-2.1b", [1, 1, 1, np.nan])
    assert not check("lihang-2.1b", [[1], [1], [1], [1]])


def test_2_1b_is_checked_in_a_kernel_only():
    # A predicate cannot be a static quiz: the registry refuses prompts for it, and quiz_questions says so.
    from statlib.exercises import quiz_questions
    from statlib.exercises._checkers import predicate

    with pytest.raises(ValueError, match="has no static quiz"):
        quiz_questions("lihang-2.1b")
    with pytest.raises(ValueError, match="whose checker has no static quiz"):
        register("test-0.1", predicate(lambda a: (True, "")), hint="", prompts=["a question"])


def test_2_2_own_worked_example():
    # The worked example in the chapter's solution, traced by hand there: 7 updates, ending at w = (2, 1), b = -3.
    X = [[2, 2], [3, 1], [0, 1], [1, 0]]
    y = [1, 1, -1, -1]
    assert check("lihang-2.2", (X, y, 1.0, [2, 1], -3))
    assert not check("lihang-2.2", (X, y, 1.0, [1, 1], -3))
    # Example 2.1 itself ends at w = (1, 1), b = -3 (Table 2.1).
    assert check("lihang-2.2", ([[3, 3], [4, 3], [1, 1]], [1, 1, -1], 1.0, [1, 1], -3))
    xor = check("lihang-2.2", ([[0, 1], [1, 0], [0, 0], [1, 1]], [1, 1, -1, -1], 1.0, [0, 0], 0))
    assert not xor and "linearly separable" in xor.message
    assert not check("lihang-2.2", "not a tuple")


def test_2_3_common_point_of_the_hulls():
    assert check("lihang-2.3", ([0.5, 0.5], [0.5, 0.5]))
    assert not check("lihang-2.3", ([0.3, 0.7], [0.5, 0.5]))
    assert not check("lihang-2.3", ([1.5, -0.5], [0.5, 0.5]))
    assert not check("lihang-2.3", ([1.0], [0.5, 0.5]))


def test_numeric_checker_tolerance_and_order():
    checker = numeric([1.0, 2.0], atol=1e-3, unordered=True)
    assert checker([2.0005, 0.9995])[0]
    assert not checker([2.1, 1.0])[0]
    assert not checker([1.0, 2.0, 3.0])[0]
    assert numeric(np.pi, atol=1e-4)(3.1416)[0]


def test_every_one_value_answer_is_accepted_as_a_number_and_as_a_list():
    # a prompt asks for "the number": a checker registered with [x] must accept x, and one registered with x must
    # accept [x] (four exercises refused the plain number before)
    from statlib.exercises import _registry

    one_value = 0
    for exercise_id in _registry.exercise_ids():
        checker, _ = _registry._lookup(exercise_id)
        values = getattr(checker, "quiz_values", None)
        if values is None or len(values) != 1 or getattr(checker, "__name__", "") != "checker":
            continue
        one_value += 1
        value = values[0][0]
        assert check(exercise_id, value).correct, exercise_id
        assert check(exercise_id, [value]).correct, exercise_id
        assert not check(exercise_id, value + 10 * values[0][1] + 1.0).correct, exercise_id
    assert one_value >= 10


def test_every_yes_or_no_answer_takes_a_bool_only():
    # 1 == True and 0 == False in Python: exact(True) once accepted the number 1 for a yes-or-no question
    from statlib.exercises import _registry

    assert not exact(True)(1)[0] and not exact(False)(0)[0] and not exact(False)(0.0)[0]
    assert exact(True)(np.True_)[0] and not exact(True)(False)[0]
    yes_or_no = 0
    for exercise_id in _registry.exercise_ids():
        checker, _ = _registry._lookup(exercise_id)
        choice = getattr(checker, "quiz_choice", None)
        if choice is None:
            continue
        yes_or_no += 1
        assert check(exercise_id, choice).correct and check(exercise_id, np.bool_(choice)).correct, exercise_id
        assert not check(exercise_id, not choice).correct, exercise_id
        assert not check(exercise_id, int(choice)).correct, exercise_id
    assert yes_or_no >= 5


def test_1_1_bernoulli_estimates():
    from scipy import stats

    posterior = stats.beta(7 + 2, 3 + 2)  # Beta(2, 2) prior, 7 ones in 10 trials
    mode = (9 - 1) / (9 + 5 - 2)
    assert check("lihang-1.1", (7 / 10, posterior.mean(), mode))
    assert not check("lihang-1.1", (0.7, 0.7, 0.7))


def test_companion_1_2_erm_with_log_loss_is_mle():
    from scipy.optimize import minimize_scalar

    risk = lambda p: -(0.7 * np.log(p) + 0.3 * np.log(1 - p))  # noqa: E731
    best = minimize_scalar(risk, bounds=(1e-6, 1 - 1e-6), method="bounded", options={"xatol": 1e-10})
    assert check("companion-1.2", (best.x, best.fun))
    assert not check("companion-1.2", (0.5, np.log(2)))


def test_companion_1_1_sample_size_by_search():
    n = next(n for n in range(1, 10_000) if np.sqrt((np.log(100) + np.log(20)) / (2 * n)) <= 0.05)
    assert check("companion-1.1", n)
    assert not check("companion-1.1", n - 1)


def test_static_quiz_questions_carry_the_checked_answers():
    from statlib.exercises import quiz_questions

    questions = quiz_questions("lihang-1.1")
    ranges = [q["answers"][0]["range"] for q in questions]
    # The quiz accepts exactly what check() accepts.
    for low, high in ranges:
        assert high - low < 1e-3
    assert check("lihang-1.1", [sum(r) / 2 for r in ranges])
    xor = quiz_questions("lihang-2.1")[0]
    assert [a["answer"] for a in xor["answers"] if a["correct"]] == ["False"]
    with pytest.raises(ValueError, match="has no static quiz"):
        quiz_questions("lihang-2.2")


def test_every_static_quiz_accepts_its_own_answer():
    # jupyterquiz accepts a numeric range as low <= x < high: an answer that check() takes exactly (tol = 0, e.g.
    # a dimension or a period) must still fall inside its range on the page.
    from statlib.exercises import _registry, quiz_questions

    for exercise_id in _registry.exercise_ids():
        if exercise_id not in _registry._PROMPTS:
            continue
        checker, _ = _registry._lookup(exercise_id)
        if not hasattr(checker, "quiz_values"):
            continue
        questions = quiz_questions(exercise_id)
        for (value, _), question in zip(checker.quiz_values, questions):
            low, high = question["answers"][0]["range"]
            assert low <= value < high, exercise_id
            # The page rounds a typed answer to `precision` significant digits (JavaScript's toPrecision) first.
            typed = float(f"{value:.{question['precision']}g}")
            assert low <= typed < high, (exercise_id, value, typed)


def test_quiz_output_is_reproducible(monkeypatch):
    import random

    import IPython.display

    from statlib.exercises import quiz

    shown = []
    monkeypatch.setattr(IPython.display, "display", lambda obj: shown.append(obj.data))
    random.seed(1)
    before = random.random()
    random.seed(1)
    quiz("companion-1.2")
    first = list(shown)
    shown.clear()
    quiz("companion-1.2")
    assert first and first[0] == shown[0]  # the same HTML, element ids included
    assert any("the minimal empirical risk" in item for item in first)
    html = first[0]
    assert html.count("<div") == html.count("</div>")  # a closed element: it cannot swallow the page
    assert random.random() == before  # the global random stream is left alone


def test_lihang_ch17_checkers_accept_the_reference_answers_and_refuse_others():
    # Expected values from NumPy's SVD and the formulas (17.4), (17.26)-(17.27), independent of the checkers.
    from statlib.datasets import load_example

    X = load_example("lihang", "figure-17.1").X
    U, s, Vt = np.linalg.svd(X)
    assert check("lihang-17.1", s).correct
    assert not check("lihang-17.1", s[::-1]).correct
    T, Y = U[:, :2] * [-1, 1], (s[:2, None] * Vt[:2]) * np.array([[-1], [1]])
    assert check("lihang-17.1b", (T, Y)).correct
    assert not check("lihang-17.1b", (U[:, :2], s[:2, None] * Vt[:2] * -1)).correct

    def kl_round(X, W, H):
        W = W * ((X / (W @ H)) @ H.T) / H.sum(axis=1)
        H = H * (W.T @ (X / (W @ H))) / W.sum(axis=0)[:, None]
        return W, H

    def frobenius_round(X, W, H):
        W = W * (X @ H.T) / (W @ H @ H.T)
        return W, H * (W.T @ X) / (W.T @ W @ H)

    assert check("lihang-17.2", kl_round).correct
    assert not check("lihang-17.2", frobenius_round).correct
    d = X.T
    norm = np.linalg.norm(d, axis=1)
    cos = [d[0] @ d[1] / (norm[0] * norm[1]), d[2] @ d[3] / (norm[2] * norm[3])]
    assert check("companion-17.1", cos).correct
    assert not check("companion-17.1", [0.5, 0.5]).correct


def test_lihang_ch18_checkers_accept_the_reference_answers_and_refuse_others():
    # Expected values by hand from Fig. 18.1's column sums (5, 5, 13, 7), an independent dense EM on the
    # co-occurrence model, and a fully converged PLSA fit.
    import warnings

    from statlib.datasets import load_example
    from statlib.topic import PLSA

    assert check("lihang-18.1", [10.75 / 30, 2.5 / 10.75]).correct
    assert not check("lihang-18.1", [0.5, 0.25]).correct

    def em_step(n, p_z, p_w_z, p_d_z):
        M, N = n.shape
        K = p_z.size
        new_z, new_w, new_d = np.zeros(K), np.zeros((M, K)), np.zeros((N, K))
        for i in range(M):
            for j in range(N):
                post = p_z * p_w_z[i] * p_d_z[j]
                post = post / post.sum()
                new_w[i] += n[i, j] * post
                new_d[j] += n[i, j] * post
                new_z += n[i, j] * post
        return new_z / n.sum(), new_w / new_z, new_d / new_z

    def no_prior(n, p_z, p_w_z, p_d_z):  # forgets P(z) in the E-step
        post = p_w_z[:, None, :] * p_d_z[None, :, :]
        post /= post.sum(axis=2, keepdims=True)
        r = n[:, :, None] * post
        return r.sum(axis=(0, 1)) / n.sum(), r.sum(axis=1) / r.sum(axis=(0, 1)), r.sum(axis=0) / r.sum(axis=(0, 1))

    assert check("lihang-18.2", em_step).correct
    assert not check("lihang-18.2", no_prior).correct

    X = load_example("lihang", "exercise-18.3").X
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        model = PLSA(3, tol=1e-12, max_iter=5000, random_state=0).fit(X)
        early = PLSA(3, tol=0.0, max_iter=2, random_state=0).fit(X)
    assert check("lihang-18.3", (model.components_.T, model.doc_topic_.T)).correct
    assert not check("lihang-18.3", (early.components_.T, early.doc_topic_.T)).correct
    assert not check("lihang-18.3", (model.components_, model.doc_topic_)).correct
    # Fixed points with coinciding topics (saddles), by hand: every topic equal to the word frequencies n(w) / |T|
    # with uniform P(z | d); and a two-topic fixed point with its second topic split in two halves.
    counts = load_example("lihang", "exercise-18.3").counts.astype(float)
    freq = counts.sum(axis=1) / counts.sum()
    flat = (np.column_stack([freq] * 3), np.full((3, 9), 1 / 3))
    assert not check("lihang-18.3", flat).correct
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        two = PLSA(2, tol=1e-12, max_iter=5000, random_state=0).fit(X)
    W2, Z2 = two.components_.T, two.doc_topic_.T
    split = (np.column_stack([W2, W2[:, 1]]), np.vstack([Z2[0], Z2[1] / 2, Z2[1] / 2]))
    assert not check("lihang-18.3", split).correct

    assert check("companion-18.1", [9 * 2 + 3 * 10, 2 + 3 * 10 + 3 * 8]).correct
    assert not check("companion-18.1", [48, 48]).correct
