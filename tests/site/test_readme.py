"""The README matches the tree: every worker method, every page module and folder of the page
scripts, and every tool script is named in it, so a newcomer's map never misses a part."""

from __future__ import annotations

import re
from pathlib import Path

from cribbage.backend.api import METHODS

ROOT = Path(__file__).resolve().parents[2]
JS = ROOT / "docs" / "assets" / "js"


def readme_names() -> set[str]:
    """Every name the README sets in code: `x`, and each path's last parts (`a/b.js` gives b.js too)."""
    names = set()
    for code in re.findall(r"`([^`\n]+)`", (ROOT / "README.md").read_text(encoding="utf-8")):
        parts = code.split("/")
        names |= {code, *("/".join(parts[i:]) for i in range(len(parts)))}
    return names


def page_modules() -> set[str]:
    """The modules the pages name in their front matter (``module: board/page``), as paths under js/."""
    found = set()
    for page in (ROOT / "docs").rglob("*.md"):
        front = re.match(r"---\n(.*?)\n---\n", page.read_text(encoding="utf-8"), re.S)
        module = re.search(r"^module:\s*(\S+)\s*$", front.group(1), re.M) if front else None
        if module:
            found.add(f"{module.group(1)}.js")
    return found


def test_the_readme_names_every_worker_method_page_module_folder_and_tool():
    named = readme_names()
    pages = page_modules()
    folders = {f"{path.name}/" for path in JS.iterdir() if path.is_dir()}
    tools = {path.name for path in (ROOT / "tools").glob("*.py")}
    assert {"scorer/page.js", "board/page.js", "replay/page.js"} <= pages and {"table/", "replay/"} <= folders
    assert {"static_host.py", "expert_tables.py"} <= tools and len(METHODS) > 20  # the walk found them
    missing = sorted({*METHODS, *pages, *folders, *tools} - named)
    assert missing == [], f"the README does not name {missing}"


def test_the_worker_api_typedef_names_every_method():
    """The worker API's types (shared by engine.js and the worker) name ``engine.call``'s method as a
    union of names: the same names as METHODS."""
    source = (ROOT / "types" / "js" / "engine-messages.d.ts").read_text(encoding="utf-8")
    typedef = re.search(r"export type Method =(.*?);", source, re.S)
    assert typedef is not None
    assert set(re.findall(r'"(\w+)"', typedef.group(1))) == set(METHODS)
