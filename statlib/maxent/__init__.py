"""Maximum entropy models (Li Hang ch. 6): the model (6.22)-(6.23) over feature functions, learned by
improved iterative scaling (algorithm 6.1) or quasi-Newton methods (algorithm 6.2)."""

from ._maxent import METHODS, feature_tensor, fit_maxent, maxent_proba

__all__ = ["METHODS", "feature_tensor", "fit_maxent", "maxent_proba"]
