"""The strong computer in every variant, in the browser worker: one ``table_act`` as the pages run it.

    python bench/bench_variants_browser.py [--games N] [--url http://127.0.0.1:8124/]

In headless Chromium, the page's own ``engine.call`` (Web Worker, Pyodide, the sealed game going
out and back through the worker's vault) plays seeded games at the strong level in each variant:
the human seat takes its first legal action, and each ``table_act`` call is timed from the call to
its reply in the page, which includes every computer move until the human must act again. Median
and p90 per variant, with the standard two-player game measured in the same run and page as the
baseline (the ratios), and a bare worker round trip (``deck``) as the floor any call pays. The
worker's own time (its ``ms``) is given beside, so the page-to-worker overhead shows.

Without ``--url`` the site is built into a temporary folder and served (as bench_table.py does).
The table page's on-screen figure waits for the table's variants (issue 23's rebuilt table).
Target (issue 24): median <= 100 ms and p90 <= 200 ms.
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
from contextlib import ExitStack
from pathlib import Path

from playwright.sync_api import sync_playwright

from cribbage.variants import VARIANT_NAMES
from harness.run import build_site, free_port
from hooks import chromium
from static_host import StaticServer

TIMEOUT = 300_000  # ms: a whole game per variant in the worker

PLAY_GAMES = """async ([variant, games]) => {
    const { engine } = await import(new URL("../assets/js/engine.js", location).href);
    const page = [], worker = [];
    for (let seed = 1; seed <= games; seed++) {
        let reply = await engine.call("table_new", { level: "strong", seed, variant });
        if (!reply.ok) throw new Error(reply.error);
        while (reply.result.view.phase !== "game_over") {
            const action = reply.result.view.legal[0];
            const start = performance.now();
            reply = await engine.call("table_act", { sealed: reply.result.sealed, action });
            page.push(performance.now() - start);
            if (!reply.ok) throw new Error(reply.error);
            worker.push(reply.ms);
        }
    }
    return { page, worker };
}"""

ROUND_TRIPS = """async (calls) => {
    const { engine } = await import(new URL("../assets/js/engine.js", location).href);
    const times = [];
    for (let i = 0; i < calls; i++) {
        const start = performance.now();
        await engine.call("deck", {});
        times.push(performance.now() - start);
    }
    return times;
}"""


def percentiles(samples: list[float]) -> tuple[float, float]:
    ordered = sorted(samples)
    return statistics.median(ordered), ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]


def measure(url: str, games: int) -> tuple[dict[str, dict[str, list[float]]], list[float]]:
    """Per variant, the page's and the worker's milliseconds per ``table_act``; the bare round trips."""
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium.executable(), headless=True,
                                             args=chromium.launch_args())
        page = browser.new_page()
        page.goto(url + "scorer/")
        page.wait_for_selector('[data-scorer-page][data-engine-state="ready"]', timeout=TIMEOUT)
        page.evaluate(PLAY_GAMES, ["standard", 1])  # warm-up: the table's modules imported, caches filled
        times = {variant: page.evaluate(PLAY_GAMES, [variant, games]) for variant in VARIANT_NAMES}
        floor = page.evaluate(ROUND_TRIPS, 30)
        browser.close()
    return times, floor


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=2, help="seeded games per variant")
    parser.add_argument("--url", help="a site already served (ending in /); else one is built")
    args = parser.parse_args()
    with ExitStack() as stack:
        url = args.url
        if url is None:
            port = free_port()
            out = Path(stack.enter_context(tempfile.TemporaryDirectory()))
            build_site(out, f"http://127.0.0.1:{port}/")
            url = stack.enter_context(StaticServer(out, port=port))
        times, floor = measure(url, args.games)
    base = percentiles(times["standard"]["page"])
    rows = {}
    print(f"strong computer, browser worker, {args.games} seeded game(s) per variant: one table_act, "
          "median / p90 ms (page; worker), ratio to the standard game in the same run")
    for variant in VARIANT_NAMES:
        page, worker = percentiles(times[variant]["page"]), percentiles(times[variant]["worker"])
        rows[variant] = {"moves": len(times[variant]["page"]),
                         "median_ms": round(page[0], 1), "p90_ms": round(page[1], 1),
                         "worker_median_ms": round(worker[0], 1), "worker_p90_ms": round(worker[1], 1),
                         "ratio_median": round(page[0] / base[0], 2), "ratio_p90": round(page[1] / base[1], 2)}
        print(f"  {variant:<13} {page[0]:6.1f} / {page[1]:6.1f}   (worker {worker[0]:6.1f} / {worker[1]:6.1f})   "
              f"x{page[0] / base[0]:.2f} / x{page[1] / base[1]:.2f}   over {len(times[variant]['page'])} calls")
    print(f"  bare worker round trip (deck): {statistics.median(floor):.2f} ms median")
    print("target: median <= 100 ms, p90 <= 200 ms")
    summary = {"games": args.games, "variants": rows, "round_trip_median_ms": round(statistics.median(floor), 2)}
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
