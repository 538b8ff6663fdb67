"""The chance of winning from a score: a table built by simulation, and how the expert uses it.

**The table.** ``WIN[a][b]`` is the chance that the player about to deal, at ``a`` points, beats
the pone at ``b`` (0-120 each), in a game to 121. It is computed backwards from the hole
(``cribbage.expert.tables.build_win_table``) over a sample of whole deals (``sample_deals``:
both throw as the ``strong`` level does, then lay by ``pegging.reply_policy``), each kept with
its points in the order the rules pay them: his heels, every peg of the play as it happened, the
pone's hand, the dealer's hand, the crib. From a score, each sampled deal ends the game (whoever
reaches 121 first along that order wins) or leads to the next deal with the deal passed: so

    WIN[a][b] = mean over deals of 1 (dealer out first), 0 (pone out first) or 1 - WIN[b'][a']

with ``a'``, ``b'`` the scores after the deal. Every deal scores at least one point (the last
card), so each score is computed from higher ones only. The file stores the table in ten
thousandths with the sampled deals' point distributions (``data/win_table.json``; ``make
win-table`` rebuilds it). The model assumes play does not change with the score, which is what
the expert then exploits.

**Its use.** Near the end (``near_end``: either side within ``NEAR`` points of the hole) the
expert values pegging lines by the chance of winning at their end (``pegging_leaf``: the rest of
the play is searched, then both hands are counted in order, pone first, the crib last, and the
table takes over for the next deal) and throws by the chance of winning over the starters
(``throw_win_chance``), with the opponent's hand, both sides' pegging and the crib drawn from
the sampled distributions.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import cache, lru_cache
from itertools import combinations
from typing import Any, Protocol

from .. import rules
from ..show import RANK_CODE, rank_score_table, show_total
from .pegging import Holding, Leaf
from .seat import SeatView

WIN_TABLE_FILE = "win_table.json"
NEAR = 36  # either side needs at most this many points: the deal may decide the game
SCALE = 10_000


class Throw(Protocol):
    """What the chance of a throw needs of it (``throws.ThrowValue`` has it)."""

    @property
    def crib(self) -> Fraction:
        """The crib's average for whoever owns it."""

    @property
    def totals(self) -> tuple[int, ...]:
        """The kept hand's total with each starter."""


# --- the table ----------------------------------------------------------------------------------

@lru_cache(maxsize=1)
def _model() -> dict[str, Any]:
    from importlib import resources

    text = resources.files("cribbage").joinpath("data", WIN_TABLE_FILE).read_text("utf-8")
    model: dict[str, Any] = json.loads(text)
    return model


def dealer_chance(dealer_score: int, pone_score: int, hole: int = rules.GAME_HOLE) -> float:
    """The chance that the player about to deal at ``dealer_score`` beats the pone at ``pone_score``."""
    if dealer_score >= hole:
        return 1.0
    if pone_score >= hole:
        return 0.0
    shift = rules.GAME_HOLE - hole  # a shorter game: the same points still to go
    return _chances()[max(0, dealer_score + shift)][max(0, pone_score + shift)]


@lru_cache(maxsize=1)
def _chances() -> list[list[float]]:
    """The table as chances (read once: the throw looks up thousands of cells)."""
    return [[float(cell) / SCALE for cell in row] for row in _model()["win"]]


def chance_before_deal(mine: int, theirs: int, i_deal: bool, hole: int = rules.GAME_HOLE) -> float:
    """Our chance of winning at the start of a deal with these scores."""
    return dealer_chance(mine, theirs, hole) if i_deal else 1.0 - dealer_chance(theirs, mine, hole)


def win_chance(view: SeatView) -> float:
    """The seat's chance of winning as the deal in ``view`` starts (JSON-ready float)."""
    return chance_before_deal(view.my_score, view.their_score, view.is_dealer, view.hole)


def distribution(name: str) -> list[tuple[int, float]]:
    """A sampled deal's points of one kind as (points, chance): ``dealer_peg``, ``pone_peg``,
    ``pone_hand``, ``dealer_hand`` or ``crib``."""
    counts: list[int] = _model()["deals"][name]
    total = sum(counts)
    return [(points, n / total) for points, n in enumerate(counts) if n]


def near_end(view: SeatView) -> bool:
    """Whether this deal may decide the game: either side within ``NEAR`` points of the hole."""
    return min(view.hole - view.my_score, view.hole - view.their_score) <= NEAR


# --- the play: the chance of winning at the end of a line ---------------------------------------

def crib_chances(view: SeatView) -> list[tuple[int, float]]:
    """The crib's points as (points, chance): the seat's two thrown cards known, the other two any
    two unseen cards (the opponent's throw), the starter turned."""
    starter = view.starter
    if starter is None or len(view.thrown) != 2:
        return distribution("crib")
    pool = [c for c in view.unseen() if c not in view.laid_by(view.opponent)]
    counts = Counter(show_total(view.thrown + pair, starter, True) for pair in combinations(pool, 2))
    total = sum(counts.values())
    return sorted((points, n / total) for points, n in counts.items())


def pegging_leaf(view: SeatView, weighted: Sequence[tuple[Holding, float]]) -> Leaf:
    """A leaf for ``pegging.card_values``: our chance of winning once the line's play is over."""
    starter = view.starter
    if starter is None:
        raise ValueError("the play comes after the starter")
    hole, mine, theirs = view.hole, view.my_score, view.their_score
    my_hand = show_total(view.kept, starter)
    their_laid = tuple(c.rank for c in view.laid_by(view.opponent))
    crib = crib_chances(view)
    table = rank_score_table()
    starter_code = RANK_CODE[starter]
    pone = not view.is_dealer

    @cache
    def after_play(ours: int, yours: int, their_hand: int) -> float:
        x, y = mine + ours, theirs + yours
        if pone:
            if x + my_hand >= hole:
                return 1.0
            if y + their_hand >= hole:
                return 0.0
            x, y = x + my_hand, y + their_hand
            return sum(p * (0.0 if y + k >= hole else chance_before_deal(x, y + k, True, hole)) for k, p in crib)
        if y + their_hand >= hole:
            return 0.0
        if x + my_hand >= hole:
            return 1.0
        x, y = x + my_hand, y + their_hand
        return sum(p * (1.0 if x + k >= hole else chance_before_deal(x + k, y, False, hole)) for k, p in crib)

    @cache
    def their_hand(holding: Holding) -> int:
        code = starter_code + sum(1 << 3 * (r - 1) for r in their_laid + holding)
        return table[code]  # ranks only: their flush and nobs are unknown (a point or so, rarely)

    def leaf(ours: int, yours: int, first: int, holding: Holding) -> float:
        if first >= 0:
            return 1.0 if first == 0 else 0.0
        return after_play(ours, yours, their_hand(holding))

    return leaf


# --- the throw: the chance of winning over the starters -----------------------------------------

def _likely(name: str, floor: float = 0.002) -> list[tuple[int, float]]:
    """A distribution without its rarest values (renormalised): fewer terms to add."""
    kept = [(v, p) for v, p in distribution(name) if p >= floor]
    total = sum(p for _, p in kept)
    return [(v, p / total) for v, p in kept]


def throw_win_chance(view: SeatView, throw: Throw) -> float:
    """Our chance of winning with this throw (a ``throws.ThrowValue``) from ``view``'s scores.

    The kept hand's totals over the starters are exact; both sides' pegging, the opponent's hand
    and the crib come from the sampled deals (the crib moved by this throw's crib value).
    """
    hole, mine, theirs = view.hole, view.my_score, view.their_score
    dealer = view.is_dealer
    ours_peg = _likely("dealer_peg" if dealer else "pone_peg")
    their_peg = _likely("pone_peg" if dealer else "dealer_peg")
    their_hand = _likely("pone_hand" if dealer else "dealer_hand")
    crib_mean = sum(v * p for v, p in distribution("crib"))
    shift = round(float(throw.crib) - crib_mean)
    crib = [(max(0, v + shift), p) for v, p in _likely("crib")]
    hands = Counter(throw.totals)
    starters = len(throw.totals)
    after = _after_show(hole, dealer, tuple(their_hand), tuple(crib))
    total = 0.0
    for mp, p_mp in ours_peg:
        for tp, p_tp in their_peg:
            weight = p_mp * p_tp
            x, y = mine + mp, theirs + tp
            if x >= hole or y >= hole:  # who pegs out first is not modelled: a tie is a toss
                total += weight * (0.5 if x >= hole and y >= hole else 1.0 if x >= hole else 0.0)
                continue
            total += weight * sum(n * after(x + h, y) for h, n in hands.items()) / starters
    return total


@lru_cache(maxsize=64)
def _after_show(hole: int, dealer: bool, their_hand: tuple[tuple[int, float], ...],
                crib: tuple[tuple[int, float], ...]) -> Callable[[int, int], float]:
    """Our chance once our hand is counted into ``x`` (theirs still to come, in the rules' order)."""
    if not dealer:
        dealer_side: dict[int, float] = {}
        for h, p in their_hand:  # they deal: their hand and crib are counted after ours
            for k, q in crib:
                dealer_side[h + k] = dealer_side.get(h + k, 0.0) + p * q

        @cache
        def as_pone(x: int, y: int) -> float:
            if x >= hole:
                return 1.0
            return sum(p * (0.0 if y + q >= hole else chance_before_deal(x, y + q, True, hole))
                       for q, p in dealer_side.items())

        return as_pone

    @cache
    def with_crib(x: int, y: int) -> float:  # their hand counted, our hand in: the crib still to come
        return sum(q * (1.0 if x + k >= hole else chance_before_deal(x + k, y, False, hole)) for k, q in crib)

    @cache
    def as_dealer(x: int, y: int) -> float:
        total = 0.0
        for h, p in their_hand:  # their hand is counted first, then we have our hand and the crib
            if y + h >= hole:
                continue
            if x >= hole:
                total += p
                continue
            total += p * with_crib(x, y + h)
        return total

    return as_dealer
