"""One build's state: the verified catalog, the renderer and the time spent in the hooks.

MkDocs loads a hook file once per process (``mkdocs serve`` rebuilds in the same one), so
nothing is kept in module globals: ``SiteBuild.start`` makes a fresh object in ``on_config``
and stores it on that build's config, where every later event finds it.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from fractions import Fraction
from pathlib import Path
from typing import Final

from jinja2 import Environment, FileSystemLoader, StrictUndefined, TemplateError
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page
from mkdocs.utils import get_relative_url

from cribbage import parse_cards
from cribbage.backend import vocabulary
from cribbage.stats import ShowStatistics, show_statistics
from hooks import citations
from hooks.catalog import Catalog, Entry, read_catalog
from hooks.catalog.rules import check_rules
from hooks.files import write_atomically
from hooks.modules import storage_keys
from hooks.preview import Face, Preview, faces, shorten
from hooks.render import Renderer
from hooks.variants import VariantNumbers

CONFIG_KEY: Final = "cribbage_site_build"  # where the build's state sits on the config
TEMPLATES: Final = Path("overrides") / "partials" / "catalog"
WIDGETS: Final = Path("overrides")  # the engine pages' widgets: overrides/partials/widgets/
VOCABULARY_MODULE: Final = "assets/js/vocabulary.js"  # written into the site by every build


def hooks_enabled() -> bool:
    """CRIBBAGE_HOOKS=off skips the hooks' work (the build benchmark compares the two)."""
    return os.environ.get("CRIBBAGE_HOOKS", "on") != "off"


class SiteBuild:
    """The catalog, checked and verified, and what pages need to render it."""

    def __init__(self, root: Path, catalog: Catalog, stats: ShowStatistics) -> None:
        self.root = root
        self.catalog = catalog
        self.renderer = Renderer(catalog, stats, root / TEMPLATES)
        self.renderer.variants = VariantNumbers(root, engine_digest)
        # a page may include a widget's markup: {% include "partials/widgets/analyser.html" %}
        self.page_templates = Environment(loader=FileSystemLoader(str(root / WIDGETS)), undefined=StrictUndefined,
                                          autoescape=False)
        self.seconds = 0.0
        self.site_url = "/"
        self.previews_enabled = True

    @classmethod
    def start(cls, config: MkDocsConfig) -> SiteBuild:
        """Load and verify the catalog; stop the build with every problem listed."""
        root = Path(config.config_file_path).parent
        docs = Path(config.docs_dir)
        catalog, problems = read_catalog(docs / "catalog", relative_to=root)
        if catalog.sources.get("acc") is not None:  # the rule numbers the pages cite, checked with the catalog's
            problems += citations.check_pages(docs, catalog.acc_rules(), root)
        problems += check_rules(docs, root)
        if problems:
            raise PluginError(f"the catalog and pages have {len(problems)} problem(s):\n" + "\n".join(problems))
        build = cls(root, catalog, cached_statistics(root))
        build.renderer.storage_keys = storage_keys(docs / "assets" / "js" / "storage.js")
        build.site_url = config.site_url or "/"
        build.previews_enabled = bool(config.extra.get("previews", True))
        config[CONFIG_KEY] = build
        return build

    @staticmethod
    def of(config: MkDocsConfig) -> SiteBuild | None:
        """This build's state, or None when the hooks are off."""
        build = config.get(CONFIG_KEY)
        return build if isinstance(build, SiteBuild) else None

    @contextmanager
    def timed(self) -> Iterator[None]:
        start = time.perf_counter()
        try:
            yield
        finally:
            self.seconds += time.perf_counter() - start

    def render_markdown(self, markdown: str, page: Page, files: Files) -> str:
        """A page's Markdown as a Jinja template calling the renderer's functions."""
        self.plain_meta(page)
        if "{{" not in markdown and "{%" not in markdown:
            return markdown
        self.renderer.url = lambda target: relative_url(target, page, files)
        try:
            template = self.page_templates.from_string(markdown)
            return template.render(**self.renderer.functions())
        except (TemplateError, KeyError) as error:
            raise PluginError(f"{page.file.src_uri}: {type(error).__name__}: {error}") from None


    def plain_meta(self, page: Page) -> None:
        """Title and description as plain text (statistics filled in, Markdown removed) and the
        preview picture's address, for <title>, description, og:* and twitter:* (escaped there)."""
        meta = page.meta
        try:
            for key in ("title", "description"):
                if meta.get(key):
                    meta[key] = self.renderer.plain(meta[key])
        except (TemplateError, KeyError) as error:
            raise PluginError(f"{page.file.src_uri}: front matter: {type(error).__name__}: {error}") from None
        if page.is_homepage:
            meta.setdefault("preview", "home")
        if meta.get("preview") and self.previews_enabled:
            meta["image"] = f"{self.site_url}assets/previews/{meta['preview']}.png"

    # --- link previews (og:image) ------------------------------------------------------------------

    def previews(self, site_name: str) -> list[Preview]:
        """The pictures to draw: the home page, every FAQ answer, every counted example."""
        home = Preview("home", "Learn · settle · practise · play", site_name,
                       faces(parse_cards("5H 5S 5C JD 5D")), "29 points", starter=True)
        return ([home] + [self._faq_preview(ident, entry) for ident, entry in self.catalog.faq.items()]
                + [self._example_preview(ident, entry) for ident, entry in self.catalog.examples.items()])

    def _faq_preview(self, ident: str, entry: Entry) -> Preview:
        results = self.catalog.results
        cards: tuple[Face, ...] = ()
        note, starter = "", False
        if entry.get("example"):
            result = results[("examples", entry["example"])]
            cards, note, starter = faces([*result.hand, result.starter]), _points(result.total), True
        elif entry.get("play"):
            cards = faces([played.card for played in results[("plays", entry["play"])].played][-6:])
        return Preview(f"faq-{ident}", "Cribbage question and answer", self.renderer.plain(entry["question"]),
                       cards, note, starter, shorten(self.renderer.plain(entry["answer"])))

    def _example_preview(self, ident: str, entry: Entry) -> Preview:
        result = self.catalog.results[("examples", ident)]
        kicker = "Counted crib" if entry.get("crib") else "Counted hand"
        return Preview(f"example-{ident}", kicker, self.renderer.plain(entry["title"]),
                       faces([*result.hand, result.starter]), _points(result.total), starter=True)


def _points(total: int) -> str:
    return f"{total} point{'s' if total != 1 else ''}"


def engine_digest(root: Path) -> str:
    """A short digest of the engine's source: the key of the statistics computed from it."""
    digest = hashlib.sha256()
    for path in sorted((root / "engine" / "cribbage").glob("*.py")):
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def cached_statistics(root: Path) -> ShowStatistics:
    """The engine's exhaustive statistics, recomputed whenever the engine's source changes."""
    cache = root / "build" / "stats" / f"{engine_digest(root)}.json"
    if cache.exists():
        data = json.loads(cache.read_text())
        return ShowStatistics({int(k): v for k, v in data["hand"].items()},
                              {int(k): v for k, v in data["crib"].items()}, Fraction(data["deal_29_chance"]))
    stats = show_statistics()
    write_atomically(cache, json.dumps({"hand": stats.hand, "crib": stats.crib,
                                        "deal_29_chance": str(stats.deal_29_chance)}).encode())
    return stats


def faq_page(ident: str, entry: Entry) -> str:
    """The Markdown of one FAQ answer's own page (so a link can show one answer)."""
    return (_front_matter(entry["question"], entry["answer"], f"faq-{ident}", faq_id=ident)
            + f"{{{{ faq_answer({ident!r}, standalone=True) }}}}\n")


def example_page(ident: str, entry: Entry) -> str:
    """The Markdown of one counted example's own page."""
    return (_front_matter(entry["title"], entry["explanation"], f"example-{ident}", example_id=ident)
            + f"{{{{ example({ident!r}, standalone=True) }}}}\n")


def _front_matter(title: object, description: object, preview: str, **extra: str) -> str:
    """Front matter for a generated page; title and description are made plain text later
    (``SiteBuild.plain_meta``), when the statistics they may quote are known."""
    lines = [f"title: {_yaml_string(title)}", f"description: {_yaml_string(description)}",
             f"preview: {preview}", *(f"{key}: {value}" for key, value in extra.items()),
             "search:\n  exclude: true"]
    return "---\n" + "\n".join(lines) + "\n---\n\n"


def _yaml_string(text: object) -> str:
    return '"' + " ".join(str(text).split()).replace("\\", "\\\\").replace('"', '\\"') + '"'


def relative_url(target: str, page: Page, files: Files) -> str:
    """'page.md#anchor' as a URL relative to ``page``; a missing page stops the build."""
    path, _, anchor = target.partition("#")
    if not path.endswith(".md"):  # a file the build writes (the PDFs); the link test checks it
        return get_relative_url(path, page.url)
    file = files.get_file_from_path(path)
    if file is None:
        raise PluginError(f"{page.file.src_uri}: link to '{target}': no such page in docs/")
    url = file.url_relative_to(page.file)
    return url + (f"#{anchor}" if anchor else "")


def vocabulary_module() -> str:
    """``assets/js/vocabulary.js``: the engine's words, numbers and link format as an ES module,
    so a page has them before Pyodide has loaded (``import words from "./vocabulary.js"``)."""
    data = json.dumps(vocabulary.as_json(), indent=1, ensure_ascii=True)
    return (
        "// Generated at build time from cribbage.backend.vocabulary.as_json() (hooks/build.py): do not edit.\n"
        f"export default Object.freeze({data});\n"
    )
