"""The page kinds every site-wide check visits, and axe-core.

Shared by the accessibility, phone and print tests and by the screenshot and Lighthouse
tools, so all of them hold the same pages to the same bar. A page counts as loaded when its
interactive parts are: the engine has answered and the result, problem or hand is drawn, and
the page is still (``harness.browser.settled``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from harness import ROOT
from harness.browser import ENGINE_TIMEOUT, settled

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


def open_kind(page: Any, origin: str, kind: Kind, timeout_ms: float = ENGINE_TIMEOUT) -> None:
    page.goto(origin + kind.path, wait_until="load")
    if kind.ready:
        page.wait_for_selector(kind.ready, timeout=timeout_ms)
    for _ in range(4):  # the table: cut, then deal (whoever wins the cut), until a hand is dealt
        if not kind.then_click or page.locator(kind.then_ready).count():
            break
        page.locator(kind.then_click).first.click()
        settled(page, timeout_ms)  # the click marks the page busy until the engine's reply is drawn
    if kind.then_ready:
        page.wait_for_selector(kind.then_ready, timeout=timeout_ms)
    settled(page, timeout_ms)  # live regions written, late layout done, nothing animating


def run_axe(page: Any) -> list[dict[str, Any]]:
    """axe-core's violations (every rule it runs by default, any impact) as small dicts."""
    if not page.evaluate("typeof window.axe === 'object'"):
        page.add_script_tag(path=str(AXE))
    result = page.evaluate("""async () => {
        const r = await axe.run(document, {resultTypes: ['violations']});
        return r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.map(n => ({target: n.target.join(' '), summary: n.failureSummary}))}));
    }""")
    return result


def describe(violations: list[dict[str, Any]], limit: int = 4) -> str:
    lines = []
    for v in violations:
        lines.append(f"  {v['id']} ({v['impact']}, {len(v['nodes'])} nodes): {v['help']}")
        for node in v["nodes"][:limit]:
            summary = node["summary"].splitlines()[-1].strip() if node["summary"] else ""
            lines.append(f"      {node['target']}: {summary}")
    return "\n".join(lines)


def dump(violations: list[dict[str, Any]]) -> str:
    return json.dumps(violations, indent=1)
