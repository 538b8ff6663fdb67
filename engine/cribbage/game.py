"""A two-player game of cribbage to 121 as a validated state machine.

Each hand moves through the phases ``deal -> discard -> starter -> play -> show``
after an initial ``cut_for_deal``; ``game_over`` ends it the instant a player
reaches 121. ``Game.legal_actions()`` lists what may happen next and
``Game.apply()`` performs one action or raises ``IllegalAction`` leaving the
game exactly as it was. Every random choice comes from the game's seed, so a
seed replays the same game, and ``to_json``/``from_json`` round-trip the state.
"""

from __future__ import annotations

import copy
import json
import random
from collections import OrderedDict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any, Final, Literal, get_args

from . import rules
from .cards import DECK, Card, parse_card
from .errors import CardError, GameStateError, IllegalAction
from .muggins import Claim, judge, parse_claim
from .params import MAX_SEED, MAX_SEED_TEXT, json_type
from .play import can_play, count_of, last_card_items, score_play_card
from .show import ScoreItem, ShowScore, score_show
from .vocabulary import PHASES as VOCABULARY_PHASES
from .vocabulary import Phase

STATE_VERSION = 1
PLAYERS = (0, 1)
PHASES: Final = VOCABULARY_PHASES
ShowPart = Literal["pone", "dealer", "crib"]
SHOW_ORDER: Final[tuple[ShowPart, ...]] = get_args(ShowPart)
ActionKind = Literal["cut", "deal", "discard", "starter", "play", "go", "count"]
ACTION_KINDS: Final[tuple[ActionKind, ...]] = get_args(ActionKind)


@dataclass(frozen=True)
class GameResult:
    winner: int
    scores: tuple[int, int]
    skunk: bool  # the loser has not passed rules.SKUNK_LINE
    double_skunk: bool  # nor rules.DOUBLE_SKUNK_LINE

    def to_json(self) -> dict[str, Any]:
        return {"winner": self.winner, "scores": list(self.scores), "skunk": self.skunk,
                "double_skunk": self.double_skunk}


@dataclass(frozen=True)
class Action:
    kind: ActionKind
    player: int
    cards: tuple[Card, ...] = ()
    # A player who counts by hand says what the hand holds; not part of which action it is.
    claim: Claim | None = field(default=None, compare=False)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind, "player": self.player, "cards": [c.code for c in self.cards]}
        if self.claim is not None:
            data["claim"] = self.claim.to_json()
        return data

    @classmethod
    def from_json(cls, data: object) -> Action:
        """Read ``{"kind": "play", "player": 0, "cards": ["5H"]}``; anything else: ``IllegalAction``."""
        if not isinstance(data, dict):
            raise IllegalAction(f"an action is an object with kind, player and cards, not {json_type(data)}")
        kind = data.get("kind")
        if not isinstance(kind, str) or kind not in ACTION_KINDS:
            shown = kind[:20] if isinstance(kind, str) else json_type(kind)
            raise IllegalAction(f"unknown action {shown!r} (use {', '.join(ACTION_KINDS)})")
        player = data.get("player")
        if isinstance(player, bool) or not isinstance(player, int) or player not in PLAYERS:
            raise IllegalAction("an action's player is 0 or 1")
        codes = data.get("cards", [])
        if not isinstance(codes, list) or len(codes) > 2:
            raise IllegalAction("an action's cards are a list of at most two cards")
        try:
            cards = tuple(parse_card(code) for code in codes)
        except CardError as error:
            raise IllegalAction(f"an action's card is not readable: {error}") from None
        try:
            claim = parse_claim(data["claim"]) if data.get("claim") is not None else None
        except CardError as error:
            raise IllegalAction(f"a count is not readable: {error}") from None
        return cls(_action_kind(kind), player, cards, claim)


def _action_kind(kind: str) -> ActionKind:
    for known in ACTION_KINDS:
        if kind == known:
            return known
    raise IllegalAction(f"unknown action {kind[:20]!r}")


class Game:
    """The whole state of one game. Players are 0 and 1."""

    def __init__(self, seed: int | str = 0, count_by_hand: Sequence[bool] = (False, False),
                 muggins: bool = False) -> None:
        self.seed = _saved_seed(seed)
        # House options: who counts their own hand and crib, and whether the opponent may
        # take what they miss (muggins). Off by default: the engine counts for everyone.
        self.count_by_hand = [bool(flag) for flag in count_by_hand]
        self.muggins = bool(muggins)
        self.phase: Phase = "cut_for_deal"
        self.dealer: int | None = None
        self.scores = [0, 0]
        self.previous_scores = [0, 0]  # where the back peg stands
        self.hand_number = 0
        self.cut_attempt = 0
        self.cuts: list[Card | None] = [None, None]
        self.deck: list[Card] = []
        self.hands: list[list[Card]] = [[], []]  # cards held now
        self.kept: list[list[Card]] = [[], []]  # the four cards each player shows
        self.crib: list[Card] = []
        self.starter: Card | None = None
        self.count_cards: list[Card] = []  # the current count, since the last reset
        self.turn = 0
        self.said_go = [False, False]
        self.last_player: int | None = None
        self.show_step = 0
        self.winner: int | None = None
        self.events: list[dict[str, Any]] = []

    # --- reading the state --------------------------------------------------------------------

    @property
    def pone(self) -> int | None:
        return None if self.dealer is None else 1 - self.dealer

    @property
    def count(self) -> int:
        return count_of(self.count_cards)

    @property
    def outcome(self) -> GameResult | None:
        """Winner, final scores and skunks once the game is over."""
        if self.winner is None:
            return None
        loser_score = self.scores[1 - self.winner]
        return GameResult(
            self.winner, (self.scores[0], self.scores[1]),
            loser_score < rules.SKUNK_LINE, loser_score < rules.DOUBLE_SKUNK_LINE,
        )

    def _seat(self, pone: bool = False) -> int:
        """The dealer (or pone) where the phase guarantees there is one."""
        if self.dealer is None:
            raise GameStateError("the game has no dealer yet")
        return 1 - self.dealer if pone else self.dealer

    @property
    def show_part(self) -> ShowPart | None:
        """In the show, whose cards are counted next: the pone's hand, the dealer's, or the crib."""
        return SHOW_ORDER[self.show_step] if self.phase == "show" else None

    def _is_over(self) -> bool:
        return self.phase == "game_over"

    def legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == "cut_for_deal":
            return [Action("cut", p) for p in PLAYERS if self.cuts[p] is None]
        if phase == "deal":
            return [Action("deal", self._seat())]
        if phase == "discard":
            return [
                Action("discard", p, pair)
                for p in PLAYERS
                if len(self.hands[p]) == 6
                for pair in combinations(self.hands[p], 2)
            ]
        if phase == "starter":
            return [Action("starter", self._seat(pone=True))]
        if phase == "play":
            playable = self.playable_cards(self.turn)
            if playable:
                return [Action("play", self.turn, (card,)) for card in playable]
            return [Action("go", self.turn)]
        if phase == "show":
            return [Action("count", self._show_owner())]
        return []

    def playable_cards(self, player: int) -> list[Card]:
        count = self.count
        return [card for card in self.hands[player] if can_play(card, count)]

    def result(self) -> dict[str, Any] | None:
        """``outcome`` as JSON: winner, scores, skunk, double_skunk (None while playing)."""
        outcome = self.outcome
        return outcome.to_json() if outcome else None

    # --- acting -------------------------------------------------------------------------------

    def apply(self, action: Action | dict[str, Any]) -> list[dict[str, Any]]:
        """Perform one action; return the events it produced. Illegal: raise, change nothing."""
        if isinstance(action, dict):
            action = Action.from_json(action)
        action = self._normalized(action)
        self._check(action)
        trial = self._clone()
        first_new_event = len(trial.events)
        getattr(trial, "_do_" + action.kind)(action)
        self.__dict__.update(trial.__dict__)
        return self.events[first_new_event:]

    def _normalized(self, action: Action) -> Action:
        """A discard may name its two cards in either order; compare in hand order."""
        if action.kind == "discard" and action.player in PLAYERS:
            order = {card: i for i, card in enumerate(self.hands[action.player])}
            cards = tuple(sorted(action.cards, key=lambda c: order.get(c, 99)))
            return Action(action.kind, action.player, cards)
        return action

    def _clone(self) -> Game:
        """A copy safe to mutate: card lists are copied; events are append-only, never edited."""
        twin = copy.copy(self)
        for name, value in self.__dict__.items():
            if name == "events":
                twin.events = list(self.events)
            elif isinstance(value, list):
                setattr(twin, name, [list(v) if isinstance(v, list) else v for v in value])
        return twin

    def _check(self, action: Action) -> None:
        if self.phase == "game_over":
            raise IllegalAction("the game is over: start a new game")
        if action.player not in PLAYERS:
            raise IllegalAction(f"there is no player {action.player!r}: players are 0 and 1")
        legal = self.legal_actions()
        if action in legal:
            self._check_claim(action)
            return
        if self.phase == "play" and action.player == self.turn:
            if action.kind == "go":
                raise IllegalAction("you cannot say go while you can lay a card")
            if action.kind == "play" and legal[0].kind == "go":
                raise IllegalAction(
                    f"no card you hold fits under {rules.THIRTY_ONE} (the count is {self.count}): say go"
                )
        kinds = sorted({a.kind for a in legal})
        if action.kind not in kinds:
            raise IllegalAction(
                f"cannot {action.kind} now: the game is in the {self.phase} phase and waits for "
                + " or ".join(kinds)
            )
        if action.player not in {a.player for a in legal}:
            raise IllegalAction(f"it is not player {action.player}'s turn to {action.kind}")
        raise IllegalAction(self._why_cards_illegal(action))

    def _check_claim(self, action: Action) -> None:
        if action.kind != "count":
            return
        if self.count_by_hand[action.player] and action.claim is None:
            part = "crib" if SHOW_ORDER[self.show_step] == "crib" else "hand"
            raise IllegalAction(f"you count your own {part}: say how many points it holds")

    def _why_cards_illegal(self, action: Action) -> str:
        held = self.hands[action.player]
        missing = [c for c in action.cards if c not in held]
        if missing:
            return f"player {action.player} does not hold the {missing[0].name}"
        if action.kind == "discard":
            return f"a discard is exactly two different cards, got {len(action.cards)}"
        if action.kind == "play" and len(action.cards) == 1:
            card = action.cards[0]
            return (
                f"the {card.name} would take the count from {self.count} to "
                f"{self.count + card.value}, past {rules.THIRTY_ONE}"
            )
        if action.kind == "go":
            return "you cannot say go while you can lay a card"
        return f"{action.kind} takes {'one card' if action.kind == 'play' else 'no cards'}"

    # --- the phases (each runs on a trial copy; see apply) --------------------------------------

    def _do_cut(self, action: Action) -> None:
        rng = random.Random(f"{self.seed}/cut/{self.cut_attempt}")
        deck = list(DECK)
        rng.shuffle(deck)
        card = deck[action.player]  # the two players cut different cards of one shuffled deck
        self.cuts[action.player] = card
        self._event("cut", action.player, cards=[card])
        first, second = self.cuts
        if first is None or second is None:
            return
        if first.rank == second.rank:
            self._event("recut", None, note="equal ranks: both players cut again")
            self.cuts = [None, None]
            self.cut_attempt += 1
            return
        self.dealer = 0 if first.rank < second.rank else 1
        self._event("dealer", self.dealer, note="lower card deals")
        self.phase = "deal"

    def _do_deal(self, action: Action) -> None:
        rng = random.Random(f"{self.seed}/deal/{self.hand_number}")
        deck = list(DECK)
        rng.shuffle(deck)
        self.hands = [[], []]
        for i in range(2 * rules.CARDS_DEALT):  # one at a time, the dealer's opponent first
            self.hands[self._seat(pone=i % 2 == 0)].append(deck[i])
        self.deck = deck[2 * rules.CARDS_DEALT:]
        self.kept, self.crib, self.starter = [[], []], [], None
        self.count_cards, self.said_go, self.last_player = [], [False, False], None
        self._event("deal", self.dealer, hand=self.hand_number)
        self.phase = "discard"

    def _do_discard(self, action: Action) -> None:
        player = action.player
        for card in action.cards:
            self.hands[player].remove(card)
        self.crib.extend(action.cards)
        self._event("discard", player, cards=list(action.cards))
        if len(self.crib) == 4:
            self.kept = [list(self.hands[0]), list(self.hands[1])]
            self.phase = "starter"

    def _do_starter(self, action: Action) -> None:
        rng = random.Random(f"{self.seed}/starter/{self.hand_number}")
        cut_at = rng.randrange(4, len(self.deck) - 4)  # each pile keeps at least four cards
        starter = self.starter = self.deck[cut_at]
        self._event("starter", action.player, cards=[starter])
        if starter.rank == rules.JACK:
            self._award(self._seat(), "heels", [ScoreItem("heels", (starter,), rules.HEELS_POINTS)])
        if not self._is_over():
            self.phase = "play"
            self.turn = self._seat(pone=True)
            self._settle_play()

    def _do_play(self, action: Action) -> None:
        player, card = action.player, action.cards[0]
        items = score_play_card(self.count_cards, card)
        self.hands[player].remove(card)
        self.count_cards.append(card)
        self.last_player = player
        self._event("play", player, cards=[card], count=self.count)
        if items:
            self._award(player, "play", list(items))
        if self._is_over():
            return
        if self.count == rules.THIRTY_ONE:
            self._reset_count()  # 31 already paid 2; it never pays the go as well
        else:
            self.turn = 1 - player
        self._settle_play()

    def _do_go(self, action: Action) -> None:
        self.said_go[action.player] = True
        self._event("go", action.player, count=self.count)
        self.turn = 1 - action.player
        self._settle_play()

    def _do_count(self, action: Action) -> None:
        part = SHOW_ORDER[self.show_step]
        cards = self.crib if part == "crib" else self.kept[action.player]
        if self.starter is None:
            raise GameStateError("the show comes after the starter")
        breakdown = score_show(tuple(cards), self.starter, is_crib=part == "crib")
        if action.claim is not None and self.count_by_hand[action.player]:
            self._count_by_hand(action.player, part, breakdown, action.claim)
        else:
            self._event("show", action.player, part=part, breakdown=breakdown.to_json())
            if breakdown.total:
                self._award(action.player, part, list(breakdown.items))
        if self._is_over():
            return
        self.show_step += 1
        if self.show_step == len(SHOW_ORDER):
            self.dealer = self._seat(pone=True)
            self.hand_number += 1
            self.show_step = 0
            self.phase = "deal"

    def _count_by_hand(self, player: int, part: str, breakdown: ShowScore, claim: Claim) -> None:
        """The owner pegs only what is there and claimed; muggins gives the rest to the opponent."""
        verdict = judge(breakdown.items, claim)
        self._event("show", player, part=part, breakdown=breakdown.to_json(), verdict=verdict.to_json())
        if verdict.credited:
            self._award(player, part, list(verdict.credited))
        if self.muggins and verdict.missed and not self._is_over():
            self._award(1 - player, "muggins", list(verdict.missed))

    # --- helpers ------------------------------------------------------------------------------

    def _settle_play(self) -> None:
        """Advance past every step of the play that needs no decision."""
        while self.phase == "play":
            if not self.hands[0] and not self.hands[1]:
                self._end_count()
                if not self._is_over():
                    self.phase = "show"
                    self.show_step = 0
                return
            player, other = self.turn, 1 - self.turn
            if self.playable_cards(player):
                return
            if self._is_out(other):  # nobody can lay: the last card takes the go
                self._end_count()
                continue
            if self.hands[player] and not self.said_go[player]:
                return  # this player must say go
            self.turn = other

    def _is_out(self, player: int) -> bool:
        return self.said_go[player] or not self.hands[player]

    def _end_count(self) -> None:
        if not self.count_cards:
            return
        items = last_card_items(self.count_cards)
        if items:
            self._award(self._last_player(), "go", items)
        if not self._is_over():
            self._reset_count()

    def _reset_count(self) -> None:
        self.count_cards = []
        self.said_go = [False, False]
        self.turn = 1 - self._last_player()
        self._event("reset", self.turn, note="the count starts again from zero")

    def _award(self, player: int, reason: str, items: Sequence[ScoreItem]) -> None:
        points = sum(item.points for item in items)
        self.previous_scores[player] = self.scores[player]
        self.scores[player] = min(rules.GAME_HOLE, self.scores[player] + points)
        self._event(
            "score", player, reason=reason, points=points,
            items=[item.to_json() for item in items], scores=list(self.scores),
        )
        if self.scores[player] >= rules.GAME_HOLE:
            self.winner = player
            self.phase = "game_over"
            self._event("game_over", player, result=self.result())

    def _event(self, kind: str, player: int | None, **details: Any) -> None:
        if "cards" in details:
            details["cards"] = [card.code for card in details["cards"]]
        self.events.append({"type": kind, "player": player, **details})

    def _show_owner(self) -> int:
        return self._seat(pone=SHOW_ORDER[self.show_step] == "pone")

    def _last_player(self) -> int:
        if self.last_player is None:
            raise GameStateError("no card has been laid in this count")
        return self.last_player

    # --- saving and restoring -----------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The whole state as JSON-ready data (the events copied, so later moves leave it alone)."""
        data = {**self._fields_json(), "events": json.loads(json.dumps(self.events))}
        _remember(data, self)
        return data

    def _fields_json(self) -> dict[str, Any]:
        """Everything but the events."""
        def codes(cards: Sequence[Card]) -> list[str]:
            return [c.code for c in cards]

        return {
            "version": STATE_VERSION,
            "seed": self.seed,
            "count_by_hand": list(self.count_by_hand),
            "muggins": self.muggins,
            "phase": self.phase,
            "dealer": self.dealer,
            "scores": list(self.scores),
            "previous_scores": list(self.previous_scores),
            "hand_number": self.hand_number,
            "cut_attempt": self.cut_attempt,
            "cuts": [c.code if c is not None else None for c in self.cuts],
            "deck": codes(self.deck),
            "hands": [codes(h) for h in self.hands],
            "kept": [codes(h) for h in self.kept],
            "crib": codes(self.crib),
            "starter": self.starter.code if self.starter is not None else None,
            "count_cards": codes(self.count_cards),
            "turn": self.turn,
            "said_go": list(self.said_go),
            "last_player": self.last_player,
            "show_step": self.show_step,
            "winner": self.winner,
        }

    @classmethod
    def from_json(cls, data: object) -> Game:
        """Restore a saved game by replaying its moves; anything else raises ``GameStateError``.

        The moves are read from the saved events and applied to a new game with the saved
        seed; every other field must then equal the replayed one. So an accepted state is
        one the rules can reach, and ``legal_actions``/``apply`` always work on it.
        """
        if not isinstance(data, dict):
            raise GameStateError(f"saved game is not readable: expected an object, got {json_type(data)}")
        known = _recall(data)
        if known is not None:
            return known
        version = data.get("version")
        if isinstance(version, bool) or version != STATE_VERSION:
            raise GameStateError("saved game has an unknown version")
        game = cls(_saved_seed(data.get("seed")), *_saved_options(data))
        for number, action in enumerate(_saved_moves(data.get("events")), start=1):
            try:
                game.apply(action)
            except IllegalAction as error:
                raise GameStateError(f"saved game: move {number} is not legal ({error})") from None
        _check_same(game._fields_json(), {"count_by_hand": [False, False], "muggins": False, **data})
        return game

# --- restoring: the moves of a saved game, read from its events ------------------------------

MAX_EVENTS: Final = 20_000  # far more than any game to 121 produces
_MOVE_OF_EVENT: Final[dict[str, ActionKind]] = {
    "cut": "cut", "deal": "deal", "discard": "discard", "starter": "starter",
    "play": "play", "go": "go", "show": "count",
}
_MOVE_CARDS: Final = frozenset({"discard", "play"})  # the moves whose event names their cards


def _saved_seed(seed: object) -> int | str:
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise GameStateError("saved game has no seed (a whole number or a short text)")
    if isinstance(seed, int) and not 0 <= seed <= MAX_SEED:
        raise GameStateError("saved game's seed is out of range")
    if isinstance(seed, str) and len(seed) > MAX_SEED_TEXT:
        raise GameStateError("saved game's seed is too long")
    return seed


def _saved_options(data: dict[str, Any]) -> tuple[list[bool], bool]:
    """Counting by hand and muggins (absent in games saved before they existed: off)."""
    count_by_hand = data.get("count_by_hand", [False, False])
    muggins = data.get("muggins", False)
    if (not isinstance(count_by_hand, list) or len(count_by_hand) != 2
            or not all(isinstance(flag, bool) for flag in count_by_hand) or not isinstance(muggins, bool)):
        raise GameStateError("saved game's counting options are not readable")
    return count_by_hand, muggins


def _saved_moves(events: object) -> Iterator[Action]:
    if not isinstance(events, list):
        raise GameStateError("saved game has no list of events")
    if len(events) > MAX_EVENTS:
        raise GameStateError("saved game has too many events")
    for number, event in enumerate(events, start=1):
        if not isinstance(event, dict) or not isinstance(event.get("type"), str):
            raise GameStateError(f"saved game: event {number} is not readable")
        kind = _MOVE_OF_EVENT.get(event["type"])
        if kind is None:
            continue  # scores, resets and the like follow from the moves
        cards = event.get("cards", []) if kind in _MOVE_CARDS else []
        verdict = event.get("verdict")  # a count by hand: the claim is part of the move
        claim = verdict.get("claim") if isinstance(verdict, dict) else None
        try:
            yield Action.from_json({"kind": kind, "player": event.get("player"), "cards": cards, "claim": claim})
        except IllegalAction as error:
            raise GameStateError(f"saved game: event {number} is not readable ({error})") from None


def _check_same(replayed: dict[str, Any], saved: dict[str, Any]) -> None:
    """Every saved field (the events aside, which the replay rebuilds) equals the replayed one."""
    for key, value in replayed.items():
        if _canonical(saved.get(key)) != _canonical(value):
            raise GameStateError(f"saved game: '{key}' does not follow from its moves")
    extra = sorted(set(saved) - set(replayed) - {"events"})
    if extra:
        raise GameStateError(f"saved game has an unknown field {extra[0][:40]!r}")


def _canonical(value: object) -> str:
    """JSON text that tells 1 from 1.0 and true; unreadable values never match."""
    try:
        return json.dumps(value, sort_keys=True, allow_nan=False)
    except (TypeError, ValueError, RecursionError):
        return "<unreadable>"


# --- states this engine wrote lately: restored without a replay -------------------------------
# The table page sends back the state it was just given, so the last few states the engine
# itself produced are kept (as private copies, keyed by their exact JSON text). A state that
# matches one is the engine's own, as trustworthy as a replayed one; anything else is replayed.

_KNOWN_STATES: Final[OrderedDict[str, Game]] = OrderedDict()
MAX_KNOWN_STATES: Final = 8


def _remember(data: dict[str, Any], game: Game) -> None:
    key = _canonical(data)
    _KNOWN_STATES[key] = game._clone()
    _KNOWN_STATES.move_to_end(key)
    while len(_KNOWN_STATES) > MAX_KNOWN_STATES:
        _KNOWN_STATES.popitem(last=False)


def _recall(data: dict[str, Any]) -> Game | None:
    known = _KNOWN_STATES.get(_canonical(data))
    return known._clone() if known is not None else None

