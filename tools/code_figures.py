"""Size and documentation figures of the code, for notes that compare two checkouts.

    python tools/code_figures.py                      # Python under engine/ and hooks/, JS under docs/assets/js/
    python tools/code_figures.py --python engine --js docs/assets/js --top 5

Printed, each with its file and line:

- the longest Python functions and classes (lines from ``def``/``class`` to the last line of the body,
  decorators left out), read with ``ast``: nothing is imported or run;
- the share of public names with a docstring, for the engine's package: every module, every class
  and function whose name does not start with ``_``, and every such method or property of a public
  class (``__init__`` and other dunders are left out); the names without one are listed;
- the longest JavaScript functions (``function`` declarations and expressions, methods, and arrow
  functions with a block body) and modules. JavaScript is read by a small scanner that skips
  strings, template literals, comments and regular expressions and matches braces, which is
  enough for the site's own modules (no parser is installed for it).

Compare checkouts with ``git worktree add /tmp/old <commit>`` and this script run in each.
"""

from __future__ import annotations

import argparse
import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class Span:
    """A named stretch of a file: a function, a class or a whole module."""

    path: str
    line: int
    name: str
    lines: int

    def __str__(self) -> str:
        return f"{self.lines:5} lines  {self.path}:{self.line}  {self.name}"


# --- Python -------------------------------------------------------------------------------------

def python_files(folders: list[Path]) -> Iterator[Path]:
    for folder in folders:
        yield from sorted(p for p in folder.rglob("*.py") if ".venv" not in p.parts and "node_modules" not in p.parts)


def _start(node: ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) -> int:
    return node.lineno


def python_spans(paths: list[Path]) -> tuple[list[Span], list[Span]]:
    """Every function (methods and nested functions too) and every class, with its length."""
    functions: list[Span] = []
    classes: list[Span] = []
    for path in paths:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        shown = _shown(path)
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                end = node.end_lineno or node.lineno
                span = Span(shown, node.lineno, node.name, end - _start(node) + 1)
                (classes if isinstance(node, ast.ClassDef) else functions).append(span)
    return functions, classes


def public_names(paths: list[Path]) -> tuple[list[str], list[str]]:
    """(documented, undocumented) public names, as ``module.Name`` or ``module.Class.method``."""
    documented: list[str] = []
    missing: list[str] = []
    for path in paths:
        if path.name.startswith("_") and path.name != "__init__.py":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        module = _module_name(path)
        (documented if ast.get_docstring(tree) else missing).append(module)
        for node in tree.body:
            if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) or node.name.startswith("_"):
                continue
            name = f"{module}.{node.name}"
            (documented if ast.get_docstring(node) else missing).append(name)
            if isinstance(node, ast.ClassDef):
                for member in node.body:
                    if isinstance(member, ast.FunctionDef | ast.AsyncFunctionDef) and not member.name.startswith("_"):
                        (documented if ast.get_docstring(member) else missing).append(f"{name}.{member.name}")
    return documented, missing


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(_package_root(path)).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _package_root(path: Path) -> Path:
    folder = path.parent
    while (folder / "__init__.py").exists():
        folder = folder.parent
    return folder


def _shown(path: Path) -> str:
    try:
        return path.resolve().relative_to(ROOT).as_posix()
    except ValueError:
        return path.as_posix()


# --- JavaScript ---------------------------------------------------------------------------------

_FUNCTION_HEAD = re.compile(
    r"(?:async\s+)?function\s*\*?\s*([A-Za-z_$][\w$]*)?\s*\([^()]*(?:\([^()]*\)[^()]*)*\)\s*$"  # function f(...)
    r"|([A-Za-z_$][\w$]*)\s*\([^()]*(?:\([^()]*\)[^()]*)*\)\s*$"  # a method: name(...) {
    r"|(?:\([^()]*(?:\([^()]*\)[^()]*)*\)|[A-Za-z_$][\w$]*)\s*=>\s*$"  # an arrow: (...) => {
)
_NAME_BEFORE = re.compile(r"([A-Za-z_$][\w$]*)\s*[:=]\s*(?:async\s+)?$")
_KEYWORDS = frozenset({"if", "for", "while", "switch", "catch", "with", "return", "typeof"})
_REGEX_AFTER = set("(,=:[!&|?{};+-*%<>~^")


def js_blank(source: str) -> str:
    """The source with strings, template text, comments and regular expressions replaced by spaces
    (newlines kept), so that braces can be matched and heads read by line."""
    out: list[str] = []
    i, n = 0, len(source)
    templates: list[int] = []  # brace depth at each open ${ ... } inside a template literal
    depth = 0
    last = ""  # the last significant character, to tell a regex from a division
    while i < n:
        ch = source[i]
        two = source[i:i + 2]
        if two == "//":
            end = source.find("\n", i)
            end = n if end < 0 else end
            out.append(" " * (end - i))
            i = end
        elif two == "/*":
            end = source.find("*/", i + 2)
            end = n if end < 0 else end + 2
            out.append(re.sub(r"[^\n]", " ", source[i:end]))
            i = end
        elif ch in "'\"":
            j = i + 1
            while j < n and source[j] != ch and source[j] != "\n":
                j += 2 if source[j] == "\\" else 1
            out.append(ch + " " * (min(j, n) - i - 1) + (ch if j < n else ""))
            i = j + 1
            last = ch
        elif ch == "`" or (ch == "}" and templates and templates[-1] == depth):
            if ch == "}":
                templates.pop()
            j = i + 1
            while j < n and source[j] != "`" and source[j:j + 2] != "${":
                j += 2 if source[j] == "\\" else 1
            out.append(ch + re.sub(r"[^\n]", " ", source[i + 1:j]))
            if source[j:j + 2] == "${":
                templates.append(depth)
                out.append("${")
                i = j + 2
            else:
                out.append("`")
                i = j + 1
            last = "`"
        elif ch == "/" and (last in _REGEX_AFTER or last == ""):
            j, in_class = i + 1, False
            while j < n and source[j] != "\n" and (in_class or source[j] != "/"):
                in_class = (in_class or source[j] == "[") and source[j] != "]"
                j += 2 if source[j] == "\\" else 1
            out.append(" " * (j + 1 - i))
            i = j + 1
            last = "a"
        else:
            if ch == "{":
                depth += 1
            elif ch == "}":
                depth -= 1
            out.append(ch)
            if not ch.isspace():
                last = ch
            i += 1
    return "".join(out)


def js_functions(path: Path) -> list[Span]:
    """Every function with a block body in one module, with its length in lines."""
    text = js_blank(path.read_text(encoding="utf-8"))
    shown = _shown(path)
    spans: list[Span] = []
    opens: list[tuple[int, str | None]] = []  # for each open brace: its line, and a name if it opens a function
    line = 1
    for index, ch in enumerate(text):
        if ch == "\n":
            line += 1
        elif ch == "{":
            opens.append((line, _function_name(text, index)))
        elif ch == "}" and opens:
            start, name = opens.pop()
            if name is not None:
                spans.append(Span(shown, start, name, line - start + 1))
    return spans


def _function_name(text: str, brace: int) -> str | None:
    """The function a '{' opens, or None when it opens a block or an object."""
    head = text[max(0, brace - 400):brace]
    match = _FUNCTION_HEAD.search(head)
    if match is None:
        return None
    if match.group(2) is not None and match.group(2) in _KEYWORDS:
        return None
    named = match.group(1) or match.group(2)
    if named:
        return named
    before = _NAME_BEFORE.search(head[:match.start()])
    return before.group(1) if before else "(anonymous)"


def js_modules(folders: list[Path]) -> list[Span]:
    return [Span(_shown(p), 1, p.name, len(p.read_text(encoding="utf-8").splitlines())) for p in js_files(folders)]


def js_files(folders: list[Path]) -> Iterator[Path]:
    for folder in folders:
        yield from sorted(p for p in folder.rglob("*") if p.suffix in (".js", ".mjs") and p.name != "vocabulary.js")


# --- the report ---------------------------------------------------------------------------------

def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--python", nargs="*", type=Path, default=[ROOT / "engine", ROOT / "hooks"],
                        help="folders of Python to measure (default: engine hooks)")
    parser.add_argument("--docstrings", type=Path, default=ROOT / "engine" / "cribbage",
                        help="the package whose public names are counted (default: engine/cribbage)")
    parser.add_argument("--js", nargs="*", type=Path, default=[ROOT / "docs" / "assets" / "js"],
                        help="folders of JavaScript to measure (default: docs/assets/js)")
    parser.add_argument("--top", type=int, default=3, help="how many of each to list")
    parser.add_argument("--missing", action="store_true", help="list every public name without a docstring")
    args = parser.parse_args()

    functions, classes = python_spans(list(python_files(args.python)))
    _section("longest Python functions", functions, args.top)
    _section("longest Python classes", classes, args.top)

    documented, missing = public_names(list(python_files([args.docstrings])))
    total = len(documented) + len(missing)
    share = len(documented) / total if total else 1.0
    print(f"\npublic names with a docstring in {_shown(args.docstrings)}: {len(documented)} of {total} ({share:.0%})")
    for name in missing if args.missing else missing[:args.top]:
        print(f"  without: {name}")
    if missing and not args.missing:
        print(f"  ... {len(missing)} in all (--missing lists them)")

    js_paths = list(js_files(args.js))
    _section("longest JavaScript functions", [s for p in js_paths for s in js_functions(p)], args.top)
    _section("longest JavaScript modules", js_modules(args.js), args.top)


def _section(title: str, spans: list[Span], top: int) -> None:
    print(f"\n{title}:")
    for span in sorted(spans, key=lambda s: (-s.lines, s.path, s.line))[:top]:
        print(f"  {span}")


if __name__ == "__main__":
    main()
