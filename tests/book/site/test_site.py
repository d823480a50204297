"""The built site, opened in a real (headless) browser, as a reader would see it offline.

For every page of the table of contents: nothing is fetched from outside the site and no request fails;
MathJax typesets the mathematics and leaves no raw TeX in the prose; every image loads; solutions are
collapsed; theorem/algorithm blocks and numbered equations are there; the Binder and Colab buttons
point at the page's own notebook. A screenshot of each page goes to _build/screenshots/.
"""

import json
import re
from urllib.parse import parse_qs, urlparse

import pytest
from site_paths import HTML, ROOT, SHOTS


def toc_pages():
    text = (ROOT / "_toc.yml").read_text()
    entries = ["intro"] + re.findall(r"file:\s*(\S+)", text)
    return [e for e in entries if (HTML / f"{e}.html").exists()] + [
        e for e in entries if not (HTML / f"{e}.html").exists()
    ]


PAGES = toc_pages()
NOTEBOOKS = {str(p.relative_to(ROOT).with_suffix("")) for p in (ROOT / "chapters").rglob("*.ipynb")}


def open_page(browser, site_url, path):
    page = browser.new_page(viewport={"width": 1300, "height": 900})
    outside, failed = [], []
    page.on("request", lambda r: outside.append(r.url) if not r.url.startswith((site_url, "data:", "blob:")) else None)
    page.on("requestfailed", lambda r: failed.append(f"{r.url} ({r.failure})"))
    page.goto(f"{site_url}/{path}", timeout=180_000)  # long math-heavy pages on a busy 2-core machine
    page.wait_for_load_state("load")
    return page, outside, failed


@pytest.mark.parametrize("entry", PAGES)
def test_page(browser, site_url, entry):
    assert (HTML / f"{entry}.html").exists(), f"{entry} is in _toc.yml but was not built"
    page, outside, failed = open_page(browser, site_url, f"{entry}.html")
    try:
        has_math = page.locator(".math").count() > 0
        if has_math:
            page.wait_for_function("window.MathJax && MathJax.startup && MathJax.startup.promise", timeout=180_000)
            page.evaluate("MathJax.startup.promise")
            assert page.locator("mjx-container").count() > 0, "MathJax rendered nothing"
        prose = page.evaluate(
            """() => { const c = document.querySelector('main').cloneNode(true);
                       c.querySelectorAll('pre, code, .highlight, .cell_output, mjx-container, script')
                        .forEach(e => e.remove());
                       return c.innerText; }"""
        )
        for raw in ("$$", "\\[", "\\(", "\\begin{"):
            assert raw not in prose, f"raw TeX {raw!r} left in the text"

        bare = page.evaluate(
            """() => Array.from(document.querySelectorAll('main a.reference'))
                     .map(a => a.innerText.trim())
                     .filter(t => /^(Algorithm|Theorem|Definition|Lemma|Proposition|Corollary|Exercise)$/.test(t))"""
        )
        assert not bare, f"cross-references with no number or title (give {{prf:ref}} an explicit text): {bare}"

        broken = page.evaluate(
            "Array.from(document.images).filter(i => !(i.complete && i.naturalWidth > 0)).map(i => i.src)"
        )
        assert not broken, f"images that did not load: {broken}"

        solutions = page.locator("div.solution")
        for k in range(solutions.count()):
            assert "toggle-hidden" in (solutions.nth(k).get_attribute("class") or ""), "a solution is open at load"
            body = solutions.nth(k).locator("section").first
            assert body.count() == 0 or not body.is_visible(), "a solution's text is visible at load"

        if entry in NOTEBOOKS:
            source = (ROOT / f"{entry}.ipynb").read_text()
            if "{prf:" in source:
                assert page.locator(".proof, .theorem, .algorithm").count() > 0, "theorem/algorithm blocks missing"
            if re.search(r"\$\$ \([a-z0-9-]+\)|:label: [a-z]", source):
                assert page.locator("span.eqno").count() > 0, "numbered equations missing"
            if "{exercise}" in source:
                assert page.locator("div.exercise").count() > 0, "exercise blocks missing"
            check_launch_links(page, entry)

        check_quizzes(page)
        page.screenshot(path=str(SHOTS / f"{entry.replace('/', '__')}.png"), full_page=True, timeout=180_000)
        assert not failed, f"failed requests: {failed}"
        assert not outside, f"requests outside the site: {outside}"
    finally:
        page.close()


def check_quizzes(page):
    """Numeric quizzes answer in the page, with no kernel: an answer in range is accepted, one outside is not."""
    inputs = page.locator("div.Quiz input.Input-text")
    for k in range(inputs.count()):
        box = inputs.nth(k)
        answers = json.loads(box.get_attribute("data-answers"))
        low, high = next(a["range"] for a in answers if a.get("correct"))
        for value, expected in (((low + high) / 2, "Correct"), (high + 1 + abs(high), "Not yet")):
            box.fill(repr(value))
            box.press("Enter")
            quiz = box.locator("xpath=ancestor::div[contains(@class, 'Quiz')]")
            assert expected in quiz.inner_text(), f"quiz answer {value} did not give {expected!r}"


def check_launch_links(page, entry):
    hrefs = page.evaluate("Array.from(document.querySelectorAll('a')).map(a => a.href)")
    binder = [h for h in hrefs if h.startswith("https://mybinder.org/")]
    colab = [h for h in hrefs if h.startswith("https://colab.research.google.com/")]
    assert binder and colab, "Binder or Colab launch link missing"
    for link in binder:
        url = urlparse(link)
        assert re.fullmatch(r"/v2/gh/[\w.-]+/[\w.-]+/[\w.-]+", url.path), f"malformed Binder path: {link}"
        assert parse_qs(url.query)["urlpath"] == [f"lab/tree/{entry}.ipynb"], (
            f"Binder link not to this notebook: {link}"
        )
    for link in colab:
        assert re.fullmatch(
            rf"https://colab\.research\.google\.com/github/[\w.-]+/[\w.-]+/blob/[\w.-]+/{re.escape(entry)}\.ipynb", link
        ), f"malformed Colab link: {link}"


def test_search_finds_the_perceptron(browser, site_url):
    page, outside, failed = open_page(browser, site_url, "search.html?q=perceptron")
    try:
        page.wait_for_selector("#search-results li", timeout=30_000)
        hits = page.evaluate("Array.from(document.querySelectorAll('#search-results li a')).map(a => a.href)")
        assert any("02-perceptron.html" in h for h in hits), f"search results: {hits}"
        assert not outside and not failed
    finally:
        page.close()
