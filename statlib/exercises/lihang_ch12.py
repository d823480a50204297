"""Li Hang ch. 12 (summary): the source has no exercises; these are ours, on the losses of Figure 12.2."""

import numpy as np

from ._checkers import exact, numeric
from ._registry import register

# A point with margin y f(x) = 0.5: hinge 0.5, logistic (natural log) log(1 + e^-0.5), exponential e^-0.5.
register(
    "companion-12.1",
    numeric([0.5, np.log1p(np.exp(-0.5)), np.exp(-0.5)], atol=1e-4),
    hint="evaluate (12.1)-(12.3) at y f(x) = 0.5: max(0, 1 - m), log(1 + exp(-m)), exp(-m).",
    prompts=["hinge loss at margin 0.5", "logistic loss (natural log) at margin 0.5", "exponential loss at margin 0.5"],
)

# The 0-1 loss is not convex, so minimising it directly is hard; the surrogates are convex.
register(
    "companion-12.2",
    exact(False),
    hint="compare the 0-1 loss at m = -0.75 with the average of its values at m = -2 and m = 0.5.",
    prompts=["Is the 0-1 loss a convex function of the margin?"],
)
