"""The "For developers" section: the API reference lists every public name of the engine."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import cribbage
from cribbage.backend.api import METHODS

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "engine" / "cribbage"


def _public_names() -> list[str]:
    """``cribbage.module.Name`` for every public module-level class, function and documented constant."""
    names = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.name.startswith("_") and path.name != "__init__.py":
            continue
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        module = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        names.append(module)
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.FunctionDef | ast.ClassDef) and not node.name.startswith("_"):
                names.append(f"{module}.{node.name}")
    return names


def test_the_reference_lists_every_public_name(site):
    html = (site / "developers" / "reference" / "index.html").read_text(encoding="utf-8")
    anchors = set(re.findall(r'id="(cribbage[\w.]*)"', html))
    names = _public_names()
    assert len(names) > 150
    missing = [name for name in names if name not in anchors]
    assert missing == [], missing
    exported = [getattr(cribbage, name) for name in cribbage.__all__]  # each named in the module it lives in
    homes = [f"{obj.__module__}.{obj.__qualname__}" for obj in exported if hasattr(obj, "__qualname__")]
    assert len(homes) > 20 and [home for home in homes if home not in anchors] == []
    assert "cribbage.game.Game.apply" in anchors and "cribbage.events.ScoreEvent.points" in anchors


def test_the_json_api_page_names_every_method(site):
    html = (site / "developers" / "api" / "index.html").read_text(encoding="utf-8")
    for method in METHODS:
        assert f"<code>{method}</code>" in html, method


def test_the_developer_pages_are_in_the_menu_under_for_developers(site):
    home = (site / "index.html").read_text(encoding="utf-8")
    assert "For developers" in home
    for page in ("developers/", "developers/cli/", "developers/api/", "developers/reference/"):
        assert (site / page / "index.html").exists(), page
