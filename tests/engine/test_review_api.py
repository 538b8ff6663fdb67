"""The worker API's reviews and record: from the human's view only, and refused before their time."""

from __future__ import annotations

import json
from typing import Any

import pytest

from cribbage import Game
from cribbage.backend.api import call
from cribbage.backend.review import review_decision
from cribbage.events import ShowEvent
from cribbage.expert.seat import seat_decisions
from cribbage.players import computer_action
from cribbage.records import parse, replay


def _call(method: str, **params: Any) -> Any:
    answer = json.loads(call(method, json.dumps(params)))
    return answer["result"] if answer["ok"] else answer["error"]


def _table(seed: int) -> dict[str, Any]:
    return _call("table_new", level="normal", seed=seed)


def _to(reply: dict[str, Any], done: Any) -> dict[str, Any]:
    """Play the human's seat as the normal computer would until ``done(view)``."""
    while not done(reply["view"]):
        game = Game.from_json(reply["private"]["game"])
        reply = _call("table_act", private=reply["private"], action=computer_action(game, "normal").to_json())
        assert isinstance(reply, dict), reply
    return reply


def _after_first_show(seed: int) -> dict[str, Any]:
    return _to(_table(seed), lambda view: view["hand_number"] >= 1 or view["phase"] == "game_over")


def test_a_deal_is_reviewed_once_it_is_shown() -> None:
    reply = _to(_table(5), lambda view: view["phase"] == "play")
    assert "show is over" in _call("review_deal", private=reply["private"])
    reply = _after_first_show(5)
    review = _call("review_deal", private=reply["private"])
    assert review["deal"] == 0 and review["shown"] == [0]
    game = Game.from_json(reply["private"]["game"])
    expected = [review_decision(d) for d in seat_decisions(game, 0) if d.view.hand_number == 0]
    assert [review["throw"], *review["plays"]] == expected  # the same numbers as the engine's reviews
    assert review["throw"]["review"]["link"].startswith("deal=")
    lost = review["lost"]
    assert abs(lost["total"] - lost["throw"] - lost["pegging"] - lost["counting"]) < 1e-3
    assert lost["throw"] == review["throw"]["lost"]
    assert "not shown yet" in _call("review_deal", private=reply["private"], deal=1)


def test_the_review_of_a_deal_reads_no_hidden_card() -> None:
    """Every decision reviewed was seen from a view that holds none of the computer's cards it had
    not yet laid (nor its throw), and the API's review is the review of those views alone."""
    reply = _after_first_show(8)
    game = Game.from_json(reply["private"]["game"])
    review = _call("review_deal", private=reply["private"])
    shows = [e for e in game.events if isinstance(e, ShowEvent)][:3]  # deal 0: pone, dealer, crib
    theirs = next(set(e.breakdown.hand) for e in shows if e.player == 1 and e.part != "crib")
    crib = set(shows[2].breakdown.hand)
    decisions = [d for d in seat_decisions(game, 0) if d.view.hand_number == 0]
    assert len(decisions) >= 3
    for decision, reviewed in zip(decisions, [review["throw"], *review["plays"]], strict=True):
        view = decision.view
        hidden = (theirs - set(view.laid_by(1))) | (crib - set(view.dealt))
        assert len(hidden) >= 2
        seen = set(view.dealt + view.held + view.current) | set(view.laid_by(0)) | set(view.laid_by(1))
        assert not hidden & seen
        assert review_decision(decision) == reviewed


def test_the_record_hides_the_computers_cards_until_the_game_is_over() -> None:
    reply = _to(_table(3), lambda view: view["phase"] == "play" and view["hand_number"] >= 1)
    answer = _call("record", private=reply["private"])
    assert answer["over"] is False
    text = answer["text"]
    record = parse(text)
    assert record.seed is None and record.written_for == 0 and "seed" not in text
    game = Game.from_json(reply["private"]["game"])
    current = text[text.rindex("\ndeal "):]
    assert not any(card.code in current for card in game.hands[1])
    reply = _to(reply, lambda view: view["phase"] == "game_over")
    answer = _call("record", private=reply["private"])
    assert answer["over"] is True
    assert replay(answer["text"]).to_json() == Game.from_json(reply["private"]["game"]).to_json()
    review = _call("review_game", private=reply["private"])
    assert len(review["deals"]) >= 3 and len(review["costliest"]) <= 3


def test_a_game_is_reviewed_once_it_is_over() -> None:
    reply = _after_first_show(4)
    assert "once it is over" in _call("review_game", private=reply["private"])
    assert "not readable" in _call("review_deal", private={"version": 1})


def test_the_review_covers_the_standard_game_only() -> None:
    reply = _call("table_new", level="normal", seed=2, variant="five-card")
    assert "standard game" in _call("review_deal", private=reply["private"])


@pytest.mark.parametrize("deal", [-1, True, "1", 10**6])
def test_a_bad_deal_number_is_refused(deal: Any) -> None:
    reply = _after_first_show(6)
    assert "deal is a deal's number" in _call("review_deal", private=reply["private"], deal=deal)


def _finished_record(seed: int) -> tuple[str, dict[str, Any]]:
    reply = _to(_table(seed), lambda view: view["phase"] == "game_over")
    return _call("record", private=reply["private"])["text"], reply


def test_a_record_is_replayed_for_the_viewer_move_by_move() -> None:
    text, reply = _finished_record(3)
    game = Game.from_json(reply["private"]["game"])
    steps = _call("replay_record", text=text)
    assert steps["result"] == parse(text).result and steps["players"] == 2
    moves = [line for line in parse(text).lines if line.action is not None]
    assert len(steps["steps"]) == len(moves) + 1  # before the first move, then after each
    assert steps["steps"][0]["scores"] == [0, 0] and steps["steps"][0]["lines"] == []
    last = steps["steps"][-1]
    assert last["scores"] == list(game.scores) and max(last["scores"]) == 121
    assert last["phase"] == "game_over"
    written = [row for step in steps["steps"] for row in step["lines"]]
    body = [line.text for line in parse(text).lines]
    assert written == body  # every line of the record, in order, each at the move that wrote it
    assert [s["line"] for s in steps["steps"][1:]] == [m.number for m in moves]
    assert all(s["words"] and len(s["words"]) == len(s["lines"]) for s in steps["steps"][1:])
    played = next(s for s in steps["steps"] if s["pile"])  # a card laid: on the count, and marked laid
    seat = int(played["lines"][0].split()[1])
    assert played["pile"][-1] in played["seats"][seat]["laid"]
    assert played["count"] == int(played["lines"][0].split()[-1])
    dealt = next(s for s in steps["steps"] if s["lines"] and s["lines"][0].startswith("deal "))
    assert [len(seat["cards"]) for seat in dealt["seats"]] == [6, 6]  # both hands face up


@pytest.mark.parametrize(("damage", "line", "words"), [
    (lambda rows: rows[:1] + ["variant: nine-card"] + rows[2:], 2, "not a variant"),
    (lambda rows: rows[:12] + ["play 0 ZZ count 5"] + rows[13:], 13, "not readable"),
    (lambda rows: ["cribbage record 9"] + rows[1:], 1, "version 9"),
    (lambda rows: rows[:-3], None, "cut short"),
])
def test_a_damaged_record_names_its_line(damage: Any, line: int | None, words: str) -> None:
    text, _ = _finished_record(5)
    rows = text.splitlines()
    answer = _call("replay_record", text="\n".join(damage(rows)) + "\n")
    error = answer["error"]
    assert set(error) == {"line", "problem", "hint"} and "steps" not in answer
    assert words in error["problem"] + error["hint"]
    assert error["line"] == (line if line is not None else len(rows) - 3)
    assert isinstance(_call("replay_record", text=5), str)  # not text: refused, not a crash


@pytest.mark.parametrize("name", ["five-card", "three-player", "four-player"])
def test_a_variants_record_is_replayed_for_the_viewer(name: str) -> None:
    from cribbage.records import write
    from cribbage.variants import variant

    game = Game(17, variant=variant(name))
    while game.phase != "game_over":
        game.apply(computer_action(game, "normal"))
    steps = _call("replay_record", text=write(game))
    assert steps["players"] == game.variant.players and steps["sides"] == game.variant.sides
    assert steps["board"]["hole"] == game.variant.game_hole
    assert steps["steps"][-1]["scores"] == list(game.scores)
    assert len(steps["steps"][-1]["seats"]) == game.variant.players


def test_each_person_is_reviewed_on_their_own_decisions_from_their_own_view() -> None:
    """Two people at one phone: ``seat`` picks whose decisions a review covers; a computer's seat is refused."""
    reply = _call("table_new", seed=11, seats=["human", "human"])
    reply = _to(reply, lambda view: view["phase"] == "game_over")  # every move made as its seat's own
    game = Game.from_json(reply["private"]["game"])
    throws = []
    for seat in (0, 1):
        review = _call("review_deal", private=reply["private"], deal=0, seat=seat)
        expected = review_decision(next(d for d in seat_decisions(game, seat) if d.kind == "discard"))
        assert review["throw"] == expected, seat
        throws.append(review["throw"])
    assert throws[0] != throws[1]
    assert _call("review_deal", private=reply["private"], deal=0)["throw"] == throws[0]  # the first person by default
    assert len(_call("review_game", private=reply["private"], seat=1)["deals"]) >= 3
    alone = _after_first_show(4)
    assert "the computer's" in _call("review_deal", private=alone["private"], seat=1)
