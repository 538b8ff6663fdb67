"""What each decision cost: the throw, every card laid, a count by hand, and a whole game.

Every review is computed from ``SeatView``s (what the player could see at the decision), never
from the opponent's hidden cards, and returns JSON-ready dicts for the page:

* ``review_throw(view)``: every throw of the seat's six cards with its value in hand, crib (for
  or against) and pegging, the best one, what the player's throw cost in each, and the
  analyser's link fragment for the deal;
* ``review_play(view, card)``: the card laid against the expert's choice at that position, the
  expected points lost and a reason in words;
* ``review_count(cards, starter, is_crib, claim)``: a count by hand, the points missed item by item;
* ``review_game(decisions)`` (``review_game_of(game, seat)`` reads the decisions from a game):
  points lost per deal by phase, the three costliest decisions and the points lost per deal.

Values are points a deal for the seat. A difference under ``EQUAL`` (0.05 points) is "equal":
the models are good to about that. The play is valued over every holding the opponent may have
when there are at most ``REVIEW_EXACT`` rank multisets of them, else over a seeded sample of
``REVIEW_SAMPLES`` (``exact`` says which), so a review gives the same numbers every time.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

from .. import rules
from ..cards import Card
from ..expert.pegging import VALUE, Holding, card_values, holding_count, holdings, lay_points, position_of, reply_policy
from ..expert.pegging import sampled_holdings as _sampled
from ..expert.seat import Decision, SeatView
from ..expert.throws import throw_values
from ..muggins import judge, parse_claim
from ..play import score_play_card
from ..show import score_show
from .vocabulary import KIND_WORDS, kind_label

EQUAL = 0.05  # points: below this two choices are reported as equal
REVIEW_EXACT = 500  # rank multisets: enumerate every holding up to this many
REVIEW_SAMPLES = 300  # else average a seeded sample of this many
ANALYSER_DEAL_KEY, ANALYSER_DEALER_KEY = "deal", "dealer"  # the analyser's link: #deal=...&dealer=1
JSON = dict[str, Any]


def analyser_fragment(six: Sequence[Card], dealer: bool) -> str:
    """The discard analyser's fragment for a deal (no '#'): ``deal=5H,5S,6C,7D,JD,KC&dealer=1``."""
    return f"{ANALYSER_DEAL_KEY}={','.join(c.code for c in six)}&{ANALYSER_DEALER_KEY}={1 if dealer else 0}"


def _rounded(value: float) -> float:
    return round(value, 4)


# --- the throw ----------------------------------------------------------------------------------

def review_throw(view: SeatView, thrown: Sequence[Card] | None = None) -> JSON:
    """Every throw of ``view.dealt`` ranked, and what ``thrown`` (default ``view.thrown``) cost.

    Result: ``{"dealer", "cards", "throws": [{keep, discard, hand, crib, pegging, value}, ...]
    (best first), "best", "chosen", "cost": {hand, crib, pegging, total}, "equal", "link"}``;
    ``crib`` is signed (minus when the crib is the opponent's); ``cost`` is best less chosen.
    """
    six = view.dealt
    if len(six) != 6:
        raise ValueError(f"a throw review needs the six cards dealt, got {len(six)}")
    choice = frozenset(thrown if thrown is not None else view.thrown)
    throws = throw_values(six, view.is_dealer)
    best = throws[0]
    chosen = next((t for t in throws if frozenset(t.discard) == choice), None)
    result: JSON = {"dealer": view.is_dealer, "cards": [c.code for c in six],
                    "throws": [t.to_json() for t in throws], "best": best.to_json(),
                    "chosen": chosen.to_json() if chosen else None, "cost": None, "equal": None,
                    "link": analyser_fragment(six, view.is_dealer)}
    if chosen is not None:
        cost = {"hand": float(best.hand - chosen.hand), "crib": float(best.crib_for_seat - chosen.crib_for_seat),
                "pegging": best.pegging - chosen.pegging, "total": best.value - chosen.value}
        result["cost"] = {k: _rounded(v) for k, v in cost.items()}
        result["equal"] = cost["total"] < EQUAL
    return result


# --- the play -----------------------------------------------------------------------------------

def play_holdings(view: SeatView) -> tuple[list[tuple[Holding, int]], bool]:
    """The holdings a play review averages over, and whether they are all of them."""
    if holding_count(view) <= REVIEW_EXACT:
        return holdings(view), True
    seed = f"review/{view.hand_number}/{len(view.laid)}/{','.join(c.code for c in view.held)}"
    return _sampled(view, REVIEW_SAMPLES, random.Random(seed)), False


def review_play(view: SeatView, card: Card) -> JSON:
    """The card laid at ``view`` against the expert's choice there.

    Result: ``{"card", "count", "values": {rank label: value}, "best": [codes], "loss", "equal",
    "reason", "exact", "holdings"}``: each value is the seat's expected points less the
    opponent's for the rest of the play; ``loss`` is the best value less the card's.
    """
    weighted, exact = play_holdings(view)
    values = card_values(view, weighted)
    best_rank = max(values, key=lambda r: (values[r], r))
    loss = max(0.0, values[best_rank] - values[card.rank])
    equal = loss < EQUAL
    playable = [c for c in view.held if view.count + c.value <= 31]
    best_cards = [c for c in playable if c.rank == best_rank]
    return {
        "card": card.code, "count": view.count,
        "values": {c.code: _rounded(values[c.rank]) for c in playable},
        "best": [c.code for c in best_cards], "loss": _rounded(loss), "equal": equal,
        "reason": "as good as the best card" if equal or card.rank == best_rank
        else play_reason(view, card, best_cards[0], weighted),
        "exact": exact, "holdings": sum(w for _, w in weighted),
    }


_KIND_POINTS = {"fifteen": rules.FIFTEEN_POINTS, "thirty-one": rules.THIRTY_ONE_POINTS,
                "pair": rules.PAIR_POINTS[2], "pair royal": rules.PAIR_POINTS[3],
                "double pair royal": rules.PAIR_POINTS[4]}  # the play's fixed-value items, by kind


def _kinds(seq: tuple[int, ...], rank: int) -> list[str]:
    """The items that laying ``rank`` scores (kinds only: fifteen, thirty-one, pair..., run)."""
    found = []
    total = sum(VALUE[r] for r in seq) + VALUE[rank]
    if total in (15, 31):
        found.append("fifteen" if total == 15 else "thirty-one")
    same = 1
    for r in reversed(seq):
        if r != rank:
            break
        same += 1
    if same >= 2:
        found.append({2: "pair", 3: "pair royal", 4: "double pair royal"}[same])
    if lay_points(seq, rank) > sum(_KIND_POINTS[k] for k in found):
        found.append("run")
    return found


def _reply_profile(view: SeatView, rank: int, weighted: Sequence[tuple[Holding, int]]) -> dict[str, float]:
    """After laying ``rank``: the opponent's expected points straight back, by kind, and how often
    they cannot lay at all (``blocked``)."""
    position = position_of(view)
    seq, count = position.seq, position.count + VALUE[rank]
    profile: dict[str, float] = {"blocked": 0.0}
    total = sum(w for _, w in weighted)
    if count == 31:
        return profile
    grown = seq + (rank,)
    mine = list(position.hands[0])
    mine.remove(rank)
    for holding, weight in weighted:
        playable = [r for r in holding if count + VALUE[r] <= 31]
        if not playable:
            profile["blocked"] += weight / total
            continue
        answer = reply_policy(playable, mine, grown, count)
        points = lay_points(grown, answer)
        for kind in _kinds(grown, answer):
            share = _KIND_POINTS.get(kind, points)  # a run: the whole lay's points
            profile[kind] = profile.get(kind, 0.0) + weight / total * share
    return profile


def _a(number: int) -> str:
    return f"an {number}" if number in (8, 11, 18) else f"a {number}"


def play_reason(view: SeatView, card: Card, best: Card, weighted: Sequence[tuple[Holding, int]]) -> str:
    """Why ``card`` is worse than ``best`` here, in a few words."""
    own = score_play_card(view.current, card)
    better = score_play_card(view.current, best)
    if sum(i.points for i in better) > sum(i.points for i in own):
        missed = [i.kind for i in better if i.kind not in {j.kind for j in own}] or [better[0].kind]
        first = missed[0]
        return "misses a fifteen" if first == "fifteen" else f"misses {KIND_WORDS[first].phrase}"
    played, chosen = _reply_profile(view, card.rank, weighted), _reply_profile(view, best.rank, weighted)
    worst, worst_gap = "", 0.15
    for kind, points in played.items():
        gap = points - chosen.get(kind, 0.0)
        if kind == "blocked":
            gap = chosen.get("blocked", 0.0) - points  # the best card stops them more often
        if gap > worst_gap:
            worst, worst_gap = kind, gap
    count = view.count + card.value
    if worst == "fifteen":
        return f"leaves {_a(count)} for a fifteen"
    if worst == "thirty-one":
        return f"leaves {_a(count)} for thirty-one"
    if worst == "blocked":
        return "gives up the go"
    if worst:
        return f"invites {KIND_WORDS[worst].phrase}"  # type: ignore[index]
    return "costs points later in the play"


# --- counting by hand -----------------------------------------------------------------------------

def review_count(cards: Sequence[Card], starter: Card, is_crib: bool, claim: Any) -> JSON:
    """A count by hand: ``{"actual", "points" (credited), "missed": [{kind, label, cards, points}],
    "missed_points", "not_there", "overcount"}``."""
    breakdown = score_show(tuple(cards), starter, is_crib)
    verdict = judge(breakdown.items, parse_claim(claim))
    missed = [{**item.to_json(), "label": kind_label(item.kind)} for item in verdict.missed]
    return {"actual": verdict.actual, "points": verdict.points, "missed": missed,
            "missed_points": verdict.missed_points, "not_there": list(verdict.not_there),
            "overcount": verdict.overcount, "part": "crib" if is_crib else "hand"}


# --- a whole game -------------------------------------------------------------------------------

PHASE_OF = {"discard": "throw", "play": "pegging", "count": "counting"}


def position_name(decision: Decision) -> str:
    """Where a decision stands, in words: "Deal 3, the throw", "Deal 3, the play: 5♥ on 10",
    "Deal 3, counting the crib" (deals numbered from 1)."""
    deal = f"Deal {decision.view.hand_number + 1}"
    if decision.kind == "discard":
        return f"{deal}, the throw"
    if decision.kind == "play":
        return f"{deal}, the play: {decision.cards[0].label} on {decision.view.count}"
    return f"{deal}, counting the {'crib' if decision.part == 'crib' else 'hand'}"


def review_decision(decision: Decision) -> JSON:
    """One decision reviewed: ``{"index", "deal", "phase", "where", "lost", "review"}`` (``where``
    is ``position_name``; ``index`` numbers the game's moves from 0, so a replay can go there)."""
    view = decision.view
    if decision.kind == "discard":
        review = review_throw(view, decision.cards)
        lost = review["cost"]["total"] if review["cost"] else 0.0
    elif decision.kind == "play":
        review = review_play(view, decision.cards[0])
        lost = review["loss"]
    else:
        starter = view.starter
        if starter is None:
            raise ValueError("a count comes after the starter")
        review = review_count(decision.shown, starter, decision.part == "crib", decision.claim)
        lost = float(review["missed_points"])
    return {"index": decision.index, "deal": view.hand_number, "phase": PHASE_OF[decision.kind],
            "where": position_name(decision), "lost": _rounded(max(0.0, lost)), "review": review}


def review_game(decisions: Iterable[Decision], costliest: int = 3) -> JSON:
    """Points lost per deal by phase, the costliest decisions, and the points lost per deal.

    Result: ``{"deals": [{"deal", "throw", "pegging", "counting", "total"}, ...], "costliest":
    [review_decision(...), ...] (most points first), "lost", "per_deal", "decisions"}``. A
    decision is named by ``index`` (its move's number in the game, from 0) and ``deal``.
    """
    reviewed = [review_decision(d) for d in decisions]
    deals: dict[int, JSON] = {}
    for item in reviewed:
        deal = deals.setdefault(item["deal"], {"deal": item["deal"], "throw": 0.0, "pegging": 0.0,
                                               "counting": 0.0, "total": 0.0})
        deal[item["phase"]] += item["lost"]
        deal["total"] += item["lost"]
    rows = [{k: _rounded(v) if isinstance(v, float) else v for k, v in deals[n].items()} for n in sorted(deals)]
    lost = sum(item["lost"] for item in reviewed)
    ranked = sorted((i for i in reviewed if i["lost"] >= EQUAL), key=lambda i: (-i["lost"], i["index"]))
    return {"deals": rows, "costliest": ranked[:costliest], "lost": _rounded(lost),
            "per_deal": _rounded(lost / len(rows)) if rows else 0.0, "decisions": reviewed}


def review_game_of(game: Any, seat: int) -> JSON:
    """``review_game`` of every decision ``seat`` took in ``game`` (from its views only)."""
    from ..expert.seat import seat_decisions

    return review_game(seat_decisions(game, seat))


def shown_deals(game: Any) -> list[int]:
    """The deals of ``game`` that are over (their crib counted), and the last one if the game ended in it."""
    from ..events import DealEvent, GameOverEvent, ShowEvent

    shown, deal = [], -1
    for event in game.events:
        if isinstance(event, DealEvent):
            deal = event.hand
        elif ((isinstance(event, ShowEvent) and event.part == "crib") or isinstance(event, GameOverEvent)) \
                and deal >= 0 and deal not in shown:
            shown.append(deal)
    return shown


def review_deal_of(game: Any, seat: int, deal: int | None = None) -> JSON:
    """One deal ``seat`` played, reviewed once it is shown (the last shown by default).

    Result: ``{"deal", "throw" (a review_decision or None), "plays": [...], "counts": [...],
    "lost": {throw, pegging, counting, total}, "equal"}``, each decision from the seat's views
    only. A deal not yet shown is not reviewed: its review would be a hint.
    """
    from ..errors import GameStateError
    from ..expert.seat import seat_decisions

    shown = shown_deals(game)
    if not shown:
        raise GameStateError("a deal is reviewed once its show is over")
    wanted = shown[-1] if deal is None else deal
    if wanted not in shown:
        raise GameStateError(f"deal {wanted + 1} is not shown yet (a deal is reviewed once its show is over)")
    reviewed = [review_decision(d) for d in seat_decisions(game, seat) if d.view.hand_number == wanted]
    lost = {phase: _rounded(sum(r["lost"] for r in reviewed if r["phase"] == phase))
            for phase in ("throw", "pegging", "counting")}
    throws = [r for r in reviewed if r["phase"] == "throw"]
    return {"deal": wanted, "throw": throws[0] if throws else None,
            "plays": [r for r in reviewed if r["phase"] == "pegging"],
            "counts": [r for r in reviewed if r["phase"] == "counting"],
            "lost": {**lost, "total": _rounded(sum(lost.values()))}, "equal": EQUAL, "shown": shown}
