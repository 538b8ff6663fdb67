"""``python -m hooks.catalog``: the checks the build runs, without a build."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from hooks import citations

from .check import read_catalog
from .rules import check_rules


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m hooks.catalog [docs/catalog]``: check the catalog (and the ACC rule numbers the
    pages beside it cite) without building the site."""
    import sys

    args = list(sys.argv[1:] if argv is None else argv)
    directory = Path(args[0]) if args else Path("docs") / "catalog"
    catalog, problems = read_catalog(directory)
    if not problems:  # the pages beside the catalog cite ACC rules too
        problems = citations.check_pages(directory.parent, catalog.acc_rules(), Path.cwd())
        problems += check_rules(directory.parent, Path.cwd())
    for problem in problems:
        print(problem)
    print(f"{len(problems)} problem(s)" if problems else "the catalog is sound", file=sys.stderr)
    return 1 if problems else 0

