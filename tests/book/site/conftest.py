import sys
from pathlib import Path

import pytest
from site_paths import HTML, SHOTS

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "scripts"))
from headless import CHROMIUM_ARGS, chromium_executable, serve  # noqa: E402


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    if not (HTML / "index.html").exists():
        pytest.fail("the book is not built: run `make book` first")
    executable = chromium_executable()
    if executable is None:
        pytest.fail("no chromium on PATH: run scripts/install_browser.sh")
    SHOTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture(scope="session")
def site_url():
    """The built site served over HTTP on the loopback interface, as a reader's web server would."""
    with serve(HTML) as url:
        yield url
