"""Load, validate and verify the YAML catalog in docs/catalog/.

Two layers, each problem reported as ``file:line: entry 'id': what is wrong (hint: ...)``:

1. The shape: each ``<collection>.yml`` is checked against its JSON Schema in
   ``docs/catalog/schema/`` (the one description of the shape; editors read the same file
   through the ``# yaml-language-server: $schema=...`` line that starts each YAML file).
2. The claims: every number an entry states is recomputed by the engine, ids that
   entries use to point at each other must exist, every ruling names its ACC rule, every
   source an entry lists is in sources.yml, every worked deal replays, and every ACC rule
   number cited anywhere in the catalog's text is one that sources.yml lists
   (``hooks.citations``).

All problems are collected before the build stops, so one run shows them all. Reading
never raises on bad input: ``read_catalog`` returns the problems (the build hook adds the
pages' citations to them), ``load_catalog`` raises them as one ``CatalogError``. The build and
``python -m hooks.catalog`` run the same checks.

The modules, in the order the checks run: ``loader`` (YAML with lines, the ``Catalog``),
``schema`` and ``messages`` (the shape and its problems in words), ``claims`` (the numbers),
``links`` (references, rulings, sources and citations), ``quiz`` (the rules quiz), ``deals``
(the worked deals) and ``check`` (all of them in order); ``cli`` is the command.
"""

from hooks.catalog.check import load_catalog, read_catalog
from hooks.catalog.claims import (
    ClaimError,
    PatternResult,
    PlayResult,
    describe_breakdown,
    verify_example,
    verify_pattern,
    verify_play,
)
from hooks.catalog.cli import main
from hooks.catalog.deals import worked_deals
from hooks.catalog.loader import COLLECTIONS, RULINGS, SCHEMA_DIR, Catalog, CatalogError, Entry, Items
from hooks.catalog.quiz import MIN_QUIZ_QUESTIONS, rules_quiz_questions

__all__ = [
    "COLLECTIONS", "MIN_QUIZ_QUESTIONS", "RULINGS", "SCHEMA_DIR", "Catalog", "CatalogError", "ClaimError", "Entry",
    "Items", "PatternResult", "PlayResult", "describe_breakdown", "load_catalog", "main", "read_catalog",
    "rules_quiz_questions", "verify_example", "verify_pattern", "verify_play", "worked_deals",
]
