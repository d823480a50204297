"""Model selection: the generalisation bound of a finite hypothesis class (Li Hang section 1.6).

For hold-out, S-fold and leave-one-out cross-validation (Li Hang section 1.5.2) use scikit-learn's
``train_test_split``, ``KFold``, ``LeaveOneOut`` and ``cross_val_score``: every statlib estimator
works with them.
"""

from ._bounds import hoeffding_bound, hoeffding_sample_size

__all__ = ["hoeffding_bound", "hoeffding_sample_size"]
