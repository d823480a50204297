"""Compile and cache every statlib kernel that the chapters use, by running the chapters once.

Used by Binder's postBuild. Outputs are discarded; a chapter that fails here is reported but does not
stop the others (the image is still usable, that chapter just compiles on first use).
"""

import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[1]


def main():
    failures = 0
    for path in sorted((ROOT / "chapters").rglob("*.ipynb")):
        if ".ipynb_checkpoints" in path.parts:
            continue
        nb = nbformat.read(path, as_version=4)
        start = time.perf_counter()
        try:
            NotebookClient(
                nb, kernel_name="python3", timeout=900, resources={"metadata": {"path": str(path.parent)}}
            ).execute()
            print(f"warmed {path.relative_to(ROOT)} in {time.perf_counter() - start:.0f} s", flush=True)
        except Exception as exc:  # noqa: BLE001 - report and go on
            failures += 1
            print(f"could not run {path.relative_to(ROOT)}: {type(exc).__name__}: {str(exc)[:300]}", flush=True)
    return 0 if failures == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
