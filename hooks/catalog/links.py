"""What entries say about each other and the sources: ids that must exist, rulings and citations."""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final

from hooks import citations

from .loader import RULINGS, Catalog, Entry

# Which ids an entry's fields point at: (collection, field) -> the collection they name.
REFERENCES: Final = {
    ("faq", "example"): "examples",
    ("faq", "play"): "plays",
    ("disputes", "faq"): "faq",
    ("corrections", "faq"): "faq",
    ("glossary", "faq"): "faq",
}


def check_references(catalog: Catalog, problems: list[str]) -> None:
    for (name, key), target in REFERENCES.items():
        for ident, entry in catalog.collection(name).items():
            ref = entry.get(key)
            if ref is not None and ref not in catalog.collection(target):
                problems.append(
                    f"{entry.where(key)}: entry '{ident}': {key} '{ref}' is not in the catalog "
                    f"(hint: add it to {target}.yml or fix the id)"
                )


HOME_SOURCE: Final = re.compile(r"\b(?:Hoyle|Enquire Within|pagat)\b")  # a home rule says whose it is
RULING_PAGES: Final = ("disputes.md", "corrections.md")


def check_rulings(catalog: Catalog, problems: list[str]) -> None:
    """Each ruling names its ACC rule and its home source; each ruling's FAQ answer shows a ruling."""
    seen: dict[str, Entry] = {}
    for name in RULINGS:
        for ident, entry in catalog.collection(name).items():
            if ident in seen:
                problems.append(f"{entry.where('id')}: entry '{ident}': the id is also a ruling at "
                                f"{seen[ident].where('id')} (hint: disputes and corrections share one set of ids)")
            seen[ident] = entry
            if not any(True for _ in citations.citations(entry["tournament"])):
                problems.append(f"{entry.where('tournament')}: entry '{ident}': the tournament rule names no ACC "
                                "rule number (hint: cite it as ACC 8.4)")
            if "home" in entry and not HOME_SOURCE.search(entry["home"]):
                problems.append(f"{entry.where('home')}: entry '{ident}': the home rule does not say whose it is "
                                "(hint: name Hoyle, Enquire Within or pagat in it, and list the source under sources)")
    named = {entry["faq"] for name in RULINGS for entry in catalog.collection(name).values() if "faq" in entry}
    for ident, entry in catalog.faq.items():
        ruling = entry.get("ruling")
        if ruling is not None and catalog.ruling(ruling) is None:
            problems.append(f"{entry.where('ruling')}: entry '{ident}': ruling '{ruling}' is neither in "
                            "disputes.yml nor in corrections.yml (hint: fix the id)")
        on_ruling_page = any(str(link).split("#")[0] in RULING_PAGES for link in entry.get("guide") or [])
        if ruling is None and not entry.get("house_rules") and (ident in named or on_ruling_page):
            problems.append(f"{entry.where('id')}: entry '{ident}': this answer gives a ruling but shows none "
                            "(hint: add ruling: with the id of its entry in disputes.yml or corrections.yml)")


def check_citations(catalog: Catalog, files: Mapping[str, tuple[Path, str]], problems: list[str]) -> None:
    """ACC rule numbers cited anywhere in the catalog's text must be listed in sources.yml."""
    known = catalog.acc_rules()
    for name, (path, shown) in files.items():
        entries = sorted(catalog.collection(name).values(), key=lambda e: e.line)
        for problem in citations.problems(path.read_text(encoding="utf-8"), known):
            owner = [entry for entry in entries if entry.line <= problem.line]
            problems.append(problem.at(shown, f"{owner[-1].label()}: " if owner else ""))


def check_aliases(catalog: Catalog, problems: list[str]) -> None:
    seen: dict[str, str] = {ident: ident for ident in catalog.faq}
    for ident, entry in catalog.faq.items():
        for alias in entry.get("aliases", []):
            if alias in seen:
                problems.append(
                    f"{entry.where('aliases')}: entry '{ident}': alias '{alias}' is already used by "
                    f"'{seen[alias]}' (hint: an alias is an old id no other answer has)"
                )
            seen[alias] = ident


SOURCED: Final = ("faq", "disputes", "corrections", "house_rules", "glossary")  # the collections that list sources


def check_sources(catalog: Catalog, problems: list[str]) -> None:
    """Each source an entry lists (``acc 8.3``, ``pagat``) starts with an id from sources.yml."""
    for name in SOURCED:
        for ident, entry in catalog.collection(name).items():
            for ref in entry.get("sources") or []:
                problem = source_problem(catalog, ref)
                if problem:
                    problems.append(f"{entry.where('sources')}: entry '{ident}': {problem} "
                                    "(hint: use an id from sources.yml, or add the source there)")


def source_problem(catalog: Catalog, ref: Any) -> str | None:
    """Why ``ref`` is not a source this catalog knows, or None when it is one."""
    if not isinstance(ref, str) or not ref.strip():
        return f"source {ref!r} must be text like 'acc 8.3' or 'pagat'"
    ident = ref.split()[0]
    if ident not in catalog.sources:
        return f"source '{ident}' is not in sources.yml (known: {', '.join(catalog.sources)})"
    return None


def _rule_order(number: str) -> tuple[int, ...]:
    return tuple(int(part) for part in number.split("."))


def check_irregularities(catalog: Catalog, problems: list[str]) -> None:
    """The corrections page's table: each row is an ACC rule sources.yml lists, once, in the rule
    book's order, anchored by its number; its remedy cites it; its home rule names its book; its
    ruling exists. A row for a whole part (ACC 8) stands for rules of it the site cannot name."""
    known = catalog.acc_rules()
    previous: tuple[int, ...] = ()
    for ident, entry in catalog.irregularities.items():
        rule = entry["rule"]
        here = f"{entry.where('rule')}: entry '{ident}'"
        if rule not in known:
            problems.append(f"{here}: rule '{rule}' is not listed under rules of the acc entry in sources.yml "
                            "(hint: check the number in the rule book, then list it there with its title)")
        expected = "acc-" + rule.replace(".", "-")
        if ident != expected:
            problems.append(f"{entry.where('id')}: entry '{ident}': the id of the row for ACC {rule} must be "
                            f"'{expected}' (hint: one row per rule, anchored by its number)")
        cited = [c.number for c in citations.citations(entry["remedy"])]
        if cited[:1] != [rule]:
            problems.append(f"{entry.where('remedy')}: entry '{ident}': the remedy must start from its own rule, "
                            f"ACC {rule} (hint: begin 'ACC {rule}:', or 'ACC {rule} covers ...; see the rule book')")
        if "home" in entry and not HOME_SOURCE.search(entry["home"]):
            problems.append(f"{entry.where('home')}: entry '{ident}': the home rule does not say whose it is "
                            "(hint: name Hoyle or Enquire Within in it)")
        if "ruling" in entry and catalog.ruling(entry["ruling"]) is None:
            problems.append(f"{entry.where('ruling')}: entry '{ident}': ruling '{entry['ruling']}' is neither in "
                            "disputes.yml nor in corrections.yml (hint: fix the id)")
        if "." not in rule:  # a part's row stands for its rules the site cannot name: placed among them
            continue
        if _rule_order(rule) <= previous:
            problems.append(f"{here}: ACC {rule} comes after a later rule (hint: keep the rows in the rule "
                            "book's order)")
        previous = _rule_order(rule)
