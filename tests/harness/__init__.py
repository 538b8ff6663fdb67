"""The cribbage site's test harness: what tests, benchmarks and tools share, imported by name.

- ``harness.run``: one test run's site, built once (in the background, while the engine tests
  run) and served at one address by ``tools/static_host.py``, for every pytest worker;
  ``harness.build`` runs any other build (a broken copy of the sources, another port).
- ``harness.browser``: Chromium with ``hooks/chromium.py``'s path and flags, the views and their
  contexts (fresh, or warm: the engine already started once), the one console/request watcher,
  the one ``ENGINE_TIMEOUT``, the "engine ready" and "settled" waits, the layout-shift observer,
  and the pages' storage keys (read from the page, never copied).
- ``harness.pagekinds``: the page kinds every site-wide check visits, and axe-core.
- ``harness.table``: a table game in the page beside the same game in CPython.
- ``harness.games``, ``harness.naive``: engine-test helpers and the naive second scorer.
- ``harness.site_server``: a built and served site for the screenshot, axe and Lighthouse tools.
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]  # tests/harness/ -> the checkout
