"""What the build and the checks read from the page modules' sources: the static import graph of
a module (the check that no page folder reaches into another, and how many files a page would
fetch unjoined), and the storage keys an inline script may need.

Only static ``import … from "./x.js"`` and ``export … from`` count: a dynamic ``import()`` is lazy
on purpose and stays lazy. (The served modules are joined by esbuild: hooks/scripts.py.)
"""

from __future__ import annotations

import re
from pathlib import Path, PurePosixPath

# `import x from "./a.js"`, `import { a } from "../b.js"`, `import "./c.js"`, `export { d } from "./d.js"`
_STATIC_IMPORT = re.compile(r"""^\s*(?:import|export)\b[^'"();]*?["'](\.{1,2}/[^"']+\.m?js)["']""", re.MULTILINE)


def module_graph(docs_dir: Path, entry: str) -> list[str]:
    """Every module ``entry`` (a path under ``docs_dir``, e.g. ``assets/js/board/page.js``)
    imports statically, directly or not, as paths under ``docs_dir`` in the order first met.
    The entry itself is not listed. A module that is not on disk (one the build generates, like
    the vocabulary) is listed but not read."""
    seen: dict[str, None] = {}
    stack = [entry]
    while stack:
        current = stack.pop(0)
        source = docs_dir / current
        if not source.is_file():
            continue
        for target in _STATIC_IMPORT.findall(source.read_text(encoding="utf-8")):
            path = _resolve(current, target)
            if path != entry and path not in seen:
                seen[path] = None
                stack.append(path)
    return list(seen)


def _resolve(importer: str, target: str) -> str:
    parts: list[str] = list(PurePosixPath(importer).parent.parts)
    for part in PurePosixPath(target).parts:
        if part == "..":
            parts.pop()
        elif part != ".":
            parts.append(part)
    return "/".join(parts)


# `  board: "cribbage.board.v1", // …` inside `export const KEYS = Object.freeze({ … })`
_KEYS_BLOCK = re.compile(r"export const KEYS = Object\.freeze\(\{(.*?)\}\);", re.DOTALL)
_KEY = re.compile(r"^\s*(\w+):\s*\"([^\"]+)\"", re.MULTILINE)


def storage_keys(storage_module: Path) -> dict[str, str]:
    """The localStorage keys that ``storage.js`` defines (name -> key), so that a page's inline
    script names a key the way the modules do, written once."""
    block = _KEYS_BLOCK.search(storage_module.read_text(encoding="utf-8"))
    return dict(_KEY.findall(block.group(1))) if block else {}
