"""Where Chromium is and how it is started: one place for the PDF hook and the browser tests.

Debian's Chromium at /usr/bin/chromium unless the ``CHROMIUM`` environment variable names
another binary. The flags keep a headless run quiet and offline: no sandbox (CI runs as
root), no GPU, no QUIC, and none of the background requests a first run would make.
"""

from __future__ import annotations

import os
from typing import Final

DEFAULT_PATH: Final = "/usr/bin/chromium"
FLAGS: Final[tuple[str, ...]] = (
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
)


def executable() -> str:
    """The Chromium binary to launch: ``$CHROMIUM`` if set, else Debian's."""
    return os.environ.get("CHROMIUM") or DEFAULT_PATH


def launch_args() -> list[str]:
    """The command-line flags, as a fresh list (Playwright's ``args=`` may keep it)."""
    return list(FLAGS)
