"""Practice problems drawn from a seed, and feedback on answers.

Every problem is a pure function of (kind, level, seed), so a link holding those three
reproduces it exactly. Feedback compares the player's answer with the engine's count
and names what was missed or over-counted.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Final

from .. import rules
from ..analysis import Analysis, analyse
from ..cards import DECK, VALUE_OF, Card, format_cards, parse_cards
from ..errors import CardError, ParameterError
from ..play import can_play, count_of, last_card_items, score_play_card
from ..seeds import MAX_SEED
from ..show import KINDS, ScoreItem, ShowScore, score_show
from .vocabulary import KIND_WORDS, PRACTICE_LEVEL_IDS

SHOW_LEVELS: Final = PRACTICE_LEVEL_IDS
"""The levels of the counting problems: beginner, standard, expert."""
MAX_DRAWS: Final = 10_000
"""Draws before giving up on a problem (levels accept far sooner)."""


def _rng(kind: str, level: str, seed: int) -> random.Random:
    return random.Random(f"quiz/{kind}/{level}/{seed}")


def _check_seed(seed: object) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise ParameterError("a problem number is a whole number from 0 to 2^53")
    return seed


# --- count the show -------------------------------------------------------------------------

@dataclass(frozen=True)
class ShowProblem:
    """A hand (or crib) and starter to count, drawn from a level and a seed."""

    level: str
    seed: int
    hand: tuple[Card, ...]
    starter: Card
    is_crib: bool

    def to_json(self) -> dict[str, Any]:
        """``{"kind": "show", "level", "seed", "hand", "starter", "crib"}``."""
        return {"kind": "show", "level": self.level, "seed": self.seed, "hand": [c.code for c in self.hand],
                "starter": self.starter.code, "crib": self.is_crib}


def show_problem(level: str, seed: int) -> ShowProblem:
    """The show problem of ``level`` (``SHOW_LEVELS``) for ``seed``: the same seed, the same problem."""
    if level not in SHOW_LEVELS:
        raise ParameterError(f"unknown level '{level}' (use {', '.join(SHOW_LEVELS)})")
    rng = _rng("show", level, _check_seed(seed))
    for _ in range(MAX_DRAWS):
        cards = rng.sample(DECK, 5)
        is_crib = rng.random() < 0.3
        if level == "expert" and rng.random() < 0.25:
            cards, is_crib = _crib_flush_trap(rng), True
        problem = ShowProblem(level, seed, tuple(cards[:4]), cards[4], is_crib)
        if _fits_level(problem):
            return problem
    raise RuntimeError("no problem found")  # unreachable: every level accepts a large share


def _crib_flush_trap(rng: random.Random) -> list[Card]:
    """Four crib cards of one suit and a starter of another: worth no flush at all."""
    suit = rng.randrange(4)
    four = rng.sample([c for c in DECK if c.suit == suit], 4)
    starter = rng.choice([c for c in DECK if c.suit != suit])
    return four + [starter]


def _fits_level(problem: ShowProblem) -> bool:
    result = score_show(problem.hand, problem.starter, problem.is_crib)
    runs = sum(1 for i in result.items if i.kind == "run")
    fours_of_a_suit = len({c.suit for c in problem.hand}) == 1
    if problem.level == "beginner":
        return runs <= 1 and not fours_of_a_suit
    if problem.level == "expert":
        fifteens = sum(1 for i in result.items if i.kind == "fifteen")
        crib_trap = problem.is_crib and fours_of_a_suit and problem.starter.suit != problem.hand[0].suit
        return runs >= 2 or crib_trap or result.by_kind["nobs"] > 0 or fifteens >= 4
    return True


def check_show(problem: ShowProblem, total: int | None = None,
               by_kind: dict[str, int] | None = None) -> dict[str, Any]:
    """Judge a total (or points per category) and explain every difference."""
    result = score_show(problem.hand, problem.starter, problem.is_crib)
    claimed: dict[str, int] | None
    if by_kind is not None:
        claimed = {kind: _points(by_kind.get(kind, 0), kind) for kind in KINDS}
        total = sum(claimed.values())
    else:
        claimed = None
        total = _points(total, "total")
    notes = _show_notes(problem, result, claimed, total)
    correct = total == result.total and (claimed is None or claimed == result.by_kind)
    return {"correct": correct, "answer": total, "breakdown": result.to_json(), "notes": notes}


def _points(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ParameterError(f"{what}: type a whole number")
    if not 0 <= value <= rules.MAX_SHOW:
        raise ParameterError(f"{what}: no hand scores {value}; a show is worth 0 to {rules.MAX_SHOW}")
    return value


def _show_notes(
    problem: ShowProblem, result: ShowScore, claimed: dict[str, int] | None, total: int
) -> list[str]:
    notes: list[str] = []
    if problem.is_crib and len({c.suit for c in problem.hand}) == 1 and problem.starter.suit != problem.hand[0].suit:
        notes.append("A crib needs five cards of a suit for a flush: these four are worth nothing.")
    if claimed is None:
        if total < result.total:
            notes.append(f"You are {result.total - total} short. Every scoring combination is listed below.")
        elif total > result.total:
            notes.append(f"That is {total - result.total} too many. Every scoring combination is listed below.")
        return notes
    for kind in KINDS:
        have, said = result.by_kind[kind], claimed[kind]
        items = [i for i in result.items if i.kind == kind]
        if said < have:
            heading = KIND_WORDS[kind].heading.lower()
            notes.append(f"missed {have - said} for {heading}: " + "; ".join(_describe(i) for i in items))
        elif said > have:
            notes.append(f"over-counted {KIND_WORDS[kind].heading.lower()} by {said - have}" + (
                ": there are none" if not items else ": only " + "; ".join(_describe(i) for i in items)))
    return notes


def _describe(item: ScoreItem) -> str:
    return f"{item.kind} {format_cards(item.cards)} ({item.points})"


# --- count the play -------------------------------------------------------------------------

@dataclass(frozen=True)
class PlayProblem:
    """A card laid onto a count: how many points does it peg?"""

    seed: int
    previous: tuple[Card, ...]
    card: Card
    last_card: bool  # nobody can lay after it: it also takes the go unless it makes 31

    def to_json(self) -> dict[str, Any]:
        """``{"kind": "play", "seed", "previous", "card", "count", "last_card"}``."""
        return {"kind": "play", "seed": self.seed, "previous": [c.code for c in self.previous],
                "card": self.card.code, "count": count_of(self.previous),
                "last_card": self.last_card}

    def items(self) -> tuple[ScoreItem, ...]:
        """What the card scores, with the go when it is the last card and does not make 31."""
        items = score_play_card(self.previous, self.card)
        if self.last_card:
            items += last_card_items(self.previous + (self.card,))
        return items


_PLAY_THEMES = ("pair", "royal", "run", "broken", "fifteen", "thirty-one", "go", "any")


def play_problem(seed: int) -> PlayProblem:
    """A count in progress and the next card, themed so every scoring case comes up."""
    rng = _rng("play", "all", _check_seed(seed))
    theme = _PLAY_THEMES[rng.randrange(len(_PLAY_THEMES))]
    for _ in range(MAX_DRAWS):
        problem = _random_count(rng)
        if problem is not None and _has_theme(problem, theme):
            return PlayProblem(seed, problem.previous, problem.card, problem.last_card)
    raise RuntimeError("no problem found")


def _random_count(rng: random.Random) -> PlayProblem | None:
    """Up to six cards laid without reaching 31, then a next card that fits."""
    deck = rng.sample(DECK, 14)
    previous: list[Card] = []
    count = 0
    for card in deck[: rng.randrange(1, 7)]:
        if count + VALUE_OF[card] < rules.THIRTY_ONE:
            previous.append(card)
            count += VALUE_OF[card]
    # the first card of the deck that fits (a problem is drawn tens of times per answer kept)
    fitting = next((c for c in deck if c not in previous and can_play(c, count)), None)
    if not previous or fitting is None:
        return None
    last_card = rng.random() < 0.3 and count + fitting.value >= 22
    return PlayProblem(0, tuple(previous), fitting, last_card)


def _has_theme(problem: PlayProblem, theme: str) -> bool:
    if theme == "go":  # these two need no count of the card's points
        return problem.last_card
    if theme == "any":
        return True
    kinds = {i.kind for i in problem.items()}
    ranks = [c.rank for c in problem.previous + (problem.card,)]
    if theme == "pair":
        return "pair" in kinds
    if theme == "royal":
        return bool(kinds & {"pair royal", "double pair royal"})
    if theme == "run":
        return "run" in kinds and _out_of_order(problem)
    if theme == "broken":  # the run's cards are all laid, but not as an unbroken tail
        return "run" not in kinds and len(ranks) >= 4 and _contains_run(ranks)
    if theme == "fifteen":
        return "fifteen" in kinds
    if theme == "thirty-one":
        return "thirty-one" in kinds
    return True


def _out_of_order(problem: PlayProblem) -> bool:
    run = next(i for i in problem.items() if i.kind == "run")
    ranks = [c.rank for c in run.cards]
    return ranks != sorted(ranks) and ranks != sorted(ranks, reverse=True)


def _contains_run(ranks: Sequence[int]) -> bool:
    distinct = sorted(set(ranks))
    return any(distinct[i + 2] - distinct[i] == 2 for i in range(len(distinct) - 2))


def check_play(problem: PlayProblem, points: object) -> dict[str, Any]:
    """Judge an answer: whether it is right, the true points and items, and notes on a miss."""
    answer = _play_points(points)
    items = problem.items()
    actual = sum(i.points for i in items)
    notes = []
    if answer != actual:
        notes.append(f"It scores {_said(items)}.")
        if any(i.kind == "thirty-one" for i in items) and problem.last_card:
            notes.append(f"{rules.THIRTY_ONE} pays {rules.THIRTY_ONE_POINTS} and never the go as well.")
        if problem.last_card and not any(i.kind == "thirty-one" for i in items):
            notes.append("Nobody can lay after it, so it also takes one for the go.")
    return {"correct": answer == actual, "answer": answer, "points": actual,
            "items": [i.to_json() for i in items], "notes": notes}


def _said(items: Sequence[ScoreItem]) -> str:
    """What a card scores, as a player says it: "fifteen for 2 and one for the go"."""
    parts = [KIND_WORDS[i.kind].phrase if i.kind == "go" else f"{KIND_WORDS[i.kind].phrase} for {i.points}"
             for i in items]
    if not parts:
        return "nothing"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _play_points(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ParameterError("type a whole number of points")
    if not 0 <= value <= 15:
        raise ParameterError(f"one card cannot score {value} in the play (0 to 15)")
    return value


# --- choose the discard ---------------------------------------------------------------------

@dataclass(frozen=True)
class DiscardProblem:
    """Six cards and whose crib it is: which two to throw?"""

    seed: int
    six: tuple[Card, ...]
    dealer: bool

    def to_json(self) -> dict[str, Any]:
        """``{"kind": "discard", "seed", "cards", "dealer"}``."""
        return {"kind": "discard", "seed": self.seed, "cards": [c.code for c in self.six], "dealer": self.dealer}


def discard_problem(seed: int) -> DiscardProblem:
    """The discard problem for ``seed``: six cards, and whether the player deals."""
    rng = _rng("discard", "all", _check_seed(seed))
    return DiscardProblem(seed, tuple(rng.sample(DECK, 6)), rng.random() < 0.5)


# Throws this close to the best count as right. The exact values assume the opponent throws any
# two cards at random; real opponents do not, so a gap under 0.05 points a deal (one point in
# twenty deals) says nothing about which throw is better at a real table. Larger gaps are graded
# wrong, with the value lost shown.
DISCARD_TOLERANCE = Fraction(1, 20)


def check_discard(problem: DiscardProblem, discard: str | Sequence[str]) -> dict[str, Any]:
    """Grade a throw against the exact ranking (hand over 46 starters, crib over every opponent
    throw and starter given the six cards), so the exactly-best throw is never marked wrong."""
    chosen = parse_cards(discard if isinstance(discard, str) else " ".join(discard), 2, "discard")
    if not set(chosen) <= set(problem.six):
        raise CardError("throw two of your own six cards")
    throws = analyse(problem.six, problem.dealer)
    rank = next(i for i, t in enumerate(throws) if set(t.discard) == set(chosen))
    best, mine = throws[0], throws[rank]
    lost = best.value - mine.value
    return {
        "correct": lost <= DISCARD_TOLERANCE,
        "rank": rank + 1,
        "cost": round(float(lost), 2),
        "tolerance": float(DISCARD_TOLERANCE),
        "throws": [t.to_json() for t in throws],
        "explanation": _explain_throw(best, problem.dealer),
    }


def _explain_throw(best: Analysis, dealer: bool) -> str:
    keep, throw = format_cards(best.keep), format_cards(best.discard)
    crib = float(best.crib_exact)
    whose = "your own crib, adding" if dealer else "your opponent's crib, giving away"
    return (f"Keep {keep}: it averages {float(best.hand_value):.2f} over the 46 starters. "
            f"Throwing {throw} to {whose} about {crib:.2f}, makes {float(best.value):.2f} a deal, "
            "the best of the fifteen.")


# --- adaptive practice ----------------------------------------------------------------------

# What the adaptive quiz tracks: the show's five kinds, and the go and 31 of the play.
CATEGORIES = ("fifteen", "pair", "run", "flush", "nobs", "go", "thirty-one")
_SHOW_ONLY = ("flush", "nobs")
_PLAY_ONLY = ("go", "thirty-one")
_PLAY_KIND = {"pair royal": "pair", "double pair royal": "pair"}  # all pairs are one category
MAX_TALLY = 10**6


def adaptive_weights(record: dict[str, Any]) -> dict[str, Fraction]:
    """Each category's share of problems: (misses + 1) / (answers + 2), scaled to sum to 1.

    The +1 and +2 give an untried category a miss rate of one half, so it comes up before the
    player has shown anything, and no category ever drops to zero.
    """
    rates = {}
    for category in CATEGORIES:
        right, total = _tally(record.get(category, {"right": 0, "total": 0}), category)
        rates[category] = Fraction(total - right + 1, total + 2)
    whole = sum(rates.values())
    return {category: rate / whole for category, rate in rates.items()}


def _tally(entry: object, category: str) -> tuple[int, int]:
    if not isinstance(entry, dict):
        raise ParameterError(f"{category}: a record is {{right, total}}")
    right, total = entry.get("right"), entry.get("total")
    if (isinstance(right, bool) or isinstance(total, bool) or not isinstance(right, int)
            or not isinstance(total, int) or not 0 <= right <= total <= MAX_TALLY):
        raise ParameterError(f"{category}: right and total must be whole numbers with right <= total")
    return right, total


def problem_categories(problem: ShowProblem | PlayProblem) -> set[str]:
    """The categories a problem's answer involves."""
    if isinstance(problem, ShowProblem):
        result = score_show(problem.hand, problem.starter, problem.is_crib)
        return {kind for kind, points in result.by_kind.items() if points}
    return {_PLAY_KIND.get(item.kind, item.kind) for item in problem.items()}


def adaptive_problem(seed: int, record: dict[str, Any], category: str | None = None) -> dict[str, Any]:
    """Draw a category by ``adaptive_weights``, then a problem featuring it.

    Deterministic in (seed, record); the problem itself depends only on (category, seed), so
    ``featured_problem`` rebuilds it to check the answer, and a link can name it.
    """
    weights = adaptive_weights(record)
    if category is None:  # a link names the category; otherwise the weights draw it
        category = _weighted_choice(_rng("adaptive", "pick", _check_seed(seed)), weights)
    problem = featured_problem(category, seed)
    return {"category": category, "seed": seed,
            "weights": {k: round(float(v), 4) for k, v in weights.items()},
            "problem": problem.to_json()}


def featured_problem(category: str, seed: int) -> ShowProblem | PlayProblem:
    """A show (hand or crib) or play problem whose answer involves ``category``."""
    if category not in CATEGORIES:
        raise ParameterError(f"unknown category '{category}' (use {', '.join(CATEGORIES)})")
    rng = _rng("adaptive", category, _check_seed(seed))
    for _ in range(MAX_DRAWS):
        use_play = category in _PLAY_ONLY or (category not in _SHOW_ONLY and rng.random() < 0.5)
        problem = _random_play(rng, seed) if use_play else _random_show(rng, seed)
        if category == "flush" and isinstance(problem, ShowProblem) and len({c.suit for c in problem.hand}) > 1:
            continue  # cheap test first: most hands are far from a flush
        if problem is not None and category in problem_categories(problem):
            return problem
    raise RuntimeError("no problem found")  # unreachable: each category comes up in a few percent of draws


def _random_show(rng: random.Random, seed: int) -> ShowProblem:
    cards = rng.sample(DECK, 5)
    return ShowProblem("standard", seed, tuple(cards[:4]), cards[4], rng.random() < 0.3)


def _random_play(rng: random.Random, seed: int) -> PlayProblem | None:
    problem = _random_count(rng)
    return None if problem is None else PlayProblem(seed, problem.previous, problem.card, problem.last_card)


def _weighted_choice(rng: random.Random, weights: dict[str, Fraction]) -> str:
    point, running = Fraction(rng.random()), Fraction(0)
    for category, weight in weights.items():
        running += weight
        if point < running:
            return category
    return CATEGORIES[-1]
