import os
import random
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from cribbage import DECK


@pytest.fixture
def rng():
    return random.Random(20261129)


def random_hand(rng):
    cards = rng.sample(DECK, 5)
    return tuple(cards[:4]), cards[4]


ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


SITE_PORT = free_port()
SITE_URL = f"http://127.0.0.1:{SITE_PORT}/"  # the built site is served here by the browser tests


def build(project: Path, site: Path, strict: bool = True, env: dict | None = None) -> subprocess.CompletedProcess:
    """Run `mkdocs build` for a project directory into ``site``."""
    args = [sys.executable, "-m", "mkdocs", "build", "--site-dir", str(site),
            "--config-file", str(project / "mkdocs.yml")]
    env = dict(env or os.environ, NO_MKDOCS_2_WARNING="1", SITE_URL=SITE_URL)
    return subprocess.run(args + (["--strict"] if strict else []), capture_output=True, text=True,
                          cwd=project, env=env, check=False)


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


CHROMIUM = "/usr/bin/chromium"
CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync"]


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
        pytest.fail(f"{CHROMIUM} is missing: install Debian's chromium package (.ci/run does)")
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
