"""The site build: the catalog is verified and rendered, links hold, nothing leaves the origin."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urljoin, urlparse

import pytest
import yaml

from harness.run import build

ROOT = Path(__file__).resolve().parents[2]
ANCHORS_FILE = ROOT / "tests" / "published_anchors.txt"




def catalog(name: str) -> list[dict]:
    return yaml.safe_load((ROOT / "docs" / "catalog" / f"{name}.yml").read_text()) or []


class _Page(HTMLParser):
    def __init__(self):
        super().__init__()
        self.ids: set[str] = set()
        self.links: list[tuple[str, str, str]] = []  # (tag, attribute, value)
        self.attributes: list[tuple[str, dict]] = []

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        self.attributes.append((tag, attributes))
        if "id" in attributes:
            self.ids.add(attributes["id"])
        for name in ("href", "src", "srcset", "data", "poster", "action"):
            if attributes.get(name):
                self.links.append((tag, name, attributes[name]))


def parse(path: Path) -> _Page:
    page = _Page()
    page.feed(path.read_text(encoding="utf-8"))
    return page


@pytest.fixture(scope="session")
def pages(site) -> dict[Path, _Page]:
    return {path: parse(path) for path in site.rglob("*.html")}


# --- the catalog on the pages ---------------------------------------------------------------------

def test_every_catalog_entry_is_rendered(site, pages):
    html = "\n".join(p.read_text(encoding="utf-8") for p in site.rglob("*.html"))
    for entry in catalog("examples"):
        assert f'data-example="{entry["id"]}"' in html, entry["id"]
    for entry in catalog("plays"):
        assert f'data-play="{entry["id"]}"' in html, entry["id"]
    for entry in catalog("patterns"):
        assert f'id="pattern-{entry["id"]}"' in html, entry["id"]
    faq_ids = pages[site / "faq" / "index.html"].ids
    for entry in catalog("faq"):
        assert entry["id"] in faq_ids
        assert (site / "faq" / entry["id"] / "index.html").exists()
    dispute_ids = pages[site / "disputes" / "index.html"].ids
    assert {e["id"] for e in catalog("disputes")} <= dispute_ids
    glossary_ids = pages[site / "glossary" / "index.html"].ids
    assert {e["id"] for e in catalog("glossary")} <= glossary_ids


def test_faq_covers_more_than_thirty_questions():
    assert len(catalog("faq")) > 30


def test_breakdown_blocks_show_engine_numbers(site):
    html = (site / "examples" / "index.html").read_text(encoding="utf-8")
    block = html[html.index('data-example="perfect-29"'):]
    block = block[: block.index("</figure>")]
    assert 'aria-label="J♦, jack of diamonds"' in block and 'aria-label="5♦, five of diamonds"' in block
    assert block.count('class="item item--fifteen"') == 8
    assert block.count('class="item item--pair"') == 6
    assert "twenty-nine" in block
    assert 'card--red' in block  # diamonds and hearts are drawn red, with their glyphs


def test_the_build_writes_the_engines_vocabulary_for_the_pages(site):
    from cribbage.backend import vocabulary

    text = (site / "assets" / "js" / "vocabulary.js").read_text(encoding="utf-8")
    body = text[text.index("Object.freeze(") + len("Object.freeze("): text.rindex(");")]
    assert json.loads(body) == json.loads(json.dumps(vocabulary.as_json()))


def test_statistics_come_from_the_engine(site):
    from cribbage import show_statistics

    stats = show_statistics()
    scoring = (site / "scoring" / "index.html").read_text(encoding="utf-8")
    assert f"{stats.combinations:,}" in scoring
    assert f"{float(stats.mean()):.2f}" in scoring
    assert f"{stats.deals_per_29:,}" in scoring
    assert "19, 25, 26 or 27" in scoring
    assert '<svg class="score-chart"' in scoring
    assert scoring.count('class="bar"') == 30 - len(stats.impossible())


def test_faq_answer_pages_describe_themselves(site):
    entry = next(e for e in catalog("faq") if e["id"] == "crib-flush")
    html = (site / "faq" / "crib-flush" / "index.html").read_text(encoding="utf-8")
    question = entry["question"].replace('"', "&quot;")
    assert f"<title>{question}" in html
    assert f'<meta property="og:title" content="{question}"' in html
    assert '<meta name="description" content="No. A crib flush needs' in html
    assert '<meta property="og:description" content="No. A crib flush needs' in html
    assert 'href="../#crib-flush"' in html  # back to the full FAQ
    assert 'data-copy-link' in html


def _copy_links(parsed) -> set[str]:
    return {a["href"] for tag, a in parsed.attributes if tag == "a" and "data-copy-link" in a}


def test_every_shareable_thing_has_a_copy_link_to_its_address(pages, site):
    """FAQ answers and counted examples link their own pages; plays, rulings and terms their anchors."""
    faq = _copy_links(pages[site / "faq" / "index.html"])
    assert {f"{e['id']}/" for e in catalog("faq")} <= faq
    examples = _copy_links(pages[site / "examples" / "index.html"])
    assert {f"{e['id']}/" for e in catalog("examples")} <= examples
    assert {f"./#play-{e['id']}" for e in catalog("plays")} <= examples
    assert {f"./#{e['id']}" for e in catalog("disputes")} <= _copy_links(pages[site / "disputes" / "index.html"])
    assert {f"./#{e['id']}" for e in catalog("glossary")} <= _copy_links(pages[site / "glossary" / "index.html"])
    for entry in catalog("examples"):
        own = pages[site / "examples" / entry["id"] / "index.html"]
        assert f'example-{entry["id"]}' in own.ids and "./" in _copy_links(own)


# --- links, anchors, origins ----------------------------------------------------------------------

def _target(site: Path, page: Path, href: str) -> tuple[Path, str]:
    if href.startswith("/"):  # 404.html links from the site root
        href, page = href.lstrip("/") or ".", site / "index.html"
    base = "file://" + str(page)
    resolved = urlparse(urljoin(base, href))
    path = Path(unquote(resolved.path))
    if href.split("#")[0] == "":
        path = page
    elif path.is_dir() or resolved.path.endswith("/"):
        path = path / "index.html"
    return path, resolved.fragment


def test_every_internal_link_and_anchor_resolves(site, pages):
    broken = []
    for page, parsed in pages.items():
        for tag, attribute, href in parsed.links:
            if attribute != "href" or tag not in ("a", "link"):
                continue
            if urlparse(href).scheme or href.startswith("//"):
                continue
            target, fragment = _target(site, page, href)
            if not target.exists():
                broken.append(f"{page.relative_to(site)}: {href} (no file)")
            elif fragment and "=" not in fragment and target.suffix == ".html" \
                    and fragment not in pages[target].ids:  # "#hand=..." is scorer state, not an anchor
                broken.append(f"{page.relative_to(site)}: {href} (no anchor)")
    assert not broken, "\n".join(broken[:20])


def test_no_page_requests_another_origin(site, pages, site_url):
    site_origin = site_url.rstrip("/")  # the site_url it was built with: canonical and og:url only
    offenders = []
    for page, parsed in pages.items():
        for tag, attribute, value in parsed.links:
            scheme = urlparse(value).scheme
            if scheme in ("", "data", "mailto") and not value.startswith("//"):
                continue
            if tag == "link" and value.startswith(site_origin):
                continue  # rel=canonical: a name for the page, not a request
            offenders.append(f"{page.relative_to(site)}: <{tag} {attribute}={value}>")
        for tag, attributes in parsed.attributes:
            if tag == "meta" and attributes.get("property") == "og:url":
                assert attributes["content"].startswith(site_origin)
    for css in site.rglob("*.css"):
        for _ in re.findall(r"(?:url\(|@import\s+)['\"]?(https?:)?//", css.read_text()):
            offenders.append(f"{css.relative_to(site)}: url(//...)")
    assert not offenders, "\n".join(offenders[:20])
    assert "fonts.googleapis" not in "".join(p.read_text() for p in site.rglob("*.html"))


def test_published_anchors_still_exist(site, pages):
    missing = []
    for line in ANCHORS_FILE.read_text().splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        path, _, anchor = line.partition("#")
        target = site / path / "index.html" if path.endswith("/") or not path else site / path
        if not target.exists():
            missing.append(f"{line} (page gone)")
        elif anchor and anchor not in pages[target].ids:
            missing.append(f"{line} (anchor gone)")
    assert not missing, "published anchors disappeared (keep old ids as aliases):\n" + "\n".join(missing)


def test_anchor_list_covers_every_faq_answer():
    listed = ANCHORS_FILE.read_text()
    for entry in catalog("faq"):
        assert f"faq/#{entry['id']}\n" in listed, f"add faq/#{entry['id']} to {ANCHORS_FILE.name}"
        assert f"faq/{entry['id']}/\n" in listed


# --- a broken catalog stops the build ---------------------------------------------------------------

def _edit(project: Path, name: str, old: str, new: str) -> int:
    path = project / "docs" / "catalog" / name
    text = path.read_text()
    assert old in text, old
    line = text[: text.index(old)].count("\n") + 1
    path.write_text(text.replace(old, new, 1))
    return line


def _assert_build_fails(project: Path, tmp_path: Path, *fragments: str) -> str:
    result = build(project, tmp_path / "out")
    assert result.returncode != 0
    for fragment in fragments:
        assert fragment in result.stderr, result.stderr
    return result.stderr


CASES = {
    "unknown key": ("examples.yml", "  title: The perfect 29\n", "  title: The perfect 29\n  colour: red\n",
                    "entry 'perfect-29': unknown key 'colour'", 1),
    "missing field": ("examples.yml", "  total: 29\n  points: {fifteen: 16, pair: 12, nobs: 1}\n",
                      "  points: {fifteen: 16, pair: 12, nobs: 1}\n", "missing field 'total'", "- id: perfect-29"),
    "bad card": ("examples.yml", "hand: JD 5S 5H 5C", "hand: JD 5S 5H 5X",
                 "bad card in 'hand': '5X' is not a card: 'X' is not a suit", 0),
    "same card twice": ("examples.yml", "hand: JD 5S 5H 5C", "hand: JD 5S 5H 5S",
                        "the five of spades appears twice", 0),
    "starter in hand": ("examples.yml", "hand: JD 5S 5H 5C\n  starter: 5D", "hand: JD 5S 5H 5C\n  starter: 5C",
                        "the starter is also in the hand", 1),
    "duplicate id": ("faq.yml", "- id: how-to-play-in-short", "- id: what-happens-in-a-round",
                     "entry 'what-happens-in-a-round': duplicate id (first used at docs/catalog/faq.yml:", 0),
    "unknown example reference": ("faq.yml", "example: nobs-jack-of-clubs", "example: no-such-hand",
                                  "example 'no-such-hand' is not in the catalog", 0),
    "bad yaml": ("plays.yml", "  cards: 9C 6D\n", "  cards: [9C 6D\n", "not valid YAML", None),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_malformed_catalog_stops_the_build(case, project, tmp_path):
    name, old, new, message, expected_line = CASES[case]
    line = _edit(project, name, old, new)
    if isinstance(expected_line, str):  # the line where the entry starts
        text = (project / "docs" / "catalog" / name).read_text()
        line, expected_line = text[: text.index(expected_line)].count("\n") + 1, 0
    where = f"docs/catalog/{name}:{line + expected_line}" if expected_line is not None else f"docs/catalog/{name}:"
    _assert_build_fails(project, tmp_path, where, message)


# The reference material's wrong totals, put back into the catalog, must stop the build.
WRONG_CLAIMS = [
    ("examples.yml", "  total: 24\n  points: {fifteen: 8, pair: 4, run: 12}",
     "  total: 16\n  points: {fifteen: 8, pair: 4, run: 12}",
     "entry 'sixteen-point-hand-is-twenty-four': claimed 16 (fifteen 8, pair 4, run 12), "
     "but the engine counts 24 (fifteen 8, pair 4, run 12)"),
    ("examples.yml", "  total: 8\n  points: {fifteen: 4, run: 4}\n  mistaken:",
     "  total: 8\n  points: {fifteen: 4, run: 6}\n  mistaken:",
     "entry 'run-of-four-is-four': claimed 8 (fifteen 4, run 6), but the engine counts 8 (fifteen 4, run 4)"),
    ("plays.yml", "  cards: 5C TD\n  last_card: true\n  points: 3", "  cards: 5C TD\n  last_card: true\n  points: 2",
     "entry 'fifteen-on-the-last-card': claimed the last card scores 2, but the engine gives 3 (fifteen 2, go 1)"),
]


@pytest.mark.parametrize("name, old, new, message", WRONG_CLAIMS)
def test_wrong_claim_from_the_reference_fails_the_build(name, old, new, message, project, tmp_path):
    line = _edit(project, name, old, new)
    stderr = _assert_build_fails(project, tmp_path, message)
    assert re.search(rf"docs/catalog/{name}:{line}\b|docs/catalog/{name}:{line + 1}\b"
                     rf"|docs/catalog/{name}:{line + 2}\b", stderr)


def test_a_correction_that_is_not_a_mistake_is_rejected(project, tmp_path):
    _edit(project, "examples.yml", "    total: 16\n  explanation:", "    total: 24\n  explanation:")
    _assert_build_fails(project, tmp_path, "the quoted mistake agrees with the engine")


def test_a_missing_guide_page_stops_the_build(project, tmp_path):
    _edit(project, "faq.yml", "guide: [guide.md#cutting-for-deal]", "guide: [nowhere.md#cutting-for-deal]")
    _assert_build_fails(project, tmp_path, "link to 'nowhere.md#cutting-for-deal': no such page")


def test_the_faq_table_of_contents_lists_its_sections_not_every_question(site):
    html = (site / "faq" / "index.html").read_text()
    sidebar = html[html.rindex('data-md-component="toc"'):]  # the right-hand one
    toc_links = re.findall(r'<a href="#([a-z0-9-]+)" class="md-nav__link">', sidebar)
    sections = re.findall(r'<h2 id="([a-z0-9-]+)"', html)
    questions = re.findall(r'<h3 id="([a-z0-9-]+)"', html)
    assert len(sections) >= 6 and len(questions) >= 30
    assert toc_links == sections  # front matter toc_depth: 2
    # every other page keeps its questions-level entries (the guide lists its subsections)
    guide = (site / "guide" / "index.html").read_text()
    guide_toc = guide[guide.rindex('data-md-component="toc"'):]
    assert set(re.findall(r'<h3 id="([a-z0-9-]+)"', guide)) & set(re.findall(r'href="#([a-z0-9-]+)"', guide_toc))


def test_the_service_worker_stores_every_page_but_not_what_no_page_shows(site):
    """Install stores every page and asset a reader sees; the link-preview pictures (for chat apps'
    crawlers), lunr's other languages and the engine (kept once fetched) are left to the network."""
    source = (site / "sw.js").read_text()
    settings = json.loads(re.search(r"const BUILD = (\{.*?\});", source, re.S).group(1))
    stored = {url for url, _ in settings["precache"]}
    pages = {path.relative_to(site).as_posix().removesuffix("index.html") for path in site.rglob("index.html")}
    assert pages <= stored
    assert {"assets/css/site.css", "assets/js/table/page.js", "search/search_index.json"} <= stored
    skipped = ("assets/previews/", "assets/javascripts/lunr/", "pyodide/")
    assert not [url for url in stored if url.startswith(skipped)]
    assert list((site / "assets" / "previews").glob("*.png"))  # they are there, only not stored at install


def test_the_engines_standard_library_is_the_modules_it_needs_as_bytecode(site):
    """The small stdlib holds bytecode compiled by Pyodide's own Python, no source: a first visit
    that compiled the sources took 1.7 s more to start Python (the parity tests run this archive
    under Pyodide, which proves it loads)."""
    import zipfile

    (engine,) = (site / "pyodide").glob("engine-*")
    with zipfile.ZipFile(engine / "python_stdlib.zip") as small:
        names = small.namelist()
        headers = {small.read(name)[:4] for name in names if name.endswith(".pyc")}
    assert {"json/__init__.pyc", "typing.pyc", "dataclasses.pyc"} <= set(names)
    assert not [name for name in names if name.endswith(".py")]
    assert len(headers) == 1  # one Python's magic number
    with zipfile.ZipFile(ROOT / "node_modules" / "pyodide" / "python_stdlib.zip") as full:
        assert len(names) < len(full.namelist()) / 2


def try_links(site: Path, kind: str) -> dict[str, str]:
    """Each catalog block's "Try it" fragment on the built examples page, by the block's id."""
    html = (site / "examples" / "index.html").read_text()
    found = re.findall(rf'data-{kind}="([^"]+)".*?(?:class="try-it"><a href="[^"#]*#([^"]+)"|class="try-it__none")',
                       html, re.S)
    return {ident: unquote(fragment).replace("&amp;", "&") for ident, fragment in found if fragment}


def test_every_show_try_link_opens_the_catalog_hand_and_scores_its_total(site):
    """Every example's link as built, read by the engine's own link reader and scored: the browser
    test follows one link of each shape, this checks all of them."""
    from cribbage.backend.api import call
    from cribbage.backend.links import parse_fragment

    examples = {e["id"]: e for e in yaml.safe_load((ROOT / "docs" / "catalog" / "examples.yml").read_text())}
    links = try_links(site, "example")
    assert set(links) == set(examples)
    for ident, fragment in links.items():
        link, entry = parse_fragment(fragment), examples[ident]
        assert [c.code for c in link.hand] == entry["hand"].split() and link.starter.code == entry["starter"], ident
        assert link.crib == entry.get("crib", False), ident
        params = {"hand": " ".join(entry["hand"].split()), "starter": entry["starter"], "crib": link.crib}
        assert json.loads(call("score", json.dumps(params)))["result"]["total"] == entry["total"], ident


def test_every_play_try_link_lays_the_catalog_cards_and_scores_the_last_card(site):
    from cribbage.backend.api import call
    from cribbage.backend.links import parse_fragment

    plays = {e["id"]: e for e in yaml.safe_load((ROOT / "docs" / "catalog" / "plays.yml").read_text())}
    links = try_links(site, "play")
    assert set(links) == set(plays) - {"fifteen-on-the-last-card"}  # the one a play from its lead cannot end so
    for ident, fragment in links.items():
        link, cards = parse_fragment(fragment), plays[ident]["cards"].split()
        assert [s.code for s in link.steps if s is not None] == cards, ident
        steps = json.loads(call("play", json.dumps({"steps": fragment.removeprefix("play=").replace(",", " ")})))
        last = steps["result"]["steps"][len(cards) - 1:]
        assert sum(s["points"] for s in last) == plays[ident]["points"], ident
