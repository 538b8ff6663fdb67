"""How a game moves: the state ``Game`` keeps, what is legal in it, and what each action does to it.

``Game`` is the public face; this module is its working. ``State`` holds every changing thing
about a game (seats are numbered from 0 and counted by ``State.seats``; the rules that differ
between versions of the game come from its ``Variant``); ``legal``
lists the actions the rules allow, ``refusal`` says in words why another action is not one of
them, and ``perform`` applies a legal action. ``Game.apply`` runs ``perform`` on a copy and keeps
the copy only when it succeeds, so a failed action leaves the game as it was.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from itertools import combinations
from typing import Final

from . import rules
from .actions import Action, ActionKind
from .cards import DECK, Card
from .errors import GameStateError, IllegalAction
from .events import (
    CutEvent,
    DealerEvent,
    DealEvent,
    DiscardEvent,
    Event,
    GameOverEvent,
    GameResult,
    GoEvent,
    PlayEvent,
    RecutEvent,
    ResetEvent,
    ScoreEvent,
    ScoreReason,
    ShowEvent,
    ShowPart,
    StarterEvent,
)
from .kinds import Phase
from .muggins import Claim, judge
from .play import can_play, count_of, last_card_items, score_play_card
from .seeds import Seed
from .show import ScoreItem, ShowScore, score_show
from .variants import STANDARD, Variant
from .words import number_word


@dataclass
class State:
    """Everything about a game that changes as it is played, and its fixed options."""

    seed: Seed
    count_by_hand: tuple[bool, ...]
    muggins: bool
    variant: Variant = STANDARD
    seats: int = field(init=False, default=2)  # how many players sit at the table: the variant's, kept at hand
    phase: Phase = "cut_for_deal"
    dealer: int | None = None
    scores: list[int] = field(default_factory=list)
    previous_scores: list[int] = field(default_factory=list)  # where each back peg stands
    hand_number: int = 0
    cut_attempt: int = 0
    cuts: list[Card | None] = field(default_factory=list)
    deck: list[Card] = field(default_factory=list)  # the undealt cards, in order
    hands: list[list[Card]] = field(default_factory=list)  # cards held now
    kept: list[list[Card]] = field(default_factory=list)  # the four cards each player shows
    crib: list[Card] = field(default_factory=list)
    starter: Card | None = None
    count_cards: list[Card] = field(default_factory=list)  # the current count, since the last reset
    turn: int = 0
    said_go: list[bool] = field(default_factory=list)
    last_player: int | None = None
    show_step: int = 0
    winner: int | None = None
    events: list[Event] = field(default_factory=list)
    position: bool = False  # set up at a chosen position (Game.at_play / at_show): no moves to replay

    def __post_init__(self) -> None:
        self.seats = self.variant.players
        sides = self.variant.sides
        for name, empty, size in (("scores", 0, sides), ("previous_scores", 0, sides), ("cuts", None, self.seats),
                                  ("said_go", False, self.seats)):
            if not getattr(self, name):
                setattr(self, name, [empty] * size)
        for name in ("hands", "kept"):
            if not getattr(self, name):
                setattr(self, name, [[] for _ in range(self.seats)])

    def copy(self) -> State:
        """A copy safe to change: lists are copied; cards and events never change."""
        # Every action copies the state: fill the copy's fields directly rather than through
        # ``replace``, which runs ``__init__`` and ``__post_init__`` again (a tenth of a game's time).
        trial = object.__new__(State)
        trial.__dict__.update(self.__dict__)
        trial.scores, trial.previous_scores, trial.cuts = list(self.scores), list(self.previous_scores), list(self.cuts)
        trial.hands, trial.kept = [list(h) for h in self.hands], [list(k) for k in self.kept]
        trial.deck, trial.crib, trial.count_cards = list(self.deck), list(self.crib), list(self.count_cards)
        trial.said_go, trial.events = list(self.said_go), list(self.events)
        return trial

    # --- questions about the state -----------------------------------------------------------------

    def next_seat(self, seat: int) -> int:
        """The seat to the left: who deals next, leads after the dealer, or lays after ``seat``."""
        return (seat + 1) % self.seats

    def seat(self, pone: bool = False) -> int:
        """The dealer (or the pone), where the phase guarantees there is one."""
        if self.dealer is None:
            raise GameStateError("the game has no dealer yet")
        return self.next_seat(self.dealer) if pone else self.dealer

    @property
    def count(self) -> int:
        """The running count of the play."""
        return count_of(self.count_cards)

    @property
    def show_part(self) -> ShowPart | None:
        """Whose cards the show counts next, in the show; None in any other phase."""
        return self.part() if self.phase == "show" else None

    def part(self) -> ShowPart:
        """What show step ``show_step`` counts: each hand from the dealer's left, the dealer's, then the crib.

        Every hand but the dealer's is a ``"pone"`` hand (the dealer's one opponent in a two-handed game).
        """
        if self.show_step >= self.seats:
            return "crib"
        return "dealer" if self.show_step == self.seats - 1 else "pone"

    def show_owner(self) -> int:
        """The seat whose hand (or crib) the show counts next."""
        return (self.seat() + 1 + min(self.show_step, self.seats - 1)) % self.seats

    def playable(self, player: int) -> list[Card]:
        """The cards ``player`` holds that fit under 31."""
        count = self.count
        return [card for card in self.hands[player] if can_play(card, count)]

    def is_out(self, player: int) -> bool:
        """Whether ``player`` can lay nothing more in this count (said go, or holds no cards)."""
        return self.said_go[player] or not self.hands[player]

    def result(self) -> GameResult | None:
        """How the game ended, once it has."""
        if self.winner is None:
            return None
        rules_of = self.variant
        return GameResult.of(self.winner, tuple(self.scores), rules_of.skunk_line, rules_of.double_skunk_line)

    def last(self) -> int:
        """Who laid the last card of the count."""
        if self.last_player is None:
            raise GameStateError("no card has been laid in this count")
        return self.last_player


# --- what is legal ---------------------------------------------------------------------------------

def legal(state: State) -> list[Action]:
    """Every action the rules allow now (empty once the game is over)."""
    phase, seats = state.phase, range(state.seats)
    if phase == "cut_for_deal":
        return [Action("cut", p) for p in seats if state.cuts[p] is None]
    if phase == "deal":
        return [Action("deal", state.seat())]
    if phase == "discard":
        return [Action("discard", p, throw) for p in seats if len(state.hands[p]) == state.variant.dealt
                for throw in combinations(state.hands[p], state.variant.throws)]
    if phase == "starter":
        return [Action("starter", state.seat(pone=True))]
    if phase == "play":
        playable = state.playable(state.turn)
        return [Action("play", state.turn, (card,)) for card in playable] or [Action("go", state.turn)]
    if phase == "show":
        return [Action("count", state.show_owner())]
    return []


def normalized(state: State, action: Action) -> Action:
    """A discard may name its two cards in either order: put them in the order they are held."""
    if action.kind != "discard" or not 0 <= action.player < state.seats:
        return action
    order = {card: i for i, card in enumerate(state.hands[action.player])}
    return replace(action, cards=tuple(sorted(action.cards, key=lambda c: order.get(c, 99))))


def refusal(state: State, action: Action) -> str | None:
    """Why the rules refuse ``action`` now, in words; None when it is legal."""
    if state.phase == "game_over":
        return "the game is over: start a new game"
    if isinstance(action.player, bool) or not isinstance(action.player, int) or not 0 <= action.player < state.seats:
        last = state.seats - 1
        return f"there is no player {action.player!r}: players are 0 {'and' if last == 1 else 'to'} {last}"
    allowed = legal(state)
    if action in allowed:
        return _claim_refusal(state, action)
    if state.phase == "play" and action.player == state.turn:
        if action.kind == "go":
            return "you cannot say go while you can lay a card"
        if action.kind == "play" and allowed[0].kind == "go":
            return f"no card you hold fits under {rules.THIRTY_ONE} (the count is {state.count}): say go"
    kinds = sorted({a.kind for a in allowed})
    if action.kind not in kinds:
        return (f"cannot {action.kind} now: the game is in the {state.phase} phase and waits for "
                + " or ".join(kinds))
    if action.player not in {a.player for a in allowed}:
        return f"it is not player {action.player}'s turn to {action.kind}"
    return _cards_refusal(state, action)


def _claim_refusal(state: State, action: Action) -> str | None:
    if action.kind == "count" and state.count_by_hand[action.player] and action.claim is None:
        part = "crib" if state.part() == "crib" else "hand"
        return f"you count your own {part}: say how many points it holds"
    return None


def _cards_refusal(state: State, action: Action) -> str:
    held = state.hands[action.player]
    missing = [c for c in action.cards if c not in held]
    if missing:
        return f"player {action.player} does not hold the {missing[0].name}"
    if action.kind == "discard":
        throws = state.variant.throws
        cards = f"{number_word(throws)} different card{'s' if throws > 1 else ''}"
        return f"a discard is exactly {cards}, got {len(action.cards)}"
    if action.kind == "play" and len(action.cards) == 1:
        card = action.cards[0]
        return (f"the {card.name} would take the count from {state.count} to "
                f"{state.count + card.value}, past {rules.THIRTY_ONE}")
    if action.kind == "go":
        return "you cannot say go while you can lay a card"
    return f"{action.kind} takes {'one card' if action.kind == 'play' else 'no cards'}"


# --- what each action does ---------------------------------------------------------------------------

def perform(state: State, action: Action) -> None:
    """Apply a legal action to ``state`` (which the caller throws away if this raises)."""
    reason = refusal(state, action)
    if reason is not None:
        raise IllegalAction(reason)
    _PERFORM[action.kind](state, action)


def _shuffled(state: State, what: str, number: int) -> list[Card]:
    """The deck shuffled for one cut or deal, drawn from the seed alone (so a seed replays a game)."""
    deck = list(DECK)
    random.Random(f"{state.seed}/{what}/{number}").shuffle(deck)
    return deck


def _cut(state: State, action: Action) -> None:
    card = _shuffled(state, "cut", state.cut_attempt)[action.player]  # all cut different cards of one deck
    state.cuts[action.player] = card
    state.events.append(CutEvent(action.player, card))
    cuts = [c for c in state.cuts if c is not None]
    if len(cuts) < state.seats:
        return
    low = min(c.rank for c in cuts)
    if sum(1 for c in cuts if c.rank == low) > 1:
        state.events.append(RecutEvent())
        state.cuts = [None] * state.seats
        state.cut_attempt += 1
        return
    state.dealer = next(seat for seat, c in enumerate(cuts) if c.rank == low)
    state.events.append(DealerEvent(state.dealer))
    state.phase = "deal"


def _deal(state: State, action: Action) -> None:
    deck = _shuffled(state, "deal", state.hand_number)
    dealt, to_crib = state.seats * state.variant.dealt, state.variant.to_crib
    state.hands = [[] for _ in range(state.seats)]
    for i in range(dealt):  # one at a time, starting at the dealer's left
        state.hands[(state.seat() + 1 + i) % state.seats].append(deck[i])
    state.kept, state.crib, state.starter = [[] for _ in range(state.seats)], deck[dealt:dealt + to_crib], None
    state.deck = deck[dealt + to_crib:]  # the three-player crib's own card comes after the hands
    state.count_cards, state.said_go, state.last_player = [], [False] * state.seats, None
    state.events.append(DealEvent(state.seat(), state.hand_number))
    state.phase = "discard"
    if state.hand_number == 0 and state.variant.last_bonus:  # three for last: the first crib's amends
        _award(state, state.seat(pone=True), "bonus", [ScoreItem("three for last", (), state.variant.last_bonus)])


def _starter_card(state: State) -> Card:
    rng = random.Random(f"{state.seed}/starter/{state.hand_number}")
    return state.deck[rng.randrange(4, len(state.deck) - 4)]  # each pile keeps four cards


def dealt(seed: Seed, variant: Variant, hand_number: int, dealer: int) -> tuple[list[list[Card]], list[Card], Card]:
    """Deal ``hand_number`` as the seed alone decides it: each seat's cards, the crib's from the deck, the starter.

    No player's choice changes a deal's cards, so anyone with the seed can deal them again.
    """
    state = State(seed, (False,) * variant.players, False, variant)
    state.dealer, state.hand_number = dealer, hand_number
    _deal(state, Action("deal", dealer))
    return state.hands, state.crib, _starter_card(state)


def _discard(state: State, action: Action) -> None:
    for card in action.cards:
        state.hands[action.player].remove(card)
    state.crib.extend(action.cards)
    state.events.append(DiscardEvent(action.player, action.cards))
    if all(len(hand) == state.variant.hand_size for hand in state.hands):
        state.kept = [list(hand) for hand in state.hands]
        state.phase = "starter"


def _starter(state: State, action: Action) -> None:
    starter = state.starter = _starter_card(state)
    state.events.append(StarterEvent(action.player, starter))
    if starter.rank == rules.JACK:
        _award(state, state.seat(), "heels", [ScoreItem("heels", (starter,), rules.HEELS_POINTS)])
    if state.phase != "game_over":
        state.phase = "play"
        state.turn = state.seat(pone=True)
        _settle_play(state)


def _play(state: State, action: Action) -> None:
    player, card = action.player, action.cards[0]
    items = score_play_card(state.count_cards, card)
    state.hands[player].remove(card)
    state.count_cards.append(card)
    state.last_player = player
    state.events.append(PlayEvent(player, card, state.count))
    if items:
        _award(state, player, "play", items)
    if state.phase == "game_over":
        return
    if state.count == rules.THIRTY_ONE:
        _reset_count(state)  # 31 has paid 2; it never pays the go as well
        if not state.variant.play_after_go:
            _end_play(state)
            return
    else:
        state.turn = state.next_seat(player)
    _settle_play(state)


def _go(state: State, action: Action) -> None:
    state.said_go[action.player] = True
    state.events.append(GoEvent(action.player, state.count))
    state.turn = state.next_seat(action.player)
    _settle_play(state)


def _count(state: State, action: Action) -> None:
    part = state.part()
    cards = state.crib if part == "crib" else state.kept[action.player]
    if state.starter is None:
        raise GameStateError("the show comes after the starter")
    breakdown = score_show(tuple(cards), state.starter, part == "crib", state.variant)
    if action.claim is not None and state.count_by_hand[action.player]:
        _count_by_hand(state, action.player, part, breakdown, action.claim)
    else:
        state.events.append(ShowEvent(action.player, part, breakdown))
        if breakdown.total:
            _award(state, action.player, part, breakdown.items)
    if state.phase == "game_over":
        return
    state.show_step += 1
    if state.show_step == state.seats + 1:
        state.dealer = state.seat(pone=True)
        state.hand_number += 1
        state.show_step = 0
        state.phase = "deal"


def _count_by_hand(state: State, player: int, part: ShowPart, breakdown: ShowScore, claim: Claim) -> None:
    """The owner pegs only what is there and claimed; with muggins the opponent takes the rest."""
    verdict = judge(breakdown.items, claim)
    state.events.append(ShowEvent(player, part, breakdown, verdict))
    if verdict.credited:
        _award(state, player, part, verdict.credited)
    if state.muggins and verdict.missed and state.phase != "game_over":
        _award(state, state.next_seat(player), "muggins", verdict.missed)


_PERFORM: Final[dict[ActionKind, Callable[[State, Action], None]]] = {
    "cut": _cut, "deal": _deal, "discard": _discard, "starter": _starter, "play": _play, "go": _go,
    "count": _count,
}


# --- the steps that need no decision -----------------------------------------------------------------

def _settle_play(state: State) -> None:
    """Advance past every step of the play that needs no decision."""
    while state.phase == "play":
        if not any(state.hands):
            _end_count(state)
            _end_play(state)
            return
        player = state.turn
        if state.playable(player):
            return
        if all(state.is_out(seat) for seat in range(state.seats) if seat != player):
            _end_count(state)  # nobody can lay: the last card takes the go
            if not state.variant.play_after_go:
                _end_play(state)  # five-card cribbage: the first go ends the play
                return
            continue
        if state.hands[player] and not state.said_go[player]:
            return  # this player must say go
        state.turn = state.next_seat(player)


def _end_play(state: State) -> None:
    """On to the show (unless the game is over); cards still held are not played."""
    if state.winner is None:
        state.phase, state.show_step = "show", 0


def _end_count(state: State) -> None:
    if not state.count_cards:
        return
    items = last_card_items(state.count_cards)
    if items:
        _award(state, state.last(), "go", items)
    if state.phase != "game_over":
        _reset_count(state)


def _reset_count(state: State) -> None:
    last = state.last()
    state.count_cards = []
    state.said_go = [False] * state.seats
    state.turn = state.next_seat(last)
    if state.variant.play_after_go:  # in five-card cribbage the first count ends the play: no new count
        state.events.append(ResetEvent(_next_leader(state, last), after=last))


def _next_leader(state: State, last: int) -> int | None:
    """Who leads the new count: the first player after ``last`` still holding a card, if any does."""
    for step in range(1, state.seats + 1):
        seat = (last + step) % state.seats
        if state.hands[seat]:
            return seat
    return None


def _award(state: State, player: int, reason: ScoreReason, items: Sequence[ScoreItem]) -> None:
    points = sum(item.points for item in items)
    side, hole = state.variant.side_of(player), state.variant.game_hole
    state.previous_scores[side] = state.scores[side]
    state.scores[side] = min(hole, state.scores[side] + points)
    state.events.append(ScoreEvent(player, reason, points, tuple(items), tuple(state.scores)))
    if state.scores[side] >= hole:
        state.winner = side
        state.phase = "game_over"
        result = state.result()
        assert result is not None
        state.events.append(GameOverEvent(side, result))
