"""Seats as data: people and computer levels in any seats, each seat seeing only its own cards, the
computer deciding from its own seat's sight, and a deal anyone can check against its commitment."""

from __future__ import annotations

import dataclasses
import gc
import hashlib
import itertools
import json
import random
import re
from collections.abc import Iterator, Sequence
from typing import Any

import pytest

from cribbage import Game
from cribbage.actions import Action
from cribbage.backend import table
from cribbage.backend.api import call
from cribbage.cards import DECK, Card
from cribbage.events import CutEvent, DiscardEvent, Event, PlayEvent, ShowEvent, StarterEvent
from cribbage.kinds import COMPUTER_LEVELS, STANDARD_ONLY_LEVELS
from cribbage.players import computer_player, decide, play_game
from cribbage.records import RecordError, parse, replay, write
from cribbage.sight import Sight
from cribbage.variants import VARIANT_NAMES, variant

JSON = dict[str, Any]
CODES = {card.code: card for card in DECK}
CODE = re.compile(r'"([A2-9TJQK][CDHS])"')  # a card's code is a JSON string of its own
RANK_WORDS = "|".join(sorted({card.name.split(" of ")[0] for card in DECK}))
NAMES = re.compile(rf"\b(?:{RANK_WORDS}) of (?:clubs|diamonds|hearts|spades)\b")
BY_NAME = {card.name: card for card in DECK}


def ok(method: str, **params: Any) -> JSON:
    answer = json.loads(call(method, json.dumps(params)))
    assert answer["ok"], answer
    result: JSON = answer["result"]
    return result


def refused(method: str, **params: Any) -> str:
    answer = json.loads(call(method, json.dumps(params)))
    assert not answer["ok"], answer
    error: str = answer["error"]
    return error


def sha(seed: object) -> str:
    return hashlib.sha256(str(seed).encode("utf-8")).hexdigest()


# --- what a seat may see ---------------------------------------------------------------------------

def shown_by(events: Sequence[Event], seat: int) -> set[Card]:
    """The cards ``events`` showed ``seat``: every cut, starter, card laid and hand shown, and its own throws."""
    seen: set[Card] = set()
    for event in events:
        if isinstance(event, CutEvent | StarterEvent | PlayEvent):
            seen.add(event.card)
        elif isinstance(event, ShowEvent):
            seen |= {*event.breakdown.hand, event.breakdown.starter}
        elif isinstance(event, DiscardEvent) and event.player == seat:
            seen |= set(event.cards)
    return seen


def visible(game: Game, seat: int, shown: set[Card] | None = None) -> set[Card]:
    """Every card ``seat`` has seen (``shown``: what the events showed it, when the caller keeps count)."""
    seen = set(game.hands[seat]) | set(game.kept[seat]) | (shown_by(game.events, seat) if shown is None else shown)
    if game.show_part == "crib":  # turned face up to be counted
        seen |= set(game.crib)
    return seen


def cards_in(value: object) -> set[Card]:
    """Every card a JSON value names: as a code, or by name in a sentence."""
    text = json.dumps(value, ensure_ascii=False)
    return {CODES[code] for code in CODE.findall(text)} | {BY_NAME[name] for name in NAMES.findall(text)}


def sight_cards(value: object) -> Iterator[Card]:
    """Every card a ``Sight`` holds, in any field, at any depth."""
    if isinstance(value, Card):
        yield value
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            yield from sight_cards(getattr(value, field.name))
    elif isinstance(value, tuple | list):
        for item in value:
            yield from sight_cards(item)


def assert_sees_only_its_own(view: JSON, game: Game, seat: int, shown: set[Card] | None = None) -> None:
    hidden = set(DECK) - visible(game, seat, shown)
    leaked = sorted({card.code for card in cards_in(view)} & {card.code for card in hidden})
    assert not leaked, (seat, game.phase, leaked)
    assert view["commitment"] == sha(game.seed)
    if game.outcome is None:
        assert "seed" not in view
    else:
        assert view["seed"] == game.seed


def assert_sight_is_its_own(game: Game, seat: int, shown: set[Card] | None = None) -> None:
    sight = Sight.of(game, seat)
    leaked = set(sight_cards(sight)) - visible(game, seat, shown)
    assert not leaked, (seat, game.phase, sorted(card.code for card in leaked))


# --- every seat mix, through the API, checked against Game --------------------------------------------

def levels_for(name: str) -> list[str]:
    return [level for level in COMPUTER_LEVELS if name == "standard" or level not in STANDARD_ONLY_LEVELS]


def seat_mixes(name: str) -> list[list[str]]:
    """Every mix of people and computers for the variant's seats, the computers' levels taken in turn."""
    levels = levels_for(name)
    mixes = []
    for number, people in enumerate(itertools.product((True, False), repeat=variant(name).players)):
        mixes.append(["human" if person else levels[(number + seat) % len(levels)]
                      for seat, person in enumerate(people)])
    return mixes


def catch_up(mirror: Game, kinds: list[str]) -> None:
    """The computer seats' moves on the mirror, each decided from that seat's sight alone."""
    while (actions := mirror.legal_actions()) and kinds[actions[0].player] != "human":
        mirror.apply(decide(Sight.of(mirror, actions[0].player), kinds[actions[0].player]))


def direct(method: str, **params: Any) -> JSON:
    """The table's methods without the JSON text around them (the same functions ``call`` runs)."""
    if method == "table_new":
        return table.new_table("normal", params["seed"], variant=params["variant"], seats=params["seats"])
    if method == "table_view":
        return table.resume(params["private"], params["seat"])
    return table.act(params["private"], params["action"])


def play_mix(name: str, kinds: list[str], seed: int, api: bool = True) -> Game:
    """A whole game through ``table_new``, ``table_view`` and ``table_act`` (through ``call``, or with
    ``api`` off the same functions without the JSON text), each person acting in turn (choosing as the
    normal level would, from their own view's legal moves); after every answer the table's game equals a
    ``Game`` played with the same moves."""
    answer = ok if api else direct
    mirror = Game(seed, variant=name)
    reply = answer("table_new", seed=seed, variant=name, seats=kinds)
    people = [seat for seat, kind in enumerate(kinds) if kind == "human"]
    while True:
        catch_up(mirror, kinds)
        assert reply["private"]["game"] == mirror.to_json()
        if mirror.outcome is not None:
            return mirror
        seat = reply["view"]["to_act"]
        assert kinds[seat] == "human" and seat == mirror.legal_actions()[0].player
        for other in people if len(mirror.events) < 2 else ():
            if other != seat:  # a move out of turn is refused
                move = {"kind": "cut", "player": other, "cards": []}
                assert f"seat {seat}'s move" in refused("table_act", private=reply["private"], action=move)
        view = reply["view"] if reply["view"]["seat"] == seat else \
            answer("table_view", private=reply["private"], seat=seat)["view"]
        assert view["seat"] == seat and not view["hints"]
        choice = decide(Sight.of(mirror, seat), "normal").to_json()
        assert choice in view["legal"]
        mirror.apply(Action.from_json(choice))
        reply = answer("table_act", private=reply["private"], action=choice)
        assert reply["view"]["seat"] == seat


MIXES = [(name, kinds, 100 + number) for name in VARIANT_NAMES for number, kinds in enumerate(seat_mixes(name))]
# Unmarked, one mix of each variant (a person at seat 0, or at the last seat after the computers; two
# people against two computers below); through the API a game of people takes seconds, so the rest are slow.
FAST = {("standard", "strong", "human"), ("five-card", "human", "strong"), ("three-player", "easy", "normal", "human"),
        ("four-player", "human", "strong", "easy", "normal")}
SEAT_MIXES = [pytest.param(*mix, id=f"{mix[0]}-{'-'.join(mix[1])}",
                           marks=() if (mix[0], *mix[1]) in FAST else pytest.mark.exhaustive) for mix in MIXES]


@pytest.mark.parametrize(("name", "kinds", "seed"), SEAT_MIXES)
def test_every_seat_mix_plays_a_whole_game_through_the_table(name: str, kinds: list[str], seed: int) -> None:
    game = play_mix(name, kinds, seed, api=(name, *kinds) in FAST)
    assert game.outcome is not None and max(game.scores) >= game.variant.game_hole


def test_two_people_against_two_computers_as_partners() -> None:
    kinds = ["human", "strong", "human", "normal"]
    reply = ok("table_new", seed=9, variant="four-player", seats=kinds)
    assert reply["view"]["seat_kinds"] == kinds and reply["view"]["seat"] == 0
    assert variant("four-player").side_of(0) == variant("four-player").side_of(2)  # the people are partners
    assert play_mix("four-player", kinds, seed=9).outcome is not None


def play_named(kinds: list[str], names: list[str | None], seed: int, name: str = "standard") -> list[JSON]:
    """A whole game through the API with the people's names sent, moving each seat from its own
    view; the log of every seat's view at the end."""
    reply = ok("table_new", seed=seed, variant=name, seats=kinds, names=names, one_phone=True)
    rng = random.Random(seed)
    while reply["view"]["result"] is None:
        turn = reply["view"]["to_act"]
        view = ok("table_view", private=reply["private"], seat=turn, names=names, one_phone=True)["view"]
        reply = ok("table_act", private=reply["private"], action=rng.choice(view["legal"]),
                   names=names, one_phone=True)
    return [ok("table_view", private=reply["private"], seat=seat, names=names, one_phone=True)["view"]["log"]
            for seat, kind in enumerate(kinds) if kind == "human"]


def test_a_game_people_share_names_every_seat_in_its_log_whoever_holds_the_phone() -> None:
    """Two people at one phone: "Ann cuts", "Ben deals", "Ann wins" in every person's log, never "you"."""
    logs = play_named(["human", "human"], ["Ann", "Ben"], seed=3)
    texts = [[event["text"] for event in log] for log in logs]
    said = " ".join(texts[0])
    assert "Ann cuts the " in said and "Ben cuts the " in said and re.search(r"\b(Ann|Ben) deals hand 1\.", said)
    assert not re.search(r"\b(You|you|The computer)\b", said), said
    assert re.fullmatch(r"(Ann|Ben) wins, 121 to \d+\.( A (double )?skunk\.)?", texts[0][-1]), texts[0][-1]
    # the sentences are the same from either seat (only the other's throw stays face down)
    assert [t for t in texts[0] if "crib." not in t] == [t for t in texts[1] if "crib." not in t]


def test_computers_among_people_are_named_as_the_replay_names_them() -> None:
    kinds = ["human", "strong", "human", "easy"]
    log = play_named(kinds, ["Ann", None, None, None], seed=5, name="four-player")[0]
    said = " ".join(event["text"] for event in log)
    assert "Computer 2 (strong) " in said and "Computer 4 (easy) " in said and "Player 3 " in said
    sides = r"(Ann and Player 3|Computer 2 \(strong\) and Computer 4 \(easy\))"
    assert re.fullmatch(sides + r" win, 121 to \d+\..*", log[-1]["text"]), log[-1]["text"]
    alone = " ".join(event["text"] for event in play_named(["human", "strong"], ["Ann", None], seed=5)[0])
    assert "You cut the " in alone and "The computer cuts the " in alone  # one person is still "you"


def test_the_replay_of_a_pass_and_play_record_names_every_seat() -> None:
    kinds = ["human", "human"]
    reply = ok("table_new", seed=8, seats=kinds)
    rng = random.Random(8)
    while reply["view"]["result"] is None:
        view = ok("table_view", private=reply["private"], seat=reply["view"]["to_act"])["view"]
        reply = ok("table_act", private=reply["private"], action=rng.choice(view["legal"]))
    text = ok("record", private=reply["private"], names=["Ann", "Ben"])["text"]
    words = " ".join(word for step in ok("replay_record", text=text)["steps"] for word in step["words"])
    assert "Ann cuts the " in words and "Ben cuts the " in words and " wins, 121 to " in words
    assert not re.search(r"\b(You|you|The computer)\b", words), words


def test_the_record_names_each_person_and_each_computer_level() -> None:
    kinds = ["human", "strong", "human", "easy"]
    reply = ok("table_new", seed=9, variant="four-player", seats=kinds)
    text = ok("record", private=reply["private"], names=["Ann", None, " Ben |\t B ", "ignored"])["text"]
    assert "\nplayers: human Ann | strong | human Ben B | easy\n" in text
    assert parse(text).players[2].name == "Ben B"
    plain = ok("record", private=ok("table_new", seed=9)["private"])["text"]
    assert "\nplayers: human | normal\n" in plain  # the table's default level, no name given
    assert "'names' is a list" in refused("record", private=reply["private"], names="Ann")


def test_unknown_seat_kinds_and_wrong_counts_are_refused() -> None:
    assert "seat 1 cannot be 'wizard'" in refused("table_new", seats=["human", "wizard"])
    assert "2 seats of the standard game" in refused("table_new", seats=["human"])
    assert "4 seats of the four-player game" in refused("table_new", variant="four-player", seats=["human"] * 3)
    assert "not something other than a list" in refused("table_new", seats="human")
    assert "only the standard game" in refused("table_new", variant="five-card", seats=["human", "expert"])


def test_a_move_for_a_computer_seat_or_out_of_turn_is_refused() -> None:
    reply = ok("table_new", seed=4, seats=["human", "human"])
    assert reply["view"]["to_act"] == 0
    assert "seat 0's move, not seat 1's" in refused("table_act", private=reply["private"],
                                                    action={"kind": "cut", "player": 1, "cards": []})
    computer = ok("table_new", seed=4, seats=["normal", "human"])
    assert "only act for yourself" in refused("table_act", private=computer["private"],
                                              action={"kind": "cut", "player": 0, "cards": []})
    assert "no seat 2" in refused("table_view", private=reply["private"], seat=2)


def test_a_game_saved_before_seats_opens_with_the_human_at_seat_0() -> None:
    private = ok("table_new", seed=12, level="strong", variant="three-player")["private"]
    assert private["seats"] == ["human", "strong", "strong"]
    del private["seats"]
    view = ok("table_view", private=private)["view"]
    assert view["seat"] == 0 and view["seat_kinds"] == ["human", "strong", "strong"]
    assert ok("table_act", private=private, action=view["legal"][0])["view"]["seat"] == 0


# --- no seat sees another's cards: every view of every decision ---------------------------------------

def watch_game(name: str, seed: int, sights: bool = True) -> int:
    """A game of people at every seat: at every decision, every seat's view (and with ``sights`` the
    computer's sight of every seat) holds none of another seat's unshown cards. The views are the
    table's own (``table_view`` and each event redacted for the seat, which is what its log is made
    of). Returns the decisions seen."""
    rng = random.Random(f"watch/{seed}")
    game = Game(seed, variant=name)
    kinds = ["human"] * game.seats
    shown: list[set[Card]] = [set() for _ in kinds]
    new: list[Event] = []
    decisions = 0
    while True:
        for seat in range(game.seats):
            shown[seat] |= shown_by(new, seat)
            view = table.table_view(game, "normal", "watch", [event.to_json() for event in new], seat, kinds)
            view["log"] = [table.redact(event.to_json(), game.variant, seat) for event in new]
            assert_sees_only_its_own(view, game, seat, shown[seat])
            if sights:
                assert_sight_is_its_own(game, seat, shown[seat])
        if game.outcome is not None:
            return decisions
        decisions += 1
        actions = game.legal_actions()
        new = game.apply(rng.choice([action for action in actions if action.player == actions[0].player]))


@pytest.mark.parametrize("name", VARIANT_NAMES)
def test_no_seat_sees_another_seats_cards_in_a_few_games(name: str) -> None:
    assert sum(watch_game(name, seed) for seed in range(2)) > 100


@pytest.mark.exhaustive
@pytest.mark.parametrize("name", VARIANT_NAMES)
def test_no_seat_sees_another_seats_cards_in_fifty_games(name: str) -> None:
    assert sum(watch_game(name, seed, sights=False) for seed in range(3, 53)) > 2500


def test_every_seats_whole_view_and_log_through_the_api() -> None:
    """The API's own answer for every seat, log included, at every decision of a four-seat game."""
    kinds = ["human"] * 4
    mirror = Game(77, variant="four-player")
    reply = ok("table_new", seed=77, variant="four-player", seats=kinds)
    rng = random.Random(77)
    for _ in range(30):  # the cuts, the deal, the throws, the starter and most of the first deal's play
        views = [ok("table_view", private=reply["private"], seat=seat)["view"] for seat in range(4)]
        for seat, view in enumerate(views):
            assert_sees_only_its_own(view, mirror, seat)
            assert len(view["log"]) == len(mirror.events)
        move = rng.choice(views[reply["view"]["to_act"]]["legal"])
        mirror.apply(Action.from_json(move))
        reply = ok("table_act", private=reply["private"], action=move)


def test_the_check_finds_a_leak() -> None:
    """The leak check itself: a view holding the other seat's hand, or naming one of its cards, fails."""
    game = Game(5)
    while game.phase != "discard":
        game.apply(game.legal_actions()[0])
    view = table.table_view(game, "normal", "x", [], 0)
    assert_sees_only_its_own(view, game, 0)
    other = game.hands[1][0]
    with pytest.raises(AssertionError):
        assert_sees_only_its_own({**view, "hand": [other.code]}, game, 0)
    with pytest.raises(AssertionError):
        assert_sees_only_its_own({**view, "log": [{"text": f"The computer holds the {other.name}."}]}, game, 0)


# --- the computer decides from its own seat's sight ----------------------------------------------------

def reachable(start: object) -> Iterator[object]:
    """Every object reachable from ``start`` through data (not through classes, functions or modules)."""
    seen, todo = set(), [start]
    while todo:
        item = todo.pop()
        if id(item) in seen or isinstance(item, type) or callable(item) or type(item).__name__ == "module":
            continue
        seen.add(id(item))
        yield item
        todo.extend(gc.get_referents(item))


@pytest.mark.parametrize("name", VARIANT_NAMES)
def test_the_computer_decides_from_its_own_seats_sight(name: str) -> None:
    """At every decision the computer's move is ``decide`` of the seat's sight: the sight reaches no game,
    no seed and no card the seat has not seen, and the table's computer moves are exactly those."""
    seed = f"sight check {name}"
    levels = levels_for(name)
    game = Game(seed, variant=name)
    players = [computer_player(levels[seat % len(levels)], seat) for seat in range(game.seats)]
    checked = 0
    while (actions := game.legal_actions()) and checked < 400:
        seat = actions[0].player
        sight = Sight.of(game, seat)
        reached = list(reachable(sight))
        for item in reached:
            assert not isinstance(item, Game) and type(item).__name__ != "State"
            assert item != seed  # the seed itself is nowhere in the sight (its commitment is)
        assert set(sight.hand) <= {item for item in reached if isinstance(item, Card)}  # the walk went in
        assert not set(sight_cards(sight)) - visible(game, seat)
        level = levels[seat % len(levels)]
        move = decide(sight, level)
        assert move == decide(Sight.of(game, seat), level)  # the same sight, the same move
        assert players[seat](game, [a for a in actions if a.player == seat]) in actions
        game.apply(move)
        checked += 1
    assert checked > 50


def test_the_table_moves_the_computer_as_decide_does() -> None:
    """A table of computers only: its moves are ``decide`` of each seat's sight, move by move."""
    kinds = ["strong", "easy", "normal"]
    reply = ok("table_new", seed=31, variant="three-player", seats=kinds)
    mirror = Game(31, variant="three-player")
    catch_up(mirror, kinds)
    assert mirror.outcome is not None and reply["private"]["game"] == mirror.to_json()


# --- a deal anyone can check ---------------------------------------------------------------------------

@pytest.mark.parametrize("seed", [7, 0, 2**53 - 1, "café ♠ seed", "x"])
def test_the_commitment_is_sha256_of_the_seed_and_the_seed_shows_at_the_end(seed: int | str) -> None:
    reply = ok("table_new", seed=seed, level="easy", seats=["easy", "easy"])
    view = reply["view"]
    assert re.fullmatch(r"[0-9a-f]{64}", view["commitment"])
    assert view["commitment"] == hashlib.sha256(str(seed).encode("utf-8")).hexdigest()
    assert view["phase"] == "game_over" and view["seed"] == seed
    game = Game.from_json(reply["private"]["game"])
    assert f"commitment: {view['commitment']}\n" in write(game)
    assert parse(write(game)).commitment == view["commitment"]


def test_the_first_view_has_the_commitment_and_not_the_seed() -> None:
    view = ok("table_new", seed="before the cut", seats=["human", "normal"])["view"]
    assert view["phase"] == "cut_for_deal" and view["commitment"] == sha("before the cut")
    assert "before the cut" not in json.dumps(view)
    assert f"commitment: {sha('before the cut')}" in write(Game("before the cut"), seat=0)


def _record(seed: int | str = 41) -> str:
    game = Game(seed)
    play_game(game, [computer_player("normal", 1), computer_player("normal", 2)])
    return write(game)


def test_a_record_with_a_changed_seed_is_refused_at_its_line() -> None:
    text = _record()
    lines = text.splitlines()
    number = next(i for i, line in enumerate(lines, start=1) if line.startswith("seed: "))
    lines[number - 1] = "seed: 42"
    with pytest.raises(RecordError) as caught:
        parse("\n".join(lines) + "\n")
    error = caught.value
    assert error.line == number and str(error).startswith(f"line {number}: ")
    assert "does not match the commitment" in error.problem and error.hint
    answer = ok("replay_record", text="\n".join(lines) + "\n")
    assert answer["error"]["line"] == number


def test_a_record_with_a_damaged_commitment_is_refused_at_its_line() -> None:
    lines = _record().splitlines()
    number = next(i for i, line in enumerate(lines, start=1) if line.startswith("commitment: "))
    lines[number - 1] = "commitment: 12ab"
    with pytest.raises(RecordError, match=f"line {number}: '12ab' is not a commitment"):
        parse("\n".join(lines) + "\n")


def test_a_record_from_before_commitments_still_replays() -> None:
    text = _record()
    older = "".join(line for line in text.splitlines(keepends=True) if not line.startswith("commitment: "))
    assert replay(older).to_json() == replay(text).to_json()
    assert parse(older).commitment is None


def test_deal_check_of_a_record_deals_every_deal_again() -> None:
    text = _record("check me")
    game = replay(text)
    answer = ok("deal_check", text=text)
    assert answer["matches"] and answer["computed"] == sha("check me") and answer["error"] is None
    assert answer["seed"] == "check me" and "fixed before the game began" in answer["words"]
    deals = [event for event in game.events if event.kind == "deal"]
    assert [(d["hand"], d["dealer"]) for d in answer["deals"]] == [(e.hand, e.player) for e in deals]
    for line in (line for line in text.splitlines() if line.startswith("deal ")):
        number = int(line.split()[3].rstrip(":"))
        hands = [part.split()[1:] for part in line.split(": ", 1)[1].split(" | ")]
        assert answer["deals"][number]["hands"] == hands  # the record's deal lines, dealt again from the seed
    starters = [line.split()[2] for line in text.splitlines() if line.startswith("starter ")]
    assert [d["starter"] for d in answer["deals"]][:len(starters)] == starters


def test_deal_check_says_when_the_seed_is_not_the_one_committed_to() -> None:
    text = _record()
    changed = text.replace(f"commitment: {sha(41)}", f"commitment: {sha(42)}")
    answer = ok("deal_check", text=changed)
    assert not answer["matches"] and answer["deals"] == [] and "not the cards" in answer["words"]
    by_seed = ok("deal_check", seed=41, commitment=sha(41), deals=3)
    assert by_seed["matches"] and len(by_seed["deals"]) == 3
    assert by_seed["deals"] == ok("deal_check", text=text)["deals"][:3]
    assert not ok("deal_check", seed=41, commitment=sha(42))["matches"]
    assert "a 'seed' and its 'commitment'" in refused("deal_check")


@pytest.mark.parametrize("name", VARIANT_NAMES)
def test_deal_check_deals_every_variant_as_the_game_did(name: str) -> None:
    game = Game(f"deals {name}", variant=name)
    play_game(game, [computer_player("normal", seat) for seat in range(game.seats)])
    answer = ok("deal_check", text=write(game))
    assert answer["matches"] and answer["variant"] == name and answer["error"] is None
    assert len(answer["deals"]) == sum(1 for event in game.events if event.kind == "deal")


def test_a_hint_is_for_the_person_whose_move_it_is_and_labelled_with_their_seat() -> None:
    reply = ok("table_new", seed=6, seats=["human", "human"], hints=True)
    mirror = Game(6)
    while reply["view"]["phase"] != "discard" or reply["view"]["to_act"] != 1:
        move = ok("table_view", private=reply["private"], seat=reply["view"]["to_act"])["view"]["legal"][0]
        mirror.apply(Action.from_json(move))
        reply = ok("table_act", private=reply["private"], action=move)
    hinted = ok("table_hint", private=reply["private"], kind="throw")
    assert {code for throw in hinted["throws"] for code in throw["keep"] + throw["discard"]} == \
        {card.code for card in mirror.hands[1]}  # seat 1's six cards, not seat 0's
    assert hinted["private"]["hints_used"] == [[len(mirror.events), "throw", 1]]
    throw = {"kind": "discard", "player": 1, "cards": hinted["throws"][0]["discard"]}
    text = ok("record", private=ok("table_act", private=hinted["private"], action=throw)["private"])["text"]
    rows = text.splitlines()
    assert rows[rows.index("hint 1 throw") + 1].startswith("discard 1 ")


def test_a_linked_guests_log_calls_the_other_seat_by_the_name_given() -> None:
    """The view a host's phone sends a guest: its sentences say "Ann lays", "Ann wins, 61 to 46",
    where the score line says Ann, not "The computer"; a seat with no name keeps the usual words."""
    reply = ok("table_new", seed=5, variant="five-card", seats=["human", "human"])
    while reply["view"]["result"] is None:
        to_act = reply["view"]["to_act"]
        action = ok("table_view", private=reply["private"], seat=to_act)["view"]["legal"][0]
        reply = ok("table_act", private=reply["private"], action=action)
    named = "\n".join(event["text"] for event in ok("table_view", private=reply["private"], seat=1,
                                                     names=["Ann", "Ben"])["view"]["log"])
    usual = "\n".join(event["text"] for event in ok("table_view", private=reply["private"], seat=1)["view"]["log"])
    assert "Ann lays the " in named and "The computer" not in named and "You lay the " in named
    assert "The computer lays the " in usual and "Ann" not in usual
    assert named.splitlines()[-1] == usual.splitlines()[-1].replace("The computer", "Ann")
    unnamed = ok("table_view", private=reply["private"], seat=1, names=[None, "Ben"])["view"]["log"]
    assert [event["text"] for event in unnamed] == usual.splitlines()


def test_a_linked_hosts_moves_call_the_other_seats_by_name() -> None:
    """The host's own phone in a linked game: the events of each move it makes name the guest's
    seat as its score line does ("Ben"), never "The computer"."""
    reply = ok("table_new", seed=5, variant="five-card", seats=["human", "human"], names=["Ann", "Ben"])
    texts: list[str] = []
    while reply["view"]["result"] is None:
        to_act = reply["view"]["to_act"]
        action = ok("table_view", private=reply["private"], seat=to_act)["view"]["legal"][0]
        names = {"names": ["Ann", "Ben"]} if to_act == 0 else {}  # the guest's move comes as a bare action
        reply = ok("table_act", private=reply["private"], action=action, **names)
        texts += [event["text"] for event in reply["view"]["events"]] if to_act == 0 else []
    assert any(text.startswith("Ben ") for text in texts) and not any("The computer" in text for text in texts), texts


def test_a_released_seat_is_played_by_the_computer_from_then_on() -> None:
    """A linked guest gone for good: its seat is the computer's at the game's level, which makes the
    seat's moves at once; the first person's seat, a computer's and the last person's are refused."""
    reply = ok("table_new", seed=6, variant="three-player", seats=["human", "human", "human"], level="normal")
    while reply["view"]["to_act"] != 1:
        to_act = reply["view"]["to_act"]
        action = ok("table_view", private=reply["private"], seat=to_act)["view"]["legal"][0]
        reply = ok("table_act", private=reply["private"], action=action)
    released = ok("table_release", private=reply["private"], seat=1, names=["Ann", "Ben", "Cy"])
    view = released["view"]
    assert view["seat"] == 0 and view["seat_kinds"] == ["human", "normal", "human"] and view["to_act"] != 1
    assert len(view["log"]) > len(ok("table_view", private=reply["private"])["view"]["log"])  # its move made
    for seat in (1, 4):
        assert "error" in json.loads(call("table_release", json.dumps({"private": released["private"], "seat": seat})))
    alone = ok("table_release", private=released["private"], seat=2)["private"]
    assert "last person" in json.loads(call("table_release", json.dumps({"private": alone, "seat": 0})))["error"]
