"""Print axe-core's violations for every page kind and view (the test asserts zero; this shows them).

    .venv/bin/python tests/tools/axe_report.py [--url http://127.0.0.1:PORT/] [kind ...]

Without --url it builds the site for a free port and serves it.
"""

from __future__ import annotations

import contextlib
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from playwright.sync_api import sync_playwright  # noqa: E402

from helpers import CHROMIUM, CHROMIUM_FLAGS  # noqa: E402
from pagekinds import KINDS, VIEWS, describe, new_context, open_kind, run_axe  # noqa: E402
from site_server import built_site  # noqa: E402


def main(args: list[str]) -> None:
    url = None
    if args[:1] == ["--url"]:
        url, args = args[1], args[2:]
    total = 0
    serving = contextlib.nullcontext((url, None)) if url else built_site()
    with serving as (url, _site), sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_FLAGS)
        for view in VIEWS:
            context = new_context(browser, view)
            page = context.new_page()
            for kind in KINDS:
                if args and kind.name not in args:
                    continue
                open_kind(page, url, kind)
                violations = run_axe(page)
                nodes = sum(len(v["nodes"]) for v in violations)
                total += nodes
                print(f"{kind.name:12} {view.name:14} {nodes:4} violating nodes", flush=True)
                if violations:
                    print(describe(violations), flush=True)
            context.close()
        browser.close()
    print(f"total violating nodes: {total}")


if __name__ == "__main__":
    main(sys.argv[1:])
