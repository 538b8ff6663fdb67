"""The show: scoring four cards and the starter as a hand or as the crib.

Two entry points share one set of rules:

* ``score_show`` returns an itemized ``ShowScore`` (every fifteen, pair and run
  with its cards, the flush, nobs, totals per kind and the spoken count);
* ``show_total`` returns only the number, from a table of rank-only scores
  built once from the same item rules, for exhaustive statistics and advice.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import combinations, combinations_with_replacement, product
from math import prod
from typing import Any

from . import rules
from .cards import DECK, RANK_OF, VALUE_OF, Card, ensure_distinct, parse_cards
from .errors import CardError
from .kinds import SHOW_KINDS, ItemKind
from .rules import JACK
from .variants import Variant
from .variants import variant as get_variant
from .words import number_word

KINDS = SHOW_KINDS  # the show's kinds in the order a breakdown lists them


@dataclass(frozen=True)
class ScoreItem:
    """One scoring combination: its kind, the exact cards it uses, its points."""

    kind: ItemKind
    cards: tuple[Card, ...]
    points: int

    def to_json(self) -> dict[str, Any]:
        """``{"kind", "cards", "points"}``."""
        return {"kind": self.kind, "cards": [c.code for c in self.cards], "points": self.points}


@dataclass(frozen=True)
class ShowScore:
    """A hand or crib counted with its starter: every item, the points by kind, the total and the words."""

    hand: tuple[Card, ...]
    starter: Card
    is_crib: bool
    items: tuple[ScoreItem, ...]
    by_kind: dict[str, int] = field(compare=False)
    total: int
    spoken: str

    def to_json(self) -> dict[str, Any]:
        """The breakdown as JSON: the cards, the items, the points by kind, the total and how it is said."""
        return {
            "hand": [c.code for c in self.hand],
            "starter": self.starter.code,
            "crib": self.is_crib,
            "total": self.total,
            "items": [item.to_json() for item in self.items],
            "by_kind": dict(self.by_kind),
            "spoken": self.spoken,
        }


def score_show(hand: Sequence[Card] | str, starter: Card | str, is_crib: bool = False,
               variant: Variant | str | None = None) -> ShowScore:
    """Score a hand (or crib) with its starter, item by item.

    A hand has the variant's hand size (four cards; three in five-card cribbage), a crib four cards.
    """
    size = show_size(variant, is_crib)
    hand_cards = parse_cards(hand, size, "crib" if is_crib else "hand") if isinstance(hand, str) else tuple(hand)
    starter_card = parse_cards(starter, 1, "starter")[0] if isinstance(starter, str) else starter
    _check_show_cards(hand_cards, starter_card, size, "crib" if is_crib else "hand")
    five = hand_cards + (starter_card,)
    items = (
        fifteen_items(five)
        + pair_items(five)
        + run_items(five)
        + flush_items(hand_cards, starter_card, is_crib)
        + nobs_items(hand_cards, starter_card)
    )
    by_kind: dict[str, int] = {kind: sum(i.points for i in items if i.kind == kind) for kind in KINDS}
    total = sum(by_kind.values())
    return ShowScore(hand_cards, starter_card, is_crib, items, by_kind, total, spoken_count(items))


def show_size(variant: Variant | str | None, is_crib: bool) -> int:
    """How many cards a hand (or the crib) holds in the variant, the starter aside."""
    rules_of = get_variant(variant)
    return rules_of.crib_size if is_crib else rules_of.hand_size


def _check_show_cards(hand: tuple[Card, ...], starter: Card, size: int, what: str) -> None:
    if len(hand) != size:
        raise CardError(f"{what}: expected {size} cards, got {len(hand)}")
    for card in hand + (starter,):
        if not isinstance(card, Card):
            raise CardError(f"expected Card objects, got {card!r}")
    ensure_distinct(hand + (starter,))


# --- the items, one function per kind --------------------------------------------------------

def fifteen_items(cards: Sequence[Card]) -> tuple[ScoreItem, ...]:
    """Every distinct combination of two or more cards whose values add to 15."""
    values = [VALUE_OF[card] for card in cards]
    if sum(values) < rules.FIFTEEN:
        return ()
    return tuple(
        ScoreItem("fifteen", tuple([cards[i] for i in combo]), rules.FIFTEEN_POINTS)
        for combo in _index_combinations(len(cards))
        if sum([values[i] for i in combo]) == rules.FIFTEEN
    )


_COMBINATIONS: dict[int, tuple[tuple[int, ...], ...]] = {}


def _index_combinations(count: int) -> tuple[tuple[int, ...], ...]:
    """The positions of every two or more of ``count`` cards, smallest groups first (made once per count)."""
    found = _COMBINATIONS.get(count)
    if found is None:
        found = _COMBINATIONS[count] = tuple(
            combo for size in range(2, count + 1) for combo in combinations(range(count), size))
    return found


def pair_items(cards: Sequence[Card]) -> tuple[ScoreItem, ...]:
    """Every two cards of the same rank (three of a kind is three pairs)."""
    return tuple(
        ScoreItem("pair", combo, rules.PAIR_POINTS[2])
        for combo in combinations(cards, 2)
        if RANK_OF[combo[0]] == RANK_OF[combo[1]]
    )


def run_items(cards: Sequence[Card]) -> tuple[ScoreItem, ...]:
    """The longest run of three or more ranks, once for each way to pick its cards."""
    by_rank: dict[int, list[Card]] = {}
    for card in sorted(cards):
        by_rank.setdefault(card.rank, []).append(card)
    run = _longest_run(sorted(by_rank))
    if len(run) < 3:
        return ()
    return tuple(
        ScoreItem("run", combo, len(run)) for combo in product(*(by_rank[r] for r in run))
    )


def _longest_run(ranks: list[int]) -> list[int]:
    best: list[int] = []
    current: list[int] = []
    for rank in ranks:
        current = current + [rank] if current and rank == current[-1] + 1 else [rank]
        if len(current) > len(best):
            best = current
    return best


def flush_items(hand: Sequence[Card], starter: Card, is_crib: bool) -> tuple[ScoreItem, ...]:
    """Every hand card of one suit scores a point each (four hand cards 4, three in five-card cribbage 3),
    and the starter of that suit one more; a crib scores only all five."""
    if len({c.suit for c in hand}) != 1:
        return ()
    if starter.suit == hand[0].suit:
        return (ScoreItem("flush", tuple(hand) + (starter,), len(hand) + 1),)
    if is_crib:
        return ()
    return (ScoreItem("flush", tuple(hand), len(hand)),)


def nobs_items(hand: Sequence[Card], starter: Card) -> tuple[ScoreItem, ...]:
    """His nobs: the jack of the starter's suit held in the hand or crib."""
    return tuple(
        ScoreItem("nobs", (card,), rules.NOBS_POINTS)
        for card in hand
        if card.rank == JACK and card.suit == starter.suit
    )


# --- the spoken count -------------------------------------------------------------------------

_PAIR_GROUP_NAMES = {2: "a pair", 6: "pair royal", 12: "double pair royal"}
_RUN_GROUP_NAMES = {
    (1, 0): "a run of {n}",
    (2, 2): "a double run of {n}",
    (3, 6): "a triple run",
    (4, 4): "a double double run",
}


def spoken_count(items: Sequence[ScoreItem]) -> str:
    """The count as players say it aloud, e.g. "fifteen two, fifteen four and a pair is six".

    Always in the order the guide teaches: fifteens, pairs, runs, flush, nobs.
    """
    phrases: list[str] = []
    running = 0
    for item in items:
        if item.kind == "fifteen":
            running += 2
            phrases.append(f"fifteen {number_word(running)}")
    for name, points in _pair_and_run_groups(items):
        running += points
        phrases.append(f"{name} is {number_word(running)}")
    for item in items:
        if item.kind == "flush":
            running += item.points
            phrases.append(f"a flush of {number_word(item.points)} is {number_word(running)}")
        elif item.kind == "nobs":
            running += 1
            phrases.append(f"one for his nobs is {number_word(running)}")
    if not phrases:
        return "nineteen: nothing to count"
    if len(phrases) == 1:
        return phrases[0]
    return ", ".join(phrases[:-1]) + " and " + phrases[-1]


def _pair_and_run_groups(items: Sequence[ScoreItem]) -> list[tuple[str, int]]:
    """Pairs, then runs, named the way players group them.

    The order is the one the guide teaches: pairs before runs. Pairs whose rank is
    inside a run belong to that run's name ("a double run of three" is two runs and
    the pair), so they are said with the run, not twice.
    """
    runs = [i for i in items if i.kind == "run"]
    pairs = [i for i in items if i.kind == "pair"]
    run_ranks = {c.rank for i in runs for c in i.cards}
    inside = [p for p in pairs if p.cards[0].rank in run_ranks]
    outside = [p for p in pairs if p.cards[0].rank not in run_ranks]
    groups = _pair_groups(outside)
    if runs:
        pattern = _RUN_GROUP_NAMES.get((len(runs), 2 * len(inside)))
        length = number_word(len(runs[0].cards))
        points = sum(i.points for i in runs) + 2 * len(inside)
        if pattern is None:  # cannot happen with five cards; keep a plain phrase anyway
            groups.append((f"{len(runs)} runs of {length}", points))
        else:
            groups.append((pattern.format(n=length), points))
    return groups


def _pair_groups(pairs: Sequence[ScoreItem]) -> list[tuple[str, int]]:
    """One phrase per rank: a pair, pair royal or double pair royal ("two pairs" for two)."""
    ranks: dict[int, int] = {}
    for pair in pairs:
        ranks[pair.cards[0].rank] = ranks.get(pair.cards[0].rank, 0) + 2
    names = [_PAIR_GROUP_NAMES[points] for points in ranks.values()]
    if names == ["a pair", "a pair"]:
        return [("two pairs", 4)]
    return list(zip(names, ranks.values(), strict=True))


# --- the fast total ---------------------------------------------------------------------------

# A five-card rank multiset packs into one int: three bits per rank hold its count (0..4).
RANK_CODE = tuple(1 << (3 * (card.rank - 1)) for card in DECK)
_SUIT = tuple(card.suit for card in DECK)
_NOBS_JACK = tuple(Card.of(JACK, card.suit) for card in DECK)  # the jack that is nobs
_RANK_SCORE: dict[int, int] = {}


def clear_rank_score_table() -> None:
    """Forget the rank table (benchmarks time its build)."""
    _RANK_SCORE.clear()


def rank_score_table() -> dict[int, int]:
    """Fifteens + pairs + runs for every five-card rank multiset, built once on demand."""
    if not _RANK_SCORE:
        for ranks in combinations_with_replacement(range(1, 14), 5):
            if ranks[0] != ranks[4]:  # five of a kind does not exist
                _RANK_SCORE[sum(1 << (3 * (r - 1)) for r in ranks)] = rank_points(ranks)
    return _RANK_SCORE


def rank_points(ranks: Sequence[int]) -> int:
    """Fifteens, pairs and runs of five ranks by counting rather than listing.

    Same rules as the item functions above (the tests compare the two on every
    rank multiset); this form is what makes the table cheap to build.
    """
    ways = [1] + [0] * rules.FIFTEEN  # ways[t]: subsets whose values add to t
    for rank in ranks:
        value = min(rank, 10)
        for t in range(rules.FIFTEEN, value - 1, -1):
            ways[t] += ways[t - value]
    multiplicity: dict[int, int] = {}
    for rank in ranks:
        multiplicity[rank] = multiplicity.get(rank, 0) + 1
    pairs = sum(m * (m - 1) for m in multiplicity.values())  # 2 points x C(m, 2)
    run = _longest_run(sorted(multiplicity))
    runs = len(run) * prod(multiplicity[r] for r in run) if len(run) >= 3 else 0
    return rules.FIFTEEN_POINTS * ways[rules.FIFTEEN] + pairs + runs


def rank_code(cards: Iterable[Card]) -> int:
    """The key of the cards' ranks in ``rank_score_table`` (suits left out)."""
    return sum(RANK_CODE[c] for c in cards)


def show_total(hand: Sequence[Card], starter: Card, is_crib: bool = False) -> int:
    """Total of the show for pre-parsed, distinct cards (no breakdown, no validation)."""
    a, b, c, d = hand
    total = (_RANK_SCORE or rank_score_table())[
        RANK_CODE[a] + RANK_CODE[b] + RANK_CODE[c] + RANK_CODE[d] + RANK_CODE[starter]
    ]
    suit = _SUIT[a]
    if suit == _SUIT[b] == _SUIT[c] == _SUIT[d]:
        if suit == _SUIT[starter]:
            total += rules.FIVE_FLUSH_POINTS
        elif not is_crib:
            total += rules.HAND_FLUSH_POINTS
    if _NOBS_JACK[starter] in hand:
        total += rules.NOBS_POINTS
    return total


_RANK_SCORE_4: dict[int, int] = {}


def short_show_total(hand: Sequence[Card], starter: Card, is_crib: bool = False) -> int:
    """Total of the show for a hand of any size (five-card cribbage's three), pre-parsed and distinct.

    The same rules as ``show_total``, from a table of four-card rank multisets built on demand.
    """
    if len(hand) == 4:
        return show_total(hand, starter, is_crib)
    cards = (*hand, starter)
    if not _RANK_SCORE_4:
        for ranks in combinations_with_replacement(range(1, 14), 4):
            _RANK_SCORE_4[sum(1 << (3 * (r - 1)) for r in ranks)] = rank_points(ranks)
    total = _RANK_SCORE_4[rank_code(cards)] if len(cards) == 4 else rank_points([c.rank for c in cards])
    if len({_SUIT[c] for c in hand}) == 1:
        if _SUIT[starter] == _SUIT[hand[0]]:
            total += len(hand) + 1
        elif not is_crib:
            total += len(hand)
    if _NOBS_JACK[starter] in hand:
        total += rules.NOBS_POINTS
    return total
