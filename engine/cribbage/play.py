"""The play: what each card laid in a count scores.

A count is the run of cards laid since the total was last reset. Only its
uninterrupted tail can make pairs and runs; fifteen and thirty-one depend on
the running total. The go (last card) point is not a property of a sequence
alone (it depends on what the players still hold), so it is scored by the
game, with ``go_item`` below as its single definition.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from . import rules
from .cards import Card, ensure_distinct, parse_cards
from .errors import CardError
from .show import ScoreItem

_PAIR_POINTS = rules.PAIR_POINTS
_PAIR_KINDS = {2: "pair", 3: "pair royal", 4: "double pair royal"}


@dataclass(frozen=True)
class PlayedCard:
    card: Card
    count: int
    items: tuple[ScoreItem, ...]

    @property
    def points(self) -> int:
        return sum(item.points for item in self.items)

    def to_json(self) -> dict:
        return {
            "card": self.card.code,
            "count": self.count,
            "points": self.points,
            "items": [item.to_json() for item in self.items],
        }


def count_of(cards: Sequence[Card]) -> int:
    return sum(card.value for card in cards)


def can_play(card: Card, count: int) -> bool:
    return count + card.value <= rules.THIRTY_ONE


def score_play_card(previous: Sequence[Card], card: Card) -> tuple[ScoreItem, ...]:
    """Points for laying ``card`` onto the cards already laid in this count."""
    sequence = tuple(previous) + (card,)
    total = count_of(sequence)
    items: list[ScoreItem] = []
    if total == rules.FIFTEEN:
        items.append(ScoreItem("fifteen", sequence, rules.FIFTEEN_POINTS))
    elif total == rules.THIRTY_ONE:
        items.append(ScoreItem("thirty-one", sequence, rules.THIRTY_ONE_POINTS))
    same = _same_rank_tail(sequence)
    if same >= 2:
        items.append(ScoreItem(_PAIR_KINDS[same], sequence[-same:], _PAIR_POINTS[same]))
    run = _run_tail(sequence)
    if run:
        items.append(ScoreItem("run", sequence[-run:], run))
    return tuple(items)


def go_item(last_card: Card) -> ScoreItem:
    """One for the go / last card: the last card of a count that did not make 31."""
    return ScoreItem("go", (last_card,), rules.LAST_CARD_POINTS)


def last_card_items(count_cards: Sequence[Card]) -> tuple[ScoreItem, ...]:
    """What the last card of a finished count takes: the go, unless it made 31 (paid already)."""
    if not count_cards or not rules.last_card_points(count_of(count_cards)):
        return ()
    return (go_item(count_cards[-1]),)


def _same_rank_tail(sequence: Sequence[Card]) -> int:
    rank = sequence[-1].rank
    length = 0
    for card in reversed(sequence):
        if card.rank != rank:
            break
        length += 1
    return length


def _run_tail(sequence: Sequence[Card]) -> int:
    """Length of the longest run (three or more) formed by the last cards laid, any order."""
    for length in range(len(sequence), 2, -1):
        ranks = sorted(card.rank for card in sequence[-length:])
        if all(b == a + 1 for a, b in zip(ranks, ranks[1:])):
            return length
    return 0


def score_count(cards: Sequence[Card] | str) -> tuple[PlayedCard, ...]:
    """Score each card of one count in order. The count may not pass 31."""
    sequence = parse_cards(cards, what="count") if isinstance(cards, str) else tuple(cards)
    ensure_distinct(sequence)
    played: list[PlayedCard] = []
    for position, card in enumerate(sequence):
        before = sequence[:position]
        total = count_of(before) + card.value
        if position and count_of(before) == rules.THIRTY_ONE:
            raise CardError(f"'{card.code}': the count reached {rules.THIRTY_ONE} and ended before this card")
        if total > rules.THIRTY_ONE:
            raise CardError(
                f"'{card.code}': laying the {card.name} would take the count from "
                f"{total - card.value} to {total}, past {rules.THIRTY_ONE}"
            )
        played.append(PlayedCard(card, total, score_play_card(before, card)))
    return tuple(played)


@dataclass(frozen=True)
class PlayStep:
    """One step of a play scorer session: a card laid, or a go that closes the count."""

    card: Card | None  # None for a go
    count: int  # the count after this step; closes_count says whether it then starts again
    items: tuple[ScoreItem, ...]
    closes_count: bool

    def to_json(self) -> dict:
        return {
            "card": self.card.code if self.card else None,
            "go": self.card is None,
            "count": self.count,
            "points": sum(i.points for i in self.items),
            "items": [i.to_json() for i in self.items],
            "closes_count": self.closes_count,
        }


GO = "go"


def score_play_steps(tokens: Sequence[str]) -> tuple[PlayStep, ...]:
    """Cards laid one after another across counts; the word 'go' closes the current count.

    A count also closes by itself at 31 (2 points, no go). A go pays the last card 1.
    """
    steps: list[PlayStep] = []
    current: list[Card] = []
    seen: set[Card] = set()
    for token in tokens:
        if token.strip().lower() == GO:
            if not current:
                raise CardError("'go': there is no count to close (lay a card first)")
            steps.append(PlayStep(None, count_of(current), last_card_items(current), True))
            current = []
            continue
        card = parse_cards(token, 1, "card")[0]
        if card in seen:
            raise CardError(f"'{token}': the {card.name} has already been laid")
        total = count_of(current) + card.value
        if total > rules.THIRTY_ONE:
            raise CardError(
                f"'{token}': the {card.name} would take the count from {total - card.value} "
                f"to {total}, past {rules.THIRTY_ONE} (say go to close the count first)"
            )
        items = score_play_card(current, card)
        seen.add(card)
        current.append(card)
        closes = total == rules.THIRTY_ONE
        steps.append(PlayStep(card, total, items, closes))
        if closes:
            current = []
    return tuple(steps)
