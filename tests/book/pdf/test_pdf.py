"""The printed book (`make pdf`): read back with pypdf, as a reader's PDF viewer would show it."""

import json
import re
import unicodedata
from pathlib import Path

import nbformat
import pytest
import yaml

ROOT = Path(__file__).resolve().parents[3]
PDF = ROOT / "_build" / "pdf" / "book.pdf"
REPORT = PDF.with_suffix(".json")
# Raw TeX a reader must never see: MathJax typesets every formula before the page is printed.
RAW_TEX = re.compile(r"\$\$|\\frac|\\begin\{|\\sum_|\\mathbb|\\tag\{|\\operatorname")


def _title(docname):
    path = ROOT / f"{docname}.ipynb"
    if path.exists():
        text = "\n".join(c.source for c in nbformat.read(path, as_version=4).cells if c.cell_type == "markdown")
    else:
        text = (ROOT / f"{docname}.md").read_text(encoding="utf-8")
    heading = next(line for line in text.splitlines() if line.startswith("# "))
    return heading[2:].strip()


def _squash(text):
    """Text without white space, NFKC-normalised: CJK fonts map some glyphs to compatibility code points."""
    return re.sub(r"\s+", "", unicodedata.normalize("NFKC", text))


@pytest.fixture(scope="module")
def book():
    from pypdf import PdfReader

    if not PDF.exists():
        pytest.fail("the PDF is not built: run `make pdf` first")
    reader = PdfReader(PDF)
    lines = [(page.extract_text() or "").splitlines() for page in reader.pages]
    pages = ["".join(_squash(line) for line in page) for page in lines]
    return reader, pages, lines


def _chapters():
    toc = yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))
    return [entry["file"] for part in toc["parts"] for entry in part["chapters"]]


def _body_start(pages):
    """The first page after the table of contents, which lists every title: the page after the one that lists the
    last toc entry."""
    last = _squash(_title(_chapters()[-1]))
    return next(i for i, text in enumerate(pages) if last in text) + 1


def _start_pages(pages):
    """The page on which each toc entry starts: its title, searched in order after the table of contents."""
    chapters = _chapters()
    starts, page = {}, _body_start(pages)
    for doc in chapters:
        title = _squash(_title(doc))
        found = next((i for i in range(page, len(pages)) if title in pages[i]), None)
        assert found is not None, f"{doc}: title {_title(doc)!r} not found after page {page + 1}"
        starts[doc], page = found, found
    return starts


def test_every_chapter_in_toc_order(book):
    _, pages, _ = book
    starts = _start_pages(pages)
    assert list(starts.values()) == sorted(starts.values())
    assert len(set(starts.values())) == len(starts)


def test_page_count_is_plausible(book):
    reader, _, _ = book
    assert 10 * len(_chapters()) < len(reader.pages) < 5000


def test_title_page_and_contents(book):
    _, pages, _ = book
    config = yaml.safe_load((ROOT / "_config.yml").read_text(encoding="utf-8"))
    assert _squash(config["title"]) in pages[0]
    contents = "".join(pages[1 : _body_start(pages)])  # the contents run to as many pages as the book needs
    for part in yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))["parts"]:
        assert _squash(part["caption"]) in contents


def test_no_raw_tex(book):
    _, _, lines = book
    # TeX inside a Python raw string (a matplotlib label in a printed code cell) is code, not unrendered math.
    leaks = [
        (i + 1, line)
        for i, page in enumerate(lines)
        for line in page
        if RAW_TEX.search(line) and not re.search(r"""\br["']""", line)
    ]
    assert not leaks, f"unrendered TeX: {leaks[:10]}"


def test_every_notebook_chapter_has_a_figure(book):
    reader, pages, _ = book
    starts = _start_pages(pages)
    docs = list(starts)
    for k, doc in enumerate(docs):
        if not (ROOT / f"{doc}.ipynb").exists():
            continue
        nb = nbformat.read(ROOT / f"{doc}.ipynb", as_version=4)
        if not any(
            "image/png" in out.get("data", {})
            for c in nb.cells
            if c.cell_type == "code"
            for out in c.get("outputs", [])
        ):
            continue
        end = starts[docs[k + 1]] if k + 1 < len(docs) else len(pages)
        images = sum(len(reader.pages[i].images) for i in range(starts[doc], max(end, starts[doc] + 1)))
        assert images > 0, f"{doc}: no embedded image between pages {starts[doc] + 1} and {end}"


def test_chinese_terms_are_text(book):
    _, pages, _ = book
    text = "".join(pages)
    for term in ("统计学习方法", "感知机", "支持向量机", "聚类"):
        assert term in text


def test_solutions_are_printed(book):
    _, pages, _ = book
    text = "".join(pages)
    assert text.count("Solutionto") >= 50


def test_nothing_was_fetched_from_outside(book):
    report = json.loads(REPORT.read_text(encoding="utf-8"))
    assert report["blocked_requests"] == []
