"""Support vector machines (Li Hang ch. 7): margins, the primal and dual QPs, kernels, and SMO.

* :class:`SVR` -- epsilon-insensitive support vector regression (PRML section 7.1.4), the same SMO over
  libsvm's 2n-variable dual.
* :class:`SVC` -- kernel SVM trained by SMO (algorithms 7.4, 7.5), scikit-learn compatible; libsvm's
  working sets by default, Platt's heuristics of section 7.4.2 with ``working_set="platt"``.
* :func:`smo_trace` -- every step of SMO on a small problem (the pair, alpha, b, E).
* :func:`primal_qp`, :func:`dual_qp`, :func:`primal_from_dual` -- algorithms 7.1-7.3 as QPs (SciPy).
* :func:`kernel_matrix`, :func:`string_kernel`, :func:`string_features` -- the kernels of section 7.3.
* :class:`RelevanceVectorRegressor`, :class:`RelevanceVectorClassifier` -- relevance vector machines (PRML 7.2).
* :func:`functional_margin`, :func:`geometric_margin` -- (7.3)-(7.8); the hinge loss (7.57)-(7.59) is
  :func:`statlib.metrics.margin_loss` with ``name="hinge"``.
"""

from ._classes import SVC
from ._kernel_functions import kernel_matrix, string_features, string_kernel
from ._margins import functional_margin, geometric_margin
from ._platt import SMOTrace, smo_trace
from ._qp import dual_qp, primal_from_dual, primal_qp
from ._rvm import RelevanceVectorClassifier, RelevanceVectorRegressor
from ._smo import two_variable_update
from ._svr import SVR

__all__ = [
    "RelevanceVectorClassifier",
    "RelevanceVectorRegressor",
    "SMOTrace",
    "SVC",
    "SVR",
    "dual_qp",
    "functional_margin",
    "geometric_margin",
    "kernel_matrix",
    "primal_from_dual",
    "primal_qp",
    "smo_trace",
    "string_features",
    "string_kernel",
    "two_variable_update",
]
