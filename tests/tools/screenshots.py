"""Screenshots of every page kind: desktop and phone, light and dark, interactive parts loaded.

    .venv/bin/python tests/tools/screenshots.py [--url http://127.0.0.1:PORT/] [--out DIR] [kind ...]

Writes DIR/<kind>-<view>.png (default build/screenshots/), the top of each page as a reader
first sees it (desktop 1280x900, phone 390x844), plus the three preview pictures' paths to look at.
"""

from __future__ import annotations

import contextlib
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from helpers import CHROMIUM, CHROMIUM_FLAGS
from pagekinds import KINDS, ROOT, View, new_context, open_kind
from playwright.sync_api import sync_playwright
from site_server import built_site

SHOTS = [
    View("light-desktop", 1280, 900, "light"),
    View("dark-desktop", 1280, 900, "dark"),
    View("light-phone", 390, 844, "light", mobile=True),
    View("dark-phone", 390, 844, "dark", mobile=True),
]


def main(args: list[str]) -> None:
    url, out = None, ROOT / "build" / "screenshots"
    while args[:1] in (["--url"], ["--out"]):
        if args[0] == "--url":
            url = args[1]
        else:
            out = Path(args[1])
        args = args[2:]
    out.mkdir(parents=True, exist_ok=True)
    serving = contextlib.nullcontext((url, None)) if url else built_site()
    with serving as (url, _site), sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_FLAGS)
        for view in SHOTS:
            context = new_context(browser, view)
            page = context.new_page()
            for kind in KINDS:
                if args and kind.name not in args:
                    continue
                open_kind(page, url, kind)
                target = out / f"{kind.name}-{view.name}.png"
                page.screenshot(path=str(target))
                print(target, flush=True)
            context.close()
        browser.close()


if __name__ == "__main__":
    main(sys.argv[1:])
