"""The rest of a play, searched over the cards the opponent can still hold.

Pegging depends on ranks alone (suits never score in the play), so this module works on ranks
(1-13) and counts holdings by rank: a holding of the opponent is a multiset of ranks, weighted
by how many sets of unseen cards have those ranks. The cards the opponent may hold are the
unseen ones (not in our six, not laid, not the starter) that agree with their goes: a go said
while holding cards says that none of them fitted, and they still hold them.

A card's value is the average over holdings of our points minus theirs for the rest of the
play, both sides then playing on by ``reply_policy``: each lays the card that scores most now
less the most the other can score straight back (they see both hands: a determinized search).
``card_values`` enumerates every holding exactly when there are few, else averages a seeded
sample; ``holdings`` lists them. ``infer_from_keep`` reweights them by what the opponent's
throw implies: a player keeps the four cards worth most to them, so a holding that makes a keep
with more points in it (fifteens, pairs, runs: ``kept_points``) is the likelier. A ``leaf``
function can replace points by the chance of winning (``cribbage.expert.winprob``) when the end
of the game is near.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations_with_replacement
from math import comb, exp

from .. import rules
from ..cards import Card
from ..show import fifteen_items, pair_items, run_items
from .seat import SeatView

VALUE: tuple[int, ...] = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)  # by rank; court cards are ten
_PAIRS = (0, 0, 2, 6, 12)  # points for 1..4 cards of one rank at the end of the count
THIRTY_ONE = rules.THIRTY_ONE
FIFTEEN = rules.FIFTEEN
EXACT_LIMIT = 120  # enumerate holdings exactly up to this many rank multisets, else sample
SAMPLES = 200  # holdings sampled when there are more
Holding = tuple[int, ...]  # the opponent's ranks, sorted
# (our points, their points, who reached the hole first: 0 us, 1 them, -1 nobody) -> a value
Leaf = Callable[[int, int, int, Holding], float]


@lru_cache(maxsize=1 << 16)
def lay_points(seq: tuple[int, ...], rank: int) -> int:
    """Points for laying ``rank`` onto the current count's ranks ``seq`` (fifteen, 31, pairs, runs).

    The same rules as ``cribbage.play.score_play_card``, on ranks; the go is not included.
    """
    total = sum(VALUE[r] for r in seq) + VALUE[rank]
    points = rules.FIFTEEN_POINTS if total == FIFTEEN else rules.THIRTY_ONE_POINTS if total == THIRTY_ONE else 0
    same = 1
    for r in reversed(seq):
        if r != rank:
            break
        same += 1
    points += _PAIRS[same]
    run = seq + (rank,)
    for length in range(len(run), 2, -1):
        tail = run[-length:]
        if max(tail) - min(tail) == length - 1 and len(set(tail)) == length:
            points += length
            break
    return points


def reply_policy(playable: Sequence[int], other: Sequence[int], seq: tuple[int, ...], count: int) -> int:
    """The rank to lay: points now less the best the other hand can score straight back.

    A card the other cannot answer counts half a point more (the go is likely ours); ties lay
    the higher card, keeping low ones for the end of the count.
    """
    best, best_value = playable[0], -99.0
    for rank in set(playable):
        gain = lay_points(seq, rank)
        after = count + VALUE[rank]
        if after == THIRTY_ONE:
            value = float(gain)
        else:
            grown = seq + (rank,)
            reply = -1
            for answer in other:
                if after + VALUE[answer] <= THIRTY_ONE:
                    points = lay_points(grown, answer)
                    if points > reply:
                        reply = points
            value = gain + 0.5 if reply < 0 else float(gain - reply)
        value += VALUE[rank] / 100 + rank / 10_000
        if value > best_value:
            best, best_value = rank, value
    return best


@dataclass
class Position:
    """A play in progress in a seat's own frame: player 0 is the seat, 1 its opponent."""

    hands: list[list[int]]
    seq: tuple[int, ...]
    count: int
    turn: int
    said_go: list[bool]
    last: int

    def copy(self, opponent: Sequence[int] | None = None) -> Position:
        """A copy to play on (with the opponent's hand replaced by ``opponent``)."""
        theirs = list(opponent) if opponent is not None else list(self.hands[1])
        return Position([list(self.hands[0]), theirs], self.seq, self.count, self.turn, list(self.said_go), self.last)


def play_on(position: Position, need: tuple[int, int] = (999, 999),
            log: list[tuple[int, int]] | None = None) -> tuple[int, int, int]:
    """Play the position to the end of the play by ``reply_policy``: (our points, theirs, first out).

    ``need`` is what each side needs to reach the hole; the play stops when one gets there, and
    the third number says who did (0 us, 1 them, -1 nobody). ``log`` collects each peg in order
    as (player, points).
    """
    hands, seq, count, turn, said_go, last = (position.hands, position.seq, position.count, position.turn,
                                              position.said_go, position.last)
    points = [0, 0]
    while hands[0] or hands[1]:
        hand, other = hands[turn], hands[1 - turn]
        playable = [r for r in hand if count + VALUE[r] <= THIRTY_ONE]
        if playable:
            rank = reply_policy(playable, other, seq, count) if len(playable) > 1 else playable[0]
            hand.remove(rank)
            gained = lay_points(seq, rank)
            points[turn] += gained
            if log is not None and gained:
                log.append((turn, gained))
            if points[turn] >= need[turn]:
                return points[0], points[1], turn
            count += VALUE[rank]
            last = turn
            if count == THIRTY_ONE:
                seq, count, said_go = (), 0, [False, False]
                turn = 1 - last
            else:
                seq = seq + (rank,)
                turn = 1 - turn
            continue
        if said_go[1 - turn] or not other:  # nobody can lay: the last card takes the go
            points[last] += rules.LAST_CARD_POINTS
            if log is not None:
                log.append((last, rules.LAST_CARD_POINTS))
            if points[last] >= need[last]:
                return points[0], points[1], last
            seq, count, said_go = (), 0, [False, False]
            turn = 1 - last
            continue
        if hand:
            said_go[turn] = True
        turn = 1 - turn
    if seq and count != THIRTY_ONE:  # the last card of the play
        points[last] += rules.LAST_CARD_POINTS
        if log is not None:
            log.append((last, rules.LAST_CARD_POINTS))
        if points[last] >= need[last]:
            return points[0], points[1], last
    return points[0], points[1], -1


def after_laying(position: Position, rank: int) -> tuple[Position, int]:
    """The position once player 0 lays ``rank``, and the points it scores."""
    moved = position.copy()
    gained = lay_points(moved.seq, rank)
    moved.hands[0].remove(rank)
    moved.count += VALUE[rank]
    moved.last = 0
    if moved.count == THIRTY_ONE:
        moved.seq, moved.count, moved.said_go, moved.turn = (), 0, [False, False], 1
    else:
        moved.seq = moved.seq + (rank,)
        moved.turn = 1
    return moved, gained


# --- from a seat's view --------------------------------------------------------------------

def position_of(view: SeatView) -> Position:
    """The play in ``view`` in the seat's frame (the opponent's hand left empty: it is unknown)."""
    last = 0
    for step in reversed(view.laid):
        if step.card is not None:
            last = 0 if step.player == view.seat else 1
            break
    said = view.said_go
    return Position([[c.rank for c in view.held], []], tuple(c.rank for c in view.current), view.count,
                    0 if view.turn in (None, view.seat) else 1,
                    [said[view.seat], said[view.opponent]], last)


def opponent_pool(view: SeatView) -> list[Card]:
    """The unseen cards the opponent may hold now (their goes rule out cards that would have fitted)."""
    room = view.opponent_room()
    return [card for card in view.unseen() if card.value > room]


def holdings(view: SeatView) -> list[tuple[Holding, int]]:
    """Every rank multiset the opponent may hold now, with how many sets of cards give it."""
    size = view.opponent_held
    per_rank = Counter(card.rank for card in opponent_pool(view))
    found = []
    for ranks in combinations_with_replacement(sorted(per_rank), size):
        ways = 1
        for rank, many in Counter(ranks).items():
            ways *= comb(per_rank[rank], many)
        if ways:
            found.append((ranks, ways))
    return found


def holding_count(view: SeatView) -> int:
    """How many rank multisets ``holdings`` would list (without listing them)."""
    per_rank = Counter(card.rank for card in opponent_pool(view))
    ways = [1] + [0] * view.opponent_held
    for available in per_rank.values():  # multisets with at most ``available`` of each rank
        ways = [sum(ways[k - m] for m in range(min(k, available) + 1)) for k in range(len(ways))]
    return ways[view.opponent_held]


def sampled_holdings(view: SeatView, samples: int, rng: random.Random) -> list[tuple[Holding, int]]:
    """``samples`` holdings drawn card by card from the pool, merged by ranks."""
    pool = opponent_pool(view)
    size = min(view.opponent_held, len(pool))
    drawn = Counter(tuple(sorted(c.rank for c in rng.sample(pool, size))) for _ in range(samples))
    return sorted(drawn.items())


def choose_holdings(view: SeatView, rng: random.Random, exact_limit: int = EXACT_LIMIT,
                    samples: int = SAMPLES) -> list[tuple[Holding, int]]:
    """Every holding when there are at most ``exact_limit``, else a sample of ``samples``."""
    if holding_count(view) <= exact_limit:
        return holdings(view)
    return sampled_holdings(view, samples, rng)


@lru_cache(maxsize=4096)
def kept_points(ranks: Holding) -> int:
    """The show points of four kept ranks without a starter (fifteens, pairs, runs): what a player
    who throws for their hand tends to keep more of. Cached: there are 1,820 such multisets."""
    cards = [Card.of(rank, ranks[:i].count(rank)) for i, rank in enumerate(ranks)]  # a suit each
    return sum(item.points for part in (fifteen_items, pair_items, run_items) for item in part(cards))


def infer_from_keep(view: SeatView, weighted: Sequence[tuple[Holding, float]], strength: float
                    ) -> list[tuple[Holding, float]]:
    """The holdings reweighted by what they say of the opponent's keep: a hand with more points in
    it is the likelier keep, by ``exp(strength * points)`` of the four kept ranks."""
    laid = tuple(card.rank for card in view.laid_by(view.opponent))
    return [(holding, weight * exp(strength * kept_points(tuple(sorted(laid + holding)))))
            for holding, weight in weighted]


def card_values(view: SeatView, weighted: Sequence[tuple[Holding, float]], leaf: Leaf | None = None,
                need: tuple[int, int] = (999, 999)) -> dict[int, float]:
    """For each rank the seat can lay now: the weighted average value of laying it.

    Without ``leaf`` the value is our points minus theirs for the rest of the play (the card's own
    points included); with it, ``leaf(ours, theirs, first_out, holding)`` at the end of each line.
    """
    position = position_of(view)
    count = position.count
    ranks = sorted({r for r in position.hands[0] if count + VALUE[r] <= THIRTY_ONE})
    total = sum(weight for _, weight in weighted)
    values = {}
    for rank in ranks:
        moved, gained = after_laying(position, rank)
        acc = 0.0
        for holding, weight in weighted:
            if gained >= need[0]:
                ours, theirs, first = gained, 0, 0
            else:
                ours, theirs, first = play_on(moved.copy(holding), (need[0] - gained, need[1]))
                ours += gained
            acc += weight * (leaf(ours, theirs, first, holding) if leaf is not None else ours - theirs)
        values[rank] = acc / total if total else 0.0
    return values
