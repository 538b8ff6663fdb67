"""Count what the test suite checks: test functions, ``assert`` statements and ``expect(...)`` calls.

    python tools/count_asserts.py [folder ...]     # default: tests/

Read from the source with ``ast`` (nothing is imported or run), per file and in total, so two
checkouts can be compared: ``git worktree add /tmp/old <commit>`` and run it in each.
``asserts`` counts every ``assert`` statement in the file, helpers included; ``expects`` every call
of a function named ``expect`` (Playwright's web-first assertion); ``tests`` every function whose
name starts with ``test_`` (before parametrisation: ``pytest --collect-only -q`` counts the cases).
"""

from __future__ import annotations

import argparse
import ast
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


@dataclass
class Counts:
    tests: int = 0
    asserts: int = 0
    expects: int = 0

    def add(self, other: Counts) -> None:
        self.tests += other.tests
        self.asserts += other.asserts
        self.expects += other.expects


def count(source: str) -> Counts:
    found = Counts()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Assert):
            found.asserts += 1
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "expect":
            found.expects += 1
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith("test_"):
            found.tests += 1
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folders", nargs="*", type=Path, default=[ROOT / "tests"])
    parser.add_argument("--total", action="store_true", help="print only the totals")
    args = parser.parse_args()
    total = Counts()
    rows = []
    for folder in args.folders:
        for path in sorted(folder.rglob("*.py")):
            found = count(path.read_text(encoding="utf-8"))
            total.add(found)
            if found.tests or found.asserts or found.expects:
                rows.append((path.relative_to(folder).as_posix(), found))
    if not args.total:
        width = max((len(name) for name, _ in rows), default=4)
        print(f"{'file':<{width}}  tests  asserts  expects")
        for name, found in rows:
            print(f"{name:<{width}}  {found.tests:5}  {found.asserts:7}  {found.expects:7}")
    print(f"{'total':<{max((len(n) for n, _ in rows), default=5)}}  {total.tests:5}  {total.asserts:7}  "
          f"{total.expects:7}  (asserts + expects: {total.asserts + total.expects})")


if __name__ == "__main__":
    main()
