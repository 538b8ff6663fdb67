"""Rulings a table can trust (issue 19): every ruling gives the tournament rule by its ACC
number, the home rule where it differs and what this site does; ACC numbers are checked
against sources.yml; the site's house-rule stance is stated once and no page contradicts it;
and each corrected ruling reads right on the built pages.

Self-contained: only the ``site``, ``project`` and ``rng`` fixtures, and a build of its own.
"""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import ClassVar

import pytest
import yaml

from harness.run import build
from hooks import citations
from hooks.catalog import read_catalog, rules

ROOT = Path(__file__).resolve().parents[2]
CATALOG = ROOT / "docs" / "catalog"


def _catalog(name: str) -> list[dict]:
    return yaml.safe_load((CATALOG / f"{name}.yml").read_text(encoding="utf-8")) or []



def _edit(path: Path, old: str, new: str) -> int:
    """Replace the first ``old`` in ``path``; the line it starts on."""
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return text[: text.index(old)].count("\n") + 1


# --- visible text of the built pages ---------------------------------------------------------------

class _Blocks(HTMLParser):
    """The visible text of a page, one string per block element (paragraph, list item, cell...)."""

    BLOCKS: ClassVar[set[str]] = {"p", "li", "dd", "dt", "td", "th", "h1", "h2", "h3", "h4", "figcaption",
                                  "div", "section", "ol", "ul", "dl", "table", "tr", "main", "article"}
    SKIP: ClassVar[set[str]] = {"script", "style", "svg", "title", "template"}

    def __init__(self) -> None:
        super().__init__()
        self.blocks: list[str] = [""]
        self.skip = 0

    def handle_starttag(self, tag, attrs):
        if tag in self.SKIP:
            self.skip += 1
        elif tag in self.BLOCKS:
            self.blocks.append("")

    def handle_endtag(self, tag):
        if tag in self.SKIP:
            self.skip = max(0, self.skip - 1)
        elif tag in self.BLOCKS:
            self.blocks.append("")

    def handle_data(self, data):
        if not self.skip:
            self.blocks[-1] += data


def blocks(path: Path) -> list[str]:
    parser = _Blocks()
    parser.feed(path.read_text(encoding="utf-8"))
    return [text for text in (" ".join(b.replace("¶", " ").split()) for b in parser.blocks) if text]


def text(site: Path, page: str) -> str:
    """A built page's visible text as one string, typographic quotes kept."""
    return " ".join(blocks(site / page / "index.html"))


def fragment(site: Path, page: str, start: str, end: str) -> str:
    """The visible text of the HTML from the first ``start`` to the next ``end`` after it."""
    raw = (site / page / "index.html").read_text(encoding="utf-8")
    begin = raw.index(start)
    stop = raw.index(end, begin)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", raw[begin:stop])).split())


def ruling(site: Path, page: str, ident: str) -> str:
    return fragment(site, page, f'data-ruling="{ident}"', 'class="ruling__links"')


def answer(site: Path, ident: str) -> str:
    return fragment(site, "faq", f'data-faq="{ident}"', 'class="faq-answer__links"')


def term(site: Path, ident: str) -> str:
    return fragment(site, "glossary", f'<dt id="{ident}"', "</dd>")


# --- 1. an unknown ACC rule number stops the build, with file:line --------------------------------

def test_an_unknown_or_miswritten_acc_rule_number_stops_the_build(project, tmp_path):
    faq_line = _edit(project / "docs" / "catalog" / "faq.yml", "(ACC 8.11)", "(ACC 8.19)")
    guide_line = _edit(project / "docs" / "guide.md", '{{ src("acc 6.3") }}', '{{ src("acc 6.9") }}')
    disputes = project / "docs" / "disputes.md"
    disputes.write_text(disputes.read_text(encoding="utf-8") + "\nSee ACC rule 7.3.\n", encoding="utf-8")
    worded_line = disputes.read_text(encoding="utf-8").count("\n")
    result = build(project, tmp_path / "out")
    assert result.returncode != 0
    err = result.stderr
    assert (f"docs/catalog/faq.yml:{faq_line}: entry 'do-i-have-to-peg-out': ACC 8.19 cites a rule number "
            "that sources.yml does not list (hint: ") in err, err[-3000:]
    assert "listed from rule 8: 8 Pegging, 8.1 Recording Score on Board" in err  # the hint names the neighbours
    assert f"docs/guide.md:{guide_line}: acc 6.9 cites a rule number that sources.yml does not list" in err
    assert f"docs/disputes.md:{worded_line}: 'ACC rule 7.3' is not the citation form (hint: write" in err


def test_calling_the_losers_first_deal_a_custom_stops_the_build(project, tmp_path):
    """Issue 42: a rules check in the build, so the wording ACC 1.5 contradicts cannot come back."""
    guide = project / "docs" / "guide.md"
    guide.write_text(guide.read_text(encoding="utf-8") + "\nBetween games the loser deals first, by custom.\n",
                     encoding="utf-8")
    guide_line = guide.read_text(encoding="utf-8").count("\n")
    faq_line = _edit(project / "docs" / "catalog" / "faq.yml", "    The loser of the game just played, which",
                     "    By custom, the loser of the game just played, which")
    result = build(project, tmp_path / "out")
    assert result.returncode != 0
    err = result.stderr
    assert (f"docs/guide.md:{guide_line}: the loser's first deal is called a custom (hint: ACC 1.5 makes it "
            "the rule") in err, err[-3000:]
    assert f"docs/catalog/faq.yml:{faq_line}: the loser's first deal is called a custom" in err
    assert not (tmp_path / "out" / "index.html").exists()


@pytest.mark.parametrize("said", [
    "It is the rule, not a custom: after the first game the loser of the previous game deals first (ACC 1.5).",
    "In a rematch the loser deals first, as the rules say.",
    "Muggins is a custom. The loser pays for the drinks.",
])
def test_the_rules_check_leaves_the_rule_alone(said):
    assert rules.loser_deal_problems(said) == []


def test_the_citation_forms():
    known = {"1.6": "Definitions", "7.3": "Renege", "8.1": "Recording Score on Board",
             "8.4": "Pegging Incorrectly to the Player's Advantage", "10": "Muggins", "10.1": "When in Effect"}
    good = ('The rule (ACC 7.3), a clause (ACC 10.1.a), a chapter (ACC 10), a range (ACC 8.1–8.4),\n'
            'a reference sources: [acc 1.6, pagat] and {{ src("acc 8.4") }}, folded: ACC\n    7.3.')
    assert citations.problems(good, known) == []
    assert [c.number for c in citations.citations(good)] == ["7.3", "10.1", "10", "8.1", "8.4", "1.6", "8.4", "7.3"]
    bad = "One (ACC 7.4).\nTwo: acc 8.10 and ACC 8.1–8.9.\nThree: ACC rule 8.4, rules 4.3 and Rule 10."
    found = [(p.line, p.message) for p in citations.problems(bad, known)]
    assert found == [
        (1, "ACC 7.4 cites a rule number that sources.yml does not list"),
        (2, "acc 8.10 cites a rule number that sources.yml does not list"),
        (2, "ACC 8.1–8.9 cites a rule number that sources.yml does not list"),  # the range's far end
        (3, "'ACC rule 8.4' is not the citation form"),
        (3, "'rules 4.3' is not the citation form"),
        (3, "'Rule 10' is not the citation form"),
    ]


def _cited_numbers() -> set[str]:
    texts = [p.read_text(encoding="utf-8") for p in sorted(CATALOG.glob("*.yml"))]
    texts += [p.read_text(encoding="utf-8") for p in citations.page_files(ROOT / "docs")]
    return {c.number for t in texts for c in citations.citations(t)}


def test_sources_lists_each_cited_number_once_with_a_title_and_nothing_uncited():
    [acc] = [s for s in _catalog("sources") if s["id"] == "acc"]
    numbers = [rule["number"] for rule in acc["rules"]]
    assert len(numbers) == len(set(numbers))
    assert all(isinstance(n, str) and rule["title"].strip() for n, rule in zip(numbers, acc["rules"], strict=True))
    assert "2010" in acc["edition"]
    rules_cited = _cited_numbers()
    listed = {n for n in numbers if "." in n}  # whole numbers are the parts' titles on the sources page
    assert listed == rules_cited - {n for n in rules_cited if "." not in n}, (listed ^ rules_cited)
    assert {n.split(".")[0] for n in listed} <= set(numbers)  # every rule's part has its title too


def test_the_sources_page_lists_each_rule_with_its_title(site):
    page = text(site, "sources")
    assert "ACC 7.3 Renege Rule 7, The Play" in page
    assert "ACC 10.1 When in Effect Rule 10, Muggins" in page
    assert "Edition used: the rules that went into effect in August 2010" in page
    raw = (site / "guide" / "index.html").read_text(encoding="utf-8")
    assert 'title="ACC 6.3: Scoring When the Starter Card Is a Jack.' in raw  # the title on every mark


# --- 2. every ruling gives the tournament rule and the site's, in the same partial ----------------

RULING_PAGES = ("disputes.md", "corrections.md")


def test_every_ruling_has_the_tournament_and_site_fields_and_a_home_source():
    rulings = _catalog("disputes") + _catalog("corrections")
    assert len(rulings) >= 30
    for entry in rulings:
        assert list(citations.citations(entry["tournament"])), f"{entry['id']}: the tournament rule cites no ACC number"
        assert entry["site"].strip(), entry["id"]
        if "home" in entry:  # whose home rule it is, in its text and among the sources
            assert re.search(r"\b(?:Hoyle|Enquire Within|pagat)\b", entry["home"]), entry["id"]
            assert {ref.split()[0] for ref in entry["sources"]} & {"hoyle", "pagat"}, entry["id"]
    ids = [e["id"] for e in rulings]
    assert len(ids) == len(set(ids))


def test_every_faq_answer_that_gives_a_ruling_shows_one():
    rulings = {e["id"] for e in _catalog("disputes") + _catalog("corrections")}
    named = {e["faq"] for e in _catalog("disputes") + _catalog("corrections") if "faq" in e}
    checked = 0
    for entry in _catalog("faq"):
        on_ruling_page = any(link.split("#")[0] in RULING_PAGES for link in entry.get("guide", []))
        if entry["id"] in named or on_ruling_page:
            checked += 1
            assert entry.get("ruling") in rulings or entry.get("house_rules"), entry["id"]
    assert checked >= 30


def test_a_ruling_without_its_fields_is_a_catalog_problem(project):
    catalog_dir = project / "docs" / "catalog"
    line = _edit(catalog_dir / "faq.yml", "  ruling: pegged-too-many\n", "")
    problems = read_catalog(catalog_dir, relative_to=project)[1]
    assert any(p.startswith("docs/catalog/faq.yml:") and "entry 'pegged-too-many': this answer gives a ruling "
               "but shows none (hint: add ruling:" in p for p in problems), problems
    _edit(catalog_dir / "corrections.yml", "ACC 8.6 makes it a matter", "The rule book makes it a matter")
    tournament_line = _edit(catalog_dir / "disputes.yml", "    ACC 8.3: a score pegged", "    A score pegged")
    problems = read_catalog(catalog_dir, relative_to=project)[1]
    assert any(p.startswith(f"docs/catalog/disputes.yml:{tournament_line - 1}: entry 'can-i-correct-my-pegging': "
                            "the tournament rule names no ACC rule number") for p in problems), problems
    assert any("entry 'never-touch-opponents-pegs': the tournament rule names no ACC" in p for p in problems)
    home_line = _edit(catalog_dir / "corrections.yml", "    The old laws in Hoyle (page 248) and in Enquire Within",
                      "    The old laws")
    problems = read_catalog(catalog_dir, relative_to=project)[1]
    assert any(p.startswith(f"docs/catalog/corrections.yml:{home_line - 1}: entry 'pegged-too-many': the home "
                            "rule does not say whose it is") for p in problems), problems
    assert line > 0


def _columns(block: str) -> list[str]:
    return [label for label in ("Tournament rule", "Home rule", "This site") if label in block]


def test_the_columns_are_on_every_ruling_and_ruling_answer(site):
    for name, page in (("disputes", "disputes"), ("corrections", "corrections")):
        for entry in _catalog(name):
            block = ruling(site, page, entry["id"])
            expected = ["Tournament rule", *(["Home rule"] if "home" in entry else []), "This site"]
            assert _columns(block) == expected, (page, entry["id"], block[:300])
    assert "Tournament rule" in ruling(site, "corrections", "what-happens-after-a-misdeal")  # a dispute shown there
    for entry in _catalog("faq"):
        if entry.get("ruling"):
            block = answer(site, entry["id"])
            assert _columns(block)[0] == "Tournament rule" and _columns(block)[-1] == "This site", entry["id"]
            own = fragment(site, f"faq/{entry['id']}", 'data-faq="', 'class="faq-answer__links"')
            assert _columns(own) == _columns(block)  # the answer's own page lays it out the same way


# --- 3. one house-rule stance, and no page that says otherwise -------------------------------------

_NEGATED = r"(?:does not|doesn['’]t|do not|don['’]t|never|won['’]t|will not|cannot|can['’]t)"
_HERE = r"(?:the table|this table|this site|the site|this site['’]s table|the computer|we)"
CONTRADICTIONS = {
    "the table does not play muggins": re.compile(
        rf"\b{_HERE}\b[^.;]*\b{_NEGATED}\s+(?:play|offer|use|include|allow|have)\b[^.;]*\bmuggins\b", re.I),
    "muggins is not played here": re.compile(
        r"\bmuggins\b[^.;]*\b(?:but|and)\s+not\s+played\b|\bnot played by (?:the|this site['’]s) table\b"
        r"|\bdoes not play muggins\b", re.I),
    "muggins on by default": re.compile(r"\bmuggins\b[^.;]*\b(?:on by default|always (?:on|played))\b", re.I),
    "counting your own hand is a house rule": re.compile(
        r"(?:\bown hand\b[^.]*\bhouse rules?\b|\bhouse rules?\b[^.]*\bown hand\b|\bboth are house rules\b)", re.I),
    "counting your own hand is on by default": re.compile(
        r"\bown hand\b[^.;]*\b(?:on by default|always on)\b", re.I),
    "the table scores skunks as extra games": re.compile(
        rf"\b{_HERE}\b(?:(?!\bnot\b|\bnever\b|n['’]t\b)[^.;])*\b(?:scores?|counts?|pays?)\b"
        r"(?:(?!\bnot\b|\bnever\b)[^.;])*\bskunks?\b[^.;]*\b(?:as|for) (?:two|extra|double|2) games\b", re.I),
    "the table does not report skunks": re.compile(
        rf"\b{_HERE}\b[^.;]*\b{_NEGATED}\s+(?:report|count|record|track|play)\b[^.;]*\bskunks?\b", re.I),
}


def contradictions(block: str) -> list[str]:
    """Which statements against the house-rule stance a block of text makes."""
    cleaned = re.sub(r"\bnot a house rule\b", "", block, flags=re.I)
    return [name for name, pattern in CONTRADICTIONS.items() if pattern.search(cleaned)]


@pytest.mark.parametrize("said, wrong", [
    ("House rules such as muggins, skunk stakes and the stinkhole are explained on the disputes page but "
     "not played.", "muggins is not played here"),
    ("The table and the scorer on this site do not play it: muggins.", "the table does not play muggins"),
    ("This site does not play muggins.", "muggins is not played here"),
    ("House rule: explained here, not played by the table or the scorer.", "muggins is not played here"),
    ("Count my own hand. You count your hand and crib yourself. With Muggins on, the computer takes any "
     "points you miss. Both are house rules; the engine counts for you by default.",
     "counting your own hand is a house rule"),
    ("Counting your own hand is a house rule.", "counting your own hand is a house rule"),
    ("Muggins is on by default at the table.", "muggins on by default"),
    ("The table counts a skunk as two games.", "the table scores skunks as extra games"),
    ("The table does not report skunks.", "the table does not report skunks"),
])
def test_the_scan_catches_each_way_of_stating_the_stance_otherwise(said, wrong):
    assert wrong in contradictions(said)


@pytest.mark.parametrize("said", [
    "At this site's table, muggins and counting your own hand are options you switch on before a game, "
    "and both are off by default.",
    "Counting your own hand. The rules: Not a house rule but the ordinary way to play.",
    "Casual players often count a skunk as two games.",
    "The table reports skunks and double skunks in the game's result and in your record, and never scores "
    "them as extra games.",
    "The scorer counts every point and has no muggins.",
    "Muggins never covers penalties or his heels (ACC 10.3).",
])
def test_the_scan_leaves_true_statements_alone(said):
    assert contradictions(said) == []


def _pages(site: Path) -> list[Path]:
    return sorted(p for p in site.rglob("index.html") if "assets" not in p.relative_to(site).parts)


def test_no_built_page_contradicts_the_house_rule_stance(site):
    found = [(str(path.relative_to(site)), block[:160], wrong)
             for path in _pages(site) for block in blocks(path) for wrong in contradictions(block)]
    assert not found, found[:10]
    assert len(_pages(site)) > 100  # the FAQ's and the examples' own pages were read too


def test_the_stance_is_stated_once_and_shown_on_the_four_pages(site):
    [stance] = _catalog("house_rules")
    summary = " ".join(stance["summary"].split()).replace("'", "’")
    for page in ("", "faq", "disputes", "table", "faq/house-rules-here"):
        assert summary in (text(site, page) if page else " ".join(blocks(site / "index.html"))), page
    for page in ("disputes", "table", "faq"):
        page_text = text(site, page)
        for item in stance["items"]:
            assert " ".join(item["table"].split()).replace("'", "’") in page_text, (page, item["name"])
    dispute = ruling(site, "disputes", "do-you-play-muggins")
    assert "Optional rule: in a tournament only when announced before play; at home only when agreed" in dispute
    assert "off by default" in dispute


# --- 4. the findings of issue 19, on the built pages -------------------------------------------------

def test_finding_1_a_misdeal_has_no_tournament_penalty(site):
    block = ruling(site, "disputes", "what-happens-after-a-misdeal")
    assert "ACC 4.4: a wrong number of cards found before the starter is turned is redealt by the same dealer, " \
           "no penalty" in block
    assert "corrections, not penalties (ACC 11.1)" in block and "10 points" in block
    everywhere = " ".join(text(site, p) for p in ("faq", "disputes", "corrections", "guide"))
    for wrong in ("with a 2-point penalty", "usually apply a 2-point penalty", "ACC rule 4.4 covers",
                  "covers every case", "can cost the dealer 2"):
        assert wrong not in everywhere, wrong
    out_of_turn = ruling(site, "corrections", "dealing-out-of-turn")
    assert "ACC 4.1" in out_of_turn and "ACC 3.3" in out_of_turn and "only about the number of cards" in out_of_turn


def test_finding_2_hoyle_is_the_home_rule_and_the_site_follows_the_acc(site):
    sheet = text(site, "print/rules")
    assert "2 to the pone, deal again" not in sheet
    assert "the same dealer deals again, no penalty (ACC 4.4; the old laws gave the pone 2)" in sheet
    guide = text(site, "guide")
    assert "found before the starter is turned, the same dealer deals again, with no penalty" in guide
    block = ruling(site, "disputes", "what-happens-after-a-misdeal")
    home = block[block.index("Home rule"): block.index("This site")]
    assert "peg 2" in home and "chooses between a new deal and having the extra cards drawn" in home
    assert "this site follows the tournament rule" in block[block.index("This site"):]
    assert "2 points to the non-dealer" not in text(site, "disputes")


def test_finding_3_an_overpeg_is_corrected_not_penalised(site):
    everywhere = " ".join(text(site, p) for p in ("faq", "disputes", "corrections", "print/rules"))
    assert "always taken back" not in everywhere and "sets the tournament penalty" not in everywhere
    assert "Putting it back is a correction, not a penalty" in answer(site, "pegged-too-many")
    block = ruling(site, "corrections", "pegged-too-many")
    assert "only for a false claim of game" in block and "if they call it" in block
    assert "15 points backward" in ruling(site, "corrections", "false-claim-of-game")


def test_finding_4_muggins_is_an_option_at_the_table(site):
    assert "This site's table offers it as an option, off by default." in answer(site, "muggins").replace("’", "'")
    home = " ".join(blocks(site / "index.html"))
    assert "but not played" not in home and "muggins and counting your own hand are options" in home


def test_finding_5_counting_your_own_hand_is_the_rule(site):
    table = text(site, "table")
    assert "Both are house rules" not in table
    assert "This is how cribbage is played across a real table" in table
    assert "Not a house rule but the ordinary way to play" in table and "(ACC 9.2)" in table


def test_finding_6_a_wrong_go_and_the_renege(site):
    block = ruling(site, "corrections", "saying-go-with-a-card-that-fits")
    assert "a go may be corrected before either player pegs a point or the opponent plays a card" in block
    assert "the opponent scores 2 for each card that could have been played alone" in block
    assert "decides whether the reneged card is played or dead" in block
    short = answer(site, "said-go-but-could-play")
    assert "Put it right at once" not in short and "taken back only at once" in short


def test_finding_7_the_starter_is_the_fourth_five(site):
    best = answer(site, "best-hand")
    assert "that fourth five turned as the starter" in best and "fifth five" not in text(site, "faq")


def test_finding_8_each_citation_says_what_it_cites(site):
    for ident in ("pegging-out", "count", "dealer", "double-run", "triple-run", "double-double-run"):
        assert "ACC 1.6" not in term(site, ident), ident
    assert "ACC 7.1" in term(site, "count") and "Hoyle" in term(site, "double-double-run")
    say = ruling(site, "corrections", "say-the-count")
    assert "ACC 7.1" in say and "ACC 9.2" in say and "ACC 7.4" not in say
    forgotten = answer(site, "forgotten-points")
    assert "(ACC 8.3)" in forgotten and "ACC 10.1" not in forgotten
    cards = answer(site, "how-many-cards")
    assert "The tournament rules cover only that game" in cards


def test_finding_9_nibs_is_a_current_name(site):
    assert "the rule book’s list of definitions also calls it “nibs”" in text(site, "guide")
    assert "the old name is “nibs”" not in text(site, "guide")
    assert "Old names" not in term(site, "nibs") and "Old names" not in answer(site, "knibs")
    assert "his heels (nibs)" in answer(site, "knibs")


def test_finding_10_only_the_acc_says_hands_off_the_opponents_pegs(site):
    block = ruling(site, "corrections", "never-touch-opponents-pegs")
    assert block.index("ACC 8.6") < block.index("Home rule")
    assert "moving the offender’s peg back themselves" in block
    assert "The old laws did it the other way round" in answer(site, "touching-opponents-pegs")


def test_finding_11_the_loser_deals_first_by_rule(site):
    """Issue 42: ACC 1.5 cuts only for a match's first game; after it the loser deals first."""
    guide = text(site, "guide")
    assert "in every later game the loser of the game before deals first" in guide
    short = answer(site, "who-deals-the-next-game")
    assert "It is the rule, not a custom" in short and "(ACC 1.5)" in short
    block = ruling(site, "corrections", "loser-deals-next-game")
    assert "ACC 1.5" in block and "the loser of the previous game deals first" in block
    assert "by custom" not in block and "The loser deals the next game, by custom" not in text(site, "corrections")
    for said in (guide, short, block, text(site, "board")):
        assert "custom rather than a rule" not in said and "a convention, not a rule" not in said
    assert "In a rematch the loser deals first, as the rules say" in text(site, "board")


def test_finding_12_only_squares_is_a_grid(site):
    variants = blocks(site / "variants" / "index.html")
    [solitaire] = [b for b in variants if b.startswith("Cribbage solitaire")]
    [squares] = [b for b in variants if b.startswith("Cribbage squares")]
    assert "grid" not in solitaire and "four-by-four grid" in squares


def test_finding_13_points_besides_the_cards(site):
    scoring = text(site, "scoring")
    assert "nothing else in cribbage is worth a point" not in scoring
    assert "The only other points in cribbage are penalties" in scoring
    assert "muggins" in scoring and "three for last" in scoring


def test_finding_14_the_lurch_is_not_only_british(site):
    for found in (text(site, "variants"), term(site, "lurch"), answer(site, "what-is-a-lurch")):
        assert "British and American editions of Hoyle alike" in found
        assert "The British lurch" not in found and "British: to lose" not in found


# --- issue 42: two contradictions, nine imprecisions, four missing rules ----------------------------

def test_issue42_counting_your_own_hand_is_never_filed_under_customs_or_house_rules(site):
    home = " ".join(blocks(site / "index.html"))
    assert "The customs players agree on are a matter for each table" not in home
    assert "counting your own hand is simply the rule (ACC 9.2)" in home
    for page in ("disputes", "table"):
        assert "This site’s house rules" not in text(site, page) and "This site's house rules" not in text(site, page)
        assert "house rules and options" in text(site, page)
    assert "Which house rules does this site" not in text(site, "faq")
    assert 'id="this-sites-house-rules"' in (site / "disputes" / "index.html").read_text(encoding="utf-8")


def test_issue42_muggins_is_badged_as_the_rule_books_optional_rule(site):
    block = ruling(site, "disputes", "do-you-play-muggins")
    assert "House rule: played only when agreed" not in block
    assert "Optional rule: in a tournament only when announced before play" in block and "ACC 10.1" in block
    assert "House rule: played only when agreed" in ruling(site, "disputes", _stinkhole_id())


def _stinkhole_id() -> str:
    [entry] = [e for e in _catalog("disputes") if e.get("house_rule")]
    return entry["id"]


def test_issue42_the_nine_imprecisions(site):
    corrections = text(site, "corrections")
    assert "Most tournament \"penalties\" for mistakes are in fact corrections" not in corrections
    assert "Most tournament “penalties” for mistakes are in fact corrections" not in corrections
    assert "15 for a false claim of game" in corrections
    overpeg = ruling(site, "corrections", "pegged-too-many")
    assert "if the opponent claims it before accepting the count" in overpeg and "ACC 9.2" in overpeg
    assert "If you claim it before you accept their count" in answer(site, "pegged-too-many")
    renege = ruling(site, "corrections", "saying-go-with-a-card-that-fits")
    assert "come in under 31" not in renege and "one that makes exactly 31 fits" in renege
    sources = text(site, "sources")
    assert "the same “accepted laws of cribbage”" not in sources and "not on a misdeal" in sources
    assert "Enquire Within" in ruling(site, "corrections", "released-card-is-played")
    sheet = text(site, "print/rules")
    assert "A card turned up in dealing: deal again" not in sheet and "(ACC 4.3; the old laws: always deal" in sheet
    for page in ("variants", "board"):
        assert "No rule book fixes" not in text(site, page) and "a double game when agreed beforehand" in \
            text(site, page).replace("where the players agreed on it beforehand", "when agreed beforehand")
    guide = text(site, "guide")
    assert "no more than half the pack" in guide
    raw = (site / "guide" / "index.html").read_text(encoding="utf-8")
    starter = raw[raw.index("fifth card for both hands"):]
    assert starter.index("ACC 1.6") < starter.index("ACC 6.1")


@pytest.mark.parametrize("ident, rule, said", [
    ("cut-before-every-deal", "ACC 3.3", "costs the dealer a 2-point penalty"),
    ("bottom-card-of-the-cut", "ACC 6.1.b", "penalised 2 points"),
    ("crib-looked-at-early", "ACC 5.2.a", "draws the offender’s two discards blind"),
    ("hand-and-crib-swapped", "ACC 5.2.c", "the penalty is 2 points"),
    ("starter-mixed-into-a-hand", "ACC 9.3.a", "penalise the offender 2 points"),
    ("card-exposed-in-the-deal", "ACC 4.3", "the pone chooses between keeping the hand and a new deal"),
])
def test_issue42_the_missing_rules_are_on_the_corrections_page(site, ident, rule, said):
    block = ruling(site, "corrections", ident)
    assert rule in block and said in block, block[:400]
    assert "ask a judge" not in block


def test_issue42_partners_are_drawn_for_and_the_cut_is_a_rule(site):
    assert "the two highest play together against the two lowest" in text(site, "variants")
    out_of_turn = ruling(site, "corrections", "dealing-out-of-turn")
    assert "costs the dealer 2 points in a tournament (ACC 3.3)" in out_of_turn
    assert "advice for a game at home" not in out_of_turn
    assert "(ACC 4.3)" in answer(site, "card-exposed-in-the-deal")


_RUN_TOGETHER = re.compile(r"(?:Tournament rule|Home rule|This site)(?=[A-Z])|[^\s>](?=The rules:)"
                           r"|[.!?)](?=(?:Home rule|This site) )")  # a column's label run into the last one's text


def test_issue42_search_keeps_a_space_between_a_label_and_its_text(site):
    import json
    docs = json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))["docs"]
    labelled = [d for d in docs if "Tournament rule" in d["text"]]
    assert len(labelled) > 20  # the rulings are indexed
    found = [(d["location"], d["text"][max(0, m.start() - 40): m.end() + 40])
             for d in docs for m in _RUN_TOGETHER.finditer(d["text"])]
    assert not found, found[:5]
    assert any("Tournament rule ACC 10.1" in d["text"] for d in labelled)
    # the copy-link controls are left out of the index (the FAQ's own sentence about them stays)
    assert sum(d["text"].count("Copy link") for d in docs) <= 2


def test_search_keeps_table_cells_apart_and_leaves_the_quiz_answers_out(site):
    import json
    index = json.loads((site / "search" / "search_index.json").read_text("utf-8"))
    docs = {d["location"]: d["text"] for d in index["docs"]}
    rules = docs["sources/#acc"]
    assert "ACC 1.1 Object of the Game Rule 1, The Mechanics" in " ".join(rules.split()), rules[-600:]
    quiz = docs["practice/#rules-quiz"]
    assert "Is the starter turned up before the players put cards in the crib?" in quiz  # the questions stay findable
    assert "The answer is" not in quiz and "Yes No" not in quiz


def test_search_ranks_the_players_pages_above_the_engines_own(site):
    import json
    docs = json.loads((site / "search" / "search_index.json").read_text("utf-8"))["docs"]
    developers = [d for d in docs if d["location"].startswith("developers/")]
    assert developers and all(d.get("boost", 1) < 1 for d in developers)
    assert all(d.get("boost", 1) >= 1 for d in docs if not d["location"].startswith("developers/"))


MISSING_RULES = {  # (corrections entry, its FAQ answer, a phrase of the guide)
    "released-card-is-played": ("can-i-take-back-a-card", "it comes back only if it would take the count past 31"),
    "crib-cards-stay-in-the-crib": ("can-i-change-my-crib-cards", "they stay in the crib"),
    "claim-play-points-before-next-card": ("missed-points-in-the-play", "points not pegged by then are lost"),
    "played-cards-stay-in-front": ("keep-played-cards", "Lay each card face up in front of you"),
    "shuffle-three-times": ("how-many-times-to-shuffle", "shuffled at least three times, face down"),
    "peg-into-the-game-hole": ("do-i-have-to-peg-out", "The game is won by pegging into the game hole"),
}


@pytest.mark.parametrize("ident", sorted(MISSING_RULES))
def test_finding_15_the_missing_rules_are_in_the_guide_corrections_and_faq(site, ident):
    faq, phrase = MISSING_RULES[ident]
    assert phrase in text(site, "guide")
    block = ruling(site, "corrections", ident)
    assert re.search(r"\bACC \d+\.\d+", block) and "Sources:" in block
    assert answer(site, faq) and (site / "faq" / faq / "index.html").exists()
    anchors = (ROOT / "tests" / "published_anchors.txt").read_text(encoding="utf-8").splitlines()
    assert {f"faq/#{faq}", f"corrections/#{ident}"} <= set(anchors)


def test_the_corrections_page_keeps_its_published_sections(site):
    raw = (site / "corrections" / "index.html").read_text(encoding="utf-8")
    for section in ("board-etiquette", "mistakes-in-pegging", "missed-points", "mistakes-in-the-play",
                    "dealing-errors", "cutting-and-shuffling", "the-crib", "winning"):
        assert f'id="{section}"' in raw, section
    sections = {entry["section"] for entry in _catalog("corrections")}
    assert all(f'id="{section}"' in raw for section in sections)  # no entry under a section the page lacks
    assert raw.count('class="ruling"') == len(_catalog("corrections")) + 4  # and four disputes in place


# --- issue 42, item 3: the corrections page's table of every irregularity, rule by rule -----------

# Parts 2 to 10 of the rule book in the 2010 edition's numbers, which the site cites (sources.yml).
# The 2020 edition adds 5.3 (crib card retrieval), which has no 2010 number, and numbers the pegging
# rules after 8.6 one lower: its 8.7 to 8.9 are the rules the "ACC 8" row stands for, its 8.10 is 8.11.
ACC_IRREGULARITIES = (
    "2.1", "2.2", "2.3", "3.1", "3.2", "3.3", "4.1", "4.2", "4.3", "4.4", "4.5", "5.1", "5.2",
    "6.1", "6.2", "6.3", "6.4", "7.1", "7.2", "7.3", "7.4", "8.1", "8.2", "8.3", "8.4", "8.5", "8.6",
    "8", "8.11", "9.1", "9.2", "9.3", "9.4", "9.5", "10.1", "10.2", "10.3", "10.4",
)
_ROW = re.compile(r'<tr id="acc-[\d-]+" data-rule="(?P<rule>[\d.]+)" role="row">(?P<row>.*?)</tr>', re.S)
# the remedy cell after its label
_REMEDY = re.compile(r'class="irregularities__remedy"><span[^>]*>[^<]*</span>\s*(?P<cell>.*?)</td>', re.S)


def _visible(markup: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", markup)).split())


def irregularity_rows(site: Path) -> dict[str, tuple[str, str]]:
    """The table's rows in page order: rule number -> (the row's text, its remedy cell's text)."""
    raw = (site / "corrections" / "index.html").read_text(encoding="utf-8")
    rows: dict[str, tuple[str, str]] = {}
    for match in _ROW.finditer(raw):
        remedy = _REMEDY.search(match["row"])
        rows[match["rule"]] = (_visible(match["row"]), _visible(remedy["cell"]) if remedy else "")
    return rows


def rows_without_a_remedy(rows: dict[str, tuple[str, str]]) -> list[str]:
    """Each rule of ACC_IRREGULARITIES with no row, or whose remedy does not cite it."""
    missing = []
    for rule in ACC_IRREGULARITIES:
        if rule not in rows:
            missing.append(f"ACC {rule}: no row")
        elif not re.match(rf"ACC {re.escape(rule)}\b(?!\.\d)", rows[rule][1]):
            missing.append(f"ACC {rule}: the remedy does not start from the rule")
    return missing


def test_issue42_the_corrections_table_has_every_irregularity_with_its_remedy(site):
    rows = irregularity_rows(site)
    assert list(rows) == list(ACC_IRREGULARITIES)  # each rule once, in the rule book's order
    assert rows_without_a_remedy(rows) == []
    # the penalties the issue lists, each in its rule's row
    for rule, said in (("2.1", "2-point penalty"), ("5.1", "costs 2 points"), ("5.2", "costs 2 points"),
                       ("6.1", "pays 2 points"), ("9.3", "pays 2 points"),
                       ("7.3", "scores 2 for each card that could have been played alone"),
                       ("8.4", "pegs 15 points backward")):
        assert said in rows[rule][1], (rule, rows[rule][1])
    assert rows["2.1"][0].startswith("ACC 2.1 Proper Mixing")  # the title sources.yml gives it
    home = rows["4.4"][0]
    assert "Hoyle (page 248)" in home and "or 4 for a hand found holding extra cards" in home
    assert "Enquire Within: the non-dealer pegs 2." in home
    assert "see the rule book" in rows["7.4"][1] and "see the rule book" in rows["8"][1]
    raw = (site / "corrections" / "index.html").read_text(encoding="utf-8")
    assert raw.index('id="every-irregularity"') < raw.index('id="board-etiquette"')
    # the check itself: a row dropped, or a remedy citing another rule first, is reported
    del rows["7.3"]
    rows["8"] = (rows["8"][0], "ACC 8.4: " + rows["8"][1])
    assert rows_without_a_remedy(rows) == ["ACC 7.3: no row", "ACC 8: the remedy does not start from the rule"]


def test_issue42_the_catalog_checks_each_row_of_the_table(project):
    catalog_dir = project / "docs" / "catalog"
    path = catalog_dir / "irregularities.yml"
    unlisted = _edit(path, 'rule: "4.5"', 'rule: "4.7"')
    uncited = _edit(path, "    ACC 7.4 covers the announcement", "    The rule covers the announcement")
    misplaced = _edit(path, 'rule: "9.5"', 'rule: "9.2"')
    problems = read_catalog(catalog_dir, relative_to=project)[1]
    expected = [
        f"docs/catalog/irregularities.yml:{unlisted}: entry 'acc-4-5': rule '4.7' is not listed under rules",
        "entry 'acc-4-5': the id of the row for ACC 4.7 must be 'acc-4-7'",
        f"docs/catalog/irregularities.yml:{uncited - 1}: entry 'acc-7-4': the remedy must start from its own rule",
        f"docs/catalog/irregularities.yml:{misplaced}: entry 'acc-9-5': ACC 9.2 comes after a later rule",
    ]
    for start in expected:
        assert any(start in p for p in problems), (start, problems)
