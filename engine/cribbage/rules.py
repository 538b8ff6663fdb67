"""The numbers of the game, each written once (two-player six-card cribbage, ACC rules).

Every module of the engine, the build hooks and the templates read these names instead of
repeating the literals, so a rule lives in exactly one place.
"""

from __future__ import annotations

from typing import Final

JACK: Final = 11  # rank of the jack: his nobs in the show, his heels as the starter
FIFTEEN: Final = 15  # the total that pays 2, in the show and in the play
THIRTY_ONE: Final = 31  # the highest count in the play; reaching it pays 2 and ends the count
GAME_HOLE: Final = 121  # the game ends the instant a peg reaches it
MAX_SHOW: Final = 29  # the best hand or crib (5-5-5 and the jack of the starter's suit, 5 up)
SKUNK_LINE: Final = 91  # a loser who has not passed this hole is skunked
DOUBLE_SKUNK_LINE: Final = 61  # ... and below this one, double skunked

FIFTEEN_POINTS: Final = 2
THIRTY_ONE_POINTS: Final = 2
LAST_CARD_POINTS: Final = 1  # one for the go / last card
HEELS_POINTS: Final = 2  # the dealer's when the starter is a jack
NOBS_POINTS: Final = 1  # the jack of the starter's suit in a hand or crib
PAIR_POINTS: Final = {2: 2, 3: 6, 4: 12}  # pair, pair royal, double pair royal
HAND_FLUSH_POINTS: Final = 4  # four hand cards of one suit (never in the crib)
FIVE_FLUSH_POINTS: Final = 5  # the four and the starter: the only flush a crib scores

CARDS_DEALT: Final = 6  # to each player
CARDS_KEPT: Final = 4  # each player throws two to the crib
THREE_FOR_LAST: Final = 3  # five-card cribbage: the first non-dealer's pegs at the start of a game

# A game once around the board: the same street of holes, half as long. The ACC plays only to
# 121 and no rule book fixes skunks for 61, so this is the site's choice: the old laws' "lurch"
# (the winner pegs out before the loser has reached 31, halfway) counts as the skunk, and there
# is no double skunk (no loser stands below hole 0).
SHORT_GAME_HOLE: Final = (GAME_HOLE - 1) // 2 + 1  # 61
SHORT_SKUNK_LINE: Final = (SHORT_GAME_HOLE - 1) // 2 + 1  # 31: the loser has not reached halfway
SHORT_DOUBLE_SKUNK_LINE: Final = 0  # none

# What a game is worth in a match. ACC tournaments: a win is 2 game points, a skunk 3 (a double
# skunk earns no more). Casual play: a skunk counts as two games, a double skunk as four.
WIN_GAME_POINTS: Final = 2
SKUNK_GAME_POINTS: Final = 3
SKUNK_GAMES: Final = 2
DOUBLE_SKUNK_GAMES: Final = 4


def last_card_points(count: int) -> int:
    """The last card of a count takes 1 unless it makes 31 (31 pays 2 and never the go too)."""
    return 0 if count == THIRTY_ONE else LAST_CARD_POINTS


def as_json() -> dict[str, int]:
    """The named numbers for pages and templates (JSON-ready)."""
    return {
        "JACK": JACK, "FIFTEEN": FIFTEEN, "THIRTY_ONE": THIRTY_ONE, "GAME_HOLE": GAME_HOLE,
        "MAX_SHOW": MAX_SHOW, "SKUNK_LINE": SKUNK_LINE, "DOUBLE_SKUNK_LINE": DOUBLE_SKUNK_LINE,
        "FIFTEEN_POINTS": FIFTEEN_POINTS, "THIRTY_ONE_POINTS": THIRTY_ONE_POINTS,
        "LAST_CARD_POINTS": LAST_CARD_POINTS, "HEELS_POINTS": HEELS_POINTS,
        "NOBS_POINTS": NOBS_POINTS, "HAND_FLUSH_POINTS": HAND_FLUSH_POINTS,
        "FIVE_FLUSH_POINTS": FIVE_FLUSH_POINTS, "CARDS_DEALT": CARDS_DEALT,
        "CARDS_KEPT": CARDS_KEPT, "THREE_FOR_LAST": THREE_FOR_LAST, "SHORT_GAME_HOLE": SHORT_GAME_HOLE,
        "SHORT_SKUNK_LINE": SHORT_SKUNK_LINE, "SHORT_DOUBLE_SKUNK_LINE": SHORT_DOUBLE_SKUNK_LINE,
        "WIN_GAME_POINTS": WIN_GAME_POINTS, "SKUNK_GAME_POINTS": SKUNK_GAME_POINTS,
        "SKUNK_GAMES": SKUNK_GAMES, "DOUBLE_SKUNK_GAMES": DOUBLE_SKUNK_GAMES,
    }
