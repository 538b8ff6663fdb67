"""The strong computer in every variant: how long its move takes, beside the two-player game's.

    python bench/bench_variants.py [--games N]

Two figures per variant, each a median and a 90th percentile over the computer's real decisions in
seeded games, with the standard two-player game measured in the same run as the baseline:

* one decision (a throw, or a card or go in the play) by ``computer_action`` at the strong level;
* one ``table_act`` call of the worker API: the human's move (the first legal one) and then every
  computer move until the human must decide again, state in and out as JSON: what the table page
  waits for after a click, less the browser worker's own overhead (measured in the browser later).

Target (issue 24, in the browser worker): median <= 100 ms and p90 <= 200 ms.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from cribbage import Game
from cribbage.backend.api import call
from cribbage.players import computer_action
from cribbage.variants import VARIANT_NAMES


def percentiles(samples: list[float]) -> tuple[float, float]:
    ordered = sorted(samples)
    return statistics.median(ordered), ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]


def decisions(variant: str, games: int) -> list[float]:
    """Milliseconds for each strong decision that had a choice, over seeded games."""
    samples = []
    for seed in range(games):
        game = Game(seed=f"bench-variants/{seed}", variant=variant)
        while game.phase != "game_over":
            actions = game.legal_actions()
            mine = [a for a in actions if a.player == actions[0].player]
            start = time.perf_counter()
            action = computer_action(game, "strong")
            if len(mine) > 1:
                samples.append((time.perf_counter() - start) * 1000)
            game.apply(action)
    return samples


def table_moves(variant: str, games: int) -> list[float]:
    """Milliseconds for each ``table_act`` round trip over seeded games at the strong level."""
    samples = []
    for seed in range(games):
        reply = json.loads(call("table_new", json.dumps({"level": "strong", "seed": seed, "variant": variant})))
        result = reply["result"]
        while result["view"]["phase"] != "game_over":
            params = json.dumps({"private": result["private"], "action": result["view"]["legal"][0]})
            start = time.perf_counter()
            reply = json.loads(call("table_act", params))
            samples.append((time.perf_counter() - start) * 1000)
            result = reply["result"]
    return samples


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=10)
    games = parser.parse_args().games
    print(f"strong computer, CPython, {games} seeded games per variant (median / p90 ms; ratio to standard)")
    base: tuple[float, float] | None = None
    for variant in VARIANT_NAMES:
        decision = percentiles(decisions(variant, games))
        table = percentiles(table_moves(variant, games))
        if base is None:
            base = table
        print(f"  {variant:<13} decision {decision[0]:6.2f} / {decision[1]:6.2f}   "
              f"table_act {table[0]:6.2f} / {table[1]:6.2f}   x{table[0] / base[0]:.2f} / x{table[1] / base[1]:.2f}")
    print("target in the browser worker: median <= 100 ms, p90 <= 200 ms")


if __name__ == "__main__":
    main()
