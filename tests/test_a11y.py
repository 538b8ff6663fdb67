"""WCAG 2.2 AA, measured: axe-core (node_modules/axe-core, pinned in package.json) finds nothing,
of any impact, on every page kind in light and dark on a desktop and light on a phone, with the
interactive parts loaded. No rule is switched off and no element is excluded."""

from __future__ import annotations

import pytest

from pagekinds import AXE, KINDS, VIEWS, describe, new_context, open_kind, pages_for_view, run_axe


@pytest.fixture(scope="module", params=VIEWS, ids=lambda view: view.name)
def view_page(request, browser, server):
    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: run make install (npm ci installs axe-core)")
    yield from pages_for_view(browser, request.param, server)


@pytest.mark.parametrize("kind", KINDS, ids=lambda kind: kind.name)
def test_axe_finds_no_violations(view_page, server, kind):
    open_kind(view_page, server, kind)
    violations = run_axe(view_page)
    assert not violations, f"{kind.path}:\n{describe(violations)}"
    assert not view_page.problems, view_page.problems


def test_axe_is_the_pinned_version(view_page, server):
    """The suite is held to the version in package.json, not whatever is lying around."""
    import json
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    pinned = json.loads((root / "package.json").read_text())["devDependencies"]["axe-core"]
    open_kind(view_page, server, KINDS[0])
    run_axe(view_page)
    assert view_page.evaluate("axe.version") == pinned


def test_every_control_shows_focus(browser, server):
    """Tab through a page of each kind: every focused control draws an outline or a ring."""
    context = new_context(browser, VIEWS[0])
    page = context.new_page()
    try:
        for kind in KINDS:
            if kind.name not in ("faq-answer", "scorer", "practice", "examples", "board"):
                continue
            open_kind(page, server, kind)
            page.evaluate("document.activeElement && document.activeElement.blur()")
            unfocused = []
            for _ in range(40):
                page.keyboard.press("Tab")
                state = page.evaluate("""() => {
                    const e = document.activeElement; if (!e || e === document.body) return null;
                    const s = getComputedStyle(e);
                    const ring = (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2)
                        || (s.boxShadow && s.boxShadow !== 'none');
                    return {ring, what: e.outerHTML.slice(0, 90)};
                }""")
                if state and not state["ring"]:
                    unfocused.append(state["what"])
            assert not unfocused, f"{kind.path}: no visible focus on {unfocused[:5]}"
    finally:
        context.close()


def test_reduced_motion_stops_transitions(browser, server):
    context = new_context(browser, VIEWS[0])  # reduced_motion="reduce"
    page = context.new_page()
    try:
        page.goto(server + "table/")
        durations = page.evaluate("""() => [...document.querySelectorAll('*')]
            .map(e => getComputedStyle(e).transitionDuration.split(',').map(parseFloat))
            .flat().filter(d => d > 0.02)""")
        assert durations == []
    finally:
        context.close()
