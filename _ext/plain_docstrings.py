"""Let statlib's docstrings read the same in ``help()`` and on the reference page.

The docstrings are numpydoc plain text full of mathematics: ``|D_i|/|D|``, ``|x_l - y_l|^p``, attribute names
such as ``coef_``. reStructuredText would read ``|D|`` as a substitution and ``coef_`` as a hyperlink reference
and fail the build; rather than litter the source with escapes, this hook escapes those two characters outside
``literals`` after numpydoc has turned the sections into reStructuredText.
"""

import re

_LITERAL = re.compile(r"(``.+?``)")
_TRAILING_UNDERSCORE = re.compile(r"(?<=\w)_(?=[\s.,;:)\]}'\"]|$)")


def _escape(text):
    parts = _LITERAL.split(text)
    for i in range(0, len(parts), 2):  # the even parts lie outside ``...``
        parts[i] = _TRAILING_UNDERSCORE.sub(r"\\_", parts[i].replace("|", r"\|"))
    return "".join(parts)


def _indent(line):
    return len(line) - len(line.lstrip())


def _process(app, what, name, obj, options, lines):
    if not name.startswith("statlib"):
        return
    in_directive_block = False
    in_doctest = False
    literal_indent = None  # the indent of the paragraph that opened a ``::`` literal block
    for i, line in enumerate(lines):
        stripped = line.lstrip()
        # Doctest blocks (>>> up to the next blank line) and ``::`` literal blocks are shown verbatim.
        if stripped.startswith(">>>"):
            in_doctest = True
        if in_doctest:
            in_doctest = bool(stripped)
            continue
        if literal_indent is not None:
            if not stripped or _indent(line) > literal_indent:
                continue
            literal_indent = None
        if stripped.endswith("::") and not stripped.startswith(".. "):
            literal_indent = _indent(line)
        if stripped.startswith(".. "):  # directive lines that numpydoc writes (.. rubric::, .. attribute::)
            in_directive_block = stripped.startswith((".. attribute::", ".. autosummary::"))
            continue
        if in_directive_block and stripped and not line.startswith(" "):
            in_directive_block = False
        if stripped.startswith(":") and not in_directive_block:  # field lists: escape the description only
            field, sep, rest = stripped[1:].partition(":")
            if sep:
                lines[i] = line[: len(line) - len(stripped)] + ":" + field + ":" + _escape(rest)
                continue
        if not in_directive_block:
            lines[i] = _escape(line)


def setup(app):
    app.connect("autodoc-process-docstring", _process, priority=600)  # after numpydoc (priority 500)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
