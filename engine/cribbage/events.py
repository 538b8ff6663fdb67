"""What happens in a game: one typed, frozen event for each kind of thing that can happen.

``Game.apply`` returns the events one action produced, in order, and ``Game.events`` holds every
event since the cut for deal. Each event's ``to_json()`` gives it as a JSON-ready dict whose
``"type"`` is the event's ``kind``: the form saved games (``Game.to_json``) and the pages use.
Seats are numbered from 0, and ``player`` is always the seat the event concerns.

A deal produces, in order: ``DealEvent`` (and in five-card cribbage's first deal the
``ScoreEvent`` of three for last), a ``DiscardEvent`` for each player, ``StarterEvent`` (and a
``ScoreEvent`` for his heels), then ``PlayEvent`` and ``GoEvent`` with a ``ScoreEvent`` after each
card or go that scores and a ``ResetEvent`` each time a count ends (none in five-card cribbage,
whose first count ends the play), then a ``ShowEvent`` for each hand from the dealer's left (the pone's,
or every non-dealer's in a game of three or four, then the dealer's) and the crib, each followed
by its ``ScoreEvent`` when it scores. The first
deal is preceded by ``CutEvent`` (and ``RecutEvent`` on equal cuts) and a ``DealerEvent``. The
score that reaches 121 is followed by ``GameOverEvent``, and nothing follows that.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar, Final, Literal, get_args

from . import rules
from .cards import Card
from .muggins import Verdict
from .show import ScoreItem, ShowScore

ShowPart = Literal["pone", "dealer", "crib"]
"""What the show counts: the pone's hand, the dealer's hand, then the dealer's crib."""

SHOW_ORDER: Final[tuple[ShowPart, ...]] = get_args(ShowPart)
"""The order of the show."""

ScoreReason = Literal["heels", "play", "go", "pone", "dealer", "crib", "muggins", "bonus"]
"""Why points were pegged: his heels, a card laid, the go or last card, a hand (the pone's, or any
non-dealer's in a game of three or four, or the dealer's), the crib, points the opponent missed and
took under muggins, or five-card cribbage's three for last at the start of a game."""

EventKind = Literal["cut", "recut", "dealer", "deal", "discard", "starter", "play", "go", "reset",
                    "show", "score", "game_over"]
"""The ``"type"`` of an event in its JSON form."""

JSON = dict[str, Any]


@dataclass(frozen=True)
class GameResult:
    """How a finished game ended: the winner, the final scores and whether the loser was skunked."""

    winner: int
    """The side that reached the game hole (121, or the variant's): the seat, or in a partnership
    game the partnership (``Variant.side_of``)."""
    scores: tuple[int, ...]
    """Every side's final score, by side (by seat but in a partnership game)."""
    skunk: bool
    """The best loser had not reached the skunk line (``rules.SKUNK_LINE``, 91, or the variant's)."""
    double_skunk: bool
    """Nor the double skunk line (``rules.DOUBLE_SKUNK_LINE``, 61, or the variant's)."""

    @classmethod
    def of(cls, winner: int, scores: tuple[int, ...], skunk_line: int = rules.SKUNK_LINE,
           double_skunk_line: int = rules.DOUBLE_SKUNK_LINE) -> GameResult:
        """The result of a game that ``winner`` won with these scores (the skunks follow from them)."""
        loser = max(score for side, score in enumerate(scores) if side != winner)
        return cls(winner, scores, loser < skunk_line, loser < double_skunk_line)

    def to_json(self) -> JSON:
        """``{"winner", "scores", "skunk", "double_skunk"}``."""
        return {"winner": self.winner, "scores": list(self.scores), "skunk": self.skunk,
                "double_skunk": self.double_skunk}


@dataclass(frozen=True)
class CutEvent:
    """A player cut the deck for the deal."""

    kind: ClassVar[Literal["cut"]] = "cut"
    player: int
    """Who cut."""
    card: Card
    """The card cut."""

    def to_json(self) -> JSON:
        """``{"type": "cut", "player", "cards": [card]}``."""
        return {"type": self.kind, "player": self.player, "cards": [self.card.code]}


@dataclass(frozen=True)
class RecutEvent:
    """The cuts tied for lowest: everyone cuts again."""

    kind: ClassVar[Literal["recut"]] = "recut"
    NOTE: ClassVar[str] = "equal ranks: both players cut again"
    player: None = None
    """Nobody in particular."""

    def to_json(self) -> JSON:
        """``{"type": "recut", "player": null, "note"}``."""
        return {"type": self.kind, "player": self.player, "note": self.NOTE}


@dataclass(frozen=True)
class DealerEvent:
    """The lowest cut chose the first dealer."""

    kind: ClassVar[Literal["dealer"]] = "dealer"
    NOTE: ClassVar[str] = "lower card deals"
    player: int
    """The first dealer."""

    def to_json(self) -> JSON:
        """``{"type": "dealer", "player", "note"}``."""
        return {"type": self.kind, "player": self.player, "note": self.NOTE}


@dataclass(frozen=True)
class DealEvent:
    """The dealer dealt each player their cards (six, or five in the other variants)."""

    kind: ClassVar[Literal["deal"]] = "deal"
    player: int
    """The dealer."""
    hand: int
    """Which deal of the game this is, from 0."""

    def to_json(self) -> JSON:
        """``{"type": "deal", "player", "hand"}``."""
        return {"type": self.kind, "player": self.player, "hand": self.hand}


@dataclass(frozen=True)
class DiscardEvent:
    """A player threw to the crib (two cards, or one in a game of three or four)."""

    kind: ClassVar[Literal["discard"]] = "discard"
    player: int
    """Who threw them."""
    cards: tuple[Card, ...]
    """The cards thrown, in the order the player held them."""

    def to_json(self) -> JSON:
        """``{"type": "discard", "player", "cards"}``."""
        return {"type": self.kind, "player": self.player, "cards": [c.code for c in self.cards]}


@dataclass(frozen=True)
class StarterEvent:
    """The pone cut and the dealer turned the starter."""

    kind: ClassVar[Literal["starter"]] = "starter"
    player: int
    """The pone, who cut."""
    card: Card
    """The starter."""

    def to_json(self) -> JSON:
        """``{"type": "starter", "player", "cards": [card]}``."""
        return {"type": self.kind, "player": self.player, "cards": [self.card.code]}


@dataclass(frozen=True)
class PlayEvent:
    """A player laid a card in the play."""

    kind: ClassVar[Literal["play"]] = "play"
    player: int
    """Who laid it."""
    card: Card
    """The card laid."""
    count: int
    """The count after it."""

    def to_json(self) -> JSON:
        """``{"type": "play", "player", "cards": [card], "count"}``."""
        return {"type": self.kind, "player": self.player, "cards": [self.card.code], "count": self.count}


@dataclass(frozen=True)
class GoEvent:
    """A player said go: no card they hold fits under 31."""

    kind: ClassVar[Literal["go"]] = "go"
    player: int
    """Who said it."""
    count: int
    """The count it was said at."""

    def to_json(self) -> JSON:
        """``{"type": "go", "player", "count"}``."""
        return {"type": self.kind, "player": self.player, "count": self.count}


@dataclass(frozen=True)
class ResetEvent:
    """The count went back to zero (after 31, or when nobody could lay)."""

    kind: ClassVar[Literal["reset"]] = "reset"
    NOTE: ClassVar[str] = "the count starts again from zero"
    player: int | None
    """Who leads the new count: the first player after the last card's who still holds one; None
    when nobody holds a card (the play is over)."""
    after: int | None = field(default=None, compare=False, repr=False)
    """Who laid the last card of the closed count (records written before the leader was named
    right gave the seat after it; reading one accepts that line)."""

    def to_json(self) -> JSON:
        """``{"type": "reset", "player", "note"}``."""
        return {"type": self.kind, "player": self.player, "note": self.NOTE}


@dataclass(frozen=True)
class ShowEvent:
    """A hand or the crib was counted in the show."""

    kind: ClassVar[Literal["show"]] = "show"
    player: int
    """Whose hand (or crib) it is."""
    part: ShowPart
    """Which of the three counts this is."""
    breakdown: ShowScore
    """Everything the cards hold, item by item."""
    verdict: Verdict | None = None
    """For a player who counts by hand: their claim judged against the breakdown; else None."""

    def to_json(self) -> JSON:
        """``{"type": "show", "player", "part", "breakdown"}``, and ``"verdict"`` for a count by hand."""
        data = {"type": self.kind, "player": self.player, "part": self.part, "breakdown": self.breakdown.to_json()}
        if self.verdict is not None:
            data["verdict"] = self.verdict.to_json()
        return data


@dataclass(frozen=True)
class ScoreEvent:
    """A player pegged points."""

    kind: ClassVar[Literal["score"]] = "score"
    player: int
    """Who pegged them."""
    reason: ScoreReason
    """What for."""
    points: int
    """How many the items are worth (the peg stops at 121, so the score may rise by less)."""
    items: tuple[ScoreItem, ...]
    """Every item scored, with its cards."""
    scores: tuple[int, ...]
    """Every side's score after it (by seat but in a partnership game, where partners share one)."""

    def to_json(self) -> JSON:
        """``{"type": "score", "player", "reason", "points", "items", "scores"}``."""
        return {"type": self.kind, "player": self.player, "reason": self.reason, "points": self.points,
                "items": [item.to_json() for item in self.items], "scores": list(self.scores)}


@dataclass(frozen=True)
class GameOverEvent:
    """A peg reached 121: the game is over, at once, even in the middle of a count."""

    kind: ClassVar[Literal["game_over"]] = "game_over"
    player: int
    """The winner: the seat, or in a partnership game the winning side (``GameResult.winner``)."""
    result: GameResult
    """The final scores and skunks."""

    def to_json(self) -> JSON:
        """``{"type": "game_over", "player", "result"}``."""
        return {"type": self.kind, "player": self.player, "result": self.result.to_json()}


Event = (CutEvent | RecutEvent | DealerEvent | DealEvent | DiscardEvent | StarterEvent | PlayEvent | GoEvent
         | ResetEvent | ShowEvent | ScoreEvent | GameOverEvent)
"""Any event."""
