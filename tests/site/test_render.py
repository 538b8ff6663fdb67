"""Rendering verified entries, the score chart and the build's generated files, without a site build."""

from __future__ import annotations

import copy
import inspect
import json
import re
from fractions import Fraction
from pathlib import Path

import pytest

from cribbage import rules
from cribbage.backend import links, vocabulary
from cribbage.stats import ShowStatistics
from harness.catalog_samples import VALID, valid_entries, write_catalog
from hooks import build, chromium, site
from hooks.catalog import load_catalog
from hooks.chart import distribution_svg
from hooks.render import Renderer, template_globals

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = ROOT / "overrides" / "partials" / "catalog"
SCHEMAS = ROOT / "docs" / "catalog" / "schema"
# a small made-up distribution: three possible totals, the rest impossible
STATS = ShowStatistics({0: 60, 2: 30, rules.MAX_SHOW: 10}, {0: 70, 4: 30}, Fraction(1, 1000))


def renderer(tmp_path: Path, entries: dict[str, list[dict[str, object]]] | None = None) -> Renderer:
    write_catalog(tmp_path / "catalog", entries or valid_entries())
    catalog = load_catalog(tmp_path / "catalog", relative_to=tmp_path, schema_dir=SCHEMAS)
    return Renderer(catalog, STATS, TEMPLATES)


def test_an_example_shows_the_engines_items_labels_and_scorer_link(tmp_path):
    html = str(renderer(tmp_path).example("perfect-29"))
    assert 'data-example="perfect-29"' in html
    assert html.count('class="item item--fifteen"') == 8 and html.count('class="item item--pair"') == 6
    assert f"<td>{vocabulary.kind_label('nobs')}</td>" in html
    assert f">{vocabulary.KIND_WORDS['fifteen'].heading}</th>" in html
    assert 'href="scorer.md#hand=JD,5S,5H,5C&amp;starter=5D"' in html


def test_a_crib_link_says_crib(tmp_path):
    entries = valid_entries()
    entries["examples"][0].update(crib=True)
    html = str(renderer(tmp_path, entries).example("perfect-29"))
    assert "&amp;crib=" + links.CRIB_ON in html


def test_a_last_card_takes_the_go_in_the_table_and_the_link(tmp_path):
    html = str(renderer(tmp_path).play("fifteen-on-the-last-card"))
    assert f"<td>{vocabulary.kind_label('go')}</td>" in html
    # at 15 both players of a play replayed from its lead still hold cards that fit, so no go can
    # follow: the scorer would refuse the link, and there is none
    assert "#play=" not in html and "cannot show this ending" in html
    entries = valid_entries()
    entries["plays"][0].update(cards="TC 9D 7H", points=1)
    del entries["plays"][0]["mistaken"]
    # at 26 both goes are possible: both players say go, then the last card takes one
    assert 'href="scorer.md#play=TC,9D,7H,go,go"' in str(renderer(tmp_path, entries).play("fifteen-on-the-last-card"))


def test_a_last_card_that_makes_thirty_one_takes_no_go(tmp_path):
    entries = valid_entries()
    entries["plays"][0].update(cards="TC TD 5H 6S", points=rules.THIRTY_ONE_POINTS)
    del entries["plays"][0]["mistaken"]
    html = str(renderer(tmp_path, entries).play("fifteen-on-the-last-card"))
    assert f"<td>{vocabulary.kind_label('go')}</td>" not in html
    assert 'href="scorer.md#play=TC,TD,5H,6S"' in html


def test_catalog_text_is_escaped(tmp_path):
    entries = valid_entries()
    entries["examples"][0]["explanation"] = "<script>alert(1)</script> *counted*"
    html = str(renderer(tmp_path, entries).example("perfect-29"))
    assert "<script>" not in html and "&lt;script&gt;" in html and "<em>counted</em>" in html


def test_the_tally_and_chart_take_their_numbers_from_the_rules(tmp_path):
    view = renderer(tmp_path)
    tally = str(view.tally_box())
    assert f"under {rules.SKUNK_LINE}" in tally and f"under {rules.DOUBLE_SKUNK_LINE}" in tally
    chart = str(view.score_chart())
    assert chart.count("<tr><td>") == rules.MAX_SHOW + 1
    assert chart.count('class="bar"') == 3


def test_the_chart_marks_impossible_totals_and_escapes_its_caption():
    svg = distribution_svg({0: 5, 3: 5}, max_total=5, caption="<b>caption</b>")
    assert svg.count('class="bar"') == 2
    assert svg.count(">×</text>") == 4  # 1, 2, 4 and 5
    assert "&lt;b&gt;caption&lt;/b&gt;" in svg and "<b>" not in svg


def test_no_catalog_template_types_a_rule_number():
    numbers = {rules.THIRTY_ONE, rules.MAX_SHOW, rules.GAME_HOLE, rules.SKUNK_LINE, rules.DOUBLE_SKUNK_LINE}
    pattern = re.compile(r"(?<![\w#.-])(" + "|".join(map(str, numbers)) + r")(?![\w-])")
    for template in TEMPLATES.glob("*.html"):
        found = pattern.findall(template.read_text())
        assert not found, f"{template.name}: {found} (use rules.* or rule())"


def test_templates_get_the_engines_words():
    names = template_globals()
    assert names["item_label"]("go") == vocabulary.kind_label("go")
    assert names["rules"]["GAME_HOLE"] == rules.GAME_HOLE


def test_the_vocabulary_module_is_the_engines_vocabulary():
    text = build.vocabulary_module()
    match = re.fullmatch(r"//[^\n]*\nexport default Object\.freeze\((.*)\);\n", text, re.S)
    assert match, text[:200]
    assert json.loads(match[1]) == json.loads(json.dumps(vocabulary.as_json()))


def test_faq_pages_quote_their_question_safely():
    entry = copy.deepcopy(VALID["faq"])
    entry["question"] = 'Is "go" a \\ word?'
    page = build.faq_page("best-hand", entry)
    assert 'title: "Is \\"go\\" a \\\\ word?"' in page
    assert "{{ faq_answer('best-hand', standalone=True) }}" in page


def test_hook_signatures_are_keyword_only_after_the_item():
    for name in ("on_files", "on_page_markdown", "on_post_build"):
        parameters = list(inspect.signature(getattr(site, name)).parameters.values())
        item_free = name == "on_post_build"
        rest = parameters if item_free else parameters[1:]
        assert all(p.kind is inspect.Parameter.KEYWORD_ONLY for p in rest), name
    assert "sys.path" not in "".join(p.read_text() for p in (ROOT / "hooks").glob("*.py"))


@pytest.mark.parametrize("value, expected", [("", chromium.DEFAULT_PATH), ("/opt/chrome", "/opt/chrome")])
def test_chromium_honours_the_environment(monkeypatch, value, expected):
    monkeypatch.setenv("CHROMIUM", value)
    assert chromium.executable() == expected
    assert "--no-sandbox" in chromium.launch_args()


def test_each_build_keeps_its_own_state_on_its_config(monkeypatch):
    from mkdocs.config import load_config

    monkeypatch.setattr(build, "cached_statistics", lambda root: STATS)  # not the exhaustive count
    monkeypatch.delenv("CRIBBAGE_HOOKS", raising=False)
    first, second = (load_config(str(ROOT / "mkdocs.yml")) for _ in range(2))
    assert build.SiteBuild.of(first) is None
    site.on_config(first)
    site.on_config(second)
    one, two = build.SiteBuild.of(first), build.SiteBuild.of(second)
    assert one is not None and two is not None and one is not two
    assert one.catalog.faq.keys() == two.catalog.faq.keys() and one.catalog is not two.catalog
