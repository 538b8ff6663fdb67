"""The discard analyser: exact crib values, hand distributions, starter tables, two-player play."""

from __future__ import annotations

import json
import random
from collections import Counter
from fractions import Fraction

import pytest

from cribbage import DECK, CardError, advise, parse_cards, show_total
from cribbage.advice import crib_value
from cribbage.analysis import CRIB_CASES_KNOWN, analyse, brute_force_crib_points, exact_crib_points, starter_totals
from cribbage.backend.api import call
from cribbage.backend.quiz import (
    DISCARD_TOLERANCE,
    adaptive_problem,
    adaptive_weights,
    check_discard,
    discard_problem,
    featured_problem,
    problem_categories,
)


@pytest.mark.parametrize("deal, throws", [
    ("JH JS 5C 5D 4H 6H", [(0, 1), (2, 3)]),  # jacks (nobs both ways) and a pair of fives
    ("3C TC KC 2C 5C 2S", [(0, 1), (3, 4)]),  # suited throws: crib flushes
    ("AD 7H 3S 4S 5D KD", [(0, 1)]),
])
def test_exact_crib_equals_scoring_every_crib(deal, throws):
    six = parse_cards(deal)
    unseen = [c for c in DECK if c not in six]
    for i, j in throws:
        assert exact_crib_points((six[i], six[j]), unseen) == brute_force_crib_points((six[i], six[j]), unseen)


def test_random_deals_exact_crib_matches_enumeration():
    rng = random.Random(13)
    six = rng.sample(DECK, 6)
    unseen = [c for c in DECK if c not in six]
    pair = tuple(rng.sample(six, 2))
    assert exact_crib_points(pair, unseen) == brute_force_crib_points(pair, unseen)


def test_analysis_ranks_fifteen_throws_with_distributions():
    six = parse_cards("5H 5S 6C 7D JD KC")
    throws = analyse(six, dealer=True)
    assert len({frozenset(t.discard) for t in throws}) == 15
    assert [t.value for t in throws] == sorted((t.value for t in throws), reverse=True)
    for throw in throws:
        totals = [show_total(throw.keep, s) for s in DECK if s not in six]
        data = throw.to_json()
        assert sum(n for _, n in data["distribution"]) == 46
        assert sum(p * n for p, n in data["distribution"]) == sum(totals)
        assert (data["hand_min"], data["hand_max"]) == (min(totals), max(totals))
        assert throw.hand_value == Fraction(sum(totals), 46)
        assert throw.value == throw.hand_value + throw.crib_exact
    pone = analyse(six, dealer=False)
    assert all(t.value == t.hand_value - t.crib_exact for t in pone)


def test_analysis_hand_values_agree_with_advice():
    six = parse_cards("AD 7H 3S 4S 5D KD")
    by_throw = {frozenset(t.discard): t for t in advise(six, True)}
    for throw in analyse(six, True):
        assert throw.hand_value == by_throw[frozenset(throw.discard)].hand_value
        assert throw.hand_value + crib_value(*throw.discard) == by_throw[frozenset(throw.discard)].value


def test_problem_108_best_throw_is_graded_right():
    problem = discard_problem(108)
    assert [c.code for c in problem.six] == ["AD", "7H", "3S", "4S", "5D", "KD"] and problem.dealer
    table_best = advise(problem.six, True)[0]
    assert {c.code for c in table_best.discard} == {"AD", "KD"}  # the crib table's pick
    best = check_discard(problem, "AD 7H")
    assert best["correct"] and best["rank"] == 1
    table_pick = check_discard(problem, "AD KD")
    assert not table_pick["correct"] and table_pick["cost"] == pytest.approx(0.18, abs=0.005)


def test_near_best_throws_within_the_tolerance_are_right():
    # find a deal whose second-best throw is within 0.05 of the best, and one just outside
    found = {"inside": False, "outside": False}
    for seed in range(400):
        problem = discard_problem(seed)
        throws = analyse(problem.six, problem.dealer)
        gap = throws[0].value - throws[1].value
        second = " ".join(c.code for c in throws[1].discard)
        if 0 < gap <= DISCARD_TOLERANCE:
            assert check_discard(problem, second)["correct"]
            found["inside"] = True
        elif gap > DISCARD_TOLERANCE:
            assert not check_discard(problem, second)["correct"]
            found["outside"] = True
        if all(found.values()):
            break
    assert all(found.values())


def test_starter_table_covers_the_48_other_cards():
    rows = starter_totals(parse_cards("5H 5S 5C JD"))
    assert len(rows) == 48
    assert {c.code: t for c, t in rows}["5D"] == 29
    reply = json.loads(call("starters", json.dumps({"hand": "5H 5S 5C JD"})))["result"]
    assert reply["by_total"][0] == {"total": 29, "starters": ["5D"]}
    assert sum(len(row["starters"]) for row in reply["by_total"]) == 48
    crib = json.loads(call("starters", json.dumps({"hand": "4S 5S 6S JS", "crib": True})))["result"]
    nine_of_hearts = next(row["total"] for row in crib["by_total"] if "9H" in row["starters"])
    assert nine_of_hearts == 9  # crib rules: four spades and a heart starter make no flush
    with pytest.raises(CardError):
        starter_totals(parse_cards("5H 5S 5C"))


def test_analyse_api_reports_exact_values():
    reply = json.loads(call("analyse", json.dumps({"cards": "AD 7H 3S 4S 5D KD", "dealer": True})))
    assert reply["ok"]
    first = reply["result"]["throws"][0]
    assert first["discard"] == ["AD", "7H"] and first["value"] == pytest.approx(12.0778, abs=1e-4)
    assert len(reply["result"]["throws"]) == 15
    assert "table_value" not in first and "crib_table_value" not in first  # the page reads the exact values only
    assert CRIB_CASES_KNOWN == 45_540
    bad = json.loads(call("analyse", json.dumps({"cards": "AD 7H 3S 4S 5D"})))
    assert not bad["ok"] and "expected 6 cards, got 5" in bad["error"]


@pytest.mark.parametrize("text, message", [
    ("ZZ", "'ZZ' is not a card: ranks A 2–10 J Q K, suits ♠ ♥ ♦ ♣ or S H D C"),
    ("5 of hearts", "'5 of hearts' is not how cards are written here: type 5H"),
    ("5h5s5cjd5d", "'5h5s5cjd5d' is not a card: put a space between cards (5H 5S 5C JD 5D)"),
    ("5H 5H 5C JD", "'5H': the five of hearts appears twice"),
])
def test_parse_errors_name_the_token(text, message):
    reply = json.loads(call("read_cards", json.dumps({"text": text})))["result"]
    assert message in reply["error"]


def test_read_cards_keeps_the_good_tokens():
    reply = json.loads(call("read_cards", json.dumps({"text": "5H ZZ 5H JD"})))["result"]
    assert [t["card"] for t in reply["tokens"]] == ["5H", None, None, "JD"]
    assert "appears twice" in reply["tokens"][2]["error"]


def test_two_player_play_credits_each_player():
    reply = json.loads(call("play", json.dumps({"steps": "TC TD 9H go go 5S 5C"})))["result"]
    steps = reply["steps"]
    assert [s["player"] for s in steps] == ["pone", "dealer", "pone", "dealer", "pone", "dealer", "pone"]
    assert steps[3]["points"] == 0 and not steps[3]["closes_count"]  # the dealer's go pays nothing
    assert steps[4]["scorer"] == "pone" and steps[4]["points"] == 1  # the pone laid the last card
    assert steps[6]["points"] == 2  # 5C pairs 5S, laid by the pone after the dealer led
    assert reply["totals"] == [3, 2]


def test_play_after_a_go_the_other_player_lays_on():
    steps = json.loads(call("play", json.dumps({"steps": "TC TD 9H go 2C"})))["result"]["steps"]
    assert steps[4]["player"] == "pone" and steps[4]["points"] == 2 and steps[4]["closes_count"]  # 31


def test_the_last_card_of_the_play_takes_one():
    reply = json.loads(call("play", json.dumps({"steps": "AC 2D 3C 4D 5C 6D 7C 8D"})))
    assert not reply["ok"] and "would pass 31" in reply["error"]
    # the go comes at 28, where the dealer's last card (the eight) cannot fit: at 21 it would
    reply = json.loads(call("play", json.dumps({"steps": "AC 2D 3C 4D 5C 6D 7C go 8D"})))["result"]
    last = reply["steps"][-1]
    assert last["closes_count"] and any(i["kind"] == "go" for i in last["items"])
    assert reply["totals"] == [sum(s["points"] for s in reply["steps"] if s["scorer"] == "pone"),
                               sum(s["points"] for s in reply["steps"] if s["scorer"] == "dealer")]


def test_adaptive_weights_favour_what_is_missed():
    record = {"flush": {"right": 0, "total": 8}, "fifteen": {"right": 8, "total": 8}}
    weights = adaptive_weights(record)
    assert sum(weights.values()) == 1
    assert weights["flush"] > weights["pair"] > weights["fifteen"]
    drawn = Counter(adaptive_problem(seed, record)["category"] for seed in range(300))
    assert drawn["flush"] > 2 * drawn["pair"] and drawn["fifteen"] < drawn["pair"]


def test_adaptive_problems_are_deterministic_and_feature_their_category():
    record = {"go": {"right": 1, "total": 5}}
    for seed in range(40):
        first = adaptive_problem(seed, record)
        assert first == adaptive_problem(seed, record)
        problem = featured_problem(first["category"], seed)
        assert first["category"] in problem_categories(problem)
        assert problem.to_json() == first["problem"]


def test_adaptive_answers_are_checked_against_the_same_problem():
    quiz = json.loads(call("quiz", json.dumps({"kind": "adaptive", "seed": 3, "record": {}})))["result"]
    problem = featured_problem(quiz["category"], 3)
    if quiz["problem"]["kind"] == "show":
        from cribbage import score_show
        right = {"total": score_show(problem.hand, problem.starter, problem.is_crib).total}
    else:
        right = {"points": sum(i.points for i in problem.items())}
    answer = {"kind": "adaptive", "seed": 3, "category": quiz["category"], **right}
    reply = json.loads(call("answer", json.dumps(answer)))
    assert reply["result"]["correct"]
    bad = json.loads(call("quiz", json.dumps({"kind": "adaptive", "seed": 3,
                                              "record": {"run": {"right": 3, "total": 1}}})))
    assert not bad["ok"] and "right <= total" in bad["error"]
