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
    """One small page per FAQ answer (and per old alias), so a link can show one answer."""
    if not ENABLED:
        return files
    for ident, entry in _state["catalog"].faq.items():
        for page_id in [ident, *(entry.get("aliases") or [])]:
            files.append(File.generated(config, f"faq/{page_id}.md", content=_faq_page(ident, entry)))
    return files


def _faq_page(ident: str, entry) -> str:
    return (
        "---\n"
        f"title: {_yaml_string(entry['question'])}\n"
        f"description: {_yaml_string(_plain(_state['renderer'].content.expand(entry['answer'])))}\n"
        f"faq_id: {ident}\n"
        "search:\n  exclude: true\n"
        "---\n\n"
        f"{{{{ faq_answer({ident!r}, standalone=True) }}}}\n"
    )


def _plain(text: str) -> str:
    return " ".join(str(text).replace("*", "").replace("`", "").split())


def _yaml_string(text: str) -> str:
    return '"' + str(text).replace("\\", "\\\\").replace('"', '\\"') + '"'


@_timed
def on_page_markdown(markdown: str, page, config, files: Files):
    if not ENABLED:
        return markdown
    if "{{" not in markdown and "{%" not in markdown:
        return markdown
    renderer: Renderer = _state["renderer"]
    renderer.url = lambda target: _relative_url(target, page, files)
    try:
        template = _PAGE_TEMPLATES.from_string(markdown)
        return template.render(**renderer.functions())
    except (TemplateError, KeyError) as error:
        raise PluginError(f"{page.file.src_uri}: {type(error).__name__}: {error}") from None


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
    if ENABLED:
        print(f"INFO    -  cribbage hooks: {_state['seconds'] * 1000:.0f} ms", file=sys.stderr)
