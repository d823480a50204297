"""Execute chapter notebooks in place, top to bottom in a fresh kernel, as they are committed.

Saved widget state is dropped: it would make the site load a widget manager from a CDN, and saved state is
never interactive without a kernel anyway (each explorer has a static figure beside it).

    python scripts/execute_notebooks.py chapters/supervised/02-perceptron.ipynb [...]
"""

import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient


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
    for arg in sys.argv[1:]:
        print(f"{arg}: executed in {execute(arg):.1f} s", flush=True)
