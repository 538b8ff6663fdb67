"""In-browser start-up benchmark, headless Chromium on this machine, all in one run.

    python bench/bench_browser.py [--runs N]

(a) a bare page that only calls loadPyodide()                     (baseline)
(b) the scorer opened from a "Try it" link, until the breakdown is on screen (the site as
    built: Python restored from the build-time memory snapshot), and the same without it
(c) the scorer reached by instant navigation after the worker has started
(d) one breakdown once the engine is ready (round trip through the worker)
(e) practice: the next problem on screen after "Next problem" (issue 5: < 100 ms)
(f) the table: the computer's move on screen after the player's (issue 6: < 200 ms)
Also: (b) with a warm HTTP cache, (b) on a repeat visit (Python restored from the snapshot the
first visit stored), and (c) when the worker had not been started.
Targets (issue 4): (b) <= 1.1 x (a); (c) < 300 ms; (d) < 50 ms. Medians of N fresh contexts.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

from playwright.sync_api import sync_playwright  # noqa: E402

from bench_table import computer_moves  # noqa: E402  (the same walk through a game)
from harness.browser import SNAPSHOT_STORED, wait_until  # noqa: E402
from harness.run import build_site, free_port  # noqa: E402
from hooks import chromium  # noqa: E402  (one place for Chromium's path, CHROMIUM=, and flags)
from static_host import StaticServer  # noqa: E402

TRY_LINK = "scorer/#hand=4C,5D,5S,6H&starter=TC"
# Pyodide alone, from the site's own files (its lock and small stdlib: the site ships no others).
BARE_PAGE = """<!doctype html><meta charset="utf-8"><title>bare</title>
<script type="module">
import { loadPyodide } from "./pyodide/pyodide.mjs";
await loadPyodide({ indexURL: new URL("./pyodide/", location).href,
                    lockFileURL: new URL("./ENGINE_DIR/pyodide-lock.json", location).href,
                    stdLibURL: new URL("./ENGINE_DIR/python_stdlib.zip", location).href });
performance.mark("bare:ready");
document.body.dataset.ready = "1";
</script><body></body>"""
TIMEOUT = 120_000


# The page's own engine client (an ES module, no global), found by the <head> script that loads it.
ENGINE_MODULE = "import(document.querySelector('script[src$=\"assets/js/engine.js\"]').src)"


def wait_for_engine(page):
    """Wait until the page's engine reports ready."""
    page.evaluate(ENGINE_MODULE + ".then(({ engine }) => engine.onStatus("
                  "({ state }) => { document.documentElement.dataset.benchEngine = state; }))")
    page.wait_for_selector("html[data-bench-engine=ready]", state="attached", timeout=TIMEOUT)


def build_sites(out: Path, port: int) -> None:
    """The site at the root; the same site built without the snapshot under plain/."""
    for target, url, snapshot in ((out, "", "on"), (out / "plain", "plain/", "off")):
        build_site(target, f"http://127.0.0.1:{port}/{url}", CRIBBAGE_SNAPSHOT=snapshot)
    engine_dir = next((out / "pyodide").glob("engine-*")).relative_to(out).as_posix()
    (out / "bare.html").write_text(BARE_PAGE.replace("ENGINE_DIR", engine_dir))


def mark(page, name: str) -> float:
    return page.evaluate(f"performance.getEntriesByName('{name}').at(-1).startTime")


def bare(browser, url):
    context = browser.new_context()
    page = context.new_page()
    page.goto(url + "bare.html")
    page.wait_for_selector("body[data-ready]", timeout=TIMEOUT, state="attached")
    value = mark(page, "bare:ready")
    context.close()
    return value


def try_link(browser, url, warm=False, prefix="", repeat=False):
    url += prefix
    context = browser.new_context()
    page = context.new_page()
    if warm or repeat:  # a first visit fills the HTTP cache; measure a second, separate page load
        page.goto(url + TRY_LINK)
        page.wait_for_selector("[data-show-result] .breakdown__total", timeout=TIMEOUT)
        if repeat:  # and has stored the snapshot for the next visit (fetched in idle time)
            wait_until(page, SNAPSHOT_STORED, TIMEOUT)
        page.goto("about:blank")
    page.goto(url + TRY_LINK)
    page.wait_for_selector("[data-show-result] .breakdown__total", timeout=TIMEOUT)
    value = mark(page, "cribbage:breakdown")
    context.close()
    return value


def instant(browser, url, started=True):
    context = browser.new_context()
    page = context.new_page()
    page.goto(url + "examples/")
    if started:
        page.evaluate(ENGINE_MODULE + ".then(({ engine }) => engine.start())")
        wait_for_engine(page)
    link = page.locator('[data-example="double-run-four-fifteens"] .try-it a')
    page.evaluate("performance.clearMarks('cribbage:breakdown')")
    start = page.evaluate("performance.now()")
    link.dispatch_event("click")
    page.wait_for_selector("[data-show-result] .breakdown__total", timeout=TIMEOUT)
    value = mark(page, "cribbage:breakdown") - start
    context.close()
    return value


def one_breakdown(browser, url, calls=30):
    context = browser.new_context()
    page = context.new_page()
    page.goto(url + "scorer/")
    wait_for_engine(page)
    times = page.evaluate(f"""async () => {{
        const {{ engine }} = await {ENGINE_MODULE};
        const times = [];
        for (let i = 0; i < {calls}; i++) {{
            const start = performance.now();
            await engine.call("score_cards", {{cards: "5H 5S 5C JD 5D", crib: i % 2 == 1}});
            times.push(performance.now() - start);
        }}
        return times;
    }}""")
    # and once through the interface: type, press Enter, breakdown drawn
    page.fill("#scorer-cards", "4c 5d 5s 6h 10c")
    start = page.evaluate("performance.now()")
    page.press("#scorer-cards", "Enter")
    page.wait_for_function("document.querySelector('[data-show-result] .breakdown__total')?.textContent === '16'")
    ui = mark(page, "cribbage:breakdown") - start
    context.close()
    return statistics.median(times), ui


def next_problem(browser, url, clicks=10):
    context = browser.new_context()
    page = context.new_page()
    page.goto(url + "practice/")
    wait_for_engine(page)
    page.wait_for_selector('[data-quiz="show"] [data-problem] .card', timeout=TIMEOUT)
    times = []
    for quiz in ("show", "play", "discard") * (clicks // 3 + 1):
        seed = page.get_attribute(f'[data-quiz="{quiz}"]', "data-seed")
        start = page.evaluate("performance.now()")
        page.click(f'[data-quiz="{quiz}"] [data-next]')
        page.wait_for_function(f"document.querySelector('[data-quiz=\"{quiz}\"]').dataset.seed !== '{seed}'")
        times.append(mark(page, "cribbage:problem") - start)
    context.close()
    return statistics.median(times)


def computer_move(browser, url, actions=25):
    """Strong computer: from the player's click to the view redrawn with the computer's reply."""
    times, _, _ = computer_moves(browser, url, "strong", actions)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    runs = parser.parse_args().runs
    port = free_port()
    with tempfile.TemporaryDirectory() as out:
        site = Path(out)
        build_sites(site, port)
        results: dict[str, list[float]] = {
            k: [] for k in ("a", "b", "b_plain", "b_warm", "b_repeat", "c", "c_cold", "d", "d_ui", "e", "f")}
        with StaticServer(site, cache_seconds=3600, port=port) as url, sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium.executable(), headless=True,
                                                args=chromium.launch_args())
            bare(browser, url)  # warm-up: the OS file cache, Chromium's own start
            for _ in range(runs):  # interleaved, so drift hits every figure alike
                results["a"].append(bare(browser, url))
                results["b"].append(try_link(browser, url))
                results["b_plain"].append(try_link(browser, url, prefix="plain/"))
                results["b_warm"].append(try_link(browser, url, warm=True))
                results["b_repeat"].append(try_link(browser, url, repeat=True))
                results["c"].append(instant(browser, url))
                results["c_cold"].append(instant(browser, url, started=False))
                d, d_ui = one_breakdown(browser, url)
                results["d"].append(d)
                results["d_ui"].append(d_ui)
                results["e"].append(next_problem(browser, url))
                results["f"].append(computer_move(browser, url))
            browser.close()
    med = {k: statistics.median(v) for k, v in results.items()}
    spread = {k: (min(v), max(v)) for k, v in results.items()}
    rows = [
        ("a", "(a) bare page, loadPyodide() resolved", ""),
        ("b", "(b) scorer from a Try link, breakdown shown", f"{med['b'] / med['a']:.2f} x (a)   target <= 1.10 x"),
        ("b_plain", "    (b) without the memory snapshot", f"{med['b_plain'] / med['a']:.2f} x (a)"),
        ("b_warm", "    (b) again with a warm HTTP cache", f"{med['b_warm'] / med['a']:.2f} x (a)"),
        ("b_repeat", "    (b) a repeat visit, restored from the snapshot", f"{med['b_repeat'] / med['a']:.2f} x (a)"),
        ("c", "(c) instant navigation, worker started", "target < 300 ms"),
        ("c_cold", "    (c) when the worker had not started", ""),
        ("d", "(d) one breakdown, worker round trip", "target < 50 ms"),
        ("d_ui", "    (d) typed + Enter until drawn", ""),
        ("e", "(e) practice: next problem on screen", "target < 100 ms"),
        ("f", "(f) table: computer's move on screen", "target < 200 ms"),
    ]
    print(f"headless Chromium, medians of {runs} fresh browser contexts (min-max)")
    for key, label, note in rows:
        low, high = spread[key]
        print(f"  {label:<46} {med[key]:8.1f} ms  ({low:.1f}-{high:.1f})  {note}")


if __name__ == "__main__":
    main()
