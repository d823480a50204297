import re
from dataclasses import dataclass

from .._discovery import import_submodules

_ID_PATTERN = re.compile(r"^[a-z]+-\d+\.\d+[a-z]?$")
_EXERCISES = {}
_PROMPTS = {}
_loaded = False


@dataclass(frozen=True)
class Feedback:
    """The verdict on an answer: ``correct`` plus a message (with a hint when wrong)."""

    exercise_id: str
    correct: bool
    message: str

    def __bool__(self):
        return self.correct

    def __repr__(self):
        mark = "Correct" if self.correct else "Not yet"
        return f"[{self.exercise_id}] {mark}: {self.message}"

    def _repr_html_(self):
        colour = "#1a7f37" if self.correct else "#b35900"
        mark = "&#10004; Correct" if self.correct else "&#10008; Not yet"
        return f'<p style="color:{colour}"><b>[{self.exercise_id}] {mark}:</b> {self.message}</p>'


def register(exercise_id, checker, *, hint, prompts=None):
    """Register ``checker`` (answer -> (bool, message)) under ``exercise_id``; ``hint`` is shown when wrong.

    ``prompts`` (one short question per value of a ``numeric`` answer, or one for an ``exact`` True/False
    answer) make the exercise available as a static quiz too, checked in the page without a kernel.
    """
    if not _ID_PATTERN.match(exercise_id):
        raise ValueError(f"exercise_id must look like 'lihang-2.1' or 'lihang-2.3b', got {exercise_id!r}")
    if exercise_id in _EXERCISES:
        raise ValueError(f"exercise {exercise_id!r} is registered twice")
    if prompts is not None and not (hasattr(checker, "quiz_values") or hasattr(checker, "quiz_choice")):
        raise ValueError(f"prompts given for {exercise_id!r}, whose checker has no static quiz (use numeric or exact)")
    _EXERCISES[exercise_id] = (checker, hint)
    if prompts is not None:
        _PROMPTS[exercise_id] = list(prompts)


def _load_all():
    global _loaded
    if _loaded:
        return
    import_submodules(__package__)  # each chapter's module registers its exercises on import
    _loaded = True


def exercise_ids():
    """All registered exercise ids, sorted."""
    _load_all()
    return sorted(_EXERCISES)


def check(exercise_id, answer):
    """Check ``answer`` to exercise ``exercise_id`` and return a :class:`Feedback`.

    Examples
    --------
    >>> from statlib.exercises import check
    >>> check("lihang-2.1", False)
    [lihang-2.1] Correct: ...
    """
    checker, hint = _lookup(exercise_id)
    if answer is None:
        return Feedback(exercise_id, False, "no answer yet: replace None with your answer and run the cell again.")
    try:
        correct, message = checker(answer)
    except (TypeError, ValueError, IndexError) as exc:
        return Feedback(exercise_id, False, f"the answer has the wrong form ({exc}). Hint: {hint}")
    if not correct:
        message = f"{message} Hint: {hint}" if message else f"Hint: {hint}"
    return Feedback(exercise_id, bool(correct), message)


def _lookup(exercise_id):
    _load_all()
    if not isinstance(exercise_id, str):
        raise TypeError(f"exercise_id must be a string such as 'lihang-2.1', got {type(exercise_id).__name__}")
    if exercise_id not in _EXERCISES:
        raise ValueError(f"exercise_id {exercise_id!r} is unknown; known ids: {', '.join(sorted(_EXERCISES))}")
    return _EXERCISES[exercise_id]


def quiz_questions(exercise_id):
    """The exercise as jupyterquiz questions (numeric ranges or a True/False choice), with its hint."""
    checker, hint = _lookup(exercise_id)
    prompts = _PROMPTS.get(exercise_id)
    if prompts is None:
        raise ValueError(f"exercise {exercise_id!r} has no static quiz (it needs a kernel: use check())")
    if hasattr(checker, "quiz_choice"):
        return [
            {
                "question": prompts[0],
                "type": "many_choice",
                "answers": [
                    {
                        "answer": str(v),
                        "correct": v == checker.quiz_choice,
                        "feedback": "Correct." if v == checker.quiz_choice else f"Not yet. Hint: {hint}",
                    }
                    for v in (True, False)
                ],
            }
        ]
    values = checker.quiz_values
    if len(prompts) != len(values):
        raise ValueError(f"exercise {exercise_id!r}: {len(prompts)} prompts for {len(values)} values")
    # jupyterquiz accepts a range as low <= x < high, so an answer checked exactly (tol = 0) still needs a width.
    widths = [tol if tol > 0 else 1e-9 * max(1.0, abs(value)) for value, tol in values]
    return [
        {
            "question": prompt,
            "type": "numeric",
            "precision": _quiz_precision(value, half),
            "answers": [
                {"type": "range", "range": [value - half, value + half], "correct": True, "feedback": "Correct."},
                {"type": "default", "feedback": f"Not yet. Hint: {hint}"},
            ],
        }
        for prompt, (value, _), half in zip(prompts, values, widths)
    ]


def _quiz_precision(value, half):
    """Significant digits jupyterquiz keeps of a typed answer (it rounds with ``toPrecision``): 6, or more where
    rounding to 6 would move the exact answer by more than half its accepted half-width (2**30 needs 10)."""
    digits = 6
    while digits < 17 and abs(float(f"{value:.{digits}g}") - value) > 0.5 * half:
        digits += 1
    return digits


_js_loaded = False


def quiz(exercise_id):
    """Show the exercise as a quiz that checks answers in the browser, on the static site as in Jupyter."""
    import random

    import jupyterquiz.dynamic.display as jq_display
    from IPython.display import HTML, display

    global _js_loaded
    questions = quiz_questions(exercise_id)
    # jupyterquiz names its HTML element with random letters; seed them from the id so that re-running a
    # notebook gives identical outputs, and leave the global random stream as it was.
    state = random.getstate()
    random.seed(exercise_id)
    shown, show = [], jq_display.display
    jq_display.display = shown.append
    try:
        jq_display.display_quiz(questions, shuffle_answers=False, load_js=not _js_loaded)
    finally:
        jq_display.display = show
        random.setstate(state)
    _js_loaded = True
    for obj in shown:
        if isinstance(obj, HTML):
            # jupyterquiz leaves its <div> open; on a static page that would swallow the rest of the chapter.
            obj = HTML(obj.data + "</div>" * (obj.data.count("<div") - obj.data.count("</div>")))
        display(obj)
