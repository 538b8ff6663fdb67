"""The printable sheets: one page each in A4 and US Letter, real text, really printed."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path
from types import SimpleNamespace

import pytest
from mkdocs.exceptions import PluginError
from pypdf import PdfReader

from hooks import print_pdf

SIZES = {"a4": (595.3, 841.9), "letter": (612.0, 792.0)}  # points
PDFS = [(sheet, paper) for sheet in ("rules", "score-sheet") for paper in SIZES]
MUST_SAY = {
    "rules": ["121", "31", "his heels", "go", "pone's hand, dealer's hand, dealer's crib",
              "Crib flush needs all five cards", "K-Q is no pair", "= 29", "= 16",
              "19, 25, 26 or 27", "instant a peg reaches 121", "Pegged too few?"],
    "score-sheet": ["Pegging", "Hand", "Crib", "Total", "Dealer", "Player A", "Player B",
                    "Skunks", "Double skunks", "20"],
}


def pdf_path(site: Path, sheet: str, paper: str) -> Path:
    return site / "print" / f"{sheet}-{paper}.pdf"


@pytest.mark.parametrize("sheet, paper", PDFS)
def test_pdf_is_one_page_of_the_right_size(site, sheet, paper):
    reader = PdfReader(pdf_path(site, sheet, paper))
    assert len(reader.pages) == 1
    box = reader.pages[0].mediabox
    width, height = SIZES[paper]
    assert abs(float(box.width) - width) < 1.5 and abs(float(box.height) - height) < 1.5


@pytest.mark.parametrize("sheet, paper", PDFS)
def test_pdf_text_is_selectable_and_holds_the_rules(site, sheet, paper):
    text = " ".join(PdfReader(pdf_path(site, sheet, paper)).pages[0].extract_text().split())
    text = text.replace("’", "'")
    for phrase in MUST_SAY[sheet]:
        assert phrase in text, phrase
    for chrome in ("Table of contents", "Counted examples", "Disputes & house rules"):
        assert chrome not in text  # navigation and chrome are left off paper


@pytest.mark.parametrize("sheet, paper", PDFS)
def test_pdf_renders_to_a_page_that_is_not_blank(site, tmp_path, sheet, paper):
    subprocess.run(["pdftoppm", "-r", "30", "-gray", "-singlefile", str(pdf_path(site, sheet, paper)),
                    str(tmp_path / "page")], check=True)
    data = (tmp_path / "page.pgm").read_bytes()
    header = data.split(b"\n", 3)  # P5, width height, max value, pixels
    width, height = map(int, header[1].split())
    pixels = header[3][: width * height]
    dark = sum(1 for value in pixels if value < 128)
    assert 0.01 < dark / len(pixels) < 0.6


def test_sheets_are_linked_from_the_page_and_the_faq(site):
    rules = (site / "print" / "rules" / "index.html").read_text()
    faq = (site / "faq" / "index.html").read_text()
    for name in ("rules-a4.pdf", "rules-letter.pdf", "score-sheet-a4.pdf", "score-sheet-letter.pdf"):
        assert f'href="../{name}"' in rules
        assert f'href="../print/{name}"' in faq


def test_the_print_folder_has_an_index_linking_both_sheets_and_their_pdfs(site):
    index = site / "print" / "index.html"
    assert index.exists(), "/print/ is a 404: people trim /print/rules/ to find the other sheets"
    html = index.read_text()
    for href in ("rules/", "score-sheet/", "rules-a4.pdf", "rules-letter.pdf",
                 "score-sheet-a4.pdf", "score-sheet-letter.pdf"):
        assert f'href="{href}"' in html, href
        assert (site / "print" / href.replace("/", "/index.html" if href.endswith("/") else "")).exists(), href
    assert 'href="print/"' in (site / "index.html").read_text()  # the first entry of the Print section


def test_the_build_says_clearly_when_chromium_is_missing(site, tmp_path, monkeypatch):
    """A build that must draw the PDFs (none drawn before for these pages: an empty drawing cache)
    and finds no Chromium stops with how to get it or skip it. The PDF hook runs as the build runs
    it, over this run's site (a whole second build took half a minute of the suite to reach it)."""
    monkeypatch.setenv("CHROMIUM", "/nonexistent/chromium")
    monkeypatch.delenv("CRIBBAGE_HOOKS", raising=False)
    config = SimpleNamespace(extra={}, site_dir=str(site), config_file_path=str(tmp_path / "mkdocs.yml"))
    with pytest.raises(PluginError) as stopped:
        print_pdf.on_post_build(config=config)
    assert re.search(r"the printable PDFs are rendered by Chromium, which is not at /nonexistent/chromium",
                     str(stopped.value))
    assert "apt-get install chromium" in str(stopped.value) and "extra.print.pdf: false" in str(stopped.value)
    assert not list((tmp_path / "build" / "print").glob("*/*.pdf"))  # nothing half drawn
