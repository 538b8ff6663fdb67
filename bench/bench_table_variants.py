"""The table in headless Chromium, per variant: the computer's move on screen at the strong level.

    python bench/bench_table_variants.py [--moves N] [--level strong]

bench_table.py's measure (pace "instant"; from the player's click to the page having drawn the
computer's answer, performance mark ``cribbage:computer-moved``) in a game of each variant, chosen
at the table as a player chooses it (the saved setting), the standard two-player game first and
measured in the same run as the baseline (the ratios). Two figures per move: from the page's click
event (what the player waits) and bench_table.py's, from before Playwright's click, which also
holds Playwright's wait for the control to be ready (in view and still); after a Go or a count that
wait is most of the p90. Each figure includes every computer move until the player must act again:
two computers in the three-player game, three in the four-player game. Target (issue 24): median
<= 100 ms and p90 <= 200 ms, beside the two-player figure.
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

from bench_table import computer_moves  # bench/ is the script's folder, first on the path
from cribbage.variants import VARIANT_NAMES
from harness.run import build_site, free_port
from hooks import chromium
from static_host import StaticServer


def percentiles(samples: list[float]) -> tuple[float, float]:
    ordered = sorted(samples)
    return statistics.median(ordered), ordered[int(0.9 * (len(ordered) - 1))]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--moves", type=int, default=80, help="player actions timed per variant")
    parser.add_argument("--level", default="strong")
    args = parser.parse_args()
    port = free_port()
    results = {}
    with tempfile.TemporaryDirectory() as out:
        build_site(Path(out), f"http://127.0.0.1:{port}/")
        with StaticServer(Path(out), port=port) as url, sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium.executable(), headless=True,
                                                 args=chromium.launch_args())
            computer_moves(browser, url, args.level, 5)  # warm-up: the HTTP cache and the snapshot filled
            for variant in VARIANT_NAMES:
                from_event: list[float] = []
                results[variant] = (*computer_moves(browser, url, args.level, args.moves, variant, from_event),
                                    from_event)
            browser.close()
    base_median, base_p90 = percentiles(results["standard"][3])
    rows = {}
    print(f"table, pace instant, {args.level}: the computer's move on screen, per variant, from the click "
          f"(median / p90 / max ms over {args.moves} player actions; ratio to the two-player game; "
          "then from before Playwright's click)")
    for variant, (times, floor, by_kind, from_event) in results.items():
        median, p90 = percentiles(from_event)
        outer = percentiles(times)
        rows[variant] = {"moves": len(times), "median_ms": round(median, 1), "p90_ms": round(p90, 1),
                         "max_ms": round(max(from_event), 1), "ratio_median": round(median / base_median, 2),
                         "ratio_p90": round(p90 / base_p90, 2),
                         "before_click_median_ms": round(outer[0], 1), "before_click_p90_ms": round(outer[1], 1),
                         "worker_round_trip_median_ms": round(statistics.median(floor), 2),
                         "before_click_median_ms_by_action": {k: round(statistics.median(v), 1)
                                                              for k, v in by_kind.items()}}
        print(f"  {variant:<13} {median:6.1f} / {p90:6.1f} / {max(from_event):6.1f}   "
              f"x{median / base_median:.2f} / x{p90 / base_p90:.2f}   "
              f"(before the click: {outer[0]:.1f} / {outer[1]:.1f}; round trip {statistics.median(floor):.2f})")
    print("target: median <= 100 ms, p90 <= 200 ms")
    print(json.dumps({"level": args.level, "variants": rows}))


if __name__ == "__main__":
    main()
