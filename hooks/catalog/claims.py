"""The claims: every number an example, a play or a pattern states, recomputed by the engine."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

from cribbage import CardError, parse_cards, rules, score_count, score_show
from cribbage.cards import Card
from cribbage.play import GO, PlayedCard, last_card_items, run_play
from cribbage.show import KINDS, ScoreItem, ShowScore, pair_items, run_items

from .loader import Catalog, Entry

RECOUNT: Final = "write the engine's numbers; to quote someone's wrong count, put it under 'mistaken'"
CARDS_HINT: Final = "cards are a rank (A 2-10 T J Q K) then a suit (C D H S), all different, e.g. JD 5S 5H 5C"


class ClaimError(Exception):
    """A claim the engine disagrees with; ``key`` is the field whose line is reported."""

    def __init__(self, message: str, key: str | None = None, hint: str = RECOUNT):
        super().__init__(message)
        self.key = key
        self.hint = hint


def verify_claims(catalog: Catalog, problems: list[str]) -> None:
    """Recompute every example, play and pattern; keep each result in ``catalog.results``."""
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
                problems.append(f"{entry.where(error.key)}: entry '{ident}': {error} (hint: {error.hint})")


def _cards(entry: Entry, key: str, count: int | None) -> tuple[Card, ...]:
    text: str = entry[key]
    try:
        cards: tuple[Card, ...] = parse_cards(text, count, key)
    except CardError as error:
        raise ClaimError(f"bad card in '{key}': {error}", key, CARDS_HINT) from None
    return cards


def _claimed_points(points: dict[str, int]) -> dict[str, int]:
    return {kind: points.get(kind, 0) for kind in KINDS}


def describe_breakdown(by_kind: dict[str, int], total: int) -> str:
    parts = ", ".join(f"{kind} {points}" for kind, points in by_kind.items() if points)
    return f"{total} ({parts or 'nothing'})"


def verify_example(entry: Entry) -> ShowScore:
    hand = _cards(entry, "hand", 4)
    starter = _cards(entry, "starter", 1)[0]
    if starter in hand:
        raise ClaimError("the starter is also in the hand: a card can only appear once", "starter",
                         "pick a starter that is not one of the four hand cards")
    result: ShowScore = score_show(hand, starter, bool(entry.get("crib", False)))
    claimed_total, claimed = entry["total"], _claimed_points(entry["points"])
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
    wrong_total = mistaken.get("total", total)
    wrong_points = mistaken.get("points")
    same_points = wrong_points is None or by_kind is None or _claimed_points(wrong_points) == by_kind
    if wrong_total == total and same_points:
        raise ClaimError(
            "the quoted mistake agrees with the engine, so it is not a mistake", "mistaken",
            "remove 'mistaken', or give the wrong numbers the quote claims (total, points)",
        )


@dataclass(frozen=True)
class PlayResult:
    """One count as the engine scores it; ``items`` is what the last card takes."""

    played: tuple[PlayedCard, ...]
    items: tuple[ScoreItem, ...]
    go: bool  # the last card also took the go (nobody could lay after it)

    @property
    def points(self) -> int:
        return sum(item.points for item in self.items)

    @property
    def steps(self) -> tuple[Card | None, ...] | None:
        """The cards laid, then None for each go until the count closes: what a scorer link replays
        (in the two-player play scorer both players say go before the last card takes one). None
        when the play scorer would refuse those goes: it replays a play from its lead, where a go is
        impossible while the players still hold cards that fit (the last count of a whole play)."""
        cards = tuple(p.card for p in self.played)
        if not self.go:
            return cards
        tokens = [card.code for card in cards]
        try:
            while run_play(tokens).current and len(tokens) < len(cards) + 2:
                tokens.append(GO)
        except CardError:
            return None
        return cards + (None,) * (len(tokens) - len(cards))


def verify_play(entry: Entry) -> PlayResult:
    cards = _cards(entry, "cards", None)
    try:
        played = score_count(cards)
    except CardError as error:
        raise ClaimError(f"impossible count: {error}", "cards",
                         f"one play example is one count: stop at {rules.THIRTY_ONE} or at the go") from None
    # nobody can lay after the last card: it takes the go unless the engine says otherwise (31)
    go_items = last_card_items(cards) if entry.get("last_card") else ()
    result = PlayResult(played, played[-1].items + go_items, bool(go_items))
    if entry["points"] != result.points:
        reasons = ", ".join(f"{i.kind} {i.points}" for i in result.items) or "nothing"
        raise ClaimError(
            f"claimed the last card scores {entry['points']}, but the engine gives {result.points} ({reasons})",
            "points",
        )
    if "mistaken" in entry:
        _verify_mistake(entry, result.points, None)
    return result


@dataclass(frozen=True)
class PatternResult:
    cards: tuple[Card, ...]
    points: int


def verify_pattern(entry: Entry) -> PatternResult:
    """Pairs and runs of a rank pattern such as '2 2 3 4' (suits do not matter)."""
    try:
        ranks = [rank_of(token) for token in entry["ranks"].split()]
    except (ValueError, CardError) as error:
        raise ClaimError(f"bad rank in 'ranks': {error}", "ranks", "ranks are A, 2-10, T, J, Q or K") from None
    cards = _cards_for_ranks(ranks)
    computed = sum(i.points for i in pair_items(cards) + run_items(cards))
    if computed != entry["points"]:
        raise ClaimError(f"claimed {entry['points']} for pairs and runs, the engine counts {computed}", "points")
    return PatternResult(cards, computed)


def rank_of(token: str) -> int:
    """The rank a token names (``A``, ``2``-``10``, ``T``, ``J``, ``Q``, ``K``), or ``CardError``."""
    try:
        card: Card = parse_cards(token + "C", 1, "rank")[0]
    except CardError:
        raise CardError(f"'{token}' is not a rank (use A, 2-10, T, J, Q or K)") from None
    return card.rank


def _cards_for_ranks(ranks: list[int]) -> tuple[Card, ...]:
    used: dict[int, int] = {}
    cards = []
    for rank in ranks:
        suit = used.get(rank, 0)
        if suit > 3:
            raise ClaimError("a rank appears more than four times", "ranks", "a deck has four cards of each rank")
        cards.append(Card.of(rank, suit))
        used[rank] = suit + 1
    return tuple(cards)
