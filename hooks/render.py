"""Render verified catalog entries and engine statistics into page content.

Pages call these through Jinja in their Markdown, e.g. ``{{ example("perfect-29") }}``.
HTML comes from the templates in overrides/partials/catalog/; all catalog text
is escaped by Jinja, with a small inline-Markdown pass for emphasis and code.
"""

from __future__ import annotations

import html as html_lib
import re
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, Final

import markdown
from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape
from markupsafe import Markup, escape

from cribbage import DECK, parse_cards, rules
from cribbage.backend import links, vocabulary
from cribbage.cards import Card
from cribbage.kinds import SHOW_KINDS
from cribbage.show import ShowScore
from cribbage.stats import ShowStatistics
from cribbage.variants import VARIANT_NAMES
from cribbage.words import number_word
from hooks.catalog import Catalog, Entry, PlayResult, rules_quiz_questions
from hooks.chart import distribution_svg
from hooks.content import ContentHelpers
from hooks.variants import VariantHelpers, in_words

SCORER_PAGE: Final = "scorer.md"
TABLE_PAGE: Final = "table.md"


def kind_heading(kind: str) -> str:
    """A show category's heading in a breakdown's subtotals ("Fifteens"), from the engine."""
    words = vocabulary.kind_words(kind)
    return words.heading if words is not None else kind


def scorer_fragment(result: ShowScore | PlayResult) -> str | None:
    """The scorer's link fragment (no '#') that replays a verified example or play; None for a
    play the scorer cannot replay (see ``PlayResult.steps``)."""
    if isinstance(result, PlayResult):
        steps = result.steps
        return None if steps is None else links.play_fragment(steps)
    return links.show_fragment(result.hand, result.starter, result.is_crib)


def template_globals() -> dict[str, Any]:
    """What every catalog template may use besides its own context: the engine's words and numbers."""
    return {"card": card_context, "item_label": vocabulary.kind_label, "kind_heading": kind_heading,
            "words": number_word, "rules": rules.as_json()}



# Said inside each control that needs the engine until it is ready (docs/assets/js/mount.js
# removes it): in the page's HTML from the start, so nothing moves at first paint.
ENGINE_WAIT = Markup('<span class="engine-wait" data-engine-wait> (engine loading)</span>')

class InlineMarkdown:
    """Emphasis, code and typographic quotes from catalog prose; raw HTML in it is escaped.

    One converter per build (building one is costly; it is reset before each use)."""

    def __init__(self) -> None:
        self.converter = markdown.Markdown(extensions=["smarty"])

    def __call__(self, text: str) -> Markup:
        # Escape markup but not quotes: smarty turns "..." and it's into typographic quotes,
        # and quotes outside a tag are plain text in HTML.
        safe = str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
        html = self.converter.reset().convert(safe)
        if html.startswith("<p>") and html.endswith("</p>") and html.count("<p>") == 1:
            html = html[3:-4]
        return Markup(html)


def card_context(card: Card) -> dict[str, Any]:
    rank = card.label[:-1]
    return {"code": card.code, "rank": rank, "suit": card.label[-1], "name": card.name,
            "red": card.is_red, "suit_name": card.name.rsplit(" ", 1)[-1]}


class Renderer:
    """Everything a page's Markdown can call. ``url`` turns 'page.md#anchor' into a page-relative URL."""

    def __init__(self, catalog: Catalog, stats: ShowStatistics, templates: Path) -> None:
        self.catalog = catalog
        self.stats = stats
        self.env = Environment(
            loader=FileSystemLoader(str(templates)),
            autoescape=select_autoescape(["html"]),
            undefined=StrictUndefined,
            trim_blocks=True,
            lstrip_blocks=True,
        )
        self.url: Callable[[str], str] = lambda target: target
        self.content = ContentHelpers(self)  # rule constants, sources, strategy, the worked deal
        self.variants: Callable[[], dict[str, Any]] = dict  # the variants page's (SiteBuild sets them)
        self.storage_keys: dict[str, str] = {}  # storage.js's KEYS (SiteBuild reads them)
        self.inline_markdown = InlineMarkdown()
        self.env.filters["md"] = lambda text: self.inline_markdown(self.content.expand(text))
        self.env.globals.update(template_globals(), scorer_href=self.scorer_href,
                                source_refs=self.content.source_refs, rule=self.content.rule,
                                plain=self.plain)

    def scorer_href(self, result: ShowScore | PlayResult) -> str | None:
        """The "Try it" link: the scorer page with the engine's fragment for this result (None: no link)."""
        fragment = scorer_fragment(result)
        return None if fragment is None else f"{self.url(SCORER_PAGE)}#{fragment}"

    def storage_key(self, name: str) -> str:
        """A localStorage key from docs/assets/js/storage.js, for a page's inline script."""
        if name not in self.storage_keys:
            raise ValueError(f"storage_key({name!r}): storage.js defines no such key "
                             f"(it has {', '.join(sorted(self.storage_keys)) or 'none'})")
        return self.storage_keys[name]

    def scorer_variant_link(self, name: str, text: str) -> Markup:
        """A link to the scorer set to a variant (``#variant=five-card``), for the variants page.

        HTML rather than a Markdown link: MkDocs would take the fragment for a heading's anchor."""
        return self._variant_link("scorer_variant_link", SCORER_PAGE, name, text)

    def table_variant_link(self, name: str, text: str, seats: list[str] | None = None) -> Markup:
        """A link to the table that starts a game of a variant (``#variant=five-card``, the scorer's fragment),
        with ``seats`` who plays each seat (``["human", "computer", "human", "computer"]``: people as well)."""
        return self._variant_link("table_variant_link", TABLE_PAGE, name, text, seats)

    def _variant_link(self, helper: str, page: str, name: str, text: str, seats: list[str] | None = None) -> Markup:
        if name not in VARIANT_NAMES:
            raise KeyError(f"{helper}('{name}'): no such variant ({', '.join(VARIANT_NAMES)})")
        try:
            fragment = links.table_fragment(name, seats) if seats is not None else links.variant_fragment(name)
        except ValueError as error:
            raise KeyError(f"{helper}('{name}', seats={seats}): {error}") from None
        href = f"{self.url(page)}#{fragment}"
        return Markup('<a href="{}">{}</a>').format(href, text)

    def plain(self, text: object) -> str:
        """Catalog or front-matter prose as one line of plain text (for titles, descriptions, previews)."""
        return plain_text(str(self.inline_markdown(self.content.expand(text))))

    # --- page functions -------------------------------------------------------------------------

    def functions(self) -> dict[str, Any]:
        """Page Markdown's Jinja names: the functions below and the engine's rule numbers."""
        return {
            "rules": rules.as_json(), "vocabulary": vocabulary.as_json(),
            "example": self.example, "play": self.play, "patterns": self.patterns,
            "faq_all": self.faq_all, "faq_answer": self.faq_answer, "disputes": self.disputes,
            "corrections": self.corrections, "ruling": self.ruling, "house_rules": self.house_rules,
            "irregularities": self.irregularities,
            "house_rules_summary": self.house_rules_summary,
            "glossary": self.glossary, "stat": self.stat, "score_chart": self.score_chart,
            "examples_where": self.examples_where, "plays_all": self.plays_all,
            "examples_index": self.examples_index,
            "cards": self.cards, "card_picker": self.card_picker, "card_slots": self.card_slots,
            "engine_wait": ENGINE_WAIT,
            "example_line": self.example_line, "play_line": self.play_line,
            "score_sheet": self.score_sheet, "tally_box": self.tally_box, "rules_quiz": self.rules_quiz,
            "tool_cards": self.tool_cards, "storage_key": self.storage_key,
            "scorer_variant_link": self.scorer_variant_link, "table_variant_link": self.table_variant_link,
            **self.content.functions(), **VariantHelpers(self.variants).functions(),
        }

    def _block(self, template: str, **context: Any) -> Markup:
        html = self.env.get_template(template).render(url=self.url, **context)
        # A raw HTML block for Markdown; unindented, or Markdown inside a markdown="1"
        # element would read indented lines as code (our templates hold no <pre>).
        html = "\n".join(line.strip() for line in html.strip().splitlines())
        return Markup("\n\n" + html + "\n\n")

    def example(self, ident: str, standalone: bool = False) -> Markup:
        entry = self.catalog.examples[ident]
        return self._block("example.html", entry=entry, result=self.catalog.results[("examples", ident)],
                           standalone=standalone, teaches=self.teaches(ident), own_page=True)

    def example_line(self, ident: str) -> Markup:
        """A verified example in one line, for the printed rules."""
        return self._block("example_line.html", entry=self.catalog.examples[ident],
                           result=self.catalog.results[("examples", ident)])

    def play_line(self, ident: str) -> Markup:
        return self._block("play_line.html", entry=self.catalog.plays[ident],
                           result=self.catalog.results[("plays", ident)])

    def score_sheet(self, rows: int, players: str = "AB", label: str = "Player", hand: str = "Hand") -> Markup:
        """A grid of deals: for each player (or team) pegging, hand, crib and the running total."""
        return self._block("score_sheet.html", rows=rows, players=list(players), label=label, hand=hand)

    def rules_quiz(self) -> Markup:
        """Every quiz question of the FAQ and the disputes, each with its explanation and link."""
        return self._block("rules_quiz.html", entries=rules_quiz_questions(self.catalog))

    def tally_box(self, players: str = "AB", label: str = "Player") -> Markup:
        return self._block("tally.html", players=list(players), label=label)

    def tool_cards(self, tools: list[dict[str, str]]) -> Markup:
        """The home page's cards, one whole-card link each: {"page": "scorer.md", "name": ..., "what": ...}.
        The list is written once, in the page; a page that does not exist stops the build."""
        for tool in tools:
            missing = {"page", "name", "what"} - set(tool)
            if missing:
                raise KeyError(f"tool_cards: an entry lacks {', '.join(sorted(missing))}: {tool!r}")
        return self._block("tool_cards.html", tools=tools)

    def teaches(self, ident: str) -> list[tuple[str, str]]:
        """What a counted example shows, as (key, label): the kinds that score, crib, a mistake."""
        entry, result = self.catalog.examples[ident], self.catalog.results[("examples", ident)]
        topics = [(kind, kind_heading(kind)) for kind, points in result.by_kind.items() if points]
        if not result.total:
            topics.append(("nothing", "Nothing scores"))
        if entry.get("crib"):
            topics.append(("crib", "Crib rules"))
        if "mistaken" in entry:
            topics.append(("mistake", "A counting mistake"))
        return topics

    def examples_index(self) -> Markup:
        """Every counted example by total (highest first), with what it teaches, and a filter."""
        rows = sorted(
            ((entry, self.catalog.results[("examples", ident)], self.teaches(ident))
             for ident, entry in self.catalog.examples.items()),
            key=lambda row: (-row[1].total, row[0]["title"]),
        )
        counts: dict[str, int] = {}
        labels: dict[str, str] = {}
        for _entry, _result, teaches in rows:
            for key, label in teaches:
                counts[key] = counts.get(key, 0) + 1
                labels[key] = label
        order = [*SHOW_KINDS, "nothing", "crib", "mistake"]
        topics = [(key, labels[key]) for key in order if key in counts]
        return self._block("examples_index.html", rows=rows, topics=topics, counts=counts)

    def examples_where(self, kind: str) -> Markup:
        """All examples that are corrections ('corrections') or not ('counted'), with headings."""
        wanted = kind == "corrections"
        return Markup("".join(
            self.example(ident)
            for ident, entry in self.catalog.examples.items()
            if ("mistaken" in entry) == wanted
        ))

    def play(self, ident: str) -> Markup:
        entry = self.catalog.plays[ident]
        return self._block("play.html", entry=entry, result=self.catalog.results[("plays", ident)])

    def plays_all(self) -> Markup:
        return Markup("".join(self.play(ident) for ident in self.catalog.plays))

    def patterns(self) -> Markup:
        rows = [(entry, self.catalog.results[("patterns", ident)]) for ident, entry in self.catalog.patterns.items()]
        return self._block("patterns.html", rows=rows)

    def faq_all(self) -> Markup:
        """Markdown headings (so the table of contents lists them) with each answer block."""
        parts: list[str] = []
        topic = None
        for ident, entry in self.catalog.faq.items():
            if entry.get("topic") and entry["topic"] != topic:
                topic = entry["topic"]
                parts.append(f"\n\n## {topic}\n\n")
            parts.append(f"\n\n### {_heading_text(self.content.expand(entry['question']))} {{#{ident}}}\n\n")
            parts.append(self.faq_answer(ident))
        return Markup("".join(parts))

    def faq_answer(self, ident: str, standalone: bool = False) -> Markup:
        entry = self.catalog.faq[ident]
        example = self.example(entry["example"]) if entry.get("example") else ""
        play = self.play(entry["play"]) if entry.get("play") else ""
        found = self.catalog.ruling(entry["ruling"]) if entry.get("ruling") else None
        stance = self._stance() if entry.get("house_rules") else None
        return self._block("faq.html", ident=ident, entry=entry, example=example, play=play,
                           standalone=standalone, ruling=found[1] if found else None, stance=stance)

    def disputes(self) -> Markup:
        """Every dispute under its question (a heading, so the table of contents lists it)."""
        return Markup("".join(self.ruling(ident) for ident in self.catalog.disputes))

    def corrections(self, section: str) -> Markup:
        """The corrections page's rulings of one section, in file order."""
        idents = [ident for ident, entry in self.catalog.corrections.items() if entry["section"] == section]
        if not idents:
            raise KeyError(f"corrections('{section}'): no entry of corrections.yml has section: {section}")
        return Markup("".join(self.ruling(ident) for ident in idents))

    def irregularities(self) -> Markup:
        """The corrections page's table of the rule book's irregularities (irregularities.yml): one
        row per ACC rule, titled as sources.yml lists it, with a link to its ruling in full."""
        titles = self.catalog.acc_rules()
        rows = []
        for entry in self.catalog.irregularities.values():
            found = self.catalog.ruling(entry["ruling"]) if entry.get("ruling") else None
            more = None
            if found:
                kind, ruling = found
                page = "disputes.md" if kind == "disputes" else "corrections.md"
                more = (f"{page}#{ruling['id']}", ruling["question"] if kind == "disputes" else ruling["title"])
            rows.append({"entry": entry, "title": titles[entry["rule"]], "more": more})
        return self._block("irregularities.html", rows=rows)

    def ruling(self, ident: str) -> Markup:
        """One ruling (a dispute or a correction) under its heading, with its tournament, home
        and site rules; the same partial wherever it is shown."""
        found = self.catalog.ruling(ident)
        if found is None:
            raise KeyError(f"ruling('{ident}'): not in disputes.yml or corrections.yml")
        kind, entry = found
        heading = entry["question"] if kind == "disputes" else entry["title"]
        page = "disputes.md" if kind == "disputes" else "corrections.md"
        return Markup(f"\n\n### {_heading_text(self.content.expand(heading))} {{#{ident}}}\n\n"
                      + self._block("ruling.html", entry=entry, kind=kind, page=page, heading=heading))

    def house_rules(self, brief: bool = False) -> Markup:
        """This site's house-rule stance (house_rules.yml): the summary, and unless ``brief`` each custom."""
        return self._block("house_rules.html", entry=self._stance(), brief=brief, sources=True,
                           summary=True)

    def house_rules_summary(self) -> str:
        """The stance in a few sentences, as catalog prose (the FAQ answer quotes it)."""
        return str(self._stance()["summary"])

    def _stance(self) -> Entry:
        if len(self.catalog.house_rules) != 1:
            raise KeyError(f"house_rules.yml must hold exactly one entry, it holds {len(self.catalog.house_rules)}")
        return next(iter(self.catalog.house_rules.values()))

    def glossary(self) -> Markup:
        entries = sorted(self.catalog.glossary.values(),  # alphabetical, as a reader looks words up
                         key=lambda e: "".join(ch for ch in str(e["term"]).lower() if ch.isalpha()))
        return self._block("glossary.html", entries=entries)

    def cards(self, text: str) -> Markup:
        """Inline card faces for prose, e.g. {{ cards("5H JD") }}."""
        faces = self.env.get_template("cards.html").module.faces(  # type: ignore[attr-defined]
            [card_context(c) for c in parse_cards(text)]
        )
        return Markup(str(faces).strip())

    def card_picker(self, name: str, label: str) -> Markup:
        """All 52 cards as toggle buttons, a row per suit, names and faces from the engine."""
        rows = [[c for c in DECK if c.suit == suit] for suit in (3, 2, 0, 1)]  # ♠ ♥ ♣ ♦
        return self._block("picker.html", name=name, label=label, rows=rows)

    def card_slots(self, *groups: tuple[str, int]) -> Markup:
        """A chosen-cards row's empty slots, (label, size) per group, as the page draws them."""
        return Markup(self.env.get_template("slots.html").render(groups=groups).strip())

    def stat(self, name: str) -> str:
        return _STATS[name](self.stats)

    def score_chart(self) -> Markup:
        svg = distribution_svg(
            self.stats.hand, rules.MAX_SHOW,
            caption=f"How often each show total occurs over all {self.stats.combinations:,} hands",
        )
        return self._block("chart.html", svg=Markup(svg), stats=self.stats)


def plain_text(html: str) -> str:
    """Visible text of an HTML fragment, entities decoded, whitespace collapsed."""
    return " ".join(html_lib.unescape(re.sub(r"<[^>]*>", "", html)).split())


def _heading_text(text: str) -> str:
    """Escape what Markdown or attr_list would read as syntax in a heading."""
    return str(escape(text)).replace("{", "&#123;").replace("}", "&#125;").replace("*", "\\*")


def _most_common(stats: ShowStatistics) -> int:
    return max(stats.hand, key=lambda total: stats.hand[total])


_STATS: Final[Mapping[str, Callable[[ShowStatistics], str]]] = {
    "combinations": lambda s: f"{s.combinations:,}",
    "mean_hand": lambda s: f"{float(s.mean()):.2f}",
    "mean_crib": lambda s: f"{float(s.mean(crib=True)):.2f}",
    "zero_hands": lambda s: f"{s.hand[0]:,}",
    "zero_share": lambda s: f"{float(s.share(0)):.1%}",
    "zero_one_in": lambda s: f"{round(1 / s.share(0))}",
    "impossible": lambda s: in_words(s.impossible(), "or"),
    "impossible_crib": lambda s: in_words(s.impossible(crib=True)),
    "hands_29": lambda s: f"{s.hand[rules.MAX_SHOW]:,}",
    "hands_28": lambda s: f"{s.hand[28]:,}",
    "hands_24": lambda s: f"{s.hand[24]:,}",
    "deals_per_29": lambda s: f"{s.deals_per_29:,}",
    "hand_29_one_in": lambda s: f"{s.combinations // s.hand[rules.MAX_SHOW]:,}",
    "max_total": lambda s: f"{max(s.hand)}",
    "most_common": lambda s: f"{_most_common(s)}",
    "most_common_share": lambda s: f"{float(s.share(_most_common(s))):.1%}",
    "crib_zero_share": lambda s: f"{float(s.share(0, crib=True)):.1%}",
    "share_12_or_more": lambda s: f"{sum(n for t, n in s.hand.items() if t >= 12) / s.combinations:.1%}",
}
