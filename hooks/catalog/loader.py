"""Reading the catalog's YAML files: entries that remember their lines, and the ``Catalog``."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final, cast

import yaml

from hooks import citations

COLLECTIONS: Final = ("examples", "plays", "patterns", "faq", "disputes", "corrections", "irregularities",
                      "house_rules", "glossary", "sources", "deals")
RULINGS: Final = ("disputes", "corrections")  # the collections whose entries are rulings
SCHEMA_DIR: Final = "schema"  # beside the YAML files: docs/catalog/schema/<collection>.schema.json


class Entry(dict[Any, Any]):
    """A mapping from the catalog that remembers the lines it and its keys start on."""

    path: str = ""
    line: int = 0
    key_lines: dict[Any, int]

    def where(self, key: str | None = None) -> str:
        return f"{self.path}:{self.key_lines.get(key, self.line) if key else self.line}"

    def label(self) -> str:
        ident = self.get("id")
        return f"entry '{ident}'" if isinstance(ident, str) and ident else f"the entry at line {self.line}"


# libyaml's parser when PyYAML was built with it (several times faster), else the pure-Python one
_SafeLoader: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _LineLoader(_SafeLoader):  # type: ignore[valid-type, misc]
    def construct_object(self, node: yaml.Node, deep: bool = False) -> Any:
        """A value YAML recognises but Python cannot build (a 5,000-digit number, the date
        2024-13-45) is a YAML problem at its line, not an exception."""
        try:
            return super().construct_object(node, deep)
        except (ValueError, OverflowError) as error:
            raise yaml.constructor.ConstructorError(
                None, None, f"cannot read this value ({short(str(error), 50)})", node.start_mark
            ) from None


def _construct_entry(loader: _LineLoader, node: yaml.MappingNode) -> Entry:
    keys = [key.value for key, _ in node.value if isinstance(key, yaml.ScalarNode)]
    duplicated = [k for i, k in enumerate(keys) if k in keys[:i]]
    if duplicated:
        raise yaml.constructor.ConstructorError(
            None, None, f"the key '{duplicated[0]}' appears twice in one entry", node.start_mark
        )
    entry = Entry(loader.construct_mapping(node, deep=True))
    entry.line = node.start_mark.line + 1
    # the keys as constructed (construct_object returns the cached objects): 'id', 1, True...
    entry.key_lines = {
        loader.construct_object(key, deep=True): key.start_mark.line + 1 for key, _ in node.value
    }
    return entry


class Items(list[Any]):
    """A list from the catalog that remembers the line each item starts on."""

    item_lines: list[int]


def _construct_items(loader: _LineLoader, node: yaml.SequenceNode) -> Items:
    items = Items(loader.construct_sequence(node, deep=True))
    items.item_lines = [child.start_mark.line + 1 for child in node.value]
    return items


_LineLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_entry)
_LineLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _construct_items)


class CatalogError(Exception):
    """One or more problems; ``str()`` lists each as file:line: message."""

    def __init__(self, problems: list[str]):
        super().__init__("\n".join(problems))
        self.problems = problems


@dataclass
class Catalog:
    examples: dict[str, Entry] = field(default_factory=dict)
    plays: dict[str, Entry] = field(default_factory=dict)
    patterns: dict[str, Entry] = field(default_factory=dict)
    faq: dict[str, Entry] = field(default_factory=dict)
    disputes: dict[str, Entry] = field(default_factory=dict)
    corrections: dict[str, Entry] = field(default_factory=dict)  # the corrections page's rulings
    irregularities: dict[str, Entry] = field(default_factory=dict)  # its table: one row per ACC rule
    house_rules: dict[str, Entry] = field(default_factory=dict)  # this site's stance: one entry
    glossary: dict[str, Entry] = field(default_factory=dict)
    sources: dict[str, Entry] = field(default_factory=dict)
    deals: dict[str, Entry] = field(default_factory=dict)  # replayed by deal.py when rendering
    results: dict[tuple[str, str], Any] = field(default_factory=dict)  # engine output per entry

    def collection(self, name: str) -> dict[str, Entry]:
        return cast(dict[str, Entry], getattr(self, name))

    def ruling(self, ident: str) -> tuple[str, Entry] | None:
        """A ruling by id, from the disputes or the corrections, with its collection's name."""
        for name in RULINGS:
            if ident in self.collection(name):
                return name, self.collection(name)[ident]
        return None

    def acc_rules(self) -> dict[str, str]:
        """The ACC rule numbers the site may cite, with their titles (sources.yml)."""
        return citations.known_rules(self.sources.get("acc"))


def read_document(path: Path, shown: str, problems: list[str]) -> list[Any] | None:
    if not path.exists():
        problems.append(f"{shown}:1: file missing (hint: every collection needs its file, even if empty: [])")
        return None
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as error:
        line = error.object[: error.start].count(b"\n") + 1
        problems.append(f"{shown}:{line}: not UTF-8 text (hint: save the file as UTF-8)")
        return None
    try:
        data = yaml.load(text, Loader=_LineLoader)
    except yaml.reader.ReaderError as error:
        line = text[: error.position].count("\n") + 1
        problems.append(f"{shown}:{line}: not valid YAML: the character {chr(error.character)!r} is not "
                        "allowed (hint: delete it or write it as an escape inside double quotes)")
        return None
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None) or getattr(error, "context_mark", None)
        line = mark.line + 1 if mark else 1
        reason = str(getattr(error, "problem", None) or error)
        hint = "quote it if it is meant as text" if reason.startswith("cannot read") else "check indentation and quotes"
        problems.append(f"{shown}:{line}: not valid YAML: {reason} (hint: {hint})")
        return None
    except RecursionError:
        problems.append(f"{shown}:1: not valid YAML: nested too deeply (hint: check the brackets)")
        return None
    if data is None:
        return []
    if not isinstance(data, list):
        problems.append(f"{shown}:1: the file must be a list of entries (hint: start each entry with '- id:')")
        return None
    for item in data:
        if isinstance(item, Entry):
            item.path = shown
    return data


def add_entry(collection: dict[str, Entry], entry: Entry, problems: list[str]) -> None:
    ident = entry["id"]
    if ident in collection:
        first = collection[ident]
        problems.append(
            f"{entry.where('id')}: entry '{ident}': duplicate id (first used at "
            f"{first.where('id')}) (hint: ids are permanent; give this entry a new one)"
        )
        return
    collection[ident] = entry


def unique(problems: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(problems))


def line_number(problem: str) -> int:
    """The N of 'file:N: ...' (problems of one file are listed top to bottom)."""
    parts = problem.split(":", 2)
    return int(parts[1]) if len(parts) > 2 and parts[1].isdigit() else 0


def short(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
