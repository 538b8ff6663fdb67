"""Cards: parsing, rendering and accessible names.

A card is a small int (0..51) so that hot paths can index lookup tables with it
directly; ``Card`` adds names and rendering on top. Ranks run 1 (ace) to 13
(king); suits are ordered clubs, diamonds, hearts, spades.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from .errors import CardError

__all__ = [
    "DECK", "RANKS", "SUITS", "Card", "CardError", "ascii_text", "ensure_distinct", "format_cards",
    "parse_card", "parse_cards",
]

SUITS = "CDHS"
SUIT_GLYPHS = "♣♦♥♠"
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
RANKS = "A23456789TJQK"
RANK_LABELS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
RANK_NAMES = (
    "ace", "two", "three", "four", "five", "six", "seven",
    "eight", "nine", "ten", "jack", "queen", "king",
)
RED_SUITS = frozenset({1, 2})

_GLYPH_TO_LETTER = {
    "♣": "C", "♧": "C", "♦": "D", "♢": "D", "♥": "H", "♡": "H", "♠": "S", "♤": "S",
}
_TOKEN_SPLIT = re.compile(r"[\s,;]+")


class Card(int):
    """One of the 52 cards: ``parse_card("5h")`` or ``Card.of(5, "H")``."""

    __slots__ = ()

    def __new__(cls, index: int) -> Card:
        if not 0 <= index < 52:
            raise CardError(f"card index {index} is outside 0..51")
        return int.__new__(cls, index)

    def __bool__(self) -> bool:
        # A card is never "no card": the ace of clubs is index 0, and `if card` must not drop it.
        return True

    @classmethod
    def of(cls, rank: int, suit: int | str) -> Card:
        """The card of ``rank`` (1 for the ace to 13 for the king) and ``suit`` (an index or a letter of ``SUITS``)."""
        suit_index = SUITS.index(suit.upper()) if isinstance(suit, str) else suit
        return DECK[(rank - 1) * 4 + suit_index]

    # Read from tables made once below: these are the engine's hottest lines (every count and show).
    @property
    def rank(self) -> int:
        """The rank: 1 for the ace, 11 to 13 for the jack, queen and king."""
        return RANK_OF[self]

    @property
    def suit(self) -> int:
        """The suit, as an index into ``SUITS``."""
        return _SUIT_OF[self]

    @property
    def value(self) -> int:
        """Pip value used for fifteens and the running count (court cards are ten)."""
        return VALUE_OF[self]

    @property
    def code(self) -> str:
        """ASCII form, e.g. ``5H`` or ``TD``; stable for URLs, JSON and the CLI."""
        return _CODE_OF[self]

    @property
    def label(self) -> str:
        """Display form with a suit glyph, e.g. ``5♥`` or ``10♦``."""
        return RANK_LABELS[self.rank - 1] + SUIT_GLYPHS[self.suit]

    @property
    def name(self) -> str:
        """Accessible name, e.g. ``five of hearts``."""
        return f"{RANK_NAMES[self.rank - 1]} of {SUIT_NAMES[self.suit]}"

    @property
    def is_red(self) -> bool:
        """Whether the card is a heart or a diamond."""
        return self.suit in RED_SUITS

    def __str__(self) -> str:
        return self.label

    def __repr__(self) -> str:
        return f"Card({self.code!r})"

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:
        return (Card, (int(self),))


DECK: tuple[Card, ...] = tuple(int.__new__(Card, i) for i in range(52))
RANK_OF: tuple[int, ...] = tuple(i // 4 + 1 for i in range(52))
_SUIT_OF: tuple[int, ...] = tuple(i % 4 for i in range(52))
VALUE_OF: tuple[int, ...] = tuple(min(rank, 10) for rank in RANK_OF)  # by card index: VALUE_OF[card]
_CODE_OF: tuple[str, ...] = tuple(RANKS[i // 4] + SUITS[i % 4] for i in range(52))


def parse_card(token: str) -> Card:
    """Parse one card such as ``5H``, ``5h``, ``10D``, ``TD``, ``JD``, ``5♥`` or ``A♠``."""
    if not isinstance(token, str):
        raise CardError(f"expected a card as text, got {type(token).__name__}")
    text = token.strip()
    if not text:
        raise CardError("empty card: write a rank and a suit, such as 5H or 10♦")
    if len(text) < 2:
        raise CardError(f"'{text}' is not a card: a card is a rank and a suit, such as 5H or 10♦")
    rank_text, suit_text = text[:-1].upper(), text[-1]
    suit_letter = _GLYPH_TO_LETTER.get(suit_text, suit_text.upper())
    rank = _parse_rank(rank_text)
    if suit_letter not in SUITS or rank is None:
        raise CardError(_not_a_card(text, rank is not None, suit_letter in SUITS))
    return DECK[(rank - 1) * 4 + SUITS.index(suit_letter)]


CARD_FORMAT = "ranks A 2–10 J Q K, suits ♠ ♥ ♦ ♣ or S H D C"


def _not_a_card(text: str, rank_ok: bool, suit_ok: bool) -> str:
    """Name the token and say what is wrong with it."""
    run_together = _split_run_together(text)
    if run_together:
        return f"'{text}' is not a card: put a space between cards ({' '.join(run_together)})"
    if rank_ok:
        return f"'{text}' is not a card: '{text[-1]}' is not a suit (suits ♠ ♥ ♦ ♣ or S H D C)"
    if suit_ok:
        return f"'{text}' is not a card: '{text[:-1]}' is not a rank (ranks A 2–10 J Q K, or T for ten)"
    return f"'{text}' is not a card: {CARD_FORMAT}"


_RUN_TOGETHER = re.compile(r"(10|[A2-9TJQK])([CDHS♣♦♥♠])", re.IGNORECASE)


def _split_run_together(text: str) -> list[str]:
    """'5h5sjd' -> ['5H', '5S', 'JD'] when the token is only cards written without spaces."""
    found = _RUN_TOGETHER.findall(text)
    if len(found) < 2 or "".join(r + s for r, s in found).upper() != text.upper():
        return []
    return [parse_card(r + s).code for r, s in found]


_SPELLED = re.compile(r"\b(ace|two|three|four|five|six|seven|eight|nine|ten|jack|queen|king|a|j|q|k|10|[2-9])"
                      r"\s+of\s+(clubs|diamonds|hearts|spades)\b", re.IGNORECASE)


def _spelled_out(text: str) -> None:
    """'5 of hearts' is three tokens; say how to write it rather than reject '5'."""
    match = _SPELLED.search(text)
    if match:
        rank_word, suit_word = match.group(1).lower(), match.group(2).lower()
        rank = RANK_NAMES.index(rank_word) + 1 if rank_word in RANK_NAMES else _parse_rank(rank_word.upper())
        if rank is None:  # the pattern only matches ranks, so this cannot happen
            return
        code = RANKS[rank - 1] + SUITS[SUIT_NAMES.index(suit_word)]
        raise CardError(f"'{match.group(0)}' is not how cards are written here: type {code} ({CARD_FORMAT})")


def _parse_rank(text: str) -> int | None:
    if text == "10":
        return 10
    if len(text) == 1 and text in RANKS:
        return RANKS.index(text) + 1
    return None


def parse_cards(
    text: str | Iterable[str], count: int | None = None, what: str = "cards"
) -> tuple[Card, ...]:
    """Parse several distinct cards from a string (spaces or commas) or a list.

    ``count`` demands an exact number; ``what`` names the group in messages.
    """
    if isinstance(text, str):
        _spelled_out(text)
        tokens = [t for t in _TOKEN_SPLIT.split(text.strip()) if t]
    else:
        tokens = list(text)
    if not tokens:
        raise CardError(f"no {what} given: type cards such as 5H 5S 5C JD")
    cards = tuple(parse_card(t) for t in tokens)
    ensure_distinct(cards, tokens)
    if count is not None and len(cards) != count:
        raise CardError(f"{what}: expected {count} cards, got {len(cards)}")
    return cards


def ensure_distinct(cards: Sequence[Card], tokens: Sequence[str] | None = None) -> None:
    """Raise ``CardError`` naming the first card that appears twice."""
    seen: dict[int, int] = {}
    for position, card in enumerate(cards):
        if card in seen:
            shown = tokens[position] if tokens else card.code
            raise CardError(f"'{shown}': the {card.name} appears twice (a deck has only one)")
        seen[card] = position


def format_cards(cards: Iterable[Card], ascii_only: bool = False) -> str:
    """``5♥ J♦`` (or ``5H JD`` where suit glyphs cannot be written)."""
    return " ".join(card.code if ascii_only else card.label for card in cards)


def ascii_text(text: str) -> str:
    """Text with suit glyphs as their letters, for outputs that cannot encode the glyphs."""
    return text.translate(_GLYPHS_AS_LETTERS)


_GLYPHS_AS_LETTERS = str.maketrans(_GLYPH_TO_LETTER)
