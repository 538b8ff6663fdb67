"""Small valid catalogs for the hooks' unit tests (test modules import from here, not each other)."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import yaml

from hooks.catalog import COLLECTIONS

DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)  # libyaml when present: the fuzz writes many files

# One valid entry per collection that uses EVERY field its schema allows (a test below checks
# that, so a field added to a schema must get a value here and is then tested like the others).
VALID: dict[str, dict[str, Any]] = {
    "examples": {
        "id": "perfect-29", "title": "The perfect 29", "hand": "JD 5S 5H 5C", "starter": "5D",
        "crib": False, "total": 29, "points": {"fifteen": 16, "pair": 12, "run": 0, "flush": 0, "nobs": 1},
        "explanation": "Eight fifteens, six pairs and his nobs.", "source": "how-to-play",
        "mistaken": {"says": "A 29 is 28.", "total": 28,
                     "points": {"fifteen": 16, "pair": 12, "run": 0, "flush": 0, "nobs": 0}},
    },
    "plays": {
        "id": "fifteen-on-the-last-card", "title": "Fifteen and the go", "cards": "5C TD",
        "last_card": True, "points": 3, "explanation": "Fifteen for 2 and the go for 1.",
        "source": "faq-answers", "mistaken": {"says": "Fifteen on the last card is 2.", "total": 2},
    },
    "patterns": {"id": "double-run", "name": "Double run", "ranks": "2 2 3 4", "points": 8,
                 "note": "Two runs and a pair."},
    "faq": {
        "id": "best-hand", "topic": "The show", "question": "What is the best hand?", "answer": "29.",
        "more": "Very rare.", "example": "perfect-29", "play": "fifteen-on-the-last-card",
        "guide": ["guide.md#the-show"], "aliases": ["perfect-hand"], "downloads": ["print/rules-a4.pdf"],
        "sources": ["acc 1.7"], "ruling": "king-queen", "house_rules": False,
        "quiz": {"question": "Is 29 the best hand?", "answer": True, "explain": "Nothing scores more."},
    },
    "disputes": {
        "id": "king-queen", "question": "Is a king with a queen a pair?", "ruling": "No.",
        "reason": "Pairs go by rank.", "tournament": "ACC 1.6: a pair is two cards of one rank.",
        "home": "The same in Hoyle.", "site": "The engine pairs by rank.", "faq": "best-hand",
        "house_rule": False, "optional_rule": False,
        "quiz": {"question": "Is a king with a queen a pair?", "answer": False,
                 "explain": "Only cards of one rank pair."},
        "sources": ["acc 1.6"],
    },
    "corrections": {
        "id": "too-many", "section": "mistakes-in-pegging", "title": "Too many points",
        "ruling": "The peg goes back.", "reason": "A correction, not a penalty.",
        "tournament": "ACC 8.4: the overpeg is corrected.", "home": "Hoyle: the opponent may add it.",
        "site": "The table pegs the true score.", "faq": "best-hand", "sources": ["acc 8.4"],
    },
    "irregularities": {
        "id": "acc-8-4", "rule": "8.4", "happened": "A player pegs too many.",
        "remedy": "ACC 8.4: the overpeg is corrected.", "home": "Hoyle: the opponent pegs as many.",
        "ruling": "too-many",
    },
    "house_rules": {
        "id": "this-site", "summary": "Muggins is an option, off by default.",
        "items": [{"name": "Muggins", "table": "An option.", "rule": "Optional in tournaments (ACC 10.1)."}],
        "sources": ["acc 10.1"],
    },
    "glossary": {"id": "nobs", "term": "His nobs", "meaning": "The jack of the starter's suit.", "faq": "best-hand",
                 "sources": ["acc"]},
    "sources": {"id": "acc", "title": "American Cribbage Congress rules", "short": "ACC", "locator_word": "rule",
                "what": "Tournament rules.", "address": "cribbage.org", "edition": "August 2010.",
                "rules": [{"number": "1.6", "title": "Definitions"}, {"number": "1.7", "title": "Scoring Chart"},
                          {"number": "8.4", "title": "Pegging Incorrectly to the Player's Advantage"},
                          {"number": "10.1", "title": "When in Effect"}]},
    "deals": {
        "id": "first-deal", "seed": "worked-deal/12", "discard": {"pone": "4S KH", "dealer": "2D QD"},
        "play": "8D 8C 8S 6C AD 8H 9C JH",
        "totals": {"pone_play": 7, "dealer_play": 4, "pone_hand": 6, "dealer_hand": 4, "crib": 2},
        "notes": {"pone_throw": "Keep the eights.", "dealer_throw": "Keep 6-8-9.", "pone": "A pair royal.",
                  "dealer": "Two fifteens.", "crib": "A pair."},
    },
}


def write_catalog(directory: Path, entries: dict[str, list[Any]]) -> None:
    """Each collection's file, written only where its text changes: the fuzz rewrites one folder
    hundreds of times and changes one file each time (rewriting a file in place waits on the disk)."""
    directory.mkdir(parents=True, exist_ok=True)
    for name in COLLECTIONS:
        text = _collection_text(name, entries.get(name, []))
        path = directory / f"{name}.yml"
        if not path.is_file() or path.read_bytes() != text.encode():
            path.write_text(text, encoding="utf-8")


_VALID_TEXTS: dict[str, str] = {}  # collection -> the text of its valid entry, which most writes repeat


def _collection_text(name: str, entries: Any) -> str:
    # repr tells apart values YAML writes differently (True and 1, 1 and 1.0) where == would not
    valid = repr(entries) == repr([VALID.get(name)])
    if valid and name in _VALID_TEXTS:
        return _VALID_TEXTS[name]
    text = f"# yaml-language-server: $schema=schema/{name}.schema.json\n%YAML 1.1\n---\n"
    text += yaml.dump(entries, Dumper=DUMPER, sort_keys=False, allow_unicode=True)
    if valid:
        _VALID_TEXTS[name] = text
    return text


def valid_entries() -> dict[str, list[Any]]:
    return {name: [copy.deepcopy(entry)] for name, entry in VALID.items()}
