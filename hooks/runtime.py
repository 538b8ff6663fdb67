"""MkDocs hook: serve Pyodide and the engine from the site itself, small, compressed and offline.

Before the pages render (``on_config``) it prepares the engine files, cached under
``build/runtime/<hash of the engine sources and Pyodide>/``:

- the engine as a pure-Python wheel (pip) and a lock file listing only what the site loads
  (the wheel and Pyodide's standard-library modules; ``pyodide lockfile add-wheels``);
- a smaller ``python_stdlib.zip`` holding only the modules Pyodide and the engine import, as
  bytecode (``hooks/pyodide_modules.mjs``), stored uncompressed so brotli packs it well;
- a Pyodide memory snapshot (Python started, engine imported; ``hooks/pyodide_snapshot.mjs``).

They are served from ``pyodide/engine-<content hash>/``, so a cache can never pair a snapshot
with another build's wheel, and hashed files can be cached for a year. The pages learn the
paths from ``<meta name="cribbage-runtime">`` (``overrides/main.html``).

After the build (``on_post_build``, last of all hooks) it links Pyodide's own files into
``site/pyodide/``, writes ``.br`` and ``.gz`` beside every compressible file, and writes the
service worker, its precache list and the web app manifest (``hooks/offline.py``). The page
libraries from npm (``VENDOR_FILES``) are linked into ``site/assets/vendor/`` the same way.

A first visit starts Python the ordinary way from the small stdlib; the snapshot is fetched in
idle time for the next visit. ``extra.pyodide.snapshot: false`` or ``CRIBBAGE_SNAPSHOT=off``
builds no snapshot; ``extra.pyodide.index_url`` may name another Pyodide location (empty:
self-hosted).
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority

from hooks import offline
from hooks.files import locked, write_atomically

CORE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
LOCK_FILE = "pyodide-lock.json"
SNAPSHOT_FILE = "cribbage.snapshot"
# npm packages the pages import, file by file (qr: drawing and reading the table link's codes)
VENDOR_DIR = "assets/vendor"
VENDOR_FILES: dict[str, tuple[str, ...]] = {"qr": ("index.js", "decode.js", "LICENSE-MIT")}
STDLIB_FILE = "python_stdlib.zip"


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    """Prepare the engine files and tell the templates where they are."""
    settings = config.extra.setdefault("pyodide", {})
    snapshot = settings.get("snapshot", True) and os.environ.get("CRIBBAGE_SNAPSHOT", "on") != "off"
    settings["runtime"] = ""
    settings["engine"] = {}  # this build's engine files: {"dir": relative URL, "files": {name: path}}
    if settings.get("index_url") or os.environ.get("CRIBBAGE_HOOKS", "on") == "off":
        return config
    root = Path(config.config_file_path).parent
    files = _prepare_engine(root, _npm_dir(root), snapshot)
    engine_dir = "pyodide/engine-" + _content_hash(files.values()) + "/"
    settings["engine"] = {"dir": engine_dir, "files": files}
    local = _download_files(_npm_dir(root), engine_dir, files)
    sizes = {url: path.stat().st_size for url, path in local.items()}
    settings["runtime"] = json.dumps({
        "index": "pyodide/",
        "lock": engine_dir + LOCK_FILE,
        "stdlib": engine_dir + STDLIB_FILE,
        "snapshot": engine_dir + SNAPSHOT_FILE if SNAPSHOT_FILE in files else "",
        "sw": offline.SERVICE_WORKER,
        "sizes": sizes,
        # what those files weigh with brotli, as the progress bar tells the reader
        "transfer": sum(offline.brotli_size(path, _cache_root(config) / "compressed") for path in local.values()),
    }, separators=(",", ":"))
    settings["offline"] = True  # the service worker and the app manifest are written (on_post_build)
    return config


@event_priority(-100)  # after every other hook has written its files (the PDFs)
def on_post_build(*, config: MkDocsConfig) -> None:
    site = Path(config.site_dir)
    _vendor(Path(config.config_file_path).parent / "node_modules", site / VENDOR_DIR)
    engine = config.extra["pyodide"].get("engine")
    if engine:
        root = Path(config.config_file_path).parent
        out = site / "pyodide"
        out.mkdir(parents=True, exist_ok=True)
        for name in CORE_FILES:
            _link(_npm_dir(root) / name, out / name)
        engine_out = site / engine["dir"]
        engine_out.mkdir(parents=True, exist_ok=True)
        for name, path in engine["files"].items():
            _link(path, engine_out / name)
        for stale in out.glob("engine-*"):
            if stale != engine_out:
                shutil.rmtree(stale)
        offline.write_app_files(site, config, engine_dir=engine["dir"], cache=_cache_root(config) / "icons",
                                engine_files=[name for name in engine["files"] if name != SNAPSHOT_FILE])
    if os.environ.get("CRIBBAGE_COMPRESS", "on") != "off":
        offline.compress_site(site, cache=_cache_root(config) / "compressed")


def _vendor(node_modules: Path, out: Path) -> None:
    """The page libraries from npm, only the files the pages load, served from the site itself
    (before the service worker's precache list and the compression see the site)."""
    for package, names in VENDOR_FILES.items():
        source = node_modules / package
        if not (source / "package.json").exists():
            raise PluginError(f"{package} is missing: node_modules/{package} not found. Run `npm ci` "
                              "(`make serve` and `make test` do it for you).")
        (out / package).mkdir(parents=True, exist_ok=True)
        for name in names:
            _link(source / name, out / package / name)


def _cache_root(config: MkDocsConfig) -> Path:
    """build/ of the real checkout, also for the tests' copies of the project (engine/ is a link there)."""
    return (Path(config.config_file_path).parent / "engine").resolve().parent / "build"


def _download_files(npm_dir: Path, engine_dir: str, files: dict[str, Path]) -> dict[str, Path]:
    """What the engine's first start downloads (site URL -> file), for its progress bar: all but
    the snapshot, which is fetched in idle time for the next visit."""
    local = {"pyodide/pyodide.asm.wasm": npm_dir / "pyodide.asm.wasm"}
    local.update({engine_dir + name: path for name, path in files.items() if name != SNAPSHOT_FILE})
    return local


def _npm_dir(root: Path) -> Path:
    npm_dir = root / "node_modules" / "pyodide"
    if not (npm_dir / LOCK_FILE).exists():
        raise PluginError("Pyodide is missing: node_modules/pyodide not found. Run `npm ci` "
                          "(`make serve` and `make test` do it for you).")
    return npm_dir


def _link(source: Path, target: Path) -> None:
    """Hard-link when possible (tens of MB would otherwise be copied on every build)."""
    if target.exists():
        if target.samefile(source):
            return
        target.unlink()
    try:
        os.link(source, target)
    except OSError:  # another file system, or links not allowed
        shutil.copy2(source, target)


def _content_hash(paths: Iterable[Path]) -> str:
    digest = hashlib.sha256()
    for path in sorted(paths, key=lambda p: p.name):
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


def _inputs_hash(root: Path, npm_dir: Path, snapshot: bool) -> str:
    digest = hashlib.sha256(f"{snapshot}".encode())
    files = sorted((root / "engine" / "cribbage").rglob("*")) + [
        root / "pyproject.toml", npm_dir / LOCK_FILE, npm_dir / "package.json",
        Path(__file__), root / "hooks" / "pyodide_snapshot.mjs", root / "hooks" / "pyodide_modules.mjs"]
    for path in files:
        if path.is_file() and "__pycache__" not in path.parts:
            digest.update(path.name.encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def _prepare_engine(root: Path, npm_dir: Path, snapshot: bool) -> dict[str, Path]:
    """The engine's files, built once per change of their inputs."""
    cache = (root / "engine").resolve().parent / "build" / "runtime" / _inputs_hash(root, npm_dir, snapshot)
    done = cache / "files.json"
    with locked(cache.with_name(cache.name + ".lock")):  # another build making them: wait, then reuse
        if done.exists():
            return {name: cache / name for name in json.loads(done.read_text())}
        return _make_engine_files(root, npm_dir, snapshot, cache)


def _make_engine_files(root: Path, npm_dir: Path, snapshot: bool, cache: Path) -> dict[str, Path]:
    shutil.rmtree(cache, ignore_errors=True)
    cache.mkdir(parents=True)
    wheel = _build_wheel(root, cache)
    stdlib = _small_stdlib(npm_dir, wheel, cache)
    files = {wheel.name: wheel, STDLIB_FILE: stdlib, LOCK_FILE: _add_wheel_to_lock(npm_dir / LOCK_FILE, wheel, cache)}
    if snapshot:
        files[SNAPSHOT_FILE] = _take_snapshot(root, npm_dir, wheel, stdlib, cache / SNAPSHOT_FILE)
    write_atomically(cache / "files.json", json.dumps(sorted(files)).encode())
    return files


def _build_wheel(root: Path, cache: Path) -> Path:
    env = dict(os.environ, SOURCE_DATE_EPOCH="1700000000")  # the same wheel from the same source
    _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
          "--quiet", "--wheel-dir", str(cache), str(root)], env, "building the engine wheel")
    return next(cache.glob("cribbage-*-py3-none-any.whl"))


def _add_wheel_to_lock(base_lock: Path, wheel: Path, cache: Path) -> Path:
    """Pyodide's lock plus the engine, trimmed to what the site can load."""
    base = json.loads(base_lock.read_text())
    # the engine has no dependencies; keep the stdlib modules Pyodide ships apart
    base["packages"] = {name: entry for name, entry in base["packages"].items()
                        if entry.get("package_type") == "cpython_module"}
    (cache / "base-lock.json").write_text(json.dumps(base))
    pyodide_cli = Path(sys.executable).with_name("pyodide")
    _run([str(pyodide_cli), "lockfile", "add-wheels", "--input", str(cache / "base-lock.json"),
          "--output", str(cache / LOCK_FILE), "--base-path", str(cache), str(wheel)],
         dict(os.environ), "registering the wheel with `pyodide lockfile add-wheels`")
    (cache / "base-lock.json").unlink()
    return cache / LOCK_FILE


def _small_stdlib(npm_dir: Path, wheel: Path, cache: Path) -> Path:
    """Pyodide's python_stdlib.zip with only the modules that are ever imported (about a quarter),
    compiled to bytecode by Pyodide's own Python (``hooks/pyodide_modules.mjs``)."""
    target = cache / STDLIB_FILE
    _run([_node(), str(Path(__file__).with_name("pyodide_modules.mjs")), str(npm_dir), str(wheel), str(target)],
         dict(os.environ), "compiling the standard-library modules the engine imports")
    return target


def _take_snapshot(root: Path, npm_dir: Path, wheel: Path, stdlib: Path, target: Path) -> Path:
    _run([_node(), str(root / "hooks" / "pyodide_snapshot.mjs"), str(npm_dir), str(wheel), str(target), str(stdlib)],
         dict(os.environ), "taking the Pyodide memory snapshot")
    return target


def _node() -> str:
    node = shutil.which("node")
    if node is None:
        raise PluginError("Node.js is needed to build the Pyodide runtime files (see README)")
    return node


def _run(args: list[str], env: dict[str, str], what: str) -> str:
    result = subprocess.run(args, capture_output=True, text=True, env=env, check=False)
    if result.returncode != 0:
        # Node prints the minified source line that threw; keep the readable lines.
        lines = [line for line in (result.stderr or result.stdout).splitlines() if len(line) < 400]
        raise PluginError(f"{what} failed:\n" + "\n".join(lines[-25:]))
    return result.stdout
