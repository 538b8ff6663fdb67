import random
import shutil
from pathlib import Path

import pytest

from helpers import CHROMIUM, CHROMIUM_FLAGS, ROOT, SITE_PORT, SITE_URL, build


@pytest.fixture
def rng():
    return random.Random(20261129)


@pytest.fixture(scope="session")
def site(tmp_path_factory) -> Path:
    """The whole site, built once per test session."""
    out = tmp_path_factory.mktemp("site")
    result = build(ROOT, out)
    assert result.returncode == 0, result.stderr
    return out


@pytest.fixture
def project(tmp_path) -> Path:
    """A copy of the site's sources, safe to break."""
    copy = tmp_path / "project"
    copy.mkdir()
    for name in ("docs", "hooks", "overrides"):
        shutil.copytree(ROOT / name, copy / name)
    shutil.copy(ROOT / "mkdocs.yml", copy / "mkdocs.yml")
    for name in ("engine", "pyproject.toml", "node_modules"):  # read, never changed
        (copy / name).symlink_to(ROOT / name)
    return copy


@pytest.fixture(scope="session")
def server(site):
    """The site at the address it was built for (instant navigation needs the same port)."""
    from static_server import StaticServer

    with StaticServer(site, port=SITE_PORT) as url:
        assert url == SITE_URL
        yield url


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: install Debian's chromium package (.ci/run does) "
                    "or set CHROMIUM=/path/to/chromium")
    playwright_api = pytest.importorskip("playwright.sync_api")
    with playwright_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_FLAGS)
        yield browser
        browser.close()


@pytest.fixture
def page(browser, server):
    """A fresh page that fails the test on console errors or requests to other origins."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    problems: list[str] = []
    page.on("console", lambda m: m.type == "error" and problems.append(f"console: {m.text}"))
    page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
    page.on("dialog", lambda d: (problems.append(f"dialog: {d.message}"), d.dismiss()))
    page.on("request", lambda r: r.url.startswith((server, "data:", "blob:"))
            or problems.append(f"request to another origin: {r.url}"))
    page.problems = problems
    yield page
    context.close()
    assert not problems, problems


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Browser tests run Chromium, a worker and Pyodide on a shared two-core machine, where a
    timeout can come from the machine rather than the page: each may run once more (and the
    report says so). A failure that repeats still fails; engine tests never retry."""
    for item in items:
        if "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.flaky(reruns=1))
