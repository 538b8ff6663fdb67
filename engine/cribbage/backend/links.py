"""The scorer's link format: a hand or a play in the address's fragment, written and read.

A show: ``#hand=5H,5S,5C,JD&starter=5D&crib=1`` (``crib`` only when true). A play:
``#play=4C,6D,5S,go,go`` (the cards laid in turn by the pone and the dealer; ``go`` is said by the
player to lay). Another variant than the standard game adds ``&variant=five-card`` (or
``three-player``, ``four-player``); a link without it means the standard game, as every older
link does. ``#variant=five-card`` alone opens the scorer set to that variant, with no cards. The
build writes "Try it" links with ``show_fragment``/``play_fragment``, the
scorer reads them with ``parse_fragment`` (through the API's ``link``), and pages build and read
them from ``link_format()``, so no JavaScript holds a second copy of the keys.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from ..cards import Card, parse_card, parse_cards
from ..errors import CardError, ParameterError
from ..seeds import MAX_SEED
from ..show import show_size
from ..variants import VARIANT_NAMES, VARIANTS, Variant, VariantName

HAND_KEY: Final = "hand"
STARTER_KEY: Final = "starter"
CRIB_KEY: Final = "crib"
PLAY_KEY: Final = "play"
VARIANT_KEY: Final = "variant"
SEATS_KEY: Final = "seats"
"""The table's link key for who plays each seat: ``seats=human,computer,human,strong``."""
COMPUTER_SEAT: Final = "computer"
"""A seat the computer plays at the table's chosen level (a level's id gives it a level of its own)."""
CRIB_ON: Final = "1"
GO_WORD: Final = "go"
SEPARATOR: Final = ","
MAX_LINK: Final = 400
"""Characters: no real link is longer."""
CARD_PATTERN: Final = r"^(10|[2-9TJQKA])[CDHS]$"
"""A card in a link: ASCII codes, case-insensitive."""


@dataclass(frozen=True)
class ShowLink:
    """A link to a hand (or crib) and its starter."""

    hand: tuple[Card, ...]
    """The four cards."""
    starter: Card
    """The starter."""
    crib: bool
    """Whether to count them as the crib."""
    variant: VariantName = "standard"
    """The variant the hand is scored in."""

    @property
    def fragment(self) -> str:
        """The link's fragment, without '#'."""
        return show_fragment(self.hand, self.starter, self.crib) + _variant_part(self.variant)

    def to_json(self) -> dict[str, object]:
        """``{"kind": "show", "hand", "starter", "crib", "fragment"}``, and ``"variant"`` for another variant."""
        data: dict[str, object] = {"kind": "show", "hand": [c.code for c in self.hand],
                                   "starter": self.starter.code, "crib": self.crib, "fragment": self.fragment}
        return _with_variant(data, self.variant)


@dataclass(frozen=True)
class PlayLink:
    """A link to a play: the cards laid in turn, and the goes."""

    steps: tuple[Card | None, ...]
    """Each card laid, or None for a go."""
    variant: VariantName = "standard"
    """The variant played (three or four players go round the table)."""

    @property
    def fragment(self) -> str:
        """The link's fragment, without '#'."""
        return play_fragment(self.steps) + _variant_part(self.variant)

    def to_json(self) -> dict[str, object]:
        """``{"kind": "play", "steps": [codes and "go"], "fragment"}``, and ``"variant"`` for another variant."""
        data: dict[str, object] = {"kind": "play", "steps": [GO_WORD if s is None else s.code for s in self.steps],
                                   "fragment": self.fragment}
        return _with_variant(data, self.variant)


@dataclass(frozen=True)
class VariantLink:
    """A link to the scorer set to a variant, with no cards yet."""

    variant: VariantName
    """The variant the scorer is set to."""

    @property
    def fragment(self) -> str:
        """The link's fragment, without '#'."""
        return variant_fragment(self.variant)

    def to_json(self) -> dict[str, object]:
        """``{"kind": "variant", "variant", "fragment"}``."""
        return {"kind": "variant", "variant": self.variant, "fragment": self.fragment}


def _variant_part(name: VariantName) -> str:
    return "" if name == "standard" else f"&{VARIANT_KEY}={name}"


def _with_variant(data: dict[str, object], name: VariantName) -> dict[str, object]:
    return data if name == "standard" else {**data, "variant": name}


def show_fragment(hand: Sequence[Card], starter: Card, crib: bool = False) -> str:
    """``hand=5H,5S,5C,JD&starter=5D&crib=1``: the scorer's fragment for a show (no '#')."""
    text = f"{HAND_KEY}={SEPARATOR.join(c.code for c in hand)}&{STARTER_KEY}={starter.code}"
    return text + (f"&{CRIB_KEY}={CRIB_ON}" if crib else "")


def play_fragment(steps: Sequence[Card | None]) -> str:
    """``play=4C,6D,5S,go``: the scorer's fragment for a play (None is a go; no '#')."""
    return f"{PLAY_KEY}=" + SEPARATOR.join(GO_WORD if s is None else s.code for s in steps)


def variant_fragment(name: VariantName) -> str:
    """``variant=five-card``: the scorer set to a variant, no cards (no '#')."""
    return f"{VARIANT_KEY}={name}"


def table_fragment(name: VariantName, seats: Sequence[str] | None = None) -> str:
    """The table's link to a game of a variant (no '#'), with ``seats`` the players by seat:
    ``variant=four-player&seats=human,computer,human,computer``. Seat 0 is a person (whoever opens
    the link); each other seat ``human``, ``computer`` or a computer level. Wrong seats raise ``ValueError``."""
    if seats is None:
        return variant_fragment(name)
    from ..kinds import COMPUTER_LEVELS

    players = VARIANTS[name].players
    allowed = ("human", COMPUTER_SEAT, *COMPUTER_LEVELS)
    if len(seats) != players or seats[0] != "human" or any(seat not in allowed for seat in seats):
        raise ValueError(f"a {name} game seats {players} players, the first 'human', each of {', '.join(allowed)}; "
                         f"not {', '.join(seats)}")
    return f"{variant_fragment(name)}&{SEATS_KEY}={SEPARATOR.join(seats)}"


def parse_fragment(fragment: str) -> ShowLink | PlayLink | VariantLink:
    """Read a scorer link's fragment (with or without '#').

    A malformed link raises ``ParameterError``; cards that cannot be a hand, ``CardError``.
    """
    if not isinstance(fragment, str):
        raise ParameterError("a link fragment is text")
    if len(fragment) > MAX_LINK:
        raise ParameterError("the link is too long to be a hand or a play")
    from urllib.parse import unquote  # on first use: the scorer's start-up does not need it

    fields = _fields(unquote(fragment.removeprefix("#")))
    rules_of = _link_variant(fields.get(VARIANT_KEY, "standard"))
    if PLAY_KEY in fields:
        return PlayLink(_play_steps(fields[PLAY_KEY]), rules_of.name)
    if VARIANT_KEY in fields and fields.keys() == {VARIANT_KEY}:
        return VariantLink(rules_of.name)
    if HAND_KEY not in fields or STARTER_KEY not in fields:
        raise ParameterError("a scorer link names a hand and a starter, or a play")
    crib = fields.get(CRIB_KEY, "0")
    hand = parse_cards(_tokens(fields[HAND_KEY]), show_size(rules_of, crib == CRIB_ON), "hand")
    starter = parse_cards(_tokens(fields[STARTER_KEY]), 1, "starter")[0]
    if starter in hand:
        raise CardError(f"'{starter.code}': the {starter.name} appears twice")
    if crib not in (CRIB_ON, "0"):
        raise ParameterError(f"crib={crib!r}: write crib={CRIB_ON} for a crib, or leave it out")
    return ShowLink(hand, starter, crib == CRIB_ON, rules_of.name)


def _link_variant(name: str) -> Variant:
    if name not in VARIANTS:
        choices = ", ".join(VARIANT_NAMES)
        raise ParameterError(f"variant={name[:20]!r}: use {choices}, or leave it out for the standard game")
    return VARIANTS[name]


def _fields(text: str) -> dict[str, str]:
    fields: dict[str, str] = {}
    for part in text.split("&"):
        key, _, value = part.partition("=")
        if key:
            fields[key.strip().lower()] = value
    return fields


def _tokens(text: str) -> list[str]:
    return [t for t in text.replace(SEPARATOR, " ").split() if t]


def _play_steps(text: str) -> tuple[Card | None, ...]:
    tokens = _tokens(text)
    if not tokens:
        raise CardError("no cards given: a play link lists cards such as 4C,6D,5S")
    steps = tuple(None if t.lower() == GO_WORD else parse_card(t) for t in tokens)
    laid = [s for s in steps if s is not None]
    if len(set(laid)) != len(laid):
        raise CardError("a card appears twice in the play")
    return steps


def link_format() -> dict[str, object]:
    """How pages build and read scorer links, so JavaScript holds no second copy."""
    return {
        "hand": HAND_KEY, "starter": STARTER_KEY, "crib": CRIB_KEY, "crib_on": CRIB_ON,
        "play": PLAY_KEY, "go": GO_WORD, "separator": SEPARATOR, "max_length": MAX_LINK, "variant": VARIANT_KEY,
        "seats": SEATS_KEY, "computer_seat": COMPUTER_SEAT,
        "card_pattern": CARD_PATTERN, "max_seed": MAX_SEED,
        "examples": {"show": "#hand=5H,5S,5C,JD&starter=5D&crib=1", "play": "#play=4C,6D,5S,go"},
    }
