"""NMF by multiplicative updates, squared loss (Li Hang alg. 17.1, eqs. (17.33)-(17.34)), on a sparse
document-term count matrix vs scikit-learn's NMF(solver="mu"): 200 iterations from the same W, H (tol=0)."""

import numpy as np
from scipy import sparse

from benchmarks._case import Case, size_params
from benchmarks.cases.nmf import check as check_dense
from benchmarks.cases.nmf import run_reference, run_statlib, starting_point

GRID = (
    "n=1000,m=3000,k=5",
    "n=1000,m=3000,k=20",
    "n=5000,m=3000,k=5",
    "n=5000,m=3000,k=20",
    "n=20000,m=3000,k=5",
    "n=20000,m=3000,k=20",
)


def make_data(size, seed):
    s = size_params(size, {"full": {"n": 5_000, "m": 3_000, "k": 20}, "smoke": {"n": 80, "m": 50, "k": 4}})
    n, m, k = s["n"], s["m"], s["k"]
    density = 0.1 if size == "smoke" else 0.01
    rng = np.random.default_rng(seed)
    # Counts at random positions, like a document-term matrix (1% nonzero in the full case).
    X = sparse.random(
        n, m, density=density, format="csr", random_state=rng, data_rvs=lambda s: rng.poisson(2.0, size=s) + 1.0
    )
    return starting_point(X, k, rng)


def check(ours, theirs):
    check_dense(ours, theirs, rtol_factors=1e-7, rtol_error=1e-9)


CASE = Case(
    name="nmf_sparse",
    algorithm="NMF, multiplicative updates, squared loss (Li Hang alg. 17.1), sparse X, 200 iterations",
    size="5 000 x 3 000, 1% nonzero, rank 20",
    reference_name="sklearn.decomposition.NMF(solver='mu')",
    target=1.0,
    make_data=make_data,
    statlib=run_statlib,
    reference=run_reference,
    check=check,
    tolerance="same W, H after 200 iterations (rtol 1e-7), same reconstruction error (rtol 1e-9)",
    notes="Neither side forms the dense W H: X H^T and W^T X come from the 150 000 nonzeros of X (statlib in one "
    "Numba pass over the CSR rows per iteration that forms X H^T, updates W and adds the new W into X^T W, 8 "
    "columns of the factors per vector operation; scikit-learn through two SciPy sparse products); H H^T, W^T W "
    "and the products with them go to BLAS.",
    grid=GRID,
)
