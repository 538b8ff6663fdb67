"""The table's engine side: counting by hand, muggins, redacted views, messages, summaries."""

from __future__ import annotations

import json

import pytest

from cribbage import Action, Game, IllegalAction, parse_cards, score_show
from cribbage.backend.api import call
from cribbage.backend.log import items_phrase
from cribbage.backend.table import summary
from cribbage.events import GameOverEvent, ScoreEvent, ShowEvent
from cribbage.muggins import Claim, judge, parse_claim

HUMAN, COMPUTER = 0, 1


def codes(text):
    return [c.code for c in parse_cards(text)]


# --- judging a claim --------------------------------------------------------------------------

def test_an_exact_total_is_credited_in_full():
    show = score_show("5H 5S 5C JD", "5D")
    verdict = judge(show.items, Claim(total=29))
    assert verdict.points == 29 and not verdict.missed and verdict.overcount == 0


def test_a_low_total_credits_real_items_up_to_the_claim_and_names_the_rest():
    show = score_show("4H 5H 6H 6S", "JH")  # three fifteens, a pair, two runs of three: 14
    assert show.total == 14
    verdict = judge(show.items, Claim(total=8))
    assert verdict.points == 8 and verdict.missed_points == 6
    assert sorted(i.kind for i in verdict.credited) == ["fifteen", "fifteen", "fifteen", "pair"]
    assert [i.kind for i in verdict.missed] == ["run", "run"]


def test_a_total_no_set_of_items_makes_credits_the_most_that_fits_below_it():
    show = score_show("2H 2S KC KD", "7H")  # two pairs: 4
    verdict = judge(show.items, Claim(total=3))
    assert verdict.points == 2 and verdict.missed_points == 2


def test_an_overcount_is_corrected_to_what_is_there():
    show = score_show("2H 2S KC KD", "7H")
    verdict = judge(show.items, Claim(total=10))
    assert verdict.points == 4 and verdict.overcount == 6 and not verdict.missed


def test_an_items_claim_credits_only_items_that_are_there():
    show = score_show("5H TS 3C 3D", "KC")  # fifteens 5+T, 5+K, a pair of threes
    claim = parse_claim({"items": [
        {"kind": "fifteen", "cards": ["5H", "TS"]},
        {"kind": "pair", "cards": ["3D", "3C"]},  # any order
        {"kind": "run", "cards": ["3C", "5H", "KC"]},  # not a run
    ]})
    verdict = judge(show.items, claim)
    assert verdict.points == 4
    assert [(i.kind, [c.code for c in i.cards]) for i in verdict.missed] == [("fifteen", ["5H", "KC"])]
    assert verdict.not_there == ({"kind": "run", "cards": ["3C", "5H", "KC"]},)


@pytest.mark.parametrize("bad, error", [
    ({"total": -1}, "ParameterError"), ({"total": 30}, "ParameterError"), ({"total": True}, "ParameterError"),
    ({"total": "7"}, "ParameterError"), ([], "ParameterError"),
    ({"items": [{"kind": "flux", "cards": ["5H"]}]}, "ParameterError"),
    ({"items": [{"kind": "pair", "cards": ["5H", "ZZ"]}]}, "CardError"), ({"items": "5H"}, "ParameterError"),
])
def test_malformed_claims_are_refused_with_a_reason(bad, error):
    import cribbage

    with pytest.raises(getattr(cribbage, error)):  # the shape is a parameter; a bad card a card error
        parse_claim(bad)


# --- counting by hand in a game ---------------------------------------------------------------

def game_at_show(human_kept, computer_kept, crib, starter, dealer=COMPUTER, muggins=True, scores=(0, 0)):
    """A game at the start of the show with chosen cards, the human counting by hand."""
    return Game.at_show(dealer, [human_kept, computer_kept], crib=crib, starter=starter, scores=scores,
                        seed="show", count_by_hand=(True, False), muggins=muggins)


def score_events(events):
    return [(e.player, e.reason, e.points) for e in events if isinstance(e, ScoreEvent)]


def test_a_player_counting_by_hand_must_say_a_count():
    game = game_at_show("4H 5H 6H 6S", "2C 3C 8D 9D", "AC AD KH QS", "JH")
    with pytest.raises(IllegalAction, match="count your own hand"):
        game.apply(Action("count", HUMAN))


def test_muggins_the_computer_takes_what_the_player_missed_itemized():
    game = game_at_show("4H 5H 6H 6S", "2C 3C 8D 9D", "AC AD KH QS", "JH")
    events = game.apply(Action.from_json({"kind": "count", "player": HUMAN, "claim": {"total": 8}}))
    assert score_events(events) == [(HUMAN, "pone", 8), (COMPUTER, "muggins", 6)]
    muggins = next(e for e in events if isinstance(e, ScoreEvent) and e.reason == "muggins")
    assert [i.kind for i in muggins.items] == ["run", "run"]
    show = next(e for e in events if isinstance(e, ShowEvent))
    assert show.verdict.missed_points == 6 and show.breakdown.total == 14
    assert game.scores == (8, 6)


def test_without_muggins_missed_points_are_simply_lost():
    game = game_at_show("4H 5H 6H 6S", "2C 3C 8D 9D", "AC AD KH QS", "JH", muggins=False)
    events = game.apply(Action.from_json({"kind": "count", "player": HUMAN, "claim": {"total": 8}}))
    assert score_events(events) == [(HUMAN, "pone", 8)]
    assert game.scores == (8, 0)


def test_muggins_on_the_crib_and_a_right_count_gives_nothing_away():
    game = game_at_show("2C 3C 8D 9D", "AS 2S 3S 4S", "5H 5S 5C 4D", "JH", dealer=HUMAN)
    game.apply(Action("count", COMPUTER))  # the pone (computer) counts its own hand: engine-counted
    events = game.apply(Action.from_json({"kind": "count", "player": HUMAN, "claim": {"total": 2}}))
    assert score_events(events) == [(HUMAN, "dealer", 2)]  # 8+9 is all the hand holds
    crib = score_show("5H 5S 5C 4D", "JH", is_crib=True).total
    events = game.apply(Action.from_json({"kind": "count", "player": HUMAN, "claim": {"total": crib - 2}}))
    assert score_events(events) == [(HUMAN, "crib", crib - 2), (COMPUTER, "muggins", 2)]


def test_muggins_can_win_the_game_and_it_ends_there():
    game = game_at_show("4H 5H 6H 6S", "2C 3C 8D 9D", "AC AD KH QS", "JH", scores=(50, 118))
    events = game.apply(Action.from_json({"kind": "count", "player": HUMAN, "claim": {"total": 8}}))
    assert game.phase == "game_over" and game.winner == COMPUTER and game.scores == (58, 121)
    assert isinstance(events[-1], GameOverEvent)


def test_count_by_hand_survives_a_save_and_replays_the_claims():
    replies = play_through(count_by_hand=True, muggins=True, claim_offset=-1, seed=8, limit=80)
    saved = replies[-1]["private"]["game"]
    assert any("verdict" in e for e in saved["events"])
    again = Game.from_json(json.loads(json.dumps(saved)))
    assert again.count_by_hand == (True, False) and again.muggins
    assert again.to_json() == saved


# --- the table API: what the page may see ----------------------------------------------------

def api(method, **params):
    reply = json.loads(call(method, json.dumps(params)))
    assert reply["ok"], reply
    return reply["result"]


def strings_in(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, inner in value.items():
            yield key
            yield from strings_in(inner)
    elif isinstance(value, list):
        for inner in value:
            yield from strings_in(inner)


def hidden_cards(private):
    """The computer's unplayed cards and the undealt deck, from the private state."""
    game = private["game"]
    return set(game["hands"][COMPUTER]) | set(game["deck"]) - ({game["starter"]} if game["starter"] else set())


def this_deal(view):
    """The view without events from earlier deals and cuts (other shuffles)."""
    events = view["events"]
    deals = [i for i, e in enumerate(events) if e["type"] == "deal"]
    current = events[deals[-1]:] if deals else events
    return {**{k: v for k, v in view.items() if k not in ("events", "log")},
            "events": [e for e in current if e["type"] != "cut"]}


def play_through(level="normal", seed=3, count_by_hand=False, muggins=False, claim_offset=0, limit=600):
    seeded = {} if seed is None else {"seed": seed}
    reply = api("table_new", level=level, count_by_hand=count_by_hand, muggins=muggins, **seeded)
    replies = [reply]
    for _ in range(limit):
        view = reply["view"]
        if view["phase"] == "game_over":
            break
        action = dict(view["legal"][0])
        if action["kind"] == "count" and view["count_by_hand"]:
            game = Game.from_json(reply["private"]["game"])
            part = view["show_part"]
            cards = game.crib if part == "crib" else game.kept[HUMAN]
            total = score_show(tuple(cards), game.starter, is_crib=part == "crib").total
            action["claim"] = {"total": max(0, total + claim_offset)}
        reply = api("table_act", private=reply["private"], action=action)
        replies.append(reply)
    return replies


def test_no_view_carries_the_computers_cards_the_deck_or_the_seed():
    replies = play_through(seed=None)  # the engine draws a seed the page never learns
    assert replies[-1]["view"]["phase"] == "game_over"
    for reply in replies[:-1]:
        view = reply["view"]
        found = set(strings_in(this_deal(view)))
        assert not found & hidden_cards(reply["private"])
        assert not {"seed", "deck", "hands", "state", "private"} & set(strings_in(view))
        assert str(reply["private"]["game"]["seed"]) not in json.dumps(view)
    over = replies[-1]["view"]  # the end reveals the seed, to check the deal against the commitment
    assert over["seed"] == replies[-1]["private"]["game"]["seed"]
    assert not {"deck", "hands", "state", "private"} & set(strings_in(over))


def test_the_computers_throw_is_face_down_until_the_crib_is_shown():
    reply = play_through(limit=4)[-1]
    log = api("table_view", private=reply["private"])["view"]["log"]
    throws = [e for e in log if e["type"] == "discard"]
    assert throws and all(("cards" in e) == (e["player"] == HUMAN) for e in throws)
    assert any("two cards to the crib" in e["text"] for e in throws)


def test_a_game_counted_short_by_hand_gives_muggins_to_the_computer():
    replies = play_through(count_by_hand=True, muggins=True, claim_offset=-1, seed=8)
    log = api("table_view", private=replies[-1]["private"])["view"]["log"]
    muggins = [e for e in log if e["type"] == "score" and e["reason"] == "muggins"]
    assert muggins and all(e["player"] == COMPUTER for e in muggins)
    assert all(e["text"].startswith("Muggins! The computer takes") for e in muggins)


def test_resume_gives_the_whole_log_and_the_same_position():
    replies = play_through(limit=40)
    last = replies[-1]
    again = api("table_view", private=last["private"])
    assert again["private"]["game"] == last["private"]["game"]
    log = again["view"]["log"]
    assert len(log) == len(last["private"]["game"]["events"]) and all(e["text"] for e in log)
    assert again["view"]["hand"] == last["view"]["hand"]


def test_the_summary_adds_up_to_the_final_scores():
    replies = play_through(seed=21)
    view = replies[-1]["view"]
    result = view["summary"]
    for player in (HUMAN, COMPUTER):
        assert sum(result["points"][player].values()) == view["scores"][player]
    assert result["deals"] == sum(result["cribs"]) and result["result"]["winner"] in (0, 1)


def test_every_score_message_names_every_item():
    assert items_phrase(score_show("2H 2S 9C 9D", "9H", is_crib=True).items) == "a pair and a pair royal"
    assert items_phrase(score_show("2H 2S KC KD", "7H").items) == "two pairs"
    assert items_phrase(score_show("4H 5H 6H 6S", "JH").items) == "three fifteens, a pair and two runs of three"
    assert (items_phrase(score_show("5H 5S 5C JD", "5D").items)
            == "eight fifteens, a double pair royal and one for his nobs")
    for reply in play_through(seed=5):
        for event in reply["view"]["events"]:
            if event["type"] == "score":
                assert event["text"].startswith(("You peg", "The computer pegs", "Muggins"))
                assert "nothing" not in event["text"]


def test_the_table_api_refuses_bad_input_in_words():
    bad = json.loads(call("table_act", json.dumps({"private": {"version": 1}, "action": {}})))
    assert not bad["ok"] and "saved game" in bad["error"]
    view = api("table_new", seed=1, level="easy")
    cheat = json.loads(call("table_act", json.dumps({"private": view["private"],
                                                      "action": {"kind": "cut", "player": 1}})))
    assert not cheat["ok"] and "only act for yourself" in cheat["error"]
    level = json.loads(call("table_new", json.dumps({"level": "godlike"})))
    assert not level["ok"] and "unknown level" in level["error"]
    flag = json.loads(call("table_new", json.dumps({"level": "easy", "muggins": "yes"})))
    assert not flag["ok"] and "true or false" in flag["error"]


def test_summary_counts_points_by_source():
    events = [
        {"type": "deal", "player": 0},
        {"type": "score", "player": 1, "reason": "play", "points": 2, "scores": [0, 2]},
        {"type": "score", "player": 0, "reason": "go", "points": 1, "scores": [1, 2]},
        {"type": "score", "player": 1, "reason": "pone", "points": 8, "scores": [1, 10]},
        {"type": "score", "player": 0, "reason": "crib", "points": 4, "scores": [5, 10]},
        {"type": "score", "player": 1, "reason": "muggins", "points": 2, "scores": [5, 12]},
    ]
    result = summary(events)
    assert result["points"][0] == {"pegging": 1, "hand": 0, "crib": 4, "heels": 0, "muggins": 0}
    assert result["points"][1] == {"pegging": 2, "hand": 8, "crib": 0, "heels": 0, "muggins": 2}
    assert result["cribs"] == [1, 0]


def test_the_crib_is_face_up_only_when_it_is_counted():
    game = game_at_show("2C 3C 8D 9D", "AS 2S 3S 4S", "5H 5S 5C 4D", "JH", dealer=HUMAN)
    from cribbage.backend.table import table_view

    assert table_view(game, "easy", "t", [])["crib"] is None
    game.apply(Action("count", COMPUTER))
    game.apply(Action.from_json({"kind": "count", "player": HUMAN, "claim": {"total": 2}}))
    assert sorted(table_view(game, "easy", "t", [])["crib"]) == sorted(codes("5H 5S 5C 4D"))


def test_an_older_save_of_the_same_game_is_replayed_not_taken_from_memory():
    first = api("table_new", seed=6, level="easy")
    second = api("table_act", private=first["private"], action=first["view"]["legal"][0])
    third = api("table_act", private=second["private"], action=second["view"]["legal"][0])
    again = api("table_act", private=second["private"], action=second["view"]["legal"][0])  # from the older save
    assert again["private"]["game"] == third["private"]["game"]
    tampered = json.loads(json.dumps(third["private"]))
    tampered["game"]["scores"] = [5, 0]
    refused = json.loads(call("table_view", json.dumps({"private": tampered})))
    assert not refused["ok"]  # not the remembered game: replayed, and the replay disagrees
