"""references.bib parses, has no duplicate keys, and every key the chapters cite exists."""

import json
import re
from collections import Counter
from pathlib import Path

from pybtex.database import parse_file

ROOT = Path(__file__).resolve().parents[2]


def test_bibliography_parses_without_duplicates():
    text = (ROOT / "references.bib").read_text()
    keys = re.findall(r"(?m)^@\w+\{([^,]+),", text)
    assert [k for k, n in Counter(keys).items() if n > 1] == []
    assert len(parse_file(ROOT / "references.bib").entries) == len(keys)
    # pybtex skips text between entries, so a stray brace left by a merge would pass the parse: every entry's
    # braces must balance, and nothing but blank lines may stand between entries.
    for entry in re.split(r"(?m)^(?=@)", text)[1:]:
        body, _, rest = entry.rstrip().rpartition("\n}")
        assert body.count("{") == body.count("}") + 1 and rest.strip() == "", entry.splitlines()[0]


def test_every_cited_key_exists():
    entries = set(parse_file(ROOT / "references.bib").entries)
    sources = [ROOT / "intro.md"] + sorted((ROOT / "chapters").rglob("*.ipynb"))
    cited = set()
    for path in sources:
        text = path.read_text()
        if path.suffix == ".ipynb":
            text = "\n".join("".join(c["source"]) for c in json.loads(text)["cells"] if c["cell_type"] == "markdown")
        for group in re.findall(r"\{cite(?::[pt])?\}`([^`]+)`", text):
            cited.update(k.strip() for k in group.split(","))
    assert sorted(cited - entries) == []
