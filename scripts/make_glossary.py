"""Build the English-Chinese glossary from the chapters, and link each term's uses to it.

Chapters introduce a term as ``*English term (中文)*`` at its first use. This script

1. collects every such pair, in table-of-contents order (the first chapter to introduce a term is
   where the glossary sends the reader), and writes ``chapters/appendix/glossary.md``;
2. rewrites each introduction in the chapters as ``{term}`English term <key>` (中文)``, a link into
   the glossary.

It is idempotent: already linked terms are read back, not rewritten.

    python scripts/make_glossary.py
"""

import re
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parents[1]
GLOSSARY = ROOT / "chapters" / "appendix" / "glossary.md"
CJK = r"[\u4e00-\u9fff]"
# The Chinese term contains at least one CJK character, possibly after Latin letters ("kd 树", "k 近邻法").
ZH = rf"(?=[^()*\n]*{CJK})[^()*\n]{{1,24}}"
PLAIN = re.compile(rf"\*([A-Za-z][^*\n]{{1,60}}?) \(({ZH})\)\*")
LINKED = re.compile(rf"\{{term\}}`([^`<]+?) <([^`>]+)>` \(({ZH})\)")
# Words that keep their capital when a term opens a sentence.
PROPER = {
    "Euclidean",
    "Manhattan",
    "Markov",
    "Bayes",
    "Bayesian",
    "Gaussian",
    "Hessian",
    "Lagrange",
    "Lagrangian",
    "Gram",
    "Novikoff",
    "Hoeffding",
    "Gini",
    "Viterbi",
    "Minkowski",
    "Chebyshev",
    "Laplace",
    "Jensen",
    "Newton",
    "KKT",
    "Broyden",
    "Hilbert",
    "Mercer",
    "Dirichlet",
    "Bernoulli",
    "Lp",
    "L1",
    "L2",
    "SMO",
    "EM",
    "HMM",
    "CRF",
    "SVM",
    "ID3",
    "C4.5",
    "CART",
    "BFGS",
    "DFP",
    "IIS",
    "AdaBoost",
    "Rosenbrock",
    "Armijo",
    "Wolfe",
    "Fisher",
    "Shannon",
    "Heywood",
    "Frobenius",
    "Moore–Penrose",
}


def toc_chapters():
    entries = re.findall(r"file:\s*(chapters/\S+)", (ROOT / "_toc.yml").read_text())
    return [ROOT / f"{e}.ipynb" for e in entries if (ROOT / f"{e}.ipynb").exists()]


def is_proper(word):
    """A name (Gaussian, Fisher's), an acronym (SVM), or a pair of names joined by a dash (Kullback–Leibler)."""
    word = re.sub(r"['’]s$", "", word)
    parts = re.split(r"[-–]", word)
    return word in PROPER or word[1:2].isupper() or (len(parts) > 1 and all(p[:1].isupper() for p in parts))


def key_of(term):
    words = term.split()
    if words and not is_proper(words[0]):
        capital = words[0][0].upper() + words[0][1:]
        # a key written in lower case regains the capital of a listed name (frobenius -> Frobenius)
        words[0] = capital if re.sub(r"['’]s$", "", capital) in PROPER else words[0][0].lower() + words[0][1:]
    return " ".join(words)


def chapter_title(nb):
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            match = re.search(r"^# (.+)$", cell.source, re.M)
            if match:
                return match.group(1).strip()
    return ""


def main():
    terms = {}  # key -> (chinese, chapter path, chapter title)
    for path in toc_chapters():
        nb = nbformat.read(path, as_version=4)
        title = chapter_title(nb)
        changed = False
        for cell in nb.cells:
            if cell.cell_type != "markdown":
                continue

            def relink(match):  # an existing link keeps its entry, with the key's capitals as key_of gives them
                term, key, zh = match.groups()
                terms.setdefault(key.lower(), (key_of(key), zh.strip(), path, title))
                return f"{{term}}`{term} <{terms[key.lower()][0]}>` ({zh})"

            def link(match):
                term, zh = match.group(1).strip(), match.group(2).strip()
                key = key_of(term)
                terms.setdefault(key.lower(), (key, zh, path, title))
                return f"{{term}}`{term} <{terms[key.lower()][0]}>` ({zh})"

            new = PLAIN.sub(link, LINKED.sub(relink, cell.source))
            if new != cell.source:
                cell.source, changed = new, True
        if changed:
            nbformat.write(nb, path)
            print(f"linked terms in {path.relative_to(ROOT)}")

    lines = [
        "# Glossary: English–中文",
        "",
        "Every technical term the chapters introduce, with the Chinese term of the source and the chapter",
        "that introduces it. In the chapters, a term's introduction links here.",
        "",
        "```{glossary}",
        ":sorted:",
        "",
    ]
    for key, zh, path, title in sorted(terms.values(), key=lambda t: t[0].lower()):
        page = path.relative_to(GLOSSARY.parent.parent).with_suffix("")
        lines += [key, f"  {zh} — introduced in [{title}](../{page}.ipynb)", ""]
    lines.append("```")
    GLOSSARY.write_text("\n".join(lines) + "\n")
    print(f"wrote {GLOSSARY.relative_to(ROOT)} with {len(terms)} terms")


if __name__ == "__main__":
    main()
