"""MkDocs hook: serve Pyodide and the engine wheel from the site itself.

After each build, copies the Pyodide distribution from the npm package into
``site/pyodide/``, builds the engine as a pure-Python wheel with pip, and registers
it in the site's ``pyodide-lock.json`` with pyodide-build's ``pyodide lockfile
add-wheels``. The wheel and lock file are cached under ``build/runtime/`` by a
hash of their inputs, so an unchanged engine costs only the copy.

It also takes a Pyodide memory snapshot (Python started, engine imported) with
Node, so the browser can restore it instead of starting Python from scratch;
``extra.pyodide.snapshot: false`` turns that off.

``extra.pyodide.index_url`` in mkdocs.yml may name another Pyodide location (a
CDN); it is empty by default, which means self-hosted.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

from mkdocs.exceptions import PluginError

PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
LOCK_FILE = "pyodide-lock.json"
SNAPSHOT_FILE = "cribbage.snapshot"


def on_config(config):
    """Tell the templates whether a snapshot will be served (see overrides/main.html)."""
    settings = config.extra.setdefault("pyodide", {})
    enabled = settings.get("snapshot", True) and not settings.get("index_url") \
        and os.environ.get("CRIBBAGE_SNAPSHOT", "on") != "off"
    settings["snapshot_file"] = f"pyodide/{SNAPSHOT_FILE}" if enabled else ""
    return config


def on_post_build(config) -> None:
    if os.environ.get("CRIBBAGE_HOOKS", "on") == "off":
        return
    root = Path(config.config_file_path).parent
    npm_dir = root / "node_modules" / "pyodide"
    if not (npm_dir / LOCK_FILE).exists():
        raise PluginError(
            "Pyodide is missing: node_modules/pyodide not found. Run `npm ci` "
            "(`make serve` and `make test` do it for you)."
        )
    out = Path(config.site_dir) / "pyodide"
    out.mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_FILES:
        _copy_if_changed(npm_dir / name, out / name)
    wheel, lock = _engine_wheel_and_lock(root, npm_dir / LOCK_FILE)
    _copy_if_changed(wheel, out / wheel.name)
    _copy_if_changed(lock, out / LOCK_FILE)
    if config.extra["pyodide"]["snapshot_file"]:
        _copy_if_changed(_snapshot(root, out, wheel), out / SNAPSHOT_FILE)


def _copy_if_changed(source: Path, target: Path) -> None:
    """Hard-link when possible (45 MB would otherwise be copied on every build)."""
    if target.exists():
        if target.samefile(source) or (target.stat().st_size == source.stat().st_size
                                       and target.stat().st_mtime >= source.stat().st_mtime):
            return
        target.unlink()
    try:
        os.link(source, target)
    except OSError:  # another file system, or links not allowed
        shutil.copy2(source, target)


def _inputs_hash(root: Path, lock: Path) -> str:
    digest = hashlib.sha256()
    files = sorted((root / "engine" / "cribbage").rglob("*")) + [root / "pyproject.toml", lock]
    for path in files:
        if path.is_file() and "__pycache__" not in path.parts:
            digest.update(str(path.relative_to(root)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def _engine_wheel_and_lock(root: Path, base_lock: Path) -> tuple[Path, Path]:
    cache = root / "build" / "runtime" / _inputs_hash(root, base_lock)
    wheels = sorted(cache.glob("cribbage-*-py3-none-any.whl"))
    if wheels and (cache / LOCK_FILE).exists():
        return wheels[0], cache / LOCK_FILE
    shutil.rmtree(cache, ignore_errors=True)
    cache.mkdir(parents=True)
    env = dict(os.environ, SOURCE_DATE_EPOCH="1700000000")  # the same wheel from the same source
    _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
          "--quiet", "--wheel-dir", str(cache), str(root)], env, "building the engine wheel")
    wheel = next(cache.glob("cribbage-*-py3-none-any.whl"))
    shutil.copy2(base_lock, cache / "base-lock.json")
    pyodide_cli = Path(sys.executable).with_name("pyodide")
    _run([str(pyodide_cli), "lockfile", "add-wheels", "--input", str(cache / "base-lock.json"),
          "--output", str(cache / LOCK_FILE), "--base-path", str(cache), str(wheel)],
         env, "registering the wheel with `pyodide lockfile add-wheels`")
    return wheel, cache / LOCK_FILE


def _snapshot(root: Path, pyodide_dir: Path, wheel: Path) -> Path:
    target = wheel.parent / SNAPSHOT_FILE  # cached beside the wheel it was made from
    if not target.exists():
        node = shutil.which("node")
        if node is None:
            raise PluginError("Node.js is needed to build the Pyodide snapshot (or set extra.pyodide.snapshot: false)")
        _run([node, str(root / "hooks" / "pyodide_snapshot.mjs"), str(pyodide_dir), str(wheel), str(target)],
             dict(os.environ), "taking the Pyodide memory snapshot")
    return target


def _run(args: list[str], env: dict, what: str) -> None:
    result = subprocess.run(args, capture_output=True, text=True, env=env, check=False)
    if result.returncode != 0:
        raise PluginError(f"{what} failed:\n{result.stderr.strip() or result.stdout.strip()}")
