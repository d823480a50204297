"""Write ``chapters/appendix/chapter-map.md``: every section of the source books and where this book covers it.

Li Hang's sections are those of the book's table of contents, kept in ``scripts/data/lihang_toc.tsv``
(chapter, section number, Chinese title); the other sources are listed chapter by chapter below. A section
points to the page of this book that covers it, or says that the page is not written yet. Rerun after adding
a chapter to ``_toc.yml``.

    python scripts/make_chapter_map.py
    python scripts/make_chapter_map.py --extract path/to/lihang.txt   # rebuild the TSV from a text of the book
"""

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "chapters" / "appendix" / "chapter-map.md"
LIHANG_TOC = ROOT / "scripts" / "data" / "lihang_toc.tsv"

# Li Hang chapter (or appendix letter) -> page of this book (without suffix), as planned in the book map.
LIHANG_PAGES = {
    "1": "supervised/01-introduction",
    "2": "supervised/02-perceptron",
    "3": "supervised/03-knn",
    "4": "supervised/04-naive-bayes",
    "5": "supervised/05-decision-trees",
    "6": "supervised/06-logistic-maxent",
    "7": "supervised/07-svm",
    "8": "supervised/08-boosting",
    "9": "supervised/09-em",
    "10": "supervised/10-hmm",
    "11": "supervised/11-crf",
    "12": "supervised/12-summary",
    "13": "unsupervised/13-introduction",
    "14": "unsupervised/14-clustering",
    "15": "unsupervised/15-svd",
    "16": "unsupervised/16-pca",
    "17": "unsupervised/17-lsa",
    "18": "unsupervised/18-plsa",
    "19": "unsupervised/19-mcmc",
    "20": "unsupervised/20-lda",
    "21": "unsupervised/21-pagerank",
    "22": "unsupervised/22-summary",
    "A": "appendix/optimization",
    "B": "appendix/optimization",
    "C": "appendix/optimization",
    "D": "appendix/linear-algebra",
    "E": "appendix/kl-dirichlet",
}

OTHER_SOURCES = [
    (
        "Murphy, MLAPP",
        [
            ("12.1–12.1.6 Factor analysis, mixtures of factor analysers, EM for FA", "linear/factor-analysis"),
            (
                "12.2 Principal components analysis (PCA), PPCA, EM for PCA (Fig. 12.8, a schematic of the shapes in "
                "the SVD, is not redrawn)",
                "linear/pca-ppca",
            ),
            (
                "12.3 Choosing the number of latent dimensions (the VBEM with ARD of Figs. 12.12–12.13, and the "
                "reversible-jump MCMC and non-parametric searches, are described but not implemented)",
                "linear/pca-ppca",
            ),
            (
                "12.4 PCA for categorical data (fitted for binary data, $C = 2$; the multi-class E-step of Khan et al. "
                "is left out, as the binary case shows every step and the section's example, Fig. 12.18, is binary)",
                "linear/paired-views",
            ),
            ("12.5 PCA for paired and multi-view data: supervised PCA, PLS, CCA", "linear/paired-views"),
            ("12.6 Independent component analysis (ICA)", "linear/ica"),
            ("13.1–13.2 Bayesian variable selection, spike and slab, ℓ0", "linear/variable-selection"),
            ("13.3 ℓ1 regularisation: basics", "linear/lasso"),
            ("13.4 ℓ1 regularisation: algorithms (coordinate descent, LARS, proximal methods, EM)", "linear/lasso"),
            ("13.5 ℓ1 regularisation: extensions (group lasso, fused lasso, elastic net)", "linear/lasso-extensions"),
            ("13.6 Non-convex regularisers (bridge, hierarchical adaptive lasso)", "linear/lasso-extensions"),
            ("13.7 Automatic relevance determination / sparse Bayesian learning", "linear/lasso-extensions"),
            ("13.8 Sparse coding, dictionary learning, compressed sensing", "linear/sparse-coding"),
        ],
    ),
    (
        "Bishop, PRML",
        [
            ("3.1 Linear basis function models", "linear/basis-functions"),
            (
                "7 (chapter preamble) and 7.1 Maximum margin classifiers (overlapping classes, ν-SVM, multiclass SVM "
                "(Lee–Lin–Wahba targets, Weston–Watkins, error-correcting codes and the DAGSVM described, not "
                "implemented), single-class SVM shown with scikit-learn's `OneClassSVM` (statlib has no "
                "implementation), SVR, learning theory)",
                "kernel/svm",
            ),
            (
                "7.2 Relevance vector machines (the multiclass RVM, (7.120)–(7.122), described, not implemented: "
                "`RelevanceVectorClassifier` is binary)",
                "kernel/rvm",
            ),
        ],
    ),
    (
        "Lecture: feature selection and sparse learning",
        [
            ("Subset search and evaluation; filter, wrapper and embedded methods", "features/selection"),
            ("Sparse representation, dictionary learning, compressed sensing", "features/dictionary-and-sensing"),
        ],
    ),
]


def written_pages():
    return set(re.findall(r"file:\s*chapters/(\S+)", (ROOT / "_toc.yml").read_text()))


def extract_lihang_toc(text_path):
    """(chapter, number, title) from the table of contents of a plain-text copy of the book, in order."""
    lines = Path(text_path).read_text().splitlines()
    start = next(i for i, l in enumerate(lines) if l.strip() == "目 录")
    end = next(i for i, l in enumerate(lines[start:], start) if l.startswith("附录 E"))
    sections = []
    for line in lines[start : end + 1]:
        line = line.strip()
        chapter = re.match(r"^第\s*(\d+)\s*章\s+(.+?)\s+\d+$", line)
        section = re.match(r"^(\d+)\.(\d+(?:\.\d+)?)\s+(.+?)\s+\d+$", line)
        appendix = re.match(r"^附录\s*([A-E])\s+(.+?)\s+\d+$", line)
        if chapter:
            sections.append((chapter.group(1), f"Chapter {chapter.group(1)}", chapter.group(2)))
        elif section and int(section.group(1)) <= 22:
            sections.append((section.group(1), f"{section.group(1)}.{section.group(2)}", section.group(3)))
        elif appendix:
            sections.append((appendix.group(1), f"Appendix {appendix.group(1)}", appendix.group(2)))
    return sections


def write_lihang_toc(sections):
    header = "# Li Hang, 统计学习方法 (2nd ed.), table of contents: chapter, section number, title"
    rows = ["\t".join(row) for row in sections]
    LIHANG_TOC.write_text("\n".join([header, *rows]) + "\n", encoding="utf-8")


def lihang_sections():
    """(chapter, number, title) of every chapter, section, subsection and appendix of Li Hang, in order."""
    lines = LIHANG_TOC.read_text(encoding="utf-8").splitlines()
    return [tuple(line.split("\t")) for line in lines if line and not line.startswith("#")]


def cell(page, written, number=None):
    """The map's entry for a section: a link to its page, or "not written yet" when the page is not in the
    table of contents or, for a numbered section of MLAPP or PRML, has no heading with that number."""
    if page not in written:
        return "*not written yet*"
    import json

    cells = json.loads((ROOT / "chapters" / f"{page}.ipynb").read_text())["cells"]
    if number is not None:
        heading = re.compile(rf"^#+ {re.escape(number)}\b", re.M)
        if not any(c["cell_type"] == "markdown" and heading.search("".join(c["source"])) for c in cells):
            return "*not written yet*"
    title = next(
        re.search(r"^# (.+)$", "".join(c["source"]), re.M).group(1)
        for c in cells
        if c["cell_type"] == "markdown" and re.search(r"^# ", "".join(c["source"]), re.M)
    )
    return f"[{title.strip()}](../{page}.ipynb)"


def render():
    """The chapter map page as text, from scripts/data/lihang_toc.tsv, OTHER_SOURCES and _toc.yml."""
    written = written_pages()
    out = [
        "# Chapter map: from the source books to this book",
        "",
        "Find your place: each section of the source books, and the page of this book that covers it.",
        "Sections of one chapter are covered, in the source's order, by that chapter's page.",
        "",
        "## Li Hang, 统计学习方法 (2nd ed.)",
        "",
        "| section | title | page of this book |",
        "|---|---|---|",
    ]
    for chapter, number, title in lihang_sections():
        label = f"**{number}**" if not number[0].isdigit() else number
        out.append(f"| {label} | {title} | {cell(LIHANG_PAGES[chapter], written)} |")
    for source, rows in OTHER_SOURCES:
        out += ["", f"## {source}", "", "| section | page of this book |", "|---|---|"]
        for title, page in rows:
            number = re.match(r"\d+\.\d+", title)  # MLAPP's and PRML's sections are numbered; the lecture's are not
            out.append(f"| {title} | {cell(page, written, number and number.group(0))} |")
    return "\n".join(out) + "\n"


def main():
    OUT.write_text(render(), encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--extract":
        write_lihang_toc(extract_lihang_toc(sys.argv[2]))
        print(f"wrote {LIHANG_TOC.relative_to(ROOT)}")
    elif len(sys.argv) > 1:
        sys.exit(__doc__)
    main()
