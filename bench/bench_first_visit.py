"""First visit to a scorer link on a slow connection: today's design against the new one, one run.

    python bench/bench_first_visit.py [--runs 1] [--rates 1.6,10]

Two builds of the same sources, served by tools/static_host.py (the server ``make serve`` runs),
which limits bandwidth for all connections together (DevTools throttling does not reach the
Web Worker that downloads Python):

- before: ``CRIBBAGE_DESIGN=snapshot-first`` (the earlier design: the 31 MB memory snapshot,
  Pyodide's full stdlib and lock, fetched and restored before anything else; no service worker),
  served twice: without compression (as ``make serve`` served it) and with the build's
  precompressed files;
- after: the default build (an ordinary start from a small stdlib; the snapshot fetched in idle
  time for the next visit and restored from the Cache API then; precompressed files).

For each: bytes on the wire until the breakdown is on screen (response bodies, counted by the
server), time from navigation to the breakdown at each rate, a repeat visit in the same browser
profile, and the worker's memory once the engine is ready: its JS heap plus the array buffers
it keeps (a kept snapshot buffer shows here), after a garbage collection, from Chromium's
Runtime.getHeapUsage on the worker (usedSize + backingStorageSize). Python's own WebAssembly
memory is the same in both designs and is not part of it. Targets (issue 10): <= 6 MB, <= 30 s at 1.6 Mbit/s,
<= 7 s at 10 Mbit/s, worker <= 16 MB. Medians of --runs fresh browser profiles.
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


def build(out: Path, port: int, design: str) -> None:
    build_site(out, f"http://127.0.0.1:{port}/", CRIBBAGE_DESIGN=design)


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
    browser, server: StaticServer, rate: float, wait_for_snapshot: bool
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
    if wait_for_snapshot:  # the idle-time snapshot and the service worker's caches
        wait_until(page, """async () => {
            const meta = JSON.parse(document.querySelector('meta[name="cribbage-runtime"]').content);
            return navigator.serviceWorker.controller !== null
                && Boolean(await caches.match(new URL(meta.snapshot, location.origin + '/').href));
        }""", TIMEOUT)
    page.goto("about:blank")
    server.set_rate(rate)
    page.goto(server.url + LINK, wait_until="commit")
    ms = breakdown_ms(page)
    sent = server.bytes_sent
    started = page.evaluate("async () => (await import('/assets/js/engine.js')).engine.status.snapshot || 'as built'")
    page.wait_for_timeout(1500)
    second_heap = worker_memory(page)
    context.close()
    return ms, first_heap, second_heap, sent, started


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--rates", default="1.6,10", help="Mbit/s, comma-separated")
    args = parser.parse_args()
    rates = [float(r) for r in args.rates.split(",")]
    ports = {"before": free_port(), "after": free_port()}
    with tempfile.TemporaryDirectory() as tmp:
        sites = {"before": Path(tmp) / "before", "after": Path(tmp) / "after"}
        started = time.monotonic()
        build(sites["before"], ports["before"], "snapshot-first")
        build(sites["after"], ports["after"], "idle-snapshot")
        print(f"built both designs in {time.monotonic() - started:.0f} s", flush=True)
        results: dict[str, list] = {}
        servers = {
            "before, uncompressed": StaticServer(sites["before"], port=ports["before"], rate_bits=FAST, compress=False),
            "after": StaticServer(sites["after"], port=ports["after"], rate_bits=FAST),
        }
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium.executable(), headless=True,
                                                 args=chromium.launch_args())
            for server in servers.values():
                server.__enter__()
            try:
                for _ in range(args.runs):
                    for name, server in servers.items():
                        for rate in rates:
                            ms, sent = first_visit(browser, server, rate * 1e6)
                            results.setdefault((name, f"first visit at {rate:g} Mbit/s"), []).append((ms, sent))
                            print(f"  {name:<22} first visit {rate:>4g} Mbit/s: {ms / 1000:6.1f} s, "
                                  f"{sent / 1e6:5.1f} MB", flush=True)
                        ms, heap1, heap2, sent, started = repeat_visit(browser, server, 10e6, name == "after")
                        results.setdefault((name, "repeat visit at 10 Mbit/s"), []).append((ms, sent))
                        results.setdefault((name, "worker memory after a first start"), []).append((heap1, 0))
                        results.setdefault((name, "worker memory after a repeat start"), []).append((heap2, 0))
                        print(f"  {name:<22} repeat visit ({started}): {ms / 1000:6.1f} s, {sent / 1e6:5.1f} MB; "
                              f"worker memory {heap1:.1f} MB first, {heap2:.1f} MB repeat", flush=True)
                    # today's design on a host that sends the precompressed files (once: it is slow)
                    if _ == 0:
                        servers["before, uncompressed"].__exit__()
                        compressed = StaticServer(sites["before"], port=ports["before"], rate_bits=FAST)
                        with compressed:
                            for rate in rates:
                                ms, sent = first_visit(browser, compressed, rate * 1e6)
                                results.setdefault(("before, compressed", f"first visit at {rate:g} Mbit/s"),
                                                   []).append((ms, sent))
                                print(f"  before, compressed     first visit {rate:>4g} Mbit/s: {ms / 1000:6.1f} s, "
                                      f"{sent / 1e6:5.1f} MB", flush=True)
                        servers["before, uncompressed"] = StaticServer(sites["before"], port=ports["before"],
                                                                       rate_bits=FAST, compress=False)
                        servers["before, uncompressed"].__enter__()
            finally:
                for server in servers.values():
                    server.__exit__()
                browser.close()
    report(results, args.runs, rates)


def report(results, runs, rates) -> None:
    def med(name, what, index=0):
        values = [v[index] for v in results.get((name, what), [])]
        return statistics.median(values) if values else float("nan")

    print(f"\nfirst visit to {LINK} (medians of {runs} run(s)); 'x' = after / before on the same server kind")
    print(f"{'':<36}{'before (as served)':>20}{'before (br)':>14}{'after (br)':>14}{'after/before br':>17}  target")
    targets = {1.6: "<= 30 s", 10.0: "<= 7 s"}
    for rate in rates:
        what = f"first visit at {rate:g} Mbit/s"
        row = [med(n, what) / 1000 for n in ("before, uncompressed", "before, compressed", "after")]
        print(f"{f'time to breakdown at {rate:g} Mbit/s':<36}{row[0]:>18.1f} s{row[1]:>12.1f} s{row[2]:>12.1f} s"
              f"{row[2] / row[1]:>16.2f}x  {targets.get(rate, '')}")
    what = f"first visit at {rates[-1]:g} Mbit/s"
    row = [med(n, what, 1) / 1e6 for n in ("before, uncompressed", "before, compressed", "after")]
    print(f"{'bytes before the breakdown':<36}{row[0]:>17.1f} MB{row[1]:>11.1f} MB{row[2]:>11.1f} MB"
          f"{row[2] / row[1]:>16.2f}x  <= 6 MB")
    for what, label in (("repeat visit at 10 Mbit/s", "repeat visit at 10 Mbit/s"),):
        b, a = med("before, uncompressed", what) / 1000, med("after", what) / 1000
        bb, ab = med("before, uncompressed", what, 1) / 1e6, med("after", what, 1) / 1e6
        print(f"{label:<36}{b:>18.1f} s{'':>14}{a:>12.1f} s{a / b:>16.2f}x  ({bb:.1f} MB vs {ab:.1f} MB sent)")
    for what in ("worker memory after a first start", "worker memory after a repeat start"):
        b, a = med("before, uncompressed", what), med("after", what)
        print(f"{what:<36}{b:>17.1f} MB{'':>14}{a:>11.1f} MB{a / b:>16.2f}x  <= 16 MB")


if __name__ == "__main__":
    main()
