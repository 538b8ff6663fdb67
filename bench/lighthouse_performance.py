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
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

from harness.run import build_site, free_port  # noqa: E402
from hooks import chromium  # noqa: E402
from static_host import StaticServer  # noqa: E402

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
METRICS = ("first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "cumulative-layout-shift",
           "speed-index")


def run_lighthouse(url: str, out: Path) -> dict:
    env = dict(os.environ, CHROME_PATH=chromium.executable())
    flags = ["--headless=new", *chromium.launch_args()]
    command = [str(ROOT / "node_modules" / ".bin" / "lighthouse"), url, "--quiet", "--only-categories=performance",
               "--output=json", f"--output-path={out}", f"--chrome-flags={' '.join(flags)}"]
    subprocess.run(command, env=env, check=True, timeout=300)
    return json.loads(out.read_text())


def one_run(url: str, out: Path) -> tuple[int, list[str], float]:
    """Score, the metrics' display values, and Lighthouse's benchmark index of the machine's CPU."""
    report = run_lighthouse(url, out)
    audits = report["audits"]
    return (round(100 * report["categories"]["performance"]["score"]),
            [audits[m]["displayValue"] for m in METRICS], report["environment"]["benchmarkIndex"])


def median_run(runs: list[tuple[int, list[str], float]]) -> tuple[int, list[str], float]:
    return sorted(runs, key=lambda r: r[0])[len(runs) // 2]


def measure(sites: dict[str, str], pages: list[str], runs: int, keep: Path | None, tmp: Path) -> dict:
    """Each page ``runs`` times on each site, the sites alternating so that they share the noise."""
    results: dict[tuple[str, str], list] = {}
    for name in pages:
        for run in range(runs):
            for label, url in sites.items():
                out = (keep / f"{label}-{name.replace(' ', '-')}-{run + 1}.json" if keep else tmp / "report.json")
                out.parent.mkdir(parents=True, exist_ok=True)
                result = one_run(url + PAGES[name], out)
                results.setdefault((label, name), []).append(result)
                print(f"  {label:<8} {name:<14} {result[0]:>3}  " + "  ".join(result[1])
                      + f"  (CPU index {result[2]:.0f})", flush=True)
    return results


def report(results: dict, pages: list[str], runs: int, baseline: bool) -> list[int]:
    print(f"\nLighthouse performance, mobile preset (simulated slow 4G, 4x CPU slowdown), median of "
          f"{runs} run(s); target >= 95")
    print(f"{'page':<14} {'score':>5}  " + "  ".join(f"{m.split('-')[0][:5]}" for m in METRICS)
          + ("  baseline  difference" if baseline else ""))
    scores = []
    for name in pages:
        score, values, _ = median_run(results[("site", name)])
        scores.append(score)
        line = f"{name:<14} {score:>5}  " + "  ".join(values)
        if baseline:
            base = median_run(results[("baseline", name)])[0]
            line += f"  {base:>8}  {score - base:>+10}"
        print(line)
    indexes = sorted(r[2] for rows in results.values() for r in rows)
    print(f"Lighthouse's CPU benchmark index of this machine: median {indexes[len(indexes) // 2]:.0f}, "
          f"range {indexes[0]:.0f}-{indexes[-1]:.0f} (a fast desktop is about 1,500-2,000; lower "
          "means every simulated timing is longer)")
    return scores


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--pages", default=",".join(PAGES))
    parser.add_argument("--site", type=Path, help="a built site (built for this port with SITE_URL)")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--baseline", type=Path,
                        help="another build, made for --port + 1, measured alternately with the site")
    parser.add_argument("--runs", type=int, default=1, help="runs per page; the median run is reported")
    parser.add_argument("--keep", type=Path, help="write each page's Lighthouse JSON report here")
    args = parser.parse_args()
    port = args.port or free_port()
    pages = args.pages.split(",")
    with tempfile.TemporaryDirectory() as tmp, contextlib.ExitStack() as stack:
        site = args.site
        if site is None:
            site = Path(tmp) / "site"
            build_site(site, f"http://127.0.0.1:{port}/")
        sites = {"site": stack.enter_context(StaticServer(site, port=port))}
        if args.baseline:
            sites["baseline"] = stack.enter_context(StaticServer(args.baseline, port=port + 1))
        results = measure(sites, pages, args.runs, args.keep, Path(tmp))
    if any(score < 95 for score in report(results, pages, args.runs, bool(args.baseline))):
        sys.exit(1)


if __name__ == "__main__":
    main()
