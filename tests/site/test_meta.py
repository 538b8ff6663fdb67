"""Every built page parses strictly, and describes itself in plain text for search and link previews."""

from __future__ import annotations

import html
import struct
from pathlib import Path

import html5lib
import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]


def catalog(name: str) -> list[dict]:
    return yaml.safe_load((ROOT / "docs" / "catalog" / f"{name}.yml").read_text()) or []


def _tree(path: Path):
    """The page as html5lib's strict parser reads it: any parse error (a broken tag, a stray
    quote in an attribute, a duplicate attribute) raises."""
    parser = html5lib.HTMLParser(strict=True, namespaceHTMLElements=False)
    try:
        return parser.parse(path.read_bytes())
    except html5lib.html5parser.ParseError as error:
        line, column = parser.errors[0][0] if parser.errors else ("?", "?")
        pytest.fail(f"{path}: line {line}, column {column}: {error}")


@pytest.fixture(scope="session")
def built(site) -> dict[str, object]:
    return {str(path.relative_to(site)): _tree(path) for path in sorted(site.rglob("*.html"))}


def _meta(tree) -> dict[str, str]:
    found = {}
    for element in tree.iter("meta"):
        key = element.get("property") or element.get("name")
        if key:
            found[key] = element.get("content") or ""
    return found


def test_every_page_parses_strictly_and_shows_no_template_code(site, built):
    assert len(built) > len(catalog("faq")) + len(catalog("examples")) + 10  # pages, answers, examples
    leaks = [name for name in built if "{{" in (site / name).read_text(encoding="utf-8")
             or "{%" in (site / name).read_text(encoding="utf-8")]
    assert not leaks, f"raw template code on: {leaks[:10]}"


def test_every_page_has_plain_text_title_description_and_previews(built):
    for name, tree in built.items():
        if name == "404.html":
            continue
        meta = _meta(tree)
        title = tree.find(".//title").text or ""
        for key in ("description", "og:title", "og:description", "og:url", "og:type",
                    "twitter:card", "twitter:title", "twitter:description"):
            assert meta.get(key), f"{name}: no {key}"
        for key in ("description", "og:title", "og:description", "twitter:title", "twitter:description"):
            value = meta[key]
            assert "<" not in value and "*" not in value and "`" not in value, (
                f"{name}: {key} is not plain text: {value!r}")
            assert html.unescape(value) == value, f"{name}: {key} is escaped twice: {value!r}"
        assert meta["og:title"] in title, f"{name}: og:title {meta['og:title']!r} differs from <title> {title!r}"



def test_a_question_with_quotes_previews_whole(site, built):
    for entry in catalog("faq"):
        if '"' not in entry["question"]:
            continue
        meta = _meta(built[f"faq/{entry['id']}/index.html"])
        assert meta["og:title"] == entry["question"]
        assert meta["twitter:title"] == entry["question"]


def test_statistics_in_descriptions_are_filled_in(site, built):
    from cribbage import show_statistics

    meta = _meta(built["faq/average-hand/index.html"])
    mean = f"{float(show_statistics().mean()):.2f}"
    for key in ("description", "og:description", "twitter:description"):
        assert mean in meta[key] and "stat(" not in meta[key]


def _png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()[:24]
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    return struct.unpack(">II", data[16:24])


def _preview_pages() -> list[str]:
    return (["index.html"] + [f"faq/{e['id']}/index.html" for e in catalog("faq")]
            + [f"examples/{e['id']}/index.html" for e in catalog("examples")])


def test_every_faq_answer_example_and_the_home_page_has_a_1200_by_630_picture(site, built):
    for name in _preview_pages():
        meta = _meta(built[name])
        assert meta.get("twitter:card") == "summary_large_image", name
        image = meta.get("og:image", "")
        assert image.startswith("http") and image.endswith(".png"), f"{name}: og:image {image!r}"
        assert meta.get("twitter:image") == image
        assert (meta.get("og:image:width"), meta.get("og:image:height")) == ("1200", "630")
        local = site / image.split("/", 3)[3]
        assert local.exists(), f"{name}: {local} missing"
        assert _png_size(local) == (1200, 630), local


def test_pictures_differ_per_answer(site):
    """Each picture is drawn from its own question and cards, not one stock image."""
    pictures = {(site / "assets" / "previews" / f"faq-{e['id']}.png").read_bytes() for e in catalog("faq")}
    assert len(pictures) == len(catalog("faq"))
