"""The linked table over the in-page transport (tabs of one Chromium on loopback): the time from
a tap on one phone to the move shown on every phone, in the pages' own clocks (the tap's click
event to each phone's ``data-events`` marker; the tabs share the wall clock). A five-card game to
61 between a host and one guest, played with the browser tests' helpers; no network namespace.

    python bench/bench_table_link.py [--moves 60] [--site DIR --port N]

The machine is shared: the load averages are printed with the figures.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))  # the in-page link the tests make

from playwright.sync_api import sync_playwright  # noqa: E402
from test_table_linked import link  # noqa: E402

from harness.browser import DESKTOP, WarmContexts, launch  # noqa: E402
from harness.run import build_site, free_port  # noqa: E402
from harness.table import start  # noqa: E402
from harness.table_link import phone, press, start_linked, synced  # noqa: E402
from static_host import StaticServer  # noqa: E402

# Each phone notes when its events marker changes, and when it was last tapped.
MARK = """() => { window.__marks = []; const node = document.querySelector('[data-link]');
  new MutationObserver(() => window.__marks.push([performance.timeOrigin + performance.now(), node.dataset.events]))
    .observe(node, {attributes: true, attributeFilter: ['data-events']});
  document.addEventListener('click', () => { window.__tap = performance.timeOrigin + performance.now(); }, true); }"""


def timed_moves(url: str, moves: int) -> list[tuple[int, float]]:
    """(seat that tapped, ms from its tap until the last phone showed the move) for each move."""
    with sync_playwright() as playwright:
        browser = launch(playwright)
        warm = WarmContexts(browser, url)
        host = warm.page(DESKTOP)
        host.emulate_media(reduced_motion="reduce")
        start(host, url, 5, variant="five-card")
        guest = phone(warm.page(DESKTOP), url, host, 1)
        pages, table = [host, guest], start_linked(host, [guest], "five-card", link)
        for page in pages:
            page.evaluate(MARK)
        times: list[tuple[int, float]] = []
        while len(times) < moves and table.view(0)["result"] is None:
            seat = table.view(0)["to_act"]
            action = table.choose(seat)
            press(pages[seat], action)  # Enter on each control: the click the marks time from
            table.act(action)
            synced(pages, table.events)
            tap = pages[seat].evaluate("() => window.__tap")
            marks = [page.evaluate("() => window.__marks") for page in pages]
            shown = [max(t for t, seen in kept if seen == str(table.events)) for kept in marks]
            times.append((seat, max(shown) - tap))
        browser.close()
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=60)
    parser.add_argument("--site", type=Path, help="a site built for http://127.0.0.1:PORT/ (--port)")
    parser.add_argument("--port", type=int, default=0)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        port = args.port or free_port()
        site = args.site or Path(scratch) / "site"
        if not args.site:
            build_site(site, f"http://127.0.0.1:{port}/")
        with StaticServer(site, port=port) as url:
            times = timed_moves(url, args.moves)
    report(times)
    return 0


def report(times: list[tuple[int, Any]]) -> None:
    for seat, who in ((1, "a guest's tap"), (0, "the host's tap")):
        ms = sorted(t for s, t in times if s == seat)
        print(f"{who} -> the move shown on every phone: median {statistics.median(ms):.0f} ms, "
              f"p95 {ms[int(0.95 * (len(ms) - 1))]:.0f} ms, max {ms[-1]:.0f} ms over {len(ms)} moves")
    print("load averages: " + " ".join(f"{x:.2f}" for x in os.getloadavg()))


if __name__ == "__main__":
    sys.exit(main())
