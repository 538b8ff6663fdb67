"""Every check in order: the shape, then the claims, the links, the quiz, the sources and the deals."""

from __future__ import annotations

from pathlib import Path

from .claims import verify_claims
from .deals import replay_deals
from .links import (
    check_aliases,
    check_citations,
    check_irregularities,
    check_references,
    check_rulings,
    check_sources,
)
from .loader import COLLECTIONS, SCHEMA_DIR, Catalog, CatalogError, add_entry, read_document, unique
from .quiz import check_rules_quiz
from .schema import Schemas


def load_catalog(directory: Path, relative_to: Path | None = None,
                 schema_dir: Path | None = None) -> Catalog:
    """Read every collection and run every check (``read_catalog``); any problem raises ``CatalogError``."""
    catalog, problems = read_catalog(directory, relative_to, schema_dir)
    if problems:
        raise CatalogError(problems)
    return catalog


def read_catalog(directory: Path, relative_to: Path | None = None, schema_dir: Path | None = None,
                 schemas: Schemas | None = None) -> tuple[Catalog, list[str]]:
    """The catalog and every problem found in it (an empty list when it is sound).

    ``schemas``: the schemas already read, for a caller that checks many catalogs against one
    schema directory (``schema_dir`` is then not read).
    """
    schemas = schemas or Schemas(schema_dir or directory / SCHEMA_DIR)
    catalog = Catalog()
    problems: list[str] = []
    files: dict[str, tuple[Path, str]] = {}
    for name in COLLECTIONS:
        path = directory / f"{name}.yml"
        shown = str(path.relative_to(relative_to)) if relative_to and path.is_relative_to(relative_to) else str(path)
        files[name] = (path, shown)
        document = read_document(path, shown, problems)
        if document is None:
            continue
        found = schemas.problems(name, document, shown)
        problems.extend(found)
        if not found:
            for entry in document:
                add_entry(catalog.collection(name), entry, problems)
    if not problems:  # the entries are the right shape: what they say can be checked
        verify_claims(catalog, problems)
        check_references(catalog, problems)
        check_aliases(catalog, problems)
        check_rules_quiz(catalog, problems)
        check_rulings(catalog, problems)
        check_irregularities(catalog, problems)
        check_sources(catalog, problems)
        replay_deals(catalog, problems)
        check_citations(catalog, files, problems)
    return catalog, unique(problems)


