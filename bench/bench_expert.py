"""The expert level: its win rates, its move times, and what each part of its strategy is worth.

    make bench-expert                      # installs bench/requirements.txt, then runs this
    nice -n 19 .venv/bin/python bench/bench_expert.py [--games 4000] [--hoyle 2000] [--ablation 2000]
    (about 3 expert-vs-strong games a second on two shared cores: the defaults take over an hour)

In one run, over seeded games with the sides alternating every game:

* expert against strong (target: at least 54% over at least 4,000 games, with a 95% interval);
* expert and strong against CribbageSim's Hoyle-based player (``bench/hoyle_player.py``, an
  independent program from PyPI; target for expert: at least 63%), on the same seeds;
* the ablation: expert without the pegging-aware throw, without the search of the play,
  without the board-position play, and without the inference from the opponent's keep, each
  against strong on the first seeds of the full expert's games, with what the part is worth as
  a paired difference (the same deals, so less noise);
* one computer decision's time on CPython (median and 90th percentile over every throw and
  every card laid with a choice), and with ``--pyodide N`` in Pyodide under Node
  (``bench/expert_pyodide.mjs``). The browser targets are a median of 150 ms and a p90 of
  400 ms in the Pyodide worker, about 2-4 times slower than CPython, so CPython should stay
  within 40 ms and 100 ms.

Games run in ``--processes`` worker processes (2 by default: the machine is shared).
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from dataclasses import replace
from multiprocessing import Pool
from pathlib import Path
from typing import Any

from cribbage import Game
from cribbage.expert.player import EXPERT, Strategy, expert_player
from cribbage.players import computer_player, play_game
from expert_timing import move_times

Spec = tuple[str, Strategy | None]
PLAYERS: dict[str, Spec] = {
    "expert": ("expert", EXPERT),
    "strong": ("strong", None),
    "hoyle": ("hoyle", None),
    "expert without the pegging-aware throw": ("expert", replace(EXPERT, pegging_throw=False)),
    "expert without the search": ("expert", replace(EXPERT, search=False)),
    "expert without the board play": ("expert", replace(EXPERT, board=False)),
    "expert without the inference from the keep": ("expert", replace(EXPERT, infer=0.0)),
}


def make_player(spec: Spec, seed: str) -> Any:
    kind, strategy = spec
    if kind == "expert":
        return expert_player(seed, strategy or EXPERT)
    if kind == "hoyle":
        from hoyle_player import hoyle_player

        return hoyle_player()
    return computer_player(kind, seed)


def play_games(job: tuple[Spec, Spec, list[int]]) -> list[tuple[int, bool, bool]]:
    """For each seed: (seed, whether side a won, whether the game was a skunk); a takes seat ``seed % 2``."""
    a, b, seeds = job
    found = []
    for seed in seeds:
        side = seed % 2
        pa, pb = make_player(a, f"a{seed}"), make_player(b, f"b{seed}")
        game = play_game(Game(seed=f"expert-bench/{seed}"), (pa, pb) if side == 0 else (pb, pa))
        found.append((seed, game.winner == side, bool(game.outcome and game.outcome.skunk)))
    return found


Games = list[tuple[int, bool, bool]]


def match(pool: Any, a: str, b: str, games: int, first: int = 0) -> tuple[Games, float]:
    """Side a against side b over seeds first..first+games-1 (sides alternate), and the seconds it
    took. A running tally goes to stderr as the games come in, so a stopped run still says what it
    had played (in seed order: the tally always covers the first seeds)."""
    chunks = [list(range(start, min(start + 25, first + games))) for start in range(first, first + games, 25)]
    started = time.perf_counter()
    found: Games = []
    for chunk in pool.imap(play_games, [(PLAYERS[a], PLAYERS[b], chunk) for chunk in chunks]):
        found += chunk
        if len(found) % 200 == 0 and len(found) < games:
            print(f"    ...{line(a, b, found, time.perf_counter() - started).strip()}", file=sys.stderr, flush=True)
    return sorted(found), time.perf_counter() - started


def line(a: str, b: str, games: Games, seconds: float | None, target: float | None = None) -> str:
    n = len(games)
    share = sum(won for _, won, _ in games) / n
    ci = 1.96 * math.sqrt(share * (1 - share) / n)
    skunks = sum(won and skunk for _, won, skunk in games)
    skunked = sum(not won and skunk for _, won, skunk in games)
    goal = f"   target >= {target:.0%}: {'met' if share >= target else 'NOT met'}" if target else ""
    took = f"  [{seconds:.0f} s]" if seconds is not None else ""
    return (f"  {a:<40} vs {b:<7} {share:6.1%}  (95% {share - ci:5.1%}-{share + ci:5.1%}, n={n}, "
            f"skunks {skunks}/{skunked}){took}{goal}")


def paired(full: Games, ablated: Games) -> str:
    """The full expert's share less the ablated one's on the same seeds, with a 95% interval."""
    diffs = [int(f[1]) - int(x[1]) for f, x in zip(full, ablated, strict=True)]
    mean = statistics.fmean(diffs)
    ci = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs))
    return f"      the part is worth {mean:+.1%} of games (95% {mean - ci:+.1%} to {mean + ci:+.1%}, same seeds)"


def pyodide_times(games: int) -> str:
    """The expert's decision times in Pyodide under Node, on the engine's wheel built afresh."""
    import json
    import subprocess
    import tempfile

    root = Path(__file__).resolve().parent.parent
    with tempfile.TemporaryDirectory() as folder:
        subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation",
                        "-w", folder, str(root)], check=True, capture_output=True)
        wheel = next(Path(folder).glob("cribbage-*.whl"))
        script, pyodide = root / "bench" / "expert_pyodide.mjs", root / "node_modules" / "pyodide"
        timing = root / "bench" / "expert_timing.py"
        done = subprocess.run(["node", str(script), str(pyodide), str(wheel), str(timing), str(games)],
                              check=True, capture_output=True, text=True)
    found = json.loads(done.stdout)
    return (f"expert decision in Pyodide (Node, wall time) over {found['n']} decisions with a choice: median "
            f"{found['median']:.1f} ms, p90 {found['p90']:.1f} ms, max {found['max']:.0f} ms (targets 150 / 400 ms)")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=4000, help="expert vs strong")
    parser.add_argument("--first-seed", type=int, default=0, help="expert vs strong from this seed (to extend a run)")
    parser.add_argument("--hoyle", type=int, default=2000, help="each of expert and strong vs the Hoyle player")
    parser.add_argument("--ablation", type=int, default=2000, help="each ablated expert vs strong")
    parser.add_argument("--timing", type=int, default=40, help="games timed on CPython")
    parser.add_argument("--pyodide", type=int, default=0, help="games timed in Pyodide under Node (0: none)")
    parser.add_argument("--processes", type=int, default=2)
    args = parser.parse_args()
    import hoyle_player  # noqa: F401  (fails early, with the install command, if it is missing)

    print("expert level benchmark (sides alternate; the same seeds for every pairing of a size; 0 skips a part)")
    with Pool(args.processes) as pool:
        main_games: Games = []
        if args.games:
            main_games, seconds = match(pool, "expert", "strong", args.games, args.first_seed)
            print(line("expert", "strong", main_games, seconds, 0.54), flush=True)
        if args.hoyle:
            hoyle, seconds = match(pool, "expert", "hoyle", args.hoyle)
            print(line("expert", "hoyle", hoyle, seconds, 0.63), flush=True)
            hoyle, seconds = match(pool, "strong", "hoyle", args.hoyle)
            print(line("strong", "hoyle", hoyle, seconds), flush=True)
        if args.ablation:
            print(f"ablation, each against strong on the first {args.ablation} seeds:")
            full = (main_games[:args.ablation] if args.ablation <= args.games and not args.first_seed
                    else match(pool, "expert", "strong", args.ablation)[0])
            print(line("expert (all parts)", "strong", full, None), flush=True)
            for name in PLAYERS:
                if name.startswith("expert without"):
                    ablated, seconds = match(pool, name, "strong", args.ablation)
                    print(line(name, "strong", ablated, seconds), flush=True)
                    print(paired(full, ablated), flush=True)
    if args.pyodide:
        print(pyodide_times(args.pyodide), flush=True)
    if not args.timing:
        return
    samples = move_times(args.timing)  # CPU time: on a shared machine the wall clock measures the others
    deciles = statistics.quantiles(samples, n=10)
    print(f"expert decision on CPython (CPU time) over {len(samples)} decisions with a choice: median "
          f"{statistics.median(samples):.1f} ms, p90 {deciles[-1]:.1f} ms, max {max(samples):.0f} ms "
          "(targets 40 / 100 ms)")


if __name__ == "__main__":
    main()
