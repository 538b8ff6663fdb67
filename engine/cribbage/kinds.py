"""The names the rules give to things: scoring items, the phases of a game, the computer's levels.

Each is a ``Literal`` type, so a type checker catches a misspelt kind, and a tuple of its values
in a fixed order (the order a breakdown lists them in). The words a page shows for them (labels,
headings, descriptions) are the site's, in ``cribbage.backend.vocabulary``.
"""

from __future__ import annotations

from typing import Final, Literal, get_args

ShowKind = Literal["fifteen", "pair", "run", "flush", "nobs"]
"""What the show scores: fifteens, pairs, runs, a flush and his nobs."""

PlayKind = Literal["fifteen", "thirty-one", "pair", "pair royal", "double pair royal", "run", "go"]
"""What a card laid in the play scores; ``go`` is the go or last card."""

ItemKind = Literal[
    "fifteen", "pair", "run", "flush", "nobs",
    "thirty-one", "pair royal", "double pair royal", "go", "heels", "three for last",
]
"""Every kind of scoring item: the show's, the play's, his heels (a jack turned as the starter) and
five-card cribbage's three for last."""

Phase = Literal["cut_for_deal", "deal", "discard", "starter", "play", "show", "game_over"]
"""Where a game stands: what it waits for next."""

ComputerLevel = Literal["easy", "normal", "strong", "expert"]
"""How well a computer player plays (``cribbage.players.computer_player``)."""

SHOW_KINDS: Final[tuple[ShowKind, ...]] = get_args(ShowKind)
"""The show's kinds in the order a breakdown lists them."""

PLAY_KINDS: Final[tuple[PlayKind, ...]] = get_args(PlayKind)
"""The play's kinds."""

ITEM_KINDS: Final[tuple[ItemKind, ...]] = get_args(ItemKind)
"""Every item kind."""

PHASES: Final[tuple[Phase, ...]] = get_args(Phase)
"""The phases in the order a deal goes through them."""

COMPUTER_LEVELS: Final[tuple[ComputerLevel, ...]] = get_args(ComputerLevel)
"""The computer's levels, weakest first."""

STANDARD_ONLY_LEVELS: Final[tuple[ComputerLevel, ...]] = ("expert",)
"""The levels that play only the standard game (the expert's tables and search are two-handed)."""
