"""The variants page's numbers: formatted from the engine's, cached between builds, all used names known."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from jinja2 import Environment, StrictUndefined

from hooks import variants
from hooks.variants import VariantHelpers, VariantNumbers

ROOT = Path(__file__).resolve().parents[2]
NUMBERS = {  # made up, so a wrong key or format shows
    "five_card": {"hands": 1000, "hand": {"0": 250, "2": 700, "5": 50}, "hand_mean": 1.65, "max_hand": 5,
                  "impossible_hand": [1, 3, 4]},
    "cribs": {"three-player": {"deals": 1000, "mean": 4.33, "standard_error": 0.06},
              "four-player": {"deals": 1000, "mean": 4.68, "standard_error": 0.07}},
}


def test_each_number_is_formatted_from_the_engines() -> None:
    helpers = VariantHelpers(lambda: NUMBERS)
    assert helpers.stat("five_card_hands") == "1,000" and helpers.stat("five_card_mean") == "1.65"
    assert helpers.stat("five_card_zero_share") == "25.0%" and helpers.stat("five_card_impossible") == "1, 3 or 4"
    assert helpers.stat("crib_three") == "4.3" and helpers.stat("crib_three_error") == "0.1"
    assert helpers.stat("crib_four") == "4.7" and helpers.stat("five_card_max_count") == "50"
    with pytest.raises(KeyError, match="no such number"):
        helpers.stat("five_card_median")


def test_the_chart_shows_every_total_up_to_the_best() -> None:
    html = str(VariantHelpers(lambda: NUMBERS).chart())
    assert "<svg" in html and "1,000 five-card hands" in html
    assert re.findall(r"<tr><td>(\d+)</td>", html) == ["0", "1", "2", "3", "4", "5"]


def test_the_numbers_are_read_from_the_cache_when_the_engine_is_unchanged(tmp_path: Path, monkeypatch) -> None:
    cache = tmp_path / "build" / "stats" / "variants-abc.json"
    cache.parent.mkdir(parents=True)
    cache.write_text(json.dumps(NUMBERS))

    def never(*args: object) -> None:
        raise AssertionError("computed although cached")

    monkeypatch.setattr(variants, "variant_statistics", never)
    lazy = VariantNumbers(tmp_path, lambda root: "abc")
    assert lazy() == NUMBERS and lazy() is lazy()


def test_the_variants_page_names_only_known_numbers() -> None:
    text = (ROOT / "docs" / "variants.md").read_text()
    used = set(re.findall(r'variant_stat\("([a-z_]+)"\)', text))
    assert used and used <= set(variants._STATS)
    helpers = VariantHelpers(lambda: NUMBERS).functions()
    page = re.sub(r"\{\{(?![^}]*(variant_stat|five_card_chart))[^}]*\}\}", "", text)
    rendered = Environment(undefined=StrictUndefined).from_string(page).render(**helpers)
    assert "4.3" in rendered and "1,000" in rendered


def test_the_variants_page_links_each_variant_to_the_scorer_set_to_it(site) -> None:
    html = (site / "variants" / "index.html").read_text(encoding="utf-8")
    assert re.findall(r'href="\.\./scorer/#variant=([a-z-]+)"', html) == ["three-player", "four-player", "five-card"]


def test_the_variants_page_links_each_variant_to_the_table(site) -> None:
    html = (site / "variants" / "index.html").read_text(encoding="utf-8")
    linked = re.findall(r'href="\.\./table/#variant=([a-z-]+)"', html)
    assert linked == ["three-player", "four-player", "five-card"]
    assert (site / "table" / "index.html").is_file()  # the link resolves: the table page is built
    table = (site / "table" / "index.html").read_text(encoding="utf-8")
    offered = re.findall(r'<input type="radio" name="table-variant" value="([a-z-]+)"', table)
    assert set(linked) < set(offered)  # each variant linked is one the table offers at New game
    people = re.findall(r'href="\.\./table/#variant=([a-z-]+)&amp;seats=([a-z,]+)"', html)  # a game for people too
    assert people == [("three-player", "human,human,human"), ("four-player", "human,computer,human,computer"),
                      ("five-card", "human,human")]
    # (tests/browser/test_table_variants.py follows each link and checks the game the table starts)
