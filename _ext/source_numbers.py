"""Equation numbers a reader with the source book open can follow.

An equation that is the book's carries the book's number, written as a ``\\tag`` in its mathematics::

    $$ d_{ij} = \\Big(\\sum_k |x_{ki} - x_{kj}|^p\\Big)^{1/p} \\tag{14.3} $$ (eq-cluster-minkowski)

This extension takes the tag out of the mathematics and makes it the equation's number, both beside the
equation and in every ``{eq}`` reference to it: "(14.3)". The chapter's own labelled equations (no tag) are
numbered 1, 2, 3, ... within their page, never book-wide. Sphinx's figure-style numbering of equations
(``math_numfig``) is turned off, since it would number them across the whole book.
"""

import re

from docutils import nodes

TAG = re.compile(r"\\tag\*?\{([^{}]+)\}")


def renumber(doctree, docname, equations):
    """Give every labelled display equation of ``doctree`` its number; update ``equations`` (label -> (doc, no.))."""
    own = 0
    for node in doctree.findall(nodes.math_block):
        latex = node.astext()
        tags = TAG.findall(latex)
        if len(tags) > 1:
            raise ValueError(f"{docname}: an equation has more than one \\tag: {latex[:80]!r}")
        label = node.get("label")
        if not label:
            continue  # an unlabelled equation keeps its tag, which MathJax draws
        if tags:
            node.children = [nodes.Text(TAG.sub("", latex).rstrip())]
            number = tags[0].strip()
        else:
            own += 1
            number = own
        node["number"] = number
        equations[label] = (docname, number)


def _on_doctree_read(app, doctree):
    renumber(doctree, app.env.docname, app.env.get_domain("math").equations)


def _numbers_per_page(app, config):
    config.math_numfig = False


def setup(app):
    app.connect("config-inited", _numbers_per_page)
    app.connect("doctree-read", _on_doctree_read)
    return {"parallel_read_safe": False, "parallel_write_safe": True}
