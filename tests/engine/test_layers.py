"""The engine core knows nothing of the site: only cribbage.backend (and the CLI over it) may import
the backend, and no engine module imports MkDocs, the hooks or anything outside the standard library."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import cribbage

PACKAGE = Path(cribbage.__file__).parent
ADAPTERS = {"backend", "cli.py", "__main__.py"}  # the layers that adapt the core for pages and the shell


def imports(path: Path) -> set[str]:
    """Absolute names of the modules ``path`` imports (relative imports resolved in the package)."""
    module = ".".join(("cribbage", *path.relative_to(PACKAGE).with_suffix("").parts))
    package = module if path.name == "__init__.py" else module.rsplit(".", 1)[0]
    names = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")[: len(package.split(".")) - node.level + 1] if node.level else []
            target = ".".join([*base, node.module] if node.module else base)
            names.add(target)
            names |= {f"{target}.{alias.name}" for alias in node.names}
    return names


def core_modules() -> list[Path]:
    return [p for p in sorted(PACKAGE.rglob("*.py")) if p.relative_to(PACKAGE).parts[0] not in ADAPTERS]


def test_the_core_never_imports_the_backend():
    upward = {str(p.relative_to(PACKAGE)): sorted(n for n in imports(p) if n.startswith("cribbage.backend"))
              for p in core_modules()}
    assert len(upward) > 20  # the walk found the core
    assert {name: found for name, found in upward.items() if found} == {}


def test_the_engine_uses_the_standard_library_only():
    outside = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        tops = {name.split(".")[0] for name in imports(path)}
        foreign = sorted(t for t in tops if t and t != "cribbage" and t not in sys.stdlib_module_names)
        if foreign:
            outside[str(path.relative_to(PACKAGE))] = foreign
    assert outside == {}
