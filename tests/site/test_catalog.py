"""The catalog loader on small temporary catalogs: shapes from the JSON Schemas, claims from the
engine, and every problem as ``file:line: entry 'id': message`` — never an exception.

Fast (no site build). The fuzz substitutes random YAML values into valid entries.
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cribbage.show import KINDS
from harness.catalog_samples import VALID, valid_entries, write_catalog
from hooks.catalog import COLLECTIONS, SCHEMA_DIR, CatalogError, load_catalog, read_catalog
from hooks.catalog.schema import Schemas

ROOT = Path(__file__).resolve().parents[2]
CATALOG = ROOT / "docs" / "catalog"
SCHEMAS = CATALOG / SCHEMA_DIR
SHARED_SCHEMAS = Schemas(SCHEMAS)  # read once for the module's hundreds of checks (the fuzz)
PROBLEM = re.compile(r"^(?P<file>[\w./-]+\.yml)(?::(?P<line>\d+))?: (?P<message>.+)$", re.S)

# A value of another type for each JSON type a field can have.
WRONG: dict[str, Any] = {
    "string": ["9C", "6D"], "integer": "lots", "boolean": "maybe", "object": 5, "array": 7, "number": "many",
}


def schema(name: str) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads((SCHEMAS / f"{name}.schema.json").read_text())
    return loaded


DEFINITIONS = json.loads((SCHEMAS / "definitions.schema.json").read_text())["definitions"]


def resolve(node: dict[str, Any]) -> dict[str, Any]:
    ref = node.get("$ref", "")
    if ref.startswith("definitions.schema.json#/definitions/"):
        return resolve(DEFINITIONS[ref.rsplit("/", 1)[1]])
    if ref.startswith("#/definitions/"):
        return resolve(DEFINITIONS[ref.rsplit("/", 1)[1]])
    return node


def fields(node: dict[str, Any], prefix: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], str]]:
    """Every (path, JSON type) of an entry schema, nested mappings included."""
    for key, child in resolve(node).get("properties", {}).items():
        child = resolve(child)
        yield (*prefix, key), child["type"]
        if child["type"] == "object":
            yield from fields(child, (*prefix, key))


ALL_FIELDS = [(name, path, kind) for name in COLLECTIONS
              for path, kind in fields(schema(name)["definitions"]["entry"])]


def check(directory: Path) -> list[str]:
    return read_catalog(directory, relative_to=directory.parent, schemas=SHARED_SCHEMAS)[1]


def set_path(entry: dict[str, Any], path: tuple[str, ...], value: Any) -> None:
    for key in path[:-1]:
        entry = entry[key]
    entry[path[-1]] = value


def key_line(directory: Path, name: str, path: tuple[str, ...]) -> int:
    """The line of the last key of ``path`` in the written file (entries are written one per file)."""
    lines = (directory / f"{name}.yml").read_text().splitlines()
    start = 0
    for depth, key in enumerate(path):
        indent = f" {{{2 * depth + 2}}}" if depth else "(- |  )"
        pattern = re.compile(rf"^{indent}{re.escape(key)}:")
        start = next(i for i in range(start, len(lines)) if pattern.match(lines[i]))
    return start + 1


# --- the valid catalog, the schemas -----------------------------------------------------------------

def test_the_valid_entries_pass(tmp_path):
    write_catalog(tmp_path / "catalog", valid_entries())
    assert check(tmp_path / "catalog") == []


def test_the_valid_entries_use_every_field_of_their_schema():
    for name, path, _kind in ALL_FIELDS:
        node: Any = VALID[name]
        for key in path:
            assert key in node, f"add a value for {'.'.join(path)} to VALID['{name}'] in {__file__}"
            node = node[key]


def test_each_schema_is_a_valid_draft7_schema_referenced_from_its_yaml():
    for path in SCHEMAS.glob("*.schema.json"):
        jsonschema.Draft7Validator.check_schema(json.loads(path.read_text()))
    for name in COLLECTIONS:
        first, version, start = (CATALOG / f"{name}.yml").read_text().splitlines()[:3]
        assert first == f"# yaml-language-server: $schema=schema/{name}.schema.json"
        assert (version, start) == ("%YAML 1.1", "---")  # yes/no are booleans, for editors too


def test_show_categories_in_the_schema_are_the_engines():
    assert tuple(DEFINITIONS["show_points"]["properties"]) == tuple(KINDS)


def test_the_site_catalog_is_sound():
    assert read_catalog(CATALOG, relative_to=ROOT)[1] == []


# --- every field with a wrong type ------------------------------------------------------------------

@pytest.mark.parametrize("name, path, kind", ALL_FIELDS, ids=[f"{n}.{'.'.join(p)}" for n, p, _ in ALL_FIELDS])
def test_every_field_with_a_wrong_type_gives_file_line_and_message(name, path, kind, tmp_path):
    entries = valid_entries()
    set_path(entries[name][0], path, WRONG[kind])
    directory = tmp_path / "catalog"
    write_catalog(directory, entries)
    problems = check(directory)
    line = key_line(directory, name, path)
    dotted = ".".join(path)
    label = f"entry '{VALID[name]['id']}'" if path != ("id",) else "the entry at line 4"
    expected = f"catalog/{name}.yml:{line}: {label}: "
    matching = [p for p in problems if p.startswith(expected) and f"'{dotted}'" in p]
    assert matching, f"{expected}... '{dotted}' not in {problems}"
    assert "(hint: " in matching[0]


def test_a_missing_required_field_is_reported_at_the_entry(tmp_path):
    for name in COLLECTIONS:
        for required in schema(name)["definitions"]["entry"]["required"]:
            entries = valid_entries()
            del entries[name][0][required]
            write_catalog(tmp_path / name / required, entries)
            problems = check(tmp_path / name / required)
            assert any(f"{name}.yml:4: " in p and f"missing field '{required}'" in p for p in problems), problems


def test_an_unknown_key_names_the_allowed_ones(tmp_path):
    entries = valid_entries()
    entries["glossary"][0]["colour"] = "red"
    write_catalog(tmp_path / "catalog", entries)
    [problem] = check(tmp_path / "catalog")
    line = key_line(tmp_path / "catalog", "glossary", ("colour",))
    assert problem.startswith(f"catalog/glossary.yml:{line}: entry 'nobs': unknown key 'colour' "
                              "(hint: allowed: id, term, meaning, faq, sources)")


# --- the cases from issue 15 --------------------------------------------------------------------------

def test_a_bad_list_item_is_reported_at_its_own_line(tmp_path):
    entries = valid_entries()
    entries["faq"][0]["guide"] = ["guide.md#the-show", "the guide"]
    write_catalog(tmp_path / "catalog", entries)
    [problem] = check(tmp_path / "catalog")
    lines = (tmp_path / "catalog" / "faq.yml").read_text().splitlines()
    line = lines.index("  - the guide") + 1
    assert problem.startswith(f"catalog/faq.yml:{line}: entry 'best-hand': 'guide[1]' is not in the expected "
                              "form, got 'the guide' (hint: the pages the answer rests on"), problem


def test_mistaken_points_as_a_number_is_a_message_not_an_exception(tmp_path):
    entries = valid_entries()
    entries["examples"][0]["mistaken"] = {"points": 5}
    write_catalog(tmp_path / "catalog", entries)
    problems = check(tmp_path / "catalog")
    assert any("entry 'perfect-29': missing field 'mistaken.says'" in p for p in problems), problems
    assert any("entry 'perfect-29': 'mistaken.points' must be a mapping of keys to values, got 5" in p
               for p in problems), problems


def test_points_that_are_not_numbers_are_a_message(tmp_path):
    entries = valid_entries()
    entries["examples"][0]["points"] = {"fifteen": "lots"}
    write_catalog(tmp_path / "catalog", entries)
    [problem] = check(tmp_path / "catalog")
    assert "entry 'perfect-29': 'points.fifteen' must be a whole number, got 'lots'" in problem


def test_cards_written_as_a_list_get_a_clear_message(tmp_path):
    entries = valid_entries()
    entries["plays"][0]["cards"] = ["9C", "6D"]
    write_catalog(tmp_path / "catalog", entries)
    [problem] = check(tmp_path / "catalog")
    assert "'cards' must be text, got a list; write the list as one string: 9C 6D" in problem
    assert "'['" not in problem


def test_bad_cards_use_the_engines_words(tmp_path):
    entries = valid_entries()
    entries["examples"][0]["hand"] = "JD 5S 5H 5X"
    write_catalog(tmp_path / "catalog", entries)
    [problem] = check(tmp_path / "catalog")
    assert "entry 'perfect-29': bad card in 'hand': '5X' is not a card: 'X' is not a suit" in problem


# --- claims and references -------------------------------------------------------------------------

def test_a_wrong_total_shows_both_breakdowns(tmp_path):
    entries = valid_entries()
    entries["examples"][0]["total"] = 28
    write_catalog(tmp_path / "catalog", entries)
    [problem] = check(tmp_path / "catalog")
    assert "claimed 28 (fifteen 16, pair 12, nobs 1), but the engine counts 29" in problem


def test_thirty_one_takes_no_go_on_top(tmp_path):
    entries = valid_entries()
    entries["plays"][0].update(cards="TC TD 5H 6S", points=2)  # 31 for 2, and nothing for the last card
    del entries["plays"][0]["mistaken"]
    write_catalog(tmp_path / "catalog", entries)
    assert check(tmp_path / "catalog") == []
    entries["plays"][0]["points"] = 3
    write_catalog(tmp_path / "catalog", entries)
    [problem] = check(tmp_path / "catalog")
    assert "claimed the last card scores 3, but the engine gives 2 (thirty-one 2)" in problem


def test_a_reference_to_a_missing_id(tmp_path):
    entries = valid_entries()
    entries["faq"][0]["example"] = "no-such-hand"
    write_catalog(tmp_path / "catalog", entries)
    [problem] = check(tmp_path / "catalog")
    assert problem.startswith("catalog/faq.yml:")
    assert "entry 'best-hand': example 'no-such-hand' is not in the catalog (hint: add it to examples.yml" in problem


def test_a_duplicate_id_points_at_the_first(tmp_path):
    entries = valid_entries()
    entries["glossary"].append(copy.deepcopy(VALID["glossary"]))
    write_catalog(tmp_path / "catalog", entries)
    [problem] = check(tmp_path / "catalog")
    line = 4 + len(yaml.safe_dump([VALID["glossary"]]).splitlines())
    assert problem.startswith(f"catalog/glossary.yml:{line}: entry 'nobs': duplicate id "
                              "(first used at catalog/glossary.yml:4")


def test_load_catalog_raises_one_error_with_every_problem(tmp_path):
    entries = valid_entries()
    entries["examples"][0]["total"] = "lots"
    entries["glossary"][0]["term"] = 5
    write_catalog(tmp_path / "catalog", entries)
    with pytest.raises(CatalogError) as raised:
        load_catalog(tmp_path / "catalog", relative_to=tmp_path, schema_dir=SCHEMAS)
    assert len(raised.value.problems) == 2


def test_broken_files(tmp_path):
    directory = tmp_path / "catalog"
    write_catalog(directory, valid_entries())
    (directory / "plays.yml").write_text("- id: x\n  cards: [9C 6D\n")
    (directory / "faq.yml").write_text("id: not-a-list\n")
    (directory / "glossary.yml").unlink()
    (directory / "patterns.yml").write_bytes(b"- id: \xff\n")
    (directory / "examples.yml").write_text("- id: a\n  total: " + "9" * 5000 + "\n")  # past int()'s limit
    (directory / "sources.yml").write_text("- id: a\n  title: 2024-13-45\n")  # a date that does not exist
    problems = check(directory)
    assert any(p.startswith("catalog/examples.yml:2: not valid YAML: cannot read this value") for p in problems)
    assert any(p.startswith("catalog/sources.yml:2: not valid YAML: cannot read this value (month must be")
               and "(hint: quote it if it is meant as text)" in p for p in problems), problems
    assert any(p.startswith("catalog/plays.yml:") and "not valid YAML" in p for p in problems)
    assert any(p.startswith("catalog/faq.yml:1: the file must be a list of entries") for p in problems)
    assert any(p.startswith("catalog/glossary.yml:1: file missing") for p in problems)
    assert any(p.startswith("catalog/patterns.yml") for p in problems)


def test_a_broken_schema_is_a_problem_not_an_exception(tmp_path):
    schemas = tmp_path / "schema"
    schemas.mkdir()
    for path in SCHEMAS.glob("*.json"):
        (schemas / path.name).write_text(path.read_text())
    (schemas / "glossary.schema.json").write_text("{not json")
    (schemas / "plays.schema.json").unlink()
    write_catalog(tmp_path / "catalog", valid_entries())
    problems = read_catalog(tmp_path / "catalog", relative_to=tmp_path, schema_dir=schemas)[1]
    assert any("the schema glossary.schema.json is not valid JSON" in p for p in problems), problems
    (schemas / "glossary.schema.json").write_text(json.dumps(schema("glossary")))
    problems = read_catalog(tmp_path / "catalog", relative_to=tmp_path, schema_dir=schemas)[1]
    assert problems == ["catalog/plays.yml:1: no schema at schema/plays.schema.json "
                        "(hint: every collection has one; copy a sibling's)"]


# --- the fuzz ---------------------------------------------------------------------------------------

yaml_scalars = st.one_of(
    st.none(), st.booleans(), st.integers(min_value=-10**6, max_value=10**6),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=20),
    st.sampled_from(["5H", "JD 5S 5H 5C", "10D", "guide.md", "perfect-29", "yes", "", "31", "-1"]),
)
yaml_values = st.recursive(
    yaml_scalars,
    lambda children: st.one_of(
        st.lists(children, max_size=4),
        st.dictionaries(st.text(max_size=8) | st.sampled_from(list(KINDS)), children, max_size=4),
    ),
    max_leaves=8,
)


@pytest.fixture(scope="module")
def fuzz_dir(tmp_path_factory):
    return tmp_path_factory.mktemp("fuzz") / "catalog"


def assert_only_problems(directory: Path) -> list[str]:
    problems = check(directory)  # must not raise
    for problem in problems:
        match = PROBLEM.match(problem)
        assert match and match["line"], f"no file:line in {problem!r}"
        assert "(hint: " in problem, f"no hint in {problem!r}"
    return problems


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(field=st.sampled_from(ALL_FIELDS), value=yaml_values)
def test_fuzz_random_values_in_valid_entries_give_problems_never_exceptions(fuzz_dir, field, value):
    name, path, _kind = field
    entries = valid_entries()
    set_path(entries[name][0], path, value)
    write_catalog(fuzz_dir, entries)
    assert_only_problems(fuzz_dir)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=st.sampled_from(COLLECTIONS), value=yaml_values,
       key=st.text(st.characters(categories=["L", "N", "Pd", "Pc", "S"]), min_size=1, max_size=10))
def test_fuzz_unknown_keys_give_problems_never_exceptions(fuzz_dir, name, key, value):
    entries = valid_entries()
    known = resolve(schema(name)["definitions"]["entry"])["properties"]
    entries[name][0][key] = value
    write_catalog(fuzz_dir, entries)
    problems = assert_only_problems(fuzz_dir)
    if key not in known:
        assert any(f"unknown key '{key}'" in p for p in problems), problems


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=st.sampled_from(COLLECTIONS), value=yaml_values, whole_file=st.booleans())
def test_fuzz_random_entries_and_files_give_problems_never_exceptions(fuzz_dir, name, value, whole_file):
    entries: dict[str, Any] = valid_entries()
    if whole_file:
        entries[name] = value  # the file is a scalar, a mapping or a list of anything
    else:
        entries[name].append(value)  # one entry that is not a mapping, or a mapping of anything
    write_catalog(fuzz_dir, entries)
    problems = assert_only_problems(fuzz_dir)
    if not whole_file and not isinstance(value, dict):
        assert any(f"{name}.yml:" in p and "is not an entry" in p for p in problems), problems


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_fuzz_damaged_yaml_text_gives_problems_never_exceptions(fuzz_dir, data):
    write_catalog(fuzz_dir, valid_entries())
    name = data.draw(st.sampled_from(COLLECTIONS))
    path = fuzz_dir / f"{name}.yml"
    text = path.read_text()
    start = data.draw(st.integers(0, len(text)))
    end = data.draw(st.integers(start, min(len(text), start + 12)))
    junk = data.draw(st.text(alphabet=":-[]{}&*!|>'\"#%@` \n\t,?", max_size=6) | st.text(max_size=6))
    path.write_text(text[:start] + junk + text[end:])
    assert_only_problems(fuzz_dir)
