"""A real game for the board, and the taps that peg it (shared by the board's tests and bench).

The engine plays a seeded two-player game (two computer players); the board is then pegged as
players at a table would: each score of the play as it happens, "The play is over", then each
hand and the crib in counting order (a hand worth nothing is pegged as 0), his heels with its
own button. The page's own buttons say which scores take one tap: nothing here repeats them.
"""

from __future__ import annotations

from dataclasses import dataclass

from cribbage.game import Game
from cribbage.players import computer_player, play_game
from cribbage.rules import GAME_HOLE


@dataclass(frozen=True)
class Step:
    kind: str  # "peg" | "heels" | "show" (the play is over)
    side: int = 0
    points: int = 0
    source: str = ""  # what the board should label it: play, heels, hand, crib
    scores: tuple[int, int] = (0, 0)  # both totals once it is pegged


def engine_game(seed: str) -> tuple[int, list[Step]]:
    """The first dealer and every step of a seeded game between two 'normal' players."""
    game = play_game(Game(seed=seed), (computer_player("normal", f"{seed}/a"), computer_player("normal", f"{seed}/b")))
    events = [event.to_json() for event in game.events]  # the saved form: what a table would see
    first = next(e["player"] for e in events if e["type"] == "dealer")
    scores = [0, 0]
    steps: list[Step] = []
    in_show = False

    def add(kind: str, side: int, points: int, source: str) -> None:
        scores[side] = min(GAME_HOLE, scores[side] + points)
        steps.append(Step(kind, side, points, source, (scores[0], scores[1])))

    for event in events:
        kind = event["type"]
        if kind == "deal":
            in_show = False
        elif kind == "score" and event["reason"] in ("play", "go", "heels"):
            add("heels" if event["reason"] == "heels" else "peg", event["player"], event["points"],
                "heels" if event["reason"] == "heels" else "play")
        elif kind == "show":
            if not in_show:
                steps.append(Step("show", scores=(scores[0], scores[1])))
                in_show = True
            add("peg", event["player"], event["breakdown"]["total"], "crib" if event["part"] == "crib" else "hand")
    assert max(scores) == GAME_HOLE, scores
    return first, steps


# The page's state after a tap: the scores, the phase and each front and back peg on the board.
PAGE_STATE = """() => {
  const root = document.querySelector('[data-board-page]');
  const svg = root.querySelector('[data-board] [data-layout="wide"]');
  const peg = (p, which) => Number(
    svg.querySelector(`.board__peg[data-player="${p}"][data-peg="${which}"]`).dataset.hole);
  return {scores: root.dataset.scores, phase: root.dataset.phase,
          pegs: [0, 1].map((p) => [peg(p, 'front'), peg(p, 'back')])};
}"""


def tap_score(page, side: int, points: int) -> int:
    """Peg `points` for `side` with the page's buttons; returns the taps it took."""
    quick = page.locator(f'.side__quick [data-side="{side}"][data-peg="{points}"]')
    if quick.count():
        quick.click()
        return 1
    if not page.locator(f'[data-typed="{side}"]').count():  # open "Other" unless it is open
        page.click(f'[data-other="{side}"]')
    other = page.locator(f'.side__other [data-side="{side}"][data-peg="{points}"]')
    if other.count():
        other.click()
        return 2
    page.fill(f'[data-typed="{side}"]', str(points))
    page.click(f'[data-typed-peg="{side}"]')
    return 2 + len(str(points))


def tap_step(page, step: Step) -> int:
    if step.kind == "show":
        page.click("[data-show]")
        return 1
    if step.kind == "heels":
        page.click(f'[data-heels="{step.side}"]')
        return 1
    return tap_score(page, step.side, step.points)


def start_two_player_game(page, first_dealer: int, names: tuple[str, str] = ("Ann", "Bob")) -> None:
    page.click('input[name="board-mode"][value="two"]')
    for i, name in enumerate(names):
        page.fill(f'[name="name-{i + 1}"]', name)
    page.select_option("[data-first-dealer]", str(first_dealer))
    page.click("[data-start]")
    page.wait_for_selector("[data-board-sides] [data-peg]")
