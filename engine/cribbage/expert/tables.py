"""Building the expert level's data tables offline: the pegging table and the win table.

The expert only reads the tables (``throws.pegging_value``, ``winprob.dealer_chance``); these
builders make them by seeded simulation, so the same code always writes the same files
(``make peg-table``, ``make win-table``; ``tools/expert_tables.py`` shares the work out over a
process pool, which keeps ``multiprocessing`` out of the engine that ships to the browser).

**The pegging table.** For each of the 1,820 multisets of four ranks and each seat, the kept
ranks play out a whole play against random four-card hands of the cards left, both sides laying
by ``pegging.reply_policy`` with both hands in view. The same seeded draws serve every entry, so
entries compare with less noise than their own spread. Suits never matter in the play, so ranks
are all it needs.

**The win table.** ``sample_deals`` plays whole deals (both throw as the ``strong`` level does,
then lay by ``pegging.reply_policy``), and ``build_win_table`` computes ``WIN[a][b]`` backwards
from the hole over them (see ``cribbage.expert.winprob``).
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from functools import partial
from itertools import combinations_with_replacement
from typing import Any

from .. import rules
from ..advice import advise
from ..cards import DECK
from ..show import show_total
from .pegging import Position, play_on
from .throws import rank_key
from .winprob import SCALE

Mapper = Callable[..., Iterable[Any]]  # map, or a process pool's map: how the tables share the work
PEG_SAMPLES = 600  # opponent hands per entry when the table is built
DEAL_SAMPLES = 40_000
# One sampled deal: the pegs in order as (0 dealer | 1 pone, points), then the pone's hand,
# the dealer's hand and the crib. His heels is the dealer's first peg.
Deal = tuple[tuple[tuple[int, int], ...], int, int, int]


# --- the pegging table --------------------------------------------------------------------------

def peg_entry(ranks: Sequence[int], samples: int = PEG_SAMPLES) -> list[int]:
    """One table entry: [dealer's points, pone's points] as dealer, then as pone, in hundredths."""
    left = [r for r in range(1, 14) for _ in range(4)]
    for rank in ranks:
        left.remove(rank)
    entry = []
    for dealer in (True, False):
        rng = random.Random(f"peg-table/{dealer}")
        ours = theirs = 0
        for _ in range(samples):
            hand = list(ranks)
            other = rng.sample(left, 4)
            # The pone leads: in our frame player 0 is this hand, so it leads when it is the pone.
            mine, yours, _ = play_on(Position([hand, other], (), 0, 1 if dealer else 0, [False, False], 0))
            ours += mine
            theirs += yours
        entry += [round(100 * ours / samples), round(100 * theirs / samples)]
    return entry


def build_peg_table(samples: int = PEG_SAMPLES, mapper: Mapper = map) -> dict[str, list[int]]:
    """Every four-rank multiset's entry (minutes: pass a process pool's ``map`` as ``mapper`` to
    share the work; ``tools/expert_tables.py`` does)."""
    keys = list(combinations_with_replacement(range(1, 14), 4))
    entries = list(mapper(partial(peg_entry, samples=samples), keys))
    return {rank_key(k): e for k, e in zip(keys, entries, strict=True)}


def write_peg_table(path: str, samples: int = PEG_SAMPLES, mapper: Mapper = map) -> None:
    """Build the pegging table and write it as JSON."""
    payload = {
        "method": ("for each four kept ranks and seat: the average pegging points of both sides over "
                   f"{samples} random opponent hands of the cards left (the same seeded draws for every "
                   "entry), both laying by cribbage.expert.pegging.reply_policy with both hands in view"),
        "columns": ["dealer: ours", "dealer: theirs", "pone: ours", "pone: theirs"],
        "unit": "hundredths of a point",
        "samples": samples,
        "hands": build_peg_table(samples, mapper),
    }
    with open(path, "w", encoding="utf-8") as handle:
        json.dump(payload, handle, separators=(",", ":"), sort_keys=True)
        handle.write("\n")


# --- the win table ------------------------------------------------------------------------------

def sample_deal(seed: int) -> Deal:
    """One seeded deal: both throw as ``strong`` does (``advise``), then play the cards out by
    ``pegging.reply_policy``; its points in the order the rules pay them."""
    rng = random.Random(f"win-table/{seed}")
    deck = list(DECK)
    rng.shuffle(deck)
    dealer_six, pone_six = deck[:6], deck[6:12]
    dealer_throw, pone_throw = advise(dealer_six, dealer=True)[0], advise(pone_six, dealer=False)[0]
    starter = deck[rng.randrange(12, 52)]
    pegs: list[tuple[int, int]] = []
    if starter.rank == rules.JACK:
        pegs.append((0, rules.HEELS_POINTS))
    hands = [[c.rank for c in dealer_throw.keep], [c.rank for c in pone_throw.keep]]
    play_on(Position(hands, (), 0, 1, [False, False], 0), log=pegs)  # player 0 deals, 1 leads
    crib = dealer_throw.discard + pone_throw.discard
    return (tuple(pegs), show_total(pone_throw.keep, starter), show_total(dealer_throw.keep, starter),
            show_total(crib, starter, True))


def sample_deals(count: int = DEAL_SAMPLES, mapper: Mapper = map) -> list[Deal]:
    """``count`` seeded deals (minutes: pass a process pool's ``map`` as ``mapper`` to share the work)."""
    return list(mapper(sample_deal, range(count)))


def build_win_table(deals: Sequence[Deal], hole: int = rules.GAME_HOLE) -> list[list[float]]:
    """``WIN[a][b]`` for the dealer at ``a`` and the pone at ``b``, from sampled deals (see
    ``cribbage.expert.winprob``)."""
    n = len(deals)
    totals: Counter[tuple[int, int]] = Counter()  # (dealer's points, pone's points) over the deal
    # first[nd][np]: deals where the dealer, needing nd, pegs out before the pone reaches np while
    # the pone's deal (pegging and hand) would reach np: the only deals where totals mislead.
    first = [[0] * (hole + 1) for _ in range(hole + 1)]
    for pegs, pone_hand, dealer_hand, crib in deals:
        dealer_total = sum(p for who, p in pegs if who == 0) + dealer_hand + crib
        pone_total = sum(p for who, p in pegs if who == 1) + pone_hand
        totals[(dealer_total, pone_total)] += 1
        reach_dealer, reach_pone = _reaching(pegs, 0, hole), _reaching(pegs, 1, hole)
        for nd in range(1, len(reach_dealer)):
            for np_ in range(1, min(pone_total, hole) + 1):
                if reach_dealer[nd] < (reach_pone[np_] if np_ < len(reach_pone) else len(pegs)):
                    first[nd][np_] += 1
    cells = sorted(totals.items())
    win = [[0.0] * hole for _ in range(hole)]
    for score_sum in range(2 * hole - 2, -1, -1):
        for a in range(max(0, score_sum - hole + 1), min(hole - 1, score_sum) + 1):
            b = score_sum - a
            need_dealer, need_pone = hole - a, hole - b
            won = float(first[need_dealer][need_pone])
            for (d, p), ways in cells:
                if p >= need_pone:
                    continue
                won += ways if d >= need_dealer else ways * (1.0 - win[b + p][a + d])
            win[a][b] = won / n
    return win


def _reaching(pegs: Sequence[tuple[int, int]], who: int, hole: int) -> list[int]:
    """reach[k]: the index of the peg at which ``who`` has pegged k points (k from 1)."""
    reach = [0]
    total = 0
    for index, (player, points) in enumerate(pegs):
        if player != who:
            continue
        total += points
        while len(reach) <= min(total, hole):
            reach.append(index)
    return reach


def _histogram(values: Sequence[int]) -> list[int]:
    counts = Counter(values)
    return [counts.get(v, 0) for v in range(max(counts) + 1)]


def write_win_table(path: str, count: int = DEAL_SAMPLES, mapper: Mapper = map) -> None:
    """Sample deals, build the table and write it with the deals' point distributions."""
    deals = sample_deals(count, mapper)
    win = build_win_table(deals)
    payload = {
        "method": (f"{count} seeded deals (strong's throws, reply_policy's play) from 0-0; "
                   "WIN[a][b] = chance that the dealer at a beats the pone at b, computed backwards from 121 "
                   "with the points of each sampled deal "
                   "in the order they are paid (heels, pegs, pone's hand, dealer's hand, crib)"),
        "unit": f"1/{SCALE}",
        "deals": {
            "dealer_peg": _histogram([sum(p for w, p in d[0] if w == 0) for d in deals]),
            "pone_peg": _histogram([sum(p for w, p in d[0] if w == 1) for d in deals]),
            "pone_hand": _histogram([d[1] for d in deals]),
            "dealer_hand": _histogram([d[2] for d in deals]),
            "crib": _histogram([d[3] for d in deals]),
        },
        "win": [[round(SCALE * v) for v in row] for row in win],
    }
    with open(path, "w", encoding="utf-8") as handle:
        json.dump(payload, handle, separators=(",", ":"))
        handle.write("\n")

