"""ACC rule numbers as the site cites them: one written form, checked against sources.yml.

A rule of the American Cribbage Congress rule book is cited as ``ACC 8.4`` in prose (a
clause letter may follow, ``ACC 10.1.a``; a range is ``ACC 8.1–8.4``) and as ``acc 8.4``
in a source reference (``sources: [acc 8.4]``, ``{{ src("acc 8.4") }}``). Both are the
same pattern, so one scan of a file's text finds every citation with its line.

Every cited number must be listed, with its title, under ``rules`` of the ``acc`` entry
in docs/catalog/sources.yml. A number that is not listed, and a citation written any
other way ("ACC rule 8.4", "rule 8.4"), is reported as ``file:line: ... (hint: ...)``.
Pure functions over text: the catalog loader and the build hook call them.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Final

_NUMBER: Final = r"[1-9]\d*(?:\.[1-9]\d*)?"
# "ACC 8.4", "acc 10.1.a", "ACC 8.1–8.4"; not "ACC 8.4.5" (no such numbers in the rule book)
CITATION: Final = re.compile(
    rf"\bACC[ \t\u00a0]*\n?[ \t]*(?P<number>{_NUMBER})(?P<clause>(?:\.[a-z](?![a-z]))*)"
    rf"(?:[ \t]*[–-][ \t]*(?P<to>{_NUMBER}))?(?![\d])",
    re.IGNORECASE,
)
# Other ways of writing a rule number, which the scan cannot tie to the rule book:
# "ACC rule 8.4", "ACC rules 4.3 and 4.4", "rule 8.4", "Rule 10".
_WORDED: Final = re.compile(r"(?:\bACC\s+)?\b[Rr]ules?\s+(?P<number>\d+(?:\.\d+)*)\b")

FORM_HINT: Final = "write a rule number as ACC 8.4 (ACC, a space, the number), so the build can check it"


@dataclass(frozen=True)
class Citation:
    """One rule number cited in a text: where, and as written."""

    line: int
    number: str  # as listed in sources.yml: "8.4", "10.1"
    written: str  # the citation as it appears: "ACC 10.1.a"


@dataclass(frozen=True)
class Problem:
    line: int
    message: str
    hint: str

    def at(self, shown: str, label: str = "") -> str:
        return f"{shown}:{self.line}: {label}{self.message} (hint: {self.hint})"


def _line(text: str, offset: int) -> int:
    return text.count("\n", 0, offset) + 1


def citations(text: str) -> Iterator[Citation]:
    """Every ACC rule number cited in ``text`` (both ends of a range), in order."""
    for match in CITATION.finditer(text):
        line = _line(text, match.start())
        written = " ".join(match.group(0).split())
        yield Citation(line, match["number"], written)
        if match["to"]:
            yield Citation(line, match["to"], written)


def problems(text: str, known: Mapping[str, str]) -> list[Problem]:
    """Citations of numbers not in ``known`` (number -> title), and citations in another form."""
    found: list[Problem] = []
    for cited in citations(text):
        if cited.number not in known:
            found.append(Problem(cited.line, f"{cited.written} cites a rule number that sources.yml does not list",
                                 _unknown_hint(cited.number, known)))
    for match in _WORDED.finditer(text):
        written = " ".join(match.group(0).split())
        found.append(Problem(_line(text, match.start()), f"'{written}' is not the citation form", FORM_HINT))
    return sorted(found, key=lambda problem: problem.line)


def _unknown_hint(number: str, known: Mapping[str, str]) -> str:
    chapter = number.split(".")[0]
    near = [f"{n} {title}" for n, title in known.items() if n.split(".")[0] == chapter]
    listed = f"; listed from rule {chapter}: {', '.join(near)}" if near else ""
    return ("check the number in the rule book; if the site should cite it, add it with its title under "
            f"'rules' of the acc entry in docs/catalog/sources.yml{listed}")


def page_files(docs: Path) -> list[Path]:
    """The site's page Markdown: every .md under docs/ except the catalog's own notes."""
    return sorted(p for p in docs.rglob("*.md") if "catalog" not in p.relative_to(docs).parts[:1])


def check_pages(docs: Path, known: Mapping[str, str], relative_to: Path) -> list[str]:
    """Every citation problem in the page Markdown, as file:line: message (hint: ...)."""
    reported: list[str] = []
    for path in page_files(docs):
        shown = str(path.relative_to(relative_to)) if path.is_relative_to(relative_to) else str(path)
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            reported.append(f"{shown}:1: cannot read the page ({error}) (hint: save it as UTF-8 text)")
            continue
        reported.extend(problem.at(shown) for problem in problems(text, known))
    return reported


def known_rules(source: Mapping[str, object] | None) -> dict[str, str]:
    """The ACC rule numbers a sources.yml entry lists: number -> title."""
    rules = source.get("rules") if source else None
    if not isinstance(rules, list):
        return {}
    return {str(rule["number"]): str(rule["title"]) for rule in rules
            if isinstance(rule, Mapping) and "number" in rule and "title" in rule}
