"""Give every {prf:...} and {exercise} block in the chapters the :nonumber: option.

Their titles carry the source's own numbers ("Li Hang Algorithm 2.1", "Li Hang Exercise 10.3"); the
book-wide running numbers that sphinx-proof and sphinx-exercise would add otherwise ("Algorithm 7")
match nothing a reader has in the source book.

    python scripts/unnumber_directives.py chapters/**/*.ipynb
"""

import re
import sys

import nbformat

# prf:proof takes no number (and no :nonumber: option).
OPENING = re.compile(r"^(`{3,}|:{3,})\{(prf:(?!proof)[a-z]+|exercise)\}.*$")


def unnumber(source):
    lines = source.split("\n")
    out = []
    for i, line in enumerate(lines):
        out.append(line)
        if OPENING.match(line):
            # Options follow the opening line; add ours unless it is already among them.
            j = i + 1
            options = []
            while j < len(lines) and lines[j].startswith(":"):
                options.append(lines[j])
                j += 1
            if ":nonumber:" not in options:
                out.append(":nonumber:")
    return "\n".join(out)


if __name__ == "__main__":
    for path in sys.argv[1:]:
        nb = nbformat.read(path, as_version=4)
        changed = False
        for cell in nb.cells:
            if cell.cell_type == "markdown":
                new = unnumber(cell.source)
                changed |= new != cell.source
                cell.source = new
        if changed:
            nbformat.write(nb, path)
            print(f"{path}: updated")
