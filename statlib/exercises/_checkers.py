"""Building blocks for exercise checkers. Each returns a function answer -> (correct, message)."""

import numpy as np


def numeric(expected, *, rtol=0.0, atol=1e-6, unordered=False):
    """Accept a number or array equal to ``expected`` within tolerance (optionally in any order).

    An answer of one value is accepted as a number or as a one-element sequence, whichever form ``expected`` has:
    a reader asked for "the number" types the number.
    """
    expected = np.asarray(expected, dtype=float)

    def checker(answer):
        got = np.asarray(answer, dtype=float)
        if got.size == 1 and expected.size == 1:
            got = got.reshape(expected.shape)
        if got.shape != expected.shape:
            return False, f"expected an answer of shape {expected.shape}, got shape {got.shape}."
        a, b = (np.sort(got, axis=None), np.sort(expected, axis=None)) if unordered else (got, expected)
        if np.allclose(a, b, rtol=rtol, atol=atol):
            return True, "that matches."
        return False, "that is not it."

    # What a static (kernel-free) quiz needs: each value with its accepted range.
    checker.quiz_values = [(float(v), atol + rtol * abs(float(v))) for v in np.ravel(expected)]
    return checker


def exact(expected):
    """Accept an answer equal to ``expected`` (bools, strings, tuples, integer sequences).

    A yes-or-no question takes only a bool (Python's or NumPy's): 1 == True in Python, but a number does not
    answer it.
    """

    def checker(answer):
        if isinstance(expected, bool) and not isinstance(answer, (bool, np.bool_)):
            return False, f"answer True or False, not {answer!r}."
        if isinstance(expected, (list, tuple)):
            ok = list(np.asarray(answer).tolist()) == list(expected)
        else:
            ok = answer == expected and type(answer) is not type(None)
        return (True, "that matches.") if ok else (False, "that is not it.")

    if isinstance(expected, bool):
        checker.quiz_choice = expected
    return checker


def predicate(test, success="that works."):
    """Accept any answer for which ``test(answer)`` returns ``(True, _)``; ``test`` explains failures."""

    def checker(answer):
        ok, why = test(answer)
        return (True, success) if ok else (False, why)

    return checker
