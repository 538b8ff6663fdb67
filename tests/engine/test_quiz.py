"""Practice problems: reproducible from a seed, true to their level, judged by the engine."""

import statistics

import pytest

from cribbage import score_show
from cribbage.backend.api import call
from cribbage.backend.quiz import (
    SHOW_LEVELS,
    check_discard,
    check_play,
    check_show,
    discard_problem,
    play_problem,
    show_problem,
)

SEEDS = range(3000)


def runs_in(problem):
    return sum(1 for i in score_show(problem.hand, problem.starter, problem.is_crib).items if i.kind == "run")


@pytest.mark.parametrize("level", SHOW_LEVELS)
def test_same_seed_same_problem(level):
    assert show_problem(level, 123) == show_problem(level, 123)
    assert show_problem(level, 123) != show_problem(level, 124)
    assert play_problem(77) == play_problem(77) and discard_problem(77) == discard_problem(77)


def test_beginner_has_no_duplicated_runs_and_no_flush_traps():
    for seed in SEEDS:
        problem = show_problem("beginner", seed)
        assert runs_in(problem) <= 1
        assert len({c.suit for c in problem.hand}) > 1


def test_every_expert_problem_has_something_to_catch_you_out():
    for seed in SEEDS:
        p = show_problem("expert", seed)
        result = score_show(p.hand, p.starter, p.is_crib)
        fifteens = sum(1 for i in result.items if i.kind == "fifteen")
        trap = p.is_crib and len({c.suit for c in p.hand}) == 1 and p.starter.suit != p.hand[0].suit
        assert runs_in(p) >= 2 or trap or result.by_kind["nobs"] or fifteens >= 4


def test_expert_is_harder_than_standard():
    def stats(level):
        problems = [show_problem(level, seed) for seed in SEEDS]
        totals = [score_show(p.hand, p.starter, p.is_crib).total for p in problems]
        return statistics.mean(totals), sum(runs_in(p) >= 2 for p in problems) / len(problems)

    expert_mean, expert_dups = stats("expert")
    standard_mean, standard_dups = stats("standard")
    _beginner_mean, beginner_dups = stats("beginner")
    assert expert_mean > standard_mean + 0.5
    assert expert_dups > 2 * standard_dups
    assert beginner_dups == 0


def test_play_problems_cover_every_case():
    kinds = set()
    for seed in range(2000):
        problem = play_problem(seed)
        total = sum(c.value for c in problem.previous) + problem.card.value
        assert total <= 31 and sum(c.value for c in problem.previous) < 31
        kinds |= {i.kind for i in problem.items()}
    assert kinds >= {"pair", "pair royal", "run", "fifteen", "thirty-one", "go"}


def test_show_feedback_names_what_was_missed():
    problem = next(p for p in (show_problem("standard", s) for s in SEEDS)
                   if score_show(p.hand, p.starter, p.is_crib).by_kind["fifteen"] >= 4)
    result = score_show(problem.hand, problem.starter, problem.is_crib)
    claimed = dict(result.by_kind, fifteen=result.by_kind["fifteen"] - 2)
    feedback = check_show(problem, by_kind=claimed)
    assert not feedback["correct"]
    assert feedback["notes"][0].startswith("missed 2 for fifteens: fifteen ")
    assert check_show(problem, result.total)["correct"]
    over = check_show(problem, by_kind=dict(result.by_kind, nobs=result.by_kind["nobs"] + 1))
    assert any(note.startswith("over-counted his nobs by 1") for note in over["notes"])


def test_crib_flush_trap_is_explained():
    problem = next(p for p in (show_problem("expert", s) for s in SEEDS)
                   if p.is_crib and len({c.suit for c in p.hand}) == 1 and p.starter.suit != p.hand[0].suit)
    result = score_show(problem.hand, problem.starter, True)
    feedback = check_show(problem, by_kind=dict(result.by_kind, flush=4))
    assert "A crib needs five cards of a suit for a flush" in feedback["notes"][0]


def test_play_and_discard_feedback():
    problem = next(play_problem(s) for s in range(500) if play_problem(s).last_card)
    points = sum(i.points for i in problem.items())
    assert check_play(problem, points)["correct"]
    wrong = check_play(problem, (points + 1) % 16)
    assert not wrong["correct"] and wrong["notes"]
    deal = discard_problem(9)
    best = check_discard(deal, [c.code for c in _best_throw(deal)])
    assert best["correct"] and best["rank"] == 1 and best["cost"] == 0
    worst = check_discard(deal, best["throws"][-1]["discard"])
    assert worst["rank"] == 15 and worst["cost"] > 0 and not worst["correct"]


def _best_throw(deal):
    from cribbage import advise

    return advise(deal.six, deal.dealer)[0].discard


@pytest.mark.parametrize("params, message", [
    ({"kind": "show", "level": "standard", "seed": 1, "total": 30}, "no hand scores 30"),
    ({"kind": "show", "level": "standard", "seed": 1, "total": "7"}, "type a whole number"),
    ({"kind": "show", "level": "wizard", "seed": 1, "total": 3}, "unknown level 'wizard'"),
    ({"kind": "play", "seed": 1, "points": -1}, "cannot score -1"),
    ({"kind": "play", "seed": "x", "points": 1}, "whole number"),
    ({"kind": "discard", "seed": 1, "discard": "AS"}, "expected 2 cards"),
    ({"kind": "golf", "seed": 1}, "unknown quiz 'golf'"),
])
def test_bad_answers_get_a_clear_message(params, message):
    import json

    reply = json.loads(call("answer", json.dumps(params)))
    assert not reply["ok"] and message in reply["error"]
