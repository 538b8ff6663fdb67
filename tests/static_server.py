"""A small static file server for the browser tests and benchmarks (loopback only)."""

from __future__ import annotations

import functools
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path


class _Handler(SimpleHTTPRequestHandler):
    cache_seconds = 0

    def end_headers(self):
        if self.cache_seconds and "/pyodide/" in self.path:
            self.send_header("Cache-Control", f"public, max-age={self.cache_seconds}")
        else:
            self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format, *args):  # keep test output quiet
        pass


class _QuietServer(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        import sys

        if not isinstance(sys.exc_info()[1], (ConnectionResetError, BrokenPipeError)):
            super().handle_error(request, client_address)  # a browser closing mid-download is normal


class StaticServer:
    """Serve a directory on 127.0.0.1 and a free port: ``with StaticServer(path) as url: ...``."""

    def __init__(self, root: Path, cache_seconds: int = 0, port: int = 0):
        handler = type("Handler", (_Handler,), {"cache_seconds": cache_seconds})
        self.httpd = _QuietServer(("127.0.0.1", port), functools.partial(handler, directory=str(root)))
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def __enter__(self) -> str:
        self.thread.start()
        return self.url

    def __exit__(self, *exc) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
