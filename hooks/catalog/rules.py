"""Rulings the rule book settles, which no page or catalog entry may state otherwise.

One check so far: the loser of a game deals first in the next (ACC 1.5: only the first game of a
match is cut for). A sentence that has the loser deal first and calls it a custom, a convention
or a house rule is reported as ``file:line: ... (hint: ...)``, like the other catalog checks.
Pure functions over text: the build hook and ``python -m hooks.catalog`` call ``check_rules``.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Final

from hooks import citations

# A sentence: up to a full stop, question or exclamation mark that ends a clause (not "ACC 1.5"),
# a blank line or the start of an HTML tag, so a form's labels are not read as one sentence with the prose.
_SENTENCE: Final = re.compile(r"(?:[^.!?<\n]|\.(?=\S)|\n(?![ \t]*\n))+")
_LOSER: Final = re.compile(r"\blos(?:er|ing (?:player|side))\b", re.I)
_DEAL: Final = re.compile(r"\bdeal", re.I)
_CUSTOM: Final = re.compile(r"\b(?:by custom|customs?|customary|conventions?|house rules?|not a rule)\b", re.I)
# Denials say the opposite and pass: "the rule, not a custom", "no custom".
_DENIED: Final = re.compile(r"\b(?:not|no|never|rather than)\s+(?:a\s+|by\s+|just\s+a\s+)?"
                            r"(?:custom|convention|house rule)s?\b", re.I)
LOSER_HINT: Final = ("ACC 1.5 makes it the rule: only a match's first game is cut for, then the loser of the "
                     "previous game deals first; say so, citing ACC 1.5")


def loser_deal_problems(text: str) -> list[citations.Problem]:
    """Each sentence of ``text`` that calls the loser's first deal a custom, at the loser's line.

    The deal may be named in the sentence or in the one before ("Who deals first in the next
    game? By custom, the loser of the game just played.").
    """
    found: list[citations.Problem] = []
    before = ""
    for sentence in _SENTENCE.finditer(text):
        said = " ".join(sentence.group(0).split())
        loser = _LOSER.search(sentence.group(0))
        if loser and _DEAL.search(before + " " + said) and _CUSTOM.search(_DENIED.sub("", said)):
            line = text.count("\n", 0, sentence.start() + loser.start()) + 1
            found.append(citations.Problem(line, "the loser's first deal is called a custom", LOSER_HINT))
        before = said
    return found


def check_rules(docs: Path, relative_to: Path) -> list[str]:
    """Every page and catalog file that states a settled rule as a custom, as file:line problems."""
    files = citations.page_files(docs) + sorted((docs / "catalog").glob("*.yml"))
    reported: list[str] = []
    for path in files:
        shown = str(path.relative_to(relative_to)) if path.is_relative_to(relative_to) else str(path)
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue  # the citation check reports an unreadable page
        reported.extend(problem.at(shown) for problem in loser_deal_problems(text))
    return reported
