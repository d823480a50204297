"""PRML ch. 7, section 7.1 (support vector machines): exercises of the companion and one of PRML's, checked here.

The notes the chapter follows print no exercises, so most are our own, each derived in the chapter's solution.
Their ids are companion-7.1 to companion-7.6, like the RVM page's companion-7.10 to companion-7.14; they are not
PRML's Exercises 7.1-7.6 (companion-7.2 is PRML's Exercise 7.4 with numbers). prml-7.5 is PRML's Exercise 7.5:

* companion-7.1: x1 = (1, 1) with t = +1 and x2 = (3, 3) with t = -1. The maximum-margin line is the
  perpendicular bisector of the segment, so w = (c, c); the canonical constraints w.x1 + b = 1 and
  w.x2 + b = -1 read 2c + b = 1 and 6c + b = -1, hence c = -1/2, w = (-1/2, -1/2), b = 2.
* companion-7.2: for the same problem the margin is 1 / ||w|| = sqrt(2), and sum_n a_n = ||w||^2 = 1/2 (PRML's
  Exercise 7.4: 1 / rho^2 = sum_n a_n).
* companion-7.3: at z = y t = 0.5 the hinge error is 0.5 and the rescaled logistic error / ln 2 is
  ln(1 + e^(-0.5)) / ln 2.
* companion-7.4: linear SVR on t = 2x + 1 over x in [0, 1] with epsilon = 0.5 and C large: the flattest line
  inside the tube has w = 1, b = 1.5 (the end points pin (2 - w) / 2 <= 0.5).
* companion-7.5: K = 10 classes need K = 10 one-versus-the-rest and K (K - 1) / 2 = 45 one-versus-one
  classifiers.
* companion-7.6: of the 2^4 = 16 labellings of four points in convex position, lines realise all but the two
  "diagonal" ones: 14 (a single number).
* prml-7.5: at the optimum the dual value is L~(a) = sum_n a_n - ||w||^2 / 2 = ||w||^2 / 2, so 1 / rho^2 = 2 L~(a).
  For the two points of companion-7.1, ||w||^2 = 1/2 and L~ = 1/4; for the twelve points of
  statlib.viz.svm.FIGURE_DATA, w = (2/3, 2/3), ||w||^2 = 8/9 and L~ = 4/9.
"""

import numpy as np

from ._checkers import numeric
from ._registry import register

register(
    "companion-7.1",
    numeric([-0.5, -0.5, 2.0], atol=1e-3),
    hint="by symmetry w points from x2 to x1, w = c (x1 - x2); then impose t_n (w.x_n + b) = 1 on both points.",
    prompts=["w₁:", "w₂:", "b:"],
)
register(
    "companion-7.2",
    numeric([np.sqrt(2.0), 0.5], atol=1e-3),
    hint="the margin is 1 / ||w||; with w = sum a_n t_n x_n and the KKT conditions a_n (t_n y(x_n) - 1) = 0, "
    "sum a_n = ||w||^2.",
    prompts=["margin ρ = 1/‖w‖:", "Σₙ aₙ:"],
)
register(
    "companion-7.3",
    numeric([0.5, np.log1p(np.exp(-0.5)) / np.log(2.0)], atol=1e-3),
    hint="E_SV(z) = max(0, 1 - z) and E_LR(z) = ln(1 + exp(-z)), the latter divided by ln 2.",
    prompts=["hinge error at z = 0.5:", "logistic error / ln 2 at z = 0.5:"],
)
register(
    "companion-7.4",
    numeric([1.0, 1.5], atol=1e-3),
    hint="minimise w^2 subject to |w x + b - (2x + 1)| <= 0.5 at x = 0 and x = 1 (the other points follow).",
    prompts=["w:", "b:"],
)
register(
    "companion-7.5",
    numeric([10.0, 45.0], atol=0.0),
    hint="one classifier per class against the rest; one per unordered pair of classes.",
    prompts=["one-versus-the-rest classifiers:", "one-versus-one classifiers:"],
)
register(
    "companion-7.6",
    numeric(14.0, atol=0.0),
    hint="a line can cut off any single vertex, any two adjacent vertices, or none; it cannot separate the two "
    "diagonals of a convex quadrilateral.",
    prompts=["labellings realised by lines:"],
)
register(
    "prml-7.5",
    numeric([0.25, 4.0 / 9.0], atol=1e-3),
    hint="by the KKT conditions sum_n a_n = ||w||^2, so the dual value is ||w||^2 / 2 = 1 / (2 rho^2); "
    "find w for each data set first.",
    prompts=["L̃(a) for the two points of Companion 7.1:", "L̃(a) for the twelve points of Fig. 7.1:"],
)
