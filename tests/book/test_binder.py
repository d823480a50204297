"""What Binder would build, read from repo2docker's generated Dockerfile (no Docker engine needed)."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def dockerfile():
    exe = Path(sys.executable).parent / "repo2docker"
    if not exe.exists():
        exe = shutil.which("repo2docker")
    proc = subprocess.run(
        [str(exe), "--no-build", "--debug", "--user-id", "1000", "--user-name", "jovyan", "."],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        env=dict(os.environ),
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    return proc.stdout + proc.stderr  # the Dockerfile, and repo2docker's log of what it chose


def test_python_3_11(dockerfile):
    assert (ROOT / "runtime.txt").read_text().strip() == "python-3.11"
    assert "Building conda environment for python=3.11" in dockerfile, "Binder would not use Python 3.11"


def test_requirements_then_statlib_then_post_build(dockerfile):
    steps = [line for line in dockerfile.splitlines() if line.startswith("RUN ")]
    req = next(i for i, s in enumerate(steps) if 'pip install --no-cache-dir -r "requirements.txt"' in s)
    post = next(i for i, s in enumerate(steps) if s.strip() == "RUN ./postBuild")
    assert req < post
    # The whole repository is copied before requirements.txt is installed (it installs statlib with `-e .`).
    copy_all = dockerfile.index("COPY --chown=1000:1000 src/ ${REPO_DIR}/")
    assert copy_all < dockerfile.index('pip install --no-cache-dir -r "requirements.txt"')


def test_requirements_pin_the_reader_stack_and_statlib():
    lines = [l.split("#")[0].strip() for l in (ROOT / "requirements.txt").read_text().splitlines()]
    pins = dict(l.split("==") for l in lines if "==" in l)
    for package in ("numpy", "scipy", "matplotlib", "scikit-learn", "numba", "llvmlite", "ipywidgets"):
        assert package in pins, f"{package} is not pinned in requirements.txt"
    assert "-e ." in lines


def test_post_build_restores_an_editable_statlib_and_warms_the_cache():
    script = (ROOT / "postBuild").read_text()
    assert os.access(ROOT / "postBuild", os.X_OK)
    assert "pip install --no-deps -e ." in script
    assert "scripts/warm_numba_cache.py" in script and (ROOT / "scripts" / "warm_numba_cache.py").exists()


def test_start_runs_each_binder_session_on_one_blas_thread(dockerfile):
    start = ROOT / "start"
    assert os.access(start, os.X_OK)
    assert 'ENV R2D_ENTRYPOINT="${REPO_DIR}/start"' in dockerfile, "Binder would not run ./start at launch"
    # The script sets one thread where nothing is set, keeps a reader's own setting, and runs the command it gets.
    env = {k: v for k, v in os.environ.items() if not k.endswith("_NUM_THREADS")}
    show = "echo $OMP_NUM_THREADS $OPENBLAS_NUM_THREADS $MKL_NUM_THREADS"
    out = subprocess.run([str(start), "bash", "-c", show], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["1", "1", "1"]
    env["OPENBLAS_NUM_THREADS"] = "4"
    out = subprocess.run([str(start), "bash", "-c", show], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["1", "4", "1"]
