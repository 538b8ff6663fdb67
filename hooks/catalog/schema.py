"""The shape of each collection, checked against its JSON Schema in ``docs/catalog/schema/``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import referencing
from referencing._core import Resolver  # the type of Registry.resolver(); not re-exported
from referencing.jsonschema import DRAFT7

from .loader import line_number, unique
from .messages import describe


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
        self._inlined: dict[str, Any] = {}  # collection name -> its schema with the $refs inlined

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
            schema = self._inlined.get(name) or _inline_refs(self.registry.contents(uri), resolver)
        except referencing.exceptions.NoSuchResource:
            return [f"{shown}:1: no schema at {self.directory.name}/{name}.schema.json "
                    "(hint: every collection has one; copy a sibling's)"]
        except referencing.exceptions.Unresolvable as missing:
            return [f"{shown}:1: its schema {name}.schema.json refers to {missing}, which does not exist "
                    "(hint: fix the $ref in the schema)"]
        self._inlined[name] = schema
        errors = sorted(_Validator(schema).iter_errors(document), key=lambda e: [str(p) for p in e.absolute_path])
        found: list[str] = []
        for error in errors:
            found.extend(describe(error, document, shown, schema, resolver))
        return sorted(unique(found), key=line_number)


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


