"""Load, validate and verify the YAML catalog in docs/catalog/.

Every entry keeps the line it starts on, so each problem is reported as
``file:line: entry 'id': what is wrong`` with a hint on how to fix it. All
problems are collected before the build stops, so one run shows them all.
Verification asks the engine for every claimed number.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

import yaml

from cribbage import CardError, parse_cards, score_count, score_show
from cribbage.play import go_item
from cribbage.show import KINDS, pair_items, run_items
from cribbage.cards import Card

ID_PATTERN = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")


# --- reading YAML with line numbers ------------------------------------------------------------

class Entry(dict):
    """A mapping from the catalog that remembers where it came from."""

    path: str = ""
    line: int = 0
    key_lines: dict[str, int]

    def where(self, key: str | None = None) -> str:
        return f"{self.path}:{self.key_lines.get(key, self.line) if key else self.line}"


class _LineLoader(yaml.SafeLoader):
    pass


def _construct_entry(loader: _LineLoader, node: yaml.MappingNode) -> Entry:
    keys = [key.value for key, _ in node.value]
    duplicated = sorted({k for k in keys if keys.count(k) > 1})
    if duplicated:
        raise yaml.constructor.ConstructorError(
            None, None, f"the key '{duplicated[0]}' appears twice in one entry", node.start_mark
        )
    entry = Entry(loader.construct_mapping(node, deep=True))
    entry.line = node.start_mark.line + 1
    entry.key_lines = {key.value: key.start_mark.line + 1 for key, _ in node.value}
    return entry


_LineLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_entry)


# --- the schema ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class Schema:
    required: tuple[str, ...]
    optional: tuple[str, ...] = ()
    id_key: str = "id"


SCHEMAS = {
    "examples": Schema(
        ("id", "title", "hand", "starter", "total", "points", "explanation"),
        ("crib", "source", "mistaken"),
    ),
    "plays": Schema(
        ("id", "title", "cards", "points", "explanation"),
        ("last_card", "source", "mistaken"),
    ),
    "patterns": Schema(("id", "name", "ranks", "points"), ("note",)),
    "faq": Schema(
        ("id", "question", "answer"),
        ("example", "play", "guide", "aliases", "more", "topic", "downloads", "sources"),
    ),
    "disputes": Schema(("id", "question", "ruling", "reason", "acc"), ("faq", "house_rule", "quiz", "sources")),
    "glossary": Schema(("id", "term", "meaning"), ("faq", "sources")),
    "sources": Schema(("id", "title", "short", "what"), ("locator_word", "address")),
    "deals": Schema(("id", "seed", "discard", "play", "totals"), ("notes",)),
}
EXAMPLE_REF_KEYS = ("example", "play")
MISTAKEN_KEYS = ("says", "total", "points")


class CatalogError(Exception):
    """One or more problems; ``str()`` lists each as file:line: message."""

    def __init__(self, problems: list[str]):
        super().__init__("\n".join(problems))
        self.problems = problems


@dataclass
class Catalog:
    examples: dict[str, Entry] = field(default_factory=dict)
    plays: dict[str, Entry] = field(default_factory=dict)
    patterns: dict[str, Entry] = field(default_factory=dict)
    faq: dict[str, Entry] = field(default_factory=dict)
    disputes: dict[str, Entry] = field(default_factory=dict)
    glossary: dict[str, Entry] = field(default_factory=dict)
    sources: dict[str, Entry] = field(default_factory=dict)
    deals: dict[str, Entry] = field(default_factory=dict)  # replayed by deal.py when rendering
    results: dict[tuple[str, str], Any] = field(default_factory=dict)  # engine output per entry

    def collection(self, name: str) -> dict[str, Entry]:
        return getattr(self, name)


def load_catalog(directory: Path, relative_to: Path | None = None) -> Catalog:
    """Read every collection, check its shape, verify its claims; raise CatalogError."""
    catalog = Catalog()
    problems: list[str] = []
    for name, schema in SCHEMAS.items():
        path = directory / f"{name}.yml"
        shown = str(path.relative_to(relative_to)) if relative_to else str(path)
        for entry in _read_entries(path, shown, problems):
            if _check_shape(entry, schema, problems):
                _add(catalog.collection(name), entry, schema, problems)
    if not problems:
        _verify_all(catalog, problems)
    if problems:
        raise CatalogError(problems)
    return catalog


def _read_entries(path: Path, shown: str, problems: list[str]) -> list[Entry]:
    if not path.exists():
        problems.append(f"{shown}: file missing (every collection needs its file, even if empty: [])")
        return []
    try:
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=_LineLoader)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None) or getattr(error, "context_mark", None)
        line = f":{mark.line + 1}" if mark else ""
        reason = getattr(error, "problem", None) or str(error)
        problems.append(f"{shown}{line}: not valid YAML: {reason} (hint: check indentation and quotes)")
        return []
    if data is None:
        return []
    if not isinstance(data, list) or not all(isinstance(e, Entry) for e in data):
        problems.append(f"{shown}:1: the file must be a list of entries, each starting with '- id:'")
        return []
    for entry in data:
        entry.path = shown
    return data


def _check_shape(entry: Entry, schema: Schema, problems: list[str]) -> bool:
    label = _label(entry, schema)
    ok = True
    for key in entry:
        if key not in schema.required + schema.optional:
            allowed = ", ".join(schema.required + schema.optional)
            problems.append(f"{entry.where(key)}: {label}: unknown key '{key}' (allowed: {allowed})")
            ok = False
    for key in schema.required:
        if entry.get(key) in (None, ""):
            problems.append(f"{entry.where()}: {label}: missing field '{key}' (hint: add '{key}: ...')")
            ok = False
    ident = entry.get(schema.id_key)
    if ident is not None and not (isinstance(ident, str) and ID_PATTERN.match(ident)):
        problems.append(
            f"{entry.where(schema.id_key)}: {label}: id must be lower-case words joined by hyphens"
        )
        ok = False
    return ok


def _add(collection: dict[str, Entry], entry: Entry, schema: Schema, problems: list[str]) -> None:
    ident = entry[schema.id_key]
    if ident in collection:
        first = collection[ident]
        problems.append(
            f"{entry.where(schema.id_key)}: entry '{ident}': duplicate id (first used at "
            f"{first.where(schema.id_key)}; ids are permanent, pick a new one)"
        )
        return
    collection[ident] = entry


def _label(entry: Entry, schema: Schema) -> str:
    return f"entry '{entry.get(schema.id_key, '?')}'"


# --- verification -------------------------------------------------------------------------------

def _verify_all(catalog: Catalog, problems: list[str]) -> None:
    checks: dict[str, Callable[[Entry], Any]] = {
        "examples": verify_example,
        "plays": verify_play,
        "patterns": verify_pattern,
    }
    for name, check in checks.items():
        for ident, entry in catalog.collection(name).items():
            try:
                catalog.results[(name, ident)] = check(entry)
            except ClaimError as error:
                problems.append(f"{entry.where(error.key)}: entry '{ident}': {error}")
    for ident, entry in catalog.faq.items():
        _verify_faq(catalog, ident, entry, problems)
    _check_aliases(catalog, problems)
    _check_cross_links(catalog, problems)
    _check_rules_quiz(catalog, problems)


class ClaimError(Exception):
    def __init__(self, message: str, key: str | None = None):
        super().__init__(message)
        self.key = key


def _cards(entry: Entry, key: str, count: int | None) -> tuple[Card, ...]:
    try:
        return parse_cards(str(entry[key]), count, key)
    except CardError as error:
        raise ClaimError(f"bad card in '{key}': {error}", key) from None


def _int(entry: Entry, key: str) -> int:
    value = entry[key]
    if isinstance(value, bool) or not isinstance(value, int):
        raise ClaimError(f"'{key}' must be a whole number, got {value!r}", key)
    return value


def _claimed_points(entry: Entry, key: str = "points") -> dict[str, int]:
    points = entry[key]
    if not isinstance(points, dict):
        raise ClaimError(f"'{key}' must map categories to points, e.g. {{fifteen: 4, pair: 2}}", key)
    unknown = [k for k in points if k not in KINDS]
    if unknown:
        raise ClaimError(f"unknown category '{unknown[0]}' (use {', '.join(KINDS)})", key)
    return {kind: int(points.get(kind, 0)) for kind in KINDS}


def describe_breakdown(by_kind: dict[str, int], total: int) -> str:
    parts = ", ".join(f"{kind} {points}" for kind, points in by_kind.items() if points)
    return f"{total} ({parts or 'nothing'})"


def verify_example(entry: Entry):
    hand = _cards(entry, "hand", 4)
    starter = _cards(entry, "starter", 1)[0]
    both = hand + (starter,)
    if len(set(both)) != 5:
        raise ClaimError("the starter is also in the hand: a card can only appear once", "starter")
    is_crib = bool(entry.get("crib", False))
    result = score_show(hand, starter, is_crib)
    claimed_total, claimed = _int(entry, "total"), _claimed_points(entry)
    if claimed_total != result.total or claimed != result.by_kind:
        raise ClaimError(
            f"claimed {describe_breakdown(claimed, claimed_total)}, but the engine counts "
            f"{describe_breakdown(result.by_kind, result.total)}: "
            + "; ".join(f"{i.kind} {' '.join(c.label for c in i.cards)} = {i.points}" for i in result.items),
            "total",
        )
    if "mistaken" in entry:
        _verify_mistake(entry, result.total, result.by_kind)
    return result


def _verify_mistake(entry: Entry, total: int, by_kind: dict[str, int] | None) -> None:
    """A correction must quote a claim that really is wrong, or it corrects nothing."""
    mistaken = entry["mistaken"]
    if not isinstance(mistaken, dict) or "says" not in mistaken:
        raise ClaimError("'mistaken' needs 'says' (the wrong claim quoted) and its numbers", "mistaken")
    wrong_total = mistaken.get("total", total)
    wrong_points = mistaken.get("points")
    if by_kind is not None and wrong_points is not None:
        wrong_points = {kind: int(wrong_points.get(kind, 0)) for kind in KINDS}
    if wrong_total == total and (wrong_points is None or wrong_points == by_kind):
        raise ClaimError(
            "the quoted mistake agrees with the engine, so it is not a mistake: remove 'mistaken'",
            "mistaken",
        )


def verify_play(entry: Entry):
    cards = _cards(entry, "cards", None)
    try:
        played = score_count(cards)
    except CardError as error:
        raise ClaimError(f"impossible count: {error}", "cards") from None
    last = played[-1]
    items = list(last.items)
    if entry.get("last_card") and last.count != 31:
        items.append(go_item(last.card))  # nobody can lay after it: one for the last card
    computed = sum(i.points for i in items)
    claimed = _int(entry, "points")
    if claimed != computed:
        reasons = ", ".join(f"{i.kind} {i.points}" for i in items) or "nothing"
        raise ClaimError(
            f"claimed the last card scores {claimed}, but the engine gives {computed} ({reasons})",
            "points",
        )
    if "mistaken" in entry:
        _verify_mistake(entry, computed, None)
    return {"played": played, "items": tuple(items), "points": computed}


def verify_pattern(entry: Entry):
    """Pairs and runs of a rank pattern such as '2 2 3 4' (suits do not matter)."""
    try:
        ranks = [_rank_of(token) for token in str(entry["ranks"]).split()]
    except (ValueError, CardError) as error:
        raise ClaimError(f"bad rank in 'ranks': {error}", "ranks") from None
    cards = _cards_for_ranks(ranks)
    computed = sum(i.points for i in pair_items(cards) + run_items(cards))
    claimed = _int(entry, "points")
    if computed != claimed:
        raise ClaimError(f"claimed {claimed} for pairs and runs, the engine counts {computed}", "points")
    return {"cards": cards, "points": computed}


def _rank_of(token: str) -> int:
    return parse_cards(token + "C", 1, "rank")[0].rank


def _cards_for_ranks(ranks: list[int]) -> tuple[Card, ...]:
    used: dict[int, int] = {}
    cards = []
    for rank in ranks:
        suit = used.get(rank, 0)
        if suit > 3:
            raise ClaimError("a rank appears more than four times", "ranks")
        cards.append(Card.of(rank, suit))
        used[rank] = suit + 1
    return tuple(cards)


def _verify_faq(catalog: Catalog, ident: str, entry: Entry, problems: list[str]) -> None:
    for key, collection in (("example", catalog.examples), ("play", catalog.plays)):
        ref = entry.get(key)
        if ref is not None and ref not in collection:
            problems.append(
                f"{entry.where(key)}: entry '{ident}': {key} '{ref}' is not in the catalog "
                f"(hint: add it to {key}s.yml or fix the id)"
            )
    guide = entry.get("guide", [])
    if not isinstance(guide, list) or not all(isinstance(g, str) and ".md" in g for g in guide):
        problems.append(f"{entry.where('guide')}: entry '{ident}': guide must be a list like [guide.md#the-play]")


def _check_aliases(catalog: Catalog, problems: list[str]) -> None:
    seen: dict[str, str] = {ident: ident for ident in catalog.faq}
    for ident, entry in catalog.faq.items():
        for alias in entry.get("aliases", []) or []:
            if alias in seen:
                problems.append(
                    f"{entry.where('aliases')}: entry '{ident}': alias '{alias}' is already used by '{seen[alias]}'"
                )
            seen[alias] = ident


def _check_rules_quiz(catalog: Catalog, problems: list[str]) -> None:
    for ident, entry in catalog.disputes.items():
        quiz = entry.get("quiz")
        if quiz is None:
            continue
        if not isinstance(quiz, dict) or set(quiz) != {"question", "answer"} or quiz["answer"] not in (True, False):
            problems.append(f"{entry.where('quiz')}: entry '{ident}': quiz needs a question and answer: yes or no")
        elif not entry.get("faq"):
            problems.append(f"{entry.where('quiz')}: entry '{ident}': a quiz question must link its FAQ answer (add faq:)")


def _check_cross_links(catalog: Catalog, problems: list[str]) -> None:
    for name in ("disputes", "glossary"):
        for ident, entry in catalog.collection(name).items():
            ref = entry.get("faq")
            if ref is not None and ref not in catalog.faq:
                problems.append(f"{entry.where('faq')}: entry '{ident}': faq '{ref}' is not a FAQ id")
