"""The engine under Pyodide (Node 20) answers exactly as under CPython."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

from cribbage import DECK, CribbageError, score_count
from cribbage.backend.api import call
from cribbage.play import run_play

ROOT = Path(__file__).resolve().parents[2]
RUNNER = Path(__file__).with_name("parity") / "run_in_pyodide.mjs"


def catalog_cases() -> list[tuple[str, str]]:
    cases = []
    catalog = ROOT / "docs" / "catalog"
    for entry in yaml.safe_load((catalog / "examples.yml").read_text()):
        cases.append(("score", json.dumps({"hand": entry["hand"], "starter": entry["starter"],
                                           "crib": entry.get("crib", False)})))
    for entry in yaml.safe_load((catalog / "plays.yml").read_text()):
        made_31 = score_count(entry["cards"])[-1].count == 31  # 31 closes the count itself
        steps = entry["cards"]
        if entry.get("last_card") and not made_31 and _scorer_takes(steps + " go"):
            steps += " go"  # (where the scorer refuses that go, as for 5C TD, the site links no replay)
        cases.append(("play", json.dumps({"steps": steps})))
        cases.append(("peg", json.dumps({"cards": entry["cards"]})))
    return cases


def _scorer_takes(steps: str) -> bool:
    try:
        run_play(steps.split())
    except CribbageError:
        return False
    return True


def random_cases(count: int, seed: int = 2026) -> list[tuple[str, str]]:
    rng = random.Random(seed)
    cases = []
    for i in range(count):
        five = rng.sample(DECK, 5)
        cases.append(("score", json.dumps({"hand": " ".join(c.code for c in five[:4]),
                                           "starter": five[4].code, "crib": i % 2 == 1})))
    for _ in range(count):
        cases.append(("play", json.dumps({"steps": " ".join(random_play(rng))})))
    for i in range(20):  # discard advice reads the shipped crib table from the wheel's files
        six = " ".join(c.code for c in rng.sample(DECK, 6))
        cases.append(("advice", json.dumps({"cards": six, "dealer": i % 2 == 0})))
    return cases


def random_play(rng: random.Random) -> list[str]:
    """A legal two-player play: pone and dealer hold four cards each and lay any card that fits."""
    cards = rng.sample(DECK, 8)
    hands, steps = [cards[:4], cards[4:]], []
    turn, total, said_go, last = 0, 0, False, 0
    while hands[0] or hands[1]:
        fits = [c for c in hands[turn] if total + c.value <= 31]
        if not hands[turn]:
            turn = 1 - turn
            continue
        if not fits:
            steps.append("go")
            if said_go or not hands[1 - turn]:
                total, said_go, turn = 0, False, 1 - last
            else:
                said_go, turn = True, 1 - turn
            continue
        card = rng.choice(fits)
        hands[turn].remove(card)
        steps.append(card.code)
        total, last = total + card.value, turn
        if total == 31 or not (hands[0] or hands[1]):
            total, said_go, turn = 0, False, 1 - last
        elif not said_go:
            turn = 1 - turn
    return steps


def table_cases():
    """The vocabulary, a link, and a table game saved and restored (the replay runs in Pyodide too)."""
    from cribbage import Game
    from cribbage.players import computer_action

    game = Game(seed="parity")
    for _ in range(120):
        game.apply(computer_action(game, "easy"))
    return [("vocabulary", "{}"), ("link", json.dumps({"fragment": "#play=4C,6D,5S,go"})),
            ("table_view", json.dumps({"private": {"version": 1, "level": "easy", "id": "parity",
                                                   "game": game.to_json()}}))]


# Input that must come back as {"ok": false} in Pyodide exactly as in CPython, never as a crash.
HOSTILE = [("score", "[" * 5000 + "]" * 5000), ("score", '{"hand": ' + "9" * 5000 + "}"),
           ("quiz", '{"kind": "show", "seed": 1e999}'), ("table_act", '{"private": {}, "action": "cut"}'),
           ("score", '{"hand": "AH 2H 3H 4H", "starter": "9C", "crib": "false"}')]


# Random cases of each kind: the whole set for a cold start; a snapshot restores the same engine
# already imported, so a sixth of them (with every catalog, table and hostile case) checks it.
RANDOM_CASES = {"started": 6_000, "restored from the snapshot": 1_000}


@pytest.fixture(scope="module", params=list(RANDOM_CASES))
def cases_and_answers(request, tmp_path_factory):
    """The cases for one start, written once for Node, and CPython's answers to them."""
    cases = catalog_cases() + random_cases(RANDOM_CASES[request.param])
    cases += [("score_cards", json.dumps({"cards": "5H 5H 5C JD 5D"})), ("play", '{"steps": "TC TD TH 5S"}')]
    cases += table_cases() + HOSTILE
    path = tmp_path_factory.mktemp("parity") / "cases.json"
    path.write_text(json.dumps(cases))
    return request.param, cases, path, [json.loads(call(m, p)) for m, p in cases]


def test_pyodide_answers_exactly_like_cpython(site, cases_and_answers):
    assert shutil.which("node"), "Node.js 20 is needed for the parity test"
    engine = next((site / "pyodide").glob("engine-*"))  # the build's hashed engine directory
    wheel = next(engine.glob("cribbage-*-py3-none-any.whl"))
    start, cases, path, expected = cases_and_answers
    # the site's own small stdlib, which the snapshot was taken with
    snapshot = [str(engine / "cribbage.snapshot") if start != "started" else "", str(engine / "python_stdlib.zip")]
    result = subprocess.run(["node", str(RUNNER), str(site / "pyodide"), str(wheel), str(path), *snapshot],
                            capture_output=True, text=True, check=False, timeout=600)
    assert result.returncode == 0, result.stderr
    output = json.loads(result.stdout)
    assert output["python"].startswith("3.14")
    answers = output["answers"]
    assert len(answers) == len(cases) > 2 * RANDOM_CASES[start]
    mismatches = [(m, p) for (m, p), answer, cpython in zip(cases, answers, expected, strict=True)
                  if json.loads(answer) != cpython]
    assert not mismatches, mismatches[:5]
    failed = len(cases) - sum(json.loads(a)["ok"] for a in answers)
    assert failed == 2 + len(HOSTILE)  # the bad inputs fail alike, with a message



@pytest.mark.parametrize("deals", [300, pytest.param(1000, marks=pytest.mark.exhaustive)])
def test_pyodide_analyser_numbers_equal_cpython(site, tmp_path, deals):
    """The discard analyser (hand distributions, exact crib) as the browser runs it, on ``deals`` random deals."""
    assert shutil.which("node"), "Node.js 20 is needed for the parity test"
    engine = next((site / "pyodide").glob("engine-*"))
    wheel = next(engine.glob("cribbage-*-py3-none-any.whl"))
    rng = random.Random(1300)
    cases = [("analyse", json.dumps({"cards": " ".join(c.code for c in rng.sample(DECK, 6)), "dealer": i % 2 == 0}))
             for i in range(deals)]
    path = tmp_path / "cases.json"
    path.write_text(json.dumps(cases))
    result = subprocess.run(["node", str(RUNNER), str(site / "pyodide"), str(wheel), str(path),
                             str(engine / "cribbage.snapshot"), str(engine / "python_stdlib.zip")],
                            capture_output=True, text=True, check=False, timeout=600)
    assert result.returncode == 0, result.stderr
    answers = json.loads(result.stdout)["answers"]
    assert len(answers) == deals and all(json.loads(a)["ok"] for a in answers)
    mismatches = [p for (m, p), answer in zip(cases, answers, strict=True) if answer != call(m, p)]
    assert not mismatches, mismatches[:3]
