"""Game records: a small versioned text form of a game that a person can read and the engine can replay.

A record starts with a header of ``key: value`` lines after its first line, ``cribbage record 1``
(the format's version), then has one line per event of the game, in order: every cut, deal,
throw, card laid, go, count and score, each score with the board after it. A blank line or a line
starting with ``#`` is a comment.

    cribbage record 1
    variant: standard
    seed: 7
    count by hand: no no
    muggins: no
    written for: everyone
    result: seat 1 won 121-96
    commitment: 7902699be42c8a8e46fbbb4501726517e86b22c56a189f7625a6da49081b2451
    players: human Ann | strong

    cut 0 KH
    cut 1 3D
    dealer 1
    deal 1 hand 1: 0 5H 6D 7C 8S 9H TD | 1 ...
    discard 0 9H TD
    play 0 5H count 5
    score 1 play 2 fifteen board 0-2

The ``commitment`` is SHA-256 of the seed's text in UTF-8 (``seeds.commitment``), which the table
shows before the first cut: a record whose seed does not hash to it is refused at the seed's line,
so a record cannot claim other cards than those committed to. A record written before commitments
were kept has no such line and reads as before.

The ``players`` line says who played each seat, in seat order, between `` | ``: ``human`` with the
person's name after it when they gave one (``human Ann``), or a computer level (``PLAYER_KINDS``).
A name is at most ``MAX_PLAYER_NAME`` characters, without ``|`` or control characters. A record
written before names were kept has no such line; a record without it names no one.

A line ``hint SEAT throw`` or ``hint SEAT card`` says that the seat asked for a suggestion just
before its next move, the throw or the card on the line below (the table's hints). It is no
event: a record without hint lines, as every record was before them, reads and replays the same.

``write(game)`` gives the whole record, ``write(game, seat)`` the record a seat may see: the same
as the whole one once the game is over, but while it is played it has no seed and none of the
other seats' cards that are not yet shown (their deal and throw in the deal being played), so a
link to an unfinished game gives nothing away. ``parse(text)`` reads a record and raises
``RecordError`` saying ``line N: what is wrong`` with a hint; ``replay(record)`` plays its moves
from its seed and checks that every line follows from them, giving the same game again.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from .actions import Action, ActionKind
from .cards import Card, parse_card
from .errors import CribbageError, GameStateError, IllegalAction
from .events import (
    CutEvent,
    DealerEvent,
    DealEvent,
    DiscardEvent,
    Event,
    GameOverEvent,
    GoEvent,
    PlayEvent,
    RecutEvent,
    ResetEvent,
    ScoreEvent,
    ShowEvent,
    StarterEvent,
)
from .game import Game
from .kinds import COMPUTER_LEVELS
from .muggins import Claim
from .seeds import MAX_SEED_TEXT, Seed, commitment
from .variants import VARIANT_NAMES, Variant
from .variants import variant as get_variant

__all__ = ["PLAYER_KINDS", "RECORD_VERSION", "Hint", "Player", "Record", "RecordError", "RecordLine", "committed_seed",
           "parse", "replay", "write"]

RECORD_VERSION: Final = 1
"""The version of the format this engine writes and reads."""
FIRST_LINE: Final = f"cribbage record {RECORD_VERSION}"
MAX_RECORD_LINES: Final = 20_000  # far more than any game to 121 has events
HIDDEN: Final = "?"
"""What a record written for one seat shows in place of a card that seat has not seen."""
EVERYONE: Final = "everyone"
NOBODY: Final = "nobody"  # a reset line when the play is over: no one leads a new count
UNFINISHED: Final = "unfinished"
HINT_KINDS: Final = ("throw", "card")
"""What a hint suggested: a throw (before a discard) or a card (before a card laid)."""
_HINTED_MOVE: Final = {"throw": "discard", "card": "play"}
_MOVES: Final = frozenset({"cut", "deal", "discard", "starter", "play", "go", "show"})
_PLAIN_MOVES: Final[dict[str, ActionKind]] = {"cut": "cut", "deal": "deal", "starter": "starter", "go": "go"}
_CARD = r"(?:[A2-9TJQK][CDHS]|\?)"
_SEAT = r"([0-3])"
_HINT_LINE: Final = re.compile(rf"hint {_SEAT} (throw|card)$")
_BOARD = r"board (\d{1,3}(?:-\d{1,3}){1,3})"
_SHAPES: Final[dict[str, tuple[re.Pattern[str], str]]] = {
    kind: (re.compile(pattern + r"$"), hint) for kind, pattern, hint in [
        ("cut", rf"cut {_SEAT} ({_CARD})", "cut SEAT CARD, e.g. 'cut 0 KH'"),
        ("recut", r"recut", "just 'recut'"),
        ("dealer", rf"dealer {_SEAT}", "dealer SEAT, e.g. 'dealer 1'"),
        ("deal", rf"deal {_SEAT} hand (\d{{1,3}}): (.+)",
         "deal DEALER hand N: then each seat and its cards, e.g. '0 5H 6D 7C 8S 9H TD | 1 ...'"),
        ("discard", rf"discard {_SEAT} ((?:{_CARD} ?){{1,2}})", "discard SEAT CARD CARD, e.g. 'discard 0 9H TD'"),
        ("starter", rf"starter {_SEAT} ({_CARD})", "starter SEAT CARD, e.g. 'starter 0 JC'"),
        ("play", rf"play {_SEAT} ({_CARD}) count (\d{{1,2}})", "play SEAT CARD count N, e.g. 'play 0 5H count 5'"),
        ("go", rf"go {_SEAT} count (\d{{1,2}})", "go SEAT count N, e.g. 'go 1 count 28'"),
        ("reset", rf"reset (?:{_SEAT}|{NOBODY})", f"reset SEAT (who leads the new count), or 'reset {NOBODY}' "
                                                  "when the play is over"),
        ("show", rf"show {_SEAT} (pone|dealer|crib) ((?:{_CARD} ?){{3,5}}) starter ({_CARD}) holds (\d{{1,2}})"
                 r"(?: claims (.+))?",
         "show SEAT pone|dealer|crib CARDS starter CARD holds N, e.g. 'show 0 pone 5H 6D 7C 8S starter JC holds 12'"),
        ("score", rf"score {_SEAT} ([a-z]+) (\d{{1,2}})((?: [a-z_-]+)*) {_BOARD}",
         "score SEAT REASON POINTS ITEMS board SCORES, e.g. 'score 1 play 2 fifteen board 0-2'"),
        ("game", rf"game over: seat {_SEAT} won {_BOARD[6:]}( double skunk| skunk)?",
         "game over: seat N won SCORES, e.g. 'game over: seat 0 won 121-98'"),
    ]
}
HUMAN_PLAYER: Final = "human"
PLAYER_KINDS: Final = (HUMAN_PLAYER, *COMPUTER_LEVELS)
"""What the ``players`` line says a seat was: a person, or a computer level."""
MAX_PLAYER_NAME: Final = 20
"""Characters of a person's name in the ``players`` line (the table asks for no longer)."""
_HEADER: Final = ("variant", "seed", "count by hand", "muggins", "written for", "result", "commitment", "players")
# A seat's record of a game in play has no seed; older records no commitment and no players.
_OPTIONAL: Final = ("seed", "commitment", "players")
_HEADER_EXAMPLES: Final = {"variant": f"variant: {' or '.join(VARIANT_NAMES)}", "seed": "seed: 7",
                            "count by hand": "count by hand: no no", "muggins": "muggins: no",
                            "written for": f"written for: {EVERYONE}", "result": "result: seat 0 won 121-98",
                            "commitment": f"commitment: {commitment(7)}", "players": "players: human Ann | strong"}
_CLAIM_ITEM = re.compile(r"([a-z_-]+):((?:[A2-9TJQK][CDHS]\+?){1,5})$")


class RecordError(CribbageError):
    """A record that cannot be read or replayed: ``line N: what is wrong (hint)``."""

    def __init__(self, line: int, problem: str, hint: str = "") -> None:
        self.line, self.problem, self.hint = line, problem, hint
        super().__init__(f"line {line}: {problem}" + (f" ({hint})" if hint else ""))


@dataclass(frozen=True)
class RecordLine:
    """One event line of a record: where it is, its text, and the move it carries (None for a consequence)."""

    number: int
    """Its line number in the record, from 1."""
    kind: str
    """Its first word: ``cut``, ``deal``, ``play``, ``score``, ``game`` (game over) and so on."""
    text: str
    """The line, its spaces made single."""
    action: Action | None
    """The move it records (a cut, deal, throw, starter, card, go or count), or None."""


@dataclass(frozen=True)
class Hint:
    """A suggestion a seat asked for just before one of its moves."""

    before: int
    """The index, in the game's events, of the move it came before (the event that move wrote first)."""
    seat: int
    kind: str
    """``throw`` or ``card`` (``HINT_KINDS``)."""

    def line(self) -> str:
        """The hint as the record writes it: ``hint 0 card``."""
        return f"hint {self.seat} {self.kind}"


@dataclass(frozen=True)
class Player:
    """Who played a seat: ``human`` (with a name, or "" when none was given) or a computer level."""

    kind: str
    """``human`` or a computer level (``PLAYER_KINDS``)."""
    name: str = ""

    def text(self) -> str:
        """The seat as the ``players`` line writes it: ``human Ann``, ``human``, ``strong``."""
        return f"{self.kind} {self.name}" if self.name else self.kind


@dataclass(frozen=True)
class Record:
    """A parsed record: the header's settings and the event lines."""

    variant: Variant
    seed: Seed | None
    """None in a record written for one seat of an unfinished game."""
    count_by_hand: tuple[bool, ...]
    muggins: bool
    written_for: int | None
    """The seat the record was written for, or None for everyone (the whole record)."""
    result: str
    """``unfinished``, or how the game ended (``seat 0 won 121-98``)."""
    lines: tuple[RecordLine, ...]
    hints: tuple[Hint, ...] = ()
    """The hints the record labels, each with the move it came before."""
    commitment: str | None = None
    """The SHA-256 of the seed the header commits to (64 hex digits), or None in a record without one."""
    players: tuple[Player, ...] = ()
    """Who played each seat, in seat order; empty in a record without a ``players`` line."""

    @property
    def moves(self) -> tuple[Action, ...]:
        """The moves in order (a record for one seat shows hidden cards as unknown and cannot replay)."""
        return tuple(line.action for line in self.lines if line.action is not None)


# --- writing -------------------------------------------------------------------------------------------


def write(game: Game, seat: int | None = None, hints: Sequence[Hint] = (), players: Sequence[Player] = ()) -> str:
    """The game's record: the whole of it, or (``seat``) only what that seat may see while it is played.

    Each of ``hints`` is written as its line just before the move it came before; ``players`` (one
    for each seat) as the ``players`` line. A name that a record cannot hold raises ``ValueError``.

    A game set up at a position (``Game.at_play``) has no moves and raises ``GameStateError``.
    """
    over = game.outcome is not None
    private = None if seat is None or over else seat
    dealt = _dealt_hands(game)
    open_deal = game.phase in ("discard", "starter", "play", "show")
    last_deal = game.hand_number if open_deal else -1
    lines = [FIRST_LINE, f"variant: {game.variant.name}"]
    if private is None:
        lines.append(f"seed: {game.seed}")
    lines += [f"count by hand: {' '.join(_yes(flag) for flag in game.count_by_hand)}",
              f"muggins: {_yes(game.muggins)}", f"written for: {EVERYONE if private is None else f'seat {private}'}",
              f"result: {_result(game)}", f"commitment: {commitment(game.seed)}"]
    if players:
        lines.append(f"players: {_players_text(players, game.seats)}")
    lines.append("")
    hand = -1
    hinted = {hint.before: hint for hint in hints}
    for index, event in enumerate(game.events):
        if isinstance(event, DealEvent):
            hand = event.hand
        if index in hinted:
            lines.append(hinted[index].line())
        hidden = private is not None and hand == last_deal
        lines.append(event_line(event, dealt.get(event.hand) if isinstance(event, DealEvent) else None,
                                private if hidden else None))
    return "\n".join(lines) + "\n"


def _players_text(players: Sequence[Player], seats: int) -> str:
    if len(players) != seats:
        raise ValueError(f"a {seats}-seat game names {seats} players, not {len(players)}")
    for player in players:
        if player.kind not in PLAYER_KINDS or (player.name and player.kind != HUMAN_PLAYER) \
                or _name_fault(player.name):
            raise ValueError(f"{player.text()[:40]!r} is not a player a record can name")
    return " | ".join(player.text() for player in players)


def _name_fault(name: str) -> str:
    """Why a person's name cannot stand in a record, or "" when it can."""
    if len(name) > MAX_PLAYER_NAME:
        return f"a name is at most {MAX_PLAYER_NAME} characters"
    if name != name.strip() or "  " in name:
        return "a name has single spaces between its words"
    if "|" in name or any(not char.isprintable() for char in name):
        return "a name has no '|' and no control characters"
    return ""


def event_line(event: Event, hands: Sequence[Iterable[Card]] | None = None, only: int | None = None) -> str:
    """One event as a record line; ``hands`` are a deal's hands, ``only`` the one seat whose cards show."""
    def shown(seat: int | None, cards: Iterable[Card]) -> str:
        return " ".join(HIDDEN if only is not None and seat != only else card.code for card in cards)

    if isinstance(event, CutEvent):
        return f"cut {event.player} {event.card.code}"
    if isinstance(event, RecutEvent):
        return "recut"
    if isinstance(event, DealerEvent):
        return f"dealer {event.player}"
    if isinstance(event, DealEvent):
        seats = " | ".join(f"{seat} {shown(seat, sorted(cards))}" for seat, cards in enumerate(hands or ()))
        return f"deal {event.player} hand {event.hand}: {seats}"
    if isinstance(event, DiscardEvent):
        return f"discard {event.player} {shown(event.player, event.cards)}"
    if isinstance(event, StarterEvent):
        return f"starter {event.player} {event.card.code}"
    if isinstance(event, PlayEvent):
        return f"play {event.player} {event.card.code} count {event.count}"
    if isinstance(event, GoEvent):
        return f"go {event.player} count {event.count}"
    if isinstance(event, ResetEvent):
        return f"reset {NOBODY if event.player is None else event.player}"
    if isinstance(event, ShowEvent):
        return _show_line(event)
    if isinstance(event, ScoreEvent):
        items = "".join(f" {item.kind}" for item in event.items)
        return f"score {event.player} {event.reason} {event.points}{items} board {_board(event.scores)}"
    return _over_line(event)


def _show_line(event: ShowEvent) -> str:
    score = event.breakdown
    line = (f"show {event.player} {event.part} {' '.join(c.code for c in score.hand)} "
            f"starter {score.starter.code} holds {score.total}")
    if event.verdict is not None:
        line += f" claims {_claim_text(event.verdict.claim)}"
    return line


def _over_line(event: GameOverEvent) -> str:
    result = event.result
    skunk = " double skunk" if result.double_skunk else " skunk" if result.skunk else ""
    return f"game over: seat {result.winner} won {_board(result.scores)}{skunk}"


def _claim_text(claim: Claim) -> str:
    if claim.items is None:
        return str(claim.total)
    if not claim.items:
        return "nothing"
    return " ".join(f"{kind}:{'+'.join(c.code for c in sorted(cards))}" for kind, cards in claim.items)


def _dealt_hands(game: Game) -> dict[int, list[set[Card]]]:
    """Each deal's hands as dealt, by deal number, from what was thrown and what was shown.

    The events name no cards dealt. A deal the game went past was shown in full; the cards of the
    deal the game stands in (or ended in) are still held or kept.
    """
    dealt: dict[int, list[set[Card]]] = {}
    hand = -1
    for event in game.events:
        if isinstance(event, DealEvent):
            hand = event.hand
            dealt[hand] = [set() for _ in range(game.seats)]
        elif isinstance(event, DiscardEvent):
            dealt[hand][event.player].update(event.cards)
        elif isinstance(event, ShowEvent) and event.part != "crib":
            dealt[hand][event.player].update(event.breakdown.hand)
    for seat, cards in enumerate(dealt.get(hand, ())):
        cards.update(game.hands[seat], game.kept[seat])
    return dealt


def _yes(flag: bool) -> str:
    return "yes" if flag else "no"


def _board(scores: Sequence[int]) -> str:
    return "-".join(str(score) for score in scores)


def _result(game: Game) -> str:
    outcome = game.outcome
    return UNFINISHED if outcome is None else f"seat {outcome.winner} won {_board(outcome.scores)}"


# --- reading -------------------------------------------------------------------------------------------


def parse(text: str) -> Record:
    """Read a record; anything malformed raises ``RecordError`` naming the line and what is wrong."""
    if not isinstance(text, str):
        raise RecordError(1, "a record is text")
    rows = text.splitlines()
    if len(rows) > MAX_RECORD_LINES:
        raise RecordError(MAX_RECORD_LINES + 1, "the record is far longer than any game",
                          f"a game has at most {MAX_RECORD_LINES} lines")
    first = rows[0].strip() if rows else ""
    if first != FIRST_LINE:
        _first_line(text, first)
    header, body_start = _header(rows)
    variant = _variant(header)
    written_for = _written_for(header, variant)
    seed = _seed(header, written_for)
    committed = _commitment(header, seed)
    count_by_hand = _flags(header, "count by hand", variant.players)
    muggins = _flags(header, "muggins", 1)[0]
    result = _result_field(header)
    players = _players(header, variant)
    lines: list[RecordLine] = []
    hints: list[tuple[int, Hint]] = []
    for number, row in enumerate(rows[body_start:], start=body_start + 1):
        if not row.strip() or row.lstrip().startswith("#"):
            continue
        said = " ".join(row.split())
        if said.split(" ", 1)[0] == "hint":
            hints.append((number, _hint(number, said, len(lines))))
        else:
            lines.append(_line(number, row, variant, written_for))
    _check_hints(hints, lines, variant)
    return Record(variant, seed, count_by_hand, muggins, written_for, result[1], tuple(lines),
                  tuple(hint for _, hint in hints), committed, players)


def committed_seed(text: str) -> tuple[Seed | None, str | None, Variant]:
    """A record's seed, its commitment (neither checked against the other) and variant, from its header alone.

    The check of a deal reads them to say whether they match; ``parse`` refuses a record where they do not.
    """
    rows = text.splitlines()
    if not rows or rows[0].strip() != FIRST_LINE:
        _first_line(text, rows[0].strip() if rows else "")
    header, _ = _header(rows[:MAX_RECORD_LINES])
    variant = _variant(header)
    seed = _seed(header, _written_for(header, variant))
    return seed, _commitment(header, None), variant


def _hint(number: int, text: str, before: int) -> Hint:
    found = _HINT_LINE.match(text)
    if found is None:
        raise RecordError(number, f"'{text[:60]}' is not readable", "hint SEAT throw|card, e.g. 'hint 0 card'")
    return Hint(before, int(found.group(1)), found.group(2))


def _check_hints(hints: Sequence[tuple[int, Hint]], lines: Sequence[RecordLine], variant: Variant) -> None:
    """Each hint line stands right before a move of its seat that it could have suggested."""
    before = [hint.before for _, hint in hints]
    for number, hint in hints:
        if before.count(hint.before) > 1:
            raise RecordError(number, f"'{hint.line()}' is one of two hint lines before one move",
                              "a move has at most one hint line above it")
        move = lines[hint.before].action if hint.before < len(lines) else None
        wanted = _HINTED_MOVE[hint.kind]
        if hint.seat >= variant.players or move is None or move.player != hint.seat or move.kind != wanted:
            raise RecordError(number, f"'{hint.line()}' does not come right before a {wanted} by seat {hint.seat}",
                              "a hint line stands just above the move it came before, e.g. "
                              "'hint 0 card' above 'play 0 5H count 5'")


def _first_line(text: str, first: str) -> None:
    """Why the first line is not ``cribbage record 1``: nothing pasted, another version, a header line, anything."""
    if not text.strip():
        raise RecordError(1, "there is no record yet", f"paste a game record: its first line is '{FIRST_LINE}'")
    version = re.fullmatch(r"cribbage record (\S{1,20})", first)
    if version:
        raise RecordError(1, f"this is a record of version {version.group(1)}, and this engine reads version "
                             f"{RECORD_VERSION}", f"the first line is '{FIRST_LINE}'")
    if first.partition(":")[0].strip().lower() in _HEADER:
        raise RecordError(1, f"expected '{FIRST_LINE}' here, the record says '{first[:40]}'",
                          f"the first line, '{FIRST_LINE}', is missing")
    raise RecordError(1, "this is not a cribbage record", f"the first line is '{FIRST_LINE}'")


def _header(rows: list[str]) -> tuple[dict[str, tuple[int, str]], int]:
    """The ``key: value`` lines after the first, by key with their line numbers, and where the body starts."""
    header: dict[str, tuple[int, str]] = {}
    number = 1
    for number, row in enumerate(rows[1:], start=2):
        if not row.strip():
            break
        key, colon, value = row.partition(":")
        key = key.strip().lower()
        if not colon and " ".join(row.split()).split(" ", 1)[0] in _SHAPES:
            raise RecordError(number, f"expected a blank line here, the record says '{row.strip()[:40]}'",
                              "a blank line ends the header, before the first move")
        if not colon or key not in _HEADER:
            raise RecordError(number, f"'{row.strip()[:40]}' is not a header line",
                              f"the header's lines are {', '.join(_HEADER)}, each 'key: value', then a blank line")
        if key in header:
            raise RecordError(number, f"'{key}' is given twice")
        header[key] = (number, value.strip())
    else:
        number += 1
    for key in _HEADER:
        if key not in header and key not in _OPTIONAL:
            raise RecordError(number, f"the header has no '{key}' line",
                              f"expected a line such as '{_HEADER_EXAMPLES[key]}' before the blank line; "
                              "a record's header gives " + ", ".join(_HEADER))
    return header, number


def _variant(header: dict[str, tuple[int, str]]) -> Variant:
    number, name = header["variant"]
    if name not in VARIANT_NAMES:
        raise RecordError(number, f"'{name[:30]}' is not a variant this engine plays",
                          "use " + ", ".join(VARIANT_NAMES))
    return get_variant(name)


def _written_for(header: dict[str, tuple[int, str]], variant: Variant) -> int | None:
    number, value = header["written for"]
    if value == EVERYONE:
        return None
    seat = re.fullmatch(r"seat ([0-3])", value)
    if seat is None or int(seat.group(1)) >= variant.players:
        raise RecordError(number, f"'{value[:30]}' is not who a record is written for",
                          f"'{EVERYONE}', or a seat from 'seat 0' to 'seat {variant.players - 1}'")
    return int(seat.group(1))


def _seed(header: dict[str, tuple[int, str]], written_for: int | None) -> Seed | None:
    if "seed" not in header:
        if written_for is None:
            raise RecordError(_HEADER.index("seed") + 2, "the header has no 'seed' line",
                              f"expected a line such as '{_HEADER_EXAMPLES['seed']}': a whole record gives the seed "
                              "its cards came from")
        return None
    number, value = header["seed"]
    if written_for is not None:
        raise RecordError(number, "a record written for one seat has no seed", "the seed would show every hidden card")
    if re.fullmatch(r"\d{1,16}", value):
        seed = int(value)
        if seed < 2 ** 53:
            return seed
    elif 0 < len(value) <= MAX_SEED_TEXT:
        return value
    raise RecordError(number, f"'{value[:30]}' is not a seed", "a whole number from 0 to 2^53 - 1 or a short text")


def _commitment(header: dict[str, tuple[int, str]], seed: Seed | None) -> str | None:
    """The header's commitment, checked against its seed: a seed that does not hash to it is refused."""
    if "commitment" not in header:
        return None
    number, value = header["commitment"]
    if not re.fullmatch(r"[0-9a-f]{64}", value):
        raise RecordError(number, f"'{value[:30]}' is not a commitment",
                          "64 hex digits (0-9, a-f): the SHA-256 of the seed's text")
    hashed = commitment(seed) if seed is not None else value
    if hashed != value:
        raise RecordError(header["seed"][0], f"the seed '{str(seed)[:40]}' does not match the commitment: its "
                                             f"SHA-256 is {hashed[:12]}…, the header commits to {value[:12]}…",
                          "the seed or the commitment was changed after the game was dealt")
    return value


def _players(header: dict[str, tuple[int, str]], variant: Variant) -> tuple[Player, ...]:
    """The ``players`` line read: one player per seat, each a computer level or ``human`` and a name."""
    if "players" not in header:
        return ()
    number, value = header["players"]
    example = " | ".join(["human Ann", "strong", "human Ben", "strong"][:variant.players])
    parts = [part.strip() for part in value.split("|")]
    if len(parts) != variant.players:
        raise RecordError(number, f"'players' names {len(parts)} seat{'' if len(parts) == 1 else 's'}, and a "
                                  f"{variant.name} game has {variant.players}",
                          f"one player for each seat, between ' | ', e.g. 'players: {example}'")
    players = []
    for seat, part in enumerate(parts):
        kind, _, name = part.partition(" ")
        name = name.strip()
        if kind not in PLAYER_KINDS or (name and kind != HUMAN_PLAYER):
            raise RecordError(number, f"seat {seat} cannot be '{part[:30]}'",
                              f"each seat is 'human' (with a name after it, or none) or a computer level: "
                              f"{', '.join(COMPUTER_LEVELS)}")
        fault = _name_fault(name)
        if fault:
            raise RecordError(number, f"the name of seat {seat}, '{name[:30]}', is not readable", fault)
        players.append(Player(kind, name))
    return tuple(players)


def _flags(header: dict[str, tuple[int, str]], key: str, count: int) -> tuple[bool, ...]:
    number, value = header[key]
    words = value.split()
    if len(words) != count or any(word not in ("yes", "no") for word in words):
        raise RecordError(number, f"'{key}' is not readable", f"{count} of 'yes' or 'no'")
    return tuple(word == "yes" for word in words)


def _result_field(header: dict[str, tuple[int, str]]) -> tuple[int, str]:
    number, value = header["result"]
    if value != UNFINISHED and not re.fullmatch(r"seat [0-3] won \d{1,3}(-\d{1,3}){1,3}", value):
        raise RecordError(number, f"'{value[:30]}' is not a result", f"'{UNFINISHED}' or e.g. 'seat 0 won 121-98'")
    return number, value


def _line(number: int, row: str, variant: Variant, written_for: int | None) -> RecordLine:
    text = " ".join(row.split())
    kind = text.split(" ", 1)[0]
    shape = _SHAPES.get(kind)
    if shape is None:
        raise RecordError(number, f"'{kind[:20]}' is not a line of a record",
                          "lines start with " + ", ".join(sorted((*_SHAPES, "hint"))))
    pattern, hint = shape
    found = pattern.match(text)
    if found is None:
        raise RecordError(number, f"'{text[:60]}' is not readable", hint)
    seat = int(found.group(1)) if found.groups() and found.group(1) and found.group(1).isdigit() else None
    if seat is not None and kind not in ("game",) and seat >= variant.players:
        raise RecordError(number, f"there is no seat {seat} in a {variant.name} game",
                          f"seats are 0 to {variant.players - 1}")
    if HIDDEN in text.split() and written_for is None:
        raise RecordError(number, "a card is hidden ('?') in a whole record", "only a record for one seat hides cards")
    return RecordLine(number, kind, text, _action(kind, found, number) if kind in _MOVES else None)


def _action(kind: str, found: re.Match[str], number: int) -> Action:
    seat = int(found.group(1))
    plain = _PLAIN_MOVES.get(kind)
    if plain is not None:
        return Action(plain, seat)
    if kind == "show":
        return Action("count", seat, (), _claim(found.group(6), number))
    codes = found.group(2).split()
    cards = () if HIDDEN in codes else tuple(parse_card(code) for code in codes)
    return Action("discard" if kind == "discard" else "play", seat, cards)


def _claim(text: str | None, number: int) -> Claim | None:
    if text is None:
        return None
    if text.isdigit():
        return Claim(total=int(text))
    if text == "nothing":
        return Claim(items=())
    items = []
    for word in text.split():
        item = _CLAIM_ITEM.match(word)
        if item is None:
            raise RecordError(number, f"the claim '{word[:30]}' is not readable",
                              "a total, or items such as 'fifteen:5H+TD pair:5H+5S'")
        items.append((item.group(1), frozenset(parse_card(code) for code in item.group(2).split("+") if code)))
    return Claim(items=tuple(items))


# --- replaying -----------------------------------------------------------------------------------------


def replay(record: Record | str) -> Game:
    """Play a record's moves from its seed; every line must follow from them, or ``RecordError`` says where.

    A record written for one seat of an unfinished game has no seed, and cannot be replayed.
    """
    record = parse(record) if isinstance(record, str) else record
    if record.seed is None:
        first = record.lines[0].number if record.lines else 1
        raise RecordError(first, f"this record was written for seat {record.written_for} of an unfinished game",
                          "it has no seed and hides cards, so it can be read but not replayed")
    game = Game(record.seed, record.count_by_hand, record.muggins, record.variant)
    lines = record.lines
    at = 0
    while at < len(lines):
        line = lines[at]
        if line.action is None:
            raise RecordError(line.number, f"'{line.text[:60]}' does not follow from the moves before it",
                              f"expected here: {expected_here(game)}; each score, reset and game over line comes "
                              "right after the move that causes it")
        try:
            events = game.apply(line.action)
        except (IllegalAction, GameStateError) as error:
            raise RecordError(line.number, f"this move is not legal here: {error}",
                              f"expected here: {expected_here(game)}") from None
        at = _check(lines, at, events, game)
    _check_result(record, game)
    return game


def _check(lines: Sequence[RecordLine], at: int, events: list[Event], game: Game) -> int:
    """Each event of one move against the record's next lines; returns where the next move's line is."""
    dealt = game.hands
    for event in events:
        expected = event_line(event, dealt if isinstance(event, DealEvent) else None)
        if at >= len(lines):
            last = lines[-1].number if lines else 1
            raise RecordError(last + 1, f"the record ends, but its moves go on with '{expected[:60]}'",
                              "the record is cut short: a move's scores must follow it")
        if lines[at].text != expected and not _earlier_reset(lines[at].text, event, game.variant.players):
            missing = lines[at].action is not None or (at + 1 < len(lines) and lines[at + 1].text == expected)
            raise RecordError(lines[at].number, f"expected '{expected[:60]}' here, the record says "
                                                f"'{lines[at].text[:60]}'",
                              "that line is missing before this one" if missing else "this line was changed")
        at += 1
    return at


def _earlier_reset(text: str, event: Event, seats: int) -> bool:
    """A reset line as records written before the leader was named right have it: the seat after
    whoever laid the last card, holding cards or not. It follows from the moves as well."""
    return isinstance(event, ResetEvent) and event.after is not None and text == f"reset {(event.after + 1) % seats}"


def expected_here(game: Game) -> str:
    """The lines a record may have next, in words: "'cut 0 JC'", "'play 1 CARD count N' with one of 5H 6D"."""
    if game.outcome is not None:
        return "nothing: the game is over"
    moves = game.legal_actions()
    kind, seats = moves[0].kind, sorted({move.player for move in moves})
    if kind == "discard":
        throws = game.variant.throws
        return " or ".join(f"'discard {seat} CARD{' CARD' * (throws - 1)}' with {_cards_of(game.hands[seat], throws)}"
                           for seat in seats)
    if kind == "play":
        return f"'play {seats[0]} CARD count N' with {_cards_of(game.playable_cards(seats[0]))}"
    return " or ".join(f"'{_next_line(game, move)}'" for move in moves)


def _cards_of(cards: Iterable[Card], many: int = 1) -> str:
    codes = [card.code for card in cards]
    return f"{'one' if many == 1 else 'two'} of {' '.join(codes)}" if codes else "no card"


def _next_line(game: Game, move: Action) -> str:
    """The line a move that names no card (a cut, deal, starter or go) writes: the seed decides it."""
    trial = Game.from_json(game.to_json())
    if move.kind == "count" and game.count_by_hand[move.player]:  # any claim: the line up to it is the same
        move = Action("count", move.player, (), Claim(total=0))
    event = trial.apply(move)[0]
    line = event_line(event, trial.hands if isinstance(event, DealEvent) else None)
    return line.split(" claims ")[0] + (" claims ..." if " claims " in line else "")


def _check_result(record: Record, game: Game) -> None:
    said = record.result
    found = _result(game)
    if said != found:
        last = record.lines[-1].number if record.lines else 1
        problem = (f"the header says '{said}', but the moves end with the game {found}"
                   if found != UNFINISHED else f"the header says '{said}', but the moves stop before the game ends")
        raise RecordError(last, problem, "the record is cut short or its result line was changed")
