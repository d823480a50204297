"""The checkers of the ICA chapter's own exercises (companion-12.61 to 12.64), fed answers computed here from
SciPy's distributions, numerical integration and the matrix of (12.98), not from the checkers' constants."""

import numpy as np
from scipy import integrate, optimize, stats

from statlib.exercises import check


def test_companion_12_61_kurtosis():
    answer = [float(stats.uniform(-1, 2).stats(moments="k")), float(stats.laplace().stats(moments="k"))]
    assert check("companion-12.61", answer)
    assert not check("companion-12.61", [1.2, 3.0])


def test_companion_12_62_covariance_of_the_mixtures():
    W = np.array([[2.0, 3.0], [2.0, 1.0]])
    C = W @ W.T
    assert check("companion-12.62", [C[0, 0], C[0, 1], C[1, 1], 2 * (2 - 1) / 2])
    assert not check("companion-12.62", [13.0, 7.0, 5.0, 3.0])


def test_companion_12_63_log_densities_at_zero():
    answer = [stats.laplace(scale=1 / np.sqrt(2)).logpdf(0.0), stats.logistic(scale=np.sqrt(3) / np.pi).logpdf(0.0)]
    assert check("companion-12.63", answer)
    assert not check("companion-12.63", answer[::-1])


def test_companion_12_64_laplace_fixed_point_scale():
    s = np.sqrt(3.0)
    mean_abs = integrate.quad(lambda u: abs(u) / (2 * s), -s, s)[0]  # E|s| for the unit-variance uniform
    a = optimize.brentq(lambda a: -np.sqrt(2) * a * mean_abs + 1.0, 0.1, 5.0)
    assert check("companion-12.64", [a])
    assert not check("companion-12.64", [1.0])
