"""The page modules, kept one concern per file in docs/assets/js/, served joined by esbuild.

A page module imports a dozen to thirty small files. A phone asks for each one, and on HTTP/1.1
only six at a time: on a slow network the last of them, and Material's own bundle queued beside
them, arrive seconds after the page. So the build hands the entry points (each page's ``module``,
the site-wide ``extra.after_paint`` modules and the ``extra_javascript`` modules) to esbuild with
code splitting. Each entry keeps its path, so templates and links are unchanged; the code two
entries share goes into chunks beside them (``assets/js/chunk-HASH.js``), so a module such as
``engine.js`` still runs once per page whoever imports it. The chunks sit in ``assets/js/`` itself
because a module finds the site from its own address (``engine.js``: ``../../``).

The sources stay in the site as they are, unminified: the engine's worker imports its helper
(``vault.mjs``) directly, and a developer or a test may import any one module by its path.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files
from mkdocs.utils.meta import get_data

from hooks.runtime import VENDOR_DIR, VENDOR_FILES

FOLDER = "assets/js/"
CHUNK_PREFIX = "chunk-"


@dataclass
class Bundle:
    """What the build made of the modules: the files to serve, and what each entry loads first."""

    files: dict[str, bytes] = field(default_factory=dict)  # path under the site -> content
    preloads: dict[str, list[str]] = field(default_factory=dict)  # entry path -> chunk paths it imports
    sources: dict[str, list[str]] = field(default_factory=dict)  # served path -> the modules joined in it

    def preload(self, entry: str) -> list[str]:
        """The chunks ``entry`` imports statically, directly or not, in the order first met: what a
        page lists as ``<link rel="modulepreload">`` so that none waits for another to arrive."""
        return self.preloads.get(entry, [])


def page_modules(files: Files) -> list[str]:
    """Each page's front matter ``module: name`` as the entry ``assets/js/name.js``."""
    names: dict[str, None] = {}
    for page in files.documentation_pages():
        module = get_data(page.content_string)[1].get("module")
        if isinstance(module, str):
            names[f"{FOLDER}{module}.js"] = None
    return list(names)


def entry_points(config: MkDocsConfig, files: Files) -> list[str]:
    """The page modules, the after-paint modules and the ``extra_javascript`` modules."""
    extra = [str(script.path) if hasattr(script, "path") else str(script) for script in config.extra_javascript]
    found = page_modules(files) + list(config.extra.get("after_paint") or []) + extra
    return list(dict.fromkeys(path for path in found if path.startswith(FOLDER)))


def bundle(root: Path, docs_dir: Path, generated: dict[str, str], entries: list[str]) -> Bundle:
    """esbuild over a copy of docs/assets/js with the build's generated modules (``generated``:
    path under the site -> text) and the vendored libraries beside it."""
    esbuild = root / "node_modules" / ".bin" / "esbuild"
    if not esbuild.exists():
        raise PluginError("esbuild is missing: node_modules/.bin/esbuild not found. Run `npm ci` "
                          "(`make serve` and `make test` do it for you).")
    with tempfile.TemporaryDirectory(prefix="cribbage-js-") as temp:
        work = Path(temp)
        _copy_sources(root, docs_dir, generated, work)
        command = [str(esbuild), *entries, "--bundle", "--splitting", "--format=esm", "--minify",
                   f"--outdir={work / 'out'}", f"--outbase={FOLDER}", "--entry-names=[dir]/[name]",
                   f"--chunk-names={CHUNK_PREFIX}[hash]", f"--metafile={work / 'meta.json'}",
                   "--log-level=warning", "--sourcemap=linked", "--legal-comments=none"]
        done = subprocess.run(command, cwd=work, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            raise PluginError(f"esbuild could not join the page modules (paths under docs/):\n{done.stderr}")
        return _made(work, entries)


def _copy_sources(root: Path, docs_dir: Path, generated: dict[str, str], work: Path) -> None:
    shutil.copytree(docs_dir / FOLDER, work / FOLDER)
    for path, text in generated.items():
        (work / path).write_text(text, encoding="utf-8")
    for package, names in VENDOR_FILES.items():  # the npm libraries pages import from assets/vendor/
        (work / VENDOR_DIR / package).mkdir(parents=True)
        for name in names:
            shutil.copyfile(root / "node_modules" / package / name, work / VENDOR_DIR / package / name)


def _made(work: Path, entries: list[str]) -> Bundle:
    """The files esbuild wrote, and from its metafile what each entry imports and each file joins."""
    out = work / "out"
    meta = json.loads((work / "meta.json").read_text(encoding="utf-8"))
    outputs = {_site_path(name, work): output for name, output in meta["outputs"].items()}
    imports = {path: [_site_path(item["path"], work) for item in output.get("imports", [])
                      if item["kind"] == "import-statement"] for path, output in outputs.items()}
    written = [path for path in out.rglob("*") if path.is_file()]
    return Bundle(
        files={FOLDER + path.relative_to(out).as_posix(): path.read_bytes() for path in written},
        preloads={entry: _closure(entry, imports) for entry in entries},
        sources={path: list(output.get("inputs", {})) for path, output in outputs.items() if not path.endswith(".map")},
    )


def _site_path(output: str, work: Path) -> str:
    return FOLDER + (work / output).resolve().relative_to((work / "out").resolve()).as_posix()


def _closure(entry: str, imports: dict[str, list[str]]) -> list[str]:
    seen: dict[str, None] = {}
    stack = [entry]
    while stack:
        for path in imports.get(stack.pop(0), []):
            if path not in seen:
                seen[path] = None
                stack.append(path)
    return list(seen)


def serve_the_bundle(files: Files, config: MkDocsConfig, made: Bundle) -> Files:
    """The joined entries in place of their sources, and the chunks beside them."""
    for path, content in made.files.items():
        old = files.get_file_from_path(path)
        if old is not None:
            files.remove(old)
        files.append(File.generated(config, path, content=content))
    return files
