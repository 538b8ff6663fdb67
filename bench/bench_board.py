"""The board: a first visit on a slow phone link until the first peg can be made, beside the
scorer's time to ready in the same run; and the taps it takes to peg a whole game.

    python bench/bench_board.py [--runs 3] [--rate 1.6] [--games 5] [--site DIR]

Served by tools/static_host.py (the server ``make serve`` runs, precompressed files), which
limits the bandwidth of all connections together (DevTools throttling does not reach the
engine's Web Worker). Each run is a fresh browser profile (nothing cached):

- board: navigation to /board/ until the first peg can be made: the page's module has mounted
  (its buttons answer), "Start the game" pressed and the pegging buttons drawn. Target <= 3 s
  at 1.6 Mbit/s. Bytes on the wire until then.
- scorer (baseline, same server and rate): navigation to the scorer until its engine is ready
  (the ``cribbage:engine-ready`` mark), the wait a page that needs Python cannot avoid.

Taps per game: seeded games played by the engine's two "normal" players are pegged on the page
by its own buttons (tests/browser/boardgame.py): every score of the play, "The play is over"
once a deal, each hand and crib (a zero hand too). Taps per score = all taps / all pegs.
Target <= 1.5. The machine is shared: the load averages are printed with the figures.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

from playwright.sync_api import sync_playwright  # noqa: E402

from harness.board import engine_game, start_two_player_game, tap_step  # noqa: E402
from harness.run import build_site, free_port  # noqa: E402
from hooks import chromium  # noqa: E402
from static_host import StaticServer  # noqa: E402

TIMEOUT = 600_000
SCORER = "scorer/#hand=4C,5D,5S,6H&starter=TC"


def first_peg(browser, server: StaticServer, rate: float) -> tuple[float, int]:
    """Milliseconds from navigation until a peg can be made on /board/, and the bytes sent."""
    server.set_rate(rate)
    context = browser.new_context()
    page = context.new_page()
    page.goto(server.url + "board/", wait_until="commit")
    page.wait_for_selector("[data-board-page][data-ready]", timeout=TIMEOUT)
    page.click("[data-start]")
    page.wait_for_selector("[data-board-sides] [data-peg]", timeout=TIMEOUT)
    ms = page.evaluate("performance.now()")
    sent = server.bytes_sent
    page.click('.side__quick [data-side="1"][data-peg="2"]')  # and it does peg
    assert page.get_attribute("[data-board-page]", "data-scores") == "0,2"
    context.close()
    return ms, sent


def scorer_ready(browser, server: StaticServer, rate: float) -> float:
    server.set_rate(rate)
    context = browser.new_context()
    page = context.new_page()
    page.goto(server.url + SCORER, wait_until="commit")
    page.wait_for_function("performance.getEntriesByName('cribbage:engine-ready').length > 0", timeout=TIMEOUT)
    ms = page.evaluate("performance.getEntriesByName('cribbage:engine-ready')[0].startTime")
    context.close()
    return ms


def taps_for_game(browser, server: StaticServer, seed: str) -> tuple[int, int]:
    """(taps, pegs) for one seeded game pegged on the page."""
    server.set_rate(None)
    first, steps = engine_game(seed)
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(server.url + "board/")
    page.wait_for_selector("[data-board-page][data-ready]")
    start_two_player_game(page, first)
    taps = sum(tap_step(page, step) for step in steps)
    assert page.get_attribute("[data-board-page]", "data-phase") == "over"
    context.close()
    return taps, sum(step.kind != "show" for step in steps)


def measure(site: Path, port: int, args) -> dict[str, list]:
    results: dict[str, list] = {"board": [], "bytes": [], "scorer": [], "games": []}
    server = StaticServer(site, port=port)
    with sync_playwright() as playwright, server:
        browser = playwright.chromium.launch(executable_path=chromium.executable(), headless=True,
                                             args=chromium.launch_args())
        try:
            for run in range(args.runs):
                ms, sent = first_peg(browser, server, args.rate * 1e6)
                results["board"].append(ms)
                results["bytes"].append(sent)
                results["scorer"].append(scorer_ready(browser, server, args.rate * 1e6))
                print(f"  run {run + 1}: first peg on /board/ {ms / 1000:5.2f} s ({sent / 1e3:.0f} kB); "
                      f"scorer ready {results['scorer'][-1] / 1000:5.1f} s", flush=True)
            for number in range(args.games):
                taps, pegs = taps_for_game(browser, server, f"board/{number}")
                results["games"].append((taps, pegs))
                print(f"  game board/{number}: {taps} taps for {pegs} scores ({taps / pegs:.2f} a score)", flush=True)
        finally:
            browser.close()
    return results


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--rate", type=float, default=1.6, help="Mbit/s")
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--site", type=Path, help="a build made for --port (otherwise the site is built here)")
    parser.add_argument("--port", type=int, default=0)
    args = parser.parse_args()
    port = args.port or free_port()
    with tempfile.TemporaryDirectory() as tmp:
        site = args.site or Path(tmp) / "site"
        if not args.site:
            started = time.monotonic()
            build_site(site, f"http://127.0.0.1:{port}/")
            print(f"built in {time.monotonic() - started:.0f} s", flush=True)
        before = os.getloadavg()
        results = measure(site, port, args)
        after = os.getloadavg()
    board, scorer = statistics.median(results["board"]), statistics.median(results["scorer"])
    taps = sum(t for t, _ in results["games"])
    pegs = sum(p for _, p in results["games"])
    print(f"\nfirst visit at {args.rate:g} Mbit/s, medians of {args.runs} fresh profiles")
    print(f"  board: navigation to the first peg   {board / 1000:6.2f} s   "
          f"({statistics.median(results['bytes']) / 1e3:.0f} kB on the wire)   target <= 3 s")
    print(f"  scorer: navigation to engine ready   {scorer / 1000:6.2f} s   board / scorer = {board / scorer:.3f}")
    per_game = statistics.median(t for t, _ in results["games"])
    print(f"taps: {taps} taps for {pegs} scores over {len(results['games'])} seeded games: "
          f"{taps / pegs:.2f} taps a score (target <= 1.5), median {per_game:.0f} taps a game")
    print("load average (1, 5, 15 min) before {:.2f} {:.2f} {:.2f}, after {:.2f} {:.2f} {:.2f}".format(*before, *after))
    if board > 3000 or taps / pegs > 1.5:
        sys.exit(1)


if __name__ == "__main__":
    main()
