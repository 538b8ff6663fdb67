"""Engine benchmark: each figure beside the naive scorer from tests/naive.py, same run.

    python bench/bench_engine.py [--quick]

Prints medians over repeated runs (the machines are shared and noisy) and the
ratio baseline / engine. Targets (issue 2): show total <= 1.5 us, both exhaustive
distributions <= 0.5 s, advice for one deal <= 5 ms.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from itertools import combinations

from cribbage import DECK, advise, score_show, show_total
from cribbage import show as show_module
from cribbage.advice import crib_value
from cribbage.backend.known import KNOWN_GAMES
from cribbage.game import Game
from cribbage.players import play_game, random_player
from cribbage.stats import show_distributions
from harness.naive import naive_show


def median_seconds(func, repeats: int) -> float:
    samples = []
    for _ in range(repeats):
        start = time.perf_counter()
        func()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def row(name: str, engine: float, baseline: float, unit: str, scale: float, target: str) -> None:
    print(
        f"{name:<34} {engine * scale:>10.3f} {unit:<3} baseline {baseline * scale:>12.3f} {unit:<3}"
        f" ratio {baseline / engine:>8.1f}x   target {target}"
    )


def naive_advise(six, dealer):
    starters = [c for c in DECK if c not in six]
    ranked = []
    for discard in combinations(six, 2):
        keep = tuple(c for c in six if c not in discard)
        hand = sum(sum(naive_show(keep, s, False).values()) for s in starters) / 46
        crib = float(crib_value(*discard))
        ranked.append((hand + crib if dealer else hand - crib, keep))
    return sorted(ranked, reverse=True)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true", help="fewer repeats")
    args = parser.parse_args()
    repeats = 5 if args.quick else 11
    rng = random.Random(1)
    hands = []
    for _ in range(2000):
        cards = rng.sample(DECK, 5)
        hands.append((tuple(cards[:4]), cards[4]))
    show_module.rank_score_table()  # the per-hand figure excludes the one-off table build

    def engine_totals():
        for hand, starter in hands:
            show_total(hand, starter)

    def engine_breakdowns():
        for hand, starter in hands:
            score_show(hand, starter)

    def naive_totals():
        for hand, starter in hands:
            naive_show(hand, starter, False)

    print(f"Python {sys.version.split()[0]}; medians of {repeats} runs\n")
    per_hand = len(hands)
    naive = median_seconds(naive_totals, repeats) / per_hand
    row("show total, one hand", median_seconds(engine_totals, repeats) / per_hand, naive,
        "us", 1e6, "<= 1.5 us")
    row("itemized breakdown, one hand", median_seconds(engine_breakdowns, repeats) / per_hand,
        naive, "us", 1e6, "(none)")

    def cold_distributions():
        show_module.clear_rank_score_table()
        show_distributions()

    distributions = median_seconds(cold_distributions, repeats)
    extrapolated = naive * 12_994_800 * 2
    row("both distributions (cold table)", distributions, extrapolated, "s", 1, "<= 0.5 s")
    print(f"{'':<34} (baseline: naive per-hand time x 12,994,800 x 2 rule sets, extrapolated)")

    deals = [rng.sample(DECK, 6) for _ in range(20)]
    engine_advice = median_seconds(lambda: [advise(d, True) for d in deals], repeats) / len(deals)
    naive_advice = median_seconds(lambda: [naive_advise(d, True) for d in deals[:3]], 3) / 3
    row("advice, one six-card deal", engine_advice, naive_advice, "ms", 1e3, "<= 5 ms")

    # Restoring a saved game replays its moves (so a tampered state cannot be accepted); the
    # baseline is only decoding the same state's JSON text, what a trusting restore would cost.
    finished = play_game(Game(seed="bench"), (random_player(1), random_player(2)))
    text = json.dumps(finished.to_json())
    decode = median_seconds(lambda: json.loads(text), repeats)

    def replay():
        Game.from_json(json.loads(text))  # as for a state saved by another visit

    KNOWN_GAMES.save(finished)  # remembered, as after the table's own last answer
    known = median_seconds(lambda: KNOWN_GAMES.open(json.loads(text)), repeats)
    row(f"restore by replay ({len(finished.events)} events)", median_seconds(replay, repeats), decode,
        "ms", 1e3, "(none)")
    row("restore a state the engine wrote", known, decode, "ms", 1e3, "(none)")
    print(f"{'':<34} (baseline: json.loads of the saved state alone)")


if __name__ == "__main__":
    main()
