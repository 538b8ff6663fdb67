"""Finding things: the home page leads to the tools, the menu says where it goes, and the
counted examples have an index by total and by topic, with a filter."""

from __future__ import annotations

import re
from pathlib import Path

import html5lib
import yaml

ROOT = Path(__file__).resolve().parents[2]


def _tree(path: Path):
    return html5lib.parse(path.read_bytes(), namespaceHTMLElements=False)


def _text(element) -> str:
    return " ".join("".join(element.itertext()).replace("¶", "").split())


def test_nav_labels_are_the_page_headings(site):
    nav = yaml.safe_load(re.sub(r"!ENV \[[^\]]*\]", "''", (ROOT / "mkdocs.yml").read_text()))["nav"]

    def entries(items):
        for item in items:
            (label, target), = item.items()
            if isinstance(target, list):
                yield from entries(target)
            else:
                yield label, target

    checked = 0
    for label, source in entries(nav):
        if source == "index.md":
            continue  # "Home" by convention; its heading is the site's name, shown in the header
        built = site / source.removesuffix(".md").removesuffix("index") / "index.html"  # print/index.md
        heading = _text(_tree(built).find(".//h1"))
        assert heading == label, f"menu says {label!r} but {source} is headed {heading!r}"
        checked += 1
    assert checked >= 12


def test_the_home_page_leads_to_every_tool(site):
    tree = _tree(site / "index.html")
    tools = tree.find(".//ul[@class='tools']")
    assert tools is not None, "no tools list on the home page"
    targets = {}
    for card in tools.findall("./li"):
        link = card.find("./a")
        name = _text(link.find("./span[@class='tools__name']"))
        promise = _text(link.find("./span[@class='tools__what']"))
        assert name, f"{link.get('href')}: a card without a name"
        targets[link.get("href")] = promise
        assert 30 <= len(promise) <= 120, f"{link.get('href')}: a one-line promise, not {promise!r}"
    assert {"scorer/", "analyser/", "practice/", "table/", "board/", "print/"} <= set(targets)


def test_the_examples_index_lists_every_example_by_total_with_what_it_teaches(site):
    examples = yaml.safe_load((ROOT / "docs" / "catalog" / "examples.yml").read_text())
    tree = _tree(site / "examples" / "index.html")
    rows = tree.findall(".//table[@data-examples-index]/tbody/tr")
    assert [row.get("data-example-row") for row in rows] and len(rows) == len(examples)
    totals = [int(_text(row.find("td"))) for row in rows]
    assert totals == sorted(totals, reverse=True)
    by_id = {e["id"]: e for e in examples}
    for row in rows:
        entry = by_id[row.get("data-example-row")]
        teaches = row.get("data-teaches").split()
        for kind, points in (entry.get("points") or {}).items():
            assert (kind in teaches) == bool(points), (entry["id"], kind)
        assert ("mistake" in teaches) == ("mistaken" in entry)
        assert row.find(".//a").get("href") == f"#example-{entry['id']}"
    options = [o.get("value") for o in tree.findall(".//select[@data-teaches-choice]/option")]
    assert options[0] == "" and {"fifteen", "pair", "run", "flush", "nobs", "crib", "mistake"} <= set(options)
