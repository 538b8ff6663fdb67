"""The suite's fixtures and layers. The machinery is in the harness package (tests/harness/).

Layers, by folder: tests/engine/ (the engine alone), tests/site/ (the build, the catalog, the
built pages, with no browser), tests/browser/ (Chromium through Playwright: marked ``browser``
here, by folder). They run in that order, so the engine tests run while the site builds.

Fixtures: ``site`` (the built site, one build per run), ``site_url`` and ``server`` (its address,
ending in "/"), ``project`` (a writable copy of the sources), ``rng``; in the browser layer
``browser`` (one Chromium per process), ``page`` (a fresh profile: the engine starts cold),
``warm_page`` (a new tab where the engine has started before: restores from its snapshot) and
``warm_pages`` (the same for any view). Each page fails its test on console errors, page errors,
dialogs or requests to other origins (``page.problems``).
"""

from __future__ import annotations

import os
import random
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.register_assert_rewrite("harness")

from harness import ROOT  # noqa: E402
from harness import run as runs  # noqa: E402
from harness.browser import DESKTOP, EXPECT_TIMEOUT, View, WarmContexts, launch, new_context, watch  # noqa: E402
from harness.table import WHOLE_GAMES  # noqa: E402
from hooks import offline  # noqa: E402

LAYERS = ("engine", "site", "browser")
NEEDS_THE_SITE = {"site", "server"}
_OWNED = pytest.StashKey[runs.Run]()  # the run this process owns (the controller's, or the only one)


def pytest_configure(config: pytest.Config) -> None:
    from playwright.sync_api import expect

    # The suite's builds pack the compressed copies at brotli's quick level (hooks/offline.py): a
    # minute of a cold build's CPU, for sizes that only the benchmarks measure.
    os.environ.setdefault(offline.QUICK_PACKING, "quick")
    expect.set_options(timeout=EXPECT_TIMEOUT)
    if not hasattr(config, "workerinput"):  # pytest-xdist's controller, or the only process
        config.stash[_OWNED] = runs.begin()


def pytest_unconfigure(config: pytest.Config) -> None:
    runs.stop_builds()
    if _OWNED in config.stash:
        runs.end(config.stash[_OWNED])



def _layer(item: pytest.Item) -> int:
    parts = Path(item.path).relative_to(ROOT / "tests").parts
    return LAYERS.index(parts[0]) if parts[0] in LAYERS else len(LAYERS)


def pytest_itemcollected(item: pytest.Item) -> None:
    """The browser marker, by folder (before -m chooses)."""
    if _layer(item) == LAYERS.index("browser"):
        item.add_marker(pytest.mark.browser)


# Browser files whose tests run longest (whole games, offline visits, linked phones): first in the
# order, so that they start early and the work a process takes from another late in the run (make
# test: --dist worksteal, from the end of that process's share) is short.
LONGEST_FIRST = ("test_table_linked.py", "test_link_webrtc.py", "test_offline_browser.py", "test_review_browser.py",
                 "test_table_people.py", "test_table_variants.py", "test_table_browser.py")


def _order(item: pytest.Item) -> tuple[int, int]:
    name = Path(item.path).name
    return _layer(item), LONGEST_FIRST.index(name) if name in LONGEST_FIRST else len(LONGEST_FIRST)


# The larger runs of checks that `make test` makes at a smaller size run in `make test-all` only.
EXHAUSTIVE = pytest.mark.skip(reason="a larger run, or another view, of a check made above: make test-all runs it")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The layers in order, so the engine tests run while the site builds; the longest browser files first."""
    items.sort(key=_order)  # stable: each file's own order is kept
    if not WHOLE_GAMES:
        for item in items:
            if item.get_closest_marker("exhaustive"):
                item.add_marker(EXHAUSTIVE)


def pytest_collection_finish(session: pytest.Session) -> None:
    """Start the site's build now, in the background, if a test that will run needs it."""
    run = runs.current()
    wanted = any(NEEDS_THE_SITE & set(getattr(item, "fixturenames", ())) for item in session.items)
    if run and wanted and not session.config.option.collectonly:
        runs.start_build(run)


@pytest.fixture
def rng() -> random.Random:
    return random.Random(20261129)


@pytest.fixture(scope="session")
def site_url() -> str:
    """The address this run's site is built for and served at (ends in "/")."""
    run = runs.current()
    assert run, "no test run: tests/conftest.py's pytest_configure makes one"
    return run.url


@pytest.fixture(scope="session")
def site() -> Path:
    """The whole site, built once per test run (shared by every worker)."""
    run = runs.current()
    assert run, "no test run: tests/conftest.py's pytest_configure makes one"
    built, messages = runs.wait_for_build(run)
    if not built:
        pytest.fail(f"the site build failed:\n{messages[-4000:]}", pytrace=False)
    return run.site


@pytest.fixture(scope="session")
def server(site: Path, site_url: str) -> str:
    """The site at the address it was built for (instant navigation needs the same port)."""
    return site_url


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A copy of the site's sources, safe to break (the engine and the caches are shared)."""
    copy = tmp_path / "project"
    copy.mkdir()
    for name in ("docs", "hooks", "overrides"):
        shutil.copytree(ROOT / name, copy / name)
    shutil.copy(ROOT / "mkdocs.yml", copy / "mkdocs.yml")
    (ROOT / "build").mkdir(exist_ok=True)
    for name in ("engine", "pyproject.toml", "node_modules", "build"):  # read, or caches keyed by content
        (copy / name).symlink_to(ROOT / name)
    return copy


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        try:
            chromium = launch(playwright)
        except FileNotFoundError as missing:
            pytest.fail(str(missing), pytrace=False)
        yield chromium
        chromium.close()


@pytest.fixture(scope="session")
def warm_contexts(browser: Any, server: str) -> Iterator[WarmContexts]:
    contexts = WarmContexts(browser, server)
    yield contexts
    contexts.close()


def _fails_on_problems(page: Any) -> None:
    assert not page.problems, page.problems


@pytest.fixture
def page(browser: Any, server: str) -> Iterator[Any]:
    """A fresh page at 1280 x 900 in a new profile: the engine starts cold, nothing is stored, the
    service worker may register. For tests that need exactly that; others take ``warm_page``."""
    context = new_context(browser, DESKTOP)
    page = context.new_page()
    watch(page, server)
    yield page
    context.close()
    _fails_on_problems(page)


@pytest.fixture
def warm_pages(warm_contexts: WarmContexts) -> Iterator[Callable[[View], Any]]:
    """``warm_pages(view)``: a new page for the view in this process's warm context of its kind
    (the engine restores from its snapshot; storage empty; no service worker). Closed after the test."""
    opened: list[Any] = []
    there_before: set[int] = set()  # pages of other fixtures in the same context (module-scoped ones)

    def open_page(view: View = DESKTOP) -> Any:
        context = warm_contexts.context(view)
        there_before.update(id(other) for other in context.pages if other not in opened)
        opened.append(warm_contexts.page(view))
        return opened[-1]

    yield open_page
    for context in {id(page.context): page.context for page in opened}.values():
        for other in context.pages:  # the test's pages, and any it opened beside them
            if id(other) not in there_before:
                other.close()
    for page in opened:
        _fails_on_problems(page)


@pytest.fixture
def warm_page(warm_pages: Callable[[View], Any]) -> Any:
    """Like ``page`` (1280 x 900, fails on problems) but warm: for every test that does not need a
    cold start, an empty profile's service worker or changes to the context."""
    return warm_pages(DESKTOP)
