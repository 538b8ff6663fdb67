"""Helpers shared by test modules (test modules import from here, never from each other)."""

from __future__ import annotations

import os
import random
import socket
import subprocess
import sys
from pathlib import Path

from cribbage import DECK, Card, Game, parse_card, parse_cards
from cribbage.rules import GAME_HOLE, THIRTY_ONE
from hooks import chromium

ROOT = Path(__file__).resolve().parents[1]

# Chromium for every browser test and benchmark: hooks/chromium.py is the one place for its path
# (CHROMIUM= overrides /usr/bin/chromium) and its flags, shared with the PDF hook.
CHROMIUM = chromium.executable()
CHROMIUM_FLAGS = chromium.launch_args()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


SITE_PORT = free_port()
SITE_URL = f"http://127.0.0.1:{SITE_PORT}/"  # the built site is served here by the browser tests


def build(project: Path, site: Path, strict: bool = True,
          env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """Run `mkdocs build` for a project directory into ``site``."""
    args = [sys.executable, "-m", "mkdocs", "build", "--site-dir", str(site),
            "--config-file", str(project / "mkdocs.yml")]
    env = dict(env or os.environ, NO_MKDOCS_2_WARNING="1", SITE_URL=SITE_URL)
    return subprocess.run(args + (["--strict"] if strict else []), capture_output=True, text=True,
                          cwd=project, env=env, check=False)


def random_hand(rng: random.Random) -> tuple[tuple[Card, ...], Card]:
    cards = rng.sample(DECK, 5)
    return tuple(cards[:4]), cards[4]


def game_at_play(dealer: int, pone_hand: str, dealer_hand: str, scores: tuple[int, int] = (0, 0)) -> Game:
    """A game placed at the start of the play with chosen hands (test set-up only)."""
    game = Game(seed="set-up")
    game.phase, game.dealer = "play", dealer
    game.hands[1 - dealer], game.hands[dealer] = list(parse_cards(pone_hand)), list(parse_cards(dealer_hand))
    game.kept = [list(h) for h in game.hands]
    game.crib = list(parse_cards("2C 3C 4C 6C"))
    game.starter = parse_card("9H")
    game.scores = list(scores)
    game.turn = 1 - dealer
    return game


def check_invariants(game: Game) -> None:
    """A finished game: one winner at 121, every card once a hand, counts within 31, scores only rise."""
    assert game.phase == "game_over"
    winner = game.winner
    assert winner is not None
    assert game.scores[winner] == GAME_HOLE and game.scores[1 - winner] < GAME_HOLE
    last_scores = [0, 0]
    hand_cards: list[str] | None = None
    for event in game.events:
        kind = event["type"]
        if kind == "deal":
            if hand_cards is not None:
                assert len(hand_cards) == 8 and len(set(hand_cards)) == 8  # every card once
            hand_cards = []
        elif kind == "play":
            assert hand_cards is not None
            hand_cards.append(event["cards"][0])
            assert event["count"] <= THIRTY_ONE
        elif kind == "score":
            assert event["points"] > 0
            assert all(new >= old for new, old in zip(event["scores"], last_scores, strict=True))
            last_scores = event["scores"]
    assert game.events[-1]["type"] == "game_over"
    assert last_scores == game.scores
    assert game.events[-2]["scores"][winner] == GAME_HOLE  # the score that reached 121 ended it
