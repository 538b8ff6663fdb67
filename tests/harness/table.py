"""A table game in the page beside the same game in CPython's engine.

The page never holds the game (the worker keeps it sealed), so a test plays a seeded game
twice: in the browser through its buttons, and in CPython through the same table API with the
same actions. The engine's view in CPython is the oracle for what the page shows.
"""

from __future__ import annotations

import json
import os
from typing import Any

from playwright.sync_api import expect

from cribbage import Game
from cribbage.backend.api import call
from cribbage.players import computer_action
from harness.browser import ENGINE_TIMEOUT, storage_keys

# Whole games through the page's controls (minutes of CPU with a page drawing every move):
# `make test-all` plays every game to its end so; the suite's own run (`make test`, CI) plays
# some of them through their checks and on, then to the end in the page's engine (finish_alone).
WHOLE_GAMES = os.environ.get("CRIBBAGE_WHOLE_GAMES") == "1"

# Installed before any page script runs: every message the engine's worker sends the page, kept
# as JSON text on window.__fromWorker, so a test can look for what the page was never sent.
WATCH_WORKER = """
window.__fromWorker = [];
const keep = (event) => window.__fromWorker.push(JSON.stringify(event.data));
if (typeof window.SharedWorker === 'function') {
  const NativeShared = window.SharedWorker;
  window.SharedWorker = class extends NativeShared {
    constructor(...args) { super(...args); this.port.addEventListener('message', keep); }
  };
}
const NativeWorker = window.Worker;
window.Worker = class extends NativeWorker {
  constructor(...args) { super(...args); this.addEventListener('message', keep); }
};
"""


def api(method: str, **params: Any) -> Any:
    reply = json.loads(call(method, json.dumps(params)))
    assert reply["ok"], reply
    return reply["result"]


class Mirror:
    """The same game in CPython: the seed from the page's URL and the same human actions."""

    def __init__(self, seed: int, count_by_hand: bool = False, muggins: bool = False,
                 variant: str = "standard", level: str = "normal", hints: bool = False):
        self.reply = api("table_new", seed=seed, level=level, count_by_hand=count_by_hand, muggins=muggins,
                         variant=variant, hints=hints)

    @property
    def view(self) -> Any:
        return self.reply["view"]

    @property
    def game(self) -> Any:
        return self.reply["private"]["game"]

    def act(self, action: dict[str, Any]) -> None:
        self.reply = api("table_act", private=self.reply["private"], action=action)

    def hint(self, kind: str) -> Any:
        """The suggestion the page shows for ``kind`` ("throw" or "card"), noted in the game as the page's is."""
        answer = api("table_hint", private=self.reply["private"], kind=kind)
        self.reply = {**self.reply, "private": answer.pop("private")}
        return answer


# The rest of a game against the computer, played in the page's own engine with the first legal
# move each time and saved as the table saves it, for tests whose moves through the controls have
# been checked far enough: `make test-all` plays them all through the controls (WHOLE_GAMES).
FINISH_ALONE = """async ([key]) => {
    const { engine } = await import('/assets/js/engine.js');
    const saved = JSON.parse(localStorage.getItem(key));
    const ask = async (method, params) => {
        const reply = await engine.call(method, params);
        if (!reply.ok) throw new Error(reply.error);
        return reply.result;
    };
    let reply = await ask('table_view', { sealed: saved.sealed, seat: saved.shown });
    let moves = 0;
    for (; moves < 3000 && !reply.view.result; moves++) {
        const [first] = reply.view.legal;  // a count by hand claims nothing
        const action = first.kind === 'count' && reply.view.count_by_hand ? { ...first, claim: { total: 0 } } : first;
        reply = await ask('table_act', { sealed: reply.sealed, action });
    }
    localStorage.setItem(key, JSON.stringify({ ...saved, sealed: reply.sealed }));
    return [moves, reply.view.scores];
}"""


def first_legal(view: Any) -> dict[str, Any]:
    """The first legal action; a count by hand claims 0."""
    action = dict(view["legal"][0])
    if action["kind"] == "count" and view.get("count_by_hand"):
        action["claim"] = {"total": 0}
    return action


def finish_alone(page: Any, mirror: Mirror) -> int:
    """The game played to its end in the page's engine and in CPython alike (the first legal move
    each time), the page reloaded to show the end; the number of moves it took."""
    moves, scores = page.evaluate(FINISH_ALONE, [storage_keys(page)["table"]])
    for _ in range(moves):
        mirror.act(first_legal(mirror.view))
    assert mirror.view["phase"] == "game_over" and scores == mirror.view["scores"]
    page.reload()
    expect(page.locator("[data-table-page]")).to_have_attribute("data-phase", "game_over", timeout=ENGINE_TIMEOUT)
    return int(moves)


def settle(page: Any) -> None:
    """The page has drawn the engine's reply (it is busy from the action until then)."""
    page.wait_for_selector("[data-table-page]:not([data-busy])", state="attached", timeout=ENGINE_TIMEOUT)


def start(page: Any, origin: str, seed: int, fragment: str = "", dealt: bool = True, **settings: Any) -> None:
    """The table with a seeded game, nothing saved, and the settings given (pace instant unless said);
    ``fragment`` is the link's (``#variant=four-player&seats=...``); ``dealt=False``: the page is not
    waited on for a game (a link seating people with no names asks for them first)."""
    page.goto(origin + "guide/")
    page.evaluate("localStorage.clear()")
    page.evaluate("([key, value]) => localStorage.setItem(key, value)",
                  [storage_keys(page)["tableSettings"], json.dumps({"pace": "instant", **settings})])
    page.goto(origin + f"table/?seed={seed}{fragment}")
    if dealt:
        expect(page.locator("[data-actions] button").first).to_be_visible(timeout=ENGINE_TIMEOUT)
        settle(page)


def to_six_in_hand(page: Any) -> list[str]:
    """Press the first move (the cut for the deal, then the deal) until six cards are in hand: their codes."""
    for _ in range(6):
        settle(page)
        if page.locator("[data-hand] button").count() == 6:
            break
        page.locator("[data-actions] button:not([disabled])").first.click()
    expect(page.locator("[data-hand] button")).to_have_count(6, timeout=ENGINE_TIMEOUT)
    codes: list[str] = page.locator("[data-hand] button").evaluate_all("els => els.map(e => e.dataset.card)")
    return codes


def perform(page: Any, action: dict[str, Any]) -> None:
    """Do one human action through the page's controls."""
    kind = action["kind"]
    if kind == "discard":
        for code in action["cards"]:
            page.click(f'[data-hand] button[data-card="{code}"]')
        page.click('[data-actions] [data-action="discard"]')
    elif kind == "play":  # the first tap picks the card up, the second lays it
        card = f'[data-hand] button[data-card="{action["cards"][0]}"]'
        page.click(card)
        page.wait_for_selector(f'{card}[aria-pressed="true"]', state="attached")
        page.click(card)
    elif kind == "count" and "claim" in action:
        page.fill("[data-claim]", str(action["claim"]["total"]))
        page.click('[data-actions] [data-action="count"]')
    else:
        page.click(f'[data-actions] [data-action="{kind}"]')
    settle(page)


def step(page: Any, mirror: Mirror, action: dict[str, Any] | None = None) -> None:
    """One action (the first legal one unless given) in the page and in CPython."""
    action = action or mirror.view["legal"][0]
    perform(page, action)
    mirror.act(action)


def axe_through_a_game(page: Any, mirror: Mirror, *, pile: int, to_the_end: bool,
                       steps: int = 400) -> tuple[list[dict[str, Any]], set[str]]:
    """Play the first legal action each time (a count by hand claims 0) and run axe-core at the
    first claim, at the first count with ``pile`` cards laid and at the first show judged. Stops
    at that show, or with ``to_the_end`` at the game's end. Returns the violations and the states
    reached ("claim", "play", "show")."""
    from harness.pagekinds import run_axe

    found: list[dict[str, Any]] = []
    states: set[str] = set()
    for _ in range(steps):
        if mirror.view["phase"] == "game_over":
            break
        if to_the_end and len(states) == 3 and not WHOLE_GAMES:  # each state seen: on to the end at once
            finish_alone(page, mirror)
            break
        action = dict(mirror.view["legal"][0])
        if action["kind"] == "count":
            action["claim"] = {"total": 0}
            if "claim" not in states:
                states.add("claim")
                found += run_axe(page)
        step(page, mirror, action)
        if "play" not in states and page.locator("[data-pile] li").count() >= pile:
            states.add("play")
            found += run_axe(page)
        if "show" not in states and page.locator("[data-show] .show-row__verdict").count():
            states.add("show")  # your count judged, beside the others' hands laid out
            found += run_axe(page)
            if not to_the_end:
                break
    return found, states


# --- records and the replay ---------------------------------------------------------------

def score_line(names: tuple[str, ...], scores: list[int], hole: int = 121) -> str:
    """The replay's score line: each side's score and the points it has to go (none at the hole)."""
    return " · ".join(f"{name} {score}" + (f" ({hole - score} to go)" if score < hole else "")
                      for name, score in zip(names, scores, strict=True))


def finished_record(seed: int) -> tuple[str, Any]:
    mirror = Mirror(seed)
    while mirror.view["phase"] != "game_over":
        mirror.act(computer_action(Game.from_json(mirror.game), "normal").to_json())
    return api("record", private=mirror.reply["private"])["text"], mirror


def read_record(page: Any, text: str) -> None:
    page.fill("[data-replay-text]", text)
    page.click("[data-replay-read]")
    page.wait_for_selector("[data-replay-page]:not([data-busy])", state="attached", timeout=ENGINE_TIMEOUT)
