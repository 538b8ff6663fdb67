"""Where Chromium is and how it is started: one place for the PDF hook and the browser tests.

Debian's Chromium at /usr/bin/chromium unless the ``CHROMIUM`` environment variable names
another binary. The flags keep a headless run quiet and offline: no sandbox (CI runs as
root), no GPU, no QUIC, and none of the background requests a first run would make. The
site's tabs in one profile share a renderer process (``--process-per-site``): a tab of a site
already open starts without a process of its own, as most of a test run's tabs do.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Final

from mkdocs.exceptions import PluginError

if TYPE_CHECKING:
    from playwright.sync_api import Route

DEFAULT_PATH: Final = "/usr/bin/chromium"
FLAGS: Final[tuple[str, ...]] = (
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--process-per-site",
)


def executable() -> str:
    """The Chromium binary to launch: ``$CHROMIUM`` if set, else Debian's."""
    return os.environ.get("CHROMIUM") or DEFAULT_PATH


def launch_args() -> list[str]:
    """The command-line flags, as a fresh list (Playwright's ``args=`` may keep it)."""
    return list(FLAGS)


def local_only(route: Route) -> None:
    """A Playwright route handler for pages rendered from files at build time (PDFs, preview
    pictures): they are self-contained, so any request over the network is a mistake."""
    if route.request.url.startswith("http"):
        route.abort()
    else:
        route.continue_()


def require(what: str, switch_off: str) -> str:
    """The Chromium binary for a build step, or a build error that says how to get it or skip it."""
    path = executable()
    if not Path(path).exists():
        raise PluginError(
            f"{what} are rendered by Chromium, which is not at {path}: install it "
            f"(apt-get install chromium), set CHROMIUM=/path/to/chromium, or set {switch_off} in mkdocs.yml"
        )
    return path
