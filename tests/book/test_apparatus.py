"""The book's apparatus stays in step with the chapters: glossary, chapter map, table of contents."""

import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TOC = (ROOT / "_toc.yml").read_text()
CHAPTERS = [ROOT / f"{e}.ipynb" for e in re.findall(r"file:\s*(chapters/\S+)", TOC) if (ROOT / f"{e}.ipynb").exists()]


def markdown(path):
    return "\n".join(
        "".join(c["source"]) for c in json.loads(path.read_text())["cells"] if c["cell_type"] == "markdown"
    )


def script(name):
    """A module of scripts/ (the generators of the book's apparatus)."""
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        return __import__(name)
    finally:
        sys.path.pop(0)


def glossary_patterns():
    make_glossary = script("make_glossary")
    return make_glossary.PLAIN, make_glossary.LINKED


def test_every_introduced_term_links_to_the_glossary():
    plain, linked = glossary_patterns()
    glossary = (ROOT / "chapters" / "appendix" / "glossary.md").read_text()
    entries = set(re.findall(r"(?m)^([^\s`].*)$", glossary.split("```{glossary}")[1]))
    for path in CHAPTERS:
        text = markdown(path)
        unlinked = plain.findall(text)
        assert not unlinked, f"{path.name}: run scripts/make_glossary.py to link {unlinked[:3]}"
        for _, key, _ in linked.findall(text):
            assert key in entries, f"{path.name}: glossary has no entry {key!r}"


def test_chapter_map_points_at_every_written_chapter():
    chapter_map = (ROOT / "chapters" / "appendix" / "chapter-map.md").read_text()
    for path in CHAPTERS:
        page = path.relative_to(ROOT / "chapters").with_suffix("")
        if (
            page.parts[0] in ("supervised", "unsupervised", "linear", "kernel", "features")
            or page.name == "optimization"
        ):
            assert f"(../{page}.ipynb)" in chapter_map, f"the chapter map does not point at {page}"
    linked = set(re.findall(r"\(\.\./([\w/-]+)\.ipynb\)", chapter_map))
    assert all((ROOT / "chapters" / f"{page}.ipynb").exists() for page in linked)


def test_chapter_map_is_regenerated_from_the_repository_alone():
    # scripts/make_chapter_map.py needs nothing outside the repository, and the committed page is its output.
    make_chapter_map = script("make_chapter_map")
    sections = make_chapter_map.lihang_sections()
    assert sections[0] == ("1", "Chapter 1", "统计学习及监督学习概论") and sections[-1][1] == "Appendix E"
    assert {chapter for chapter, _, _ in sections} == set(make_chapter_map.LIHANG_PAGES)
    rendered = make_chapter_map.render()
    assert rendered == (ROOT / "chapters" / "appendix" / "chapter-map.md").read_text(encoding="utf-8"), (
        "the chapter map is out of date: run scripts/make_chapter_map.py"
    )


def test_reference_page_documents_every_statlib_subpackage():
    # A subpackage added to statlib must appear on the reference page (chapters/appendix/api.md); viz holds the
    # chapters' plotting helpers, not the library's interface.
    root = Path(__file__).resolve().parents[2]
    packages = {p.parent.name for p in (root / "statlib").glob("*/__init__.py")} - {"viz"}
    page = (root / "chapters" / "appendix" / "api.md").read_text()
    documented = set(re.findall(r"^\.\. automodule:: statlib\.(\w+)$", page, flags=re.M))
    assert packages == documented


def test_no_line_inside_inline_math_starts_like_a_list_item():
    # Markdown reads a paragraph line that starts with "- ", "+ " or "* " as a new list item, even when an inline
    # $...$ opened on an earlier line is still open: the formula breaks apart on the page. Move the sign to the
    # end of the previous line.
    for path in CHAPTERS:
        for cell in json.loads(path.read_text())["cells"]:
            if cell["cell_type"] != "markdown":
                continue
            text = re.sub(r"(?s)```.*?```|\$\$.*?\$\$", "", "".join(cell["source"]))
            for paragraph in re.split(r"\n\s*\n", text):
                lines = paragraph.split("\n")
                for i in range(1, len(lines)):
                    dollars = len(re.findall(r"(?<!\\)\$", "\n".join(lines[:i])))
                    if dollars % 2 and re.match(r"\s*[-+*] ", lines[i]):
                        raise AssertionError(f"{path.name}: inline math broken by a list marker at {lines[i][:60]!r}")


def test_every_proof_reference_names_its_target():
    # sphinx-proof renders a bare {prf:ref}`label` to an unnumbered algorithm as the lone word "Algorithm";
    # the site test catches that in the browser, this catches it before a build.
    for path in CHAPTERS:
        bare = re.findall(r"\{prf:ref\}`([^`<]*)`", markdown(path))
        assert not bare, f"{path.name}: give these {{prf:ref}} an explicit text: {bare}"
