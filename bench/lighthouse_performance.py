"""Lighthouse performance scores (mobile preset) for the site's main pages, on the compressing server.

    python bench/lighthouse_performance.py [--pages home,guide,...] [--runs 3] [--site DIR] [--keep DIR]

Builds the site (unless --site names a build), serves it with tools/static_host.py (the server
``make serve`` runs: precompressed files, cache headers) and runs the pinned npm ``lighthouse``
with Debian's Chromium (``CHROME_PATH``, default /usr/bin/chromium) and the project's Chromium
flags. Lighthouse's default (mobile) settings: a Moto G class phone, simulated slow 4G and a 4x
slower CPU. Target (issue 10): performance >= 95 on every page listed. With --runs N each page is
run N times and the run with the median score is reported (Lighthouse's simulated timings vary
from run to run on a shared machine).

Lighthouse simulates the phone from a trace taken on this machine, so a slow or shared CPU lowers
every score. ``--baseline DIR`` names a second build (made for ``--port`` + 1, e.g. of an older
commit), measured alternately with the site in the same run: the difference is the change's own.
Each run also prints Lighthouse's benchmark index of the CPU.

``--stock`` builds a stock mkdocs-material site of the pinned version in the same run (a generated
mkdocs.yml, a short home page and a page of 80 questions, compressed and served the same way, on
``--port`` + 2) and loads one of its two pages after each of the project's, alternately: each
page's median is then reported beside the stock home page's. Every run also prints Lighthouse's
observed first paint (the unthrottled one, from its metrics audit), which shows a first paint
held by the machine's own load; the target is none past 600 ms. (On this two-core machine, held
first paints came at about 1.2-1.3 s after navigation, on stock Material's pages as on the project's,
and never on a one-paragraph page: each line prints how long the main thread sat idle before the
paint, and in every held run it had been idle 0.7-1 s, the page's own work long done, against
20-80 ms in the runs not held.)

The hold is Chromium's paint holding (the browser keeps the previous page, here Lighthouse's blank
one, on screen until the new page is ready to show, with a timeout): a trace of a held load shows
the renderer's compositor receiving a frame signal every 16 ms while no frame of the page is begun
for 600 ms after DOMContentLoaded, nothing render-blocking outstanding, and under the same load
none of 13 loads with the feature off was held against 4 of 13 with it on.
``--no-paint-holding`` turns it off (``--disable-features=PaintHolding``) to measure the page's
own first paint: the nearest proxy for the target when the browser's hold cannot be told apart
from the page's in Lighthouse's figure.

``--http2`` serves every site (the project's, the baseline, stock Material) over HTTP/2, as a
production host does: tools/static_host.py speaks HTTP/1.1, and Lighthouse simulates the slow
network from the protocol it saw, with six connections to a host under HTTP/1.1 and every request
of a page queued for them. A page that loads two dozen small modules beside Material's bundle (the
scorer) then gets its bundle late in the simulation: in a saved simulation (``LANTERN_DEBUG=1``
with ``--save-assets``) the bundle waited for a free connection until 1.1 s and shared the link
with the modules until 2.3 s, and Material's start, which runs as it arrives, came after the first
paint and counted as blocking. Over one HTTP/2 connection nothing waits for a connection. The
answers are the static host's own, passed on unchanged by bench/h2_front.mjs (Node's http2
module, a throwaway certificate made with ``openssl`` that this bench's Chromium accepts).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

from harness.run import build_site, free_port  # noqa: E402
from hooks import chromium  # noqa: E402
from hooks.offline import compress_site  # noqa: E402
from static_host import StaticServer, run_build  # noqa: E402

PAGES = {
    "home": "",
    "guide": "guide/",
    "FAQ": "faq/",
    "a FAQ answer": "faq/average-hand/",
    "scorer": "scorer/#hand=4C,5D,5S,6H&starter=TC",
    "analyser": "analyser/#deal=5H,5S,6C,7D,JD,KC&dealer=1",
    "practice": "practice/",
    "table": "table/",
    "board": "board/",
}
STOCK_PAGES = {"stock home": "", "stock long page": "questions/"}
OBSERVED_LIMIT_MS = 600
IDLE_HOLD_MS = 500  # a held paint after this long with no main-thread task waited on the browser, not the page
METRICS = ("first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "cumulative-layout-shift",
           "speed-index")


NO_PAINT_HOLDING = "--disable-features=PaintHolding"


# --http2: this bench's own throwaway certificate, for 127.0.0.1 only, which its Chromium is told to accept.
ACCEPT_THE_CERTIFICATE = "--ignore-certificate-errors"


@contextlib.contextmanager
def http2_front(upstream: str, port: int, folder: Path) -> Iterator[str]:
    """``upstream`` (the static host, HTTP/1.1) behind bench/h2_front.mjs on ``port``: the same
    answers over one HTTP/2 connection, as a production host serves them."""
    key, cert = folder / "key.pem", folder / "cert.pem"
    if not cert.exists():
        subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                        "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
                        "-keyout", str(key), "-out", str(cert)], check=True, capture_output=True)
    front = subprocess.Popen(["node", str(ROOT / "bench" / "h2_front.mjs"), str(port), upstream, str(key), str(cert)],
                             stdout=subprocess.PIPE, text=True)
    try:
        if front.stdout is None or front.stdout.readline().strip() != "ready":
            raise RuntimeError(f"the HTTP/2 front did not start on port {port}")
        yield f"https://127.0.0.1:{port}/"
    finally:
        front.terminate()
        front.wait(timeout=10)


def serve(stack: contextlib.ExitStack, root: Path, port: int, http2: bool, folder: Path) -> str:
    """The built site at ``port``: the static host itself, or (``http2``) behind an HTTP/2 front."""
    if not http2:
        return stack.enter_context(StaticServer(root, port=port))
    return stack.enter_context(http2_front(stack.enter_context(StaticServer(root)), port, folder))


def run_lighthouse(url: str, out: Path, extra_flags: tuple[str, ...] = ()) -> dict:
    env = dict(os.environ, CHROME_PATH=chromium.executable())
    flags = ["--headless=new", *chromium.launch_args(), *extra_flags]
    command = [str(ROOT / "node_modules" / ".bin" / "lighthouse"), url, "--quiet", "--only-categories=performance",
               "--output=json", f"--output-path={out}", f"--chrome-flags={' '.join(flags)}"]
    subprocess.run(command, env=env, check=True, timeout=300)
    return json.loads(out.read_text())


# score, metrics shown, CPU index, observed first paint (ms), the main thread's longest idle time before it (ms)
Run = tuple[int, list[str], float, float, float]


def idle_before(tasks: list[dict], paint: float) -> float:
    """The longest stretch with no main-thread task before ``paint``: a first paint held while the
    page's own work was long done waited on the browser's frame, not on the page."""
    longest, busy_until = 0.0, 0.0
    for task in sorted(tasks, key=lambda t: t["startTime"]):
        if task["startTime"] >= paint:
            break
        longest = max(longest, task["startTime"] - busy_until)
        busy_until = max(busy_until, task["startTime"] + task["duration"])
    return longest


def one_run(url: str, out: Path, extra_flags: tuple[str, ...] = ()) -> Run:
    """Score, the metrics' display values, Lighthouse's benchmark index of the machine's CPU, the
    first paint it observed (unthrottled), and how long the main thread sat idle before it."""
    report = run_lighthouse(url, out, extra_flags)
    audits = report["audits"]
    observed = audits["metrics"]["details"]["items"][0]["observedFirstContentfulPaint"]
    idle = idle_before(audits["main-thread-tasks"]["details"]["items"], observed)
    return (round(100 * report["categories"]["performance"]["score"]),
            [audits[m]["displayValue"] for m in METRICS], report["environment"]["benchmarkIndex"], observed, idle)


def median_run(runs: list[Run]) -> Run:
    return sorted(runs, key=lambda r: r[0])[len(runs) // 2]


def measure(sites: dict[str, str], pages: list[str], runs: int, keep: Path | None, tmp: Path,
            extra_flags: tuple[str, ...] = ()) -> dict:
    """Each page ``runs`` times on each site, the sites alternating so that they share the noise;
    with a stock site, one of its pages (in turn) after each load of the project's."""
    results: dict[tuple[str, str], list] = {}
    stock_turn = 0

    def load(label: str, name: str, url: str, run: int) -> None:
        out = (keep / f"{label}-{name.replace(' ', '-')}-{run + 1}.json" if keep else tmp / "report.json")
        out.parent.mkdir(parents=True, exist_ok=True)
        result = one_run(url, out, extra_flags)
        results.setdefault((label, name), []).append(result)
        print(f"  {label:<8} {name:<16} {result[0]:>3}  " + "  ".join(result[1])
              + f"  first paint observed {result[3]:.0f} ms, main thread idle {result[4]:.0f} ms before it"
              f"  (CPU index {result[2]:.0f}, load {os.getloadavg()[0]:.1f})", flush=True)

    for name in pages:
        for run in range(runs):
            for label, url in sites.items():
                if label != "stock":
                    load(label, name, url + PAGES[name], run)
            if "stock" in sites:
                stock_name, path = list(STOCK_PAGES.items())[stock_turn % len(STOCK_PAGES)]
                load("stock", stock_name, sites["stock"] + path, stock_turn // len(STOCK_PAGES))
                stock_turn += 1
    return results


def observed_paints(runs: list[Run]) -> str:
    observed = [r[3] for r in runs]
    held = [r for r in runs if r[3] > OBSERVED_LIMIT_MS]
    idle = sum(r[4] >= IDLE_HOLD_MS for r in held)
    return ", ".join(f"{ms:.0f}" for ms in observed) + (
        f"  ({len(held)} past {OBSERVED_LIMIT_MS}; {idle} with the main thread idle {IDLE_HOLD_MS} ms or more "
        "before the paint)" if held else "")


def report(results: dict, pages: list[str], runs: int, baseline: bool) -> list[int]:
    print(f"\nLighthouse performance, mobile preset (simulated slow 4G, 4x CPU slowdown), median of "
          f"{runs} run(s); target >= 95")
    stock = ("stock", "stock home") in results
    stock_home = median_run(results[("stock", "stock home")])[0] if stock else 0
    print(f"{'page':<16} {'score':>5}  " + "  ".join(f"{m.split('-')[0][:5]}" for m in METRICS)
          + ("  baseline  difference" if baseline else "") + ("  stock home" if stock else "")
          + "  observed first paint, each run (ms)")
    scores = []
    rows = [("site", name) for name in pages] + [("stock", name) for name in STOCK_PAGES if stock]
    for label, name in rows:
        score, values, *_ = median_run(results[(label, name)])
        if label == "site":
            scores.append(score)
        line = f"{name:<16} {score:>5}  " + "  ".join(values)
        if baseline:
            base = median_run(results[("baseline", name)])[0] if label == "site" else score
            line += f"  {base:>8}  {score - base:>+10}"
        if stock:
            line += f"  {stock_home:>10}"
        print(line + "  " + observed_paints(results[(label, name)]))
        if baseline and label == "site":
            print(f"{'  baseline':<{len(line)}}  " + observed_paints(results[("baseline", name)]))
    indexes = sorted(r[2] for runs_ in results.values() for r in runs_)
    print(f"Lighthouse's CPU benchmark index of this machine: median {indexes[len(indexes) // 2]:.0f}, "
          f"range {indexes[0]:.0f}-{indexes[-1]:.0f} (a fast desktop is about 1,500-2,000; lower "
          "means every simulated timing is longer)")
    return scores


STOCK_CONFIG = """site_name: Stock Material
site_url: {url}
theme:
  name: material
  font: false
  features: [navigation.instant]
nav: [index.md, questions.md]
"""


def build_stock(folder: Path, url: str) -> Path:
    """A stock Material site of the pinned version: a short home page and a page of 80 questions,
    compressed as the project's build is (``.br``/``.gz`` beside each file). Without Google Fonts,
    like the project's: this machine reaches no other origin."""
    docs = folder / "docs"
    docs.mkdir(parents=True)
    (folder / "mkdocs.yml").write_text(STOCK_CONFIG.format(url=url))
    (docs / "index.md").write_text("# Home\n\nA short home page of a stock Material site, "
                                   "with a [long page](questions.md).\n")
    questions = "\n".join(
        f"## Question {n}: how is a hand counted when {n} points are at stake?\n\n"
        f"Count fifteens, pairs, runs, flush and nobs in turn. Answer {n} takes a paragraph or two of "
        "plain text, as a questions page does, with *some* emphasis, a `code` span and a list:\n\n"
        "- fifteens two each;\n- pairs two each;\n- runs one a card.\n" for n in range(1, 81))
    (docs / "questions.md").write_text("# Questions\n\n" + questions)
    site = folder / "site"
    result = run_build(site, project=folder, site_url=url)
    if result.returncode:
        raise RuntimeError(f"the stock site did not build:\n{result.stderr[-3000:]}")
    compress_site(site, folder / "compressed")
    return site


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--pages", default=",".join(PAGES))
    parser.add_argument("--site", type=Path,
                        help="a built site, built for this port (http://127.0.0.1:PORT/; https:// with --http2)")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--baseline", type=Path,
                        help="another build, made for --port + 1, measured alternately with the site")
    parser.add_argument("--runs", type=int, default=1, help="runs per page; the median run is reported")
    parser.add_argument("--keep", type=Path, help="write each page's Lighthouse JSON report here")
    parser.add_argument("--stock", action="store_true",
                        help="alternate with a stock Material site built in this run (on --port + 2)")
    parser.add_argument("--no-paint-holding", action="store_true",
                        help="Chromium without paint holding: the page's own first paint (see above)")
    parser.add_argument("--http2", action="store_true",
                        help="serve every site over HTTP/2 (TLS, bench/h2_front.mjs before the static host; see above)")
    args = parser.parse_args()
    port = args.port or free_port()
    pages = args.pages.split(",")
    with tempfile.TemporaryDirectory() as tmp, contextlib.ExitStack() as stack:
        scheme = "https" if args.http2 else "http"
        site = args.site
        if site is None:
            site = Path(tmp) / "site"
            build_site(site, f"{scheme}://127.0.0.1:{port}/")
        sites = {"site": serve(stack, site, port, args.http2, Path(tmp))}
        if args.baseline:
            sites["baseline"] = serve(stack, args.baseline, port + 1, args.http2, Path(tmp))
        if args.stock:
            stock_site = build_stock(Path(tmp) / "stock", f"{scheme}://127.0.0.1:{port + 2}/")
            sites["stock"] = serve(stack, stock_site, port + 2, args.http2, Path(tmp))
        flags = (((NO_PAINT_HOLDING,) if args.no_paint_holding else ())
                 + ((ACCEPT_THE_CERTIFICATE,) if args.http2 else ()))
        print(f"Served over {'HTTP/2' if args.http2 else 'HTTP/1.1'}: "
              + ", ".join(f"{label} {url}" for label, url in sites.items()), flush=True)
        results = measure(sites, pages, args.runs, args.keep, Path(tmp), flags)
    scores = report(results, pages, args.runs, bool(args.baseline))
    if args.stock:
        missed = stock_targets_missed(results, pages, scores)
        print("\n".join(missed) or "Every page is within its margin of the stock home page; no first paint held.")
        sys.exit(1 if missed else 0)
    if any(score < 95 for score in scores):
        sys.exit(1)


# Issue 43's targets beside stock Material: each page's median within 3 points of the stock home
# page's median in the same run (the one-page FAQ, 2,900 elements, within 5), and no run of the
# project's pages with Lighthouse's observed first paint past 600 ms (the stock pages' are shown
# beside them: on this machine they too are held now and then).
STOCK_MARGIN = {"FAQ": 5}
DEFAULT_MARGIN = 3


def stock_targets_missed(results: dict, pages: list[str], scores: list[int]) -> list[str]:
    stock_home = median_run(results[("stock", "stock home")])[0]
    missed = [f"{name}: {score}, more than {STOCK_MARGIN.get(name, DEFAULT_MARGIN)} below the stock home page's "
              f"{stock_home}" for name, score in zip(pages, scores, strict=True)
              if score < stock_home - STOCK_MARGIN.get(name, DEFAULT_MARGIN)]
    for (label, name), runs in results.items():  # stock Material's own held paints are the machine's noise
        held = [run for run in runs if run[3] > OBSERVED_LIMIT_MS and label != "stock"]
        missed += [f"{name}: first paint observed at {run[3]:.0f} ms (the main thread idle {run[4]:.0f} ms before it)"
                   for run in held]
    return missed


if __name__ == "__main__":
    main()
