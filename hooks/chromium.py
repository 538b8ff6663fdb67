"""Where Chromium is and how it is started: the one place for the build hooks (PDFs, previews).

Headless, no sandbox (it runs as root in CI), and nothing that phones home.
Set CHROMIUM=/path/to/chromium to use another build.
"""

from __future__ import annotations

import os
from pathlib import Path

from mkdocs.exceptions import PluginError

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def launch(playwright, what: str, switch: str):
    """A headless Chromium for ``what``; a clear error naming ``switch`` if it is missing."""
    if not Path(CHROMIUM).exists():
        raise PluginError(
            f"{what} are rendered by Chromium, which is not at {CHROMIUM}: install it "
            f"(apt-get install chromium), set CHROMIUM=..., or set {switch} in mkdocs.yml"
        )
    return playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=FLAGS)


def offline(page) -> None:
    """Refuse every request that leaves the machine (the pages are files on disk)."""
    page.route("**/*", lambda route: route.abort() if route.request.url.startswith("http")
               else route.continue_())
