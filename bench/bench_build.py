"""Site build benchmark: `mkdocs build` with the hooks against the same pages with the
hooks' work skipped (CRIBBAGE_HOOKS=off), alternated in one run; medians and the difference.

    python bench/bench_build.py [--runs N]

Target (issue 3): the hooks (catalog + verification + rendering) add under 1 second.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import tempfile
import time
from pathlib import Path

from static_host import run_build

ROOT = Path(__file__).resolve().parents[1]


def timed_build(hooks: bool, site_dir: str) -> tuple[float, float | None]:
    env = dict(os.environ, CRIBBAGE_HOOKS="on" if hooks else "off")
    start = time.perf_counter()
    result = run_build(Path(site_dir), strict=hooks, env=env)  # without the hooks the pages warn
    elapsed = time.perf_counter() - start
    if result.returncode != 0:
        raise SystemExit(f"build failed:\n{result.stderr}")
    inside = re.search(r"cribbage hooks: (\d+) ms", result.stderr)
    return elapsed, (int(inside.group(1)) / 1000 if inside else None)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=7)
    runs = parser.parse_args().runs
    with_hooks, without, inside = [], [], []
    with tempfile.TemporaryDirectory() as out:
        timed_build(True, out)  # warm-up: file caches, .pyc
        for _ in range(runs):
            seconds, hook_seconds = timed_build(True, out)
            with_hooks.append(seconds)
            inside.append(hook_seconds)
            without.append(timed_build(False, out)[0])
    a, b = statistics.median(with_hooks), statistics.median(without)
    hooks_own = statistics.median(inside)
    print(f"medians of {runs} alternating runs (whole `mkdocs build` process)")
    print(f"  build with hooks            {a:6.2f} s")
    print(f"  build, hooks' work skipped  {b:6.2f} s")
    print(f"  difference                  {a - b:6.2f} s   ratio {a / b:.2f}x   target: hooks add < 1 s")
    print(f"  time inside the hooks       {hooks_own:6.2f} s   ({hooks_own / a:.0%} of the build)")


if __name__ == "__main__":
    main()
