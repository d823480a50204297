"""Execute chapter notebooks in place, top to bottom in a fresh kernel, as they are committed.

Saved widget state is dropped: it would make the site load a widget manager from a CDN, and saved state is
never interactive without a kernel anyway (each explorer has a static figure beside it).

Each kernel runs with one BLAS/OpenMP thread unless the environment says otherwise, as under `make outputs` and
`make test` (the Makefile exports the same variables): the committed outputs, timing tables included, are then
those the tests recompute.

    python scripts/execute_notebooks.py chapters/supervised/02-perceptron.ipynb [...]
"""

import os
import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

THREAD_VARS = ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS")


def execute(path):
    path = Path(path)
    nb = nbformat.read(path, as_version=4)
    start = time.perf_counter()
    NotebookClient(nb, kernel_name="python3", timeout=600, resources={"metadata": {"path": str(path.parent)}}).execute()
    nb.metadata.pop("widgets", None)
    nbformat.write(nb, path)
    return time.perf_counter() - start


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    for var in THREAD_VARS:  # the kernels inherit this environment
        os.environ.setdefault(var, "1")
    for arg in sys.argv[1:]:
        print(f"{arg}: executed in {execute(arg):.1f} s", flush=True)
