"""What one seat may know at a decision, and the one adapter that reads it from a ``Game``.

Everything in ``cribbage.expert`` (the expert player, the win-probability model, the reviews)
takes a ``SeatView``: the seat's own six cards and its throw, the starter once turned, every
card laid this deal in order and by whom (and every go), the current count, the scores, the
dealer and the game hole. It has no field for the opponent's unplayed cards, the crib's hidden
half or the deck, so nothing computed from it can read them.

``seat_view`` and ``seat_decisions`` are the only code here that touch a ``Game``'s state;
porting to another game engine (variants, a restructured ``Game``) means rewriting them alone.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, Literal

from .. import rules
from ..actions import Action
from ..cards import DECK, Card
from ..events import (
    CutEvent,
    DealEvent,
    DiscardEvent,
    GoEvent,
    PlayEvent,
    ResetEvent,
    ShowEvent,
    StarterEvent,
)
from ..kinds import Phase

if TYPE_CHECKING:
    from ..game import Game

DecisionKind = Literal["discard", "play", "count"]


@dataclass(frozen=True)
class Laid:
    """One step of the play: ``player`` laid ``card`` (``None``: said go) and the count became ``count``."""

    player: int
    card: Card | None
    count: int

    def to_json(self) -> dict[str, Any]:
        """``{"player": 0, "card": "5H" | null, "count": 15}``."""
        return {"player": self.player, "card": self.card.code if self.card is not None else None,
                "count": self.count}


@dataclass(frozen=True)
class SeatView:
    """Exactly what ``seat`` may know: its cards, what was laid, the starter, the board.

    ``dealt`` is the seat's six cards this deal and ``thrown`` the two it threw (empty until it
    has); ``held`` the cards it holds now. ``laid`` lists this deal's play in order; ``current``
    the cards of the count in progress. ``opponent_held`` is how many cards the opponent still
    holds (their faces are not here). ``turn`` is whose move it is in the play (else ``None``).
    """

    seat: int
    dealer: int
    phase: Phase
    scores: tuple[int, int]
    dealt: tuple[Card, ...] = ()
    thrown: tuple[Card, ...] = ()
    held: tuple[Card, ...] = ()
    starter: Card | None = None
    laid: tuple[Laid, ...] = ()
    current: tuple[Card, ...] = ()
    said_go: tuple[bool, bool] = (False, False)
    turn: int | None = None
    opponent_held: int = rules.CARDS_KEPT
    hand_number: int = 0
    hole: int = rules.GAME_HOLE

    @property
    def opponent(self) -> int:
        """The other seat."""
        return 1 - self.seat

    @property
    def is_dealer(self) -> bool:
        """Whether the crib is this seat's."""
        return self.dealer == self.seat

    @property
    def kept(self) -> tuple[Card, ...]:
        """The four cards the seat kept (its dealt cards less its throw; all six before it throws)."""
        return tuple(c for c in self.dealt if c not in self.thrown)

    @property
    def count(self) -> int:
        """The count in progress."""
        return sum(card.value for card in self.current)

    @property
    def my_score(self) -> int:
        """This seat's score."""
        return self.scores[self.seat]

    @property
    def their_score(self) -> int:
        """The opponent's score."""
        return self.scores[self.opponent]

    def laid_by(self, player: int) -> tuple[Card, ...]:
        """The cards ``player`` has laid this deal, in order."""
        return tuple(step.card for step in self.laid if step.player == player and step.card is not None)

    def unseen(self) -> tuple[Card, ...]:
        """Cards this seat has not seen: the opponent's hand and throw, and the undealt deck."""
        seen = set(self.dealt) | set(self.laid_by(self.opponent)) | set(self.current)  # (a set-up count has no events)
        if self.starter is not None:
            seen.add(self.starter)
        return tuple(card for card in DECK if card not in seen)

    def opponent_room(self) -> int:
        """The opponent's cards now held are all worth more than this (their goes tell it); 0 if no go."""
        room = 0
        for index, step in enumerate(self.laid):
            # A go said with no cards left tells nothing; one said holding cards says none fits.
            if step.card is None and step.player == self.opponent and self._held_at(self.opponent, index):
                room = max(room, rules.THIRTY_ONE - step.count)
        return room

    def _held_at(self, player: int, index: int) -> int:
        laid_before = sum(1 for step in self.laid[:index] if step.player == player and step.card is not None)
        return rules.CARDS_KEPT - laid_before

    def to_json(self) -> dict[str, Any]:
        """JSON-ready: cards as codes."""
        def codes(cards: tuple[Card, ...]) -> list[str]:
            return [c.code for c in cards]

        return {
            "seat": self.seat, "dealer": self.dealer, "phase": self.phase, "scores": list(self.scores),
            "dealt": codes(self.dealt), "thrown": codes(self.thrown), "held": codes(self.held),
            "starter": self.starter.code if self.starter is not None else None,
            "laid": [step.to_json() for step in self.laid], "current": codes(self.current),
            "said_go": list(self.said_go), "turn": self.turn, "opponent_held": self.opponent_held,
            "hand_number": self.hand_number, "hole": self.hole,
        }


@dataclass(frozen=True)
class Decision:
    """A decision ``seat`` took in a game: its view just before, and what it chose.

    ``kind`` is ``discard`` (``cards`` the two thrown), ``play`` (``cards`` the card laid) or
    ``count`` (a count by hand: ``claim`` what it said, ``part`` the show's part, pone, dealer or
    crib, ``shown`` the four cards counted). ``index`` numbers the game's moves from 0, so a page
    can name the position.
    """

    kind: DecisionKind
    index: int
    view: SeatView
    cards: tuple[Card, ...] = ()
    claim: dict[str, Any] | None = None
    part: str | None = None
    shown: tuple[Card, ...] = ()


# --- the adapter: the only code that reads a Game --------------------------------------------

def seat_view(game: Game, seat: int) -> SeatView:
    """What ``seat`` may know of ``game`` now, read through the game's public properties and events."""
    if game.dealer is None:
        return SeatView(seat=seat, dealer=0, phase=game.phase, scores=(game.scores[0], game.scores[1]),
                        hand_number=game.hand_number)
    events = game.events
    # A position set up at the play (``Game.at_play``) has no deal event: all its events are this deal's.
    start = max((i for i, e in enumerate(events) if isinstance(e, DealEvent)), default=0)
    thrown: tuple[Card, ...] = ()
    laid: list[Laid] = []
    said_go = [False, False]  # who said go in the count in progress: a new count forgets it
    for event in events[start:]:
        if isinstance(event, DiscardEvent) and event.player == seat:
            thrown = event.cards
        elif isinstance(event, PlayEvent):
            laid.append(Laid(event.player, event.card, event.count))
        elif isinstance(event, GoEvent):
            laid.append(Laid(event.player, None, event.count))
            said_go[event.player] = True
        elif isinstance(event, ResetEvent):
            said_go = [False, False]
    # Before both have thrown, ``kept`` is empty and the hand holds the six (or the four kept).
    dealt = tuple(game.kept[seat] or game.hands[seat]) + thrown
    opponent = 1 - seat
    return SeatView(
        seat=seat, dealer=game.dealer, phase=game.phase, scores=(game.scores[0], game.scores[1]),
        dealt=dealt, thrown=thrown, held=game.hands[seat], starter=game.starter,
        laid=tuple(laid), current=game.count_cards, said_go=(said_go[0], said_go[1]),
        turn=game.turn if game.phase == "play" else None,
        opponent_held=len(game.hands[opponent]) if game.phase in ("play", "show") else rules.CARDS_KEPT,
        hand_number=game.hand_number,
    )


def seat_decisions(game: Game, seat: int) -> Iterator[Decision]:
    """Every decision ``seat`` took in ``game``, each with its view just before it.

    The game is replayed from its seed and its recorded moves (``apply`` checks each one);
    the views come from ``seat_view`` on the replayed position, so they hold only what the seat
    could see then.
    """
    from ..game import Game  # on first use: the reviews import this module without a game

    replay = Game(seed=game.seed, count_by_hand=game.count_by_hand, muggins=game.muggins)
    moves = [event for event in game.events if isinstance(event, _MOVES)]
    for index, event in enumerate(moves):
        action = _move(event)
        if action.player == seat and action.kind in ("discard", "play"):
            yield Decision(action.kind, index, seat_view(replay, seat), action.cards)
        elif action.player == seat and isinstance(event, ShowEvent) and action.claim is not None:
            yield Decision("count", index, seat_view(replay, seat), (), action.claim.to_json(), event.part,
                           event.breakdown.hand)
        replay.apply(action)


_MOVES: Final = (CutEvent, DealEvent, DiscardEvent, StarterEvent, PlayEvent, GoEvent, ShowEvent)
"""The events that record a player's move (a show records the count, with its claim if any)."""


def is_move(event: object) -> bool:
    """Whether ``event`` records a move: ``Decision.index`` counts these in a game's events."""
    return isinstance(event, _MOVES)


def _move(event: CutEvent | DealEvent | DiscardEvent | StarterEvent | PlayEvent | GoEvent | ShowEvent) -> Action:
    """The action that produced a move's event."""
    if isinstance(event, DiscardEvent):
        return Action("discard", event.player, event.cards)
    if isinstance(event, PlayEvent):
        return Action("play", event.player, (event.card,))
    if isinstance(event, ShowEvent):
        return Action("count", event.player, (), event.verdict.claim if event.verdict is not None else None)
    return Action(event.kind, event.player)
