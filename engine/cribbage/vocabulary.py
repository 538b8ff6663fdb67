"""The engine's words: one table of scoring labels, the levels, and the scorer-link format.

Pages get all of it through the API method ``vocabulary`` (and, before Pyodide has loaded,
from a module the build writes from ``as_json()``); templates get it through the build
hooks. Nothing else in the project spells these labels, levels or link keys again.
Wording follows the American Cribbage Congress rules: "his nobs", "his heels", "go".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Literal, get_args

from . import rules
from .cards import Card, parse_card, parse_cards
from .errors import CardError, ParameterError

ShowKind = Literal["fifteen", "pair", "run", "flush", "nobs"]
PlayKind = Literal["fifteen", "thirty-one", "pair", "pair royal", "double pair royal", "run", "go"]
ItemKind = Literal[
    "fifteen", "pair", "run", "flush", "nobs",
    "thirty-one", "pair royal", "double pair royal", "go", "heels",
]
Phase = Literal["cut_for_deal", "deal", "discard", "starter", "play", "show", "game_over"]

SHOW_KINDS: Final[tuple[ShowKind, ...]] = get_args(ShowKind)
PLAY_KINDS: Final[tuple[PlayKind, ...]] = get_args(PlayKind)
ITEM_KINDS: Final[tuple[ItemKind, ...]] = get_args(ItemKind)
PHASES: Final[tuple[Phase, ...]] = get_args(Phase)


@dataclass(frozen=True)
class KindWords:
    label: str  # one item in a breakdown: "His nobs"
    heading: str  # a category of the show, totalled: "Fifteens"
    phrase: str  # inside a sentence: "one for his nobs"
    rule: str  # the rule in one line, for a tooltip or a note

    def to_json(self) -> dict[str, str]:
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
}

PHASE_LABELS: Final[dict[Phase, str]] = {
    "cut_for_deal": "Cut for deal", "deal": "Deal", "discard": "Discard to the crib",
    "starter": "Cut the starter", "play": "The play", "show": "The show", "game_over": "Game over",
}


_WORDS_BY_NAME: Final[dict[str, KindWords]] = {str(kind): words for kind, words in KIND_WORDS.items()}


def kind_words(kind: str) -> KindWords | None:
    """The words for an item kind given as plain text (from JSON or a template); None if unknown."""
    return _WORDS_BY_NAME.get(kind)


def kind_label(kind: str) -> str:
    """The label of an item kind; an unknown kind is shown as it is rather than failing."""
    words = kind_words(kind)
    return words.label if words is not None else kind


# --- levels -----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Level:
    id: str
    label: str
    description: str
    default: bool = False

    def to_json(self) -> dict[str, str | bool]:
        return {"id": self.id, "label": self.label, "description": self.description,
                "default": self.default}


PRACTICE_LEVELS: Final = (
    Level("beginner", "Beginner", "at most one run and no four cards of a suit"),
    Level("standard", "Standard", "any hand or crib", default=True),
    Level("expert", "Expert", "double runs, crib flush traps, his nobs and many fifteens"),
)
TABLE_LEVELS: Final = (
    Level("easy", "Easy", "lays any legal card"),
    Level("normal", "Normal", "keeps the best average hand and pegs greedily", default=True),
    Level("strong", "Strong", "throws by expected value and pegs with an eye on your reply"),
    Level("expert", "Expert", "searches the rest of the play and plays the board near the end"),
)
PRACTICE_LEVEL_IDS: Final = tuple(level.id for level in PRACTICE_LEVELS)
TABLE_LEVEL_IDS: Final = tuple(level.id for level in TABLE_LEVELS)


def default_level(levels: Sequence[Level]) -> str:
    return next(level.id for level in levels if level.default)


# --- the scorer link --------------------------------------------------------------------------
# A show: #hand=5H,5S,5C,JD&starter=5D&crib=1 (crib only when true).
# A play:  #play=4C,6D,5S,go,go (cards laid in turn by pone and dealer; go is said by the player to lay).

HAND_KEY, STARTER_KEY, CRIB_KEY, PLAY_KEY = "hand", "starter", "crib", "play"
CRIB_ON = "1"
GO_WORD = "go"
SEPARATOR = ","
MAX_LINK = 400  # characters: no real link is longer
CARD_PATTERN = r"^(10|[2-9TJQKA])[CDHS]$"  # ASCII codes, case-insensitive, as links carry them


@dataclass(frozen=True)
class ShowLink:
    hand: tuple[Card, ...]
    starter: Card
    crib: bool

    @property
    def fragment(self) -> str:
        return show_fragment(self.hand, self.starter, self.crib)

    def to_json(self) -> dict[str, object]:
        return {"kind": "show", "hand": [c.code for c in self.hand], "starter": self.starter.code,
                "crib": self.crib, "fragment": self.fragment}


@dataclass(frozen=True)
class PlayLink:
    steps: tuple[Card | None, ...]  # None is a go

    @property
    def fragment(self) -> str:
        return play_fragment(self.steps)

    def to_json(self) -> dict[str, object]:
        return {"kind": "play", "steps": [GO_WORD if s is None else s.code for s in self.steps],
                "fragment": self.fragment}


def show_fragment(hand: Sequence[Card], starter: Card, crib: bool = False) -> str:
    """``hand=5H,5S,5C,JD&starter=5D&crib=1``: the scorer's fragment for a show (no '#')."""
    text = f"{HAND_KEY}={SEPARATOR.join(c.code for c in hand)}&{STARTER_KEY}={starter.code}"
    return text + (f"&{CRIB_KEY}={CRIB_ON}" if crib else "")


def play_fragment(steps: Sequence[Card | None]) -> str:
    """``play=4C,6D,5S,go``: the scorer's fragment for a play (None is a go; no '#')."""
    return f"{PLAY_KEY}=" + SEPARATOR.join(GO_WORD if s is None else s.code for s in steps)


def parse_fragment(fragment: str) -> ShowLink | PlayLink:
    """Read a scorer link's fragment (with or without '#'); raise ``CribbageError`` if malformed."""
    if not isinstance(fragment, str):
        raise ParameterError("a link fragment is text")
    if len(fragment) > MAX_LINK:
        raise ParameterError("the link is too long to be a hand or a play")
    from urllib.parse import unquote  # on first use: the scorer's start-up does not need it

    fields = _fields(unquote(fragment.removeprefix("#")))
    if PLAY_KEY in fields:
        return PlayLink(_play_steps(fields[PLAY_KEY]))
    if HAND_KEY not in fields or STARTER_KEY not in fields:
        raise ParameterError("a scorer link names a hand and a starter, or a play")
    hand = parse_cards(_tokens(fields[HAND_KEY]), rules.CARDS_KEPT, "hand")
    starter = parse_cards(_tokens(fields[STARTER_KEY]), 1, "starter")[0]
    if starter in hand:
        raise CardError(f"'{starter.code}': the {starter.name} appears twice")
    crib = fields.get(CRIB_KEY, "0")
    if crib not in (CRIB_ON, "0"):
        raise ParameterError(f"crib={crib!r}: write crib={CRIB_ON} for a crib, or leave it out")
    return ShowLink(hand, starter, crib == CRIB_ON)


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
        "play": PLAY_KEY, "go": GO_WORD, "separator": SEPARATOR, "max_length": MAX_LINK,
        "card_pattern": CARD_PATTERN,
        "examples": {"show": "#hand=5H,5S,5C,JD&starter=5D&crib=1", "play": "#play=4C,6D,5S,go"},
    }


def as_json() -> dict[str, object]:
    """Everything a page needs: labels per kind, kind orders, levels, rule numbers, link format."""
    return {
        "kinds": {kind: words.to_json() for kind, words in KIND_WORDS.items()},
        "show_kinds": list(SHOW_KINDS),
        "play_kinds": list(PLAY_KINDS),
        "phases": dict(PHASE_LABELS),
        "levels": {
            "practice": [level.to_json() for level in PRACTICE_LEVELS],
            "table": [level.to_json() for level in TABLE_LEVELS],
        },
        "rules": rules.as_json(),
        "link": link_format(),
    }
