"""Optimisation (Li Hang appendices A-C): gradient descent, Newton, DFP, BFGS, the Broyden class,
Lagrange duality and the KKT conditions.

:func:`minimize` has the shape of :func:`scipy.optimize.minimize` and returns an
:class:`OptimizeResult` with the path of iterates. Other chapters (6, 11) call it with
``method="bfgs"``; its signature is stable.
"""

from ._duality import dual_ascent, kkt_check
from ._functions import rosenbrock, rosenbrock_grad, rosenbrock_hess
from ._line_search import armijo_line_search, exact_line_search, wolfe_line_search
from ._minimize import METHODS, approx_grad, check_grad, minimize
from ._result import OptimizeResult

__all__ = [
    "METHODS",
    "OptimizeResult",
    "approx_grad",
    "armijo_line_search",
    "check_grad",
    "dual_ascent",
    "exact_line_search",
    "kkt_check",
    "minimize",
    "rosenbrock",
    "rosenbrock_grad",
    "rosenbrock_hess",
    "wolfe_line_search",
]
