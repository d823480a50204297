"""The summary chapter (Li Hang ch. 12): its comparison covers every classifier, and its exercises' answers."""

import importlib

import numpy as np
from sklearn.base import ClassifierMixin

from statlib.exercises import check
from statlib.viz import summary

FAMILIES = ("linear_model", "neighbors", "naive_bayes", "tree", "svm", "ensemble")


def test_the_comparison_runs_every_general_purpose_classifier():
    # Every classifier exported by the Part I families takes part, except the ID3/C4.5 trees of the book's
    # categorical examples (categorical inputs only), which chapter 5 compares on their own data.
    exported = set()
    for family in FAMILIES:
        module = importlib.import_module(f"statlib.{family}")
        for name in module.__all__:
            obj = getattr(module, name)
            if isinstance(obj, type) and issubclass(obj, ClassifierMixin):
                exported.add(name)
    used = {type(m[-1] if hasattr(m, "steps") else m).__name__ for m in summary.classifiers().values()}
    assert exported - used == {"ID3Classifier", "C45Classifier"}


def test_exercise_answers():
    hinge, logistic, exponential = max(0.0, 1 - 0.5), np.log(1 + np.exp(-0.5)), np.exp(-0.5)
    assert check("companion-12.1", (hinge, logistic, exponential))
    assert not check("companion-12.1", (0.0, logistic, exponential))
    # The 0-1 loss is not convex: on the chord from m = -2 to m = 0.5 the function exceeds the chord.
    m = np.linspace(-2, 0.5, 101)
    chord = np.interp(m, [-2, 0.5], [1.0, 0.0])
    assert np.any((m < 0).astype(float) > chord + 1e-12)
    assert check("companion-12.2", False) and not check("companion-12.2", True)
