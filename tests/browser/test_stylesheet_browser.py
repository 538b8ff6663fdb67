"""The stylesheet the pages link (hooks/stylesheets.py) is the components, minified: the browser
reads from it exactly the rules it reads from the components as written."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# Each top-level rule as the browser serializes it (grouping rules with what they hold), read
# from a stylesheet of the page's own making, so that nothing else on the page is counted.
RULES = """texts => texts.map((text) => {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(text);
  return [...sheet.cssRules].map((rule) => rule.cssText);
})"""


def test_the_served_stylesheet_holds_the_components_rules_unchanged(warm_page, server):
    block = re.search(r"^extra_css:\n((?:  - .*\n)+)", (ROOT / "mkdocs.yml").read_text(encoding="utf-8"), re.M)
    assert block
    listed = [line.removeprefix("  - ").strip() for line in block.group(1).splitlines()]
    written = "\n".join((ROOT / "docs" / name).read_text(encoding="utf-8") for name in listed
                        if name.startswith("assets/css/"))
    warm_page.goto(server)
    served = warm_page.evaluate("fetch('assets/css/site.css').then((response) => response.text())")
    assert len(served) < 0.8 * len(written)  # minified
    as_written, as_served = warm_page.evaluate(RULES, [written, served])
    assert len(as_written) > 500
    assert as_served == as_written
