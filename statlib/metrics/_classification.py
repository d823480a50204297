import numpy as np

from .._validation import check_same_length


def confusion_counts(y_true, y_pred, *, pos_label=1):
    """The four counts of a binary classification: ``(TP, FP, FN, TN)`` for the class ``pos_label``.

    TP: positive predicted positive; FP: negative predicted positive; FN: positive predicted negative;
    TN: negative predicted negative (Li Hang section 1.8.1).
    """
    y_true, y_pred = np.asarray(y_true), np.asarray(y_pred)
    if y_true.ndim != 1 or y_pred.ndim != 1:
        raise ValueError(f"y_true and y_pred must be 1-D, got shapes {y_true.shape} and {y_pred.shape}")
    check_same_length(y_true=y_true, y_pred=y_pred)
    if y_true.size == 0:
        raise ValueError("y_true and y_pred must not be empty")
    for name, labels in (("y_true", y_true), ("y_pred", y_pred)):
        if labels.dtype.kind in "fc" and not np.all(np.isfinite(labels)):
            raise ValueError(f"{name} must hold labels, not NaN or infinity (a missing prediction?)")
    if pos_label not in set(y_true.tolist()) | set(y_pred.tolist()):
        raise ValueError(f"pos_label={pos_label!r} occurs in neither y_true nor y_pred")
    t, p = y_true == pos_label, y_pred == pos_label
    return int(np.sum(t & p)), int(np.sum(~t & p)), int(np.sum(t & ~p)), int(np.sum(~t & ~p))


def precision_recall_f1(y_true, y_pred, *, pos_label=1):
    """Precision P = TP/(TP+FP), recall R = TP/(TP+FN) and F1 = 2TP/(2TP+FP+FN), Li Hang (1.41)-(1.44).

    F1 is the harmonic mean of P and R, 2/F1 = 1/P + 1/R (1.43). (The printed (1.44) is garbled in some
    copies; the formula above is the correct one.) A ratio whose denominator is zero is returned as 0.0,
    as scikit-learn does with ``zero_division=0``.
    """
    tp, fp, fn, _ = confusion_counts(y_true, y_pred, pos_label=pos_label)
    precision = tp / (tp + fp) if tp + fp else 0.0
    recall = tp / (tp + fn) if tp + fn else 0.0
    f1 = 2 * tp / (2 * tp + fp + fn) if tp + fp + fn else 0.0
    return precision, recall, f1
