"""The expert's play alone: pegging points against strong on the same deals, for strategy variants.

    nice -n 19 .venv/bin/python bench/bench_pegging.py [--deals 4000] [--variants expert,no-inference,no-search]

Each deal is dealt from a seed, both seats throw as strong does (so every variant plays the same
four cards), and the play is run twice, the variant as pone and as dealer, against strong. The
figure is the variant's pegging points less strong's, a deal and seat; the same deals for every
variant, so the paired difference against the first one named is far less noisy than a win rate
(the whole-game figures are ``bench/bench_expert.py``'s). This is how the inference's strength
and the number of holdings sampled were chosen.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from dataclasses import replace
from multiprocessing import Pool

from cribbage import Game
from cribbage.advice import advise
from cribbage.cards import DECK, Card
from cribbage.expert.player import EXPERT, Strategy, expert_player
from cribbage.players import computer_player

VARIANTS: dict[str, Strategy | None] = {
    "expert": EXPERT,
    "no-inference": replace(EXPERT, infer=0.0),
    "no-search": replace(EXPERT, search=False),
    "samples-60": replace(EXPERT, samples=60),
    "strong": None,  # strong against itself: its pone and dealer figures cancel, a check of the harness
}


def deal(number: int) -> tuple[list[list[Card]], list[Card], Card]:
    """A seeded deal thrown by strong: each seat's four kept cards (seat 1 deals), the crib, the starter."""
    deck = list(DECK)
    random.Random(f"bench-pegging/{number}").shuffle(deck)
    pone, dealer = advise(deck[:6], False)[0], advise(deck[6:12], True)[0]
    return [list(pone.keep), list(dealer.keep)], [*pone.discard, *dealer.discard], deck[12]


def play_deal(job: tuple[int, str]) -> tuple[int, int]:
    """The variant's pegging points less strong's in one deal: as pone, then as dealer."""
    number, name = job
    kept, crib, starter = deal(number)
    found = []
    for seat in (0, 1):
        game = Game.at_play(1, kept, starter=starter, crib=crib)
        strategy = VARIANTS[name]
        tried = expert_player(f"p{number}", strategy) if strategy else computer_player("strong", f"p{number}")
        strong = computer_player("strong", f"s{number}")
        players = (tried, strong) if seat == 0 else (strong, tried)
        while game.phase == "play":
            actions = game.legal_actions()
            mover = actions[0].player
            game.apply(players[mover](game, [a for a in actions if a.player == mover]))
        found.append(game.scores[seat] - game.scores[1 - seat])
    return found[0], found[1]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=4000)
    parser.add_argument("--variants", default="expert,no-inference,no-search", help=", ".join(VARIANTS))
    parser.add_argument("--processes", type=int, default=2)
    args = parser.parse_args()
    names = args.variants.split(",")
    unknown = [name for name in names if name not in VARIANTS]
    if unknown:
        parser.error(f"unknown variant {unknown[0]!r} (use {', '.join(VARIANTS)})")
    results = {}
    with Pool(args.processes) as pool:
        for name in names:
            started = time.perf_counter()
            results[name] = pool.map(play_deal, [(n, name) for n in range(args.deals)], chunksize=20)
            pone = statistics.fmean(r[0] for r in results[name])
            dealer = statistics.fmean(r[1] for r in results[name])
            print(f"  {name:<14} pegging less strong's: as pone {pone:+.3f}, as dealer {dealer:+.3f}"
                  f"  [{time.perf_counter() - started:.0f} s]", flush=True)
    base = names[0]
    for name in names[1:]:
        diffs = [(a[0] + a[1] - b[0] - b[1]) / 2 for a, b in zip(results[name], results[base], strict=True)]
        error = statistics.stdev(diffs) / len(diffs) ** 0.5
        print(f"  {name} less {base}: {statistics.fmean(diffs):+.3f} points a deal and seat "
              f"(95% +/- {1.96 * error:.3f}, the same {args.deals} deals)")


if __name__ == "__main__":
    main()
