"""What the first paint waits for (issue 43): no script in the body before the page's text, and a
render-blocking ``expect`` link to a marker after the first paragraph, so that a browser's first
paint holds the page's text and not the header alone."""

from __future__ import annotations

import json
import re
from pathlib import Path

from hooks.site import FIRST_SCREEN, marked_first_screen, without_instant_navigation

EXPECT = f'<link rel="expect" href="#{FIRST_SCREEN}" blocking="render">'
MARKER = f'<span id="{FIRST_SCREEN}" hidden></span>'


def test_the_marker_follows_the_first_paragraph_only():
    html, marked = marked_first_screen("<h1>T</h1><p>One</p><p>Two</p>")
    assert marked and html == f"<h1>T</h1><p>One</p>{MARKER}<p>Two</p>"
    assert marked_first_screen("<h1>T</h1><table></table>") == ("<h1>T</h1><table></table>", False)


def built_pages(site: Path) -> list[Path]:
    return [path for path in site.rglob("index.html") if "pyodide" not in path.parts]


def test_every_page_with_a_paragraph_waits_for_it_and_runs_no_script_before_its_text(site):
    pages = built_pages(site)
    assert len(pages) > 40
    for path in pages:
        html = path.read_text()
        name = path.relative_to(site)
        if MARKER not in html:
            assert EXPECT not in html, name
            continue
        assert html.count(MARKER) == 1 and html.count(EXPECT) == 1, name
        body = html[html.index("<body"):]
        before_text = body[:body.index(MARKER)]
        scripts = [s for s in re.findall(r"<script\b[^>]*>", before_text) if "application/json" not in s]
        # first thing in the body, while nothing can be painted: the scheme is set and the head's
        # stylesheet links made absolute (partials/javascripts/absolute-styles.html); no other script
        assert len(scripts) == 2, (name, scripts)
        assert body.index("__siteScheme") < body.index("<header"), name
        assert body.index('link[rel~="stylesheet"][href]') < body.index("<header"), name


def material_features(html: str) -> list[str]:
    found = re.search(r'<script id="__config" type="application/json">(.*?)</script>', html, re.DOTALL)
    assert found, "no Material settings on the page"
    features: list[str] = json.loads(found.group(1))["features"]
    return features


def test_a_page_can_start_without_instant_navigation_and_keep_the_rest():
    html = ('<p>x</p><script id="__config" type="application/json">{"base": "..", "features": '
            '["navigation.instant", "navigation.instant.progress", "toc.follow"], "t": {"a": "\\u003c/script\\u003e"}}'
            '</script><script>after()</script>')
    edited = without_instant_navigation(html)
    assert material_features(edited) == ["toc.follow"]
    assert edited.startswith("<p>x</p>") and edited.endswith("<script>after()</script>")
    assert "</script>\"" not in edited and edited.count("</script>") == 2  # the text stays escaped


def test_the_faq_alone_starts_without_instant_navigation(site):
    """On the FAQ, instant navigation's start (every one of its 500 links resolved in place, and
    restyled) was most of the main thread's blocking after the first paint on a phone."""
    assert not [name for name in material_features((site / "faq" / "index.html").read_text(encoding="utf-8"))
                if name.startswith("navigation.instant")]
    for page in ("", "guide/", "scorer/", "table/", "faq/average-hand/"):
        assert "navigation.instant" in material_features((site / page / "index.html").read_text(encoding="utf-8")), page
