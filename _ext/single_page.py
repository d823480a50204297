"""Let the one-page build (``singlehtml``, the source of the PDF) render every node the site renders.

Sphinx looks up a translator's node handlers under the builder's name first and falls back to its format
("html") only when no extension registered any handler for that name. sphinx-exercise registers handlers for
``singlehtml``, so the handlers that other extensions (myst-nb's hidden code cells, sphinx-proof, ...) gave to
``html`` alone would be lost there and the build would stop at the first such node. This copies every html
handler that ``singlehtml`` lacks.
"""


def _share_html_handlers(app):
    if app.builder.name != "singlehtml":
        return
    handlers = app.registry.translation_handlers
    single = handlers.setdefault("singlehtml", {})
    for node, visitors in handlers.get("html", {}).items():
        single.setdefault(node, visitors)


def setup(app):
    app.connect("builder-inited", _share_html_handlers)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
