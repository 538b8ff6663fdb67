"""The worked deal: one hand of a seeded engine game, replayed from the catalog's choices.

The catalog names a seed (which fixes the cut, the deal and the starter) and the choices
the players made: each discard and the order the cards were laid. The engine's game
checks every choice is legal, says every go itself and scores everything; this module
only records what happened so a template can show it. Claimed totals are compared with
the engine's, and a deal that lacks a go, a 31, a restarted count or a last card fails.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from cribbage import Action, Game, IllegalAction, parse_cards, score_show
from cribbage.advice import Throw, advise
from cribbage.cards import Card, CardError
from cribbage.events import Event, GoEvent, PlayEvent, ResetEvent, ScoreEvent, ShowEvent
from cribbage.show import ScoreItem, ShowScore

CatalogEntry = Mapping[str, Any]

ROLES = ("pone", "dealer")
# What the deal must show a beginner; each is looked for in the engine's events.
FEATURES = ("go", "thirty-one", "restart", "last-card")
TOTAL_KEYS = ("pone_play", "dealer_play", "pone_hand", "dealer_hand", "crib")


class DealError(Exception):
    def __init__(self, message: str, key: str | None = None):
        super().__init__(message)
        self.key = key


@dataclass
class Step:
    """One line of the play: a card laid, a go said, or the count starting again."""

    kind: str  # play | go | restart
    role: str
    card: Card | None = None
    count: int = 0
    items: list[ScoreItem] = field(default_factory=list)  # what the card (or the last card) scored

    @property
    def points(self) -> int:
        return sum(item.points for item in self.items)


@dataclass
class WorkedDeal:
    seed: str
    dealt: dict[str, tuple[Card, ...]]  # role -> six cards as dealt
    thrown: dict[str, tuple[Card, ...]]  # role -> two cards
    kept: dict[str, tuple[Card, ...]]  # role -> four cards
    advice: dict[str, tuple[int, Throw]]  # role -> (rank of the throw among the fifteen, the Throw)
    starter: Card
    steps: list[Step]
    shows: dict[str, ShowScore]  # pone | dealer | crib
    totals: dict[str, int]
    scores: dict[str, int]  # role -> score after the hand


def replay(entry: CatalogEntry) -> WorkedDeal:
    """Play the first hand of the seeded game with the catalog's choices."""
    game = Game(seed=str(entry["seed"]))
    _automatic(game)  # the cut for deal and the deal are the seed's
    assert game.dealer is not None and game.pone is not None  # the deal is done
    roles = {game.pone: "pone", game.dealer: "dealer"}
    player = {role: p for p, role in roles.items()}
    dealt = {role: tuple(game.hands[player[role]]) for role in ROLES}
    thrown = {role: _cards(entry, "discard", role) for role in ROLES}
    for role in ("pone", "dealer"):
        _apply(game, Action("discard", player[role], thrown[role]), f"the {role}'s discard", "discard")
    _automatic(game)  # the starter
    if game.phase != "play":
        raise DealError("the starter ended the hand (a jack on 119?): pick another seed", "seed")
    assert game.starter is not None
    starter = game.starter
    steps = _play(game, entry, roles)
    counted = {event.part: event.breakdown.total for event in _count_the_show(game)}
    kept = {role: tuple(game.kept[player[role]]) for role in ROLES}
    shows = {  # the breakdowns with card objects, for the same templates as the examples
        "pone": score_show(kept["pone"], starter),
        "dealer": score_show(kept["dealer"], starter),
        "crib": score_show(tuple(game.crib), starter, is_crib=True),
    }
    assert {part: show.total for part, show in shows.items()} == counted
    advice = {role: _advice_rank(dealt[role], thrown[role], role == "dealer") for role in ROLES}
    deal = WorkedDeal(
        seed=str(entry["seed"]), dealt=dealt, thrown=thrown, kept=kept, advice=advice,
        starter=starter, steps=steps, shows=shows, totals=_totals(game, roles),
        scores={roles[p]: game.scores[p] for p in (0, 1)},
    )
    _check_features(deal)
    _check_totals(entry, deal)
    return deal


def _automatic(game: Game) -> None:
    """Apply every step that offers no choice (cut, deal, starter)."""
    while game.phase in ("cut_for_deal", "deal", "starter"):
        if game.phase == "deal" and game.hand_number > 0:
            return
        game.apply(game.legal_actions()[0])


def _cards(entry: CatalogEntry, key: str, role: str) -> tuple[Card, ...]:
    value = entry[key]
    if not isinstance(value, dict) or role not in value:
        raise DealError(f"'{key}' needs the cards of both players, e.g. {{pone: 2D QD, dealer: 4S KH}}", key)
    try:
        return parse_cards(str(value[role]), 2, f"{key} {role}")
    except CardError as error:
        raise DealError(f"bad card in '{key}': {error}", key) from None


def _apply(game: Game, action: Action, what: str, key: str) -> list[Event]:
    try:
        return game.apply(action)
    except IllegalAction as error:
        raise DealError(f"{what} is not legal with this seed: {error}", key) from None


def _play(game: Game, entry: CatalogEntry, roles: dict[int, str]) -> list[Step]:
    try:
        order = list(parse_cards(str(entry["play"])))
    except CardError as error:
        raise DealError(f"bad card in 'play': {error}", "play") from None
    steps: list[Step] = []
    while game.phase == "play":
        action = game.legal_actions()[0]
        if action.kind == "go":
            events = game.apply(action)
        else:
            if not order:
                raise DealError("the play ends before every card is laid: list all eight cards", "play")
            card = order.pop(0)
            events = _apply(game, Action("play", action.player, (card,)),
                            f"laying the {card.name} now", "play")
        steps.extend(_steps(events, roles))
    if order:
        raise DealError(f"{len(order)} card(s) in 'play' were never laid", "play")
    return steps


def _steps(events: list[Event], roles: dict[int, str]) -> list[Step]:
    steps: list[Step] = []
    for event in events:
        match event:
            case PlayEvent(player=player, card=card, count=count):
                steps.append(Step("play", roles[player], card, count))
            case GoEvent(player=player, count=count):
                steps.append(Step("go", roles[player], count=count))
            case ScoreEvent(reason="play", items=items):
                steps[-1].items.extend(items)  # what the card just laid scored
            case ScoreEvent(reason="go", player=player, items=items):
                steps.append(Step("last", roles[player], items=list(items)))
            case ResetEvent(player=player):
                steps.append(Step("restart", "" if player is None else roles[player]))
    return steps


def _count_the_show(game: Game) -> list[ShowEvent]:
    shows: list[ShowEvent] = []
    while game.phase == "show":
        shows.extend(e for e in game.apply(game.legal_actions()[0]) if isinstance(e, ShowEvent))
    if len(shows) != 3:
        raise DealError("the game ended before all three counts: pick another seed", "seed")
    return shows


def _advice_rank(six: tuple[Card, ...], thrown: tuple[Card, ...], dealer: bool) -> tuple[int, Throw]:
    throws = advise(six, dealer=dealer)
    for rank, throw in enumerate(throws, start=1):
        if set(throw.discard) == set(thrown):
            return rank, throw
    raise AssertionError("a legal throw is always among the fifteen")


def _totals(game: Game, roles: dict[int, str]) -> dict[str, int]:
    totals = dict.fromkeys(TOTAL_KEYS, 0)
    for event in game.events:
        if not isinstance(event, ScoreEvent):
            continue
        role = roles[event.player]
        if event.reason in ("play", "go"):
            totals[f"{role}_play"] += event.points
        elif event.reason in ("pone", "dealer"):
            totals[f"{event.reason}_hand"] += event.points
        elif event.reason == "crib":
            totals["crib"] += event.points
    return totals


def _check_features(deal: WorkedDeal) -> None:
    kinds = [s.kind for s in deal.steps]
    item_kinds = {i.kind for s in deal.steps for i in s.items}
    found = {
        "go": "go" in kinds,
        "thirty-one": "thirty-one" in item_kinds,
        "restart": kinds.count("restart") >= 2,  # after the 31 and after the last card
        "last-card": len(kinds) > 1 and kinds[-2] == "last",  # the hand's last card took one
    }
    missing = [name for name in FEATURES if not found[name]]
    if missing:
        raise DealError(f"this deal shows no {', '.join(missing)}: pick a seed whose play has all of "
                        + ", ".join(FEATURES), "seed")


def _check_totals(entry: CatalogEntry, deal: WorkedDeal) -> None:
    claimed = entry["totals"]
    if not isinstance(claimed, dict) or set(claimed) != set(TOTAL_KEYS):
        raise DealError(f"'totals' needs exactly {', '.join(TOTAL_KEYS)}", "totals")
    wrong = [f"{key} {claimed[key]} (engine: {deal.totals[key]})"
             for key in TOTAL_KEYS if claimed[key] != deal.totals[key]]
    if wrong:
        raise DealError("claimed totals differ from the engine's: " + "; ".join(wrong), "totals")
