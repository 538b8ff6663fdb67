"""Build-time files for serving the site well and using it offline (called by hooks/runtime.py).

- ``compress_site``: ``.br`` and ``.gz`` beside every compressible file, for hosts and servers
  that send precompressed files (nginx ``brotli_static``/``gzip_static``, Netlify, our
  tools/static_host.py). Results are cached by content, so only new content is compressed.
- ``write_app_files``: the service worker (``sw.js`` from ``hooks/sw.js`` plus this build's
  precache list and version), the web app manifest and its PNG icons.
"""

from __future__ import annotations

import gzip
import hashlib
import io
import json
import os
import struct
import zipfile
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

import brotli  # type: ignore[import-untyped]
from mkdocs.config.defaults import MkDocsConfig

from hooks.files import write_atomically

SERVICE_WORKER = "sw.js"
MANIFEST = "manifest.webmanifest"
FAVICON = "favicon.ico"
COMPRESSIBLE = {".html", ".js", ".mjs", ".css", ".json", ".wasm", ".svg", ".xml", ".txt", ".map",
                ".snapshot", ".webmanifest", ".ico", ".zip", ".whl"}  # kept only if it saves 5 %
SMALLEST = 512  # below this a compressed copy saves less than its own headers
BIG = 16 * 1024 * 1024  # brotli's best level takes minutes on the 31 MB snapshot; it is fetched in idle time
# Brotli's best level is about 50 s of a cold build's CPU (26 s on Pyodide's 9.6 MB wasm alone) for
# 4-12 % fewer bytes than its quick level 5. The test suite's builds ask for the quick level
# (tests/conftest.py): nothing it checks depends on how small the copies are. The engine's wire
# size that the progress bar is told is then the quick copies' too, as served. Every other build,
# `make build`, `make serve` and the benchmarks', packs them at the best level.
QUICK_PACKING = "CRIBBAGE_PACK"
# Not stored at install: the engine files (cached once fetched), the link-preview pictures (7.5 MB
# that only chat apps' crawlers read) and lunr's other languages (the search is in English). On a
# 1.6 Mbit/s phone they made the site ready for offline use a minute after the first visit.
NOT_PRECACHED: tuple[str, ...] = ("pyodide/", "assets/previews/", "assets/javascripts/lunr/")
THEME_GREEN = (46, 125, 50)


def brotli_size(path: Path, cache: Path) -> int:
    """Bytes ``path`` takes on the wire with brotli (its own size if brotli saves too little),
    packed as ``compress_site`` packs it in this build, which then finds it in the cache."""
    cache.mkdir(parents=True, exist_ok=True)
    data = path.read_bytes()
    packing = _packing()
    cached = cache / (hashlib.sha256(data).hexdigest() + packing.key + ".br")
    if not cached.exists():
        write_atomically(cached, _worth_keeping(packing.brotli(data), data))
    return cached.stat().st_size or len(data)


class Packing(NamedTuple):
    brotli: Callable[[bytes], bytes]
    gzip: Callable[[bytes], bytes]
    key: str  # in the cache's file names: a full build never serves the quick copies


def _packing() -> Packing:
    if os.environ.get(QUICK_PACKING) == "quick":
        return Packing(_brotli_quick, _gzip_quick, ".quick")
    return Packing(_brotli, _gzip, "")


def compress_site(site: Path, cache: Path) -> None:
    cache.mkdir(parents=True, exist_ok=True)
    packing = _packing()
    for path in sorted(site.rglob("*")):
        if not path.is_file() or path.suffix not in COMPRESSIBLE:
            continue
        data = path.read_bytes()
        key = hashlib.sha256(data).hexdigest() + packing.key
        for suffix, squeeze in ((".br", packing.brotli), (".gz", packing.gzip)):
            target = path.with_name(path.name + suffix)
            if target.exists():
                target.unlink()
            if len(data) < SMALLEST:
                continue
            cached = cache / (key + suffix)
            if not cached.exists():
                write_atomically(cached, b"" if _packed_already(path, data) else _worth_keeping(squeeze(data), data))
            if cached.stat().st_size:
                _link(cached, target)


def _worth_keeping(packed: bytes, data: bytes) -> bytes:
    """Not worth a second copy unless it saves 5 % (empty: the server then sends the original)."""
    return packed if len(packed) < 0.95 * len(data) else b""


def _packed_already(path: Path, data: bytes) -> bool:
    """A zip or wheel whose members are deflated: brotli cannot shrink it by 5 %, and finding that
    out on Pyodide's 2.5 MB standard library took 8 s of a cold build. (The site's own small
    standard library is stored, so the server's brotli packs it.)"""
    if path.suffix not in (".zip", ".whl"):
        return False
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            members = [info for info in archive.infolist() if info.file_size]
            stored = sum(info.file_size for info in members if info.compress_type == zipfile.ZIP_STORED)
    except zipfile.BadZipFile:
        return False
    return stored < 0.1 * sum(info.file_size for info in members)


def _brotli(data: bytes) -> bytes:
    quality = 11 if len(data) < BIG else 6
    packed: bytes = brotli.compress(data, quality=quality, lgwin=24)
    return packed


def _gzip(data: bytes) -> bytes:
    return gzip.compress(data, compresslevel=9, mtime=0)


def _brotli_quick(data: bytes) -> bytes:
    packed: bytes = brotli.compress(data, quality=5, lgwin=22)
    return packed


def _gzip_quick(data: bytes) -> bytes:
    return gzip.compress(data, compresslevel=6, mtime=0)


def _link(source: Path, target: Path) -> None:
    try:
        os.link(source, target)
    except OSError:
        target.write_bytes(source.read_bytes())


def write_app_files(site: Path, config: MkDocsConfig, engine_dir: str, engine_files: list[str], cache: Path) -> None:
    """The manifest and icons first: they are precached like every other file."""
    _write_icons(site, cache)
    (site / MANIFEST).write_text(json.dumps(_manifest(config), indent=1))
    write_service_worker(site, engine_dir, engine_files)


def write_service_worker(site: Path, engine_dir: str, engine_files: list[str]) -> None:
    """``sw.js`` for the files now in ``site``: their precache list, and a version that changes
    whenever any of them does (a reader's browser finds a new deploy by this file alone)."""
    precache = _precache_list(site)
    version = hashlib.sha256(json.dumps(precache).encode() + engine_dir.encode()).hexdigest()[:12]
    engine = ["pyodide/" + name for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")]
    engine += [engine_dir + name for name in engine_files]
    settings = json.dumps({"version": version, "precache": precache, "engine": engine,
                           "engineDir": engine_dir}, separators=(",", ":"))
    source = (Path(__file__).with_name("sw.js")).read_text()
    (site / SERVICE_WORKER).write_text(source.replace("/*BUILD*/{}", settings))


def _precache_list(site: Path) -> list[list[str]]:
    """[url relative to the site root, content revision] for every page and asset."""
    entries = []
    for path in sorted(site.rglob("*")):
        relative = path.relative_to(site).as_posix()
        if (not path.is_file() or relative.startswith(NOT_PRECACHED)
                or path.suffix in (".br", ".gz", ".map") or relative == SERVICE_WORKER):
            continue
        url = relative.removesuffix("index.html") if path.name == "index.html" else relative
        entries.append([url, hashlib.sha256(path.read_bytes()).hexdigest()[:10]])
    return entries


def _manifest(config: MkDocsConfig) -> dict[str, object]:
    return {
        "name": config.site_name,
        "short_name": "Cribbage",
        "description": config.site_description,
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": "#" + bytes(THEME_GREEN).hex(),
        "icons": [
            {"src": "assets/icons/icon-192.png", "sizes": "192x192", "type": "image/png", "purpose": "any"},
            {"src": "assets/icons/icon-512.png", "sizes": "512x512", "type": "image/png", "purpose": "any"},
            {"src": "assets/icons/icon-maskable-512.png", "sizes": "512x512", "type": "image/png",
             "purpose": "maskable"},
        ],
    }


def _write_icons(site: Path, cache: Path) -> None:
    # /favicon.ico: a page names its icon, but a document that is not a page (a PDF sheet in the
    # browser's viewer) makes the browser ask for this one; missing, it failed offline
    # (net::ERR_INTERNET_DISCONNECTED) and 404ed online. Precached like every file.
    favicon = site / FAVICON
    if favicon.exists():
        favicon.unlink()
    favicon.write_bytes(_ico(32, _png(32, _icon_pixels(32, 0.0))))
    folder = site / "assets" / "icons"
    folder.mkdir(parents=True, exist_ok=True)
    cache.mkdir(parents=True, exist_ok=True)
    for name, size, inset in (("icon-192.png", 192, 0.0), ("icon-512.png", 512, 0.0),
                              ("icon-maskable-512.png", 512, 0.1), ("apple-touch-icon.png", 180, 0.0)):
        cached = cache / f"v1-{name}"  # drawn once per machine: the drawing is in Python, pixel by pixel
        if not cached.exists():
            write_atomically(cached, _png(size, _icon_pixels(size, inset)))
        target = folder / name
        if target.exists():
            target.unlink()
        _link(cached, target)


def _icon_pixels(size: int, inset: float) -> list[bytes]:
    """A white playing card with a red diamond on the site's green; ``inset`` keeps a maskable icon's
    drawing inside its safe zone."""
    white, red = (255, 255, 255), (198, 40, 40)
    margin = size * (0.2 + inset)
    card_w = size - 2 * margin * 1.25
    left, right = (size - card_w) / 2, (size + card_w) / 2
    top, bottom = margin, size - margin
    cx, cy, r = size / 2, size / 2, card_w * 0.32
    rows = []
    for y in range(size):
        row = bytearray()
        for x in range(size):
            colour = THEME_GREEN
            if left <= x <= right and top <= y <= bottom:
                colour = red if abs(x - cx) / 0.75 + abs(y - cy) <= r else white
            row += bytes(colour)
        rows.append(bytes(row))
    return rows


def _ico(size: int, png: bytes) -> bytes:
    """An ICO file holding one PNG image (every current browser reads PNG inside ICO)."""
    directory = struct.pack("<HHH", 0, 1, 1)  # reserved, type 1 = icon, one image
    entry = struct.pack("<BBBBHHII", size, size, 0, 0, 1, 32, len(png), 6 + 16)
    return directory + entry + png


def _png(size: int, rows: list[bytes]) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    raw = b"".join(b"\x00" + row for row in rows)
    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")
