"""One value per fact: the game's numbers come from cribbage.rules, and no page says otherwise.

Two sides. In the sources (page Markdown, the catalog, the catalog templates) the rule
numbers are never typed: they are written as helper calls such as {{ rule("GAME_HOLE") }},
so the engine's constant is the only place they live. On the built pages, every sentence
that states one of these facts states the engine's value.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path
from typing import ClassVar

import pytest

from cribbage import rules

ROOT = Path(__file__).resolve().parents[2]
RULE_NUMBERS = {rules.GAME_HOLE, rules.SKUNK_LINE, rules.DOUBLE_SKUNK_LINE}
ONCE_AROUND = (rules.GAME_HOLE - 1) // 2 + 1  # a game once around the board
# Pages whose text belongs to the interactive tools; the built-page test still reads them.
NOT_RULES_TEXT = {"scorer.md", "practice.md", "table.md"}


def _rules_sources() -> list[Path]:
    docs = ROOT / "docs"
    pages = [p for p in docs.glob("*.md") if p.name not in NOT_RULES_TEXT]
    return (pages + sorted((docs / "print").glob("*.md")) + sorted((docs / "catalog").glob("*.yml"))
            + sorted((ROOT / "overrides" / "partials" / "catalog").glob("*.html")))


_NOT_PROSE = [
    re.compile(r"\{\{.*?\}\}", re.S),  # helper calls: where the numbers belong
    re.compile(r"\{%.*?%\}", re.S),
    re.compile(r"\]\([^)]*\)"),  # Markdown link targets (anchors such as #winning-at-121)
    re.compile(r"(?m)^\s*-?\s*(?:id|aliases|guide|faq|play|example|seed|quiz|sources):.*$"),
    re.compile(r"(?m)^\s*#.*$"),  # YAML comments name the constants they replace
    re.compile(r"\b[a-z0-9]+(?:-[a-z0-9]+)+\b"),  # ids and anchors
]


def _prose(text: str) -> str:
    for pattern in _NOT_PROSE:
        text = pattern.sub(" ", text)
    return text


@pytest.mark.parametrize("path", _rules_sources(), ids=lambda p: str(p.relative_to(ROOT)))
def test_rule_numbers_are_never_typed(path):
    if (path.suffix == ".md" and path.parent.name == "docs") or path.parent.name == "print":
        text = path.read_text(encoding="utf-8").split("---", 2)[-1]  # front matter is metadata
    else:
        text = path.read_text(encoding="utf-8")
    typed = [m.group(0) for m in re.finditer(r"(?<![\d.])\d+(?![\d.])", _prose(text))
             if int(m.group(0)) in RULE_NUMBERS]
    assert not typed, (f"{path.relative_to(ROOT)} types {sorted(set(typed))}: write "
                       '{{ rule("GAME_HOLE") }}, {{ rule("SKUNK_LINE") }} or {{ once_around() }} instead')


def test_the_check_catches_a_typed_number():
    assert re.search(r"\b91\b", _prose("A loser under 91 is skunked."))
    assert not re.search(r"\b91\b", _prose('A loser under {{ rule("SKUNK_LINE") }} is skunked.'))


# --- the built pages -------------------------------------------------------------------------

class _Text(HTMLParser):
    """Visible text, a line per block, without scripts, styles or the search index."""

    BLOCKS: ClassVar[set[str]] = {"p", "li", "dd", "dt", "td", "th", "h1", "h2", "h3", "h4", "figcaption", "br", "tr"}

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self.skip = 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style", "svg", "title"):
            self.skip += 1
        if tag in self.BLOCKS:
            self.parts.append("\n")

    def handle_endtag(self, tag):
        if tag in ("script", "style", "svg", "title"):
            self.skip -= 1
        if tag in self.BLOCKS:
            self.parts.append("\n")

    def handle_data(self, data):
        if not self.skip:
            self.parts.append(data)


def _clauses(site: Path):
    """(page, clause) for every clause of visible text on the site (split at . ; : and lines)."""
    for page in sorted(site.rglob("*.html")):
        parser = _Text()
        parser.feed(page.read_text(encoding="utf-8"))
        text = " ".join("".join(parser.parts).replace("\n", " \n ").split(" "))
        for line in text.split("\n"):
            for clause in re.split(r"[;:]|\.(?!\d)", line):
                if clause.strip():
                    yield page.relative_to(site), " ".join(clause.split())


# Each fact: the words that mark a clause stating it, how the number is written, the value.
FACTS = {
    "skunk line": (r"\bskunk", r"(?:under|below|reached|reach|fewer than) (\d+)", rules.SKUNK_LINE),
    "double skunk line": (r"\bdouble skunk", r"(?:under|below|reached|fewer than) (\d+)",
                          rules.DOUBLE_SKUNK_LINE),
    "game hole": (r"\b(?:wins|win|pegs? out|game hole|peg reaches)\b",
                  r"(?:first to|reaches|reaching|reach|score|played to|game to) (\d+)\b", rules.GAME_HOLE),
    "twice around": (r"twice around", r"twice around[^\d]{0,40}?(\d+)", rules.GAME_HOLE),
    "once around": (r"once around", r"once around[^\d]{0,30}?(\d+)", ONCE_AROUND),
}


def _parts(name: str, clause: str) -> list[str]:
    """The skunk and the double skunk are often stated in one clause: take each on its own."""
    if "skunk" not in name:
        return [clause]
    parts = [p for p in re.split(r",| and |\)", clause) if "skunk" in p or re.search(r"\d", p)]
    if name == "skunk line":
        return [p for p in parts if "double" not in p and "skunk" in p]
    return [p for p in parts if "double" in p]


def test_every_page_states_each_fact_with_one_value(site):
    found: dict[str, list] = {name: [] for name in FACTS}
    for page, clause in _clauses(site):
        lower = clause.lower()
        for name, (marker, number, _) in FACTS.items():
            if not re.search(marker, lower):
                continue
            for part in _parts(name, lower):
                for value in re.findall(number, part):
                    found[name].append((int(value), str(page), clause))
    disagreements = []
    for name, (_, _, expected) in FACTS.items():
        assert len(found[name]) >= 3, f"the check for '{name}' found almost nothing: {found[name]}"
        disagreements += [f"{name}: {page} says {value}, the engine {expected}: “{clause}”"
                          for value, page, clause in found[name] if value != expected]
    assert not disagreements, "\n".join(disagreements[:20])
