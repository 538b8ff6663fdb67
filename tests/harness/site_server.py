"""A built and served site for the screenshot, axe and Lighthouse tools (not the test suite,
which has one build per run: ``harness.run``).

    with built_site() as (url, site): ...

Instant navigation needs the address the site was built for, so the build and the server
share one port.
"""

from __future__ import annotations

import contextlib
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

from harness.browser import View, launch, new_context
from harness.pagekinds import KINDS, Kind, open_kind
from harness.run import build_site, free_port
from static_host import StaticServer


@contextlib.contextmanager
def built_site(site: Path | None = None) -> Iterator[tuple[str, Path]]:
    port = free_port()
    url = f"http://127.0.0.1:{port}/"
    with tempfile.TemporaryDirectory() as scratch:
        out = site or Path(scratch) / "site"
        build_site(out, url)
        with StaticServer(out, port=port) as served:
            yield served, out


def each_page_view(url: str | None, views: list[View], only: list[str]) -> Iterator[tuple[Kind, View, Any]]:
    """Every page kind (or those named in ``only``) opened in every view, interactive parts
    loaded: the loop the axe report and the screenshot tool share. Serves a fresh build
    unless ``url`` names a running site."""
    serving = contextlib.nullcontext((url, None)) if url else built_site()
    with serving as (origin, _site), sync_playwright() as playwright:
        browser = launch(playwright)
        for view in views:
            context = new_context(browser, view)
            page = context.new_page()
            for kind in KINDS:
                if not only or kind.name in only:
                    open_kind(page, origin, kind)
                    yield kind, view, page
            context.close()
        browser.close()
