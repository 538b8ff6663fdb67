"""Screenshots of every page kind: desktop and phone, light and dark, interactive parts loaded.

    .venv/bin/python tests/tools/screenshots.py [--url http://127.0.0.1:PORT/] [--out DIR] [kind ...]

Writes DIR/<kind>-<view>.png (default build/screenshots/), the top of each page as a reader
first sees it (desktop 1280x900, phone 390x844), plus the three preview pictures' paths to look at.
"""

from __future__ import annotations

import sys
from pathlib import Path

from harness import ROOT
from harness.browser import View
from harness.site_server import each_page_view

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
    for kind, view, page in each_page_view(url, SHOTS, args):
        target = out / f"{kind.name}-{view.name}.png"
        page.screenshot(path=str(target))
        print(target, flush=True)

if __name__ == "__main__":
    main(sys.argv[1:])
