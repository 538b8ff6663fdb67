"""Schema errors in words: ``file:line: entry 'id': what is wrong (hint: ...)``."""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, Final, cast

import jsonschema
import referencing
from referencing._core import Resolver  # the type of Registry.resolver(); not re-exported

from cribbage import CardError, parse_cards

from .claims import rank_of
from .loader import SCHEMA_DIR, Entry, Items, short

TYPE_WORDS: Final = {
    "string": "text", "integer": "a whole number", "number": "a number", "boolean": "true or false",
    "object": "a mapping of keys to values", "array": "a list", "null": "empty",
}


def describe(error: jsonschema.ValidationError, document: list[Any], shown: str,
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
    return f"'{name}' is not valid: {short(fallback)}"


_PARSERS: Final[dict[str, Callable[[str], object]]] = {
    "Cards": lambda text: parse_cards(text),
    "Card": lambda text: parse_cards(text, 1, "card"),
    "Ranks": lambda text: [rank_of(token) for token in text.split()],
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
        return short(repr(value))
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, int | float):
        return short(str(value))
    return f"a {type(value).__name__}"
