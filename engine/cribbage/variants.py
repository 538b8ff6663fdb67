"""The variants of the game as data: who plays, what is dealt and thrown, how far the game goes.

A ``Variant`` holds every number that differs between the versions the site plays, so the game,
the show, the play scorer and the computer players read them from one place instead of assuming
two players and six cards. Four ship (``VARIANTS``): ``standard`` (two players, six cards, to 121,
ACC rules), ``five-card`` (the older game: five cards, three kept, to 61, three for last, the play
stops at the first go or 31), ``three-player`` (five cards each and one to the crib, to 121, each
alone) and ``four-player`` (five cards each, partners opposite, to 121).

Seats are numbered from 0 going left from the first dealer's seat; a seat's side (its track on
the board, the index of its score) is ``seat % sides``, so partners sit opposite.

    >>> variant("five-card").hand_size, variant("five-card").game_hole
    (3, 61)
    >>> variant("four-player").side_of(2)
    0
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final, Literal, get_args

from . import rules
from .errors import ParameterError

VariantName = Literal["standard", "five-card", "three-player", "four-player"]
"""The variants the engine plays."""

VARIANT_NAMES: Final[tuple[VariantName, ...]] = get_args(VariantName)
"""Every variant's name, the standard game first."""


@dataclass(frozen=True)
class Variant:
    """The rules one version of the game fixes: players, sides, deal, throw, game length, bonuses."""

    name: VariantName
    """The variant's name (``VARIANT_NAMES``)."""
    players: int
    """How many players sit at the table (2 to 4)."""
    sides: int
    """How many sides score: the players, or the partnerships (two in the four-player game)."""
    dealt: int
    """Cards dealt to each player."""
    to_crib: int
    """Cards dealt from the pack straight to the crib (one in the three-player game)."""
    throws: int
    """Cards each player throws to the crib."""
    game_hole: int
    """The hole that ends the game the instant a peg reaches it."""
    skunk_line: int
    """A loser who has not reached this hole is skunked."""
    double_skunk_line: int
    """... and below this one, double skunked (0: no double skunk)."""
    play_after_go: bool
    """Whether the play goes on after the first go or 31 (False in five-card: the rest is not played)."""
    last_bonus: int
    """What the first deal's non-dealer pegs at the start of a game ("three for last"; 0 for none)."""

    @property
    def hand_size(self) -> int:
        """The cards each player keeps and shows: what is dealt less what is thrown."""
        return self.dealt - self.throws

    @property
    def crib_size(self) -> int:
        """The cards of the crib: every throw and the cards dealt to it (four in every variant)."""
        return self.players * self.throws + self.to_crib

    @property
    def hand_flush(self) -> int:
        """Points for a hand flush without the starter: every hand card of one suit, one point each."""
        return self.hand_size

    @property
    def crib_flush(self) -> int:
        """Points for a crib flush, which needs every crib card and the starter of one suit."""
        return self.crib_size + 1

    @property
    def partners(self) -> bool:
        """Whether players play in partnerships (fewer sides than players)."""
        return self.sides < self.players

    def side_of(self, seat: int) -> int:
        """The side (the track, the score) that ``seat`` pegs for."""
        return seat % self.sides

    def seats_of(self, side: int) -> tuple[int, ...]:
        """The seats that peg for ``side``."""
        return tuple(seat for seat in range(self.players) if seat % self.sides == side)

    def to_json(self) -> dict[str, Any]:
        """Every rule of the variant as JSON, for pages and the CLI."""
        return {
            "name": self.name, "players": self.players, "sides": self.sides, "dealt": self.dealt,
            "to_crib": self.to_crib, "throws": self.throws, "hand_size": self.hand_size,
            "crib_size": self.crib_size, "game_hole": self.game_hole, "skunk_line": self.skunk_line,
            "double_skunk_line": self.double_skunk_line, "play_after_go": self.play_after_go,
            "last_bonus": self.last_bonus, "hand_flush": self.hand_flush, "crib_flush": self.crib_flush,
            "teams": [list(self.seats_of(side)) for side in range(self.sides)],
        }


STANDARD: Final = Variant(
    "standard", players=2, sides=2, dealt=rules.CARDS_DEALT, to_crib=0,
    throws=rules.CARDS_DEALT - rules.CARDS_KEPT, game_hole=rules.GAME_HOLE, skunk_line=rules.SKUNK_LINE,
    double_skunk_line=rules.DOUBLE_SKUNK_LINE, play_after_go=True, last_bonus=0,
)
"""Two-player six-card cribbage to 121 (ACC rules): the site's game."""

FIVE_CARD: Final = Variant(
    "five-card", players=2, sides=2, dealt=5, to_crib=0, throws=2, game_hole=rules.SHORT_GAME_HOLE,
    skunk_line=rules.SHORT_SKUNK_LINE, double_skunk_line=rules.SHORT_DOUBLE_SKUNK_LINE,
    play_after_go=False, last_bonus=rules.THREE_FOR_LAST,
)
"""Five-card cribbage to 61: three kept, three for last, the play stops at the first go or 31."""

THREE_PLAYER: Final = Variant(
    "three-player", players=3, sides=3, dealt=5, to_crib=1, throws=1, game_hole=rules.GAME_HOLE,
    skunk_line=rules.SKUNK_LINE, double_skunk_line=rules.DOUBLE_SKUNK_LINE, play_after_go=True, last_bonus=0,
)
"""Three players, each alone: five cards each, one thrown, one dealt to the crib, to 121."""

FOUR_PLAYER: Final = Variant(
    "four-player", players=4, sides=2, dealt=5, to_crib=0, throws=1, game_hole=rules.GAME_HOLE,
    skunk_line=rules.SKUNK_LINE, double_skunk_line=rules.DOUBLE_SKUNK_LINE, play_after_go=True, last_bonus=0,
)
"""Four players in two partnerships, partners opposite: five cards each, one thrown, to 121."""

VARIANTS: Final[dict[str, Variant]] = {v.name: v for v in (STANDARD, FIVE_CARD, THREE_PLAYER, FOUR_PLAYER)}
"""Every variant by name."""

PLAYER_COUNTS: Final[dict[int, Variant]] = {2: STANDARD, 3: THREE_PLAYER, 4: FOUR_PLAYER}
"""The six-card, three-player and four-player games by the number of players."""


def variant(name: Variant | str | None = None) -> Variant:
    """The variant of that name (the standard game for None); an unknown name raises ``ParameterError``."""
    if isinstance(name, Variant):
        return name
    if name is None:
        return STANDARD
    found = VARIANTS.get(name) if isinstance(name, str) else None
    if found is None:
        shown = name[:40] if isinstance(name, str) else type(name).__name__
        raise ParameterError(f"unknown variant {shown!r} (use {', '.join(VARIANT_NAMES)})")
    return found


def for_players(players: object) -> Variant:
    """The variant for 2, 3 or 4 players; anything else raises ``ParameterError``."""
    if isinstance(players, bool) or not isinstance(players, int) or players not in PLAYER_COUNTS:
        raise ParameterError("players is 2, 3 or 4")
    return PLAYER_COUNTS[players]
