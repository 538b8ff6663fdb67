"""Link-preview pictures (og:image): a 1200x630 PNG per FAQ answer, counted example and the home page.

Chat apps show this picture beside a shared link. Each one is drawn from the template
overrides/partials/preview.html (the question or title, and the cards) by headless Chromium,
all in one browser session. A picture is cached under build/previews/ by a hash of its
template and content, so a build only renders the pictures whose words or cards changed.
Turn off with ``extra.previews: false`` in mkdocs.yml (the pages then carry no og:image).
"""

from __future__ import annotations

import base64
import hashlib
import json
import shutil
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, StrictUndefined, Template

from cribbage.cards import Card
from hooks import chromium

WIDTH, HEIGHT = 1200, 630
FOLDER = "assets/previews"  # in the built site


@dataclass(frozen=True)
class Face:
    label: str  # "10♥"
    red: bool


@dataclass(frozen=True)
class Preview:
    name: str          # file stem, e.g. "faq-crib-flush"
    kicker: str        # what kind of page, e.g. "Question and answer"
    title: str         # plain text
    cards: tuple[Face, ...] = ()
    note: str = ""     # e.g. "29 points"
    starter: bool = False  # the last card is the starter: drawn a little apart
    summary: str = ""      # shown when there are no cards: the short answer, cut to fit

    @property
    def path(self) -> str:
        return f"{FOLDER}/{self.name}.png"


def faces(cards: Iterable[Card]) -> tuple[Face, ...]:
    """Engine cards as the picture draws them: rank and suit glyph, red or black."""
    return tuple(Face(card.label, card.is_red) for card in cards)


def shorten(text: str, limit: int = 150) -> str:
    """At most ``limit`` characters, cut at a word, with an ellipsis if anything was cut."""
    if len(text) <= limit:
        return text
    return text[:limit].rsplit(" ", 1)[0].rstrip(",;:") + "…"


def _template(templates: Path) -> Template:
    env = Environment(loader=FileSystemLoader(str(templates)), autoescape=True, undefined=StrictUndefined)
    return env.get_template("preview.html")


def _digest(source: str, preview: Preview, site_name: str) -> str:
    data = json.dumps([source, asdict(preview), site_name, WIDTH, HEIGHT], sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(data.encode()).hexdigest()[:20]


def render_all(previews: list[Preview], templates: Path, cache: Path, site: Path, site_name: str) -> int:
    """Write every preview into the site; returns how many had to be drawn (the rest were cached)."""
    template = _template(templates)
    source = (templates / "preview.html").read_text(encoding="utf-8")
    todo: list[tuple[Preview, Path]] = []
    for preview in previews:
        cached = cache / f"{_digest(source, preview, site_name)}.png"
        if not cached.exists():
            todo.append((preview, cached))
    if todo:
        cache.mkdir(parents=True, exist_ok=True)
        _draw(template, todo, site_name)
    target = site / FOLDER
    target.mkdir(parents=True, exist_ok=True)
    for preview in previews:
        shutil.copyfile(cache / f"{_digest(source, preview, site_name)}.png", site / preview.path)
    return len(todo)


def _draw(template: Template, todo: list[tuple[Preview, Path]], site_name: str) -> None:
    executable = chromium.require("the link-preview pictures", "extra.previews: false")
    from playwright.sync_api import sync_playwright  # only needed when a picture changed

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, headless=True,
                                             args=chromium.launch_args())
        try:
            page = browser.new_page(viewport={"width": WIDTH, "height": HEIGHT}, device_scale_factor=1)
            page.route("**/*", chromium.local_only)
            devtools = page.context.new_cdp_session(page)  # its capture is ~10x faster than page.screenshot
            for preview, target in todo:
                page.set_content(template.render(preview=preview, site_name=site_name,
                                                 width=WIDTH, height=HEIGHT))
                shot = devtools.send("Page.captureScreenshot", {"format": "png", "optimizeForSpeed": True})
                partial = target.with_suffix(".part")
                partial.write_bytes(base64.b64decode(shot["data"]))
                partial.replace(target)  # never leave a half-written picture in the cache
        finally:
            browser.close()

