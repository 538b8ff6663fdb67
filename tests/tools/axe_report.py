"""Print axe-core's violations for every page kind and view (the test asserts zero; this shows them).

    .venv/bin/python tests/tools/axe_report.py [--url http://127.0.0.1:PORT/] [kind ...]

Without --url it builds the site for a free port and serves it.
"""

from __future__ import annotations

import sys

from harness.browser import VIEWS
from harness.pagekinds import describe, run_axe
from harness.site_server import each_page_view


def main(args: list[str]) -> None:
    url = None
    if args[:1] == ["--url"]:
        url, args = args[1], args[2:]
    total = 0
    for kind, view, page in each_page_view(url, VIEWS, args):
        violations = run_axe(page)
        nodes = sum(len(v["nodes"]) for v in violations)
        total += nodes
        print(f"{kind.name:12} {view.name:14} {nodes:4} violating nodes", flush=True)
        if violations:
            print(describe(violations), flush=True)
    print(f"total violating nodes: {total}")


if __name__ == "__main__":
    main(sys.argv[1:])
