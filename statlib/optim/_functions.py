"""Test functions for the optimisers (the same definitions as :mod:`scipy.optimize`'s ``rosen`` family)."""

import numpy as np

__all__ = ["rosenbrock", "rosenbrock_grad", "rosenbrock_hess"]


def _point(x):
    # A light check: these functions sit in the inner loop of every optimiser.
    x = np.asarray(x, dtype=float)
    if x.ndim != 1 or x.size < 2:
        raise ValueError(f"x must be a 1-D array with at least 2 entries, got shape {x.shape}")
    return x


def rosenbrock(x):
    """Rosenbrock's function f(x) = sum_i 100 (x_{i+1} - x_i^2)^2 + (1 - x_i)^2; minimum 0 at x = (1, ..., 1).

    Its curved, narrow valley is the classic test of how well a method adapts its steps.
    """
    x = _point(x)
    return float(np.sum(100.0 * (x[1:] - x[:-1] ** 2) ** 2 + (1.0 - x[:-1]) ** 2))


def rosenbrock_grad(x):
    """Gradient of :func:`rosenbrock`."""
    x = _point(x)
    g = np.zeros_like(x)
    inner = x[1:] - x[:-1] ** 2
    g[:-1] += -400.0 * x[:-1] * inner - 2.0 * (1.0 - x[:-1])
    g[1:] += 200.0 * inner
    return g


def rosenbrock_hess(x):
    """Hessian of :func:`rosenbrock` (tridiagonal)."""
    x = _point(x)
    n = x.size
    H = np.zeros((n, n))
    diag = np.zeros(n)
    diag[:-1] += 1200.0 * x[:-1] ** 2 - 400.0 * x[1:] + 2.0
    diag[1:] += 200.0
    off = -400.0 * x[:-1]
    H[np.arange(n), np.arange(n)] = diag
    H[np.arange(n - 1), np.arange(1, n)] = off
    H[np.arange(1, n), np.arange(n - 1)] = off
    return H
