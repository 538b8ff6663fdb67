"""Serve the built site the way a good static host does: ``make serve``, the tests, the benchmarks.

    python tools/static_host.py [--port 8000] [--rate-mbit 1.6] [--watch] [--site site]

WhiteNoise (a maintained WSGI static-file server) does the HTTP work: it serves the ``.br`` /
``.gz`` files the build writes beside each compressible file when the browser accepts them
(``Content-Encoding`` and ``Vary: Accept-Encoding``), answers conditional and range requests,
and marks content-hashed files ``max-age=1 year, immutable``. Everything else is ``no-cache``
(revalidated with its ETag), so a new build is seen at once. Two things are added here:

- a bandwidth limit shared by every connection, like one slow link (DevTools throttling does
  not reach Web Workers, so the benchmarks throttle at the server);
- ``--watch``: rebuild the site when docs/, engine/, hooks/, overrides/ or mkdocs.yml change.

``run_build`` is the one way the project runs ``mkdocs build`` (``make serve``, the tests through
``harness``, the benchmarks and tools). Importable as ``static_host`` (``tools/pyproject.toml``,
installed in editable mode by ``make install``). Loopback only.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from socketserver import ThreadingMixIn
from wsgiref.simple_server import ServerHandler, WSGIRequestHandler, WSGIServer, make_server

from whitenoise import WhiteNoise

ROOT = Path(__file__).resolve().parents[1]
WATCHED = ("docs", "engine", "hooks", "overrides", "mkdocs.yml")
# A file name carrying a content hash: Material's bundle.1a2b3c4d.min.js, our cribbage-<hash>.snapshot.
HASHED_NAME = re.compile(r"[.-][0-9a-f]{8,}(\.[a-z0-9]+)+$|^/?pyodide/engine-[0-9a-f]{8,}/")
CHUNK = 16 * 1024
MEDIA_TYPES = {".webmanifest": "application/manifest+json", ".snapshot": "application/octet-stream",
               ".whl": "application/zip", ".mjs": "text/javascript"}


def is_hashed(path: str, url: str) -> bool:
    """Material's bundle.<hash>.min.js and the like, and everything under pyodide/engine-<hash>/."""
    return bool(HASHED_NAME.search(url.rsplit("/", 1)[-1]) or HASHED_NAME.search(url))


def _no_cache_unless_hashed(headers, path: str, url: str) -> None:
    if not is_hashed(path, url):
        headers["Cache-Control"] = "no-cache"
    if url.endswith("/sw.js"):
        headers["Service-Worker-Allowed"] = "/"


class Link:
    """One shared pipe of ``bits_per_second``: chunks from every connection queue for it in turn."""

    def __init__(self, bits_per_second: float):
        self.seconds_per_byte = 8 / bits_per_second
        self.lock = threading.Lock()
        self.free_at = 0.0
        self.sent = 0

    def send(self, size: int) -> None:
        with self.lock:
            start = max(time.monotonic(), self.free_at)
            self.free_at = start + size * self.seconds_per_byte
            self.sent += size
            done = self.free_at
        delay = done - time.monotonic()
        if delay > 0:
            time.sleep(delay)


def _throttled(body, link: Link):
    try:
        for block in body:
            for offset in range(0, len(block), CHUNK):
                piece = block[offset:offset + CHUNK]
                link.send(len(piece))
                yield piece
    finally:
        if hasattr(body, "close"):
            body.close()


def _not_found(environ, start_response):
    page = Path(environ["cribbage.site"]) / "404.html"
    body = page.read_bytes() if page.exists() else b"Not found"
    start_response("404 Not Found", [("Content-Type", "text/html; charset=utf-8"),
                                     ("Cache-Control", "no-cache"), ("Content-Length", str(len(body)))])
    return [body]


class SiteApp:
    """The WSGI application: WhiteNoise over the site directory, optionally throttled."""

    def __init__(self, site: Path, rate_bits: float | None = None, compress: bool = True):
        self.site = Path(site)
        self.link = Link(rate_bits) if rate_bits else None
        self.compress = compress
        self.files = WhiteNoise(_not_found, root=str(self.site), autorefresh=True, max_age=None,
                                allow_all_origins=False, index_file=True, mimetypes=MEDIA_TYPES,
                                immutable_file_test=is_hashed, add_headers_function=_no_cache_unless_hashed)

    def __call__(self, environ, start_response):
        environ["cribbage.site"] = str(self.site)
        if not self.compress:  # behave like a host that ignores the precompressed files
            environ.pop("HTTP_ACCEPT_ENCODING", None)
        if self.link is None:
            return self.files(environ, start_response)
        environ.pop("wsgi.file_wrapper", None)  # sendfile would bypass the limit
        return _throttled(self.files(environ, start_response), self.link)


class _Response(ServerHandler):
    """One response on a persistent HTTP/1.1 connection.

    Real static hosts keep connections open; a new TCP connection for every file would charge each
    request a round trip that no real host charges, and Lighthouse's simulation counts it.
    """

    http_version = "1.1"

    def cleanup_headers(self):
        super().cleanup_headers()
        if "Content-Length" not in self.headers and not self.status.startswith(("204", "304")):
            self.headers["Connection"] = "close"  # no length, so the end of the body is the close
            self.request_handler.close_connection = True

    def handle_error(self):
        self.request_handler.close_connection = True  # a body cut short cannot be followed by another
        super().handle_error()


class _Handler(WSGIRequestHandler):
    protocol_version = "HTTP/1.1"
    timeout = 30  # an idle kept-alive connection gives its thread back

    def handle(self):
        self.close_connection = True
        self._serve_one()
        while not self.close_connection:
            self._serve_one()

    def _serve_one(self) -> None:
        try:
            self.raw_requestline = self.rfile.readline(65537)
        except (TimeoutError, ConnectionError):
            self.raw_requestline = b""
        if not self.raw_requestline or len(self.raw_requestline) > 65536:
            self.close_connection = True
            return
        if not self.parse_request():
            return
        response = _Response(self.rfile, self.wfile, self.get_stderr(), self.get_environ(), multithread=False)
        response.request_handler = self
        response.run(self.server.get_app())

    def log_message(self, format, *args):  # keep test and benchmark output quiet
        pass


class _Server(ThreadingMixIn, WSGIServer):
    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, *args, **kwargs) -> None:
        self.open_connections: set[socket.socket] = set()
        self.connections_lock = threading.Lock()
        super().__init__(*args, **kwargs)

    def process_request(self, request, client_address):
        with self.connections_lock:
            self.open_connections.add(request)
        super().process_request(request, client_address)

    def shutdown_request(self, request):
        with self.connections_lock:
            self.open_connections.discard(request)
        super().shutdown_request(request)

    def close_connections(self) -> None:
        """End the kept-alive connections too: a stopped server must not go on answering on them
        (a browser would be served the old site by a server that has been replaced)."""
        with self.connections_lock:
            open_now = list(self.open_connections)
        for connection in open_now:
            with contextlib.suppress(OSError):
                connection.shutdown(socket.SHUT_RDWR)

    def handle_error(self, request, client_address):
        if not isinstance(sys.exc_info()[1], (ConnectionResetError, BrokenPipeError)):
            super().handle_error(request, client_address)  # a browser closing mid-download is normal


class StaticServer:
    """``with StaticServer(site_dir, port=..., rate_bits=...) as url: ...`` on 127.0.0.1.

    ``cache_seconds`` is accepted for older callers and ignored: cache headers follow the policy above.
    """

    def __init__(self, root: Path, cache_seconds: int = 0, port: int = 0,
                 rate_bits: float | None = None, compress: bool = True):
        self.app = SiteApp(root, rate_bits, compress)
        self.httpd = make_server("127.0.0.1", port, self.app, server_class=_Server, handler_class=_Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    @property
    def bytes_sent(self) -> int:
        return self.app.link.sent if self.app.link else 0

    def set_rate(self, bits_per_second: float | None) -> None:
        self.app.link = Link(bits_per_second) if bits_per_second else None

    def __enter__(self) -> str:
        self.thread.start()
        return self.url

    def __exit__(self, *exc) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
        self.httpd.close_connections()


def _snapshot_of_sources() -> dict[str, float]:
    stamps = {}
    for name in WATCHED:
        path = ROOT / name
        files = [path] if path.is_file() else path.rglob("*")
        for item in files:
            if item.is_file() and "__pycache__" not in item.parts and not item.name.endswith((".pyc", "~")):
                stamps[str(item)] = item.stat().st_mtime
    return stamps


def run_build(site: Path, project: Path = ROOT, site_url: str | None = None, strict: bool = True,
              env: dict[str, str] | None = None, quiet: bool = False,
              capture: bool = True) -> subprocess.CompletedProcess[str]:
    """``mkdocs build`` of ``project`` (a checkout or a copy of its sources) into ``site``.

    ``site_url`` is the address the site will be served from (instant navigation and the
    service worker need it, port included); ``env`` replaces the environment (default: this
    process's). With ``capture`` the output is in the result, else it goes to the terminal."""
    env = dict(os.environ if env is None else env, NO_MKDOCS_2_WARNING="1")
    if site_url:
        env["SITE_URL"] = site_url
    args = [sys.executable, "-m", "mkdocs", "build", "--site-dir", str(site),
            "--config-file", str(Path(project) / "mkdocs.yml")]
    args += ["--strict" if strict else "--no-strict"] + ["-q"] * quiet
    return subprocess.run(args, cwd=project, env=env, check=False, text=True, capture_output=capture)


def build(site: Path, site_url: str | None = None) -> bool:
    print("building the site ...", flush=True)
    started = time.monotonic()
    result = run_build(site, site_url=site_url, quiet=True, capture=False)
    print(f"built in {time.monotonic() - started:.1f} s" if result.returncode == 0
          else "build failed: still serving the last good build", flush=True)
    return result.returncode == 0


def watch(site: Path, site_url: str, interval: float = 1.0) -> None:
    """Poll the sources (no extra dependency) and rebuild once they settle."""
    seen = _snapshot_of_sources()
    while True:
        time.sleep(interval)
        now = _snapshot_of_sources()
        if now != seen:
            time.sleep(0.3)  # an editor's save is often several writes
            seen = _snapshot_of_sources()
            build(site, site_url)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--rate-mbit", type=float, default=0, help="limit bandwidth (Mbit/s, all connections)")
    parser.add_argument("--no-compress", action="store_true", help="ignore the precompressed files")
    parser.add_argument("--watch", action="store_true", help="build first, then rebuild on source changes")
    args = parser.parse_args()
    if args.watch:
        site_url = os.environ.get("SITE_URL") or f"http://127.0.0.1:{args.port}/"
        if not build(args.site, site_url) and not (args.site / "index.html").exists():
            sys.exit(1)
        threading.Thread(target=watch, args=(args.site, site_url), daemon=True).start()
    server = StaticServer(args.site, port=args.port, rate_bits=args.rate_mbit * 1e6 or None,
                          compress=not args.no_compress)
    print(f"serving {args.site} at {server.url}" + (" (rebuilding on changes)" if args.watch else ""), flush=True)
    with server, contextlib.suppress(KeyboardInterrupt):
        threading.Event().wait()


if __name__ == "__main__":
    main()
