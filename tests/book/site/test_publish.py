"""`make publish` against a local bare repository produces a gh-pages branch with the whole site and its PDF."""

import os
import re
import shutil
import subprocess

from site_paths import HTML, ROOT


def git(*args, cwd):
    return subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, text=True).stdout


def test_make_publish_to_a_bare_repository(tmp_path):
    assert (HTML / "index.html").exists(), "build the book first"
    bare = tmp_path / "remote.git"
    git("init", "--bare", "-q", str(bare), cwd=tmp_path)
    clone = tmp_path / "clone"
    git("clone", "-q", "--shared", str(ROOT), str(clone), cwd=tmp_path)
    shutil.copytree(HTML, clone / "_build" / "html")
    pdf = ROOT / "_build" / "pdf" / "book.pdf"
    assert pdf.exists(), "print the book first (make pdf)"
    (clone / "_build" / "pdf").mkdir()
    shutil.copy(pdf, clone / "_build" / "pdf" / "book.pdf")
    env = dict(
        os.environ,
        GIT_AUTHOR_NAME="Publisher",
        GIT_AUTHOR_EMAIL="publisher@example.org",
        GIT_COMMITTER_NAME="Publisher",
        GIT_COMMITTER_EMAIL="publisher@example.org",
    )
    venv = ROOT / ".venv"
    proc = subprocess.run(
        ["make", "publish", f"PUBLISH_REMOTE={bare}", f"VENV={venv}"],
        cwd=clone,
        env=env,
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    files = set(git("ls-tree", "-r", "--name-only", "gh-pages", cwd=bare).split())
    assert {"index.html", ".nojekyll", "404.html", "sitemap.xml", "book.pdf"} <= files
    toc = (ROOT / "_toc.yml").read_text()
    for entry in re.findall(r"file:\s*(\S+)", toc):
        assert f"{entry}.html" in files, f"{entry}.html is missing from gh-pages"
    assert any(f.startswith("_static/") for f in files)
