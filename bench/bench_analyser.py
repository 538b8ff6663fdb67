"""Discard analyser benchmark: CPython now, and in headless Chromium with --browser.

    python bench/bench_analyser.py [--deals N] [--browser]

CPython: one analysis (15 throws, hand over 46 starters, exact crib over 45,540 opponent
throws and starters each) beside, in the same run, the table-based advice (baseline) and
the exact crib scored one crib at a time for one throw (naive). Browser: the analyser page on
the built site, engine ready, worker time per analysis (target <= 50 ms) and the page's
time from request to drawn table, beside the table-based advice through the same worker.
Medians; the machine is shared, so read the ratios.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

from cribbage import DECK, advise  # noqa: E402
from cribbage.analysis import analyse, brute_force_crib_points  # noqa: E402


def median_ms(func, inputs) -> float:
    samples = []
    for item in inputs:
        start = time.perf_counter()
        func(item)
        samples.append((time.perf_counter() - start) * 1000)
    return statistics.median(samples)


def cpython(deals: int) -> None:
    rng = random.Random(50)
    sixes = [(tuple(rng.sample(DECK, 6)), i % 2 == 0) for i in range(deals)]
    analyse(*sixes[0])  # builds the rank table once, as the worker's first call does
    exact = median_ms(lambda d: analyse(*d), sixes)
    table = median_ms(lambda d: advise(*d), sixes)
    six = sixes[0][0]
    unseen = [c for c in DECK if c not in six]
    naive = median_ms(lambda d: brute_force_crib_points(d, unseen), [six[:2]] * 3) * 15
    print(f"CPython {sys.version.split()[0]}, medians over {deals} deals")
    print(f"  analyse (exact crib, 15 throws)      {exact:8.2f} ms")
    print(f"  advise (crib table, baseline)        {table:8.2f} ms   exact / table = {exact / table:.2f}")
    print(f"  exact crib one crib at a time x 15   {naive:8.0f} ms   naive / analyse = {naive / exact:.0f}x")


def browser(deals: int) -> None:
    from playwright.sync_api import sync_playwright

    from harness.browser import launch
    from harness.run import build_site, free_port
    from static_host import StaticServer

    port = free_port()
    rng = random.Random(51)
    codes = [" ".join(c.code for c in rng.sample(DECK, 6)) for _ in range(deals)]
    with tempfile.TemporaryDirectory() as out:
        site = Path(out)
        build_site(site, f"http://127.0.0.1:{port}/")
        with StaticServer(site, port=port) as url, sync_playwright() as playwright:
            chromium = launch(playwright)
            page = chromium.new_page()
            page.goto(url + "analyser/")
            page.wait_for_selector("[data-analyser-page][data-engine-state=ready]", timeout=120_000)
            figures = {"analyse": [], "advice": [], "drawn": []}
            for i, cards in enumerate(codes):
                page.fill("#analyser-cards", cards)
                page.check("[data-analyser-page] input[value=dealer]" if i % 2 == 0
                           else "[data-analyser-page] input[value=pone]")
                start = page.evaluate("performance.now()")
                page.click("[data-analyser-form] button[type=submit]")
                page.wait_for_function("document.querySelector('[data-analyser-page]').dataset.shown === "
                                       f"{cards!r}.replace(/ /g, ',')")
                figures["drawn"].append(page.evaluate("performance.now()") - start)
                figures["analyse"].append(float(page.get_attribute("[data-analyser-page]", "data-last-ms")))
                figures["advice"].append(page.evaluate(
                    "async (cards) => (await (await import('/assets/js/engine.js')).engine.call("
                    "'advice', {cards, dealer: true})).ms", cards))
            chromium.close()
    med = {k: statistics.median(v) for k, v in figures.items()}
    print(f"headless Chromium, Pyodide worker, medians over {deals} deals")
    print(f"  analyse in the worker                {med['analyse']:8.1f} ms   target <= 50 ms")
    print(f"  advice in the worker (baseline)      {med['advice']:8.1f} ms   analyse / advice = "
          f"{med['analyse'] / med['advice']:.2f}")
    print(f"  click to table drawn                 {med['drawn']:8.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--browser", action="store_true", help="also measure in headless Chromium")
    args = parser.parse_args()
    cpython(args.deals)
    if args.browser:
        browser(min(args.deals, 30))


if __name__ == "__main__":
    main()
