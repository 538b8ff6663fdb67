"""Lighthouse performance scores (mobile preset) for the site's main pages, on the compressing server.

    python bench/lighthouse_performance.py [--pages home,guide,...] [--runs 3] [--site DIR] [--keep DIR]

Builds the site (unless --site names a build), serves it with tools/static_host.py (the server
``make serve`` runs: precompressed files, cache headers) and runs the pinned npm ``lighthouse``
with Debian's Chromium (``CHROME_PATH``, default /usr/bin/chromium) and the project's Chromium
flags. Lighthouse's default (mobile) settings: a Moto G class phone, simulated slow 4G and a 4x
slower CPU. Target (issue 10): performance >= 95 on every page listed. With --runs N each page is
run N times and the run with the median score is reported (Lighthouse's simulated timings vary
from run to run on a shared machine).
"""

from __future__ import annotations

import argparse
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


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--pages", default=",".join(PAGES))
    parser.add_argument("--site", type=Path, help="a built site (built for this port with SITE_URL)")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--runs", type=int, default=1, help="runs per page; the median run is reported")
    parser.add_argument("--keep", type=Path, help="write each page's Lighthouse JSON report here")
    args = parser.parse_args()
    port = args.port or free_port()
    with tempfile.TemporaryDirectory() as tmp:
        site = args.site
        if site is None:
            site = Path(tmp) / "site"
            build_site(site, f"http://127.0.0.1:{port}/")
        rows = []
        with StaticServer(site, port=port) as url:
            for name in args.pages.split(","):
                runs = []
                for run in range(args.runs):
                    out = (args.keep / f"{name.replace(' ', '-')}-{run + 1}.json" if args.keep
                           else Path(tmp) / "report.json")
                    out.parent.mkdir(parents=True, exist_ok=True)
                    report = run_lighthouse(url + PAGES[name], out)
                    audits = report["audits"]
                    runs.append((round(100 * report["categories"]["performance"]["score"]),
                                 [audits[m]["displayValue"] for m in METRICS]))
                    print(f"  {name:<14} {runs[-1][0]:>3}  " + "  ".join(runs[-1][1]), flush=True)
                score, values = sorted(runs, key=lambda r: r[0])[len(runs) // 2]
                rows.append((name, score, values))
    print(f"\nLighthouse performance, mobile preset (simulated slow 4G, 4x CPU slowdown), median of "
          f"{args.runs} run(s); target >= 95")
    print(f"{'page':<14} {'score':>5}  " + "  ".join(f"{m.split('-')[0][:5]}" for m in METRICS))
    for name, score, values in rows:
        print(f"{name:<14} {score:>5}  " + "  ".join(values))
    if any(score < 95 for _, score, _ in rows):
        sys.exit(1)


if __name__ == "__main__":
    main()
