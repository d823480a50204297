"""Print the one-page build of the book (``jupyter-book build --builder singlehtml``) to one PDF.

The same sources and committed outputs as the site, laid out for paper by headless Chromium (Debian's, the
browser the site test drives): a title page, a table of contents with the parts of ``_toc.yml``, every part,
chapter and appendix in order, each chapter on a new page, MathJax typeset (the offline bundle), figures
embedded, Chinese terms in Noto CJK, solutions printed open after their exercises, and PDF bookmarks from the
headings. What only works in a browser gives way to its static form: collapsed figure code and full kernel
listings are left out (the excerpts stay), the header, sidebars and launch buttons are not printed.

    python scripts/make_pdf.py _build/singlehtml _build/pdf/book.pdf
"""

import json
import subprocess
import sys
import time
from pathlib import Path

import yaml
from headless import CHROMIUM_ARGS, chromium_executable, serve

ROOT = Path(__file__).resolve().parents[1]

PRINT_CSS = """
@page { size: A4; margin: 16mm 15mm 18mm 15mm; }
html, body { background: white !important; }
.bd-header, .bd-header-article, .header-article, .bd-sidebar-primary, .bd-sidebar-secondary, .bd-footer,
.bd-footer-article, .bd-footer-content, .prev-next-area, .headerlink, #jb-print-docs-body, .sbt-scroll-pixel-helper,
button.toggle-button, .skip-link, .search-button-field, .pst-scrollable-table-container::after {
  display: none !important; }
.bd-container, .bd-container__inner, .bd-main, .bd-content, .bd-article-container, .bd-article, main {
  max-width: 100% !important; width: 100% !important; margin: 0 !important; padding: 0 !important;
  display: block !important; }
.book-chapter-start { break-before: page; }
.book-part-page { break-before: page; break-after: page; padding-top: 35vh; text-align: center; }
.book-part-page .book-heading { font-size: 2.2em; font-weight: bold; }
.book-title-page { text-align: center; padding-top: 25vh; break-after: page; }
.book-title-page .book-heading { font-size: 2.6em; font-weight: bold; margin-bottom: 0.8em; }
.book-title-page p { font-size: 1.15em; }
.book-contents { break-after: page; }
.book-contents .book-heading { font-size: 1.8em; font-weight: bold; margin-bottom: 0.5em; }
.book-contents ol { list-style: none; padding-left: 0; }
.book-contents .part { font-weight: bold; margin-top: 1em; font-size: 1.1em; }
.book-contents .chapter { margin-left: 1.2em; }
.book-contents .section { margin-left: 2.6em; font-size: 0.9em; color: #333; }
.book-contents a { color: inherit; text-decoration: none; }
figure, img, .cell_output, .admonition, .prf\\:theorem, .prf\\:algorithm, table { break-inside: avoid; }
h2, h3, h4 { break-after: avoid; }
pre { white-space: pre-wrap !important; word-break: break-all; }
.toggle-hidden, .solution.dropdown > * { display: block !important; visibility: visible !important;
  height: auto !important; opacity: 1 !important; }
"""

# Runs in the page once MathJax is done: the title page, the parts, the contents; open solutions; drop what
# only a browser can use.
PREPARE_JS = """
([parts, title, lines]) => {
  const main = document.querySelector('main') || document.body;
  const article = document.querySelector('article.bd-article') || main;
  for (const d of document.querySelectorAll('details.hide')) d.remove();
  for (const b of document.querySelectorAll('button.toggle-button')) b.remove();
  for (const e of document.querySelectorAll('.toggle-hidden')) e.classList.remove('toggle-hidden');
  for (const d of document.querySelectorAll('details')) d.open = true;
  const contents = document.createElement('div');
  contents.className = 'book-contents';
  contents.innerHTML = '<div class="book-heading">Contents</div>';
  const list = document.createElement('ol');
  const missing = [];
  for (const [caption, docs] of parts) {
    const part = document.createElement('li');
    part.className = 'part';
    part.textContent = caption;
    list.appendChild(part);
    let first = true;
    for (const doc of docs) {
      const anchor = document.getElementById('document-' + doc);
      const section = anchor && anchor.nextElementSibling;
      const heading = section && section.querySelector('h1, h2');
      if (!heading) { missing.push(doc); continue; }
      section.classList.add('book-chapter-start');
      if (first) {
        const page = document.createElement('div');
        page.className = 'book-part-page';
        page.innerHTML = '<div class="book-heading"></div>';
        page.firstChild.textContent = caption;
        anchor.parentNode.insertBefore(page, anchor);
        section.classList.remove('book-chapter-start');
        first = false;
      }
      const name = heading.textContent.replace(/#$/, '').trim();
      const chapter = document.createElement('li');
      chapter.className = 'chapter';
      chapter.innerHTML = '<a></a>';
      chapter.firstChild.textContent = name;
      chapter.firstChild.href = '#' + section.id;
      list.appendChild(chapter);
      for (const sub of section.querySelectorAll(':scope > section > h2, :scope > section > h3')) {
        const item = document.createElement('li');
        item.className = 'section';
        item.innerHTML = '<a></a>';
        item.firstChild.textContent = sub.textContent.replace(/#$/, '').trim();
        if (sub.parentElement.id) item.firstChild.href = '#' + sub.parentElement.id;
        list.appendChild(item);
      }
    }
  }
  contents.appendChild(list);
  const cover = document.createElement('div');
  cover.className = 'book-title-page';
  cover.innerHTML = '<div class="book-heading"></div>';
  cover.firstChild.textContent = title;
  for (const line of lines) {
    const p = document.createElement('p');
    p.textContent = line;
    cover.appendChild(p);
  }
  article.insertBefore(contents, article.firstChild);
  article.insertBefore(cover, article.firstChild);
  return missing;
}
"""


def toc_parts():
    """[(part caption, [docname, ...]), ...] in the order of _toc.yml; the root page opens the first part."""
    toc = yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))
    return [(part["caption"], [entry["file"] for entry in part["chapters"]]) for part in toc["parts"]]


def title_lines():
    config = yaml.safe_load((ROOT / "_config.yml").read_text(encoding="utf-8"))
    lines = [
        "An executable companion to Li Hang's 统计学习方法 (2nd ed.), Murphy's MLAPP ch. 12–13 "
        "and Bishop's PRML ch. 7 and §3.1",
        config.get("author", ""),
        config.get("repository", {}).get("url", ""),
    ]
    try:
        stamp = subprocess.run(
            ["git", "log", "-1", "--format=%cs, commit %h"], cwd=ROOT, capture_output=True, text=True, check=True
        ).stdout.strip()
        lines.append(f"Printed from {stamp}")
    except (OSError, subprocess.CalledProcessError):
        pass
    return config["title"], [line for line in lines if line]


def print_book(html_dir, pdf_path):
    from playwright.sync_api import sync_playwright

    html_dir, pdf_path = Path(html_dir), Path(pdf_path)
    root = yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))["root"]
    page_file = f"{root}.html"
    if not (html_dir / page_file).exists():
        sys.exit(f"no one-page build in {html_dir}: run jupyter-book build --builder singlehtml first")
    executable = chromium_executable()
    if executable is None:
        sys.exit("no chromium on PATH: run scripts/install_browser.sh")
    title, lines = title_lines()
    start = time.perf_counter()
    with serve(html_dir) as base_url:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 1000, "height": 1400})
            external = []
            page.on(
                "request",
                lambda r: (
                    external.append(r.url)
                    if not r.url.startswith(("http://127.0.0.1", "data:", "blob:", "about:"))
                    else None
                ),
            )
            page.route(
                "**/*",
                lambda route: (
                    route.abort()
                    if not route.request.url.startswith(("http://127.0.0.1", "data:", "blob:"))
                    else route.continue_()
                ),
            )
            page.goto(f"{base_url}/{page_file}", wait_until="load", timeout=600_000)
            page.wait_for_function("window.MathJax && MathJax.startup && MathJax.startup.promise", timeout=600_000)
            page.evaluate("() => MathJax.startup.promise.then(() => true)")
            missing = page.evaluate(PREPARE_JS, [toc_parts(), title, lines])
            if missing:
                sys.exit(f"these toc entries are not in the one-page build: {missing}")
            page.add_style_tag(content=PRINT_CSS)
            page.emulate_media(media="print")
            pdf_path.parent.mkdir(parents=True, exist_ok=True)
            footer = (
                '<div style="font-size:8px;width:100%;text-align:center;color:#555">'
                '<span class="pageNumber"></span></div>'
            )
            page.pdf(
                path=str(pdf_path),
                format="A4",
                print_background=True,
                outline=True,
                tagged=True,
                display_header_footer=True,
                header_template="<div></div>",
                footer_template=footer,
                margin={"top": "16mm", "bottom": "18mm", "left": "15mm", "right": "15mm"},
            )
            browser.close()
    report = {
        "pdf": str(pdf_path),
        "seconds": round(time.perf_counter() - start, 1),
        "megabytes": round(pdf_path.stat().st_size / 1e6, 1),
        "blocked_requests": sorted(set(external)),
    }
    pdf_path.with_suffix(".json").write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    print(json.dumps(report))
    return report


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    print_book(sys.argv[1], sys.argv[2])
