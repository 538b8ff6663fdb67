"""Chromium for the tests and benchmarks: views, contexts, the watcher, the waits.

Chromium's path and flags come from ``hooks/chromium.py`` only. A *fresh* context is a new
profile: the engine starts cold (Python downloaded and started, no snapshot stored), the
service worker registers and precaches the site. A *warm* context (``WarmContexts``) has had
the engine start once: its HTTP cache holds Pyodide, its Cache API the memory snapshot, and a
tab it keeps open (the *keeper*) holds the engine's shared worker, so an engine page opened in
it finds Python running, as a reader's second tab does; its service worker has installed once
(later pages may be served by it, as on a reader's second visit). Each warm page starts with
empty localStorage, IndexedDB and cookies. One warm context serves every view of its
kind (desktop, or phone: mobile, touch, scale 2); a page takes its view's viewport, colour scheme
and motion setting. (Playwright's ``service_workers="block"`` is not used: its stand-in for
``register`` resolves to nothing, which no browser does.)
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pytest

from hooks import chromium
from hooks.modules import storage_keys

# One timeout for anything that waits on the engine: a cold Pyodide start on a loaded two-core
# machine, with a second browser beside it. Generous on purpose: a pass is never a race against it.
ENGINE_TIMEOUT = 90_000  # ms
# expect()'s default, for the page's answer to an action once the engine is up (Playwright: 5 s).
EXPECT_TIMEOUT = 20_000  # ms
# The page's own engine client (an ES module): tests import the page's instance of it.
ENGINE = "(await import('/assets/js/engine.js')).engine"
# The root of each engine page: it carries data-engine-state (idle, loading, ready, failed).
ENGINE_ROOTS = {"scorer/": "[data-scorer-page]", "analyser/": "[data-analyser-page]",
                "practice/": "[data-practice-page]", "table/": "[data-table-page]"}


@dataclass(frozen=True)
class View:
    name: str
    width: int
    height: int
    scheme: str = "light"  # "light" | "dark"
    mobile: bool = False  # a phone: is_mobile, touch, device scale 2
    motion: str = "reduce"  # prefers-reduced-motion: "reduce" | "no-preference"


DESKTOP = View("desktop", 1280, 900, motion="no-preference")  # what the page fixture has always had
VIEWS = [  # the accessibility views
    View("light-desktop", 1280, 900, "light"),
    View("dark-desktop", 1280, 900, "dark"),
    View("light-phone", 390, 844, "light", mobile=True),
]
PHONE = View("light-phone", 390, 844, "light", mobile=True)
NARROW_PHONE = View("light-phone-320", 320, 640, "light", mobile=True)


def at_another_view(*values: Any, id: str | None = None) -> Any:
    """A view's parameters that ``make test`` leaves to ``make test-all`` (marked ``exhaustive``): the
    check runs in ``make test`` at the views that bind it (the narrowest phone for fit, one light and
    one dark for colour), and at every view in ``make test-all``."""
    return pytest.param(*values, id=id, marks=pytest.mark.exhaustive)


def launch(playwright: Any) -> Any:
    """Chromium as hooks/chromium.py says (CHROMIUM= or /usr/bin/chromium, the project's flags)."""
    return launch_with(playwright, ())


def launch_with(playwright: Any, extra_flags: tuple[str, ...]) -> Any:
    """``launch`` with flags of a test's own added (the WebRTC test's network settings)."""
    path = chromium.executable()
    if not Path(path).exists():
        raise FileNotFoundError(f"{path} is missing: install Debian's chromium package (.ci/run does) "
                                "or set CHROMIUM=/path/to/chromium")
    return playwright.chromium.launch(executable_path=path, headless=True, args=[*chromium.launch_args(), *extra_flags])


def context_options(view: View) -> dict[str, Any]:
    return {"viewport": {"width": view.width, "height": view.height}, "color_scheme": view.scheme,
            "is_mobile": view.mobile, "has_touch": view.mobile, "device_scale_factor": 2 if view.mobile else 1,
            "reduced_motion": view.motion}


# offline.js tells a reader once per device that the site is saved for offline use, in a notice
# that floats over the bottom of the page for ten seconds or until dismissed. The harness's contexts are a reader who
# has been told (the key from storage.js, set before any page script runs), so the notice does not
# cover what a test is using; the offline tests, which check the notice, open contexts of their own.
_TOLD = storage_keys(Path(__file__).resolve().parents[2] / "docs" / "assets" / "js" / "storage.js")["offlineSaved"]
TOLD_OFFLINE = f"try {{ localStorage.getItem('{_TOLD}') ?? localStorage.setItem('{_TOLD}', 'engine'); }} catch {{}}"


def new_context(browser: Any, view: View = DESKTOP, **options: Any) -> Any:
    """A fresh context (a new profile) for the view; ``options`` are Playwright's, added."""
    context = browser.new_context(**context_options(view), **options)
    context.add_init_script(TOLD_OFFLINE)
    return context


def watch(page: Any, origin: str, ignore: tuple[str, ...] = ()) -> list[str]:
    """The one watcher: console errors, page errors, dialogs (dismissed) and requests to other
    origins, collected on a list (also ``page.problems``). Messages containing one of ``ignore``
    are left out (the offline test expects the network's own errors)."""
    problems: list[str] = []

    def note(text: str) -> None:
        if not any(part in text for part in ignore):
            problems.append(text)

    page.on("console", lambda m: m.type == "error" and note(f"console: {m.text}"))
    page.on("pageerror", lambda e: note(f"page error: {e}"))
    page.on("dialog", lambda d: (note(f"dialog: {d.message}"), d.dismiss()))
    page.on("request", lambda r: r.url.startswith((origin, "data:", "blob:"))
            or note(f"request to another origin: {r.url}"))
    page.problems = problems
    return problems


SNAPSHOT_STORED = """async () => {
    const meta = JSON.parse(document.querySelector('meta[name="cribbage-runtime"]').content);
    const cache = await caches.open('cribbage-engine');
    return Boolean(await cache.match(new URL(meta.snapshot, location.origin + '/').href));
}"""
# Storage a warm page starts without (the Cache API keeps the snapshot: that is the warmth).
CLEARED = "cookies,local_storage,indexeddb,file_systems,websql"


class WarmContexts:
    """Per process: one warm context per kind of view, made (and warmed) on first use. Each
    keeps the tab that warmed it open (``keepers``): the engine's shared worker lives while a
    tab of the site that uses it does."""

    def __init__(self, browser: Any, origin: str):
        self.browser, self.origin = browser, origin
        self.contexts: dict[bool, Any] = {}
        self.keepers: dict[bool, Any] = {}

    def context(self, view: View) -> Any:
        if view.mobile not in self.contexts:
            base = PHONE if view.mobile else DESKTOP
            context = new_context(self.browser, replace(base, scheme=view.scheme))
            keeper = context.new_page()
            problems = watch(keeper, self.origin)
            open_engine_page(keeper, self.origin, "scorer/")
            wait_until(keeper, SNAPSHOT_STORED, ENGINE_TIMEOUT)
            if problems:
                raise RuntimeError(f"warming the {'phone' if view.mobile else 'desktop'} context: {problems}")
            self.contexts[view.mobile], self.keepers[view.mobile] = context, keeper
        return self.contexts[view.mobile]

    def is_keeper(self, page: Any) -> bool:
        return any(page is keeper for keeper in self.keepers.values())

    def page(self, view: View = DESKTOP) -> Any:
        """A new page in the warm context, with the view's size, scheme and motion and empty storage."""
        context = self.context(view)
        page = context.new_page()
        session = context.new_cdp_session(page)
        session.send("Storage.clearDataForOrigin", {"origin": self.origin.rstrip("/"), "storageTypes": CLEARED})
        session.detach()
        page.set_viewport_size({"width": view.width, "height": view.height})
        page.emulate_media(color_scheme=view.scheme, reduced_motion=view.motion)
        watch(page, self.origin)
        return page

    def close(self) -> None:
        for context in self.contexts.values():
            context.close()
        self.contexts.clear()
        self.keepers.clear()


def module_tab(contexts: WarmContexts, view: View) -> Iterator[Any]:
    """A module-scoped fixture's body: one warm tab for the view, shared by the module's tests."""
    tab = contexts.page(view)
    yield tab
    tab.close()


def own_problems(tab: Any) -> Iterator[Any]:
    """A function-scoped fixture's body over a shared tab: the test starts with no problems
    listed and fails on any it causes."""
    tab.problems.clear()
    yield tab
    assert not tab.problems, tab.problems


def wait_until(page: Any, script: str, timeout_ms: float, interval_ms: float = 100) -> None:
    """Wait until ``script`` (an async arrow function's source) gives a truthy value in the page.

    For conditions that need a promise (the Cache API, the clipboard): Playwright's
    ``wait_for_function`` does not await one, so an async predicate there passes at once. The
    page itself re-checks the condition every ``interval_ms`` until it holds or time runs out;
    a navigation meanwhile starts the wait again in the new page.
    """
    from playwright.sync_api import Error

    deadline = time.monotonic() + timeout_ms / 1000
    while (left := deadline - time.monotonic()) > 0:
        try:
            if page.evaluate(_WAIT_IN_PAGE.replace("CONDITION", script), [left * 1000, interval_ms]):
                return
        except Error as error:
            if "context was destroyed" not in str(error) and "navigation" not in str(error):
                raise
    raise TimeoutError(f"still false after {timeout_ms / 1000:g} s: {' '.join(script.split())[:120]}")


_WAIT_IN_PAGE = """async ([timeout, interval]) => {
    const check = CONDITION;
    const deadline = performance.now() + timeout;
    while (!(await check())) {
        if (performance.now() > deadline) return false;
        await new Promise((recheck) => setTimeout(recheck, interval));
    }
    return true;
}"""


def wait_until_offline_ready(page: Any) -> None:
    """The service worker controls the page and holds the pages and the engine's files."""
    wait_until(page, """async () => {
        if (!navigator.serviceWorker.controller) return false;
        const names = await caches.keys();
        if (!names.some((n) => n.startsWith('cribbage-site-'))) return false;
        const engine = await (await caches.open('cribbage-engine')).keys();
        return engine.some((r) => r.url.endsWith('pyodide.asm.wasm'))
            && engine.some((r) => r.url.endsWith('.whl')) && engine.some((r) => r.url.endsWith('python_stdlib.zip'));
    }""", ENGINE_TIMEOUT)


def engine_ready(page: Any, root: str = "[data-engine]", timeout_ms: float = ENGINE_TIMEOUT) -> None:
    """Wait until the page's engine area says the engine is ready."""
    from playwright.sync_api import expect

    expect(page.locator(root).first).to_have_attribute("data-engine-state", "ready", timeout=timeout_ms)


def open_engine_page(page: Any, origin: str, path: str, fragment: str = "") -> None:
    """Load an engine page (``scorer/``, ``analyser/``, ``practice/``, ``table/``) and wait for its engine."""
    page.goto(origin + path + fragment)
    engine_ready(page, ENGINE_ROOTS[path.split("?")[0]])


# Before any page script runs: a browser without shared workers (Chrome on Android), so the page
# starts a dedicated engine worker of its own. For tests that watch or hold the engine's
# downloads: Playwright sees and routes a page's and its dedicated workers' requests, not a
# shared worker's.
DEDICATED_WORKER = "delete window.SharedWorker;"

def engine_worker_targets(page: Any) -> list[dict[str, Any]]:
    """The engine's workers running in the page's browser context, as Chromium lists its targets
    (``type`` "shared_worker" or "worker", ``targetId``...): pages do not see shared workers."""
    own = page.context.new_cdp_session(page)
    browser = page.context.browser.new_browser_cdp_session()
    try:
        context_id = own.send("Target.getTargetInfo")["targetInfo"]["browserContextId"]
        targets: list[dict[str, Any]] = browser.send("Target.getTargets")["targetInfos"]
    finally:
        own.detach()
        browser.detach()
    return [t for t in targets if "engine-worker" in t["url"] and t.get("browserContextId") == context_id]


# Test-only instrumentation, before any page script runs: the engine workers the page makes or
# joins, dedicated or shared (Material's search has a worker of its own), on window.__engineWorkers.
COUNT_ENGINE_WORKERS = """
window.__engineWorkers = 0;
for (const kind of ["Worker", "SharedWorker"]) {
  const Native = window[kind];
  if (typeof Native !== "function") continue;
  window[kind] = class extends Native {
    constructor(...args) {
      super(...args);
      if (String(args[0]).includes("engine-worker")) window.__engineWorkers += 1;
    }
  };
}
"""

# Layout shifts as Lighthouse counts them, from before the first paint: every entry, with whether
# the reader's own input came just before it (CLS leaves those out).
LAYOUT_SHIFTS = """
window.__shifts = [];
window.__shiftWhat = (entry) => (entry.sources || []).map((source) => {
  const node = source.node;
  const name = !node ? "?" : node.nodeType !== 1 ? "#text in " + (node.parentElement || {}).className
    : node.tagName.toLowerCase() + (node.className && node.className.baseVal === undefined ? "." + node.className : "");
  return name + " " + Math.round(source.previousRect.y) + "->" + Math.round(source.currentRect.y);
}).join(", ");
window.__shiftObserver = new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    window.__shifts.push([entry.value, entry.hadRecentInput, window.__shiftWhat(entry)]);
  }
});
window.__shiftObserver.observe({type: "layout-shift", buffered: true});
"""


def layout_shift(page: Any, with_input: bool = False) -> float:
    """The sum of the layout shifts so far (``page.add_init_script(LAYOUT_SHIFTS)`` first): those
    after the reader's input too if ``with_input``. Entries not yet delivered are taken as well."""
    return float(sum(value for value, after_input, _what in _shift_entries(page) if with_input or not after_input))


def shift_sources(page: Any) -> list[tuple[float, str]]:
    """What moved in each layout shift not caused by input, for an assertion's message."""
    return [(round(value, 4), what) for value, after_input, what in _shift_entries(page) if not after_input]


def _shift_entries(page: Any) -> list[tuple[float, bool, str]]:
    return [tuple(entry) for entry in page.evaluate("""() => {
        for (const entry of window.__shiftObserver.takeRecords()) {
            window.__shifts.push([entry.value, entry.hadRecentInput, window.__shiftWhat(entry)]);
        }
        return window.__shifts; }""")]


SETTLED = """async () => {
    await document.fonts.ready;
    const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finite.map((a) => a.finished.catch(() => null)));
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    return !document.querySelector('[data-busy]');
}"""


def settled(page: Any, timeout_ms: float = ENGINE_TIMEOUT) -> None:
    """Wait until the page is still: fonts loaded, every finite animation and transition ended,
    nothing waiting on the engine (``data-busy``), and two frames drawn since."""
    wait_until(page, SETTLED, timeout_ms)


def next_frames(page: Any, frames: int = 2) -> None:
    """Wait until the page has drawn ``frames`` more frames: input queued for the next frame
    (mouse moves are) has been handled, and what it changed has been laid out."""
    page.evaluate("""(count) => new Promise((done) => {
        const tick = () => (count-- > 0 ? requestAnimationFrame(tick) : done());
        tick();
    })""", frames)


def scrolling_ends(page: Any, quiet_ms: int = 300, timeout_ms: int = 10_000) -> None:
    """Wait until the page has not scrolled for ``quiet_ms``: a smooth scroll has ended, however
    slow the machine (a fixed pause can end mid-scroll on a loaded CI machine)."""
    page.evaluate("""([quiet, timeout]) => new Promise((resolve) => {
        const start = performance.now();
        let last = scrollY, since = start;
        const tick = () => {
            const now = performance.now();
            if (scrollY !== last) { last = scrollY; since = now; }
            if (now - since >= quiet || now - start > timeout) resolve();
            else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
    })""", [quiet_ms, timeout_ms])


def on_screen(page: Any, selector: str, header: str = ".md-header") -> bool:
    """The element's top is below the header and its bottom above the screen's bottom."""
    box = page.locator(selector).first.bounding_box()
    bar = page.locator(header).bounding_box()
    height = page.viewport_size["height"]
    return bool(box is not None and box["y"] >= bar["y"] + bar["height"] - 1
                and box["y"] + box["height"] <= height + 1)


def storage_keys(page: Any) -> dict[str, str]:
    """The localStorage keys the pages use, from the site's own ``assets/js/storage.js``."""
    keys: dict[str, str] = page.evaluate("async () => (await import('/assets/js/storage.js')).KEYS")
    return keys


def closes_as_a_modal(page: Any, dialog: Any, opener: Any) -> None:
    """``dialog``, open with its content drawn, is still modal (in the top layer, over a backdrop):
    Escape closes it and the focus goes back to ``opener``. A page script that moves an open modal
    dialog (wrapping it in another element) takes it out of the top layer, and all three fail."""
    from playwright.sync_api import expect

    assert dialog.evaluate("d => d.open && d.matches(':modal')"), "the open dialog is not modal"
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(opener).to_be_focused()
