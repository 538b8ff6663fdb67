"""Computer opponents: seeded games between levels, and how long a computer move takes.

    python bench/bench_opponents.py [--games N]

Targets (issue 6): strong beats random-legal (easy) in >= 80% of games; strong beats normal
in more than half; over at least 2,000 seeded games per pairing. Sides alternate every game.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time

from cribbage import Game
from cribbage.players import computer_action, match


def timing(games: int = 20) -> dict[str, float]:
    """Median milliseconds for one computer decision, per level, over real game states."""
    results = {}
    for level in ("easy", "normal", "strong"):
        samples = []
        for seed in range(games):
            game = Game(seed=f"timing/{seed}")
            while game.phase != "game_over":
                start = time.perf_counter()
                action = computer_action(game, level)
                samples.append((time.perf_counter() - start) * 1000)
                game.apply(action)
        results[level] = statistics.median(samples), max(samples)
    return results


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=2000)
    games = parser.parse_args().games
    print(f"{games} seeded games per pairing (sides alternate)")
    for a, b in (("strong", "easy"), ("normal", "easy"), ("strong", "normal")):
        start = time.perf_counter()
        result = match(a, b, games)
        share = result["share"]
        error = 1.96 * math.sqrt(share * (1 - share) / games)
        print(f"  {a:>6} vs {b:<6} {a} wins {share:6.1%} (95% CI ±{error:.1%}), skunks {result['skunks'][0]} to "
              f"{result['skunks'][1]}   [{time.perf_counter() - start:.0f} s]")
    print("one computer decision, CPython (median / max ms):")
    for level, (median, worst) in timing().items():
        print(f"  {level:<6} {median:6.2f} / {worst:6.2f}")


if __name__ == "__main__":
    main()
