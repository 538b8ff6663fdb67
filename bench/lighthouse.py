"""Lighthouse accessibility and SEO scores for every page kind (target: 100 each).

    .venv/bin/python bench/lighthouse.py [--url http://127.0.0.1:PORT/] [kind ...]

Lighthouse is pinned in bench/lighthouse/package.json (installed there on first use with npm ci,
apart from the site's own packages). It drives Debian's Chromium (CHROME_PATH, or CHROMIUM, or
/usr/bin/chromium) with the flags of hooks/chromium.py, emulating a phone as it does by default.
Without --url the site is built for a free port and served. Prints a table and any failed audit.
"""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

from harness.pagekinds import KINDS  # noqa: E402
from harness.site_server import built_site  # noqa: E402
from hooks import chromium  # noqa: E402

LIGHTHOUSE_DIR = ROOT / "bench" / "lighthouse"
LIGHTHOUSE = LIGHTHOUSE_DIR / "node_modules" / ".bin" / "lighthouse"


def ensure_lighthouse() -> None:
    if not LIGHTHOUSE.exists():
        command = "ci" if (LIGHTHOUSE_DIR / "package-lock.json").exists() else "install"
        subprocess.run(["npm", command, "--no-audit", "--no-fund", "--loglevel=error"],
                       cwd=LIGHTHOUSE_DIR, check=True)


def audit(url: str, out: Path) -> dict:
    env = dict(os.environ, CHROME_PATH=os.environ.get("CHROME_PATH") or chromium.executable())
    flags = " ".join(["--headless=new", *chromium.launch_args()])
    subprocess.run([str(LIGHTHOUSE), url, "--only-categories=accessibility,seo", "--output=json",
                    f"--output-path={out}", f"--chrome-flags={flags}", "--quiet", "--max-wait-for-load=60000"],
                   env=env, check=True, timeout=300)
    return json.loads(out.read_text())


def failed_audits(report: dict, category: str) -> list[str]:
    refs = report["categories"][category]["auditRefs"]
    audits = report["audits"]
    return [f"{ref['id']}: {audits[ref['id']]['title']}" for ref in refs
            if ref.get("weight") and audits[ref["id"]].get("score") not in (None, 1)]


def main(args: list[str]) -> None:
    url = None
    if args[:1] == ["--url"]:
        url, args = args[1], args[2:]
    ensure_lighthouse()
    serving = contextlib.nullcontext((url, None)) if url else built_site()
    rows = []
    with serving as (url, _site), tempfile.TemporaryDirectory() as scratch:
        for kind in KINDS:
            if args and kind.name not in args:
                continue
            report = audit(url + kind.path, Path(scratch) / f"{kind.name}.json")
            scores = {c: round(report["categories"][c]["score"] * 100) for c in ("accessibility", "seo")}
            problems = failed_audits(report, "accessibility") + failed_audits(report, "seo")
            rows.append((kind.name, scores["accessibility"], scores["seo"], problems))
            print(f"{kind.name:12} accessibility {scores['accessibility']:3}  seo {scores['seo']:3}"
                  + ("  " + "; ".join(problems) if problems else ""), flush=True)
    print("\n| page kind | accessibility | SEO |\n| --- | --: | --: |")
    for name, a11y, seo, _problems in rows:
        print(f"| {name} | {a11y} | {seo} |")
    below = [row for row in rows if row[1] < 100 or row[2] < 100]
    print(f"\n{len(rows) - len(below)} of {len(rows)} page kinds score 100 in both")


if __name__ == "__main__":
    main(sys.argv[1:])
