"""WCAG 2.2 AA, measured: axe-core (node_modules/axe-core, pinned in package.json) finds nothing,
of any impact, on every page kind in light and dark on a desktop and light on a phone, with the
interactive parts loaded (light on a desktop in ``make test-all``: its colours are the phone's).
No rule is switched off and no element is excluded."""

from __future__ import annotations

import json

import pytest

from harness import ROOT
from harness.browser import VIEWS, at_another_view, module_tab, own_problems
from harness.pagekinds import AXE, KINDS, describe, open_kind, run_axe


@pytest.fixture(scope="module", params=[at_another_view(VIEWS[0]), *VIEWS[1:]], ids=lambda view: view.name)
def view_tab(request, warm_contexts):
    """One tab per view for the module's tests (each loads its own page kind into it)."""
    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: run make install (npm ci installs axe-core)")
    yield from module_tab(warm_contexts, request.param)


@pytest.fixture
def view_page(view_tab):
    """The view's tab, with this test's own list of problems (console errors, other origins): any fails it."""
    yield from own_problems(view_tab)


@pytest.mark.parametrize("kind", KINDS, ids=lambda kind: kind.name)
def test_axe_finds_no_violations(view_page, server, kind):
    open_kind(view_page, server, kind)
    violations = run_axe(view_page)
    assert not violations, f"{kind.path}:\n{describe(violations)}"
    assert not view_page.problems, view_page.problems


def test_axe_is_the_pinned_version(view_page, server):
    """The suite is held to the version in package.json, not whatever is lying around."""
    pinned = json.loads((ROOT / "package.json").read_text())["devDependencies"]["axe-core"]
    open_kind(view_page, server, KINDS[0])
    run_axe(view_page)
    assert view_page.evaluate("axe.version") == pinned


def test_every_control_shows_focus(warm_pages, server):
    """Tab through a page of each kind: every focused control draws an outline or a ring."""
    page = warm_pages(VIEWS[0])
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


def test_reduced_motion_stops_transitions(warm_pages, server):
    page = warm_pages(VIEWS[0])  # reduced_motion="reduce"
    page.goto(server + "table/")
    durations = page.evaluate("""() => [...document.querySelectorAll('*')]
        .map(e => getComputedStyle(e).transitionDuration.split(',').map(parseFloat))
        .flat().filter(d => d > 0.02)""")
    assert durations == []
