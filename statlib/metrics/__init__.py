"""Evaluation measures: precision, recall and F1 (Li Hang section 1.8.1)."""

from ._classification import confusion_counts, precision_recall_f1

__all__ = ["confusion_counts", "precision_recall_f1"]
