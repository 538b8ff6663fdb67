"""Build the site for a free local port and serve it (for the screenshot and Lighthouse tools).

    with built_site() as (url, site): ...

Instant navigation needs the address the site was built for, so the build and the server
share one port.
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from playwright.sync_api import Page, sync_playwright

from helpers import CHROMIUM, CHROMIUM_FLAGS, ROOT, free_port
from pagekinds import KINDS, Kind, View, new_context, open_kind
from static_server import StaticServer


@contextlib.contextmanager
def built_site(site: Path | None = None) -> Iterator[tuple[str, Path]]:
    port = free_port()
    url = f"http://127.0.0.1:{port}/"
    with tempfile.TemporaryDirectory() as scratch:
        out = site or Path(scratch) / "site"
        env = dict(os.environ, SITE_URL=url, NO_MKDOCS_2_WARNING="1")
        subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)],
                       cwd=ROOT, env=env, check=True, capture_output=True)
        with StaticServer(out, port=port) as served:
            yield served, out


def each_page_view(url: str | None, views: list[View], only: list[str]) -> Iterator[tuple[Kind, View, Page]]:
    """Every page kind (or those named in ``only``) opened in every view, interactive parts
    loaded: the loop the axe report and the screenshot tool share. Serves a fresh build
    unless ``url`` names a running site."""
    serving = contextlib.nullcontext((url, None)) if url else built_site()
    with serving as (origin, _site), sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_FLAGS)
        for view in views:
            context = new_context(browser, view)
            page = context.new_page()
            for kind in KINDS:
                if not only or kind.name in only:
                    open_kind(page, origin, kind)
                    yield kind, view, page
            context.close()
        browser.close()
