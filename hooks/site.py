"""MkDocs hooks: the catalog and the engine's statistics, verified, rendered into pages.

Thin on purpose: catalog.py reads and verifies, render.py turns entries into HTML,
the engine does the counting. Set CRIBBAGE_HOOKS=off to skip all of it (the build
benchmark compares the two).
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import time
from fractions import Fraction
from pathlib import Path

from jinja2 import Environment, StrictUndefined, TemplateError
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files
from mkdocs.utils import get_relative_url

sys.path.insert(0, str(Path(__file__).parent))

from catalog import CatalogError, load_catalog  # noqa: E402
from preview import Preview, faces, render_all, shorten  # noqa: E402
from render import Renderer  # noqa: E402

from cribbage.stats import ShowStatistics, show_statistics  # noqa: E402

ENABLED = os.environ.get("CRIBBAGE_HOOKS", "on") != "off"
_PAGE_TEMPLATES = Environment(undefined=StrictUndefined, autoescape=False)  # page Markdown as Jinja
_state: dict = {"seconds": 0.0}


def _timed(func):
    def wrapper(*args, **kwargs):
        start = time.perf_counter()
        try:
            return func(*args, **kwargs)
        finally:
            _state["seconds"] += time.perf_counter() - start
    wrapper.__name__ = func.__name__
    return wrapper


@_timed
def on_config(config):
    _state["seconds"] = 0.0
    if not ENABLED:
        return config
    root = Path(config.config_file_path).parent
    catalog_dir = Path(config.docs_dir) / "catalog"
    try:
        catalog = load_catalog(catalog_dir, relative_to=root)
    except CatalogError as error:
        raise PluginError(
            f"the catalog has {len(error.problems)} problem(s):\n" + "\n".join(error.problems)
        ) from None
    templates = root / "overrides" / "partials" / "catalog"
    _state["renderer"] = Renderer(catalog, _statistics(root), templates)
    _state["catalog"] = catalog
    return config


def _statistics(root: Path) -> ShowStatistics:
    """The engine's exhaustive statistics, recomputed whenever the engine's source changes."""
    digest = hashlib.sha256()
    for path in sorted((root / "engine" / "cribbage").glob("*.py")):
        digest.update(path.read_bytes())
    cache = root / "build" / "stats" / f"{digest.hexdigest()[:16]}.json"
    if cache.exists():
        data = json.loads(cache.read_text())
        return ShowStatistics({int(k): v for k, v in data["hand"].items()},
                              {int(k): v for k, v in data["crib"].items()}, Fraction(data["deal_29_chance"]))
    stats = show_statistics()
    cache.parent.mkdir(parents=True, exist_ok=True)
    cache.write_text(json.dumps({"hand": stats.hand, "crib": stats.crib, "deal_29_chance": str(stats.deal_29_chance)}))
    return stats


@_timed
def on_files(files: Files, config):
    """One small page per FAQ answer (and per old alias) and per counted example, so a link
    shows one thing and previews well in chat apps."""
    if not ENABLED:
        return files
    catalog = _state["catalog"]
    previews = [_home_preview(config)]
    for ident, entry in catalog.faq.items():
        previews.append(_faq_preview(ident, entry))
        for page_id in [ident, *(entry.get("aliases") or [])]:
            files.append(File.generated(config, f"faq/{page_id}.md", content=_faq_page(ident, entry)))
    for ident, entry in catalog.examples.items():
        previews.append(_example_preview(ident, entry))
        files.append(File.generated(config, f"examples/{ident}.md", content=_example_page(ident, entry)))
    _state["previews"] = previews
    return files


def _front_matter(title: str, description: str, preview: str, **extra: str) -> str:
    lines = [f"title: {_yaml_string(title)}", f"description: {_yaml_string(description)}",
             f"preview: {preview}", *(f"{key}: {value}" for key, value in extra.items()),
             "search:\n  exclude: true"]
    return "---\n" + "\n".join(lines) + "\n---\n\n"


def _faq_page(ident: str, entry) -> str:
    return (_front_matter(entry["question"], entry["answer"], f"faq-{ident}", faq_id=ident)
            + f"{{{{ faq_answer({ident!r}, standalone=True) }}}}\n")


def _example_page(ident: str, entry) -> str:
    return (_front_matter(entry["title"], entry["explanation"], f"example-{ident}", example_id=ident)
            + f"{{{{ example({ident!r}, standalone=True) }}}}\n")


def _yaml_string(text: str) -> str:
    return '"' + " ".join(str(text).split()).replace("\\", "\\\\").replace('"', '\\"') + '"'


# --- link previews (og:image) ---------------------------------------------------------------------

def _home_preview(config) -> Preview:
    from cribbage import parse_cards

    return Preview("home", "Learn · settle · practise · play", config.site_name,
                   faces(parse_cards("5H 5S 5C JD 5D")), "29 points", starter=True)


def _faq_preview(ident: str, entry) -> Preview:
    renderer: Renderer = _state["renderer"]
    results = _state["catalog"].results
    cards, note, starter = (), "", False
    if entry.get("example"):
        result = results[("examples", entry["example"])]
        cards, note, starter = faces([*result.hand, result.starter]), _points(result.total), True
    elif entry.get("play"):
        result = results[("plays", entry["play"])]
        cards = faces([played.card for played in result["played"]][-6:])
    return Preview(f"faq-{ident}", "Cribbage question and answer", renderer.plain(entry["question"]), cards, note,
                   starter, shorten(renderer.plain(entry["answer"])))


def _example_preview(ident: str, entry) -> Preview:
    renderer: Renderer = _state["renderer"]
    result = _state["catalog"].results[("examples", ident)]
    kicker = "Counted crib" if entry.get("crib") else "Counted hand"
    return Preview(f"example-{ident}", kicker, renderer.plain(entry["title"]),
                   faces([*result.hand, result.starter]), _points(result.total), starter=True)


def _points(total: int) -> str:
    return f"{total} point{'s' if total != 1 else ''}"


@_timed
def on_page_markdown(markdown: str, page, config, files: Files):
    if not ENABLED:
        return markdown
    renderer: Renderer = _state["renderer"]
    _plain_meta(page, config, renderer)
    if "{{" not in markdown and "{%" not in markdown:
        return markdown
    renderer.url = lambda target: _relative_url(target, page, files)
    try:
        template = _PAGE_TEMPLATES.from_string(markdown)
        return template.render(**renderer.functions())
    except (TemplateError, KeyError) as error:
        raise PluginError(f"{page.file.src_uri}: {type(error).__name__}: {error}") from None


def _plain_meta(page, config, renderer: Renderer) -> None:
    """Title and description as plain text (statistics filled in, Markdown removed), and the
    preview picture, for <title>, <meta name=description>, og:* and twitter:* (escaped there)."""
    meta = page.meta
    try:
        for key in ("title", "description"):
            if meta.get(key):
                meta[key] = renderer.plain(meta[key])
    except (TemplateError, KeyError) as error:
        raise PluginError(f"{page.file.src_uri}: front matter: {type(error).__name__}: {error}") from None
    if page.is_homepage:
        meta.setdefault("preview", "home")
    if meta.get("preview") and config.extra.get("previews", True):
        meta["image"] = f"{config.site_url or '/'}assets/previews/{meta['preview']}.png"


def _relative_url(target: str, page, files: Files) -> str:
    path, _, anchor = target.partition("#")
    if not path.endswith(".md"):  # a file the build writes (the PDFs); the link test checks it
        return get_relative_url(path, page.url)
    file = files.get_file_from_path(path)
    if file is None:
        raise PluginError(f"{page.file.src_uri}: link to '{target}': no such page in docs/")
    url = file.url_relative_to(page.file)
    return url + (f"#{anchor}" if anchor else "")


def on_post_build(config):
    if ENABLED and config.extra.get("previews", True):
        _render_previews(config)
    if ENABLED:
        print(f"INFO    -  cribbage hooks: {_state['seconds'] * 1000:.0f} ms", file=sys.stderr)


@_timed
def _render_previews(config) -> None:
    root = Path(config.config_file_path).parent
    drawn = render_all(_state["previews"], root / "overrides" / "partials", root / "build" / "previews",
                       Path(config.site_dir), config.site_name)
    if drawn:
        print(f"INFO    -  cribbage hooks: drew {drawn} link-preview picture(s)", file=sys.stderr)
