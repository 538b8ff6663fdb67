"""Game records: written, read and replayed to the same game; damaged ones say which line and why."""

from __future__ import annotations

import random

import pytest

from cribbage import Game
from cribbage.actions import Action
from cribbage.muggins import Claim
from cribbage.players import Player, computer_player, play_game
from cribbage.records import RECORD_VERSION, RecordError, parse, replay, write
from cribbage.variants import VARIANT_NAMES


def _counting(level: str, seed: str, claims: bool) -> Player:
    """A computer player that, counting by hand, claims a total near the truth (sometimes short)."""
    inner, rng = computer_player(level, seed), random.Random(seed)

    def choose(game: Game, actions: list[Action]) -> Action:
        action = inner(game, actions)
        if action.kind == "count" and game.count_by_hand[action.player]:
            return Action("count", action.player, (), Claim(total=rng.choice((0, 2, 4, 8, 12))) if claims
                          else Claim(items=()))
        return action

    return choose


def _game(number: int) -> Game:
    variant = VARIANT_NAMES[number % len(VARIANT_NAMES)]
    game = Game(seed=f"record/{number}" if number % 3 else number, variant=variant,
                count_by_hand=[number % 5 == 0 and seat == 0 for seat in range(Game(variant=variant).seats)],
                muggins=number % 10 == 0)
    # mostly the random player (the fastest); one game in five has a normal player at one seat
    players = [_counting("normal" if number % 5 == 1 and seat == number % game.seats else "easy",
                         f"p{number}/{seat}", number % 2 == 0)
               for seat in range(game.seats)]
    return play_game(game, players)


@pytest.mark.parametrize("games", [120, pytest.param(500, marks=pytest.mark.exhaustive)])
@pytest.mark.parametrize("variant", VARIANT_NAMES)
def test_records_round_trip_in_every_variant(variant: str, games: int) -> None:
    """``games`` games in all, a quarter in each variant (one test each, so the workers share them)."""
    seen = set()
    for number in range(VARIANT_NAMES.index(variant), games, len(VARIANT_NAMES)):
        game = _game(number)
        text = write(game)
        again = replay(parse(text))
        assert again.to_json() == game.to_json(), number
        assert write(again) == text
        assert write(game, seat=number % game.seats) == text  # a finished game hides nothing
        seen.add(game.variant.name)
    assert seen == {variant}


def test_an_unfinished_game_replays_part_way() -> None:
    game = _unfinished(11, "play")
    again = replay(write(game))
    assert again.to_json() == game.to_json()
    assert again.phase == "play"


def _unfinished(seed: int, phase: str, deals: int = 2, variant: str = "standard") -> Game:
    game = Game(seed=seed, variant=variant)
    player = computer_player("normal", seed)
    while not (game.phase == phase and game.hand_number >= deals and game.count_cards):
        actions = game.legal_actions()
        game.apply(player(game, [a for a in actions if a.player == actions[0].player]))
    return game


@pytest.mark.parametrize("variant", VARIANT_NAMES)
def test_a_record_for_one_seat_hides_the_seed_and_the_other_hands(variant: str) -> None:
    game = _unfinished(21, "play", variant=variant)
    for seat in range(game.seats):
        text = write(game, seat)
        assert "seed" not in text
        current = text[text.rindex("\ndeal "):]
        for other in range(game.seats):
            if other == seat:
                assert all(card.code in current for card in game.hands[seat])
                continue
            for card in game.hands[other]:  # their unplayed cards
                assert card.code not in current, (seat, other, card)
        record = parse(text)
        assert record.written_for == seat and record.seed is None
        with pytest.raises(RecordError, match="written for seat"):
            replay(record)


def _text() -> str:
    return write(_game(1))


def _lines() -> list[str]:
    return _text().splitlines()


def _error(text: str) -> RecordError:
    with pytest.raises(RecordError) as caught:
        replay(text)
    return caught.value


def _changed(number: int, new: str) -> str:
    lines = _lines()
    lines[number - 1] = new
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(("line", "new", "words"), [
    (1, "cribbage record 2", "version 2"),
    (1, "hello", "not a cribbage record"),
    (2, "variant: canasta", "not a variant"),
    (3, "seed: " + "x" * 300, "not a seed"),
    (4, "count by hand: maybe no", "not readable"),
    (5, "muggins: sure", "not readable"),
    (6, "written for: seat 7", "not who a record is written for"),
    (7, "result: a draw", "not a result"),
    (7, "colour: blue", "not a header line"),
])
def test_a_damaged_header_names_its_line(line: int, new: str, words: str) -> None:
    error = _error(_changed(line, new))
    assert error.line == line and words in str(error)
    assert str(error).startswith(f"line {line}: ") and error.hint


def test_a_missing_header_line_is_named() -> None:
    lines = _lines()
    del lines[4]  # muggins
    assert "no 'muggins' line" in str(_error("\n".join(lines)))


def test_a_damaged_move_names_its_line() -> None:
    lines = _lines()
    number = next(i for i, line in enumerate(lines, start=1) if line.startswith("play "))
    card = lines[number - 1].split()[2]
    other = "KS" if card != "KS" else "KH"
    error = _error(_changed(number, lines[number - 1].replace(card, other)))
    assert error.line == number
    assert "not legal" in str(error) or "expected '" in str(error)


@pytest.mark.parametrize("new", ["play 0 5X count 5", "play 9 5H count 5", "fold 0", "discard 0 ? ?"])
def test_an_unreadable_line_names_its_line(new: str) -> None:
    number = 12
    error = _error(_changed(number, new))
    assert error.line == number and error.hint


def test_a_changed_score_names_its_line() -> None:
    lines = _lines()
    number = next(i for i, line in enumerate(lines, start=1) if line.startswith("score "))
    head, _, board = lines[number - 1].rpartition(" board ")
    error = _error(_changed(number, f"{head} board 99-{board.split('-')[1]}"))
    assert error.line == number and f"expected '{lines[number - 1]}' here" in str(error)


def test_a_truncated_record_is_cut_short() -> None:
    lines = _lines()
    for keep in (len(lines) - 1, len(lines) // 2, 9):
        error = _error("\n".join(lines[:keep]))
        assert "cut short" in str(error) or "stop before the game ends" in str(error), keep


def _deleted_lines(lines: list[str], every: int) -> list[int]:
    """Every ``every``-th line, and the first and last line of each kind (a throw, a card, a go, a
    count, ...): each reading of a record stopped short is met. Each deletion replays the record up
    to it, so all of them is quadratic in the record's length: ``make test-all`` deletes every line."""
    kinds: dict[str, list[int]] = {}
    for number, line in enumerate(lines):
        kinds.setdefault(line.split(" ")[0], []).append(number)
    ends = {number for numbers in kinds.values() for number in (numbers[0], numbers[-1])}
    return sorted(ends | set(range(0, len(lines), every)))


@pytest.mark.parametrize("every", [6, pytest.param(1, marks=pytest.mark.exhaustive)])
@pytest.mark.parametrize("variant", VARIANT_NAMES)
def test_a_deleted_line_anywhere_names_its_line_and_what_was_expected_there(variant: str, every: int) -> None:
    lines = write(_game(VARIANT_NAMES.index(variant))).splitlines()
    for gone in _deleted_lines(lines, every):
        if lines[gone].startswith("commitment: "):
            continue  # a record without it reads as one written before games committed to their deal
        error = _error("\n".join(lines[:gone] + lines[gone + 1:]) + "\n")
        text = str(error)
        assert text.startswith(f"line {error.line}: ") and 1 <= error.line <= len(lines), (gone, text)
        assert any(words in text for words in ("expected", "cut short", "moves stop")), (gone, text)
        if lines[gone].startswith(("cut ", "deal ", "starter ", "go ", "show ")):  # no choice: the line itself
            assert f"'{lines[gone].split(' claims ')[0]}" in text, (gone, text)


def test_a_deleted_throw_or_card_names_the_cards_it_could_be() -> None:
    lines = _lines()
    for kind in ("discard ", "play "):
        gone = next(i for i, line in enumerate(lines) if line.startswith(kind))
        seat = lines[gone].split()[1]
        text = str(_error("\n".join(lines[:gone] + lines[gone + 1:]) + "\n"))
        card = lines[gone].split()[2]
        assert f"expected here: '{kind}{seat} CARD" in text and card in text.split("expected here:")[1], text


@pytest.mark.parametrize("text", ["", "  \n\n "])
def test_an_empty_record_asks_for_one(text: str) -> None:
    error = _error(text)
    assert error.line == 1 and "no record" in error.problem and "paste a game record" in error.hint
    assert "not a cribbage record" not in str(error)


def test_a_record_of_the_seed_for_one_seat_is_refused() -> None:
    text = write(_unfinished(5, "play"), 0).replace("variant: standard", "variant: standard\nseed: 5")
    assert "has no seed" in str(_error(text))


def test_the_first_line_gives_the_version() -> None:
    assert _text().splitlines()[0] == f"cribbage record {RECORD_VERSION}"


def test_the_command_line_writes_and_checks_a_record(capsys: pytest.CaptureFixture[str]) -> None:
    import io

    from cribbage.cli import EXIT_BAD_INPUT, main

    assert main(["record", "play", "--seed", "4", "--levels", "easy", "normal"]) == 0
    text = capsys.readouterr().out
    assert replay(text).outcome is not None
    assert main(["record", "check"], io.StringIO(text)) == 0
    assert "events replayed" in capsys.readouterr().out
    damaged = text.replace("result: seat", "result: seat 9", 1)
    assert main(["record", "check"], io.StringIO(damaged)) == EXIT_BAD_INPUT
    assert capsys.readouterr().err.startswith("cribbage: line 7: ")


@pytest.mark.parametrize("number", [1, 2, 3])
def test_a_record_with_hints_round_trips(number: int) -> None:
    from cribbage.records import Hint

    game = _game(number)
    moves = [i for i, e in enumerate(game.events) if e.kind in ("discard", "play") and e.player == 0]
    hints = [Hint(i, 0, "throw" if game.events[i].kind == "discard" else "card") for i in moves[::5]]
    text = write(game, hints=hints)
    assert text.count("\nhint 0 ") == len(hints) > 2
    record = parse(text)
    assert record.hints == tuple(hints)
    again = replay(record)
    assert again.to_json() == game.to_json()
    assert write(again, hints=record.hints) == text
    assert parse(write(game)).hints == ()  # a record as written before hints: none


# --- who played each seat -----------------------------------------------------------------------

def _with_players(players: str, variant: str = "four-player") -> str:
    """A finished record of ``variant`` with ``players`` as its players line, just after the commitment."""
    game = next(_game(n) for n in range(len(VARIANT_NAMES)) if VARIANT_NAMES[n % len(VARIANT_NAMES)] == variant)
    lines = write(game).splitlines()
    lines.insert(lines.index("") , f"players: {players}")
    return "\n".join(lines) + "\n"


def test_the_players_line_round_trips_with_names_and_levels() -> None:
    from cribbage.records import Player
    game = _game(3)  # a four-player game
    players = (Player("human", "Ann"), Player("strong"), Player("human", "Ben O'Neil"), Player("easy"))
    text = write(game, players=players)
    assert "\nplayers: human Ann | strong | human Ben O'Neil | easy\n" in text
    record = parse(text)
    assert record.players == players
    assert write(replay(record), players=record.players) == text
    assert parse(write(game)).players == ()  # a record without the line, as every older one, names no one
    with pytest.raises(ValueError, match="not a player"):
        write(game, players=(Player("human", "A|B"), *players[1:]))


@pytest.mark.parametrize(("players", "words"), [
    ("human Ann | strong | human Ben", "names 3 seats"),
    ("human Ann | wizard | human Ben | easy", "seat 1 cannot be 'wizard'"),
    ("human Ann | strong Bob | human Ben | easy", "seat 1 cannot be 'strong Bob'"),
    ("human " + "A" * 21 + " | strong | human | easy", "is not readable"),
    ("human Ann\u0007 | strong | human | easy", "is not readable"),
])
def test_a_damaged_players_line_names_its_line(players: str, words: str) -> None:
    text = _with_players(players)
    number = text.splitlines().index(f"players: {players}".strip()) + 1
    error = _error(text)
    assert error.line == number and words in str(error) and error.hint, str(error)


def test_a_pass_and_play_record_replays_with_every_person_reviewed() -> None:
    """Two people in the standard game: each seat's decisions are reviewed in the replay, and both are named."""
    from cribbage.backend.replay import replay_steps
    text = _with_players("human Ann | human Ben", "standard")
    steps = replay_steps(text)
    assert steps["names"] == [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Ben"}]
    reviewed = {step["review"]["phase"] for step in steps["steps"] if "review" in step}
    assert "throw" in reviewed
    alone = replay_steps(_with_players("human Ann | normal", "standard"))
    both = sum("review" in step for step in steps["steps"])
    assert 0 < sum("review" in step for step in alone["steps"]) < both  # the computer's moves are not reviewed
