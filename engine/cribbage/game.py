"""A game of cribbage as a validated state machine: two-player six-card to 121, or another variant.

Each deal moves through the phases ``deal -> discard -> starter -> play -> show`` after an
initial ``cut_for_deal``; ``game_over`` ends it the instant a side reaches 121 (or the
variant's game hole). The rules that differ between versions (players, partnerships, the deal,
the throw, the game hole, the play after a go, three for last) come from a ``Variant``
(``cribbage.variants``); the standard game is the default. A ``Game``
is read through properties and changed only by ``apply``: ``legal_actions()`` lists what may
happen next, and ``apply(action)`` performs one and returns the typed events it produced
(``cribbage.events``), or raises ``IllegalAction`` and leaves the game exactly as it was.
Every random choice comes from the game's seed, so a seed replays the same game, and
``to_json``/``from_json`` round-trip the state.

    >>> from cribbage import Game
    >>> game = Game(seed=7)
    >>> game.phase
    'cut_for_deal'
    >>> [event.kind for event in game.apply(game.legal_actions()[0])]
    ['cut']
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from . import _flow, _saved
from ._flow import State
from .actions import ACTION_KINDS, Action, ActionKind
from .cards import Card, ensure_distinct, parse_cards
from .errors import GameStateError, IllegalAction, ParameterError
from .events import SHOW_ORDER, Event, GameResult, ShowPart
from .kinds import PHASES, Phase
from .play import count_of
from .seeds import Seed, seed_problem
from .variants import Variant
from .variants import variant as get_variant

__all__ = [
    "ACTION_KINDS", "PHASES", "SHOW_ORDER", "Action", "ActionKind", "Game", "GameResult", "Phase", "ShowPart",
    "Variant",
]

Cards = str | Sequence[Card]
"""Cards as text (``"5H 5S"``) or as ``Card`` objects."""


class Game:
    """The whole state of one game. Seats are numbered from 0 (0 and 1 in a two-handed game).

    ``count_by_hand[seat]`` makes that player count their own hand and crib (their ``count``
    action carries a claim); with ``muggins`` the next player (an opponent) takes what they miss.
    ``variant`` names the version played (``cribbage.variants.VARIANT_NAMES``; standard by default).
    Scores are by side: by seat, but in a partnership game partners share one.
    """

    def __init__(self, seed: Seed = 0, count_by_hand: Sequence[bool] | None = None,
                 muggins: bool = False, variant: Variant | str | None = None) -> None:
        problem = seed_problem(seed)
        if problem is not None:
            raise ParameterError(f"a seed is a whole number from 0 to 2^53 - 1 or a short text, not {seed!r:.40}")
        rules_of = get_variant(variant)
        flags = (False,) * rules_of.players if count_by_hand is None else tuple(bool(f) for f in count_by_hand)
        if len(flags) != rules_of.players:
            raise ParameterError(f"count_by_hand has one flag for each of the {rules_of.players} players")
        self._state = State(seed, flags, bool(muggins), rules_of)

    @classmethod
    def at_play(cls, dealer: int, kept: Sequence[Cards], *, starter: Card | str, crib: Cards = (),
                held: Sequence[Cards] | None = None, count: Cards = (), turn: int | None = None,
                scores: Sequence[int] | None = None, seed: Seed = "position",
                variant: Variant | str | None = None) -> Game:
        """A game in the play with chosen cards, for tests, puzzles and studies.

        ``kept[seat]`` is the four cards each player kept, ``held[seat]`` those still in hand
        (all of them by default) and ``count`` the cards of the current count, each laid from a
        kept card no longer held. ``turn`` is who lays next (the pone by default). A game set up
        this way has no moves to replay, so ``to_json`` refuses it.
        """
        game = cls._at(dealer, kept, starter, crib, scores, seed, None, False, variant)
        state = game._state
        state.hands = [list(_cards(h)) for h in held] if held is not None else [list(k) for k in state.kept]
        state.count_cards = list(_cards(count))
        laid = {card: seat for seat in range(state.seats) for card in state.kept[seat]
                if card not in state.hands[seat]}
        if any(card not in laid for card in state.count_cards) or count_of(state.count_cards) > 31:
            raise ParameterError("the count is made of kept cards no longer held, and is at most 31")
        state.last_player = laid[state.count_cards[-1]] if state.count_cards else None
        state.phase, state.turn = "play", state.seat(pone=True) if turn is None else turn
        return game

    @classmethod
    def at_show(cls, dealer: int, kept: Sequence[Cards], *, starter: Card | str, crib: Cards,
                scores: Sequence[int] | None = None, seed: Seed = "position",
                count_by_hand: Sequence[bool] | None = None, muggins: bool = False,
                variant: Variant | str | None = None) -> Game:
        """A game at the start of the show with chosen cards (the pone counts first).

        As for ``at_play``: for tests and studies; ``to_json`` refuses it.
        """
        game = cls._at(dealer, kept, starter, crib, scores, seed, count_by_hand, muggins, variant)
        game._state.phase = "show"
        return game

    @classmethod
    def _at(cls, dealer: int, kept: Sequence[Cards], starter: Card | str, crib: Cards, scores: Sequence[int] | None,
            seed: Seed, count_by_hand: Sequence[bool] | None, muggins: bool, variant: Variant | str | None) -> Game:
        game = cls(seed, count_by_hand, muggins, variant)
        state = game._state
        scores = [0] * state.variant.sides if scores is None else scores
        state.kept = [list(_cards(k)) for k in kept]
        state.crib = list(_cards(crib))
        state.starter = _cards(starter)[0] if isinstance(starter, str) else starter
        if (dealer not in range(state.seats) or len(state.kept) != state.seats
                or len(scores) != state.variant.sides):
            raise ParameterError("a position names a dealer, each seat's kept cards and each side's score")
        ensure_distinct([card for hand in state.kept for card in hand] + state.crib + [state.starter])
        state.dealer, state.scores, state.position = dealer, list(scores), True
        state.previous_scores = list(scores)
        return game

    # --- reading the state -------------------------------------------------------------------------

    @property
    def seed(self) -> Seed:
        """The seed every random choice of the game is drawn from."""
        return self._state.seed

    @property
    def variant(self) -> Variant:
        """The version of the game played (``cribbage.variants``)."""
        return self._state.variant

    @property
    def seats(self) -> int:
        """How many players there are."""
        return self._state.seats

    @property
    def count_by_hand(self) -> tuple[bool, ...]:
        """For each seat: whether that player counts their own hand and crib."""
        return self._state.count_by_hand

    @property
    def muggins(self) -> bool:
        """Whether the opponent takes the points a player counting by hand misses."""
        return self._state.muggins

    @property
    def phase(self) -> Phase:
        """What the game waits for next (``cribbage.kinds.Phase``)."""
        return self._state.phase

    @property
    def dealer(self) -> int | None:
        """The dealer of this deal (None before the cut for deal decides)."""
        return self._state.dealer

    @property
    def pone(self) -> int | None:
        """The player on the dealer's left, who leads the play and counts first (None before the cut)."""
        return None if self._state.dealer is None else self._state.next_seat(self._state.dealer)

    @property
    def scores(self) -> tuple[int, ...]:
        """Each side's score: where its front peg stands (by seat but in a partnership game)."""
        return tuple(self._state.scores)

    @property
    def previous_scores(self) -> tuple[int, ...]:
        """Each seat's score before its last peg: where its back peg stands."""
        return tuple(self._state.previous_scores)

    @property
    def hand_number(self) -> int:
        """Which deal of the game this is, from 0."""
        return self._state.hand_number

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """The cards each seat holds now (as dealt, then the kept cards after the discard, fewer in the play)."""
        return tuple(tuple(hand) for hand in self._state.hands)

    @property
    def kept(self) -> tuple[tuple[Card, ...], ...]:
        """The cards each seat kept for the show (empty before the discard)."""
        return tuple(tuple(hand) for hand in self._state.kept)

    @property
    def crib(self) -> tuple[Card, ...]:
        """The cards thrown to the crib."""
        return tuple(self._state.crib)

    @property
    def starter(self) -> Card | None:
        """The starter (the card cut after the discard), or None before it is cut."""
        return self._state.starter

    @property
    def count_cards(self) -> tuple[Card, ...]:
        """The cards of the current count of the play, since it last started from zero."""
        return tuple(self._state.count_cards)

    @property
    def count(self) -> int:
        """The running count of the play."""
        return self._state.count

    @property
    def turn(self) -> int:
        """In the play, the seat to lay a card or say go."""
        return self._state.turn

    @property
    def show_part(self) -> ShowPart | None:
        """In the show, whose cards are counted next: the pone's hand, the dealer's, or the crib."""
        return self._state.show_part

    @property
    def winner(self) -> int | None:
        """The side that reached the game hole, once one has (the seat but in a partnership game)."""
        return self._state.winner

    @property
    def outcome(self) -> GameResult | None:
        """Winner, final scores and skunks once the game is over; None while it is played."""
        return self._state.result()

    @property
    def events(self) -> tuple[Event, ...]:
        """Everything that has happened, in order, from the cut for deal."""
        return tuple(self._state.events)

    def legal_actions(self) -> list[Action]:
        """Every action the rules allow now, for whichever seats may act (empty once the game is over).

        In the discard every player may throw, in any order; in every other phase one seat acts.
        """
        return _flow.legal(self._state)

    def playable_cards(self, player: int) -> list[Card]:
        """The cards ``player`` holds that fit under 31 in the current count."""
        return self._state.playable(player)

    # --- acting ------------------------------------------------------------------------------------

    def apply(self, action: Action) -> list[Event]:
        """Perform one action and return the events it produced.

        An action the rules do not allow now raises ``IllegalAction``, saying why, and changes nothing.
        """
        action = _flow.normalized(self._state, action)
        trial = self._state.copy()
        first_new = len(trial.events)
        _flow.perform(trial, action)
        self._state = trial
        return trial.events[first_new:]

    # --- saving and restoring ----------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The whole state as JSON-ready data, its events in their JSON form.

        A game set up at a position (``at_play``, ``at_show``) has no moves to replay and raises
        ``GameStateError``.
        """
        if self._state.position:
            raise GameStateError("a game set up at a position has no moves to save")
        return {**_saved.fields(self._state), "events": [event.to_json() for event in self._state.events]}

    @classmethod
    def from_json(cls, data: object) -> Game:
        """Restore a saved game by replaying its moves; anything else raises ``GameStateError``.

        The moves are read from the saved events and applied to a new game with the saved seed;
        every other field must then equal the replayed one. So an accepted state is one the rules
        can reach, and ``legal_actions``/``apply`` always work on it.
        """
        if not isinstance(data, dict):
            raise _saved.not_an_object(data)
        _saved.check_version(data)
        rules_of = _saved.saved_variant(data)
        game = cls(_saved.saved_seed(data.get("seed")), *_saved.saved_options(data, rules_of.players), rules_of)
        for number, action in enumerate(_saved.saved_moves(data.get("events")), start=1):
            try:
                game.apply(action)
            except IllegalAction as error:
                raise GameStateError(f"saved game: move {number} is not legal ({error})") from None
        defaults = {"count_by_hand": [False] * rules_of.players, "muggins": False}
        _saved.check_same(_saved.fields(game._state), {**defaults, **data})
        return game

    def copy(self) -> Game:
        """An independent copy: applying actions to one leaves the other as it was."""
        game = Game.__new__(Game)
        game._state = self._state.copy()
        return game

    def __repr__(self) -> str:
        return f"<Game seed={json.dumps(self.seed)} phase={self.phase} scores={list(self.scores)}>"


def _cards(cards: Cards) -> tuple[Card, ...]:
    return parse_cards(cards) if isinstance(cards, str) else tuple(cards)
