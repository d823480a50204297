"""_ext/source_numbers.py: the book's equations show the book's numbers, ours are numbered per page."""

import sys
from pathlib import Path

import pytest
from docutils import nodes
from docutils.utils import new_document

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "_ext"))
from source_numbers import renumber  # noqa: E402

sys.path.pop(0)


def _page(*blocks):
    doc = new_document("page")
    for latex, label in blocks:
        node = nodes.math_block(latex, latex, label=label, number=None)
        doc += node
    return doc


def test_tagged_equations_take_the_book_number_and_ours_count_from_one():
    doc = _page(
        (r"d = \|x - y\| \tag{14.3}", "eq-dist"),
        ("a = b", "eq-ours-1"),
        ("c = d", None),
        (r"\begin{aligned} e &= f \\ g &= h \end{aligned} \tag{14.10}", "eq-multi"),
        ("i = j", "eq-ours-2"),
    )
    equations = {}
    renumber(doc, "chapters/unsupervised/14-clustering", equations)
    blocks = list(doc.findall(nodes.math_block))
    assert [b["number"] for b in blocks] == ["14.3", 1, None, "14.10", 2]
    assert blocks[0].astext() == r"d = \|x - y\|" and "tag" not in blocks[3].astext()
    assert equations == {
        "eq-dist": ("chapters/unsupervised/14-clustering", "14.3"),
        "eq-ours-1": ("chapters/unsupervised/14-clustering", 1),
        "eq-multi": ("chapters/unsupervised/14-clustering", "14.10"),
        "eq-ours-2": ("chapters/unsupervised/14-clustering", 2),
    }


def test_an_unlabelled_tagged_equation_keeps_its_tag_for_mathjax():
    doc = _page((r"x = 1 \tag{2.1}", None))
    renumber(doc, "page", {})
    assert next(doc.findall(nodes.math_block)).astext() == r"x = 1 \tag{2.1}"


def test_two_tags_in_one_equation_are_an_error():
    with pytest.raises(ValueError, match="more than one"):
        renumber(_page((r"x \tag{1.1} y \tag{1.2}", "eq-two")), "page", {})
