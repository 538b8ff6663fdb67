"""The page kinds every site-wide check visits, and the ways a page is looked at.

Shared by the accessibility, phone and print tests and by the screenshot and Lighthouse
tools, so all of them hold the same pages to the same bar. A page counts as loaded when its
interactive parts are: the engine has answered and the result, problem or hand is drawn.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"


@dataclass(frozen=True)
class Kind:
    name: str
    path: str
    ready: str = ""  # a selector that exists once the interactive part has loaded
    then_click: str = ""  # then press this (the table's first button, to be dealt a hand) ...
    then_ready: str = ""  # ... and wait for this


KINDS = [
    Kind("home", ""),
    Kind("guide", "guide/"),
    Kind("faq", "faq/"),
    Kind("faq-answer", "faq/crib-flush/"),
    Kind("examples", "examples/"),
    Kind("scorer", "scorer/#hand=5H,5S,5C,JD&starter=5D", "[data-show-result] table"),
    Kind("analyser", "analyser/#deal=AD,7H,3S,4S,5D,KD&dealer=1", ".throws-list li"),
    Kind("practice", "practice/",
         "[data-quiz='show'] [data-problem] [data-card], [data-quiz='show'] [data-problem] .card"),
    Kind("table", "table/", "[data-actions] button, [data-hand] button", "[data-actions] button", "[data-hand] button"),
    Kind("print-rules", "print/rules/"),
    Kind("board", "board/", "[data-board-page][data-ready]", "[data-start]", "[data-board-sides] [data-peg]"),
]


@dataclass(frozen=True)
class View:
    name: str
    width: int
    height: int
    scheme: str  # "light" | "dark"
    mobile: bool = False


VIEWS = [
    View("light-desktop", 1280, 900, "light"),
    View("dark-desktop", 1280, 900, "dark"),
    View("light-phone", 390, 844, "light", mobile=True),
]
PHONE = View("light-phone", 390, 844, "light", mobile=True)
NARROW_PHONE = View("light-phone-320", 320, 640, "light", mobile=True)


def new_context(browser, view: View):
    return browser.new_context(
        viewport={"width": view.width, "height": view.height}, color_scheme=view.scheme,
        is_mobile=view.mobile, has_touch=view.mobile, device_scale_factor=2 if view.mobile else 1,
        reduced_motion="reduce",
    )


def watch(page, origin: str) -> list[str]:
    """Collect console errors, page errors and requests to other origins (as the page fixture does)."""
    problems: list[str] = []
    page.on("console", lambda m: m.type == "error" and problems.append(f"console: {m.text}"))
    page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
    page.on("request", lambda r: r.url.startswith((origin, "data:", "blob:"))
            or problems.append(f"request to another origin: {r.url}"))
    return problems


def pages_for_view(browser, view: View, origin: str | None = None):
    """A fixture body: one page in a fresh context for the view (problems watched when `origin`
    is given, on `page.problems`); the context is closed after the tests."""
    context = new_context(browser, view)
    page = context.new_page()
    if origin is not None:
        page.problems = watch(page, origin)
    yield page
    context.close()


def open_kind(page, origin: str, kind: Kind, timeout_ms: int = 60_000) -> None:
    page.goto(origin + kind.path, wait_until="load")
    if kind.ready:
        page.wait_for_selector(kind.ready, timeout=timeout_ms)
    for _ in range(4):  # the table: cut, then deal (whoever wins the cut), until a hand is dealt
        if not kind.then_click or page.locator(kind.then_ready).count():
            break
        page.locator(kind.then_click).first.click()
        page.wait_for_timeout(300)
        page.wait_for_selector(f"{kind.then_click}, {kind.then_ready}", timeout=timeout_ms)
    if kind.then_ready:
        page.wait_for_selector(kind.then_ready, timeout=timeout_ms)
    page.wait_for_timeout(150)  # let live regions and late layout settle


def run_axe(page) -> list[dict]:
    """axe-core's violations (every rule it runs by default, any impact) as small dicts."""
    if not page.evaluate("typeof window.axe === 'object'"):
        page.add_script_tag(path=str(AXE))
    result = page.evaluate("""async () => {
        const r = await axe.run(document, {resultTypes: ['violations']});
        return r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.map(n => ({target: n.target.join(' '), summary: n.failureSummary}))}));
    }""")
    return result


def describe(violations: list[dict], limit: int = 4) -> str:
    lines = []
    for v in violations:
        lines.append(f"  {v['id']} ({v['impact']}, {len(v['nodes'])} nodes): {v['help']}")
        for node in v["nodes"][:limit]:
            summary = node["summary"].splitlines()[-1].strip() if node["summary"] else ""
            lines.append(f"      {node['target']}: {summary}")
    return "\n".join(lines)


def dump(violations: list[dict]) -> str:
    return json.dumps(violations, indent=1)
