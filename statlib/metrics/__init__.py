"""Evaluation measures: precision, recall and F1 (Li Hang section 1.8.1); margin losses (Li Hang ch. 12)."""

from ._classification import confusion_counts, precision_recall_f1
from ._losses import MARGIN_LOSSES, margin_loss

__all__ = ["MARGIN_LOSSES", "confusion_counts", "margin_loss", "precision_recall_f1"]
