"""Load, validate and verify the YAML catalog in docs/catalog/.

Two layers, each problem reported as ``file:line: entry 'id': what is wrong (hint: ...)``:

1. The shape: each ``<collection>.yml`` is checked against its JSON Schema in
   ``docs/catalog/schema/`` (the one description of the shape; editors read the same file
   through the ``# yaml-language-server: $schema=...`` line that starts each YAML file).
2. The claims: every number an entry states is recomputed by the engine, ids that
   entries use to point at each other must exist, every ruling names its ACC rule, and
   every ACC rule number cited anywhere in the catalog's text is one that sources.yml
   lists (``hooks.citations``).

All problems are collected before the build stops, so one run shows them all. Reading
never raises on bad input: ``read_catalog`` returns the problems (the build hook adds the
pages' citations to them), ``load_catalog`` raises them as one ``CatalogError``.
"""

from __future__ import annotations

import difflib
import json
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final, cast

import jsonschema
import referencing
import yaml
from referencing._core import Resolver  # the type of Registry.resolver(); not re-exported
from referencing.jsonschema import DRAFT7

from cribbage import CardError, parse_cards, rules, score_count, score_show
from cribbage.cards import Card
from cribbage.play import GO, PlayedCard, last_card_items, run_play
from cribbage.show import KINDS, ScoreItem, ShowScore, pair_items, run_items
from hooks import citations

COLLECTIONS: Final = ("examples", "plays", "patterns", "faq", "disputes", "corrections", "house_rules",
                      "glossary", "sources", "deals")
RULINGS: Final = ("disputes", "corrections")  # the collections whose entries are rulings
SCHEMA_DIR: Final = "schema"  # beside the YAML files: docs/catalog/schema/<collection>.schema.json


# --- reading YAML with line numbers ------------------------------------------------------------

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
                None, None, f"cannot read this value ({_short(str(error), 50)})", node.start_mark
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


# --- the catalog ----------------------------------------------------------------------------------

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


def load_catalog(directory: Path, relative_to: Path | None = None,
                 schema_dir: Path | None = None) -> Catalog:
    """Read every collection, check its shape, verify its claims; raise CatalogError."""
    catalog, problems = read_catalog(directory, relative_to, schema_dir)
    if problems:
        raise CatalogError(problems)
    return catalog


def read_catalog(directory: Path, relative_to: Path | None = None,
                 schema_dir: Path | None = None) -> tuple[Catalog, list[str]]:
    """The catalog and every problem found in it (an empty list when it is sound)."""
    schemas = Schemas(schema_dir or directory / SCHEMA_DIR)
    catalog = Catalog()
    problems: list[str] = []
    files: dict[str, tuple[Path, str]] = {}
    for name in COLLECTIONS:
        path = directory / f"{name}.yml"
        shown = str(path.relative_to(relative_to)) if relative_to and path.is_relative_to(relative_to) else str(path)
        files[name] = (path, shown)
        document = _read_document(path, shown, problems)
        if document is None:
            continue
        found = schemas.problems(name, document, shown)
        problems.extend(found)
        if not found:
            for entry in document:
                _add(catalog.collection(name), entry, problems)
    if not problems:
        _verify_all(catalog, problems)
        _check_citations(catalog, files, problems)
    return catalog, _unique(problems)


def _read_document(path: Path, shown: str, problems: list[str]) -> list[Any] | None:
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


def _add(collection: dict[str, Entry], entry: Entry, problems: list[str]) -> None:
    ident = entry["id"]
    if ident in collection:
        first = collection[ident]
        problems.append(
            f"{entry.where('id')}: entry '{ident}': duplicate id (first used at "
            f"{first.where('id')}) (hint: ids are permanent; give this entry a new one)"
        )
        return
    collection[ident] = entry


def _unique(problems: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(problems))


def _line_number(problem: str) -> int:
    """The N of 'file:N: ...' (problems of one file are listed top to bottom)."""
    parts = problem.split(":", 2)
    return int(parts[1]) if len(parts) > 2 and parts[1].isdigit() else 0


# --- the shape, from the JSON Schemas -------------------------------------------------------------

def _is_integer(_checker: object, value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)  # 5.0 is not a whole number here


def _is_number(_checker: object, value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


_Validator: type[jsonschema.Draft7Validator] = jsonschema.validators.extend(  # type: ignore[no-untyped-call]
    jsonschema.Draft7Validator,
    type_checker=jsonschema.Draft7Validator.TYPE_CHECKER.redefine_many(
        {"integer": _is_integer, "number": _is_number}
    ),
)

TYPE_WORDS: Final = {
    "string": "text", "integer": "a whole number", "number": "a number", "boolean": "true or false",
    "object": "a mapping of keys to values", "array": "a list", "null": "empty",
}


class Schemas:
    """The collections' JSON Schemas and the shared definitions they refer to."""

    def __init__(self, directory: Path):
        self.directory = directory
        resources = []
        self.unreadable: dict[str, str] = {}  # schema file name -> why it cannot be used
        for path in sorted(directory.glob("*.schema.json")):
            uri = path.resolve().as_uri()
            try:
                loaded = json.loads(path.read_text(encoding="utf-8"))
            except (ValueError, UnicodeDecodeError) as error:
                self.unreadable[path.name] = str(error)
                continue
            contents = {**loaded, "$id": uri} if isinstance(loaded, dict) else loaded  # relative $refs resolve here
            resources.append((uri, DRAFT7.create_resource(contents)))
        self.registry: referencing.Registry[Any] = referencing.Registry().with_resources(resources)

    def uri(self, name: str) -> str:
        return (self.directory / f"{name}.schema.json").resolve().as_uri()

    def problems(self, name: str, document: list[Any], shown: str) -> list[str]:
        """Every way ``document`` departs from the collection's schema, with file:line."""
        if self.unreadable:
            return [f"{shown}:1: the schema {file_name} is not valid JSON: {why} (hint: fix {file_name})"
                    for file_name, why in self.unreadable.items()]
        uri = self.uri(name)
        resolver = self.registry.resolver(uri)
        try:
            # $refs replaced by what they point at: validating is then several times faster
            schema = _inline_refs(self.registry.contents(uri), resolver)
        except referencing.exceptions.NoSuchResource:
            return [f"{shown}:1: no schema at {self.directory.name}/{name}.schema.json "
                    "(hint: every collection has one; copy a sibling's)"]
        except referencing.exceptions.Unresolvable as missing:
            return [f"{shown}:1: its schema {name}.schema.json refers to {missing}, which does not exist "
                    "(hint: fix the $ref in the schema)"]
        errors = sorted(_Validator(schema).iter_errors(document), key=lambda e: [str(p) for p in e.absolute_path])
        found: list[str] = []
        for error in errors:
            found.extend(_describe(error, document, shown, schema, resolver))
        return sorted(_unique(found), key=_line_number)


def _inline_refs(node: Any, resolver: Resolver[Any], depth: int = 0) -> Any:
    """A copy of a schema with every $ref replaced by its target (the keys beside a $ref, such as
    a field's own description, win over the target's). Catalog schemas are not recursive."""
    if depth > 40:
        raise referencing.exceptions.Unresolvable(ref="(a $ref that refers to itself)")
    if isinstance(node, list):
        return [_inline_refs(item, resolver, depth + 1) for item in node]
    if not isinstance(node, dict):
        return node
    ref = node.get("$ref")
    inlined = {key: _inline_refs(value, resolver, depth + 1) for key, value in node.items() if key != "$ref"}
    if not isinstance(ref, str):
        return inlined
    resolved = resolver.lookup(ref)
    return {**_inline_refs(resolved.contents, resolved.resolver, depth + 1), **inlined}


def _describe(error: jsonschema.ValidationError, document: list[Any], shown: str,
              schema: dict[str, Any], resolver: Resolver[Any]) -> Iterator[str]:
    path = list(error.absolute_path)
    if not path:  # the file itself
        yield f"{shown}:1: the file must be a list of entries (hint: start each entry with '- id:')"
        return
    entry = document[path[0]] if isinstance(path[0], int) else None
    if not isinstance(entry, Entry):
        line = _line_before(document, path[0])
        yield (f"{shown}:{line}: item {cast(int, path[0]) + 1} is not an entry: each entry is a mapping "
               "that starts with '- id:' (hint: check the indentation of the lines below the dash)")
        return
    inner = path[1:]
    label = entry.label()
    name = _dotted(inner)
    hint = _nearest_hint(schema, inner, resolver) or f"see {_schema_file(shown)}"
    value: Any = error.instance
    failed: dict[str, Any] = dict(error.schema) if isinstance(error.schema, Mapping) else {}
    expected: Any = error.validator_value
    kind = str(error.validator)
    if kind == "additionalProperties":
        known = failed.get("properties", {})
        allowed = ", ".join(str(k) for k in known)
        for key in value:
            if key not in known:
                where = _where(entry, [*inner, key])
                shown_key = f"{name}.{key}" if name else str(key)
                yield (f"{shown}:{where}: {label}: unknown key '{shown_key}' "
                       f"(hint: {_did_you_mean(str(key), known)}allowed: {allowed})")
        return
    where = _where(entry, inner)
    if kind == "required":
        for key in expected:
            if key not in value:
                key_hint = _hint(_field_schema(schema, [*inner, key], resolver))
                full = f"{name}.{key}" if name else key
                yield f"{shown}:{where}: {label}: missing field '{full}' (hint: add '{key}: ...'; {key_hint})"
        return
    if kind == "dependencies":
        for key, needed in expected.items():
            missing = [n for n in needed if key in value and n not in value]
            if missing:
                yield (f"{shown}:{_where(entry, [*inner, key])}: {label}: '{key}' needs "
                       f"'{missing[0]}' too (hint: add '{missing[0]}: ...'; "
                       f"{_hint(_field_schema(schema, [*inner, missing[0]], resolver))})")
        return
    message = _message(kind, failed, expected, error.message, name, value)
    if failed.get("title") == "Id":  # how to write an id, whatever the id is for
        hint = _hint(failed)
    yield f"{shown}:{where}: {label}: {message} (hint: {hint})"


def _did_you_mean(key: str, known: Iterable[str]) -> str:
    close = difflib.get_close_matches(key, [str(k) for k in known], n=1)
    return f"did you mean '{close[0]}'? " if close else ""


def _message(kind: str, failed: dict[str, Any], expected: Any, fallback: str, name: str, value: Any) -> str:
    """What is wrong, in words, for one failed schema keyword (``failed`` is its schema)."""
    if kind == "type":
        words = " or ".join(TYPE_WORDS.get(t, t) for t in ([expected] if isinstance(expected, str) else expected))
        return f"'{name}' must be {words}, got {_shown(value)}{_quote_hint(failed, value)}"
    title = failed.get("title")
    if kind == "pattern" and title in _PARSERS:
        return f"bad {_PARSED_WORD[title]} in '{name}': {_parse_problem(title, value)}"
    if kind == "pattern" and title == "Id":
        return f"'{name}' must be lower-case words joined by hyphens, got {_shown(value)}"
    if kind == "pattern":
        return f"'{name}' is not in the expected form, got {_shown(value)}"
    if kind == "minLength":
        return f"'{name}' is empty"
    if kind == "minimum":
        return f"'{name}' must be {expected} or more, got {_shown(value)}"
    if kind == "minItems":
        return f"'{name}' is an empty list"
    if kind == "uniqueItems":
        return f"'{name}' lists the same value twice"
    return f"'{name}' is not valid: {_short(fallback)}"


_PARSERS: Final[dict[str, Callable[[str], object]]] = {
    "Cards": lambda text: parse_cards(text),
    "Card": lambda text: parse_cards(text, 1, "card"),
    "Ranks": lambda text: [_rank_of(token) for token in text.split()],
}
_PARSED_WORD: Final = {"Cards": "card", "Card": "card", "Ranks": "rank"}


def _parse_problem(title: str, value: str) -> str:
    """The engine's own words for what is wrong with a card or rank."""
    try:
        _PARSERS[title](value)
    except (CardError, ValueError) as error:
        return str(error)
    return f"{_shown(value)} is not written as the engine reads {title.lower()}"


def _quote_hint(schema: dict[str, Any], value: object) -> str:
    if schema.get("title") in ("Cards", "Ranks") and isinstance(value, list) \
            and all(isinstance(v, str | int) for v in value):
        return "; write the list as one string: " + " ".join(str(v) for v in value)
    if schema.get("type") == "string" and value is not None and not isinstance(value, dict | list):
        return "; put it in quotes if it is meant as text"
    return ""


def _field_schema(schema: dict[str, Any], inner: Sequence[Any],
                  resolver: Resolver[Any]) -> dict[str, Any]:
    """The schema of the field at ``inner`` inside one entry, its $ref followed (the field's
    own description kept over the definition's)."""
    current, resolver = _resolve(schema["definitions"]["entry"], resolver)
    for step in inner:
        key = "items" if isinstance(step, int) else "properties"
        child = current.get(key)
        if key == "properties":
            child = child.get(step) if isinstance(child, dict) else None
        if not isinstance(child, dict):
            return {}
        current, resolver = _resolve(child, resolver)
    return current


def _resolve(schema: dict[str, Any], resolver: Resolver[Any]
             ) -> tuple[dict[str, Any], Resolver[Any]]:
    ref = schema.get("$ref")
    if not isinstance(ref, str):
        return schema, resolver
    try:
        resolved = resolver.lookup(ref)
    except referencing.exceptions.Unresolvable:
        return schema, resolver
    if not isinstance(resolved.contents, dict):
        return schema, resolver
    merged = {**resolved.contents, **{k: v for k, v in schema.items() if k != "$ref"}}
    return _resolve(merged, resolved.resolver) if "$ref" in resolved.contents else (merged, resolved.resolver)


def _nearest_hint(schema: dict[str, Any], inner: Sequence[Any], resolver: Resolver[Any]) -> str:
    """The description of the field, or of the nearest field around it that has one."""
    for depth in range(len(inner), 0, -1):
        hint = _hint(_field_schema(schema, inner[:depth], resolver))
        if hint:
            return hint
    return ""


def _schema_file(shown: str) -> str:
    name = Path(shown).name.removesuffix(".yml")
    return f"{SCHEMA_DIR}/{name}.schema.json"


def _hint(schema: dict[str, Any]) -> str:
    """The field's description from the schema (what editors show too), as a hint."""
    text = str(schema.get("description") or "").rstrip(".")
    first_word = text.split(" ", 1)[0]
    return text if len(first_word) > 1 and first_word.isupper() else text[:1].lower() + text[1:]


def _where(entry: Entry, inner: Sequence[Any]) -> int:
    """The line of the deepest key on ``inner`` that the YAML recorded."""
    line, node = entry.line, cast(Any, entry)
    for step in inner:
        if isinstance(node, Entry):
            line = node.key_lines.get(step, line)
        elif isinstance(node, Items) and isinstance(step, int) and step < len(node.item_lines):
            line = node.item_lines[step]
        try:
            node = node[step]
        except (KeyError, IndexError, TypeError):
            break
        if isinstance(node, Entry):
            line = node.line if isinstance(step, int) else line
    return line


def _line_before(document: list[Any], index: Any) -> int:
    """For an item that is not an entry: the line of the nearest entry before it, or 1."""
    if isinstance(index, int):
        for item in reversed(document[:index]):
            if isinstance(item, Entry):
                return item.line
    return 1


def _dotted(inner: Sequence[Any]) -> str:
    parts: list[str] = []
    for step in inner:
        if isinstance(step, int):
            parts.append(f"[{step}]")
        else:
            parts.append(("." if parts else "") + str(step))
    return "".join(parts)


def _shown(value: object) -> str:
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return _short(repr(value))
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, int | float):
        return _short(str(value))
    return f"a {type(value).__name__}"


def _short(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


# --- verification of the claims -------------------------------------------------------------------

RECOUNT: Final = "write the engine's numbers; to quote someone's wrong count, put it under 'mistaken'"
CARDS_HINT: Final = "cards are a rank (A 2-10 T J Q K) then a suit (C D H S), all different, e.g. JD 5S 5H 5C"


class ClaimError(Exception):
    """A claim the engine disagrees with; ``key`` is the field whose line is reported."""

    def __init__(self, message: str, key: str | None = None, hint: str = RECOUNT):
        super().__init__(message)
        self.key = key
        self.hint = hint


def _verify_all(catalog: Catalog, problems: list[str]) -> None:
    checks: dict[str, Callable[[Entry], Any]] = {
        "examples": verify_example,
        "plays": verify_play,
        "patterns": verify_pattern,
    }
    for name, check in checks.items():
        for ident, entry in catalog.collection(name).items():
            try:
                catalog.results[(name, ident)] = check(entry)
            except ClaimError as error:
                problems.append(f"{entry.where(error.key)}: entry '{ident}': {error} (hint: {error.hint})")
    _check_references(catalog, problems)
    _check_aliases(catalog, problems)
    _check_rules_quiz(catalog, problems)
    _check_rulings(catalog, problems)


def _cards(entry: Entry, key: str, count: int | None) -> tuple[Card, ...]:
    text: str = entry[key]
    try:
        cards: tuple[Card, ...] = parse_cards(text, count, key)
    except CardError as error:
        raise ClaimError(f"bad card in '{key}': {error}", key, CARDS_HINT) from None
    return cards


def _claimed_points(points: dict[str, int]) -> dict[str, int]:
    return {kind: points.get(kind, 0) for kind in KINDS}


def describe_breakdown(by_kind: dict[str, int], total: int) -> str:
    parts = ", ".join(f"{kind} {points}" for kind, points in by_kind.items() if points)
    return f"{total} ({parts or 'nothing'})"


def verify_example(entry: Entry) -> ShowScore:
    hand = _cards(entry, "hand", 4)
    starter = _cards(entry, "starter", 1)[0]
    if starter in hand:
        raise ClaimError("the starter is also in the hand: a card can only appear once", "starter",
                         "pick a starter that is not one of the four hand cards")
    result: ShowScore = score_show(hand, starter, bool(entry.get("crib", False)))
    claimed_total, claimed = entry["total"], _claimed_points(entry["points"])
    if claimed_total != result.total or claimed != result.by_kind:
        raise ClaimError(
            f"claimed {describe_breakdown(claimed, claimed_total)}, but the engine counts "
            f"{describe_breakdown(result.by_kind, result.total)}: "
            + "; ".join(f"{i.kind} {' '.join(c.label for c in i.cards)} = {i.points}" for i in result.items),
            "total",
        )
    if "mistaken" in entry:
        _verify_mistake(entry, result.total, result.by_kind)
    return result


def _verify_mistake(entry: Entry, total: int, by_kind: dict[str, int] | None) -> None:
    """A correction must quote a claim that really is wrong, or it corrects nothing."""
    mistaken = entry["mistaken"]
    wrong_total = mistaken.get("total", total)
    wrong_points = mistaken.get("points")
    same_points = wrong_points is None or by_kind is None or _claimed_points(wrong_points) == by_kind
    if wrong_total == total and same_points:
        raise ClaimError(
            "the quoted mistake agrees with the engine, so it is not a mistake", "mistaken",
            "remove 'mistaken', or give the wrong numbers the quote claims (total, points)",
        )


@dataclass(frozen=True)
class PlayResult:
    """One count as the engine scores it; ``items`` is what the last card takes."""

    played: tuple[PlayedCard, ...]
    items: tuple[ScoreItem, ...]
    go: bool  # the last card also took the go (nobody could lay after it)

    @property
    def points(self) -> int:
        return sum(item.points for item in self.items)

    @property
    def steps(self) -> tuple[Card | None, ...] | None:
        """The cards laid, then None for each go until the count closes: what a scorer link replays
        (in the two-player play scorer both players say go before the last card takes one). None
        when the play scorer would refuse those goes: it replays a play from its lead, where a go is
        impossible while the players still hold cards that fit (the last count of a whole play)."""
        cards = tuple(p.card for p in self.played)
        if not self.go:
            return cards
        tokens = [card.code for card in cards]
        try:
            while run_play(tokens).current and len(tokens) < len(cards) + 2:
                tokens.append(GO)
        except CardError:
            return None
        return cards + (None,) * (len(tokens) - len(cards))


def verify_play(entry: Entry) -> PlayResult:
    cards = _cards(entry, "cards", None)
    try:
        played = score_count(cards)
    except CardError as error:
        raise ClaimError(f"impossible count: {error}", "cards",
                         f"one play example is one count: stop at {rules.THIRTY_ONE} or at the go") from None
    # nobody can lay after the last card: it takes the go unless the engine says otherwise (31)
    go_items = last_card_items(cards) if entry.get("last_card") else ()
    result = PlayResult(played, played[-1].items + go_items, bool(go_items))
    if entry["points"] != result.points:
        reasons = ", ".join(f"{i.kind} {i.points}" for i in result.items) or "nothing"
        raise ClaimError(
            f"claimed the last card scores {entry['points']}, but the engine gives {result.points} ({reasons})",
            "points",
        )
    if "mistaken" in entry:
        _verify_mistake(entry, result.points, None)
    return result


@dataclass(frozen=True)
class PatternResult:
    cards: tuple[Card, ...]
    points: int


def verify_pattern(entry: Entry) -> PatternResult:
    """Pairs and runs of a rank pattern such as '2 2 3 4' (suits do not matter)."""
    try:
        ranks = [_rank_of(token) for token in entry["ranks"].split()]
    except (ValueError, CardError) as error:
        raise ClaimError(f"bad rank in 'ranks': {error}", "ranks", "ranks are A, 2-10, T, J, Q or K") from None
    cards = _cards_for_ranks(ranks)
    computed = sum(i.points for i in pair_items(cards) + run_items(cards))
    if computed != entry["points"]:
        raise ClaimError(f"claimed {entry['points']} for pairs and runs, the engine counts {computed}", "points")
    return PatternResult(cards, computed)


def _rank_of(token: str) -> int:
    try:
        card: Card = parse_cards(token + "C", 1, "rank")[0]
    except CardError:
        raise CardError(f"'{token}' is not a rank (use A, 2-10, T, J, Q or K)") from None
    return card.rank


def _cards_for_ranks(ranks: list[int]) -> tuple[Card, ...]:
    used: dict[int, int] = {}
    cards = []
    for rank in ranks:
        suit = used.get(rank, 0)
        if suit > 3:
            raise ClaimError("a rank appears more than four times", "ranks", "a deck has four cards of each rank")
        cards.append(Card.of(rank, suit))
        used[rank] = suit + 1
    return tuple(cards)


# Which ids an entry's fields point at: (collection, field) -> the collection they name.
REFERENCES: Final = {
    ("faq", "example"): "examples",
    ("faq", "play"): "plays",
    ("disputes", "faq"): "faq",
    ("corrections", "faq"): "faq",
    ("glossary", "faq"): "faq",
}


def _check_references(catalog: Catalog, problems: list[str]) -> None:
    for (name, key), target in REFERENCES.items():
        for ident, entry in catalog.collection(name).items():
            ref = entry.get(key)
            if ref is not None and ref not in catalog.collection(target):
                problems.append(
                    f"{entry.where(key)}: entry '{ident}': {key} '{ref}' is not in the catalog "
                    f"(hint: add it to {target}.yml or fix the id)"
                )


HOME_SOURCE: Final = re.compile(r"\b(?:Hoyle|pagat)\b")  # a home rule says whose it is
RULING_PAGES: Final = ("disputes.md", "corrections.md")


def _check_rulings(catalog: Catalog, problems: list[str]) -> None:
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
                                "(hint: name Hoyle or pagat in it, and list the source under sources)")
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


def _check_citations(catalog: Catalog, files: Mapping[str, tuple[Path, str]], problems: list[str]) -> None:
    """ACC rule numbers cited anywhere in the catalog's text must be listed in sources.yml."""
    known = catalog.acc_rules()
    for name, (path, shown) in files.items():
        entries = sorted(catalog.collection(name).values(), key=lambda e: e.line)
        for problem in citations.problems(path.read_text(encoding="utf-8"), known):
            owner = [entry for entry in entries if entry.line <= problem.line]
            problems.append(problem.at(shown, f"{owner[-1].label()}: " if owner else ""))


def _check_aliases(catalog: Catalog, problems: list[str]) -> None:
    seen: dict[str, str] = {ident: ident for ident in catalog.faq}
    for ident, entry in catalog.faq.items():
        for alias in entry.get("aliases", []):
            if alias in seen:
                problems.append(
                    f"{entry.where('aliases')}: entry '{ident}': alias '{alias}' is already used by "
                    f"'{seen[alias]}' (hint: an alias is an old id no other answer has)"
                )
            seen[alias] = ident


MIN_QUIZ_QUESTIONS: Final = 40  # the practice page's rules quiz draws from at least this many


def _check_rules_quiz(catalog: Catalog, problems: list[str]) -> None:
    """Quiz questions (FAQ answers and disputes) are questions, and none is asked twice.

    Their shape (question, answer: yes|no, explain; a dispute's faq) is in the schemas."""
    seen: dict[str, str] = {}
    for name in ("faq", "disputes"):
        for ident, entry in catalog.collection(name).items():
            quiz = entry.get("quiz")
            if quiz is None:
                continue
            where = f"{entry.where('quiz')}: entry '{ident}'"
            question = quiz["question"]
            if not question.rstrip().endswith("?"):
                problems.append(f"{where}: the quiz question does not end in '?' "
                                "(hint: ask it so that yes or no answers it)")
            elif question in seen:
                problems.append(f"{where}: the same quiz question is asked by '{seen[question]}' "
                                "(hint: ask something else, or remove one)")
            else:
                seen[question] = ident


def rules_quiz_questions(catalog: Catalog) -> list[dict[str, Any]]:
    """The practice page's rules quiz: every quiz question with its explanation and FAQ link.
    The site needs at least MIN_QUIZ_QUESTIONS; fewer stops the build."""
    questions = [{"id": ident, "quiz": e["quiz"], "explain": e["quiz"].get("explain") or e["answer"],
                  "link": "faq.md#" + ident} for ident, e in catalog.faq.items() if e.get("quiz")]
    questions += [{"id": ident, "quiz": e["quiz"], "explain": e["quiz"].get("explain") or e["ruling"],
                   "link": "faq.md#" + e["faq"]} for ident, e in catalog.disputes.items() if e.get("quiz")]
    if len(questions) < MIN_QUIZ_QUESTIONS:
        raise CatalogError([f"docs/catalog: the rules quiz has {len(questions)} questions, at least "
                            f"{MIN_QUIZ_QUESTIONS} are needed (hint: add quiz: to FAQ answers or disputes)"])
    return questions


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m hooks.catalog [docs/catalog]``: check the catalog (and the ACC rule numbers the
    pages beside it cite) without building the site."""
    import sys

    args = list(sys.argv[1:] if argv is None else argv)
    directory = Path(args[0]) if args else Path("docs") / "catalog"
    catalog, problems = read_catalog(directory)
    if not problems:  # the pages beside the catalog cite ACC rules too
        problems = citations.check_pages(directory.parent, catalog.acc_rules(), Path.cwd())
    for problem in problems:
        print(problem)
    print(f"{len(problems)} problem(s)" if problems else "the catalog is sound", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
