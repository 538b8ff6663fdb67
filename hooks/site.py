"""MkDocs hooks: the catalog and the engine's statistics, verified, rendered into pages.

Thin on purpose: the catalog package reads and verifies, render.py turns entries into HTML,
build.py keeps one build's state, the engine does the counting. Set CRIBBAGE_HOOKS=off
to skip all of it (the build benchmark compares the two).
"""

from __future__ import annotations

import json
import re
import sys
import time
from collections.abc import Iterable
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page
from mkdocs.structure.toc import AnchorLink

from hooks import scripts
from hooks.build import VOCABULARY_MODULE, SiteBuild, example_page, faq_page, hooks_enabled, vocabulary_module
from hooks.preview import render_all
from hooks.stylesheets import API_STYLES, keep_api_styles_apart, link_the_bundle, renders_api, serve_the_bundle

_STYLESHEETS = "cribbage_stylesheets"  # the component files the bundle replaces, kept on the config
_SCRIPTS = "cribbage_scripts"  # this build's joined modules (hooks/scripts.py), kept on the config


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    config.extra[_STYLESHEETS] = link_the_bundle(config)
    keep_api_styles_apart(config)
    if hooks_enabled():
        start = time.perf_counter()
        build = SiteBuild.start(config)
        build.seconds = time.perf_counter() - start  # loading and verifying the catalog
    return config


def on_files(files: Files, *, config: MkDocsConfig) -> Files:
    """The engine's vocabulary as a module for the pages (always: page scripts import it), and
    one small page per FAQ answer (and per old alias) and per counted example, so a link shows
    one thing and previews well in chat apps."""
    vocabulary = vocabulary_module()
    files.append(File.generated(config, VOCABULARY_MODULE, content=vocabulary))
    serve_the_bundle(files, config, config.extra[_STYLESHEETS])
    joined = scripts.bundle(Path(config.config_file_path).parent, Path(config.docs_dir),
                            {VOCABULARY_MODULE: vocabulary}, scripts.entry_points(config, files))
    config.extra[_SCRIPTS] = joined
    scripts.serve_the_bundle(files, config, joined)
    build = SiteBuild.of(config)
    if build is None:
        return files
    with build.timed():
        for ident, entry in build.catalog.faq.items():
            page = faq_page(ident, entry)
            for page_id in [ident, *(entry.get("aliases") or [])]:
                files.append(File.generated(config, f"faq/{page_id}.md", content=page))
        for ident, entry in build.catalog.examples.items():
            files.append(File.generated(config, f"examples/{ident}.md", content=example_page(ident, entry)))
    return files


def on_page_markdown(markdown: str, *, page: Page, config: MkDocsConfig, files: Files) -> str:
    module = page.meta.get("module")
    if isinstance(module, str):  # the template lists them as <link rel="modulepreload">
        page.meta["module_preloads"] = config.extra[_SCRIPTS].preload(f"{scripts.FOLDER}{module}.js")
    if renders_api(markdown):  # the template links mkdocstrings' stylesheet on this page only
        page.meta["api_styles"] = API_STYLES
    build = SiteBuild.of(config)
    if build is None:
        return markdown
    with build.timed():
        return build.render_markdown(markdown, page, files)


def on_page_content(html: str, *, page: Page, config: MkDocsConfig, files: Files) -> str:
    """Front matter `toc_depth: 2` keeps the page's table of contents to its sections: the FAQ's
    76 questions are already the page itself, and twice over in the sidebars they were most of
    the work a phone did to start the page."""
    depth = page.meta.get("toc_depth")
    if isinstance(depth, int) and depth >= 1:
        prune_toc(page.toc, levels=depth)
    html, page.meta["first_screen"] = marked_first_screen(spaced_cells(html))
    return html


def on_post_page(output: str, *, page: Page, config: MkDocsConfig) -> str:
    output = deferred_theme_bundle(output, page.file.src_uri)
    return without_instant_navigation(output) if page.meta.get("instant") is False else output


def on_post_template(output_content: str, *, template_name: str, config: MkDocsConfig) -> str:
    return deferred_theme_bundle(output_content, template_name)  # 404.html


# Material's bundle as its template writes it: a classic script near the end of the body.
_THEME_BUNDLE = re.compile(r'(<script src="[^"]*assets/javascripts/bundle\.[0-9a-f]+\.min\.js")>')


def deferred_theme_bundle(html: str, name: str) -> str:
    """Material's bundle run once the page is parsed (``defer``), not where the parser meets it.
    The theme reads the scroll position as it starts, so where the parser met it, the first style
    and layout of the whole page ran inside it, in the same task, before anything was painted: on a
    phone a task of a few hundred milliseconds that held the first paint. Deferred, it runs after
    the browser has painted the parsed page, and its task holds its own work. It still runs before
    DOMContentLoaded, when Material announces the page; a page's modules now run before it, and
    meet the announcement through common/pages.js."""
    edited, found = _THEME_BUNDLE.subn(r"\1 defer>", html, count=1)
    if not found and "assets/javascripts/bundle." in html:
        raise PluginError(f"{name}: Material's bundle is linked in a way hooks/site.py does not know: "
                          "update _THEME_BUNDLE to the theme's <script> tag")
    return edited


_CONFIG = re.compile(r'(<script id="__config" type="application/json">)(.*?)(</script>)', re.DOTALL)


def without_instant_navigation(html: str) -> str:
    """The page's Material settings without ``navigation.instant`` (front matter ``instant: false``).
    As it starts, instant navigation resolves every link on the page in place (it sets each
    ``href`` to its own absolute value), and the browser then restyles each one: on the FAQ, with
    500 links, that was 100-150 ms of a phone's main thread after the first paint, most of its
    blocking time. A link followed from such a page loads the next page in full, which then starts
    instant navigation again; reaching the page by instant navigation is unchanged."""
    def edited(found: re.Match[str]) -> str:
        settings = json.loads(found.group(2))
        features = settings.get("features", [])
        settings["features"] = [name for name in features if not name.startswith("navigation.instant")]
        text = json.dumps(settings).replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
        return found.group(1) + text + found.group(3)
    return _CONFIG.sub(edited, html, count=1)


FIRST_SCREEN = "first-screen"


def marked_first_screen(html: str) -> tuple[str, bool]:
    """An empty marker after the page's first paragraph, which the template's
    ``<link rel="expect" blocking="render">`` waits for. A browser may paint whenever its parser
    pauses; a first paint of the header and the sidebars alone, with the page's text a frame
    later, made the largest paint wait for everything fetched in between. (A page with no
    paragraph has no marker and no link.)"""
    end = html.find("</p>")
    if end < 0:
        return html, False
    end += len("</p>")
    return f'{html[:end]}<span id="{FIRST_SCREEN}" hidden></span>{html[end:]}', True


_CELL_AFTER_CELL = re.compile(r"(</t[dhr]>)(?=<t[dhr][\s>])")


def spaced_cells(html: str) -> str:
    """A line break between adjacent table cells and rows. The browser ignores it, but the search
    index keeps only the text, where `<td>Rule</td><td>Title</td>` would read "RuleTitle"."""
    return _CELL_AFTER_CELL.sub("\\1\n", html)


def prune_toc(items: Iterable[AnchorLink], levels: int) -> None:
    for item in items:
        if levels <= 1:
            item.children = []
        else:
            prune_toc(item.children, levels - 1)


def on_post_build(*, config: MkDocsConfig) -> None:
    build = SiteBuild.of(config)
    if build is not None and build.previews_enabled:
        with build.timed():
            drawn = render_all(build.previews(config.site_name), build.root / "overrides" / "partials",
                               build.root / "build" / "previews", Path(config.site_dir), config.site_name)
        if drawn:
            print(f"INFO    -  cribbage hooks: drew {drawn} link-preview picture(s)", file=sys.stderr)
    if build is not None:
        print(f"INFO    -  cribbage hooks: {build.seconds * 1000:.0f} ms", file=sys.stderr)
