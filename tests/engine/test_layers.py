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


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE).with_suffix("").parts
    return ".".join(("cribbage", *(parts[:-1] if parts[-1] == "__init__" else parts)))


def import_graph() -> dict[str, set[str]]:
    """Module to the engine modules it imports anywhere in its body (a deferred import counts).

    ``from . import x`` also names the package itself; a module's own packages are left out."""
    modules = {module_name(p): p for p in PACKAGE.rglob("*.py")}
    return {name: {n for n in imports(path) if n in modules and n != name and not name.startswith(n + ".")}
            for name, path in modules.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The groups of modules that import one another, round a circle (Tarjan's components)."""
    order: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found = []

    def visit(node: str) -> None:
        order[node] = low[node] = len(order)
        stack.append(node)
        for after in sorted(graph[node]):
            if after not in order:
                visit(after)
                low[node] = min(low[node], low[after])
            elif after in stack:
                low[node] = min(low[node], order[after])
        if low[node] == order[node]:
            group = []
            while not group or group[-1] != node:
                group.append(stack.pop())
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in order:
            visit(node)
    return found


def test_no_engine_modules_import_each_other():
    graph = import_graph()
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]  # the check sees one
    assert cycles(graph) == []
    assert graph["cribbage.expert.throws"] >= {"cribbage.expert.winprob"}  # the walk saw the expert's imports


def test_the_core_keeps_no_state_between_calls():
    """A module-level object of the core's own classes is a frozen dataclass (a variant, a strategy):
    a cache of games, or anything else that changes as pages call, lives in the backend."""
    held = []
    for path in core_modules():
        tree = ast.parse(path.read_text())
        classes = {node.name: node for node in tree.body if isinstance(node, ast.ClassDef)}
        for node in tree.body:
            value = node.value if isinstance(node, ast.Assign | ast.AnnAssign) else None
            called = value.func.id if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) else None
            if called in classes and not _frozen(classes[called]):
                held.append(f"{path.relative_to(PACKAGE)}:{node.lineno} {called}")
    assert held == []


def _frozen(node: ast.ClassDef) -> bool:
    return any(isinstance(d, ast.Call) and any(k.arg == "frozen" and getattr(k.value, "value", False)
                                               for k in d.keywords) for d in node.decorator_list)
