"""What a game's seed may be: a whole number that every JSON reader keeps exact, or a short text.

Every random choice of a game (the cuts, the shuffles, the starter) is drawn from its seed, so a
seed and the same decisions replay the same game. The seed travels in saved games and through
the worker API, so it is bounded: a number from 0 to 2^53 - 1 (exact in a JavaScript number) or
a text of at most ``MAX_SEED_TEXT`` characters that can be written as UTF-8 (a lone surrogate,
``"\\ud800"``, cannot: it is refused as unreadable rather than failing deep in a shuffle).
"""

from __future__ import annotations

from typing import Final, Literal

Seed = int | str
"""A game's seed: a whole number or a short text."""

MAX_SEED: Final = 2**53 - 1
"""The largest number seed (the largest integer a JavaScript number holds exactly)."""

MAX_SEED_TEXT: Final = 40
"""The longest text seed, in characters."""

SeedProblem = Literal["type", "range", "length", "encoding"]
"""Why a value is not a seed: not a number or text, a number out of range, text too long, or text
that cannot be written as UTF-8."""


def seed_problem(value: object, min_text: int = 0) -> SeedProblem | None:
    """Why ``value`` cannot be a seed, or None when it can (text needs ``min_text`` characters or more)."""
    if isinstance(value, bool) or not isinstance(value, int | str):
        return "type"
    if isinstance(value, int):
        return None if 0 <= value <= MAX_SEED else "range"
    if not min_text <= len(value) <= MAX_SEED_TEXT:
        return "length"
    return None if writable(value) else "encoding"


def writable(text: str) -> bool:
    """Whether ``text`` can be written as UTF-8 (false only for text holding a lone surrogate)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def commitment(seed: Seed) -> str:
    """The game's commitment to its deal: SHA-256 of the seed's text in UTF-8, as 64 hex digits.

    Shown before the first cut and checked against the seed revealed at the end, it proves the
    cards were fixed before the game began: no other seed of that text hashes to it.
    """
    import hashlib  # on first use: most callers never commit to a deal

    return hashlib.sha256(str(seed).encode("utf-8")).hexdigest()
