"""The words a page shows: one label table for every scoring kind, the phases, the levels.

Pages get all of it through the API method ``vocabulary`` (and, before Pyodide has loaded,
from ``assets/js/vocabulary.js``, which the build writes from ``as_json()``); templates get it
through the build hooks. Nothing else in the project spells these labels or levels again.
Wording follows the American Cribbage Congress rules: "his nobs", "his heels", "go". The kinds
themselves are the engine's (``cribbage.kinds``); this module only names them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from .. import rules
from ..kinds import COMPUTER_LEVELS, PLAY_KINDS, SHOW_KINDS, STANDARD_ONLY_LEVELS, ItemKind, Phase
from ..play import PLAYER_NAMES
from ..variants import VARIANT_NAMES, VARIANTS, VariantName
from .links import link_format


@dataclass(frozen=True)
class KindWords:
    """How the site names one kind of scoring item."""

    label: str
    """One item in a breakdown: "His nobs"."""
    heading: str
    """A category of the show, totalled: "Fifteens"."""
    phrase: str
    """Inside a sentence: "one for his nobs"."""
    rule: str
    """The rule in one line, for a tooltip or a note."""

    def to_json(self) -> dict[str, str]:
        """``{"label", "heading", "phrase", "rule"}``."""
        return {"label": self.label, "heading": self.heading, "phrase": self.phrase, "rule": self.rule}


KIND_WORDS: Final[dict[ItemKind, KindWords]] = {
    "fifteen": KindWords("Fifteen", "Fifteens", "fifteen",
                         f"cards adding to {rules.FIFTEEN} score {rules.FIFTEEN_POINTS}"),
    "pair": KindWords("Pair", "Pairs", "a pair", "two cards of one rank score 2"),
    "run": KindWords("Run", "Runs", "a run", "three or more ranks in sequence score 1 a card"),
    "flush": KindWords("Flush", "Flush", "a flush",
                       f"four hand cards of one suit score {rules.HAND_FLUSH_POINTS}, "
                       f"{rules.FIVE_FLUSH_POINTS} with the starter; a crib needs all five"),
    "nobs": KindWords("His nobs", "His nobs", "one for his nobs",
                      "the jack of the starter's suit in a hand or crib scores 1"),
    "thirty-one": KindWords("Thirty-one", "Thirty-one", "thirty-one",
                            f"a count of exactly {rules.THIRTY_ONE} scores "
                            f"{rules.THIRTY_ONE_POINTS} and ends the count"),
    "pair royal": KindWords("Pair royal", "Pairs royal", "a pair royal",
                            "three cards of one rank in a row score 6"),
    "double pair royal": KindWords("Double pair royal", "Double pairs royal", "a double pair royal",
                                   "four cards of one rank in a row score 12"),
    "go": KindWords("Go", "Go", "one for the go",
                    "the last card laid when nobody can lay another scores 1, "
                    f"but nothing more when it makes {rules.THIRTY_ONE}"),
    "heels": KindWords("His heels", "His heels", "two for his heels",
                       f"a jack turned as the starter pays the dealer {rules.HEELS_POINTS}"),
    "three for last": KindWords("Three for last", "Three for last", "three for last",
                                f"five-card cribbage: the first non-dealer pegs {rules.THREE_FOR_LAST} "
                                "at the start of the game"),
}
"""The words for every item kind (``cribbage.kinds.ItemKind``)."""

VARIANT_LABELS: Final[dict[VariantName, str]] = {
    "standard": "Two players, six cards", "five-card": "Five-card, to 61", "three-player": "Three players",
    "four-player": "Four players in partnerships",
}
"""What pages call each variant (``cribbage.variants``); its rules come with it in ``as_json``."""

PHASE_LABELS: Final[dict[Phase, str]] = {
    "cut_for_deal": "Cut for deal", "deal": "Deal", "discard": "Discard to the crib",
    "starter": "Cut the starter", "play": "The play", "show": "The show", "game_over": "Game over",
}
"""What the table page calls each phase of a game."""

PLAYER_LABELS: Final[dict[str, str]] = {"pone": "Pone", "dealer": "Dealer", "first": "First", "second": "Second",
                                         "third": "Third"}
"""What the play scorer calls each player, by the engine's name for the seat (``cribbage.play.PLAYER_NAMES``):
the pone and the dealer of a two-player deal, or first, second (third) and dealer round the table."""

SEAT_LABELS: Final[dict[int, tuple[str, ...]]] = {
    2: ("You", "Computer"),
    3: ("You", "Left player", "Right player"),
    4: ("You", "Left player", "Your partner", "Right player"),
}
"""What the table calls each seat on the felt, by the number of players: seats go round to the
left, so seat 1 sits on your left."""

SEAT_SUBJECTS: Final[dict[int, tuple[str, ...]]] = {
    2: ("You", "The computer"),
    3: ("You", "The player on your left", "The player on your right"),
    4: ("You", "The player on your left", "Your partner", "The player on your right"),
}
"""How the table's log names each seat at the start of a sentence, by the number of players
(``cribbage.backend.log``): the same seats as ``SEAT_LABELS``."""

TEAM_LABELS: Final = ("You and your partner", "The other side")
"""What the table calls sides 0 and 1 of a partnership game."""

_WORDS_BY_NAME: Final[dict[str, KindWords]] = {str(kind): words for kind, words in KIND_WORDS.items()}


def kind_words(kind: str) -> KindWords | None:
    """The words for an item kind given as plain text (from JSON or a template); None if unknown."""
    return _WORDS_BY_NAME.get(kind)


def kind_label(kind: str) -> str:
    """The label of an item kind; an unknown kind is shown as it is rather than failing."""
    words = kind_words(kind)
    return words.label if words is not None else kind


# --- levels ---------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Level:
    """A level a page offers: of the practice problems, or of the computer at the table."""

    id: str
    """The level's name in links, storage and the API: "beginner"."""
    label: str
    """What the page calls it: "Beginner"."""
    description: str
    """One line saying what it means."""
    default: bool = False
    """Whether a page starts at this level."""
    standard_only: bool = False
    """Whether the level plays only the standard game (the table offers it for no variant)."""

    def to_json(self) -> dict[str, str | bool]:
        """``{"id", "label", "description", "default", "standard_only"}``."""
        return {"id": self.id, "label": self.label, "description": self.description,
                "default": self.default, "standard_only": self.standard_only}


PRACTICE_LEVELS: Final = (
    Level("beginner", "Beginner", "at most one run and no four cards of a suit"),
    Level("standard", "Standard", "any hand or crib", default=True),
    Level("expert", "Expert", "double runs, crib flush traps, his nobs and many fifteens"),
)
"""The levels of the practice page's counting problems (``cribbage.backend.quiz``)."""

_TABLE_WORDS: Final = {
    "easy": ("Easy", "lays any legal card"),
    "normal": ("Normal", "keeps the best average hand and pegs greedily"),
    "strong": ("Strong", "throws by expected value and pegs with an eye on your reply"),
    "expert": ("Expert", "searches the rest of the play and plays the board near the end"),
}
TABLE_LEVELS: Final = tuple(Level(level, *_TABLE_WORDS[level], default=level == "normal",
                                  standard_only=level in STANDARD_ONLY_LEVELS) for level in COMPUTER_LEVELS)
"""The computer's levels at the table, in the engine's order (``cribbage.kinds.COMPUTER_LEVELS``)."""

PRACTICE_LEVEL_IDS: Final = tuple(level.id for level in PRACTICE_LEVELS)
"""The practice levels' ids."""
TABLE_LEVEL_IDS: Final = tuple(level.id for level in TABLE_LEVELS)
"""The table levels' ids."""


def default_level(levels: Sequence[Level]) -> str:
    """The id of the level a page starts at."""
    return next(level.id for level in levels if level.default)


def as_json() -> dict[str, object]:
    """Everything a page needs: labels per kind, kind orders, levels, rule numbers, link format."""
    return {
        "kinds": {kind: words.to_json() for kind, words in KIND_WORDS.items()},
        "show_kinds": list(SHOW_KINDS),
        "play_kinds": list(PLAY_KINDS),
        "phases": dict(PHASE_LABELS),
        "players": dict(PLAYER_LABELS),
        "play_seats": {str(count): list(names) for count, names in PLAYER_NAMES.items()},
        "seats": {str(count): list(names) for count, names in SEAT_LABELS.items()},
        "teams": list(TEAM_LABELS),
        "levels": {
            "practice": [level.to_json() for level in PRACTICE_LEVELS],
            "table": [level.to_json() for level in TABLE_LEVELS],
        },
        "rules": rules.as_json(),
        "link": link_format(),
        "variants": [{**VARIANTS[name].to_json(), "label": VARIANT_LABELS[name]} for name in VARIANT_NAMES],
    }
