"""Self-checking exercises: ``check(exercise_id, answer)`` says whether an answer is right.

Answers live in one module per source chapter (``lihang_ch02.py``, ...), each registering its
exercises with :func:`register`; this package imports them all on first use. Ids are
``"<source>-<chapter>.<number>"`` with an optional part, e.g. ``"lihang-2.1"``, ``"lihang-10.1"``,
``"mlapp-13.3"``, ``"lihang-2.3b"``.
"""

from ._checkers import exact, numeric, predicate
from ._registry import Feedback, check, exercise_ids, quiz, quiz_questions, register

__all__ = ["Feedback", "check", "exercise_ids", "quiz", "quiz_questions", "register", "exact", "numeric", "predicate"]
