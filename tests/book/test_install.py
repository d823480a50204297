"""statlib works where readers install it: cheap to import, and usable from a read-only directory."""

import os
import shutil
import stat
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run_python(code, **env):
    full_env = {k: v for k, v in os.environ.items() if not k.startswith("NUMBA_CACHE_DIR")}
    full_env.update(env)
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], env=full_env, capture_output=True, text=True)


def test_import_compiles_nothing():
    # The subpackages load on first use, so `import statlib` pulls in neither Numba nor scikit-learn.
    proc = run_python(
        """
        import sys
        import statlib
        heavy = [m for m in ("numba", "sklearn", "scipy", "matplotlib") if m in sys.modules]
        assert not heavy, heavy
        assert "linear_model" in dir(statlib)
    """,
        PYTHONPATH=str(ROOT),
    )
    assert proc.returncode == 0, proc.stderr


def _make_read_only(path):
    for p in [path, *path.rglob("*")]:
        p.chmod(p.stat().st_mode & ~(stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH))


def test_read_only_install_falls_back_to_a_writable_cache(tmp_path):
    site = tmp_path / "site"
    shutil.copytree(ROOT / "statlib", site / "statlib", ignore=shutil.ignore_patterns("__pycache__"))
    home = tmp_path / "home"
    home.mkdir()
    _make_read_only(site)
    _make_read_only(home)
    try:
        proc = run_python(
            """
            import os
            import numpy as np
            from statlib.linear_model import Perceptron
            m = Perceptron().fit(np.array([[3.0, 3.0], [4.0, 3.0], [1.0, 1.0]]), np.array([1, 1, -1]))
            assert m.coef_.tolist() == [[1.0, 1.0]] and m.intercept_.tolist() == [-3.0]
            print(os.environ.get("NUMBA_CACHE_DIR", ""))
        """,
            PYTHONPATH=str(site),
            HOME=str(home),
            XDG_CACHE_HOME=str(home / ".cache"),
        )
        if os.geteuid() == 0:
            # root can write anywhere, so the package directory counts as writable and no fallback is needed
            assert proc.returncode == 0, proc.stderr
        else:
            assert proc.returncode == 0, proc.stderr
            assert proc.stdout.strip().startswith(str(Path(os.environ.get("TMPDIR", "/tmp"))))
    finally:
        for p in [site, *site.rglob("*"), home]:
            p.chmod(p.stat().st_mode | stat.S_IWUSR)


def test_cache_fallback_logic(tmp_path, monkeypatch):
    # The fallback itself, independent of who runs the tests: a read-only package dir and no writable HOME.
    import statlib

    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    monkeypatch.setattr(os, "access", lambda path, mode: str(path).startswith(str(tmp_path / "tmp")))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "nowhere"))
    monkeypatch.setattr("tempfile.gettempdir", lambda: str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()
    statlib._configure_numba_cache()
    assert os.environ["NUMBA_CACHE_DIR"] == str(tmp_path / "tmp" / "statlib-numba")


def test_requirements_pin_the_library_and_the_book_extra_and_nothing_else():
    # pyproject.toml says what the library needs and what a reader of the book needs on top (the `book` extra);
    # requirements.txt (what Binder installs) pins exactly those, plus llvmlite, numba's own compiler.
    import tomllib

    from packaging.requirements import Requirement

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    declared = {Requirement(r).name.lower() for r in project["dependencies"] + project["optional-dependencies"]["book"]}
    pinned = {}
    for line in (ROOT / "requirements.txt").read_text().splitlines():
        line = line.split("#")[0].strip()
        if line and not line.startswith("-e"):
            requirement = Requirement(line)
            pinned[requirement.name.lower()] = requirement
    assert set(pinned) - {"llvmlite"} == declared
    assert all(str(r.specifier).startswith("==") for r in pinned.values()), "requirements.txt pins exact versions"


def test_dir_lists_the_subpackages_on_disk():
    # dir(statlib) names exactly the subpackage folders (imported or not) and the version: no phantom names, no
    # helper modules of the package's own __init__, no duplicates once a subpackage has been imported.
    import statlib

    folders = {p.name for p in (ROOT / "statlib").iterdir() if (p / "__init__.py").exists() and p.name[0] != "_"}
    import statlib.datasets  # noqa: F401  (an imported subpackage must not appear twice)

    assert dir(statlib) == sorted(folders | {"__version__"})
