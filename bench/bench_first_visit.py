"""First visit to a scorer link on a slow connection, and a repeat visit, in one run.

    python bench/bench_first_visit.py [--runs 1] [--rates 1.6,10] [--site DIR --port N]

One build, served by tools/static_host.py (the server ``make serve`` runs) in two ways that
each limit bandwidth for all connections together (DevTools throttling does not reach the
worker that downloads Python):

- compressing: the build's precompressed files (brotli), as the site is meant to be served;
- plain (the baseline): every file as it is, as a host that compresses nothing would send it.

For each: bytes on the wire until the breakdown is on screen (response bodies, counted by the
server), time from navigation to the breakdown at each rate, a repeat visit in the same browser
profile (Python restored from the memory snapshot fetched in idle time after the first), and the
engine worker's memory once it is ready: its JS heap plus the array buffers it keeps (a kept
snapshot buffer shows here), after a garbage collection, from Chromium's Runtime.getHeapUsage on
the worker (usedSize + backingStorageSize); Python's own WebAssembly memory is not part of it.
Targets (issue 10): <= 6 MB, <= 30 s at 1.6 Mbit/s, worker <= 16 MB; at 10 Mbit/s <= 6.5 s (issue 43).
Medians of --runs fresh browser profiles; 'x' is compressing / plain. ``--site`` measures a build
made earlier for ``--port`` (e.g. of another commit, to compare two builds in the same conditions).
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

from playwright.sync_api import sync_playwright  # noqa: E402

from harness.browser import engine_worker_targets, wait_until  # noqa: E402
from harness.run import build_site, free_port  # noqa: E402
from hooks import chromium  # noqa: E402
from static_host import StaticServer  # noqa: E402

LINK = "scorer/#hand=4C,5D,5S,6H&starter=TC"
DONE = "[data-show-result] .breakdown__total"
TIMEOUT = 600_000
FAST = 1000e6  # "unlimited", still counted




def breakdown_ms(page) -> float:
    page.wait_for_selector(DONE, timeout=TIMEOUT)
    return page.evaluate("performance.getEntriesByName('cribbage:breakdown').at(-1).startTime")


def first_visit(browser, server: StaticServer, rate: float) -> tuple[float, int]:
    server.set_rate(rate)
    context = browser.new_context()
    page = context.new_page()
    page.goto(server.url + LINK, wait_until="commit")
    ms = breakdown_ms(page)
    sent = server.bytes_sent
    context.close()
    return ms, sent


def worker_memory(page) -> float:
    """The engine worker's JS heap plus its array buffers, in MB, after a garbage collection.
    The worker may be shared by the site's tabs, so it is found in the browser's own target list."""
    found = engine_worker_targets(page)
    if not found:
        return float("nan")
    cdp = page.context.browser.new_browser_cdp_session()
    replies: dict[int, dict] = {}
    cdp.on("Target.receivedMessageFromTarget",
           lambda e: replies.__setitem__(json.loads(e["message"]).get("id"), json.loads(e["message"])))
    session = cdp.send("Target.attachToTarget", {"targetId": found[0]["targetId"], "flatten": False})["sessionId"]
    deadline = time.monotonic() + 30

    def ask(number, method):
        cdp.send("Target.sendMessageToTarget", {"sessionId": session,
                                                "message": json.dumps({"id": number, "method": method})})
        while number not in replies and time.monotonic() < deadline:
            page.wait_for_timeout(50)
        return replies.get(number, {}).get("result", {})

    try:
        ask(1, "HeapProfiler.collectGarbage")
        usage = ask(2, "Runtime.getHeapUsage")
    finally:
        cdp.detach()
    return (usage.get("usedSize", float("nan")) + usage.get("backingStorageSize", float("nan"))) / 1e6


def repeat_visit(
    browser, server: StaticServer, rate: float
) -> tuple[float, float, float, int, str]:
    """First visit (heap after start), then a second page load in the same profile, and how
    Python started on it ("restored" from the snapshot, or why not)."""
    server.set_rate(FAST)
    context = browser.new_context()
    page = context.new_page()
    page.goto(server.url + LINK)
    page.wait_for_selector(DONE, timeout=TIMEOUT)
    page.wait_for_timeout(1500)
    first_heap = worker_memory(page)
    wait_until(page, """async () => {
        const meta = JSON.parse(document.querySelector('meta[name="cribbage-runtime"]').content);
        return navigator.serviceWorker.controller !== null
            && Boolean(await caches.match(new URL(meta.snapshot, location.origin + '/').href));
    }""", TIMEOUT)  # the idle-time snapshot and the service worker's caches
    page.goto("about:blank")
    deadline = time.monotonic() + 30  # the visit's shared worker ends with its last page: a true repeat start
    while engine_worker_targets(page) and time.monotonic() < deadline:
        page.wait_for_timeout(100)
    server.set_rate(rate)
    page.goto(server.url + LINK, wait_until="commit")
    ms = breakdown_ms(page)
    sent = server.bytes_sent
    started = page.evaluate("async () => (await import('/assets/js/engine.js')).engine.status.snapshot || 'as built'")
    page.wait_for_timeout(1500)
    second_heap = worker_memory(page)
    context.close()
    return ms, first_heap, second_heap, sent, started


KINDS = ("compressing", "plain")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--rates", default="1.6,10", help="Mbit/s, comma-separated")
    parser.add_argument("--site", type=Path, help="a built site (built for --port with SITE_URL)")
    parser.add_argument("--port", type=int, default=0)
    args = parser.parse_args()
    rates = [float(r) for r in args.rates.split(",")]
    port = args.port or free_port()  # both hosts serve the build at its own address, one after the other
    with tempfile.TemporaryDirectory() as tmp:
        site = args.site or Path(tmp) / "site"
        if args.site is None:
            started = time.monotonic()
            build_site(site, f"http://127.0.0.1:{port}/")
            print(f"built in {time.monotonic() - started:.0f} s", flush=True)
        results: dict[tuple[str, str], list] = {}
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium.executable(), headless=True,
                                                 args=chromium.launch_args())
            try:
                for _ in range(args.runs):
                    for kind in KINDS:
                        server = StaticServer(site, port=port, rate_bits=FAST, compress=kind == "compressing")
                        with server:
                            measure(browser, server, kind, rates, results)
            finally:
                browser.close()
    report(results, args.runs, rates)


def measure(browser, server, kind: str, rates: list[float], results: dict) -> None:
    for rate in rates:
        ms, sent = first_visit(browser, server, rate * 1e6)
        results.setdefault((kind, f"first visit at {rate:g} Mbit/s"), []).append((ms, sent))
        print(f"  {kind:<12} first visit {rate:>4g} Mbit/s: {ms / 1000:6.1f} s, {sent / 1e6:5.1f} MB", flush=True)
    ms, heap1, heap2, sent, started = repeat_visit(browser, server, 10e6)
    results.setdefault((kind, "repeat visit at 10 Mbit/s"), []).append((ms, sent))
    results.setdefault((kind, "worker memory after a first start"), []).append((heap1, 0))
    results.setdefault((kind, "worker memory after a repeat start"), []).append((heap2, 0))
    print(f"  {kind:<12} repeat visit ({started}): {ms / 1000:6.1f} s, {sent / 1e6:5.1f} MB; "
          f"worker memory {heap1:.1f} MB first, {heap2:.1f} MB repeat", flush=True)


def report(results, runs, rates) -> None:
    def med(kind, what, index=0):
        values = [v[index] for v in results.get((kind, what), [])]
        return statistics.median(values) if values else float("nan")

    print(f"\nfirst visit to {LINK} (medians of {runs} run(s)); 'x' = compressing / plain host")
    print(f"{'':<36}{'plain':>14}{'compressing':>14}{'x':>8}  target")
    targets = {1.6: "<= 30 s", 10.0: "<= 6.5 s"}
    for rate in rates:
        what = f"first visit at {rate:g} Mbit/s"
        plain, packed = med("plain", what) / 1000, med("compressing", what) / 1000
        print(f"{f'time to breakdown at {rate:g} Mbit/s':<36}{plain:>12.1f} s{packed:>12.1f} s"
              f"{packed / plain:>7.2f}x  {targets.get(rate, '')}")
    what = f"first visit at {rates[-1]:g} Mbit/s"
    plain, packed = med("plain", what, 1) / 1e6, med("compressing", what, 1) / 1e6
    print(f"{'bytes before the breakdown':<36}{plain:>11.1f} MB{packed:>11.1f} MB{packed / plain:>7.2f}x  <= 6 MB")
    what = "repeat visit at 10 Mbit/s"
    plain, packed = med("plain", what) / 1000, med("compressing", what) / 1000
    print(f"{what:<36}{plain:>12.1f} s{packed:>12.1f} s{packed / plain:>7.2f}x")
    for what in ("worker memory after a first start", "worker memory after a repeat start"):
        plain, packed = med("plain", what), med("compressing", what)
        print(f"{what:<36}{plain:>11.1f} MB{packed:>11.1f} MB{packed / plain:>7.2f}x  <= 16 MB")


if __name__ == "__main__":
    main()
