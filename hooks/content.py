"""Page helpers for the rules content: engine constants, sources, strategy numbers, the worked deal.

Everything here is a number the engine computes or a rule constant it defines, so a page
never types one. Catalog prose may use the same helpers (``{{ rule("GAME_HOLE") }}``):
``expand`` renders them before the text is turned into HTML. Source references
(``acc 8.3``, ``pagat``, ``hoyle laws``) are checked against docs/catalog/sources.yml.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any, Final

from jinja2 import Environment, StrictUndefined
from markupsafe import Markup, escape

from cribbage import DECK, parse_cards, rules
from cribbage.advice import advise, crib_value
from cribbage.cards import RANKS, Card
from cribbage.play import can_play, score_play_card
from hooks import citations
from hooks import deal as worked_deal
from hooks.catalog import worked_deals
from hooks.catalog.links import source_problem

RULES: Final[Mapping[str, int]] = rules.as_json()  # the one place the game's numbers live



class ContentHelpers:
    """Helpers bound to one build's renderer (its catalog, statistics and templates)."""

    def __init__(self, renderer: Any):
        self.renderer = renderer
        self.catalog = renderer.catalog
        self.deals: dict[str, worked_deal.WorkedDeal] = worked_deals(self.catalog)  # replayed when checked
        self.prose = Environment(undefined=StrictUndefined, autoescape=False)  # per build, like the rest

    # --- what pages and templates call ----------------------------------------------------------

    def functions(self) -> dict[str, Callable[..., Any]]:
        return {
            "rule": self.rule, "once_around": self.once_around, "skunk_margin": self.skunk_margin,
            "src": self.src, "sources_list": self.sources_list,
            "crib_value": self.crib_value, "crib_table": self.crib_table,
            "advice_table": self.advice_table, "reply_odds": self.reply_odds,
            "ten_cards": self.ten_cards, "deal": self.deal, "deal_count": self.deal_count,
            "deal_seed": lambda ident: self.deals[ident].seed,
            "deal_starter": lambda ident: self.deals[ident].starter.name,
        }

    def expand(self, text: Any) -> str:
        """Catalog prose with its helper calls rendered (numbers from the engine)."""
        prose = str(text)
        if "{{" not in prose:
            return prose
        return str(self.prose.from_string(prose).render(**self.renderer.functions()))

    def once_around(self) -> str:
        """A game once around the board: half the holes before the game hole, plus it (61)."""
        return str(RULES["SHORT_GAME_HOLE"])

    def skunk_margin(self, double: bool = False) -> str:
        """The winning margin that makes a skunk (31) or a double skunk (61), from the lines."""
        line = RULES["DOUBLE_SKUNK_LINE"] if double else RULES["SKUNK_LINE"]
        return str(RULES["GAME_HOLE"] - line + 1)

    def rule(self, name: str) -> str:
        if name not in RULES:
            raise KeyError(f"rule('{name}'): no such constant in cribbage.rules ({', '.join(RULES)})")
        return str(RULES[name])

    def src(self, *refs: str) -> Markup:
        """Inline source marks, e.g. {{ src("acc 8.3", "hoyle laws") }}."""
        for ref in refs:
            problem = source_problem(self.catalog, ref)
            if problem:
                raise KeyError(problem)
        return self._inline("source_refs.html", refs=[self._ref(r) for r in refs], inline=True)

    def source_refs(self, refs: list[str], inline: bool = False) -> Markup:
        """A catalog entry's sources: a "Sources:" line, or inline marks in a sentence."""
        render = self._inline if inline else self._block
        return render("source_refs.html", refs=[self._ref(r) for r in refs], inline=inline)

    def _ref(self, ref: str) -> dict[str, str]:
        ident, _, locator = ref.partition(" ")
        entry = self.catalog.sources[ident]
        word = entry.get("locator_word")
        numbered = citations.known_rules(entry)  # a rule book: "ACC 8.3", titled from sources.yml
        title = str(entry["title"])
        if not locator:
            label = entry["short"]
        elif numbered:  # "ACC 8.3", the form the pages write it in
            label = f"{entry['short']} {locator}"
            rule = numbered.get(".".join(locator.split(".")[:2]))  # "10.1.a" is a clause of 10.1
            title = f"{label}: {rule}. {title}" if rule else title
        elif word:  # "Rule 8.3"
            label = f"{entry['short']} {word} {locator}"
        else:  # "Hoyle, laws"
            label = f"{entry['short']}, {locator}"
        return {"id": ident, "label": str(label).strip(), "title": title}

    def sources_list(self) -> Markup:
        """Each source under its own heading (listed in the table of contents, linkable by id)."""
        parts = []
        for ident, entry in self.catalog.sources.items():
            title = str(escape(entry["title"])).replace("{", "&#123;").replace("}", "&#125;")
            parts.append(f"\n\n## {title} {{#{ident}}}\n\n")
            parts.append(self._block("sources.html", entry=entry, rows=_rule_rows(entry)))
        return Markup("".join(parts))

    # --- strategy numbers -----------------------------------------------------------------------

    def crib_value(self, cards: str) -> str:
        """Average crib, in points, of two thrown cards such as "5H 5S" (random other cards)."""
        first, second = parse_cards(cards, 2, "crib_value")
        return f"{float(crib_value(first, second)):.2f}"

    def crib_table(self, which: str, count: int = 8) -> Markup:
        """The pairs of cards thrown, by average crib: 'best', 'worst' or 'pairs' (A-A to K-K)."""
        rows = _crib_rows()
        if which == "pairs":
            chosen = [r for r in rows if r["low"] == r["high"]]
            chosen.sort(key=lambda r: RANKS.index(r["low"]))
        elif which == "best":
            chosen = rows[:count]
        elif which == "worst":
            chosen = rows[-count:][::-1]
        else:
            raise KeyError(f"crib_table('{which}'): use best, worst or pairs")
        return self._block("crib_table.html", rows=chosen, which=which)

    def advice_table(self, six: str, dealer: bool, top: int = 3) -> Markup:
        """The engine's best throws for a six-card deal, with the kept hand's and the crib's values."""
        throws = advise(parse_cards(six, 6, "advice_table"), dealer=dealer)
        rows = throws[:top] + ([throws[-1]] if top < len(throws) else [])
        return self._block("advice.html", rows=rows, dealer=dealer, six=parse_cards(six),
                           worst=len(throws))

    def reply_odds(self, laid: str) -> str:
        """How many of the unseen cards score at once when laid on this count ("19 of 51")."""
        cards = parse_cards(laid)
        unseen = [c for c in DECK if c not in cards]
        count = sum(c.value for c in cards)
        scoring = [c for c in unseen if can_play(c, count) and score_play_card(cards, c)]
        return f"{len(scoring)} of the {len(unseen)}"

    def ten_cards(self) -> str:
        return str(sum(1 for card in DECK if card.value == 10))

    # --- the worked deal ------------------------------------------------------------------------

    def deal(self, ident: str, part: str) -> Markup:
        """One part of a worked deal: 'discards', 'play', 'show' or 'scores'."""
        data = self.deals[ident]
        entry = self.catalog.deals[ident]
        if part == "show":
            return Markup("".join(self._show(ident, role, data) for role in ("pone", "dealer", "crib")))
        return self._block(f"deal_{part}.html", deal=data, entry=entry)

    def deal_count(self, ident: str, number: int = 1) -> Markup:
        """One count of the worked deal's play (up to its restart), for the guide."""
        steps = self.deals[ident].steps
        counts: list[list[worked_deal.Step]] = [[]]
        for step in steps:
            counts[-1].append(step)
            if step.kind == "restart":
                counts.append([])
        return self._block("deal_play.html", deal=self.deals[ident], entry=self.catalog.deals[ident],
                           steps=counts[number - 1], excerpt=True)

    def _show(self, ident: str, role: str, data: worked_deal.WorkedDeal) -> Markup:
        titles = {"pone": "The pone's hand", "dealer": "The dealer's hand", "crib": "The dealer's crib"}
        notes = self.catalog.deals[ident].get("notes", {}) or {}
        entry = {"id": f"{ident}-{role}", "title": titles[role], "crib": role == "crib",
                 "explanation": notes.get(role, "")}
        return self._block("example.html", entry=entry, result=data.shows[role])

    def _block(self, template: str, **context: Any) -> Markup:
        return Markup(self.renderer._block(template, **context))

    def _inline(self, template: str, **context: Any) -> Markup:
        """A template rendered for use inside a sentence: no blank lines around it."""
        html = self.renderer.env.get_template(template).render(url=self.renderer.url, **context)
        return Markup(html.strip())


def _rule_rows(entry: Any) -> list[dict[str, str]]:
    """A rule book's listed numbers for the sources page: each rule with its chapter's title
    (chapters are listed as whole numbers, "10" for Muggins)."""
    listed = citations.known_rules(entry)
    rows = []
    for number, title in listed.items():
        if "." in number:
            chapter = number.split(".")[0]
            part = f"Rule {chapter}" + (f", {listed[chapter]}" if chapter in listed else "")
            rows.append({"number": number, "title": title, "chapter": part})
    return rows


def _crib_rows() -> list[dict[str, Any]]:
    """Every class of thrown pair (rank pair, suited or not), best average crib first."""
    rows: list[dict[str, Any]] = []
    for low in range(1, 14):
        for high in range(low, 14):
            suits = [(0, 1)] if low == high else [(0, 1), (0, 0)]
            for a, b in suits:
                first, second = Card.of(low, a), Card.of(high, b)
                value: Fraction = crib_value(first, second)
                rows.append({"low": RANKS[low - 1], "high": RANKS[high - 1],
                             "suited": low != high and a == b, "value": f"{float(value):.2f}",
                             "exact": value, "cards": (first, second)})
    rows.sort(key=lambda r: Fraction(r["exact"]), reverse=True)
    return rows
