"""The table in headless Chromium: from the player's click to the computer's reply on screen.

    python bench/bench_table.py [--moves N] [--level strong]

Pace "instant". For each of N player actions (throws, cards, go, counts), the time from the
click to the page having drawn the computer's answer (performance mark
``cribbage:computer-moved``, set once the felt, hand and controls are redrawn). Baseline in the
same run: one round trip to the worker (``deck``), the floor any move pays. Target (issue 12):
median <= 200 ms.
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

from playwright.sync_api import sync_playwright  # noqa: E402

from harness.run import build_site, free_port  # noqa: E402
from hooks import chromium  # noqa: E402
from static_host import StaticServer  # noqa: E402

TIMEOUT = 120_000


def round_trips(page, calls: int = 30) -> list[float]:
    return page.evaluate(f"""async () => {{
        const {{ engine }} = await import(new URL("../assets/js/engine.js", location).href);
        const times = [];
        for (let i = 0; i < {calls}; i++) {{
            const start = performance.now();
            await engine.call("deck", {{}});
            times.push(performance.now() - start);
        }}
        return times;
    }}""")


def next_target(page):
    throw = page.locator('[data-actions] [data-action="discard"]')
    if throw.count():  # as many cards as the throw takes: two, or one in three- and four-handed play
        cards = page.locator("[data-hand] button")
        for n in range(cards.count()):
            if throw.is_enabled():
                break
            cards.nth(n).click()
        return throw
    if page.locator("[data-claim]").count():
        page.fill("[data-claim]", "0")
    if page.locator("[data-actions] [data-action]").count():
        return page.locator("[data-actions] [data-action]").first
    if page.locator("[data-actions] [data-again]").count():
        return page.locator("[data-actions] [data-again]")
    page.locator("[data-hand] button:not([aria-disabled])").first.click()  # picked up; the button lays it
    return page.locator('[data-actions] [data-action="play"]')


def computer_moves(browser, url, level: str, moves: int, variant: str = "standard",
                   from_event: list[float] | None = None) -> tuple[list[float], list[float], dict[str, list[float]]]:
    """Times (ms) from each click to the computer's answer on screen, a worker round-trip baseline,
    and the times by kind of action, in a game of ``variant``. Also the table row of bench_browser.py.

    Each time starts before Playwright's click, so it includes Playwright's wait for the control to
    be ready (scrolled into view and still); ``from_event`` gets the times from the page's own click
    event instead, the player's wait alone."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(url + "guide/")
    page.evaluate("localStorage.clear()")
    page.evaluate("v => localStorage.setItem('cribbage.table.settings.v1', "
                  "JSON.stringify({pace: 'instant', variant: v}))", variant)
    page.goto(url + "table/?seed=3")
    page.wait_for_selector("[data-actions] button", timeout=TIMEOUT)
    page.select_option("[data-table-level]", level)  # no game in progress yet: no question asked
    page.wait_for_selector("[data-actions] button", timeout=TIMEOUT)
    page.evaluate("document.addEventListener('click', () => { window.__clicked = performance.now(); }, true)")
    times, kinds = [], []
    while len(times) < moves:
        page.wait_for_selector("[data-table-page]:not([data-busy])", state="attached")
        target = next_target(page)
        kinds.append(target.get_attribute("data-action") or "play")
        page.evaluate("performance.clearMarks('cribbage:computer-moved')")
        start = page.evaluate("performance.now()")
        target.click()
        page.wait_for_function("performance.getEntriesByName('cribbage:computer-moved').length > 0")
        moved = page.evaluate("performance.getEntriesByName('cribbage:computer-moved').at(-1).startTime")
        times.append(moved - start)
        if from_event is not None:
            from_event.append(moved - page.evaluate("window.__clicked"))
    baseline = round_trips(page)
    context.close()
    by_kind: dict[str, list[float]] = {}
    for kind, time in zip(kinds, times, strict=True):
        by_kind.setdefault(kind, []).append(time)
    return times, baseline, by_kind


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--moves", type=int, default=150)
    parser.add_argument("--level", default="strong")
    args = parser.parse_args()
    port = free_port()
    with tempfile.TemporaryDirectory() as out:
        build_site(Path(out), f"http://127.0.0.1:{port}/")
        with StaticServer(Path(out), port=port) as url, sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium.executable(), headless=True,
                                                 args=chromium.launch_args())
            times, baseline, by_kind = computer_moves(browser, url, args.level, args.moves)
            browser.close()
    median, base = statistics.median(times), statistics.median(baseline)
    p90 = sorted(times)[int(0.9 * (len(times) - 1))]
    print(json.dumps({"level": args.level, "moves": len(times), "median_ms": round(median, 1),
                      "p90_ms": round(p90, 1), "max_ms": round(max(times), 1),
                      "worker_round_trip_median_ms": round(base, 2),
                      "median_ms_by_action": {k: round(statistics.median(v), 1) for k, v in by_kind.items()}}))
    print(f"table, pace instant, {args.level}: computer's move on screen {median:.1f} ms median "
          f"(p90 {p90:.1f}, max {max(times):.1f}) over {len(times)} moves; "
          f"{median / base:.1f} x a bare worker round trip ({base:.2f} ms); target median <= 200 ms")


if __name__ == "__main__":
    main()
