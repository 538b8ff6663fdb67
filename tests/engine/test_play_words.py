"""The count-the-play quiz says what a card scores as players say it ("The card scores go 1" read
as if "go" were a number's name)."""

from __future__ import annotations

import re

from cribbage.backend.quiz import check_play, play_problem


def test_a_missed_play_answer_names_each_score_in_words():
    problem = next(p for p in map(play_problem, range(2000))
                   if p.last_card and {i.kind for i in p.items()} & {"fifteen", "pair", "run"}
                   and "thirty-one" not in {i.kind for i in p.items()})
    actual = sum(i.points for i in problem.items())
    note = check_play(problem, actual + 1)["notes"][0]
    assert note.startswith("It scores ") and note.endswith(" and one for the go."), note
    assert not re.search(r"\bgo \d", note), note  # never "go 1"
    assert re.search(r"(fifteen|a pair|a run) for \d", note), note


def test_a_card_that_scores_nothing_says_so():
    problem = next(p for p in map(play_problem, range(2000)) if not p.items())
    assert check_play(problem, 2)["notes"] == ["It scores nothing."]
