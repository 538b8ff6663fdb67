"""A game at the table, as the table page sees it: people and computer players in any seats.

Each seat is ``human`` or a computer level (``SEAT_KINDS``); by default seat 0 is the human and
every other seat the chosen level. The whole game (hands, deck order, seed) travels only as
``private``: the caller keeps it out of the page (the browser worker seals it before anything
reaches the page). The page gets a ``view`` for one seat: that seat's cards, counts of the
hidden ones, what has been laid or shown, every event redacted to what that seat may know, each
with its sentence (``log``), and the game's ``commitment`` (SHA-256 of the seed, from the
start); the seed itself is in the view only once the game is over. The computer seats decide
from their own seat's sight (``cribbage.sight``), never from the whole game.
``summary`` turns a finished game's events into points by source for both sides, the
figures the page's game record adds up.

``private`` also keeps the game's hints setting (off unless the game was started with it) and
every hint used, with the move it came before, for the game's text record to label.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import Any, Final

from ..errors import GameStateError, IllegalAction, ParameterError
from ..events import Event
from ..game import Action, Game
from ..kinds import COMPUTER_LEVELS, STANDARD_ONLY_LEVELS, ComputerLevel
from ..players import decide
from ..records import HINT_KINDS, MAX_PLAYER_NAME, Hint, Player
from ..seeds import Seed, commitment
from ..sight import Sight
from ..variants import STANDARD, Variant
from ..variants import variant as get_variant
from .hints import card_reason, suggest_card, suggest_throw
from .known import KNOWN_GAMES
from .log import COMPUTER, HUMAN, describe, seat_subjects
from .vocabulary import SEAT_SUBJECTS

JSON = dict[str, Any]
PRIVATE_VERSION: Final = 1
"""The version of the ``private`` object's shape."""
SOURCES: Final = ("pegging", "hand", "crib", "heels", "muggins")
"""Where a game's points came from, as ``summary`` adds them up."""
_SOURCE_OF_REASON: Final = {"play": "pegging", "go": "pegging", "pone": "hand", "dealer": "hand"}
_UNREADABLE: Final = "the saved game is not readable: start a new game"
HUMAN_SEAT: Final = "human"
"""A seat a person plays; every other seat is a computer level."""
SEAT_KINDS: Final = (HUMAN_SEAT, *COMPUTER_LEVELS)
"""What a seat may be: a person, or a computer level (``cribbage.kinds.COMPUTER_LEVELS``)."""
_HINTS_OFF: Final = "hints are off in this game: turn Hints on, and they are offered from the next game"


class _Table:
    """A table opened from ``private``: the game, the computer's level, its id, the hints and who sits where."""

    def __init__(self, game: Game, level: ComputerLevel, table_id: str, hints: bool, used: list[Hint],
                 seats: tuple[str, ...]) -> None:
        self.game, self.level, self.id, self.hints, self.used = game, level, table_id, hints, used
        self.seats = seats
        self.everyone: tuple[str, ...] | None = None  # every seat by name when people share the phone


def _named(table: _Table, names: Sequence[str | None] | None, one_phone: bool) -> _Table:
    """The table with its log naming every seat (``log.seat_subjects``) when people share one phone:
    the page sends their names (by seat) with each call."""
    if one_phone:
        table.everyone = seat_subjects(table.seats, names)
    return table


# --- starting, acting, resuming ---------------------------------------------------------------

def new_table(level: str, seed: Seed | None = None, count_by_hand: bool = False, muggins: bool = False,
              variant: Variant | str | None = None, hints: bool = False, seats: object = None,
              names: Sequence[str | None] | None = None, one_phone: bool = False) -> JSON:
    """A new game; without a seed, one nobody can guess (the page must not know it).

    With ``hints`` the human may ask for a suggested throw or card (``hint``); without, it may not.

    ``seats`` names each seat's player, ``human`` or a computer level, in seat order; without it
    seat 0 is the human and the computer plays every other seat at ``level`` (in the four-player
    game, the human's partner opposite too). ``count_by_hand`` is for every human seat. With
    ``one_phone`` the people share this phone, and the log names every seat (``names``, by seat).
    """
    rules_of = get_variant(variant)
    kinds = _default_seats(_level(level), rules_of) if seats is None else _seat_kinds(seats, rules_of)
    computers = [kind for kind in kinds if kind != HUMAN_SEAT]
    computer = _level(computers[0] if computers else level)
    for kind in sorted(set(computers)):
        if kind in STANDARD_ONLY_LEVELS and rules_of is not STANDARD:
            raise ParameterError(f"the {kind} level plays only the standard game, not {rules_of.name}")
    flags = tuple(bool(count_by_hand) and kind == HUMAN_SEAT for kind in kinds)
    game = Game(seed=secrets.randbits(53) if seed is None else seed, count_by_hand=flags,
                muggins=bool(muggins) and bool(count_by_hand), variant=rules_of)
    table = _named(_Table(game, computer, secrets.token_hex(8), bool(hints), [], kinds), names, one_phone)
    events = _computer_turns(table)
    return _reply(table, events, _first_human(kinds), log=True, names=names)


def _default_seats(level: ComputerLevel, rules_of: Variant) -> tuple[str, ...]:
    return (HUMAN_SEAT,) + (level,) * (rules_of.players - 1)


def _seat_kinds(seats: object, rules_of: Variant) -> tuple[str, ...]:
    """``seats`` checked: a list of one kind for each of the variant's players."""
    count = rules_of.players
    if not isinstance(seats, list) or len(seats) != count:
        got = (f"{len(seats)} seat{'' if len(seats) == 1 else 's'}" if isinstance(seats, list)
               else "something other than a list")
        raise ParameterError(f"'seats' lists who plays each of the {count} seats of the {rules_of.name} game "
                             f"({', '.join(SEAT_KINDS)} for each), not {got}")
    for seat, kind in enumerate(seats):
        if not isinstance(kind, str) or kind not in SEAT_KINDS:
            shown = repr(kind) if isinstance(kind, str) and len(kind) <= 20 else "that"
            raise ParameterError(f"seat {seat} cannot be {shown}: a seat is {', '.join(SEAT_KINDS)}")
    return tuple(seats)


def _first_human(kinds: Sequence[str]) -> int:
    """The seat a new game's view is for: the first person's (seat 0 when the computer plays them all)."""
    return next((seat for seat, kind in enumerate(kinds) if kind == HUMAN_SEAT), 0)


def to_act(game: Game) -> int | None:
    """The seat whose move it is (in the discard, the first seat still to throw), or None once the game is over."""
    actions = game.legal_actions()
    return actions[0].player if actions else None


def act(private: Any, action: Any, names: Sequence[str | None] | None = None, one_phone: bool = False) -> JSON:
    """Apply the action of the person whose move it is, then the computer's until a person must decide again;
    the events' sentences name the other seats by ``names`` (as ``resume`` does), or every seat with ``one_phone``."""
    table = _named(_open(private), names, one_phone)
    move = Action.from_json(action if isinstance(action, dict) else {})
    if move.player >= len(table.seats) or table.seats[move.player] != HUMAN_SEAT:
        raise IllegalAction(f"you can only act for yourself: seat {move.player} is not a person's")
    turn = to_act(table.game)
    if turn is not None and turn != move.player:
        raise IllegalAction(f"it is seat {turn}'s move, not seat {move.player}'s: "
                            "act for the seat whose move it is")
    events = table.game.apply(move)
    return _reply(table, events + _computer_turns(table), move.player, names=names)


def resume(private: Any, seat: int | None = None, names: Sequence[str | None] | None = None,
           one_phone: bool = False) -> JSON:
    """The saved game with its whole log, as ``seat`` sees it (the first person's seat by default),
    and the computer's move if it was its turn; the log's sentences name the other seats by ``names``
    (by seat: a linked phone's page is sent the names its score line shows), or with ``one_phone``
    every seat by name, the same whoever holds the phone."""
    table = _named(_open(private), names, one_phone)
    if seat is not None and not 0 <= seat < len(table.seats):
        raise ParameterError(f"there is no seat {seat}: seats are 0 to {len(table.seats) - 1}")
    _computer_turns(table)
    return _reply(table, [], _first_human(table.seats) if seat is None else seat, log=True, names=names)


def release_seat(private: Any, seat: int, names: Sequence[str | None] | None = None) -> JSON:
    """A person's ``seat`` played by the computer at the game's level from the next move on (a linked
    phone gone for good), and its moves made until a person must decide: the game as the first
    person's seat sees it, with its whole log (names as ``resume`` takes them)."""
    table = _open(private)
    if not 0 <= seat < len(table.seats) or table.seats[seat] != HUMAN_SEAT:
        raise ParameterError(f"seat {seat} is not a person's: only a person's seat can be released")
    kinds = list(table.seats)
    kinds[seat] = table.level
    if HUMAN_SEAT not in kinds:
        raise ParameterError("the last person's seat cannot be released")
    if table.level in STANDARD_ONLY_LEVELS and table.game.variant is not STANDARD:
        raise ParameterError(f"the {table.level} level plays only the standard game")
    table.seats = tuple(kinds)
    _computer_turns(table)
    return _reply(table, [], _first_human(table.seats), log=True, names=names)


def hint(private: Any, kind: str = "throw") -> JSON:
    """A suggestion for the person whose move it is (else the first person), noted in ``private`` for the
    record: ``{"throws": the advisor's ranking of the throws, best first, "private"}`` or ``{"card": the card
    to lay, "reason": what it scores as it is laid in words, or None, "private"}``.

    Refused (``GameStateError``) when the game has hints off, or there is nothing to choose.
    """
    table = _open(private)
    if kind not in HINT_KINDS:
        raise ParameterError(f"a hint is for a {' or a '.join(HINT_KINDS)}, not {str(kind)[:20]!r}")
    if not table.hints:
        raise GameStateError(_HINTS_OFF)
    game = table.game
    turn = to_act(game)
    seat = turn if turn is not None and table.seats[turn] == HUMAN_SEAT else _first_human(table.seats)
    if kind == "throw":
        answer: JSON = {"throws": suggest_throw(game, seat)}
    else:
        card = suggest_card(game, seat)
        answer = {"card": card, "reason": card_reason(game, card)}
    used = Hint(len(game.events), seat, kind)
    if used not in table.used:
        table.used.append(used)
    answer["private"] = _private(table)
    return answer


def open_with_hints(private: Any) -> tuple[Game, list[Hint]]:
    """The game in ``private`` and the hints used in it, for its record."""
    table = _open(private)
    return table.game, table.used


def players_of(private: Any, names: object = None) -> tuple[Player, ...]:
    """Who plays each seat of the game in ``private``, for its record: each computer level, and each
    person with their name from ``names`` (by seat; a name a record cannot hold is made one that it can)."""
    given = names if isinstance(names, list) else []
    return tuple(Player(kind, record_name(given[seat] if seat < len(given) else None) if kind == HUMAN_SEAT else "")
                 for seat, kind in enumerate(_open(private).seats))


def people_of(private: Any) -> list[int]:
    """The seats people play in the game in ``private``, in seat order."""
    return [seat for seat, kind in enumerate(_open(private).seats) if kind == HUMAN_SEAT]


def record_name(name: object) -> str:
    """A name as a record holds it: printable, no ``|``, single spaces, at most ``MAX_PLAYER_NAME`` characters."""
    if not isinstance(name, str):
        return ""
    kept = "".join(char if char.isprintable() and char != "|" else " " for char in name)
    return " ".join(kept.split())[:MAX_PLAYER_NAME].strip()


def _level(level: object) -> ComputerLevel:
    for known in COMPUTER_LEVELS:
        if level == known:
            return known
    raise ParameterError(f"unknown level '{level}' (use {', '.join(COMPUTER_LEVELS)})")


def open_game(private: Any) -> Game:
    """The game in ``private`` (for the reviews and the record), or ``GameStateError``."""
    return _open(private).game


def _open(private: Any) -> _Table:
    """The table in ``private``, restored (``Game.from_json`` replays it unless the table wrote it lately).

    A game saved before hints were kept has them off and none used; one saved before seats were
    kept has the human at seat 0 and the computer's level at every other seat.
    """
    if not isinstance(private, dict) or private.get("version") != PRIVATE_VERSION:
        raise GameStateError(_UNREADABLE)
    level, table_id = private.get("level"), private.get("id")
    if not isinstance(level, str) or level not in COMPUTER_LEVELS or not isinstance(table_id, str):
        raise GameStateError(_UNREADABLE)
    game = KNOWN_GAMES.open(private.get("game"))
    hints, used = private.get("hints", False), private.get("hints_used", [])
    if not isinstance(hints, bool) or not isinstance(used, list):
        raise GameStateError(_UNREADABLE)
    computer = _level(level)
    seats = private.get("seats")
    try:
        kinds = _default_seats(computer, game.variant) if seats is None else _seat_kinds(seats, game.variant)
    except ParameterError:
        raise GameStateError(_UNREADABLE) from None
    return _Table(game, computer, table_id, hints, [_hint_used(entry, game) for entry in used], kinds)


def _hint_used(entry: object, game: Game) -> Hint:
    """One hint used, ``[before, kind, seat]``: a move's place among the game's events, what was suggested,
    and to whom (seat 0 when the seat is left out, as it was before seats were kept)."""
    if not (isinstance(entry, list) and len(entry) in (2, 3) and entry[1] in HINT_KINDS):
        raise GameStateError(_UNREADABLE)
    before, seat = entry[0], entry[2] if len(entry) == 3 else HUMAN
    if not (all(isinstance(n, int) and not isinstance(n, bool) for n in (before, seat))
            and 0 <= before <= len(game.events) and 0 <= seat < game.seats):
        raise GameStateError(_UNREADABLE)
    return Hint(before, seat, entry[1])


def _computer_turns(table: _Table) -> list[Event]:
    """The computer seats' moves until a person's move (or the end), each from its own seat's sight."""
    game, events = table.game, []
    while (seat := to_act(game)) is not None and table.seats[seat] != HUMAN_SEAT:
        events.extend(game.apply(decide(Sight.of(game, seat), table.seats[seat])))
    return events


def _private(table: _Table) -> JSON:
    return {"version": PRIVATE_VERSION, "level": table.level, "id": table.id, "game": KNOWN_GAMES.save(table.game),
            "hints": table.hints, "hints_used": [_hint_entry(used) for used in table.used],
            "seats": list(table.seats)}


def _hint_entry(used: Hint) -> list[int | str]:
    """``[before, kind]`` for seat 0, as every game saved them before seats were kept; ``[before, kind, seat]``."""
    entry: list[int | str] = [used.before, used.kind]
    return entry + [used.seat] if used.seat != HUMAN else entry


def _reply(table: _Table, events: Sequence[Event], seat: int, log: bool = False,
           names: Sequence[str | None] | None = None) -> JSON:
    game = table.game
    private = _private(table)
    view = table_view(game, table.level, table.id, [event.to_json() for event in events], seat, table.seats, names,
                      table.everyone)
    view["hints"] = table.hints
    if log:
        view["log"] = [redact(event, game.variant, seat, names, table.everyone) for event in private["game"]["events"]]
    return {"view": view, "private": private}


# --- what one seat may see --------------------------------------------------------------------

def table_view(game: Game, level: str, table_id: str, events: Sequence[JSON], seat: int = HUMAN,
               seats: Sequence[str] | None = None, names: Sequence[str | None] | None = None,
               everyone: Sequence[str] | None = None) -> JSON:
    """Only what ``seat`` may know: never another seat's unplayed cards, the deck, or the seed before the end."""
    outcome = game.outcome
    kinds = list(seats) if seats is not None else list(_default_seats(_level(level), game.variant))
    view = {
        "id": table_id,
        "level": level,
        "seat": seat,
        "seat_kinds": kinds,
        "to_act": to_act(game),
        "commitment": commitment(game.seed),
        "phase": game.phase,
        "dealer": game.dealer,
        "hand_number": game.hand_number,
        "scores": list(game.scores),
        "previous_scores": list(game.previous_scores),
        "hand": [c.code for c in game.hands[seat]],
        "kept": [c.code for c in game.kept[seat]],
        "computer_cards": len(game.hands[COMPUTER]),
        "cards_held": [len(hand) for hand in game.hands],  # by seat: how many each holds, never which
        "crib_cards": len(game.crib),
        "starter": game.starter.code if game.starter is not None else None,
        "crib": [c.code for c in game.crib] if game.show_part == "crib" else None,  # face up now
        "count": game.count,
        "show_part": game.show_part,
        "count_by_hand": game.count_by_hand[seat],
        "muggins": game.muggins,
        "legal": [a.to_json() for a in game.legal_actions() if a.player == seat],
        "events": [redact(event, game.variant, seat, names, everyone) for event in events],
        "result": outcome.to_json() if outcome is not None else None,
    }
    if game.variant is not STANDARD:  # a standard game's view is as it always was
        view.update(variant=game.variant.name, seats=game.seats, sides=game.variant.sides)
    if outcome is not None:
        view["summary"] = summary([event.to_json() for event in game.events], game.variant)
        view["seed"] = game.seed  # the deal can be checked against the commitment now
    return view


def redact(event: JSON, variant: Variant = STANDARD, seat: int = HUMAN,
           names: Sequence[str | None] | None = None, everyone: Sequence[str] | None = None) -> JSON:
    """An event's JSON form as ``seat`` may know it, with its sentence spoken to that seat (the
    other seats called by ``names``, by seat, where given)."""
    public = dict(event)
    if event["type"] == "discard" and event["player"] != seat:
        public.pop("cards", None)  # every other throw stays face down until the crib is shown
    if everyone:  # people sharing one phone: every seat by name, whoever holds it
        public["text"] = describe(public, variant, everyone, everyone=True)
    else:
        public["text"] = describe(_seen_from(public, variant, seat), variant, _subjects(variant, seat, names))
    return public


def _subjects(variant: Variant, seat: int, names: Sequence[str | None] | None) -> tuple[str, ...] | None:
    """Each seat as the subject of ``seat``'s sentences, turned as ``_seen_from`` turns them: "You",
    then each other seat's name, or its usual words where it has none."""
    if not names:
        return None
    usual = SEAT_SUBJECTS[variant.players]

    def called(turn: int) -> str:
        at = (seat + turn) % variant.players
        return (record_name(names[at]) if at < len(names) else "") or usual[turn]

    return (usual[HUMAN], *(called(turn) for turn in range(1, variant.players)))


def _seen_from(event: JSON, variant: Variant, seat: int) -> JSON:
    """The event with its seats and sides turned so that ``seat`` is seat 0, whom the sentences call "you"."""
    if seat == HUMAN:
        return event
    side = variant.side_of(seat)

    def turned(scores: Sequence[int]) -> list[int]:
        return list(scores[side:]) + list(scores[:side])

    seen = dict(event)
    if isinstance(event.get("player"), int):
        seen["player"] = (event["player"] - seat) % variant.players
    if isinstance(event.get("scores"), list):
        seen["scores"] = turned(event["scores"])
    if isinstance(event.get("result"), dict):
        result = event["result"]
        seen["result"] = {**result, "winner": (result["winner"] - side) % variant.sides,
                          "scores": turned(result["scores"])}
    return seen


# --- the finished game in figures -------------------------------------------------------------

def summary(events: Sequence[JSON], variant: Variant = STANDARD) -> JSON:
    """Points by source for every side, deals and cribs, and the result, from events' JSON forms."""
    sources = SOURCES + ("bonus",) if variant.last_bonus else SOURCES  # five-card's three for last
    points = [dict.fromkeys(sources, 0) for _ in range(variant.sides)]
    deals, cribs = 0, [0] * variant.sides
    result = None
    scores = [0] * variant.sides
    for event in events:
        if event["type"] == "deal":
            deals += 1
            cribs[variant.side_of(event["player"])] += 1
        elif event["type"] == "score":
            side = variant.side_of(event["player"])  # points actually pegged: the last peg stops at the hole
            reason: str = event["reason"]
            source = _SOURCE_OF_REASON.get(reason, reason)  # crib, heels, muggins keep their names
            points[side][source] += event["scores"][side] - scores[side]
            scores = list(event["scores"])
        elif event["type"] == "game_over":
            result = event["result"]
    return {"points": points, "deals": deals, "cribs": cribs, "result": result}
