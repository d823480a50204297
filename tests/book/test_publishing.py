"""What can be proved offline about publishing: the workflows are valid and run the README's commands,
and the site address follows from the one repository URL in _config.yml."""

import re
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
WORKFLOWS = ROOT / ".github" / "workflows"


def readme_commands():
    block = re.search(r"## Quick start.*?```bash\n(.*?)```", (ROOT / "README.md").read_text(), re.S).group(1)
    return [line.split("#")[0].strip() for line in block.strip().splitlines()]


def steps(workflow):
    return [step for job in workflow["jobs"].values() for step in job.get("steps", [])]


def test_readme_has_exactly_the_two_commands():
    assert readme_commands() == ["make book", "make test"]


def ci_target():
    """The prerequisites of the Makefile's ``ci`` target: what CI runs, in order."""
    return re.search(r"(?m)^ci:(.*)$", (ROOT / "Makefile").read_text()).group(1).split()


def test_ci_entry_runs_the_readme_commands_and_the_site_and_binder_checks():
    assert ci_target() == ["test", "book", "pdf", "test-site", "test-pdf", "test-binder"]
    script = (ROOT / ".ci" / "run").read_text()
    assert [line for line in script.splitlines() if line.startswith("make")] == ["make ci"]


def test_push_workflow_tests_builds_and_deploys():
    wf = yaml.safe_load((WORKFLOWS / "book.yml").read_text())
    triggers = wf[True] if True in wf else wf["on"]  # YAML 1.1 reads the key `on` as True
    assert triggers["push"]["branches"] == ["main"]
    runs = [s.get("run", "") for s in steps(wf)]
    assert "make ci" in runs, "book.yml must run the same entry as .ci/run"
    assert "cp _build/pdf/book.pdf _build/html/book.pdf" in runs, "the PDF is published beside the site"
    uses = [s.get("uses", "") for s in steps(wf)]
    assert any(u.startswith("actions/setup-python") for u in uses)
    assert any(s.get("with", {}).get("python-version") == "3.11" for s in steps(wf))
    assert any(u.startswith("actions/upload-pages-artifact") for u in uses)
    assert any(u.startswith("actions/deploy-pages") for u in uses)
    assert wf["permissions"]["pages"] == "write" and wf["permissions"]["id-token"] == "write"


def test_pull_request_workflow_runs_the_tests():
    wf = yaml.safe_load((WORKFLOWS / "tests.yml").read_text())
    triggers = wf[True] if True in wf else wf["on"]
    assert "pull_request" in triggers
    runs = [s.get("run", "") for s in steps(wf)]
    assert "make ci" in runs, "tests.yml must run the same entry as .ci/run"
    assert not any("deploy-pages" in s.get("uses", "") for s in steps(wf))


def test_pages_address_follows_from_the_repository_url():
    sys.path.insert(0, str(ROOT / "_ext"))
    try:
        from site_urls import pages_url
    finally:
        sys.path.pop(0)
    assert pages_url("https://github.com/Some-Org/my-book") == "https://some-org.github.io/my-book/"
    assert pages_url("https://github.com/Some-Org/my-book.git") == "https://some-org.github.io/my-book/"
    assert pages_url("https://github.com/alice/alice.github.io") == "https://alice.github.io/"
    assert pages_url("https://gitlab.com/alice/book") is None
    config = yaml.safe_load((ROOT / "_config.yml").read_text())
    assert pages_url(config["repository"]["url"]) is not None


def test_citation_file_is_valid_yaml_with_the_same_repository():
    cff = yaml.safe_load((ROOT / "CITATION.cff").read_text())
    config = yaml.safe_load((ROOT / "_config.yml").read_text())
    assert cff["cff-version"] == "1.2.0" and cff["title"] and cff["authors"]
    assert cff["repository-code"] == config["repository"]["url"]
