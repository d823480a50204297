"""Gibbs sampling of a bivariate normal (Li Hang Example 19.10, Algorithm 19.3) vs the same chain by SciPy.

Both consume the same standard normals (two per sweep). Substituting x1 into the draw of x2 makes x2 an AR(1)
recurrence x2_i = rho^2 x2_{i-1} + e_i, which ``scipy.signal.lfilter`` runs in compiled code; x1 then follows in
one vectorised NumPy line. That is the fastest way a practitioner would run this chain without writing a kernel.
"""

import numpy as np

from benchmarks._case import Case, size_params

MEAN = np.array([1.0, -2.0])
SD = np.array([2.0, 1.0])
RHO = 0.9


GRID = (
    "n=10000",
    "n=200000",
    "n=2000000",
    "n=10000000",
)


def make_data(size, seed):
    n = size_params(size, {"full": {"n": 2_000_000}, "smoke": {"n": 500}})["n"]
    z = np.random.RandomState(seed).standard_normal((n, 2))
    return {"z": z}


def run_statlib(data):
    from statlib.sampling._mcmc import _gibbs_bivariate_normal_kernel

    return _gibbs_bivariate_normal_kernel(MEAN, SD, RHO, MEAN.copy(), data["z"])


def run_reference(data):
    from scipy.signal import lfilter

    z = data["z"]
    c = np.sqrt(1 - RHO**2)
    # standardised coordinates u = (x - mean) / sd: u1_i = rho u2_{i-1} + c z_i0, u2_i = rho u1_i + c z_i1
    e = RHO * c * z[:, 0] + c * z[:, 1]
    u2, _ = lfilter([1.0], [1.0, -RHO * RHO], e, zi=[0.0])  # u2 starts at 0 (x0 = mean)
    u1 = RHO * np.concatenate(([0.0], u2[:-1])) + c * z[:, 0]
    return np.column_stack([MEAN[0] + SD[0] * u1, MEAN[1] + SD[1] * u2])


def check(ours, theirs):
    np.testing.assert_allclose(ours, theirs, rtol=1e-9, atol=1e-9)


CASE = Case(
    name="gibbs_bivariate_normal",
    algorithm="Gibbs sampling of a bivariate normal (Li Hang alg. 19.3, Example 19.10), rho = 0.9",
    size="n=2 000 000 sweeps",
    reference_name="scipy.signal.lfilter (the chain as an AR(1) recurrence)",
    target=1.0,
    make_data=make_data,
    statlib=run_statlib,
    reference=run_reference,
    check=check,
    tolerance="the same chain from the same normals (rtol 1e-9)",
    grid=GRID,
)
