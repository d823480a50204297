"""PRML ch. 7 (sparse kernel machines): the sinusoidal regression data of section 7.1.4.

PRML illustrates support vector regression (Figs. 7.7 and 7.8) on its sinusoidal data set (PRML Appendix A):
inputs x in [0, 1], targets t = sin(2 pi x) plus Gaussian noise of standard deviation 0.3. The book's own
points are not printed; this is a seeded draw of the same kind, fixed once so that the figures never change.
"""

import numpy as np
from sklearn.utils import Bunch

from ._registry import example


@example("prml", "figure-7.8")
def _figure_7_8():
    rng = np.random.default_rng(7)
    x = np.sort(rng.uniform(0.0, 1.0, 40))
    t = np.sin(2.0 * np.pi * x) + 0.3 * rng.normal(size=40)
    return Bunch(
        X=x.reshape(-1, 1),
        y=t,
        noise_sd=0.3,
        DESCR="PRML section 7.1.4, Figs. 7.7-7.8: 40 points of the sinusoidal data (Appendix A), "
        "t = sin(2 pi x) + N(0, 0.3^2), x uniform on [0, 1]; a seeded draw (the book prints no values).",
    )
