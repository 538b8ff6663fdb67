"""The rules content: enough answers and terms, a source on every ruling, the worked deal verified."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
import yaml

from harness.run import build
from hooks.catalog import main as check_catalog

ROOT = Path(__file__).resolve().parents[2]


def catalog(name: str) -> list[dict]:
    return yaml.safe_load((ROOT / "docs" / "catalog" / f"{name}.yml").read_text()) or []


def test_at_least_sixty_answers_and_thirty_terms():
    assert len(catalog("faq")) >= 60
    assert len(catalog("glossary")) >= 30


def test_every_ruling_and_answer_names_its_source():
    known = {entry["id"] for entry in catalog("sources")}
    for name in ("faq", "disputes"):
        for entry in catalog(name):
            refs = entry.get("sources") or []
            assert refs, f"{name}.yml: '{entry['id']}' has no sources"
            assert {ref.split()[0] for ref in refs} <= known, entry["id"]


def test_rule_pages_cite_sources_inline(site):
    for page in ("guide", "corrections", "variants", "strategy"):
        html = (site / page / "index.html").read_text(encoding="utf-8")
        assert html.count('class="source-refs"') >= 3, page
        assert 'href="../sources/#acc"' in html or page == "strategy"


def test_no_helper_call_reaches_a_page(site):
    leftovers = [str(p.relative_to(site)) for p in site.rglob("*.html")
                 if "{{" in p.read_text(encoding="utf-8")]
    assert not leftovers, leftovers[:10]


def test_faq_headings_use_typographic_quotes(site):
    html = (site / "faq" / "index.html").read_text(encoding="utf-8")
    headings = re.findall(r"<h3[^>]*>(.*?)</h3>", html, re.S)
    assert len(headings) == len(catalog("faq"))
    assert not [h for h in headings if '"' in re.sub(r"<[^>]+>", "", h) or "&quot;" in h]
    assert any("“two for his heels”" in h for h in headings)


def test_disputes_say_house_rule_once_and_skunks_are_not_one(site):
    html = (site / "disputes" / "index.html").read_text(encoding="utf-8")
    assert "Not here." not in html
    block = html[html.index('data-dispute="do-you-play-skunks"'):]
    block = block[: block.index("</div>")]
    assert "House rule" not in block
    assert "91" in block and "61" in block
    muggins = html[html.index('data-dispute="do-you-play-muggins"'):]
    assert "tournament director" in muggins[: muggins.index("</div>")]


def test_the_worked_deal_shows_every_step(site):
    html = (site / "deal" / "index.html").read_text(encoding="utf-8")
    play = html[html.index('data-deal-play="first-deal"'):]
    play = play[: play.index("</table>")]
    assert "says “go”" in play
    assert "thirty-one 2" in play
    assert play.count("deal-play__restart") == 2
    assert "one for last 1" in play
    for part in ("pone", "dealer", "crib"):
        assert f'data-example="first-deal-{part}"' in html
    assert html.count('data-deal-throw=') == 2
    guide = (site / "guide" / "index.html").read_text(encoding="utf-8")
    assert 'data-deal-play="first-deal"' in guide  # the go as a worked exchange


def test_strategy_numbers_come_from_the_engine(site):
    from cribbage import parse_cards
    from cribbage.advice import crib_value

    html = (site / "strategy" / "index.html").read_text(encoding="utf-8")
    fives = f"{float(crib_value(*parse_cards('5H 5S'))):.2f}"
    assert f"Two fives bring {fives}" in html
    assert html.count('class="crib-table"') == 3
    assert html.count("advice-table") >= 2


def _edit(project: Path, name: str, old: str, new: str) -> tuple[int, int]:
    """Make the edit; the lines where the edited entry starts and where the edit is."""
    path = project / "docs" / "catalog" / name
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new, 1))
    before = text[: text.index(old)]
    return before[: before.rindex("\n- id:") + 1].count("\n") + 1, before.count("\n") + 1


BROKEN = {
    "wrong total": ("deals.yml", "crib: 2}", "crib: 5}",
                    "entry 'first-deal': claimed totals differ from the engine's: crib 5 (engine: 2)"),
    "illegal card": ("deals.yml", "play: 8D 8C", "play: 8C 8D",
                     "entry 'first-deal': laying the eight of clubs now is not legal with this seed"),
    "unknown source": ("disputes.yml", "sources: [acc 6.3]", "sources: [wikipedia]",
                       "entry 'heels-after-a-card-is-played': source 'wikipedia' is not in sources.yml"),
}


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_a_wrong_deal_or_source_stops_the_build(case, project, tmp_path):
    name, old, new, message = BROKEN[case]
    entry, line = _edit(project, name, old, new)
    result = build(project, tmp_path / "out")
    assert result.returncode != 0
    assert message in result.stderr, result.stderr[-2000:]
    where = re.search(rf"docs/catalog/{name}:(\d+)", result.stderr)
    assert where, result.stderr[-2000:]
    assert entry <= int(where.group(1)) <= line  # the broken entry, where it starts or at the edit


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_the_catalog_command_finds_what_stops_the_build(case, tmp_path, capsys):
    project = tmp_path / "project"
    shutil.copytree(ROOT / "docs" / "catalog", project / "docs" / "catalog")
    name, old, new, message = BROKEN[case]
    entry, line = _edit(project, name, old, new)
    assert check_catalog([str(project / "docs" / "catalog")]) == 1
    printed = capsys.readouterr().out
    assert message in printed, printed[-2000:]
    where = re.search(rf"docs/catalog/{name}:(\d+)", printed)
    assert where, printed[-2000:]
    assert entry <= int(where.group(1)) <= line
