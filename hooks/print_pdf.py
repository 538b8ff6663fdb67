"""MkDocs hook: render the printable sheets (docs/print/) to PDF with headless Chromium.

Chromium is the renderer because it is the browser the site is tested in: the PDF is
exactly the page's own print preview. Each sheet must fit on one page in A4 and in US
Letter; the build stops if it does not. PDFs are cached under build/print/ by a hash of
the pages and stylesheets they are made from, so an unchanged sheet costs nothing.
Turn off with ``extra.print.pdf: false`` in mkdocs.yml (or CRIBBAGE_HOOKS=off).
"""

from __future__ import annotations

import hashlib
import io
import os
import shutil
from pathlib import Path
from typing import Final

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError

from hooks import chromium
from hooks.files import write_atomically

SHEETS: Final = {"rules": "print/rules/index.html", "score-sheet": "print/score-sheet/index.html",
                  "score-sheet-three": "print/score-sheet-three/index.html",
                  "score-sheet-teams": "print/score-sheet-teams/index.html"}
PAPER: Final = {"a4": "A4", "letter": "Letter"}


def pdf_name(sheet: str, paper: str) -> str:
    return f"{sheet}-{paper}.pdf"


def on_post_build(*, config: MkDocsConfig) -> None:
    if os.environ.get("CRIBBAGE_HOOKS", "on") == "off" or not config.extra.get("print", {}).get("pdf", True):
        return
    site = Path(config.site_dir)
    cache = Path(config.config_file_path).parent / "build" / "print" / _inputs_hash(site)
    names = [pdf_name(sheet, paper) for sheet in SHEETS for paper in PAPER]
    if not all((cache / name).exists() for name in names):
        _render(site, cache)
    for name in names:
        shutil.copy2(cache / name, site / "print" / name)


def _inputs_hash(site: Path) -> str:
    digest = hashlib.sha256()
    for path in [site / page for page in SHEETS.values()] + sorted(site.glob("assets/**/*.css")):
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def _render(site: Path, cache: Path) -> None:
    executable = chromium.require("the printable PDFs", "extra.print.pdf: false")
    from playwright.sync_api import sync_playwright  # only needed when the PDFs change
    from pypdf import PdfReader

    cache.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, headless=True,
                                             args=chromium.launch_args())
        page = browser.new_page()
        page.route("**/*", chromium.local_only)
        for sheet, source in SHEETS.items():
            page.goto((site / source).as_uri(), wait_until="load")
            for paper, size in PAPER.items():
                pdf = page.pdf(format=size, print_background=True)
                pages = len(PdfReader(io.BytesIO(pdf)).pages)
                if pages != 1:
                    browser.close()
                    raise PluginError(f"docs/{source.replace('/index.html', '.md')} prints on {pages} pages "
                                      f"in {size}: it must fit on one; shorten it or tighten its print CSS")
                write_atomically(cache / pdf_name(sheet, paper), pdf)  # a build beside this one never reads half
        browser.close()

