"""Derive the published site's address from ``repository.url`` in ``_config.yml``.

A fork sets its repository URL in one place; the sitemap, the link-preview metadata, the 404 page and the
"Download PDF" button in every page's header need the GitHub Pages address, https://OWNER.github.io/REPO/,
which follows from it. The PDF (``make pdf``) is published beside the site as ``book.pdf``.
"""

import re
from urllib.parse import urlparse


def pages_url(repository_url):
    """https://github.com/OWNER/REPO -> https://owner.github.io/REPO/ (None for other hosts)."""
    match = re.fullmatch(r"https://github\.com/([^/]+)/([^/]+?)(?:\.git)?/?", repository_url or "")
    if not match:
        return None
    owner, repo = match.groups()
    host = f"https://{owner.lower()}.github.io/"
    return host if repo.lower() == f"{owner.lower()}.github.io" else f"{host}{repo}/"


def _derive(app, config):
    base = config.html_baseurl or pages_url(config.html_theme_options.get("repository_url", ""))
    if not base:
        return
    config.html_baseurl = base
    if not config.ogp_site_url:
        config.ogp_site_url = base
    config.notfound_urls_prefix = urlparse(base).path
    pdf = {
        "name": "Download the book as one PDF",
        "url": f"{base}book.pdf",
        "icon": "fa-solid fa-file-pdf",
        "type": "fontawesome",
    }
    config.html_theme_options["icon_links"] = [*config.html_theme_options.get("icon_links", []), pdf]


def setup(app):
    app.connect("config-inited", _derive, priority=900)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
