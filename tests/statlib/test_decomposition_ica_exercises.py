"""The checkers of the ICA chapter's own exercises (companion-12.61 to 12.65), fed answers computed here from
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
    assert check("companion-12.64", a)  # the exercise asks for the number a, so a plain float must be accepted
    assert check("companion-12.64", np.float64(round(a, 4)))  # entered to 4 decimals
    assert not check("companion-12.64", 1.0)
    assert not check("companion-12.64", 1 / np.sqrt(3))  # E|s| of the unit-variance uniform taken as 1/sqrt(2)


def test_companion_12_65_kurtosis_contrast_fixed_point():
    # E[z (v^T z)^3] - 3 v for two independent unit-variance uniform sources, by a product Gauss-Legendre rule,
    # exact for these degree-4 polynomials; the check compares with this direct expectation, not with kurt v^3.
    s = np.sqrt(3.0)
    nodes, weights = np.polynomial.legendre.leggauss(8)
    u, wu = s * nodes, weights / 2  # the uniform density on [-s, s] as weights summing to 1
    U1, U2 = np.meshgrid(u, u, indexing="ij")
    w2 = np.outer(wu, wu)
    v = np.array([0.8, 0.6])
    proj = v[0] * U1 + v[1] * U2
    assert abs((w2 * U1**2).sum() - 1.0) < 1e-12 and abs((w2 * proj**2).sum() - 1.0) < 1e-12  # white, |v| = 1
    v_star = np.array([(w2 * U1 * proj**3).sum(), (w2 * U2 * proj**3).sum()]) - 3.0 * v  # (12.108), g = u^3
    assert check("companion-12.65", v_star)
    assert check("companion-12.65", v_star.round(4))
    assert not check("companion-12.65", -v_star)  # v* itself has a sign, even if its direction does not
    assert not check("companion-12.65", v_star[::-1])
