"""What a player can do in a game: ``Action``, and reading one from JSON.

``Game.legal_actions()`` lists the actions the rules allow now and ``Game.apply(action)``
performs one. From JSON (a page, a saved game): ``Action.from_json`` reads and checks the shape;
whether the action is legal is the game's to say.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final, Literal, get_args

from .cards import Card, parse_card
from .errors import CribbageError, IllegalAction, json_type
from .muggins import Claim, parse_claim

ActionKind = Literal["cut", "deal", "discard", "starter", "play", "go", "count"]
"""What a player can do: cut for deal, deal, throw two cards, cut the starter, lay a card, say go,
or count a hand or the crib in the show."""

ACTION_KINDS: Final[tuple[ActionKind, ...]] = get_args(ActionKind)
"""Every action kind, in the order a deal needs them."""

SEATS: Final = (0, 1, 2, 3)
"""The seats an action may name."""


@dataclass(frozen=True)
class Action:
    """One thing a player does: its kind, the seat acting and the cards it names.

    ``discard`` names two cards and ``play`` one; the others name none. A player who counts
    by hand adds a ``claim`` to their ``count`` (what they say the hand holds). The claim is not
    part of which action it is: ``Action("count", 0)`` equals the same count with a claim.
    """

    kind: ActionKind
    """What the player does."""
    player: int
    """The seat acting."""
    cards: tuple[Card, ...] = ()
    """The cards thrown (two) or laid (one)."""
    claim: Claim | None = field(default=None, compare=False)
    """For a count by hand: what the player says the hand holds."""

    def to_json(self) -> dict[str, Any]:
        """``{"kind", "player", "cards": [codes]}``, and ``"claim"`` when there is one."""
        data: dict[str, Any] = {"kind": self.kind, "player": self.player, "cards": [c.code for c in self.cards]}
        if self.claim is not None:
            data["claim"] = self.claim.to_json()
        return data

    @classmethod
    def from_json(cls, data: object) -> Action:
        """Read ``{"kind": "play", "player": 0, "cards": ["5H"]}``; anything else raises ``IllegalAction``."""
        if not isinstance(data, dict):
            raise IllegalAction(f"an action is an object with kind, player and cards, not {json_type(data)}")
        kind = _kind(data.get("kind"))
        player = data.get("player")
        if isinstance(player, bool) or not isinstance(player, int) or player not in SEATS:
            raise IllegalAction("an action's player is a seat: 0, 1, 2 or 3")
        codes = data.get("cards", [])
        if not isinstance(codes, list) or len(codes) > 2:
            raise IllegalAction("an action's cards are a list of at most two cards")
        try:
            cards = tuple(parse_card(code) for code in codes)
        except CribbageError as error:
            raise IllegalAction(f"an action's card is not readable: {error}") from None
        try:
            claim = parse_claim(data["claim"]) if data.get("claim") is not None else None
        except CribbageError as error:
            raise IllegalAction(f"a count is not readable: {error}") from None
        return cls(kind, player, cards, claim)


def _kind(value: object) -> ActionKind:
    for known in ACTION_KINDS:
        if value == known and isinstance(value, str):
            return known
    shown = value[:20] if isinstance(value, str) else json_type(value)
    raise IllegalAction(f"unknown action {shown!r} (use {', '.join(ACTION_KINDS)})")
