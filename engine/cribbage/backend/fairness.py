"""Checking a deal: the seed revealed at the end against the commitment shown before the first cut.

``check_record`` reads a finished game's record, ``check_seed`` a seed and a commitment. Both
hash the seed (SHA-256 of its text in UTF-8), say whether that is the commitment, and deal the
game's deals again from the seed, with ``words``: a sentence anyone can follow. A record is also
replayed, so its every deal, card and score must follow from that seed.
"""

from __future__ import annotations

from typing import Any

from .. import records
from ..deals import Deal, deal, deals
from ..errors import ParameterError
from ..events import DealEvent
from ..seeds import Seed, commitment
from ..variants import Variant
from ..words import number_word

JSON = dict[str, Any]


def check_seed(seed: Seed, given: str, variant: Variant, count: int) -> JSON:
    """The seed against the commitment, and the game's first ``count`` deals from the seed."""
    return _answer(seed, given.strip().lower(), variant, deals(seed, variant, count), None)


def check_record(text: str) -> JSON:
    """A finished game's record: its seed against its commitment, its deals dealt again, its lines replayed."""
    seed, given, variant = records.committed_seed(text)
    if seed is None:
        raise ParameterError("this record has no seed: a record of a game in play hides it until the game is over")
    if given is None:
        raise ParameterError("this record has no commitment line: it was written before games committed to their deal")
    if commitment(seed) != given:
        return _answer(seed, given, variant, [], None)
    try:
        game = records.replay(text)
    except records.RecordError as error:
        return _answer(seed, given, variant, [], {"line": error.line, "problem": error.problem, "hint": error.hint})
    played = [deal(seed, variant, event.hand, event.player) for event in game.events if isinstance(event, DealEvent)]
    return _answer(seed, given, variant, played, None)


def _answer(seed: Seed, given: str, variant: Variant, dealt: list[Deal], error: JSON | None) -> JSON:
    computed = commitment(seed)
    matches = computed == given
    return {"seed": seed, "commitment": given, "computed": computed, "matches": matches, "variant": variant.name,
            "deals": [each.to_json() for each in dealt], "error": error,
            "words": _words(seed, computed, given, len(dealt), error)}


def _words(seed: Seed, computed: str, given: str, dealt: int, error: JSON | None) -> str:
    """The check in one or two sentences, with the fingerprints' first twelve digits."""
    hashed = f"The seed {str(seed)!r} hashes (SHA-256) to {computed[:12]}…"
    if computed != given:
        return (f"{hashed}, but the commitment was {given[:12]}…: these are not the cards the game committed to "
                "before the first cut.")
    if error is not None:
        return (f"{hashed}, the commitment shown before the first cut, but the record does not follow from it "
                f"at line {error['line']}: {error['problem']}.")
    many = "deal" if dealt == 1 else "deals"
    return (f"{hashed}, the commitment shown before the first cut. Dealt again from it, the {number_word(dealt)} "
            f"{many} below are the cards that were played, so they were fixed before the game began.")
