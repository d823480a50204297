"""What the PDF printer (``make_pdf.py``) and the site tests (``tests/book/site``) share: the Debian Chromium
they drive, the flags that keep it offline and quiet, and a loopback web server for a built site."""

import contextlib
import functools
import shutil
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

# No sandbox (containers run as root), no GPU, and nothing that phones home: the pages must load offline.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def chromium_executable():
    """The system Chromium (installed by ``scripts/install_browser.sh``), or ``None``."""
    return shutil.which("chromium") or shutil.which("chromium-browser")


class _QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@contextlib.contextmanager
def serve(directory):
    """Serve ``directory`` over HTTP on 127.0.0.1, as a reader's web server would; yields the base URL."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_QuietHandler, directory=str(directory)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
